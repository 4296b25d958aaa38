//! "Remind everyone with a Venmo request of mine unpaid for more than two weeks." Eight sent
//! requests (more than a page, newest first), approved and declined ones among the old ones.
//! Variant 2 uses three weeks; variant 3 withdraws the ones older than two months instead.

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::usd;
use crate::kit::people::full;
use crate::kit::people::known;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;
use serde_json::Value;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| known(pop, p).len() >= 6);
    let mut k = known(pop, &p);
    g.rng.shuffle(&mut k);
    let v = g.variant;
    let r = |to: &Person, cents: i64, what: &'static str, days: i64, closed: Option<bool>| Sent {
        to: to.clone(),
        cents,
        what,
        days,
        closed,
    };
    let list = vec![
        r(&k[0], 2_450, "Pizza night", 3, None),
        r(&k[1], 1_800, "Movie tickets", 9, None),
        r(&k[2], 3_675, "Groceries", 15, None),
        r(&k[5], 2_000, "Gas money", 18, None),
        r(&k[3], 6_000, "Concert tickets", 22, None),
        r(&k[4], 1_525, "Brunch", 25, Some(true)),
        r(&k[5], 4_200, "Cabin weekend", 30, Some(false)),
        r(&k[4], 3_150, "Birthday gift", 33, None),
        r(&k[1], 8_800, "Ski trip", 40, None),
        r(&k[2], 5_400, "Dinner at Casa Verde", 50, None),
        r(&k[0], 12_000, "Hotel for the wedding", 75, None),
        r(&k[3], 2_500, "Parking", 90, Some(false)),
    ];
    let (min_days, drop_days) = match v {
        1 => (14, None),
        2 => (21, None),
        _ => (14, Some(60)),
    };
    let pending: Vec<&Sent> = list.iter().filter(|x| x.closed.is_none()).collect();
    let remind: Vec<Sent> = pending
        .iter()
        .filter(|x| x.days > min_days && drop_days.is_none_or(|d| x.days <= d))
        .map(|x| (*x).clone())
        .collect();
    let drop: Vec<Sent> = pending
        .iter()
        .filter(|x| drop_days.is_some_and(|d| x.days > d))
        .map(|x| (*x).clone())
        .collect();
    let instruction = match v {
        1 => "Some people still haven't paid my Venmo requests. Send a reminder for every request of mine that has been pending for more than two weeks.".to_string(),
        2 => "Nudge people on Venmo: remind everyone whose payment request from me has gone unpaid for more than three weeks.".to_string(),
        _ => "Go through the Venmo requests I sent that are still unpaid: withdraw any older than two months, and send a reminder for the others that are more than two weeks old.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo"];
    let now = g.now;
    let (sup, list_s) = (p.clone(), list.clone());
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, true)?;
        for x in &list_s {
            let t = now - Duration::days(x.days) - Duration::hours(2 + x.days % 7);
            let id = s.add_venmo_request(&sup, &x.to, usd(x.cents), x.what, t)?;
            if let Some(ok) = x.closed {
                s.close_venmo_request(id, ok, t + Duration::days(1))?;
            }
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("remind_requests.py"));
    let none = Vals::new();
    let login = script.cell("logins", &none);
    let act = |requests: &str, days: i64, drop: Option<i64>| {
        let vals = Vals::new()
            .code("requests", script.cell(requests, &none))
            .code("days", days);
        match drop {
            Some(d) => script.cell("remind_or_withdraw", &vals.code("drop_days", d)),
            None => script.cell("remind", &vals),
        }
    };
    parts.ground_truth = vec![login.clone(), act("all_requests", min_days, drop_days)];
    parts.wrong = vec![
        solution(
            "reads only the first page of requests",
            vec![login.clone(), act("first_page", min_days, drop_days)],
        ),
        solution(
            "reminds every pending request",
            vec![login.clone(), act("all_requests", 0, drop_days)],
        ),
        solution(
            "uses one week as the cut-off",
            vec![login.clone(), act("all_requests", 7, drop_days)],
        ),
    ];
    if v == 3 {
        parts.wrong.push(solution(
            "reminds the oldest requests instead of withdrawing them",
            vec![login.clone(), act("all_requests", min_days, None)],
        ));
    }
    let shown = |xs: &[Sent]| {
        xs.iter()
            .map(|x| format!("{} (${}, {} days)", full(&x.to), c2(x.cents), x.days))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let want = remind.clone();
    parts.checks = vec![Check::new(
        format!("one reminder each: {}", shown(&remind)),
        move |ctx| {
            let got = reminded(ctx);
            for x in &want {
                let id = sent_request(ctx, &x.to.email, x.cents);
                let n = got.iter().filter(|g| Some(**g) == id).count();
                if n != 1 {
                    return Err(format!(
                        "{n} reminders to {} for ${}",
                        full(&x.to),
                        c2(x.cents)
                    ));
                }
            }
            Ok(())
        },
    )];
    let want = remind.clone();
    parts.checks.push(Check::new(
        "no reminder about any other request",
        move |ctx| {
            let ids: Vec<Option<i64>> = want
                .iter()
                .map(|x| sent_request(ctx, &x.to.email, x.cents))
                .collect();
            match reminded(ctx).into_iter().find(|g| !ids.contains(&Some(*g))) {
                Some(id) => Err(format!("a reminder about request {id}")),
                None => Ok(()),
            }
        },
    ));
    let gone = drop.clone();
    let name = if drop.is_empty() {
        "no request withdrawn".to_string()
    } else {
        format!("withdrawn: {}; no other request", shown(&drop))
    };
    parts.checks.push(Check::new(name, move |ctx| {
        let removed: Vec<(Option<i64>, f64)> = ctx
            .diff
            .of_kind("venmo", "payment_requests", ChangeKind::Removed)
            .map(|r| {
                (
                    r.get("receiver_id").as_i64(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                )
            })
            .collect();
        for x in &gone {
            let to = uid(ctx, "venmo", &x.to.email);
            if !removed
                .iter()
                .any(|r| r.0 == to && same_amount(r.1, usd(x.cents)))
            {
                return Err(format!(
                    "the request to {} for ${} is still there",
                    full(&x.to),
                    c2(x.cents)
                ));
            }
        }
        if removed.len() != gone.len() {
            return Err(format!("{} requests withdrawn", removed.len()));
        }
        Ok(())
    }));
    parts.allowed = vec![
        allow_added("reminders", "venmo", "notifications", |_, r| {
            r.get("type").as_str() == Some("payment_request_reminded")
        }),
        Allow::new("withdrawn requests of the supervisor", |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.kind() == ChangeKind::Removed
                && r.get("sender_id").as_i64() == ctx.user_id("venmo")
        }),
    ];
    parts
}

