//! "Archive the folders of my trips that are over into ~/archives/ and delete them; list the
//! archives in my note." Variant 2 has a trip that ended three days ago; variant 3 archives
//! only last year's trips.

use super::{
    ANTWERP, CHICAGO, KYOTO, LISBON, OAXACA, REYKJAVIK, TODAY_PY, TripPlan, allow_fs_under, dated,
    files_at, fs_login, receipt,
};
use crate::eval::EvalCtx;
use crate::kit::files::end_files;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;
use sim::sql::Cached;
use std::collections::BTreeSet;

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
    let mut trips: Vec<&TripPlan> = vec![&KYOTO, &REYKJAVIK, &LISBON, &OAXACA, &ANTWERP];
    if g.variant == 2 {
        trips.push(&CHICAGO);
    }
    let archived: Vec<&TripPlan> = trips
        .iter()
        .filter(|t| match g.variant {
            3 => t.start.starts_with("2022"),
            _ => t.end < "2023-05-18",
        })
        .copied()
        .collect();
    let kept: Vec<&TripPlan> = trips
        .iter()
        .filter(|t| !archived.iter().any(|a| a.city == t.city))
        .copied()
        .collect();
    let note_title = "Archived trips";
    let instruction = match g.variant {
        1 => format!(
            "My trips folder is getting big. For every trip in ~/documents/trips/ that is already over, compress its folder into ~/archives/<folder name>.zip and delete the folder. Then add each archive's path (~/archives/...) as a new line to my note \"{note_title}\"."
        ),
        2 => format!(
            "Archive my finished trips: each folder in ~/documents/trips/ whose trip has ended should become ~/archives/<folder name>.zip, and the folder itself should go. Append the archive paths (like ~/archives/x.zip), one per line, to my \"{note_title}\" note."
        ),
        _ => format!(
            "Please archive my 2022 trips: compress each of their folders in ~/documents/trips/ into ~/archives/<folder name>.zip and remove the folder. Add the paths of the new archives, one per line in the ~/archives/... form, to my note \"{note_title}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "simple_note", "phone"];
    let who = format!("{} {}", p.first_name, p.last_name);
    // Each trip's files: relative path -> content.
    let trip_files = |t: &TripPlan| -> Vec<(String, String)> {
        vec![
            ("itinerary.txt".to_string(), t.itinerary(&who, false)),
            (
                format!("receipts/lodging_{}.pdf", t.folder()),
                receipt(t.stay, "Lodging", "412.00", t.start),
            ),
            (
                format!("photos/{}_1.jpg", t.city.to_lowercase()),
                format!("JPEG image: {} photo 1", t.city),
            ),
        ]
    };
    let mut setup_files = Vec::new();
    for (i, t) in trips.iter().enumerate() {
        for (rel, c) in trip_files(t) {
            setup_files.push(dated(
                now,
                &format!("~/documents/trips/{}/{rel}", t.folder()),
                &c,
                20 + 30 * i as i64,
            ));
        }
    }
    let old_line = "~/archives/rome_2021_05.zip";
    let mine = g.note(note_title, old_line, &["travel"], false, 300);
    let filler = g.filler(&p, 6, &["travel"], &[note_title]);
    parts.notes = Some(crate::scenarios::mix(&mut g.rng, filler, vec![mine]));
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        s.remove_tree(&sup, "/documents/trips/")?;
        s.add_dated_files(&sup, &setup_files)?;
        s.add_file(
            &sup,
            old_line,
            "binary:5f0e2a91c4...",
            now - Duration::days(300),
        )
    }));
    let script = Script::parse(include_str!("archive_trips.py"));
    let none = Vals::new();
    let over = if g.variant == 3 { "from_2022" } else { "ended" };
    let run = |over: &str, dest: &str, delete: bool, note: bool| {
        let vals = Vals::new()
            .code("today", TODAY_PY)
            .code("over", script.cell(over, &none))
            .code("dest", script.cell(dest, &none))
            .lit("title", note_title);
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
    parts.ground_truth = vec![fs_login(), run(over, dest, true, true)];
    parts.wrong = vec![
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
    if g.variant == 2 {
        parts.wrong.push(solution(
            "treats a trip as over only when it started last year or before",
            vec![fs_login(), run("before_may", dest, true, true)],
        ));
    }
    for t in &archived {
        let folder = t.folder();
        let tilde = format!("~/archives/{folder}.zip");
        let want: Vec<(String, String)> = trip_files(t)
            .into_iter()
            .map(|(rel, c)| (format!("/{folder}/{rel}"), c))
            .collect();
        parts.checks.push(Check::new(
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
        ));
    }
    let gone_dirs: Vec<String> = archived
        .iter()
        .map(|t| format!("~/documents/trips/{}/", t.folder()))
        .collect();
    let gd = gone_dirs.clone();
    parts.checks.push(Check::new(
        format!("{} are gone", gone_dirs.join(", ")),
        move |ctx| {
            let uid = ctx.user_id("file_system").unwrap_or(0);
            for d in &gd {
                let n: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT (SELECT count(*) FROM file_system.files WHERE user_id = ?1 AND substr(tilde_path, 1, length(?2)) = ?2) + \
                         (SELECT count(*) FROM file_system.directories WHERE user_id = ?1 AND substr(tilde_path, 1, length(?2)) = ?2)",
                        rusqlite::params![uid, d],
                        |r| r.get(0),
                    )
                    .unwrap_or(0);
                if n > 0 {
                    return Err(format!("{d} still has {n} entries"));
                }
            }
            Ok(())
        },
    ));
    let mut kept_files = Vec::new();
    for t in &kept {
        for (rel, c) in trip_files(t) {
            kept_files.push((format!("~/documents/trips/{}/{rel}", t.folder()), c));
        }
    }
    let kept_names: Vec<String> = kept.iter().map(|t| t.folder()).collect();
    parts.checks.push(files_at(
        format!("{} stay as they are", kept_names.join(", ")),
        kept_files,
    ));
    let want_archives: BTreeSet<String> = archived
        .iter()
        .map(|t| format!("~/archives/{}.zip", t.folder()))
        .chain([old_line.to_string()])
        .collect();
    let wa = want_archives.clone();
    parts.checks.push(Check::new(
        format!(
            "~/archives/ holds only {}",
            want_archives.iter().cloned().collect::<Vec<_>>().join(", ")
        ),
        move |ctx| {
            let got: BTreeSet<String> = end_files(ctx)
                .into_keys()
                .filter(|p| p.starts_with("~/archives/"))
                .collect();
            if got == wa {
                Ok(())
            } else {
                Err(format!("it holds {got:?}"))
            }
        },
    ));
    let want_lines: Vec<String> = want_archives.iter().cloned().collect();
    parts.checks.push(Check::new(
        format!("the note \"{note_title}\" lists {}", want_lines.join(", ")),
        move |ctx| {
            let notes = crate::kit::notes::end_notes(ctx);
            let Some((_, content, _, _)) = notes.iter().find(|n| n.0 == note_title) else {
                return Err("the note is gone".into());
            };
            let got: BTreeSet<String> = crate::kit::notes::lines(content)
                .iter()
                .map(|l| l.trim_start_matches(['-', '*', ' ']).to_string())
                .collect();
            let want: BTreeSet<String> = want_lines.iter().cloned().collect();
            if got == want {
                Ok(())
            } else {
                Err(format!("it lists {got:?}"))
            }
        },
    ));
    parts.allowed = vec![
        allow_fs_under(&["~/documents/trips/", "~/archives/"]),
        crate::kit::notes::allow_updates(vec![note_title.to_string()], &["content"]),
    ];
    parts
}

/// The entries of the supervisor's archive at `tilde` (path, content), if there is one.
fn archive_entries(ctx: &EvalCtx, tilde: &str) -> Option<Vec<(String, String)>> {
    let uid = ctx.user_id("file_system")?;
    let data: String = ctx
        .db
        .query_row_cached(
            "SELECT compressed_data FROM file_system.files WHERE user_id = ?1 AND tilde_path = ?2",
            rusqlite::params![uid, tilde],
            |r| r.get(0),
        )
        .ok()?;
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
