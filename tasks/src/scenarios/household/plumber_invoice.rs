//! "The plumber fixed our kitchen sink. Close the Repairs task about it in our Home project,
//! put the plumber's invoice (in my downloads) on our household group on Splitwise, split with
//! my wife, invoice attached, and text her what her half is." An older invoice (another job)
//! and a near-miss Repairs task are distractors; variant 2 has an older kitchen-sink invoice
//! already on Splitwise; variant 3 stores the spouse under a nickname.

use super::{household_group, married_supervisor, sw_added};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::people::has_roommates;
use crate::kit::phone::texts_to;
use crate::kit::python::solution;
use crate::kit::splitwise::{expenses_added, group_members};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    spouse: Person,
    /// "wife" or "husband".
    label: &'static str,
    variant: u8,
    now: NaiveDateTime,
    /// The new invoice's amount and the older one's, in cents.
    cents: i64,
    old_cents: i64,
    /// The invoices' paths and texts.
    new_file: String,
    old_file: String,
    new_text: String,
    old_text: String,
    /// The spouse's name in the contacts in variant 3.
    nickname: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "todoist", "splitwise", "phone"];
    const SCRIPT: &str = include_str!("plumber_invoice.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let (p, sp, label) = married_supervisor(g, |p| !has_roommates(pop, p));
        let v = g.variant;
        let cents = g.rng.range(9_000, 32_000) / 2 * 2;
        let old_cents = g.rng.range(9_000, 32_000) / 2 * 2;
        let company = ["RapidFlow Plumbing", "Drip Doctors", "PipeWorks Co."][usize::from(v - 1)];
        let slug = ["rapidflow", "dripdoctors", "pipeworks"][usize::from(v - 1)];
        let invoice = |service: &str, date: &str, c: i64| {
            format!(
                "{company}\nInvoice for {} {}\nService: {service}\nDate: {date}\nAmount due: ${}\nThank you for your business!",
                p.first_name,
                p.last_name,
                c2(c)
            )
        };
        let new_file = format!("~/downloads/{slug}_invoice_2023_05_16.pdf");
        let old_file = format!("~/downloads/{slug}_invoice_2023_03_02.pdf");
        let new_text = invoice("Unclog kitchen sink drain", "May 16, 2023", cents);
        let old_text = if v == 2 {
            invoice("Kitchen sink leak repair", "March 2, 2023", old_cents)
        } else {
            invoice("Replace bathroom faucet", "March 2, 2023", old_cents)
        };
        let instruction = match v {
            1 => format!(
                "The plumber fixed our kitchen sink. Mark the kitchen sink task in the Repairs section of our Home project on Todoist as done, add the plumber's invoice (it's in my downloads) to my {label} and me's household group on Splitwise as an expense paid by me and split equally, with the invoice attached, and text my {label} how much their half is."
            ),
            2 => format!(
                "Kitchen sink is fixed! Please: complete the kitchen sink task under Repairs in our Home project (Todoist); record the plumber's latest invoice from my downloads folder in the Splitwise group I share with my {label}, paid by me, split 50/50, invoice as receipt; and text my {label} the amount of their share."
            ),
            _ => format!(
                "Our kitchen sink got fixed by the plumber. Close the matching task in the Repairs section of the Home project in Todoist, split the plumber's invoice (in ~/downloads) equally with my {label} in our household group on Splitwise (I paid; attach the invoice), and text them their half."
            ),
        };
        let values = Values {
            supervisor: p,
            spouse: sp,
            label,
            variant: v,
            now: g.now,
            cents,
            old_cents,
            new_file,
            old_file,
            new_text,
            old_text,
            nickname: ["Sweetie", "Hon", "Bear"][usize::from(v - 1)],
        };
        Drawing::from(values).instruction(instruction)
    }

    /// The invoices, the Repairs tasks, and (variant 2) the older invoice on Splitwise.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            if v.variant == 3 {
                s.relabel_contact(&v.supervisor, &v.spouse, v.nickname, &[v.label])?;
            }
            s.add_file(
                &v.supervisor,
                &v.old_file,
                &v.old_text,
                v.now - Duration::days(77),
            )?;
            s.add_file(
                &v.supervisor,
                &v.new_file,
                &v.new_text,
                v.now - Duration::days(2),
            )?;
            let home = s.todo_project(&v.supervisor, "Home")?;
            let repairs = s.todo_section(home, "Repairs")?;
            let at = v.now - Duration::days(9);
            let due = Some((v.now + Duration::days(3)).date());
            // (assignee, title, due, priority, completed)
            let tasks = [
                (&v.spouse, "Fix dripping bathroom sink", due, "low", false),
                (&v.spouse, "Unclog kitchen sink", due, "high", false),
                (
                    &v.supervisor,
                    "Call plumber about the kitchen",
                    None,
                    "medium",
                    true,
                ),
            ];
            for (who, title, due, priority, done) in tasks {
                s.add_todo_task(
                    home,
                    Some(repairs),
                    who,
                    title,
                    due,
                    priority,
                    done,
                    Some(&v.supervisor),
                    at,
                )?;
            }
            if v.variant == 2 {
                let gid = household_group(s, &v.supervisor, &v.spouse)?;
                s.add_splitwise_expense(
                    Some(gid),
                    &v.supervisor,
                    &[&v.supervisor, &v.spouse],
                    "Plumber - kitchen sink leak",
                    v.old_cents as f64 / 100.0,
                    v.now - Duration::days(76),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new().lit("label", v.label);
        let cells = |names: &[&str]| script.cells(names, &vals);
        let ground_truth = cells(&["logins", "find", "close_task", "record", "text"]);
        let wrong = vec![
            solution(
                "closes the bathroom sink task",
                cells(&["logins", "find", "close_bathroom_task", "record", "text"]),
            ),
            solution(
                if v.variant == 2 {
                    "uses the older kitchen-sink invoice"
                } else {
                    "uses the first invoice found"
                },
                cells(&[
                    "logins",
                    "find_first_invoice",
                    "close_task",
                    "record",
                    "text",
                ]),
            ),
            solution(
                "texts the whole amount",
                cells(&[
                    "logins",
                    "find_whole_amount",
                    "close_task",
                    "record_amount_times_one",
                    "text",
                ]),
            ),
            solution(
                "records the expense outside the group",
                cells(&[
                    "logins",
                    "find",
                    "close_task",
                    "record_outside_group",
                    "text",
                ]),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check("\"Unclog kitchen sink\" is completed", |_, ctx| {
                if task_done(ctx, "Unclog kitchen sink") {
                    Ok(())
                } else {
                    Err("not completed".into())
                }
            }),
            v.check("no other Todoist task changed", |_, ctx| {
                let n = ctx
                    .diff
                    .rows
                    .iter()
                    .filter(|r| r.is("todoist", "tasks"))
                    .count();
                if n == 1 {
                    Ok(())
                } else {
                    Err(format!("{n} tasks changed"))
                }
            }),
            v.check(
                format!("one expense of ${}", c2(v.cents)),
                |v, ctx| match sw_added(ctx).as_slice() {
                    [e] if same_amount(e.1, v.cents as f64 / 100.0) => Ok(()),
                    [e] => Err(format!("${}", e.1)),
                    x => Err(format!("{} expenses", x.len())),
                },
            ),
            v.check(
                format!(
                    "in the household group with {}, paid by the supervisor",
                    v.spouse.email
                ),
                in_household_group,
            ),
            v.check(format!("its receipt is {}", file_name(v)), |v, ctx| {
                let ok = expenses_added(ctx)
                    .iter()
                    .any(|e| e.receipt.as_deref() == Some(file_name(v)));
                if ok {
                    Ok(())
                } else {
                    Err("no such receipt".into())
                }
            }),
            v.check(
                format!(
                    "a text to {} ({}) with their half, ${}",
                    v.spouse.email,
                    v.spouse.phone_number,
                    c2(v.cents / 2)
                ),
                |v, ctx| {
                    let half = c2(v.cents / 2);
                    if texts_to(ctx, &v.spouse.phone_number)
                        .iter()
                        .any(|m| m.contains(&half))
                    {
                        Ok(())
                    } else {
                        Err("no text with the half".into())
                    }
                },
            ),
        ]
    }

    /// The expense, the texts, the kitchen sink task and Todoist's notifications.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::splitwise_expenses();
        allowed.extend(allow::texts_sent());
        allowed.push(Allow::new("the kitchen sink task", |_, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.get("title").as_str() == Some("Unclog kitchen sink")
        }));
        allowed.push(allow::todo_notifications());
        allowed
    }
}

