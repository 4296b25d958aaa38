//! "Create a note titled X with content Y and tags Z" (variant 3: and pin it); a note with a
//! similar title exists.

use super::set;
use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, none_changed};
use crate::kit::notes::{is_own_note, row_tags};
use crate::kit::python::{py, solution};
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, mix};

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    let py_tags = format!(
        "[{}]",
        tags.iter().map(|t| py(t)).collect::<Vec<_>>().join(", ")
    );
    let script = Script::parse(include_str!("create_note.py"));
    let vals = Vals::new()
        .lit("title", &title)
        .lit("content", &content)
        .lit("similar", &similar);
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
    parts.ground_truth = vec![
        cell("login"),
        cell("check_new"),
        create(&py_tags, pin),
        cell("done"),
    ];
    parts.wrong = vec![
        solution(
            "leaves out a tag",
            vec![
                cell("login"),
                create(&format!("[{}]", py(tags[0])), pin),
                cell("done"),
            ],
        ),
        solution(
            "adds the text to the existing note with a similar title",
            script.cells(&["login", "all_notes", "append_to_similar"], &vals),
        ),
    ];
    if pin {
        parts.wrong.push(solution(
            "does not pin it",
            vec![cell("login"), create(&py_tags, false), cell("done")],
        ));
    }
    let want_tags = set(&tags);
    let (t1, t2, t3, t4) = (title.clone(), title.clone(), title.clone(), title.clone());
    let c = content.clone();
    parts.checks = vec![
        Check::new(format!("one note titled {title:?} was added"), move |ctx| {
            added_note(ctx, &t1).map(|_| ())
        }),
        Check::new(format!("its content is {content:?}"), move |ctx| {
            let r = added_note(ctx, &t2)?;
            match r.get("content").as_str().map(str::trim) {
                Some(got) if got == c => Ok(()),
                _ => Err(format!("its content is {}", r.get("content"))),
            }
        }),
        Check::new(format!("its tags are {tags:?}"), move |ctx| {
            let r = added_note(ctx, &t3)?;
            if row_tags(r) == want_tags {
                Ok(())
            } else {
                Err(format!("its tags are {:?}", row_tags(r)))
            }
        }),
        Check::new(
            if pin {
                "it is pinned"
            } else {
                "it is not pinned"
            },
            move |ctx| {
                let pinned = added_note(ctx, &t4)?.get("pinned").as_i64().unwrap_or(0) != 0;
                if pinned == pin {
                    Ok(())
                } else {
                    Err(format!("it is {}pinned", if pinned { "" } else { "not " }))
                }
            },
        ),
        none_changed(
            format!("no existing note was edited (not even {similar:?})"),
            ChangeKind::Updated,
        ),
    ];
    let t = title.clone();
    parts.allowed = vec![Allow::new(format!("adding {title:?}"), move |ctx, r| {
        is_own_note(ctx, r) && r.kind() == ChangeKind::Added && r.get("title").as_str() == Some(&t)
    })];
    parts
}
