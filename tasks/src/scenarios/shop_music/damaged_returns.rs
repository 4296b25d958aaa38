//! "Some items of my latest delivery arrived damaged (listed in my note N); return the damaged
//! units with deliverer D." The products were bought before too (an older order), the note
//! says how many units broke. Variant 2 returns only some units; variant 3 spans two recent
//! orders.

use super::SELLER;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::amazon::{new_returns, order_at, product_named};
use crate::kit::python::{py, solution};
use crate::kit::time::days_ago;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix, step};
use chrono::NaiveDateTime;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("damaged_returns.py"));
    let logins = script.cell("logins", &Vals::new());
    let read = script.cell("read", &Vals::new().lit("title", TITLE));
    let act = |list: &[(&str, i64)], deliverer: &str, pick: &str| {
        let dict = list
            .iter()
            .map(|(n, q)| format!("{}: {q}", py(n)))
            .collect::<Vec<_>>()
            .join(", ");
        let vals = Vals::new()
            .code("damaged", format!("{{{dict}}}"))
            .lit("deliverer", deliverer);
        let order = if pick == "max" {
            "latest_order"
        } else {
            "oldest_order"
        };
        script.cells(&["act", order, "initiate"], &vals).join("\n")
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
