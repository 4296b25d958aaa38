//! "Pay my roommate's rent request from my Venmo balance; if it is short, first move just the
//! missing amount onto it from my card X." Variant 2: card X has expired, the instruction
//! names the fallback; variant 3: the balance already covers the rent (no top-up).

use super::{received_status, roommate_supervisor};
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_own};
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::known;
use crate::kit::python::solution;
use crate::kit::venmo::{balance, set_card_balance};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use crate::setup::Card;
use apps::people::{PaymentCard, Person};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The roommate asking for the rent, and another contact with a pending request.
    mate: Person,
    other: Person,
    /// The rent, the starting Venmo balance and the top-up needed, in cents.
    rent: i64,
    balance: i64,
    top_up: i64,
    /// The card named for the top-up, and the expired card's name (variant 2's first choice).
    card: PaymentCard,
    expired_name: &'static str,
    now: NaiveDateTime,
}

impl Values {
    /// The last four digits of the top-up card.
    fn last4(&self) -> String {
        format!("{:04}", self.card.card_number.rem_euclid(10_000))
    }

    /// The Venmo balance after paying the rent, in cents.
    fn end(&self) -> i64 {
        self.balance + self.top_up - self.rent
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "venmo"];
    const SCRIPT: &str = include_str!("cover_request.py");

    /// The roommate, the other contact, the amounts and the cards.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let (p, r) = roommate_supervisor(g, |p| {
            !p.payment_cards.is_empty() && known(pop, p).len() >= 2
        });
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
        Drawing::from(Values {
            variant: v,
            supervisor: p,
            mate: r,
            other,
            rent,
            balance,
            top_up,
            card,
            expired_name,
            now: g.now,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            s.remove_pending_venmo_requests(sup, false)?;
            s.set_venmo_balance(sup, usd(v.balance))?;
            set_card_balance(s, v.card.card_number, 9000.0)?;
            if v.variant == 2 {
                s.add_venmo_card(
                    sup,
                    Card {
                        name: v.expired_name,
                        number: 5_555_000_000_000_000 + sup.id * 97,
                        expiry: (2023, 3),
                        cvv: 123,
                    },
                    9_000.0,
                )?;
            }
            s.add_venmo_request(
                &v.other,
                sup,
                45.0,
                "Concert ticket",
                v.now - Duration::days(3),
            )?;
            s.add_venmo_request(
                &v.mate,
                sup,
                usd(v.rent),
                "Rent - May",
                v.now - Duration::days(1) - Duration::hours(3),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (pick, card_vals) = if v.variant == 2 {
            (
                "pick_valid_card",
                Vals::new()
                    .lit("card", v.expired_name)
                    .lit("fallback", &v.card.card_name),
            )
        } else {
            ("pick_card", Vals::new().lit("card", &v.card.card_name))
        };
        let cells = |pick: &str, card_vals: &Vals, pay: &str| {
            vec![
                script.cell("logins", card_vals),
                script.cell("find", card_vals),
                script.cell(pick, card_vals),
                script.cell(pay, card_vals),
            ]
        };
        let ground_truth = cells(pick, &card_vals, "pay_topping_up");
        let mut wrong = vec![
            solution(
                "pays the rent straight from the card",
                cells(pick, &card_vals, "pay_by_card"),
            ),
            solution(
                if v.variant == 3 {
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
        if v.variant == 2 {
            wrong.push(solution(
                "tops up from the expired card",
                cells(
                    "pick_card",
                    &Vals::new().lit("card", v.expired_name),
                    "pay_topping_up",
                ),
            ));
        }
        (ground_truth, wrong)
    }

    /// The rent approved, the top-up, the end balance and the other request left pending.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let top_up = if v.top_up > 0 {
            v.check(
                format!(
                    "one top-up of exactly ${} from the card ending in {}",
                    c2(v.top_up),
                    v.last4()
                ),
                top_up_check,
            )
        } else {
            v.check(
                "no top-up (the balance already covered the rent)",
                |_, ctx| match added(ctx, "venmo", "bank_transfers").len() {
                    0 => Ok(()),
                    n => Err(format!("{n} transfers")),
                },
            )
        };
        vec![
            v.check(
                format!(
                    "{}'s rent request of ${} is approved",
                    full(&v.mate),
                    c2(v.rent)
                ),
                |v, ctx| match received_status(ctx, &v.mate.email, v.rent).as_str() {
                    "approved" => Ok(()),
                    other => Err(format!("it is {other}")),
                },
            ),
            top_up,
            v.check(
                format!(
                    "the rent came out of the Venmo balance, which ends at ${}",
                    c2(v.end())
                ),
                |v, ctx| {
                    let me = ctx.user_id("venmo").unwrap_or(0);
                    let got = balance(ctx.db, me).unwrap_or(-1.0);
                    if same_amount(got, usd(v.end())) {
                        Ok(())
                    } else {
                        Err(format!("the balance is ${got}"))
                    }
                },
            ),
            v.check(
                format!("{}'s request for $45.00 is still pending", full(&v.other)),
                |v, ctx| match received_status(ctx, &v.other.email, 4_500).as_str() {
                    "pending" => Ok(()),
                    s => Err(format!("it is {s}")),
                },
            ),
        ]
    }

    /// Venmo payments, the answer to the request, top-ups and what a top-up sends.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_money();
        allowed.extend([
            allow::request_answers(),
            allow_own("top-ups", "venmo", "bank_transfers", "user_id"),
        ]);
        allowed.extend(allow::venmo_transfer_mail());
        allowed
    }
}

/// Exactly one card-to-Venmo transfer of the missing amount from the named card.
fn top_up_check(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let t: Vec<&RowChange> = added(ctx, "venmo", "bank_transfers");
    match t.as_slice() {
        [one]
            if one.get("transfer_type").as_str() == Some("card_to_venmo")
                && one.get("payment_card_digits").as_str() == Some(v.last4().as_str())
                && same_amount(one.get("amount").as_f64().unwrap_or(0.0), usd(v.top_up)) =>
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
}
