//! "I paid some of the bills on my Todoist Inbox; the receipts are in my file system. Mark
//! each task I have a receipt for as done and comment the amount paid." Tasks are titled "Pay
//! the <what>", receipts say "Payment for: <what>". Variant 2 files receipts in sub-folders by
//! month; variant 3 adds near-miss tasks ("Dispute the water bill") that only a loose match
//! would close.

use super::{
    allow_own_comments, allow_task_updates, inbox_done, no_comment_but_on, one_comment_each,
};
use crate::diff::ChangeKind;
use crate::kit::allow;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::todoist::{no_task_added_or_deleted, title_of};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// Per bill: (what, payee, cents, paid: has a receipt).
    plan: Vec<(String, String, i64, bool)>,
    /// The paid bills' tasks and the comment each wants: (title, "Paid $X").
    want: Vec<(String, String)>,
    /// The titles of `want`.
    titles: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "todoist"];
    const SCRIPT: &str = include_str!("close_with_receipts.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        Values {
            variant: g.variant,
            supervisor: p,
            now: g.now,
            plan,
            titles: want.iter().map(|w| w.0.clone()).collect(),
            want,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "I've paid some of the bills on my Todoist Inbox; the receipts are in ~/documents/receipts/ in my file system. Mark each Inbox task I have a receipt for as done, and comment on it what I paid, like \"Paid $12.34\"."
            }
            2 => {
                "Go through my payment receipts (in my file system under ~/documents/receipts/, sorted into monthly folders) and close the matching \"Pay the ...\" tasks in my Todoist Inbox. Comment the amount on each one, e.g. \"Paid $12.34\"."
            }
            _ => {
                "Some of my Todoist Inbox tasks are paid already: the receipts are in ~/documents/receipts/. Complete exactly those tasks and leave a comment \"Paid $X\" with the amount on each."
            }
        }
        .to_string()
    }

    /// Receipts of things that never were Inbox tasks, then per bill its task (variant 3: and a
    /// near-miss task for every third) and, if paid, its receipt.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let inbox = s.todo_project(sup, "Inbox")?;
            let at = now - Duration::days(25);
            for (k, (what, payee)) in [
                ("concert tickets", "City Arena Box Office"),
                ("furniture delivery", "HomeStyle Furnishings"),
                ("yoga class pass", "Lotus Yoga Studio"),
            ]
            .iter()
            .enumerate()
            {
                let on = (now - Duration::days(4 + 3 * k as i64)).date();
                s.add_file(
                    sup,
                    &receipt_path(v, &what.replace(' ', "_"), on),
                    &receipt(what, payee, 4_500 + 1_250 * k as i64, on),
                    now - Duration::days(4 + 3 * k as i64),
                )?;
            }
            let task = |title: &str, due: Option<NaiveDate>, priority: &str| {
                s.add_todo_task(inbox, None, sup, title, due, priority, false, None, at)
            };
            for (k, (what, payee, cents, is_paid)) in v.plan.iter().enumerate() {
                let due = Some((now + Duration::days(k as i64 - 2)).date());
                task(&format!("Pay the {what}"), due, "medium")?;
                if v.variant == 3 && k % 3 == 0 {
                    task(&format!("Dispute the {what}"), due, "low")?;
                }
                if *is_paid {
                    let on = (now - Duration::days(3 + k as i64 * 2)).date();
                    s.add_file(
                        sup,
                        &receipt_path(v, &what.replace(' ', "_"), on),
                        &receipt(what, payee, *cents, on),
                        now - Duration::days(3 + k as i64 * 2),
                    )?;
                }
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let gt = |read: &str, tasks: &str, apply: &str| {
            vec![cell("logins"), cell(read), cell(tasks), cell(apply)]
        };
        let mut wrong = vec![
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
        if v.variant == 3 {
            wrong.push(solution(
                "closes every task mentioning a paid bill (near misses too)",
                gt("read", "match_tasks_loosely", "apply"),
            ));
        }
        if v.variant == 2 {
            wrong.push(solution(
                "reads only the receipts at the folder's top level",
                gt("read_top_level", "match_tasks", "apply"),
            ));
        }
        (gt("read", "match_tasks", "apply"), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(format!("done: {}", v.titles.join(", ")), |v, ctx| {
                inbox_done(ctx, &v.titles)
            }),
            v.check("every other Inbox task is as it was", |v, ctx| {
                for r in ctx.diff.rows.iter().filter(|r| r.is("todoist", "tasks")) {
                    let title = title_of(r);
                    if !v.titles.iter().any(|w| w == title) {
                        return Err(format!("\"{title}\" changed"));
                    }
                }
                Ok(())
            }),
            v.check(
                format!(
                    "one comment on each: {}",
                    v.want
                        .iter()
                        .map(|w| format!("\"{}\" on {}", w.1, w.0))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                |v, ctx| {
                    let want = v.want.iter().map(|(t, x)| (t.as_str(), x.as_str()));
                    one_comment_each(ctx, Some("Inbox"), want)
                },
            ),
            v.check("no comment on any other task", |v, ctx| {
                no_comment_but_on(ctx, Some("Inbox"), v.titles.iter().map(String::as_str))
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
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow_own_comments();
        allowed.push(allow_task_updates(&["is_completed"]));
        allowed.push(allow::todo_notifications());
        allowed
    }
}

/// Where a receipt of `on` lies: in a folder per month in variant 2.
fn receipt_path(v: &Values, file: &str, on: NaiveDate) -> String {
    if v.variant == 2 {
        format!(
            "~/documents/receipts/{}/{file}_receipt.pdf",
            on.format("%Y_%m")
        )
    } else {
        format!("~/documents/receipts/{file}_receipt.pdf")
    }
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
