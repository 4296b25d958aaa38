//! "Archive the folders of my trips that are over into ~/archives/ and delete them; list the
//! archives in my note." Variant 2 has a trip that ended three days ago; variant 3 archives
//! only last year's trips.

use super::{
    ANTWERP, CHICAGO, KYOTO, LISBON, OAXACA, REYKJAVIK, TODAY_PY, TripPlan, allow_fs_under, dated,
    files_at, fs_login, receipt,
};
use crate::eval::EvalCtx;
use crate::kit::files::{compressed_data, end_files, entries_under};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};
use std::collections::BTreeSet;

/// The note that lists the archives.
const NOTE_TITLE: &str = "Archived trips";
/// The archive already there (and in the note).
const OLD_LINE: &str = "~/archives/rome_2021_05.zip";

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    /// The supervisor's full name, as the itineraries write it.
    who: String,
    /// The trips to archive and those to keep.
    archived: Vec<&'static TripPlan>,
    kept: Vec<&'static TripPlan>,
    /// The files the setup writes.
    setup_files: Vec<(String, String, NaiveDateTime)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "simple_note", "phone"];
    const SCRIPT: &str = include_str!("archive_trips.py");

    /// Draws the variant's values (with its instruction) and the supervisor's notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let mut trips: Vec<&'static TripPlan> =
            vec![&KYOTO, &REYKJAVIK, &LISBON, &OAXACA, &ANTWERP];
        if g.variant == 2 {
            trips.push(&CHICAGO);
        }
        let archived: Vec<&'static TripPlan> = trips
            .iter()
            .filter(|t| match g.variant {
                3 => t.start.starts_with("2022"),
                _ => t.end < "2023-05-18",
            })
            .copied()
            .collect();
        let kept: Vec<&'static TripPlan> = trips
            .iter()
            .filter(|t| !archived.iter().any(|a| a.city == t.city))
            .copied()
            .collect();
        let instruction = match g.variant {
            1 => format!(
                "My trips folder is getting big. For every trip in ~/documents/trips/ that is already over, compress its folder into ~/archives/<folder name>.zip and delete the folder. Then add each archive's path (~/archives/...) as a new line to my note \"{NOTE_TITLE}\"."
            ),
            2 => format!(
                "Archive my finished trips: each folder in ~/documents/trips/ whose trip has ended should become ~/archives/<folder name>.zip, and the folder itself should go. Append the archive paths (like ~/archives/x.zip), one per line, to my \"{NOTE_TITLE}\" note."
            ),
            _ => format!(
                "Please archive my 2022 trips: compress each of their folders in ~/documents/trips/ into ~/archives/<folder name>.zip and remove the folder. Add the paths of the new archives, one per line in the ~/archives/... form, to my note \"{NOTE_TITLE}\"."
            ),
        };
        let who = format!("{} {}", p.first_name, p.last_name);
        let mut setup_files = Vec::new();
        for (i, t) in trips.iter().enumerate() {
            for (rel, c) in trip_files(&who, t) {
                setup_files.push(dated(
                    now,
                    &format!("~/documents/trips/{}/{rel}", t.folder()),
                    &c,
                    20 + 30 * i as i64,
                ));
            }
        }
        let mine = g.note(NOTE_TITLE, OLD_LINE, &["travel"], false, 300);
        let filler = g.filler(&p, 6, &["travel"], &[NOTE_TITLE]);
        let notes = crate::scenarios::mix(&mut g.rng, filler, vec![mine]);
        let v = Values {
            supervisor: p,
            variant: g.variant,
            now,
            who,
            archived,
            kept,
            setup_files,
        };
        Drawing::from((v, notes)).instruction(instruction)
    }

    /// The trips' folders (replacing the base world's) and the older archive.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.remove_tree(&v.supervisor, "/documents/trips/")?;
            s.add_dated_files(&v.supervisor, &v.setup_files)?;
            s.add_file(
                &v.supervisor,
                OLD_LINE,
                "binary:5f0e2a91c4...",
                v.now - Duration::days(300),
            )
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let over = if v.variant == 3 { "from_2022" } else { "ended" };
        let run = |over: &str, dest: &str, delete: bool, note: bool| {
            let vals = Vals::new()
                .code("today", TODAY_PY)
                .code("over", script.cell(over, &none))
                .code("dest", script.cell(dest, &none))
                .lit("title", NOTE_TITLE);
            let mut names = vec!["archive"];
            if delete {
                names.push("delete");
            }
            names.push("record");
            if note {
                names.push("note");
            }
            names.push("finish");
            script.cells(&names, &vals).join("\n")
        };
        let dest = "to_archives";
        let ground_truth = vec![fs_login(), run(over, dest, true, true)];
        let mut wrong = vec![
            solution(
                "archives every trip, the coming one too",
                vec![fs_login(), run("always", dest, true, true)],
            ),
            solution(
                "compresses the folders but keeps them",
                vec![fs_login(), run(over, dest, false, true)],
            ),
            solution(
                "does not update the note",
                vec![fs_login(), run(over, dest, true, false)],
            ),
            solution(
                "leaves the archives next to the folders",
                vec![fs_login(), run(over, "beside_folder", true, true)],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "treats a trip as over only when it started last year or before",
                vec![fs_login(), run("before_may", dest, true, true)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .archived
            .iter()
            .map(|t| archive_holds(&v.who, t))
            .collect();
        checks.push(v.check(
            format!("{} are gone", gone_dirs(v).join(", ")),
            folders_gone,
        ));
        let mut kept_files = Vec::new();
        for t in &v.kept {
            for (rel, c) in trip_files(&v.who, t) {
                kept_files.push((format!("~/documents/trips/{}/{rel}", t.folder()), c));
            }
        }
        let kept_names: Vec<String> = v.kept.iter().map(|t| t.folder()).collect();
        checks.push(files_at(
            format!("{} stay as they are", kept_names.join(", ")),
            kept_files,
        ));
        let want_lines: Vec<String> = want_archives(v).into_iter().collect();
        checks.push(v.check(
            format!("~/archives/ holds only {}", want_lines.join(", ")),
            |v, ctx| {
                let got: BTreeSet<String> = end_files(ctx)
                    .into_keys()
                    .filter(|p| p.starts_with("~/archives/"))
                    .collect();
                if got == want_archives(v) {
                    Ok(())
                } else {
                    Err(format!("it holds {got:?}"))
                }
            },
        ));
        checks.push(v.check(
            format!("the note \"{NOTE_TITLE}\" lists {}", want_lines.join(", ")),
            note_lists,
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_fs_under(&["~/documents/trips/", "~/archives/"]),
            crate::kit::notes::allow_updates(vec![NOTE_TITLE.to_string()], &["content"]),
        ]
    }
}

/// A trip's files: relative path -> content.
fn trip_files(who: &str, t: &TripPlan) -> Vec<(String, String)> {
    vec![
        ("itinerary.txt".to_string(), t.itinerary(who, false)),
        (
            format!("receipts/lodging_{}.pdf", t.folder()),
            receipt(t.stay, "Lodging", "412.00", t.start),
        ),
        (
            format!("photos/{}_1.jpg", t.city.to_lowercase()),
            format!("JPEG image: {} photo 1", t.city),
        ),
    ]
}

/// A check that the archive of trip `t` holds its files.
fn archive_holds(who: &str, t: &TripPlan) -> Check {
    let folder = t.folder();
    let tilde = format!("~/archives/{folder}.zip");
    let want: Vec<(String, String)> = trip_files(who, t)
        .into_iter()
        .map(|(rel, c)| (format!("/{folder}/{rel}"), c))
        .collect();
    Check::new(
        format!("{tilde} holds the {} files of {folder}", want.len()),
        move |ctx| {
            let Some(entries) = archive_entries(ctx, &tilde) else {
                return Err(format!("no archive at {tilde}"));
            };
            for (path, content) in &want {
                if !entries
                    .iter()
                    .any(|(p, c)| p.ends_with(path.as_str()) && c == content)
                {
                    return Err(format!("{path} is not in it"));
                }
            }
            Ok(())
        },
    )
}

/// The folders that must be gone.
fn gone_dirs(v: &Values) -> Vec<String> {
    v.archived
        .iter()
        .map(|t| format!("~/documents/trips/{}/", t.folder()))
        .collect()
}

/// The archives ~/archives/ must hold at the end (the note lists the same).
fn want_archives(v: &Values) -> BTreeSet<String> {
    v.archived
        .iter()
        .map(|t| format!("~/archives/{}.zip", t.folder()))
        .chain([OLD_LINE.to_string()])
        .collect()
}

/// Are the archived folders gone, files and directories?
fn folders_gone(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    for d in &gone_dirs(v) {
        let n = entries_under(ctx, d);
        if n > 0 {
            return Err(format!("{d} still has {n} entries"));
        }
    }
    Ok(())
}

/// Does the note list exactly the archives?
fn note_lists(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let notes = crate::kit::notes::end_notes(ctx);
    let Some((_, content, _, _)) = notes.iter().find(|n| n.0 == NOTE_TITLE) else {
        return Err("the note is gone".into());
    };
    let got: BTreeSet<String> = crate::kit::notes::lines(content)
        .iter()
        .map(|l| l.trim_start_matches(['-', '*', ' ']).to_string())
        .collect();
    let want = want_archives(v);
    if got == want {
        Ok(())
    } else {
        Err(format!("it lists {got:?}"))
    }
}

/// The entries of the supervisor's archive at `tilde` (path, content), if there is one.
fn archive_entries(ctx: &EvalCtx, tilde: &str) -> Option<Vec<(String, String)>> {
    let data = compressed_data(ctx, tilde)?;
    let v: serde_json::Value = serde_json::from_str(&data).ok()?;
    Some(
        v.as_array()?
            .iter()
            .map(|e| {
                (
                    e["path"].as_str().unwrap_or("").to_string(),
                    e["content"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect(),
    )
}
