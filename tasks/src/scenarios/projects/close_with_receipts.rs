//! "I paid some of the bills on my Todoist Inbox; the receipts are in my file system. Mark
//! each task I have a receipt for as done and comment the amount paid." Tasks are titled "Pay
//! the <what>", receipts say "Payment for: <what>". Variant 2 files receipts in sub-folders by
//! month; variant 3 adds near-miss tasks ("Dispute the water bill") that only a loose match
//! would close.

use super::{
    NewComment, allow_own_comments, allow_task_updates, new_comments, no_task_added_or_deleted,
    todo_titled,
};
use crate::diff::ChangeKind;
use crate::kit::allow;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use chrono::{Duration, NaiveDate};

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let payees: &[(&str, &str)] = &[
        ("water bill", "City Water Utility"),
        ("parking ticket", "Municipal Parking Authority"),
        ("vet invoice", "Happy Paws Clinic"),
        ("gym membership", "IronWorks Gym"),
        ("phone bill", "Skyline Mobile"),
        ("dentist invoice", "Bright Smile Dental"),
    ];
    // Which of the six were paid (have a receipt) per variant.
    let paid: &[usize] = match g.variant {
        1 => &[0, 1, 4],
        2 => &[1, 2, 3, 5],
        _ => &[0, 3, 5],
    };
    let amounts: Vec<i64> = (0..payees.len())
        .map(|_| g.rng.range(2_000, 18_000))
        .collect();
    let instruction = match g.variant {
        1 => {
            "I've paid some of the bills on my Todoist Inbox; the receipts are in ~/documents/receipts/ in my file system. Mark each Inbox task I have a receipt for as done, and comment on it what I paid, like \"Paid $12.34\"."
        }
        2 => {
            "Go through my payment receipts (in my file system under ~/documents/receipts/, sorted into monthly folders) and close the matching \"Pay the ...\" tasks in my Todoist Inbox. Comment the amount on each one, e.g. \"Paid $12.34\"."
        }
        _ => {
            "Some of my Todoist Inbox tasks are paid already: the receipts are in ~/documents/receipts/. Complete exactly those tasks and leave a comment \"Paid $X\" with the amount on each."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist"];
    let now = g.now;
    let sup = p.clone();
    let variant = g.variant;
    let plan: Vec<(String, String, i64, bool)> = payees
        .iter()
        .enumerate()
        .map(|(k, (what, payee))| {
            (
                what.to_string(),
                payee.to_string(),
                amounts[k],
                paid.contains(&k),
            )
        })
        .collect();
    let plan_s = plan.clone();
    parts.setup.push(step(move |s| {
        let inbox = s.todo_project(&sup, "Inbox")?;
        let at = now - Duration::days(25);
        // Receipts of things that never were Inbox tasks.
        for (k, (what, payee)) in [
            ("concert tickets", "City Arena Box Office"),
            ("furniture delivery", "HomeStyle Furnishings"),
            ("yoga class pass", "Lotus Yoga Studio"),
        ]
        .iter()
        .enumerate()
        {
            let on = (now - Duration::days(4 + 3 * k as i64)).date();
            let dir = if variant == 2 {
                format!("{}/", on.format("%Y_%m"))
            } else {
                String::new()
            };
            s.add_file(
                &sup,
                &format!(
                    "~/documents/receipts/{dir}{}_receipt.pdf",
                    what.replace(' ', "_")
                ),
                &receipt(what, payee, 4_500 + 1_250 * k as i64, on),
                now - Duration::days(4 + 3 * k as i64),
            )?;
        }
        for (k, (what, payee, cents, is_paid)) in plan_s.iter().enumerate() {
            let due = Some((now + Duration::days(k as i64 - 2)).date());
            s.add_todo_task(
                inbox,
                None,
                &sup,
                &format!("Pay the {what}"),
                due,
                "medium",
                false,
                None,
                at,
            )?;
            if variant == 3 && k % 3 == 0 {
                s.add_todo_task(
                    inbox,
                    None,
                    &sup,
                    &format!("Dispute the {what}"),
                    due,
                    "low",
                    false,
                    None,
                    at,
                )?;
            }
            if *is_paid {
                let on = (now - Duration::days(3 + k as i64 * 2)).date();
                let file = what.replace(' ', "_");
                let path = if variant == 2 {
                    format!(
                        "~/documents/receipts/{}/{file}_receipt.pdf",
                        on.format("%Y_%m")
                    )
                } else {
                    format!("~/documents/receipts/{file}_receipt.pdf")
                };
                s.add_file(
                    &sup,
                    &path,
                    &receipt(what, payee, *cents, on),
                    now - Duration::days(3 + k as i64 * 2),
                )?;
            }
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("close_with_receipts.py"));
    let none = Vals::new();
    let cell = |name: &str| script.cell(name, &none);
    let gt = |read: &str, tasks: &str, apply: &str| {
        vec![cell("logins"), cell(read), cell(tasks), cell(apply)]
    };
    parts.ground_truth = gt("read", "match_tasks", "apply");
    parts.wrong = vec![
        solution(
            "completes every \"Pay the\" task",
            vec![
                cell("logins"),
                cell("read"),
                format!("{}\n{}", cell("match_tasks"), cell("every_pay_task")),
                cell("apply"),
            ],
        ),
        solution(
            "completes them without the comments",
            gt("read", "match_tasks", "apply_without_comments"),
        ),
        solution(
            "comments the amount without the cents",
            gt("read", "match_tasks", "apply_rounded"),
        ),
    ];
    if variant == 3 {
        parts.wrong.push(solution(
            "closes every task mentioning a paid bill (near misses too)",
            gt("read", "match_tasks_loosely", "apply"),
        ));
    }
    if variant == 2 {
        parts.wrong.push(solution(
            "reads only the receipts at the folder's top level",
            gt("read_top_level", "match_tasks", "apply"),
        ));
    }
    let want: Vec<(String, String)> = plan
        .iter()
        .filter(|x| x.3)
        .map(|(what, _, cents, _)| {
            (
                format!("Pay the {what}"),
                format!("Paid ${}.{:02}", cents / 100, cents % 100),
            )
        })
        .collect();
    let titles: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    let (w1, w2, w3) = (titles.clone(), titles.clone(), want.clone());
    let w4 = titles.clone();
    parts.checks = vec![
        Check::new(format!("done: {}", titles.join(", ")), move |ctx| {
            for t in &w1 {
                match todo_titled(ctx, Some("Inbox"), t) {
                    Some(x) if x.completed => {}
                    _ => return Err(format!("\"{t}\" is not done")),
                }
            }
            Ok(())
        }),
        Check::new("every other Inbox task is as it was", move |ctx| {
            for r in ctx.diff.rows.iter().filter(|r| r.is("todoist", "tasks")) {
                let title = r.get("title").as_str().unwrap_or("");
                if !w2.iter().any(|w| w == title) {
                    return Err(format!("\"{title}\" changed"));
                }
            }
            Ok(())
        }),
        Check::new(
            format!(
                "one comment on each: {}",
                want.iter()
                    .map(|w| format!("\"{}\" on {}", w.1, w.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let comments = new_comments(ctx);
                for (title, text) in &w3 {
                    let Some(t) = todo_titled(ctx, Some("Inbox"), title) else {
                        return Err(format!("\"{title}\" is gone"));
                    };
                    let on: Vec<&NewComment> = comments.iter().filter(|c| c.task == t.id).collect();
                    if on.len() != 1 || on[0].content.trim() != text {
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
            let ids: Vec<i64> = w4
                .iter()
                .filter_map(|t| todo_titled(ctx, Some("Inbox"), t).map(|x| x.id))
                .collect();
            match new_comments(ctx).iter().find(|c| !ids.contains(&c.task)) {
                Some(c) => Err(format!("a comment on task {}", c.task)),
                None => Ok(()),
            }
        }),
        Check::new("only completion changed on the tasks", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns().iter().any(|c| c != "is_completed")
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        no_task_added_or_deleted(),
    ];
    parts.allowed = allow_own_comments();
    parts.allowed.push(allow_task_updates(&["is_completed"]));
    parts.allowed.push(allow::todo_notifications());
    parts
}

/// A payment receipt as a biller's PDF reads.
fn receipt(what: &str, payee: &str, cents: i64, on: NaiveDate) -> String {
    format!(
        "PAYMENT RECEIPT\nPaid to: {payee}\nPayment for: {what}\nDate: {}\nAmount paid: ${}.{:02}\nThank you!",
        ymd(on),
        cents / 100,
        cents % 100
    )
}
