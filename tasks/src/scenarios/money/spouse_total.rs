//! "How much did I send my wife on Venmo in March?" The spouse is found through the phone's
//! relationship label; more than a page of payments, money going the other way, payments just
//! outside the month and a payment to someone else about the spouse around it. Variant 2 asks
//! about April; variant 3 about what the spouse sent.

use crate::kit::money::{cents_of, usd};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::time::on;
use crate::kit::{Script, Vals};
use crate::model::Answer;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Population, Relation};
use chrono::NaiveDateTime;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    // Variant 2 asks a husband about his wife, the others a wife about her husband.
    let wife = g.variant == 2;
    let p = g.supervisor_where(|p| {
        spouse(pop, p).is_some_and(|(_, l)| (l == "wife") == wife)
            && !related(pop, p, Relation::Friend).is_empty()
    });
    let (q, label) = spouse(pop, &p).unwrap_or_else(|| (p.clone(), "wife"));
    let other = related(pop, &p, Relation::Friend)[0].clone();
    let v = g.variant;
    let (month, sent) = match v {
        1 => (3u32, true),
        2 => (4, true),
        _ => (3, false),
    };
    let last = if month == 4 { 30 } else { 31 };
    const WHAT: &[&str] = &[
        "Groceries",
        "Dinner",
        "Utilities",
        "Pharmacy",
        "Date night",
        "Home supplies",
        "Dog food",
        "Gas",
    ];
    // (from supervisor?, cents, description, time)
    let mut rows: Vec<(bool, i64, String, NaiveDateTime)> = Vec::new();
    let mut answer = 0;
    for (i, (day, h)) in [
        (1, 7),
        (4, 18),
        (9, 12),
        (15, 20),
        (19, 9),
        (24, 13),
        (last, 22),
    ]
    .into_iter()
    .enumerate()
    {
        let cents = cents_of(&mut g.rng, 1_500, 12_000, 1);
        answer += cents;
        rows.push((
            sent,
            cents,
            WHAT[i % WHAT.len()].to_string(),
            on(2023, month, day, h, 40),
        ));
    }
    for (i, day) in [6, 17, 28].into_iter().enumerate() {
        let cents = cents_of(&mut g.rng, 1_500, 9_000, 1);
        rows.push((
            !sent,
            cents,
            WHAT[(i + 3) % WHAT.len()].to_string(),
            on(2023, month, day, 19, 5),
        ));
    }
    let prev_last = if month == 4 { 31 } else { 28 };
    rows.push((
        sent,
        cents_of(&mut g.rng, 2_000, 9_000, 1),
        "Groceries".into(),
        on(2023, month - 1, prev_last, 21, 30),
    ));
    rows.push((
        sent,
        cents_of(&mut g.rng, 2_000, 9_000, 1),
        "Utilities".into(),
        on(2023, month + 1, 1, 8, 15),
    ));
    let gift = (
        cents_of(&mut g.rng, 3_000, 8_000, 1),
        format!("Flowers for {}", q.first_name),
    );
    let instruction = match v {
        1 => format!(
            "How much money did I send my {label} on Venmo in March? Just give me the total."
        ),
        2 => format!("What's the total I paid my {label} through Venmo in April?"),
        _ => format!("How much did my {label} send me on Venmo in March, in total?"),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    parts.answer = Some(Answer::Number(usd(answer)));
    let (sup, q2, o2) = (p.clone(), q.clone(), other.clone());
    let gift_s = gift.clone();
    parts.setup.push(step(move |s| {
        s.remove_venmo_transactions_between(
            &sup,
            &q2,
            on(2023, 2, 15, 0, 0),
            on(2023, 5, 17, 23, 59),
        )?;
        for (mine, cents, what, t) in &rows {
            let (from, to) = if *mine { (&sup, &q2) } else { (&q2, &sup) };
            s.add_venmo_payment(from, to, usd(*cents), what, *t)?;
        }
        s.add_venmo_payment(
            &sup,
            &o2,
            usd(gift_s.0),
            &gift_s.1,
            on(2023, month, 12, 10, 0),
        )?;
        Ok(())
    }));
    let script = Script::parse(include_str!("spouse_total.py"));
    let login = script.cell("logins", &Vals::new());
    let who = script.cell("who", &Vals::new().lit("label", label));
    let sum = |cell: &str, min: &str, max: &str, direction: &str| {
        let vals = Vals::new()
            .code("min", min)
            .code("max", max)
            .code("direction", direction);
        script.cell(cell, &vals)
    };
    let (min, max) = (
        format!("2023-{month:02}-01"),
        format!("2023-{month:02}-{last}"),
    );
    let (dir, other_dir) = if sent {
        ("sent", "received")
    } else {
        ("received", "sent")
    };
    parts.ground_truth = vec![login.clone(), who.clone(), sum("sum", &min, &max, dir)];
    parts.wrong = vec![
        solution(
            "counts the money that went both ways",
            vec![
                login.clone(),
                who.clone(),
                sum("sum_both_ways", &min, &max, dir),
            ],
        ),
        solution(
            "reads only the first page of payments",
            vec![
                login.clone(),
                who.clone(),
                sum("sum_first_page", &min, &max, dir),
            ],
        ),
        solution(
            "counts the whole year so far",
            vec![
                login.clone(),
                who.clone(),
                sum("sum", "2023-01-01", "2023-12-31", dir),
            ],
        ),
        solution(
            "counts the other direction",
            vec![
                login.clone(),
                who.clone(),
                sum("sum", &min, &max, other_dir),
            ],
        ),
    ];
    parts
}

/// `p`'s spouse and the label `p`'s phone gives them (`wife` or `husband`).
fn spouse(pop: &Population, p: &Person) -> Option<(Person, &'static str)> {
    if let Some(w) = related(pop, p, Relation::Wife).into_iter().next() {
        return Some((w, "wife"));
    }
    related(pop, p, Relation::Husband)
        .into_iter()
        .next()
        .map(|h| (h, "husband"))
}
