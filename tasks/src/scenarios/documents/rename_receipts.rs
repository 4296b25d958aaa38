//! "Rename every receipt in ~/documents/receipts/ to start with the date written in it."
//! The files' own dates are a day before the task (they were all saved yesterday), so only the
//! content gives the date. Variant 2 has receipts in a sub-folder too (renamed in place);
//! variant 3 uses another pattern and has one receipt already named that way.

use super::{allow_fs_under, base, dated, files_at, files_step, fs_login, receipt};
use crate::eval::EvalCtx;
use crate::kit::files::{end_files, files_added, removed_files};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::NaiveDateTime;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The receipts to rename: (name under ~/documents/receipts/, content, date inside).
    receipts: Vec<(String, String, String)>,
    /// A receipt already named with its date (variant 3 has it): (name, content).
    already: (String, String),
    /// The files the setup writes.
    setup_files: Vec<(String, String, NaiveDateTime)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system"];
    const SCRIPT: &str = include_str!("rename_receipts.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let receipts = receipts(g.variant);
        let already = (
            "20230310-plumber.txt".to_string(),
            receipt(
                "Rapid Rooter",
                "Kitchen sink repair",
                "140.00",
                "2023-03-10",
            ),
        );
        let instruction = match g.variant {
            1 => "Rename every receipt in ~/documents/receipts/ so that its name starts with the date of the payment written in it: YYYY-MM-DD_ followed by the old name (e.g. 2023-01-31_rent.txt).".to_string(),
            2 => "I want my receipts sorted by date. Rename each receipt under ~/documents/receipts/, sub-folders included (keep them in their folder), to <date>_<old name> with the payment date from the receipt as YYYY-MM-DD.".to_string(),
            _ => "Put the payment date in front of every receipt's name in ~/documents/receipts/: YYYYMMDD- then the old name, like 20230131-rent.txt. The date is the one printed in the receipt. Some may already be named that way.".to_string(),
        };
        let mut setup_files: Vec<(String, String, NaiveDateTime)> = receipts
            .iter()
            .map(|(n, c, _)| dated(now, &format!("~/documents/receipts/{n}"), c, 1))
            .collect();
        if g.variant == 3 {
            setup_files.push(dated(
                now,
                &format!("~/documents/receipts/{}", already.0),
                &already.1,
                60,
            ));
        }
        let v = Values {
            supervisor: p,
            variant: g.variant,
            receipts,
            already,
            setup_files,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let vals = Vals::new().code(
            "prefix",
            script.cell(if v.variant == 3 { "compact" } else { "dashed" }, &none),
        );
        let rename = |date_src: &str, recursive: bool, action: &str, skip: bool| {
            let vals = vals
                .clone()
                .code("recursive", if recursive { "True" } else { "False" });
            let mut names = vec!["list", date_src, "name"];
            if skip {
                names.push("skip_dated");
            }
            names.extend([action, "finish"]);
            script.cells(&names, &vals).join("\n")
        };
        let from_content = "from_content";
        let from_stamp = "from_stamp";
        let ground_truth = vec![fs_login(), rename(from_content, true, "move", true)];
        let mut wrong = vec![
            solution(
                "dates the names by when the files were saved, not by the receipt",
                vec![fs_login(), rename(from_stamp, true, "move", true)],
            ),
            solution(
                "copies the receipts under the new names, leaving the old ones",
                vec![fs_login(), rename(from_content, true, "copy", true)],
            ),
        ];
        match v.variant {
            2 => wrong.push(solution(
                "renames only the receipts directly in the folder",
                vec![fs_login(), rename(from_content, false, "move", true)],
            )),
            3 => wrong.push(solution(
                "prefixes the already dated receipt a second time",
                vec![fs_login(), rename(from_content, true, "move", false)],
            )),
            _ => wrong.push(solution(
                "deletes the receipts after reading them",
                vec![fs_login(), rename(from_content, true, "delete", true)],
            )),
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let compact = v.variant == 3;
        let mut checks: Vec<Check> = v
            .receipts
            .iter()
            .map(|(n, c, d)| renamed_check(compact, n, c, d))
            .collect();
        if compact {
            checks.push(files_at(
                format!("{} keeps its name", v.already.0),
                vec![(
                    format!("~/documents/receipts/{}", v.already.0),
                    v.already.1.clone(),
                )],
            ));
        }
        checks.push(v.check(
            "every receipt (the rent receipts too) starts with its own date, once",
            dated_once,
        ));
        checks.push(v.check("no receipt was lost or duplicated", none_lost));
        checks
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![files_step(&v.supervisor, &v.setup_files)]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_fs_under(&["~/documents/receipts/"])]
    }
}

