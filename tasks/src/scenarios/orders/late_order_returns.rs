//! "One of my orders of the past month came late; return everything in it I haven't returned
//! yet, with the pick-up service from my note." Other recent orders came on time, the base
//! world's orders are made punctual. Variant 2 has one unit already returned; variant 3 has
//! an older late order (two months back) that must stay.

use super::{SELLER, note_vals};
use crate::eval::EvalCtx;
use crate::kit::amazon::{new_returns, order_at, product_named};
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use apps::people::Person;
use chrono::NaiveDateTime;

/// The note naming the pick-up service.
const TITLE: &str = "Amazon returns";
const KETTLE: &str = "Marlow Steel Electric Kettle";
const LAMP: &str = "Juniper Arc Floor Lamp";
const TOWELS: &str = "Orchid Waffle Bath Towels";
const BLENDER: &str = "Harbor Pulse Blender";
const JACKET: &str = "Alder Ridge Rain Jacket";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// When the late order, two on-time ones and (variant 3) an older late one were placed.
    late_at: NaiveDateTime,
    ontime_a: NaiveDateTime,
    ontime_b: NaiveDateTime,
    old_late: NaiveDateTime,
    /// The note's carrier and the one it warns about.
    deliverer: &'static str,
    other_deliverer: &'static str,
    /// The late order: (product, units, already returned).
    late: Vec<(&'static str, i64, i64)>,
}

impl Values {
    /// The id of the note's carrier.
    fn deliverer_id(&self) -> i64 {
        match self.deliverer {
            "UPS" => 1,
            "USPS" => 2,
            _ => 3,
        }
    }

    /// The returns wanted: (order, product, units, deliverer).
    fn want_all(&self, ctx: &EvalCtx) -> Vec<(i64, i64, i64, i64)> {
        let o = order_at(ctx, self.late_at).unwrap_or(-1);
        self.late
            .iter()
            .map(|(n, q, r)| {
                (
                    o,
                    product_named(ctx.db, n).unwrap_or(-1),
                    q - r,
                    self.deliverer_id(),
                )
            })
            .collect()
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "amazon"];
    const SCRIPT: &str = include_str!("late_order_returns.py");

