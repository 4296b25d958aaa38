//! "My card expiring this month was replaced (details in my note). On Amazon add the new card,
//! delete the expiring one, and renew Prime with the new card on the plan I had (variant 3: the
//! plan cheaper per month)." The supervisor keeps another card; the last Prime subscription
//! ended last week.

use super::note_vals;
use crate::diff::ChangeKind;
use crate::kit::amazon;
use crate::kit::amazon::{
    cards_added, new_prime_subscriptions, no_new_order, removed_card_numbers,
};
use crate::kit::changes::allow_added;
use crate::kit::money::same_amount;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use crate::setup::Card;
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// The note with the new card's details.
const TITLE: &str = "Replacement card";
/// The expiring card's name.
const OLD_NAME: &str = "Visa Signature";
/// The name the note gives the new card.
const NEW_NAME: &str = "Visa Signature 2027";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    old_number: i64,
    new_number: i64,
    /// The new card's expiry year and month, and its CVV.
    exp_y: i64,
    exp_m: i64,
    cvv: i64,
    /// The plan of the Prime subscription that ended.
    last_plan: &'static str,
    /// The plan to renew on, and what it costs.
    want_plan: &'static str,
    want_paid: f64,
    /// The last four digits of the old and the new card.
    old4: String,
    new4: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "amazon"];
    const SCRIPT: &str = include_str!("prime_new_card.py");

    /// The values, and the supervisor's notes (the note with the card among fillers).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor_where(|p| p.payment_cards.len() == 1);
        let old_number = 4_485_000_000_000_000 + p.id * 8_111 + i64::from(g.variant);
        let new_number = 4_485_900_000_000_000 + p.id * 9_391 + i64::from(g.variant) * 3;
        // The card expires in the year its name says.
        let (exp_y, exp_m, cvv) = match g.variant {
            1 => (2027, 9, 654),
            2 => (2027, 2, 317),
            _ => (2027, 11, 980),
        };
        let last_plan = if g.variant == 2 { "yearly" } else { "monthly" };
        let want_plan = if g.variant == 3 { "yearly" } else { last_plan };
        let want_paid = if want_plan == "yearly" { 140.0 } else { 15.0 };
        let old4 = format!("{:04}", old_number % 10_000);
        let new4 = format!("{:04}", new_number % 10_000);
        let content = format!(
            "The bank replaced my {OLD_NAME} (the one ending in {old4}, expires this month).\nNew card number: {:04} {:04} {:04} {:04}\nExpires: {exp_m:02}/{exp_y}\nCVV: {cvv}\nName it \"{NEW_NAME}\" wherever I save it.",
            new_number / 1_000_000_000_000,
            new_number / 100_000_000 % 10_000,
            new_number / 10_000 % 10_000,
            new_number % 10_000
        );
        let note = g.note(TITLE, &content, &["finance"], false, 3);
        let filler = g.filler(&p, 6, &["finance"], &[TITLE]);
        let notes = mix(&mut g.rng, filler, vec![note]);
        let values = Values {
            variant: g.variant,
            supervisor: p,
            now: g.now,
            old_number,
            new_number,
            exp_y,
            exp_m,
            cvv,
            last_plan,
            want_plan,
            want_paid,
            old4,
            new4,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => format!(
                "My {OLD_NAME} card expires this month and the bank sent me a replacement; the details are in my note \"{TITLE}\". On Amazon, save the new card (under the name in the note), delete the card that expires this month, and renew my Prime membership, which ran out last week, on the same plan as before, paid with the new card."
            ),
            2 => format!(
                "Swap my payment card on Amazon: add the replacement card from my note \"{TITLE}\" (use the name I wrote there) and remove the old one that expires this month. Then re-subscribe to Prime with the new card; it lapsed recently, keep the plan I had."
            ),
            _ => format!(
                "The card details in my note \"{TITLE}\" replace my card that expires this month. Add the new card to Amazon with the name from the note, delete the expiring one, and get Prime again (it ended last week) with the new card, this time on whichever plan is cheaper per month."
            ),
        }
    }

    /// The two cards, and the Prime subscription that ended last week.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            let last_paid = if v.last_plan == "yearly" { 140.0 } else { 15.0 };
            let last_days = if v.last_plan == "yearly" { 365 } else { 30 };
            s.add_amazon_card(
                sup,
                Card {
                    name: OLD_NAME,
                    number: v.old_number,
                    expiry: (2023, 5),
                    cvv: 271,
                },
                4_000.0,
            )?;
            s.add_bank_card(
                sup,
                Card {
                    name: NEW_NAME,
                    number: v.new_number,
                    expiry: (v.exp_y, v.exp_m),
                    cvv: v.cvv,
                },
                4_000.0,
            )?;
            let ended = days_ago(v.now, 6, 23, 59);
            s.end_amazon_prime(sup, ended - Duration::days(last_days + 1))?;
            apps::common::cards::NewSubscription {
                table: "amazon.prime_subscriptions",
                user_id: s.user_id("amazon", sup)?,
                start_date: &sim::clock::fmt_datetime(
                    ended - Duration::days(last_days) + Duration::minutes(1),
                ),
                end_date: &sim::clock::fmt_datetime(ended),
                payment_card_digits: &v.old4,
                paid_amount: last_paid,
            }
            .insert(s.db)?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let plan_py = if v.variant == 3 {
            "plan = min(plans, key=lambda k: plans[k] / (12 if k == \"yearly\" else 1))"
        } else {
            "plan = [k for k, v in plans.items() if v == last[\"paid_amount\"]][0]"
        };
        // `renew`: the cards to `delete`, the card to `pay` Prime with, the line that picks `plan`.
        let vals = |delete: &str, pay: &str, plan: &str| {
            note_vals(TITLE)
                .code("delete", delete)
                .code("pay", pay)
                .code("plan", plan)
        };
        let renew = |vals: &Vals| script.cells(&["logins", "read", "renew"], vals);
        let ground_truth = renew(&vals("expiring", "new_id", plan_py));
        let other_plan = if v.want_plan == "yearly" {
            "plan = \"monthly\""
        } else {
            "plan = \"yearly\""
        };
        let wrong = vec![
            solution(
                "deletes the other card instead of the expiring one",
                renew(&vals(
                    "[c for c in cards if c not in expiring]",
                    "new_id",
                    plan_py,
                )),
            ),
            solution(
                "keeps the expiring card",
                renew(&vals("[]", "new_id", plan_py)),
            ),
            solution(
                "renews Prime on the other plan",
                renew(&vals("expiring", "new_id", other_plan)),
            ),
            solution(
                "pays Prime with the old card before deleting it",
                script.cells(
                    &["logins", "read", "renew_then_delete_old"],
                    &vals("[]", "expiring[0][\"payment_card_id\"]", plan_py),
                ),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (new4, old4) = (&v.new4, &v.old4);
        vec![
            v.check(
                format!(
                    "the new card ending in {new4} is saved as \"{NEW_NAME}\" (expires {:02}/{})",
                    v.exp_m, v.exp_y
                ),
                |v, ctx| {
                    let me = ctx.user_id("amazon");
                    let rows = cards_added(ctx);
                    let ok = rows.iter().any(|c| {
                        c.user_id == me
                            && c.number == Some(v.new_number)
                            && c.name.as_deref() == Some(NEW_NAME)
                            && c.expiry_year == Some(v.exp_y)
                            && c.expiry_month == Some(v.exp_m)
                    });
                    if ok && rows.len() == 1 {
                        Ok(())
                    } else {
                        Err(format!("{} cards added", rows.len()))
                    }
                },
            ),
            v.check(
                format!("the {OLD_NAME} ending in {old4} (expiring this month) is deleted"),
                |v, ctx| {
                    if removed_card_numbers(ctx).contains(&v.old_number) {
                        Ok(())
                    } else {
                        Err("still saved".into())
                    }
                },
            ),
            v.check("no other card is deleted", |v, ctx| {
                let gone = removed_card_numbers(ctx);
                if gone.iter().all(|n| *n == v.old_number) {
                    Ok(())
                } else {
                    Err(format!("{} cards deleted", gone.len()))
                }
            }),
            v.check(
                format!("one new Prime subscription, paid with the card ending in {new4}"),
                |v, ctx| match new_prime_subscriptions(ctx).as_slice() {
                    [(d, _)] if *d == v.new4 => Ok(()),
                    other => Err(format!("subscriptions: {other:?}")),
                },
            ),
            v.check(
                format!("on the {} plan (${:.0})", v.want_plan, v.want_paid),
                |v, ctx| match new_prime_subscriptions(ctx).as_slice() {
                    [(_, paid)] if same_amount(*paid, v.want_paid) => Ok(()),
                    other => Err(format!("subscriptions: {other:?}")),
                },
            ),
            no_new_order("no order was placed"),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            Allow::new(
                "the supervisor's amazon cards added or deleted",
                |ctx, r| {
                    r.is("amazon", "payment_cards")
                        && r.kind() != ChangeKind::Updated
                        && amazon::is_mine(ctx, r)
                },
            ),
            allow_added(
                "the supervisor's Prime subscription",
                "amazon",
                "prime_subscriptions",
                amazon::is_mine,
            ),
            Allow::new("orders no longer pointing at a deleted card", |_, r| {
                r.is("amazon", "orders")
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns().iter().all(|c| c == "payment_card_id")
            }),
        ];
        allowed.extend(allow::amazon_side_effects());
        allowed
    }
}
