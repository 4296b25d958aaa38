//! "Buy my friend F the cheapest in-stock variant of product P in colour C, gift wrapped,
//! shipped to their home address (from my contacts), with my card that has not expired; keep
//! the rest of my cart." The cheapest variant in that colour is out of stock, a cheaper one
//! has another colour, a near-miss product has a similar name; the supervisor also has an
//! expired card saved. Variant 2 finds the friend under a nickname; variant 3 is for a
//! coworker and ships to the supervisor's work address.

use super::{NICKNAMES, SELLER, friends, logins_for};
use crate::kit::amazon;
use crate::kit::amazon::{
    address_lines, end_cart, new_orders, product_id, start_cart, stocked_products,
};
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::time::days_to_birthday;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use crate::setup::Card;
use apps::people::{Person, Relation};

/// A product variant: (colour, size, price, stock).
type Variant = (&'static str, &'static str, f64, i64);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    friend: Person,
    /// The product's type, name and the colour asked for.
    ptype: &'static str,
    name: &'static str,
    color: &'static str,
    variants: Vec<Variant>,
    /// The near-miss product's name and its one variant.
    near: (&'static str, Variant),
    /// The variant to buy.
    answer: Variant,
    /// The name the friend is saved under in variant 2.
    nick: &'static str,
    /// The good card's last four digits, and the expired card's expiry (year, month).
    last4: String,
    expiry: (i64, i64),
    /// The seed of the cart's products.
    key: i64,
    /// The address the gift ships to, as an order spells it, and whose it is.
    expected_address: String,
    whose: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "amazon"];
    const SCRIPT: &str = include_str!("birthday_gift.py");

    /// The friend, the product and its variants.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let today = g.now.date();
        // Days to a person's next birthday (29 February never comes "soon").
        let days_to = |id: i64| {
            pop.person(id)
                .and_then(|f| days_to_birthday(f.birthday, today))
                .unwrap_or(i64::MAX)
        };
        // Variants 1 and 2 say the friend's birthday is coming up: it is within six weeks.
        let birthday_soon = g.variant != 3;
        let p = g.supervisor_where(|p| {
            let friends = pop.relations_of(p.id);
            let mut friends = friends.iter().filter(|(r, _)| *r == Relation::Friend);
            p.payment_cards.len() == 1
                && p.addresses.iter().any(|a| a.name == "Work")
                && if birthday_soon {
                    friends.any(|(_, id)| days_to(*id) <= 42)
                } else {
                    friends.next().is_some()
                }
        });
        let mut friend_ids = friends(g, &p);
        if birthday_soon {
            friend_ids.sort_by_key(|id| days_to(*id));
        }
        let friend = g.person(friend_ids[0]);
        let (ptype, name, color, variants, near) = gift(g.variant);
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
        let instruction = instruction(g.variant, &friend, name, color, nick);
        let whose = if g.variant == 3 {
            "the supervisor's work address".to_string()
        } else {
            format!("{}'s home", friend.first_name)
        };
        Drawing::from(Values {
            variant: g.variant,
            key: p.id * 37 + i64::from(g.variant) * 101,
            supervisor: p,
            friend,
            ptype,
            name,
            color,
            variants,
            near,
            answer,
            nick,
            last4,
            expiry: (exp_y, exp_m),
            expected_address: address_lines(&ship_to),
            whose,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            for x in &v.variants {
                s.add_amazon_product((v.ptype, v.name, x.0, x.1, x.2, x.3), SELLER)?;
            }
            let (nn, nv) = v.near;
            s.add_amazon_product((v.ptype, nn, nv.0, nv.1, nv.2, nv.3), SELLER)?;
            s.add_amazon_card(
                sup,
                Card {
                    name: "Capital One",
                    number: 5_100_000_000_000_000 + sup.id * 1_013,
                    expiry: (v.expiry.0, v.expiry.1),
                    cvv: 321,
                },
                5_000.0,
            )?;
            let cart = stocked_products(s.db, v.key, 2);
            s.set_amazon_cart(sup, &[(cart[0], 1), (cart[1], 2)])?;
            if v.variant == 2 {
                s.relabel_contact(sup, &v.friend, v.nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = logins_for(&[("ph", "phone"), ("az", "amazon")]);
        let to_friend = |who: &str| {
            let names = Vals::new()
                .lit("first", &v.friend.first_name)
                .lit("last", &v.friend.last_name)
                .lit("nick", v.nick);
            script.cell(
                "to_friend",
                &Vals::new().code("who", script.cell(who, &names)),
            )
        };
        let address = match v.variant {
            1 => to_friend("by_name"),
            2 => to_friend("by_nickname"),
            _ => script.cell("work_address", &none),
        };
        let home_address = script.cell("home_address", &none);
        let pick = |any_color: bool| {
            let vals = Vals::new()
                .lit("name", v.name)
                .lit("color", v.color)
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
        let ground_truth = vec![
            logins.clone(),
            address.clone(),
            pick(false),
            order(true, true),
        ];
        let wrong = vec![
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
                if v.variant == 3 {
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
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "exactly one new order, holding one {} ({}, {}) and nothing else",
                    v.name, v.answer.0, v.answer.1
                ),
                |v, ctx| {
                    let want = product_id(ctx.db, v.name, v.answer.0, v.answer.1);
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
            v.check("the gift is gift wrapped", |_, ctx| {
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
            v.check(
                format!("shipped to {}", v.whose),
                |v, ctx| match new_orders(ctx).first() {
                    Some((o, _))
                        if o.get("address_text").as_str() == Some(v.expected_address.as_str()) =>
                    {
                        Ok(())
                    }
                    Some((o, _)) => Err(format!("shipped to {:?}", o.get("address_text"))),
                    None => Err("no order".into()),
                },
            ),
            v.check(
                format!(
                    "paid with the card ending in {}, not the expired one",
                    v.last4
                ),
                |v, ctx| match new_orders(ctx).first() {
                    Some((o, _))
                        if o.get("payment_card_digits").as_str() == Some(v.last4.as_str()) =>
                    {
                        Ok(())
                    }
                    Some((o, _)) => {
                        Err(format!("paid with card {:?}", o.get("payment_card_digits")))
                    }
                    None => Err("no order".into()),
                },
            ),
            v.check("the rest of the cart ends as it began", |_, ctx| {
                let (start, end) = (start_cart(ctx), end_cart(ctx));
                if start == end {
                    Ok(())
                } else {
                    Err(format!("the cart held {start:?} and now holds {end:?}"))
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::new_orders();
        allowed.extend(allow::amazon_side_effects());
        allowed.push(allow::cart());
        allowed.push(allow_added(
            "the recipient's address saved in amazon",
            "amazon",
            "addresses",
            amazon::is_mine,
        ));
        allowed
    }
}

fn instruction(variant: u8, friend: &Person, name: &str, color: &str, nick: &str) -> String {
    match variant {
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
    }
}

/// A variant's gift: (type, name, colour, variants (colour, size, price, stock), near-miss
/// name and variant).
type Gift = (
    &'static str,
    &'static str,
    &'static str,
    Vec<Variant>,
    (&'static str, Variant),
);

/// The gift of a variant.
fn gift(variant: u8) -> Gift {
    match variant {
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
    }
}
