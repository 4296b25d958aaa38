//! "Delete the duplicate files in ~/downloads (same content, other names), keeping the oldest
//! of each, and note the names deleted." Names mislead: the oldest copy is sometimes the one
//! called "copy"; a near-duplicate (one figure differs) must stay. Variant 3 keeps the newest.

use super::{allow_fs_under, allow_new_notes, base, dated, files_at, files_step, fs_login};
use crate::eval::EvalCtx;
use crate::kit::files::{end_files, removed_files};
use crate::kit::notes::added_notes;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::NaiveDateTime;
use std::collections::{BTreeMap, BTreeSet};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The designed files of ~/downloads: (name, content, days ago).
    files: Vec<(&'static str, String, i64)>,
    /// The files the setup writes.
    setup_files: Vec<(String, String, NaiveDateTime)>,
    /// The near-duplicate lease's content.
    near: String,
    /// Which copy of each set to keep (variant 3: the newest).
    keep_newest: bool,
    /// The note to write.
    title: &'static str,
    /// The names that stay and those that go.
    keep: Vec<String>,
    gone: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "simple_note"];
    const SCRIPT: &str = include_str!("dedupe_downloads.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let lease = "Residential Lease Agreement\nTenant: {name}\nMonthly rent: $1,850.00\nTerm: 12 months from June 1, 2023".replace("{name}", &format!("{} {}", p.first_name, p.last_name));
        let near = lease.replace("1,850.00", "1,875.00");
        let tickets = "E-ticket\nThe Lumineers - Section B row 12\nOrder 88213, 2 tickets";
        let photo = "JPEG image: sunset from the balcony";
        let insurance = "Auto insurance card\nPolicy 55-2210-87\nValid through 2024-01-31";
        // (name, content, days ago)
        let mut files: Vec<(&'static str, String, i64)> = vec![
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
        let setup_files: Vec<(String, String, NaiveDateTime)> = files
            .iter()
            .map(|(n, c, d)| dated(now, &format!("~/downloads/{n}"), c, *d))
            .collect();
        let (keep, gone) = keep_and_gone(&files, keep_newest);
        let v = Values {
            supervisor: p,
            files,
            setup_files,
            near,
            keep_newest,
            title,
            keep,
            gone,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (title, keep_newest) = (v.title, v.keep_newest);
        let pick = if keep_newest { "-1" } else { "0" };
        let none = Vals::new();
        let dedupe = |key: &str, pick: &str, note: bool| {
            let vals = Vals::new()
                .code("key", script.cell(key, &none))
                .code("pick", pick)
                .lit("title", title);
            let names: &[&str] = if note {
                &["dedupe", "note", "finish"]
            } else {
                &["dedupe", "finish"]
            };
            script.cells(names, &vals).join("\n")
        };
        let ground_truth = vec![fs_login(), dedupe("by_content", pick, true)];
        let other_pick = if keep_newest { "0" } else { "-1" };
        let wrong = vec![
            solution(
                if keep_newest {
                    "keeps the oldest copy instead of the newest"
                } else {
                    "keeps the newest copy instead of the oldest"
                },
                vec![fs_login(), dedupe("by_content", other_pick, true)],
            ),
            solution(
                "groups files by their first line, deleting the near-duplicate lease too",
                vec![fs_login(), dedupe("by_first_line", pick, true)],
            ),
            solution(
                "deletes the duplicates but writes no note",
                vec![fs_login(), dedupe("by_content", pick, false)],
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let content_of = |n: &str| -> String {
            v.files
                .iter()
                .find(|(x, _, _)| *x == n)
                .map(|(_, c, _)| c.clone())
                .unwrap_or_default()
        };
        vec![
            files_at(
                format!("kept: {}", v.keep.join(", ")),
                v.keep
                    .iter()
                    .map(|n| (format!("~/downloads/{n}"), content_of(n)))
                    .collect(),
            ),
            files_gone(
                format!("deleted: {}", v.gone.join(", ")),
                v.gone.iter().map(|n| format!("~/downloads/{n}")).collect(),
            ),
            files_at(
                "the near-duplicate lease_agreement_v2.pdf is kept".into(),
                vec![("~/downloads/lease_agreement_v2.pdf".into(), v.near.clone())],
            ),
            v.check(
                "no other file was deleted (the Amazon receipts stay)",
                |v, ctx| match removed_files(ctx)
                    .iter()
                    .find(|(p, _)| !v.gone.iter().any(|g| g == base(p)))
                {
                    Some((p, _)) => Err(format!("{p} was deleted")),
                    None => Ok(()),
                },
            ),
            v.check(format!("one new note titled \"{}\"", v.title), |v, ctx| {
                let n = added_notes(ctx)
                    .iter()
                    .filter(|(x, _)| x.trim() == v.title)
                    .count();
                if n == 1 {
                    Ok(())
                } else {
                    Err(format!("{n} such notes"))
                }
            }),
            v.check(
                format!("the note lists exactly {}, one per line", v.gone.join(", ")),
                note_lists_gone,
            ),
        ]
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![files_step(&v.supervisor, &v.setup_files)]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_fs_under(&["~/downloads/"]), allow_new_notes()]
    }
}

/// The names kept and deleted: all but the oldest (newest) of each content group of size > 1.
fn keep_and_gone(files: &[(&str, String, i64)], keep_newest: bool) -> (Vec<String>, Vec<String>) {
    let mut groups: BTreeMap<&str, Vec<(&str, i64)>> = BTreeMap::new();
    for (n, c, d) in files {
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
    (keep, gone)
}

/// Does the new note list exactly the deleted names?
fn note_lists_gone(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let notes = added_notes(ctx);
    let Some((_, content)) = notes.iter().find(|(x, _)| x.trim() == v.title) else {
        return Err("no note".into());
    };
    let got: BTreeSet<String> = crate::kit::notes::lines(content)
        .iter()
        .map(|l| base(l.trim_start_matches(['-', '*', ' '])).to_string())
        .collect();
    if got == v.gone.iter().cloned().collect::<BTreeSet<String>>() {
        Ok(())
    } else {
        Err(format!("the note lists {got:?}"))
    }
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
