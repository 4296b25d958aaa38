//! "We're back from the trip: pay on Venmo everyone I still owe in its Splitwise group, then
//! settle up with them there." The balances come from the group's expenses (pairwise, not
//! simplified). Variant 2: one member owes the supervisor (leave them) and an earlier partial
//! payment lowers one debt; variant 3: last year's group of the same city has debts too.

use super::venmo_payment_checks;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::splitwise::group_named;
use crate::kit::text::same_text;
use crate::kit::venmo::payments_sent;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| related(pop, p, Relation::Friend).len() >= 4);
    let mut friends = related(pop, &p, Relation::Friend);
    g.rng.shuffle(&mut friends);
    let (a, b, c, d) = (
        friends[0].clone(),
        friends[1].clone(),
        friends[2].clone(),
        friends[3].clone(),
    );
    let v = g.variant;
    let city = ["Nashville", "Savannah", "Portland"][usize::from(v - 1)];
    let group = format!("{city} Trip 2023");
    // Five travellers, every expense split five ways (multiples of 5 cents: exact shares).
    let lodging = cents_of(&mut g.rng, 80_000, 120_000, 5);
    let car = cents_of(&mut g.rng, 25_000, 40_000, 5);
    let groceries = cents_of(&mut g.rng, 14_000, 20_000, 5);
    let (tickets, dinner) = if v == 2 {
        (
            cents_of(&mut g.rng, 4_000, 8_000, 5),
            cents_of(&mut g.rng, 10_000, 13_000, 5),
        )
    } else {
        (
            cents_of(&mut g.rng, 12_000, 18_000, 5),
            cents_of(&mut g.rng, 6_000, 10_000, 5),
        )
    };
    let partial = if v == 2 { 5_000 } else { 0 };
    let owe = [
        (a.clone(), lodging / 5 - dinner / 5 - partial),
        (b.clone(), car / 5 - dinner / 5),
        (c.clone(), tickets / 5 - dinner / 5),
        (d.clone(), groceries / 5 - dinner / 5),
    ];
    let creditors: Vec<(String, String, i64)> = owe
        .iter()
        .filter(|(_, x)| *x > 0)
        .map(|(q, x)| (full(q), q.email.clone(), *x))
        .collect();
    let note = format!("{city} trip");
    let instruction = match v {
        1 => format!(
            "We're back from our {city} trip. Check its group on Splitwise, pay each person I still owe exactly what I owe them on Venmo with the note \"{note}\", and then settle up with each of them in that group on Splitwise."
        ),
        2 => format!(
            "Time to square up for the {city} trip. On Venmo, pay everyone I still owe in our Splitwise group for it exactly what I owe them (note: \"{note}\"), then settle up with them in the group. If someone owes me, leave that alone."
        ),
        _ => format!(
            "I still owe people from this year's {city} trip. Pay each of them what I owe them according to the trip's Splitwise group, on Venmo with the note \"{note}\", then settle up with each of them in the group."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "venmo"];
    let now = g.now;
    let (sup, a2, b2, c2_, d2) = (p.clone(), a.clone(), b.clone(), c.clone(), d.clone());
    let group_s = group.clone();
    let old = if v == 3 {
        Some((
            format!("{city} Trip 2022"),
            cents_of(&mut g.rng, 9_000, 15_000, 3),
        ))
    } else {
        None
    };
    let old_s = old.clone();
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 3_000.0)?;
        let all = [&sup, &a2, &b2, &c2_, &d2];
        let gid = s.add_splitwise_group(&a2, &all, &group_s, now - Duration::days(52))?;
        s.add_splitwise_expense(
            Some(gid),
            &d2,
            &all,
            "Groceries for the cabin",
            usd(groceries),
            now - Duration::days(31),
        )?;
        let t = |d: i64, h: i64| now - Duration::days(d) + Duration::hours(h);
        s.add_splitwise_expense(
            Some(gid),
            &a2,
            &all,
            "Lodging (5 nights)",
            usd(lodging),
            t(30, 2),
        )?;
        s.add_splitwise_expense(Some(gid), &b2, &all, "Car rental", usd(car), t(30, 5))?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Dinner on the last night",
            usd(dinner),
            t(27, 9),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &c2_,
            &all,
            "Museum and show tickets",
            usd(tickets),
            t(28, 3),
        )?;
        if partial > 0 {
            s.add_splitwise_payment(
                Some(gid),
                &sup,
                &a2,
                usd(partial),
                "Part of the lodging",
                t(20, 4),
            )?;
        }
        if let Some((name, amount)) = &old_s {
            let trio = [&sup, &c2_, &a2];
            let g2 = s.add_splitwise_group(&c2_, &trio, name, now - Duration::days(400))?;
            s.add_splitwise_expense(Some(g2), &c2_, &trio, "Boat tour", usd(*amount), t(380, 1))?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("settle_trip.py"));
    let none = Vals::new();
    let login = script.cell("logins", &none);
    let find = |name: &str| script.cell("find", &Vals::new().lit("group", name));
    let pay = |owed: &str, note: &str, settle: bool| {
        let vals = Vals::new()
            .code("owed", script.cell(owed, &none))
            .lit("note", note);
        script.cell(if settle { "pay_and_settle" } else { "pay_only" }, &vals)
    };
    parts.ground_truth = vec![login.clone(), find(&group), pay("owed", &note, true)];
    parts.wrong = vec![
        solution(
            "pays on Venmo but does not settle up on Splitwise",
            vec![login.clone(), find(&group), pay("owed", &note, false)],
        ),
        solution(
            "pays each payer their share of what they paid, ignoring what others owe the supervisor",
            vec![
                login.clone(),
                find(&group),
                format!(
                    "{}\n{}",
                    script.cell("sum_payer_shares", &none),
                    pay("payer_shares", &note, true)
                ),
            ],
        ),
        solution(
            "writes another note on the payments",
            vec![login.clone(), find(&group), pay("owed", "trip", true)],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also pays and settles with the member who owes the supervisor",
            vec![
                login.clone(),
                find(&group),
                pay("owed_both_ways", &note, true),
            ],
        ));
    }
    if let Some((old_name, _)) = &old {
        parts.wrong.push(solution(
            "uses last year's group of the same city",
            vec![login.clone(), find(old_name), pay("owed", &note, true)],
        ));
    }
    parts.checks = venmo_payment_checks(&creditors);
    let note_c = note.clone();
    parts.checks.push(Check::new(
        format!("each Venmo payment has the note \"{note}\""),
        move |ctx| {
            let sent = payments_sent(ctx);
            match sent.iter().find(|s| !same_text(&s.2, &note_c)) {
                Some(s) => Err(format!("a payment noted \"{}\"", s.2)),
                None if sent.is_empty() => Err("no payment".into()),
                None => Ok(()),
            }
        },
    ));
    let paid: Vec<(String, String, i64)> = creditors.clone();
    let group_c = group.clone();
    let shown = paid
        .iter()
        .map(|(n, _, c)| format!("{n} (${})", c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    parts.checks.push(Check::new(
        format!("settled up in \"{group}\" with {shown}"),
        move |ctx| {
            let gid = group_named(ctx, &group_c);
            let me = ctx.user_id("splitwise");
            let pays = added(ctx, "splitwise", "payments");
            for (name, email, cents) in &paid {
                let to = uid(ctx, "splitwise", email);
                let n = pays
                    .iter()
                    .filter(|r| {
                        r.get("payer_id").as_i64() == me
                            && r.get("receiver_id").as_i64() == to
                            && r.get("group_id").as_i64() == gid
                            && same_amount(r.get("amount").as_f64().unwrap_or(0.0), usd(*cents))
                    })
                    .count();
                if n != 1 {
                    return Err(format!("{n} settling payments to {name}"));
                }
            }
            Ok(())
        },
    ));
    let paid2 = creditors.clone();
    let group_o = group.clone();
    parts
        .checks
        .push(Check::new("no other Splitwise payment", move |ctx| {
            let ids: Vec<Option<i64>> = paid2.iter().map(|w| uid(ctx, "splitwise", &w.1)).collect();
            let gid = group_named(ctx, &group_o);
            let me = ctx.user_id("splitwise");
            let others = added(ctx, "splitwise", "payments")
                .into_iter()
                .filter(|r| {
                    !ids.contains(&r.get("receiver_id").as_i64())
                        || r.get("payer_id").as_i64() != me
                        || r.get("group_id").as_i64() != gid
                })
                .count();
            if others > 0 {
                Err(format!("{others} other payments"))
            } else {
                Ok(())
            }
        }));
    parts.allowed = allow::venmo_money();
    parts.allowed.push(allow_added(
        "the supervisor's Splitwise payments",
        "splitwise",
        "payments",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
    ));
    parts.allowed.push(allow::splitwise_notifications());
    parts
}
