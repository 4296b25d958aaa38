//! "Go through my pending Venmo requests: pay those from people in my phone contacts, decline
//! those from anyone else." Variant 2 pays contacts only under a limit; variant 3 only looks at
//! the last 30 days and leaves older requests alone.

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::is_mine;
use crate::kit::python::solution;
use crate::kit::venmo::{balance, latest_request_to, request_answer};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};
use std::collections::BTreeSet;

const WHAT: &[&str] = &[
    "Pizza night",
    "Concert tickets",
    "Gas money",
    "Groceries",
    "Birthday gift pool",
    "Uber home",
    "Brunch",
    "Movie tickets",
    "Electric bill share",
    "Bowling",
    "Parking",
    "Coffee run",
    "Book club snacks",
    "Taxi to airport",
    "Board game",
    "Laundry cards",
    "Ski rental",
    "Museum passes",
    "Wine for the party",
    "Pet sitting",
];

/// Variant 2 pays contacts only under this amount.
const LIMIT: f64 = 60.0;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    now: NaiveDateTime,
    variant: u8,
    /// The people not in the supervisor's contacts (removed from them in setup).
    strangers: Vec<Person>,
    reqs: Vec<Req>,
    /// The descriptions of the requests to pay, to decline, and to leave pending.
    paid: Vec<String>,
    declined: Vec<String>,
    left: Vec<String>,
    /// The sum of the requests to pay.
    total: f64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "venmo", "phone"];
    const SCRIPT: &str = include_str!("settle_requests.py");

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "Go through every pending Venmo payment request I've received. Pay the ones from people saved in my phone contacts and decline the ones from anyone who isn't in my contacts.".to_string(),
            2 => format!("Go through every pending Venmo payment request I've received. Pay the ones from people saved in my phone contacts if they are under ${LIMIT:.0}; decline all the others."),
            _ => "Go through the pending Venmo payment requests I received in the last 30 days. Pay those from people saved in my phone contacts, decline those from anyone else, and leave older requests alone.".to_string(),
        }
    }

    /// The contacts and strangers, one request from each, and what the right solution does with it.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 8);
        let related: BTreeSet<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
        let contacts: Vec<Person> = related.iter().take(10).map(|id| g.person(*id)).collect();
        let strangers: Vec<Person> = (1..=pop.people.len() as i64)
            .filter(|id| *id != p.id && !related.contains(id))
            .take(if g.variant == 3 { 9 } else { 6 })
            .map(|id| g.person(id))
            .collect();
        let mut reqs: Vec<Req> = Vec::new();
        for (i, c) in contacts.iter().chain(strangers.iter()).enumerate() {
            let amount = g.rng.range(1_500, 11_000) as f64 / 100.0;
            let days = if g.variant == 3 && i % 5 == 1 {
                40 + i as i64
            } else {
                2 + i as i64
            };
            reqs.push((c.clone(), amount, WHAT[i % WHAT.len()].to_string(), days));
        }
        let is_contact = |r: &Req| related.contains(&r.0.id);
        // What the right solution does with each request: Some(true) pay, Some(false) decline.
        let action = |r: &Req| -> Option<bool> {
            match g.variant {
                2 => Some(is_contact(r) && r.1 < LIMIT),
                3 if r.3 > 30 => None,
                _ => Some(is_contact(r)),
            }
        };
        let planned: Vec<(String, f64, Option<bool>)> =
            reqs.iter().map(|r| (r.2.clone(), r.1, action(r))).collect();
        let pick = |a: Option<bool>| -> Vec<String> {
            planned
                .iter()
                .filter(|x| x.2 == a)
                .map(|x| x.0.clone())
                .collect()
        };
        let (paid, declined, left) = (pick(Some(true)), pick(Some(false)), pick(None));
        let total: f64 = planned
            .iter()
            .filter(|x| x.2 == Some(true))
            .map(|x| x.1)
            .sum();
        Values {
            supervisor: p,
            now: g.now,
            variant: g.variant,
            strangers,
            reqs,
            paid,
            declined,
            left,
            total,
        }
        .into()
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = script.cell("logins", &none);
        // The old text ends the listing with a newline when there is no date filter.
        let since = if v.variant == 3 {
            script.cell("last_30_days", &none)
        } else {
            String::new()
        };
        let find = |list: &str, since: &str| format!("{}\n{since}", script.cell(list, &none));
        let decide = |rule: &str| script.cell("decide", &Vals::new().code("rule", rule));
        let rule = if v.variant == 2 {
            format!("known and r[\"amount\"] < {LIMIT}")
        } else {
            "known".to_string()
        };
        let ground_truth = vec![logins.clone(), find("find", &since), decide(&rule)];
        let mut wrong = vec![
            solution(
                "handles only the first page of requests",
                vec![logins.clone(), find("first_page", &since), decide(&rule)],
            ),
            solution(
                "pays every request",
                vec![logins.clone(), find("find", &since), decide("True")],
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "also settles the older requests",
                vec![logins.clone(), find("find", ""), decide(&rule)],
            ));
        } else {
            wrong.push(solution(
                "declines every request",
                vec![logins.clone(), find("find", &since), decide("False")],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let total = v.total;
        let mut checks = vec![
            v.check(
                format!("{} requests paid: {}", v.paid.len(), v.paid.join(", ")),
                |v, ctx| match v.paid.iter().find(|w| !state(ctx, w).0) {
                    Some(w) => Err(format!("\"{w}\" not paid")),
                    None => Ok(()),
                },
            ),
            v.check(
                format!(
                    "{} requests declined: {}",
                    v.declined.len(),
                    v.declined.join(", ")
                ),
                |v, ctx| match v.declined.iter().find(|w| !state(ctx, w).1) {
                    Some(w) => Err(format!("\"{w}\" not declined")),
                    None => Ok(()),
                },
            ),
            v.check("none of the declined ones was paid", |v, ctx| {
                match v.declined.iter().find(|w| state(ctx, w).0) {
                    Some(w) => Err(format!("\"{w}\" was paid")),
                    None => Ok(()),
                }
            }),
            v.check("none of the paid ones was declined", |v, ctx| {
                match v.paid.iter().find(|w| state(ctx, w).1) {
                    Some(w) => Err(format!("\"{w}\" was declined")),
                    None => Ok(()),
                }
            }),
            v.check(
                format!(
                    "the Venmo balance went down by ${total:.2}, to ${:.2}",
                    5_000.0 - total
                ),
                |v, ctx| {
                    let me = ctx.user_id("venmo").unwrap_or(0);
                    let bal = balance(ctx.db, me).unwrap_or(0.0);
                    if crate::kit::money::same_amount(bal, 5_000.0 - v.total) {
                        Ok(())
                    } else {
                        Err(format!("balance is ${bal:.2}"))
                    }
                },
            ),
        ];
        if !v.left.is_empty() {
            checks.push(v.check(
                format!("older requests left pending: {}", v.left.join(", ")),
                |v, ctx| match v.left.iter().find(|w| state(ctx, w) != (false, false)) {
                    Some(w) => Err(format!("\"{w}\" was settled")),
                    None => Ok(()),
                },
            ));
        }
        checks
    }

    /// Settling the received requests, the payments, and the balances they move.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            Allow::new("settling the supervisor's received requests", |ctx, r| {
                r.is("venmo", "payment_requests")
                    && r.kind() == ChangeKind::Updated
                    && is_mine(ctx, r, "venmo", "receiver_id")
            }),
            Allow::new("the payments and their notifications", |_, r| {
                (r.is("venmo", "transactions") || r.is("venmo", "notifications"))
                    && r.kind() == ChangeKind::Added
            }),
            Allow::new("balances moved by the payments", |_, r| {
                r.is("venmo", "users")
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns()
                        .iter()
                        .all(|c| c == "venmo_balance" || c == "updated_at")
            }),
        ]
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.remove_pending_venmo_requests(&v.supervisor, false)?;
            s.set_venmo_balance(&v.supervisor, 5_000.0)?;
            for st in &v.strangers {
                s.remove_contact(&v.supervisor, st)?;
            }
            for (who, amount, what, days) in &v.reqs {
                s.add_venmo_request(
                    who,
                    &v.supervisor,
                    *amount,
                    what,
                    v.now - Duration::days(*days) - Duration::hours(3),
                )?;
            }
            Ok(())
        })]
    }
}

/// Whether the supervisor's latest received request described `what` is (approved, denied).
fn state(ctx: &EvalCtx, what: &str) -> (bool, bool) {
    let me = ctx.user_id("venmo").unwrap_or(0);
    latest_request_to(ctx.db, me, what)
        .and_then(|id| request_answer(ctx.db, id))
        .unwrap_or((false, false))
}

/// One pending request the supervisor received: (requester, amount, description, days ago).
type Req = (Person, f64, String, i64);
