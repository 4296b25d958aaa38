//! "Move every file in ~/downloads into a folder of its type." Variant 1 names folders after
//! the extension; variant 2 too but a sub-folder `old/` must stay as it is (a recursive listing
//! would sweep it up); variant 3 gives named folders for groups of extensions. The base world's
//! Amazon receipts (`.txt`) are in the folder as well and must be sorted too.

use super::{allow_fs_under, base, dated, files_at, files_step, fs_login};
use crate::eval::EvalCtx;
use crate::kit::files::{end_files, removed_files};
use crate::kit::python::{py, solution};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::NaiveDateTime;
use std::collections::{BTreeMap, BTreeSet};

/// Files of ~/downloads/old/, which variant 2 has (and keeps).
const OLD: [(&str, &str); 2] = [
    ("old/lease_2021.pdf", "Residential lease agreement 2021"),
    ("old/packing_list.txt", "passport\ncharger\nsunscreen"),
];

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The designed files of ~/downloads: (name, content).
    files: Vec<(&'static str, &'static str)>,
    /// Extension -> folder (variant 3; empty: the extension is the folder).
    mapping: Vec<(&'static str, &'static str)>,
    /// The files the setup writes.
    setup_files: Vec<(String, String, NaiveDateTime)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system"];
    const SCRIPT: &str = include_str!("sort_downloads.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let files = files(g.variant);
        let mapping: Vec<(&'static str, &'static str)> = if g.variant == 3 {
            vec![
                ("pdf", "documents"),
                ("txt", "documents"),
                ("jpg", "images"),
                ("png", "images"),
                ("csv", "spreadsheets"),
            ]
        } else {
            Vec::new()
        };
        let instruction = match g.variant {
            1 => "My ~/downloads folder is a mess. Move every file in it into a sub-folder named after the file's extension, e.g. PDFs into ~/downloads/pdf/.".to_string(),
            2 => "Please tidy ~/downloads: each file lying directly in it should go into a sub-folder of ~/downloads named after its extension (pdf/, jpg/, ...). Leave the old/ folder in there exactly as it is.".to_string(),
            _ => "Sort the files in my ~/downloads folder into three sub-folders: ~/downloads/documents/ for .pdf and .txt files, ~/downloads/images/ for .jpg and .png, and ~/downloads/spreadsheets/ for .csv.".to_string(),
        };
        let mut setup_files: Vec<(String, String, NaiveDateTime)> = files
            .iter()
            .enumerate()
            .map(|(i, (n, c))| dated(now, &format!("~/downloads/{n}"), c, 3 + 5 * i as i64))
            .collect();
        if g.variant == 2 {
            setup_files.extend(
                OLD.iter()
                    .map(|(n, c)| dated(now, &format!("~/downloads/{n}"), c, 400)),
            );
        }
        let v = Values {
            supervisor: p,
            variant: g.variant,
            files,
            mapping,
            setup_files,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let map_py = format!(
            "{{{}}}",
            v.mapping
                .iter()
                .map(|(e, f)| format!("{}: {}", py(e), py(f)))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let sort = |recursive: bool, skip_txt: bool, copy: bool, upper: bool| {
            let vals = Vals::new()
                .code("folders", &map_py)
                .code("recursive", if recursive { "True" } else { "False" });
            let mut names = vec!["list"];
            if skip_txt {
                names.push("skip_txt");
            }
            names.push(if upper { "folder_upper" } else { "folder" });
            names.extend([if copy { "copy" } else { "move" }, "finish"]);
            script.cells(&names, &vals).join("\n")
        };
        let ground_truth = vec![fs_login(), sort(false, false, false, false)];
        let mut wrong = vec![
            solution(
                "copies the files instead of moving them",
                vec![fs_login(), sort(false, false, true, false)],
            ),
            solution(
                "sorts only the PDFs, images and CSVs, leaving the .txt receipts",
                vec![fs_login(), sort(false, true, false, false)],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "sorts recursively, emptying the old/ folder too",
                vec![fs_login(), sort(true, false, false, false)],
            ));
        } else {
            wrong.push(solution(
                "names the folders in upper case",
                vec![fs_login(), sort(false, false, false, true)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let folder = |name: &str| folder_of(&v.mapping, name);
        // The designed files grouped by their target folder.
        let mut by_folder: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        for (n, c) in &v.files {
            by_folder
                .entry(folder(n))
                .or_default()
                .push((format!("~/downloads/{}/{n}", folder(n)), c.to_string()));
        }
        let mut checks = Vec::new();
        for (f, want) in &by_folder {
            let names: Vec<&str> = want.iter().map(|(p, _)| base(p)).collect();
            checks.push(files_at(
                format!("{} moved to ~/downloads/{f}/ unchanged", names.join(", ")),
                want.clone(),
            ));
        }
        checks.push(v.check(
            "every file that lay directly in ~/downloads/ (the Amazon receipts too) is now in its type's folder, content unchanged",
            all_sorted,
        ));
        checks.push(
            v.check(
                "no file is left directly in ~/downloads/",
                |_, ctx| match end_files(ctx).keys().find(|p| {
                    p.strip_prefix("~/downloads/")
                        .is_some_and(|rest| !rest.contains('/'))
                }) {
                    Some(p) => Err(format!("{p} is still there")),
                    None => Ok(()),
                },
            ),
        );
        if v.variant == 2 {
            checks.push(files_at(
                "lease_2021.pdf and packing_list.txt stay in ~/downloads/old/".into(),
                OLD.iter()
                    .map(|(n, c)| (format!("~/downloads/{n}"), c.to_string()))
                    .collect(),
            ));
        } else {
            checks.push(v.check(
                format!(
                    "the sub-folders of ~/downloads/ are only {}",
                    folders(v).into_iter().collect::<Vec<_>>().join(", ")
                ),
                |v, ctx| {
                    let allowed = folders(v);
                    for p in end_files(ctx).keys() {
                        if let Some(rest) = p.strip_prefix("~/downloads/")
                            && let Some((dir, _)) = rest.split_once('/')
                            && !allowed.contains(dir)
                        {
                            return Err(format!("a file in ~/downloads/{dir}/"));
                        }
                    }
                    Ok(())
                },
            ));
        }
        checks
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![files_step(&v.supervisor, &v.setup_files)]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_fs_under(&["~/downloads/"])]
    }
}

/// The designed files of ~/downloads: (name, content).
fn files(variant: u8) -> Vec<(&'static str, &'static str)> {
    let mut files = vec![
        (
            "boarding_pass_lisbon.pdf",
            "Boarding pass\nTAP Air Portugal TP 218\nLisbon, seat 14C",
        ),
        (
            "concert_tickets.pdf",
            "E-ticket\nThe Lumineers, Section B row 12\n2 tickets",
        ),
        ("scan_0412.jpg", "JPEG image: scanned passport page"),
        (
            "budget_2023.csv",
            "month,planned,spent\nJanuary,2400,2315\nFebruary,2400,2540",
        ),
        (
            "wifi_setup.txt",
            "Network: HomeNet-5G\nRouter admin page: 192.168.0.1",
        ),
        (
            "hotel_confirmation.pdf",
            "Booking confirmed\nCasa do Rio, 3 nights\nCheck-in June 9",
        ),
        (
            "screenshot_0501.jpg",
            "JPEG image: screenshot of a bank transfer",
        ),
        ("guest_list.csv", "name,rsvp\nAna,yes\nBen,no\nCara,yes"),
        (
            "recipe_lasagna.txt",
            "Lasagna\n- 12 sheets\n- 500 g ricotta\n- 700 g tomato sauce",
        ),
        (
            "parking_permit.pdf",
            "Residential parking permit\nZone 4, valid through 2023-12-31",
        ),
        ("headshot.jpg", "JPEG image: professional headshot"),
    ];
    match variant {
        1 => files.push(("IMG_2231.jpg", "JPEG image: sunset from the balcony")),
        2 => files.push(("w2_form_2022.pdf", "Form W-2 Wage and Tax Statement 2022")),
        _ => {
            files.push((
                "diagram.png",
                "PNG image: network diagram of the home office",
            ));
            files.push(("meal_plan.txt", "Mon: pasta\nTue: tacos\nWed: curry"));
        }
    }
    files
}

/// The folder of the file `name` under `mapping`.
fn folder_of(mapping: &[(&str, &str)], name: &str) -> String {
    let ext = name.rsplit('.').next().unwrap_or("").to_lowercase();
    mapping
        .iter()
        .find(|(e, _)| *e == ext)
        .map(|(_, f)| f.to_string())
        .unwrap_or(ext)
}

/// Is every file that lay directly in ~/downloads/ now in its type's folder, unchanged?
fn all_sorted(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let files = end_files(ctx);
    let moved: Vec<(String, String)> = removed_files(ctx)
        .into_iter()
        .filter(|(p, _)| {
            p.strip_prefix("~/downloads/")
                .is_some_and(|rest| !rest.contains('/'))
        })
        .collect();
    if moved.is_empty() {
        return Err("no file was moved".into());
    }
    for (p, c) in &moved {
        let name = base(p);
        let want = format!("~/downloads/{}/{name}", folder_of(&v.mapping, name));
        if files.get(&want) != Some(c) {
            return Err(format!("{name} is not at {want}"));
        }
    }
    Ok(())
}

/// The sub-folders ~/downloads/ may have at the end (the receipts' `.txt` one too).
fn folders(v: &Values) -> BTreeSet<String> {
    v.files
        .iter()
        .map(|(n, _)| folder_of(&v.mapping, n))
        .chain([folder_of(&v.mapping, "receipt.txt")])
        .collect()
}
