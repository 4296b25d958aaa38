//! Scenarios over Venmo and Splitwise, crossing with the file system (receipts, card
//! statements), the phone (contacts, relationships, texts) and SimpleNote: settling a trip
//! group and paying on Venmo, recording a dinner from a receipt and a text, answering payment
//! requests, questions over payments and balances, reminders, fixing a mistaken expense,
//! topping up the wallet for a request, a bill from a card statement, and paying the IOUs of a
//! note. Every name ends with " (money)" so that `TASKS_ONLY='(money)'` selects them.

mod answer_requests;
mod cover_request;
mod dinner_receipt;
mod fix_expense;
mod iou_note;
mod remind_requests;
mod settle_trip;
mod spouse_total;
mod statement_bill;
mod trip_owes_most;

use crate::eval::EvalCtx;
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::usd;
use crate::kit::people::{known, related};
use crate::kit::venmo::{latest_request, payments_sent, request_status};
use crate::model::{Check, Split};
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Population, Relation};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "settle a trip group and pay on Venmo (money)",
            split: Split::Train,
            difficulty: 2,
            build: build::<settle_trip::Values>,
        },
        Scenario {
            name: "record a dinner from a receipt and a text (money)",
            split: Split::Train,
            difficulty: 3,
            build: build::<dinner_receipt::Values>,
        },
        Scenario {
            name: "answer Venmo requests from contacts under a limit (money)",
            split: Split::Train,
            difficulty: 2,
            build: build::<answer_requests::Values>,
        },
        Scenario {
            name: "how much went to the spouse on Venmo in a month (money)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<spouse_total::Values>,
        },
        Scenario {
            name: "who owes the most for a trip on Splitwise (money)",
            split: Split::TestNormal,
            difficulty: 1,
            build: build::<trip_owes_most::Values>,
        },
        Scenario {
            name: "remind unpaid Venmo requests (money)",
            split: Split::Train,
            difficulty: 1,
            build: build::<remind_requests::Values>,
        },
        Scenario {
            name: "fix the Splitwise mistake a roommate texted about (money)",
            split: Split::Train,
            difficulty: 2,
            build: build::<fix_expense::Values>,
        },
        Scenario {
            name: "top up Venmo to pay a rent request (money)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<cover_request::Values>,
        },
        Scenario {
            name: "add a bill from the card statement to the Roommates group (money)",
            split: Split::Train,
            difficulty: 2,
            build: build::<statement_bill::Values>,
        },
        Scenario {
            name: "pay the IOUs of a note on Venmo (money)",
            split: Split::Dev,
            difficulty: 3,
            build: build::<iou_note::Values>,
        },
    ]
}

/// `p`'s roommate, if they share a flat.
fn roommate(pop: &Population, p: &Person) -> Option<Person> {
    related(pop, p, Relation::Roommate).into_iter().next()
}

/// A supervisor with a roommate who also `fits`, and the roommate.
fn roommate_supervisor(g: &mut Gen, fits: impl Fn(&Person) -> bool) -> (Person, Person) {
    let pop = g.population;
    let p = g.supervisor_where(|p| roommate(pop, p).is_some() && fits(p));
    let r = roommate(pop, &p).unwrap_or_else(|| p.clone());
    (p, r)
}

/// "One Venmo payment to each of them for exactly that amount" and "no Venmo payment to
/// anyone else"; `want` is (name, e-mail, cents).
fn venmo_payment_checks(want: &[(String, String, i64)]) -> Vec<Check> {
    let shown = want
        .iter()
        .map(|(n, _, c)| format!("${} to {n}", c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    let w1 = want.to_vec();
    let w2 = want.to_vec();
    vec![
        Check::new(format!("one Venmo payment each: {shown}"), move |ctx| {
            let sent = payments_sent(ctx);
            for (name, email, cents) in &w1 {
                let id = uid(ctx, "venmo", email);
                let to: Vec<&(i64, f64, String)> =
                    sent.iter().filter(|s| Some(s.0) == id).collect();
                match to.as_slice() {
                    [one] if same_amount(one.1, usd(*cents)) => {}
                    [one] => return Err(format!("paid {name} ${}", one.1)),
                    _ => return Err(format!("{} payments to {name}", to.len())),
                }
            }
            Ok(())
        }),
        Check::new("no Venmo payment to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w2.iter().map(|w| uid(ctx, "venmo", &w.1)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|s| !ids.contains(&Some(s.0)))
            {
                Some(s) => Err(format!("a payment of ${} to venmo user {}", s.1, s.0)),
                None => Ok(()),
            }
        }),
    ]
}

/// The status of the request `from` sent the supervisor for `cents` (pending, approved,
/// denied, or missing).
fn received_status(ctx: &EvalCtx, from: &str, cents: i64) -> String {
    let (Some(me), Some(them)) = (ctx.user_id("venmo"), uid(ctx, "venmo", from)) else {
        return "missing".into();
    };
    latest_request(ctx.db, them, me, usd(cents), None)
        .and_then(|id| request_status(ctx.db, id))
        .unwrap_or("missing")
        .into()
}

/// A nickname none of `p`'s contacts goes by (for a friend saved under it), if one is free.
fn free_nickname(pop: &Population, p: &Person) -> Option<String> {
    let taken: Vec<String> = known(pop, p).iter().map(|k| k.first_name.clone()).collect();
    ["Jojo", "Bee", "Sunny", "Ace"]
        .into_iter()
        .find(|n| !taken.iter().any(|t| t == n))
        .map(str::to_string)
}
