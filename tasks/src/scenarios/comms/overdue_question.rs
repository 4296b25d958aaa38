//! "Which of my Todoist projects has the most overdue tasks?" The setup moves the base
//! world's open tasks out of the window (a designed start) and adds two projects of the
//! supervisor's (Garden makeover, Birthday party) and tasks in them, the Inbox and Home:
//! completed overdue ones (Birthday party would win counting them) and tasks due today (the
//! Inbox would win counting them). Variant 2: how many open tasks are overdue in all;
//! variant 3: which project has the most open tasks due by Sunday, overdue included (then
//! Birthday party wins; Garden makeover would win on overdue alone, the Inbox ignoring dates).

use super::{TODAY, day, in_household};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    today: NaiveDate,
    sunday: NaiveDate,
    /// The designed tasks: (project, offset in days from today, completed), and their titles.
    plan: Vec<(&'static str, i64, bool)>,
    titles: Vec<String>,
}

/// Task titles that fit each project, used in turn.
const TITLES: &[(&str, &[&str])] = &[
    (
        "Garden makeover",
        &[
            "Buy seeds",
            "Rent a tiller",
            "Call the nursery",
            "Build raised beds",
            "Fix the hose",
            "Mulch the beds",
            "Prune the roses",
        ],
    ),
    (
        "Birthday party",
        &[
            "Order invitations",
            "Pick a cake",
            "Book the venue",
            "Make a playlist",
            "Buy balloons",
            "Send reminders",
            "Plan the menu",
            "Buy candles",
            "Wrap the gifts",
        ],
    ),
    (
        "Inbox",
        &[
            "Return the drill",
            "Pay the phone bill",
            "Sort the mail",
            "Book a haircut slot",
            "Renew the library card",
            "Call the dentist",
            "Back up the laptop",
            "Cancel the gym trial",
        ],
    ),
    ("Home", &["Check the gutters"]),
];

impl Design for Values {
    const APPS: &[&str] = &["todoist", "phone"];
    const SCRIPT: &str = include_str!("overdue_question.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| in_household(pop, p));
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
        // The k-th task of a project takes the k-th title of that project's list.
        let mut used: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        let titles: Vec<String> = plan
            .iter()
            .map(|(proj, _, _)| {
                let pool = TITLES
                    .iter()
                    .find(|t| t.0 == *proj)
                    .map(|t| t.1)
                    .expect("every project of the plan has titles");
                let k = used.entry(proj).or_default();
                *k += 1;
                pool.get(*k - 1)
                    .expect("a project has a title for each of its tasks")
                    .to_string()
            })
            .collect();
        Values {
            variant: g.variant,
            supervisor: p,
            today: g.now.date(),
            sunday: day(g, 3),
            plan,
            titles,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        question(v.variant).0.to_string()
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(question(v.variant).1)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, today) = (&v.supervisor, v.today);
            let before = if v.variant == 3 {
                v.sunday + Duration::days(1)
            } else {
                today
            };
            s.reschedule_open_tasks(sup, before, today + Duration::days(12))?;
            let at = s.now - Duration::days(25);
            let garden = s.add_todo_project(
                sup,
                "Garden makeover",
                "Veggie beds and a new lawn",
                &[],
                at,
            )?;
            let party =
                s.add_todo_project(sup, "Birthday party", "The surprise party in June", &[], at)?;
            let inbox = s.todo_project(sup, "Inbox")?;
            let home = s.todo_project(sup, "Home")?;
            for (i, (proj, days, done)) in v.plan.iter().enumerate() {
                let (pid, who) = match *proj {
                    "Garden makeover" => (garden, None),
                    "Birthday party" => (party, None),
                    "Inbox" => (inbox, None),
                    // The shared Home project's task is the supervisor's own: "my tasks" counts
                    // it however one reads "my".
                    _ => (home, Some(sup)),
                };
                let prio = ["medium", "high", "low"][i % 3];
                s.add_todo_task(
                    pid,
                    None,
                    sup,
                    &v.titles[i],
                    Some(today + Duration::days(*days)),
                    prio,
                    *done,
                    who,
                    at,
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        let filter = if v.variant == 3 {
            "count_open_this_week"
        } else {
            "count_open_overdue"
        };
        // Variant 2 asks for a number, the others for a project's name.
        let done = if v.variant == 2 { "total" } else { "busiest" };
        let gt = |filter: &str, done: &str| {
            let none = Vals::new();
            vec![
                head.clone(),
                script.cell(filter, &none),
                script.cell(done, &none),
            ]
        };
        // The wrong solutions: (why, filter, answer).
        let wrong: Vec<(&str, &str, &str)> = match v.variant {
            1 => vec![
                ("counts completed tasks too", "count_overdue", done),
                (
                    "counts tasks due today too",
                    "count_open_due_by_today",
                    done,
                ),
            ],
            2 => vec![
                ("counts completed tasks too", "count_overdue", done),
                (
                    "counts tasks due today too",
                    "count_open_due_by_today",
                    done,
                ),
                ("leaves the Inbox out", filter, "total_without_inbox"),
            ],
            _ => vec![
                ("counts overdue tasks only", "count_open_overdue", done),
                ("counts open tasks whatever their date", "count_open", done),
            ],
        };
        let wrong = wrong
            .into_iter()
            .map(|(why, filter, done)| solution(why, gt(filter, done)))
            .collect();
        (gt(filter, done), wrong)
    }
}

/// The variant's question and its answer.
fn question(variant: u8) -> (&'static str, Answer) {
    match variant {
        1 => (
            "Which of my Todoist projects has the most overdue tasks? Give me the project's name.",
            Answer::Text("Garden makeover".into()),
        ),
        2 => (
            "How many of my Todoist tasks are overdue right now, across all my projects (the Inbox too)?",
            Answer::Number(10.0),
        ),
        _ => (
            "Which of my Todoist projects has the most open tasks due by this Sunday, overdue ones included? Give me its name.",
            Answer::Text("Birthday party".into()),
        ),
    }
}
