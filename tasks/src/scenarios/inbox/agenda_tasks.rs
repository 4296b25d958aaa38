//! "My manager e-mailed this week's action items; add mine to my Todoist Inbox with their due
//! dates." An older agenda e-mail (April's) must stay out; variant 2 has a correction in a
//! reply; variant 3 also counts the item for the whole team (only its agenda has one).

use super::boss_and_coworkers;
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::python::solution;
use crate::kit::todoist::{is_inbox_of, is_mine, new_tasks};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::Duration;

/// The action items of each variant: (item, due).
const POOL: [[(&str, &str); 6]; 3] = [
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

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    boss: Person,
    /// The agenda's recipients: the supervisor and two coworkers.
    to: [String; 3],
    /// April's agenda, this week's, and variant 2's correction.
    old_body: String,
    body: String,
    correction: Option<String>,
    /// The tasks to add: (title, due YYYY-MM-DD).
    want: Vec<(String, String)>,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone", "todoist"];
    const SCRIPT: &str = include_str!("agenda_tasks.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, boss, cws) = boss_and_coworkers(g);
        let (a, b) = (cws[0].clone(), cws[1].clone());
        let me = p.first_name.clone();
        let items = POOL[g.variant as usize - 1];
        // Who each item is for. Only variant 3 asks for the team's items, so only its agenda
        // has one for "everyone" (an item for everyone is also the supervisor's: in variants 1
        // and 2 it would make "my items" ambiguous).
        let last = if g.variant == 3 {
            "everyone"
        } else {
            b.first_name.as_str()
        };
        let owners = [
            me.as_str(),
            a.first_name.as_str(),
            me.as_str(),
            b.first_name.as_str(),
            me.as_str(),
            last,
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
        let v = Values {
            to: [p.email.clone(), a.email.clone(), b.email.clone()],
            variant: g.variant,
            boss,
            old_body,
            body,
            correction,
            want,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// April's agenda, this week's, and variant 2's correction in a reply.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let to: Vec<&str> = v.to.iter().map(String::as_str).collect();
            s.add_email(
                &v.boss.email,
                &to,
                "Action items from the planning meeting",
                &v.old_body,
                &[],
                None,
                s.now - Duration::days(30) - Duration::hours(2),
            )?;
            let id = s.add_email(
                &v.boss.email,
                &to,
                "Action items from the planning meeting",
                &v.body,
                &[],
                None,
                s.now - Duration::days(2) - Duration::hours(4),
            )?;
            if let Some(c) = &v.correction {
                s.add_email(
                    &v.boss.email,
                    &to,
                    "Re: Action items from the planning meeting",
                    c,
                    &[],
                    Some(id),
                    s.now - Duration::days(1),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let who = |everyone: bool| {
            let who = if everyone {
                "(profile[\"first_name\"], \"everyone\")"
            } else {
                "(profile[\"first_name\"],)"
            };
            Vals::new().code("who", who)
        };
        let vals = who(v.variant == 3);
        let cells = |names: &[&str], vals: &Vals| script.cells(names, vals);
        let ground_truth = cells(&["logins", "find", "parse", "create"], &vals);
        let mut wrong = vec![
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
        match v.variant {
            2 => wrong.push(solution(
                "misses the corrected due date",
                cells(
                    &["logins", "find", "parse_ignoring_replies", "create"],
                    &vals,
                ),
            )),
            3 => wrong.push(solution(
                "leaves out the item for everyone",
                cells(&["logins", "find", "parse", "create"], &who(false)),
            )),
            _ => {}
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v.want.iter().map(|(t, d)| task_due(t, d)).collect();
        checks.push(v.check(
            format!("no other task added ({} in all)", v.want.len()),
            no_other_task,
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_added(
            "tasks in the supervisor's Inbox",
            "todoist",
            "tasks",
            is_mine,
        )]
    }
}

/// The tasks added to the supervisor's Inbox: (title, due date).
fn inbox_tasks(ctx: &EvalCtx) -> Vec<(String, String)> {
    let Some(me) = ctx.user_id("todoist") else {
        return Vec::new();
    };
    new_tasks(ctx)
        .into_iter()
        .filter(|t| is_inbox_of(ctx.db, t.project.unwrap_or(-1), me))
        .map(|t| (t.title.trim().to_string(), t.due.unwrap_or_default()))
        .collect()
}

/// A check that the Inbox has a task `t` due `d`.
fn task_due(t: &str, d: &str) -> Check {
    let (t2, d2) = (t.to_string(), d.to_string());
    Check::new(
        format!("an Inbox task \"{t}\" due {d}"),
        move |ctx| match inbox_tasks(ctx)
            .iter()
            .find(|x| x.0.eq_ignore_ascii_case(&t2))
        {
            Some(x) if x.1 == d2 => Ok(()),
            Some(x) => Err(format!("due \"{}\"", x.1)),
            None => Err("no such task".into()),
        },
    )
}

/// Are the tasks added exactly the wanted ones, all in the Inbox?
fn no_other_task(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let mine = inbox_tasks(ctx);
    let all = added(ctx, "todoist", "tasks").len();
    if all != mine.len() {
        return Err(format!("{} tasks outside the Inbox", all - mine.len()));
    }
    match mine
        .iter()
        .find(|x| !v.want.iter().any(|w| w.0.eq_ignore_ascii_case(&x.0)))
    {
        Some(x) => Err(format!("a task \"{}\"", x.0)),
        None if mine.len() != v.want.len() => Err(format!("{} tasks", mine.len())),
        None => Ok(()),
    }
}
