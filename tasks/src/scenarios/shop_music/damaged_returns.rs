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
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use apps::people::Person;
use chrono::NaiveDateTime;

const BOTTLE: &str = "Marlow Glass Water Bottle";
const SHEETS: &str = "Tidewell Linen Bed Sheets";
const BACKPACK: &str = "Kestrel Canvas Backpack";
const POT: &str = "Juniper Ceramic Plant Pot";
const TITLE: &str = "Damaged in delivery";

/// A return to start: (product, units, the date of the order it came in).
type Return = (&'static str, i64, NaiveDateTime);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The old order (of a bottle and pots), the latest delivery, variant 3's pots order.
    old_at: NaiveDateTime,
    recent_at: NaiveDateTime,
    pots_at: NaiveDateTime,
    /// The deliverer to use, and its id.
    deliverer: &'static str,
    deliverer_id: i64,
    returns: Vec<Return>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "amazon"];
    const SCRIPT: &str = include_str!("damaged_returns.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let old_at = days_ago(now, 120, 17, 42);
        let recent_at = days_ago(now, 6, 10, 15);
        let pots_at = days_ago(now, 3, 8, 5);
        let (content, deliverer, returns): (&str, &str, Vec<Return>) = match g.variant {
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
        // Written yesterday, after the last of the deliveries it lists.
        let note = g.note(TITLE, content, &["shopping"], false, 1);
        let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
        let notes = mix(&mut g.rng, filler, vec![note]);
        let deliverer_id: i64 = match deliverer {
            "UPS" => 1,
            "USPS" => 2,
            _ => 3,
        };
        let v = Values {
            variant: g.variant,
            supervisor: p,
            old_at,
            recent_at,
            pots_at,
            deliverer,
            deliverer_id,
            returns,
        };
        (v, notes).into()
    }

    fn instruction(v: &Values) -> String {
        let deliverer = v.deliverer;
        match v.variant {
            1 => format!(
                "A few things in my latest Amazon delivery arrived damaged; I listed them in my note \"{TITLE}\". Return every damaged unit, to be picked up by {deliverer}."
            ),
            2 => format!(
                "Return the damaged items from last week's Amazon delivery; what broke is in my SimpleNote note \"{TITLE}\". Only return the units that are actually damaged, and use {deliverer}."
            ),
            _ => format!(
                "Some of my recent Amazon deliveries came damaged (details in my note \"{TITLE}\"). Start a return of the damaged units, each from the order it came in, with {deliverer} as the deliverer."
            ),
        }
    }

    /// The four products; the old order, the latest delivery and (variant 3) the pots order.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            let bottle =
                s.add_amazon_product(("water bottle", BOTTLE, "blue", "small", 24.99, 40), SELLER)?;
            let sheets =
                s.add_amazon_product(("bed sheets", SHEETS, "white", "medium", 89.0, 20), SELLER)?;
            let backpack =
                s.add_amazon_product(("backpack", BACKPACK, "gray", "medium", 59.5, 15), SELLER)?;
            let pot =
                s.add_amazon_product(("plant pot", POT, "beige", "small", 19.99, 30), SELLER)?;
            s.add_amazon_order(
                sup,
                "Home",
                None,
                &[(bottle, 1, 22.99, 0, 0, true), (pot, 2, 18.5, 0, 0, true)],
                5.0,
                0.0,
                v.old_at,
            )?;
            s.add_amazon_order(
                sup,
                "Home",
                None,
                &[
                    (bottle, 2, 24.99, 0, 0, true),
                    (sheets, 1, 89.0, 0, 0, true),
                    (backpack, 1, 59.5, 0, 0, true),
                ],
                5.0,
                0.0,
                v.recent_at,
            )?;
            if v.variant == 3 {
                s.add_amazon_order(
                    sup,
                    "Home",
                    None,
                    &[(pot, 3, 19.99, 0, 0, true)],
                    5.0,
                    0.0,
                    v.pots_at,
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let logins = script.cell("logins", &Vals::new());
        let read = script.cell("read", &Vals::new().lit("title", TITLE));
        // Returns `list` (product, units) with `deliverer`, from the order `pick` ("max": the
        // latest, else the oldest) of those holding the product.
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
            let act = script.cells(&["act", order, "initiate"], &vals).join("\n");
            vec![logins.clone(), read.clone(), act]
        };
        let right: Vec<(&str, i64)> = v.returns.iter().map(|r| (r.0, r.1)).collect();
        let deliverer = v.deliverer;
        let ground_truth = act(&right, deliverer, "max");
        let other_deliverer = if deliverer == "UPS" { "FedEx" } else { "UPS" };
        let too_much: Vec<(&str, i64)> = match v.variant {
            1 => vec![(BOTTLE, 2), (SHEETS, 1), (BACKPACK, 1)],
            2 => vec![(BOTTLE, 2), (BACKPACK, 1)],
            _ => vec![(BOTTLE, 2), (POT, 3)],
        };
        let wrong = vec![
            solution(
                "returns from the oldest order holding the product",
                act(&right, deliverer, "min"),
            ),
            solution(
                &format!("sends the returns with {other_deliverer}"),
                act(&right, other_deliverer, "max"),
            ),
            solution(
                if v.variant == 1 {
                    "also returns the backpack that was fine"
                } else {
                    "returns every unit of the products named"
                },
                act(&too_much, deliverer, "max"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v.returns.iter().map(|r| return_started(v, *r)).collect();
        checks.push(v.check("no other return was started", |v, ctx| {
            let want: Vec<_> = v
                .returns
                .iter()
                .map(|r| wanted(ctx, r, v.deliverer_id))
                .collect();
            match new_returns(ctx).into_iter().find(|r| !want.contains(r)) {
                Some(r) => Err(format!("another return: {r:?}")),
                None => Ok(()),
            }
        }));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::returns()
    }
}

/// The return `r` as [`new_returns`] lists it: (order id, product id, units, deliverer id).
fn wanted(ctx: &EvalCtx, (n, q, at): &Return, deliverer_id: i64) -> (i64, i64, i64, i64) {
    (
        order_at(ctx, *at).unwrap_or(-1),
        product_named(ctx.db, n).unwrap_or(-1),
        *q,
        deliverer_id,
    )
}

/// The return `r` was started with the deliverer.
fn return_started(v: &Values, r: Return) -> Check {
    let (n, q, at) = r;
    let deliverer_id = v.deliverer_id;
    Check::new(
        format!(
            "a {} return of {q} x {n} from the order of {}",
            v.deliverer,
            at.format("%Y-%m-%d")
        ),
        move |ctx| {
            let want = wanted(ctx, &r, deliverer_id);
            let got = new_returns(ctx);
            if got.contains(&want) {
                Ok(())
            } else {
                Err(format!("returns started: {got:?}; wanted {want:?}"))
            }
        },
    )
}
