//! "I ordered the air purifier for our flat last week; ask each roommate on Venmo for an equal
//! share of what that order cost, with the note `Amazon order #<id>`." An older order holds
//! the purifier's filters (a near miss); a newer one is the supervisor's own. Variant 2 finds
//! the roommates by label although one is saved under a nickname; variant 3 leaves the gift
//! wrap the supervisor added for themselves out of the split.

use super::SELLER;
use crate::eval::EvalCtx;
use crate::kit::amazon::{new_orders, order_at};
use crate::kit::db::one;
use crate::kit::money::same_amount;
use crate::kit::people::related_ids;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::venmo::requests_sent;
use crate::kit::{Script, Vals, allow};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use rusqlite::Connection;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Roommate)
    });
    let mates: Vec<Person> = related_ids(g.population, &p, Relation::Roommate)
        .into_iter()
        .map(|id| g.person(id))
        .collect();
    const PURIFIER: &str = "Breezeline Air Purifier";
    const FILTERS: &str = "Breezeline Air Purifier Filters";
    const RUG: &str = "Tidewell Woven Area Rug";
    const SPEAKER: &str = "Kestrel Pocket Speaker";
    let now = g.now;
    let flat_at = days_ago(now, 6, 18, 25);
    let filters_at = days_ago(now, 40, 12, 10);
    let own_at = days_ago(now, 2, 9, 45);
    let wrap = g.variant == 3;
    // Purifier 149.0 + rug 2 x 64.5 = 278.0; tax 27.8; delivery 6.0; wrap 5.0 (variant 3).
    let items = 149.0 + 2.0 * 64.5;
    let paid = sim::num::round2(items + sim::num::round2(items * 0.1) + 6.0);
    let n = mates.len() as f64 + 1.0;
    let share = sim::num::round2(paid / n);
    let nick = ["Bean", "Pickle", "Sparky"][g.variant as usize - 1];
    let instruction = match g.variant {
        1 => "Last week I ordered an air purifier and a rug for our flat on Amazon. Ask each of my roommates on Venmo for an equal share of what that order cost (split between all of us, me included), with the note \"Amazon order #<the order's id>\".".to_string(),
        2 => "I paid for the air purifier order on Amazon last week (it was for the whole flat, the rug too). Send each roommate a Venmo request for their equal share of the order total, me included in the split; note: \"Amazon order #<order id>\". My roommates are labelled as such in my contacts.".to_string(),
        _ => "Split last week's Amazon order with the air purifier and rug equally among my roommates and me, and request each roommate's share on Venmo with the note \"Amazon order #<order id>\". I gift-wrapped the rug for a housewarming surprise, so leave the gift wrap fee out of what we split.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "amazon", "phone", "venmo"];
    let sup = p.clone();
    let (variant, first_mate) = (g.variant, mates[0].clone());
    parts.setup.push(step(move |s| {
        let purifier = s.add_amazon_product(
            ("air purifier", PURIFIER, "white", "medium", 149.0, 10),
            SELLER,
        )?;
        let filters = s.add_amazon_product(
            ("air purifier filter", FILTERS, "white", "small", 29.99, 40),
            SELLER,
        )?;
        let rug = s.add_amazon_product(("rug", RUG, "beige", "large", 64.5, 9), SELLER)?;
        let speaker =
            s.add_amazon_product(("speaker", SPEAKER, "black", "small", 39.0, 25), SELLER)?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(filters, 2, 29.99, 0, 0, true)],
            6.0,
            0.0,
            filters_at,
        )?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[
                (purifier, 1, 149.0, 0, 0, true),
                (rug, 2, 64.5, 0, i64::from(wrap), true),
            ],
            6.0,
            0.0,
            flat_at,
        )?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(speaker, 1, 39.0, 0, 0, true)],
            6.0,
            0.0,
            own_at,
        )?;
        if variant == 2 {
            s.relabel_contact(&sup, &first_mate, nick, &["roommate", "friend"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("order_share_venmo.py"));
    // `find` the order holding `name`, less `fee`; `request` `share` with `note`.
    let solve = |name: &str, fee: &str, share: &str, note: &str| {
        let vals = Vals::new()
            .lit("name", name)
            .code("fee", fee)
            .code("share", share)
            .code("note", note);
        script.cells(&["logins", "find", "request"], &vals)
    };
    let fee = if wrap {
        "target[\"gift_wrap_fee\"]"
    } else {
        "0"
    };
    let right_share = "round(cost / (len(mates) + 1), 2)";
    let right_note = "\"Amazon order #\" + str(target[\"order_id\"])";
    parts.ground_truth = solve(PURIFIER, fee, right_share, right_note);
    parts.wrong = vec![
        solution(
            "splits the older order with the purifier's filters",
            solve(FILTERS, "0", right_share, right_note),
        ),
        solution(
            "asks each roommate for the whole order, not a share",
            solve(PURIFIER, fee, "round(cost, 2)", right_note),
        ),
        solution(
            "leaves the order id out of the note",
            solve(PURIFIER, fee, right_share, "\"Amazon order\""),
        ),
    ];
    if wrap {
        parts.wrong.push(solution(
            "splits the gift wrap fee too",
            solve(PURIFIER, "0", right_share, right_note),
        ));
    } else {
        parts.wrong.push(solution(
            "leaves the supervisor out of the split",
            solve(PURIFIER, fee, "round(cost / len(mates), 2)", right_note),
        ));
    }
    let emails: Vec<String> = mates.iter().map(|m| m.email.clone()).collect();
    let e1 = emails.clone();
    let e2 = emails.clone();
    let note_for =
        move |ctx: &EvalCtx| format!("Amazon order #{}", order_at(ctx, flat_at).unwrap_or(-1));
    parts.checks = vec![
        Check::new(
            format!("one Venmo request to each roommate ({})", emails.join(", ")),
            move |ctx| {
                let want = venmo_ids(ctx.db, &e1);
                let got: Vec<i64> = requests_sent(ctx).iter().map(|r| r.receiver).collect();
                for id in &want {
                    let k = got.iter().filter(|g| *g == id).count();
                    if k != 1 {
                        return Err(format!("{k} requests to venmo user {id}"));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("each asks for an equal share of ${paid:.2}: ${share:.2}"),
            move |ctx| {
                let got = requests_sent(ctx);
                match got.iter().find(|r| !same_amount(r.amount, share)) {
                    Some(r) => Err(format!("a request for ${}", r.amount)),
                    None if got.is_empty() => Err("no request".into()),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            "each has the note \"Amazon order #<id of last week's order>\"",
            move |ctx| {
                let want = note_for(ctx);
                let got = requests_sent(ctx);
                match got.iter().find(|r| r.description.trim() != want) {
                    Some(r) => Err(format!(
                        "a request noted {:?}, wanted {want:?}",
                        r.description
                    )),
                    None if got.is_empty() => Err("no request".into()),
                    None => Ok(()),
                }
            },
        ),
        Check::new("no request to anyone else", move |ctx| {
            let want = venmo_ids(ctx.db, &e2);
            match requests_sent(ctx)
                .iter()
                .find(|r| !want.contains(&r.receiver))
            {
                Some(r) => Err(format!("a request to venmo user {}", r.receiver)),
                None => Ok(()),
            }
        }),
        Check::new("no new Amazon order", |ctx| {
            let n = new_orders(ctx).len();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} orders placed"))
            }
        }),
    ];
    parts.allowed = allow::venmo_requests();
    parts
}

/// Venmo ids of people by e-mail.
fn venmo_ids(db: &Connection, emails: &[String]) -> Vec<i64> {
    emails
        .iter()
        .filter_map(|e| one(db, "SELECT id FROM venmo.users WHERE email = ?1", [e]))
        .collect()
}
