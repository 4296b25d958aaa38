//! Returns: started for units of an ordered product (checks in AppWorld's order: the order, the
//! product, the deliverer, the product in the order, the units not yet returned), with a
//! 10-character confirmation code from the random stream and a label e-mailed as a file. The
//! refund amount is shown only; no money moves and the stock is not refilled.

use super::orders::owned_order;
use super::store::{check_owner, date_part, datetime, me, product};
use crate::common::notify;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{paginate, parse_sort, sort_rows};
use sim::api::{ApiError, Args, Ctx};

/// A return with what its response shows.
struct Return {
    id: i64,
    user_id: i64,
    order_id: i64,
    product_id: i64,
    product_name: Option<String>,
    quantity: i64,
    deliverer_id: i64,
    deliverer_name: Option<String>,
    price: Option<f64>,
    initiated_at: Value,
    returned_at: Value,
    confirmation_code: String,
}

const RETURN_SELECT: &str = "SELECT r.id, r.user_id, r.order_id, r.product_id, p.name, r.quantity, r.deliverer_id, d.name, \
     oi.price, r.initiated_at, r.returned_at, r.confirmation_code FROM amazon.product_returns AS r \
     LEFT JOIN amazon.products AS p ON p.id = r.product_id \
     LEFT JOIN amazon.deliverers AS d ON d.id = r.deliverer_id \
     LEFT JOIN amazon.order_items AS oi ON oi.order_id = r.order_id AND oi.product_id = r.product_id";

impl Return {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Return> {
        Ok(Return {
            id: r.get(0)?,
            user_id: r.get(1)?,
            order_id: r.get(2)?,
            product_id: r.get(3)?,
            product_name: r.get(4)?,
            quantity: r.get(5)?,
            deliverer_id: r.get(6)?,
            deliverer_name: r.get(7)?,
            price: r.get(8)?,
            initiated_at: datetime(r.get(9)?),
            returned_at: datetime(r.get(10)?),
            confirmation_code: r.get(11)?,
        })
    }

    fn field(&self, f: &str) -> Value {
        match f {
            "quantity" => json!(self.quantity),
            "initiated_at" => self.initiated_at.clone(),
            "returned_at" => self.returned_at.clone(),
            _ => Value::Null,
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "return_id": self.id,
            "order_id": self.order_id,
            "product_id": self.product_id,
            "product_name": self.product_name,
            "quantity": self.quantity,
            "deliverer_id": self.deliverer_id,
            "deliverer_name": self.deliverer_name,
            "refund_amount": self.price.map(|p| sim::num::round2(p * self.quantity as f64)),
            "initiated_at": self.initiated_at,
            "returned_at": self.returned_at,
            "confirmation_code": self.confirmation_code,
        })
    }
}

pub(super) fn show_returns(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let order = a.value("order_id").as_i64();
    if let Some(id) = order {
        owned_order(ctx, id)?;
    }
    let key = parse_sort(
        a.opt_str("sort_by"),
        &["quantity", "initiated_at", "returned_at"],
    )?;
    let mut rows: Vec<Return> = ctx
        .db
        .prepare_cached(&format!(
            "{RETURN_SELECT} WHERE r.user_id = ?1 AND (?2 IS NULL OR r.order_id = ?2) ORDER BY r.id"
        ))?
        .query_map(params![uid, order], Return::read)?
        .collect::<Result<_, _>>()?;
    if let Some(key) = &key {
        sort_rows(&mut rows, key, Return::field);
    }
    Ok(Value::Array(
        paginate(rows, a.int("page_index"), a.int("page_limit"))
            .iter()
            .map(Return::to_json)
            .collect(),
    ))
}

pub(super) fn show_return(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("return_id");
    check_owner(ctx, "product_returns", "return", id)?;
    let ret = ctx
        .db
        .prepare_cached(&format!("{RETURN_SELECT} WHERE r.id = ?1"))?
        .query_row([id], Return::read)?;
    debug_assert_eq!(ret.user_id, ctx.user()?.id);
    Ok(ret.to_json())
}

pub(super) fn show_return_deliverers(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let rows: Vec<Value> = ctx
        .db
        .prepare_cached("SELECT id, name FROM amazon.deliverers ORDER BY id")?
        .query_map([], |r| {
            Ok(json!({"deliverer_id": r.get::<_, i64>(0)?, "name": r.get::<_, String>(1)?}))
        })?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(rows))
}

pub(super) fn initiate_return(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (uid, name, email) = me(ctx)?;
    let order = owned_order(ctx, a.int("order_id"))?;
    let p = product(ctx.db, a.int("product_id"))?;
    let deliverer_id = a.int("deliverer_id");
    let deliverer: String = ctx
        .db
        .prepare_cached("SELECT name FROM amazon.deliverers WHERE id = ?1")?
        .query_row([deliverer_id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("deliverer", deliverer_id))?;
    let Some(item) = order.items.iter().find(|i| i.product_id == p.id) else {
        return Err(ApiError::unprocessable(
            "The provided product was not part of the provided order, so cannot return it.",
        ));
    };
    let quantity = a.int("quantity");
    let left = item.ordered_quantity - item.returned_quantity;
    if quantity > left {
        return Err(ApiError::unprocessable(format!(
            "You ordered {} quantity of {} out of which you've returned {} in the past, so you can only return {left} more.",
            item.ordered_quantity, p.name, item.returned_quantity
        )));
    }
    let code = ctx.rng(|r| r.unique_id(10))?;
    let now = sim::clock::fmt_datetime(ctx.now);
    let return_id = super::rows::NewReturn {
        user_id: uid,
        order_id: order.id,
        product_id: p.id,
        deliverer_id,
        quantity,
        initiated_at: &now,
        returned_at: None,
        confirmation_code: &code,
    }
    .insert(ctx.db)?;
    ctx.db
        .prepare_cached(
            "UPDATE amazon.order_items SET returned_quantity = returned_quantity + ?1 WHERE order_id = ?2 AND product_id = ?3",
        )?
        .execute(params![quantity, order.id, p.id])?;
    let label = format!(
        "\nReturn from Order: #{}\nReturn Product: {}\nReturn Quantity: {quantity}\nReturn Date: {}\nReturn By: {name}\nReturn Confirmation Code: {code}\n",
        order.id,
        p.name,
        date_part(&Value::String(now.clone()))
    );
    let body = format!(
        "\nHello {name},\n\nThis is a confirmation that your return request for the following has been initiated.\n\n\
         -> {quantity} quantity of {} from order #{}\n\n\
         Please find the return label attached herewith. You must print it and attach it to the package.\n\
         The package must be dropped off at the nearest {deliverer} location.\n\
         We will refund you the amount of the returned product(s) in your gift card balance.\n\nBest,\nAmazon Team\n",
        p.name, order.id
    );
    notify::email_from_company_with_files(
        ctx,
        &email,
        "Amazon Return Confirmation and Label",
        &body,
        &[(
            &format!("return_{}_{}_{quantity}.txt", order.id, p.id),
            &label,
        )],
    )?;
    Ok(json!({
        "message": "Initiated a new product return. The return label has been emailed to you.",
        "return_id": return_id,
    }))
}
