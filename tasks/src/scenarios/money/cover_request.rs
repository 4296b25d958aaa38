//! "Pay my roommate's rent request from my Venmo balance; if it is short, first move just the
//! missing amount onto it from my card X." Variant 2: card X has expired, the instruction
//! names the fallback; variant 3: the balance already covers the rent (no top-up).

use super::{received_status, roommate};
use crate::diff::RowChange;
use crate::kit::allow;
use crate::kit::changes::updates_only;
use crate::kit::changes::{added, allow_added};
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::known;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        roommate(pop, p).is_some() && !p.payment_cards.is_empty() && known(pop, p).len() >= 2
    });
    let r = roommate(pop, &p).unwrap_or_else(|| p.clone());
    let other = known(pop, &p)
        .into_iter()
        .find(|k| k.id != r.id)
        .unwrap_or_else(|| r.clone());
    let v = g.variant;
    let rent = cents_of(&mut g.rng, 80_000, 120_000, 1);
    let balance = if v == 3 {
        rent + cents_of(&mut g.rng, 5_000, 20_000, 1)
    } else {
        cents_of(&mut g.rng, 3_000, 15_000, 1)
    };
    let top_up = if v == 3 { 0 } else { rent - balance };
    let card = p.payment_cards[0].clone();
    let expired_name = ["Citi", "Capital One", "Discover", "HSBC", "Chase"]
        .into_iter()
        .find(|n| !p.payment_cards.iter().any(|c| c.card_name == *n))
        .unwrap_or("Citi");
    let instruction = match v {
        2 => format!(
            "{} asked me on Venmo for my share of the rent. Pay it from my Venmo balance; if the balance is short, first top it up with just the missing amount from my {expired_name} card, or from my {} card if the {expired_name} one has expired.",
            r.first_name, card.card_name
        ),
        _ => format!(
            "My roommate asked me on Venmo for this month's rent. Pay it from my Venmo balance; if the balance is short, first move just the missing amount onto it from my {} card.",
            card.card_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    let now = g.now;
    let (sup, mate, o2, card_s) = (p.clone(), r.clone(), other.clone(), card.clone());
    let expired_s = expired_name.to_string();
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, false)?;
        s.set_venmo_balance(&sup, usd(balance))?;
        s.execute(
            "UPDATE admin.payment_cards SET balance = 9000.0 WHERE card_number = ?1",
            [card_s.card_number],
        )?;
        if v == 2 {
            s.add_venmo_card(
                &sup,
                &expired_s,
                5_555_000_000_000_000 + sup.id * 97,
                2023,
                3,
                123,
                9_000.0,
            )?;
        }
        s.add_venmo_request(&o2, &sup, 45.0, "Concert ticket", now - Duration::days(3))?;
        s.add_venmo_request(
            &mate,
            &sup,
            usd(rent),
            "Rent - May",
            now - Duration::days(1) - Duration::hours(3),
        )?;
        Ok(())
    }));
    let script = Script::parse(include_str!("cover_request.py"));
    let (pick, card_vals) = if v == 2 {
        (
            "pick_valid_card",
            Vals::new()
                .lit("card", expired_name)
                .lit("fallback", &card.card_name),
        )
    } else {
        ("pick_card", Vals::new().lit("card", &card.card_name))
    };
    let cells = |pick: &str, card_vals: &Vals, pay: &str| {
        vec![
            script.cell("logins", card_vals),
            script.cell("find", card_vals),
            script.cell(pick, card_vals),
            script.cell(pay, card_vals),
        ]
    };
    parts.ground_truth = cells(pick, &card_vals, "pay_topping_up");
    parts.wrong = vec![
        solution(
            "pays the rent straight from the card",
            cells(pick, &card_vals, "pay_by_card"),
        ),
        solution(
            if v == 3 {
                "tops up the whole rent anyway"
            } else {
                "tops up the whole rent instead of what is missing"
            },
            cells(pick, &card_vals, "pay_topping_up_whole"),
        ),
        solution(
            "tops up for and approves every pending request",
            cells(pick, &card_vals, "pay_every_request"),
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "tops up from the expired card",
            cells(
                "pick_card",
                &Vals::new().lit("card", expired_name),
                "pay_topping_up",
            ),
        ));
    }
    let mate_email = r.email.clone();
    parts.checks = vec![Check::new(
        format!("{}'s rent request of ${} is approved", full(&r), c2(rent)),
        move |ctx| match received_status(ctx, &mate_email, rent).as_str() {
            "approved" => Ok(()),
            other => Err(format!("it is {other}")),
        },
    )];
    let last4 = format!("{:04}", card.card_number.rem_euclid(10_000));
    parts.checks.push(if top_up > 0 {
        Check::new(
            format!(
                "one top-up of exactly ${} from the card ending in {last4}",
                c2(top_up)
            ),
            move |ctx| {
                let t: Vec<&RowChange> = added(ctx, "venmo", "bank_transfers");
                match t.as_slice() {
                    [one]
                        if one.get("transfer_type").as_str() == Some("card_to_venmo")
                            && one.get("payment_card_digits").as_str() == Some(last4.as_str())
                            && same_amount(
                                one.get("amount").as_f64().unwrap_or(0.0),
                                usd(top_up),
                            ) =>
                    {
                        Ok(())
                    }
                    [one] => Err(format!(
                        "a {} of ${} with card {}",
                        one.get("transfer_type"),
                        one.get("amount"),
                        one.get("payment_card_digits")
                    )),
                    xs => Err(format!("{} transfers", xs.len())),
                }
            },
        )
    } else {
        Check::new(
            "no top-up (the balance already covered the rent)",
            |ctx| match added(ctx, "venmo", "bank_transfers").len() {
                0 => Ok(()),
                n => Err(format!("{n} transfers")),
            },
        )
    });
    let end = balance + top_up - rent;
    parts.checks.push(Check::new(
        format!(
            "the rent came out of the Venmo balance, which ends at ${}",
            c2(end)
        ),
        move |ctx| {
            let me = ctx.user_id("venmo").unwrap_or(0);
            let got: f64 = ctx
                .db
                .query_row_cached(
                    "SELECT venmo_balance FROM venmo.users WHERE id = ?1",
                    [me],
                    |r| r.get(0),
                )
                .unwrap_or(-1.0);
            if same_amount(got, usd(end)) {
                Ok(())
            } else {
                Err(format!("the balance is ${got}"))
            }
        },
    ));
    let other_email = other.email.clone();
    parts.checks.push(Check::new(
        format!("{}'s request for $45.00 is still pending", full(&other)),
        move |ctx| match received_status(ctx, &other_email, 4_500).as_str() {
            "pending" => Ok(()),
            s => Err(format!("it is {s}")),
        },
    ));
    parts.allowed = allow::venmo_money();
    parts.allowed.extend([
        Allow::new("the supervisor's answer to the request", |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.get("receiver_id").as_i64() == ctx.user_id("venmo")
                && updates_only(r, &["approved_at", "denied_at", "updated_at"])
        }),
        allow_added("top-ups", "venmo", "bank_transfers", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("venmo")
        }),
        Allow::new("the confirmation Venmo e-mails for a top-up", |_, r| {
            r.schema == "gmail"
        }),
        allow_added(
            "the receipt file Venmo keeps in its own /tmp/ for that e-mail",
            "file_system",
            "files",
            |ctx, r| {
                r.get("user_id").as_i64() != ctx.user_id("file_system")
                    && r.get("path")
                        .as_str()
                        .is_some_and(|p| p.starts_with("/tmp/"))
            },
        ),
    ]);
    parts
}
