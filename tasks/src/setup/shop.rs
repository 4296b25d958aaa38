//! Setup helpers for amazon: designed catalog products, orders (with their items and returns),
//! saved cards (an expired one, say), the cart, the wish list, reviews, deliveries and Prime
//! history a task starts from. The rows and their SQL are amazon's and the supervisor's
//! (`apps::amazon::rows`, `apps::supervisor::rows`).

use super::Setup;
use super::money::Card;
use apps::amazon::rows::{
    Addresses, NewOrder, NewOrderItem, NewReturn, NewReview, OrderItems, PaymentCards,
    PrimeSubscriptions, ProductList, Products, Sellers, Users,
};
use apps::people::Person;
use apps::supervisor::rows::Supervisors;
use chrono::NaiveDateTime;
use sim::clock::fmt_datetime;
use sim::num::round2;

/// A product a task adds to the catalog: (product type, name, colour, relative size, price,
/// units in stock). Products sharing a name are variations of each other.
pub type NewProduct<'a> = (&'a str, &'a str, &'a str, &'a str, f64, i64);

/// One line of an order a task adds: (product id, units ordered, price per unit, units already
/// returned, units gift wrapped, delivered).
pub type OrderLine = (i64, i64, f64, i64, i64, bool);

impl Setup<'_> {
    /// Adds a product to the amazon catalog (sold by seller `seller_id`, no reviews yet);
    /// marks every product of the same name as having variations; returns its id.
    pub fn add_amazon_product(&self, p: NewProduct, seller_id: i64) -> rusqlite::Result<i64> {
        let (product_type, name, color, size, price, stock) = p;
        let seller_rating = Sellers::rating(self.db, seller_id)?.unwrap_or(0.0);
        let description = format!(
            "The {} is a {} from {}, made for everyday use.",
            name,
            product_type,
            name.split(' ').next().unwrap_or("us")
        );
        let id = apps::amazon::rows::NewProduct {
            id: None,
            product_type,
            name,
            description: &description,
            seller_id,
            price,
            delivery_days: 3,
            inventory_quantity: stock,
            weight: 1.5,
            length: 10.0,
            width: 8.0,
            height: 4.0,
            color: Some(color),
            relative_size: Some(size),
            rating: 0.0,
            seller_rating,
            has_variations: false,
        }
        .insert(self.db)?;
        Products::refresh_has_variations(self.db, name)?;
        Ok(id)
    }

    /// Saves a payment card for `person` in amazon, in the bank (with `balance`) and, when the
    /// person is the supervisor, in the supervisor app; returns the amazon card id. Card numbers
    /// must be new to the world.
    pub fn add_amazon_card(
        &self,
        person: &Person,
        card: Card,
        balance: f64,
    ) -> rusqlite::Result<i64> {
        let id = self.save_card("amazon", person, card, balance)?;
        if Supervisors::has_email(self.db, &person.email)? {
            let owner = format!("{} {}", person.first_name, person.last_name);
            apps::supervisor::rows::NewCard::from(card.face(&owner)).insert(self.db)?;
        }
        Ok(id)
    }

    /// An amazon order of `person`, shipped to their saved address named `address` and paid
    /// with their first saved card (or the card with id `card_id`), at `at`: tax 10 % of the
    /// items, `delivery_fee`, $5 per wrapped unit, less `discount`. Delivered lines arrive the
    /// next day; returned units get a return row (UPS, picked up two days after delivery).
    /// Returns the order id.
    #[allow(clippy::too_many_arguments)]
    pub fn add_amazon_order(
        &self,
        person: &Person,
        address: &str,
        card_id: Option<i64>,
        lines: &[OrderLine],
        delivery_fee: f64,
        discount: f64,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let uid = self.user_id("amazon", person)?;
        let (address_id, address_text) = Addresses::id_and_text(self.db, uid, address)?;
        let (card_id, number) = PaymentCards::id_and_number(self.db, uid, card_id)?;
        let base: f64 = lines.iter().map(|l| l.2 * l.1 as f64).sum();
        let wrapped: i64 = lines.iter().map(|l| l.4).sum();
        let order_id = NewOrder {
            user_id: uid,
            address_id: Some(address_id),
            tax: round2(base * 0.1),
            delivery_fee,
            gift_wrap_fee: 5.0 * wrapped as f64,
            discount,
            payment_card_id: Some(card_id),
            created_at: &fmt_datetime(at),
            address_text: &address_text,
            payment_card_digits: &apps::common::bank::last4(number),
        }
        .insert(self.db)?;
        for &(product_id, quantity, price, returned, gift_wrap, delivered) in lines {
            let expected = at + chrono::Duration::days(1) + chrono::Duration::hours(6);
            let delivered = delivered.then(|| fmt_datetime(expected));
            NewOrderItem {
                order_id,
                product_id,
                ordered_quantity: quantity,
                returned_quantity: returned,
                gift_wrap_quantity: gift_wrap,
                price,
                expected_delivery_at: &fmt_datetime(expected),
                delivered_at: delivered.as_deref(),
            }
            .insert(self.db)?;
            if returned > 0 {
                let initiated = expected + chrono::Duration::days(2);
                NewReturn {
                    user_id: uid,
                    order_id,
                    product_id,
                    deliverer_id: 1,
                    quantity: returned,
                    initiated_at: &fmt_datetime(initiated),
                    returned_at: Some(&fmt_datetime(initiated + chrono::Duration::days(3))),
                    confirmation_code: &format!(
                        "{:010x}",
                        (order_id * 7919 + product_id) & 0xff_ffff_ffff
                    ),
                }
                .insert(self.db)?;
            }
        }
        Ok(order_id)
    }

    /// Replaces `person`'s amazon cart with `items` (product id, quantity) and no promo code.
    pub fn set_amazon_cart(&self, person: &Person, items: &[(i64, i64)]) -> rusqlite::Result<()> {
        let uid = self.user_id("amazon", person)?;
        ProductList::Cart.clear(self.db, uid)?;
        Users::clear_cart_promo_code(self.db, uid)?;
        for (pid, q) in items {
            ProductList::Cart.insert(self.db, uid, *pid, *q)?;
        }
        Ok(())
    }

    /// Replaces `person`'s amazon wish list with `items` (product id, quantity).
    pub fn set_amazon_wish_list(
        &self,
        person: &Person,
        items: &[(i64, i64)],
    ) -> rusqlite::Result<()> {
        let uid = self.user_id("amazon", person)?;
        ProductList::WishList.clear(self.db, uid)?;
        for (pid, q) in items {
            ProductList::WishList.insert(self.db, uid, *pid, *q)?;
        }
        Ok(())
    }

    /// A review `person` wrote of product `product_id` at `at` (verified), with the product's
    /// rating refreshed from its reviews (SQLite's rounding of their mean; the seller's rating
    /// stays as it was); returns the review id.
    pub fn add_amazon_review(
        &self,
        person: &Person,
        product_id: i64,
        rating: i64,
        title: &str,
        text: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let uid = self.user_id("amazon", person)?;
        let id = NewReview {
            product_id,
            user_id: uid,
            is_verified: true,
            rating,
            title,
            text,
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)?;
        Products::rate_from_reviews(self.db, product_id)?;
        Ok(id)
    }

    /// Makes the line of product `product_id` in order `order_id` arrive `days_late` days after
    /// its expected delivery (or not yet, with `None`); returns the lines changed.
    pub fn set_amazon_delivery(
        &self,
        order_id: i64,
        product_id: i64,
        days_late: Option<i64>,
    ) -> rusqlite::Result<usize> {
        let expected = OrderItems::expected_delivery(self.db, order_id, product_id)?;
        let delivered = days_late.map(|d| {
            fmt_datetime(
                sim::clock::parse_datetime(&expected).unwrap_or(self.now)
                    + chrono::Duration::days(d),
            )
        });
        OrderItems::set_delivered(self.db, order_id, product_id, delivered.as_deref())
    }

    /// Marks every line of `person`'s existing amazon orders as delivered when expected (or
    /// not yet), so that a task's own late deliveries are the only ones; returns the lines
    /// changed.
    pub fn deliver_amazon_orders_on_time(&self, person: &Person) -> rusqlite::Result<usize> {
        let uid = self.user_id("amazon", person)?;
        OrderItems::deliver_late_ones_on_time(self.db, uid)
    }

    /// Ends `person`'s amazon Prime history at `at` (so that a task starts without Prime):
    /// subscriptions starting later are removed, a running one ends then; returns the
    /// subscriptions changed.
    pub fn end_amazon_prime(&self, person: &Person, at: NaiveDateTime) -> rusqlite::Result<usize> {
        let uid = self.user_id("amazon", person)?;
        PrimeSubscriptions::end_at(self.db, uid, &fmt_datetime(at))
    }
}
