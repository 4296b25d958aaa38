//! "Move every overdue task in my Inbox, and every overdue task assigned to me elsewhere, to
//! tomorrow." The setup adds overdue, done-and-overdue and due-today tasks to the Inbox and the
//! Home project (some assigned to a housemate) on top of the base world's. Variant 2: every
//! overdue task of the Home project, whoever has it; variant 3: the Inbox's overdue tasks, the
//! high-priority ones to tomorrow and the rest to next Monday.

use super::{TODAY, TodoRow, day, in_household, todo_rows};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::people::housemates;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use chrono::{Datelike, Duration};

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let instruction = match g.variant {
        1 => {
            "Move every overdue task in my Todoist Inbox, and every overdue task assigned to me in my other projects, to tomorrow."
        }
        2 => {
            "Our Home project in Todoist has overdue tasks. Move all of them to tomorrow, whoever they're assigned to."
        }
        _ => {
            "Reschedule the overdue tasks in my Todoist Inbox: the high-priority ones to tomorrow, the others to next Monday."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["todoist", "phone"];
    let (sup, m) = (p.clone(), mate.clone());
    let now = g.now;
    parts.setup.push(step(move |s| {
        let today = now.date();
        let inbox = s.todo_project(&sup, "Inbox")?;
        let home = s.todo_project(&sup, "Home")?;
        let chores = s.todo_section(home, "Chores")?;
        let repairs = s.todo_section(home, "Repairs")?;
        let at = now - Duration::days(20);
        let d = |n: i64| Some(today - Duration::days(n));
        for (title, due, prio, done) in [
            ("Return the library books", d(6), "high", false),
            ("Renew the car registration", d(2), "medium", false),
            ("Send the rent receipt", d(8), "high", true),
            ("Call the bank", d(0), "high", false),
            ("Book a dentist appointment", d(4), "low", false),
        ] {
            s.add_todo_task(inbox, None, &sup, title, due, prio, done, None, at)?;
        }
        s.add_todo_task(
            home,
            Some(chores),
            &sup,
            "Clean the oven",
            d(4),
            "high",
            false,
            Some(&m),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &sup,
            "Replace the air filter",
            d(3),
            "low",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &sup,
            "Fix the squeaky door",
            d(5),
            "medium",
            true,
            Some(&sup),
            at,
        )?;
        Ok(())
    }));
    let script = Script::parse(include_str!("move_overdue.py"));
    let head = script.cell("head", &Vals::new().code("today", TODAY));
    let cell = |name: &str| script.cell(name, &Vals::new());
    let gt = |gather: &str, apply: &str| vec![head.clone(), cell(gather), cell(apply)];
    let apply = if g.variant == 3 {
        "by_priority"
    } else {
        "to_tomorrow"
    };
    match g.variant {
        1 => {
            parts.ground_truth = gt("mine_overdue", apply);
            parts.wrong = vec![
                solution(
                    "moves completed overdue tasks too",
                    gt("mine_overdue_completed_too", apply),
                ),
                solution(
                    "moves every overdue task of the shared projects, whoever has it",
                    gt("everyones_overdue", apply),
                ),
                solution(
                    "moves the Inbox's only",
                    vec![
                        head.clone(),
                        format!("{}\n{}", cell("mine_overdue"), cell("unassigned_only")),
                        cell(apply),
                    ],
                ),
                solution("moves tasks due today too", gt("mine_due_by_today", apply)),
            ];
        }
        2 => {
            parts.ground_truth = gt("home_overdue", apply);
            parts.wrong = vec![
                solution(
                    "moves completed overdue tasks too",
                    gt("home_overdue_completed_too", apply),
                ),
                solution(
                    "moves only the tasks assigned to the supervisor",
                    gt("home_overdue_mine", apply),
                ),
                solution(
                    "moves them to the day after tomorrow",
                    gt("home_overdue", "to_day_after_tomorrow"),
                ),
            ];
        }
        _ => {
            parts.ground_truth = gt("inbox_overdue", apply);
            parts.wrong = vec![
                solution(
                    "moves completed overdue tasks too",
                    gt("inbox_overdue_completed_too", apply),
                ),
                solution(
                    "moves them all to tomorrow",
                    gt("inbox_overdue", "to_tomorrow"),
                ),
                solution(
                    "moves them all to next Monday",
                    gt("inbox_overdue", "to_monday"),
                ),
            ];
        }
    }
    let variant = g.variant;
    let today = ymd(g.now.date());
    let (tm, mo) = (ymd(tomorrow), ymd(monday));
    // The new due date of a task as it was at the start, or None if it must not move.
    let target = {
        let (today, tm, mo) = (today.clone(), tm.clone(), mo.clone());
        move |ctx: &EvalCtx, t: &TodoRow| -> Option<String> {
            let overdue = !t.completed && t.due.as_deref().is_some_and(|d| d < today.as_str());
            let mine = t.assignee.is_some() && t.assignee == ctx.user_id("todoist");
            match variant {
                1 if overdue && (t.inbox || mine) => Some(tm.clone()),
                2 if overdue && t.project == "Home" => Some(tm.clone()),
                3 if overdue && t.inbox => Some(if t.priority == "high" {
                    tm.clone()
                } else {
                    mo.clone()
                }),
                _ => None,
            }
        }
    };
    let (t1, t2, t3) = (target.clone(), target.clone(), target.clone());
    let scope = match g.variant {
        1 => format!("every overdue open Inbox task and every one assigned to me is due {tm}"),
        2 => format!("every overdue open Home task is due {tm}"),
        _ => {
            format!("the overdue open Inbox tasks are due {tm} (high priority) or {mo} (the rest)")
        }
    };
    parts.checks = vec![
        Check::new(scope, move |ctx| {
            let now: Vec<TodoRow> = todo_rows(ctx, false);
            let mut n = 0;
            for t in todo_rows(ctx, true) {
                if let Some(want) = t1(ctx, &t) {
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
        Check::new("no other task's due date changed", move |ctx| {
            let start = todo_rows(ctx, true);
            for t in todo_rows(ctx, false) {
                let before = start.iter().find(|x| x.id == t.id);
                if let Some(b) = before
                    && t2(ctx, b).is_none()
                    && b.due != t.due
                {
                    return Err(format!("\"{}\" moved to {:?}", t.title, t.due));
                }
            }
            Ok(())
        }),
        Check::new("the moved tasks are still open", move |ctx| {
            let start = todo_rows(ctx, true);
            for t in todo_rows(ctx, false) {
                if start.iter().any(|b| b.id == t.id && t3(ctx, b).is_some()) && t.completed {
                    return Err(format!("\"{}\" was completed", t.title));
                }
            }
            Ok(())
        }),
        Check::new("no task was added or deleted", |ctx| {
            match ctx
                .diff
                .rows
                .iter()
                .find(|r| r.is("todoist", "tasks") && r.kind() != ChangeKind::Updated)
            {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        Allow::new("due dates of the supervisor's tasks", |ctx, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns() == ["due_date"]
                && todo_rows(ctx, false).iter().any(|t| t.id == r.id)
        }),
        allow::todo_notifications(),
    ];
    parts
}
