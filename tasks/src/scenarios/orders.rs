//! Amazon-centred scenarios ("(orders)"): ordering a shopping list kept in a note (cheapest
//! in-stock variants, near-miss names, an expired card, a cart to keep), a roommate's share of
//! an order requested on Venmo, a gift to the new address a friend texted, reviews of last
//! month's deliveries with ratings from a note, returns of a late order, receipts filed into a
//! folder, and a Todoist shopping project moved into the cart. They cross amazon with
//! simple_note, phone, venmo, file_system and todoist; all are `TestChallenge` (amazon).
//!
//! Designed products and orders are added by the setup under names the instructions use;
//! checks find them again by name and creation time, so they hold whatever ids rows get.

use super::{Gen, Parts, Scenario, mix, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::amazon::{
    address_lines, end_cart, new_orders, new_returns, order_at, product_id, product_named,
    start_cart, stocked_products,
};
use crate::kit::changes::{added, allow_added};
use crate::kit::db::one;
use crate::kit::money::same_amount;
use crate::kit::people::related_ids;
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::time::days_ago;
use crate::kit::venmo::requests_sent;
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};
use rusqlite::{Connection, params};
use sim::sql::Cached;
use std::collections::BTreeMap;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "order the shopping list in a note (orders)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: shopping_note,
        },
        Scenario {
            name: "request roommates' share of an order on Venmo (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: order_share_venmo,
        },
        Scenario {
            name: "send a gift to the new address a friend texted (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: gift_new_address,
        },
        Scenario {
            name: "review last month's deliveries with ratings from a note (orders)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: review_last_month,
        },
        Scenario {
            name: "return the order that arrived late (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: late_order_returns,
        },
        Scenario {
            name: "file the receipts of April's work orders (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: work_receipts,
        },
        Scenario {
            name: "move a Todoist shopping project into the cart (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: todoist_to_cart,
        },
        Scenario {
            name: "replacement card saved and Prime renewed with it (orders)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: prime_new_card,
        },
        Scenario {
            name: "check out the cart without what a roommate bought (orders)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: cart_minus_roommate,
        },
    ]
}

// ---- shared helpers ----------------------------------------------------------------------

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

/// Python: `card`, the supervisor's first saved amazon card that has not expired.
const VALID_CARD: &str = r#"today = datetime.date.today()
card = [c for c in apis.amazon.show_payment_cards(access_token=az) if (c["expiry_year"], c["expiry_month"]) >= (today.year, today.month)][0]"#;

/// Python: `cheapest(name)`, the cheapest in-stock variant of the product called `name`.
const CHEAPEST: &str = r#"def cheapest(name, in_stock=True):
    results = apis.amazon.search_products(query=name, page_limit=20)
    first = [r for r in results if r["name"] == name][0]
    variants = [apis.amazon.show_product(product_id=i) for i in [first["product_id"]] + [v["product_id"] for v in first["variations"]]]
    return min([v for v in variants if v["inventory_quantity"] > 0 or not in_stock], key=lambda v: v["price"])"#;

// ---- 1. a shopping list kept in a note -----------------------------------------------------

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