/// The receipts to rename: (name, content, date inside); variant 2 adds a sub-folder's.
fn receipts(variant: u8) -> Vec<(String, String, String)> {
    let mut receipts: Vec<(String, String, String)> = vec![
        (
            "gym_membership.txt".into(),
            receipt(
                "Iron Temple Gym",
                "Monthly membership",
                "45.00",
                "2023-04-03",
            ),
            "2023-04-03".into(),
        ),
        (
            "bike_repair.txt".into(),
            receipt(
                "Spoke & Chain",
                "Brake and gear tune-up",
                "86.50",
                "2023-03-22",
            ),
            "2023-03-22".into(),
        ),
        (
            "dentist_visit.txt".into(),
            receipt("Bright Smile Dental", "Cleaning", "120.00", "2023-05-02"),
            "2023-05-02".into(),
        ),
        (
            "car_wash.txt".into(),
            receipt("Sparkle Car Wash", "Deluxe wash", "24.00", "2023-04-22"),
            "2023-04-22".into(),
        ),
        (
            "haircut.txt".into(),
            receipt("Main Street Barbers", "Haircut", "32.00", "2023-03-30"),
            "2023-03-30".into(),
        ),
        (
            "piano_lesson.txt".into(),
            receipt(
                "Harmony Music School",
                "Two piano lessons",
                "90.00",
                "2023-05-09",
            ),
            "2023-05-09".into(),
        ),
    ];
    if variant == 2 {
        receipts.push((
            "medical/pharmacy.txt".into(),
            receipt(
                "Corner Pharmacy",
                "Prescription refill",
                "18.40",
                "2023-04-17",
            ),
            "2023-04-17".into(),
        ));
        receipts.push((
            "medical/eye_exam.txt".into(),
            receipt(
                "ClearView Optometry",
                "Annual eye exam",
                "95.00",
                "2023-02-09",
            ),
            "2023-02-09".into(),
        ));
    }
    receipts
}

/// The date prefix of a new name: `YYYY-MM-DD_`, or `YYYYMMDD-` in variant 3 (`compact`).
fn prefix(compact: bool, date: &str) -> String {
    if compact {
        format!("{}-", date.replace('-', ""))
    } else {
        format!("{date}_")
    }
}

/// The new name of receipt `name` (a path under the folder) dated `date`.
fn renamed(compact: bool, name: &str, date: &str) -> String {
    match name.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/{}{file}", prefix(compact, date)),
        None => format!("{}{name}", prefix(compact, date)),
    }
}

/// A check that receipt `n` (content `c`, dated `d`) is at its new name and not at its old.
fn renamed_check(compact: bool, n: &str, c: &str, d: &str) -> Check {
    let new = format!("~/documents/receipts/{}", renamed(compact, n, d));
    let old = format!("~/documents/receipts/{n}");
    let want = vec![(new.clone(), c.to_string())];
    let c1 = files_at(String::new(), want);
    Check::new(
        format!("{n} is renamed to {}", renamed(compact, n, d)),
        move |ctx| {
            (c1.run)(ctx)?;
            if end_files(ctx).contains_key(&old) {
                return Err(format!("{old} is still there"));
            }
            Ok(())
        },
    )
}

/// Does every receipt at the end start with its own date, once?
fn dated_once(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let re_date = |c: &str| {
        c.lines()
            .find_map(|l| l.strip_prefix("Date: "))
            .map(|d| d.trim().to_string())
    };
    for (path, content) in end_files(ctx) {
        if !path.starts_with("~/documents/receipts/") {
            continue;
        }
        let Some(date) = re_date(&content) else {
            continue;
        };
        let want = prefix(v.variant == 3, &date);
        let name = base(&path);
        let Some(rest) = name.strip_prefix(&want) else {
            return Err(format!("{path} does not start with {want}"));
        };
        if rest.starts_with(&want) {
            return Err(format!("{path} has the date twice"));
        }
    }
    Ok(())
}

/// As many receipts came as went.
fn none_lost(_: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let before = removed_files(ctx)
        .iter()
        .filter(|(p, _)| p.starts_with("~/documents/receipts/"))
        .count();
    let now = files_added(ctx)
        .iter()
        .filter(|f| {
            f.tilde_path
                .as_deref()
                .is_some_and(|p| p.starts_with("~/documents/receipts/"))
        })
        .count();
    if before == now {
        Ok(())
    } else {
        Err(format!("{before} receipts went, {now} came"))
    }
}
