//! "I paid our Premium for both of us; ask my wife for half on Venmo with the note N." The
//! subscription history holds last year's too. Variant 2: save the receipt into a folder as
//! well; variant 3: monthly payments, half of the last three.

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::one;
use crate::kit::money::same_amount;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::venmo::requests_sent;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;
use rusqlite::OptionalExtension;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
    });
    let (label, sid) = spouse(g, &p).unwrap_or(("wife", p.id));
    let sp_person = g.person(sid);
    let variant = g.variant;
    let now = g.now;
    let d = |days: i64| days_ago(now, days, 10, 0);
    // (start, end, paid); the wanted total is over the last `last` subscriptions.
    let (subs, last, note): (Vec<(NaiveDateTime, NaiveDateTime, f64)>, usize, &str) = match variant
    {
        1 => (
            vec![(d(400), d(35), 99.98), (d(35), d(-330), 119.9)],
            1,
            "Spotify Premium",
        ),
        2 => (
            vec![(d(420), d(55), 95.0), (d(55), d(-310), 109.98)],
            1,
            "Premium for us two",
        ),
        _ => (
            vec![
                (d(140), d(110), 9.99),
                (d(110), d(80), 9.99),
                (d(80), d(50), 10.98),
                (d(50), d(20), 10.98),
                (d(20), d(-10), 12.98),
            ],
            3,
            "Spotify, last 3 months",
        ),
    };
    let total: f64 = subs.iter().rev().take(last).map(|s| s.2).sum();
    let half = (total * 50.0).round() / 100.0;
    let path = "~/documents/receipts/spotify_premium.txt";
    let instruction = match variant {
        1 => format!(
            "I paid this year's Spotify Premium for both of us. Ask my {label} for half of what I paid for my current subscription on Venmo, with the note \"{note}\"."
        ),
        2 => format!(
            "Request half the price of my current Spotify Premium subscription from my {label} on Venmo (note: \"{note}\"), and save that subscription's receipt in my file system as {path}."
        ),
        _ => format!(
            "My {label} and I share my Spotify Premium, which I pay monthly. Request half of what I paid for the last three months from them on Venmo, with the note \"{note}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if variant == 2 {
        vec!["supervisor", "spotify", "phone", "venmo", "file_system"]
    } else {
        vec!["supervisor", "spotify", "phone", "venmo"]
    };
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        let rows: Vec<(NaiveDateTime, NaiveDateTime, &str, f64)> =
            subs.iter().map(|(a, b, c)| (*a, *b, "4417", *c)).collect();
        s.set_premium_subscriptions(&sup, &rows)?;
        Ok(())
    }));
    let script = Script::parse(include_str!("premium_half.py"));
    // `pick` the latest (or oldest) `n` subscriptions; ask for `round(total <share>, 2)`, by a
    // request or a payment, saving the receipt in variant 2.
    let solve = |n: usize, oldest: bool, share: &str, pay: bool| {
        let vals = Vals::new()
            .code("reverse", if oldest { "False" } else { "True" })
            .code("n", n)
            .lit("label", label)
            .code("amount", format!("round(total {share}, 2)"))
            .lit("note", note)
            .lit("path", path);
        let ask = match (pay, variant == 2) {
            (false, false) => "request",
            (false, true) => "request_saving_receipt",
            (true, false) => "pay",
            (true, true) => "pay_saving_receipt",
        };
        script.cells(&["logins", "pick", "find_spouse", ask], &vals)
    };
    parts.ground_truth = solve(last, false, "/ 2", false);
    parts.wrong = vec![
        solution("asks for the whole amount", solve(last, false, "", false)),
        solution(
            "takes the oldest subscription(s)",
            solve(last, true, "/ 2", false),
        ),
        solution(
            "pays the spouse instead of requesting",
            solve(last, false, "/ 2", true),
        ),
    ];
    if variant == 3 {
        parts.wrong.push(solution(
            "takes only the latest month",
            solve(1, false, "/ 2", false),
        ));
    }
    let email = sp_person.email.clone();
    let requests = requests_sent;
    let venmo_of = move |ctx: &EvalCtx, e: &str| {
        one(ctx.db, "SELECT id FROM venmo.users WHERE email = ?1", [e])
    };
    let e1 = email.clone();
    let mut checks = vec![
        Check::new(
            format!(
                "exactly one request, to the {label} {} {}",
                sp_person.first_name, sp_person.last_name
            ),
            move |ctx| {
                let r = requests(ctx);
                let them = venmo_of(ctx, &e1);
                if r.len() == 1 && Some(r[0].receiver) == them {
                    Ok(())
                } else {
                    Err(format!(
                        "requests to {:?}",
                        r.iter().map(|x| x.receiver).collect::<Vec<_>>()
                    ))
                }
            },
        ),
        Check::new(
            format!("it asks for half of ${total:.2}: ${half:.2}"),
            move |ctx| match requests(ctx).first() {
                Some(r) if same_amount(r.amount, half) => Ok(()),
                Some(r) => Err(format!("${}", r.amount)),
                None => Err("no request".into()),
            },
        ),
        Check::new(
            format!("its note is \"{note}\""),
            move |ctx| match requests(ctx).first() {
                Some(r) if r.description.trim() == note => Ok(()),
                Some(r) => Err(format!("\"{}\"", r.description)),
                None => Err("no request".into()),
            },
        ),
        Check::new("no money was sent", move |ctx| {
            let me = ctx.user_id("venmo");
            let n = added(ctx, "venmo", "transactions")
                .iter()
                .filter(|r| r.get("sender_id").as_i64() == me)
                .count();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} payments"))
            }
        }),
    ];
    if variant == 2 {
        checks.push(Check::new(
            format!("the receipt (Total Payment: ${total:.2}) is saved as {path}"),
            move |ctx| {
                let uid = ctx.user_id("file_system");
                let content: Option<String> = ctx
                    .db
                    .query_row_cached(
                        "SELECT content FROM file_system.files WHERE user_id = ?1 AND path LIKE '%/documents/receipts/spotify_premium.txt'",
                        [uid],
                        |r| r.get(0),
                    )
                    .optional()
                    .ok()
                    .flatten();
                match content {
                    Some(c) if c.contains(&format!("Total Payment: ${total:.2}")) => Ok(()),
                    Some(c) => Err(format!("it reads {c:?}")),
                    None => Err("no such file".into()),
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added("the request", "venmo", "payment_requests", |ctx, r| {
            r.get("sender_id").as_i64() == ctx.user_id("venmo")
        }),
        allow_added("its notification", "venmo", "notifications", |_, _| true),
        Allow::new("the receipt's download count", move |_, r| {
            variant == 2
                && r.is("spotify", "premium_subscriptions")
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "receipt_download_count")
        }),
        Allow::new("the receipt file and its folders", move |ctx, r| {
            variant == 2
                && r.kind() == ChangeKind::Added
                && r.schema == "file_system"
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
        }),
    ];
    parts
}

/// The spouse's relation label for `p` ("wife" or "husband") and their id.
fn spouse(g: &Gen, p: &Person) -> Option<(&'static str, i64)> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .find_map(|(r, id)| match r {
            Relation::Wife => Some(("wife", id)),
            Relation::Husband => Some(("husband", id)),
            _ => None,
        })
}
