//! "Decline the Venmo requests from people who aren't in my contacts and pay the ones from my
//! roommates; leave the rest." Pending requests come from roommates, strangers, a friend and a
//! coworker (in the contacts, but not a Venmo friend). Variant 3 has a stranger sharing a
//! contact's first name.

use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::{known, related, strangers};
use crate::kit::python::solution;
use crate::kit::venmo::{self, payments_sent};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// A pending request the setup adds.
#[derive(Clone)]
struct Ask {
    who: Person,
    cents: i64,
    note: String,
    days_ago: i64,
    /// What the supervisor should make of it: approved, denied or pending.
    decision: &'static str,
}

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    asks: Vec<Ask>,
    /// Variant 3: the first stranger shares a contact's first name.
    name_clash: bool,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "venmo", "phone"];
    const SCRIPT: &str = include_str!("sort_requests.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let ask = |who: &Person, cents: i64, note: &str, days_ago: i64, decision| Ask {
            who: who.clone(),
            cents,
            note: note.into(),
            days_ago,
            decision,
        };
        let rng = &mut g.rng;
        let m0 = &mates[0];
        let mut asks = vec![
            ask(
                &picked[0],
                cents_of(rng, 3_000, 15_000, 1),
                "Event tickets",
                12,
                "denied",
            ),
            ask(
                m0,
                cents_of(rng, 4_000, 9_000, 1),
                "Internet - May",
                6,
                "approved",
            ),
            ask(
                &friend,
                cents_of(rng, 2_000, 6_000, 1),
                "Dinner",
                5,
                "pending",
            ),
            ask(
                &picked[1],
                cents_of(rng, 5_000, 20_000, 1),
                "Invoice 4471",
                4,
                "denied",
            ),
            ask(
                &coworker,
                cents_of(rng, 1_000, 3_000, 1),
                "Team lunch",
                3,
                "pending",
            ),
            ask(
                m0,
                cents_of(rng, 2_000, 5_000, 1),
                "Groceries",
                2,
                "approved",
            ),
        ];
        if let Some(m1) = mates.get(1) {
            let cents = cents_of(rng, 2_000, 5_000, 1);
            asks.push(ask(m1, cents, "Cleaning supplies", 1, "approved"));
        }
        if let Some(s) = picked.get(2) {
            let cents = cents_of(rng, 1_000, 4_000, 1);
            asks.push(ask(s, cents, "Refund please", 1, "denied"));
        }
        Values {
            name_clash: v == 3 && known_names.contains(&picked[0].first_name),
            supervisor: p,
            variant: v,
            now: g.now,
            asks,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "Go through my pending Venmo payment requests: decline the ones from people who aren't in my phone contacts, pay the ones from my roommates, and leave the others alone.".to_string(),
            2 => "I have a pile of Venmo requests waiting. Pay everything my roommates asked for, deny anything from people I don't have in my contacts, and don't touch the rest.".to_string(),
            _ => "Handle my pending Venmo requests: approve the ones my roommates sent, decline requests from anyone who isn't saved in my phone's contacts, and keep the other requests pending.".to_string(),
        }
    }

    /// The ground truth and the wrong solutions. A find step is the requests and the contacts in
    /// one cell; the wrong ones read one page or add lines.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cells = |find: &[&str], pay: &str| {
            let answer = Vals::new().code("pay", script.cell(pay, &none));
            vec![
                script.cell("logins", &none),
                script.joined(find, &none),
                script.cell("answer", &answer),
            ]
        };
        let find = ["requests", "contacts"];
        let ground_truth = cells(&find, "pay_roommates");
        let mut wrong = vec![
            solution(
                "reads only the first page of requests",
                cells(&["requests_first_page", "contacts"], "pay_roommates"),
            ),
            solution(
                "judges strangers by Venmo friendship instead of the contacts",
                cells(
                    &["requests", "contacts", "known_by_venmo_friends"],
                    "pay_roommates",
                ),
            ),
            solution(
                "pays every request from a contact",
                cells(&find, "pay_contacts"),
            ),
        ];
        if v.name_clash {
            wrong.push(solution(
                "matches contacts by first name",
                cells(
                    &["requests", "contacts", "known_by_first_name"],
                    "pay_roommates",
                ),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let show = |d: &str| -> String {
            decided(v, d)
                .map(|a| format!("{} ${} \"{}\"", full(&a.who), c2(a.cents), a.note))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let total: i64 = decided(v, "approved").map(|a| a.cents).sum();
        vec![
            v.check(format!("approved: {}", show("approved")), |v, ctx| {
                all_are(v, ctx, "approved")
            }),
            v.check(format!("declined: {}", show("denied")), |v, ctx| {
                all_are(v, ctx, "denied")
            }),
            v.check(format!("still pending: {}", show("pending")), |v, ctx| {
                all_are(v, ctx, "pending")
            }),
            v.check(
                format!(
                    "Venmo payments only for the approved requests (${} in all)",
                    c2(total)
                ),
                |v, ctx| {
                    let sent = payments_sent(ctx);
                    let mut left: Vec<(Option<i64>, f64)> = decided(v, "approved")
                        .map(|a| (uid(ctx, "venmo", &a.who.email), usd(a.cents)))
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
        ]
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            s.remove_pending_venmo_requests(sup, false)?;
            s.set_venmo_balance(sup, 800.0)?;
            for (i, a) in v.asks.iter().enumerate() {
                let at = v.now - Duration::days(a.days_ago) - Duration::minutes(47 * i as i64 + 30);
                s.add_venmo_request(&a.who, sup, usd(a.cents), &a.note, at)?;
            }
            Ok(())
        })]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_money();
        allowed.push(allow::request_answers());
        allowed
    }
}

/// The requests the supervisor should leave as `decision`.
fn decided<'a>(v: &'a Values, decision: &'a str) -> impl Iterator<Item = &'a Ask> {
    v.asks.iter().filter(move |a| a.decision == decision)
}

/// Every request meant to be `decision` is.
fn all_are(v: &Values, ctx: &EvalCtx, decision: &str) -> Result<(), String> {
    for a in decided(v, decision) {
        let (e, n) = (&a.who.email, &a.note);
        let id = find_request(ctx, e, a.cents, n).ok_or(format!("no request {n}"))?;
        let s = request_status(ctx, id);
        if s != decision {
            return Err(format!("\"{n}\" from {e} is {s}"));
        }
    }
    Ok(())
}

/// The status of the supervisor's received request with this id: pending, approved or denied.
fn request_status(ctx: &EvalCtx, id: i64) -> String {
    venmo::request_status(ctx.db, id)
        .unwrap_or("missing")
        .to_string()
}

/// Marks the requests the setup made, by the order they were added: their ids are looked up
/// at check time by (sender e-mail, amount, description).
fn find_request(ctx: &EvalCtx, from: &str, cents: i64, note: &str) -> Option<i64> {
    let me = ctx.user_id("venmo")?;
    let sender = uid(ctx, "venmo", from)?;
    venmo::latest_request(ctx.db, sender, me, usd(cents), Some(note))
}
