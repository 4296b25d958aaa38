//! Lookups every amazon topic uses: products, users (the `user` field of reviews, questions and
//! answers), ownership checks with AppWorld's messages, "has this user ordered this product",
//! the Python number forms of messages and receipts, and the product and seller ratings that
//! follow reviews.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// A product row.
#[derive(Debug, Clone)]
pub(super) struct Product {
    pub id: i64,
    pub seller_id: i64,
    pub product_type: String,
    pub name: String,
    pub description: String,
    pub price: f64,
    pub delivery_days: i64,
    pub inventory_quantity: i64,
    pub weight: f64,
    pub length: f64,
    pub width: f64,
    pub height: f64,
    pub color: Option<String>,
    pub relative_size: Option<String>,
    pub rating: f64,
    pub seller_rating: f64,
}

/// The columns [`Product::read`] reads, in order.
pub(super) const PRODUCT_FIELDS: &str = "id, seller_id, product_type, name, description, price, delivery_days, \
     inventory_quantity, weight, length, width, height, color, relative_size, rating, seller_rating";

impl Product {
    pub(super) fn read(r: &rusqlite::Row) -> rusqlite::Result<Product> {
        Ok(Product {
            id: r.get(0)?,
            seller_id: r.get(1)?,
            product_type: r.get(2)?,
            name: r.get(3)?,
            description: r.get(4)?,
            price: r.get(5)?,
            delivery_days: r.get(6)?,
            inventory_quantity: r.get(7)?,
            weight: r.get(8)?,
            length: r.get(9)?,
            width: r.get(10)?,
            height: r.get(11)?,
            color: r.get(12)?,
            relative_size: r.get(13)?,
            rating: r.get(14)?,
            seller_rating: r.get(15)?,
        })
    }
}

/// The product with this id, if any.
pub(super) fn find_product(db: &Connection, id: i64) -> Result<Option<Product>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {PRODUCT_FIELDS} FROM amazon.products WHERE id = ?1"
        ))?
        .query_row([id], Product::read)
        .optional()?)
}

/// The product with this id, or 409 `The product with id X does not exist.`
pub(super) fn product(db: &Connection, id: i64) -> Result<Product, ApiError> {
    find_product(db, id)?.ok_or_else(|| ApiError::not_found_id("product", id))
}

/// The `user` field of reviews, questions and answers: `{name, email}` of an amazon user, or
/// `null` when the account is gone (AppWorld fails there; see `deliberate.txt`).
pub(super) fn user_ref(db: &Connection, user_id: i64) -> Result<Value, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT first_name || ' ' || last_name, email FROM amazon.users WHERE id = ?1",
        )?
        .query_row([user_id], |r| {
            Ok(json!({"name": r.get::<_, String>(0)?, "email": r.get::<_, String>(1)?}))
        })
        .optional()?
        .unwrap_or(Value::Null))
}

/// The caller's full name and e-mail address.
pub(super) fn me(ctx: &Ctx) -> Result<(i64, String, String), ApiError> {
    let id = ctx.user()?.id;
    let (name, email) = ctx
        .db
        .prepare_cached(
            "SELECT first_name || ' ' || last_name, email FROM amazon.users WHERE id = ?1",
        )?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok((id, name, email))
}

/// The id of the account `user_email` names (a list filter), or AppWorld's 409 whose message
/// is a list. `None` when the filter is not given.
pub(super) fn user_email_filter(ctx: &Ctx, a: &Args) -> Result<Option<i64>, ApiError> {
    let Some(email) = a.opt_str("user_email") else {
        return Ok(None);
    };
    ctx.db
        .prepare_cached("SELECT id FROM amazon.users WHERE email = ?1")?
        .query_row([email], |r| r.get(0))
        .optional()?
        .map(Some)
        .ok_or_else(|| ApiError::not_found_key("user", "email", email))
}

