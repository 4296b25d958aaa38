//! "Create a note titled X with content Y and tags Z" (variant 3: and pin it); a note with a
//! similar title exists.

use super::set;
use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, none_changed};
use crate::kit::notes::{is_own_note, row_tags};
use crate::kit::python::{py, solution};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    /// The new note's title, content, tags and whether to pin it.
    title: String,
    content: String,
    tags: Vec<&'static str>,
    want_tags: BTreeSet<String>,
    pin: bool,
    /// The existing note with a similar title.
    similar: String,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("create_note.py");

    /// The note to create, the similar one and the filler notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let friend = &g.population.people[(p.id as usize + 7) % g.population.people.len()];
        let (title, similar, content, tags, pin): (String, String, String, Vec<&str>, bool) =
            match g.variant {
                1 => (
                    "Packing List - Lisbon".into(),
                    "Packing List - Denver".into(),
                    "passport, charger, sunscreen, walking shoes".into(),
                    vec!["travel", "packing"],
                    false,
                ),
                2 => (
                    format!("Gift Ideas for {}", friend.first_name),
                    "Gift Ideas".into(),
                    "board game, scented candle, a good novel".into(),
                    vec!["gifts", "birthday"],
                    false,
                ),
                _ => (
                    "Call the plumber".into(),
                    "Call the bank".into(),
                    "Kitchen sink leaks; ask for a Saturday visit.".into(),
                    vec!["home", "urgent"],
                    true,
                ),
            };
        let ours = vec![g.note(&similar, "- old entry", &["misc"], false, 50)];
        let filler = g.filler(&p, 8, &[], &[&title]);
        let tag_list = tags
            .iter()
            .map(|t| format!("\"{t}\""))
            .collect::<Vec<_>>()
            .join(" and ");
        let instruction = format!(
            "Create a SimpleNote note titled \"{title}\" with the content \"{content}\", tagged {tag_list}{}.",
            if pin { ", and pin it" } else { "" }
        );
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            title,
            content,
            want_tags: set(&tags),
            tags,
            pin,
            similar,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let py_tags = format!(
            "[{}]",
            v.tags.iter().map(|t| py(t)).collect::<Vec<_>>().join(", ")
        );
        let vals = Vals::new()
            .lit("title", &v.title)
            .lit("content", &v.content)
            .lit("similar", &v.similar);
        let cell = |name: &str| script.cell(name, &vals);
        let create = |tags: &str, pinned: bool| {
            script.cell(
                "create",
                &vals
                    .clone()
                    .code("tags", tags)
                    .code("pinned", if pinned { "True" } else { "False" }),
            )
        };
        let ground_truth = vec![
            cell("login"),
            cell("check_new"),
            create(&py_tags, v.pin),
            cell("done"),
        ];
        let mut wrong = vec![
            solution(
                "leaves out a tag",
                vec![
                    cell("login"),
                    create(&format!("[{}]", py(v.tags[0])), v.pin),
                    cell("done"),
                ],
            ),
            solution(
                "adds the text to the existing note with a similar title",
                script.cells(&["login", "all_notes", "append_to_similar"], &vals),
            ),
        ];
        if v.pin {
            wrong.push(solution(
                "does not pin it",
                vec![cell("login"), create(&py_tags, false), cell("done")],
            ));
        }
        (ground_truth, wrong)
    }

    /// The note added with the content, tags and pin asked; no existing note edited.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("one note titled {:?} was added", v.title),
                |v, ctx| added_note(ctx, &v.title).map(|_| ()),
            ),
            v.check(format!("its content is {:?}", v.content), |v, ctx| {
                let r = added_note(ctx, &v.title)?;
                match r.get("content").as_str().map(str::trim) {
                    Some(got) if got == v.content => Ok(()),
                    _ => Err(format!("its content is {}", r.get("content"))),
                }
            }),
            v.check(format!("its tags are {:?}", v.tags), |v, ctx| {
                let r = added_note(ctx, &v.title)?;
                if row_tags(r) == v.want_tags {
                    Ok(())
                } else {
                    Err(format!("its tags are {:?}", row_tags(r)))
                }
            }),
            v.check(
                if v.pin {
                    "it is pinned"
                } else {
                    "it is not pinned"
                },
                |v, ctx| {
                    let pinned = added_note(ctx, &v.title)?
                        .get("pinned")
                        .as_i64()
                        .unwrap_or(0)
                        != 0;
                    if pinned == v.pin {
                        Ok(())
                    } else {
                        Err(format!("it is {}pinned", if pinned { "" } else { "not " }))
                    }
                },
            ),
            none_changed(
                format!("no existing note was edited (not even {:?})", v.similar),
                ChangeKind::Updated,
            ),
        ]
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![v.allow(format!("adding {:?}", v.title), |v, ctx, r| {
            is_own_note(ctx, r)
                && r.kind() == ChangeKind::Added
                && r.get("title").as_str() == Some(&v.title)
        })]
    }
}
