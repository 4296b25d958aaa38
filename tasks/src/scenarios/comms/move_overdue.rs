//! "Move every overdue task in my Inbox, and every overdue task assigned to me elsewhere, to
//! tomorrow." The setup adds overdue, done-and-overdue and due-today tasks to the Inbox and the
//! Home project (some assigned to a housemate) on top of the base world's. Variant 2: every
//! overdue task of the Home project, whoever has it; variant 3: the Inbox's overdue tasks, the
//! high-priority ones to tomorrow and the rest to next Monday.

use super::{TODAY, day, in_household, todo_rows};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::people::housemates;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::todoist::{Task, no_task_added_or_deleted};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Datelike, Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The housemate one Home task is assigned to.
    mate: Person,
    now: NaiveDateTime,
    /// Today, tomorrow and next Monday (`YYYY-MM-DD`).
    today: String,
    tomorrow: String,
    monday: String,
}

impl Design for Values {
    const APPS: &[&str] = &["todoist", "phone"];
    const SCRIPT: &str = include_str!("move_overdue.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| in_household(pop, p));
        let mate = housemates(g.population, &p)[0].clone();
        let tomorrow = day(g, 1);
        let monday = {
            let mut d = day(g, 1);
            while d.weekday() != chrono::Weekday::Mon {
                d += Duration::days(1);
            }
            d
        };
        Values {
            variant: g.variant,
            supervisor: p,
            mate,
            now: g.now,
            today: ymd(g.now.date()),
            tomorrow: ymd(tomorrow),
            monday: ymd(monday),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "Move every overdue task in my Todoist Inbox, and every overdue task assigned to me in my other projects, to tomorrow."
            }
            2 => {
                "Our Home project in Todoist has overdue tasks. Move all of them to tomorrow, whoever they're assigned to."
            }
            _ => {
                "Reschedule the overdue tasks in my Todoist Inbox: the high-priority ones to tomorrow, the others to next Monday."
            }
        }
        .into()
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, m) = (&v.supervisor, &v.mate);
            let today = v.now.date();
            let inbox = s.todo_project(sup, "Inbox")?;
            let home = s.todo_project(sup, "Home")?;
            let chores = s.todo_section(home, "Chores")?;
            let repairs = s.todo_section(home, "Repairs")?;
            let at = v.now - Duration::days(20);
            let d = |n: i64| Some(today - Duration::days(n));
            for (title, due, prio, done) in [
                ("Return the library books", d(6), "high", false),
                ("Renew the car registration", d(2), "medium", false),
                ("Send the rent receipt", d(8), "high", true),
                ("Call the bank", d(0), "high", false),
                ("Book a dentist appointment", d(4), "low", false),
            ] {
                s.add_todo_task(inbox, None, sup, title, due, prio, done, None, at)?;
            }
            for (section, title, due, prio, done, who) in [
                (chores, "Clean the oven", d(4), "high", false, m),
                (repairs, "Replace the air filter", d(3), "low", false, sup),
                (repairs, "Fix the squeaky door", d(5), "medium", true, sup),
            ] {
                s.add_todo_task(
                    home,
                    Some(section),
                    sup,
                    title,
                    due,
                    prio,
                    done,
                    Some(who),
                    at,
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        // head, the tasks to move (the `gather` cells' lines in one cell) and how to `apply` it.
        let gt = |gather: &[&str], apply: &str| {
            vec![
                head.clone(),
                script.joined(gather, &none),
                script.cell(apply, &none),
            ]
        };
        let apply = if v.variant == 3 {
            "by_priority"
        } else {
            "to_tomorrow"
        };
        // The ground truth's gather and the wrong solutions.
        let (gather, wrong): (&str, Vec<Wrong>) = match v.variant {
            1 => (
                "mine_overdue",
                vec![
                    (
                        "moves completed overdue tasks too",
                        &["mine_overdue_completed_too"],
                        apply,
                    ),
                    (
                        "moves every overdue task of the shared projects, whoever has it",
                        &["everyones_overdue"],
                        apply,
                    ),
                    (
                        "moves the Inbox's only",
                        &["mine_overdue", "unassigned_only"],
                        apply,
                    ),
                    ("moves tasks due today too", &["mine_due_by_today"], apply),
                ],
            ),
            2 => (
                "home_overdue",
                vec![
                    (
                        "moves completed overdue tasks too",
                        &["home_overdue_completed_too"],
                        apply,
                    ),
                    (
                        "moves only the tasks assigned to the supervisor",
                        &["home_overdue_mine"],
                        apply,
                    ),
                    (
                        "moves them to the day after tomorrow",
                        &["home_overdue"],
                        "to_day_after_tomorrow",
                    ),
                ],
            ),
            _ => (
                "inbox_overdue",
                vec![
                    (
                        "moves completed overdue tasks too",
                        &["inbox_overdue_completed_too"],
                        apply,
                    ),
                    (
                        "moves them all to tomorrow",
                        &["inbox_overdue"],
                        "to_tomorrow",
                    ),
                    (
                        "moves them all to next Monday",
                        &["inbox_overdue"],
                        "to_monday",
                    ),
                ],
            ),
        };
        let wrong = wrong
            .into_iter()
            .map(|(why, gather, apply)| solution(why, gt(gather, apply)))
            .collect();
        (gt(&[gather], apply), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (tm, mo) = (&v.tomorrow, &v.monday);
        let scope = match v.variant {
            1 => format!("every overdue open Inbox task and every one assigned to me is due {tm}"),
            2 => format!("every overdue open Home task is due {tm}"),
            _ => {
                format!(
                    "the overdue open Inbox tasks are due {tm} (high priority) or {mo} (the rest)"
                )
            }
        };
        vec![
            v.check(scope, |v, ctx| {
                let now: Vec<Task> = todo_rows(ctx, false);
                let mut n = 0;
                for t in todo_rows(ctx, true) {
                    if let Some(want) = target(v, ctx, &t) {
                        n += 1;
                        let got = now
                            .iter()
                            .find(|x| x.id == t.id)
                            .and_then(|x| x.due.clone());
                        if got.as_deref() != Some(want.as_str()) {
                            return Err(format!("\"{}\" is due {:?}, not {want}", t.title, got));
                        }
                    }
                }
                if n == 0 {
                    Err("no overdue task found".into())
                } else {
                    Ok(())
                }
            }),
            v.check("no other task's due date changed", |v, ctx| {
                let start = todo_rows(ctx, true);
                for t in todo_rows(ctx, false) {
                    let before = start.iter().find(|x| x.id == t.id);
                    if let Some(b) = before
                        && target(v, ctx, b).is_none()
                        && b.due != t.due
                    {
                        return Err(format!("\"{}\" moved to {:?}", t.title, t.due));
                    }
                }
                Ok(())
            }),
            v.check("the moved tasks are still open", |v, ctx| {
                let start = todo_rows(ctx, true);
                for t in todo_rows(ctx, false) {
                    if start
                        .iter()
                        .any(|b| b.id == t.id && target(v, ctx, b).is_some())
                        && t.completed
                    {
                        return Err(format!("\"{}\" was completed", t.title));
                    }
                }
                Ok(())
            }),
            no_task_added_or_deleted(),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            Allow::new("due dates of the supervisor's tasks", |ctx, r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns() == ["due_date"]
                    && todo_rows(ctx, false).iter().any(|t| t.id == r.id)
            }),
            allow::todo_notifications(),
        ]
    }
}

/// A wrong solution: (why, its gather cells, its apply cell).
type Wrong<'a> = (&'a str, &'a [&'a str], &'a str);

/// The new due date of a task as it was at the start, or None if it must not move.
fn target(v: &Values, ctx: &EvalCtx, t: &Task) -> Option<String> {
    let overdue = !t.completed && t.due.as_deref().is_some_and(|d| d < v.today.as_str());
    let mine = t.assignee.is_some() && t.assignee == ctx.user_id("todoist");
    match v.variant {
        1 if overdue && (t.inbox || mine) => Some(v.tomorrow.clone()),
        2 if overdue && t.project == "Home" => Some(v.tomorrow.clone()),
        3 if overdue && t.inbox => Some(if t.priority == "high" {
            v.tomorrow.clone()
        } else {
            v.monday.clone()
        }),
        _ => None,
    }
}
