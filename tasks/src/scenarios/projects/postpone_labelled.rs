//! "My manager texted about a delay. Push every open task with my label L due in the next
//! seven days back a week, and comment the text on each." Labelled tasks sit in the team
//! project and the Inbox; distractors: a labelled task due later, a labelled completed one, a
//! near-miss label, an unlabelled task due soon, an older text from the manager.

use super::{
    NewComment, allow_own_comments, allow_task_updates, employer, new_comments,
    no_task_added_or_deleted, todo_titled,
};
use crate::kit::allow;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.companies
            .iter()
            .any(|c| c.manager != p.id && c.employees.contains(&p.id))
    });
    let Some((company, boss)) = employer(g, &p) else {
        unreachable!("the supervisor has a manager")
    };
    let team = format!("{company} Team");
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
    let instruction = match g.variant {
        1 => format!(
            "My manager just texted me about a delay. Push every open Todoist task with my \"{label}\" label that's due in the next 7 days back by one week, and comment my manager's text on each of them, word for word."
        ),
        2 => format!(
            "Read my manager's latest text. Then move each unfinished Todoist task labelled \"{label}\" that is due within the coming week to exactly one week later than its current due date, and post the text as a comment on each task you moved."
        ),
        _ => format!(
            "Because of what my boss texted me, every open task of mine in Todoist with the \"{label}\" label due in the next seven days needs to be postponed by a week. Do that and put my boss's message, unchanged, as a comment on each."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "todoist"];
    // (in the team project?, title, due in days, 0 none / 1 label / 2 near-miss, completed)
    let mut plan: Vec<(bool, &str, i64, u8, bool)> = vec![
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
    let now = g.now;
    let today = now.date();
    let (sup, mgr, team_s) = (p.clone(), boss.clone(), team.clone());
    let (label_s, near_s, reason_s) = (label.to_string(), near.to_string(), reason.to_string());
    let plan_s: Vec<(bool, String, i64, u8, bool)> = plan
        .iter()
        .map(|x| (x.0, x.1.to_string(), x.2, x.3, x.4))
        .collect();
    parts.setup.push(step(move |s| {
        let pid = s.todo_project(&sup, &team_s)?;
        let section = s.todo_section(pid, "In Progress")?;
        let inbox = s.todo_project(&sup, "Inbox")?;
        let l = s.add_todo_label(&sup, &label_s, "red")?;
        let n = s.add_todo_label(&sup, &near_s, "orange")?;
        let at = now - Duration::days(12);
        for (in_team, title, days, lab, done) in &plan_s {
            let due = Some(today + Duration::days(*days));
            let id = if *in_team {
                s.add_todo_task(
                    pid,
                    Some(section),
                    &mgr,
                    title,
                    due,
                    "medium",
                    *done,
                    Some(&sup),
                    at,
                )?
            } else {
                s.add_todo_task(inbox, None, &sup, title, due, "medium", *done, None, at)?
            };
            match lab {
                1 => s.label_todo_task(id, l)?,
                2 => s.label_todo_task(id, n)?,
                _ => {}
            }
        }
        s.add_text(
            &mgr,
            &sup,
            "Can you send me the slides from Monday before lunch?",
            now - Duration::days(3),
        )?;
        s.add_text(&mgr, &sup, &reason_s, now - Duration::hours(2))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("postpone_labelled.py"));
    let none = Vals::new();
    let cell = |name: &str| script.cell(name, &none);
    let named = script.cell("named", &Vals::new().lit("label", label));
    let find = |name: &str, label_match: &str| {
        script.cell(name, &Vals::new().code("label_match", label_match))
    };
    let gt = |find: String, apply: &str| vec![cell("logins"), cell("read"), find, cell(apply)];
    parts.ground_truth = gt(find("find", &named), "apply");
    parts.wrong = vec![
        solution(
            "moves them to a week from today",
            gt(find("find", &named), "apply_from_today"),
        ),
        solution(
            "takes the near-miss label too",
            gt(
                find(
                    "find",
                    &script.cell(
                        "name_starts",
                        &Vals::new().lit("prefix", &label[..label.len() - 1]),
                    ),
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
    let targets: Vec<(String, String, String)> = plan
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
    let (tg1, tg2, tg3, tg4) = (
        targets.clone(),
        targets.clone(),
        targets.clone(),
        targets.clone(),
    );
    let (r1, _) = (reason.to_string(), ());
    parts.checks = vec![
        Check::new(
            format!(
                "moved a week: {}",
                targets
                    .iter()
                    .map(|t| format!("\"{}\" {} → {}", t.0, t.1, t.2))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, _, to) in &tg1 {
                    match todo_titled(ctx, None, title) {
                        Some(t) if t.due.as_deref() == Some(to.as_str()) => {}
                        Some(t) => return Err(format!("\"{title}\" is due {:?}", t.due)),
                        None => return Err(format!("\"{title}\" is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new("no other task's due date changed", move |ctx| {
            for r in ctx.diff.rows.iter().filter(|r| r.is("todoist", "tasks")) {
                let title = r.get("title").as_str().unwrap_or("");
                if r.changed_columns().iter().any(|c| c == "due_date")
                    && !tg2.iter().any(|t| t.0 == title)
                {
                    return Err(format!("\"{title}\" moved"));
                }
            }
            Ok(())
        }),
        Check::new("the moved tasks are still open", move |ctx| {
            for (title, _, _) in &tg3 {
                if todo_titled(ctx, None, title).is_some_and(|t| t.completed) {
                    return Err(format!("\"{title}\" was completed"));
                }
            }
            Ok(())
        }),
        Check::new(
            format!("one comment on each moved task: \"{reason}\""),
            move |ctx| {
                let comments = new_comments(ctx);
                for (title, _, _) in &tg4 {
                    let Some(t) = todo_titled(ctx, None, title) else {
                        return Err(format!("\"{title}\" is gone"));
                    };
                    let on: Vec<&NewComment> = comments.iter().filter(|c| c.task == t.id).collect();
                    if on.len() != 1 || on[0].content.trim() != r1 {
                        return Err(format!(
                            "comments on \"{title}\": {:?}",
                            on.iter().map(|c| &c.content).collect::<Vec<_>>()
                        ));
                    }
                }
                Ok(())
            },
        ),
        Check::new("no comment on any other task", move |ctx| {
            let ids: Vec<i64> = targets
                .iter()
                .filter_map(|t| todo_titled(ctx, None, &t.0).map(|x| x.id))
                .collect();
            match new_comments(ctx).iter().find(|c| !ids.contains(&c.task)) {
                Some(c) => Err(format!("a comment on task {}", c.task)),
                None => Ok(()),
            }
        }),
        no_task_added_or_deleted(),
    ];
    parts.allowed = allow_own_comments();
    parts.allowed.push(allow_task_updates(&["due_date"]));
    parts.allowed.push(allow::todo_notifications());
    parts
}
