//! "I bought the tickets (receipt in my file system); the friends who want some texted me how
//! many. Record one expense outside any group, paid by me: each friend owes their tickets, I
//! owe the rest." The supervisor's own text announcing the total also matches; an older
//! receipt for another event sits beside it. Variant 2: a friend changes their count in a
//! later text; variant 3 files the receipt in a nested folder and has three friends.

use super::new_expenses;
use crate::kit::allow;
use crate::kit::changes::{allow_added, allow_own};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::with_distinct_friends;
use crate::kit::python::solution;
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    event: &'static str,
    /// The receipt's path and the older receipt's.
    path: &'static str,
    old_path: &'static str,
    /// The receipts' contents.
    receipt: String,
    old_receipt: String,
    /// The friends who want tickets, and how many each.
    friends: Vec<Person>,
    counts: Vec<i64>,
    /// The supervisor's own tickets, and all of them.
    mine: i64,
    total_n: i64,
    /// The price of a ticket and the receipt's total, in cents.
    price: i64,
    total: i64,
    /// A friend who asked for tickets to the older event.
    other: Person,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "phone", "splitwise"];
    const SCRIPT: &str = include_str!("ticket_shares.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, fr) = with_distinct_friends(g, 4);
        let v = g.variant;
        let (event, path, old_path) = match v {
            1 => (
                "Coldplay",
                "~/documents/receipts/coldplay_tickets.pdf",
                "~/documents/receipts/jazz_night_tickets.pdf",
            ),
            2 => (
                "Hamilton",
                "~/documents/receipts/hamilton_tickets.pdf",
                "~/documents/receipts/jazz_night_tickets.pdf",
            ),
            _ => (
                "Lakers",
                "~/documents/receipts/events/2023/lakers_tickets.pdf",
                "~/documents/receipts/events/2022/jazz_night_tickets.pdf",
            ),
        };
        let n_friends = if v == 3 { 3 } else { 2 };
        let counts: Vec<i64> = match v {
            1 => vec![2, 1],
            2 => vec![3, 2],
            _ => vec![1, 2, 2],
        };
        let mine = if v == 2 { 1 } else { 2 };
        let total_n: i64 = counts.iter().sum::<i64>() + mine;
        let price = cents_of(&mut g.rng, 4_500, 15_000, 1);
        let total = price * total_n;
        let receipt = format!(
            "Ticketmaster\nOrder for {}\nEvent: {event}\nTickets: {total_n} x ${}\nTotal: ${}\nEnjoy the show!",
            full(&p),
            c2(price),
            c2(total)
        );
        let old_receipt = format!(
            "Ticketmaster\nOrder for {}\nEvent: Jazz Night\nTickets: 4 x $35.00\nTotal: $140.00\nEnjoy the show!",
            full(&p)
        );
        Values {
            supervisor: p,
            variant: v,
            now: g.now,
            event,
            path,
            old_path,
            receipt,
            old_receipt,
            friends: fr.iter().take(n_friends).cloned().collect(),
            counts,
            mine,
            total_n,
            price,
            total,
            other: fr[n_friends].clone(),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let event = v.event;
        match v.variant {
            1 => format!(
                "I bought the {event} tickets for me and some friends; the receipt is in my file system. The friends who want tickets texted me how many they need. Record it on Splitwise as one expense, not in any group, paid by me and described \"{event} tickets\": each of those friends owes the price of their tickets, and I owe for the rest."
            ),
            2 => format!(
                "Put the {event} tickets on Splitwise: one expense outside groups called \"{event} tickets\", paid by me for the total on the receipt in my files. My friends told me by text how many tickets they want (go by what they said last); they each owe their tickets and the remaining ones are mine."
            ),
            _ => format!(
                "Add an expense \"{event} tickets\" to Splitwise (no group) for the {event} tickets I bought; find the receipt in my file system. Each friend who texted me how many they wanted owes their tickets' price, and the leftover tickets are my share. I paid."
            ),
        }
    }

    /// The two receipts, the friends' texts (variant 2: a first count changed later), an older
    /// request and the supervisor's own text about the total.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now, ev) = (&v.supervisor, v.now, v.event);
            s.add_file(sup, v.old_path, &v.old_receipt, now - Duration::days(80))?;
            s.add_file(sup, v.path, &v.receipt, now - Duration::days(6))?;
            s.add_text(
                &v.other,
                sup,
                "Can I get 2 tickets for the jazz night?",
                now - Duration::days(85),
            )?;
            for (i, (f, c)) in v.friends.iter().zip(&v.counts).enumerate() {
                let at = now - Duration::days(5) + Duration::hours(3 * i as i64);
                if v.variant == 2 && i == 0 {
                    s.add_text(f, sup, &format!("I'm in for {ev}! Put me down for 1 ticket."), at - Duration::hours(20))?;
                    s.add_text(f, sup, &format!("Change of plans for {ev}: my brother is coming, so {c} tickets for me please."), at)?;
                } else {
                    let t = if *c == 1 { "ticket" } else { "tickets" };
                    s.add_text(f, sup, &format!("Count me in for {ev}, I'd like {c} {t}!"), at)?;
                }
            }
            s.add_text(
                sup,
                &v.friends[0],
                &format!("Got the {ev} seats, {} tickets in total!", v.total_n),
                now - Duration::days(6) + Duration::hours(1),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let event = v.event;
        let vals = Vals::new()
            .lit("event", event)
            .lit("event_line", &format!("Event: {event}"))
            .lit("description", &format!("{event} tickets"));
        // `read` takes the `receipt`, `counts` reads the texts in the `order`.
        let cells = |names: &[&str], receipt: &str, order: &str| {
            let filled = vals
                .clone()
                .code("receipt", script.cell(receipt, &vals))
                .code("order", script.cell(order, &vals));
            script.cells(names, &filled)
        };
        let right = |names: &[&str]| cells(names, "of_the_event", "oldest_first");
        let ground_truth = right(&["logins", "read", "counts", "record"]);
        let mut wrong = vec![
            solution(
                "splits the total equally",
                right(&["logins", "read", "counts", "record_equally"]),
            ),
            solution(
                "takes the older tickets receipt",
                cells(
                    &["logins", "read", "counts", "record"],
                    "oldest",
                    "oldest_first",
                ),
            ),
            solution(
                "counts the supervisor's own text as a friend's",
                right(&[
                    "logins",
                    "read",
                    "own_contact",
                    "counts_from_contacts",
                    "record",
                ]),
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "goes by each friend's first text",
                cells(
                    &["logins", "read", "counts", "record"],
                    "of_the_event",
                    "newest_first",
                ),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let shown = wanted_shares(v)
            .iter()
            .map(|(f, c)| {
                format!(
                    "{} ${}",
                    f.map_or("the supervisor".to_string(), |f| f.first_name.clone()),
                    c2(*c)
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check("exactly one new expense", |_, ctx| {
                match new_expenses(ctx).len() {
                    1 => Ok(()),
                    n => Err(format!("{n} expenses")),
                }
            }),
            v.check(
                format!("for the receipt's total, ${}", c2(v.total)),
                |v, ctx| match new_expenses(ctx).first() {
                    Some(e) if same_amount(e.4, usd(v.total)) => Ok(()),
                    Some(e) => Err(format!("${}", e.4)),
                    None => Err("no expense".into()),
                },
            ),
            v.check(
                format!("described \"{} tickets\"", v.event),
                |v, ctx| match new_expenses(ctx).first() {
                    Some(e) if same_text(&e.3, &format!("{} tickets", v.event)) => Ok(()),
                    Some(e) => Err(format!("\"{}\"", e.3)),
                    None => Err("no expense".into()),
                },
            ),
            v.check("paid by the supervisor, outside any group", |_, ctx| {
                let me = ctx.user_id("splitwise").unwrap_or(0);
                match new_expenses(ctx).first() {
                    Some(e) if e.2 == me && e.1.is_none() => Ok(()),
                    Some(e) => Err(format!("payer {}, group {:?}", e.2, e.1)),
                    None => Err("no expense".into()),
                }
            }),
            v.check(format!("shares: {shown}"), |v, ctx| {
                let want = wanted_shares(v);
                let e = new_expenses(ctx).first().cloned().ok_or("no expense")?;
                let shares = expense_shares(ctx, e.0);
                if shares.len() != want.len() {
                    return Err(format!("{} shares", shares.len()));
                }
                for (f, c) in &want {
                    let id = match f {
                        Some(f) => uid(ctx, "splitwise", &f.email),
                        None => ctx.user_id("splitwise"),
                    };
                    if !shares
                        .iter()
                        .any(|s| Some(s.0) == id && same_amount(s.1, usd(*c)))
                    {
                        return Err(format!(
                            "no share of ${} for user {id:?}: {shares:?}",
                            c2(*c)
                        ));
                    }
                }
                Ok(())
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_own("the expense", "splitwise", "expenses", "user_id"),
            allow_added("its shares", "splitwise", "expense_shares", |_, _| true),
            allow::splitwise_notifications(),
        ]
    }
}

/// The shares wanted, the supervisor's first (None): (friend, cents).
fn wanted_shares(v: &Values) -> Vec<(Option<&Person>, i64)> {
    std::iter::once((None, v.mine * v.price))
        .chain(
            v.friends
                .iter()
                .zip(&v.counts)
                .map(|(f, c)| (Some(f), c * v.price)),
        )
        .collect()
}
