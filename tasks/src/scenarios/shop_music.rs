//! Shopping and music scenarios: amazon (buying a variant as a gift, returns named in a note,
//! spending on work orders, a wish list with promo codes from a text, an order shared on
//! Splitwise) and spotify (a playlist of a genre's top songs with its link texted, an album a
//! friend texted about, a friend's public playlist, the player, questions about playlists),
//! crossing with phone, simple_note, splitwise and file_system. Amazon scenarios end with
//! " (shop)", spotify ones with " (music)", so `TASKS_ONLY='(shop)'` and `TASKS_ONLY='(music)'`
//! select them.
//!
//! The catalog rows a task names (products, orders, playlists) are added by the setup under
//! designed names, so instructions and answers are known when the task is built; rows a task
//! only refers to indirectly (an album, songs) are picked by deterministic queries over the
//! catalog, which the setup and the checks run alike.

use super::{Gen, Parts, Scenario, mix, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::amazon::{
    address_lines, end_cart, new_orders, new_returns, order_at, product_id, product_named,
    start_cart, stocked_products,
};
use crate::kit::changes::{added, allow_added};
use crate::kit::db::{ids, one};
use crate::kit::money::same_amount;
use crate::kit::phone::phone_id;
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::spotify::playlist_songs;
use crate::kit::time::days_ago;
use crate::kit::time::on;
use crate::model::{Allow, Answer, Check, Split};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};
use rusqlite::{Connection, params};
use sim::sql::Cached;
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "buy a birthday gift in a colour and ship it (shop)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: birthday_gift,
        },
        Scenario {
            name: "return the damaged items named in a note (shop)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: damaged_returns,
        },
        Scenario {
            name: "what the orders shipped to work cost (shop)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: work_orders,
        },
        Scenario {
            name: "wish list under a budget with the best promo code (shop)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: wish_list_promo,
        },
        Scenario {
            name: "share an order for the flat on Splitwise (shop)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: order_on_splitwise,
        },
        Scenario {
            name: "playlist of a genre's top songs, link texted (music)",
            split: Split::Train,
            difficulty: 3,
            build: genre_playlist,
        },
        Scenario {
            name: "save and like the album a friend texted about (music)",
            split: Split::Dev,
            difficulty: 2,
            build: texted_album,
        },
        Scenario {
            name: "follow the artists of a friend's playlist (music)",
            split: Split::TestNormal,
            difficulty: 2,
            build: friend_playlist_artists,
        },
        Scenario {
            name: "replace the queue with an album (music)",
            split: Split::Train,
            difficulty: 1,
            build: play_album,
        },
        Scenario {
            name: "which playlist has the most songs (music)",
            split: Split::Train,
            difficulty: 1,
            build: playlist_question,
        },
    ]
}

// ---- shared helpers ----------------------------------------------------------------------

/// Python that finds a contact by first (and last) name: `find_contact(first, last)`.
const FIND_CONTACT: &str = r#"def find_contact(first, last=None):
    hits = apis.phone.search_contacts(access_token=ph, query=first if last is None else first + " " + last, page_limit=20)
    return [c for c in hits if c["first_name"] == first and (last is None or c["last_name"] == last)][0]"#;

/// The supervisor's friends (ids), in id order.
fn friends(g: &Gen, p: &Person) -> Vec<i64> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == Relation::Friend)
        .map(|(_, id)| id)
        .collect()
}

/// The supervisor's roommates (ids).
fn roommates(g: &Gen, p: &Person) -> Vec<i64> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == Relation::Roommate)
        .map(|(_, id)| id)
        .collect()
}

/// Nicknames a contact may be saved under.
const NICKNAMES: &[&str] = &["Bunny", "Sunny", "Coco", "Ace", "Moose", "Peanut", "Ziggy"];

// ---- amazon helpers ------------------------------------------------------------------------

/// The seller of every designed product.
const SELLER: i64 = 4;

// ---- 1. a birthday gift in a colour ---------------------------------------------------------

