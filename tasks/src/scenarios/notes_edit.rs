//! Scenarios that change notes: create, pin, delete, retag and extend the right notes among
//! distractors. Checks look at the end state and the diff; anything else changed is collateral
//! damage.

use super::{Gen, Parts, Scenario, mix};
use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, exactly_changed, none_changed};
use crate::kit::notes::{allow_updates, end_notes, is_own_note, lines, row_tags};
use crate::kit::python::{LOGIN, all_notes, no_note_titled, py, solution};
use crate::model::{Allow, Check, Split};
use apps::simple_note::seed::NoteSeed;
use chrono::Duration;
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "create a tagged note",
            split: Split::Train,
            difficulty: 1,
            build: create_note,
        },
        Scenario {
            name: "pin or unpin notes by tag",
            split: Split::Train,
            difficulty: 2,
            build: pin_by_tag,
        },
        Scenario {
            name: "delete old drafts",
            split: Split::TestNormal,
            difficulty: 2,
            build: delete_old_drafts,
        },
        Scenario {
            name: "rename or remove a tag",
            split: Split::TestNormal,
            difficulty: 2,
            build: retag,
        },
        Scenario {
            name: "add items to a grocery list",
            split: Split::Dev,
            difficulty: 1,
            build: grocery_add,
        },
    ]
}

fn set(xs: &[&str]) -> BTreeSet<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

