//! "One of my orders of the past month came late; return everything in it I haven't returned
//! yet, with the pick-up service from my note." Other recent orders came on time, the base
//! world's orders are made punctual. Variant 2 has one unit already returned; variant 3 has
//! an older late order (two months back) that must stay.

use super::SELLER;
use crate::eval::EvalCtx;
use crate::kit::amazon::{new_returns, order_at, product_named};
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Script, Vals, allow};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix, step};

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("late_order_returns.py"));
    // `{{carrier}}` overrides the note's deliverer (or is empty), `{{days}}` is the window and
    // `{{left}}` the units returned of each item.
    let vals = |days: i64, left: &str, carrier: &str| {
        Vals::new()
            .lit("title", TITLE)
            .code("days", days)
            .code("left", left)
            .code("carrier", carrier)
    };
    let act = |vals: &Vals| script.cells(&["logins", "read", "return_late"], vals);
    let right_left = "i[\"ordered_quantity\"] - i[\"returned_quantity\"]";
    parts.ground_truth = act(&vals(31, right_left, ""));
    let wrong_carrier = script.cell("other_carrier", &Vals::new().lit("other", other_deliverer));
    parts.wrong = vec![
        solution(
            &format!("uses {other_deliverer}, the carrier the note warns about"),
            act(&vals(31, right_left, &wrong_carrier)),
        ),
        solution("returns one unit of each item", act(&vals(31, "1", ""))),
        solution(
            "returns the items of every order of the last month",
            script.cells(
                &["logins", "read", "return_every_order"],
                &vals(31, right_left, ""),
            ),
        ),
    ];
    if v3 {
        parts.wrong.push(solution(
            "also returns the older late order",
            act(&vals(90, right_left, "")),
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
