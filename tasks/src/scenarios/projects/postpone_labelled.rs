//! "My manager texted about a delay. Push every open task with my label L due in the next
//! seven days back a week, and comment the text on each." Labelled tasks sit in the team
//! project and the Inbox; distractors: a labelled task due later, a labelled completed one, a
//! near-miss label, an unlabelled task due soon, an older text from the manager.

use super::{
    allow_own_comments, allow_task_updates, no_comment_but_on, one_comment_each,
    supervisor_with_manager, todo_titled,
};
use crate::kit::allow;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::todoist::{no_task_added_or_deleted, title_of};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// A designed task: (in the team project?, title, due in days, 0 no label / 1 the label / 2
/// the near-miss label, completed).
type TaskPlan = (bool, &'static str, i64, u8, bool);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    boss: Person,
    now: NaiveDateTime,
    /// The team project.
    team: String,
    /// The label, its near miss, and the manager's latest text.
    label: &'static str,
    near: &'static str,
    reason: &'static str,
    plan: Vec<TaskPlan>,
    /// The tasks to move: (title, due, due a week later).
    targets: Vec<(String, String, String)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "todoist"];
    const SCRIPT: &str = include_str!("postpone_labelled.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, company, boss) = supervisor_with_manager(g);
        let (label, near, reason) = match g.variant {
            1 => (
                "vendor",
                "vendor-archive",
                "Heads up: the vendor's shipment is stuck in customs, so everything that depends on it slips a week.",
            ),
            2 => (
                "supplier",
                "suppliers",
                "The supplier just told me their delivery is a week late because of a strike at the port. Sorry!",
            ),
            _ => (
                "client-acme",
                "client-acme-2022",
                "Acme asked us to push our sessions with them back a week; their whole team is at an offsite.",
            ),
        };
        let mut plan: Vec<TaskPlan> = vec![
            (true, "Confirm the delivery slot", 2, 1, false),
            (true, "Update the install schedule", 5, 1, false),
            (true, "Check the replacement parts", 10, 1, false),
            (true, "Sign the purchase order", 3, 2, false),
            (true, "Book the loading dock", 4, 0, false),
            (false, "Call the account rep", 1, 1, false),
            (false, "File the last invoice", 2, 1, true),
        ];
        if g.variant == 3 {
            plan.push((false, "Send the agenda for the kickoff", 6, 1, false));
            plan.push((true, "Prepare the demo environment", 9, 1, false));
        }
        if g.variant == 2 {
            plan.push((false, "Ask about bulk pricing", 3, 1, false));
        }
        let today = g.now.date();
        let targets = plan
            .iter()
            .filter(|x| x.3 == 1 && !x.4 && x.2 <= 7)
            .map(|x| {
                (
                    x.1.to_string(),
                    ymd(today + Duration::days(x.2)),
                    ymd(today + Duration::days(x.2 + 7)),
                )
            })
            .collect();
        Values {
            variant: g.variant,
            supervisor: p,
            boss,
            now: g.now,
            team: format!("{company} Team"),
            label,
            near,
            reason,
            plan,
            targets,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let label = v.label;
        match v.variant {
            1 => format!(
                "My manager just texted me about a delay. Push every open Todoist task with my \"{label}\" label that's due in the next 7 days back by one week, and comment my manager's text on each of them, word for word."
            ),
            2 => format!(
                "Read my manager's latest text. Then move each unfinished Todoist task labelled \"{label}\" that is due within the coming week to exactly one week later than its current due date, and post the text as a comment on each task you moved."
            ),
            _ => format!(
                "Because of what my boss texted me, every open task of mine in Todoist with the \"{label}\" label due in the next seven days needs to be postponed by a week. Do that and put my boss's message, unchanged, as a comment on each."
            ),
        }
    }

    /// The labels, the tasks (team ones the manager's, assigned to the supervisor) and the
    /// manager's two texts.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, mgr, now) = (&v.supervisor, &v.boss, v.now);
            let today = now.date();
            let pid = s.todo_project(sup, &v.team)?;
            let section = s.todo_section(pid, "In Progress")?;
            let inbox = s.todo_project(sup, "Inbox")?;
            let l = s.add_todo_label(sup, v.label, "red")?;
            let n = s.add_todo_label(sup, v.near, "orange")?;
            let at = now - Duration::days(12);
            for (in_team, title, days, lab, done) in &v.plan {
                let due = Some(today + Duration::days(*days));
                let id = if *in_team {
                    s.add_todo_task(
                        pid,
                        Some(section),
                        mgr,
                        title,
                        due,
                        "medium",
                        *done,
                        Some(sup),
                        at,
                    )?
                } else {
                    s.add_todo_task(inbox, None, sup, title, due, "medium", *done, None, at)?
                };
                match lab {
                    1 => s.label_todo_task(id, l)?,
                    2 => s.label_todo_task(id, n)?,
                    _ => {}
                }
            }
            s.add_text(
                mgr,
                sup,
                "Can you send me the slides from Monday before lunch?",
                now - Duration::days(3),
            )?;
            s.add_text(mgr, sup, v.reason, now - Duration::hours(2))?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let named = script.cell("named", &Vals::new().lit("label", v.label));
        let find = |name: &str, label_match: &str| {
            script.cell(name, &Vals::new().code("label_match", label_match))
        };
        let gt = |find: String, apply: &str| vec![cell("logins"), cell("read"), find, cell(apply)];
        let prefix = &v.label[..v.label.len() - 1];
        let wrong = vec![
            solution(
                "moves them to a week from today",
                gt(find("find", &named), "apply_from_today"),
            ),
            solution(
                "takes the near-miss label too",
                gt(
                    find(
                        "find",
                        &script.cell("name_starts", &Vals::new().lit("prefix", prefix)),
                    ),
                    "apply",
                ),
            ),
            solution(
                "moves every open labelled task, whatever its due date",
                gt(find("find_any_date", &named), "apply"),
            ),
            solution(
                "writes its own comment instead of the text",
                gt(find("find", &named), "apply_own_comment"),
            ),
            solution(
                "moves completed labelled tasks too",
                gt(find("find_completed_too", &named), "apply"),
            ),
        ];
        (gt(find("find", &named), "apply"), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "moved a week: {}",
                    v.targets
                        .iter()
                        .map(|t| format!("\"{}\" {} → {}", t.0, t.1, t.2))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                |v, ctx| {
                    for (title, _, to) in &v.targets {
                        match todo_titled(ctx, None, title) {
                            Some(t) if t.due.as_deref() == Some(to.as_str()) => {}
                            Some(t) => return Err(format!("\"{title}\" is due {:?}", t.due)),
                            None => return Err(format!("\"{title}\" is gone")),
                        }
                    }
                    Ok(())
                },
            ),
            v.check("no other task's due date changed", |v, ctx| {
                for r in ctx.diff.rows.iter().filter(|r| r.is("todoist", "tasks")) {
                    let title = title_of(r);
                    if r.changed_columns().iter().any(|c| c == "due_date")
                        && !v.targets.iter().any(|t| t.0 == title)
                    {
                        return Err(format!("\"{title}\" moved"));
                    }
                }
                Ok(())
            }),
            v.check("the moved tasks are still open", |v, ctx| {
                for (title, _, _) in &v.targets {
                    if todo_titled(ctx, None, title).is_some_and(|t| t.completed) {
                        return Err(format!("\"{title}\" was completed"));
                    }
                }
                Ok(())
            }),
            v.check(
                format!("one comment on each moved task: \"{}\"", v.reason),
                |v, ctx| {
                    let want = v.targets.iter().map(|t| (t.0.as_str(), v.reason));
                    one_comment_each(ctx, None, want)
                },
            ),
            v.check("no comment on any other task", |v, ctx| {
                no_comment_but_on(ctx, None, v.targets.iter().map(|t| t.0.as_str()))
            }),
            no_task_added_or_deleted(),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow_own_comments();
        allowed.push(allow_task_updates(&["due_date"]));
        allowed.push(allow::todo_notifications());
        allowed
    }
}