/// Was a task titled `title` completed?
fn task_done(ctx: &EvalCtx, title: &str) -> bool {
    ctx.diff.rows.iter().any(|r| {
        r.is("todoist", "tasks")
            && r.kind() == ChangeKind::Updated
            && r.get("title").as_str() == Some(title)
            && r.get("is_completed").as_bool().unwrap_or(false)
                | (r.get("is_completed").as_i64() == Some(1))
    })
}

/// Is the one new expense in the couple's group, paid by the supervisor and split equally?
fn in_household_group(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let me = ctx.user_id("splitwise");
    let them = uid(ctx, "splitwise", &v.spouse.email);
    let Some(e) = sw_added(ctx).into_iter().next() else {
        return Err("no expense".into());
    };
    let members: Vec<i64> =
        e.2.map(|gid| group_members(ctx.db, gid))
            .unwrap_or_default();
    let mut want: Vec<i64> = [me, them].into_iter().flatten().collect();
    want.sort();
    if members != want || e.3 != me {
        return Err(format!("group {:?}, payer {:?}", e.2, e.3));
    }
    let mut ids: Vec<i64> = e.4.iter().map(|s| s.0).collect();
    ids.sort();
    if ids != want || e.4.iter().any(|s| !same_amount(s.1, e.1 / 2.0)) {
        return Err("not split equally between the two".into());
    }
    Ok(())
}

/// The invoice's file name.
fn file_name(v: &Values) -> &str {
    v.new_file.trim_start_matches("~/downloads/")
}
