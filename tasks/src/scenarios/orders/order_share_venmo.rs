//! "I ordered the air purifier for our flat last week; ask each roommate on Venmo for an equal
//! share of what that order cost, with the note `Amazon order #<id>`." An older order holds
//! the purifier's filters (a near miss); a newer one is the supervisor's own. Variant 2 finds
//! the roommates by label although one is saved under a nickname; variant 3 leaves the gift
//! wrap the supervisor added for themselves out of the split.

use super::SELLER;
use crate::kit::amazon::{no_new_order, order_at};
use crate::kit::people::related_ids;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::venmo::requests_sent;
use crate::kit::venmo::{each_request_for, ids_by_email};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;
use rusqlite::Connection;

const PURIFIER: &str = "Breezeline Air Purifier";
const FILTERS: &str = "Breezeline Air Purifier Filters";
const RUG: &str = "Tidewell Woven Area Rug";
const SPEAKER: &str = "Kestrel Pocket Speaker";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    mates: Vec<Person>,
    /// When the flat's order, the older filters order and the supervisor's own were placed.
    flat_at: NaiveDateTime,
    filters_at: NaiveDateTime,
    own_at: NaiveDateTime,
    /// Variant 3: one rug is gift wrapped (the fee stays out of the split).
    wrap: bool,
    /// What the order cost (less the wrap), and each one's share.
    paid: f64,
    share: f64,
    /// Variant 2: the first roommate's nickname in the supervisor's phone.
    nick: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "amazon", "phone", "venmo"];
    const SCRIPT: &str = include_str!("order_share_venmo.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let now = g.now;
        // Purifier 149.0 + rug 2 x 64.5 = 278.0; tax 27.8; delivery 6.0; wrap 5.0 (variant 3).
        let items = 149.0 + 2.0 * 64.5;
        let paid = sim::num::round2(items + sim::num::round2(items * 0.1) + 6.0);
        let n = mates.len() as f64 + 1.0;
        let share = sim::num::round2(paid / n);
        Values {
            variant: g.variant,
            supervisor: p,
            mates,
            flat_at: days_ago(now, 6, 18, 25),
            filters_at: days_ago(now, 40, 12, 10),
            own_at: days_ago(now, 2, 9, 45),
            wrap: g.variant == 3,
            paid,
            share,
            nick: ["Bean", "Pickle", "Sparky"][g.variant as usize - 1],
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "Last week I ordered an air purifier and two rugs for our flat on Amazon. Ask each of my roommates on Venmo for an equal share of what that order cost (split between all of us, me included), with the note \"Amazon order #<the order's id>\".".to_string(),
            2 => "I paid for the air purifier order on Amazon last week (it was for the whole flat, the two rugs too). Send each roommate a Venmo request for their equal share of the order total, me included in the split; note: \"Amazon order #<order id>\". My roommates are labelled as such in my contacts.".to_string(),
            _ => "Split last week's Amazon order with the air purifier and the two rugs equally among my roommates and me, and request each roommate's share on Venmo with the note \"Amazon order #<order id>\". I had one of the rugs gift-wrapped for a housewarming surprise, so leave the gift wrap fee out of what we split.".to_string(),
        }
    }

    /// The products, the three orders and (variant 2) the nickname.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
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
                sup,
                "Home",
                None,
                &[(filters, 2, 29.99, 0, 0, true)],
                6.0,
                0.0,
                v.filters_at,
            )?;
            s.add_amazon_order(
                sup,
                "Home",
                None,
                &[
                    (purifier, 1, 149.0, 0, 0, true),
                    (rug, 2, 64.5, 0, i64::from(v.wrap), true),
                ],
                6.0,
                0.0,
                v.flat_at,
            )?;
            s.add_amazon_order(
                sup,
                "Home",
                None,
                &[(speaker, 1, 39.0, 0, 0, true)],
                6.0,
                0.0,
                v.own_at,
            )?;
            if v.variant == 2 {
                s.relabel_contact(sup, &v.mates[0], v.nick, &["roommate", "friend"])?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `find` the order holding `name`, less `fee`; `request` `share` with `note`.
        let solve = |name: &str, fee: &str, share: &str, note: &str| {
            let vals = Vals::new()
                .lit("name", name)
                .code("fee", fee)
                .code("share", share)
                .code("note", note);
            script.cells(&["logins", "find", "request"], &vals)
        };
        let fee = if v.wrap {
            "target[\"gift_wrap_fee\"]"
        } else {
            "0"
        };
        let right_share = "round(cost / (len(mates) + 1), 2)";
        let right_note = "\"Amazon order #\" + str(target[\"order_id\"])";
        let ground_truth = solve(PURIFIER, fee, right_share, right_note);
        let mut wrong = vec![
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
        if v.wrap {
            wrong.push(solution(
                "splits the gift wrap fee too",
                solve(PURIFIER, "0", right_share, right_note),
            ));
        } else {
            wrong.push(solution(
                "leaves the supervisor out of the split",
                solve(PURIFIER, fee, "round(cost / len(mates), 2)", right_note),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let emails: Vec<&str> = v.mates.iter().map(|m| m.email.as_str()).collect();
        vec![
            v.check(
                format!("one Venmo request to each roommate ({})", emails.join(", ")),
                |v, ctx| {
                    let want = v.mate_ids(ctx.db);
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
            v.check(
                format!(
                    "each asks for an equal share of ${:.2}: ${:.2}",
                    v.paid, v.share
                ),
                |v, ctx| each_request_for(ctx, v.share),
            ),
            v.check(
                "each has the note \"Amazon order #<id of last week's order>\"",
                |v, ctx| {
                    let want = format!("Amazon order #{}", order_at(ctx, v.flat_at).unwrap_or(-1));
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
            v.check("no request to anyone else", |v, ctx| {
                let want = v.mate_ids(ctx.db);
                match requests_sent(ctx)
                    .iter()
                    .find(|r| !want.contains(&r.receiver))
                {
                    Some(r) => Err(format!("a request to venmo user {}", r.receiver)),
                    None => Ok(()),
                }
            }),
            no_new_order("no new Amazon order"),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::venmo_requests()
    }
}

impl Values {
    /// The roommates' Venmo ids.
    fn mate_ids(&self, db: &Connection) -> Vec<i64> {
        let emails: Vec<String> = self.mates.iter().map(|m| m.email.clone()).collect();
        ids_by_email(db, &emails)
    }
}
