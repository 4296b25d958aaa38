//! "Decline the Venmo requests from people who aren't in my contacts and pay the ones from my
//! roommates; leave the rest." Pending requests come from roommates, strangers, a friend and a
//! coworker (in the contacts, but not a Venmo friend). Variant 3 has a stranger sharing a
//! contact's first name.

use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::updates_only;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::{known, related, strangers};
use crate::kit::python::solution;
use crate::kit::venmo::payments_sent;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        !related(pop, p, Relation::Roommate).is_empty()
            && !related(pop, p, Relation::Coworker).is_empty()
            && !related(pop, p, Relation::Friend).is_empty()
    });
    let v = g.variant;
    let mates = related(pop, &p, Relation::Roommate);
    let friend = related(pop, &p, Relation::Friend)[0].clone();
    let coworker = related(pop, &p, Relation::Coworker)[0].clone();
    let known_names: Vec<String> = known(pop, &p)
        .iter()
        .map(|k| k.first_name.clone())
        .collect();
    let strs = strangers(pop, &p);
    let mut picked: Vec<Person> = Vec::new();
    if let Some(s) = strs
        .iter()
        .find(|s| v == 3 && known_names.contains(&s.first_name))
    {
        picked.push(s.clone());
    }
    for s in &strs {
        if picked.len() >= 2 + usize::from(v == 2) {
            break;
        }
        if !picked.iter().any(|x| x.id == s.id) {
            picked.push(s.clone());
        }
    }
    // (who, cents, note, days ago, decision)
    let mut asks: Vec<(Person, i64, String, i64, &str)> = Vec::new();
    asks.push((
        picked[0].clone(),
        cents_of(&mut g.rng, 3_000, 15_000, 1),
        "Event tickets".into(),
        12,
        "denied",
    ));
    let m0 = &mates[0];
    asks.push((
        m0.clone(),
        cents_of(&mut g.rng, 4_000, 9_000, 1),
        "Internet - May".into(),
        6,
        "approved",
    ));
    asks.push((
        friend.clone(),
        cents_of(&mut g.rng, 2_000, 6_000, 1),
        "Dinner".into(),
        5,
        "pending",
    ));
    asks.push((
        picked[1].clone(),
        cents_of(&mut g.rng, 5_000, 20_000, 1),
        "Invoice 4471".into(),
        4,
        "denied",
    ));
    asks.push((
        coworker.clone(),
        cents_of(&mut g.rng, 1_000, 3_000, 1),
        "Team lunch".into(),
        3,
        "pending",
    ));
    asks.push((
        m0.clone(),
        cents_of(&mut g.rng, 2_000, 5_000, 1),
        "Groceries".into(),
        2,
        "approved",
    ));
    if let Some(m1) = mates.get(1) {
        asks.push((
            m1.clone(),
            cents_of(&mut g.rng, 2_000, 5_000, 1),
            "Cleaning supplies".into(),
            1,
            "approved",
        ));
    }
    if let Some(s) = picked.get(2) {
        asks.push((
            s.clone(),
            cents_of(&mut g.rng, 1_000, 4_000, 1),
            "Refund please".into(),
            1,
            "denied",
        ));
    }
    let instruction = match v {
        1 => "Go through my pending Venmo payment requests: decline the ones from people who aren't in my phone contacts, pay the ones from my roommates, and leave the others alone.".to_string(),
        2 => "I have a pile of Venmo requests waiting. Pay everything my roommates asked for, deny anything from people I don't have in my contacts, and don't touch the rest.".to_string(),
        _ => "Handle my pending Venmo requests: approve the ones my roommates sent, decline requests from anyone who isn't saved in my phone's contacts, and keep the other requests pending.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "phone"];
    let now = g.now;
    let (sup, asks_s) = (p.clone(), asks.clone());
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, false)?;
        s.set_venmo_balance(&sup, 800.0)?;
        for (i, (who, cents, note, ago, _)) in asks_s.iter().enumerate() {
            let at = now - Duration::days(*ago) - Duration::minutes(47 * i as i64 + 30);
            s.add_venmo_request(who, &sup, usd(*cents), note, at)?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("sort_requests.py"));
    let cells = |find: &str, answer: &str| script.cells(&["logins", find, answer], &Vals::new());
    parts.ground_truth = cells("find", "answer");
    parts.wrong = vec![
        solution(
            "reads only the first page of requests",
            cells("find_first_page", "answer"),
        ),
        solution(
            "judges strangers by Venmo friendship instead of the contacts",
            cells("find_by_venmo_friends", "answer"),
        ),
        solution(
            "pays every request from a contact",
            cells("find", "answer_paying_contacts"),
        ),
    ];
    if v == 3 && known_names.contains(&picked[0].first_name) {
        parts.wrong.push(solution(
            "matches contacts by first name",
            cells("find_by_first_name", "answer"),
        ));
    }
    let of = |d: &str| -> Vec<(String, i64, String)> {
        asks.iter()
            .filter(|a| a.4 == d)
            .map(|a| (a.0.email.clone(), a.1, a.2.clone()))
            .collect()
    };
    let show = |d: &str| -> String {
        asks.iter()
            .filter(|a| a.4 == d)
            .map(|a| format!("{} ${} \"{}\"", full(&a.0), c2(a.1), a.2))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let status_check = |d: &'static str, label: String, list: Vec<(String, i64, String)>| {
        Check::new(label, move |ctx| {
            for (e, c, n) in &list {
                let id = find_request(ctx, e, *c, n).ok_or(format!("no request {n}"))?;
                let s = request_status(ctx, id);
                if s != d {
                    return Err(format!("\"{n}\" from {e} is {s}"));
                }
            }
            Ok(())
        })
    };
    let paid: Vec<(String, i64)> = asks
        .iter()
        .filter(|a| a.4 == "approved")
        .map(|a| (a.0.email.clone(), a.1))
        .collect();
    let total: i64 = paid.iter().map(|x| x.1).sum();
    parts.checks = vec![
        status_check(
            "approved",
            format!("approved: {}", show("approved")),
            of("approved"),
        ),
        status_check(
            "denied",
            format!("declined: {}", show("denied")),
            of("denied"),
        ),
        status_check(
            "pending",
            format!("still pending: {}", show("pending")),
            of("pending"),
        ),
        Check::new(
            format!(
                "Venmo payments only for the approved requests (${} in all)",
                c2(total)
            ),
            move |ctx| {
                let sent = payments_sent(ctx);
                let mut left: Vec<(Option<i64>, f64)> = paid
                    .iter()
                    .map(|(e, c)| (uid(ctx, "venmo", e), usd(*c)))
                    .collect();
                for s in &sent {
                    match left
                        .iter()
                        .position(|l| l.0 == Some(s.0) && same_amount(l.1, s.1))
                    {
                        Some(i) => {
                            left.remove(i);
                        }
                        None => return Err(format!("${} to venmo user {}", s.1, s.0)),
                    }
                }
                if left.is_empty() {
                    Ok(())
                } else {
                    Err(format!("{} approved requests not paid", left.len()))
                }
            },
        ),
    ];
    parts.allowed = allow::venmo_money();
    parts.allowed.push(Allow::new(
        "the supervisor's answers to requests",
        |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.get("receiver_id").as_i64() == ctx.user_id("venmo")
                && updates_only(r, &["approved_at", "denied_at", "updated_at"])
        },
    ));
    parts
}

/// The status of the supervisor's received request with this id: pending, approved or denied.
fn request_status(ctx: &EvalCtx, id: i64) -> String {
    ctx.db
        .query_row_cached(
            "SELECT CASE WHEN approved_at IS NOT NULL THEN 'approved' WHEN denied_at IS NOT NULL THEN 'denied' ELSE 'pending' END \
             FROM venmo.payment_requests WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap_or_else(|_| "missing".to_string())
}

/// Marks the requests the setup made, by the order they were added: their ids are looked up
/// at check time by (sender e-mail, amount, description).
fn find_request(ctx: &EvalCtx, from: &str, cents: i64, note: &str) -> Option<i64> {
    let me = ctx.user_id("venmo")?;
    let sender = uid(ctx, "venmo", from)?;
    ctx.db
        .query_row_cached(
            "SELECT id FROM venmo.payment_requests WHERE sender_id = ?1 AND receiver_id = ?2 AND abs(amount - ?3) < 0.005 AND description = ?4 ORDER BY id DESC LIMIT 1",
            rusqlite::params![sender, me, usd(cents), note],
            |r| r.get(0),
        )
        .ok()
}
