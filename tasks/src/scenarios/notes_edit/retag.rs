//! Rename a tag on every note that has it, keeping the other tags (variant 3: remove it).

use crate::diff::ChangeKind;
use crate::kit::notes::{allow_updates, end_notes};
use crate::kit::notes::{exactly_changed, none_changed};
use crate::kit::python::{py, solution};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};
use std::collections::{BTreeMap, BTreeSet};

/// What a variant drew.
pub(super) struct Values {
    /// The tag to replace and its replacement (None: remove it).
    old: &'static str,
    new: Option<&'static str>,
    /// Every note's title and the tags it should end with.
    expected: BTreeMap<String, BTreeSet<String>>,
    /// The notes that have the old tag.
    targets: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("retag.py");

    /// The tagged notes and the others.
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let values = Values {
            old,
            new,
            expected,
            targets,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `new` as a list item ("" when the tag is removed).
        let vals = Vals::new()
            .lit("old", v.old)
            .code("new", v.new.map(py).unwrap_or_default());
        let cells = |names: &[&str]| script.cells(names, &vals);
        let update = if v.new.is_some() { "rename" } else { "remove" };
        let wrong = vec![
            solution(
                "drops the other tags",
                cells(&["login", "tagged", "tags_only_new", "done"]),
            ),
            solution(
                "handles only the first page",
                cells(&["login", "first_page", update, "done"]),
            ),
        ];
        (cells(&["login", "tagged", update, "done"]), wrong)
    }

    /// Every note has its expected tags, the old tag is gone, exactly the tagged notes changed.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                "every note has the tags it should (the old tag replaced, the others kept)",
                |v, ctx| {
                    let wrong: Vec<String> = end_notes(ctx)
                        .into_iter()
                        .filter(|(title, _, tags, _)| {
                            v.expected.get(title).is_some_and(|e| e != tags)
                        })
                        .map(|(title, _, tags, _)| format!("{title} has {tags:?}"))
                        .collect();
                    if wrong.is_empty() {
                        Ok(())
                    } else {
                        Err(wrong.join("; "))
                    }
                },
            ),
            v.check(
                format!("no note has the tag {:?} any more", v.old),
                |v, ctx| {
                    let left: Vec<String> = end_notes(ctx)
                        .into_iter()
                        .filter(|n| n.2.contains(v.old))
                        .map(|n| n.0)
                        .collect();
                    if left.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("still tagged: {}", left.join(", ")))
                    }
                },
            ),
            exactly_changed(
                format!(
                    "exactly the {} notes that had {:?} changed",
                    v.targets.len(),
                    v.old
                ),
                ChangeKind::Updated,
                v.targets.iter().cloned().collect(),
            ),
            none_changed("no note was deleted", ChangeKind::Removed),
        ]
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_updates(v.targets.clone(), &["tags"])]
    }
}
