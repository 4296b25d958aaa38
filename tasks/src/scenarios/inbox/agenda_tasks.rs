//! "My manager e-mailed this week's action items; add mine to my Todoist Inbox with their due
//! dates." An older agenda e-mail (April's) must stay out; variant 2 has a correction in a
//! reply; variant 3 also counts the items for the whole team.

use super::has_n;
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, &[Relation::Manager], 1) && has_n(pop, p, &[Relation::Coworker], 2)
    });
    let boss = related_any(g.population, &p, &[Relation::Manager])[0].clone();
    let cws = related_any(g.population, &p, &[Relation::Coworker]);
    let (a, b) = (cws[0].clone(), cws[1].clone());
    let me = p.first_name.clone();
    let pool: [[(&str, &str); 6]; 3] = [
        [
            ("Update the onboarding guide", "May 24"),
            ("Book a room for the offsite", "May 26"),
            ("Send the Q2 numbers to finance", "May 30"),
            ("Review the vendor contract", "June 2"),
            ("Draft the customer survey", "June 5"),
            ("Fill in the team availability sheet", "May 31"),
        ],
        [
            ("Prepare the demo for the client", "May 23"),
            ("Order new badges", "May 25"),
            ("Write the release notes", "May 29"),
            ("Clean up the shared drive", "June 1"),
            ("Plan the summer intern projects", "June 7"),
            ("Submit this month's expense reports", "May 31"),
        ],
        [
            ("Test the new checkout flow", "May 22"),
            ("Call the catering company", "May 24"),
            ("Summarize the user interviews", "May 26"),
            ("Update the price list", "May 30"),
            ("Archive the old campaign files", "June 6"),
            ("Complete the security training", "June 2"),
        ],
    ];
    let items = pool[g.variant as usize - 1];
    // Who each item is for.
    let owners = [
        me.as_str(),
        a.first_name.as_str(),
        me.as_str(),
        b.first_name.as_str(),
        me.as_str(),
        "everyone",
    ];
    let lines: Vec<String> = items
        .iter()
        .zip(owners)
        .map(|((t, d), o)| format!("- {t} ({o}, due {d})"))
        .collect();
    let date = |d: &str| -> String {
        chrono::NaiveDate::parse_from_str(&format!("{d} 2023"), "%B %d %Y")
            .map(|x| x.format("%Y-%m-%d").to_string())
            .unwrap_or_default()
    };
    let mut want: Vec<(String, String)> = vec![
        (items[0].0.to_string(), date(items[0].1)),
        (items[2].0.to_string(), date(items[2].1)),
        (items[4].0.to_string(), date(items[4].1)),
    ];
    let correction = if g.variant == 2 {
        want[1].1 = "2023-06-01".to_string();
        Some(format!(
            "Hi all,\n\nOne change: \"{}\" is now due June 1.\n\nThanks,\n{}",
            items[2].0, boss.first_name
        ))
    } else {
        None
    };
    if g.variant == 3 {
        want.push((items[5].0.to_string(), date(items[5].1)));
    }
    let instruction = match g.variant {
        1 => "My manager e-mailed the action items from this week's planning meeting. Add each item assigned to me to my Todoist Inbox as a task, with its due date.".to_string(),
        2 => "Put my action items from this week's planning meeting into my Todoist Inbox with their due dates; my manager sent them by e-mail (check the whole thread for changes).".to_string(),
        _ => "My manager sent this week's meeting action items by e-mail. Add the ones for me, and the ones for the whole team, to my Todoist Inbox with their due dates.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone", "todoist"];
    let old_items = [
        ("Renew the software licenses", "April 21"),
        ("Send the March report", "April 24"),
    ];
    let old_body = format!(
        "Hi team,\n\nAction items from the April planning meeting:\n- {} ({me}, due {})\n- {} ({me}, due {})\n\nThanks,\n{}",
        old_items[0].0, old_items[0].1, old_items[1].0, old_items[1].1, boss.first_name
    );
    let body = format!(
        "Hi team,\n\nThanks for a productive meeting. Action items:\n{}\n\nThanks,\n{}",
        lines.join("\n"),
        boss.first_name
    );
    let (bo, to) = (
        boss.clone(),
        [p.email.clone(), a.email.clone(), b.email.clone()],
    );
    parts.setup.push(step(move |s| {
        let to: Vec<&str> = to.iter().map(String::as_str).collect();
        s.add_email(
            &bo.email,
            &to,
            "Action items from the planning meeting",
            &old_body,
            &[],
            None,
            s.now - Duration::days(30) - Duration::hours(2),
        )?;
        let id = s.add_email(
            &bo.email,
            &to,
            "Action items from the planning meeting",
            &body,
            &[],
            None,
            s.now - Duration::days(2) - Duration::hours(4),
        )?;
        if let Some(c) = &correction {
            s.add_email(
                &bo.email,
                &to,
                "Re: Action items from the planning meeting",
                c,
                &[],
                Some(id),
                s.now - Duration::days(1),
            )?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("agenda_tasks.py"));
    let who = |everyone: bool| {
        let who = if everyone {
            "(profile[\"first_name\"], \"everyone\")"
        } else {
            "(profile[\"first_name\"],)"
        };
        Vals::new().code("who", who)
    };
    let vals = who(g.variant == 3);
    let cells = |names: &[&str], vals: &Vals| script.cells(names, vals);
    parts.ground_truth = cells(&["logins", "find", "parse", "create"], &vals);
    parts.wrong = vec![
        solution(
            "adds every action item, not only the supervisor's",
            cells(&["logins", "find", "parse_all", "create"], &vals),
        ),
        solution(
            "takes the items of April's meeting",
            cells(&["logins", "find_oldest", "parse", "create"], &vals),
        ),
        solution(
            "adds the tasks without due dates",
            cells(&["logins", "find", "parse", "create_undated"], &vals),
        ),
    ];
    match g.variant {
        2 => parts.wrong.push(solution(
            "misses the corrected due date",
            cells(
                &["logins", "find", "parse_ignoring_replies", "create"],
                &vals,
            ),
        )),
        3 => parts.wrong.push(solution(
            "leaves out the item for everyone",
            cells(&["logins", "find", "parse", "create"], &who(false)),
        )),
        _ => {}
    }
    let inbox_tasks = |ctx: &EvalCtx| -> Vec<(String, String)> {
        let Some(me) = ctx.user_id("todoist") else {
            return Vec::new();
        };
        added(ctx, "todoist", "tasks")
            .into_iter()
            .filter(|r| {
                ctx.db
                    .query_row_cached(
                        "SELECT is_inbox AND user_id = ?2 FROM todoist.projects WHERE id = ?1",
                        rusqlite::params![r.get("project_id").as_i64().unwrap_or(-1), me],
                        |x| x.get::<_, bool>(0),
                    )
                    .unwrap_or(false)
            })
            .map(|r| {
                (
                    r.get("title").as_str().unwrap_or("").trim().to_string(),
                    r.get("due_date")
                        .as_str()
                        .unwrap_or("")
                        .chars()
                        .take(10)
                        .collect(),
                )
            })
            .collect()
    };
    for (t, d) in &want {
        let (t2, d2) = (t.clone(), d.clone());
        parts.checks.push(Check::new(
            format!("an Inbox task \"{t}\" due {d}"),
            move |ctx| match inbox_tasks(ctx)
                .iter()
                .find(|x| x.0.eq_ignore_ascii_case(&t2))
            {
                Some(x) if x.1 == d2 => Ok(()),
                Some(x) => Err(format!("due \"{}\"", x.1)),
                None => Err("no such task".into()),
            },
        ));
    }
    let n = want.len();
    let wt: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    parts.checks.push(Check::new(
        format!("no other task added ({n} in all)"),
        move |ctx| {
            let mine = inbox_tasks(ctx);
            let all = added(ctx, "todoist", "tasks").len();
            if all != mine.len() {
                return Err(format!("{} tasks outside the Inbox", all - mine.len()));
            }
            match mine
                .iter()
                .find(|x| !wt.iter().any(|w| w.eq_ignore_ascii_case(&x.0)))
            {
                Some(x) => Err(format!("a task \"{}\"", x.0)),
                None if mine.len() != n => Err(format!("{} tasks", mine.len())),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = vec![allow_added(
        "tasks in the supervisor's Inbox",
        "todoist",
        "tasks",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
    )];
    parts
}