/// "Create a note titled X with content Y and tags Z" (variant 3: and pin it); a note with a
/// similar title exists.
fn create_note(g: &mut Gen) -> Parts {
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
    let create = |tags: &str, pinned: bool| {
        format!(
            "apis.simple_note.create_note(access_token=token, title={}, content={}, tags={tags}, pinned={})",
            py(&title),
            py(&content),
            if pinned { "True" } else { "False" }
        )
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        no_note_titled(&title),
        create(&py_tags, pin),
        "apis.supervisor.complete_task()".into(),
    ];
    parts.wrong = vec![
        solution(
            "leaves out a tag",
            vec![
                LOGIN.to_string(),
                create(&format!("[{}]", py(tags[0])), pin),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
        solution(
            "adds the text to the existing note with a similar title",
            vec![
                LOGIN.to_string(),
                all_notes(""),
                format!(
                    "note_id = next(n[\"note_id\"] for n in notes if n[\"title\"] == {})\napis.simple_note.add_content_to_note(access_token=token, note_id=note_id, append_or_prepend=\"append\", added_content={})\napis.supervisor.complete_task()",
                    py(&similar),
                    py(&content)
                ),
            ],
        ),
    ];
    if pin {
        parts.wrong.push(solution(
            "does not pin it",
            vec![
                LOGIN.to_string(),
                create(&py_tags, false),
                "apis.supervisor.complete_task()".into(),
            ],
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

/// Pin every note with a tag (variant 3: unpin every pinned note without it); more tagged notes
/// than one page, and pinned distractors with other tags.
fn pin_by_tag(g: &mut Gen) -> Parts {
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

/// Delete the drafts created before a date (variant 3: not updated since a date); old notes
/// without the tag and recent drafts stay.
fn delete_old_drafts(g: &mut Gen) -> Parts {
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
    let field = if by_update {
        "updated_at"
    } else {
        "created_at"
    };
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
    let kept_drafts: Vec<String> = notes
        .iter()
        .filter(|n| n.tags.iter().any(|t| t == "draft") && !doomed.contains(&n.title))
        .map(|n| n.title.clone())
        .collect();
    let instruction = if by_update {
        format!(
            "Delete my SimpleNote notes tagged \"draft\" that have not been updated since {cutoff} (last updated before that date)."
        )
    } else {
        format!("Delete my SimpleNote notes tagged \"draft\" that were created before {cutoff}.")
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    let delete = |cond: &str| {
        format!(
            "for n in notes:\n    if {cond}:\n        apis.simple_note.delete_note(access_token=token, note_id=n[\"note_id\"])"
        )
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        all_notes("tags=[\"draft\"]"),
        delete(&format!("n[{}] < {}", py(field), py(cutoff))),
        "apis.supervisor.complete_task()".into(),
    ];
    let other_field = if by_update {
        "created_at"
    } else {
        "updated_at"
    };
    parts.wrong = vec![
        solution(
            "deletes every draft",
            vec![
                LOGIN.to_string(),
                all_notes("tags=[\"draft\"]"),
                delete("True"),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
        solution(
            &format!("compares {other_field} instead of {field}"),
            vec![
                LOGIN.to_string(),
                all_notes("tags=[\"draft\"]"),
                delete(&format!("n[{}] < {}", py(other_field), py(cutoff))),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
    ];
    let want: BTreeSet<String> = doomed.iter().cloned().collect();
    parts.checks = vec![Check::new(
        format!("exactly these notes were deleted: {}", doomed.join(", ")),
        move |ctx| {
            let removed: BTreeSet<String> = ctx
                .diff
                .of_kind("simple_note", "notes", ChangeKind::Removed)
                .filter(|r| is_own_note(ctx, r))
                .filter_map(|r| r.get("title").as_str().map(str::to_string))
                .collect();
            let missing: Vec<_> = want.difference(&removed).cloned().collect();
            let extra: Vec<_> = removed.difference(&want).cloned().collect();
            match (missing.is_empty(), extra.is_empty()) {
                (true, true) => Ok(()),
                _ => Err(format!(
                    "not deleted: [{}]; deleted but should stay: [{}]",
                    missing.join(", "),
                    extra.join(", ")
                )),
            }
        },
    )];
    let kept: Vec<String> = kept_drafts;
    let k = kept.clone();
    parts.checks.push(Check::new(
        format!("the newer drafts are still there: {}", kept.join(", ")),
        move |ctx| {
            let have: BTreeSet<String> = end_notes(ctx).into_iter().map(|n| n.0).collect();
            let gone: Vec<_> = k.iter().filter(|t| !have.contains(*t)).cloned().collect();
            if gone.is_empty() {
                Ok(())
            } else {
                Err(format!("deleted: {}", gone.join(", ")))
            }
        },
    ));
    parts.checks.push(Check::new(
        "notes without the tag \"draft\" were kept",
        |ctx| {
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
        },
    ));
    parts
        .checks
        .push(none_changed("no note was edited", ChangeKind::Updated));
    let allowed: BTreeSet<String> = doomed.into_iter().collect();
    parts.allowed = vec![Allow::new("deleting the old drafts", move |ctx, r| {
        is_own_note(ctx, r)
            && r.kind() == ChangeKind::Removed
            && r.get("title").as_str().is_some_and(|t| allowed.contains(t))
    })];
    parts
}

/// Rename a tag on every note that has it, keeping the other tags (variant 3: remove it).
fn retag(g: &mut Gen) -> Parts {
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
    let new_expr = match new {
        Some(n) => format!(" + [{}]", py(n)),
        None => String::new(),
    };
    let update = format!(
        "for n in notes:\n    tags = [t for t in n[\"tags\"] if t != {}]{new_expr}\n    apis.simple_note.update_note(access_token=token, note_id=n[\"note_id\"], tags=tags)",
        py(old)
    );
    let filter = format!("tags=[{}]", py(old));
    parts.ground_truth = vec![
        LOGIN.to_string(),
        all_notes(&filter),
        update.clone(),
        "apis.supervisor.complete_task()".into(),
    ];
    parts.wrong = vec![
        solution(
            "drops the other tags",
            vec![
                LOGIN.to_string(),
                all_notes(&filter),
                format!(
                    "for n in notes:\n    apis.simple_note.update_note(access_token=token, note_id=n[\"note_id\"], tags=[{}])",
                    new.map(py).unwrap_or_default()
                ),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
        solution(
            "handles only the first page",
            vec![
                LOGIN.to_string(),
                format!("notes = apis.simple_note.search_notes(access_token=token, {filter})"),
                update,
                "apis.supervisor.complete_task()".into(),
            ],
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

/// Add items to one grocery list note, one `- item` line each (variant 3: only the missing
/// ones); another list is the distractor.
fn grocery_add(g: &mut Gen) -> Parts {
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
    let add = |t: &str, only_missing: bool| {
        format!(
            "{}\nnote_id = next(n[\"note_id\"] for n in notes if n[\"title\"] == {})\ncontent = apis.simple_note.show_note(access_token=token, note_id=note_id)[\"content\"]\nhave = [line[2:].strip() for line in content.splitlines()]\nitems = [i for i in {py_items} if {}]\nif items:\n    apis.simple_note.add_content_to_note(access_token=token, note_id=note_id, append_or_prepend=\"append\", added_content=\"\\n\".join(\"- \" + i for i in items))",
            all_notes(&format!("query={}", py(t))),
            py(t),
            if only_missing {
                "i not in have"
            } else {
                "True"
            }
        )
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        add(title, true),
        "apis.supervisor.complete_task()".into(),
    ];
    parts.wrong = vec![
        solution(
            "adds the items to the other list",
            vec![
                LOGIN.to_string(),
                add(other, true),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
        solution(
            "replaces the list with the new items",
            vec![
                LOGIN.to_string(),
                all_notes(&format!("query={}", py(title))),
                format!(
                    "note_id = next(n[\"note_id\"] for n in notes if n[\"title\"] == {})\napis.simple_note.update_note(access_token=token, note_id=note_id, content=\"\\n\".join(\"- \" + i for i in {py_items}))\napis.supervisor.complete_task()",
                    py(title)
                ),
            ],
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "adds an item that was already there",
            vec![
                LOGIN.to_string(),
                add(title, false),
                "apis.supervisor.complete_task()".into(),
            ],
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