/// The owner (`user_id`) of row `id` of `table`: 409 `The <thing> with id X does not exist.`
/// when there is none, 422 `The given <thing> does not belong to you...` when it is not the
/// caller's.
pub(super) fn check_owner(ctx: &Ctx, table: &str, thing: &str, id: i64) -> Result<(), ApiError> {
    let owner: i64 = ctx
        .db
        .prepare_cached(&format!(
            "SELECT user_id FROM amazon.\"{table}\" WHERE id = ?1"
        ))?
        .query_row([id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id(thing, id))?;
    if owner != ctx.user()?.id {
        return Err(ApiError::not_owner(thing));
    }
    Ok(())
}

/// Has `user_id` an order with `product_id` in it (what makes a review or answer verified)?
pub(super) fn has_ordered(
    db: &Connection,
    user_id: i64,
    product_id: i64,
) -> Result<bool, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT 1 FROM amazon.orders AS o JOIN amazon.order_items AS oi ON oi.order_id = o.id \
             WHERE o.user_id = ?1 AND oi.product_id = ?2 LIMIT 1",
        )?
        .exists(params![user_id, product_id])?)
}

/// Python's `str()` of a float (`135.0`, `148.99`), as messages and receipts print amounts.
pub(super) fn py_float(x: f64) -> String {
    sim::api::params::py_float(x)
}

/// A stored datetime in the response form (`YYYY-MM-DDTHH:MM:SS`), `null` when absent.
pub(super) fn datetime(v: Option<String>) -> Value {
    v.map(|s| Value::String(sim::clock::normalize_datetime(s)))
        .unwrap_or(Value::Null)
}

/// The date part (`YYYY-MM-DD`) of a stored datetime.
pub(super) fn date_part(v: &Value) -> String {
    let s = v.as_str().unwrap_or_default();
    s.get(..10).unwrap_or(s).to_string()
}

/// Recomputes `product_id`'s rating (the mean of its reviews, Python-rounded to one digit;
/// 0.0 without reviews) and its seller's (the mean over the seller's products rated above
/// zero, the product just changed counted whatever its rating, as AppWorld does), and copies
/// the seller's rating onto every product of the seller.
pub(super) fn refresh_ratings(db: &Connection, product_id: i64) -> Result<(), ApiError> {
    let Some(product) = find_product(db, product_id)? else {
        return Ok(());
    };
    let ratings: Vec<i64> = db
        .prepare_cached(
            "SELECT rating FROM amazon.product_reviews WHERE product_id = ?1 ORDER BY id",
        )?
        .query_map([product_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let rating = if ratings.is_empty() {
        0.0
    } else {
        let sum: i64 = ratings.iter().sum();
        sim::num::py_round(sum as f64 / ratings.len() as f64, 1)
    };
    db.prepare_cached("UPDATE amazon.products SET rating = ?1 WHERE id = ?2 AND rating IS NOT ?1")?
        .execute(params![rating, product_id])?;
    let counted: Vec<f64> = db
        .prepare_cached(
            "SELECT rating FROM amazon.products WHERE seller_id = ?1 AND (rating > 0 OR id = ?2) ORDER BY id",
        )?
        .query_map(params![product.seller_id, product_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let seller_rating = if counted.is_empty() {
        0.0
    } else {
        let sum: f64 = counted.iter().sum();
        sim::num::py_round(sum / counted.len() as f64, 1)
    };
    // Only rows whose value changes are written (each product write also refreshes its
    // search row).
    db.prepare_cached("UPDATE amazon.sellers SET rating = ?1 WHERE id = ?2 AND rating IS NOT ?1")?
        .execute(params![seller_rating, product.seller_id])?;
    db.prepare_cached(
        "UPDATE amazon.products SET seller_rating = ?1 WHERE seller_id = ?2 AND seller_rating IS NOT ?1",
    )?
    .execute(params![seller_rating, product.seller_id])?;
    Ok(())
}
