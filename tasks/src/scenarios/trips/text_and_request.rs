//! "Text everyone in the trip's Splitwise group who still owes me what they owe, and request
//! it on Venmo." Balances are pairwise over equal four-way splits. Variant 2: the supervisor
//! owes one member (no text, no request); variant 3: one member has paid part back already.

use super::{allow_notifications, at, day, with_friends};
use crate::kit::allow;
use crate::kit::changes::allow_added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::venmo::requests_sent;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
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
        (fr[0].clone(), (mine - car) / 4),
        (fr[1].clone(), (mine - dinner2) / 4 - partial),
        (fr[2].clone(), (mine - tickets) / 4),
    ];
    let debtors: Vec<(Person, i64)> = owes.iter().filter(|o| o.1 > 0).cloned().collect();
    let note = format!("{city} trip");
    let instruction = match v {
        1 => format!(
            "Our {city} trip is over. Text each person in the trip's Splitwise group who still owes me how much they owe me (the exact amount, like $12.34), and request that amount from each of them on Venmo with the note \"{note}\"."
        ),
        2 => format!(
            "Could you chase up the money from the {city} trip? Everyone in our Splitwise group for it who owes me should get a text from me with the amount (e.g. $12.34) and a Venmo request for it, noted \"{note}\"."
        ),
        _ => format!(
            "Please collect what I'm owed from the {city} trip: for each member of its Splitwise group who still owes me, send a text saying how much (as $12.34) and a Venmo request for that amount with the note \"{note}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "phone", "venmo"];
    let (sup, f) = (p.clone(), fr.clone());
    let group_s = group.clone();
    let lodging_name = format!("{city} apartment ({} nights)", 4);
    parts.setup.push(step(move |s| {
        let all = [&sup, &f[0], &f[1], &f[2]];
        let gid =
            s.add_splitwise_group(&sup, &all, &group_s, at(start - Duration::days(40), 20))?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            &lodging_name,
            usd(lodging),
            at(start - Duration::days(35), 21),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[0],
            &all,
            "Car rental",
            usd(car),
            at(start, 10),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[2],
            &all,
            if v == 2 {
                "Flights and museum passes"
            } else {
                "Museum tickets"
            },
            usd(tickets),
            at(start + Duration::days(1), 11),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Dinner on the first night",
            usd(dinner1),
            at(start, 21),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[1],
            &all,
            "Dinner by the river",
            usd(dinner2),
            at(start + Duration::days(2), 21),
        )?;
        if partial > 0 {
            s.add_splitwise_payment(
                Some(gid),
                &f[1],
                &sup,
                usd(partial),
                "Part of my share",
                at(start + Duration::days(9), 18),
            )?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("text_and_request.py"));
    let none = Vals::new();
    let login = script.cell("logins", &none);
    let find = script.cell("find", &Vals::new().lit("group", &group));
    let act = |list: &str, text: bool, note: &str| {
        let vals = Vals::new()
            .code("list", script.cell(list, &none))
            .code("city", city)
            .lit("note", note);
        let names: &[&str] = if text {
            &["each_ower", "text", "request"]
        } else {
            &["each_ower", "request"]
        };
        script.cells(names, &vals).join("\n")
    };
    parts.ground_truth = vec![login.clone(), find.clone(), act("owers", true, &note)];
    parts.wrong = vec![
        solution(
            "requests on Venmo but sends no texts",
            vec![login.clone(), find.clone(), act("owers", false, &note)],
        ),
        solution(
            "asks everyone for a quarter of what the supervisor paid",
            vec![
                login.clone(),
                find.clone(),
                format!(
                    "{}\n{}",
                    script.cell("paid_total", &none),
                    act("quarter_each", true, &note)
                ),
            ],
        ),
        solution(
            "writes another note on the requests",
            vec![login.clone(), find.clone(), act("owers", true, "trip")],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also asks the member the supervisor owes",
            vec![login.clone(), find.clone(), act("both_ways", true, &note)],
        ));
    }
    let shown = debtors
        .iter()
        .map(|(q, c)| format!("${} from {}", c2(*c), full(q)))
        .collect::<Vec<_>>()
        .join(", ");
    let want: Vec<(String, String, String, i64)> = debtors
        .iter()
        .map(|(q, c)| (full(q), q.email.clone(), q.phone_number.clone(), *c))
        .collect();
    let w = want.clone();
    parts.checks.push(Check::new(
        format!("one Venmo request each: {shown}"),
        move |ctx| {
            let got = requests_sent(ctx);
            for (name, email, _, cents) in &w {
                let id = uid(ctx, "venmo", email);
                let to: Vec<_> = got.iter().filter(|r| Some(r.receiver) == id).collect();
                match to.as_slice() {
                    [one] if same_amount(one.amount, usd(*cents)) => {}
                    [one] => return Err(format!("asked {name} for ${}", one.amount)),
                    _ => return Err(format!("{} requests to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    let w = want.clone();
    parts
        .checks
        .push(Check::new("no Venmo request to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w.iter().map(|x| uid(ctx, "venmo", &x.1)).collect();
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
        }));
    let n = note.clone();
    parts.checks.push(Check::new(
        format!("each request has the note \"{note}\""),
        move |ctx| {
            let got = requests_sent(ctx);
            match got
                .iter()
                .find(|r| !r.description.trim().eq_ignore_ascii_case(&n))
            {
                Some(r) => Err(format!("a request noted \"{}\"", r.description)),
                None if got.is_empty() => Err("no request".into()),
                None => Ok(()),
            }
        },
    ));
    let w = want.clone();
    parts.checks.push(Check::new(
        format!(
            "one text each with the amount: {}",
            want.iter()
                .map(|x| format!("{} (${})", x.0, c2(x.3)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let texts = sent_texts(ctx);
            for (name, _, phone, cents) in &w {
                let id = phone_id(ctx.db, phone);
                let to: Vec<_> = texts.iter().filter(|t| Some(t.0) == id).collect();
                match to.as_slice() {
                    [one] if holds(&one.1, &format!("${}", c2(*cents))) => {}
                    [one] => return Err(format!("text to {name}: \"{}\"", one.1)),
                    _ => return Err(format!("{} texts to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    let w = want.clone();
    parts
        .checks
        .push(Check::new("no text to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w.iter().map(|x| phone_id(ctx.db, &x.2)).collect();
            match sent_texts(ctx).iter().find(|t| !ids.contains(&Some(t.0))) {
                Some(t) => Err(format!("a text to phone user {}", t.0)),
                None => Ok(()),
            }
        }));
    parts.allowed = allow::texts_sent();
    parts.allowed.push(allow_added(
        "the supervisor's Venmo requests",
        "venmo",
        "payment_requests",
        |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
    ));
    parts.allowed.push(allow_notifications("venmo"));
    parts
}
