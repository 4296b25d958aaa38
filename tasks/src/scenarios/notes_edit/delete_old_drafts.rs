//! Delete the drafts created before a date (variant 3: not updated since a date); old notes
//! without the tag and recent drafts stay.

use crate::diff::ChangeKind;
use crate::kit::notes::none_changed;
use crate::kit::notes::{end_notes, is_own_note, row_tags};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};
use apps::simple_note::seed::NoteSeed;
use chrono::Duration;
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    /// The cutoff date and whether it applies to the last update (else to the creation).
    cutoff: &'static str,
    by_update: bool,
    /// The drafts to delete (in the notes' order, and as a set) and those to keep.
    doomed: Vec<String>,
    doomed_set: BTreeSet<String>,
    kept: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("delete_old_drafts.py");

    /// The drafts, the other notes and which drafts go.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let (cutoff, by_update) = match g.variant {
            1 => ("2023-01-01", false),
            2 => ("2022-11-15", false),
            _ => ("2023-03-01", true),
        };
        let mut ours: Vec<NoteSeed> = Vec::new();
        for (i, days) in [30, 90, 150, 200, 260, 330, 420].iter().enumerate() {
            let mut n = g.note(
                &format!("Draft: chapter {}", i + 1),
                "Rough ideas.",
                &["draft"],
                false,
                *days,
            );
            if i % 2 == 1 {
                // Old drafts touched recently: only variant 3 must keep them.
                n.updated_at = g.now - Duration::days(10 + i as i64);
            }
            ours.push(n);
        }
        for (i, days) in [100, 300, 500].iter().enumerate() {
            ours.push(g.note(
                &format!("Final: essay {}", i + 1),
                "Done.",
                &["writing"],
                false,
                *days,
            ));
        }
        let filler = g.filler(&p, 5, &["draft"], &[]);
        let notes = mix(&mut g.rng, filler, ours);
        let doomed: Vec<String> = notes
            .iter()
            .filter(|n| n.tags.iter().any(|t| t == "draft"))
            .filter(|n| {
                let at = if by_update {
                    n.updated_at
                } else {
                    n.created_at
                };
                sim::clock::fmt_datetime(at).as_str() < cutoff
            })
            .map(|n| n.title.clone())
            .collect();
        let kept: Vec<String> = notes
            .iter()
            .filter(|n| n.tags.iter().any(|t| t == "draft") && !doomed.contains(&n.title))
            .map(|n| n.title.clone())
            .collect();
        let instruction = if by_update {
            format!(
                "Delete my SimpleNote notes tagged \"draft\" that have not been updated since {cutoff} (last updated before that date)."
            )
        } else {
            format!(
                "Delete my SimpleNote notes tagged \"draft\" that were created before {cutoff}."
            )
        };
        let values = Values {
            cutoff,
            by_update,
            doomed_set: doomed.iter().cloned().collect(),
            doomed,
            kept,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (field, other_field) = if v.by_update {
            ("updated_at", "created_at")
        } else {
            ("created_at", "updated_at")
        };
        let solve = |delete: &str, field: &str| {
            let vals = Vals::new().lit("field", field).lit("cutoff", v.cutoff);
            script.cells(&["login", "drafts", delete, "done"], &vals)
        };
        let wrong = vec![
            solution("deletes every draft", solve("delete_all", field)),
            solution(
                &format!("compares {other_field} instead of {field}"),
                solve("delete_older", other_field),
            ),
        ];
        (solve("delete_older", field), wrong)
    }

    /// Exactly the old drafts deleted; the newer drafts and the other notes kept, none edited.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("exactly these notes were deleted: {}", v.doomed.join(", ")),
                |v, ctx| {
                    let removed: BTreeSet<String> = ctx
                        .diff
                        .of_kind("simple_note", "notes", ChangeKind::Removed)
                        .filter(|r| is_own_note(ctx, r))
                        .filter_map(|r| r.get("title").as_str().map(str::to_string))
                        .collect();
                    let missing: Vec<_> = v.doomed_set.difference(&removed).cloned().collect();
                    let extra: Vec<_> = removed.difference(&v.doomed_set).cloned().collect();
                    match (missing.is_empty(), extra.is_empty()) {
                        (true, true) => Ok(()),
                        _ => Err(format!(
                            "not deleted: [{}]; deleted but should stay: [{}]",
                            missing.join(", "),
                            extra.join(", ")
                        )),
                    }
                },
            ),
            v.check(
                format!("the newer drafts are still there: {}", v.kept.join(", ")),
                |v, ctx| {
                    let have: BTreeSet<String> = end_notes(ctx).into_iter().map(|n| n.0).collect();
                    let gone: Vec<_> = v
                        .kept
                        .iter()
                        .filter(|t| !have.contains(*t))
                        .cloned()
                        .collect();
                    if gone.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("deleted: {}", gone.join(", ")))
                    }
                },
            ),
            Check::new("notes without the tag \"draft\" were kept", |ctx| {
                let gone: Vec<String> = ctx
                    .diff
                    .of_kind("simple_note", "notes", ChangeKind::Removed)
                    .filter(|r| is_own_note(ctx, r) && !row_tags(r).contains("draft"))
                    .filter_map(|r| r.get("title").as_str().map(str::to_string))
                    .collect();
                if gone.is_empty() {
                    Ok(())
                } else {
                    Err(format!("deleted: {}", gone.join(", ")))
                }
            }),
            none_changed("no note was edited", ChangeKind::Updated),
        ]
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![v.allow("deleting the old drafts", |v, ctx, r| {
            is_own_note(ctx, r)
                && r.kind() == ChangeKind::Removed
                && r.get("title")
                    .as_str()
                    .is_some_and(|t| v.doomed_set.contains(t))
        })]
    }
}
