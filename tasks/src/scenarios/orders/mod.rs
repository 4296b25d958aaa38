//! Amazon-centred scenarios ("(orders)"): ordering a shopping list kept in a note (cheapest
//! in-stock variants, near-miss names, an expired card, a cart to keep), a roommate's share of
//! an order requested on Venmo, a gift to the new address a friend texted, reviews of last
//! month's deliveries with ratings from a note, returns of a late order, receipts filed into a
//! folder, and a Todoist shopping project moved into the cart. They cross amazon with
//! simple_note, phone, venmo, file_system and todoist; all are `TestChallenge` (amazon).
//!
//! Designed products and orders are added by the setup under names the instructions use;
//! checks find them again by name and creation time, so they hold whatever ids rows get.

mod cart_minus_roommate;
mod gift_new_address;
mod late_order_returns;
mod order_share_venmo;
mod prime_new_card;
mod review_last_month;
mod shopping_note;
mod todoist_to_cart;
mod work_receipts;

use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::Vals;
use crate::kit::amazon::{address_lines, new_orders};
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, py};
use crate::model::{Check, Split};
use crate::scenarios::{Scenario, build};
use apps::people::Person;
use std::collections::BTreeMap;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "order the shopping list in a note (orders)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<shopping_note::Values>,
        },
        Scenario {
            name: "request roommates' share of an order on Venmo (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<order_share_venmo::Values>,
        },
        Scenario {
            name: "send a gift to the new address a friend texted (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<gift_new_address::Values>,
        },
        Scenario {
            name: "review last month's deliveries with ratings from a note (orders)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<review_last_month::Values>,
        },
        Scenario {
            name: "return the order that arrived late (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<late_order_returns::Values>,
        },
        Scenario {
            name: "file the receipts of April's work orders (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<work_receipts::Values>,
        },
        Scenario {
            name: "move a Todoist shopping project into the cart (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<todoist_to_cart::Values>,
        },
        Scenario {
            name: "replacement card saved and Prime renewed with it (orders)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<prime_new_card::Values>,
        },
        Scenario {
            name: "check out the cart without what a roommate bought (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<cart_minus_roommate::Values>,
        },
    ]
}

/// The seller of every designed product.
const SELLER: i64 = 7;

/// An order's lines: product id -> (units, gift wrapped).
type Lines = BTreeMap<i64, (i64, i64)>;

/// The only new order and its lines; Err unless exactly one order was placed.
fn only_order<'a>(ctx: &'a EvalCtx) -> Result<(&'a RowChange, Lines), String> {
    let orders = new_orders(ctx);
    let [(o, lines)] = orders.as_slice() else {
        return Err(format!("{} new orders", orders.len()));
    };
    let n = |r: &RowChange, c: &str| r.get(c).as_i64().unwrap_or(0);
    Ok((
        o,
        lines
            .iter()
            .map(|l| {
                (
                    n(l, "product_id"),
                    (n(l, "ordered_quantity"), n(l, "gift_wrap_quantity")),
                )
            })
            .collect(),
    ))
}

/// The check that the one new order went to the supervisor's home address.
fn shipped_home(p: &Person) -> Check {
    let home = p
        .addresses
        .iter()
        .find(|a| a.name == "Home")
        .map(address_lines)
        .unwrap_or_default();
    Check::new("shipped to the supervisor's home address", move |ctx| {
        let (o, _) = only_order(ctx)?;
        if o.get("address_text").as_str() == Some(home.as_str()) {
            Ok(())
        } else {
            Err(format!("shipped to {:?}", o.get("address_text")))
        }
    })
}

/// The check that the one new order was paid with the supervisor's valid card (the first),
/// named "paid with the card ending in NNNN, `not_what`".
fn paid_with_valid_card(p: &Person, not_what: &str) -> Check {
    let last4 = format!("{:04}", p.payment_cards[0].card_number % 10_000);
    Check::new(
        format!("paid with the card ending in {last4}, {not_what}"),
        move |ctx| {
            let (o, _) = only_order(ctx)?;
            if o.get("payment_card_digits").as_str() == Some(last4.as_str()) {
                Ok(())
            } else {
                Err(format!("paid with {:?}", o.get("payment_card_digits")))
            }
        },
    )
}

/// The values a script over a note and Amazon starts from: `{{logins}}` (`login`, `all_pages`,
/// `sn` for SimpleNote, `az` for Amazon) and `{{read_note}}` (`content`, the text of the note
/// titled `title`).
fn note_vals(title: &str) -> Vals {
    let t = py(title);
    Vals::new()
        .code(
            "logins",
            format!("{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")"),
        )
        .code(
            "read_note",
            format!(
                "notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={t})\n\
                 note = [n for n in notes if n[\"title\"] == {t}][0]\n\
                 content = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]"
            ),
        )
}

/// Python: `card`, the supervisor's first saved amazon card that has not expired.
const VALID_CARD: &str = r#"today = datetime.date.today()
card = [c for c in apis.amazon.show_payment_cards(access_token=az) if (c["expiry_year"], c["expiry_month"]) >= (today.year, today.month)][0]"#;

/// Python: `cheapest(name)`, the cheapest in-stock variant of the product called `name`.
const CHEAPEST: &str = r#"def cheapest(name, in_stock=True):
    results = apis.amazon.search_products(query=name, page_limit=20)
    first = [r for r in results if r["name"] == name][0]
    variants = [apis.amazon.show_product(product_id=i) for i in [first["product_id"]] + [v["product_id"] for v in first["variations"]]]
    return min([v for v in variants if v["inventory_quantity"] > 0 or not in_stock], key=lambda v: v["price"])"#;

/// A designed product with its variants (colour, size, price, stock) and a near-miss product
/// whose name extends it (one variant, cheaper).
type Listed = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str, f64, i64)],
    &'static str,
);

const LISTED: &[Listed] = &[
    (
        "socks",
        "Alder Trail Hiking Socks",
        &[
            ("gray", "medium", 12.99, 0),
            ("black", "small", 14.5, 25),
            ("blue", "large", 13.75, 6),
        ],
        "Alder Trail Hiking Socks Pack",
    ),
    (
        "travel mug",
        "Pinecrest Travel Mug",
        &[
            ("white", "medium", 16.5, 0),
            ("red", "small", 18.0, 10),
            ("black", "medium", 21.0, 3),
        ],
        "Pinecrest Travel Mug Lid",
    ),
    (
        "pillow",
        "Solace Memory Foam Pillow",
        &[("gray", "medium", 42.0, 12), ("white", "large", 39.0, 4)],
        "Solace Memory Foam Pillow Cover",
    ),
    (
        "cutting board",
        "Harrow Bamboo Cutting Board",
        &[
            ("beige", "large", 27.0, 0),
            ("brown", "medium", 24.5, 0),
            ("beige", "small", 25.99, 8),
        ],
        "Harrow Bamboo Cutting Board Oil",
    ),
    (
        "umbrella",
        "Nimbus Fold Umbrella",
        &[("black", "small", 19.0, 30), ("navy", "small", 17.25, 2)],
        "Nimbus Fold Umbrella Sleeve",
    ),
];

/// The cheapest in-stock variant of a listed product: (colour, size).
fn cheapest_listed(l: &Listed) -> (&'static str, &'static str) {
    l.2.iter()
        .filter(|v| v.3 > 0)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|v| (v.0, v.1))
        .unwrap_or(("", ""))
}
