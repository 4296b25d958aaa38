//! Add items to one grocery list note, one `- item` line each (variant 3: only the missing
//! ones); another list is the distractor.

use super::set;
use crate::diff::ChangeKind;
use crate::kit::notes::{allow_updates, end_notes, lines};
use crate::kit::notes::{exactly_changed, none_changed};
use crate::kit::python::{py, solution};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    /// The list to add to and the other list.
    title: &'static str,
    other: &'static str,
    /// The items to add, as a Python list.
    py_items: String,
    /// The list's lines once the items are in.
    want: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("grocery_add.py");

    /// The lists, the items and the notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            variant: g.variant,
            title,
            other,
            py_items: format!(
                "[{}]",
                items.iter().map(|i| py(i)).collect::<Vec<_>>().join(", ")
            ),
            want: start
                .iter()
                .chain(&missing)
                .map(|s| format!("- {s}"))
                .collect(),
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = |t: &str| Vals::new().lit("title", t).code("items", &v.py_items);
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
        let mut wrong = vec![
            solution("adds the items to the other list", add(v.other, true)),
            solution(
                "replaces the list with the new items",
                script.cells(&["login", "find", "replace"], &vals(v.title)),
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "adds an item that was already there",
                add(v.title, false),
            ));
        }
        (add(v.title, true), wrong)
    }

    /// The list holds exactly the wanted lines, each once; only it was edited, nothing added.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (title, other) = (v.title, v.other);
        vec![
            v.check(
                format!("{title:?} lists exactly: {}", v.want.join(", ")),
                |v, ctx| {
                    let Some((_, content, ..)) =
                        end_notes(ctx).into_iter().find(|n| n.0 == v.title)
                    else {
                        return Err("the note is gone".into());
                    };
                    let mut got = lines(&content);
                    let mut w = v.want.clone();
                    got.sort();
                    w.sort();
                    if got == w {
                        Ok(())
                    } else {
                        Err(format!("it lists: {}", lines(&content).join(", ")))
                    }
                },
            ),
            v.check(format!("no item is listed twice in {title:?}"), |v, ctx| {
                let Some((_, content, ..)) = end_notes(ctx).into_iter().find(|n| n.0 == v.title)
                else {
                    return Err("the note is gone".into());
                };
                let all = lines(&content);
                let distinct: BTreeSet<&String> = all.iter().collect();
                if distinct.len() == all.len() {
                    Ok(())
                } else {
                    Err(format!("it lists: {}", all.join(", ")))
                }
            }),
            exactly_changed(
                format!("only {title:?} was edited (not {other:?})"),
                ChangeKind::Updated,
                set(&[title]),
            ),
            none_changed("no note was added", ChangeKind::Added),
        ]
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_updates(vec![v.title.to_string()], &["content"])]
    }
}
