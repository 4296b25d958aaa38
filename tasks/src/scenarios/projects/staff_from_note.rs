//! "My note says who takes which task of my project; assign the tasks of people already on it
//! (me included) and invite the others." Names in the note are full names as the phone's
//! contacts have them (variant 3: a coworker under a nickname). The project's tasks are not in
//! the note's order. Variant 2: two coworkers are members already, one is new.

use super::{allow_invites, allow_task_updates, invited_emails, todo_titled};
use crate::diff::ChangeKind;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// Three coworkers: the note's people 1, 2 and 3 (0 is the supervisor).
    crew: Vec<Person>,
    /// Variant 3: coworker 2's nickname, in the note and the phone's contacts.
    nick: Option<String>,
    project: &'static str,
    note_title: &'static str,
    /// The coworkers (1..=3) on the project already.
    members: Vec<u8>,
    /// The project's tasks in the order the setup adds them.
    order: Vec<String>,
    /// Per task of the note: (title, the e-mail of whom it is assigned to, if a member).
    assigned: Vec<(String, Option<String>)>,
    /// Whom to invite, sorted.
    invitees: Vec<String>,
}

/// (task, 0 me / 1, 2, 3 a coworker) of a variant, in the note's order.
fn plan(variant: u8) -> Vec<(&'static str, u8)> {
    match variant {
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
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "phone", "todoist"];
    const SCRIPT: &str = include_str!("staff_from_note.py");

    /// The values, and the supervisor's notes (the staffing note among everyday ones).
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let crew = mates[..3].to_vec();
        let nick = if g.variant == 3 {
            Some(format!("{}y", &crew[1].first_name[..3]))
        } else {
            None
        };
        let (project, note_title) = match g.variant {
            1 => ("Website relaunch", "Relaunch crew"),
            2 => ("Spring campaign", "Campaign owners"),
            _ => ("Customer survey", "Survey roles"),
        };
        let plan = plan(g.variant);
        let members: Vec<u8> = if g.variant == 2 { vec![1, 2] } else { vec![1] };
        let who = |k: u8| (k > 0).then(|| &crew[usize::from(k) - 1]);
        let mut note = format!("{note_title}\n");
        for (task, k) in &plan {
            let name = match (who(*k), &nick) {
                (Some(c), Some(n)) if *k == 2 => format!("{n} {}", c.last_name),
                (Some(c), _) => format!("{} {}", c.first_name, c.last_name),
                (None, _) => "me".to_string(),
            };
            note.push_str(&format!("{task}: {name}\n"));
        }
        let mut notes = g.filler(&p, 6, &[], &[note_title]);
        notes.insert(3, g.note(note_title, note.trim_end(), &["work"], false, 4));
        let mut order: Vec<String> = plan.iter().map(|x| x.0.to_string()).collect();
        order.rotate_left(2);
        let assigned = plan
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
        let values = Values {
            variant: g.variant,
            supervisor: p,
            now: g.now,
            crew,
            nick,
            project,
            note_title,
            members,
            order,
            assigned,
            invitees,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        let (note_title, project) = (v.note_title, v.project);
        match v.variant {
            1 => format!(
                "My note \"{note_title}\" says who takes which task in my Todoist project \"{project}\". Assign each task to its person if they're already on the project (tasks marked \"me\" are mine); invite everyone else in the note to the project and leave their tasks unassigned for now."
            ),
            2 => format!(
                "Use my \"{note_title}\" note to staff my Todoist project \"{project}\": people already collaborating on it get their tasks assigned (\"me\" means me), and anyone not on it yet gets a project invite instead; don't assign their tasks yet."
            ),
            _ => format!(
                "Who does what in my \"{project}\" project is in my note \"{note_title}\". In Todoist, assign the tasks of the people who are project members (and mine, marked \"me\"), and send an invite to each person in the note who isn't a member yet, without assigning their tasks."
            ),
        }
    }

    /// The project with its members and tasks (not in the note's order); variant 3 renames
    /// coworker 2's contact to the nickname.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let on: Vec<&Person> = v
                .members
                .iter()
                .map(|k| &v.crew[usize::from(*k) - 1])
                .collect();
            let pid = s.add_todo_project(sup, v.project, "", &on, now - Duration::days(8))?;
            for t in &v.order {
                s.add_todo_task(
                    pid,
                    None,
                    sup,
                    t,
                    Some((now + Duration::days(14)).date()),
                    "medium",
                    false,
                    None,
                    now - Duration::days(7),
                )?;
            }
            if let Some(n) = &v.nick {
                s.relabel_contact(sup, &v.crew[1], n, &["coworker"])?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("title", v.note_title)
            .lit("project", v.project);
        let gt = |apply: &str| script.cells(&["logins", "read", "people", apply], &vals);
        let wrong = vec![
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
        (gt("apply"), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "assigned: {}",
                    v.assigned
                        .iter()
                        .filter_map(|(t, e)| e.as_ref().map(|e| format!("\"{t}\" to {e}")))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                |v, ctx| {
                    for (title, email) in v.assigned.iter().filter(|x| x.1.is_some()) {
                        let want = email.as_deref().and_then(|e| uid(ctx, "todoist", e));
                        match todo_titled(ctx, Some(v.project), title) {
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
            v.check(
                format!(
                    "unassigned: {}",
                    v.assigned
                        .iter()
                        .filter(|x| x.1.is_none())
                        .map(|x| format!("\"{}\"", x.0))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                |v, ctx| {
                    for (title, _) in v.assigned.iter().filter(|x| x.1.is_none()) {
                        match todo_titled(ctx, Some(v.project), title) {
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
            v.check(
                format!("invites to exactly {}", v.invitees.join(", ")),
                |v, ctx| {
                    let got = invited_emails(ctx);
                    if got == v.invitees {
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
                .find(|r| {
                    r.is("todoist", "project_collaborator_links") || r.is("todoist", "projects")
                }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![allow_task_updates(&["assignee_id", "assigner_id"])];
        allowed.extend(allow_invites());
        allowed.push(allow::todo_notifications());
        allowed
    }
}
