//! "Add the things in my Todoist project `Things to buy` that are still open to my Amazon
//! cart (cheapest in-stock variant, the quantity in the task), then mark those tasks done;
//! don't check out." Done tasks are things already bought; the cart holds other things that
//! stay. Variant 2 files the tasks under sections; variant 3 has a task for a near-miss name.

use super::{CHEAPEST, LISTED, SELLER, VALID_CARD, cheapest_listed};
use crate::diff::ChangeKind;
use crate::kit::amazon::{end_cart, no_new_order, product_id, start_cart, stocked_products};
use crate::kit::python::solution;
use crate::kit::todoist::{in_project_named, open_in_own_project};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};
use std::collections::BTreeMap;

/// The Todoist project of things to buy.
const PROJECT: &str = "Things to buy";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// The key of the products already in the cart.
    key: i64,
    /// The project's tasks: (index into LISTED, units, done, section; "" for none).
    tasks: Vec<(usize, i64, bool, &'static str)>,
}

impl Values {
    /// The open tasks' items: (index into LISTED, units).
    fn open_items(&self) -> Vec<(usize, i64)> {
        self.tasks
            .iter()
            .filter(|t| !t.2)
            .map(|t| (t.0, t.1))
            .collect()
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "amazon"];
    const SCRIPT: &str = include_str!("todoist_to_cart.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let tasks = match g.variant {
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
        Values {
            variant: g.variant,
            key: p.id * 41 + i64::from(g.variant) * 5,
            supervisor: p,
            now: g.now,
            tasks,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => format!(
                "Add everything that's still open in my Todoist project \"{PROJECT}\" to my Amazon cart (the cheapest variant in stock of each, as many as the task says), then mark those tasks as done. Don't place the order yet, and keep what's already in the cart."
            ),
            2 => format!(
                "My Todoist project \"{PROJECT}\" lists what I still need. Put each open item in my Amazon cart, in the quantity written in the task and the cheapest in-stock variant, and complete those tasks. I'll check out myself later; leave the rest of the cart as it is."
            ),
            _ => format!(
                "Move my open to-dos from the Todoist project \"{PROJECT}\" into my Amazon cart: cheapest variant that's in stock, quantities as in the task titles. Tick the tasks off once they're in the cart. No checkout, and don't remove anything from the cart."
            ),
        }
    }

    /// The listed products and their near-misses, the cart's other things, the project and its
    /// tasks (under sections where the variant has them).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            for (ptype, name, variants, near) in LISTED {
                for x in variants.iter() {
                    s.add_amazon_product((ptype, name, x.0, x.1, x.2, x.3), SELLER)?;
                }
                s.add_amazon_product((ptype, near, "black", "small", 8.99, 50), SELLER)?;
            }
            let cart = stocked_products(s.db, v.key, 2);
            s.set_amazon_cart(sup, &[(cart[0], 1), (cart[1], 2)])?;
            let project = s.add_todo_project(
                sup,
                PROJECT,
                "Stuff to order",
                &[],
                now - Duration::days(20),
            )?;
            let mut sections: BTreeMap<String, i64> = BTreeMap::new();
            for (k, (i, q, done, sec)) in v.tasks.iter().enumerate() {
                let section = if sec.is_empty() {
                    None
                } else if let Some(id) = sections.get(*sec) {
                    Some(*id)
                } else {
                    let id = apps::todoist::rows::NewSection {
                        project_id: project,
                        name: sec,
                        order_index: sections.len() as i64,
                        created_at: &sim::clock::fmt_datetime(now - Duration::days(20)),
                    }
                    .insert(s.db)?;
                    sections.insert(sec.to_string(), id);
                    Some(id)
                };
                s.add_todo_task(
                    project,
                    section,
                    sup,
                    &title(*i, *q),
                    None,
                    "medium",
                    *done,
                    None,
                    now - Duration::days(15 - k as i64),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(_v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = |open_only: &str, qty: &str| {
            Vals::new()
                .code("cheapest", CHEAPEST)
                .code("valid_card", VALID_CARD)
                .lit("project", PROJECT)
                .code("open_only", open_only)
                .code("qty", qty)
        };
        let right = vals("True", "qty");
        let ground_truth = script.cells(&["logins", "read", "add"], &right);
        let wrong = vec![
            solution(
                "also adds the items of tasks already done",
                script.cells(&["logins", "read", "add"], &vals("False", "qty")),
            ),
            solution(
                "adds one of each, ignoring the quantities",
                script.cells(&["logins", "read", "add"], &vals("True", "1")),
            ),
            solution(
                "leaves the tasks open",
                script.cells(&["logins", "read", "add_leave_open"], &right),
            ),
            solution(
                "places the order too",
                script.cells(&["logins", "read", "add_and_order"], &right),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let open_items = v.open_items();
        let mut checks: Vec<Check> = open_items.iter().map(|&(i, q)| cart_gained(i, q)).collect();
        let n_open = open_items.len();
        checks.extend([
            v.check(
                format!("nothing else changed in the cart ({n_open} products added)"),
                |v, ctx| {
                    let (start, end) = (start_cart(ctx), end_cart(ctx));
                    let kept = start.iter().all(|(k, v)| end.get(k) == Some(v));
                    let added_n = end.keys().filter(|k| !start.contains_key(k)).count();
                    if kept && added_n == v.open_items().len() {
                        Ok(())
                    } else {
                        Err(format!("the cart held {start:?} and now holds {end:?}"))
                    }
                },
            ),
            v.check(
                format!(
                    "the {n_open} open tasks of \"{PROJECT}\" are completed, the others untouched"
                ),
                |v, ctx| {
                    let open = open_in_own_project(ctx, PROJECT);
                    let changed = ctx
                        .diff
                        .table("todoist", "tasks")
                        .filter(|r| r.kind() == ChangeKind::Updated)
                        .count();
                    if open == 0 && changed == v.open_items().len() {
                        Ok(())
                    } else {
                        Err(format!("{open} tasks still open, {changed} tasks changed"))
                    }
                },
            ),
            no_new_order("no order was placed"),
        ]);
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow::cart(),
            Allow::new(
                format!("updates of the tasks of \"{PROJECT}\""),
                |ctx, r| {
                    r.is("todoist", "tasks")
                        && r.kind() == ChangeKind::Updated
                        && in_project_named(ctx, r, PROJECT)
                },
            ),
        ]
    }
}

/// A task's title: the item, with ` xN` when more than one.
fn title(i: usize, q: i64) -> String {
    if q == 1 {
        LISTED[i].1.to_string()
    } else {
        format!("{} x{q}", LISTED[i].1)
    }
}

/// The cart gained `q` of LISTED[i]'s cheapest in-stock variant.
fn cart_gained(i: usize, q: i64) -> Check {
    let (color, size) = cheapest_listed(&LISTED[i]);
    let name = LISTED[i].1;
    Check::new(
        format!("the cart gained {q} x {name} ({color}, {size})"),
        move |ctx| {
            let want = product_id(ctx.db, name, color, size).unwrap_or(-1);
            let (start, end) = (start_cart(ctx), end_cart(ctx));
            let gained = end.get(&want).map_or(0, |v| v.0) - start.get(&want).map_or(0, |v| v.0);
            if gained == q {
                Ok(())
            } else {
                Err(format!("gained {gained}"))
            }
        },
    )
}
