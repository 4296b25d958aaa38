//! "Buy my friend F the cheapest in-stock variant of product P in colour C, gift wrapped,
//! shipped to their home address (from my contacts), with my card that has not expired; keep
//! the rest of my cart." The cheapest variant in that colour is out of stock, a cheaper one
//! has another colour, a near-miss product has a similar name; the supervisor also has an
//! expired card saved. Variant 2 finds the friend under a nickname; variant 3 is for a
//! coworker and ships to the supervisor's work address.

use super::{FIND_CONTACT, NICKNAMES, SELLER, friends};
use crate::kit::allow;
use crate::kit::amazon::{
    address_lines, end_cart, new_orders, product_id, start_cart, stocked_products,
};
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        p.payment_cards.len() == 1
            && p.addresses.iter().any(|a| a.name == "Work")
            && pop
                .relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == Relation::Friend)
    });
    let friend_ids = friends(g, &p);
    let friend = g.person(friend_ids[(g.variant as usize - 1) % friend_ids.len()]);
    // (type, name, colour, variants (colour, size, price, stock), near-miss name and variant)
    type Variant = (&'static str, &'static str, f64, i64);
    let (ptype, name, color, variants, near): (&str, &str, &str, Vec<Variant>, (&str, Variant)) =
        match g.variant {
            1 => (
                "headphones",
                "Kestrel Aura Headphones",
                "navy",
                vec![
                    ("black", "small", 59.99, 20),
                    ("navy", "large", 74.99, 3),
                    ("navy", "small", 64.99, 0),
                    ("white", "medium", 66.99, 8),
                    ("navy", "medium", 69.99, 14),
                ],
                ("Kestrel Aura Pro Headphones", ("navy", "medium", 49.99, 30)),
            ),
            2 => (
                "desk lamp",
                "Juniper Nook Desk Lamp",
                "green",
                vec![
                    ("beige", "small", 31.0, 40),
                    ("green", "small", 34.5, 0),
                    ("green", "large", 41.0, 2),
                    ("green", "medium", 36.0, 9),
                ],
                ("Juniper Nook Desk Lamp Mini", ("green", "small", 22.0, 15)),
            ),
            _ => (
                "water bottle",
                "Orchid Drift Water Bottle",
                "pink",
                vec![
                    ("gray", "small", 15.0, 50),
                    ("pink", "medium", 23.0, 12),
                    ("pink", "small", 18.0, 0),
                    ("pink", "large", 21.5, 6),
                ],
                (
                    "Orchid Drift Sport Water Bottle",
                    ("pink", "small", 12.0, 25),
                ),
            ),
        };
    let answer = variants
        .iter()
        .filter(|v| v.0 == color && v.3 > 0)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .copied()
        .unwrap_or(variants[0]);
    let nick = NICKNAMES[(p.id as usize + 3) % NICKNAMES.len()];
    let card = p.payment_cards[0].clone();
    let last4 = format!("{:04}", card.card_number % 10_000);
    let (exp_y, exp_m) = match g.variant {
        1 => (2023, 3),
        2 => (2022, 11),
        _ => (2023, 4),
    };
    let ship_to = if g.variant == 3 {
        p.addresses.iter().find(|a| a.name == "Work").cloned()
    } else {
        friend.addresses.iter().find(|a| a.name == "Home").cloned()
    }
    .unwrap_or_else(|| p.addresses[0].clone());
    let instruction = match g.variant {
        1 => format!(
            "My friend {} {}'s birthday is coming up. Buy them the {name} in {color}: the cheapest {color} variant of it that is in stock, gift wrapped, shipped to their home address (it's in my phone contacts). Pay with my card that hasn't expired, and leave the other things in my Amazon cart there for later.",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "It's {nick}'s birthday soon (a friend; that's the name I saved them under in my phone). Get them a {color} {name} on Amazon, whichever {color} variant is cheapest and in stock, gift wrapped and sent to their home address from my contacts. Use my card that is not expired, and keep everything else in my cart for later."
        ),
        _ => format!(
            "For a coworker's birthday at the office I want to give them the {name}. Order the cheapest {color} variant of it that is in stock on Amazon, gift wrapped, shipped to my work address, and paid with the card of mine that has not expired. Don't buy the other things in my cart; leave them there."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "amazon"];
    let (sup, fr) = (p.clone(), friend.clone());
    let (owned_variants, near_owned) = (variants.clone(), near);
    let (name_s, ptype_s) = (name.to_string(), ptype.to_string());
    let variant = g.variant;
    let key = p.id * 37 + i64::from(g.variant) * 101;
    parts.setup.push(step(move |s| {
        for v in &owned_variants {
            s.add_amazon_product((&ptype_s, &name_s, v.0, v.1, v.2, v.3), SELLER)?;
        }
        let (nn, nv) = near_owned;
        s.add_amazon_product((&ptype_s, nn, nv.0, nv.1, nv.2, nv.3), SELLER)?;
        s.add_amazon_card(
            &sup,
            "Capital One",
            5_100_000_000_000_000 + sup.id * 1_013,
            exp_y,
            exp_m,
            321,
            5_000.0,
        )?;
        let cart = stocked_products(s.db, key, 2);
        s.set_amazon_cart(&sup, &[(cart[0], 1), (cart[1], 2)])?;
        if variant == 2 {
            s.relabel_contact(&sup, &fr, nick, &["friend"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("birthday_gift.py"));
    let none = Vals::new();
    let logins = script.cell("logins", &Vals::new().code("find_contact", FIND_CONTACT));
    let to_friend = |who: &str| {
        let names = Vals::new()
            .lit("first", &friend.first_name)
            .lit("last", &friend.last_name)
            .lit("nick", nick);
        script.cell(
            "to_friend",
            &Vals::new().code("who", script.cell(who, &names)),
        )
    };
    let address = match g.variant {
        1 => to_friend("by_name"),
        2 => to_friend("by_nickname"),
        _ => script.cell("work_address", &none),
    };
    let home_address = script.cell("home_address", &none);
    let pick = |any_color: bool| {
        let vals = Vals::new()
            .lit("name", name)
            .lit("color", color)
            .code("any", if any_color { "True" } else { "False" });
        script.cell("pick", &vals)
    };
    let order = |wrap: bool, restore: bool| {
        let mut names = vec!["empty_cart"];
        if wrap {
            names.push("wrap");
        }
        names.push("place");
        if restore {
            names.push("restore");
        }
        names.push("finish");
        script.cells(&names, &none).join("\n")
    };
    parts.ground_truth = vec![
        logins.clone(),
        address.clone(),
        pick(false),
        order(true, true),
    ];
    parts.wrong = vec![
        solution(
            "buys the cheapest in-stock variant in any colour",
            vec![
                logins.clone(),
                address.clone(),
                pick(true),
                order(true, true),
            ],
        ),
        solution(
            if g.variant == 3 {
                "ships it to the supervisor's home instead of work"
            } else {
                "ships it to the supervisor's own home"
            },
            vec![logins.clone(), home_address, pick(false), order(true, true)],
        ),
        solution(
            "empties the cart for good",
            vec![
                logins.clone(),
                address.clone(),
                pick(false),
                order(true, false),
            ],
        ),
        solution(
            "forgets the gift wrap",
            vec![logins, address, pick(false), order(false, true)],
        ),
    ];
    let (ans_color, ans_size) = (answer.0, answer.1);
    let name_c = name.to_string();
    let expected_address = address_lines(&ship_to);
    let whose = if g.variant == 3 {
        "the supervisor's work address".to_string()
    } else {
        format!("{}'s home", friend.first_name)
    };
    parts.checks = vec![
        Check::new(
            format!(
                "exactly one new order, holding one {name} ({ans_color}, {ans_size}) and nothing else"
            ),
            move |ctx| {
                let want = product_id(ctx.db, &name_c, ans_color, ans_size);
                let orders = new_orders(ctx);
                let [(_, lines)] = orders.as_slice() else {
                    return Err(format!("{} new orders", orders.len()));
                };
                let got: Vec<(Option<i64>, i64)> = lines
                    .iter()
                    .map(|l| {
                        (
                            l.get("product_id").as_i64(),
                            l.get("ordered_quantity").as_i64().unwrap_or(0),
                        )
                    })
                    .collect();
                if got == vec![(want, 1)] {
                    Ok(())
                } else {
                    Err(format!("the order holds {got:?}, not product {want:?} x1"))
                }
            },
        ),
        Check::new("the gift is gift wrapped", |ctx| {
            let orders = new_orders(ctx);
            match orders.first() {
                Some((_, lines))
                    if lines
                        .iter()
                        .all(|l| l.get("gift_wrap_quantity").as_i64() == Some(1))
                        && !lines.is_empty() =>
                {
                    Ok(())
                }
                Some(_) => Err("not gift wrapped".into()),
                None => Err("no order".into()),
            }
        }),
        Check::new(
            format!("shipped to {whose}"),
            move |ctx| match new_orders(ctx).first() {
                Some((o, _))
                    if o.get("address_text").as_str() == Some(expected_address.as_str()) =>
                {
                    Ok(())
                }
                Some((o, _)) => Err(format!("shipped to {:?}", o.get("address_text"))),
                None => Err("no order".into()),
            },
        ),
        Check::new(
            format!("paid with the card ending in {last4}, not the expired one"),
            move |ctx| match new_orders(ctx).first() {
                Some((o, _)) if o.get("payment_card_digits").as_str() == Some(last4.as_str()) => {
                    Ok(())
                }
                Some((o, _)) => Err(format!("paid with card {:?}", o.get("payment_card_digits"))),
                None => Err("no order".into()),
            },
        ),
        Check::new("the rest of the cart ends as it began", |ctx| {
            let (start, end) = (start_cart(ctx), end_cart(ctx));
            if start == end {
                Ok(())
            } else {
                Err(format!("the cart held {start:?} and now holds {end:?}"))
            }
        }),
    ];
    parts.allowed = allow::new_orders();
    parts.allowed.extend(allow::amazon_side_effects());
    parts.allowed.push(allow::cart());
    parts.allowed.push(allow_added(
        "the recipient's address saved in amazon",
        "amazon",
        "addresses",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("amazon"),
    ));
    parts
}
