//! Orders: placing one (checks in AppWorld's order: card, address, a non-empty cart, the
//! promo, the stock, the card's balance), the order list and search, one order, its receipt
//! (e-mailed when placed, downloadable into the file system), and the card deletion that
//! leaves past orders without a card id.

use super::cart::{cart_view, check_promo, check_stock};
use super::lists::CART;
use super::prime::LOW_BALANCE;
use super::rows::{NewOrder, NewOrderItem, Users};
use super::store::{check_owner, date_part, datetime, me, py_float};
use crate::common::bank;
use crate::common::pytext::{pluralize, singularize};
use crate::common::{cards, files, notify};
use chrono::Duration;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, SortKey, fts_query, parse_sort};
use sim::api::{ApiError, Args, Ctx};
use sim::num::{fmt_2f, round2};

/// An order item.
pub(super) struct Item {
    pub product_id: i64,
    pub ordered_quantity: i64,
    pub returned_quantity: i64,
    pub gift_wrap_quantity: i64,
    pub price: f64,
    pub expected_delivery_at: Value,
    pub delivered_at: Value,
    /// The product's name and type (absent for a product that no longer exists).
    pub product: Option<(String, String)>,
}

/// An order with its items.
pub(super) struct Order {
    pub id: i64,
    pub user_id: i64,
    address_id: Option<i64>,
    payment_card_id: Option<i64>,
    tax: f64,
    delivery_fee: f64,
    gift_wrap_fee: f64,
    discount: f64,
    created_at: Value,
    address_text: String,
    digits: String,
    pub items: Vec<Item>,
}

const ORDER_FIELDS: &str = "id, user_id, address_id, payment_card_id, tax, delivery_fee, gift_wrap_fee, discount, \
     created_at, address_text, payment_card_digits";

impl Order {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Order> {
        Ok(Order {
            id: r.get(0)?,
            user_id: r.get(1)?,
            address_id: r.get(2)?,
            payment_card_id: r.get(3)?,
            tax: r.get(4)?,
            delivery_fee: r.get(5)?,
            gift_wrap_fee: r.get(6)?,
            discount: r.get(7)?,
            created_at: datetime(r.get(8)?),
            address_text: r.get(9)?,
            digits: r.get(10)?,
            items: Vec::new(),
        })
    }

