//! "The plumber fixed our kitchen sink. Close the Repairs task about it in our Home project,
//! put the plumber's invoice (in my downloads) on our household group on Splitwise, split with
//! my wife, invoice attached, and text her what her half is." An older invoice (another job)
//! and a near-miss Repairs task are distractors; variant 2 has an older kitchen-sink invoice
//! already on Splitwise; variant 3 stores the spouse under a nickname.

use super::{allow_splitwise_expenses, household_group, spouse, sw_added};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::phone::texts_to;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
            && !pop
                .residences
                .iter()
                .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
    });
    let Some((sp, label)) = spouse(g, &p) else {
        unreachable!("supervisor_where picked a married person")
    };
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist", "splitwise", "phone"];
    let now = g.now;
    let (sup, spo) = (p.clone(), sp.clone());
    let nickname = ["Sweetie", "Hon", "Bear"][usize::from(v - 1)];
    let (nf, of) = (new_file.clone(), old_file.clone());
    parts.setup.push(step(move |s| {
        if v == 3 {
            s.relabel_contact(&sup, &spo, nickname, &[label])?;
        }
        s.add_file(&sup, &of, &old_text, now - Duration::days(77))?;
        s.add_file(&sup, &nf, &new_text, now - Duration::days(2))?;
        let home = s.todo_project(&sup, "Home")?;
        let repairs = s.todo_section(home, "Repairs")?;
        let at = now - Duration::days(9);
        let due = Some((now + Duration::days(3)).date());
        s.add_todo_task(
            home,
            Some(repairs),
            &spo,
            "Fix dripping bathroom sink",
            due,
            "low",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &spo,
            "Unclog kitchen sink",
            due,
            "high",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &sup,
            "Call plumber about the kitchen",
            None,
            "medium",
            true,
            Some(&sup),
            at,
        )?;
        if v == 2 {
            let gid = household_group(s, &sup, &spo)?;
            s.add_splitwise_expense(
                Some(gid),
                &sup,
                &[&sup, &spo],
                "Plumber - kitchen sink leak",
                old_cents as f64 / 100.0,
                now - Duration::days(76),
            )?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("plumber_invoice.py"));
    let vals = Vals::new().lit("label", label);
    let cells = |names: &[&str]| script.cells(names, &vals);
    parts.ground_truth = cells(&["logins", "find", "close_task", "record", "text"]);
    parts.wrong = vec![
        solution(
            "closes the bathroom sink task",
            cells(&["logins", "find", "close_bathroom_task", "record", "text"]),
        ),
        solution(
            if v == 2 {
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
    let amount = cents as f64 / 100.0;
    let half = c2(cents / 2);
    let (se, sp_phone) = (sp.email.clone(), sp.phone_number.clone());
    let fname = new_file.trim_start_matches("~/downloads/").to_string();
    let se2 = se.clone();
    let kitchen_done = |ctx: &EvalCtx, title: &str| -> bool {
        ctx.diff.rows.iter().any(|r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.get("title").as_str() == Some(title)
                && r.get("is_completed").as_bool().unwrap_or(false)
                    | (r.get("is_completed").as_i64() == Some(1))
        })
    };
    parts.checks = vec![
        Check::new("\"Unclog kitchen sink\" is completed", move |ctx| {
            if kitchen_done(ctx, "Unclog kitchen sink") {
                Ok(())
            } else {
                Err("not completed".into())
            }
        }),
        Check::new("no other Todoist task changed", |ctx| {
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
        Check::new(
            format!("one expense of ${}", c2(cents)),
            move |ctx| match sw_added(ctx).as_slice() {
                [e] if same_amount(e.1, amount) => Ok(()),
                [e] => Err(format!("${}", e.1)),
                x => Err(format!("{} expenses", x.len())),
            },
        ),
        Check::new(
            format!("in the household group with {se}, paid by the supervisor"),
            move |ctx| {
                let me = ctx.user_id("splitwise");
                let them = uid(ctx, "splitwise", &se);
                let Some(e) = sw_added(ctx).into_iter().next() else {
                    return Err("no expense".into());
                };
                let members: Vec<i64> = e
                    .2
                    .and_then(|gid| {
                        ctx.db
                            .prepare_cached("SELECT user_id FROM splitwise.group_members WHERE group_id = ?1 ORDER BY user_id")
                            .and_then(|mut st| {
                                st.query_map([gid], |r| r.get(0))
                                    .map(|it| it.filter_map(Result::ok).collect())
                            })
                            .ok()
                    })
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
            },
        ),
        Check::new(format!("its receipt is {fname}"), move |ctx| {
            let ok = added(ctx, "splitwise", "expenses")
                .iter()
                .any(|r| r.get("receipt_file_name").as_str() == Some(fname.as_str()));
            if ok {
                Ok(())
            } else {
                Err("no such receipt".into())
            }
        }),
        Check::new(
            format!("a text to {se2} ({sp_phone}) with their half, ${half}"),
            move |ctx| {
                if texts_to(ctx, &sp_phone).iter().any(|m| m.contains(&half)) {
                    Ok(())
                } else {
                    Err("no text with the half".into())
                }
            },
        ),
    ];
    parts.allowed = allow_splitwise_expenses();
    parts.allowed.extend(allow::texts_sent());
    parts
        .allowed
        .push(Allow::new("the kitchen sink task", |_, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.get("title").as_str() == Some("Unclog kitchen sink")
        }));
    parts.allowed.push(allow_added(
        "Todoist notifications",
        "todoist",
        "notifications",
        |_, _| true,
    ));
    parts
}
