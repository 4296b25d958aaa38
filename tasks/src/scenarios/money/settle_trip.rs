//! "We're back from the trip: pay on Venmo everyone I still owe in its Splitwise group, then
//! settle up with them there." The balances come from the group's expenses (pairwise, not
//! simplified). Variant 2: one member owes the supervisor (leave them) and an earlier partial
//! payment lowers one debt; variant 3: last year's group of the same city has debts too.

use super::venmo_payment_checks;
use crate::kit::changes::allow_own;
use crate::kit::db::uid;
use crate::kit::money::{c2, cents_of, same_amount, usd};
use crate::kit::people::{full, related};
use crate::kit::python::solution;
use crate::kit::splitwise::{group_named, payments_added};
use crate::kit::text::same_text;
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The four other travellers: A paid the lodging, B the car, C the tickets, D the groceries.
    mates: [Person; 4],
    /// The trip's Splitwise group, the payments' note and the instruction.
    group: String,
    note: String,
    now: NaiveDateTime,
    /// The expenses, in cents (the supervisor paid the dinner).
    lodging: i64,
    car: i64,
    groceries: i64,
    tickets: i64,
    dinner: i64,
    /// Variant 2: what the supervisor already paid A, in cents.
    partial: i64,
    /// Variant 3: last year's group of the same city and its expense (cents).
    old: Option<(String, i64)>,
    /// Whom the supervisor owes: (full name, e-mail, cents).
    creditors: Vec<(String, String, i64)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "splitwise", "venmo"];
    const SCRIPT: &str = include_str!("settle_trip.py");

    /// The travellers and the expenses.
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let old = if v == 3 {
            Some((
                format!("{city} Trip 2022"),
                cents_of(&mut g.rng, 9_000, 15_000, 3),
            ))
        } else {
            None
        };
        Drawing::from(Values {
            variant: v,
            supervisor: p,
            mates: [a, b, c, d],
            group,
            note,
            now: g.now,
            lodging,
            car,
            groceries,
            tickets,
            dinner,
            partial,
            old,
            creditors,
        })
        .instruction(instruction)
    }

    /// The trip's group and expenses (and variant 3's older group).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let [a2, b2, c2_, d2] = &v.mates;
            let (lodging, car, groceries, tickets, dinner, partial) = (
                v.lodging,
                v.car,
                v.groceries,
                v.tickets,
                v.dinner,
                v.partial,
            );
            s.set_venmo_balance(sup, 3_000.0)?;
            let all = [sup, a2, b2, c2_, d2];
            let gid = s.add_splitwise_group(a2, &all, &v.group, now - Duration::days(52))?;
            s.add_splitwise_expense(
                Some(gid),
                d2,
                &all,
                "Groceries for the cabin",
                usd(groceries),
                now - Duration::days(31),
            )?;
            let t = |d: i64, h: i64| now - Duration::days(d) + Duration::hours(h);
            s.add_splitwise_expense(
                Some(gid),
                a2,
                &all,
                "Lodging (5 nights)",
                usd(lodging),
                t(30, 2),
            )?;
            s.add_splitwise_expense(Some(gid), b2, &all, "Car rental", usd(car), t(30, 5))?;
            s.add_splitwise_expense(
                Some(gid),
                sup,
                &all,
                "Dinner on the last night",
                usd(dinner),
                t(27, 9),
            )?;
            s.add_splitwise_expense(
                Some(gid),
                c2_,
                &all,
                "Museum and show tickets",
                usd(tickets),
                t(28, 3),
            )?;
            if partial > 0 {
                s.add_splitwise_payment(
                    Some(gid),
                    sup,
                    a2,
                    usd(partial),
                    "Part of the lodging",
                    t(20, 4),
                )?;
            }
            if let Some((name, amount)) = &v.old {
                let trio = [sup, c2_, a2];
                let g2 = s.add_splitwise_group(c2_, &trio, name, now - Duration::days(400))?;
                s.add_splitwise_expense(
                    Some(g2),
                    c2_,
                    &trio,
                    "Boat tour",
                    usd(*amount),
                    t(380, 1),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let find = |name: &str| script.cell("find", &Vals::new().lit("group", name));
        let pay = |owed: &str, note: &str, settle: bool| {
            let vals = Vals::new()
                .code("owed", script.cell(owed, &none))
                .lit("note", note);
            script.cell(if settle { "pay_and_settle" } else { "pay_only" }, &vals)
        };
        let ground_truth = vec![login.clone(), find(&v.group), pay("owed", &v.note, true)];
        let mut wrong = vec![
            solution(
                "pays on Venmo but does not settle up on Splitwise",
                vec![login.clone(), find(&v.group), pay("owed", &v.note, false)],
            ),
            solution(
                "pays each payer their share of what they paid, ignoring what others owe the supervisor",
                vec![
                    login.clone(),
                    find(&v.group),
                    format!(
                        "{}\n{}",
                        script.cell("sum_payer_shares", &none),
                        pay("payer_shares", &v.note, true)
                    ),
                ],
            ),
            solution(
                "writes another note on the payments",
                vec![login.clone(), find(&v.group), pay("owed", "trip", true)],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "also pays and settles with the member who owes the supervisor",
                vec![
                    login.clone(),
                    find(&v.group),
                    pay("owed_both_ways", &v.note, true),
                ],
            ));
        }
        if let Some((old_name, _)) = &v.old {
            wrong.push(solution(
                "uses last year's group of the same city",
                vec![login.clone(), find(old_name), pay("owed", &v.note, true)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = venmo_payment_checks(&v.creditors);
        checks.push(v.check(
            format!("each Venmo payment has the note \"{}\"", v.note),
            |v, ctx| {
                let sent = payments_sent(ctx);
                match sent.iter().find(|s| !same_text(&s.2, &v.note)) {
                    Some(s) => Err(format!("a payment noted \"{}\"", s.2)),
                    None if sent.is_empty() => Err("no payment".into()),
                    None => Ok(()),
                }
            },
        ));
        let shown = v
            .creditors
            .iter()
            .map(|(n, _, c)| format!("{n} (${})", c2(*c)))
            .collect::<Vec<_>>()
            .join(", ");
        checks.push(v.check(
            format!("settled up in \"{}\" with {shown}", v.group),
            |v, ctx| {
                let gid = group_named(ctx, &v.group);
                let me = ctx.user_id("splitwise");
                let pays = payments_added(ctx);
                for (name, email, cents) in &v.creditors {
                    let to = uid(ctx, "splitwise", email);
                    let n = pays
                        .iter()
                        .filter(|p| {
                            p.payer == me
                                && p.receiver == to
                                && p.group == gid
                                && same_amount(p.amount, usd(*cents))
                        })
                        .count();
                    if n != 1 {
                        return Err(format!("{n} settling payments to {name}"));
                    }
                }
                Ok(())
            },
        ));
        checks.push(v.check("no other Splitwise payment", |v, ctx| {
            let ids: Vec<Option<i64>> = v
                .creditors
                .iter()
                .map(|w| uid(ctx, "splitwise", &w.1))
                .collect();
            let gid = group_named(ctx, &v.group);
            let me = ctx.user_id("splitwise");
            let others = payments_added(ctx)
                .into_iter()
                .filter(|p| !ids.contains(&p.receiver) || p.payer != me || p.group != gid)
                .count();
            if others > 0 {
                Err(format!("{others} other payments"))
            } else {
                Ok(())
            }
        }));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_money();
        allowed.push(allow_own(
            "the supervisor's Splitwise payments",
            "splitwise",
            "payments",
            "user_id",
        ));
        allowed.push(allow::splitwise_notifications());
        allowed
    }
}
