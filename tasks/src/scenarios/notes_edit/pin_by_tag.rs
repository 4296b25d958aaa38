//! Pin every note with a tag (variant 3: unpin every pinned note without it); more tagged notes
//! than one page, and pinned distractors with other tags.

use crate::diff::ChangeKind;
use crate::kit::notes::{allow_updates, end_notes};
use crate::kit::notes::{exactly_changed, none_changed};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};

/// What a variant drew.
pub(super) struct Values {
    /// The tag, and whether to unpin the untagged notes (variant 3) instead of pinning.
    tag: &'static str,
    unpin: bool,
    /// The notes whose pin must change.
    targets: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("pin_by_tag.py");

    /// The tagged notes, the pinned distractors, the fillers and the notes to change.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let tag = if g.variant == 2 {
            "follow-up"
        } else {
            "urgent"
        };
        let mut ours = Vec::new();
        for i in 0..7 {
            ours.push(g.note(
                &format!("Task {} ({tag})", i + 1),
                &format!("Handle item {}.", i + 1),
                &[tag],
                i % 3 == 1,
                (i + 1) * 6,
            ));
        }
        for i in 0..4 {
            ours.push(g.note(
                &format!("Someday {}", i + 1),
                "Maybe later.",
                &["someday", "not-urgent"],
                i % 2 == 0,
                (i + 2) * 8,
            ));
        }
        let filler = g.filler(&p, 5, &[tag], &[]);
        let notes = mix(&mut g.rng, filler, ours);
        let unpin = g.variant == 3;
        let targets: Vec<String> = notes
            .iter()
            .filter(|n| {
                let tagged = n.tags.iter().any(|t| t == tag);
                if unpin {
                    !tagged && n.pinned
                } else {
                    tagged && !n.pinned
                }
            })
            .map(|n| n.title.clone())
            .collect();
        let instruction = if unpin {
            format!("In SimpleNote, unpin every pinned note of mine that is not tagged \"{tag}\".")
        } else {
            format!("Pin all of my SimpleNote notes that have the tag \"{tag}\".")
        };
        let values = Values {
            tag,
            unpin,
            targets,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (tag, unpin) = (v.tag, v.unpin);
        let vals = Vals::new()
            .lit("tag", tag)
            .code("pinned", if unpin { "False" } else { "True" });
        let cells = |names: &[&str]| script.cells(names, &vals);
        let (all, first_page, gt_loop) = if unpin {
            ("all_notes", "first_page_all", "unpin_untagged")
        } else {
            ("tagged", "first_page_tagged", "pin_unpinned")
        };
        let ground_truth = cells(&["login", all, gt_loop, "done"]);
        let wrong = vec![
            solution(
                "handles only the first page of notes",
                cells(&["login", first_page, gt_loop, "done"]),
            ),
            solution(
                if unpin {
                    "unpins every note"
                } else {
                    "pins every note"
                },
                cells(&["login", "all_notes", "set_every", "done"]),
            ),
        ];
        (ground_truth, wrong)
    }

    /// The pins as asked; exactly the targets changed, nothing added or deleted.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (tag, unpin, targets) = (v.tag, v.unpin, &v.targets);
        let tag_s = tag.to_string();
        let mut checks = vec![Check::new(
            if unpin {
                format!("no note without the tag {tag:?} is pinned; tagged notes keep their pin")
            } else {
                format!("every note tagged {tag:?} is pinned")
            },
            move |ctx| {
                let wrong: Vec<String> = end_notes(ctx)
                    .into_iter()
                    .filter(|(_, _, tags, pinned)| {
                        let tagged = tags.contains(&tag_s);
                        if unpin {
                            !tagged && *pinned
                        } else {
                            tagged && !*pinned
                        }
                    })
                    .map(|(t, ..)| t)
                    .collect();
                if wrong.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not done for: {}", wrong.join(", ")))
                }
            },
        )];
        checks.push(exactly_changed(
            format!("exactly these notes changed: {}", targets.join(", ")),
            ChangeKind::Updated,
            targets.iter().cloned().collect(),
        ));
        checks.push(none_changed("no note was deleted", ChangeKind::Removed));
        checks.push(none_changed("no note was added", ChangeKind::Added));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_updates(v.targets.clone(), &["pinned"])]
    }
}
