//! "My roommate texted that they already bought some of the things in my cart. Take those out
//! and order the rest, to my home with my valid card." A friend's text names another cart
//! item (which stays), the cart holds a near-miss of a named item. Variant 2 finds the roommate
//! under a nickname; variant 3 spreads the roommate's news over two texts.

use super::{SELLER, VALID_CARD, only_order};
use crate::kit::amazon::{address_lines, end_cart, product_named};
use crate::kit::people::related_ids;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Script, Vals, allow};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use std::collections::BTreeMap;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        p.payment_cards.len() == 1
            && pop
                .relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == Relation::Roommate)
            && pop
                .relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == Relation::Friend)
    });
    let mate = g.person(related_ids(g.population, &p, Relation::Roommate)[0]);
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    // (type, name, price, units in the cart, bought by the roommate)
    let cart: Vec<(&str, &str, f64, i64, bool)> = vec![
        ("dish rack", "Harbor Steel Dish Rack", 32.0, 1, true),
        (
            "shower curtain",
            "Tidewell Linen Shower Curtain",
            24.5,
            1,
            g.variant != 2,
        ),
        ("doormat", "Juniper Coir Doormat", 18.0, 1, g.variant == 2),
        ("trash can", "Marlow Step Trash Can", 45.0, 1, false),
        ("light bulb", "Kestrel LED Light Bulbs", 12.0, 2, false),
        ("dish rack", "Harbor Steel Dish Rack Tray", 11.0, 1, false),
    ];
    let bought: Vec<&str> = cart.iter().filter(|c| c.4).map(|c| c.1).collect();
    let friend_item = "Marlow Step Trash Can";
    let nick = ["Moose", "Bean", "Ziggy"][g.variant as usize - 1];
    let texts: Vec<String> = if g.variant == 3 {
        vec![
            format!("Btw I grabbed the {} on my way home today.", bought[0]),
            format!("Oh and the {} too, so don't order those!", bought[1]),
        ]
    } else {
        vec![format!(
            "Hey, I already bought the {} and the {} for the flat, so don't order them.",
            bought[0], bought[1]
        )]
    };
    let who = if g.variant == 2 {
        format!("my roommate ({nick} in my contacts)")
    } else {
        "my roommate".to_string()
    };
    let instruction = match g.variant {
        1 => format!(
            "Before you check out my Amazon cart: {who} texted me this week about things from it they already bought. Remove those from the cart, then order everything else in one order to my home address with my card that hasn't expired."
        ),
        2 => format!(
            "{who} told me by text which of the things in my Amazon cart they already got. Take those out of the cart and place the order for the rest, shipped home, paid with my non-expired card."
        ),
        _ => format!(
            "Check out my Amazon cart to my home address with my valid card, but first delete from it whatever {who} texted me they already bought this week."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "amazon"];
    let (sup, m, f) = (p.clone(), mate.clone(), friend.clone());
    let now = g.now;
    let variant = g.variant;
    let cart_c = cart.clone();
    parts.setup.push(step(move |s| {
        let mut entries = Vec::new();
        for (ptype, name, price, units, _) in &cart_c {
            entries.push((
                s.add_amazon_product((ptype, name, "gray", "medium", *price, 30), SELLER)?,
                *units,
            ));
        }
        s.set_amazon_cart(&sup, &entries)?;
        s.add_amazon_card(
            &sup,
            "Citi Rewards",
            5_500_000_000_000_000 + sup.id * 4_421,
            2023,
            1,
            118,
            3_000.0,
        )?;
        for (k, t) in texts.iter().enumerate() {
            s.add_text(&m, &sup, t, days_ago(now, 2, 18, 10 + k as u32 * 7))?;
        }
        s.add_text(
            &f,
            &sup,
            &format!("I already got the {friend_item} for my place, love it"),
            days_ago(now, 1, 12, 0),
        )?;
        if variant == 2 {
            s.relabel_contact(&sup, &m, nick, &["roommate"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("cart_minus_roommate.py"));
    let vals = |relationship: &str, remove: &str| {
        Vals::new()
            .lit("relationship", relationship)
            .code("remove", remove)
            .code("valid_card", VALID_CARD)
    };
    let right = vals("roommate", "True");
    parts.ground_truth = script.cells(&["logins", "checkout"], &right);
    parts.wrong = vec![
        solution(
            "orders the whole cart",
            script.cells(&["logins", "checkout"], &vals("roommate", "False")),
        ),
        solution(
            "removes what a friend texted about",
            script.cells(&["logins", "checkout"], &vals("friend", "True")),
        ),
        solution(
            "also drops the near-miss tray",
            script.cells(&["logins", "checkout_dropping_tray"], &right),
        ),
    ];
    let home = p
        .addresses
        .iter()
        .find(|a| a.name == "Home")
        .map(address_lines)
        .unwrap_or_default();
    let last4 = format!("{:04}", p.payment_cards[0].card_number % 10_000);
    let keep: Vec<(&'static str, i64)> = cart.iter().filter(|c| !c.4).map(|c| (c.1, c.3)).collect();
    let keep_names: Vec<&str> = keep.iter().map(|k| k.0).collect();
    let keep_c = keep.clone();
    parts.checks = vec![
        Check::new(
            format!("one order holding exactly {}", keep_names.join(", ")),
            move |ctx| {
                let (_, lines) = only_order(ctx)?;
                let want: BTreeMap<i64, i64> = keep_c
                    .iter()
                    .map(|(n, q)| (product_named(ctx.db, n).unwrap_or(-1), *q))
                    .collect();
                let got: BTreeMap<i64, i64> = lines.iter().map(|(k, v)| (*k, v.0)).collect();
                if got == want {
                    Ok(())
                } else {
                    Err(format!("ordered {got:?}, wanted {want:?}"))
                }
            },
        ),
        Check::new(format!("not ordered: {}", bought.join(", ")), {
            let bought: Vec<&'static str> = bought.clone();
            move |ctx| {
                let (_, lines) = only_order(ctx)?;
                for n in &bought {
                    if lines.contains_key(&product_named(ctx.db, n).unwrap_or(-1)) {
                        return Err(format!("{n} ordered"));
                    }
                }
                Ok(())
            }
        }),
        Check::new("the cart ends empty", |ctx| {
            let end = end_cart(ctx);
            if end.is_empty() {
                Ok(())
            } else {
                Err(format!("cart: {end:?}"))
            }
        }),
        Check::new("shipped to the supervisor's home address", move |ctx| {
            let (o, _) = only_order(ctx)?;
            if o.get("address_text").as_str() == Some(home.as_str()) {
                Ok(())
            } else {
                Err(format!("shipped to {:?}", o.get("address_text")))
            }
        }),
        Check::new(
            format!("paid with the card ending in {last4}, not the expired Citi Rewards"),
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
    parts
}
