//! "I bought the tickets; request the money on Venmo from everyone who replied they're in."
//! The supervisor e-mailed several friends; replies say yes, no, or (variant 2) yes and then
//! no; variant 3 has a friend taking two tickets.

use super::has_n;
use crate::kit::allow;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::venmo::{id_or_none, requests_sent};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The friends the supervisor e-mailed.
    invited: Vec<Person>,
    /// Their replies: (friend index, body, tickets they owe for (0: none)).
    replies: Vec<(usize, String, i64)>,
    /// Who owes for how many tickets.
    owe: Vec<(Person, i64)>,
    band: &'static str,
    date: &'static str,
    price: f64,
    subject: String,
    note: String,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "venmo"];
    const SCRIPT: &str = include_str!("ticket_requests.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let subject = format!("{band} concert on {date}?");
        let v = Values {
            supervisor: p,
            variant: g.variant,
            invited,
            replies,
            owe,
            band,
            date,
            price,
            subject,
            note,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The invitation, the replies, and a similar e-mail about another show.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let to: Vec<&str> = v.invited.iter().map(|f| f.email.as_str()).collect();
            let start = s.now - Duration::days(6);
            let first = s.add_email(
                &v.supervisor.email,
                &to,
                &v.subject,
                &format!(
                    "Hey all,\n\n{} are playing on {}! Tickets are ${:.0} each. Reply if you're in and I'll buy them and send you a Venmo request.\n\n{}",
                    v.band, v.date, v.price, v.supervisor.first_name
                ),
                &[],
                None,
                start,
            )?;
            let mut last = first;
            for (k, (i, body, _)) in v.replies.iter().enumerate() {
                last = s.add_email(
                    &v.invited[*i].email,
                    &[&v.supervisor.email],
                    &format!("Re: {}", v.subject),
                    body,
                    &[],
                    Some(last),
                    start + Duration::hours(3 + 7 * k as i64),
                )?;
            }
            // A similar e-mail about another show, which nobody owes for.
            s.add_email(
                &v.invited[1].email,
                &[&v.supervisor.email],
                "Concert tickets for the jazz night",
                "I got us two tickets for the jazz night, my treat!",
                &[],
                None,
                s.now - Duration::days(3),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (band, price, note) = (v.band, v.price, &v.note);
        let price_py = format!("{price}");
        // Request `amount` from each person `decide` finds (`on_drop_out`: the cell it runs for a
        // friend who drops out), with the note `note`.
        let solve = |decide: &str, on_drop_out: &str, amount: &str, note: &str| {
            let vals = Vals::new()
                .lit("band", band)
                .code("amount", amount)
                .lit("note", note)
                .code("on_drop_out", script.cell(on_drop_out, &Vals::new()));
            script.cells(&["logins", "find", decide, "request"], &vals)
        };
        let per_ticket = format!("{price_py} * k");
        let ground_truth = solve("decide", "drop_out", &per_ticket, note);
        let mut wrong = vec![
            solution(
                "requests from everyone the e-mail went to",
                solve("owe_recipients", "drop_out", &per_ticket, note),
            ),
            solution(
                "requests from everyone who replied",
                solve("owe_repliers", "drop_out", &per_ticket, note),
            ),
            solution(
                "writes another note",
                solve("decide", "drop_out", &per_ticket, "concert"),
            ),
        ];
        match v.variant {
            2 => wrong.push(solution(
                "misses that a friend dropped out later",
                solve("decide", "keep_drop_out", &per_ticket, note),
            )),
            3 => wrong.push(solution(
                "asks for one ticket from everyone",
                solve("decide", "drop_out", &price_py, note),
            )),
            _ => {}
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .owe
            .iter()
            .map(|(who, k)| one_request(who, v.price * *k as f64))
            .collect();
        let not_names: Vec<String> = not_owing(v).into_iter().map(full).collect();
        checks.push(v.check(
            format!("no request to {}", not_names.join(", ")),
            |v, ctx| {
                let ids: Vec<i64> = not_owing(v)
                    .iter()
                    .map(|f| id_or_none(ctx, &f.email))
                    .collect();
                match requests_sent(ctx)
                    .iter()
                    .find(|r| ids.contains(&r.receiver))
                {
                    Some(r) => Err(format!("a request to venmo user {}", r.receiver)),
                    None => Ok(()),
                }
            },
        ));
        checks.push(
            v.check(
                format!("exactly {} requests", v.owe.len()),
                |v, ctx| match requests_sent(ctx).len() {
                    k if k == v.owe.len() => Ok(()),
                    k => Err(format!("{k} requests")),
                },
            ),
        );
        checks.push(
            v.check(
                format!("each has the note \"{}\"", v.note),
                |v, ctx| match requests_sent(ctx)
                    .iter()
                    .find(|r| r.description.trim() != v.note)
                {
                    Some(r) => Err(format!("a request noted \"{}\"", r.description)),
                    None => Ok(()),
                },
            ),
        );
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::venmo_requests()
    }
}

/// A check that `who` got one request, for `amount`.
fn one_request(who: &Person, amount: f64) -> Check {
    let email = who.email.clone();
    Check::new(
        format!("one request to {} for ${amount:.2}", full(who)),
        move |ctx| {
            let id = id_or_none(ctx, &email);
            let got: Vec<f64> = requests_sent(ctx)
                .iter()
                .filter(|r| r.receiver == id)
                .map(|r| r.amount)
                .collect();
            match got.as_slice() {
                [a] if crate::kit::money::same_amount(*a, amount) => Ok(()),
                other => Err(format!("requests {other:?}")),
            }
        },
    )
}

/// The friends invited who owe nothing.
fn not_owing(v: &Values) -> Vec<&Person> {
    let ok: Vec<&String> = v.owe.iter().map(|(w, _)| &w.email).collect();
    v.invited
        .iter()
        .filter(|f| !ok.contains(&&f.email))
        .collect()
}
