//! Add items to one grocery list note, one `- item` line each (variant 3: only the missing
//! ones); another list is the distractor.

use super::set;
use crate::diff::ChangeKind;
use crate::kit::notes::{allow_updates, end_notes, lines};
use crate::kit::notes::{exactly_changed, none_changed};
use crate::kit::python::{py, solution};
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix};
use std::collections::BTreeSet;

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let (title, other, items): (&str, &str, Vec<&str>) = match g.variant {
        1 => (
            "Grocery List - Weekend",
            "Grocery List - Party",
            vec!["oat milk", "apples"],
        ),
        2 => (
            "Grocery List - Party",
            "Grocery List - Weekend",
            vec!["tortilla chips", "salsa", "limes"],
        ),
        _ => (
            "Grocery List - Weekend",
            "Grocery List - Party",
            vec!["eggs", "bananas"],
        ),
    };
    let start = ["bread", "eggs", "spinach"];
    let body = start
        .iter()
        .map(|s| format!("- {s}"))
        .collect::<Vec<_>>()
        .join("\n");
    let ours = vec![
        g.note(title, &body, &["groceries"], false, 3),
        g.note(other, "- cheese\n- crackers", &["groceries"], false, 4),
    ];
    let filler = g.filler(&p, 7, &[], &[title, other]);
    let missing: Vec<&str> = items
        .iter()
        .copied()
        .filter(|i| !start.contains(i))
        .collect();
    let quoted = items
        .iter()
        .map(|i| format!("\"{i}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let instruction = if g.variant == 3 {
        format!(
            "Make sure my SimpleNote note \"{title}\" lists {quoted}, each on its own line as \"- item\"; do not add an item that is already there."
        )
    } else {
        format!(
            "Add {quoted} to my SimpleNote note \"{title}\", each on its own line as \"- item\"."
        )
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    let py_items = format!(
        "[{}]",
        items.iter().map(|i| py(i)).collect::<Vec<_>>().join(", ")
    );
    let script = Script::parse(include_str!("grocery_add.py"));
    let vals = |t: &str| Vals::new().lit("title", t).code("items", &py_items);
    let add = |t: &str, only_missing: bool| {
        let add = if only_missing {
            "add_missing"
        } else {
            "add_all"
        };
        vec![
            script.cell("login", &vals(t)),
            script.cells(&["find", add], &vals(t)).join("\n"),
            script.cell("done", &vals(t)),
        ]
    };
    parts.ground_truth = add(title, true);
    parts.wrong = vec![
        solution("adds the items to the other list", add(other, true)),
        solution(
            "replaces the list with the new items",
            script.cells(&["login", "find", "replace"], &vals(title)),
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "adds an item that was already there",
            add(title, false),
        ));
    }
    let want: Vec<String> = start
        .iter()
        .map(|s| format!("- {s}"))
        .chain(missing.iter().map(|s| format!("- {s}")))
        .collect();
    let t = title.to_string();
    parts.checks = vec![Check::new(
        format!("{title:?} lists exactly: {}", want.join(", ")),
        move |ctx| {
            let Some((_, content, ..)) = end_notes(ctx).into_iter().find(|n| n.0 == t) else {
                return Err("the note is gone".into());
            };
            let mut got = lines(&content);
            let mut w = want.clone();
            got.sort();
            w.sort();
            if got == w {
                Ok(())
            } else {
                Err(format!("it lists: {}", lines(&content).join(", ")))
            }
        },
    )];
    let t = title.to_string();
    parts.checks.push(Check::new(
        format!("no item is listed twice in {title:?}"),
        move |ctx| {
            let Some((_, content, ..)) = end_notes(ctx).into_iter().find(|n| n.0 == t) else {
                return Err("the note is gone".into());
            };
            let all = lines(&content);
            let distinct: BTreeSet<&String> = all.iter().collect();
            if distinct.len() == all.len() {
                Ok(())
            } else {
                Err(format!("it lists: {}", all.join(", ")))
            }
        },
    ));
    parts.checks.push(exactly_changed(
        format!("only {title:?} was edited (not {other:?})"),
        ChangeKind::Updated,
        set(&[title]),
    ));
    parts
        .checks
        .push(none_changed("no note was added", ChangeKind::Added));
    parts.allowed = vec![allow_updates(vec![title.to_string()], &["content"])];
    parts
}
