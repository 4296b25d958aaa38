//! Rename a tag on every note that has it, keeping the other tags (variant 3: remove it).

use crate::diff::ChangeKind;
use crate::kit::notes::{allow_updates, end_notes};
use crate::kit::notes::{exactly_changed, none_changed};
use crate::kit::python::{py, solution};
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let (old, new) = match g.variant {
        1 => ("todo", Some("done")),
        2 => ("wip", Some("in-progress")),
        _ => ("old", None),
    };
    let mut ours = Vec::new();
    for i in 0..7 {
        let tags: Vec<&str> = match i % 3 {
            0 => vec![old],
            1 => vec![old, "personal"],
            _ => vec!["work", old],
        };
        ours.push(g.note(
            &format!("Item {} [{old}]", i + 1),
            "Details inside.",
            &tags,
            i == 2,
            (i + 1) * 5,
        ));
    }
    ours.push(g.note(
        "Goldilocks notes",
        "Not the tag.",
        &["golden", "oldies"],
        false,
        12,
    ));
    let filler = g.filler(&p, 5, &[old], &[]);
    let notes = mix(&mut g.rng, filler, ours);
    let expected: BTreeMap<String, BTreeSet<String>> = notes
        .iter()
        .map(|n| {
            let tags = n
                .tags
                .iter()
                .filter_map(|t| {
                    if t == old {
                        new.map(str::to_string)
                    } else {
                        Some(t.clone())
                    }
                })
                .collect();
            (n.title.clone(), tags)
        })
        .collect();
    let targets: Vec<String> = notes
        .iter()
        .filter(|n| n.tags.iter().any(|t| t == old))
        .map(|n| n.title.clone())
        .collect();
    let instruction = match new {
        Some(new) => format!(
            "In SimpleNote, replace the tag \"{old}\" with \"{new}\" on every note of mine that has it. Keep their other tags."
        ),
        None => format!(
            "Remove the tag \"{old}\" from every SimpleNote note of mine that has it. Keep their other tags."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    let script = Script::parse(include_str!("retag.py"));
    // `new` as a list item ("" when the tag is removed).
    let vals = Vals::new()
        .lit("old", old)
        .code("new", new.map(py).unwrap_or_default());
    let cells = |names: &[&str]| script.cells(names, &vals);
    let update = if new.is_some() { "rename" } else { "remove" };
    parts.ground_truth = cells(&["login", "tagged", update, "done"]);
    parts.wrong = vec![
        solution(
            "drops the other tags",
            cells(&["login", "tagged", "tags_only_new", "done"]),
        ),
        solution(
            "handles only the first page",
            cells(&["login", "first_page", update, "done"]),
        ),
    ];
    parts.checks = vec![Check::new(
        "every note has the tags it should (the old tag replaced, the others kept)",
        move |ctx| {
            let wrong: Vec<String> = end_notes(ctx)
                .into_iter()
                .filter(|(title, _, tags, _)| expected.get(title).is_some_and(|e| e != tags))
                .map(|(title, _, tags, _)| format!("{title} has {tags:?}"))
                .collect();
            if wrong.is_empty() {
                Ok(())
            } else {
                Err(wrong.join("; "))
            }
        },
    )];
    let old_s = old.to_string();
    parts.checks.push(Check::new(
        format!("no note has the tag {old:?} any more"),
        move |ctx| {
            let left: Vec<String> = end_notes(ctx)
                .into_iter()
                .filter(|n| n.2.contains(&old_s))
                .map(|n| n.0)
                .collect();
            if left.is_empty() {
                Ok(())
            } else {
                Err(format!("still tagged: {}", left.join(", ")))
            }
        },
    ));
    parts.checks.push(exactly_changed(
        format!(
            "exactly the {} notes that had {old:?} changed",
            targets.len()
        ),
        ChangeKind::Updated,
        targets.iter().cloned().collect(),
    ));
    parts
        .checks
        .push(none_changed("no note was deleted", ChangeKind::Removed));
    parts.allowed = vec![allow_updates(targets, &["tags"])];
    parts
}