/// "Order what is on my Amazon list note: the cheapest in-stock variant of each, in the
/// quantity noted, to my home, with my card that has not expired; leave my cart alone."
fn shopping_note(g: &mut Gen) -> Parts {
    let p = g.supervisor_where(|p| p.payment_cards.len() == 1);
    const TITLE: &str = "Amazon list";
    // (index into LISTED, units)
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
    let instruction = match g.variant {
        1 => format!(
            "Order everything on my \"{TITLE}\" note on Amazon, in the quantities written there. For each item take the cheapest variant that is in stock. Ship it all in one order to my home address and pay with my card that hasn't expired. Whatever is already in my cart isn't part of this: leave it there."
        ),
        2 => format!(
            "Please buy the things in my SimpleNote note \"{TITLE}\" on Amazon (quantities as noted; any variant, the cheapest one in stock). One order, sent home, paid with the card of mine that is still valid. Keep the other stuff in my cart for later."
        ),
        _ => format!(
            "I keep a shopping list in my note \"{TITLE}\". Place one Amazon order with all of it (how many of each is in the note), choosing the cheapest in-stock variant of each product, delivered to my home and charged to my non-expired card. Don't touch the rest of my cart."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "amazon"];
    let note = g.note(TITLE, &content, &["shopping"], false, 2);
    let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
    parts.notes = Some(mix(&mut g.rng, filler, vec![note]));
    let sup = p.clone();
    let key = p.id * 53 + i64::from(g.variant) * 17;
    parts.setup.push(step(move |s| {
        for (ptype, name, variants, near) in LISTED {
            for v in variants.iter() {
                s.add_amazon_product((ptype, name, v.0, v.1, v.2, v.3), SELLER)?;
            }
            s.add_amazon_product((ptype, near, "black", "small", 8.99, 50), SELLER)?;
        }
        s.add_amazon_card(
            &sup,
            "Citi Rewards",
            6_011_000_000_000_000 + sup.id * 7_919,
            2023,
            2,
            412,
            5_000.0,
        )?;
        let cart = stocked_products(s.db, key, 2);
        s.set_amazon_cart(&sup, &[(cart[0], 1), (cart[1], 1)])?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")\n{CHEAPEST}"
    );
    let read = fill(
        r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@TITLE@)
note = [n for n in notes if n["title"] == @TITLE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
wanted = []
for line in content.split("To order on Amazon:")[1].split("Already bought")[0].splitlines():
    line = line.strip().lstrip("- ").strip()
    if not line:
        continue
    m = re.match(r"^(.*?)(?: x(\d+))?$", line)
    wanted.append((m.group(1).strip(), int(m.group(2) or 1)))
print(wanted)"#,
        &[("TITLE", py(TITLE))],
    );
    let order = |in_stock: bool, address: &str, restore: bool, qty: &str| {
        fill(
            r#"@CARD@
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == @ADDRESS@][0]["address_id"]
saved = apis.amazon.show_cart(access_token=az)["cart_items"]
apis.amazon.clear_cart(access_token=az)
for name, qty in wanted:
    pick = cheapest(name, in_stock=@STOCK@)
    apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity=@QTY@)
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
if @RESTORE@:
    for item in saved:
        apis.amazon.add_product_to_cart(access_token=az, product_id=item["product_id"], quantity=item["quantity"])
apis.supervisor.complete_task()"#,
            &[
                ("CARD", VALID_CARD.to_string()),
                ("ADDRESS", py(address)),
                ("STOCK", if in_stock { "True" } else { "False" }.to_string()),
                (
                    "RESTORE",
                    if restore { "True" } else { "False" }.to_string(),
                ),
                ("QTY", qty.to_string()),
            ],
        )
    };
    parts.ground_truth = vec![
        logins.clone(),
        read.clone(),
        order(true, "Home", true, "qty"),
    ];
    parts.wrong = vec![
        solution(
            "orders one of each, ignoring the quantities",
            vec![logins.clone(), read.clone(), order(true, "Home", true, "1")],
        ),
        solution(
            "ships to the work address",
            vec![
                logins.clone(),
                read.clone(),
                order(true, "Work", true, "qty"),
            ],
        ),
        solution(
            "empties the rest of the cart for good",
            vec![
                logins.clone(),
                read.clone(),
                order(true, "Home", false, "qty"),
            ],
        ),
        solution(
            "takes the cheapest variant even when it is out of stock",
            vec![logins, read, order(false, "Home", true, "qty")],
        ),
    ];
    let home = p
        .addresses
        .iter()
        .find(|a| a.name == "Home")
        .map(address_lines)
        .unwrap_or_default();
    let last4 = format!("{:04}", p.payment_cards[0].card_number % 10_000);
    for (i, q) in &picks {
        let l = LISTED[*i];
        let (color, size) = cheapest_listed(&l);
        let (name, q) = (l.1, *q);
        parts.checks.push(Check::new(
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
        ));
    }
    let n_items = picks.len();
    parts.checks.extend([
        Check::new(
            format!("the order holds nothing else ({n_items} products)"),
            move |ctx| {
                let (_, lines) = only_order(ctx)?;
                if lines.len() == n_items {
                    Ok(())
                } else {
                    Err(format!("{} products: {lines:?}", lines.len()))
                }
            },
        ),
        Check::new("shipped to the supervisor's home address", move |ctx| {
            let (o, _) = only_order(ctx)?;
            if o.get("address_text").as_str() == Some(home.as_str()) {
                Ok(())
            } else {
                Err(format!("shipped to {:?}", o.get("address_text")))
            }
        }),
        Check::new(
            format!("paid with the card ending in {last4}, not the expired Citi Rewards card"),
            move |ctx| {
                let (o, _) = only_order(ctx)?;
                if o.get("payment_card_digits").as_str() == Some(last4.as_str()) {
                    Ok(())
                } else {
                    Err(format!("paid with {:?}", o.get("payment_card_digits")))
                }
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
    ]);
    parts.allowed = allow::new_orders();
    parts.allowed.extend(allow::amazon_side_effects());
    parts.allowed.push(allow::cart());
    parts
}

// ---- 2. roommates' share of an order on Venmo ----------------------------------------------

/// Venmo ids of people by e-mail.
fn venmo_ids(db: &Connection, emails: &[String]) -> Vec<i64> {
    emails
        .iter()
        .filter_map(|e| one(db, "SELECT id FROM venmo.users WHERE email = ?1", [e]))
        .collect()
}

/// "I ordered the air purifier for our flat last week; ask each roommate on Venmo for an equal
/// share of what that order cost, with the note `Amazon order #<id>`." An older order holds
/// the purifier's filters (a near miss); a newer one is the supervisor's own. Variant 2 finds
/// the roommates by label although one is saved under a nickname; variant 3 leaves the gift
/// wrap the supervisor added for themselves out of the split.
fn order_share_venmo(g: &mut Gen) -> Parts {
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
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\naz = login(\"amazon\")\nph = login(\"phone\")\nvm = login(\"venmo\")"
    );
    let find = |name: &str, fee: &str| {
        fill(
            r#"orders = all_pages(apis.amazon.show_orders, access_token=az)
target = None
for o in orders:
    names = [apis.amazon.show_product(product_id=i["product_id"])["name"] for i in o["order_items"]]
    if @NAME@ in names:
        target = o
        break
cost = target["paid_amount"] - @FEE@
mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")
print(target["order_id"], cost, [m["email"] for m in mates])"#,
            &[("NAME", py(name)), ("FEE", fee.to_string())],
        )
    };
    let fee = if wrap {
        "target[\"gift_wrap_fee\"]"
    } else {
        "0"
    };
    let request = |share: &str, note: &str| {
        fill(
            r#"order = apis.amazon.show_order(access_token=az, order_id=target["order_id"])
assert order["paid_amount"] == target["paid_amount"]
for m in mates:
    account = [u for u in apis.venmo.search_users(access_token=vm, query=m["first_name"] + " " + m["last_name"]) if u["email"] == m["email"]]
    assert account, m["email"]
    apis.venmo.create_payment_request(access_token=vm, user_email=m["email"], amount=@SHARE@, description=@NOTE@)
apis.supervisor.complete_task()"#,
            &[("SHARE", share.to_string()), ("NOTE", note.to_string())],
        )
    };
    let right_share = "round(cost / (len(mates) + 1), 2)";
    let right_note = "\"Amazon order #\" + str(target[\"order_id\"])";
    parts.ground_truth = vec![
        logins.clone(),
        find(PURIFIER, fee),
        request(right_share, right_note),
    ];
    parts.wrong = vec![
        solution(
            "splits the older order with the purifier's filters",
            vec![
                logins.clone(),
                find(FILTERS, "0"),
                request(right_share, right_note),
            ],
        ),
        solution(
            "asks each roommate for the whole order, not a share",
            vec![
                logins.clone(),
                find(PURIFIER, fee),
                request("round(cost, 2)", right_note),
            ],
        ),
        solution(
            "leaves the order id out of the note",
            vec![
                logins.clone(),
                find(PURIFIER, fee),
                request(right_share, "\"Amazon order\""),
            ],
        ),
    ];
    if wrap {
        parts.wrong.push(solution(
            "splits the gift wrap fee too",
            vec![
                logins,
                find(PURIFIER, "0"),
                request(right_share, right_note),
            ],
        ));
    } else {
        parts.wrong.push(solution(
            "leaves the supervisor out of the split",
            vec![
                logins,
                find(PURIFIER, fee),
                request("round(cost / len(mates), 2)", right_note),
            ],
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

// ---- 3. a gift to the new address a friend texted ------------------------------------------

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

/// "F just moved and texted me the new address. Save it in my Amazon addresses as
/// `F's new place` and send them the candle set (cheapest in-stock variant), gift wrapped,
/// paid with my valid card." The contact still holds the old home address; another friend
/// texted an address too. Variant 2 names the friend by the nickname the supervisor saved;
/// variant 3 buys two sets.
fn gift_new_address(g: &mut Gen) -> Parts {
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
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\nph = login(\"phone\")\naz = login(\"amazon\")\n{CHEAPEST}"
    );
    let contact_q = if g.variant == 2 {
        nick.to_string()
    } else {
        format!("{} {}", friend.first_name, friend.last_name)
    };
    let find = |query: &str, from_contact: bool| {
        let source = if from_contact {
            "line = friend[\"home_address\"]"
        } else {
            "texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend[\"phone_number\"])\nline = [t[\"message\"] for t in texts if \"address\" in t[\"message\"].lower() and t[\"sender\"][\"phone_number\"] == friend[\"phone_number\"]][0]\nline = re.search(r\"address: (.*)\\. \", line).group(1)"
        };
        fill(
            r#"hits = all_pages(apis.phone.search_contacts, access_token=ph, query=@QUERY@)
friend = [c for c in hits if (c["first_name"] + " " + c["last_name"]).startswith(@QUERY@) or c["first_name"] == @QUERY@][0]
@SOURCE@
street, city, state, country, zip_code = [x.strip() for x in line.split(",")]
print(street, city, state, country, zip_code)"#,
            &[("QUERY", py(query)), ("SOURCE", source.to_string())],
        )
    };
    let order = |wrap: bool| {
        fill(
            r#"address_id = apis.amazon.add_address(access_token=az, name=@NAME@, street_address=street, city=city, state=state, country=country, zip_code=int(zip_code))["address_id"]
@CARD@
pick = cheapest(@CANDLE@)
apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity=@UNITS@)
if @WRAP@:
    apis.amazon.add_gift_wrapping_to_product(access_token=az, product_id=pick["product_id"], quantity=@UNITS@)
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
apis.supervisor.complete_task()"#,
            &[
                ("NAME", py(&save_as)),
                ("CARD", VALID_CARD.to_string()),
                ("CANDLE", py(CANDLE)),
                ("UNITS", units.to_string()),
                ("WRAP", if wrap { "True" } else { "False" }.to_string()),
            ],
        )
    };
    parts.ground_truth = vec![logins.clone(), find(&contact_q, false), order(true)];
    let other_q = format!("{} {}", other.first_name, other.last_name);
    parts.wrong = vec![
        solution(
            "ships to the old home address in the contact",
            vec![logins.clone(), find(&contact_q, true), order(true)],
        ),
        solution(
            "uses the address another friend texted",
            vec![logins.clone(), find(&other_q, false), order(true)],
        ),
        solution(
            "forgets the gift wrap",
            vec![logins, find(&contact_q, false), order(false)],
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

// ---- 4. reviews of last month's deliveries, ratings from a note ----------------------------

/// A product of the reviews task: (type, name, rating in the note, comment in the note).
type Rated = (&'static str, &'static str, i64, &'static str);

const RATED: &[Rated] = &[
    (
        "mixing bowl",
        "Harbor Ceramic Mixing Bowls",
        4,
        "Sturdy and pretty, a bit heavy",
    ),
    (
        "running shoes",
        "Kestrel Trail Running Shoes",
        5,
        "Great grip on wet trails, true to size",
    ),
    (
        "pillowcase",
        "Orchid Silk Pillowcase",
        3,
        "Soft but the colour faded after two washes",
    ),
    (
        "desk organizer",
        "Juniper Bamboo Desk Organizer",
        2,
        "Drawers stick",
    ),
    (
        "coffee press",
        "Marlow French Press",
        5,
        "Best coffee I've made at home",
    ),
    (
        "yoga mat",
        "Tidewell Cork Yoga Mat",
        4,
        "Good grip, smells a bit at first",
    ),
];

/// The supervisor's review of a product in the end state: (rating, text).
fn review_of(ctx: &EvalCtx, product: i64) -> Vec<(i64, String)> {
    let Some(uid) = ctx.user_id("amazon") else {
        return Vec::new();
    };
    ctx.db
        .prepare_cached("SELECT rating, text FROM amazon.product_reviews WHERE user_id = ?1 AND product_id = ?2")
        .and_then(|mut st| {
            st.query_map(params![uid, product], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<Vec<(i64, String)>>>()
        })
        .unwrap_or_default()
}

/// "Write a review of each product in my note that was delivered last month, with the rating
/// and comment from the note." The note also rates products delivered in March, on May 1 and
/// one not delivered yet; five newer orders push April's off the first page. Variant 2 has
/// an old review of one of them to update (a second review is refused); variant 3 has an
/// April order still on its way.
fn review_last_month(g: &mut Gen) -> Parts {
    let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
    const TITLE: &str = "Amazon ratings";
    let now = g.now; // 2023-05-18
    let d = |y: i32, m: u32, day: u32, h: u32| {
        chrono::NaiveDate::from_ymd_opt(y, m, day)
            .and_then(|x| x.and_hms_opt(h, 20, 0))
            .unwrap_or(now)
    };
    let april_a = d(2023, 4, 6, 9);
    let april_b = d(2023, 4, 18, 20);
    let march = d(2023, 3, 27, 14);
    let edge = d(2023, 4, 30, 10); // delivered May 1
    let v2 = g.variant == 2;
    let v3 = g.variant == 3;
    // Which RATED entries are delivered in April (index), and which are not.
    let april: Vec<usize> = if v3 { vec![0, 2, 5] } else { vec![0, 1, 2] };
    let mut content = String::from("Ratings for my Amazon stuff (out of 5):\n");
    for (_, name, stars, comment) in RATED {
        content.push_str(&format!("{name}: {stars} - {comment}\n"));
    }
    let instruction = match g.variant {
        1 => format!(
            "I rated the things I bought on Amazon in my note \"{TITLE}\". Write a review on Amazon for each product in that note that was delivered to me last month: the rating from the note, and the comment as the review text."
        ),
        2 => format!(
            "Post reviews on Amazon for the products from my note \"{TITLE}\" that were delivered last month, using the note's star rating and its comment as the text. If I already reviewed one of them, update that review instead."
        ),
        _ => format!(
            "Go through my note \"{TITLE}\" and, for every product listed there that actually arrived last month, write an Amazon review with the rating and comment from the note (comment as the text). Skip what came at other times or hasn't arrived."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "amazon"];
    let note = g.note(TITLE, &content, &["shopping"], false, 1);
    let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
    parts.notes = Some(mix(&mut g.rng, filler, vec![note]));
    let sup = p.clone();
    let key = p.id * 29 + i64::from(g.variant) * 7;
    parts.setup.push(step(move |s| {
        let mut pid = Vec::new();
        for (ptype, name, _, _) in RATED {
            pid.push(s.add_amazon_product((ptype, name, "gray", "medium", 34.0, 20), SELLER)?);
        }
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(pid[4], 1, 34.0, 0, 0, true)],
            5.0,
            0.0,
            march,
        )?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(pid[0], 1, 34.0, 0, 0, true)],
            5.0,
            0.0,
            april_a,
        )?;
        let b_lines: Vec<(i64, i64, f64, i64, i64, bool)> = if v3 {
            vec![
                (pid[2], 1, 34.0, 0, 0, true),
                (pid[5], 1, 34.0, 0, 0, true),
                (pid[1], 1, 34.0, 0, 0, false),
            ]
        } else {
            vec![(pid[1], 1, 34.0, 0, 0, true), (pid[2], 2, 34.0, 0, 0, true)]
        };
        s.add_amazon_order(&sup, "Home", None, &b_lines, 5.0, 0.0, april_b)?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(pid[3], 1, 34.0, 0, 0, true)],
            5.0,
            0.0,
            edge,
        )?;
        for (k, q) in stocked_products(s.db, key, 5).into_iter().enumerate() {
            s.add_amazon_order(
                &sup,
                "Work",
                None,
                &[(q, 1, 20.0, 0, 0, true)],
                5.0,
                0.0,
                days_ago(now, 3 + k as i64 * 2, 11, 5),
            )?;
        }
        if v2 {
            s.add_amazon_review(
                &sup,
                pid[0],
                2,
                "Meh",
                "One bowl arrived chipped",
                days_ago(now, 35, 20, 0),
            )?;
        }
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")");
    let read = fill(
        r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@TITLE@)
note = [n for n in notes if n["title"] == @TITLE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
rated = {}
for line in content.splitlines()[1:]:
    m = re.match(r"^(.*): (\d) - (.*)$", line.strip())
    if m:
        rated[m.group(1)] = (int(m.group(2)), m.group(3))
print(rated)"#,
        &[("TITLE", py(TITLE))],
    );
    let act = |month: &str, first_page: bool, update: bool| {
        fill(
            r#"orders = @ORDERS@
names = {}
done = set()
for o in orders:
    for item in o["order_items"]:
        if not item["delivered_at"] or not item["delivered_at"].startswith(@MONTH@):
            continue
        pid = item["product_id"]
        if pid not in names:
            names[pid] = apis.amazon.show_product(product_id=pid)["name"]
        name = names[pid]
        if name not in rated or pid in done:
            continue
        done.add(pid)
        rating, comment = rated[name]
        mine = [r for r in apis.amazon.show_product_reviews(product_id=pid, user_email=profile["email"], page_limit=20)]
        if mine and @UPDATE@:
            apis.amazon.update_product_review(access_token=az, review_id=mine[0]["review_id"], rating=rating, text=comment)
        else:
            apis.amazon.write_product_review(access_token=az, product_id=pid, rating=rating, title=name, text=comment)
apis.supervisor.complete_task()"#,
            &[
                ("MONTH", py(month)),
                (
                    "ORDERS",
                    if first_page {
                        "apis.amazon.show_orders(access_token=az)".to_string()
                    } else {
                        "all_pages(apis.amazon.show_orders, access_token=az)".to_string()
                    },
                ),
                ("UPDATE", if update { "True" } else { "False" }.to_string()),
            ],
        )
    };
    parts.ground_truth = vec![logins.clone(), read.clone(), act("2023-04", false, true)];
    parts.wrong = vec![
        solution(
            "reads only the first page of orders",
            vec![logins.clone(), read.clone(), act("2023-04", true, true)],
        ),
        solution(
            "reviews what was delivered this month",
            vec![logins.clone(), read.clone(), act("2023-05", false, true)],
        ),
        solution(
            "reviews everything delivered in 2023",
            vec![logins.clone(), read.clone(), act("2023", false, true)],
        ),
    ];
    if v2 {
        parts.wrong.push(solution(
            "writes a second review instead of updating the old one",
            vec![logins, read, act("2023-04", false, false)],
        ));
    }
    for &i in &april {
        let (_, name, stars, comment) = RATED[i];
        parts.checks.push(Check::new(
            format!("one review of {name}: {stars} stars, \"{comment}\""),
            move |ctx| {
                let pid = product_named(ctx.db, name).unwrap_or(-1);
                match review_of(ctx, pid).as_slice() {
                    [(r, t)] if *r == stars && t.trim() == comment => Ok(()),
                    other => Err(format!("reviews: {other:?}")),
                }
            },
        ));
    }
    let skipped: Vec<usize> = (0..RATED.len()).filter(|i| !april.contains(i)).collect();
    let skipped_names: Vec<&str> = skipped.iter().map(|&i| RATED[i].1).collect();
    parts.checks.push(Check::new(
        format!("no review of {}", skipped_names.join(", ")),
        move |ctx| {
            for n in &skipped_names {
                let pid = product_named(ctx.db, n).unwrap_or(-1);
                if !review_of(ctx, pid).is_empty() {
                    return Err(format!("{n} was reviewed"));
                }
            }
            Ok(())
        },
    ));
    parts
        .checks
        .push(Check::new("no new order or return", |ctx| {
            let n = new_orders(ctx).len() + added(ctx, "amazon", "product_returns").len();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} rows"))
            }
        }));
    parts.allowed = vec![
        Allow::new("the supervisor's reviews", |ctx, r| {
            r.is("amazon", "product_reviews")
                && r.kind() != ChangeKind::Removed
                && r.get("user_id").as_i64() == ctx.user_id("amazon")
        }),
        Allow::new("the reviewed products' and sellers' ratings", |_, r| {
            (r.is("amazon", "products") || r.is("amazon", "sellers"))
                && r.kind() == ChangeKind::Updated
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "rating" || c == "seller_rating")
        }),
    ];
    parts
}

// ---- 5. returns of the order that arrived late ---------------------------------------------

/// "One of my orders of the past month came late; return everything in it I haven't returned
/// yet, with the pick-up service from my note." Other recent orders came on time, the base
/// world's orders are made punctual. Variant 2 has one unit already returned; variant 3 has
/// an older late order (two months back) that must stay.
fn late_order_returns(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    const TITLE: &str = "Amazon returns";
    const KETTLE: &str = "Marlow Steel Electric Kettle";
    const LAMP: &str = "Juniper Arc Floor Lamp";
    const TOWELS: &str = "Orchid Waffle Bath Towels";
    const BLENDER: &str = "Harbor Pulse Blender";
    const JACKET: &str = "Alder Ridge Rain Jacket";
    let now = g.now;
    let late_at = days_ago(now, 12, 15, 30);
    let ontime_a = days_ago(now, 20, 9, 10);
    let ontime_b = days_ago(now, 4, 18, 0);
    let old_late = days_ago(now, 62, 11, 0);
    let deliverer = ["FedEx", "USPS", "UPS"][g.variant as usize - 1];
    let other_deliverer = if deliverer == "UPS" { "FedEx" } else { "UPS" };
    let content = format!(
        "How I do Amazon returns:\n- Pick-up: {deliverer} (they come to the house)\n- Keep the original boxes for a month\n- {other_deliverer} lost a package last year, don't use them"
    );
    let v2 = g.variant == 2;
    let v3 = g.variant == 3;
    // The late order: (product, units, already returned).
    let late: Vec<(&str, i64, i64)> = if v2 {
        vec![(KETTLE, 1, 0), (TOWELS, 3, 1)]
    } else {
        vec![(KETTLE, 1, 0), (TOWELS, 2, 0), (LAMP, 1, 0)]
    };
    let instruction = match g.variant {
        1 => format!(
            "One of my Amazon orders from the past month arrived after its expected delivery date. I don't want any of it anymore: return every item of that order, with the pick-up service I wrote down in my note \"{TITLE}\"."
        ),
        2 => format!(
            "An Amazon order I placed in the last month was delivered late. Return all of its items (only what I haven't already sent back), and use the carrier from my note \"{TITLE}\" for the pick-up."
        ),
        _ => format!(
            "Return everything from my Amazon order of the past month that showed up later than expected. The carrier I use for pick-ups is in my note \"{TITLE}\". Older orders are fine, leave them."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "amazon"];
    let note = g.note(TITLE, &content, &["shopping"], false, 30);
    let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
    parts.notes = Some(mix(&mut g.rng, filler, vec![note]));
    let sup = p.clone();
    let late_c = late.clone();
    parts.setup.push(step(move |s| {
        s.deliver_amazon_orders_on_time(&sup)?;
        let kettle =
            s.add_amazon_product(("kettle", KETTLE, "silver", "medium", 45.0, 20), SELLER)?;
        let lamp = s.add_amazon_product(("floor lamp", LAMP, "black", "large", 88.0, 8), SELLER)?;
        let towels =
            s.add_amazon_product(("towel set", TOWELS, "white", "medium", 19.5, 40), SELLER)?;
        let blender =
            s.add_amazon_product(("blender", BLENDER, "red", "medium", 59.0, 15), SELLER)?;
        let jacket =
            s.add_amazon_product(("jacket", JACKET, "green", "large", 74.0, 10), SELLER)?;
        let pid = |n: &str| match n {
            KETTLE => kettle,
            LAMP => lamp,
            _ => towels,
        };
        let lines: Vec<(i64, i64, f64, i64, i64, bool)> = late_c
            .iter()
            .map(|(n, q, r)| (pid(n), *q, 30.0, *r, 0, true))
            .collect();
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(blender, 1, 59.0, 0, 0, true)],
            5.0,
            0.0,
            ontime_a,
        )?;
        let o = s.add_amazon_order(&sup, "Home", None, &lines, 5.0, 0.0, late_at)?;
        for l in &lines {
            s.set_amazon_delivery(o, l.0, Some(3))?;
        }
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(jacket, 1, 74.0, 0, 0, true), (towels, 1, 19.5, 0, 0, true)],
            5.0,
            0.0,
            ontime_b,
        )?;
        if v3 {
            let old = s.add_amazon_order(
                &sup,
                "Home",
                None,
                &[(kettle, 1, 45.0, 0, 0, true), (jacket, 1, 74.0, 0, 0, true)],
                5.0,
                0.0,
                old_late,
            )?;
            s.set_amazon_delivery(old, kettle, Some(2))?;
        }
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")");
    let read = fill(
        r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@TITLE@)
note = [n for n in notes if n["title"] == @TITLE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
carrier = re.search(r"Pick-up: (\w+)", content).group(1)
deliverer = [d for d in apis.amazon.show_return_deliverers() if d["name"] == carrier][0]["deliverer_id"]
print(carrier, deliverer)"#,
        &[("TITLE", py(TITLE))],
    );
    let act = |days: i64, left: &str, carrier: &str| {
        fill(
            r#"@CARRIER@
since = (datetime.datetime.now() - datetime.timedelta(days=@DAYS@)).strftime("%Y-%m-%dT%H:%M:%S")
orders = all_pages(apis.amazon.show_orders, access_token=az)
late = [o for o in orders if o["created_at"] >= since and any(i["delivered_at"] and i["delivered_at"] > i["expected_delivery_at"] for i in o["order_items"])]
for o in late:
    for i in o["order_items"]:
        left = @LEFT@
        name = apis.amazon.show_product(product_id=i["product_id"])["name"]
        if left > 0:
            rid = apis.amazon.initiate_return(access_token=az, order_id=o["order_id"], product_id=i["product_id"], deliverer_id=deliverer, quantity=left)["return_id"]
            r = apis.amazon.show_return(access_token=az, return_id=rid)
            print(name, r["quantity"], r["deliverer_name"])
apis.supervisor.complete_task()"#,
            &[
                ("DAYS", days.to_string()),
                ("LEFT", left.to_string()),
                ("CARRIER", carrier.to_string()),
            ],
        )
    };
    let right_left = "i[\"ordered_quantity\"] - i[\"returned_quantity\"]";
    parts.ground_truth = vec![logins.clone(), read.clone(), act(31, right_left, "")];
    let wrong_carrier = format!(
        "deliverer = [d for d in apis.amazon.show_return_deliverers() if d[\"name\"] == {}][0][\"deliverer_id\"]",
        py(other_deliverer)
    );
    parts.wrong = vec![
        solution(
            &format!("uses {other_deliverer}, the carrier the note warns about"),
            vec![logins.clone(), read.clone(), act(31, right_left, &wrong_carrier)],
        ),
        solution(
            "returns one unit of each item",
            vec![logins.clone(), read.clone(), act(31, "1", "")],
        ),
        solution(
            "returns the items of every order of the last month",
            vec![
                logins.clone(),
                read.clone(),
                act(31, right_left, "").replace(
                    "any(i[\"delivered_at\"] and i[\"delivered_at\"] > i[\"expected_delivery_at\"] for i in o[\"order_items\"])",
                    "True",
                ),
            ],
        ),
    ];
    if v3 {
        parts.wrong.push(solution(
            "also returns the older late order",
            vec![logins, read, act(90, right_left, "")],
        ));
    }
    let deliverer_id: i64 = match deliverer {
        "UPS" => 1,
        "USPS" => 2,
        _ => 3,
    };
    let want_all = {
        let late = late.clone();
        move |ctx: &EvalCtx| -> Vec<(i64, i64, i64, i64)> {
            let o = order_at(ctx, late_at).unwrap_or(-1);
            late.iter()
                .map(|(n, q, r)| {
                    (
                        o,
                        product_named(ctx.db, n).unwrap_or(-1),
                        q - r,
                        deliverer_id,
                    )
                })
                .collect()
        }
    };
    for (k, (n, q, r)) in late.iter().enumerate() {
        let want_all = want_all.clone();
        parts.checks.push(Check::new(
            format!(
                "a {deliverer} return of {} x {n} from the late order of {}",
                q - r,
                late_at.format("%Y-%m-%d")
            ),
            move |ctx| {
                let want = want_all(ctx)[k];
                let got = new_returns(ctx);
                if got.contains(&want) {
                    Ok(())
                } else {
                    Err(format!("returns: {got:?}; wanted {want:?}"))
                }
            },
        ));
    }
    parts
        .checks
        .push(Check::new("no other return was started", move |ctx| {
            let want = want_all(ctx);
            let got = new_returns(ctx);
            match got.iter().find(|r| !want.contains(r)) {
                Some(r) => Err(format!("another return: {r:?}")),
                None if got.len() != want.len() => Err(format!("{} returns", got.len())),
                None => Ok(()),
            }
        }));
    parts.allowed = allow::returns();
    parts
}

// ---- 6. receipts of work orders filed into a folder ----------------------------------------

/// "Save the receipt of each Amazon order I had shipped to my work address in April into
/// ~/documents/expenses/2023_04/." Orders to the home address and from other months are
/// distractors; several newer orders push April's off the first page. Variant 2 names the
/// folder differently; variant 3 also wants them named by order date.
fn work_receipts(g: &mut Gen) -> Parts {
    let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
    let now = g.now;
    let folder = match g.variant {
        1 => "~/documents/expenses/2023_04",
        2 => "~/documents/work/reimbursements/april_2023",
        _ => "~/documents/expenses/amazon_april",
    };
    let by_date = g.variant == 3;
    let instruction = match g.variant {
        1 => format!(
            "Work reimburses what I order on Amazon for the office. Save the receipt of every Amazon order I had shipped to my work address in April into the folder {folder}/ in my file system (keep Amazon's file names)."
        ),
        2 => format!(
            "For my April expense report: download the receipts of all my April Amazon orders that went to my work address into {folder}/ in my file system, with the default receipt file names."
        ),
        _ => format!(
            "Put the receipts of my Amazon orders from April that were delivered to my work address in {folder}/ in my file system, each named by its order date, like 2023-04-03.txt (there was at most one such order a day)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "amazon", "file_system"];
    let sup = p.clone();
    let key = p.id * 71 + i64::from(g.variant) * 13;
    let d = move |m: u32, day: u32, h: u32| {
        chrono::NaiveDate::from_ymd_opt(2023, m, day)
            .and_then(|x| x.and_hms_opt(h, 40, 0))
            .unwrap_or(now)
    };
    // (when, address) of the designed orders.
    let designed: Vec<(NaiveDateTime, &str)> = vec![
        (d(4, 3, 10), "Work"),
        (d(4, 11, 14), "Home"),
        (d(4, 19, 9), "Work"),
        (d(4, 27, 16), "Work"),
        (d(3, 29, 11), "Work"),
        (d(5, 2, 8), "Work"),
        (d(5, 6, 12), "Home"),
        (d(5, 9, 15), "Work"),
        (d(5, 12, 18), "Home"),
        (d(5, 15, 10), "Work"),
    ];
    let designed_c = designed.clone();
    parts.setup.push(step(move |s| {
        // Only the task's own orders: the base world's are dated elsewhere (a year back).
        let uid = s.user_id("amazon", &sup)?;
        s.execute(
            "UPDATE amazon.orders SET created_at = '2022-' || substr(created_at, 6) WHERE user_id = ?1 AND created_at >= '2023-03-01'",
            [uid],
        )?;
        let stock = stocked_products(s.db, key, designed_c.len() as i64);
        for (k, (at, addr)) in designed_c.iter().enumerate() {
            s.add_amazon_order(&sup, addr, None, &[(stock[k], 1 + (k as i64 % 2), 20.0 + k as f64 * 3.5, 0, 0, true)], 5.0, 0.0, *at)?;
        }
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\naz = login(\"amazon\")\nfs = login(\"file_system\")");
    let act = |month: &str, any_address: bool, first_page: bool| {
        fill(
            r#"work = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Work"][0]
work_text = "\n".join([work["street_address"], work["city"], work["state"], work["country"], str(work["zip_code"])])
orders = @ORDERS@
for o in orders:
    if not o["created_at"].startswith(@MONTH@):
        continue
    if not @ANY@ and o["address_text"] != work_text:
        continue
    name = @NAME@
    apis.amazon.download_order_receipt(access_token=az, order_id=o["order_id"], download_to_file_path=@FOLDER@ + "/" + name, file_system_access_token=fs)
for path in apis.file_system.show_directory(access_token=fs, directory_path=@FOLDER@ + "/", entry_type="files"):
    content = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
    assert "Order ID: #" in content, path
apis.supervisor.complete_task()"#,
            &[
                ("MONTH", py(month)),
                (
                    "ANY",
                    if any_address { "True" } else { "False" }.to_string(),
                ),
                (
                    "ORDERS",
                    if first_page {
                        "apis.amazon.show_orders(access_token=az)"
                    } else {
                        "all_pages(apis.amazon.show_orders, access_token=az)"
                    }
                    .to_string(),
                ),
                (
                    "NAME",
                    if by_date {
                        "o[\"created_at\"][:10] + \".txt\""
                    } else {
                        "\"amazon_order_\" + str(o[\"order_id\"]) + \".txt\""
                    }
                    .to_string(),
                ),
                ("FOLDER", py(folder)),
            ],
        )
    };
    parts.ground_truth = vec![logins.clone(), act("2023-04", false, false)];
    parts.wrong = vec![
        solution(
            "also files the April orders shipped home",
            vec![logins.clone(), act("2023-04", true, false)],
        ),
        solution(
            "reads only the first page of orders",
            vec![logins.clone(), act("2023-04", false, true)],
        ),
        solution(
            "files May's work orders",
            vec![logins, act("2023-05", false, false)],
        ),
    ];
    let home_dir = format!("/home/{}", p.first_name.to_lowercase());
    let dir = folder.replacen('~', &home_dir, 1);
    let wanted: Vec<NaiveDateTime> = designed
        .iter()
        .filter(|(at, a)| *a == "Work" && at.format("%Y-%m").to_string() == "2023-04")
        .map(|(at, _)| *at)
        .collect();
    let new_files = {
        let dir = dir.clone();
        move |ctx: &EvalCtx| -> Vec<(String, String)> {
            let me = ctx.user_id("file_system");
            added(ctx, "file_system", "files")
                .into_iter()
                .filter(|r| r.get("user_id").as_i64() == me)
                .filter_map(|r| {
                    let path = r.get("path").as_str()?;
                    path.starts_with(&format!("{dir}/")).then(|| {
                        (
                            path.to_string(),
                            r.get("content").as_str().unwrap_or("").to_string(),
                        )
                    })
                })
                .collect()
        }
    };
    for at in &wanted {
        let at = *at;
        let dir = dir.clone();
        let new_files = new_files.clone();
        parts.checks.push(Check::new(
            format!(
                "the receipt of the work order of {} is in {folder}/",
                at.format("%Y-%m-%d")
            ),
            move |ctx| {
                let id = order_at(ctx, at).unwrap_or(-1);
                let name = if by_date {
                    format!("{}.txt", at.format("%Y-%m-%d"))
                } else {
                    format!("amazon_order_{id}.txt")
                };
                let path = format!("{dir}/{name}");
                match new_files(ctx).iter().find(|f| f.0 == path) {
                    Some((_, c)) if c.contains(&format!("Order ID: #{id}\n")) => Ok(()),
                    Some(_) => Err(format!("{path} is not that order's receipt")),
                    None => Err(format!("no {path}")),
                }
            },
        ));
    }
    let n = wanted.len();
    parts.checks.push(Check::new(
        format!("no other file in {folder}/ ({n} receipts)"),
        move |ctx| {
            let got = new_files(ctx);
            if got.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{} files: {:?}",
                    got.len(),
                    got.iter().map(|f| &f.0).collect::<Vec<_>>()
                ))
            }
        },
    ));
    parts.allowed = vec![
        allow_added(
            "files the supervisor saved",
            "file_system",
            "files",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("file_system"),
        ),
        allow_added(
            "folders the supervisor made",
            "file_system",
            "directories",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("file_system"),
        ),
        Allow::new("the orders' receipt download counters", |_, r| {
            r.is("amazon", "orders")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "receipt_download_count")
        }),
    ];
    parts
}

// ---- 7. a Todoist shopping project moved into the cart -------------------------------------

/// "Add the things in my Todoist project `Things to buy` that are still open to my Amazon
/// cart (cheapest in-stock variant, the quantity in the task), then mark those tasks done;
/// don't check out." Done tasks are things already bought; the cart holds other things that
/// stay. Variant 2 files the tasks under sections; variant 3 has a task for a near-miss name.
fn todoist_to_cart(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    const PROJECT: &str = "Things to buy";
    // (index into LISTED, units, done, section)
    let tasks: Vec<(usize, i64, bool, &str)> = match g.variant {
        1 => vec![
            (1, 1, false, ""),
            (2, 2, false, ""),
            (4, 1, true, ""),
            (3, 1, false, ""),
        ],
        2 => vec![
            (0, 2, false, "Clothes"),
            (4, 1, false, "Clothes"),
            (1, 1, true, "Kitchen"),
            (3, 1, false, "Kitchen"),
        ],
        _ => vec![
            (2, 1, false, ""),
            (0, 3, true, ""),
            (3, 2, false, ""),
            (1, 1, false, ""),
        ],
    };
    let title = |i: usize, q: i64| {
        if q == 1 {
            LISTED[i].1.to_string()
        } else {
            format!("{} x{q}", LISTED[i].1)
        }
    };
    let instruction = match g.variant {
        1 => format!(
            "Add everything that's still open in my Todoist project \"{PROJECT}\" to my Amazon cart (the cheapest variant in stock of each, as many as the task says), then mark those tasks as done. Don't place the order yet, and keep what's already in the cart."
        ),
        2 => format!(
            "My Todoist project \"{PROJECT}\" lists what I still need. Put each open item in my Amazon cart, in the quantity written in the task and the cheapest in-stock variant, and complete those tasks. I'll check out myself later; leave the rest of the cart as it is."
        ),
        _ => format!(
            "Move my open to-dos from the Todoist project \"{PROJECT}\" into my Amazon cart: cheapest variant that's in stock, quantities as in the task titles. Tick the tasks off once they're in the cart. No checkout, and don't remove anything from the cart."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "todoist", "amazon"];
    let sup = p.clone();
    let now = g.now;
    let key = p.id * 41 + i64::from(g.variant) * 5;
    let tasks_c: Vec<(String, bool, String)> = tasks
        .iter()
        .map(|(i, q, done, sec)| (title(*i, *q), *done, sec.to_string()))
        .collect();
    parts.setup.push(step(move |s| {
        for (ptype, name, variants, near) in LISTED {
            for v in variants.iter() {
                s.add_amazon_product((ptype, name, v.0, v.1, v.2, v.3), SELLER)?;
            }
            s.add_amazon_product((ptype, near, "black", "small", 8.99, 50), SELLER)?;
        }
        let cart = stocked_products(s.db, key, 2);
        s.set_amazon_cart(&sup, &[(cart[0], 1), (cart[1], 2)])?;
        let project = s.add_todo_project(
            &sup,
            PROJECT,
            "Stuff to order",
            &[],
            now - Duration::days(20),
        )?;
        let mut sections: BTreeMap<String, i64> = BTreeMap::new();
        for (k, (t, done, sec)) in tasks_c.iter().enumerate() {
            let section = if sec.is_empty() {
                None
            } else if let Some(id) = sections.get(sec) {
                Some(*id)
            } else {
                let id = apps::todoist::rows::NewSection {
                    project_id: project,
                    name: sec,
                    order_index: sections.len() as i64,
                    created_at: &sim::clock::fmt_datetime(now - Duration::days(20)),
                }
                .insert(s.db)?;
                sections.insert(sec.clone(), id);
                Some(id)
            };
            s.add_todo_task(
                project,
                section,
                &sup,
                t,
                None,
                "medium",
                *done,
                None,
                now - Duration::days(15 - k as i64),
            )?;
        }
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\ntd = login(\"todoist\")\naz = login(\"amazon\")\n{CHEAPEST}"
    );
    let read = fill(
        r#"projects = all_pages(apis.todoist.show_projects, access_token=td)
project = [p for p in projects if p["name"] == @PROJECT@][0]
listing = apis.todoist.show_tasks(access_token=td, project_id=project["project_id"])
tasks = listing["no_section_tasks"] + [t for s in listing["sections"] for t in s["tasks"]]
wanted = []
for t in tasks:
    if t["is_completed"] and @OPEN_ONLY@:
        continue
    m = re.match(r"^(.*?)(?: x(\d+))?$", t["title"].strip())
    wanted.append((t["task_id"], m.group(1).strip(), int(m.group(2) or 1)))
print(wanted)"#,
        &[
            ("PROJECT", py(PROJECT)),
            ("OPEN_ONLY", "@OPEN_ONLY@".to_string()),
        ],
    );
    let act = |qty: &str, complete: bool| {
        let mut s = fill(
            r#"for task_id, name, qty in wanted:
    pick = cheapest(name)
    apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity=@QTY@)
"#,
            &[("QTY", qty.to_string())],
        );
        if complete {
            s.push_str("    apis.todoist.update_task(access_token=td, task_id=task_id, is_completed=True)\n");
        }
        s.push_str("apis.supervisor.complete_task()");
        s
    };
    let open = read.replace("@OPEN_ONLY@", "True");
    parts.ground_truth = vec![logins.clone(), open.clone(), act("qty", true)];
    parts.wrong = vec![
        solution(
            "also adds the items of tasks already done",
            vec![logins.clone(), read.replace("@OPEN_ONLY@", "False"), act("qty", true)],
        ),
        solution(
            "adds one of each, ignoring the quantities",
            vec![logins.clone(), open.clone(), act("1", true)],
        ),
        solution(
            "leaves the tasks open",
            vec![logins.clone(), open.clone(), act("qty", false)],
        ),
        solution(
            "places the order too",
            vec![
                logins,
                open,
                act("qty", true).replace(
                    "apis.supervisor.complete_task()",
                    &format!("{VALID_CARD}\naddress_id = [a for a in apis.amazon.show_addresses(access_token=az) if a[\"name\"] == \"Home\"][0][\"address_id\"]\napis.amazon.place_order(access_token=az, payment_card_id=card[\"payment_card_id\"], address_id=address_id)\napis.supervisor.complete_task()"),
                ),
            ],
        ),
    ];
    let open_items: Vec<(usize, i64)> = tasks.iter().filter(|t| !t.2).map(|t| (t.0, t.1)).collect();
    for &(i, q) in &open_items {
        let (color, size) = cheapest_listed(&LISTED[i]);
        let name = LISTED[i].1;
        parts.checks.push(Check::new(
            format!("the cart gained {q} x {name} ({color}, {size})"),
            move |ctx| {
                let want = product_id(ctx.db, name, color, size).unwrap_or(-1);
                let (start, end) = (start_cart(ctx), end_cart(ctx));
                let gained =
                    end.get(&want).map_or(0, |v| v.0) - start.get(&want).map_or(0, |v| v.0);
                if gained == q {
                    Ok(())
                } else {
                    Err(format!("gained {gained}"))
                }
            },
        ));
    }
    let n_open = open_items.len();
    parts.checks.extend([
        Check::new(
            format!("nothing else changed in the cart ({n_open} products added)"),
            move |ctx| {
                let (start, end) = (start_cart(ctx), end_cart(ctx));
                let kept = start.iter().all(|(k, v)| end.get(k) == Some(v));
                let added_n = end.keys().filter(|k| !start.contains_key(k)).count();
                if kept && added_n == n_open {
                    Ok(())
                } else {
                    Err(format!("the cart held {start:?} and now holds {end:?}"))
                }
            },
        ),
        Check::new(
            format!("the {n_open} open tasks of \"{PROJECT}\" are completed, the others untouched"),
            move |ctx| {
                let me = ctx.user_id("todoist");
                let open: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT count(*) FROM todoist.tasks t JOIN todoist.projects p ON p.id = t.project_id WHERE p.name = ?1 AND p.user_id = ?2 AND NOT t.is_completed",
                        params![PROJECT, me],
                        |r| r.get(0),
                    )
                    .unwrap_or(-1);
                let changed = ctx
                    .diff
                    .table("todoist", "tasks")
                    .filter(|r| r.kind() == ChangeKind::Updated)
                    .count();
                if open == 0 && changed == n_open {
                    Ok(())
                } else {
                    Err(format!("{open} tasks still open, {changed} tasks changed"))
                }
            },
        ),
        Check::new("no order was placed", |ctx| {
            let n = new_orders(ctx).len();
            if n == 0 { Ok(()) } else { Err(format!("{n} orders")) }
        }),
    ]);
    parts.allowed = vec![
        allow::cart(),
        Allow::new(
            format!("updates of the tasks of \"{PROJECT}\""),
            |ctx, r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Updated
                    && one(
                        ctx.db,
                        "SELECT count(*) FROM todoist.projects WHERE id = ?1 AND name = ?2",
                        params![r.get("project_id").as_i64().unwrap_or(0), PROJECT],
                    ) == Some(1)
            },
        ),
    ];
    parts
}

// ---- 8. a replacement card and Prime renewed with it ---------------------------------------

/// "My card expiring this month was replaced (details in my note). On Amazon add the new card,
/// delete the expiring one, and renew Prime with the new card on the plan I had (variant 3: the
/// plan cheaper per month)." The supervisor keeps another card; the last Prime subscription
/// ended last week.
fn prime_new_card(g: &mut Gen) -> Parts {
    let p = g.supervisor_where(|p| p.payment_cards.len() == 1);
    const TITLE: &str = "Replacement card";
    let old_name = "Visa Signature";
    let new_name = "Visa Signature 2027";
    let old_number = 4_485_000_000_000_000 + p.id * 8_111 + i64::from(g.variant);
    let new_number = 4_485_900_000_000_000 + p.id * 9_391 + i64::from(g.variant) * 3;
    let (exp_y, exp_m, cvv) = match g.variant {
        1 => (2027, 9, 654),
        2 => (2028, 2, 317),
        _ => (2026, 11, 980),
    };
    let last_plan = if g.variant == 2 { "yearly" } else { "monthly" };
    let want_plan = if g.variant == 3 { "yearly" } else { last_plan };
    let want_paid = if want_plan == "yearly" { 140.0 } else { 15.0 };
    let old4 = format!("{:04}", old_number % 10_000);
    let new4 = format!("{:04}", new_number % 10_000);
    let content = format!(
        "The bank replaced my {old_name} (the one ending in {old4}, expires this month).\nNew card number: {:04} {:04} {:04} {:04}\nExpires: {exp_m:02}/{exp_y}\nCVV: {cvv}\nName it \"{new_name}\" wherever I save it.",
        new_number / 1_000_000_000_000,
        new_number / 100_000_000 % 10_000,
        new_number / 10_000 % 10_000,
        new_number % 10_000
    );
    let instruction = match g.variant {
        1 => format!(
            "My {old_name} card expires this month and the bank sent me a replacement; the details are in my note \"{TITLE}\". On Amazon, save the new card (under the name in the note), delete the card that expires this month, and renew my Prime membership, which ran out last week, on the same plan as before, paid with the new card."
        ),
        2 => format!(
            "Swap my payment card on Amazon: add the replacement card from my note \"{TITLE}\" (use the name I wrote there) and remove the old one that expires this month. Then re-subscribe to Prime with the new card; it lapsed recently, keep the plan I had."
        ),
        _ => format!(
            "The card details in my note \"{TITLE}\" replace my card that expires this month. Add the new card to Amazon with the name from the note, delete the expiring one, and get Prime again (it ended last week) with the new card, this time on whichever plan is cheaper per month."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "amazon"];
    let note = g.note(TITLE, &content, &["finance"], false, 3);
    let filler = g.filler(&p, 6, &["finance"], &[TITLE]);
    parts.notes = Some(mix(&mut g.rng, filler, vec![note]));
    let sup = p.clone();
    let now = g.now;
    let last_paid = if last_plan == "yearly" { 140.0 } else { 15.0 };
    let last_days = if last_plan == "yearly" { 365 } else { 30 };
    let old4_c = old4.clone();
    parts.setup.push(step(move |s| {
        s.add_amazon_card(&sup, old_name, old_number, 2023, 5, 271, 4_000.0)?;
        s.add_bank_card(&sup, new_name, new_number, exp_y, exp_m, cvv, 4_000.0)?;
        let ended = days_ago(now, 6, 23, 59);
        s.end_amazon_prime(&sup, ended - Duration::days(last_days + 1))?;
        apps::common::cards::NewSubscription {
            table: "amazon.prime_subscriptions",
            user_id: s.user_id("amazon", &sup)?,
            start_date: &sim::clock::fmt_datetime(
                ended - Duration::days(last_days) + Duration::minutes(1),
            ),
            end_date: &sim::clock::fmt_datetime(ended),
            payment_card_digits: &old4_c,
            paid_amount: last_paid,
        }
        .insert(s.db)?;
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")");
    let read = fill(
        r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@TITLE@)
note = [n for n in notes if n["title"] == @TITLE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
number = int(re.search(r"card number: ([\d ]+)", content).group(1).replace(" ", ""))
month, year = [int(x) for x in re.search(r"Expires: (\d+)/(\d+)", content).groups()]
cvv = int(re.search(r"CVV: (\d+)", content).group(1))
name = re.search(r'Name it "([^"]+)"', content).group(1)
today = datetime.date.today()
cards = apis.amazon.show_payment_cards(access_token=az)
expiring = [c for c in cards if (c["expiry_year"], c["expiry_month"]) == (today.year, today.month)]
subs = all_pages(apis.amazon.show_prime_subscriptions, access_token=az)
last = max(subs, key=lambda s: s["end_date"])
plans = apis.amazon.show_prime_plans()
print(number, month, year, cvv, name, [c["card_name"] for c in expiring], last, plans)"#,
        &[("TITLE", py(TITLE))],
    );
    let plan_py = if g.variant == 3 {
        "plan = min(plans, key=lambda k: plans[k] / (12 if k == \"yearly\" else 1))"
    } else {
        "plan = [k for k, v in plans.items() if v == last[\"paid_amount\"]][0]"
    };
    let act = |delete: &str, pay: &str, plan: &str| {
        fill(
            r#"new_id = apis.amazon.add_payment_card(access_token=az, card_name=name, owner_name=profile["first_name"] + " " + profile["last_name"], card_number=number, expiry_year=year, expiry_month=month, cvv_number=cvv)["payment_card_id"]
for c in @DELETE@:
    apis.amazon.delete_payment_card(access_token=az, payment_card_id=c["payment_card_id"])
@PLAN@
apis.amazon.subscribe_prime(access_token=az, payment_card_id=@PAY@, duration=plan)
for c in apis.amazon.show_payment_cards(access_token=az):
    print(apis.amazon.show_payment_card(access_token=az, payment_card_id=c["payment_card_id"])["card_name"])
print(apis.amazon.show_prime_subscriptions(access_token=az, page_limit=1))
apis.supervisor.complete_task()"#,
            &[
                ("DELETE", delete.to_string()),
                ("PAY", pay.to_string()),
                ("PLAN", plan.to_string()),
            ],
        )
    };
    parts.ground_truth = vec![
        logins.clone(),
        read.clone(),
        act("expiring", "new_id", plan_py),
    ];
    let other_plan = if want_plan == "yearly" {
        "plan = \"monthly\""
    } else {
        "plan = \"yearly\""
    };
    parts.wrong = vec![
        solution(
            "deletes the other card instead of the expiring one",
            vec![
                logins.clone(),
                read.clone(),
                act("[c for c in cards if c not in expiring]", "new_id", plan_py),
            ],
        ),
        solution(
            "keeps the expiring card",
            vec![logins.clone(), read.clone(), act("[]", "new_id", plan_py)],
        ),
        solution(
            "renews Prime on the other plan",
            vec![logins.clone(), read.clone(), act("expiring", "new_id", other_plan)],
        ),
        solution(
            "pays Prime with the old card before deleting it",
            vec![
                logins,
                read,
                act("[]", "expiring[0][\"payment_card_id\"]", plan_py).replace(
                    "apis.supervisor.complete_task()",
                    "apis.amazon.delete_payment_card(access_token=az, payment_card_id=expiring[0][\"payment_card_id\"])\napis.supervisor.complete_task()",
                ),
            ],
        ),
    ];
    let new_subs = |ctx: &EvalCtx| -> Vec<(String, f64)> {
        let me = ctx.user_id("amazon");
        added(ctx, "amazon", "prime_subscriptions")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("payment_card_digits")
                        .as_str()
                        .unwrap_or("")
                        .to_string(),
                    r.get("paid_amount").as_f64().unwrap_or(0.0),
                )
            })
            .collect()
    };
    let removed_cards = |ctx: &EvalCtx| -> Vec<i64> {
        ctx.diff
            .table("amazon", "payment_cards")
            .filter(|r| r.kind() == ChangeKind::Removed)
            .map(|r| r.before("card_number").as_i64().unwrap_or(0))
            .collect()
    };
    let new4_c = new4.clone();
    parts.checks = vec![
        Check::new(
            format!(
                "the new card ending in {new4} is saved as \"{new_name}\" (expires {exp_m:02}/{exp_y})"
            ),
            move |ctx| {
                let me = ctx.user_id("amazon");
                let rows = added(ctx, "amazon", "payment_cards");
                let ok = rows.iter().any(|r| {
                    r.get("user_id").as_i64() == me
                        && r.get("card_number").as_i64() == Some(new_number)
                        && r.get("card_name").as_str().map(str::trim) == Some(new_name)
                        && r.get("expiry_year").as_i64() == Some(exp_y)
                        && r.get("expiry_month").as_i64() == Some(exp_m)
                });
                if ok && rows.len() == 1 {
                    Ok(())
                } else {
                    Err(format!("{} cards added", rows.len()))
                }
            },
        ),
        Check::new(
            format!("the {old_name} ending in {old4} (expiring this month) is deleted"),
            move |ctx| {
                if removed_cards(ctx).contains(&old_number) {
                    Ok(())
                } else {
                    Err("still saved".into())
                }
            },
        ),
        Check::new("no other card is deleted", move |ctx| {
            let gone = removed_cards(ctx);
            if gone.iter().all(|n| *n == old_number) {
                Ok(())
            } else {
                Err(format!("{} cards deleted", gone.len()))
            }
        }),
        Check::new(
            format!("one new Prime subscription, paid with the card ending in {new4}"),
            move |ctx| match new_subs(ctx).as_slice() {
                [(d, _)] if *d == new4_c => Ok(()),
                other => Err(format!("subscriptions: {other:?}")),
            },
        ),
        Check::new(
            format!("on the {want_plan} plan (${want_paid:.0})"),
            move |ctx| match new_subs(ctx).as_slice() {
                [(_, paid)] if same_amount(*paid, want_paid) => Ok(()),
                other => Err(format!("subscriptions: {other:?}")),
            },
        ),
        Check::new("no order was placed", |ctx| {
            let n = new_orders(ctx).len();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} orders"))
            }
        }),
    ];
    parts.allowed = vec![
        Allow::new(
            "the supervisor's amazon cards added or deleted",
            |ctx, r| {
                r.is("amazon", "payment_cards")
                    && r.kind() != ChangeKind::Updated
                    && r.get("user_id").as_i64() == ctx.user_id("amazon")
            },
        ),
        allow_added(
            "the supervisor's Prime subscription",
            "amazon",
            "prime_subscriptions",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("amazon"),
        ),
        Allow::new("orders no longer pointing at a deleted card", |_, r| {
            r.is("amazon", "orders")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns().iter().all(|c| c == "payment_card_id")
        }),
    ];
    parts.allowed.extend(allow::amazon_side_effects());
    parts
}

// ---- 9. check out the cart without what a roommate already bought -------------------------

/// "My roommate texted that they already bought some of the things in my cart. Take those out
/// and order the rest, to my home with my valid card." A friend's text names another cart
/// item (which stays), the cart holds a near-miss of a named item. Variant 2 finds the roommate
/// under a nickname; variant 3 spreads the roommate's news over two texts.
fn cart_minus_roommate(g: &mut Gen) -> Parts {
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
    let logins = format!("{LOGIN_ANY}\n{ALL_PAGES}\nph = login(\"phone\")\naz = login(\"amazon\")");
    let act = |relationship: &str, remove: bool| {
        fill(
            r#"people = all_pages(apis.phone.search_contacts, access_token=ph, relationship=@REL@)
week_ago = (datetime.datetime.now() - datetime.timedelta(days=7)).strftime("%Y-%m-%dT%H:%M:%S")
said = []
for c in people:
    texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=c["phone_number"])
    said += [t["message"] for t in texts if t["sender"]["phone_number"] == c["phone_number"] and t["sent_at"] >= week_ago]
items = apis.amazon.show_cart(access_token=az)["cart_items"]
for i in items:
    i["product_name"] = apis.amazon.show_product(product_id=i["product_id"])["name"]
gone = [i for i in items if any(re.search(r"\b" + re.escape(i["product_name"]) + r"\b(?! Tray)", m) for m in said)]
print([i["product_name"] for i in gone])
if @REMOVE@:
    for i in gone:
        apis.amazon.delete_product_from_cart(access_token=az, product_id=i["product_id"])
@CARD@
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Home"][0]["address_id"]
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
apis.supervisor.complete_task()"#,
            &[
                ("REL", py(relationship)),
                ("REMOVE", if remove { "True" } else { "False" }.to_string()),
                ("CARD", VALID_CARD.to_string()),
            ],
        )
    };
    parts.ground_truth = vec![logins.clone(), act("roommate", true)];
    parts.wrong = vec![
        solution(
            "orders the whole cart",
            vec![logins.clone(), act("roommate", false)],
        ),
        solution(
            "removes what a friend texted about",
            vec![logins.clone(), act("friend", true)],
        ),
        solution(
            "also drops the near-miss tray",
            vec![
                logins,
                act("roommate", true)
                    .replace(r#"r"\b(?! Tray)""#, r#"r"\b""#)
                    .replace(
                        "re.escape(i[\"product_name\"])",
                        "re.escape(i[\"product_name\"].replace(\" Tray\", \"\"))",
                    ),
            ],
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
