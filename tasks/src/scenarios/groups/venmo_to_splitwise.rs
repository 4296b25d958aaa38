//! "My roommates paid me back on Venmo this month; record each of those payments in our
//! Roommates group on Splitwise (same amount and note)." Near misses: a payment the supervisor
//! sent a roommate, April's payments, a friend's payment this month. Variant 2 stores a
//! roommate under a nickname; variant 3 adds a payment on the 1st.

use super::nickname;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::text::same_text;
use crate::kit::time::on;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        !related(pop, p, Relation::Roommate).is_empty()
            && !related(pop, p, Relation::Friend).is_empty()
    });
    let v = g.variant;
    let mates = related(pop, &p, Relation::Roommate);
    let friend = related(pop, &p, Relation::Friend)[0].clone();
    let now = g.now;
    let month_start = NaiveDate::from_ymd_opt(2023, 5, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or(now);
    // (from, to, cents, note, at, counts)
    let mut pays: Vec<(Person, Person, i64, String, NaiveDateTime, bool)> = Vec::new();
    let notes = [
        "Internet share",
        "Groceries",
        "Electricity - April",
        "Pizza night",
    ];
    for (i, note) in notes.iter().enumerate().take(3) {
        let m = &mates[i % mates.len()];
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        let at = on(2023, 5, 3 + 4 * i as u32, 19, 10 + i as u32);
        pays.push((m.clone(), p.clone(), c, note.to_string(), at, true));
    }
    if v == 3 {
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        pays.push((
            mates[0].clone(),
            p.clone(),
            c,
            notes[3].to_string(),
            on(2023, 5, 1, 8, 5),
            true,
        ));
    }
    let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
    pays.push((
        p.clone(),
        mates[0].clone(),
        c,
        "Cleaning supplies".into(),
        on(2023, 5, 9, 12, 0),
        false,
    ));
    let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
    pays.push((
        mates[0].clone(),
        p.clone(),
        c,
        "Water bill".into(),
        on(2023, 4, 27, 20, 0),
        false,
    ));
    let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
    pays.push((
        friend.clone(),
        p.clone(),
        c,
        "Concert tickets".into(),
        on(2023, 5, 10, 21, 0),
        false,
    ));
    let counted: Vec<(Person, i64, String)> = pays
        .iter()
        .filter(|x| x.5)
        .map(|x| (x.0.clone(), x.2, x.3.clone()))
        .collect();
    let instruction = match v {
        1 => "My roommate paid me back a few times on Venmo this month. Record each of those Venmo payments as a payment in our Roommates group on Splitwise, with the same amount and note.".to_string(),
        2 => "Every Venmo payment I received from my roommates so far this month should also be on Splitwise: add each one as a payment from them to me in our Roommates group, using the Venmo note as the description.".to_string(),
        _ => "Sync Splitwise with Venmo: for each payment my roommates sent me on Venmo this month, record a matching payment (same amount, Venmo note as description) in our Roommates group.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo", "splitwise"];
    let (sup, ms, pays_s, fr) = (p.clone(), mates.clone(), pays.clone(), friend.clone());
    let nick = nickname(pop, &p, 2);
    parts.setup.push(step(move |s| {
        for m in ms.iter().chain(std::iter::once(&fr)) {
            s.remove_venmo_transactions_between(&sup, m, month_start - Duration::days(10), now)?;
        }
        if v == 2 {
            s.relabel_contact(&sup, &ms[0], &nick, &["roommate"])?;
        }
        for (from, to, c, note, at, _) in &pays_s {
            s.add_venmo_payment(from, to, usd(*c), note, *at)?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("venmo_to_splitwise.py"));
    let cells = |find: &str, record: &str| script.cells(&["logins", find, record], &Vals::new());
    parts.ground_truth = cells("find", "record");
    parts.wrong = vec![
        solution(
            "records the payments the supervisor sent too",
            cells("find_sent_too", "record"),
        ),
        solution(
            "takes every payment from them, April's too",
            cells("find_all_time", "record"),
        ),
        solution(
            "records them outside the group",
            cells("find", "record_outside_group"),
        ),
        solution("swaps payer and receiver", cells("find", "record_swapped")),
    ];
    let shown = counted
        .iter()
        .map(|(m, c, n)| format!("{} ${} \"{n}\"", m.first_name, c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    let (k1, k2, k3) = (counted.clone(), counted.clone(), counted.clone());
    let n_want = counted.len();
    let group_of = |ctx: &EvalCtx| -> Option<i64> {
        let me = ctx.user_id("splitwise")?;
        ctx.db
            .query_row_cached(
                "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
                 WHERE m.user_id = ?1 AND g.name = 'Roommates' ORDER BY g.id LIMIT 1",
                [me],
                |r| r.get(0),
            )
            .ok()
    };
    parts.checks = vec![
        Check::new(
            format!("{n_want} Splitwise payments recorded"),
            move |ctx| match new_payments(ctx).len() {
                n if n == n_want => Ok(()),
                n => Err(format!("{n} payments")),
            },
        ),
        Check::new(format!("one for each Venmo payment: {shown}"), move |ctx| {
            let mut got = new_payments(ctx);
            for (m, c, _) in &k1 {
                let id = uid(ctx, "splitwise", &m.email);
                match got
                    .iter()
                    .position(|x| Some(x.1) == id && same_amount(x.3, usd(*c)))
                {
                    Some(i) => {
                        got.remove(i);
                    }
                    None => return Err(format!("none of ${} from {}", c2(*c), m.first_name)),
                }
            }
            Ok(())
        }),
        Check::new("each is paid to the supervisor", move |ctx| {
            let me = ctx.user_id("splitwise").unwrap_or(0);
            match new_payments(ctx).iter().find(|x| x.2 != me) {
                Some(x) => Err(format!("${} received by user {}", x.3, x.2)),
                None => Ok(()),
            }
        }),
        Check::new("each is in the Roommates group", move |ctx| {
            let gid = group_of(ctx);
            match new_payments(ctx)
                .iter()
                .find(|x| x.0 != gid || gid.is_none())
            {
                Some(x) => Err(format!("${} in group {:?}", x.3, x.0)),
                None => Ok(()),
            }
        }),
        Check::new("each has its Venmo note as description", move |ctx| {
            let got = new_payments(ctx);
            for (_, c, n) in &k2 {
                if !got
                    .iter()
                    .any(|x| same_amount(x.3, usd(*c)) && same_text(&x.4, n))
                {
                    return Err(format!("no payment described \"{n}\""));
                }
            }
            Ok(())
        }),
        Check::new("nothing recorded for other Venmo payments", move |ctx| {
            let want: Vec<f64> = k3.iter().map(|x| usd(x.1)).collect();
            match new_payments(ctx)
                .iter()
                .find(|x| !want.iter().any(|w| same_amount(*w, x.3)))
            {
                Some(x) => Err(format!("a payment of ${}", x.3)),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the recorded payments",
            "splitwise",
            "payments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow::splitwise_notifications(),
    ];
    parts
}

/// The Splitwise payments the episode added: (group, payer, receiver, amount, description).
fn new_payments(ctx: &EvalCtx) -> Vec<(Option<i64>, i64, i64, f64, String)> {
    added(ctx, "splitwise", "payments")
        .into_iter()
        .map(|r| {
            (
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64().unwrap_or(0),
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}
