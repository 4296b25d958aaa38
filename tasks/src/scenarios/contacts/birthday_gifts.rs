//! "Text everyone in my contacts whose birthday is in the next N days and send them the gift
//! amount from my note on Venmo." Two contacts' birthdays fall in the window, one just after
//! it, one just before today (base-world birthdays near the window are moved away). Variant
//! 2: a ten-day window and a larger gift; variant 3: one of them is saved under a nickname
//! and the note names last year's amount too.

use super::{allow_texts_and_payments, sent_texts};
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::money::same_amount;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix, step};
use apps::people::Person;
use chrono::{Datelike, Duration};
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 4);
    let known: Vec<Person> = pop
        .relations_of(p.id)
        .into_iter()
        .map(|(_, id)| g.person(id))
        .collect();
    let window: i64 = if g.variant == 2 { 10 } else { 7 };
    let amount: f64 = [25.0, 40.0, 30.0][usize::from(g.variant - 1)];
    // (person, days from today of the next birthday, gets a gift?)
    let plan: Vec<(Person, i64, bool)> = vec![
        (known[0].clone(), 2, true),
        (known[1].clone(), window - 1, true),
        (known[2].clone(), window + 3, false),
        (known[3].clone(), -2, false),
    ];
    let message = "Happy birthday!";
    let content = match g.variant {
        3 => format!(
            "Birthday gifts\nGift per person this year: ${amount:.0} on Venmo (it was $20 last year).\nAlways send a text too."
        ),
        _ => format!(
            "Birthday gifts\n- ${amount:.0} on Venmo for each friend or family member\n- plus a text on the day or just before"
        ),
    };
    let instruction = match g.variant {
        1 => format!(
            "Check my phone contacts for birthdays in the next {window} days. Text each of those people \"{message}\" and send them the gift amount from my \"Birthday gifts\" note on Venmo, with \"{message}\" as the description."
        ),
        2 => format!(
            "Whose birthday is coming up in the next {window} days? Look at the birthdays in my phone contacts, text each of them \"{message}\" and Venmo them the amount in my \"Birthday gifts\" note (description \"{message}\")."
        ),
        _ => format!(
            "For every contact in my phone with a birthday within the next {window} days: send a text saying \"{message}\" and a Venmo payment of this year's gift amount from my \"Birthday gifts\" note, described \"{message}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "venmo", "simple_note"];
    let mut filler = g.filler(&p, 6, &[], &["Birthday gifts"]);
    filler.push(g.note(
        "Birthday ideas",
        "Gift ideas: a book, a plant, concert tickets. Budget up to $60.",
        &[],
        false,
        40,
    ));
    let ours = vec![g.note("Birthday gifts", &content, &[], false, 20)];
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    {
        let (sup, plan) = (p.clone(), plan.clone());
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            let today = s.now.date();
            s.clear_contact_birthdays(&sup, today, today + Duration::days(window), 6)?;
            for (x, days, _) in &plan {
                let d = today + Duration::days(*days);
                let year = x.birthday.year();
                let b = d.with_year(year).unwrap_or(x.birthday);
                s.set_contact_birthday(&sup, x, b)?;
            }
            if variant == 3 {
                s.relabel_contact(&sup, &plan[0].0, "Bean", &["friend"])?;
            }
            s.set_venmo_balance(&sup, 500.0)?;
            Ok(())
        }));
    }

    let script = Script::parse(include_str!("birthday_gifts.py"));
    let head = script.cell("logins", &Vals::new());
    let body = |lo: i64, hi: i64, cell: &str, amount_index: &str, title: &str| {
        let vals = Vals::new()
            .code("lo", lo)
            .code("hi", hi)
            .code("amount_index", amount_index)
            .lit("title", title)
            .lit("message", message);
        script.cell(cell, &vals)
    };
    let gifts = "Birthday gifts";
    parts.ground_truth = vec![head.clone(), body(0, window, "gifts", "0", gifts)];
    parts.wrong = vec![
        solution(
            "counts birthdays of the past week too",
            vec![head.clone(), body(-window, window, "gifts", "0", gifts)],
        ),
        solution(
            "takes a wider window (two weeks)",
            vec![head.clone(), body(0, window + 7, "gifts", "0", gifts)],
        ),
        solution(
            "greets only the first one",
            vec![
                head.clone(),
                body(0, window, "gifts_first_only", "0", gifts),
            ],
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "sends last year's amount",
            vec![head.clone(), body(0, window, "gifts", "1", gifts)],
        ));
    } else {
        parts.wrong.push(solution(
            "sends the birthday-ideas budget",
            vec![
                head.clone(),
                body(0, window, "gifts", "0", "Birthday ideas"),
            ],
        ));
    }
    for (x, days, gets) in &plan {
        let (name, number, email, gets) = (
            format!("{} {}", x.first_name, x.last_name),
            x.phone_number.clone(),
            x.email.clone(),
            *gets,
        );
        if gets {
            let (n2, e2) = (number.clone(), email.clone());
            parts.checks.push(Check::new(
                format!("{name} (birthday in {days} days) got one text \"{message}\""),
                move |ctx| {
                    let t: Vec<String> = sent_texts(ctx)
                        .into_iter()
                        .filter(|t| t.0 == n2)
                        .map(|t| t.1)
                        .collect();
                    match t.as_slice() {
                        [m] if crate::eval::normalize_text(m)
                            == crate::eval::normalize_text(message) =>
                        {
                            Ok(())
                        }
                        _ => Err(format!("texts {t:?}")),
                    }
                },
            ));
            parts.checks.push(Check::new(
                format!("{name} got one Venmo payment of ${amount:.2} described \"{message}\""),
                move |ctx| {
                    let pay: Vec<(String, f64, String)> = sent_payments(ctx)
                        .into_iter()
                        .filter(|x| x.0.eq_ignore_ascii_case(&e2))
                        .collect();
                    match pay.as_slice() {
                        [(_, a, d)]
                            if same_amount(*a, amount)
                                && crate::eval::normalize_text(d)
                                    == crate::eval::normalize_text(message) =>
                        {
                            Ok(())
                        }
                        _ => Err(format!("payments {pay:?}")),
                    }
                },
            ));
        } else {
            parts.checks.push(Check::new(
                format!("{name} (birthday {days} days away) got neither text nor payment"),
                move |ctx| {
                    if sent_texts(ctx).iter().any(|t| t.0 == number)
                        || sent_payments(ctx)
                            .iter()
                            .any(|x| x.0.eq_ignore_ascii_case(&email))
                    {
                        Err("they got something".into())
                    } else {
                        Ok(())
                    }
                },
            ));
        }
    }
    parts.checks.push(Check::new(
        "exactly two texts and two payments were sent",
        |ctx| match (sent_texts(ctx).len(), sent_payments(ctx).len()) {
            (2, 2) => Ok(()),
            (t, v) => Err(format!("{t} texts, {v} payments")),
        },
    ));
    parts.allowed = allow_texts_and_payments();
    parts
}

/// The supervisor's Venmo payments: (receiver's e-mail, amount, description).
fn sent_payments(ctx: &EvalCtx) -> Vec<(String, f64, String)> {
    let me = ctx.user_id("venmo");
    added(ctx, "venmo", "transactions")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| {
            let email = ctx
                .db
                .query_row_cached(
                    "SELECT email FROM venmo.users WHERE id = ?1",
                    [r.get("receiver_id").as_i64().unwrap_or(0)],
                    |row| row.get::<_, String>(0),
                )
                .unwrap_or_default();
            (
                email,
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}