/// "Buy my friend F the cheapest in-stock variant of product P in colour C, gift wrapped,
/// shipped to their home address (from my contacts), with my card that has not expired; keep
/// the rest of my cart." The cheapest variant in that colour is out of stock, a cheaper one
/// has another colour, a near-miss product has a similar name; the supervisor also has an
/// expired card saved. Variant 2 finds the friend under a nickname; variant 3 is for a
/// coworker and ships to the supervisor's work address.
fn birthday_gift(g: &mut Gen) -> Parts {
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
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nph = login(\"phone\")\naz = login(\"amazon\")"
    );
    let to_friend = |who: &str| {
        fill(
            r#"friend = @WHO@
street, city, state, country, zip_code = [x.strip() for x in friend["home_address"].split(",")]
address_id = apis.amazon.add_address(access_token=az, name=friend["first_name"] + "'s home", street_address=street, city=city, state=state, country=country, zip_code=int(zip_code))["address_id"]"#,
            &[("WHO", who.to_string())],
        )
    };
    let address = match g.variant {
        1 => to_friend(&format!(
            "find_contact({}, {})",
            py(&friend.first_name),
            py(&friend.last_name)
        )),
        2 => to_friend(&format!("find_contact({})", py(nick))),
        _ => "address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a[\"name\"] == \"Work\"][0][\"address_id\"]".to_string(),
    };
    let home_address = "address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a[\"name\"] == \"Home\"][0][\"address_id\"]".to_string();
    let pick = |any_color: bool| {
        fill(
            r#"results = apis.amazon.search_products(query=@NAME@, page_limit=20)
first = [r for r in results if r["name"] == @NAME@][0]
variants = [apis.amazon.show_product(product_id=i) for i in [first["product_id"]] + [v["product_id"] for v in first["variations"]]]
choices = [v for v in variants if (@ANY@ or v["color"] == @COLOR@) and v["inventory_quantity"] > 0]
pick = min(choices, key=lambda v: v["price"])
today = datetime.date.today()
card = [c for c in apis.amazon.show_payment_cards(access_token=az) if (c["expiry_year"], c["expiry_month"]) >= (today.year, today.month)][0]
print(pick["product_id"], pick["color"], pick["relative_size"], pick["price"], card["card_name"])"#,
            &[
                ("NAME", py(name)),
                ("COLOR", py(color)),
                ("ANY", if any_color { "True" } else { "False" }.to_string()),
            ],
        )
    };
    let order = |wrap: bool, restore: bool| {
        let mut s = String::from(
            "saved = apis.amazon.show_cart(access_token=az)[\"cart_items\"]\napis.amazon.clear_cart(access_token=az)\napis.amazon.add_product_to_cart(access_token=az, product_id=pick[\"product_id\"], quantity=1)\n",
        );
        if wrap {
            s.push_str("apis.amazon.add_gift_wrapping_to_product(access_token=az, product_id=pick[\"product_id\"], quantity=1)\n");
        }
        s.push_str("apis.amazon.place_order(access_token=az, payment_card_id=card[\"payment_card_id\"], address_id=address_id)\n");
        if restore {
            s.push_str("for item in saved:\n    apis.amazon.add_product_to_cart(access_token=az, product_id=item[\"product_id\"], quantity=item[\"quantity\"])\n");
        }
        s.push_str("apis.supervisor.complete_task()");
        s
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

// ---- 2. returns of damaged items named in a note --------------------------------------------

/// "Some items of my latest delivery arrived damaged (listed in my note N); return the damaged
/// units with deliverer D." The products were bought before too (an older order), the note
/// says how many units broke. Variant 2 returns only some units; variant 3 spans two recent
/// orders.
fn damaged_returns(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    const BOTTLE: &str = "Marlow Glass Water Bottle";
    const SHEETS: &str = "Tidewell Linen Bed Sheets";
    const BACKPACK: &str = "Kestrel Canvas Backpack";
    const POT: &str = "Juniper Ceramic Plant Pot";
    const TITLE: &str = "Damaged in delivery";
    let now = g.now;
    let old_at = days_ago(now, 120, 17, 42);
    let recent_at = days_ago(now, 6, 10, 15);
    let pots_at = days_ago(now, 3, 8, 5);
    // (product, units to return, order date)
    let (content, deliverer, returns): (&str, &str, Vec<(&str, i64, NaiveDateTime)>) = match g
        .variant
    {
        1 => (
            "Amazon delivery from last week:\n- Marlow Glass Water Bottle: both bottles cracked\n- Tidewell Linen Bed Sheets: torn at the seam\nEverything else was fine.",
            "UPS",
            vec![(BOTTLE, 2, recent_at), (SHEETS, 1, recent_at)],
        ),
        2 => (
            "Amazon delivery from last week:\n- Marlow Glass Water Bottle: 1 of the 2 is cracked, the other one is fine\n- Kestrel Canvas Backpack: zipper broken\nThe bed sheets are fine.",
            "FedEx",
            vec![(BOTTLE, 1, recent_at), (BACKPACK, 1, recent_at)],
        ),
        _ => (
            "Last week's Amazon delivery:\n- Marlow Glass Water Bottle: both cracked\nThe plant pots that came a few days later:\n- Juniper Ceramic Plant Pot: 2 of the 3 are chipped",
            "USPS",
            vec![(BOTTLE, 2, recent_at), (POT, 2, pots_at)],
        ),
    };
    let instruction = match g.variant {
        1 => format!(
            "A few things in my latest Amazon delivery arrived damaged; I listed them in my note \"{TITLE}\". Return every damaged unit, to be picked up by {deliverer}."
        ),
        2 => format!(
            "Return the damaged items from last week's Amazon delivery; what broke is in my SimpleNote note \"{TITLE}\". Only return the units that are actually damaged, and use {deliverer}."
        ),
        _ => format!(
            "Some of my recent Amazon deliveries came damaged (details in my note \"{TITLE}\"). Start a return of the damaged units, each from the order it came in, with {deliverer} as the deliverer."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "amazon"];
    let note = g.note(TITLE, content, &["shopping"], false, 4);
    let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
    parts.notes = Some(mix(&mut g.rng, filler, vec![note]));
    let sup = p.clone();
    let variant = g.variant;
    parts.setup.push(step(move |s| {
        let bottle =
            s.add_amazon_product(("water bottle", BOTTLE, "blue", "small", 24.99, 40), SELLER)?;
        let sheets =
            s.add_amazon_product(("bed sheets", SHEETS, "white", "medium", 89.0, 20), SELLER)?;
        let backpack =
            s.add_amazon_product(("backpack", BACKPACK, "gray", "medium", 59.5, 15), SELLER)?;
        let pot = s.add_amazon_product(("plant pot", POT, "beige", "small", 19.99, 30), SELLER)?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[(bottle, 1, 22.99, 0, 0, true), (pot, 2, 18.5, 0, 0, true)],
            5.0,
            0.0,
            old_at,
        )?;
        s.add_amazon_order(
            &sup,
            "Home",
            None,
            &[
                (bottle, 2, 24.99, 0, 0, true),
                (sheets, 1, 89.0, 0, 0, true),
                (backpack, 1, 59.5, 0, 0, true),
            ],
            5.0,
            0.0,
            recent_at,
        )?;
        if variant == 3 {
            s.add_amazon_order(
                &sup,
                "Home",
                None,
                &[(pot, 3, 19.99, 0, 0, true)],
                5.0,
                0.0,
                pots_at,
            )?;
        }
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\nsn = login(\"simple_note\")\naz = login(\"amazon\")");
    let read = fill(
        r#"notes = apis.simple_note.search_notes(access_token=sn, query=@TITLE@, page_limit=20)
note = [n for n in notes if n["title"] == @TITLE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
print(content)"#,
        &[("TITLE", py(TITLE))],
    );
    let act = |list: &[(&str, i64)], deliverer: &str, pick: &str| {
        let dict = list
            .iter()
            .map(|(n, q)| format!("{}: {q}", py(n)))
            .collect::<Vec<_>>()
            .join(", ");
        fill(
            r#"damaged = {@DICT@}
orders = all_pages(apis.amazon.show_orders, access_token=az)
deliverer = [d for d in apis.amazon.show_return_deliverers() if d["name"] == @DELIVERER@][0]["deliverer_id"]
for name, qty in damaged.items():
    assert name in content
    pid = [r for r in apis.amazon.search_products(query=name, page_limit=20) if r["name"] == name][0]["product_id"]
    having = [o for o in orders if any(i["product_id"] == pid for i in o["order_items"])]
    order = @PICK@(having, key=lambda o: o["created_at"])
    apis.amazon.initiate_return(access_token=az, order_id=order["order_id"], product_id=pid, deliverer_id=deliverer, quantity=qty)
apis.supervisor.complete_task()"#,
            &[
                ("DICT", dict),
                ("DELIVERER", py(deliverer)),
                ("PICK", pick.to_string()),
            ],
        )
    };
    let right: Vec<(&str, i64)> = returns.iter().map(|r| (r.0, r.1)).collect();
    parts.ground_truth = vec![logins.clone(), read.clone(), act(&right, deliverer, "max")];
    let other_deliverer = if deliverer == "UPS" { "FedEx" } else { "UPS" };
    let too_much: Vec<(&str, i64)> = match g.variant {
        1 => vec![(BOTTLE, 2), (SHEETS, 1), (BACKPACK, 1)],
        2 => vec![(BOTTLE, 2), (BACKPACK, 1)],
        _ => vec![(BOTTLE, 2), (POT, 3)],
    };
    parts.wrong = vec![
        solution(
            "returns from the oldest order holding the product",
            vec![logins.clone(), read.clone(), act(&right, deliverer, "min")],
        ),
        solution(
            &format!("sends the returns with {other_deliverer}"),
            vec![
                logins.clone(),
                read.clone(),
                act(&right, other_deliverer, "max"),
            ],
        ),
        solution(
            if g.variant == 1 {
                "also returns the backpack that was fine"
            } else {
                "returns every unit of the products named"
            },
            vec![logins, read, act(&too_much, deliverer, "max")],
        ),
    ];
    let deliverer_id: i64 = match deliverer {
        "UPS" => 1,
        "USPS" => 2,
        _ => 3,
    };
    let mine = new_returns;
    let expected = move |ctx: &EvalCtx, list: &[(&'static str, i64, NaiveDateTime)]| {
        list.iter()
            .map(|(n, q, at)| {
                (
                    order_at(ctx, *at).unwrap_or(-1),
                    product_named(ctx.db, n).unwrap_or(-1),
                    *q,
                    deliverer_id,
                )
            })
            .collect::<Vec<_>>()
    };
    let returns_owned: Vec<(&'static str, i64, NaiveDateTime)> = returns.clone();
    for (k, (n, q, at)) in returns.iter().enumerate() {
        let all = returns_owned.clone();
        parts.checks.push(Check::new(
            format!(
                "a {deliverer} return of {q} x {n} from the order of {}",
                at.format("%Y-%m-%d")
            ),
            move |ctx| {
                let want = expected(ctx, &all)[k];
                let got = mine(ctx);
                if got.contains(&want) {
                    Ok(())
                } else {
                    Err(format!("returns started: {got:?}; wanted {want:?}"))
                }
            },
        ));
    }
    let all = returns_owned;
    parts
        .checks
        .push(Check::new("no other return was started", move |ctx| {
            let want = expected(ctx, &all);
            match mine(ctx).into_iter().find(|r| !want.contains(r)) {
                Some(r) => Err(format!("another return: {r:?}")),
                None => Ok(()),
            }
        }));
    parts.allowed = allow::returns();
    parts
}

// ---- 3. what the orders shipped to work cost (question) -------------------------------------

/// An order a task adds for the question: (when, address name, lines (units, price,
/// returned, wrapped), delivery fee, discount).
type DesignedOrder = (
    NaiveDateTime,
    &'static str,
    Vec<(i64, f64, i64, i64)>,
    f64,
    f64,
);

/// What an order costs as amazon computes it: the items plus 10 % tax, fees, less discount.
fn paid(o: &DesignedOrder) -> f64 {
    let base: f64 = o.2.iter().map(|l| l.1 * l.0 as f64).sum();
    let wraps: i64 = o.2.iter().map(|l| l.3).sum();
    sim::num::round2(base + sim::num::round2(base * 0.1) + 5.0 * wraps as f64 + o.3 - o.4)
}

/// "How much did I pay for the Amazon orders shipped to my work address in 2023?" (my
/// employer reimburses them). The supervisor's own orders all go home; the setup adds orders
/// to work (one of them in 2022) and newer ones home, so the work orders lie past the first
/// page. Variant 2 asks since February 1; variant 3 counts the units, less those returned.
fn work_orders(g: &mut Gen) -> Parts {
    let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
    let v3 = g.variant == 3;
    let orders: Vec<DesignedOrder> = vec![
        (
            on(2022, 11, 20, 14, 5),
            "Work",
            vec![(1, 45.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 1, 12, 9, 30),
            "Work",
            vec![(2, 19.99, i64::from(v3), 0), (1, 64.5, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 2, 27, 18, 45),
            "Work",
            vec![(1, 129.0, 0, 0)],
            5.0,
            20.0,
        ),
        (
            on(2023, 3, 30, 12, 10),
            "Work",
            vec![(1, 34.75, 0, 1)],
            5.0,
            0.0,
        ),
        (
            on(2023, 4, 10, 20, 0),
            "Home",
            vec![(1, 55.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 4, 22, 16, 20),
            "Work",
            vec![(3, 12.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 2, 11, 25),
            "Home",
            vec![(2, 9.99, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 12, 19, 50),
            "Home",
            vec![(1, 120.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 15, 7, 35),
            "Home",
            vec![(1, 15.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 16, 21, 10),
            "Home",
            vec![(1, 30.0, 0, 0)],
            5.0,
            0.0,
        ),
    ];
    let since = if g.variant == 2 {
        on(2023, 2, 1, 0, 0)
    } else {
        on(2023, 1, 1, 0, 0)
    };
    let counted: Vec<&DesignedOrder> = orders
        .iter()
        .filter(|o| o.1 == "Work" && o.0 >= since)
        .collect();
    let answer = if v3 {
        counted
            .iter()
            .flat_map(|o| o.2.iter())
            .map(|l| (l.0 - l.2) as f64)
            .sum::<f64>()
    } else {
        sim::num::round2(counted.iter().map(|o| paid(o)).sum::<f64>())
    };
    let instruction = match g.variant {
        1 => {
            "My employer reimburses what I order on Amazon to my office. How much did I pay in total for the Amazon orders I had shipped to my work address in 2023? Answer with just the amount."
        }
        2 => {
            "I need the total for my expense report: how much have I paid for the Amazon orders delivered to my work address since February 1, 2023? Answer with just the number."
        }
        _ => {
            "How many items did I order on Amazon to my work address in 2023, not counting the units I sent back? Answer with a number."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "amazon"];
    parts.answer = Some(Answer::Number(answer));
    let sup = p.clone();
    let key = p.id * 29 + 7;
    parts.setup.push(step(move |s| {
        let products = stocked_products(s.db, key, 12);
        let mut k = 0;
        for (at, address, lines, fee, discount) in &orders {
            let mut rows = Vec::new();
            for &(units, price, returned, wrapped) in lines {
                rows.push((
                    products[k % products.len()],
                    units,
                    price,
                    returned,
                    wrapped,
                    true,
                ));
                k += 1;
            }
            s.add_amazon_order(&sup, address, None, &rows, *fee, *discount, *at)?;
        }
        Ok(())
    }));
    let logins = format!("{LOGIN_ANY}\n{ALL_PAGES}\naz = login(\"amazon\")");
    let since_s = if g.variant == 2 {
        "2023-02-01"
    } else {
        "2023-01-01"
    };
    let answer_py = |collect: &str, keep: &str, value: &str| {
        fill(
            r#"work = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Work"][0]["address_id"]
orders = @COLLECT@
mine = [o for o in orders if @KEEP@ and o["created_at"] >= @SINCE@]
answer = @VALUE@
apis.supervisor.complete_task(answer=answer)"#,
            &[
                ("COLLECT", collect.to_string()),
                ("KEEP", keep.to_string()),
                ("SINCE", py(since_s)),
                ("VALUE", value.to_string()),
            ],
        )
    };
    let all = "all_pages(apis.amazon.show_orders, access_token=az)";
    let to_work = "o[\"address_id\"] == work";
    let value = if v3 {
        "sum(i[\"ordered_quantity\"] - i[\"returned_quantity\"] for o in mine for i in o[\"order_items\"])"
    } else {
        "round(sum(o[\"paid_amount\"] for o in mine), 2)"
    };
    parts.ground_truth = vec![logins.clone(), answer_py(all, to_work, value)];
    parts.wrong = vec![
        solution(
            "reads only the first page of orders",
            vec![
                logins.clone(),
                answer_py("apis.amazon.show_orders(access_token=az)", to_work, value),
            ],
        ),
        solution(
            "counts every 2023 order, wherever it was shipped",
            vec![logins.clone(), answer_py(all, "True", value)],
        ),
        solution(
            "also counts the order of 2022",
            vec![
                logins.clone(),
                answer_py(all, to_work, value).replace(py(since_s).as_str(), "\"2022-01-01\""),
            ],
        ),
    ];
    if v3 {
        parts.wrong.push(solution(
            "counts the returned unit too",
            vec![
                logins,
                answer_py(
                    all,
                    to_work,
                    "sum(i[\"ordered_quantity\"] for o in mine for i in o[\"order_items\"])",
                ),
            ],
        ));
    }
    parts
}

// ---- 4. wish list under a budget, best promo code -------------------------------------------

/// The promo codes of the catalog: (code, percent or flat, minimum cart, discount).
const PROMOS: &[(&str, bool, f64, f64)] = &[
    ("SAVE1", true, 20.0, 10.0),
    ("SPRNG", true, 50.0, 15.0),
    ("TAKE5", false, 30.0, 5.0),
    ("BIG20", false, 150.0, 20.0),
    ("WELCM", true, 0.0, 5.0),
];

/// "My friend texted me promo codes. Move every wish-list item costing at most $B into my cart
/// (all units) and apply the code that saves the most; don't order yet." Which code wins
/// depends on the cart: a flat $20 over $150, 10 % above $200, $5 under $50.
fn wish_list_promo(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend_ids = friends(g, &p);
    let friend = g.person(friend_ids[0]);
    // (type, name, colour, price, units wished)
    type Wish = (&'static str, &'static str, &'static str, f64, i64);
    let bottle: Wish = (
        "water bottle",
        "Marlow Trail Water Bottle",
        "green",
        22.0,
        2,
    );
    let towels: Wish = ("towel set", "Tidewell Cotton Towel Set", "white", 48.5, 1);
    let lamp: Wish = ("desk lamp", "Kestrel Study Desk Lamp", "black", 39.9, 1);
    let pillow: Wish = ("pillow", "Orchid Quiet Pillow", "gray", 27.8, 1);
    let tent: Wish = ("tent", "Juniper Summit Tent", "green", 219.0, 1);
    let monitor: Wish = ("monitor", "Marlow Studio Monitor", "black", 189.99, 1);
    let stand: Wish = (
        "laptop stand",
        "Kestrel Fold Laptop Stand",
        "silver",
        64.0,
        1,
    );
    let puzzle: Wish = ("puzzle", "Orchid Mini Puzzle", "blue", 7.25, 2);
    let (budget, wishes, codes): (f64, Vec<Wish>, [&str; 3]) = match g.variant {
        1 => (
            50.0,
            vec![tent, bottle, lamp, monitor, towels, stand, pillow],
            ["SAVE1", "TAKE5", "BIG20"],
        ),
        2 => (
            70.0,
            vec![bottle, monitor, towels, lamp, tent, pillow, stand],
            ["BIG20", "TAKE5", "SAVE1"],
        ),
        _ => (
            25.0,
            vec![pillow, bottle, lamp, puzzle, tent],
            ["WELCM", "SPRNG", "TAKE5"],
        ),
    };
    let moved: Vec<Wish> = wishes.iter().filter(|w| w.3 <= budget).copied().collect();
    let kept: Vec<Wish> = wishes.iter().filter(|w| w.3 > budget).copied().collect();
    let base = sim::num::round2(moved.iter().map(|w| w.3 * w.4 as f64).sum::<f64>());
    let saving = |code: &str| -> f64 {
        PROMOS
            .iter()
            .find(|x| x.0 == code)
            .filter(|x| base >= x.2)
            .map(|x| {
                if x.1 {
                    sim::num::round2(base * x.3 / 100.0)
                } else {
                    x.3
                }
            })
            .unwrap_or(0.0)
    };
    let best = codes
        .iter()
        .copied()
        .max_by(|a, b| saving(a).total_cmp(&saving(b)))
        .unwrap_or("SAVE1");
    let first_valid = codes
        .iter()
        .copied()
        .find(|c| saving(c) > 0.0)
        .unwrap_or("SAVE1");
    debug_assert_ne!(best, first_valid);
    let text = match g.variant {
        1 => format!(
            "Found some Amazon promo codes that still work: {}, {} and {}. Use whichever saves you the most!",
            codes[0], codes[1], codes[2]
        ),
        2 => format!(
            "Amazon codes for you: {} / {} / {} - they all worked for me last week",
            codes[0], codes[1], codes[2]
        ),
        _ => format!(
            "hey, promo codes for amazon: {} {} {} :)",
            codes[0], codes[1], codes[2]
        ),
    };
    let instruction = match g.variant {
        1 => format!(
            "My friend {} {} texted me some Amazon promo codes. Move every item on my Amazon wish list that costs at most ${budget:.0} into my cart (all the units I wished for), then apply whichever of those codes saves me the most. Don't place the order yet.",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "Put the things on my Amazon wish list priced ${budget:.0} or less into my cart, with the quantities from the wish list, and apply the best of the promo codes {} {} sent me by text. I'll check out myself later.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "Move the wish-list items on Amazon that cost no more than ${budget:.0} apiece to my cart (same quantities), and use the promo code that gives the biggest discount out of the ones {} {} texted me. Do not order anything.",
            friend.first_name, friend.last_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "amazon"];
    let (sup, fr, now) = (p.clone(), friend.clone(), g.now);
    let wishes_owned = wishes.clone();
    parts.setup.push(step(move |s| {
        let mut list = Vec::new();
        for w in &wishes_owned {
            let id = s.add_amazon_product((w.0, w.1, w.2, "medium", w.3, 25), SELLER)?;
            list.push((id, w.4));
        }
        s.set_amazon_wish_list(&sup, &list)?;
        s.set_amazon_cart(&sup, &[])?;
        s.add_text(&fr, &sup, &text, days_ago(now, 1, 18, 12))?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nph = login(\"phone\")\naz = login(\"amazon\")"
    );
    let read = fill(
        r#"friend = find_contact(@FIRST@, @LAST@)
texts = apis.phone.search_text_messages(access_token=ph, phone_number=friend["phone_number"], page_limit=20)
text = [t for t in texts if "code" in t["message"].lower()][0]["message"]
codes = re.findall(r"\b[A-Z0-9]{5}\b", text)
print(codes)"#,
        &[
            ("FIRST", py(&friend.first_name)),
            ("LAST", py(&friend.last_name)),
        ],
    );
    let mv = |limit: &str, units: &str| {
        fill(
            r#"for w in apis.amazon.show_wish_list(access_token=az):
    if w["price"] <= @LIMIT@:
        apis.amazon.move_product_from_wish_list_to_cart(access_token=az, product_id=w["product_id"], quantity=@UNITS@)"#,
            &[("LIMIT", limit.to_string()), ("UNITS", units.to_string())],
        )
    };
    let best_code = r#"best, saving = None, 0
for code in codes:
    try:
        apis.amazon.apply_promo_code_to_cart(access_token=az, promo_code=code)
    except Exception as e:
        print(code, e)
        continue
    discount = apis.amazon.show_cart(access_token=az)["discount"]
    if discount > saving:
        best, saving = code, discount
    apis.amazon.remove_promo_code_from_cart(access_token=az)
apis.amazon.apply_promo_code_to_cart(access_token=az, promo_code=best)
apis.supervisor.complete_task()"#;
    let first_code = r#"for code in codes:
    try:
        apis.amazon.apply_promo_code_to_cart(access_token=az, promo_code=code)
        break
    except Exception:
        pass
apis.supervisor.complete_task()"#;
    let budget_s = format!("{budget:.1}");
    let right_move = mv(&budget_s, "int(w[\"quantity\"])");
    parts.ground_truth = vec![
        logins.clone(),
        read.clone(),
        right_move.clone(),
        best_code.to_string(),
    ];
    let place = best_code.replace(
        "apis.supervisor.complete_task()",
        "cards = apis.amazon.show_payment_cards(access_token=az)\nhome = [a for a in apis.amazon.show_addresses(access_token=az) if a[\"name\"] == \"Home\"][0]\napis.amazon.place_order(access_token=az, payment_card_id=cards[0][\"payment_card_id\"], address_id=home[\"address_id\"])\napis.supervisor.complete_task()",
    );
    parts.wrong = vec![
        solution(
            "moves every wish-list item, whatever its price",
            vec![
                logins.clone(),
                read.clone(),
                mv("1e9", "int(w[\"quantity\"])"),
                best_code.to_string(),
            ],
        ),
        solution(
            "applies the first code the cart accepts",
            vec![
                logins.clone(),
                read.clone(),
                right_move.clone(),
                first_code.to_string(),
            ],
        ),
        solution(
            "moves one unit of each item",
            vec![
                logins.clone(),
                read.clone(),
                mv(&budget_s, "1"),
                best_code.to_string(),
            ],
        ),
        solution(
            "places the order too",
            vec![logins, read, right_move, place],
        ),
    ];
    let moved_names: Vec<(&'static str, i64)> = moved.iter().map(|w| (w.1, w.4)).collect();
    let kept_names: Vec<(&'static str, i64)> = kept.iter().map(|w| (w.1, w.4)).collect();
    let show = |l: &[(&str, i64)]| {
        l.iter()
            .map(|(n, q)| format!("{q} x {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let as_ids = |ctx: &EvalCtx, l: &[(&'static str, i64)]| -> BTreeMap<i64, i64> {
        l.iter()
            .map(|(n, q)| (product_named(ctx.db, n).unwrap_or(-1), *q))
            .collect()
    };
    let want_cart = moved_names.clone();
    let want_wish = kept_names.clone();
    parts.checks = vec![
        Check::new(
            format!("the cart holds exactly {}", show(&moved_names)),
            move |ctx| {
                let want = as_ids(ctx, &want_cart);
                let got: BTreeMap<i64, i64> =
                    end_cart(ctx).into_iter().map(|(k, v)| (k, v.0)).collect();
                if got == want {
                    Ok(())
                } else {
                    Err(format!("the cart holds {got:?}, not {want:?}"))
                }
            },
        ),
        Check::new(
            format!("the wish list keeps only {}", show(&kept_names)),
            move |ctx| {
                let want = as_ids(ctx, &want_wish);
                let got: BTreeMap<i64, i64> = ctx
                    .db
                    .prepare_cached("SELECT product_id, quantity FROM amazon.wish_list_entries WHERE user_id = ?1")
                    .and_then(|mut st| {
                        st.query_map([ctx.user_id("amazon")], |r| Ok((r.get(0)?, r.get(1)?)))?
                            .collect::<rusqlite::Result<BTreeMap<i64, i64>>>()
                    })
                    .unwrap_or_default();
                if got == want {
                    Ok(())
                } else {
                    Err(format!("the wish list holds {got:?}, not {want:?}"))
                }
            },
        ),
        Check::new(
            format!("the promo code {best} is applied to the cart"),
            move |ctx| {
                let code: Option<String> = ctx
                    .db
                    .query_row_cached(
                        "SELECT cart_promo_code FROM amazon.users WHERE id = ?1",
                        [ctx.user_id("amazon")],
                        |r| r.get(0),
                    )
                    .ok()
                    .flatten();
                if code.as_deref() == Some(best) {
                    Ok(())
                } else {
                    Err(format!("the cart's code is {code:?}"))
                }
            },
        ),
        Check::new("no order was placed", |ctx| {
            let n = new_orders(ctx).len();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} orders placed"))
            }
        }),
    ];
    parts.allowed = vec![
        allow::cart(),
        Allow::new("items leaving the supervisor's wish list", |ctx, r| {
            r.is("amazon", "wish_list_entries")
                && r.get("user_id").as_i64() == ctx.user_id("amazon")
                && r.kind() != ChangeKind::Added
        }),
        Allow::new("the promo code on the supervisor's cart", |ctx, r| {
            r.is("amazon", "users")
                && r.id == ctx.user_id("amazon").unwrap_or(-1)
                && r.changed_columns().iter().all(|c| c == "cart_promo_code")
        }),
    ];
    parts
}

// ---- 5. an order for the flat, shared on Splitwise ------------------------------------------

/// "I ordered a vacuum cleaner and towels for the flat last week; add what I paid to our
/// Roommates group on Splitwise, paid by me, split equally with my roommate, described as D."
/// A newer order holds something else. Variant 2: the order also held headphones that are
/// mine, so only the other items with their tax are shared; variant 3 also attaches the
/// order's receipt (downloaded into the file system).
fn order_on_splitwise(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Roommate)
    });
    let mate = g.person(roommates(g, &p)[0]);
    const VACUUM: &str = "Tidewell Cyclone Vacuum Cleaner";
    const TOWELS: &str = "Marlow Plush Towel Set";
    const PHONES: &str = "Kestrel Beat Headphones";
    const CASE: &str = "Juniper Slim Phone Case";
    let now = g.now;
    let house_at = days_ago(now, 5, 19, 40);
    let newer_at = days_ago(now, 2, 9, 5);
    let v2 = g.variant == 2;
    let household = 189.0 + 2.0 * 42.5;
    let amount = if v2 {
        sim::num::round2(household * 1.1)
    } else {
        let base: f64 = household;
        sim::num::round2(base + sim::num::round2(base * 0.1) + 5.0)
    };
    let half = sim::num::round2(amount / 2.0);
    let description = match g.variant {
        1 => "Amazon: vacuum and towels",
        2 => "Amazon household items",
        _ => "Vacuum + towels (Amazon)",
    };
    let instruction = match g.variant {
        1 => format!(
            "Last week I ordered a vacuum cleaner and towels for the flat on Amazon. Add what I paid for that order as an expense in our Roommates group on Splitwise: paid by me, split equally between me and {}, with the description \"{description}\".",
            mate.first_name
        ),
        2 => format!(
            "The Amazon order I placed last week with the vacuum cleaner also had headphones in it that are just mine. Put the cost of the other items of that order, with their 10% tax (leave the delivery fee out), in our Roommates group on Splitwise as an expense I paid, split equally between me and {}. Describe it as \"{description}\".",
            mate.first_name
        ),
        _ => format!(
            "Record last week's Amazon order with the vacuum cleaner and the towels for our flat in the Roommates group on Splitwise: the total I paid, paid by me, split equally between {} and me, described as \"{description}\". Attach the order's receipt to the expense (download it from Amazon into my file system).",
            mate.first_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if g.variant == 3 {
        vec!["supervisor", "amazon", "splitwise", "file_system"]
    } else {
        vec!["supervisor", "amazon", "splitwise"]
    };
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        let vacuum = s.add_amazon_product(
            ("vacuum cleaner", VACUUM, "gray", "large", 189.0, 12),
            SELLER,
        )?;
        let towels =
            s.add_amazon_product(("towel set", TOWELS, "white", "medium", 42.5, 25), SELLER)?;
        let phones =
            s.add_amazon_product(("headphones", PHONES, "black", "small", 79.99, 30), SELLER)?;
        let case = s.add_amazon_product(
            ("phone case", CASE, "blue", "extra-small", 15.99, 60),
            SELLER,
        )?;
        let mut house = vec![
            (vacuum, 1, 189.0, 0, 0, true),
            (towels, 2, 42.5, 0, 0, true),
        ];
        if v2 {
            house.push((phones, 1, 79.99, 0, 0, true));
        }
        s.add_amazon_order(&sup, "Home", None, &house, 5.0, 0.0, house_at)?;
        let newer = if v2 {
            (case, 1, 15.99, 0, 0, false)
        } else {
            (phones, 1, 79.99, 0, 0, false)
        };
        s.add_amazon_order(&sup, "Home", None, &[newer], 5.0, 0.0, newer_at)?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\naz = login(\"amazon\")\nsw = login(\"splitwise\")\nfs = login(\"file_system\")"
    );
    let find = |which: &str| {
        fill(
            r#"orders = all_pages(apis.amazon.show_orders, access_token=az)
week_ago = (datetime.datetime.now() - datetime.timedelta(days=10)).isoformat()
recent = [o for o in orders if o["created_at"] >= week_ago]
order = @WHICH@
print(order["order_id"], order["name"], order["paid_amount"])
group = [g for g in all_pages(apis.splitwise.show_groups, access_token=sw) if g["name"] == "Roommates"][0]
members = [m["email"] for m in group["members"]]"#,
            &[("WHICH", which.to_string())],
        )
    };
    let right_order = "[o for o in recent if \"vacuum cleaner\" in o[\"name\"]][0]";
    let newest_order = "max(recent, key=lambda o: o[\"created_at\"])";
    let amount_py = if v2 {
        "amount = round(sum(i[\"price\"] * i[\"ordered_quantity\"] for i in order[\"order_items\"] if apis.amazon.show_product(product_id=i[\"product_id\"])[\"product_type\"] != \"headphones\") * 1.1, 2)"
    } else {
        "amount = order[\"paid_amount\"]"
    };
    let record = |amount_py: &str, debtors: &str, receipt: bool| {
        let mut s = format!("{amount_py}\n");
        let extra = if receipt {
            s.push_str("path = apis.amazon.download_order_receipt(access_token=az, order_id=order[\"order_id\"], file_system_access_token=fs)[\"file_path\"]\n");
            ", receipt_file_path=path, file_system_access_token=fs"
        } else {
            ""
        };
        s.push_str(&format!(
            "apis.splitwise.record_expense(access_token=sw, description={}, paid_amount=amount, payer_email=profile[\"email\"], debtor_emails={debtors}, group_id=group[\"group_id\"]{extra})\napis.supervisor.complete_task()",
            py(description)
        ));
        s
    };
    let receipt = g.variant == 3;
    let everyone = "members";
    let only_mate = "[m for m in members if m != profile[\"email\"]]";
    parts.ground_truth = vec![
        logins.clone(),
        find(right_order),
        record(amount_py, everyone, receipt),
    ];
    parts.wrong = vec![
        solution(
            "takes the newest order",
            vec![
                logins.clone(),
                find(newest_order),
                record(amount_py, everyone, receipt),
            ],
        ),
        solution(
            "makes the roommate owe the whole amount",
            vec![
                logins.clone(),
                find(right_order),
                record(amount_py, only_mate, receipt),
            ],
        ),
        match g.variant {
            1 => solution(
                "shares the items' prices without tax and delivery",
                vec![
                    logins,
                    find(right_order),
                    record(
                        "amount = sum(i[\"price\"] * i[\"ordered_quantity\"] for i in order[\"order_items\"])",
                        everyone,
                        false,
                    ),
                ],
            ),
            2 => solution(
                "shares the whole order, headphones included",
                vec![
                    logins,
                    find(right_order),
                    record("amount = order[\"paid_amount\"]", everyone, false),
                ],
            ),
            _ => solution(
                "does not attach the receipt",
                vec![
                    logins,
                    find(right_order),
                    record(amount_py, everyone, false),
                ],
            ),
        },
    ];
    let mate_email = mate.email.clone();
    let sw_id = |ctx: &EvalCtx, email: &str| {
        one(
            ctx.db,
            "SELECT id FROM splitwise.users WHERE email = ?1",
            [email],
        )
    };
    let group_of = move |ctx: &EvalCtx, mate: &str| -> Option<i64> {
        one(
            ctx.db,
            "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members a ON a.group_id = g.id \
             JOIN splitwise.group_members b ON b.group_id = g.id WHERE g.name = 'Roommates' AND a.user_id = ?1 AND b.user_id = ?2",
            params![ctx.user_id("splitwise"), sw_id(ctx, mate)],
        )
    };
    let mine = |ctx: &EvalCtx| -> Vec<RowChange> {
        let me = ctx.user_id("splitwise");
        added(ctx, "splitwise", "expenses")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .cloned()
            .collect()
    };
    let the_one = move |ctx: &EvalCtx| -> Result<RowChange, String> {
        let all = mine(ctx);
        match all.as_slice() {
            [e] => Ok(e.clone()),
            _ => Err(format!("{} new expenses", all.len())),
        }
    };
    let m1 = mate_email.clone();
    let m2 = mate_email.clone();
    parts.checks = vec![
        Check::new("one new expense, in the Roommates group", move |ctx| {
            let e = the_one(ctx)?;
            let want = group_of(ctx, &m1);
            if e.get("group_id").as_i64() == want && want.is_some() {
                Ok(())
            } else {
                Err(format!("in group {:?}, not {want:?}", e.get("group_id")))
            }
        }),
        Check::new(format!("the expense is ${amount:.2}"), move |ctx| {
            let e = the_one(ctx)?;
            let got = e.get("amount").as_f64().unwrap_or(0.0);
            if same_amount(got, amount) {
                Ok(())
            } else {
                Err(format!("${got}"))
            }
        }),
        Check::new("paid by the supervisor", move |ctx| {
            let e = the_one(ctx)?;
            if e.get("payer_id").as_i64() == ctx.user_id("splitwise") {
                Ok(())
            } else {
                Err(format!("paid by {:?}", e.get("payer_id")))
            }
        }),
        Check::new(
            format!(
                "split equally between the supervisor and {}: ${half:.2} each",
                mate.first_name
            ),
            move |ctx| {
                let e = the_one(ctx)?;
                let mut got: Vec<(i64, f64)> = added(ctx, "splitwise", "expense_shares")
                    .into_iter()
                    .filter(|s| s.get("expense_id").as_i64() == Some(e.id))
                    .map(|s| {
                        (
                            s.get("debtor_id").as_i64().unwrap_or(0),
                            s.get("share_amount").as_f64().unwrap_or(0.0),
                        )
                    })
                    .collect();
                got.sort_by_key(|s| s.0);
                let mut want = vec![
                    ctx.user_id("splitwise").unwrap_or(-1),
                    sw_id(ctx, &m2).unwrap_or(-1),
                ];
                want.sort();
                let ids: Vec<i64> = got.iter().map(|s| s.0).collect();
                if ids == want && got.iter().all(|s| same_amount(s.1, half)) {
                    Ok(())
                } else {
                    Err(format!("shares {got:?}"))
                }
            },
        ),
        Check::new(format!("described as \"{description}\""), move |ctx| {
            let e = the_one(ctx)?;
            let got = e
                .get("description")
                .as_str()
                .unwrap_or("")
                .trim()
                .to_string();
            if got == description {
                Ok(())
            } else {
                Err(format!("described as {got:?}"))
            }
        }),
    ];
    if receipt {
        parts
            .checks
            .push(Check::new("the order's receipt is attached", move |ctx| {
                let e = the_one(ctx)?;
                let order = order_at(ctx, house_at).unwrap_or(-1);
                let content = e.get("receipt_file_content").as_str().unwrap_or("");
                if content.contains(&format!("Order ID: #{order}\n")) {
                    Ok(())
                } else {
                    Err(format!("attached: {:?}", e.get("receipt_file_name")))
                }
            }));
    }
    parts.allowed = vec![
        allow_added(
            "the supervisor's expense",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("its shares", "splitwise", "expense_shares", |ctx, r| {
            added(ctx, "splitwise", "expenses")
                .iter()
                .any(|e| r.get("expense_id").as_i64() == Some(e.id))
        }),
        allow_added(
            "the notifications it sends",
            "splitwise",
            "notifications",
            |_, _| true,
        ),
        allow_added(
            "the downloaded receipt",
            "file_system",
            "files",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("file_system"),
        ),
        Allow::new("the receipt's download count", |ctx, r| {
            r.is("amazon", "orders")
                && r.get("user_id").as_i64() == ctx.user_id("amazon")
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "receipt_download_count")
        }),
    ];
    parts
}

// ---- spotify helpers -----------------------------------------------------------------------

/// An album of 6 to 12 songs, picked by `key` (the same for setup and checks).
fn pick_album(db: &Connection, key: i64) -> Option<i64> {
    one(
        db,
        "SELECT a.id FROM spotify.albums a WHERE (SELECT count(*) FROM spotify.songs s WHERE s.album_id = a.id) BETWEEN 6 AND 12 \
         ORDER BY a.id LIMIT 1 OFFSET ?1",
        [key.rem_euclid(200)],
    )
}

/// An album's songs, in id order (the player's and the app's order).
fn album_songs(db: &Connection, album: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE album_id = ?1 ORDER BY id",
        [album],
    )
}

/// An album's artists.
fn album_artists(db: &Connection, album: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT j.value FROM spotify.albums a, json_each(a.artist_ids) j WHERE a.id = ?1",
        [album],
    )
}

/// An album's title and its artists' names ("A, B and C").
fn album_label(db: &Connection, album: i64) -> (String, String) {
    let title: String = db
        .query_row_cached(
            "SELECT title FROM spotify.albums WHERE id = ?1",
            [album],
            |r| r.get(0),
        )
        .unwrap_or_default();
    let names: Vec<String> = album_artists(db, album)
        .into_iter()
        .filter_map(|a| {
            db.query_row_cached("SELECT name FROM spotify.artists WHERE id = ?1", [a], |r| {
                r.get(0)
            })
            .ok()
        })
        .collect();
    let who = match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    (title, who)
}

/// The spotify id of a person (by e-mail).
fn spotify_id(db: &Connection, email: &str) -> Option<i64> {
    one(db, "SELECT id FROM spotify.users WHERE email = ?1", [email])
}

/// The supervisor's new playlists (rows added).
fn new_playlists<'a>(ctx: &'a EvalCtx) -> Vec<&'a RowChange> {
    let me = ctx.user_id("spotify");
    added(ctx, "spotify", "playlists")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .collect()
}

/// Allows the supervisor's new playlists and the songs put in them.
fn allow_new_playlists() -> Vec<Allow> {
    vec![
        allow_added(
            "the supervisor's new playlist",
            "spotify",
            "playlists",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("spotify"),
        ),
        allow_added(
            "songs of the new playlist",
            "spotify",
            "playlist_songs",
            |ctx, r| {
                new_playlists(ctx)
                    .iter()
                    .any(|p| r.get("playlist_id").as_i64() == Some(p.id))
            },
        ),
    ]
}

/// Allows a catalog counter (`like_count`, ...) of `table` to follow the supervisor's likes.
fn allow_counter(table: &'static str) -> Allow {
    Allow::new(format!("like counts of spotify.{table}"), move |_, r| {
        r.is("spotify", table)
            && r.kind() == ChangeKind::Updated
            && r.changed_columns().iter().all(|c| c == "like_count")
    })
}

// ---- 6. a playlist of the library's top genre, link texted ------------------------------

/// "Make a playlist T of the N most played songs of my favourite genre (the one most of my
/// library is), and text its link to my friend F." The library spans pages and does not show
/// genres or play counts; only public playlists have a link. Variant 2 takes 8 songs; variant
/// 3 the least played.
fn genre_playlist(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend_ids = friends(g, &p);
    let friend = g.person(friend_ids[(g.variant as usize - 1) % friend_ids.len()]);
    let (title, n, public, most) = match g.variant {
        1 => ("Top of My Genre", 10usize, true, true),
        2 => ("Crowd Pleasers", 8, true, true),
        _ => ("Hidden Gems", 10, true, false),
    };
    let instruction = match g.variant {
        1 => format!(
            "Make a new public Spotify playlist called \"{title}\" with the 10 most played songs of my favourite genre in my library (the genre most of my library's songs belong to), then text its link to my friend {} {}.",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "Create a public playlist \"{title}\" on Spotify holding the 8 songs with the highest play counts among my library's songs of the genre I have the most songs of, and send its link to {} {} by text message.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "I want a public Spotify playlist named \"{title}\": the 10 least played songs in my library from the genre that most of my library's songs are in. Text the playlist's link to my friend {} {} afterwards.",
            friend.first_name, friend.last_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "spotify", "phone"];
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nsp = login(\"spotify\")\nph = login(\"phone\")"
    );
    let choose = |library: &str, reverse: bool| {
        fill(
            r#"import collections
library = @LIBRARY@
songs = [apis.spotify.show_song(song_id=s["song_id"]) for s in library]
genre = collections.Counter(s["genre"] for s in songs).most_common(1)[0][0]
pool = sorted([s for s in songs if s["genre"] == genre], key=lambda s: s["play_count"], reverse=@REV@)[:@N@]
print(genre, [(s["song_id"], s["play_count"]) for s in pool])"#,
            &[
                ("LIBRARY", library.to_string()),
                ("REV", if reverse { "True" } else { "False" }.to_string()),
                ("N", n.to_string()),
            ],
        )
    };
    let make = |text: bool| {
        let mut s = fill(
            r#"playlist_id = apis.spotify.create_playlist(access_token=sp, title=@TITLE@, is_public=@PUB@)["playlist_id"]
for s in pool:
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=playlist_id, song_id=s["song_id"])
link = apis.spotify.show_playlist(access_token=sp, playlist_id=playlist_id)["shareable_link"]
"#,
            &[
                ("TITLE", py(title)),
                ("PUB", if public { "True" } else { "False" }.to_string()),
            ],
        );
        if text {
            s.push_str(&format!(
                "friend = find_contact({}, {})\napis.phone.send_text_message(access_token=ph, phone_number=friend[\"phone_number\"], message=\"Made a playlist for you: \" + link)\n",
                py(&friend.first_name),
                py(&friend.last_name)
            ));
        }
        s.push_str("apis.supervisor.complete_task()");
        s
    };
    let whole = "all_pages(apis.spotify.show_song_library, access_token=sp)";
    parts.ground_truth = vec![logins.clone(), choose(whole, most), make(true)];
    let catalog = fill(
        r#"import collections
library = all_pages(apis.spotify.show_song_library, access_token=sp)
songs = [apis.spotify.show_song(song_id=s["song_id"]) for s in library]
genre = collections.Counter(s["genre"] for s in songs).most_common(1)[0][0]
pool = apis.spotify.search_songs(genre=genre, sort_by=@SORT@, page_limit=@N@)"#,
        &[
            ("SORT", py(if most { "-play_count" } else { "+play_count" })),
            ("N", n.to_string()),
        ],
    );
    parts.wrong = vec![
        solution(
            "takes the genre's songs from the whole catalog, not the library",
            vec![logins.clone(), catalog, make(true)],
        ),
        solution(
            "reads only the first page of the library",
            vec![
                logins.clone(),
                choose(
                    "apis.spotify.show_song_library(access_token=sp, page_limit=20)",
                    most,
                ),
                make(true),
            ],
        ),
        if most {
            solution(
                "does not text the link",
                vec![logins, choose(whole, most), make(false)],
            )
        } else {
            solution(
                "takes the most played songs instead",
                vec![logins, choose(whole, true), make(true)],
            )
        },
    ];
    let which = if most { "most" } else { "least" };
    let the_playlist = move |ctx: &EvalCtx| -> Result<i64, String> {
        let mine: Vec<&RowChange> = new_playlists(ctx)
            .into_iter()
            .filter(|r| r.get("title").as_str().map(str::trim) == Some(title))
            .collect();
        match mine.as_slice() {
            [r] => Ok(r.id),
            _ => Err(format!("{} new playlists titled \"{title}\"", mine.len())),
        }
    };
    let (f_email, f_phone) = (friend.email.clone(), friend.phone_number.clone());
    let _ = f_email;
    parts.checks = vec![
        Check::new(
            format!(
                "a new {} playlist \"{title}\"",
                if public { "public" } else { "private" }
            ),
            move |ctx| {
                let id = the_playlist(ctx)?;
                let is_public = new_playlists(ctx)
                    .iter()
                    .find(|r| r.id == id)
                    .and_then(|r| r.get("is_public").as_i64());
                if is_public == Some(i64::from(public)) {
                    Ok(())
                } else {
                    Err(format!("is_public is {is_public:?}"))
                }
            },
        ),
        Check::new(format!("it holds {n} songs"), move |ctx| {
            let got = playlist_songs(ctx.db, the_playlist(ctx)?).len();
            if got == n {
                Ok(())
            } else {
                Err(format!("{got} songs"))
            }
        }),
        Check::new(
            format!("they are the {n} {which} played songs of the library's top genre"),
            move |ctx| {
                let songs = playlist_songs(ctx.db, the_playlist(ctx)?);
                let lib: Vec<(i64, String, i64)> = ctx
                    .db
                    .prepare_cached(
                        "SELECT s.id, s.genre, s.play_count FROM spotify.user_library_songs l JOIN spotify.songs s ON s.id = l.song_id WHERE l.user_id = ?1",
                    )
                    .and_then(|mut st| {
                        st.query_map([ctx.user_id("spotify")], |r| {
                            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                        })?
                        .collect::<rusqlite::Result<Vec<_>>>()
                    })
                    .unwrap_or_default();
                let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
                for s in &lib {
                    *counts.entry(s.1.as_str()).or_default() += 1;
                }
                let top = counts.values().copied().max().unwrap_or(0);
                let chosen: BTreeSet<i64> = songs.iter().copied().collect();
                // Any genre tied for the most songs will do, and ties in play count at the cut.
                let fits = counts.iter().filter(|(_, c)| **c == top).any(|(genre, _)| {
                    let pool: Vec<&(i64, String, i64)> =
                        lib.iter().filter(|s| s.1 == *genre).collect();
                    type Song<'s> = &'s &'s (i64, String, i64);
                    let (inside, outside): (Vec<Song>, Vec<Song>) =
                        pool.iter().partition(|s| chosen.contains(&s.0));
                    inside.len() == chosen.len()
                        && inside.len() == n.min(pool.len())
                        && inside.iter().all(|a| {
                            outside
                                .iter()
                                .all(|b| if most { a.2 >= b.2 } else { a.2 <= b.2 })
                        })
                });
                if fits {
                    Ok(())
                } else {
                    Err(format!("the playlist holds {songs:?}"))
                }
            },
        ),
        Check::new(
            format!(
                "its link was texted to {} {}",
                friend.first_name, friend.last_name
            ),
            move |ctx| {
                let link = format!("https://spotify.com/playlists/{}", the_playlist(ctx)?);
                let (me, them) = (ctx.user_id("phone"), phone_id(ctx.db, &f_phone));
                let sent = added(ctx, "phone", "global_text_messages")
                    .into_iter()
                    .any(|t| {
                        t.get("sender_id").as_i64() == me
                            && t.get("receiver_id").as_i64() == them
                            && t.get("message").as_str().is_some_and(|m| m.contains(&link))
                    });
                if sent {
                    Ok(())
                } else {
                    Err(format!("no text with {link} to them"))
                }
            },
        ),
    ];
    parts.allowed = allow_new_playlists();
    parts.allowed.extend(allow::texts_sent());
    parts
}

// ---- 7. the album a friend texted about ------------------------------------------------------

/// "My friend F texted me about an album; save it to my library and like all its songs." Two
/// of its songs are liked already (liking again fails), another contact texted about another
/// album the day after. Variant 2: the friend is saved under a nickname, and the album's
/// artists are to be followed; variant 3: like the album and make a private playlist of it
/// named after it.
fn texted_album(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        let rel = pop.relations_of(p.id);
        rel.iter().any(|(r, _)| *r == Relation::Friend) && rel.len() >= 2
    });
    let friend_ids = friends(g, &p);
    let friend = g.person(friend_ids[0]);
    let other = g.person(
        pop.relations_of(p.id)
            .into_iter()
            .map(|(_, id)| id)
            .find(|id| *id != friend.id)
            .unwrap_or(friend.id),
    );
    let nick = NICKNAMES[(p.id as usize + 1) % NICKNAMES.len()];
    let key = p.id * 31 + i64::from(g.variant) * 7;
    let who = if g.variant == 2 {
        format!("{nick} (a friend; that's what I saved them as in my phone)")
    } else {
        format!("My friend {} {}", friend.first_name, friend.last_name)
    };
    let instruction = match g.variant {
        1 => format!(
            "{who} texted me about an album this week. Save that album to my Spotify library and like every one of its songs."
        ),
        2 => format!(
            "{who} recommended an album to me by text. Add it to my Spotify library, like all of its songs, and follow its artists."
        ),
        _ => format!(
            "{who} texted me an album recommendation. Save the album to my Spotify library, like the album itself, and make a private playlist titled exactly like the album with all of its songs."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "spotify"];
    let (sup, fr, ot, now, variant) = (p.clone(), friend.clone(), other.clone(), g.now, g.variant);
    parts.setup.push(step(move |s| {
        let album = s.pick("album", |db| pick_album(db, key)).ok_or(rusqlite::Error::QueryReturnedNoRows)?;
        let decoy = s.pick("decoy album", |db| pick_album(db, key + 1)).ok_or(rusqlite::Error::QueryReturnedNoRows)?;
        let uid = s.user_id("spotify", &sup)?;
        s.execute(
            "DELETE FROM spotify.user_library_albums WHERE user_id = ?1 AND album_id IN (?2, ?3)",
            params![uid, album, decoy],
        )?;
        s.execute(
            "DELETE FROM spotify.album_likes WHERE user_id = ?1 AND album_id = ?2",
            params![uid, album],
        )?;
        let songs = album_songs(s.db, album);
        s.unlike_songs(&sup, &songs)?;
        s.like_songs(&sup, &[songs[1], songs[3]], now - Duration::days(30))?;
        let (title, artists) = album_label(s.db, album);
        let (decoy_title, _) = album_label(s.db, decoy);
        s.add_text(
            &fr,
            &sup,
            &format!("Have you listened to \"{title}\" by {artists}? Best album I've heard this year, you should save it!"),
            days_ago(now, 2, 20, 14),
        )?;
        s.add_text(
            &ot,
            &sup,
            &format!("If you want something new to listen to, try the album \"{decoy_title}\"."),
            days_ago(now, 1, 9, 30),
        )?;
        if variant == 2 {
            s.relabel_contact(&sup, &fr, nick, &["friend"])?;
        }
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nsp = login(\"spotify\")\nph = login(\"phone\")"
    );
    let contact = if g.variant == 2 {
        format!("find_contact({})", py(nick))
    } else {
        format!(
            "find_contact({}, {})",
            py(&friend.first_name),
            py(&friend.last_name)
        )
    };
    let decoy_contact = format!(
        "find_contact({}, {})",
        py(&other.first_name),
        py(&other.last_name)
    );
    let find = |contact: &str| {
        fill(
            r#"friend = @CONTACT@
texts = apis.phone.search_text_messages(access_token=ph, phone_number=friend["phone_number"], page_limit=20)
text = [t["message"] for t in texts if "album" in t["message"].lower() and '"' in t["message"]][0]
title = re.search(r'"([^"]+)"', text).group(1)
album = [a for a in apis.spotify.search_albums(query=title, page_limit=20) if a["title"] == title][0]
print(album["album_id"], title)
apis.spotify.add_album_to_library(access_token=sp, album_id=album["album_id"])"#,
            &[("CONTACT", contact.to_string())],
        )
    };
    let like_all = r#"liked = {s["song_id"] for s in all_pages(apis.spotify.show_liked_songs, access_token=sp)}
for song_id in album["song_ids"]:
    if song_id not in liked:
        apis.spotify.like_song(access_token=sp, song_id=song_id)"#;
    let naive = r#"for song_id in album["song_ids"]:
    apis.spotify.like_song(access_token=sp, song_id=song_id)"#;
    let extra = match g.variant {
        1 => String::new(),
        2 => r#"followed = {a["artist_id"] for a in all_pages(apis.spotify.show_following_artists, access_token=sp)}
for artist in album["artists"]:
    if artist["id"] not in followed:
        apis.spotify.follow_artist(access_token=sp, artist_id=artist["id"])"#
            .to_string(),
        _ => r#"apis.spotify.like_album(access_token=sp, album_id=album["album_id"])
playlist_id = apis.spotify.create_playlist(access_token=sp, title=album["title"], is_public=False)["playlist_id"]
for song_id in album["song_ids"]:
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=playlist_id, song_id=song_id)"#
            .to_string(),
    };
    let finish =
        |likes: &str, extra: &str| format!("{likes}\n{extra}\napis.supervisor.complete_task()");
    parts.ground_truth = vec![logins.clone(), find(&contact), finish(like_all, &extra)];
    parts.wrong = vec![
        solution(
            "saves the album of the other text",
            vec![logins.clone(), find(&decoy_contact), finish(like_all, &extra)],
        ),
        solution(
            "likes every song without skipping the liked ones (fails midway)",
            vec![logins.clone(), find(&contact), finish(naive, &extra)],
        ),
        match g.variant {
            3 => solution(
                "does not like the album itself",
                vec![
                    logins,
                    find(&contact),
                    finish(
                        like_all,
                        &extra.replace(
                            "apis.spotify.like_album(access_token=sp, album_id=album[\"album_id\"])\n",
                            "",
                        ),
                    ),
                ],
            ),
            _ => solution(
                "likes the album instead of its songs",
                vec![
                    logins,
                    find(&contact),
                    finish(
                        "apis.spotify.like_album(access_token=sp, album_id=album[\"album_id\"])",
                        &extra,
                    ),
                ],
            ),
        },
    ];
    let album_of = move |ctx: &EvalCtx| ctx.pick("album", |db| pick_album(db, key)).unwrap_or(-1);
    let me_sp = |ctx: &EvalCtx| ctx.user_id("spotify").unwrap_or(-1);
    parts.checks = vec![
        Check::new("the recommended album is in the library", move |ctx| {
            let a = album_of(ctx);
            match one(
                ctx.db,
                "SELECT 1 FROM spotify.user_library_albums WHERE user_id = ?1 AND album_id = ?2",
                params![me_sp(ctx), a],
            ) {
                Some(_) => Ok(()),
                None => Err(format!("album {a} is not in the library")),
            }
        }),
        Check::new("every song of that album is liked", move |ctx| {
            let a = album_of(ctx);
            let liked: BTreeSet<i64> = ids(
                ctx.db,
                "SELECT song_id FROM spotify.song_likes WHERE user_id = ?1",
                [me_sp(ctx)],
            )
            .into_iter()
            .collect();
            let missing: Vec<i64> = album_songs(ctx.db, a)
                .into_iter()
                .filter(|s| !liked.contains(s))
                .collect();
            if missing.is_empty() {
                Ok(())
            } else {
                Err(format!("songs not liked: {missing:?}"))
            }
        }),
        Check::new("no other album was saved", move |ctx| {
            let a = album_of(ctx);
            let me = ctx.user_id("spotify");
            match added(ctx, "spotify", "user_library_albums")
                .into_iter()
                .find(|r| r.get("user_id").as_i64() == me && r.get("album_id").as_i64() != Some(a))
            {
                Some(r) => Err(format!("album {:?} saved", r.get("album_id"))),
                None => Ok(()),
            }
        }),
    ];
    match g.variant {
        2 => parts.checks.push(Check::new(
            "each of the album's artists is followed",
            move |ctx| {
                let followed: BTreeSet<i64> = ids(
                    ctx.db,
                    "SELECT artist_id FROM spotify.user_artist_followings WHERE user_id = ?1",
                    [me_sp(ctx)],
                )
                .into_iter()
                .collect();
                let missing: Vec<i64> = album_artists(ctx.db, album_of(ctx))
                    .into_iter()
                    .filter(|a| !followed.contains(a))
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not followed: {missing:?}"))
                }
            },
        )),
        3 => {
            parts.checks.push(Check::new(
                "the album itself is liked",
                move |ctx| match one(
                    ctx.db,
                    "SELECT 1 FROM spotify.album_likes WHERE user_id = ?1 AND album_id = ?2",
                    params![me_sp(ctx), album_of(ctx)],
                ) {
                    Some(_) => Ok(()),
                    None => Err("the album is not liked".into()),
                },
            ));
            parts.checks.push(Check::new(
                "a private playlist titled like the album holds exactly its songs",
                move |ctx| {
                    let a = album_of(ctx);
                    let (title, _) = album_label(ctx.db, a);
                    let found: Vec<&RowChange> = new_playlists(ctx)
                        .into_iter()
                        .filter(|r| r.get("title").as_str().map(str::trim) == Some(title.as_str()))
                        .collect();
                    let [pl] = found.as_slice() else {
                        return Err(format!("{} new playlists titled {title:?}", found.len()));
                    };
                    if pl.get("is_public").as_i64() != Some(0) {
                        return Err("the playlist is public".into());
                    }
                    let got = playlist_songs(ctx.db, pl.id);
                    if got == album_songs(ctx.db, a) {
                        Ok(())
                    } else {
                        Err(format!("it holds {got:?}"))
                    }
                },
            ));
        }
        _ => {}
    }
    parts.allowed = vec![
        allow_added(
            "the album saved to the library",
            "spotify",
            "user_library_albums",
            move |ctx, r| {
                r.get("user_id").as_i64() == ctx.user_id("spotify")
                    && r.get("album_id").as_i64() == Some(album_of(ctx))
            },
        ),
        allow_added(
            "likes of the album's songs",
            "spotify",
            "song_likes",
            move |ctx, r| {
                r.get("user_id").as_i64() == ctx.user_id("spotify")
                    && album_songs(ctx.db, album_of(ctx))
                        .contains(&r.get("song_id").as_i64().unwrap_or(-1))
            },
        ),
        allow_counter("songs"),
    ];
    match g.variant {
        2 => parts.allowed.push(allow_added(
            "follows of the album's artists",
            "spotify",
            "user_artist_followings",
            move |ctx, r| {
                r.get("user_id").as_i64() == ctx.user_id("spotify")
                    && album_artists(ctx.db, album_of(ctx))
                        .contains(&r.get("artist_id").as_i64().unwrap_or(-1))
            },
        )),
        3 => {
            parts.allowed.push(allow_added(
                "the album's like",
                "spotify",
                "album_likes",
                move |ctx, r| {
                    r.get("user_id").as_i64() == ctx.user_id("spotify")
                        && r.get("album_id").as_i64() == Some(album_of(ctx))
                },
            ));
            parts.allowed.push(allow_counter("albums"));
            parts.allowed.extend(allow_new_playlists());
        }
        _ => {}
    }
    parts
}

// ---- 8. the artists of a friend's public playlist ----------------------------------------

/// Songs for the friend's playlist (five by one artist each, two with several artists) and for
/// the look-alike playlist of someone else, picked by `key`.
fn playlist_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>) {
    let mut theirs = ids(
        db,
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) = 1 AND id % 41 = ?1 ORDER BY id LIMIT 5",
        [key.rem_euclid(41)],
    );
    theirs.extend(ids(
        db,
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) > 1 AND id % 17 = ?1 ORDER BY id LIMIT 2",
        [key.rem_euclid(17)],
    ));
    let decoy = ids(
        db,
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) = 1 AND id % 43 = ?1 ORDER BY id LIMIT 6",
        [(key + 5).rem_euclid(43)],
    );
    (theirs, decoy)
}

/// The artists of some songs, sorted.
fn artists_of(db: &Connection, songs: &[i64]) -> BTreeSet<i64> {
    songs
        .iter()
        .flat_map(|s| {
            ids(
                db,
                "SELECT j.value FROM spotify.songs s, json_each(s.artist_ids) j WHERE s.id = ?1",
                [s],
            )
        })
        .collect()
}

/// "Follow every artist on my friend F's public playlist T (I follow some already)." Someone
/// else has a public playlist with the same title, made earlier. Variant 2: F is saved under a
/// nickname and the playlist is to be liked too; variant 3: also add the playlist's songs
/// missing from my library to it.
fn friend_playlist_artists(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend_ids = friends(g, &p);
    let friend = g.person(friend_ids[friend_ids.len() - 1]);
    let n = pop.people.len() as i64;
    let stranger = g.person(
        (1..=n)
            .map(|k| (friend.id + 16 + k) % n + 1)
            .find(|id| *id != p.id && *id != friend.id)
            .unwrap_or(1),
    );
    let nick = NICKNAMES[(p.id as usize + 5) % NICKNAMES.len()];
    let title = match g.variant {
        1 => "Sunday Drive",
        2 => "Late Night Coding",
        _ => "Kitchen Dance Party",
    };
    let key = p.id * 13 + i64::from(g.variant);
    let instruction = match g.variant {
        1 => format!(
            "Follow every artist on my friend {} {}'s public Spotify playlist \"{title}\". I already follow some of them.",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "My friend {nick} (saved under that name in my phone) has a public playlist called \"{title}\" on Spotify. Follow all the artists on it and like the playlist."
        ),
        _ => format!(
            "On Spotify, follow all the artists of {} {}'s public playlist \"{title}\" (a friend of mine), and add the songs of that playlist that aren't in my library yet to my library.",
            friend.first_name, friend.last_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "spotify"];
    let (sup, fr, st, now, variant) = (
        p.clone(),
        friend.clone(),
        stranger.clone(),
        g.now,
        g.variant,
    );
    parts.setup.push(step(move |s| {
        let (theirs, decoy) = playlist_picks(s.db, key);
        s.add_spotify_playlist(&st, title, true, &decoy, days_ago(now, 80, 13, 0))?;
        s.add_spotify_playlist(&fr, title, true, &theirs, days_ago(now, 20, 22, 10))?;
        let first: Vec<i64> = artists_of(s.db, &theirs[..1]).into_iter().collect();
        s.follow_artists(&sup, &first, now - Duration::days(200))?;
        s.add_library_songs(&sup, &[theirs[1], theirs[5]], now - Duration::days(100))?;
        if variant == 2 {
            s.relabel_contact(&sup, &fr, nick, &["friend"])?;
        }
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nsp = login(\"spotify\")\nph = login(\"phone\")"
    );
    let contact = if g.variant == 2 {
        format!("find_contact({})", py(nick))
    } else {
        format!(
            "find_contact({}, {})",
            py(&friend.first_name),
            py(&friend.last_name)
        )
    };
    let find = |pick: &str| {
        fill(
            r#"friend = @CONTACT@
found = apis.spotify.search_playlists(access_token=sp, query=@TITLE@, page_limit=20)
playlist = @PICK@
songs = apis.spotify.show_playlist(access_token=sp, playlist_id=playlist["playlist_id"])["songs"]
print(playlist["playlist_id"], playlist["owner"], [s["artist_ids"] for s in songs])"#,
            &[
                ("CONTACT", contact.clone()),
                ("TITLE", py(title)),
                ("PICK", pick.to_string()),
            ],
        )
    };
    let right = "[x for x in found if x[\"title\"] == TITLE and x[\"owner\"][\"email\"] == friend[\"email\"]][0]"
        .replace("TITLE", &py(title));
    let first_hit = "[x for x in found if x[\"title\"] == TITLE][0]".replace("TITLE", &py(title));
    let follow = |artists: &str| {
        fill(
            r#"followed = {a["artist_id"] for a in all_pages(apis.spotify.show_following_artists, access_token=sp)}
for artist_id in sorted(@ARTISTS@):
    if artist_id not in followed:
        apis.spotify.follow_artist(access_token=sp, artist_id=artist_id)"#,
            &[("ARTISTS", artists.to_string())],
        )
    };
    let every = "{a for s in songs for a in s[\"artist_ids\"]}";
    let firsts = "{s[\"artist_ids\"][0] for s in songs}";
    let extra = match g.variant {
        1 => String::new(),
        2 => "apis.spotify.like_playlist(access_token=sp, playlist_id=playlist[\"playlist_id\"])\n".to_string(),
        _ => r#"library = {s["song_id"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}
for s in songs:
    if s["id"] not in library:
        apis.spotify.add_song_to_library(access_token=sp, song_id=s["id"])
"#
        .to_string(),
    };
    let finish =
        |follow: String, extra: &str| format!("{follow}\n{extra}apis.supervisor.complete_task()");
    parts.ground_truth = vec![logins.clone(), find(&right), finish(follow(every), &extra)];
    parts.wrong = vec![
        solution(
            "takes the first playlist with that title (someone else's)",
            vec![logins.clone(), find(&first_hit), finish(follow(every), &extra)],
        ),
        solution(
            "follows only the first artist of each song",
            vec![logins.clone(), find(&right), finish(follow(firsts), &extra)],
        ),
        match g.variant {
            2 => solution(
                "does not like the playlist",
                vec![logins, find(&right), finish(follow(every), "")],
            ),
            3 => solution(
                "adds every song to the library, stopping at one already there",
                vec![
                    logins,
                    find(&right),
                    finish(
                        follow(every),
                        "for s in songs:\n    apis.spotify.add_song_to_library(access_token=sp, song_id=s[\"id\"])\n",
                    ),
                ],
            ),
            _ => solution(
                "follows the artists without checking, failing at one already followed",
                vec![
                    logins,
                    find(&right),
                    "for artist_id in sorted({a for s in songs for a in s[\"artist_ids\"]}):\n    apis.spotify.follow_artist(access_token=sp, artist_id=artist_id)\napis.supervisor.complete_task()".to_string(),
                ],
            ),
        },
    ];
    let f_email = friend.email.clone();
    let their_playlist = move |ctx: &EvalCtx| -> Option<i64> {
        one(
            ctx.db,
            "SELECT id FROM spotify.playlists WHERE title = ?1 AND user_id = ?2",
            params![title, spotify_id(ctx.db, &f_email)],
        )
    };
    let wanted = {
        let their_playlist = their_playlist.clone();
        move |ctx: &EvalCtx| -> BTreeSet<i64> {
            artists_of(
                ctx.db,
                &playlist_songs(ctx.db, their_playlist(ctx).unwrap_or(-1)),
            )
        }
    };
    let (wanted1, wanted2, wanted3) = (wanted.clone(), wanted.clone(), wanted);
    let (their1, their2, their3) = (
        their_playlist.clone(),
        their_playlist.clone(),
        their_playlist,
    );
    let who = format!("{}'s", friend.first_name);
    parts.checks = vec![
        Check::new(
            format!("follows every artist of {who} \"{title}\""),
            move |ctx| {
                let followed: BTreeSet<i64> = ids(
                    ctx.db,
                    "SELECT artist_id FROM spotify.user_artist_followings WHERE user_id = ?1",
                    [ctx.user_id("spotify")],
                )
                .into_iter()
                .collect();
                let missing: Vec<i64> = wanted1(ctx).difference(&followed).copied().collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not followed: {missing:?}"))
                }
            },
        ),
        Check::new("no other artist was newly followed", move |ctx| {
            let want = wanted2(ctx);
            let me = ctx.user_id("spotify");
            match added(ctx, "spotify", "user_artist_followings")
                .into_iter()
                .find(|r| {
                    r.get("user_id").as_i64() == me
                        && !want.contains(&r.get("artist_id").as_i64().unwrap_or(-1))
                }) {
                Some(r) => Err(format!("followed artist {:?}", r.get("artist_id"))),
                None => Ok(()),
            }
        }),
    ];
    match g.variant {
        2 => parts.checks.push(Check::new(
            format!("{who} playlist is liked"),
            move |ctx| match one(
                ctx.db,
                "SELECT 1 FROM spotify.playlist_likes WHERE user_id = ?1 AND playlist_id = ?2",
                params![ctx.user_id("spotify"), their1(ctx)],
            ) {
                Some(_) => Ok(()),
                None => Err("not liked".into()),
            },
        )),
        3 => parts.checks.push(Check::new(
            "every song of the playlist is in the library",
            move |ctx| {
                let lib: BTreeSet<i64> = ids(
                    ctx.db,
                    "SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1",
                    [ctx.user_id("spotify")],
                )
                .into_iter()
                .collect();
                let missing: Vec<i64> = playlist_songs(ctx.db, their1(ctx).unwrap_or(-1))
                    .into_iter()
                    .filter(|s| !lib.contains(s))
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not in the library: {missing:?}"))
                }
            },
        )),
        _ => {}
    }
    parts.allowed = vec![allow_added(
        "follows of the playlist's artists",
        "spotify",
        "user_artist_followings",
        move |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("spotify")
                && wanted3(ctx).contains(&r.get("artist_id").as_i64().unwrap_or(-1))
        },
    )];
    match g.variant {
        2 => {
            parts.allowed.push(allow_added(
                "the like of the playlist",
                "spotify",
                "playlist_likes",
                move |ctx, r| {
                    r.get("user_id").as_i64() == ctx.user_id("spotify")
                        && r.get("playlist_id").as_i64() == their2(ctx)
                },
            ));
            parts.allowed.push(allow_counter("playlists"));
        }
        3 => parts.allowed.push(allow_added(
            "the playlist's songs added to the library",
            "spotify",
            "user_library_songs",
            move |ctx, r| {
                r.get("user_id").as_i64() == ctx.user_id("spotify")
                    && playlist_songs(ctx.db, their3(ctx).unwrap_or(-1))
                        .contains(&r.get("song_id").as_i64().unwrap_or(-1))
            },
        )),
        _ => {}
    }
    parts
}

// ---- 9. replace the queue with an album ----------------------------------------------------

/// "Clear my queue and play album A from its first song", A given indirectly: the album of the
/// song playing now (variant 1), the album saved to the library last (variant 2), the album
/// liked last, with the volume at 4 (variant 3).
fn play_album(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let key = p.id * 17 + i64::from(g.variant) * 3;
    let instruction = match g.variant {
        1 => {
            "Clear my Spotify queue and play the album of the song that's playing right now, from the album's first song."
        }
        2 => {
            "Empty my Spotify queue and play the album I most recently saved to my library, starting with its first song."
        }
        _ => {
            "Replace my Spotify queue with the album I liked most recently and play it from its first song. Also set the volume to 4."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "spotify"];
    let (sup, now, variant) = (p.clone(), g.now, g.variant);
    parts.setup.push(step(move |s| {
        let album = s.pick("album", |db| pick_album(db, key)).ok_or(rusqlite::Error::QueryReturnedNoRows)?;
        let songs = album_songs(s.db, album);
        let others = ids(
            s.db,
            "SELECT id FROM spotify.songs WHERE album_id != ?1 AND id % 53 = ?2 ORDER BY id LIMIT 4",
            params![album, key.rem_euclid(53)],
        );
        let uid = s.user_id("spotify", &sup)?;
        match variant {
            1 => s.set_player(&sup, &[others[0], others[1], songs[2], others[2]], 2, true, 30)?,
            2 => {
                s.execute(
                    "DELETE FROM spotify.user_library_albums WHERE user_id = ?1 AND album_id = ?2",
                    params![uid, album],
                )?;
                s.add_library_album(&sup, album, now - Duration::hours(3))?;
                s.set_player(&sup, &others[..3], 1, false, 12)?;
            }
            _ => {
                s.execute(
                    "DELETE FROM spotify.album_likes WHERE user_id = ?1 AND album_id = ?2",
                    params![uid, album],
                )?;
                s.like_album(&sup, album, now - Duration::hours(5))?;
                s.set_player(&sup, &others, 0, true, 44)?;
                s.execute(
                    "UPDATE spotify.music_players SET volume = 7 WHERE user_id = ?1",
                    params![uid],
                )?;
            }
        }
        Ok(())
    }));
    let logins = format!("{LOGIN_ANY}\n{ALL_PAGES}\nsp = login(\"spotify\")");
    let find = |how: &str| format!("{how}\nprint(album_id)");
    let current = "album_id = apis.spotify.show_current_song(access_token=sp)[\"album_id\"]";
    let queue_first = "album_id = apis.spotify.show_song_queue(access_token=sp)[0][\"album_id\"]";
    let saved = |f: &str| {
        format!(
            "album_id = {f}(all_pages(apis.spotify.show_album_library, access_token=sp), key=lambda a: a[\"added_at\"])[\"album_id\"]"
        )
    };
    let liked = "album_id = max(all_pages(apis.spotify.show_liked_albums, access_token=sp), key=lambda a: a[\"liked_at\"])[\"album_id\"]";
    let right_find = match g.variant {
        1 => current.to_string(),
        2 => saved("max"),
        _ => liked.to_string(),
    };
    let volume = if g.variant == 3 {
        "apis.spotify.set_volume(access_token=sp, volume=4)\n"
    } else {
        ""
    };
    let play = |how: &str, volume: &str| format!("{how}\n{volume}apis.supervisor.complete_task()");
    let right_play = "apis.spotify.clear_song_queue(access_token=sp)\napis.spotify.play_music(access_token=sp, album_id=album_id)";
    parts.ground_truth = vec![logins.clone(), find(&right_find), play(right_play, volume)];
    parts.wrong = vec![
        solution(
            "adds the album to the end of the queue",
            vec![
                logins.clone(),
                find(&right_find),
                play(
                    "apis.spotify.add_to_queue(access_token=sp, album_id=album_id)",
                    volume,
                ),
            ],
        ),
        solution(
            "plays only the album's first song",
            vec![
                logins.clone(),
                find(&right_find),
                play(
                    "apis.spotify.play_music(access_token=sp, song_id=apis.spotify.show_album(album_id=album_id)[\"songs\"][0][\"id\"])",
                    volume,
                ),
            ],
        ),
        match g.variant {
            1 => solution(
                "plays the album of the first song in the queue",
                vec![logins, find(queue_first), play(right_play, volume)],
            ),
            2 => solution(
                "plays the album saved first",
                vec![logins, find(&saved("min")), play(right_play, volume)],
            ),
            _ => solution(
                "leaves the volume as it was",
                vec![logins, find(&right_find), play(right_play, "")],
            ),
        },
    ];
    let player = |ctx: &EvalCtx| -> Option<(String, Option<i64>, bool, i64)> {
        ctx.db
            .query_row_cached(
                "SELECT queue_song_ids, cursor_position, is_playing, volume FROM spotify.music_players WHERE user_id = ?1",
                [ctx.user_id("spotify")],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .ok()
    };
    let album_of = move |ctx: &EvalCtx| ctx.pick("album", |db| pick_album(db, key)).unwrap_or(-1);
    parts.checks = vec![
        Check::new(
            "the queue is exactly the album's songs, in order",
            move |ctx| {
                let want = apps::common::pytext::py_json_ints(&album_songs(ctx.db, album_of(ctx)));
                match player(ctx) {
                    Some((q, _, _, _)) if q == want => Ok(()),
                    Some((q, _, _, _)) => Err(format!("the queue is {q}, not {want}")),
                    None => Err("no player".into()),
                }
            },
        ),
        Check::new(
            "the album's first song is the current one",
            move |ctx| match player(ctx) {
                Some((_, Some(0), _, _)) => Ok(()),
                other => Err(format!("cursor at {:?}", other.map(|p| p.1))),
            },
        ),
        Check::new("the player is playing", move |ctx| match player(ctx) {
            Some((_, _, true, _)) => Ok(()),
            _ => Err("not playing".into()),
        }),
    ];
    if g.variant == 3 {
        parts.checks.push(Check::new("the volume is 4", move |ctx| {
            match player(ctx) {
                Some((_, _, _, 4)) => Ok(()),
                other => Err(format!("volume {:?}", other.map(|p| p.3))),
            }
        }));
    }
    parts.allowed = vec![Allow::new("the supervisor's player", |ctx, r| {
        r.is("spotify", "music_players") && r.get("user_id").as_i64() == ctx.user_id("spotify")
    })];
    parts
}

// ---- 10. which playlist has the most songs (question) -------------------------------------

/// "Which of my playlists has the most songs?" The setup adds three playlists: a big one of
/// songs outside the library, one of 40 library songs, a tiny one. Variant 2 counts only the
/// songs that are in the library; variant 3 asks for the fewest songs.
fn playlist_question(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    const BIG: &str = "Everything Bagel";
    const LIBRARY: &str = "Sunset Sessions";
    const TINY: &str = "Tiny Tunes";
    let (instruction, answer) = match g.variant {
        1 => (
            "Which of my Spotify playlists has the most songs? Answer with its title.",
            BIG,
        ),
        2 => (
            "Which of my Spotify playlists has the most songs that are also saved in my song library? Answer with the playlist's title.",
            LIBRARY,
        ),
        _ => (
            "Which of my Spotify playlists has the fewest songs? Tell me its title.",
            TINY,
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "spotify"];
    parts.answer = Some(Answer::Text(answer.to_string()));
    let (sup, now) = (p.clone(), g.now);
    let key = p.id * 11;
    parts.setup.push(step(move |s| {
        let uid = s.user_id("spotify", &sup)?;
        let outside = ids(
            s.db,
            "SELECT id FROM spotify.songs WHERE id NOT IN (SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1) \
             ORDER BY id LIMIT 53 OFFSET ?2",
            params![uid, key.rem_euclid(5000)],
        );
        let inside = ids(
            s.db,
            "SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1 ORDER BY song_id LIMIT 40",
            [uid],
        );
        s.add_spotify_playlist(&sup, BIG, false, &outside[..50], days_ago(now, 200, 19, 0))?;
        s.add_spotify_playlist(&sup, LIBRARY, true, &inside, days_ago(now, 90, 21, 30))?;
        s.add_spotify_playlist(&sup, TINY, false, &outside[50..], days_ago(now, 30, 8, 15))?;
        Ok(())
    }));
    let logins = format!("{LOGIN_ANY}\n{ALL_PAGES}\nsp = login(\"spotify\")");
    let pick = |how: &str| {
        format!(
            "playlists = all_pages(apis.spotify.show_playlist_library, access_token=sp)\n{how}\napis.supervisor.complete_task(answer=best[\"title\"])"
        )
    };
    let most = "best = max(playlists, key=lambda x: len(x[\"song_ids\"]))";
    let fewest = "best = min(playlists, key=lambda x: len(x[\"song_ids\"]))";
    let in_library = "library = {s[\"song_id\"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}\nbest = max(playlists, key=lambda x: len(set(x[\"song_ids\"]) & library))";
    let right = match g.variant {
        1 => most,
        2 => in_library,
        _ => fewest,
    };
    parts.ground_truth = vec![logins.clone(), pick(right)];
    parts.wrong = vec![
        solution(
            "answers the most liked playlist",
            vec![
                logins.clone(),
                pick("best = max(playlists, key=lambda x: x[\"like_count\"])"),
            ],
        ),
        match g.variant {
            1 => solution(
                "counts only the songs in the library",
                vec![logins, pick(in_library)],
            ),
            _ => solution(
                "answers the playlist with the most songs",
                vec![logins, pick(most)],
            ),
        },
    ];
    parts
}
