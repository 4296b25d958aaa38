//! "Some friends paid me twice on Venmo by mistake in the last two weeks (same note, same amount,
//! same day). Send back each extra payment with the note `Refund: <note>` and text them." Near
//! misses: the same note and amount on different days, the same amount and day with another
//! note, a double payment the supervisor sent, and one older than two weeks. Variant 2 has two
//! payers; variant 3 one who paid three times.

use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::distinct_friends;
use crate::kit::people::full;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::same_text;
use crate::kit::venmo::payments_sent;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 5);
    let fr = distinct_friends(pop, &p);
    let v = g.variant;
    let now = g.now;
    let since = (now - Duration::days(14)).date();
    // (payer, note, cents, day offset, copies)
    let mut pays: Vec<(Person, &str, i64, i64, usize)> = Vec::new();
    let c1 = cents_of(&mut g.rng, 2_000, 9_000, 1);
    let c2_ = cents_of(&mut g.rng, 1_500, 6_000, 1);
    let c3 = cents_of(&mut g.rng, 1_000, 5_000, 1);
    let c4 = cents_of(&mut g.rng, 2_000, 7_000, 1);
    let note1 = ["Concert tickets", "Cabin deposit", "Airport taxi"][(v - 1) as usize];
    // Same note and amount on two different days: not a mistake.
    pays.push((fr[1].clone(), "Brunch", c2_, 11, 1));
    pays.push((fr[1].clone(), "Brunch", c2_, 4, 1));
    // Same amount and day, another note.
    pays.push((fr[2].clone(), "Groceries", c3, 6, 1));
    pays.push((fr[2].clone(), "Gas money", c3, 6, 1));
    if v == 2 {
        pays.push((fr[3].clone(), "Book club snacks", c4, 3, 2));
    } else {
        pays.push((fr[3].clone(), "Book club snacks", c4, 3, 1));
    }
    // A double payment older than two weeks.
    pays.push((fr[4].clone(), "Yoga class", 2_500, 20, 2));
    pays.push((fr[0].clone(), note1, c1, 2, if v == 3 { 3 } else { 2 }));
    let doubles: Vec<(Person, String, i64, usize)> = pays
        .iter()
        .filter(|x| x.4 > 1 && x.3 <= 14)
        .map(|x| (x.0.clone(), x.1.to_string(), x.2, x.4 - 1))
        .collect();
    let instruction = match v {
        1 => format!(
            "I think someone paid me twice on Venmo by mistake in the last two weeks (same note, same amount, same day). Send back the extra payment with the note \"Refund: <their note>\", and text them on my phone that I sent it back. Today is {}.",
            now.format("%Y-%m-%d")
        ),
        2 => format!(
            "A couple of friends sent me the same Venmo payment twice in the past 14 days (same note and amount on the same day). Return each duplicate with the note \"Refund: <original note>\" and send each of them a text that I refunded it. Today is {}.",
            now.format("%Y-%m-%d")
        ),
        _ => format!(
            "Check the Venmo payments I received in the last two weeks for accidental repeats (same sender, note, amount and day). Keep one of each and send back every extra copy with the note \"Refund: <note>\", then text the sender that I returned it. Today is {}.",
            now.format("%Y-%m-%d")
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "phone"];
    let sup = p.clone();
    let fillers: Vec<Person> = fr.iter().skip(1).take(4).cloned().collect();
    let pays_s = pays.clone();
    let sent_to = fr[0].clone();
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 600.0)?;
        // Everyday payments in the window, and a double payment the supervisor sent.
        for (i, f) in fillers.iter().enumerate() {
            for (k, note) in ["Lunch", "Movie tickets", "Coffee"].iter().enumerate() {
                let at = now - Duration::days(1 + i as i64 * 3 + k as i64) - Duration::hours(3);
                s.add_venmo_payment(f, &sup, 9.0 + (i * 7 + k * 5) as f64, note, at)?;
            }
        }
        for (i, (who, note, cents, ago, copies)) in pays_s.iter().enumerate() {
            let at = now - Duration::days(*ago) - Duration::minutes(31 * i as i64 + 90);
            for k in 0..*copies {
                s.add_venmo_payment(
                    who,
                    &sup,
                    usd(*cents),
                    note,
                    at + Duration::minutes(2 * k as i64),
                )?;
            }
        }
        let at = now - Duration::days(5) - Duration::hours(2);
        s.add_venmo_payment(&sup, &sent_to, 42.0, "Parking", at)?;
        s.add_venmo_payment(&sup, &sent_to, 42.0, "Parking", at + Duration::minutes(1))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("double_payments.py"));
    let vals = Vals::new().lit("since", &since.to_string());
    let cells = |find: &str, refund: &str| script.cells(&["logins", find, refund], &vals);
    parts.ground_truth = cells("find", "refund_extra");
    parts.wrong = vec![
        solution(
            "reads only the first page of payments",
            cells("find_first_page", "refund_extra"),
        ),
        solution(
            "treats the same amount on the same day as a repeat, whatever the note",
            cells("find_ignoring_note", "refund_extra"),
        ),
        solution(
            "sends back every copy, the one to keep too",
            cells("find", "refund_every_copy"),
        ),
        solution(
            "looks at all payments, not just the last two weeks",
            cells("find_all_time", "refund_extra"),
        ),
    ];
    let shown = doubles
        .iter()
        .map(|(who, note, c, k)| format!("{k} x ${} \"Refund: {note}\" to {}", c2(*c), full(who)))
        .collect::<Vec<_>>()
        .join(", ");
    let (d1, d2, d3, d4) = (
        doubles.clone(),
        doubles.clone(),
        doubles.clone(),
        doubles.clone(),
    );
    parts.checks = vec![
        Check::new(format!("refunds sent: {shown}"), move |ctx| {
            let sent = payments_sent(ctx);
            for (who, _, c, k) in &d1 {
                let id = uid(ctx, "venmo", &who.email);
                let to: Vec<_> = sent.iter().filter(|s| Some(s.0) == id).collect();
                if to.len() != *k || !to.iter().all(|s| same_amount(s.1, usd(*c))) {
                    return Err(format!(
                        "{} payments to {}: {to:?}",
                        to.len(),
                        who.first_name
                    ));
                }
            }
            Ok(())
        }),
        Check::new(
            "each refund's note is \"Refund: <their note>\"",
            move |ctx| {
                let sent = payments_sent(ctx);
                if sent.is_empty() {
                    return Err("no refund".into());
                }
                for (who, note, _, _) in &d2 {
                    let id = uid(ctx, "venmo", &who.email);
                    if let Some(s) = sent
                        .iter()
                        .find(|s| Some(s.0) == id && !same_text(&s.2, &format!("Refund: {note}")))
                    {
                        return Err(format!("noted \"{}\"", s.2));
                    }
                }
                Ok(())
            },
        ),
        Check::new("no Venmo payment to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = d3.iter().map(|d| uid(ctx, "venmo", &d.0.email)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|s| !ids.contains(&Some(s.0)))
            {
                Some(s) => Err(format!("${} to venmo user {}", s.1, s.0)),
                None => Ok(()),
            }
        }),
        Check::new(
            format!(
                "a text to {}",
                doubles
                    .iter()
                    .map(|d| d.0.first_name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let texts = sent_texts(ctx);
                for (who, _, _, _) in &d4 {
                    let id = phone_id(ctx.db, &who.phone_number);
                    if !texts.iter().any(|t| Some(t.0) == id) {
                        return Err(format!("no text to {}", who.first_name));
                    }
                }
                let ids: Vec<Option<i64>> = d4
                    .iter()
                    .map(|d| phone_id(ctx.db, &d.0.phone_number))
                    .collect();
                match texts.iter().find(|t| !ids.contains(&Some(t.0))) {
                    Some(t) => Err(format!("a text to phone user {}", t.0)),
                    None => Ok(()),
                }
            },
        ),
    ];
    parts.allowed = allow::venmo_money();
    parts.allowed.extend(allow::texts_sent());
    parts
}
