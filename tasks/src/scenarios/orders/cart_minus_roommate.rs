//! "My roommate texted that they already bought some of the things in my cart. Take those out
//! and order the rest, to my home with my valid card." A friend's text names another cart
//! item (which stays), the cart holds a near-miss of a named item. Variant 2 finds the roommate
//! under a nickname; variant 3 spreads the roommate's news over two texts.

use super::{SELLER, VALID_CARD, only_order, paid_with_valid_card, shipped_home};
use crate::kit::amazon::{end_cart, product_named};
use crate::kit::people::related_ids;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use crate::setup::Card;
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;
use std::collections::BTreeMap;

/// The cart item a friend (not the roommate) texted about.
const FRIEND_ITEM: &str = "Marlow Step Trash Can";

/// A cart entry: (type, name, price, units in the cart, bought by the roommate).
type CartItem = (&'static str, &'static str, f64, i64, bool);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    mate: Person,
    friend: Person,
    now: NaiveDateTime,
    cart: Vec<CartItem>,
    /// Variant 2: the roommate's nickname in the supervisor's phone.
    nick: &'static str,
    /// The roommate's texts.
    texts: Vec<String>,
}

impl Values {
    /// The names of what the roommate bought.
    fn bought(&self) -> Vec<&'static str> {
        self.cart.iter().filter(|c| c.4).map(|c| c.1).collect()
    }

    /// What to order: (name, units).
    fn keep(&self) -> Vec<(&'static str, i64)> {
        self.cart
            .iter()
            .filter(|c| !c.4)
            .map(|c| (c.1, c.3))
            .collect()
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "amazon"];
    const SCRIPT: &str = include_str!("cart_minus_roommate.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let cart: Vec<CartItem> = vec![
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
        Values {
            variant: g.variant,
            supervisor: p,
            mate,
            friend,
            now: g.now,
            cart,
            nick: ["Moose", "Bean", "Ziggy"][g.variant as usize - 1],
            texts,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let who = if v.variant == 2 {
            format!("my roommate ({} in my contacts)", v.nick)
        } else {
            "my roommate".to_string()
        };
        match v.variant {
            1 => format!(
                "Before you check out my Amazon cart: {who} texted me this week about things from it they already bought. Remove those from the cart, then order everything else in one order to my home address with my card that hasn't expired."
            ),
            2 => format!(
                "{who} told me by text which of the things in my Amazon cart they already got. Take those out of the cart and place the order for the rest, shipped home, paid with my non-expired card."
            ),
            _ => format!(
                "Check out my Amazon cart to my home address with my valid card, but first delete from it whatever {who} texted me they already bought this week."
            ),
        }
    }

    /// The cart, an expired card, the texts and (variant 2) the nickname.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, m, now) = (&v.supervisor, &v.mate, v.now);
            let mut entries = Vec::new();
            for (ptype, name, price, units, _) in &v.cart {
                entries.push((
                    s.add_amazon_product((ptype, name, "gray", "medium", *price, 30), SELLER)?,
                    *units,
                ));
            }
            s.set_amazon_cart(sup, &entries)?;
            s.add_amazon_card(
                sup,
                Card {
                    name: "Citi Rewards",
                    number: 5_500_000_000_000_000 + sup.id * 4_421,
                    expiry: (2023, 1),
                    cvv: 118,
                },
                3_000.0,
            )?;
            for (k, t) in v.texts.iter().enumerate() {
                s.add_text(m, sup, t, days_ago(now, 2, 18, 10 + k as u32 * 7))?;
            }
            s.add_text(
                &v.friend,
                sup,
                &format!("I already got the {FRIEND_ITEM} for my place, love it"),
                days_ago(now, 1, 12, 0),
            )?;
            if v.variant == 2 {
                s.relabel_contact(sup, m, v.nick, &["roommate"])?;
            }
            Ok(())
        })]
    }

    fn solutions(_v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = |relationship: &str, remove: &str| {
            Vals::new()
                .lit("relationship", relationship)
                .code("remove", remove)
                .code("valid_card", VALID_CARD)
        };
        let right = vals("roommate", "True");
        let ground_truth = script.cells(&["logins", "checkout"], &right);
        let wrong = vec![
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
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let keep_names: Vec<&str> = v.keep().iter().map(|k| k.0).collect();
        vec![
            v.check(
                format!("one order holding exactly {}", keep_names.join(", ")),
                |v, ctx| {
                    let (_, lines) = only_order(ctx)?;
                    let want: BTreeMap<i64, i64> = v
                        .keep()
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
            v.check(
                format!("not ordered: {}", v.bought().join(", ")),
                |v, ctx| {
                    let (_, lines) = only_order(ctx)?;
                    for n in &v.bought() {
                        if lines.contains_key(&product_named(ctx.db, n).unwrap_or(-1)) {
                            return Err(format!("{n} ordered"));
                        }
                    }
                    Ok(())
                },
            ),
            Check::new("the cart ends empty", |ctx| {
                let end = end_cart(ctx);
                if end.is_empty() {
                    Ok(())
                } else {
                    Err(format!("cart: {end:?}"))
                }
            }),
            shipped_home(&v.supervisor),
            paid_with_valid_card(&v.supervisor, "not the expired Citi Rewards"),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::new_orders();
        allowed.extend(allow::amazon_side_effects());
        allowed.push(allow::cart());
        allowed
    }
}
