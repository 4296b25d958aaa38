//! The cart's contents and money (what `show_cart` shows and `place_order` charges), gift
//! wrapping and promo codes. AppWorld's rules: tax is 10 % of the items' cost, gift wrap $5 a
//! wrapped unit, delivery $5 unless the user is a Prime member; a percent promo takes that share
//! of the items' cost, a flat one its amount, and only while the cart reaches the promo's
//! minimum (the code stays on the cart otherwise, shown as not valid); the total is never below
//! zero. Every amount is Python-rounded to cents.

use super::lists::CART;
use super::rows::Users;
use super::store::{Product, product, py_float};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};
use sim::num::round2;

/// Gift wrap fee per wrapped unit.
const GIFT_WRAP_FEE: f64 = 5.0;
/// Delivery fee for users without Prime.
const DELIVERY_FEE: f64 = 5.0;
/// Tax rate on the items' cost.
const TAX_RATE: f64 = 0.1;

/// One cart entry with its product.
pub(super) struct CartItem {
    pub product: Product,
    pub quantity: i64,
    pub gift_wrap_quantity: i64,
}

/// A promo code row.
pub(super) struct Promo {
    pub kind: String,
    pub min_amount: f64,
    pub discount: f64,
}

/// The cart of a user with everything it costs.
pub(super) struct CartView {
    pub items: Vec<CartItem>,
    pub base_cost: f64,
    pub tax: f64,
    pub gift_wrap_fee: f64,
    pub delivery_fee: f64,
    pub discount: f64,
    pub total_cost: f64,
    /// The code applied to the cart, valid or not.
    pub promo_code: Option<String>,
    /// The applied code exists and the cart reaches its minimum.
    pub promo_valid: bool,
    /// The applied code's row, if it exists.
    pub promo: Option<Promo>,
}

/// The promo with this exact code.
fn find_promo(db: &Connection, code: &str) -> Result<Option<Promo>, ApiError> {
    Ok(db
        .prepare_cached("SELECT type, min_amount, discount FROM amazon.promos WHERE code = ?1")?
        .query_row([code], |r| {
            Ok(Promo {
                kind: r.get::<_, Option<String>>(0)?.unwrap_or_default(),
                min_amount: r.get(1)?,
                discount: r.get(2)?,
            })
        })
        .optional()?)
}

/// The code applied to `user_id`'s cart.
fn applied_code(db: &Connection, user_id: i64) -> Result<Option<String>, ApiError> {
    Ok(db
        .prepare_cached("SELECT cart_promo_code FROM amazon.users WHERE id = ?1")?
        .query_row([user_id], |r| r.get(0))
        .optional()?
        .flatten())
}