/// A payment request the supervisor sent: to whom, cents, what for, days ago, and its state
/// (`None` pending, `Some(true)` approved, `Some(false)` denied).
#[derive(Clone)]
struct Sent {
    to: Person,
    cents: i64,
    what: &'static str,
    days: i64,
    closed: Option<bool>,
}

/// The id of the request the supervisor sent `to` for `cents`.
fn sent_request(ctx: &EvalCtx, to: &str, cents: i64) -> Option<i64> {
    let (me, them) = (ctx.user_id("venmo")?, uid(ctx, "venmo", to)?);
    ctx.db
        .query_row_cached(
            "SELECT id FROM venmo.payment_requests WHERE sender_id = ?1 AND receiver_id = ?2 AND abs(amount - ?3) < 0.005 ORDER BY id DESC LIMIT 1",
            rusqlite::params![me, them, usd(cents)],
            |r| r.get(0),
        )
        .ok()
}

/// The request ids of the reminders sent in the episode.
fn reminded(ctx: &EvalCtx) -> Vec<i64> {
    added(ctx, "venmo", "notifications")
        .into_iter()
        .filter(|r| r.get("type").as_str() == Some("payment_request_reminded"))
        .filter_map(|r| {
            r.get("data")
                .as_str()
                .and_then(|d| serde_json::from_str::<Value>(d).ok())
                .and_then(|d| d.get("payment_request_id").and_then(Value::as_i64))
        })
        .collect()
}
