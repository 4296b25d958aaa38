//! "Text each person I live with the open Home tasks assigned to them that are due by
//! Sunday." The setup adds tasks for the housemates (some later, some done) and one for the
//! supervisor (not to be texted); what is due is read from the world at evaluation, and a
//! housemate with nothing due gets no text. Variant 2: the overdue ones; variant 3: the
//! high-priority ones, whatever their date.

use super::{TODAY, day, texts_for, todo_rows};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::people::housemates;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::time::ymd;
use crate::kit::todoist::Task;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::todoist::rows::Tasks;
use chrono::{Duration, NaiveDate};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The people the supervisor lives with (at least two).
    mates: Vec<Person>,
    today: NaiveDate,
    /// Today and this Sunday (`YYYY-MM-DD`).
    today_s: String,
    sunday_s: String,
}

/// A housemate with the titles of their qualifying Home tasks and the other Home titles.
type Expected = (Person, Vec<String>, Vec<String>);

impl Design for Values {
    const APPS: &[&str] = &["todoist", "phone"];
    const SCRIPT: &str = include_str!("text_home_tasks.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            pop.residences
                .iter()
                .any(|r| r.residents.len() >= 3 && r.residents.contains(&p.id))
        });
        let mates = housemates(g.population, &p);
        Values {
            variant: g.variant,
            supervisor: p,
            mates,
            today: g.now.date(),
            today_s: ymd(g.now.date()),
            sunday_s: ymd(day(g, 3)),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "Text each person I live with the titles of the open tasks assigned to them in our Home project in Todoist that are due by this Sunday (overdue ones too). Skip anyone who has none."
            }
            2 => {
                "Some tasks in our Home project in Todoist are overdue. Text each person I live with the titles of the overdue open tasks assigned to them; skip anyone who has none."
            }
            _ => {
                "Text each person I live with the titles of the open high-priority tasks assigned to them in our Home project in Todoist, whatever their due date. Skip anyone who has none."
            }
        }
        .into()
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, a, b) = (&v.supervisor, &v.mates[0], &v.mates[1]);
            let home = s.todo_project(sup, "Home")?;
            // The second housemate has done all of theirs.
            Tasks::complete_assigned(s.db, home, s.user_id("todoist", b)?)?;
            let chores = s.todo_section(home, "Chores")?;
            let shopping = s.todo_section(home, "Shopping")?;
            let at = s.now - Duration::days(6);
            let d = |n: i64| Some(v.today + Duration::days(n));
            for (sec, title, due, prio, done, who) in [
                (chores, "Take the bins out", d(1), "high", false, a),
                (chores, "Clean the fridge", d(3), "medium", false, a),
                (chores, "Mop the kitchen floor", d(10), "high", false, a),
                (chores, "Dust the bookshelves", d(-2), "low", false, a),
                (chores, "Water the balcony plants", d(-3), "high", true, a),
                (shopping, "Buy laundry detergent", d(-1), "high", false, sup),
                (
                    shopping,
                    "Pick up the dry cleaning",
                    d(2),
                    "medium",
                    false,
                    sup,
                ),
            ] {
                s.add_todo_task(home, Some(sec), sup, title, due, prio, done, Some(who), at)?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        let find = script.cell("find", &none);
        // The `cell` texting each housemate the `tasks` cell's tasks.
        let send = |tasks: &str, cell: &str| {
            script.cell(cell, &Vals::new().code("tasks", script.cell(tasks, &none)))
        };
        let gt = |tasks: &str| vec![head.clone(), find.clone(), send(tasks, "send")];
        let (tasks, done_too) = match v.variant {
            1 => ("due_by_sunday", "due_by_sunday_done_too"),
            2 => ("overdue", "overdue_done_too"),
            _ => ("high_priority", "high_priority_done_too"),
        };
        let mut wrong = vec![
            solution("includes completed tasks", gt(done_too)),
            solution(
                "texts every housemate, even with nothing to do",
                vec![head.clone(), find.clone(), send(tasks, "send_to_all")],
            ),
        ];
        wrong.push(match v.variant {
            1 => solution("leaves out the overdue ones", gt("due_today_to_sunday")),
            2 => solution("sends what is due by Sunday instead", gt("due_by_sunday")),
            _ => solution("sends every open task", gt("open")),
        });
        (gt(tasks), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let what = match v.variant {
            1 => "open Home tasks due by Sunday",
            2 => "overdue open Home tasks",
            _ => "open high-priority Home tasks",
        };
        vec![
            v.check(
                format!("each housemate with {what} got a text listing all of them"),
                |v, ctx| {
                    let texts = sent_texts(ctx);
                    let mut n = 0;
                    for (m, yes, _) in expected(v, ctx).iter().filter(|e| !e.1.is_empty()) {
                        n += 1;
                        let mine = texts_for(ctx, &texts, m);
                        if mine.is_empty() {
                            return Err(format!("no text to {}", m.first_name));
                        }
                        if let Some(t) = yes.iter().find(|t| !mine.iter().any(|x| holds(x, t))) {
                            return Err(format!("{}'s text lacks \"{t}\"", m.first_name));
                        }
                    }
                    if n == 0 {
                        Err("nobody has such tasks".into())
                    } else {
                        Ok(())
                    }
                },
            ),
            v.check(
                "no text lists a task that isn't theirs or doesn't qualify",
                |v, ctx| {
                    let texts = sent_texts(ctx);
                    for (m, yes, no) in expected(v, ctx) {
                        for x in texts_for(ctx, &texts, &m) {
                            if let Some(t) = no
                                .iter()
                                .find(|t| holds(x, t) && !yes.iter().any(|y| holds(y, t)))
                            {
                                return Err(format!("{}'s text lists \"{t}\"", m.first_name));
                            }
                        }
                    }
                    Ok(())
                },
            ),
            v.check(
                "nobody else got a text (not me, nor a housemate with nothing to do)",
                |v, ctx| {
                    let ok: Vec<i64> = expected(v, ctx)
                        .iter()
                        .filter(|e| !e.1.is_empty())
                        .filter_map(|e| phone_id(ctx.db, &e.0.phone_number))
                        .collect();
                    match sent_texts(ctx).iter().find(|t| !ok.contains(&t.0)) {
                        Some(t) => Err(format!("phone user {} got \"{}\"", t.0, t.1)),
                        None => Ok(()),
                    }
                },
            ),
            v.check("one text per person", |_, ctx| {
                let mut to: Vec<i64> = sent_texts(ctx).iter().map(|t| t.0).collect();
                let n = to.len();
                to.sort_unstable();
                to.dedup();
                if to.len() == n {
                    Ok(())
                } else {
                    Err("someone got two texts".into())
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::texts_sent()
    }
}

/// Does a Home task (now) qualify?
fn fits(v: &Values, t: &Task) -> bool {
    t.project == "Home"
        && !t.completed
        && match v.variant {
            1 => t.due.as_deref().is_some_and(|d| d <= v.sunday_s.as_str()),
            2 => t.due.as_deref().is_some_and(|d| d < v.today_s.as_str()),
            _ => t.priority == "high",
        }
}

/// Each housemate with their qualifying titles, and the other Home titles.
fn expected(v: &Values, ctx: &EvalCtx) -> Vec<Expected> {
    let rows = todo_rows(ctx, false);
    v.mates
        .iter()
        .map(|m| {
            let id = uid(ctx, "todoist", &m.email);
            let (yes, no): (Vec<&Task>, Vec<&Task>) = rows
                .iter()
                .filter(|t| t.project == "Home")
                .partition(|t| t.assignee == id && fits(v, t));
            (
                m.clone(),
                yes.iter().map(|t| t.title.clone()).collect(),
                no.iter().map(|t| t.title.clone()).collect(),
            )
        })
        .collect()
}
