//! "Who still owes me the most for the X trip on Splitwise?" The trip's group (last year's
//! group of the same city and a large debt outside groups around it) gives the balances.
//! Variant 2 asks how much the others owe in total (the supervisor owes one of them too);
//! variant 3 has a partial payment back that changes who owes the most.

use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The four friends on the trip: a, b and c paid an expense each, d nothing.
    a: Person,
    b: Person,
    c: Person,
    d: Person,
    /// The trip's city, its group and last year's group of the same city.
    city: &'static str,
    group: String,
    old_group: String,
    /// What the supervisor paid for lodging and a, b and c paid, in cents.
    lodging: i64,
    paid_a: i64,
    paid_b: i64,
    paid_c: i64,
    /// What d paid back (variant 3), in cents.
    back: i64,
    /// Who owes the most, and what the others owe in total (cents).
    top: String,
    owed_total: i64,
    now: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "splitwise"];
    const SCRIPT: &str = include_str!("trip_owes_most.py");

    /// The supervisor, the friends and the amounts.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| related(pop, p, Relation::Friend).len() >= 4);
        let mut fr = related(pop, &p, Relation::Friend);
        g.rng.shuffle(&mut fr);
        let v = g.variant;
        let city = ["Tulum", "Quebec", "Tahoe"][usize::from(v - 1)];
        let lodging = cents_of(&mut g.rng, 60_000, 80_000, 5);
        let paid_a = cents_of(&mut g.rng, 20_000, 26_000, 5);
        let paid_b = cents_of(&mut g.rng, 8_000, 14_000, 5);
        let paid_c = if v == 2 {
            cents_of(&mut g.rng, 90_000, 110_000, 5)
        } else {
            cents_of(&mut g.rng, 2_000, 6_000, 5)
        };
        // d paid nothing; in variant 3 they paid most of it back.
        let back = if v == 3 { lodging / 5 - 2_000 } else { 0 };
        let owes = [
            (&fr[0], lodging / 5 - paid_a / 5),
            (&fr[1], lodging / 5 - paid_b / 5),
            (&fr[2], lodging / 5 - paid_c / 5),
            (&fr[3], lodging / 5 - back),
        ];
        let top = owes
            .iter()
            .max_by_key(|(_, x)| *x)
            .map(|(q, _)| full(q))
            .unwrap_or_default();
        let owed_total: i64 = owes.iter().map(|(_, x)| *x).filter(|x| *x > 0).sum();
        Values {
            variant: v,
            a: fr[0].clone(),
            b: fr[1].clone(),
            c: fr[2].clone(),
            d: fr[3].clone(),
            city,
            group: format!("{city} Trip 2023"),
            old_group: format!("{city} Trip 2022"),
            lodging,
            paid_a,
            paid_b,
            paid_c,
            back,
            top,
            owed_total,
            now: g.now,
            supervisor: p,
        }
        .into()
    }

    /// The question for the variant about the trip to its city.
    fn instruction(v: &Values) -> String {
        let city = v.city;
        match v.variant {
            1 => format!(
                "Who still owes me the most for the {city} trip on Splitwise? Tell me their full name."
            ),
            2 => format!(
                "How much do my friends still owe me in total for the {city} trip, according to Splitwise?"
            ),
            _ => format!(
                "Which of my friends owes me the most on Splitwise for the {city} trip? Answer with their full name."
            ),
        }
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(if v.variant == 2 {
            Answer::Number(usd(v.owed_total))
        } else {
            Answer::Text(v.top.clone())
        })
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let all = [sup, &v.a, &v.b, &v.c, &v.d];
            let gid = s.add_splitwise_group(sup, &all, &v.group, now - Duration::days(70))?;
            let t = |days: i64| now - Duration::days(days) + Duration::hours(3);
            let lodging = "Lodging (5 nights)";
            s.add_splitwise_expense(Some(gid), sup, &all, lodging, usd(v.lodging), t(40))?;
            s.add_splitwise_expense(Some(gid), &v.a, &all, "Dinners", usd(v.paid_a), t(38))?;
            let groceries = "Groceries for the house";
            s.add_splitwise_expense(Some(gid), &v.b, &all, groceries, usd(v.paid_b), t(39))?;
            let what_c = if v.paid_c > 50_000 {
                "Car rental and gas"
            } else {
                "Snacks"
            };
            s.add_splitwise_expense(Some(gid), &v.c, &all, what_c, usd(v.paid_c), t(37))?;
            if v.back > 0 {
                s.add_splitwise_payment(
                    Some(gid),
                    &v.d,
                    sup,
                    usd(v.back),
                    "Most of my share",
                    t(20),
                )?;
            }
            // Around it: last year's trip and a big debt outside groups.
            let trio = [sup, &v.a, &v.b];
            let old = s.add_splitwise_group(sup, &trio, &v.old_group, now - Duration::days(420))?;
            s.add_splitwise_expense(Some(old), sup, &trio, "Lodging (3 nights)", 1_350.0, t(400))?;
            s.add_splitwise_expense(None, sup, &[sup, &v.b], "Concert tickets", 640.0, t(12))?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let find = |name: &str| script.cell("find", &Vals::new().lit("group", name));
        let in_trip = |cell: &str| vec![login.clone(), find(&v.group), script.cell(cell, &none)];
        let (ground_truth, mut wrong);
        if v.variant == 2 {
            let total = script.cell("owed_total", &none);
            ground_truth = vec![login.clone(), find(&v.group), total.clone()];
            wrong = vec![
                solution(
                    "nets what the supervisor owes against what they are owed",
                    in_trip("net_total"),
                ),
                solution(
                    "counts what everyone owes over all groups",
                    vec![login.clone(), script.cell("owed_over_all_groups", &none)],
                ),
                solution(
                    "uses last year's group",
                    vec![login.clone(), find(&v.old_group), total],
                ),
            ];
        } else {
            let best = script.cell("top_debtor", &none);
            ground_truth = vec![login.clone(), find(&v.group), best.clone()];
            wrong = vec![
                solution(
                    "takes whoever owes the most over all groups",
                    vec![
                        login.clone(),
                        script.cell("top_debtor_over_all_groups", &none),
                    ],
                ),
                solution(
                    "uses last year's group",
                    vec![login.clone(), find(&v.old_group), best],
                ),
            ];
            wrong.push(if v.variant == 3 {
                solution(
                    "adds up the expenses and ignores the payment back",
                    in_trip("top_by_expenses"),
                )
            } else {
                solution(
                    "answers with the first name only",
                    in_trip("top_debtor_first_name"),
                )
            });
        }
        (ground_truth, wrong)
    }
}
