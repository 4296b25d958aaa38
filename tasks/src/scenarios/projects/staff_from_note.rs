//! "My note says who takes which task of my project; assign the tasks of people already on it
//! (me included) and invite the others." Names in the note are full names as the phone's
//! contacts have them (variant 3: a coworker under a nickname). The project's tasks are not in
//! the note's order. Variant 2: two coworkers are members already, one is new.

use super::{allow_task_updates, todo_titled};
use crate::diff::ChangeKind;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.companies
            .iter()
            .any(|c| c.employees.contains(&p.id) && c.employees.len() >= 4)
    });
    let mates: Vec<Person> = g
        .population
        .companies
        .iter()
        .find(|c| c.employees.contains(&p.id) && c.employees.len() >= 4)
        .map(|c| {
            c.employees
                .iter()
                .filter(|e| **e != p.id)
                .map(|e| g.person(*e))
                .collect()
        })
        .unwrap_or_default();
    let (c1, c2, c3) = (mates[0].clone(), mates[1].clone(), mates[2].clone());
    let nick = if g.variant == 3 {
        Some(format!("{}y", &c2.first_name[..3]))
    } else {
        None
    };
    let name_of = |c: &Person, nick: Option<&String>| match nick {
        Some(n) => format!("{n} {}", c.last_name),
        None => format!("{} {}", c.first_name, c.last_name),
    };
    let (project, note_title) = match g.variant {
        1 => ("Website relaunch", "Relaunch crew"),
        2 => ("Spring campaign", "Campaign owners"),
        _ => ("Customer survey", "Survey roles"),
    };
    // (task, 0 me / 1 c1 / 2 c2 / 3 c3), in the note's order.
    let plan: Vec<(&str, u8)> = match g.variant {
        1 => vec![
            ("Landing page design", 1),
            ("Launch copy", 2),
            ("Analytics setup", 0),
            ("Checkout QA", 1),
            ("Press outreach", 3),
        ],
        2 => vec![
            ("Campaign brief", 0),
            ("Social media calendar", 2),
            ("Budget approval", 1),
            ("Influencer list", 3),
            ("Email newsletter", 2),
        ],
        _ => vec![
            ("Draft the questions", 2),
            ("Pick the survey tool", 0),
            ("Recruit participants", 3),
            ("Summarize the answers", 2),
            ("Share the results", 1),
        ],
    };
    let members: Vec<u8> = if g.variant == 2 { vec![1, 2] } else { vec![1] };
    let who = |k: u8| -> Option<&Person> {
        match k {
            1 => Some(&c1),
            2 => Some(&c2),
            3 => Some(&c3),
            _ => None,
        }
    };
    let mut note = format!("{note_title}\n");
    for (task, k) in &plan {
        let name = match who(*k) {
            Some(c) => name_of(c, if *k == 2 { nick.as_ref() } else { None }),
            None => "me".to_string(),
        };
        note.push_str(&format!("{task}: {name}\n"));
    }
    let instruction = match g.variant {
        1 => format!(
            "My note \"{note_title}\" says who takes which task in my Todoist project \"{project}\". Assign each task to its person if they're already on the project (tasks marked \"me\" are mine); invite everyone else in the note to the project and leave their tasks unassigned for now."
        ),
        2 => format!(
            "Use my \"{note_title}\" note to staff my Todoist project \"{project}\": people already collaborating on it get their tasks assigned (\"me\" means me), and anyone not on it yet gets a project invite instead; don't assign their tasks yet."
        ),
        _ => format!(
            "Who does what in my \"{project}\" project is in my note \"{note_title}\". In Todoist, assign the tasks of the people who are project members (and mine, marked \"me\"), and send an invite to each person in the note who isn't a member yet, without assigning their tasks."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "phone", "todoist"];
    let mut notes = g.filler(&p, 6, &[], &[note_title]);
    notes.insert(3, g.note(note_title, note.trim_end(), &["work"], false, 4));
    parts.notes = Some(notes);
    let now = g.now;
    let (sup, m1, m2, m3) = (p.clone(), c1.clone(), c2.clone(), c3.clone());
    let nick_s = nick.clone();
    let mut order: Vec<String> = plan.iter().map(|x| x.0.to_string()).collect();
    order.rotate_left(2);
    let (members_s, project_s) = (members.clone(), project.to_string());
    parts.setup.push(step(move |s| {
        let mut on: Vec<&Person> = Vec::new();
        for k in &members_s {
            on.push(match k {
                1 => &m1,
                2 => &m2,
                _ => &m3,
            });
        }
        let pid = s.add_todo_project(&sup, &project_s, "", &on, now - Duration::days(8))?;
        for t in &order {
            s.add_todo_task(
                pid,
                None,
                &sup,
                t,
                Some((now + Duration::days(14)).date()),
                "medium",
                false,
                None,
                now - Duration::days(7),
            )?;
        }
        if let Some(n) = &nick_s {
            s.relabel_contact(&sup, &m2, n, &["coworker"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("staff_from_note.py"));
    let vals = Vals::new().lit("title", note_title).lit("project", project);
    let gt = |apply: &str| script.cells(&["logins", "read", "people", apply], &vals);
    parts.ground_truth = gt("apply");
    parts.wrong = vec![
        solution(
            "leaves the tasks marked \"me\" unassigned",
            gt("apply_skipping_me"),
        ),
        solution(
            "assigns the newcomers' tasks to me meanwhile",
            gt("apply_assigning_me_meanwhile"),
        ),
        solution("invites nobody", gt("apply_inviting_nobody")),
        solution(
            "assigns by position in the note instead of by title",
            gt("apply_by_position"),
        ),
    ];
    let assigned: Vec<(String, Option<String>)> = plan
        .iter()
        .map(|(task, k)| {
            let email = match k {
                0 => Some(p.email.clone()),
                k if members.contains(k) => who(*k).map(|c| c.email.clone()),
                _ => None,
            };
            (task.to_string(), email)
        })
        .collect();
    let mut invitees: Vec<String> = plan
        .iter()
        .filter(|(_, k)| *k != 0 && !members.contains(k))
        .filter_map(|(_, k)| who(*k).map(|c| c.email.clone()))
        .collect();
    invitees.sort();
    invitees.dedup();
    let (a1, a2) = (assigned.clone(), assigned.clone());
    let inv1 = invitees.clone();
    let proj1 = project.to_string();
    let proj2 = project.to_string();
    parts.checks = vec![
        Check::new(
            format!(
                "assigned: {}",
                assigned
                    .iter()
                    .filter_map(|(t, e)| e.as_ref().map(|e| format!("\"{t}\" to {e}")))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, email) in a1.iter().filter(|x| x.1.is_some()) {
                    let want = email.as_deref().and_then(|e| uid(ctx, "todoist", e));
                    match todo_titled(ctx, Some(&proj1), title) {
                        Some(t) if t.assignee == want && want.is_some() => {}
                        Some(t) => {
                            return Err(format!("\"{title}\" is assigned to {:?}", t.assignee));
                        }
                        None => return Err(format!("\"{title}\" is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!(
                "unassigned: {}",
                assigned
                    .iter()
                    .filter(|x| x.1.is_none())
                    .map(|x| format!("\"{}\"", x.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, _) in a2.iter().filter(|x| x.1.is_none()) {
                    match todo_titled(ctx, Some(&proj2), title) {
                        Some(t) if t.assignee.is_none() => {}
                        Some(t) => {
                            return Err(format!("\"{title}\" is assigned to {:?}", t.assignee));
                        }
                        None => return Err(format!("\"{title}\" is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("invites to exactly {}", invitees.join(", ")),
            move |ctx| {
                let mut got: Vec<String> = added(ctx, "todoist", "project_invites")
                    .into_iter()
                    .filter_map(|r| {
                        ctx.db
                            .query_row_cached(
                                "SELECT email FROM todoist.users WHERE id = ?1",
                                [r.get("invitee_id").as_i64().unwrap_or(0)],
                                |x| x.get::<_, String>(0),
                            )
                            .ok()
                    })
                    .collect();
                got.sort();
                if got == inv1 {
                    Ok(())
                } else {
                    Err(format!("invites to {got:?}"))
                }
            },
        ),
        Check::new("only assignees changed on the tasks", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && (r.kind() != ChangeKind::Updated
                        || r.changed_columns()
                            .iter()
                            .any(|c| c != "assignee_id" && c != "assigner_id"))
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        Check::new("the project's collaborators are unchanged", |ctx| match ctx
            .diff
            .rows
            .iter()
            .find(|r| r.is("todoist", "project_collaborator_links") || r.is("todoist", "projects"))
        {
            Some(r) => Err(r.describe()),
            None => Ok(()),
        }),
    ];
    parts.allowed = vec![
        allow_task_updates(&["assignee_id", "assigner_id"]),
        allow_added("invites", "todoist", "project_invites", |_, _| true),
        Allow::new("the invitation e-mails Todoist sends", |_, r| {
            r.schema == "gmail" && r.kind() == ChangeKind::Added
        }),
        allow::todo_notifications(),
    ];
    parts
}
