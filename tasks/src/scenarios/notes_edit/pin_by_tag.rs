//! Pin every note with a tag (variant 3: unpin every pinned note without it); more tagged notes
//! than one page, and pinned distractors with other tags.

use crate::diff::ChangeKind;
use crate::kit::notes::{allow_updates, end_notes};
use crate::kit::notes::{exactly_changed, none_changed};
use crate::kit::python::{LOGIN, all_notes, py, solution};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix};

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    let gt_loop = if unpin {
        format!(
            "for n in notes:\n    if n[\"pinned\"] and {} not in [t.lower() for t in n[\"tags\"]]:\n        apis.simple_note.update_note(access_token=token, note_id=n[\"note_id\"], pinned=False)",
            py(tag)
        )
    } else {
        "for n in notes:\n    if not n[\"pinned\"]:\n        apis.simple_note.update_note(access_token=token, note_id=n[\"note_id\"], pinned=True)".to_string()
    };
    let filter = if unpin {
        String::new()
    } else {
        format!("tags=[{}]", py(tag))
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        all_notes(&filter),
        gt_loop.clone(),
        "apis.supervisor.complete_task()".into(),
    ];
    let sep = if filter.is_empty() { "" } else { ", " };
    parts.wrong = vec![
        solution(
            "handles only the first page of notes",
            vec![
                LOGIN.to_string(),
                format!("notes = apis.simple_note.search_notes(access_token=token{sep}{filter})"),
                gt_loop,
                "apis.supervisor.complete_task()".into(),
            ],
        ),
        solution(
            if unpin {
                "unpins every note"
            } else {
                "pins every note"
            },
            vec![
                LOGIN.to_string(),
                all_notes(""),
                format!(
                    "for n in notes:\n    apis.simple_note.update_note(access_token=token, note_id=n[\"note_id\"], pinned={})",
                    if unpin { "False" } else { "True" }
                ),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
    ];
    let tag_s = tag.to_string();
    parts.checks = vec![Check::new(
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
    parts.checks.push(exactly_changed(
        format!("exactly these notes changed: {}", targets.join(", ")),
        ChangeKind::Updated,
        targets.iter().cloned().collect(),
    ));
    parts
        .checks
        .push(none_changed("no note was deleted", ChangeKind::Removed));
    parts
        .checks
        .push(none_changed("no note was added", ChangeKind::Added));
    parts.allowed = vec![allow_updates(targets, &["pinned"])];
    parts
}
