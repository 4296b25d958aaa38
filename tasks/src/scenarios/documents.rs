//! Scenarios of the "(documents)" set: file_system-centred chores that cross into other apps.
//! The agent tidies folders (sorting downloads by type, renaming receipts date-first from the
//! date inside them, removing duplicate files and noting what went), answers a friend's text by
//! copying the files they asked for and texting the paths back, and turns files into rows of
//! other apps. Hurdles: files in sub-folders that must (or must not) be touched, dates that live
//! in the content rather than in the file's timestamps, near-duplicates, older trips of the same
//! city, a friend under a nickname and distractor texts.

use super::{Gen, Parts, Scenario, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::files::end_files;
use crate::kit::notes::is_own_note;
use crate::kit::people::related;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, py, solution};
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};
use sim::sql::Cached;
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "sort downloads into folders by file type (documents)",
            split: Split::Train,
            difficulty: 2,
            build: sort_downloads,
        },
        Scenario {
            name: "rename receipts date-first (documents)",
            split: Split::Train,
            difficulty: 2,
            build: rename_receipts,
        },
        Scenario {
            name: "delete duplicate downloads and note them (documents)",
            split: Split::TestNormal,
            difficulty: 3,
            build: dedupe_downloads,
        },
        Scenario {
            name: "copy the files a friend texted about (documents)",
            split: Split::Dev,
            difficulty: 2,
            build: texted_files,
        },
        Scenario {
            name: "a note per upcoming trip from its itinerary (documents)",
            split: Split::Train,
            difficulty: 2,
            build: trip_notes,
        },
        Scenario {
            name: "archive the folders of past trips (documents)",
            split: Split::Dev,
            difficulty: 3,
            build: archive_trips,
        },
        Scenario {
            name: "a Todoist task per file to review (documents)",
            split: Split::Train,
            difficulty: 2,
            build: review_tasks,
        },
        Scenario {
            name: "a CSV of a month's Venmo payments (documents)",
            split: Split::TestNormal,
            difficulty: 2,
            build: venmo_csv,
        },
        Scenario {
            name: "a Spotify playlist from a song list file (documents)",
            split: Split::Train,
            difficulty: 2,
            build: playlist_from_file,
        },
    ]
}

// ---- shared helpers --------------------------------------------------------------------

/// Logins and `all_pages`, with `fs` the file_system token.
fn fs_login() -> String {
    format!("{LOGIN_ANY}\n{ALL_PAGES}\nfs = login(\"file_system\")")
}

/// Is this a row of the supervisor's files or directories under one of `prefixes`?
fn own_fs_row_under(ctx: &EvalCtx, r: &RowChange, prefixes: &[String]) -> bool {
    (r.is("file_system", "files") || r.is("file_system", "directories"))
        && r.get("user_id").as_i64() == ctx.user_id("file_system")
        && r.get("tilde_path")
            .as_str()
            .is_some_and(|p| prefixes.iter().any(|x| p.starts_with(x.as_str())))
}

/// Allows any change of the supervisor's files and directories under `prefixes` (the checks
/// say what must be there at the end).
fn allow_fs_under(prefixes: &[&str]) -> Allow {
    let prefixes: Vec<String> = prefixes.iter().map(|p| p.to_string()).collect();
    Allow::new(
        format!(
            "changes of the supervisor's files under {}",
            prefixes.join(", ")
        ),
        move |ctx, r| own_fs_row_under(ctx, r, &prefixes),
    )
}

