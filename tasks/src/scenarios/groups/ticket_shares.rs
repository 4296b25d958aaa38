//! "I bought the tickets (receipt in my file system); the friends who want some texted me how
//! many. Record one expense outside any group, paid by me: each friend owes their tickets, I
//! owe the rest." The supervisor's own text announcing the total also matches; an older
//! receipt for another event sits beside it. Variant 2: a friend changes their count in a
//! later text; variant 3 files the receipt in a nested folder and has three friends.

use super::new_expenses;
use crate::kit::allow;
use crate::kit::changes::allow_added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::distinct_friends;
use crate::kit::people::full;
use crate::kit::python::solution;
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 4);
    let fr = distinct_friends(pop, &p);
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
    let friends: Vec<Person> = fr.iter().take(n_friends).cloned().collect();
    let other = fr[n_friends].clone();
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
    let instruction = match v {
        1 => format!(
            "I bought the {event} tickets for me and some friends; the receipt is in my file system. The friends who want tickets texted me how many they need. Record it on Splitwise as one expense, not in any group, paid by me and described \"{event} tickets\": each of those friends owes the price of their tickets, and I owe for the rest."
        ),
        2 => format!(
            "Put the {event} tickets on Splitwise: one expense outside groups called \"{event} tickets\", paid by me for the total on the receipt in my files. My friends told me by text how many tickets they want (go by what they said last); they each owe their tickets and the remaining ones are mine."
        ),
        _ => format!(
            "Add an expense \"{event} tickets\" to Splitwise (no group) for the {event} tickets I bought; find the receipt in my file system. Each friend who texted me how many they wanted owes their tickets' price, and the leftover tickets are my share. I paid."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone", "splitwise"];
    let now = g.now;
    let (sup, fs_, oth) = (p.clone(), friends.clone(), other.clone());
    let (path_s, old_s, ev) = (path.to_string(), old_path.to_string(), event.to_string());
    let counts_s = counts.clone();
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &old_s, &old_receipt, now - Duration::days(80))?;
        s.add_file(&sup, &path_s, &receipt, now - Duration::days(6))?;
        s.add_text(
            &oth,
            &sup,
            "Can I get 2 tickets for the jazz night?",
            now - Duration::days(85),
        )?;
        for (i, (f, c)) in fs_.iter().zip(&counts_s).enumerate() {
            let at = now - Duration::days(5) + Duration::hours(3 * i as i64);
            if v == 2 && i == 0 {
                s.add_text(f, &sup, &format!("I'm in for {ev}! Put me down for 1 ticket."), at - Duration::hours(20))?;
                s.add_text(f, &sup, &format!("Change of plans for {ev}: my brother is coming, so {c} tickets for me please."), at)?;
            } else {
                let t = if *c == 1 { "ticket" } else { "tickets" };
                s.add_text(f, &sup, &format!("Count me in for {ev}, I'd like {c} {t}!"), at)?;
            }
        }
        s.add_text(
            &sup,
            &fs_[0],
            &format!("Got the {ev} seats, {total_n} tickets in total!"),
            now - Duration::days(6) + Duration::hours(1),
        )?;
        Ok(())
    }));
    let script = Script::parse(include_str!("ticket_shares.py"));
    let vals = Vals::new()
        .lit("event", event)
        .lit("event_line", &format!("Event: {event}"))
        .lit("description", &format!("{event} tickets"));
    let cells = |names: &[&str]| script.cells(names, &vals);
    parts.ground_truth = cells(&["logins", "read", "counts", "record"]);
    parts.wrong = vec![
        solution(
            "splits the total equally",
            cells(&["logins", "read", "counts", "record_equally"]),
        ),
        solution(
            "takes the older tickets receipt",
            cells(&["logins", "read_oldest", "counts", "record"]),
        ),
        solution(
            "counts the supervisor's own text as a friend's",
            cells(&[
                "logins",
                "read",
                "own_contact",
                "counts_from_contacts",
                "record",
            ]),
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "goes by each friend's first text",
            cells(&["logins", "read", "counts_first_texts", "record"]),
        ));
    }
    let want: Vec<(Option<Person>, i64)> = std::iter::once((None, mine * price))
        .chain(
            friends
                .iter()
                .zip(&counts)
                .map(|(f, c)| (Some(f.clone()), c * price)),
        )
        .collect();
    let shown = want
        .iter()
        .map(|(f, c)| {
            format!(
                "{} ${}",
                f.as_ref()
                    .map_or("the supervisor".to_string(), |f| f.first_name.clone()),
                c2(*c)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let desc = format!("{event} tickets");
    let d1 = desc.clone();
    parts.checks = vec![
        Check::new("exactly one new expense", |ctx| {
            match new_expenses(ctx).len() {
                1 => Ok(()),
                n => Err(format!("{n} expenses")),
            }
        }),
        Check::new(
            format!("for the receipt's total, ${}", c2(total)),
            move |ctx| match new_expenses(ctx).first() {
                Some(e) if same_amount(e.4, usd(total)) => Ok(()),
                Some(e) => Err(format!("${}", e.4)),
                None => Err("no expense".into()),
            },
        ),
        Check::new(
            format!("described \"{desc}\""),
            move |ctx| match new_expenses(ctx).first() {
                Some(e) if same_text(&e.3, &d1) => Ok(()),
                Some(e) => Err(format!("\"{}\"", e.3)),
                None => Err("no expense".into()),
            },
        ),
        Check::new("paid by the supervisor, outside any group", |ctx| {
            let me = ctx.user_id("splitwise").unwrap_or(0);
            match new_expenses(ctx).first() {
                Some(e) if e.2 == me && e.1.is_none() => Ok(()),
                Some(e) => Err(format!("payer {}, group {:?}", e.2, e.1)),
                None => Err("no expense".into()),
            }
        }),
        Check::new(format!("shares: {shown}"), move |ctx| {
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
    ];
    parts.allowed = vec![
        allow_added("the expense", "splitwise", "expenses", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("splitwise")
        }),
        allow_added("its shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
    ];
    parts
}
