//! "My wife texted me about the groceries she bought; pay her back on Venmo what she asked,
//! with the note 'Groceries'." An older grocery text (already paid) is a distractor; variant 2
//! asks for the whole amount instead of half; variant 3 stores the spouse under a nickname.

use super::spouse;
use crate::eval::EvalCtx;
use crate::kit::allow::venmo_payments;
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
    });
    let Some((sp, label)) = spouse(g, &p) else {
        unreachable!("supervisor_where picked a married person")
    };
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    let now = g.now;
    let (sup, spo) = (p.clone(), sp.clone());
    let old_half = older / 2;
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 900.0)?;
        if v == 3 {
            s.relabel_contact(&sup, &spo, nickname, &[label])?;
        }
        let old_at = now - Duration::days(9) - Duration::hours(3);
        s.add_text(&spo, &sup, &old_msg, old_at)?;
        s.add_text(&sup, &spo, "Sent!", old_at + Duration::hours(1))?;
        s.add_venmo_payment(
            &sup,
            &spo,
            old_half as f64 / 100.0,
            "Groceries",
            old_at + Duration::hours(1),
        )?;
        s.add_text(&spo, &sup, &ask, now - Duration::hours(2))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("spouse_groceries.py"));
    let vals = Vals::new().lit("label", label);
    let logins = script.cell("logins", &vals);
    let find = script.cell("find", &vals);
    let pay = |amount: &str, note: &str| {
        script.cell("pay", &Vals::new().code("amount", amount).lit("note", note))
    };
    parts.ground_truth = vec![logins.clone(), find.clone(), pay("owed", "Groceries")];
    parts.wrong = vec![
        solution(
            "pays the older grocery bill",
            vec![
                logins.clone(),
                script.cell("find_oldest", &vals),
                pay("owed", "Groceries"),
            ],
        ),
        solution(
            if v == 2 {
                "pays only half"
            } else {
                "pays the whole bill instead of half"
            },
            vec![
                logins.clone(),
                find.clone(),
                pay(
                    if v == 2 {
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
    let amount = owed as f64 / 100.0;
    let email = sp.email.clone();
    let mine = |ctx: &EvalCtx| -> Vec<(Option<i64>, f64, String)> {
        let me = ctx.user_id("venmo");
        added(ctx, "venmo", "transactions")
            .into_iter()
            .filter(|r| r.get("sender_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("receiver_id").as_i64(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    r.get("description")
                        .as_str()
                        .unwrap_or("")
                        .trim()
                        .to_string(),
                )
            })
            .collect()
    };
    let e1 = email.clone();
    parts.checks = vec![
        Check::new(
            format!("one Venmo payment to the {label} ({email})"),
            move |ctx| {
                let want = uid(ctx, "venmo", &e1);
                match mine(ctx).iter().filter(|t| t.0 == want).count() {
                    1 => Ok(()),
                    k => Err(format!("{k} payments to them")),
                }
            },
        ),
        Check::new(
            format!("the payment is ${}", c2(owed)),
            move |ctx| match mine(ctx).first() {
                Some(t) if same_amount(t.1, amount) => Ok(()),
                Some(t) => Err(format!("${}", t.1)),
                None => Err("no payment".into()),
            },
        ),
        Check::new("its note is \"Groceries\"", move |ctx| {
            match mine(ctx).first() {
                Some(t) if t.2.eq_ignore_ascii_case("groceries") => Ok(()),
                Some(t) => Err(format!("note \"{}\"", t.2)),
                None => Err("no payment".into()),
            }
        }),
        Check::new("no other Venmo payment", move |ctx| match mine(ctx).len() {
            1 => Ok(()),
            k => Err(format!("{k} payments")),
        }),
        Check::new("no payment request", move |ctx| {
            match added(ctx, "venmo", "payment_requests").len() {
                0 => Ok(()),
                k => Err(format!("{k} requests")),
            }
        }),
    ];
    parts.allowed = venmo_payments();
    parts
}
