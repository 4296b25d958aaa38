//! Amazon at the end of an episode: products, orders, returns, the cart.

use super::changes::added;
use super::db::{ids, one};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use chrono::NaiveDateTime;
use rusqlite::{Connection, params};
use std::collections::BTreeMap;

/// The supervisor's new returns: (order id, product id, units, deliverer id).
pub fn new_returns(ctx: &EvalCtx) -> Vec<(i64, i64, i64, i64)> {
    let me = ctx.user_id("amazon");
    added(ctx, "amazon", "product_returns")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| {
            let n = |c: &str| r.get(c).as_i64().unwrap_or(0);
            (
                n("order_id"),
                n("product_id"),
                n("quantity"),
                n("deliverer_id"),
            )
        })
        .collect()
}

/// An address as an order keeps it (its lines joined by newlines).
pub fn address_lines(a: &apps::people::Address) -> String {
    format!(
        "{}\n{}\n{}\n{}\n{}",
        a.street_address, a.city, a.state, a.country, a.zip_code
    )
}

/// The id of the catalog product with this name, colour and size.
pub fn product_id(db: &Connection, name: &str, color: &str, size: &str) -> Option<i64> {
    one(
        db,
        "SELECT id FROM amazon.products WHERE name = ?1 AND color = ?2 AND relative_size = ?3",
        params![name, color, size],
    )
}

/// The id of the (single-variant) catalog product with this name.
pub fn product_named(db: &Connection, name: &str) -> Option<i64> {
    one(
        db,
        "SELECT id FROM amazon.products WHERE name = ?1 ORDER BY id LIMIT 1",
        [name],
    )
}

/// The supervisor's amazon order created at `at`.
pub fn order_at(ctx: &EvalCtx, at: NaiveDateTime) -> Option<i64> {
    one(
        ctx.db,
        "SELECT id FROM amazon.orders WHERE user_id = ?1 AND created_at = ?2",
        params![ctx.user_id("amazon"), sim::clock::fmt_datetime(at)],
    )
}

/// `n` catalog products (ids) well in stock and under $80, from position `key` on.
pub fn stocked_products(db: &Connection, key: i64, n: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM amazon.products WHERE inventory_quantity >= 20 AND price < 80 AND id <= 4000 ORDER BY id LIMIT ?2 OFFSET ?1",
        params![key.rem_euclid(1500), n],
    )
}

/// The supervisor's cart in the end state: product id -> (quantity, gift wrapped).
pub fn end_cart(ctx: &EvalCtx) -> BTreeMap<i64, (i64, i64)> {
    let Some(uid) = ctx.user_id("amazon") else {
        return BTreeMap::new();
    };
    ctx.db
        .prepare_cached("SELECT product_id, quantity, gift_wrap_quantity FROM amazon.cart_entries WHERE user_id = ?1")
        .and_then(|mut st| {
            st.query_map([uid], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
                .collect::<rusqlite::Result<BTreeMap<i64, (i64, i64)>>>()
        })
        .unwrap_or_default()
}

/// The supervisor's cart before the episode (the end state with the episode's changes undone).
pub fn start_cart(ctx: &EvalCtx) -> BTreeMap<i64, (i64, i64)> {
    let mut cart = end_cart(ctx);
    let me = ctx.user_id("amazon");
    let num = |v: &serde_json::Value| v.as_i64().unwrap_or(0);
    let mine: Vec<&RowChange> = ctx
        .diff
        .table("amazon", "cart_entries")
        .filter(|r| r.get("user_id").as_i64() == me)
        .collect();
    // Undo the additions first, then put back what was removed or changed (a product removed
    // and added again has two rows).
    for r in mine.iter().filter(|r| r.kind() == ChangeKind::Added) {
        cart.remove(&num(r.get("product_id")));
    }
    for r in mine.iter().filter(|r| r.kind() != ChangeKind::Added) {
        cart.insert(
            num(r.before("product_id")),
            (
                num(r.before("quantity")),
                num(r.before("gift_wrap_quantity")),
            ),
        );
    }
    cart
}

/// The supervisor's orders added by the episode: (order row, its item rows).
pub fn new_orders<'a>(ctx: &'a EvalCtx) -> Vec<(&'a RowChange, Vec<&'a RowChange>)> {
    let me = ctx.user_id("amazon");
    let items = added(ctx, "amazon", "order_items");
    added(ctx, "amazon", "orders")
        .into_iter()
        .filter(|o| o.get("user_id").as_i64() == me)
        .map(|o| {
            let lines = items
                .iter()
                .filter(|i| i.get("order_id").as_i64() == Some(o.id))
                .copied()
                .collect();
            (o, lines)
        })
        .collect()
}
