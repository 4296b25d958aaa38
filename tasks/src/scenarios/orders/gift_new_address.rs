//! "F just moved and texted me the new address. Save it in my Amazon addresses as
//! `F's new place` and send them the candle set (cheapest in-stock variant), gift wrapped,
//! paid with my valid card." The contact still holds the old home address; another friend
//! texted an address too. Variant 2 names the friend by the nickname the supervisor saved;
//! variant 3 buys two sets.

use super::{CHEAPEST, SELLER, VALID_CARD, only_order};
use crate::kit::amazon::product_id;
use crate::kit::changes::{added, allow_added};
use crate::kit::people::related_ids;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Script, Vals, allow};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    const CANDLE: &str = "Lumen Glow Candle Set";
    const NEAR: &str = "Lumen Glow Candle Set Refill";
    let (street, city, state, zip) = match g.variant {
        1 => ("4417 Larkspur Lane", "Boulder", "Colorado", 80302),
        2 => ("88 Harbor View Drive", "Portland", "Oregon", 97209),
        _ => ("1290 Willow Bend Road", "Madison", "Wisconsin", 53703),
    };
    let (o_street, o_city, o_state, o_zip) = ("501 Quarry Street", "Tacoma", "Washington", 98402);
    let units: i64 = if g.variant == 3 { 2 } else { 1 };
    let nick = ["Sparrow", "Toots", "Jelly"][g.variant as usize - 1];
    let save_as = format!("{}'s new place", friend.first_name);
    let text = format!(
        "Guess what, we finally moved! New address: {street}, {city}, {state}, United States, {zip}. Come visit!"
    );
    let other_text = format!(
        "Heads up, I changed apartments. The new one is {o_street}, {o_city}, {o_state}, United States, {o_zip}."
    );
    let who = match g.variant {
        2 => format!("{nick} (that's how they are saved in my phone)"),
        _ => format!("{} {}", friend.first_name, friend.last_name),
    };
    let instruction = match g.variant {
        1 => format!(
            "My friend {who} just moved and texted me their new address. Save it in my Amazon addresses as \"{save_as}\" and send them the {CANDLE} there as a housewarming gift: the cheapest variant in stock, gift wrapped, paid with my card that hasn't expired."
        ),
        2 => format!(
            "{who} texted me that they moved. Add their new address to my Amazon account under the name \"{save_as}\", then order the {CANDLE} (whichever variant is cheapest and in stock) gift wrapped to that address. Use my non-expired card."
        ),
        _ => format!(
            "{who} moved recently and sent me the new address by text. Please save it on Amazon as \"{save_as}\" and ship two {CANDLE}s there, both gift wrapped (cheapest variant that's in stock), charged to my valid card."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "amazon"];
    let (sup, fr_p, ot_p) = (p.clone(), friend.clone(), other.clone());
    let now = g.now;
    let variant = g.variant;
    parts.setup.push(step(move |s| {
        for v in CANDLES {
            s.add_amazon_product(("candle", CANDLE, v.0, v.1, v.2, v.3), SELLER)?;
        }
        s.add_amazon_product(("candle", NEAR, "white", "small", 9.5, 40), SELLER)?;
        s.add_amazon_card(
            &sup,
            "Wells Fargo Active",
            4_400_000_000_000_000 + sup.id * 6_143,
            2023,
            4,
            208,
            5_000.0,
        )?;
        s.set_amazon_cart(&sup, &[])?;
        s.add_text(&fr_p, &sup, &text, days_ago(now, 3, 19, 12))?;
        s.add_text(
            &sup,
            &fr_p,
            "Congrats!! Can't wait to see it",
            days_ago(now, 3, 19, 30),
        )?;
        s.add_text(&ot_p, &sup, &other_text, days_ago(now, 1, 10, 4))?;
        if variant == 2 {
            s.relabel_contact(&sup, &fr_p, nick, &["friend"])?;
        }
        Ok(())
    }));
    let contact_q = if g.variant == 2 {
        nick.to_string()
    } else {
        format!("{} {}", friend.first_name, friend.last_name)
    };
    let script = Script::parse(include_str!("gift_new_address.py"));
    let vals = |query: &str, wrap: &str| {
        Vals::new()
            .code("cheapest", CHEAPEST)
            .code("valid_card", VALID_CARD)
            .lit("query", query)
            .lit("name", &save_as)
            .lit("candle", CANDLE)
            .code("units", units)
            .code("wrap", wrap)
    };
    let right = vals(&contact_q, "True");
    parts.ground_truth = script.cells(&["logins", "find_texted", "order"], &right);
    let other_q = format!("{} {}", other.first_name, other.last_name);
    parts.wrong = vec![
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
    let (want_color, want_size) = CANDLES
        .iter()
        .filter(|v| v.3 > 0)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|v| (v.0, v.1))
        .unwrap_or(("", ""));
    let expected = format!("{street}\n{city}\n{state}\nUnited States\n{zip}");
    let last4 = format!("{:04}", p.payment_cards[0].card_number % 10_000);
    let save_c = save_as.clone();
    parts.checks = vec![
        Check::new(
            format!(
                "one new order holding {units} x {CANDLE} ({want_color}, {want_size}) and nothing else"
            ),
            move |ctx| {
                let (_, lines) = only_order(ctx)?;
                let want = product_id(ctx.db, CANDLE, want_color, want_size).unwrap_or(-1);
                let got: Vec<(i64, i64)> = lines.iter().map(|(k, v)| (*k, v.0)).collect();
                if got == vec![(want, units)] {
                    Ok(())
                } else {
                    Err(format!("the order holds {got:?}"))
                }
            },
        ),
        Check::new(format!("all {units} gift wrapped"), move |ctx| {
            let (_, lines) = only_order(ctx)?;
            if lines.values().all(|v| v.1 == units) {
                Ok(())
            } else {
                Err(format!("wrapped: {lines:?}"))
            }
        }),
        Check::new(format!("shipped to {street}, {city}"), {
            let expected = expected.clone();
            move |ctx| {
                let (o, _) = only_order(ctx)?;
                if o.get("address_text").as_str() == Some(expected.as_str()) {
                    Ok(())
                } else {
                    Err(format!("shipped to {:?}", o.get("address_text")))
                }
            }
        }),
        Check::new(
            format!("the address is saved as \"{save_as}\" with {street}, {city}, {state} {zip}"),
            move |ctx| {
                let rows = added(ctx, "amazon", "addresses");
                let ok = rows.iter().any(|r| {
                    r.get("name").as_str().map(str::trim) == Some(save_c.as_str())
                        && r.get("street_address").as_str() == Some(street)
                        && r.get("city").as_str() == Some(city)
                        && r.get("state").as_str() == Some(state)
                        && r.get("zip_code").as_i64() == Some(zip)
                });
                if ok && rows.len() == 1 {
                    Ok(())
                } else {
                    Err(format!("{} addresses added", rows.len()))
                }
            },
        ),
        Check::new(
            format!("paid with the card ending in {last4}, not the expired one"),
            move |ctx| {
                let (o, _) = only_order(ctx)?;
                if o.get("payment_card_digits").as_str() == Some(last4.as_str()) {
                    Ok(())
                } else {
                    Err(format!("paid with {:?}", o.get("payment_card_digits")))
                }
            },
        ),
    ];
    parts.allowed = allow::new_orders();
    parts.allowed.extend(allow::amazon_side_effects());
    parts.allowed.push(allow::cart());
    parts.allowed.push(allow_new_address());
    parts
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
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("amazon"),
    )
}
