//! "Text everyone in the trip's Splitwise group who still owes me what they owe, and request
//! it on Venmo." Balances are pairwise over equal four-way splits. Variant 2: the supervisor
//! owes one member (no text, no request); variant 3: one member has paid part back already.

use super::{add_expenses, allow_notifications, at, day, texts_only_to, with_friends};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::allow_own;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::venmo::requests_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate};

/// A member who owes the supervisor.
struct Debtor {
    name: String,
    email: String,
    phone: String,
    cents: i64,
}

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The three other travellers.
    friends: Vec<Person>,
    city: &'static str,
    start: NaiveDate,
    group: String,
    /// The group's expenses, in cents.
    lodging: i64,
    dinner1: i64,
    car: i64,
    dinner2: i64,
    tickets: i64,
    /// Variant 3: what the second friend paid back already (else 0).
    partial: i64,
    debtors: Vec<Debtor>,
    note: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "splitwise", "phone", "venmo"];
    const SCRIPT: &str = include_str!("text_and_request.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let v = g.variant;
        let (p, fr) = with_friends(g, 3);
        let city = ["Porto", "Vienna", "Tucson"][usize::from(v - 1)];
        let start = [day(2023, 4, 6), day(2023, 3, 23), day(2023, 4, 13)][usize::from(v - 1)];
        let group = format!("{city} Trip 2023");
        let lodging = cents_of(&mut g.rng, 90_000, 130_000, 4);
        let dinner1 = cents_of(&mut g.rng, 14_000, 22_000, 4);
        let car = cents_of(&mut g.rng, 20_000, 32_000, 4);
        let dinner2 = cents_of(&mut g.rng, 12_000, 20_000, 4);
        let tickets = if v == 2 {
            lodging + dinner1 + cents_of(&mut g.rng, 8_000, 16_000, 4)
        } else {
            cents_of(&mut g.rng, 6_000, 12_000, 4)
        };
        let partial = if v == 3 { 5_000 } else { 0 };
        let mine = lodging + dinner1;
        let owes = [
            (&fr[0], (mine - car) / 4),
            (&fr[1], (mine - dinner2) / 4 - partial),
            (&fr[2], (mine - tickets) / 4),
        ];
        let debtors = owes
            .iter()
            .filter(|o| o.1 > 0)
            .map(|(q, c)| Debtor {
                name: full(q),
                email: q.email.clone(),
                phone: q.phone_number.clone(),
                cents: *c,
            })
            .collect();
        Values {
            variant: v,
            supervisor: p,
            friends: fr,
            city,
            start,
            group,
            lodging,
            dinner1,
            car,
            dinner2,
            tickets,
            partial,
            debtors,
            note: format!("{city} trip"),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (city, note) = (v.city, &v.note);
        match v.variant {
            1 => format!(
                "Our {city} trip is over. Text each person in the trip's Splitwise group who still owes me how much they owe me (the exact amount, like $12.34), and request that amount from each of them on Venmo with the note \"{note}\"."
            ),
            2 => format!(
                "Could you chase up the money from the {city} trip? Everyone in our Splitwise group for it who owes me should get a text from me with the amount (e.g. $12.34) and a Venmo request for it, noted \"{note}\"."
            ),
            _ => format!(
                "Please collect what I'm owed from the {city} trip: for each member of its Splitwise group who still owes me, send a text saying how much (as $12.34) and a Venmo request for that amount with the note \"{note}\"."
            ),
        }
    }

    /// The trip's group with its expenses (and, variant 3, the partial payment back).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, f, start) = (&v.supervisor, &v.friends, v.start);
            let all = [sup, &f[0], &f[1], &f[2]];
            let gid =
                s.add_splitwise_group(sup, &all, &v.group, at(start - Duration::days(40), 20))?;
            let lodging = format!("{} apartment ({} nights)", v.city, 4);
            let tickets = if v.variant == 2 {
                "Flights and museum passes"
            } else {
                "Museum tickets"
            };
            let expenses = [
                (
                    sup,
                    lodging.as_str(),
                    v.lodging,
                    at(start - Duration::days(35), 21),
                ),
                (&f[0], "Car rental", v.car, at(start, 10)),
                (&f[2], tickets, v.tickets, at(start + Duration::days(1), 11)),
                (sup, "Dinner on the first night", v.dinner1, at(start, 21)),
                (
                    &f[1],
                    "Dinner by the river",
                    v.dinner2,
                    at(start + Duration::days(2), 21),
                ),
            ];
            add_expenses(s, gid, &all, &expenses)?;
            if v.partial > 0 {
                s.add_splitwise_payment(
                    Some(gid),
                    &f[1],
                    sup,
                    usd(v.partial),
                    "Part of my share",
                    at(start + Duration::days(9), 18),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let find = script.cell("find", &Vals::new().lit("group", &v.group));
        let act = |list: &str, text: bool, note: &str| {
            let vals = Vals::new()
                .code("list", script.cell(list, &none))
                .code("city", v.city)
                .lit("note", note);
            let names: &[&str] = if text {
                &["each_ower", "text", "request"]
            } else {
                &["each_ower", "request"]
            };
            script.cells(names, &vals).join("\n")
        };
        let note = &v.note;
        let ground_truth = vec![login.clone(), find.clone(), act("owers", true, note)];
        let mut wrong = vec![
            solution(
                "requests on Venmo but sends no texts",
                vec![login.clone(), find.clone(), act("owers", false, note)],
            ),
            solution(
                "asks everyone for a quarter of what the supervisor paid",
                vec![
                    login.clone(),
                    find.clone(),
                    format!(
                        "{}\n{}",
                        script.cell("paid_total", &none),
                        act("quarter_each", true, note)
                    ),
                ],
            ),
            solution(
                "writes another note on the requests",
                vec![login.clone(), find.clone(), act("owers", true, "trip")],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "also asks the member the supervisor owes",
                vec![login.clone(), find.clone(), act("both_ways", true, note)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let shown = v
            .debtors
            .iter()
            .map(|d| format!("${} from {}", c2(d.cents), d.name))
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check(format!("one Venmo request each: {shown}"), requested_each),
            v.check("no Venmo request to anyone else", |v, ctx| {
                let ids: Vec<Option<i64>> = v
                    .debtors
                    .iter()
                    .map(|d| uid(ctx, "venmo", &d.email))
                    .collect();
                match requests_sent(ctx)
                    .iter()
                    .find(|r| !ids.contains(&Some(r.receiver)))
                {
                    Some(r) => Err(format!(
                        "a request of ${} to venmo user {}",
                        r.amount, r.receiver
                    )),
                    None => Ok(()),
                }
            }),
            v.check(
                format!("each request has the note \"{}\"", v.note),
                |v, ctx| {
                    let got = requests_sent(ctx);
                    match got
                        .iter()
                        .find(|r| !r.description.trim().eq_ignore_ascii_case(&v.note))
                    {
                        Some(r) => Err(format!("a request noted \"{}\"", r.description)),
                        None if got.is_empty() => Err("no request".into()),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                format!(
                    "one text each with the amount: {}",
                    v.debtors
                        .iter()
                        .map(|d| format!("{} (${})", d.name, c2(d.cents)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                texted_each,
            ),
            v.check("no text to anyone else", |v, ctx| {
                let ids: Vec<Option<i64>> = v
                    .debtors
                    .iter()
                    .map(|d| phone_id(ctx.db, &d.phone))
                    .collect();
                texts_only_to(ctx, &ids)
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::texts_sent();
        allowed.push(allow_own(
            "the supervisor's Venmo requests",
            "venmo",
            "payment_requests",
            "sender_id",
        ));
        allowed.push(allow_notifications("venmo"));
        allowed
    }
}

/// One Venmo request, for what they owe, to each debtor.
fn requested_each(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let got = requests_sent(ctx);
    for d in &v.debtors {
        let id = uid(ctx, "venmo", &d.email);
        let to: Vec<_> = got.iter().filter(|r| Some(r.receiver) == id).collect();
        match to.as_slice() {
            [one] if same_amount(one.amount, usd(d.cents)) => {}
            [one] => return Err(format!("asked {} for ${}", d.name, one.amount)),
            _ => return Err(format!("{} requests to {}", to.len(), d.name)),
        }
    }
    Ok(())
}

/// One text, with what they owe, to each debtor.
fn texted_each(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let texts = sent_texts(ctx);
    for d in &v.debtors {
        let id = phone_id(ctx.db, &d.phone);
        let to: Vec<_> = texts.iter().filter(|t| Some(t.0) == id).collect();
        match to.as_slice() {
            [one] if holds(&one.1, &format!("${}", c2(d.cents))) => {}
            [one] => return Err(format!("text to {}: \"{}\"", d.name, one.1)),
            _ => return Err(format!("{} texts to {}", to.len(), d.name)),
        }
    }
    Ok(())
}