/// The cart's items in product order.
fn items(db: &Connection, user_id: i64) -> Result<Vec<CartItem>, ApiError> {
    let entries: Vec<(i64, i64, i64)> = db
        .prepare_cached(
            "SELECT product_id, quantity, gift_wrap_quantity FROM amazon.cart_entries WHERE user_id = ?1 ORDER BY product_id",
        )?
        .query_map([user_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(entries.len());
    for (product_id, quantity, gift_wrap_quantity) in entries {
        if let Some(product) = super::store::find_product(db, product_id)? {
            out.push(CartItem {
                product,
                quantity,
                gift_wrap_quantity,
            });
        }
    }
    Ok(out)
}

/// The items' cost as AppWorld's messages print it: `0` for an empty cart (Python's `sum` of
/// nothing), otherwise the float.
fn cost_text(view: &CartView) -> String {
    if view.items.is_empty() {
        "0".into()
    } else {
        py_float(view.base_cost)
    }
}

/// The cart of `user_id` and what it costs at `now`.
pub(super) fn cart_view(
    db: &Connection,
    user_id: i64,
    now: chrono::NaiveDateTime,
) -> Result<CartView, ApiError> {
    let items = items(db, user_id)?;
    let base_cost = round2(
        items
            .iter()
            .map(|i| i.product.price * i.quantity as f64)
            .sum::<f64>(),
    );
    let tax = round2(base_cost * TAX_RATE);
    let gift_wrap_fee =
        round2(GIFT_WRAP_FEE * items.iter().map(|i| i.gift_wrap_quantity).sum::<i64>() as f64);
    let delivery_fee = if super::prime::is_prime(db, user_id, now)? {
        0.0
    } else {
        DELIVERY_FEE
    };
    let promo_code = applied_code(db, user_id)?;
    let promo = match &promo_code {
        Some(code) => find_promo(db, code)?,
        None => None,
    };
    let promo_valid = promo.as_ref().is_some_and(|p| base_cost >= p.min_amount);
    let discount = match (&promo, promo_valid) {
        (Some(p), true) if p.kind == "flat" => round2(p.discount),
        (Some(p), true) => round2(base_cost * p.discount / 100.0),
        _ => 0.0,
    };
    let total_cost = round2((base_cost + tax + gift_wrap_fee + delivery_fee - discount).max(0.0));
    Ok(CartView {
        items,
        base_cost,
        tax,
        gift_wrap_fee,
        delivery_fee,
        discount,
        total_cost,
        promo_code,
        promo_valid,
        promo,
    })
}

/// 422 unless the applied promo (if any) is usable for this cart: it must still exist and the
/// cart must reach its minimum.
pub(super) fn check_promo(view: &CartView) -> Result<(), ApiError> {
    if view.promo_code.is_none() {
        return Ok(());
    }
    let Some(promo) = &view.promo else {
        return Err(ApiError::unprocessable(
            "The promo code applied to your cart is no longer valid.",
        ));
    };
    if view.base_cost < promo.min_amount {
        return Err(min_amount_error(promo, view));
    }
    Ok(())
}

fn min_amount_error(promo: &Promo, view: &CartView) -> ApiError {
    ApiError::unprocessable(format!(
        "The minimum cart amount for this promo code is ${} but your cart has ${}. Add more items to qualify for this promo code.",
        py_float(promo.min_amount),
        cost_text(view)
    ))
}

pub(super) fn show_cart(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let v = cart_view(ctx.db, ctx.user()?.id, ctx.now)?;
    let items: Vec<Value> = v
        .items
        .iter()
        .map(|i| {
            json!({
                "product_id": i.product.id,
                "product_name": i.product.name,
                "delivery_days": i.product.delivery_days,
                "quantity": i.quantity,
                "price": i.product.price,
                "gift_wrap_quantity": i.gift_wrap_quantity,
            })
        })
        .collect();
    Ok(json!({
        "delivery_fee": v.delivery_fee,
        "base_cost": v.base_cost,
        "tax": v.tax,
        "gift_wrap_fee": v.gift_wrap_fee,
        "discount": v.discount,
        "total_cost": v.total_cost,
        "promo_code": v.promo_code,
        "promo_valid": v.promo_valid,
        "cart_items": items,
    }))
}

pub(super) fn clear_cart(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    CART.clear_handler(ctx)
}

pub(super) fn add_product_to_cart(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    CART.add_handler(ctx, a, "clear_cart_first")
}

pub(super) fn delete_product_from_cart(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    CART.delete_handler(ctx, a)
}

pub(super) fn update_product_quantity_in_cart(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    CART.update_handler(ctx, a)
}

pub(super) fn apply_promo_code_to_cart(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let code = a.str("promo_code");
    let Some(promo) = find_promo(ctx.db, code)? else {
        return Err(ApiError::unprocessable("The promo code is not valid."));
    };
    if applied_code(ctx.db, uid)?.as_deref() == Some(code) {
        return Err(ApiError::unprocessable(
            "This promo code is already applied to your cart.",
        ));
    }
    let view = cart_view(ctx.db, uid, ctx.now)?;
    if view.base_cost < promo.min_amount {
        return Err(min_amount_error(&promo, &view));
    }
    ctx.db
        .prepare_cached("UPDATE amazon.users SET cart_promo_code = ?1 WHERE id = ?2")?
        .execute(params![code, uid])?;
    Ok(json!({"message": "Promo code applied to your cart."}))
}

pub(super) fn remove_promo_code_from_cart(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    if applied_code(ctx.db, uid)?.is_none() {
        return Err(ApiError::unprocessable(
            "No promo code is found to have been applied to your cart.",
        ));
    }
    Users::clear_cart_promo_code(ctx.db, uid)?;
    Ok(json!({"message": "Removed the promo code from your cart."}))
}

/// Sets the gift-wrapped quantity of a product in the caller's cart; returns the product's
/// quantity in the cart.
fn set_gift_wrap(ctx: &Ctx, a: &Args, wrapped: Option<i64>) -> Result<(i64, i64), ApiError> {
    let uid = ctx.user()?.id;
    let p = product(ctx.db, a.int("product_id"))?;
    let Some(have) = CART.entry(ctx.db, uid, p.id).quantity()? else {
        return Err(ApiError::unprocessable(
            "The product is not present in the cart.",
        ));
    };
    let wrapped = wrapped.unwrap_or(0);
    if wrapped > have {
        return Err(ApiError::unprocessable(format!(
            "The cart only has {have} of this product, so can't gift wrap {wrapped} item/s."
        )));
    }
    ctx.db
        .prepare_cached(
            "UPDATE amazon.cart_entries SET gift_wrap_quantity = ?3 WHERE user_id = ?1 AND product_id = ?2",
        )?
        .execute(params![uid, p.id, wrapped])?;
    Ok((wrapped, have))
}

pub(super) fn add_gift_wrapping_to_product(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (wrapped, have) = set_gift_wrap(ctx, a, Some(a.int("quantity")))?;
    Ok(json!({"message": format!(
        "{wrapped}/{have} quantity of this product in your cart has been marked for gift wrapping."
    )}))
}

pub(super) fn remove_gift_wrapping_from_product(
    ctx: &mut Ctx,
    a: &Args,
) -> Result<Value, ApiError> {
    let (_, have) = set_gift_wrap(ctx, a, None)?;
    // AppWorld's wording (it names the cart quantity, though nothing is wrapped any more).
    Ok(json!({"message": format!(
        "{have} quantity of this product in your cart has been marked for gift wrapping."
    )}))
}

/// Checks that the inventory holds every item of the cart (the order's check).
pub(super) fn check_stock(view: &CartView) -> Result<(), ApiError> {
    for i in &view.items {
        if i.quantity > i.product.inventory_quantity {
            return Err(ApiError::unprocessable(format!(
                "Product {} only has {} quantity in the inventory. Cannot place the order. Please update the quantity in the cart.",
                i.product.name, i.product.inventory_quantity
            )));
        }
    }
    Ok(())
}
