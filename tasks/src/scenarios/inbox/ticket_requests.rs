//! "I bought the tickets; request the money on Venmo from everyone who replied they're in."
//! The supervisor e-mailed several friends; replies say yes, no, or (variant 2) yes and then
//! no; variant 3 has a friend taking two tickets.

use super::has_n;
use crate::eval::EvalCtx;
use crate::kit::changes::allow_added;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::venmo::requests_sent;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Friend], 4));
    let friends = related_any(g.population, &p, &[Relation::Friend]);
    let band = ["Velvet Lanterns", "Neon Harbor", "Paper Comets"][g.variant as usize - 1];
    let price = [45, 62, 38][g.variant as usize - 1] as f64 + g.rng.range(0, 4) as f64 * 5.0;
    let date = ["June 10", "June 17", "July 1"][g.variant as usize - 1];
    let note = format!("{band} tickets");
    let n = friends.len().min(5);
    let invited: Vec<Person> = friends[..n].to_vec();
    // (friend index, reply body, tickets they owe for (0: none))
    let mut replies: Vec<(usize, String, i64)> = vec![
        (0, "I'm in! Send me the request whenever.".to_string(), 1),
        (
            1,
            "Sorry, I can't make it that weekend. Have fun!".to_string(),
            0,
        ),
        (2, "I'm in, sounds great!".to_string(), 1),
    ];
    match g.variant {
        2 => {
            replies.push((3, "I'm in too!".to_string(), 1));
            replies.push((
                3,
                "Ugh, turns out I can't make it after all, my cousin's wedding is that day. Count me out, sorry!".to_string(),
                -1,
            ));
        }
        3 => {
            replies.push((
                3,
                "I'm in, and my brother wants to come too, so get 2 tickets for us. I'll pay for both.".to_string(),
                2,
            ));
        }
        _ => {}
    }
    // Who owes for how many tickets.
    let mut owe: Vec<(Person, i64)> = Vec::new();
    for (i, _, k) in &replies {
        let who = &invited[*i];
        owe.retain(|(o, _)| o.id != who.id);
        if *k > 0 {
            owe.push((who.clone(), *k));
        }
    }
    let instruction = format!(
        "I bought the {band} concert tickets I e-mailed my friends about, ${price:.0} a ticket. Send a Venmo request to each friend who replied that they're in, for their tickets, with the note \"{note}\"."
    );
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "venmo"];
    let subject = format!("{band} concert on {date}?");
    let (sup, inv, reps, subj) = (p.clone(), invited.clone(), replies.clone(), subject.clone());
    let price_s = format!("{price:.0}");
    let band_s = band.to_string();
    parts.setup.push(step(move |s| {
        let to: Vec<&str> = inv.iter().map(|f| f.email.as_str()).collect();
        let start = s.now - Duration::days(6);
        let first = s.add_email(
            &sup.email,
            &to,
            &subj,
            &format!(
                "Hey all,\n\n{band_s} are playing on {date}! Tickets are ${price_s} each. Reply if you're in and I'll buy them and send you a Venmo request.\n\n{}",
                sup.first_name
            ),
            &[],
            None,
            start,
        )?;
        let mut last = first;
        for (k, (i, body, _)) in reps.iter().enumerate() {
            last = s.add_email(
                &inv[*i].email,
                &[&sup.email],
                &format!("Re: {subj}"),
                body,
                &[],
                Some(last),
                start + Duration::hours(3 + 7 * k as i64),
            )?;
        }
        // A similar e-mail about another show, which nobody owes for.
        s.add_email(
            &inv[1].email,
            &[&sup.email],
            "Concert tickets for the jazz night",
            "I got us two tickets for the jazz night, my treat!",
            &[],
            None,
            s.now - Duration::days(3),
        )?;
        Ok(())
    }));

    let script = Script::parse(include_str!("ticket_requests.py"));
    let price_py = format!("{price}");
    // Request `amount` from each person `decide` finds, with the note `note`.
    let solve = |decide: &str, amount: &str, note: &str| {
        let vals = Vals::new()
            .lit("band", band)
            .code("amount", amount)
            .lit("note", note);
        script.cells(&["logins", "find", decide, "request"], &vals)
    };
    let per_ticket = format!("{price_py} * k");
    parts.ground_truth = solve("decide", &per_ticket, &note);
    parts.wrong = vec![
        solution(
            "requests from everyone the e-mail went to",
            solve("owe_recipients", &per_ticket, &note),
        ),
        solution(
            "requests from everyone who replied",
            solve("owe_repliers", &per_ticket, &note),
        ),
        solution(
            "writes another note",
            solve("decide", &per_ticket, "concert"),
        ),
    ];
    match g.variant {
        2 => parts.wrong.push(solution(
            "misses that a friend dropped out later",
            solve("decide_ignoring_dropouts", &per_ticket, &note),
        )),
        3 => parts.wrong.push(solution(
            "asks for one ticket from everyone",
            solve("decide", &price_py, &note),
        )),
        _ => {}
    }
    let mine = requests_sent;
    let venmo_id = |ctx: &EvalCtx, e: &str| -> i64 {
        ctx.db
            .query_row_cached("SELECT id FROM venmo.users WHERE email = ?1", [e], |r| {
                r.get(0)
            })
            .unwrap_or(-1)
    };
    for (who, k) in &owe {
        let (email, amount) = (who.email.clone(), price * *k as f64);
        parts.checks.push(Check::new(
            format!("one request to {} for ${amount:.2}", full(who)),
            move |ctx| {
                let id = venmo_id(ctx, &email);
                let got: Vec<f64> = mine(ctx)
                    .iter()
                    .filter(|r| r.receiver == id)
                    .map(|r| r.amount)
                    .collect();
                match got.as_slice() {
                    [a] if crate::kit::money::same_amount(*a, amount) => Ok(()),
                    other => Err(format!("requests {other:?}")),
                }
            },
        ));
    }
    let ok: Vec<String> = owe.iter().map(|(w, _)| w.email.clone()).collect();
    let not: Vec<Person> = invited
        .iter()
        .filter(|f| !ok.contains(&f.email))
        .cloned()
        .collect();
    let not_names: Vec<String> = not.iter().map(full).collect();
    let not_emails: Vec<String> = not.iter().map(|f| f.email.clone()).collect();
    parts.checks.push(Check::new(
        format!("no request to {}", not_names.join(", ")),
        move |ctx| {
            let ids: Vec<i64> = not_emails.iter().map(|e| venmo_id(ctx, e)).collect();
            match mine(ctx).iter().find(|r| ids.contains(&r.receiver)) {
                Some(r) => Err(format!("a request to venmo user {}", r.receiver)),
                None => Ok(()),
            }
        },
    ));
    let n_ok = ok.len();
    parts.checks.push(Check::new(
        format!("exactly {n_ok} requests"),
        move |ctx| match mine(ctx).len() {
            k if k == n_ok => Ok(()),
            k => Err(format!("{k} requests")),
        },
    ));
    let note2 = note.clone();
    parts.checks.push(Check::new(
        format!("each has the note \"{note}\""),
        move |ctx| match mine(ctx).iter().find(|r| r.description.trim() != note2) {
            Some(r) => Err(format!("a request noted \"{}\"", r.description)),
            None => Ok(()),
        },
    ));
    parts.allowed = vec![
        allow_added(
            "the supervisor's payment requests",
            "venmo",
            "payment_requests",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        allow_added(
            "the notifications those requests send",
            "venmo",
            "notifications",
            |_, _| true,
        ),
    ];
    parts
}
