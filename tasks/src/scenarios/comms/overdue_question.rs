//! "Which of my Todoist projects has the most overdue tasks?" The setup moves the base
//! world's open tasks out of the window (a designed start) and adds two projects of the
//! supervisor's (Garden makeover, Birthday party) and tasks in them, the Inbox and Home:
//! completed overdue ones (Birthday party would win counting them) and tasks due today (the
//! Inbox would win counting them). Variant 2: how many open tasks are overdue in all;
//! variant 3: which project has the most open tasks due by Sunday, overdue included (then
//! Birthday party wins; Garden makeover would win on overdue alone, the Inbox ignoring dates).

use super::{TODAY, day, in_household};
use crate::kit::people::housemates;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Answer;
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| in_household(pop, p));
    let mate = housemates(g.population, &p)[0].clone();
    let today = g.now.date();
    let sunday = day(g, 3);
    // (project, offset in days from today, completed)
    let mut plan: Vec<(&str, i64, bool)> = Vec::new();
    let mut add = |proj: &'static str, days: &[i64], done: bool| {
        for d in days {
            plan.push((proj, *d, done));
        }
    };
    if g.variant == 3 {
        add("Garden makeover", &[-6, -4, -3, -1, 0], false);
        add("Garden makeover", &[12], false);
        add("Birthday party", &[-2, -1, 2, 2, 3, 3], false);
        add("Birthday party", &[-5, -3], true);
        add("Inbox", &[-2, -1, 0, 0], false);
        add("Inbox", &[6, 6, 7, 8], false);
        add("Home", &[-3], false);
    } else {
        add("Garden makeover", &[-7, -5, -3, -1], false);
        add("Garden makeover", &[0, 9], false);
        add("Birthday party", &[-6, -4, -2], false);
        add("Birthday party", &[-8, -5, -1], true);
        add("Inbox", &[-5, -2], false);
        add("Inbox", &[0, 0, 0, 0], false);
        add("Home", &[-4], false);
    }
    const TITLES: &[&str] = &[
        "Buy seeds",
        "Order invitations",
        "Pick a cake",
        "Rent a tiller",
        "Book the venue",
        "Call the nursery",
        "Make a playlist",
        "Buy balloons",
        "Build raised beds",
        "Send reminders",
        "Fix the hose",
        "Plan the menu",
        "Mulch the beds",
        "Buy candles",
        "Return the drill",
        "Pay the phone bill",
        "Sort the mail",
        "Book a haircut slot",
        "Check the gutters",
        "Renew the library card",
        "Prune the roses",
        "Wrap the gifts",
    ];
    let titles: Vec<String> = (0..plan.len())
        .map(|i| TITLES[i % TITLES.len()].to_string())
        .collect();
    let (instruction, answer, count): (&str, Answer, &str) = match g.variant {
        1 => (
            "Which of my Todoist projects has the most overdue tasks? Give me the project's name.",
            Answer::Text("Garden makeover".into()),
            "name",
        ),
        2 => (
            "How many of my Todoist tasks are overdue right now, across all my projects (the Inbox too)?",
            Answer::Number(10.0),
            "total",
        ),
        _ => (
            "Which of my Todoist projects has the most open tasks due by this Sunday, overdue ones included? Give me its name.",
            Answer::Text("Birthday party".into()),
            "name",
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["todoist", "phone"];
    parts.answer = Some(answer);
    let (sup, m, variant) = (p.clone(), mate.clone(), g.variant);
    parts.setup.push(step(move |s| {
        let before = if variant == 3 {
            sunday + Duration::days(1)
        } else {
            today
        };
        s.reschedule_open_tasks(&sup, before, today + Duration::days(12))?;
        let at = s.now - Duration::days(25);
        let garden = s.add_todo_project(
            &sup,
            "Garden makeover",
            "Veggie beds and a new lawn",
            &[],
            at,
        )?;
        let party = s.add_todo_project(
            &sup,
            "Birthday party",
            "The surprise party in June",
            &[],
            at,
        )?;
        let inbox = s.todo_project(&sup, "Inbox")?;
        let home = s.todo_project(&sup, "Home")?;
        for (i, (proj, days, done)) in plan.iter().enumerate() {
            let (pid, who) = match *proj {
                "Garden makeover" => (garden, None),
                "Birthday party" => (party, None),
                "Inbox" => (inbox, None),
                _ => (home, Some(&m)),
            };
            let prio = ["medium", "high", "low"][i % 3];
            s.add_todo_task(
                pid,
                None,
                &sup,
                &titles[i],
                Some(today + Duration::days(*days)),
                prio,
                *done,
                who,
                at,
            )?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("overdue_question.py"));
    let head = script.cell("head", &Vals::new().code("today", TODAY));
    let filter = if g.variant == 3 {
        "count_open_this_week"
    } else {
        "count_open_overdue"
    };
    let done = if count == "name" { "busiest" } else { "total" };
    let gt = |filter: &str, done: &str| {
        let none = Vals::new();
        vec![
            head.clone(),
            script.cell(filter, &none),
            script.cell(done, &none),
        ]
    };
    parts.ground_truth = gt(filter, done);
    parts.wrong = match g.variant {
        1 => vec![
            solution("counts completed tasks too", gt("count_overdue", done)),
            solution(
                "counts tasks due today too",
                gt("count_open_due_by_today", done),
            ),
        ],
        2 => vec![
            solution("counts completed tasks too", gt("count_overdue", done)),
            solution(
                "counts tasks due today too",
                gt("count_open_due_by_today", done),
            ),
            solution("leaves the Inbox out", gt(filter, "total_without_inbox")),
        ],
        _ => vec![
            solution("counts overdue tasks only", gt("count_open_overdue", done)),
            solution(
                "counts open tasks whatever their date",
                gt("count_open", done),
            ),
        ],
    };
    parts
}
