//! "My wife texted me about the groceries she bought; pay her back on Venmo what she asked,
//! with the note 'Groceries'." An older grocery text (already paid) is a distractor; variant 2
//! asks for the whole amount instead of half; variant 3 stores the spouse under a nickname.

use super::married_supervisor;
use crate::eval::EvalCtx;
use crate::kit::allow::venmo_payments;
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::python::solution;
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    spouse: Person,
    /// "wife" or "husband".
    label: &'static str,
    variant: u8,
    now: NaiveDateTime,
    /// The spouse's text asking for the money, and the older one (already paid).
    ask: String,
    old_msg: String,
    /// What to pay, and the older bill's total, in cents.
    owed: i64,
    older: i64,
    /// The spouse's name in the contacts in variant 3.
    nickname: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "venmo"];
    const SCRIPT: &str = include_str!("spouse_groceries.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, sp, label) = married_supervisor(g, |_| true);
        let v = g.variant;
        let total = g.rng.range(4_000, 16_000) / 2 * 2;
        let older = g.rng.range(4_000, 16_000) / 2 * 2;
        let store = ["Trader Joe's", "Whole Foods", "Safeway"][usize::from(v - 1)];
        let (ask, owed) = match v {
            2 => (
                format!(
                    "Just did the big grocery run at {store}, ${} in total. You said you'd cover this one, can you send me the whole amount?",
                    c2(total)
                ),
                total,
            ),
            _ => (
                format!(
                    "Groceries at {store} came to ${}. Can you Venmo me your half?",
                    c2(total)
                ),
                total / 2,
            ),
        };
        let old_msg = format!(
            "Groceries this week were ${}, send me half when you can",
            c2(older)
        );
        let nickname = ["Babe", "Honey", "Love"][usize::from(v - 1)];
        let instruction = match v {
            1 => format!(
                "My {label} texted me about the groceries they just bought. Pay them back on Venmo what they asked for, with the note \"Groceries\"."
            ),
            2 => format!(
                "Send my {label} the money for the groceries they texted me about today, on Venmo, as they asked. Note: \"Groceries\"."
            ),
            _ => format!(
                "Pay my {label} back on Venmo for the latest groceries, as they asked in their text. Use the note \"Groceries\"."
            ),
        };
        let values = Values {
            supervisor: p,
            spouse: sp,
            label,
            variant: v,
            now: g.now,
            ask,
            old_msg,
            owed,
            older,
            nickname,
        };
        Drawing::from(values).instruction(instruction)
    }

    /// The older grocery text (paid) and today's (variant 3: the spouse under a nickname).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.set_venmo_balance(&v.supervisor, 900.0)?;
            if v.variant == 3 {
                s.relabel_contact(&v.supervisor, &v.spouse, v.nickname, &[v.label])?;
            }
            let old_at = v.now - Duration::days(9) - Duration::hours(3);
            s.add_text(&v.spouse, &v.supervisor, &v.old_msg, old_at)?;
            s.add_text(
                &v.supervisor,
                &v.spouse,
                "Sent!",
                old_at + Duration::hours(1),
            )?;
            s.add_venmo_payment(
                &v.supervisor,
                &v.spouse,
                (v.older / 2) as f64 / 100.0,
                "Groceries",
                old_at + Duration::hours(1),
            )?;
            s.add_text(&v.spouse, &v.supervisor, &v.ask, v.now - Duration::hours(2))?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new().lit("label", v.label);
        let logins = script.cell("logins", &vals);
        let find = script.cell("find", &vals);
        let pay = |amount: &str, note: &str| {
            script.cell("pay", &Vals::new().code("amount", amount).lit("note", note))
        };
        let ground_truth = vec![logins.clone(), find.clone(), pay("owed", "Groceries")];
        let wrong = vec![
            solution(
                "pays the older grocery bill",
                vec![
                    logins.clone(),
                    script.cell("find_oldest", &vals),
                    pay("owed", "Groceries"),
                ],
            ),
            solution(
                if v.variant == 2 {
                    "pays only half"
                } else {
                    "pays the whole bill instead of half"
                },
                vec![
                    logins.clone(),
                    find.clone(),
                    pay(
                        if v.variant == 2 {
                            "round(total / 2, 2)"
                        } else {
                            "total"
                        },
                        "Groceries",
                    ),
                ],
            ),
            solution(
                "requests the money instead of paying",
                vec![logins.clone(), find.clone(), script.cell("request", &vals)],
            ),
            solution(
                "writes another note",
                vec![
                    logins.clone(),
                    find.clone(),
                    pay("owed", "groceries at the store"),
                ],
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("one Venmo payment to the {} ({})", v.label, v.spouse.email),
                |v, ctx| {
                    let want = uid(ctx, "venmo", &v.spouse.email);
                    match mine(ctx).iter().filter(|t| t.0 == want).count() {
                        1 => Ok(()),
                        k => Err(format!("{k} payments to them")),
                    }
                },
            ),
            v.check(
                format!("the payment is ${}", c2(v.owed)),
                |v, ctx| match mine(ctx).first() {
                    Some(t) if same_amount(t.1, v.owed as f64 / 100.0) => Ok(()),
                    Some(t) => Err(format!("${}", t.1)),
                    None => Err("no payment".into()),
                },
            ),
            v.check("its note is \"Groceries\"", |_, ctx| {
                match mine(ctx).first() {
                    Some(t) if t.2.eq_ignore_ascii_case("groceries") => Ok(()),
                    Some(t) => Err(format!("note \"{}\"", t.2)),
                    None => Err("no payment".into()),
                }
            }),
            v.check("no other Venmo payment", |_, ctx| match mine(ctx).len() {
                1 => Ok(()),
                k => Err(format!("{k} payments")),
            }),
            v.check("no payment request", |_, ctx| {
                match added(ctx, "venmo", "payment_requests").len() {
                    0 => Ok(()),
                    k => Err(format!("{k} requests")),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        venmo_payments()
    }
}

/// The supervisor's new Venmo payments: (receiver, amount, note).
fn mine(ctx: &EvalCtx) -> Vec<(Option<i64>, f64, String)> {
    payments_sent(ctx)
        .into_iter()
        .map(|(to, amount, note)| (Some(to), amount, note.trim().to_string()))
        .collect()
}
