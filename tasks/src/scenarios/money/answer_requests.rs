//! "Pay the Venmo requests from people in my contacts up to $L, decline those from people I do
//! not know, leave the rest." Six pending requests (more than a page), a stranger sharing a
//! friend's first name, an old approved request. Variant 2 lowers the limit; variant 3
//! declines the contacts' requests over the limit too.

use super::{received_status, venmo_payment_checks};
use crate::eval::EvalCtx;
use crate::kit::money::c2;
use crate::kit::money::usd;
use crate::kit::people::full;
use crate::kit::people::{known, related, strangers};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend whose old request was approved.
    old_from: Person,
    /// Every pending request, in the order they are written.
    asks: Vec<Ask>,
    /// The requests to pay, to decline and to leave pending.
    pay: Vec<Ask>,
    deny: Vec<Ask>,
    keep: Vec<Ask>,
    /// The limit in whole dollars.
    lim: i64,
    now: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "venmo"];
    const SCRIPT: &str = include_str!("answer_requests.py");

    /// The supervisor, the requesters and the requests.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            related(pop, p, Relation::Friend).len() >= 3 && known(pop, p).len() >= 6
        });
        let mut friends = related(pop, &p, Relation::Friend);
        g.rng.shuffle(&mut friends);
        let (a, b, c) = (&friends[0], &friends[1], &friends[2]);
        let mut rest: Vec<Person> = known(pop, &p)
            .into_iter()
            .filter(|k| ![a.id, b.id, c.id].contains(&k.id))
            .collect();
        g.rng.shuffle(&mut rest);
        let (d, e, f) = (&rest[0], &rest[1], &rest[2]);
        let mut out = strangers(pop, &p);
        g.rng.shuffle(&mut out);
        let first_names: Vec<String> = known(pop, &p)
            .iter()
            .map(|k| k.first_name.clone())
            .collect();
        let s1 = out
            .iter()
            .find(|s| first_names.contains(&s.first_name))
            .unwrap_or(&out[0]);
        let others: Vec<&Person> = out.iter().filter(|s| s.id != s1.id).collect();
        let (s2, s3) = (others[0], others[1]);
        let v = g.variant;
        let limit: i64 = if v == 2 { 3_000 } else { 4_000 };
        let ask = |from: &Person, cents: i64, what: &'static str, days: i64| Ask {
            from: from.clone(),
            cents,
            what,
            days,
        };
        let asks = vec![
            ask(a, 1_850, "Pizza night", 2),
            ask(b, 3_200, "Concert ticket", 4),
            ask(s1, 4_500, "Rent", 5),
            ask(c, 6_400, "Cabin weekend", 6),
            ask(e, 975, "Coffee", 7),
            ask(d, 2_500, "Groceries", 8),
            ask(s3, 2_200, "Tickets", 10),
            ask(f, 12_000, "Flight share", 11),
            ask(s2, 1_299, "Refund", 12),
        ];
        let contact_ids = [a.id, b.id, c.id, d.id, e.id, f.id];
        let (mut pay, mut deny, mut keep) = (Vec::new(), Vec::new(), Vec::new());
        for x in &asks {
            if !contact_ids.contains(&x.from.id) {
                deny.push(x.clone());
            } else if x.cents <= limit {
                pay.push(x.clone());
            } else if v == 3 {
                deny.push(x.clone());
            } else {
                keep.push(x.clone());
            }
        }
        let lim = limit / 100;
        Values {
            variant: v,
            old_from: a.clone(),
            asks,
            pay,
            deny,
            keep,
            lim,
            now: g.now,
            supervisor: p,
        }
        .into()
    }

    /// The instruction for the variant, with the limit `lim` in dollars.
    fn instruction(v: &Values) -> String {
        let lim = v.lim;
        match v.variant {
            1 => format!(
                "Go through the payment requests waiting for me on Venmo. Pay the ones from people in my phone contacts that are ${lim} or less, and decline every request from someone who isn't in my contacts. Leave the others for me."
            ),
            2 => format!(
                "Handle my pending Venmo requests: approve those from my phone contacts up to ${lim}, decline the ones from anyone not in my contacts, and don't touch the rest."
            ),
            _ => format!(
                "Clean up my pending Venmo requests: pay the ones from people in my phone contacts that are ${lim} or less and decline all the others."
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            s.remove_pending_venmo_requests(sup, false)?;
            s.set_venmo_balance(sup, 800.0)?;
            let old =
                s.add_venmo_request(&v.old_from, sup, 27.0, "Brunch", now - Duration::days(40))?;
            s.close_venmo_request(old, true, now - Duration::days(39))?;
            for x in &v.asks {
                s.add_venmo_request(
                    &x.from,
                    sup,
                    usd(x.cents),
                    x.what,
                    now - Duration::days(x.days) - Duration::hours(x.days % 5),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let run = |requests: &str, is_known: &str, strangers: &str, handle: &str| {
            let vals = Vals::new()
                .code("requests", script.cell(requests, &none))
                .code("is_known", script.cell(is_known, &none))
                .code("strangers", script.cell(strangers, &none))
                .code("lim", v.lim);
            script.cell(handle, &vals)
        };
        let (handle, flip) = if v.variant == 3 {
            (
                "handle_declining_over",
                (
                    "leaves the contacts' requests over the limit pending",
                    "handle",
                ),
            )
        } else {
            (
                "handle",
                (
                    "also declines the contacts' requests over the limit",
                    "handle_declining_over",
                ),
            )
        };
        let ground_truth = vec![
            login.clone(),
            run("all_requests", "in_contacts", "deny", handle),
        ];
        let wrong = vec![
            solution(
                "reads only the first page of requests",
                vec![
                    login.clone(),
                    run("first_page", "in_contacts", "deny", handle),
                ],
            ),
            solution(
                "pays every request up to the limit, contacts or not",
                vec![login.clone(), run("all_requests", "anyone", "deny", handle)],
            ),
            solution(
                "declines nothing from strangers",
                vec![
                    login.clone(),
                    run("all_requests", "in_contacts", "keep", handle),
                ],
            ),
            solution(
                flip.0,
                vec![login, run("all_requests", "in_contacts", "deny", flip.1)],
            ),
        ];
        (ground_truth, wrong)
    }

    /// The requests' end states and the payments.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(format!("approved: {}", shown(&v.pay)), |v, ctx| {
                statuses(&v.pay, "approved", ctx)
            }),
            v.check(format!("declined: {}", shown(&v.deny)), |v, ctx| {
                statuses(&v.deny, "denied", ctx)
            }),
        ];
        if !v.keep.is_empty() {
            checks.push(
                v.check(format!("left pending: {}", shown(&v.keep)), |v, ctx| {
                    statuses(&v.keep, "pending", ctx)
                }),
            );
        }
        let paid: Vec<(String, String, i64)> = v
            .pay
            .iter()
            .map(|x| (full(&x.from), x.from.email.clone(), x.cents))
            .collect();
        checks.extend(venmo_payment_checks(&paid));
        checks
    }

    /// Venmo payments and the supervisor's answers to requests they received.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_money();
        allowed.push(allow::request_answers());
        allowed
    }
}

/// A payment request a task starts from: who asks, cents, what for, days ago.
#[derive(Clone)]
struct Ask {
    from: Person,
    cents: i64,
    what: &'static str,
    days: i64,
}

/// The requests as a check's name lists them: "Name ($12.34), ...".
fn shown(asks: &[Ask]) -> String {
    asks.iter()
        .map(|a| format!("{} (${})", full(&a.from), c2(a.cents)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether each of `asks` ends with `status`.
fn statuses(asks: &[Ask], status: &str, ctx: &EvalCtx) -> Result<(), String> {
    for a in asks {
        let got = received_status(ctx, &a.from.email, a.cents);
        if got != status {
            return Err(format!(
                "{}'s request of ${} is {got}",
                full(&a.from),
                c2(a.cents)
            ));
        }
    }
    Ok(())
}
