//! "Remind everyone with a Venmo request of mine unpaid for more than two weeks." Eight sent
//! requests (more than a page, newest first), approved and declined ones among the old ones.
//! Variant 2 uses three weeks; variant 3 withdraws the ones older than two months instead.

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::{allow_added, is_mine};
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::usd;
use crate::kit::people::full;
use crate::kit::people::known;
use crate::kit::python::solution;
use crate::kit::venmo::{is_reminder, latest_request, reminded_requests, requests_removed};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The requests the supervisor sent, newest first.
    list: Vec<Sent>,
    /// Pending requests older than `min_days` days get a reminder; older than `drop_days`
    /// (variant 3) are withdrawn instead.
    min_days: i64,
    drop_days: Option<i64>,
    now: NaiveDateTime,
}

impl Values {
    /// The pending requests.
    fn pending(&self) -> impl Iterator<Item = &Sent> {
        self.list.iter().filter(|x| x.closed.is_none())
    }

    /// The pending requests to remind.
    fn remind(&self) -> Vec<&Sent> {
        self.pending()
            .filter(|x| x.days > self.min_days && self.drop_days.is_none_or(|d| x.days <= d))
            .collect()
    }

    /// The pending requests to withdraw.
    fn drop(&self) -> Vec<&Sent> {
        self.pending()
            .filter(|x| self.drop_days.is_some_and(|d| x.days > d))
            .collect()
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "venmo"];
    const SCRIPT: &str = include_str!("remind_requests.py");

    /// The contacts and the requests.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| known(pop, p).len() >= 6);
        let mut k = known(pop, &p);
        g.rng.shuffle(&mut k);
        let v = g.variant;
        let r =
            |to: &Person, cents: i64, what: &'static str, days: i64, closed: Option<bool>| Sent {
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
        let instruction = match v {
            1 => "Some people still haven't paid my Venmo requests. Send a reminder for every request of mine that has been pending for more than two weeks.".to_string(),
            2 => "Nudge people on Venmo: remind everyone whose payment request from me has gone unpaid for more than three weeks.".to_string(),
            _ => "Go through the Venmo requests I sent that are still unpaid: withdraw any older than two months, and send a reminder for the others that are more than two weeks old.".to_string(),
        };
        Drawing::from(Values {
            variant: v,
            supervisor: p,
            list,
            min_days,
            drop_days,
            now: g.now,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            s.remove_pending_venmo_requests(sup, true)?;
            for x in &v.list {
                let t = v.now - Duration::days(x.days) - Duration::hours(2 + x.days % 7);
                let id = s.add_venmo_request(sup, &x.to, usd(x.cents), x.what, t)?;
                if let Some(ok) = x.closed {
                    s.close_venmo_request(id, ok, t + Duration::days(1))?;
                }
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
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
        let (min_days, drop_days) = (v.min_days, v.drop_days);
        let ground_truth = vec![login.clone(), act("all_requests", min_days, drop_days)];
        let mut wrong = vec![
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
        if v.variant == 3 {
            wrong.push(solution(
                "reminds the oldest requests instead of withdrawing them",
                vec![login, act("all_requests", min_days, None)],
            ));
        }
        (ground_truth, wrong)
    }

    /// One reminder for each due request, none for others, and the right ones withdrawn.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let drop = v.drop();
        let name = if drop.is_empty() {
            "no request withdrawn".to_string()
        } else {
            format!("withdrawn: {}; no other request", shown(&drop))
        };
        vec![
            v.check(
                format!("one reminder each: {}", shown(&v.remind())),
                |v, ctx| {
                    let got = reminded_requests(ctx);
                    for x in v.remind() {
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
            ),
            v.check("no reminder about any other request", |v, ctx| {
                let ids: Vec<Option<i64>> = v
                    .remind()
                    .iter()
                    .map(|x| sent_request(ctx, &x.to.email, x.cents))
                    .collect();
                match reminded_requests(ctx)
                    .into_iter()
                    .find(|g| !ids.contains(&Some(*g)))
                {
                    Some(id) => Err(format!("a reminder about request {id}")),
                    None => Ok(()),
                }
            }),
            v.check(name, withdrawn_check),
        ]
    }

    /// Reminders and the supervisor's withdrawn requests.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added("reminders", "venmo", "notifications", |_, r| is_reminder(r)),
            Allow::new("withdrawn requests of the supervisor", |ctx, r| {
                r.is("venmo", "payment_requests")
                    && r.kind() == ChangeKind::Removed
                    && is_mine(ctx, r, "venmo", "sender_id")
            }),
        ]
    }
}

/// The requests as a check's name lists them.
fn shown(xs: &[&Sent]) -> String {
    xs.iter()
        .map(|x| format!("{} (${}, {} days)", full(&x.to), c2(x.cents), x.days))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Exactly the requests due to be dropped are withdrawn.
fn withdrawn_check(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let gone = v.drop();
    let removed = requests_removed(ctx);
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
}

/// A payment request the supervisor sent: to whom, cents, what for, days ago, and its state
/// (`None` pending, `Some(true)` approved, `Some(false)` denied).
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
    latest_request(ctx.db, me, them, usd(cents), None)
}
