//! Amazon in an episode: products, orders, returns, reviews, the cart and wish list at the
//! end, and a setup's backdating of orders.

use super::changes::added;
use super::db::{ids, one};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::model::Check;
use chrono::NaiveDateTime;
use rusqlite::{Connection, params};
use sim::sql::Cached;
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

/// The supervisor's wish list in the end state: product id -> quantity.
pub fn end_wish_list(ctx: &EvalCtx) -> BTreeMap<i64, i64> {
    ctx.db
        .prepare_cached(
            "SELECT product_id, quantity FROM amazon.wish_list_entries WHERE user_id = ?1",
        )
        .and_then(|mut st| {
            st.query_map([ctx.user_id("amazon")], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<BTreeMap<i64, i64>>>()
        })
        .unwrap_or_default()
}

/// The promo code applied to the supervisor's cart in the end state.
pub fn cart_promo_code(ctx: &EvalCtx) -> Option<String> {
    ctx.db
        .query_row_cached(
            "SELECT cart_promo_code FROM amazon.users WHERE id = ?1",
            [ctx.user_id("amazon")],
            |r| r.get(0),
        )
        .ok()
        .flatten()
}

/// The supervisor's reviews of a product in the end state: (rating, text).
pub fn reviews_of(ctx: &EvalCtx, product: i64) -> Vec<(i64, String)> {
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

/// Setup: moves `user`'s orders from March 2023 on to the same day of 2022, their items'
/// deliveries and their returns with them (a year earlier each).
pub fn backdate_recent_orders(db: &Connection, user: i64) -> rusqlite::Result<usize> {
    const RECENT: &str =
        "SELECT id FROM amazon.orders WHERE user_id = ?1 AND created_at >= '2023-03-01'";
    let year_back = |col: &str| format!("{col} = strftime('%Y-%m-%dT%H:%M:%S', {col}, '-1 year')");
    for (table, [a, b]) in [
        ("order_items", ["expected_delivery_at", "delivered_at"]),
        ("product_returns", ["initiated_at", "returned_at"]),
    ] {
        db.prepare_cached(&format!(
            "UPDATE amazon.{table} SET {}, {} WHERE order_id IN ({RECENT})",
            year_back(a),
            year_back(b)
        ))?
        .execute([user])?;
    }
    db.prepare_cached(&format!(
        "UPDATE amazon.orders SET {} WHERE user_id = ?1 AND created_at >= '2023-03-01'",
        year_back("created_at")
    ))?
    .execute([user])
}

/// Is this a row of the supervisor's (by `user_id`)?
pub fn is_mine(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.get("user_id").as_i64() == ctx.user_id("amazon")
}

/// The Prime subscriptions the supervisor added: (card digits, paid amount).
pub fn new_prime_subscriptions(ctx: &EvalCtx) -> Vec<(String, f64)> {
    added(ctx, "amazon", "prime_subscriptions")
        .into_iter()
        .filter(|r| is_mine(ctx, r))
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
}

/// The numbers of the Amazon cards the episode deleted (0 where unreadable).
pub fn removed_card_numbers(ctx: &EvalCtx) -> Vec<i64> {
    ctx.diff
        .table("amazon", "payment_cards")
        .filter(|r| r.kind() == ChangeKind::Removed)
        .map(|r| r.before("card_number").as_i64().unwrap_or(0))
        .collect()
}

/// A payment card the episode added (anyone's), as written.
#[derive(Debug, Clone, PartialEq)]
pub struct CardAdded {
    /// Whose.
    pub user_id: Option<i64>,
    /// Its number.
    pub number: Option<i64>,
    /// The name on it, trimmed.
    pub name: Option<String>,
    /// When it expires.
    pub expiry_year: Option<i64>,
    /// The month it expires.
    pub expiry_month: Option<i64>,
}

/// The payment cards the episode added, in order.
pub fn cards_added(ctx: &EvalCtx) -> Vec<CardAdded> {
    added(ctx, "amazon", "payment_cards")
        .into_iter()
        .map(|r| CardAdded {
            user_id: r.get("user_id").as_i64(),
            number: r.get("card_number").as_i64(),
            name: r.get("card_name").as_str().map(|s| s.trim().to_string()),
            expiry_year: r.get("expiry_year").as_i64(),
            expiry_month: r.get("expiry_month").as_i64(),
        })
        .collect()
}

/// An address the episode added (anyone's), as written.
#[derive(Debug, Clone, PartialEq)]
pub struct AddressAdded {
    /// Its name, trimmed.
    pub name: Option<String>,
    /// Street, city and state.
    pub street: Option<String>,
    /// The city.
    pub city: Option<String>,
    /// The state.
    pub state: Option<String>,
    /// The zip code.
    pub zip: Option<i64>,
}

/// The addresses the episode added, in order.
pub fn addresses_added(ctx: &EvalCtx) -> Vec<AddressAdded> {
    let text = |r: &RowChange, c: &str| r.get(c).as_str().map(str::to_string);
    added(ctx, "amazon", "addresses")
        .into_iter()
        .map(|r| AddressAdded {
            name: r.get("name").as_str().map(|s| s.trim().to_string()),
            street: text(r, "street_address"),
            city: text(r, "city"),
            state: text(r, "state"),
            zip: r.get("zip_code").as_i64(),
        })
        .collect()
}

/// A check named `name` that the episode placed no Amazon order.
pub fn no_new_order(name: &str) -> Check {
    Check::new(name, |ctx| match new_orders(ctx).len() {
        0 => Ok(()),
        n => Err(format!("{n} orders placed")),
    })
}
