//! "Add the things in my Todoist project `Things to buy` that are still open to my Amazon
//! cart (cheapest in-stock variant, the quantity in the task), then mark those tasks done;
//! don't check out." Done tasks are things already bought; the cart holds other things that
//! stay. Variant 2 files the tasks under sections; variant 3 has a task for a near-miss name.

use super::{CHEAPEST, LISTED, SELLER, VALID_CARD, cheapest_listed};
use crate::diff::ChangeKind;
use crate::kit::amazon::{end_cart, new_orders, product_id, start_cart, stocked_products};
use crate::kit::db::one;
use crate::kit::python::solution;
use crate::kit::{Script, Vals, allow};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;
use rusqlite::params;
use sim::sql::Cached;
use std::collections::BTreeMap;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("todoist_to_cart.py"));
    let vals = |open_only: &str, qty: &str| {
        Vals::new()
            .code("cheapest", CHEAPEST)
            .code("valid_card", VALID_CARD)
            .lit("project", PROJECT)
            .code("open_only", open_only)
            .code("qty", qty)
    };
    let right = vals("True", "qty");
    parts.ground_truth = script.cells(&["logins", "read", "add"], &right);
    parts.wrong = vec![
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