    /// The values, and the supervisor's notes (the returns note among fillers).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let deliverer = ["FedEx", "USPS", "UPS"][g.variant as usize - 1];
        let other_deliverer = if deliverer == "UPS" { "FedEx" } else { "UPS" };
        let content = format!(
            "How I do Amazon returns:\n- Pick-up: {deliverer} (they come to the house)\n- Keep the original boxes for a month\n- {other_deliverer} lost a package last year, don't use them"
        );
        let late = if g.variant == 2 {
            vec![(KETTLE, 1, 0), (TOWELS, 3, 1)]
        } else {
            vec![(KETTLE, 1, 0), (TOWELS, 2, 0), (LAMP, 1, 0)]
        };
        let note = g.note(TITLE, &content, &["shopping"], false, 30);
        let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
        let notes = mix(&mut g.rng, filler, vec![note]);
        let values = Values {
            variant: g.variant,
            supervisor: p,
            late_at: days_ago(now, 12, 15, 30),
            ontime_a: days_ago(now, 20, 9, 10),
            ontime_b: days_ago(now, 4, 18, 0),
            old_late: days_ago(now, 62, 11, 0),
            deliverer,
            other_deliverer,
            late,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => format!(
                "One of my Amazon orders from the past month arrived after its expected delivery date. I don't want any of it anymore: return every item of that order, with the pick-up service I wrote down in my note \"{TITLE}\"."
            ),
            2 => format!(
                "An Amazon order I placed in the last month was delivered late. Return all of its items (only what I haven't already sent back), and use the carrier from my note \"{TITLE}\" for the pick-up."
            ),
            _ => format!(
                "Return everything from my Amazon order of the past month that showed up later than expected. The carrier I use for pick-ups is in my note \"{TITLE}\". Older orders are fine, leave them."
            ),
        }
    }

    /// The base world's orders made punctual, the products, the orders (the late one delivered
    /// three days late).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            s.deliver_amazon_orders_on_time(sup)?;
            let kettle =
                s.add_amazon_product(("kettle", KETTLE, "silver", "medium", 45.0, 20), SELLER)?;
            let lamp =
                s.add_amazon_product(("floor lamp", LAMP, "black", "large", 88.0, 8), SELLER)?;
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
            let lines: Vec<(i64, i64, f64, i64, i64, bool)> = v
                .late
                .iter()
                .map(|(n, q, r)| (pid(n), *q, 30.0, *r, 0, true))
                .collect();
            s.add_amazon_order(
                sup,
                "Home",
                None,
                &[(blender, 1, 59.0, 0, 0, true)],
                5.0,
                0.0,
                v.ontime_a,
            )?;
            let o = s.add_amazon_order(sup, "Home", None, &lines, 5.0, 0.0, v.late_at)?;
            for l in &lines {
                s.set_amazon_delivery(o, l.0, Some(3))?;
            }
            s.add_amazon_order(
                sup,
                "Home",
                None,
                &[(jacket, 1, 74.0, 0, 0, true), (towels, 1, 19.5, 0, 0, true)],
                5.0,
                0.0,
                v.ontime_b,
            )?;
            if v.variant == 3 {
                let old = s.add_amazon_order(
                    sup,
                    "Home",
                    None,
                    &[(kettle, 1, 45.0, 0, 0, true), (jacket, 1, 74.0, 0, 0, true)],
                    5.0,
                    0.0,
                    v.old_late,
                )?;
                s.set_amazon_delivery(old, kettle, Some(2))?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `{{carrier}}` overrides the note's deliverer (or is empty), `{{days}}` is the window and
        // `{{left}}` the units returned of each item.
        let vals = |days: i64, left: &str, carrier: &str| {
            note_vals(TITLE)
                .code("days", days)
                .code("left", left)
                .code("carrier", carrier)
        };
        let act = |vals: &Vals| script.cells(&["logins", "read", "return_late"], vals);
        let right_left = "i[\"ordered_quantity\"] - i[\"returned_quantity\"]";
        let ground_truth = act(&vals(31, right_left, ""));
        let other_deliverer = v.other_deliverer;
        let wrong_carrier =
            script.cell("other_carrier", &Vals::new().lit("other", other_deliverer));
        let mut wrong = vec![
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
        if v.variant == 3 {
            wrong.push(solution(
                "also returns the older late order",
                act(&vals(90, right_left, "")),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .late
            .iter()
            .map(|&(n, q, r)| returned(v, n, q - r))
            .collect();
        checks.push(v.check("no other return was started", |v, ctx| {
            let want = v.want_all(ctx);
            let got = new_returns(ctx);
            match got.iter().find(|r| !want.contains(r)) {
                Some(r) => Err(format!("another return: {r:?}")),
                None if got.len() != want.len() => Err(format!("{} returns", got.len())),
                None => Ok(()),
            }
        }));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::returns()
    }
}

/// A return with the note's carrier of `units` x `name` from the late order.
fn returned(v: &Values, name: &'static str, units: i64) -> Check {
    let (late_at, deliverer_id) = (v.late_at, v.deliverer_id());
    Check::new(
        format!(
            "a {} return of {units} x {name} from the late order of {}",
            v.deliverer,
            late_at.format("%Y-%m-%d")
        ),
        move |ctx| {
            let want = (
                order_at(ctx, late_at).unwrap_or(-1),
                product_named(ctx.db, name).unwrap_or(-1),
                units,
                deliverer_id,
            );
            let got = new_returns(ctx);
            if got.contains(&want) {
                Ok(())
            } else {
                Err(format!("returns: {got:?}; wanted {want:?}"))
            }
        },
    )
}
