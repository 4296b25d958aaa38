//! "Some friends paid me twice on Venmo by mistake in the last two weeks (same note, same amount,
//! same day). Send back each extra payment with the note `Refund: <note>` and text them." Near
//! misses: the same note and amount on different days, the same amount and day with another
//! note, a double payment the supervisor sent, and one older than two weeks. Variant 2 has two
//! payers; variant 3 one who paid three times.

use super::wrong_by_cells;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::with_distinct_friends;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::text::same_text;
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// Payments to the supervisor the setup adds: one or more copies of the same one.
struct Pay {
    payer: Person,
    note: &'static str,
    cents: i64,
    days_ago: i64,
    copies: usize,
}

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    /// The first day of the two weeks.
    since: NaiveDate,
    pays: Vec<Pay>,
    /// Friends with everyday payments in the window.
    fillers: Vec<Person>,
    /// The friend the supervisor paid twice.
    sent_to: Person,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "venmo", "phone"];
    const SCRIPT: &str = include_str!("double_payments.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, fr) = with_distinct_friends(g, 5);
        let v = g.variant;
        let now = g.now;
        let c1 = cents_of(&mut g.rng, 2_000, 9_000, 1);
        let c2_ = cents_of(&mut g.rng, 1_500, 6_000, 1);
        let c3 = cents_of(&mut g.rng, 1_000, 5_000, 1);
        let c4 = cents_of(&mut g.rng, 2_000, 7_000, 1);
        let note1 = ["Concert tickets", "Cabin deposit", "Airport taxi"][(v - 1) as usize];
        let pay = |payer: &Person, note, cents, days_ago, copies| Pay {
            payer: payer.clone(),
            note,
            cents,
            days_ago,
            copies,
        };
        let pays = vec![
            // Same note and amount on two different days: not a mistake.
            pay(&fr[1], "Brunch", c2_, 11, 1),
            pay(&fr[1], "Brunch", c2_, 4, 1),
            // Same amount and day, another note.
            pay(&fr[2], "Groceries", c3, 6, 1),
            pay(&fr[2], "Gas money", c3, 6, 1),
            pay(
                &fr[3],
                "Book club snacks",
                c4,
                3,
                if v == 2 { 2 } else { 1 },
            ),
            // A double payment older than two weeks.
            pay(&fr[4], "Yoga class", 2_500, 20, 2),
            pay(&fr[0], note1, c1, 2, if v == 3 { 3 } else { 2 }),
        ];
        Values {
            fillers: fr.iter().skip(1).take(4).cloned().collect(),
            sent_to: fr[0].clone(),
            supervisor: p,
            variant: v,
            now,
            since: (now - Duration::days(14)).date(),
            pays,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let today = v.now.format("%Y-%m-%d");
        match v.variant {
            1 => format!(
                "I think someone paid me twice on Venmo by mistake in the last two weeks (same note, same amount, same day). Send back the extra payment with the note \"Refund: <their note>\", and text them on my phone that I sent it back. Today is {today}."
            ),
            2 => format!(
                "A couple of friends sent me the same Venmo payment twice in the past 14 days (same note and amount on the same day). Return each duplicate with the note \"Refund: <original note>\" and send each of them a text that I refunded it. Today is {today}."
            ),
            _ => format!(
                "Check the Venmo payments I received in the last two weeks for accidental repeats (same sender, note, amount and day). Keep one of each and send back every extra copy with the note \"Refund: <note>\", then text the sender that I returned it. Today is {today}."
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            s.set_venmo_balance(sup, 600.0)?;
            // Everyday payments in the window, and a double payment the supervisor sent.
            for (i, f) in v.fillers.iter().enumerate() {
                for (k, note) in ["Lunch", "Movie tickets", "Coffee"].iter().enumerate() {
                    let at = now - Duration::days(1 + i as i64 * 3 + k as i64) - Duration::hours(3);
                    s.add_venmo_payment(f, sup, 9.0 + (i * 7 + k * 5) as f64, note, at)?;
                }
            }
            for (i, p) in v.pays.iter().enumerate() {
                let at = now - Duration::days(p.days_ago) - Duration::minutes(31 * i as i64 + 90);
                for k in 0..p.copies {
                    s.add_venmo_payment(
                        &p.payer,
                        sup,
                        usd(p.cents),
                        p.note,
                        at + Duration::minutes(2 * k as i64),
                    )?;
                }
            }
            let at = now - Duration::days(5) - Duration::hours(2);
            s.add_venmo_payment(sup, &v.sent_to, 42.0, "Parking", at)?;
            s.add_venmo_payment(sup, &v.sent_to, 42.0, "Parking", at + Duration::minutes(1))?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions: `find` groups the `received` payments by `key`,
    /// `refund` sends back the `copies` of each.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let base = Vals::new().lit("since", &v.since.to_string());
        let cells = |received: &str, key: &str, copies: &str| {
            let vals = base
                .clone()
                .code("received", script.cell(received, &base))
                .code("key", script.cell(key, &base))
                .code("copies", script.cell(copies, &base));
            script.cells(&["logins", "find", "refund"], &vals)
        };
        let ground_truth = cells("received", "key", "extra_copies");
        let wrong = wrong_by_cells(
            &[
                (
                    "reads only the first page of payments",
                    ["received_first_page", "key", "extra_copies"],
                ),
                (
                    "treats the same amount on the same day as a repeat, whatever the note",
                    ["received", "key_ignoring_note", "extra_copies"],
                ),
                (
                    "sends back every copy, the one to keep too",
                    ["received", "key", "every_copy"],
                ),
                (
                    "looks at all payments, not just the last two weeks",
                    ["received_all_time", "key", "extra_copies"],
                ),
            ],
            cells,
        );
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let shown = doubles(v)
            .iter()
            .map(|(who, note, c, k)| {
                format!("{k} x ${} \"Refund: {note}\" to {}", c2(*c), full(who))
            })
            .collect::<Vec<_>>()
            .join(", ");
        let payers = doubles(v)
            .iter()
            .map(|d| d.0.first_name.clone())
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check(format!("refunds sent: {shown}"), |v, ctx| {
                let sent = payments_sent(ctx);
                for (who, _, c, k) in doubles(v) {
                    let id = uid(ctx, "venmo", &who.email);
                    let to: Vec<_> = sent.iter().filter(|s| Some(s.0) == id).collect();
                    if to.len() != k || !to.iter().all(|s| same_amount(s.1, usd(c))) {
                        return Err(format!(
                            "{} payments to {}: {to:?}",
                            to.len(),
                            who.first_name
                        ));
                    }
                }
                Ok(())
            }),
            v.check(
                "each refund's note is \"Refund: <their note>\"",
                |v, ctx| {
                    let sent = payments_sent(ctx);
                    if sent.is_empty() {
                        return Err("no refund".into());
                    }
                    for (who, note, _, _) in doubles(v) {
                        let id = uid(ctx, "venmo", &who.email);
                        if let Some(s) = sent.iter().find(|s| {
                            Some(s.0) == id && !same_text(&s.2, &format!("Refund: {note}"))
                        }) {
                            return Err(format!("noted \"{}\"", s.2));
                        }
                    }
                    Ok(())
                },
            ),
            v.check("no Venmo payment to anyone else", |v, ctx| {
                let ids: Vec<Option<i64>> = doubles(v)
                    .iter()
                    .map(|d| uid(ctx, "venmo", &d.0.email))
                    .collect();
                match payments_sent(ctx)
                    .iter()
                    .find(|s| !ids.contains(&Some(s.0)))
                {
                    Some(s) => Err(format!("${} to venmo user {}", s.1, s.0)),
                    None => Ok(()),
                }
            }),
            v.check(format!("a text to {payers}"), |v, ctx| {
                let texts = sent_texts(ctx);
                for (who, _, _, _) in doubles(v) {
                    let id = phone_id(ctx.db, &who.phone_number);
                    if !texts.iter().any(|t| Some(t.0) == id) {
                        return Err(format!("no text to {}", who.first_name));
                    }
                }
                let ids: Vec<Option<i64>> = doubles(v)
                    .iter()
                    .map(|d| phone_id(ctx.db, &d.0.phone_number))
                    .collect();
                match texts.iter().find(|t| !ids.contains(&Some(t.0))) {
                    Some(t) => Err(format!("a text to phone user {}", t.0)),
                    None => Ok(()),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_money();
        allowed.extend(allow::texts_sent());
        allowed
    }
}

/// The repeats in the two weeks: (payer, note, cents, extra copies).
fn doubles(v: &Values) -> Vec<(&Person, &str, i64, usize)> {
    v.pays
        .iter()
        .filter(|x| x.copies > 1 && x.days_ago <= 14)
        .map(|x| (&x.payer, x.note, x.cents, x.copies - 1))
        .collect()
}
