//! "F just moved and texted me the new address. Save it in my Amazon addresses as
//! `F's new place` and send them the candle set (cheapest in-stock variant), gift wrapped,
//! paid with my valid card." The contact still holds the old home address; another friend
//! texted an address too. Variant 2 names the friend by the nickname the supervisor saved;
//! variant 3 buys two sets.

use super::{CHEAPEST, SELLER, VALID_CARD, only_order, paid_with_valid_card};
use crate::kit::amazon;
use crate::kit::amazon::{addresses_added, product_id};
use crate::kit::changes::allow_added;
use crate::kit::people::related_ids;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use crate::setup::Card;
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;

/// The gift.
const CANDLE: &str = "Lumen Glow Candle Set";
/// A near-miss product.
const NEAR: &str = "Lumen Glow Candle Set Refill";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend who moved, and another friend who texted an address too.
    friend: Person,
    other: Person,
    now: NaiveDateTime,
    /// The new address: street, city, state, zip.
    street: &'static str,
    city: &'static str,
    state: &'static str,
    zip: i64,
    units: i64,
    /// Variant 2: the friend's name in the supervisor's phone.
    nick: &'static str,
    /// The saved address's name.
    save_as: String,
    /// The friend's and the other friend's texts.
    text: String,
    other_text: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "amazon"];
    const SCRIPT: &str = include_str!("gift_new_address.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            p.payment_cards.len() == 1
                && pop
                    .relations_of(p.id)
                    .iter()
                    .filter(|(r, _)| *r == Relation::Friend)
                    .count()
                    >= 2
        });
        let fr = related_ids(g.population, &p, Relation::Friend);
        let friend = g.person(fr[(g.variant as usize - 1) % fr.len()]);
        let other = g.person(fr[g.variant as usize % fr.len()]);
        let (street, city, state, zip) = match g.variant {
            1 => ("4417 Larkspur Lane", "Boulder", "Colorado", 80302),
            2 => ("88 Harbor View Drive", "Portland", "Oregon", 97209),
            _ => ("1290 Willow Bend Road", "Madison", "Wisconsin", 53703),
        };
        let (o_street, o_city, o_state, o_zip) =
            ("501 Quarry Street", "Tacoma", "Washington", 98402);
        let units: i64 = if g.variant == 3 { 2 } else { 1 };
        let nick = ["Sparrow", "Toots", "Jelly"][g.variant as usize - 1];
        let save_as = format!("{}'s new place", friend.first_name);
        let text = format!(
            "Guess what, we finally moved! New address: {street}, {city}, {state}, United States, {zip}. Come visit!"
        );
        let other_text = format!(
            "Heads up, I changed apartments. The new one is {o_street}, {o_city}, {o_state}, United States, {o_zip}."
        );
        Values {
            variant: g.variant,
            supervisor: p,
            friend,
            other,
            now: g.now,
            street,
            city,
            state,
            zip,
            units,
            nick,
            save_as,
            text,
            other_text,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let who = match v.variant {
            2 => format!("{} (that's how they are saved in my phone)", v.nick),
            _ => format!("{} {}", v.friend.first_name, v.friend.last_name),
        };
        let save_as = &v.save_as;
        match v.variant {
            1 => format!(
                "My friend {who} just moved and texted me their new address. Save it in my Amazon addresses as \"{save_as}\" and send them the {CANDLE} there as a housewarming gift: the cheapest variant in stock, gift wrapped, paid with my card that hasn't expired."
            ),
            2 => format!(
                "{who} texted me that they moved. Add their new address to my Amazon account under the name \"{save_as}\", then order the {CANDLE} (whichever variant is cheapest and in stock) gift wrapped to that address. Use my non-expired card."
            ),
            _ => format!(
                "{who} moved recently and sent me the new address by text. Please save it on Amazon as \"{save_as}\" and ship two {CANDLE}s there, both gift wrapped (cheapest variant that's in stock), charged to my valid card."
            ),
        }
    }

    /// The candle sets, an expired card, an empty cart, the texts and (variant 2) the nickname.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, fr_p, now) = (&v.supervisor, &v.friend, v.now);
            for c in CANDLES {
                s.add_amazon_product(("candle", CANDLE, c.0, c.1, c.2, c.3), SELLER)?;
            }
            s.add_amazon_product(("candle", NEAR, "white", "small", 9.5, 40), SELLER)?;
            s.add_amazon_card(
                sup,
                Card {
                    name: "Wells Fargo Active",
                    number: 4_400_000_000_000_000 + sup.id * 6_143,
                    expiry: (2023, 4),
                    cvv: 208,
                },
                5_000.0,
            )?;
            s.set_amazon_cart(sup, &[])?;
            s.add_text(fr_p, sup, &v.text, days_ago(now, 3, 19, 12))?;
            s.add_text(
                sup,
                fr_p,
                "Congrats!! Can't wait to see it",
                days_ago(now, 3, 19, 30),
            )?;
            s.add_text(&v.other, sup, &v.other_text, days_ago(now, 1, 10, 4))?;
            if v.variant == 2 {
                s.relabel_contact(sup, fr_p, v.nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let contact_q = if v.variant == 2 {
            v.nick.to_string()
        } else {
            format!("{} {}", v.friend.first_name, v.friend.last_name)
        };
        let vals = |query: &str, wrap: &str| {
            Vals::new()
                .code("cheapest", CHEAPEST)
                .code("valid_card", VALID_CARD)
                .lit("query", query)
                .lit("name", &v.save_as)
                .lit("candle", CANDLE)
                .code("units", v.units)
                .code("wrap", wrap)
        };
        let right = vals(&contact_q, "True");
        let ground_truth = script.cells(&["logins", "find_texted", "order"], &right);
        let other_q = format!("{} {}", v.other.first_name, v.other.last_name);
        let wrong = vec![
            solution(
                "ships to the old home address in the contact",
                script.cells(&["logins", "find_in_contact", "order"], &right),
            ),
            solution(
                "uses the address another friend texted",
                script.cells(&["logins", "find_texted", "order"], &vals(&other_q, "True")),
            ),
            solution(
                "forgets the gift wrap",
                script.cells(
                    &["logins", "find_texted", "order"],
                    &vals(&contact_q, "False"),
                ),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (want_color, want_size) = wanted_candle();
        let (units, street, city) = (v.units, v.street, v.city);
        vec![
            v.check(
                format!(
                    "one new order holding {units} x {CANDLE} ({want_color}, {want_size}) and nothing else"
                ),
                |v, ctx| {
                    let (want_color, want_size) = wanted_candle();
                    let (_, lines) = only_order(ctx)?;
                    let want = product_id(ctx.db, CANDLE, want_color, want_size).unwrap_or(-1);
                    let got: Vec<(i64, i64)> = lines.iter().map(|(k, v)| (*k, v.0)).collect();
                    if got == vec![(want, v.units)] {
                        Ok(())
                    } else {
                        Err(format!("the order holds {got:?}"))
                    }
                },
            ),
            v.check(format!("all {units} gift wrapped"), |v, ctx| {
                let (_, lines) = only_order(ctx)?;
                if lines.values().all(|x| x.1 == v.units) {
                    Ok(())
                } else {
                    Err(format!("wrapped: {lines:?}"))
                }
            }),
            v.check(format!("shipped to {street}, {city}"), |v, ctx| {
                let expected = format!(
                    "{}\n{}\n{}\nUnited States\n{}",
                    v.street, v.city, v.state, v.zip
                );
                let (o, _) = only_order(ctx)?;
                if o.get("address_text").as_str() == Some(expected.as_str()) {
                    Ok(())
                } else {
                    Err(format!("shipped to {:?}", o.get("address_text")))
                }
            }),
            v.check(
                format!(
                    "the address is saved as \"{}\" with {street}, {city}, {} {}",
                    v.save_as, v.state, v.zip
                ),
                |v, ctx| {
                    let rows = addresses_added(ctx);
                    let ok = rows.iter().any(|a| {
                        a.name.as_deref() == Some(v.save_as.as_str())
                            && a.street.as_deref() == Some(v.street)
                            && a.city.as_deref() == Some(v.city)
                            && a.state.as_deref() == Some(v.state)
                            && a.zip == Some(v.zip)
                    });
                    if ok && rows.len() == 1 {
                        Ok(())
                    } else {
                        Err(format!("{} addresses added", rows.len()))
                    }
                },
            ),
            paid_with_valid_card(&v.supervisor, "not the expired one"),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::new_orders();
        allowed.extend(allow::amazon_side_effects());
        allowed.push(allow::cart());
        allowed.push(allow_new_address());
        allowed
    }
}

/// The cheapest in-stock candle set: (colour, size).
fn wanted_candle() -> (&'static str, &'static str) {
    CANDLES
        .iter()
        .filter(|v| v.3 > 0)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|v| (v.0, v.1))
        .unwrap_or(("", ""))
}

/// The variants of the candle set a gift task adds: (colour, size, price, stock).
const CANDLES: &[(&str, &str, f64, i64)] = &[
    ("white", "small", 21.0, 0),
    ("amber", "medium", 24.0, 7),
    ("white", "large", 29.5, 15),
    ("green", "medium", 22.5, 4),
];

/// Allows the supervisor's new amazon addresses.
fn allow_new_address() -> Allow {
    allow_added(
        "the supervisor's new amazon address",
        "amazon",
        "addresses",
        amazon::is_mine,
    )
}
