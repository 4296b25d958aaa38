//! "Make sure this month's bills in ~/bills are on Splitwise in our Roommates group; add what
//! is missing, split equally, with the bill attached." One May bill is already recorded by the
//! supervisor; variant 2 adds one the roommate recorded; variant 3 has two missing May bills
//! and a missing April bill that is not this month's.

use super::{SwExpense, allow_splitwise_expenses, sw_added, sw_group};
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::people::roommates;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
    });
    let mates = roommates(g.population, &p);
    let n = mates.len() as i64 + 1;
    let v = g.variant;
    let amt = |g: &mut Gen| g.rng.range(4_000 / n, 15_000 / n) * n;
    // (file, company, month, cents, recorded by: 0 nobody, 1 supervisor, 2 roommate)
    let mut bills: Vec<(String, &str, &str, i64, u8)> = vec![
        (
            "brightline_bill_2023_05.pdf".into(),
            "Brightline Energy",
            "May",
            amt(g),
            1,
        ),
        (
            "aquaflow_bill_2023_05.pdf".into(),
            "AquaFlow Water",
            "May",
            amt(g),
            0,
        ),
        (
            "aquaflow_bill_2023_04.pdf".into(),
            "AquaFlow Water",
            "April",
            amt(g),
            1,
        ),
    ];
    if v == 2 {
        bills.push((
            "netwave_bill_2023_05.pdf".into(),
            "NetWave Internet",
            "May",
            amt(g),
            2,
        ));
    }
    if v == 3 {
        bills.push((
            "cozyheat_gas_bill_2023_05.pdf".into(),
            "CozyHeat Gas",
            "May",
            amt(g),
            0,
        ));
        bills[2].4 = 0;
    }
    let missing: Vec<(String, String, i64)> = bills
        .iter()
        .filter(|b| b.2 == "May" && b.4 == 0)
        .map(|b| (b.0.clone(), b.1.to_string(), b.3))
        .collect();
    let instruction = match v {
        1 => "Can you make sure all of this month's bills in my ~/bills folder are on Splitwise in our Roommates group? Add any that's missing as an expense paid by me, split equally among everyone in the group, described as the company's name and the month (like \"Brightline Energy May 2023\"), with the bill's file attached as the receipt.".to_string(),
        2 => "Check this month's bills in ~/bills against our Roommates group on Splitwise (my roommate may have entered some already). For each one that isn't there, record it as paid by me, split evenly among the group, with the description \"<company> <month> <year>\" and the bill attached as the receipt.".to_string(),
        _ => "Some of this month's bills in my ~/bills folder may not be on Splitwise yet. Add the missing ones to the Roommates group: paid by me, split equally among all members, description like \"AquaFlow Water May 2023\", and attach the bill file as the receipt. Only this month's.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "splitwise"];
    let now = g.now;
    let (sup, mate) = (p.clone(), mates[0].clone());
    let all: Vec<Person> = std::iter::once(p.clone())
        .chain(mates.iter().cloned())
        .collect();
    let setup_bills = bills.clone();
    parts.setup.push(step(move |s| {
        s.remove_files(&sup, "_bill_2023_05")?;
        let gid = s.splitwise_group_named(&sup, "Roommates")?;
        let refs: Vec<&Person> = all.iter().collect();
        for (i, (file, company, month, cents, by)) in setup_bills.iter().enumerate() {
            let at = if *month == "May" {
                now - Duration::days(15 - i as i64)
            } else {
                now - Duration::days(44 - i as i64)
            };
            let due = if *month == "May" {
                "May 26, 2023"
            } else {
                "April 25, 2023"
            };
            s.add_file(
                &sup,
                &format!("~/bills/{file}"),
                &bill_text(company, &sup, month, *cents, due),
                at,
            )?;
            let payer = match by {
                1 => &sup,
                2 => &mate,
                _ => continue,
            };
            s.add_splitwise_expense(
                Some(gid),
                payer,
                &refs,
                &format!("{company} {month} 2023"),
                *cents as f64 / 100.0,
                at + Duration::hours(3),
            )?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("bills_check.py"));
    let vals = Vals::new().lit("month", "2023_05");
    let cells = |last: &str| script.cells(&["logins", "find", last], &vals);
    parts.ground_truth = cells("record_missing");
    parts.wrong = vec![
        solution("adds every bill of the month again", cells("record_all")),
        solution(
            "attaches no receipt",
            cells("record_missing_without_receipt"),
        ),
        solution(
            "leaves the supervisor out of the split",
            cells("record_missing_without_me"),
        ),
    ];
    if v == 3 {
        parts.wrong.push(solution(
            "also adds last month's missing bill",
            script.cells(
                &["logins", "find", "record_missing"],
                &Vals::new().lit("month", "2023_0"),
            ),
        ));
    }
    let members: Vec<String> = std::iter::once(p.email.clone())
        .chain(mates.iter().map(|m| m.email.clone()))
        .collect();
    for (file, company, cents) in missing.clone() {
        let amount = cents as f64 / 100.0;
        let (f1, c1) = (file.clone(), company.clone());
        parts.checks.push(Check::new(
            format!("one expense for {company} May 2023, ${}", c2(cents)),
            move |ctx| {
                let got: Vec<SwExpense> = sw_added(ctx)
                    .into_iter()
                    .filter(|e| {
                        e.0.to_lowercase().contains(&c1.to_lowercase()) && e.0.contains("May")
                    })
                    .collect();
                match got.as_slice() {
                    [e] if same_amount(e.1, amount) => Ok(()),
                    [e] => Err(format!("amount ${}", e.1)),
                    _ => Err(format!("{} such expenses", got.len())),
                }
            },
        ));
        parts
            .checks
            .push(Check::new(format!("its receipt is {file}"), move |ctx| {
                let ok = added(ctx, "splitwise", "expenses").iter().any(|r| {
                    same_amount(r.get("amount").as_f64().unwrap_or(0.0), amount)
                        && r.get("receipt_file_name").as_str() == Some(f1.as_str())
                });
                if ok {
                    Ok(())
                } else {
                    Err("no expense with that receipt".into())
                }
            }));
    }
    let k = missing.len();
    parts.checks.push(Check::new(
        format!("exactly {k} expenses added (none for bills already there)"),
        move |ctx| match sw_added(ctx).len() {
            x if x == k => Ok(()),
            x => Err(format!("{x} expenses")),
        },
    ));
    parts.checks.push(Check::new(
        "in the Roommates group, paid by the supervisor",
        |ctx| {
            let gid = sw_group(ctx, "Roommates");
            let me = ctx.user_id("splitwise");
            let all = sw_added(ctx);
            if all.is_empty() {
                return Err("no expense".into());
            }
            match all.iter().find(|e| e.2 != gid || e.3 != me) {
                Some(e) => Err(format!("\"{}\" in group {:?}, payer {:?}", e.0, e.2, e.3)),
                None => Ok(()),
            }
        },
    ));
    parts.checks.push(Check::new(
        format!("split equally among {}", members.join(", ")),
        move |ctx| {
            let mut want: Vec<i64> = members
                .iter()
                .filter_map(|e| uid(ctx, "splitwise", e))
                .collect();
            want.sort();
            let all = sw_added(ctx);
            if all.is_empty() {
                return Err("no expense".into());
            }
            for e in &all {
                let mut ids: Vec<i64> = e.4.iter().map(|s| s.0).collect();
                ids.sort();
                let each = e.1 / want.len() as f64;
                if ids != want || e.4.iter().any(|s| !same_amount(s.1, each)) {
                    return Err(format!("\"{}\" not split equally among the flat", e.0));
                }
            }
            Ok(())
        },
    ));
    parts.allowed = allow_splitwise_expenses();
    parts
}

/// A bill's text, as the company's PDF reads.
fn bill_text(company: &str, p: &Person, month: &str, cents: i64, due: &str) -> String {
    format!(
        "{company}\nStatement for {} {}\nAccount 5{:05}\nPeriod: {month} 2023\nTotal due: ${}\nDue by: {due}",
        p.first_name,
        p.last_name,
        cents % 100_000,
        c2(cents)
    )
}
