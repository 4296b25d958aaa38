//! "Order what is on my Amazon list note: the cheapest in-stock variant of each, in the
//! quantity noted, to my home, with my card that has not expired; leave my cart alone."

use super::{
    CHEAPEST, LISTED, SELLER, VALID_CARD, cheapest_listed, only_order, paid_with_valid_card,
    shipped_home,
};
use crate::kit::amazon::{end_cart, product_id, start_cart, stocked_products};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use crate::setup::Card;
use apps::people::Person;

/// The note with the list.
const TITLE: &str = "Amazon list";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The key of the products already in the cart.
    key: i64,
    /// The list: (index into LISTED, units).
    picks: Vec<(usize, i64)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "amazon"];
    const SCRIPT: &str = include_str!("shopping_note.py");

    /// The values, and the supervisor's notes (the list among fillers).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor_where(|p| p.payment_cards.len() == 1);
        let picks: Vec<(usize, i64)> = match g.variant {
            1 => vec![(0, 2), (1, 1), (2, 2)],
            2 => vec![(1, 2), (3, 1), (4, 1)],
            _ => vec![(0, 3), (2, 1), (3, 1), (4, 2)],
        };
        let mut content = String::from("To order on Amazon:\n");
        for (i, q) in &picks {
            if *q == 1 {
                content.push_str(&format!("- {}\n", LISTED[*i].1));
            } else {
                content.push_str(&format!("- {} x{q}\n", LISTED[*i].1));
            }
        }
        content.push_str(if g.variant == 1 {
            "\nAlready bought: Nimbus Fold Umbrella Sleeve"
        } else {
            "\nAlready bought: Alder Trail Hiking Socks Pack"
        });
        let note = g.note(TITLE, &content, &["shopping"], false, 2);
        let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
        let notes = mix(&mut g.rng, filler, vec![note]);
        let values = Values {
            variant: g.variant,
            key: p.id * 53 + i64::from(g.variant) * 17,
            supervisor: p,
            picks,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => format!(
                "Order everything on my \"{TITLE}\" note on Amazon, in the quantities written there. For each item take the cheapest variant that is in stock. Ship it all in one order to my home address and pay with my card that hasn't expired. Whatever is already in my cart isn't part of this: leave it there."
            ),
            2 => format!(
                "Please buy the things in my SimpleNote note \"{TITLE}\" on Amazon (quantities as noted; any variant, the cheapest one in stock). One order, sent home, paid with the card of mine that is still valid. Keep the other stuff in my cart for later."
            ),
            _ => format!(
                "I keep a shopping list in my note \"{TITLE}\". Place one Amazon order with all of it (how many of each is in the note), choosing the cheapest in-stock variant of each product, delivered to my home and charged to my non-expired card. Don't touch the rest of my cart."
            ),
        }
    }

    /// The listed products and their near-misses, an expired card and the cart's other things.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            for (ptype, name, variants, near) in LISTED {
                for x in variants.iter() {
                    s.add_amazon_product((ptype, name, x.0, x.1, x.2, x.3), SELLER)?;
                }
                s.add_amazon_product((ptype, near, "black", "small", 8.99, 50), SELLER)?;
            }
            s.add_amazon_card(
                sup,
                Card {
                    name: "Citi Rewards",
                    number: 6_011_000_000_000_000 + sup.id * 7_919,
                    expiry: (2023, 2),
                    cvv: 412,
                },
                5_000.0,
            )?;
            let cart = stocked_products(s.db, v.key, 2);
            s.set_amazon_cart(sup, &[(cart[0], 1), (cart[1], 1)])?;
            Ok(())
        })]
    }

    fn solutions(_v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `order`: the address, whether the variant must be in stock, the units and whether the
        // rest of the cart is put back.
        let solve = |address: &str, in_stock: &str, qty: &str, restore: &str| {
            let vals = Vals::new()
                .lit("title", TITLE)
                .code("cheapest", CHEAPEST)
                .code("valid_card", VALID_CARD)
                .lit("address", address)
                .code("in_stock", in_stock)
                .code("qty", qty)
                .code("restore", restore);
            script.cells(&["logins", "read", "order"], &vals)
        };
        let ground_truth = solve("Home", "True", "qty", "True");
        let wrong = vec![
            solution(
                "orders one of each, ignoring the quantities",
                solve("Home", "True", "1", "True"),
            ),
            solution(
                "ships to the work address",
                solve("Work", "True", "qty", "True"),
            ),
            solution(
                "empties the rest of the cart for good",
                solve("Home", "True", "qty", "False"),
            ),
            solution(
                "takes the cheapest variant even when it is out of stock",
                solve("Home", "False", "qty", "True"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v.picks.iter().map(|&(i, q)| holds(i, q)).collect();
        checks.extend([
            v.check(
                format!("the order holds nothing else ({} products)", v.picks.len()),
                |v, ctx| {
                    let (_, lines) = only_order(ctx)?;
                    if lines.len() == v.picks.len() {
                        Ok(())
                    } else {
                        Err(format!("{} products: {lines:?}", lines.len()))
                    }
                },
            ),
            shipped_home(&v.supervisor),
            paid_with_valid_card(&v.supervisor, "not the expired Citi Rewards card"),
            Check::new("the rest of the cart ends as it began", |ctx| {
                let (start, end) = (start_cart(ctx), end_cart(ctx));
                if start == end {
                    Ok(())
                } else {
                    Err(format!("the cart held {start:?} and now holds {end:?}"))
                }
            }),
        ]);
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::new_orders();
        allowed.extend(allow::amazon_side_effects());
        allowed.push(allow::cart());
        allowed
    }
}

/// The order holds `q` of LISTED[i]'s cheapest in-stock variant.
fn holds(i: usize, q: i64) -> Check {
    let l = LISTED[i];
    let (color, size) = cheapest_listed(&l);
    let name = l.1;
    Check::new(
        format!("the order holds {q} x {name} ({color}, {size})"),
        move |ctx| {
            let (_, lines) = only_order(ctx)?;
            let want = product_id(ctx.db, name, color, size).unwrap_or(-1);
            match lines.get(&want) {
                Some((n, _)) if *n == q => Ok(()),
                Some((n, _)) => Err(format!("{n} units")),
                None => Err(format!("not in the order: {lines:?}")),
            }
        },
    )
}