/// The supervisor's files that the episode removed: (tilde path, content).
fn removed_files(ctx: &EvalCtx) -> Vec<(String, String)> {
    let me = ctx.user_id("file_system");
    ctx.diff
        .rows
        .iter()
        .filter(|r| {
            r.is("file_system", "files")
                && r.kind() == ChangeKind::Removed
                && r.get("user_id").as_i64() == me
        })
        .map(|r| {
            (
                r.get("tilde_path").as_str().unwrap_or("").to_string(),
                r.get("content").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Checks that each `(path, content)` is among the files at the end.
fn files_at(name: String, want: Vec<(String, String)>) -> Check {
    Check::new(name, move |ctx| {
        let files = end_files(ctx);
        for (path, content) in &want {
            match files.get(path) {
                None => return Err(format!("no file at {path}")),
                Some(c) if c != content => return Err(format!("{path} has other content")),
                Some(_) => {}
            }
        }
        Ok(())
    })
}

/// Checks that none of `paths` is among the files at the end.
fn files_gone(name: String, paths: Vec<String>) -> Check {
    Check::new(name, move |ctx| {
        let files = end_files(ctx);
        match paths.iter().find(|p| files.contains_key(*p)) {
            Some(p) => Err(format!("{p} is still there")),
            None => Ok(()),
        }
    })
}

/// The last part of a path.
fn base(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path)
}

/// A file of `path` and `content` dated `days_ago` days before `now`.
fn dated(
    now: NaiveDateTime,
    path: &str,
    content: &str,
    days_ago: i64,
) -> (String, String, NaiveDateTime) {
    (
        path.to_string(),
        content.to_string(),
        now - Duration::days(days_ago) - Duration::minutes(41 * days_ago % 500),
    )
}

/// A receipt's text.
fn receipt(to: &str, what: &str, amount: &str, date: &str) -> String {
    format!("Receipt\nPaid to: {to}\nFor: {what}\nAmount: ${amount}\nDate: {date}\nMethod: Card")
}

/// The supervisor's notes added during the episode: (title, content).
fn added_notes(ctx: &EvalCtx) -> Vec<(String, String)> {
    added(ctx, "simple_note", "notes")
        .into_iter()
        .filter(|r| is_own_note(ctx, r))
        .map(|r| {
            (
                r.get("title").as_str().unwrap_or("").to_string(),
                r.get("content").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Allows the supervisor's new notes.
fn allow_new_notes() -> Allow {
    allow_added(
        "the supervisor's new notes",
        "simple_note",
        "notes",
        is_own_note,
    )
}

// ---- sort downloads --------------------------------------------------------------------

/// "Move every file in ~/downloads into a folder of its type." Variant 1 names folders after
/// the extension; variant 2 too but a sub-folder `old/` must stay as it is (a recursive listing
/// would sweep it up); variant 3 gives named folders for groups of extensions. The base world's
/// Amazon receipts (`.txt`) are in the folder as well and must be sorted too.
fn sort_downloads(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
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
    match g.variant {
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
    let old = [
        ("old/lease_2021.pdf", "Residential lease agreement 2021"),
        ("old/packing_list.txt", "passport\ncharger\nsunscreen"),
    ];
    let mapping: Vec<(&str, &str)> = if g.variant == 3 {
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
    let folder = |name: &str| -> String {
        let ext = name.rsplit('.').next().unwrap_or("").to_lowercase();
        mapping
            .iter()
            .find(|(e, _)| *e == ext)
            .map(|(_, f)| f.to_string())
            .unwrap_or(ext)
    };
    let instruction = match g.variant {
        1 => "My ~/downloads folder is a mess. Move every file in it into a sub-folder named after the file's extension, e.g. PDFs into ~/downloads/pdf/.".to_string(),
        2 => "Please tidy ~/downloads: each file lying directly in it should go into a sub-folder of ~/downloads named after its extension (pdf/, jpg/, ...). Leave the old/ folder in there exactly as it is.".to_string(),
        _ => "Sort the files in my ~/downloads folder into three sub-folders: ~/downloads/documents/ for .pdf and .txt files, ~/downloads/images/ for .jpg and .png, and ~/downloads/spreadsheets/ for .csv.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system"];
    let mut setup_files: Vec<(String, String, NaiveDateTime)> = files
        .iter()
        .enumerate()
        .map(|(i, (n, c))| dated(now, &format!("~/downloads/{n}"), c, 3 + 5 * i as i64))
        .collect();
    if g.variant == 2 {
        setup_files.extend(
            old.iter()
                .map(|(n, c)| dated(now, &format!("~/downloads/{n}"), c, 400)),
        );
    }
    let sup = p.clone();
    parts
        .setup
        .push(step(move |s| s.add_dated_files(&sup, &setup_files)));
    let map_py = format!(
        "{{{}}}",
        mapping
            .iter()
            .map(|(e, f)| format!("{}: {}", py(e), py(f)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let sort = |recursive: bool, only: Option<&str>, copy: bool, upper: bool| {
        let filter = only
            .map(|o| format!("\n    if not name.endswith({}):\n        continue", py(o)))
            .unwrap_or_default();
        format!(
            "folders = {map_py}\npaths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/downloads/\", entry_type=\"files\", recursive={})\nfor p in paths:\n    name = p.rsplit(\"/\", 1)[1]{filter}\n    ext = name.rsplit(\".\", 1)[1].lower()\n    dest = folders.get(ext, ext){}\n    apis.file_system.{}(access_token=fs, source_file_path=p, destination_file_path=\"~/downloads/\" + dest + \"/\" + name)\napis.supervisor.complete_task()",
            if recursive { "True" } else { "False" },
            if upper { ".upper()" } else { "" },
            if copy { "copy_file" } else { "move_file" },
        )
    };
    parts.ground_truth = vec![fs_login(), sort(false, None, false, false)];
    parts.wrong = vec![
        solution(
            "copies the files instead of moving them",
            vec![fs_login(), sort(false, None, true, false)],
        ),
        solution(
            "sorts only the PDFs, images and CSVs, leaving the .txt receipts",
            vec![
                fs_login(),
                sort(false, None, false, false).replace(
                    "    ext = name",
                    "    if name.endswith(\".txt\"):\n        continue\n    ext = name",
                ),
            ],
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "sorts recursively, emptying the old/ folder too",
            vec![fs_login(), sort(true, None, false, false)],
        ));
    } else {
        parts.wrong.push(solution(
            "names the folders in upper case",
            vec![fs_login(), sort(false, None, false, true)],
        ));
    }
    // Checks: the designed files grouped by their target folder.
    let mut by_folder: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for (n, c) in &files {
        by_folder
            .entry(folder(n))
            .or_default()
            .push((format!("~/downloads/{}/{n}", folder(n)), c.to_string()));
    }
    for (f, want) in &by_folder {
        let names: Vec<&str> = want.iter().map(|(p, _)| base(p)).collect();
        parts.checks.push(files_at(
            format!("{} moved to ~/downloads/{f}/ unchanged", names.join(", ")),
            want.clone(),
        ));
    }
    let map2 = mapping.clone();
    let folder_of = move |name: &str| -> String {
        let ext = name.rsplit('.').next().unwrap_or("").to_lowercase();
        map2.iter()
            .find(|(e, _)| *e == ext)
            .map(|(_, f)| f.to_string())
            .unwrap_or(ext)
    };
    parts.checks.push(Check::new(
        "every file that lay directly in ~/downloads/ (the Amazon receipts too) is now in its type's folder, content unchanged",
        move |ctx| {
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
                let want = format!("~/downloads/{}/{name}", folder_of(name));
                if files.get(&want) != Some(c) {
                    return Err(format!("{name} is not at {want}"));
                }
            }
            Ok(())
        },
    ));
    parts.checks.push(Check::new(
        "no file is left directly in ~/downloads/",
        |ctx| match end_files(ctx).keys().find(|p| {
            p.strip_prefix("~/downloads/")
                .is_some_and(|rest| !rest.contains('/'))
        }) {
            Some(p) => Err(format!("{p} is still there")),
            None => Ok(()),
        },
    ));
    if g.variant == 2 {
        parts.checks.push(files_at(
            "lease_2021.pdf and packing_list.txt stay in ~/downloads/old/".into(),
            old.iter()
                .map(|(n, c)| (format!("~/downloads/{n}"), c.to_string()))
                .collect(),
        ));
    } else {
        let allowed: BTreeSet<String> = files
            .iter()
            .map(|(n, _)| folder(n))
            .chain([folder("receipt.txt")])
            .collect();
        parts.checks.push(Check::new(
            format!(
                "the sub-folders of ~/downloads/ are only {}",
                allowed.iter().cloned().collect::<Vec<_>>().join(", ")
            ),
            move |ctx| {
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
    parts.allowed = vec![allow_fs_under(&["~/downloads/"])];
    parts
}

// ---- rename receipts -------------------------------------------------------------------

/// "Rename every receipt in ~/documents/receipts/ to start with the date written in it."
/// The files' own dates are a day before the task (they were all saved yesterday), so only the
/// content gives the date. Variant 2 has receipts in a sub-folder too (renamed in place);
/// variant 3 uses another pattern and has one receipt already named that way.
fn rename_receipts(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
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
    if g.variant == 2 {
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
    let already = (
        "20230310-plumber.txt".to_string(),
        receipt(
            "Rapid Rooter",
            "Kitchen sink repair",
            "140.00",
            "2023-03-10",
        ),
    );
    let v3 = g.variant == 3;
    let prefix = move |date: &str| -> String {
        if v3 {
            format!("{}-", date.replace('-', ""))
        } else {
            format!("{date}_")
        }
    };
    let renamed = |name: &str, date: &str| -> String {
        match name.rsplit_once('/') {
            Some((dir, file)) => format!("{dir}/{}{file}", prefix(date)),
            None => format!("{}{name}", prefix(date)),
        }
    };
    let instruction = match g.variant {
        1 => "Rename every receipt in ~/documents/receipts/ so that its name starts with the date of the payment written in it: YYYY-MM-DD_ followed by the old name (e.g. 2023-01-31_rent.txt).".to_string(),
        2 => "I want my receipts sorted by date. Rename each receipt under ~/documents/receipts/, sub-folders included (keep them in their folder), to <date>_<old name> with the payment date from the receipt as YYYY-MM-DD.".to_string(),
        _ => "Put the payment date in front of every receipt's name in ~/documents/receipts/: YYYYMMDD- then the old name, like 20230131-rent.txt. The date is the one printed in the receipt. Some may already be named that way.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system"];
    let mut setup_files: Vec<(String, String, NaiveDateTime)> = receipts
        .iter()
        .map(|(n, c, _)| dated(now, &format!("~/documents/receipts/{n}"), c, 1))
        .collect();
    if v3 {
        setup_files.push(dated(
            now,
            &format!("~/documents/receipts/{}", already.0),
            &already.1,
            60,
        ));
    }
    let sup = p.clone();
    parts
        .setup
        .push(step(move |s| s.add_dated_files(&sup, &setup_files)));
    let pre_py = if v3 {
        "y + mo + d + \"-\""
    } else {
        "y + \"-\" + mo + \"-\" + d + \"_\""
    };
    let rename = |date_src: &str, recursive: bool, verb: &str, skip: bool| {
        let skip_py = if skip {
            "\n    if name.startswith(prefix):\n        continue"
        } else {
            ""
        };
        format!(
            "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/receipts/\", entry_type=\"files\", recursive={})\nfor p in paths:\n    f = apis.file_system.show_file(access_token=fs, file_path=p)\n    {date_src}\n    prefix = {pre_py}\n    folder, name = p.rsplit(\"/\", 1){skip_py}\n    apis.file_system.{verb}(access_token=fs, source_file_path=p, destination_file_path=folder + \"/\" + prefix + name)\napis.supervisor.complete_task()",
            if recursive { "True" } else { "False" },
        )
    };
    let from_content =
        "y, mo, d = re.search(r\"Date: (\\d{4})-(\\d{2})-(\\d{2})\", f[\"content\"]).groups()";
    let from_stamp = "y, mo, d = f[\"created_at\"][:10].split(\"-\")";
    parts.ground_truth = vec![fs_login(), rename(from_content, true, "move_file", true)];
    parts.wrong = vec![
        solution(
            "dates the names by when the files were saved, not by the receipt",
            vec![fs_login(), rename(from_stamp, true, "move_file", true)],
        ),
        solution(
            "copies the receipts under the new names, leaving the old ones",
            vec![fs_login(), rename(from_content, true, "copy_file", true)],
        ),
    ];
    match g.variant {
        2 => parts.wrong.push(solution(
            "renames only the receipts directly in the folder",
            vec![fs_login(), rename(from_content, false, "move_file", true)],
        )),
        3 => parts.wrong.push(solution(
            "prefixes the already dated receipt a second time",
            vec![fs_login(), rename(from_content, true, "move_file", false)],
        )),
        _ => parts.wrong.push(solution(
            "deletes the receipts after reading them",
            vec![
                fs_login(),
                rename(from_content, true, "move_file", true).replace(
                    "apis.file_system.move_file(access_token=fs, source_file_path=p, destination_file_path=folder + \"/\" + prefix + name)",
                    "apis.file_system.delete_file(access_token=fs, file_path=p)",
                ),
            ],
        )),
    }
    for (n, c, d) in &receipts {
        let new = format!("~/documents/receipts/{}", renamed(n, d));
        let old = format!("~/documents/receipts/{n}");
        let want = vec![(new.clone(), c.clone())];
        let c1 = files_at(String::new(), want);
        parts.checks.push(Check::new(
            format!("{n} is renamed to {}", renamed(n, d)),
            move |ctx| {
                (c1.run)(ctx)?;
                if end_files(ctx).contains_key(&old) {
                    return Err(format!("{old} is still there"));
                }
                Ok(())
            },
        ));
    }
    if v3 {
        parts.checks.push(files_at(
            format!("{} keeps its name", already.0),
            vec![(
                format!("~/documents/receipts/{}", already.0),
                already.1.clone(),
            )],
        ));
    }
    let pre2 = prefix;
    parts.checks.push(Check::new(
        "every receipt (the rent receipts too) starts with its own date, once",
        move |ctx| {
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
                let want = pre2(&date);
                let name = base(&path);
                let Some(rest) = name.strip_prefix(&want) else {
                    return Err(format!("{path} does not start with {want}"));
                };
                if rest.starts_with(&want) {
                    return Err(format!("{path} has the date twice"));
                }
            }
            Ok(())
        },
    ));
    parts
        .checks
        .push(Check::new("no receipt was lost or duplicated", |ctx| {
            let before = removed_files(ctx)
                .iter()
                .filter(|(p, _)| p.starts_with("~/documents/receipts/"))
                .count();
            let me = ctx.user_id("file_system");
            let now = added(ctx, "file_system", "files")
                .iter()
                .filter(|r| {
                    r.get("user_id").as_i64() == me
                        && r.get("tilde_path")
                            .as_str()
                            .is_some_and(|p| p.starts_with("~/documents/receipts/"))
                })
                .count();
            if before == now {
                Ok(())
            } else {
                Err(format!("{before} receipts went, {now} came"))
            }
        }));
    parts.allowed = vec![allow_fs_under(&["~/documents/receipts/"])];
    parts
}

// ---- duplicates ------------------------------------------------------------------------

/// "Delete the duplicate files in ~/downloads (same content, other names), keeping the oldest
/// of each, and note the names deleted." Names mislead: the oldest copy is sometimes the one
/// called "copy"; a near-duplicate (one figure differs) must stay. Variant 3 keeps the newest.
fn dedupe_downloads(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
    let lease = "Residential Lease Agreement\nTenant: {name}\nMonthly rent: $1,850.00\nTerm: 12 months from June 1, 2023".replace("{name}", &format!("{} {}", p.first_name, p.last_name));
    let near = lease.replace("1,850.00", "1,875.00");
    let tickets = "E-ticket\nThe Lumineers - Section B row 12\nOrder 88213, 2 tickets";
    let photo = "JPEG image: sunset from the balcony";
    let insurance = "Auto insurance card\nPolicy 55-2210-87\nValid through 2024-01-31";
    // (name, content, days ago)
    let mut files: Vec<(&str, String, i64)> = vec![
        ("lease_agreement.pdf", lease.clone(), 62),
        ("lease_agreement (1).pdf", lease.clone(), 31),
        ("lease_final.pdf", lease.clone(), 4),
        ("lease_agreement_v2.pdf", near.clone(), 20),
        ("tickets_copy.pdf", tickets.to_string(), 45),
        ("concert_tickets.pdf", tickets.to_string(), 12),
    ];
    match g.variant {
        1 => files.push(("insurance_card.pdf", insurance.to_string(), 90)),
        _ => {
            files.push(("IMG_2231 copy.jpg", photo.to_string(), 25));
            files.push(("IMG_2231.jpg", photo.to_string(), 8));
            files.push(("balcony_sunset.jpg", photo.to_string(), 2));
        }
    }
    let keep_newest = g.variant == 3;
    let title = if g.variant == 2 {
        "Removed duplicates"
    } else {
        "Deleted duplicates"
    };
    let instruction = match g.variant {
        1 => format!(
            "My ~/downloads folder has duplicate files: the same content saved under different names. Delete the extra copies, keeping only the oldest file of each, then write a note titled \"{title}\" listing the names of the files you deleted, one per line."
        ),
        2 => format!(
            "Clean up the duplicates in ~/downloads (files whose content is identical, whatever their names): keep the earliest-created one of each set and delete the rest. Then make a note \"{title}\" with the deleted file names, one per line."
        ),
        _ => format!(
            "Some files in ~/downloads are exact duplicates of each other under other names. For each set keep only the most recently created file and delete the others, and put the names of the deleted files in a new note called \"{title}\", one name per line."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "simple_note"];
    let setup_files: Vec<(String, String, NaiveDateTime)> = files
        .iter()
        .map(|(n, c, d)| dated(now, &format!("~/downloads/{n}"), c, *d))
        .collect();
    let sup = p.clone();
    parts
        .setup
        .push(step(move |s| s.add_dated_files(&sup, &setup_files)));
    // Which go: all but the oldest (newest) of each content group of size > 1.
    let mut groups: BTreeMap<&str, Vec<(&str, i64)>> = BTreeMap::new();
    for (n, c, d) in &files {
        groups.entry(c.as_str()).or_default().push((n, *d));
    }
    let mut keep: Vec<String> = Vec::new();
    let mut gone: Vec<String> = Vec::new();
    for same in groups.values_mut() {
        if same.len() < 2 {
            continue;
        }
        // days ago descending = oldest first
        same.sort_by_key(|(_, d)| -d);
        let kept = if keep_newest { same.len() - 1 } else { 0 };
        for (i, (n, _)) in same.iter().enumerate() {
            if i == kept {
                keep.push(n.to_string());
            } else {
                gone.push(n.to_string());
            }
        }
    }
    let pick = if keep_newest { "-1" } else { "0" };
    let dedupe = |key: &str, pick: &str, note: bool| {
        let note_py = if note {
            format!(
                "\nsn = login(\"simple_note\")\napis.simple_note.create_note(access_token=sn, title={}, content=\"\\n\".join(deleted))",
                py(title)
            )
        } else {
            String::new()
        };
        format!(
            "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/downloads/\", entry_type=\"files\")\ngroups = {{}}\nfor p in paths:\n    f = apis.file_system.show_file(access_token=fs, file_path=p)\n    groups.setdefault({key}, []).append(f)\ndeleted = []\nfor same in groups.values():\n    if len(same) < 2:\n        continue\n    same.sort(key=lambda f: f[\"created_at\"])\n    keep = same[{pick}]\n    for f in same:\n        if f[\"path\"] != keep[\"path\"]:\n            apis.file_system.delete_file(access_token=fs, file_path=f[\"path\"])\n            deleted.append(f[\"path\"].rsplit(\"/\", 1)[1]){note_py}\napis.supervisor.complete_task()"
        )
    };
    parts.ground_truth = vec![fs_login(), dedupe("f[\"content\"]", pick, true)];
    let other_pick = if keep_newest { "0" } else { "-1" };
    parts.wrong = vec![
        solution(
            if keep_newest {
                "keeps the oldest copy instead of the newest"
            } else {
                "keeps the newest copy instead of the oldest"
            },
            vec![fs_login(), dedupe("f[\"content\"]", other_pick, true)],
        ),
        solution(
            "groups files by their first line, deleting the near-duplicate lease too",
            vec![
                fs_login(),
                dedupe("f[\"content\"].split(\"\\n\")[0]", pick, true),
            ],
        ),
        solution(
            "deletes the duplicates but writes no note",
            vec![fs_login(), dedupe("f[\"content\"]", pick, false)],
        ),
    ];
    let content_of = |n: &str| -> String {
        files
            .iter()
            .find(|(x, _, _)| *x == n)
            .map(|(_, c, _)| c.clone())
            .unwrap_or_default()
    };
    parts.checks.push(files_at(
        format!("kept: {}", keep.join(", ")),
        keep.iter()
            .map(|n| (format!("~/downloads/{n}"), content_of(n)))
            .collect(),
    ));
    parts.checks.push(files_gone(
        format!("deleted: {}", gone.join(", ")),
        gone.iter().map(|n| format!("~/downloads/{n}")).collect(),
    ));
    parts.checks.push(files_at(
        "the near-duplicate lease_agreement_v2.pdf is kept".into(),
        vec![("~/downloads/lease_agreement_v2.pdf".into(), near.clone())],
    ));
    let gone2: BTreeSet<String> = gone.iter().cloned().collect();
    parts.checks.push(Check::new(
        "no other file was deleted (the Amazon receipts stay)",
        move |ctx| match removed_files(ctx)
            .iter()
            .find(|(p, _)| !gone2.contains(base(p)))
        {
            Some((p, _)) => Err(format!("{p} was deleted")),
            None => Ok(()),
        },
    ));
    let t = title.to_string();
    parts.checks.push(Check::new(
        format!("one new note titled \"{title}\""),
        move |ctx| {
            let n = added_notes(ctx)
                .iter()
                .filter(|(x, _)| x.trim() == t)
                .count();
            if n == 1 {
                Ok(())
            } else {
                Err(format!("{n} such notes"))
            }
        },
    ));
    let t = title.to_string();
    let want: BTreeSet<String> = gone.iter().cloned().collect();
    parts.checks.push(Check::new(
        format!("the note lists exactly {}, one per line", gone.join(", ")),
        move |ctx| {
            let notes = added_notes(ctx);
            let Some((_, content)) = notes.iter().find(|(x, _)| x.trim() == t) else {
                return Err("no note".into());
            };
            let got: BTreeSet<String> = crate::kit::notes::lines(content)
                .iter()
                .map(|l| base(l.trim_start_matches(['-', '*', ' '])).to_string())
                .collect();
            if got == want {
                Ok(())
            } else {
                Err(format!("the note lists {got:?}"))
            }
        },
    ));
    parts.allowed = vec![allow_fs_under(&["~/downloads/"]), allow_new_notes()];
    parts
}

// ---- files a friend asked for ----------------------------------------------------------

/// A friend texted asking for copies of the supervisor's itinerary and car rental receipt of
/// their coming trip in a shared folder, and the paths texted back. Hurdles: the hotel receipt
/// next to it, (variant 2) an older trip to the same city, (variant 3) the friend saved under a
/// nickname; someone else texted more recently.
fn texted_files(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        let rel = pop.relations_of(p.id);
        rel.iter().any(|(r, _)| *r == Relation::Friend)
            && rel.iter().any(|(r, _)| *r == Relation::Coworker)
    });
    let friend = related(g.population, &p, Relation::Friend)[0].clone();
    let other = related(g.population, &p, Relation::Coworker)[0].clone();
    let now = g.now;
    let (city, country, nick) = match g.variant {
        1 => ("Lisbon", "Portugal", None),
        2 => ("Seville", "Spain", None),
        _ => ("Porto", "Portugal", Some("Kiki")),
    };
    let low = city.to_lowercase();
    let folder = format!("~/documents/trips/{low}_2023_06/");
    let friend_dir = format!("~/shared/{}/", friend.first_name.to_lowercase());
    let itinerary = format!(
        "Trip to {city}, {country}\nDates: 2023-06-09 to 2023-06-12 (3 nights)\nStaying at: Casa do Rio\nTravelers: {} {}, {} {}",
        p.first_name, p.last_name, friend.first_name, friend.last_name
    );
    let car = format!(
        "Receipt\nPaid to: Atlantic Car Rental\nFor: Compact car, 4 days, {city}\nAmount: $212.40\nDate: 2023-05-02"
    );
    let hotel = format!(
        "Receipt\nPaid to: Casa do Rio\nFor: 3 nights, {city}\nAmount: $498.00\nDate: 2023-04-28"
    );
    let museum = format!(
        "Receipt\nPaid to: {city} City Museums\nFor: 2 museum passes\nAmount: $46.00\nDate: 2023-04-15"
    );
    let ferry = format!(
        "Receipt\nPaid to: River Ferries\nFor: 2 return tickets, {city}\nAmount: $31.20\nDate: 2023-05-09"
    );
    let mut setup_files = vec![
        dated(now, &format!("{folder}itinerary.txt"), &itinerary, 20),
        dated(now, &format!("{folder}receipts/receipt_0502.pdf"), &car, 16),
        dated(
            now,
            &format!("{folder}receipts/receipt_0428.pdf"),
            &hotel,
            20,
        ),
        dated(
            now,
            &format!("{folder}receipts/receipt_0415.pdf"),
            &museum,
            33,
        ),
        dated(
            now,
            &format!("{folder}receipts/receipt_0509.pdf"),
            &ferry,
            9,
        ),
    ];
    let old_folder = format!("~/documents/trips/{low}_2021_08/");
    if g.variant == 2 {
        setup_files.push(dated(
            now,
            &format!("{old_folder}itinerary.txt"),
            &itinerary.replace("2023-06-09 to 2023-06-12", "2021-08-14 to 2021-08-18"),
            600,
        ));
        setup_files.push(dated(
            now,
            &format!("{old_folder}receipts/receipt_0730.pdf"),
            &car.replace("$212.40", "$188.00")
                .replace("2023-05-02", "2021-07-30"),
            600,
        ));
    }
    let ask = format!(
        "Hey! For our {city} trip in June, could you put a copy of your itinerary and the car rental receipt in ~/shared/{}/ ? Text me the file paths when done, thanks!",
        friend.first_name.to_lowercase()
    );
    let who = match nick {
        Some(n) => n.to_string(),
        None => format!("{} {}", friend.first_name, friend.last_name),
    };
    let instruction = match g.variant {
        1 => format!("My friend {who} texted me asking for some files. Please do what they asked."),
        2 => format!(
            "{who} asked me by text for a couple of documents for our trip. Can you take care of it?"
        ),
        _ => format!("{who} sent me a text about some files. Handle it for me, please."),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "file_system"];
    let (sup, fr, ot, nick_s) = (
        p.clone(),
        friend.clone(),
        other.clone(),
        nick.map(str::to_string),
    );
    let ask_s = ask.clone();
    parts.setup.push(step(move |s| {
        s.add_dated_files(&sup, &setup_files)?;
        s.add_text(
            &fr,
            &sup,
            "Thanks again for dinner on Friday!",
            now - Duration::days(6),
        )?;
        s.add_text(&fr, &sup, &ask_s, now - Duration::hours(5))?;
        s.add_text(
            &ot,
            &sup,
            "Running a bit late, see you at 3.",
            now - Duration::hours(1),
        )?;
        if let Some(n) = &nick_s {
            s.relabel_contact(&sup, &fr, n, &["friend"])?;
        }
        Ok(())
    }));
    let query = py(&who);
    let find_friend = format!(
        "{}\nph = login(\"phone\")\nfriend = apis.phone.search_contacts(access_token=ph, query={query})[0]\nmsgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend[\"phone_number\"])\nask = [m for m in msgs if \"copy\" in m[\"message\"]][0][\"message\"]\nshared = re.search(r\"(~/shared/[a-z]+/)\", ask).group(1)\ncity = re.search(r\"our (\\w+) trip\", ask).group(1).lower()",
        fs_login()
    );
    let pick = |latest: bool, which: &str, verb: &str| {
        format!(
            "trips = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", substring=city, entry_type=\"directories\", recursive=False)\ntrip = sorted(trips)[{}]\nitin = trip + \"itinerary.txt\"\nreceipts = apis.file_system.show_directory(access_token=fs, directory_path=trip + \"receipts/\", entry_type=\"files\")\ncontents = {{q: apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"] for q in receipts}}\nrental = [q for q in receipts if {}][0]\ncopies = []\nfor src in [itin, rental]:\n    dst = shared + src.rsplit(\"/\", 1)[1]\n    apis.file_system.{verb}(access_token=fs, source_file_path=src, destination_file_path=dst)\n    copies.append(dst)",
            if latest { "-1" } else { "0" },
            which
        )
    };
    let reply = |to: &str| {
        format!(
            "apis.phone.send_text_message(access_token=ph, phone_number={to}, message=\"Done! They are at \" + \" and \".join(copies))\napis.supervisor.complete_task()"
        )
    };
    let rental_py = "\"Car Rental\" in contents[q]";
    parts.ground_truth = vec![
        find_friend.clone(),
        pick(true, rental_py, "copy_file"),
        reply("friend[\"phone_number\"]"),
    ];
    parts.wrong = vec![
        solution(
            "moves the files instead of copying them",
            vec![
                find_friend.clone(),
                pick(true, rental_py, "move_file"),
                reply("friend[\"phone_number\"]"),
            ],
        ),
        solution(
            "sends the hotel receipt instead of the car rental",
            vec![
                find_friend.clone(),
                pick(true, "\"nights\" in contents[q]", "copy_file"),
                reply("friend[\"phone_number\"]"),
            ],
        ),
        solution(
            "texts the paths to whoever texted last",
            vec![
                find_friend.clone(),
                pick(true, rental_py, "copy_file"),
                format!(
                    "last = apis.phone.search_text_messages(access_token=ph)[0]\n{}",
                    reply("last[\"sender\"][\"phone_number\"]")
                ),
            ],
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "copies the files of the 2021 trip",
            vec![
                find_friend.clone(),
                pick(false, rental_py, "copy_file"),
                reply("friend[\"phone_number\"]"),
            ],
        ));
    }
    let it_dst = format!("{friend_dir}itinerary.txt");
    let car_dst = format!("{friend_dir}receipt_0502.pdf");
    parts.checks.push(files_at(
        format!("a copy of the June itinerary at {it_dst}"),
        vec![(it_dst.clone(), itinerary.clone())],
    ));
    parts.checks.push(files_at(
        format!("a copy of the car rental receipt at {car_dst}"),
        vec![(car_dst.clone(), car.clone())],
    ));
    let fd = friend_dir.clone();
    parts.checks.push(Check::new(
        format!("nothing else in {friend_dir}"),
        move |ctx| {
            let n = end_files(ctx).keys().filter(|p| p.starts_with(&fd)).count();
            if n == 2 {
                Ok(())
            } else {
                Err(format!("{n} files there"))
            }
        },
    ));
    parts.checks.push(files_at(
        format!("the originals stay in {folder}"),
        vec![
            (format!("{folder}itinerary.txt"), itinerary.clone()),
            (format!("{folder}receipts/receipt_0502.pdf"), car.clone()),
            (format!("{folder}receipts/receipt_0428.pdf"), hotel.clone()),
        ],
    ));
    let (fnum, fnum2) = (friend.phone_number.clone(), friend.phone_number.clone());
    let (a, b) = (
        it_dst.trim_start_matches("~/").to_string(),
        car_dst.trim_start_matches("~/").to_string(),
    );
    parts.checks.push(Check::new(
        format!(
            "a text to {} {} naming {it_dst} and {car_dst}",
            friend.first_name, friend.last_name
        ),
        move |ctx| {
            let to = phone_id(ctx.db, &fnum);
            let texts: Vec<String> = sent_texts(ctx)
                .into_iter()
                .filter(|(r, _)| Some(*r) == to)
                .map(|(_, m)| m)
                .collect();
            if texts.is_empty() {
                return Err("no text to the friend".into());
            }
            if texts.iter().any(|m| m.contains(&a) && m.contains(&b)) {
                Ok(())
            } else {
                Err(format!("texts: {texts:?}"))
            }
        },
    ));
    parts
        .checks
        .push(Check::new("no text to anyone else", move |ctx| {
            let to = phone_id(ctx.db, &fnum2);
            match sent_texts(ctx).iter().find(|(r, _)| Some(*r) != to) {
                Some((r, _)) => Err(format!("a text to phone user {r}")),
                None => Ok(()),
            }
        }));
    parts.allowed = vec![allow_fs_under(&["~/shared/", "~/documents/trips/"])];
    parts.allowed.extend(allow::texts_sent());
    parts
}

// ---- trips: shared data ------------------------------------------------------------------

/// A designed trip: city, country, first day, last day, lodging.
struct TripPlan {
    city: &'static str,
    country: &'static str,
    start: &'static str,
    end: &'static str,
    stay: &'static str,
}

impl TripPlan {
    /// `city_yyyy_mm`, as the base world names trip folders.
    fn folder(&self) -> String {
        format!(
            "{}_{}",
            self.city.to_lowercase().replace(' ', "_"),
            self.start[..7].replace('-', "_")
        )
    }

    /// The itinerary's text (the base world's shape), for `who` (travellers).
    fn itinerary(&self, who: &str, cancelled: bool) -> String {
        let first = chrono::NaiveDate::parse_from_str(self.start, "%Y-%m-%d").unwrap_or_default();
        let last = chrono::NaiveDate::parse_from_str(self.end, "%Y-%m-%d").unwrap_or_default();
        let nights = (last - first).num_days();
        let mut plan = String::new();
        if cancelled {
            plan.push_str("CANCELLED - bookings refunded\n\n");
        }
        plan.push_str(&format!(
            "Trip to {}, {}\nDates: {} to {} ({nights} nights)\nStaying at: {}\nTravelers: {who}\n\nPlan:\n",
            self.city, self.country, self.start, self.end, self.stay
        ));
        for d in 0..=nights {
            let day = first + Duration::days(d);
            let what = match d {
                0 => "Arrive, check in, dinner nearby",
                x if x == nights => "Check out and travel home",
                _ => "Walking tour and local food market",
            };
            plan.push_str(&format!("- {}: {what}\n", day.format("%a %b %d")));
        }
        plan.trim_end().to_string()
    }
}

const KYOTO: TripPlan = TripPlan {
    city: "Kyoto",
    country: "Japan",
    start: "2022-09-27",
    end: "2022-09-30",
    stay: "Gion machiya house",
};
const REYKJAVIK: TripPlan = TripPlan {
    city: "Reykjavik",
    country: "Iceland",
    start: "2023-03-10",
    end: "2023-03-14",
    stay: "Harbour View Guesthouse",
};
const CHICAGO: TripPlan = TripPlan {
    city: "Chicago",
    country: "USA",
    start: "2023-05-12",
    end: "2023-05-15",
    stay: "The Loop Hotel",
};
const LISBON: TripPlan = TripPlan {
    city: "Lisbon",
    country: "Portugal",
    start: "2023-06-09",
    end: "2023-06-12",
    stay: "Casa do Rio",
};
const OAXACA: TripPlan = TripPlan {
    city: "Oaxaca",
    country: "Mexico",
    start: "2023-07-01",
    end: "2023-07-05",
    stay: "Casa Azul",
};
const ANTWERP: TripPlan = TripPlan {
    city: "Antwerp",
    country: "Belgium",
    start: "2022-04-14",
    end: "2022-04-17",
    stay: "Diamond Quarter Inn",
};
const SEOUL: TripPlan = TripPlan {
    city: "Seoul",
    country: "South Korea",
    start: "2023-10-05",
    end: "2023-10-10",
    stay: "Hanok Stay Bukchon",
};
const BANFF: TripPlan = TripPlan {
    city: "Banff",
    country: "Canada",
    start: "2023-08-18",
    end: "2023-08-21",
    stay: "Moraine Lodge",
};

/// Python that sets `today` (YYYY-MM-DD) from the phone's clock; needs `ph`.
const TODAY_PY: &str = "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").strftime(\"%Y-%m-%d\")";

// ---- a note per upcoming trip ------------------------------------------------------------

/// "Make a note for each upcoming trip from its itinerary." Past trips (one just ended) get
/// none; variant 2 has a cancelled trip to skip; variant 3 wants a tag as well.
fn trip_notes(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
    let mut trips: Vec<(&TripPlan, bool)> = vec![
        (&KYOTO, false),
        (&LISBON, false),
        (&SEOUL, false),
        (&BANFF, false),
        (&REYKJAVIK, false),
    ];
    match g.variant {
        1 => trips.push((&ANTWERP, false)),
        2 => trips.push((&OAXACA, true)),
        _ => trips.push((&CHICAGO, false)),
    }
    let upcoming: Vec<&TripPlan> = trips
        .iter()
        .filter(|(t, c)| !c && t.start > "2023-05-18")
        .map(|(t, _)| *t)
        .collect();
    let skipped: Vec<&TripPlan> = trips
        .iter()
        .filter(|(t, c)| *c || t.start <= "2023-05-18")
        .map(|(t, _)| *t)
        .collect();
    let title_py = match g.variant {
        1 => "\"Trip: \" + city",
        2 => "city + \" trip\"",
        _ => "\"Trip to \" + city",
    };
    let title = |city: &str| match g.variant {
        1 => format!("Trip: {city}"),
        2 => format!("{city} trip"),
        _ => format!("Trip to {city}"),
    };
    let instruction = match g.variant {
        1 => "For each of my upcoming trips (the itineraries are in ~/documents/trips/), create a note titled \"Trip: <city>\" with the trip's dates and where I'm staying.".to_string(),
        2 => "Make me a SimpleNote note for every trip I still have ahead of me, titled \"<city> trip\", with the dates and the place I'm staying from its itinerary in my file system. Skip trips that were cancelled.".to_string(),
        _ => "I want my future trips in SimpleNote: one note per upcoming trip in ~/documents/trips/, titled \"Trip to <city>\", tagged \"travel\", holding the dates and the lodging from the itinerary.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "simple_note", "phone"];
    let who = format!("{} {}", p.first_name, p.last_name);
    let mut setup_files = Vec::new();
    for (i, (t, c)) in trips.iter().enumerate() {
        let dir = format!("~/documents/trips/{}/", t.folder());
        setup_files.push(dated(
            now,
            &format!("{dir}itinerary.txt"),
            &t.itinerary(&who, *c),
            30 + 9 * i as i64,
        ));
        setup_files.push(dated(
            now,
            &format!("{dir}receipts/lodging_{}.pdf", t.folder()),
            &receipt(t.stay, "Lodging deposit", "150.00", "2023-01-15"),
            40 + 9 * i as i64,
        ));
    }
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        s.remove_tree(&sup, "/documents/trips/")?;
        s.add_dated_files(&sup, &setup_files)
    }));
    let tags = if g.variant == 3 {
        ", tags=[\"travel\"]"
    } else {
        ""
    };
    let make = |filter_past: bool, skip_cancelled: bool, stop_after_one: bool, title_py: &str| {
        let past = if filter_past {
            "\n    if start <= today:\n        continue"
        } else {
            ""
        };
        let cancelled = if skip_cancelled {
            "\n    if \"CANCELLED\" in c:\n        continue"
        } else {
            ""
        };
        let stop = if stop_after_one { "\n    break" } else { "" };
        format!(
            "ph = login(\"phone\")\nsn = login(\"simple_note\")\n{TODAY_PY}\npaths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", substring=\"itinerary\", entry_type=\"files\")\nfor p in paths:\n    c = apis.file_system.show_file(access_token=fs, file_path=p)[\"content\"]{cancelled}\n    city = re.search(r\"Trip to ([^,]+),\", c).group(1)\n    start, end = re.search(r\"Dates: (\\S+) to (\\S+)\", c).groups()\n    stay = re.search(r\"Staying at: (.+)\", c).group(1).strip(){past}\n    apis.simple_note.create_note(access_token=sn, title={title_py}, content=\"Dates: \" + start + \" to \" + end + \"\\nStaying at: \" + stay{tags}){stop}\napis.supervisor.complete_task()"
        )
    };
    parts.ground_truth = vec![fs_login(), make(true, true, false, title_py)];
    parts.wrong = vec![
        solution(
            "makes a note for every trip, past ones too",
            vec![fs_login(), make(false, true, false, title_py)],
        ),
        solution(
            "stops after the first upcoming trip",
            vec![fs_login(), make(true, true, true, title_py)],
        ),
        solution(
            "titles the notes with the folder's name",
            vec![fs_login(), make(true, true, false, "p.split(\"/\")[-2]")],
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "keeps the cancelled trip",
            vec![fs_login(), make(true, false, false, title_py)],
        ));
    }
    for t in &upcoming {
        let want_title = title(t.city);
        let (start, end, stay) = (t.start, t.end, t.stay);
        let need_tag = g.variant == 3;
        for (what, parts_of) in [
            (format!("{start} to {end}"), vec![start, end]),
            (stay.to_string(), vec![stay]),
        ] {
            let want_title = want_title.clone();
            parts.checks.push(Check::new(
                format!("a note \"{want_title}\" holding {what}"),
                move |ctx| {
                    let notes = added_notes(ctx);
                    let Some((_, c)) = notes.iter().find(|(x, _)| x.trim() == want_title) else {
                        return Err(format!("no note \"{want_title}\""));
                    };
                    match parts_of.iter().find(|x| !c.contains(**x)) {
                        Some(x) => Err(format!("the note lacks {x}")),
                        None => Ok(()),
                    }
                },
            ));
        }
        if need_tag {
            let want_title = title(t.city);
            parts.checks.push(Check::new(
                format!("\"{want_title}\" is tagged travel"),
                move |ctx| {
                    let ok = added(ctx, "simple_note", "notes").iter().any(|r| {
                        is_own_note(ctx, r)
                            && r.get("title").as_str().map(str::trim) == Some(want_title.as_str())
                            && crate::kit::notes::row_tags(r).contains("travel")
                    });
                    if ok {
                        Ok(())
                    } else {
                        Err("not tagged travel".into())
                    }
                },
            ));
        }
    }
    let cities: Vec<&str> = skipped.iter().map(|t| t.city).collect();
    let cities2: Vec<String> = cities.iter().map(|c| c.to_string()).collect();
    parts.checks.push(Check::new(
        format!("no note for {}", cities.join(" or ")),
        move |ctx| match added_notes(ctx)
            .iter()
            .find(|(t, _)| cities2.iter().any(|c| t.contains(c.as_str())))
        {
            Some((t, _)) => Err(format!("a note \"{t}\"")),
            None => Ok(()),
        },
    ));
    let n = upcoming.len();
    parts
        .checks
        .push(Check::new(format!("exactly {n} new notes"), move |ctx| {
            let k = added_notes(ctx).len();
            if k == n {
                Ok(())
            } else {
                Err(format!("{k} new notes"))
            }
        }));
    parts.allowed = vec![allow_new_notes()];
    parts
}

// ---- archive past trips ------------------------------------------------------------------

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

/// "Archive the folders of my trips that are over into ~/archives/ and delete them; list the
/// archives in my note." Variant 2 has a trip that ended three days ago; variant 3 archives
/// only last year's trips.
fn archive_trips(g: &mut Gen) -> Parts {
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
    parts.notes = Some(super::mix(&mut g.rng, filler, vec![mine]));
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
    let over_py = if g.variant == 3 {
        "start[:4] == \"2022\""
    } else {
        "end < today"
    };
    let run = |over: &str, dest: &str, delete: bool, note: bool| {
        let del = if delete {
            "\n    apis.file_system.delete_directory(access_token=fs, directory_path=d)"
        } else {
            ""
        };
        let note_py = if note {
            format!(
                "\nsn = login(\"simple_note\")\nnote = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query={}) if n[\"title\"] == {}][0]\napis.simple_note.add_content_to_note(access_token=sn, note_id=note[\"note_id\"], append_or_prepend=\"append\", added_content=\"\\n\" + \"\\n\".join(done))",
                py(note_title),
                py(note_title)
            )
        } else {
            String::new()
        };
        format!(
            "ph = login(\"phone\")\n{TODAY_PY}\ndirs = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", entry_type=\"directories\", recursive=False)\ndone = []\nfor d in dirs:\n    c = apis.file_system.show_file(access_token=fs, file_path=d + \"itinerary.txt\")[\"content\"]\n    start, end = re.search(r\"Dates: (\\S+) to (\\S+)\", c).groups()\n    if not ({over}):\n        continue\n    name = d.rstrip(\"/\").rsplit(\"/\", 1)[1]\n    target = {dest}\n    apis.file_system.compress_directory(access_token=fs, directory_path=d, compressed_file_path=target){del}\n    done.append(target){note_py}\napis.supervisor.complete_task()"
        )
    };
    let dest = "\"~/archives/\" + name + \".zip\"";
    parts.ground_truth = vec![fs_login(), run(over_py, dest, true, true)];
    parts.wrong = vec![
        solution(
            "archives every trip, the coming one too",
            vec![fs_login(), run("True", dest, true, true)],
        ),
        solution(
            "compresses the folders but keeps them",
            vec![fs_login(), run(over_py, dest, false, true)],
        ),
        solution(
            "does not update the note",
            vec![fs_login(), run(over_py, dest, true, false)],
        ),
        solution(
            "leaves the archives next to the folders",
            vec![
                fs_login(),
                run(over_py, "d.rstrip(\"/\") + \".zip\"", true, true),
            ],
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "treats a trip as over only when it started last year or before",
            vec![fs_login(), run("start < \"2023-05-01\"", dest, true, true)],
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

// ---- a Todoist task per file to review ---------------------------------------------------

/// The supervisor's Todoist tasks added during the episode: (project id, title, due, priority).
fn added_tasks(ctx: &EvalCtx) -> Vec<(i64, String, String, String)> {
    added(ctx, "todoist", "tasks")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == ctx.user_id("todoist"))
        .map(|r| {
            (
                r.get("project_id").as_i64().unwrap_or(0),
                r.get("title").as_str().unwrap_or("").trim().to_string(),
                r.get("due_date").as_str().unwrap_or("").to_string(),
                r.get("priority").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The id of the supervisor's project `name` (not the inbox).
fn project_id(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let uid = ctx.user_id("todoist")?;
    ctx.db
        .query_row_cached(
            "SELECT p.id FROM todoist.projects p JOIN todoist.project_collaborator_links l ON l.project_id = p.id \
             WHERE l.user_id = ?1 AND p.name = ?2 AND p.is_inbox = 0 ORDER BY p.id LIMIT 1",
            rusqlite::params![uid, name],
            |r| r.get(0),
        )
        .ok()
}

/// "Add a task 'Review <file>' to my Paperwork project for every file in ~/documents/to_review/,
/// due D." A ~/documents/reviewed/ folder looks alike; a project "Paperwork 2022" is a near
/// miss. Variant 2 includes a sub-folder and sets priority from the file's content; variant 3
/// has one task already there.
fn review_tasks(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
    let mut files: Vec<(&str, &str)> = vec![
        (
            "car_insurance_renewal.pdf",
            "Auto policy renewal\nPremium: $612.00 for 6 months\nRenew by June 1, 2023",
        ),
        (
            "employment_contract.docx",
            "Employment contract - draft 2\nURGENT: sign and return by May 24, 2023",
        ),
        (
            "lease_renewal.pdf",
            "Lease renewal offer\nNew monthly rent: $1,900.00\nReply within 30 days",
        ),
        (
            "hoa_letter.pdf",
            "Maple Court Homeowners Association\nNotice of annual dues: $240.00",
        ),
        (
            "dental_plan_options.pdf",
            "Dental plan options 2023-2024\nBasic, Plus and Family tiers",
        ),
    ];
    if g.variant == 2 {
        files.push((
            "taxes/form_1099_int.pdf",
            "Form 1099-INT 2022\nInterest income: $184.22\nURGENT: figures differ from last year",
        ));
    }
    let (due, due_words) = match g.variant {
        1 => ("2023-05-26", "May 26, 2023"),
        2 => ("2023-05-31", "2023-05-31"),
        _ => ("2023-06-02", "June 2, 2023"),
    };
    let instruction = match g.variant {
        1 => format!(
            "For every file in ~/documents/to_review/, add a task \"Review <file name>\" (e.g. \"Review notes.pdf\") to my Todoist project Paperwork, due {due_words}."
        ),
        2 => format!(
            "Put a task \"Review <file name>\" in my Paperwork project on Todoist for each file under ~/documents/to_review/, its sub-folders included, due {due_words}. If a file says URGENT, make its task high priority; the others medium."
        ),
        _ => format!(
            "I need Todoist tasks for the files waiting in ~/documents/to_review/: one \"Review <file name>\" task each in the project Paperwork, due {due_words}. Some may already have one there; don't add those twice."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist"];
    let mut setup_files: Vec<(String, String, NaiveDateTime)> = files
        .iter()
        .enumerate()
        .map(|(i, (n, c))| {
            dated(
                now,
                &format!("~/documents/to_review/{n}"),
                c,
                2 + 3 * i as i64,
            )
        })
        .collect();
    setup_files.push(dated(
        now,
        "~/documents/reviewed/old_contract.docx",
        "Employment contract - 2021\nSigned",
        200,
    ));
    let sup = p.clone();
    let v3 = g.variant == 3;
    parts.setup.push(step(move |s| {
        s.add_dated_files(&sup, &setup_files)?;
        let project = s.add_todo_project(
            &sup,
            "Paperwork",
            "Forms, contracts and bills",
            &[],
            now - Duration::days(120),
        )?;
        s.add_todo_task(
            project,
            None,
            &sup,
            "Review tax_return_2022.pdf",
            None,
            "medium",
            true,
            None,
            now - Duration::days(40),
        )?;
        s.add_todo_task(
            project,
            None,
            &sup,
            "File the warranty cards",
            None,
            "low",
            false,
            None,
            now - Duration::days(20),
        )?;
        if v3 {
            s.add_todo_task(
                project,
                None,
                &sup,
                "Review lease_renewal.pdf",
                Some(chrono::NaiveDate::from_ymd_opt(2023, 5, 29).unwrap_or_default()),
                "medium",
                false,
                None,
                now - Duration::days(1),
            )?;
        }
        let old = s.add_todo_project(
            &sup,
            "Paperwork 2022",
            "Last year's forms",
            &[],
            now - Duration::days(400),
        )?;
        s.add_todo_task(
            old,
            None,
            &sup,
            "Review car_insurance_renewal.pdf",
            None,
            "medium",
            true,
            None,
            now - Duration::days(380),
        )?;
        Ok(())
    }));
    let make = |project: &str, dir_call: &str, with_due: bool, with_prio: bool, skip: bool| {
        let due_arg = if with_due {
            format!(", due_date={}", py(due))
        } else {
            String::new()
        };
        let prio = if with_prio {
            ", priority=(\"high\" if \"URGENT\" in content else \"medium\")"
        } else {
            ""
        };
        let skip_py = if skip {
            "\n    if title in existing:\n        continue"
        } else {
            ""
        };
        format!(
            "td = login(\"todoist\")\nprojects = all_pages(apis.todoist.show_projects, access_token=td)\nproj = [x for x in projects if {project}][0]\nshown = apis.todoist.show_tasks(access_token=td, project_id=proj[\"project_id\"])\nexisting = {{t[\"title\"] for t in shown[\"no_section_tasks\"]}} | {{t[\"title\"] for s in shown[\"sections\"] for t in s[\"tasks\"]}}\npaths = {dir_call}\nfor p in paths:\n    name = p.rsplit(\"/\", 1)[1]\n    title = \"Review \" + name{skip_py}\n    content = apis.file_system.show_file(access_token=fs, file_path=p)[\"content\"]\n    apis.todoist.create_task(access_token=td, project_id=proj[\"project_id\"], title=title{due_arg}{prio})\napis.supervisor.complete_task()"
        )
    };
    let paperwork = "x[\"name\"] == \"Paperwork\"";
    let listing = "apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/to_review/\", entry_type=\"files\")";
    let by_substring = "apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/\", substring=\"review\", entry_type=\"files\")";
    parts.ground_truth = vec![fs_login(), make(paperwork, listing, true, true, true)];
    parts.wrong = vec![
        solution(
            "puts the tasks in the first project called like Paperwork",
            vec![
                fs_login(),
                make(
                    "x[\"name\"].startswith(\"Paperwork\") and x[\"project_id\"] != [y for y in projects if y[\"name\"] == \"Paperwork\"][0][\"project_id\"]",
                    listing,
                    true,
                    true,
                    true,
                ),
            ],
        ),
        solution(
            "searches ~/documents for \"review\", catching the reviewed/ folder too",
            vec![fs_login(), make(paperwork, by_substring, true, true, true)],
        ),
        solution(
            "sets no due date",
            vec![fs_login(), make(paperwork, listing, false, true, true)],
        ),
    ];
    match g.variant {
        2 => {
            parts.wrong.push(solution(
                "leaves every task at medium priority",
                vec![fs_login(), make(paperwork, listing, true, false, true)],
            ));
            parts.wrong.push(solution(
                "skips the taxes/ sub-folder",
                vec![
                    fs_login(),
                    make(
                        paperwork,
                        &listing.replace(")", ", recursive=False)"),
                        true,
                        true,
                        true,
                    ),
                ],
            ));
        }
        3 => parts.wrong.push(solution(
            "adds lease_renewal.pdf a second time",
            vec![fs_login(), make(paperwork, listing, true, true, false)],
        )),
        _ => {}
    }
    let names: Vec<String> = files.iter().map(|(n, _)| base(n).to_string()).collect();
    let new_names: Vec<String> = names
        .iter()
        .filter(|n| !(v3 && n.as_str() == "lease_renewal.pdf"))
        .cloned()
        .collect();
    let nn = new_names.clone();
    parts.checks.push(Check::new(
        format!(
            "a new task in Paperwork for each of {}",
            new_names.join(", ")
        ),
        move |ctx| {
            let pid = project_id(ctx, "Paperwork");
            let tasks = added_tasks(ctx);
            for n in &nn {
                let title = format!("Review {n}");
                let k = tasks
                    .iter()
                    .filter(|t| Some(t.0) == pid && t.1 == title)
                    .count();
                if k != 1 {
                    return Err(format!("{k} tasks \"{title}\" in Paperwork"));
                }
            }
            Ok(())
        },
    ));
    parts.checks.push(Check::new(
        format!("each new task is due {due}"),
        move |ctx| {
            let tasks = added_tasks(ctx);
            if tasks.is_empty() {
                return Err("no new task".into());
            }
            match tasks.iter().find(|t| !t.2.starts_with(due)) {
                Some(t) => Err(format!("\"{}\" is due {:?}", t.1, t.2)),
                None => Ok(()),
            }
        },
    ));
    let n = new_names.len();
    parts
        .checks
        .push(Check::new(format!("exactly {n} new tasks"), move |ctx| {
            let k = added_tasks(ctx).len();
            if k == n {
                Ok(())
            } else {
                Err(format!("{k} new tasks"))
            }
        }));
    parts.checks.push(Check::new(
        "no task for ~/documents/reviewed/old_contract.docx",
        |ctx| match added_tasks(ctx)
            .iter()
            .find(|t| t.1.contains("old_contract"))
        {
            Some(t) => Err(format!("a task \"{}\"", t.1)),
            None => Ok(()),
        },
    ));
    parts
        .checks
        .push(Check::new("no new task outside Paperwork", |ctx| {
            let pid = project_id(ctx, "Paperwork");
            match added_tasks(ctx).iter().find(|t| Some(t.0) != pid) {
                Some(t) => Err(format!("\"{}\" in project {}", t.1, t.0)),
                None => Ok(()),
            }
        }));
    if g.variant == 2 {
        let urgent: Vec<String> = files
            .iter()
            .filter(|(_, c)| c.contains("URGENT"))
            .map(|(n, _)| format!("Review {}", base(n)))
            .collect();
        parts.checks.push(Check::new(
            format!(
                "{} are high priority, the others medium",
                urgent.join(" and ")
            ),
            move |ctx| {
                for t in added_tasks(ctx) {
                    let want = if urgent.contains(&t.1) {
                        "high"
                    } else {
                        "medium"
                    };
                    if t.3 != want {
                        return Err(format!("\"{}\" is {}", t.1, t.3));
                    }
                }
                Ok(())
            },
        ));
    }
    parts.allowed = vec![allow_added(
        "the supervisor's new tasks",
        "todoist",
        "tasks",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
    )];
    parts
}

// ---- a CSV of a month's Venmo payments ---------------------------------------------------

/// "Write ~/documents/finance/venmo_<month>.csv with a line per Venmo payment I sent that
/// month." More than a page of payments; payments just outside the month (one late on its last
/// day inside). Variant 2 lists received ones too, signed; variant 3 is another month.
fn venmo_csv(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let others: Vec<Person> = {
        let mut v = Vec::new();
        for (_, id) in g.population.relations_of(p.id) {
            if v.len() < 4 && !v.iter().any(|x: &Person| x.id == id) {
                v.push(g.person(id));
            }
        }
        let mut k = 1;
        while v.len() < 4 {
            if k != p.id && !v.iter().any(|x| x.id == k) {
                v.push(g.person(k));
            }
            k += 1;
        }
        v
    };
    let (month, label, prev_last, next_first) = match g.variant {
        3 => ("2023-03", "March 2023", "2023-02-28", "2023-04-01"),
        _ => ("2023-04", "April 2023", "2023-03-31", "2023-05-01"),
    };
    let path = format!("~/documents/finance/venmo_{}.csv", month.replace('-', "_"));
    // (who index, sent?, amount, description, day, time)
    let pays: Vec<(usize, bool, f64, &str, String, &str)> = vec![
        (
            0,
            true,
            42.50,
            "Concert tickets",
            format!("{month}-01"),
            "08:15:00",
        ),
        (1, true, 18.00, "Lunch", format!("{month}-04"), "13:05:00"),
        (
            2,
            true,
            64.25,
            "Groceries",
            format!("{month}-09"),
            "18:40:00",
        ),
        (
            3,
            false,
            35.00,
            "Gas money",
            format!("{month}-11"),
            "10:00:00",
        ),
        (
            0,
            true,
            12.75,
            "Coffee run",
            format!("{month}-14"),
            "09:30:00",
        ),
        (1, true, 90.00, "Concert", format!("{month}-19"), "21:10:00"),
        (2, false, 22.40, "Pizza", format!("{month}-22"), "20:00:00"),
        (3, true, 27.60, "Cab", format!("{month}-25"), "23:50:00"),
        (
            0,
            true,
            120.00,
            "Bike",
            format!("{month}-{}", if month == "2023-04" { "30" } else { "31" }),
            "23:10:00",
        ),
        (1, true, 25.00, "Taxi", prev_last.to_string(), "22:40:00"),
        (2, true, 60.00, "Dinner", next_first.to_string(), "09:00:00"),
    ];
    let both = g.variant == 2;
    let history: [&str; 4] = if month == "2023-04" {
        ["2023-01", "2023-02", "2023-03", "2023-05"]
    } else {
        ["2023-01", "2023-02", "2023-04", "2023-05"]
    };
    let instruction = match g.variant {
        1 => format!(
            "Make me a CSV of the Venmo payments I sent in {label}: save it as {path} with the header date,name,amount and one line per payment (date as YYYY-MM-DD, the recipient's name as saved in my phone contacts, or their Venmo name if they are not a contact, the amount with two decimals), oldest first."
        ),
        2 => format!(
            "I need all my Venmo money movements of {label} in a file: {path}, header date,name,amount, one line per transaction oldest first, date YYYY-MM-DD, the other person's name as I saved it in my phone contacts (their Venmo name for non-contacts), and the amount with two decimals: positive for money I received, negative for money I sent."
        ),
        _ => format!(
            "For my budget, write {path}: every Venmo payment I made in {label}, one per line after the header date,name,amount (YYYY-MM-DD date, who I paid, named as in my phone contacts or else as on Venmo, amount with 2 decimals), in date order."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "file_system"];
    let (sup, oth) = (p.clone(), others.clone());
    let nickname = ["Mo", "Bee", "Jojo"][usize::from(g.variant - 1)];
    let pays_s: Vec<(usize, bool, f64, String, String)> = pays
        .iter()
        .map(|(i, s, a, d, day, t)| (*i, *s, *a, d.to_string(), format!("{day}T{t}")))
        .collect();
    parts.setup.push(step(move |s| {
        for (i, sent, amount, what, at) in &pays_s {
            let at = NaiveDateTime::parse_from_str(at, "%Y-%m-%dT%H:%M:%S").unwrap_or_default();
            if *sent {
                s.add_venmo_payment(&sup, &oth[*i], *amount, what, at)?;
            } else {
                s.add_venmo_payment(&oth[*i], &sup, *amount, what, at)?;
            }
        }
        // One payee is saved under a nickname.
        s.execute(
            "UPDATE phone.contacts SET first_name = ?1 WHERE user_id = ?2 AND email = ?3",
            rusqlite::params![nickname, s.user_id("phone", &sup)?, oth[0].email],
        )?;
        // Months of history around it (more pages to read).
        let what = [
            "Coffee",
            "Movie night",
            "Groceries",
            "Parking",
            "Brunch",
            "Books",
        ];
        for k in 0..24_i64 {
            let m = history[(k % 4) as usize];
            let at = NaiveDateTime::parse_from_str(
                &format!(
                    "{m}-{:02}T12:30:00",
                    if m == "2023-05" {
                        2 + k % 12
                    } else {
                        3 + (k * 5) % 24
                    }
                ),
                "%Y-%m-%dT%H:%M:%S",
            )
            .unwrap_or_default();
            let amount = 8.5 + 3.25 * k as f64;
            let who = &oth[(k % 4) as usize];
            let desc = what[(k % 6) as usize];
            if k % 5 == 4 {
                s.add_venmo_payment(who, &sup, amount, desc, at)?;
            } else {
                s.add_venmo_payment(&sup, who, amount, desc, at)?;
            }
        }
        Ok(())
    }));
    let write = |paging: bool, in_month: &str, with_received: bool, signed: bool| {
        let contacts = if paging {
            "all_pages(apis.phone.search_contacts, access_token=ph)"
        } else {
            "apis.phone.search_contacts(access_token=ph)"
        };
        let fetch = if paging {
            "txs = all_pages(apis.venmo.show_transactions, access_token=vm)"
        } else {
            "txs = apis.venmo.show_transactions(access_token=vm)"
        };
        let keep = if with_received {
            "t[\"sender\"][\"email\"] == me or t[\"receiver\"][\"email\"] == me"
        } else {
            "t[\"sender\"][\"email\"] == me"
        };
        let amount = if signed {
            "(-t[\"amount\"] if t[\"sender\"][\"email\"] == me else t[\"amount\"])"
        } else {
            "t[\"amount\"]"
        };
        format!(
            "vm = login(\"venmo\")\nph = login(\"phone\")\nbook = {{c[\"email\"]: c[\"first_name\"] + \" \" + c[\"last_name\"] for c in {contacts}}}\nme = profile[\"email\"]\n{fetch}\nrows = [t for t in txs if ({keep}) and {in_month}]\nrows.sort(key=lambda t: t[\"created_at\"])\nlines = [\"date,name,amount\"]\nfor t in rows:\n    other = t[\"receiver\"] if t[\"sender\"][\"email\"] == me else t[\"sender\"]\n    lines.append(t[\"created_at\"][:10] + \",\" + book.get(other[\"email\"], other[\"name\"]) + \",\" + format({amount}, \".2f\"))\napis.file_system.create_file(access_token=fs, file_path={}, content=\"\\n\".join(lines))\napis.supervisor.complete_task()",
            py(&path)
        )
    };
    let in_month = format!("t[\"created_at\"][:7] == {}", py(month));
    let last_day = if month == "2023-04" {
        "2023-04-30"
    } else {
        "2023-03-31"
    };
    let bad_bounds = format!(
        "{} <= t[\"created_at\"] <= {}",
        py(&format!("{month}-01")),
        py(last_day)
    );
    parts.ground_truth = vec![fs_login(), write(true, &in_month, both, both)];
    parts.wrong = vec![
        solution(
            "reads only the first page of transactions",
            vec![fs_login(), write(false, &in_month, both, both)],
        ),
        solution(
            "compares datetimes with the last day's date, losing its evening payment",
            vec![fs_login(), write(true, &bad_bounds, both, both)],
        ),
    ];
    parts.wrong.push(solution(
        "names people as on Venmo, not as saved in the contacts",
        vec![
            fs_login(),
            write(true, &in_month, both, both).replace(
                "book.get(other[\"email\"], other[\"name\"])",
                "other[\"name\"]",
            ),
        ],
    ));
    if both {
        parts.wrong.push(solution(
            "writes every amount as positive",
            vec![fs_login(), write(true, &in_month, true, false)],
        ));
    } else {
        parts.wrong.push(solution(
            "lists the money received too",
            vec![fs_login(), write(true, &in_month, true, false)],
        ));
    }
    // Expected rows from the end state (the base world's payments of the month count too).
    let expected = move |ctx: &EvalCtx| -> Vec<(String, String, i64)> {
        let Some(me) = ctx.user_id("venmo") else {
            return Vec::new();
        };
        let Ok(mut st) = ctx.db.prepare_cached(
            "SELECT substr(t.created_at, 1, 10), t.sender_id, \
             coalesce((SELECT c.first_name || ' ' || c.last_name FROM phone.contacts c WHERE c.user_id = ?3 AND c.email = s.email ORDER BY c.id LIMIT 1), s.first_name || ' ' || s.last_name), \
             coalesce((SELECT c.first_name || ' ' || c.last_name FROM phone.contacts c WHERE c.user_id = ?3 AND c.email = r.email ORDER BY c.id LIMIT 1), r.first_name || ' ' || r.last_name), t.amount \
             FROM venmo.transactions t JOIN venmo.users s ON s.id = t.sender_id JOIN venmo.users r ON r.id = t.receiver_id \
             WHERE (t.sender_id = ?1 OR t.receiver_id = ?1) AND substr(t.created_at, 1, 7) = ?2 ORDER BY t.created_at",
        ) else {
            return Vec::new();
        };
        let ph = ctx.user_id("phone").unwrap_or(0);
        st.query_map(rusqlite::params![me, month, ph], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, f64>(4)?,
            ))
        })
        .map(|rows| {
            rows.filter_map(Result::ok)
                .filter(|(_, s, _, _, _)| both || *s == me)
                .map(|(d, s, sn, rn, a)| {
                    let cents = (a * 100.0).round() as i64;
                    if s == me {
                        (d, rn.to_lowercase(), if both { -cents } else { cents })
                    } else {
                        (d, sn.to_lowercase(), cents)
                    }
                })
                .collect()
        })
        .unwrap_or_default()
    };
    let parse = |content: &str| -> Vec<(String, String, i64)> {
        crate::kit::notes::lines(content)
            .iter()
            .skip(1)
            .filter_map(|l| {
                let parts: Vec<&str> = l.split(',').map(str::trim).collect();
                let [d, n, a] = parts.as_slice() else {
                    return None;
                };
                let a: f64 = a.trim_start_matches('$').parse().ok()?;
                Some((d.to_string(), n.to_lowercase(), (a * 100.0).round() as i64))
            })
            .collect()
    };
    let p1 = path.clone();
    parts.checks.push(Check::new(
        format!("{path} exists with the header date,name,amount"),
        move |ctx| match end_files(ctx).get(&p1) {
            None => Err("no such file".into()),
            Some(c)
                if crate::kit::notes::lines(c).first().map(String::as_str)
                    == Some("date,name,amount") =>
            {
                Ok(())
            }
            Some(_) => Err("another header".into()),
        },
    ));
    let p2 = path.clone();
    let what = if both {
        "transaction (sent and received, signed)"
    } else {
        "payment sent"
    };
    parts.checks.push(Check::new(
        format!("one line per {what} in {label}, with date, full name and amount"),
        move |ctx| {
            let Some(c) = end_files(ctx).get(&p2).cloned() else {
                return Err("no file".into());
            };
            let mut got = parse(&c);
            let mut want = expected(ctx);
            got.sort();
            want.sort();
            if got == want {
                Ok(())
            } else {
                Err(format!("{} lines, {} expected", got.len(), want.len()))
            }
        },
    ));
    let p3 = path.clone();
    let last = pays[8].4.to_string();
    let first = format!("{month}-01");
    let last2 = last.clone();
    parts.checks.push(Check::new(
        format!("the payments of {first} ($42.50) and {last} ($120.00) are in it"),
        move |ctx| {
            let c = end_files(ctx).get(&p3).cloned().unwrap_or_default();
            let rows = parse(&c);
            for (d, cents) in [(&first, 4250_i64), (&last2, 12000)] {
                if !rows.iter().any(|r| &r.0 == d && r.2.abs() == cents) {
                    return Err(format!("no line for {d}"));
                }
            }
            Ok(())
        },
    ));
    let p4 = path.clone();
    parts.checks.push(Check::new(
        format!("nothing from {prev_last} or {next_first}"),
        move |ctx| {
            let c = end_files(ctx).get(&p4).cloned().unwrap_or_default();
            match parse(&c)
                .iter()
                .find(|r| r.0 == prev_last || r.0 == next_first)
            {
                Some(r) => Err(format!("a line of {}", r.0)),
                None => Ok(()),
            }
        },
    ));
    let p5 = path.clone();
    parts
        .checks
        .push(Check::new("the lines are oldest first", move |ctx| {
            let c = end_files(ctx).get(&p5).cloned().unwrap_or_default();
            let rows = parse(&c);
            if rows.is_empty() {
                return Err("no lines".into());
            }
            if rows.windows(2).all(|w| w[0].0 <= w[1].0) {
                Ok(())
            } else {
                Err("out of order".into())
            }
        }));
    if both {
        let p6 = path.clone();
        let (recv_day, sent_day) = (format!("{month}-11"), format!("{month}-01"));
        parts.checks.push(Check::new(
            format!("signed amounts: +35.00 received on {recv_day}, -42.50 sent on {sent_day}"),
            move |ctx| {
                let c = end_files(ctx).get(&p6).cloned().unwrap_or_default();
                let rows = parse(&c);
                for (d, cents) in [(&recv_day, 3500_i64), (&sent_day, -4250)] {
                    if !rows.iter().any(|r| &r.0 == d && r.2 == cents) {
                        return Err(format!("no line of {d} for {:.2}", cents as f64 / 100.0));
                    }
                }
                Ok(())
            },
        ));
    } else {
        let p6 = path.clone();
        parts.checks.push(Check::new(
            "no money received is listed (the $35.00 and $22.40)",
            move |ctx| {
                let c = end_files(ctx).get(&p6).cloned().unwrap_or_default();
                match parse(&c).iter().find(|r| r.2 == 3500 || r.2 == 2240) {
                    Some(r) => Err(format!("a line of {}", r.0)),
                    None => Ok(()),
                }
            },
        ));
    }
    parts.allowed = vec![allow_fs_under(&[path.as_str(), "~/documents/finance/"])];
    parts
}

// ---- a playlist from a song list file ----------------------------------------------------

/// Catalog songs as a list file writes them: (id, title, first artist's name).
fn catalog_songs(
    db: &rusqlite::Connection,
    ids: &[i64],
) -> rusqlite::Result<Vec<(i64, String, String)>> {
    let mut out = Vec::new();
    for id in ids {
        out.push(db.query_row_cached(
            "SELECT s.id, s.title, a.name FROM spotify.songs s JOIN spotify.artists a ON a.id = json_extract(s.artist_ids, '$[0]') WHERE s.id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?);
    }
    Ok(out)
}

/// The list file's text: a heading and numbered `Title - Artist` lines; songs in `skip` are
/// marked `(no)`.
fn song_list(heading: &str, songs: &[(i64, String, String)], skip: &[i64]) -> String {
    let mut s = format!("{heading}\n\n");
    for (i, (id, title, artist)) in songs.iter().enumerate() {
        let mark = if skip.contains(id) { " (no)" } else { "" };
        s.push_str(&format!("{}. {title} - {artist}{mark}\n", i + 1));
    }
    s.trim_end().to_string()
}

/// "Make a playlist from the song list in my file system." Searching a title ranks near
/// misses first ("Lucky Road" before "Lucky Roads"), and some songs are pages down. Variant 1
/// has an older list beside it; variant 2's list names a song twice and wants a public
/// playlist; variant 3 marks songs to leave out.
fn playlist_from_file(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
    let (ids, skip, dup, path, title, public): (Vec<i64>, Vec<i64>, Option<i64>, &str, &str, bool) =
        match g.variant {
            1 => (
                vec![12, 18, 5, 20, 27, 19],
                vec![],
                None,
                "~/documents/music/road_trip.txt",
                "Road Trip",
                false,
            ),
            2 => (
                vec![9, 6, 13, 16, 12],
                vec![],
                Some(13),
                "~/downloads/brunch_songs.txt",
                "Sunday Brunch",
                true,
            ),
            _ => (
                vec![15, 8, 20, 18, 5, 27],
                vec![8, 5],
                None,
                "~/documents/music/gym_mix.txt",
                "Gym Mix",
                false,
            ),
        };
    let wanted: Vec<i64> = ids.iter().filter(|i| !skip.contains(i)).copied().collect();
    let instruction = match g.variant {
        1 => format!(
            "Create a private Spotify playlist called \"{title}\" with the songs listed in {path}, nothing else."
        ),
        2 => format!(
            "I saved the song list for Sunday's brunch somewhere in ~/downloads. Make a public Spotify playlist \"{title}\" with those songs (each once)."
        ),
        _ => format!(
            "Turn {path} into a private Spotify playlist named \"{title}\". Leave out the songs I marked with (no)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "spotify"];
    let (sup, path_s, ids_s, skip_s) = (p.clone(), path.to_string(), ids.clone(), skip.clone());
    let heading = format!("{title} songs");
    parts.setup.push(step(move |s| {
        let mut songs = catalog_songs(s.db, &ids_s)?;
        if let Some(d) = dup {
            let again = songs.iter().find(|x| x.0 == d).cloned();
            songs.extend(again);
        }
        s.add_file(
            &sup,
            &path_s,
            &song_list(&heading, &songs, &skip_s),
            now - Duration::days(3),
        )?;
        if path_s.contains("road_trip") {
            let old = catalog_songs(s.db, &[6, 9, 16])?;
            s.add_file(
                &sup,
                "~/documents/music/road_trip_2021.txt",
                &song_list("Road trip 2021", &old, &[]),
                now - Duration::days(700),
            )?;
        }
        if path_s.contains("downloads") {
            let other = catalog_songs(s.db, &[15, 8])?;
            s.add_file(
                &sup,
                "~/downloads/study_songs.txt",
                &song_list("Study songs", &other, &[]),
                now - Duration::days(30),
            )?;
        }
        Ok(())
    }));
    let find_file = if g.variant == 2 {
        "path = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=\"~/downloads/\", entry_type=\"files\") if \"brunch\" in apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"].lower()][0]".to_string()
    } else {
        format!("path = {}", py(path))
    };
    let make = |public_py: &str, dedupe: bool, honour_no: bool, first_hit: bool| {
        let no = if honour_no { " or m.group(3)" } else { "" };
        let dd = if dedupe {
            " or (m.group(1), m.group(2)) in pairs"
        } else {
            ""
        };
        let pick = if first_hit {
            "    found = apis.spotify.search_songs(access_token=sp, query=t)[0]"
        } else {
            "    found = None\n    page = 0\n    while found is None and page < 10:\n        for s in apis.spotify.search_songs(access_token=sp, query=t, page_index=page, page_limit=20):\n            if s[\"title\"] == t and any(x[\"name\"] == a for x in s[\"artists\"]):\n                found = s\n        page += 1"
        };
        format!(
            "sp = login(\"spotify\")\n{find_file}\ncontent = apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"]\npairs = []\nfor line in content.splitlines():\n    m = re.match(r\"^\\s*\\d+\\.\\s*(.+?) - (.+?)(\\s*\\(no\\))?\\s*$\", line)\n    if not m{no}{dd}:\n        continue\n    pairs.append((m.group(1), m.group(2)))\npid = apis.spotify.create_playlist(access_token=sp, title={}, is_public={public_py})[\"playlist_id\"]\nfor t, a in pairs:\n{pick}\n    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=pid, song_id=found[\"song_id\"])\napis.supervisor.complete_task()",
            py(title)
        )
    };
    let pub_py = if public { "True" } else { "False" };
    let other_pub = if public { "False" } else { "True" };
    parts.ground_truth = vec![fs_login(), make(pub_py, true, true, false)];
    parts.wrong = vec![
        solution(
            "adds the first search result for each title",
            vec![fs_login(), make(pub_py, true, true, true)],
        ),
        solution(
            if public {
                "makes the playlist private"
            } else {
                "makes the playlist public"
            },
            vec![fs_login(), make(other_pub, true, true, false)],
        ),
    ];
    match g.variant {
        1 => parts.wrong.push(solution(
            "uses the 2021 road trip list",
            vec![
                fs_login(),
                make(pub_py, true, true, false).replace(
                    "path = \"~/documents/music/road_trip.txt\"",
                    "path = \"~/documents/music/road_trip_2021.txt\"",
                ),
            ],
        )),
        2 => parts.wrong.push(solution(
            "takes the study song list in ~/downloads",
            vec![
                fs_login(),
                make(pub_py, true, true, false).replace("if \"brunch\" in", "if \"study\" in"),
            ],
        )),
        _ => parts.wrong.push(solution(
            "keeps the songs marked (no)",
            vec![fs_login(), make(pub_py, true, false, false)],
        )),
    }
    let new_playlists = |ctx: &EvalCtx| -> Vec<(i64, String, bool)> {
        added(ctx, "spotify", "playlists")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == ctx.user_id("spotify"))
            .map(|r| {
                (
                    r.id,
                    r.get("title").as_str().unwrap_or("").trim().to_string(),
                    r.get("is_public").as_i64() == Some(1)
                        || r.get("is_public").as_bool() == Some(true),
                )
            })
            .collect()
    };
    let songs_of = |ctx: &EvalCtx, playlist: i64| -> Vec<i64> {
        added(ctx, "spotify", "playlist_songs")
            .into_iter()
            .filter(|r| r.get("playlist_id").as_i64() == Some(playlist))
            .filter_map(|r| r.get("song_id").as_i64())
            .collect()
    };
    let t1 = title.to_string();
    parts.checks.push(Check::new(
        format!("one new playlist \"{title}\""),
        move |ctx| {
            let all = new_playlists(ctx);
            let n = all.iter().filter(|x| x.1 == t1).count();
            if n == 1 && all.len() == 1 {
                Ok(())
            } else {
                Err(format!("{} new playlists, {n} so named", all.len()))
            }
        },
    ));
    let t2 = title.to_string();
    parts.checks.push(Check::new(
        format!("it is {}", if public { "public" } else { "private" }),
        move |ctx| match new_playlists(ctx).iter().find(|x| x.1 == t2) {
            Some(x) if x.2 == public => Ok(()),
            Some(_) => Err("wrong visibility".into()),
            None => Err("no playlist".into()),
        },
    ));
    let t3 = title.to_string();
    let w1 = wanted.clone();
    parts.checks.push(Check::new(
        format!(
            "it holds exactly the {} listed songs (ids {w1:?})",
            w1.len()
        ),
        move |ctx| {
            let Some(pl) = new_playlists(ctx).into_iter().find(|x| x.1 == t3) else {
                return Err("no playlist".into());
            };
            let got: BTreeSet<i64> = songs_of(ctx, pl.0).into_iter().collect();
            let want: BTreeSet<i64> = w1.iter().copied().collect();
            if got == want {
                Ok(())
            } else {
                Err(format!("it holds {got:?}"))
            }
        },
    ));
    let t4 = title.to_string();
    parts
        .checks
        .push(Check::new("each song is in it once", move |ctx| {
            let Some(pl) = new_playlists(ctx).into_iter().find(|x| x.1 == t4) else {
                return Err("no playlist".into());
            };
            let songs = songs_of(ctx, pl.0);
            let set: BTreeSet<i64> = songs.iter().copied().collect();
            if songs.is_empty() {
                Err("it is empty".into())
            } else if set.len() == songs.len() {
                Ok(())
            } else {
                Err(format!("{} entries for {} songs", songs.len(), set.len()))
            }
        }));
    let avoid: Vec<i64> = match g.variant {
        1 => vec![6, 9, 16],
        2 => vec![15, 8],
        _ => skip.clone(),
    };
    let what = match g.variant {
        1 => "no song of the 2021 list",
        2 => "no song of the study list",
        _ => "no song marked (no)",
    };
    parts.checks.push(Check::new(
        format!("{what} (ids {avoid:?})"),
        move |ctx| match added(ctx, "spotify", "playlist_songs")
            .iter()
            .filter_map(|r| r.get("song_id").as_i64())
            .find(|s| avoid.contains(s))
        {
            Some(s) => Err(format!("song {s} was added")),
            None => Ok(()),
        },
    ));
    parts.allowed = vec![
        allow_added(
            "the supervisor's new playlist",
            "spotify",
            "playlists",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("spotify"),
        ),
        allow_added(
            "songs of the supervisor's playlists",
            "spotify",
            "playlist_songs",
            |ctx, r| {
                r.get("playlist_id").as_i64().is_some_and(|pl| {
                    ctx.db
                        .query_row_cached(
                            "SELECT user_id FROM spotify.playlists WHERE id = ?1",
                            [pl],
                            |row| row.get::<_, i64>(0),
                        )
                        .ok()
                        == ctx.user_id("spotify")
                })
            },
        ),
    ];
    parts
}