    fn load_items(&mut self, db: &Connection) -> Result<(), ApiError> {
        self.items = db
            .prepare_cached(
                "SELECT oi.product_id, oi.ordered_quantity, oi.returned_quantity, oi.gift_wrap_quantity, oi.price, \
                 oi.expected_delivery_at, oi.delivered_at, p.name, p.product_type \
                 FROM amazon.order_items AS oi LEFT JOIN amazon.products AS p ON p.id = oi.product_id \
                 WHERE oi.order_id = ?1 ORDER BY oi.id",
            )?
            .query_map([self.id], |r| {
                let name: Option<String> = r.get(7)?;
                let kind: Option<String> = r.get(8)?;
                Ok(Item {
                    product_id: r.get(0)?,
                    ordered_quantity: r.get(1)?,
                    returned_quantity: r.get(2)?,
                    gift_wrap_quantity: r.get(3)?,
                    price: r.get(4)?,
                    expected_delivery_at: datetime(r.get(5)?),
                    delivered_at: datetime(r.get(6)?),
                    product: name.zip(kind),
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(())
    }

    /// `1 headphone, 2 coffee makers`: each item's quantity and product type.
    fn name(&self) -> String {
        self.items
            .iter()
            .filter_map(|i| {
                let (_, kind) = i.product.as_ref()?;
                let kind = if i.ordered_quantity == 1 {
                    singularize(kind)
                } else {
                    pluralize(kind)
                };
                Some(format!("{} {kind}", i.ordered_quantity))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What was paid: the items at their order price plus fees and tax, less the discount.
    fn paid_amount(&self) -> f64 {
        let items: f64 = self
            .items
            .iter()
            .map(|i| i.price * i.ordered_quantity as f64)
            .sum();
        round2((items + self.tax + self.gift_wrap_fee + self.delivery_fee - self.discount).max(0.0))
    }

    fn field(&self, f: &str) -> Value {
        match f {
            "created_at" => self.created_at.clone(),
            "paid_amount" => json!(self.paid_amount()),
            _ => Value::Null,
        }
    }

    fn to_json(&self) -> Value {
        let items: Vec<Value> = self
            .items
            .iter()
            .map(|i| {
                json!({
                    "product_id": i.product_id,
                    "ordered_quantity": i.ordered_quantity,
                    "returned_quantity": i.returned_quantity,
                    "gift_wrap_quantity": i.gift_wrap_quantity,
                    "price": i.price,
                    "expected_delivery_at": i.expected_delivery_at,
                    "delivered_at": i.delivered_at,
                })
            })
            .collect();
        json!({
            "order_id": self.id,
            "address_id": self.address_id,
            "payment_card_id": self.payment_card_id,
            "name": self.name(),
            "tax": self.tax,
            "delivery_fee": self.delivery_fee,
            "gift_wrap_fee": self.gift_wrap_fee,
            "discount": self.discount,
            "created_at": self.created_at,
            "address_text": self.address_text,
            "payment_card_digits": self.digits,
            "paid_amount": self.paid_amount(),
            "order_items": items,
        })
    }

    /// The receipt text (e-mailed and downloaded); `by` is the buyer's name.
    fn receipt(&self, by: &str) -> String {
        let mut s = format!(
            "\n# Receipt for Amazon Order\nOrder ID: #{}\nOrder Date: {}\nOrder By: {by}\nPayment Card: ****{}\nItems Ordered:\n",
            self.id,
            date_part(&self.created_at),
            self.digits
        );
        for i in &self.items {
            let name = i.product.as_ref().map(|p| p.0.as_str()).unwrap_or_default();
            s.push_str(&format!(
                "- {} quantity of {name}: ${}\n",
                i.ordered_quantity,
                py_float(i.price * i.ordered_quantity as f64)
            ));
        }
        s.push_str(&format!(
            "Gift Wrap Fee: ${}\nTax: ${}\nDelivery Fee: ${}\nDiscount: ${}\nTotal Payment: ${}\n",
            fmt_2f(self.gift_wrap_fee),
            fmt_2f(self.tax),
            fmt_2f(self.delivery_fee),
            fmt_2f(self.discount),
            fmt_2f(self.paid_amount())
        ));
        s
    }
}

/// The order with this id (with its items), or 409.
pub(super) fn find_order(db: &Connection, id: i64) -> Result<Order, ApiError> {
    let mut order = db
        .prepare_cached(&format!(
            "SELECT {ORDER_FIELDS} FROM amazon.orders WHERE id = ?1"
        ))?
        .query_row([id], Order::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("order", id))?;
    order.load_items(db)?;
    Ok(order)
}

/// The caller's order with this id: 409 if it does not exist, 422 if it is someone else's.
pub(super) fn owned_order(ctx: &Ctx, id: i64) -> Result<Order, ApiError> {
    let order = find_order(ctx.db, id)?;
    if order.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner("order"));
    }
    Ok(order)
}

pub(super) fn show_orders(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let key = parse_sort(a.opt_str("sort_by"), &["paid_amount", "created_at"])?;
    let mut rows: Vec<Order> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {ORDER_FIELDS} FROM amazon.orders WHERE user_id = ?1 ORDER BY id"
        ))?
        .query_map([uid], Order::read)?
        .collect::<Result<_, _>>()?;
    for o in &mut rows {
        o.load_items(ctx.db)?;
    }
    let newest_first = SortKey {
        field: "created_at".into(),
        descending: true,
    };
    let query = a.str("query");
    let page = SearchPage {
        query: fts_query(query).map(|_| query),
        sort_all: Some(key.as_ref().unwrap_or(&newest_first)),
        sort_page: key.as_ref(),
        index: a.int("page_index"),
        limit: a.int("page_limit"),
    }
    .apply(ctx, "amazon", "orders_fts", rows, |o| o.id, Order::field)?;
    Ok(Value::Array(page.iter().map(Order::to_json).collect()))
}

/// The receipt of order `id` as `download_order_receipt` writes it (for seeds that put
/// downloaded receipts in people's file systems), or 409.
pub(crate) fn receipt_text(db: &Connection, id: i64) -> Result<String, ApiError> {
    let order = find_order(db, id)?;
    let by: String = db
        .prepare_cached(
            "SELECT u.first_name || ' ' || u.last_name FROM amazon.users u JOIN amazon.orders o ON o.user_id = u.id WHERE o.id = ?1",
        )?
        .query_row([id], |r| r.get(0))?;
    Ok(order.receipt(&by))
}

pub(super) fn show_order(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(owned_order(ctx, a.int("order_id"))?.to_json())
}

pub(super) fn download_order_receipt(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let order = owned_order(ctx, a.int("order_id"))?;
    let (_, name, _) = me(ctx)?;
    let answer = files::save_receipt(
        ctx.db,
        a,
        format!("~/downloads/amazon_order_{}.txt", order.id),
        &order.receipt(&name),
        ctx.now,
    )?;
    ctx.db
        .prepare_cached(
            "UPDATE amazon.orders SET receipt_download_count = receipt_download_count + 1 WHERE id = ?1",
        )?
        .execute([order.id])?;
    Ok(answer)
}

/// The address text an order keeps: the address's lines joined by newlines.
fn address_text(ctx: &Ctx, id: i64) -> Result<String, ApiError> {
    check_owner(ctx, "addresses", "address", id)?;
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT street_address, city, state, country, zip_code FROM amazon.addresses WHERE id = ?1",
        )?
        .query_row([id], |r| {
            Ok(format!(
                "{}\n{}\n{}\n{}\n{}",
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, i64>(4)?
            ))
        })?)
}

pub(super) fn place_order(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (uid, name, email) = me(ctx)?;
    let card = cards::owned_card(ctx, a.int("payment_card_id"))?;
    let address_id = a.int("address_id");
    let address_text = address_text(ctx, address_id)?;
    let view = cart_view(ctx.db, uid, ctx.now)?;
    if view.items.is_empty() {
        return Err(ApiError::unprocessable(
            "The cart is empty, so can't place the order.",
        ));
    }
    check_promo(&view)?;
    check_stock(&view)?;
    bank::debit(ctx.db, card.details(), view.total_cost, ctx.now, || {
        ApiError::unprocessable(LOW_BALANCE)
    })?;
    let order_id = NewOrder {
        user_id: uid,
        address_id: Some(address_id),
        tax: view.tax,
        delivery_fee: view.delivery_fee,
        gift_wrap_fee: view.gift_wrap_fee,
        discount: view.discount,
        payment_card_id: Some(card.id),
        created_at: &sim::clock::fmt_datetime(ctx.now),
        address_text: &address_text,
        payment_card_digits: &card.last4(),
    }
    .insert(ctx.db)?;
    let midnight = ctx.now.date().and_hms_opt(0, 0, 0).unwrap_or(ctx.now);
    for item in &view.items {
        // Delivered some evening (17:00 to 20:00) `delivery_days` days from now.
        let seconds = ctx.rng(|r| r.randrange(17 * 3600, 20 * 3600 + 1))?;
        let expected = Duration::try_days(item.product.delivery_days)
            .and_then(|d| midnight.checked_add_signed(d + Duration::seconds(seconds)))
            .unwrap_or(midnight);
        NewOrderItem {
            order_id,
            product_id: item.product.id,
            ordered_quantity: item.quantity,
            returned_quantity: 0,
            gift_wrap_quantity: item.gift_wrap_quantity,
            price: item.product.price,
            expected_delivery_at: &sim::clock::fmt_datetime(expected),
            delivered_at: None,
        }
        .insert(ctx.db)?;
        ctx.db
            .prepare_cached(
                "UPDATE amazon.products SET inventory_quantity = inventory_quantity - ?1 WHERE id = ?2",
            )?
            .execute(params![item.quantity, item.product.id])?;
    }
    CART.clear(ctx.db, uid)?;
    Users::clear_cart_promo_code(ctx.db, uid)?;
    let order = find_order(ctx.db, order_id)?;
    let lines: String = order
        .items
        .iter()
        .map(|i| {
            format!(
                "- {} quantity of {}\n",
                i.ordered_quantity,
                i.product.as_ref().map(|p| p.0.as_str()).unwrap_or_default()
            )
        })
        .collect();
    let body = format!(
        "\nHello {name},\n\nThank you for shopping with us.\nThis is a confirmation that your order has been placed and is on its way.\n\
         Your order number is #{order_id}.\n\nIt contains the following items.\n{lines}\n\
         You can find the receipt attached to this email.\n\nBest,\nAmazon Team\n"
    );
    notify::email_from_company_with_files(
        ctx,
        &email,
        "Amazon Order Confirmation",
        &body,
        &[(&format!("order_{order_id}.txt"), &order.receipt(&name))],
    )?;
    Ok(json!({
        "message": format!(
            "Successfully placed the order. Debitted total amount of {} from your card.",
            py_float(view.total_cost)
        ),
        "order_id": order_id,
    }))
}

/// Amazon's `delete_payment_card`: as the shared one, and past orders paid with the card keep
/// its last digits but no card id.
pub(super) fn delete_payment_card(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let card = cards::owned_card(ctx, a.int("payment_card_id"))?;
    ctx.db
        .prepare_cached(
            "UPDATE amazon.orders SET payment_card_id = NULL WHERE payment_card_id = ?1",
        )?
        .execute([card.id])?;
    ctx.db
        .prepare_cached("DELETE FROM amazon.payment_cards WHERE id = ?1")?
        .execute([card.id])?;
    Ok(json!({"message": "Deleted payment card from your account."}))
}
