//! "Who still owes me the most for the X trip on Splitwise?" The trip's group (last year's
//! group of the same city and a large debt outside groups around it) gives the balances.
//! Variant 2 asks how much the others owe in total (the supervisor owes one of them too);
//! variant 3 has a partial payment back that changes who owes the most.

use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Answer;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| related(pop, p, Relation::Friend).len() >= 4);
    let mut fr = related(pop, &p, Relation::Friend);
    g.rng.shuffle(&mut fr);
    let (a, b, c, d) = (fr[0].clone(), fr[1].clone(), fr[2].clone(), fr[3].clone());
    let v = g.variant;
    let city = ["Tulum", "Quebec", "Tahoe"][usize::from(v - 1)];
    let group = format!("{city} Trip 2023");
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
        (a.clone(), lodging / 5 - paid_a / 5),
        (b.clone(), lodging / 5 - paid_b / 5),
        (c.clone(), lodging / 5 - paid_c / 5),
        (d.clone(), lodging / 5 - back),
    ];
    let top = owes
        .iter()
        .max_by_key(|(_, x)| *x)
        .map(|(q, _)| full(q))
        .unwrap_or_default();
    let owed_total: i64 = owes.iter().map(|(_, x)| *x).filter(|x| *x > 0).sum();
    let instruction = match v {
        1 => format!(
            "Who still owes me the most for the {city} trip on Splitwise? Tell me their full name."
        ),
        2 => format!(
            "How much do my friends still owe me in total for the {city} trip, according to Splitwise?"
        ),
        _ => format!(
            "Which of my friends owes me the most on Splitwise for the {city} trip? Answer with their full name."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise"];
    parts.answer = Some(if v == 2 {
        Answer::Number(usd(owed_total))
    } else {
        Answer::Text(top)
    });
    let now = g.now;
    let (sup, a2, b2, c2_, d2) = (p.clone(), a.clone(), b.clone(), c.clone(), d.clone());
    let (group_s, old_name) = (group.clone(), format!("{city} Trip 2022"));
    parts.setup.push(step(move |s| {
        let all = [&sup, &a2, &b2, &c2_, &d2];
        let gid = s.add_splitwise_group(&sup, &all, &group_s, now - Duration::days(70))?;
        let t = |days: i64| now - Duration::days(days) + Duration::hours(3);
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Lodging (5 nights)",
            usd(lodging),
            t(40),
        )?;
        s.add_splitwise_expense(Some(gid), &a2, &all, "Dinners", usd(paid_a), t(38))?;
        s.add_splitwise_expense(
            Some(gid),
            &b2,
            &all,
            "Groceries for the house",
            usd(paid_b),
            t(39),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &c2_,
            &all,
            if paid_c > 50_000 {
                "Car rental and gas"
            } else {
                "Snacks"
            },
            usd(paid_c),
            t(37),
        )?;
        if back > 0 {
            s.add_splitwise_payment(Some(gid), &d2, &sup, usd(back), "Most of my share", t(20))?;
        }
        // Around it: last year's trip and a big debt outside groups.
        let trio = [&sup, &a2, &b2];
        let old = s.add_splitwise_group(&sup, &trio, &old_name, now - Duration::days(420))?;
        s.add_splitwise_expense(
            Some(old),
            &sup,
            &trio,
            "Lodging (3 nights)",
            1_350.0,
            t(400),
        )?;
        s.add_splitwise_expense(None, &sup, &[&sup, &b2], "Concert tickets", 640.0, t(12))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("trip_owes_most.py"));
    let none = Vals::new();
    let login = script.cell("logins", &none);
    let find = |name: &str| script.cell("find", &Vals::new().lit("group", name));
    let old_group = format!("{city} Trip 2022");
    if v == 2 {
        let total = script.cell("owed_total", &none);
        parts.ground_truth = vec![login.clone(), find(&group), total.clone()];
        parts.wrong = vec![
            solution(
                "nets what the supervisor owes against what they are owed",
                vec![login.clone(), find(&group), script.cell("net_total", &none)],
            ),
            solution(
                "counts what everyone owes over all groups",
                vec![login.clone(), script.cell("owed_over_all_groups", &none)],
            ),
            solution(
                "uses last year's group",
                vec![login.clone(), find(&old_group), total],
            ),
        ];
    } else {
        let best = script.cell("top_debtor", &none);
        parts.ground_truth = vec![login.clone(), find(&group), best.clone()];
        parts.wrong = vec![
            solution(
                "takes whoever owes the most over all groups",
                vec![
                    login.clone(),
                    script.cell("top_debtor_over_all_groups", &none),
                ],
            ),
            solution(
                "uses last year's group",
                vec![login.clone(), find(&old_group), best],
            ),
        ];
        if v == 3 {
            parts.wrong.push(solution(
                "adds up the expenses and ignores the payment back",
                vec![
                    login.clone(),
                    find(&group),
                    script.cell("top_by_expenses", &none),
                ],
            ));
        } else {
            parts.wrong.push(solution(
                "answers with the first name only",
                vec![
                    login.clone(),
                    find(&group),
                    script.cell("top_debtor_first_name", &none),
                ],
            ));
        }
    }
    parts
}
