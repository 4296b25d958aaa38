//! amazon's rows as the handlers, the seed and task setups write them: one type per table with
//! its one INSERT (the cart and the wish list share [`ProductList`]), and the reads and updates
//! of existing rows that task setups make, on unit structs named after their tables.

use rusqlite::{Connection, OptionalExtension, params};
use sim::sql::Cached;

use crate::common::rows::table_row;

table_row! {
    /// An order (`amazon.orders`); its lines are [`NewOrderItem`]s. Its receipt has not been
    /// downloaded.
    #[derive(Debug, Clone, Copy)]
    pub struct NewOrder<'a> in "amazon.orders" {
        /// Whose.
        pub user_id: i64,
        /// The saved address it ships to, if it was one.
        pub address_id: Option<i64>,
        /// The tax.
        pub tax: f64,
        /// The delivery fee.
        pub delivery_fee: f64,
        /// The gift-wrap fee.
        pub gift_wrap_fee: f64,
        /// The promo discount.
        pub discount: f64,
        /// The saved card it was paid with, if it was one.
        pub payment_card_id: Option<i64>,
        /// When, as stored.
        pub created_at: &'a str,
        /// The address as printed.
        pub address_text: &'a str,
        /// The card's last four digits.
        pub payment_card_digits: &'a str,
    }
    fixed { receipt_download_count: "0" }
}

table_row! {
    /// A line of an order (`amazon.order_items`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewOrderItem<'a> in "amazon.order_items" {
        /// The order.
        pub order_id: i64,
        /// The product.
        pub product_id: i64,
        /// How many were ordered.
        pub ordered_quantity: i64,
        /// How many of them were returned.
        pub returned_quantity: i64,
        /// How many are gift-wrapped.
        pub gift_wrap_quantity: i64,
        /// The unit price paid.
        pub price: f64,
        /// When it is expected, as stored.
        pub expected_delivery_at: &'a str,
        /// When it was delivered, if it was.
        pub delivered_at: Option<&'a str>,
    }
}

table_row! {
    /// A return of some units of an order's product (`amazon.product_returns`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewReturn<'a> in "amazon.product_returns" {
        /// Whose.
        pub user_id: i64,
        /// The order.
        pub order_id: i64,
        /// The product.
        pub product_id: i64,
        /// Who picks it up.
        pub deliverer_id: i64,
        /// How many units.
        pub quantity: i64,
        /// When it was started, as stored.
        pub initiated_at: &'a str,
        /// When it arrived back, if it did.
        pub returned_at: Option<&'a str>,
        /// The code on its label.
        pub confirmation_code: &'a str,
    }
}

table_row! {
    /// A product review (`amazon.product_reviews`); the product's rating is the caller's to
    /// refresh.
    #[derive(Debug, Clone, Copy)]
    pub struct NewReview<'a> in "amazon.product_reviews" {
        /// The product.
        pub product_id: i64,
        /// Who wrote it.
        pub user_id: i64,
        /// Whether they bought the product.
        pub is_verified: bool,
        /// 1-5 stars.
        pub rating: i64,
        /// Its title.
        pub title: &'a str,
        /// Its text.
        pub text: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A saved address (`amazon.addresses`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewAddress<'a> in "amazon.addresses" {
        /// Whose.
        pub user_id: i64,
        /// Its name (unique per user: `Home`, `Work`, ...).
        pub name: &'a str,
        /// Street and number.
        pub street_address: &'a str,
        /// City.
        pub city: &'a str,
        /// State.
        pub state: &'a str,
        /// Country.
        pub country: &'a str,
        /// ZIP code.
        pub zip_code: i64,
    }
}

table_row! {
    /// A cart entry (`amazon.cart_entries`), none of it gift-wrapped.
    #[derive(Debug, Clone, Copy)]
    pub struct NewCartEntry in "amazon.cart_entries" {
        /// Whose cart.
        pub user_id: i64,
        /// The product.
        pub product_id: i64,
        /// How many units.
        pub quantity: i64,
    }
    fixed { gift_wrap_quantity: "0" }
}

table_row! {
    /// A wish-list entry (`amazon.wish_list_entries`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewWishListEntry in "amazon.wish_list_entries" {
        /// Whose wish list.
        pub user_id: i64,
        /// The product.
        pub product_id: i64,
        /// How many units.
        pub quantity: i64,
    }
}

/// The cart or the wish list: entries of (user, product, quantity), the cart's with a gift-wrap
/// quantity too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductList {
    /// `amazon.cart_entries`.
    Cart,
    /// `amazon.wish_list_entries`.
    WishList,
}

impl ProductList {
    /// Its table.
    pub const fn table(self) -> &'static str {
        match self {
            ProductList::Cart => "cart_entries",
            ProductList::WishList => "wish_list_entries",
        }
    }

    /// Adds a new entry of `quantity` units of `product_id` (none gift-wrapped).
    pub fn insert(
        self,
        db: &Connection,
        user_id: i64,
        product_id: i64,
        quantity: i64,
    ) -> rusqlite::Result<()> {
        match self {
            ProductList::Cart => NewCartEntry {
                user_id,
                product_id,
                quantity,
            }
            .insert(db)?,
            ProductList::WishList => NewWishListEntry {
                user_id,
                product_id,
                quantity,
            }
            .insert(db)?,
        };
        Ok(())
    }

    /// Empties `user_id`'s list; returns the entries removed.
    pub fn clear(self, db: &Connection, user_id: i64) -> rusqlite::Result<usize> {
        db.execute_cached(
            &format!("DELETE FROM amazon.{} WHERE user_id = ?1", self.table()),
            [user_id],
        )
    }
}

table_row! {
    /// A question about a product (`amazon.product_questions`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewQuestion<'a> in "amazon.product_questions" {
        /// The product.
        pub product_id: i64,
        /// Who asks.
        pub user_id: i64,
        /// The question.
        pub question: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// An answer to a product question (`amazon.product_question_answers`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewAnswer<'a> in "amazon.product_question_answers" {
        /// The question.
        pub product_question_id: i64,
        /// Who answers.
        pub user_id: i64,
        /// Whether they bought the product.
        pub is_verified: bool,
        /// The answer.
        pub answer: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A catalog product (`amazon.products`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewProduct<'a> in "amazon.products" {
        /// Its id (`None`: the next one).
        pub id: Option<i64>,
        /// The product type.
        pub product_type: &'a str,
        /// The name (products sharing one are variations of each other).
        pub name: &'a str,
        /// The description.
        pub description: &'a str,
        /// The seller.
        pub seller_id: i64,
        /// The price.
        pub price: f64,
        /// Days to deliver.
        pub delivery_days: i64,
        /// Units in stock.
        pub inventory_quantity: i64,
        /// Weight in pounds.
        pub weight: f64,
        /// Length.
        pub length: f64,
        /// Width.
        pub width: f64,
        /// Height.
        pub height: f64,
        /// The colour, if any.
        pub color: Option<&'a str>,
        /// The relative size, if any.
        pub relative_size: Option<&'a str>,
        /// The product's rating.
        pub rating: f64,
        /// Its seller's rating.
        pub seller_rating: f64,
        /// Whether other products share its name.
        pub has_variations: bool,
    }
}

table_row! {
    /// A seller (`amazon.sellers`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewSeller<'a> in "amazon.sellers" {
        /// Its id.
        pub id: i64,
        /// Its name.
        pub name: &'a str,
        /// Its rating (from its products').
        pub rating: f64,
    }
}

table_row! {
    /// A deliverer that takes returns (`amazon.deliverers`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewDeliverer<'a> in "amazon.deliverers" {
        /// Its id.
        pub id: i64,
        /// Its name (`UPS`, ...).
        pub name: &'a str,
    }
}

/// A promo code (`amazon.promos`). Written by hand: its `type` column is a Rust keyword, which
/// `table_row!` cannot name.
#[derive(Debug, Clone, Copy)]
pub struct NewPromo<'a> {
    /// The code (`SAVE1`, ...).
    pub code: &'a str,
    /// `percent` or `flat` (the `type` column).
    pub kind: &'a str,
    /// The cart's base cost it needs.
    pub min_amount: f64,
    /// The percentage or dollars off.
    pub discount: f64,
}

impl NewPromo<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.execute_cached(
            "INSERT INTO amazon.promos (type, code, min_amount, discount) VALUES (?1, ?2, ?3, ?4)",
            params![self.kind, self.code, self.min_amount, self.discount],
        )?;
        Ok(db.last_insert_rowid())
    }
}

/// `amazon.sellers`.
pub struct Sellers;

impl Sellers {
    /// The rating of seller `id`; `None` when there is no such seller.
    pub fn rating(db: &Connection, id: i64) -> rusqlite::Result<Option<f64>> {
        db.query_row_cached(
            "SELECT rating FROM amazon.sellers WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .optional()
    }
}

/// `amazon.products`.
pub struct Products;

impl Products {
    /// Marks every product named `name` as having variations exactly when more than one
    /// product has that name; returns the products written.
    pub fn refresh_has_variations(db: &Connection, name: &str) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE amazon.products SET has_variations = (SELECT count(*) > 1 FROM amazon.products q WHERE q.name = ?1) WHERE name = ?1",
            [name],
        )
    }

    /// Sets product `product_id`'s rating to the mean of its reviews as SQLite rounds it to
    /// one digit (its seller's rating is left as it is); returns the products written.
    pub fn rate_from_reviews(db: &Connection, product_id: i64) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE amazon.products SET rating = (SELECT round(avg(rating), 1) FROM amazon.product_reviews WHERE product_id = ?1) WHERE id = ?1",
            [product_id],
        )
    }
}

/// `amazon.addresses`.
pub struct Addresses;

impl Addresses {
    /// The id of `user_id`'s saved address named `name` and its text as an order prints it
    /// (street, city, state, country and zip code on lines of their own).
    pub fn id_and_text(
        db: &Connection,
        user_id: i64,
        name: &str,
    ) -> rusqlite::Result<(i64, String)> {
        db.query_row_cached(
            "SELECT id, street_address || char(10) || city || char(10) || state || char(10) || country || char(10) || zip_code \
             FROM amazon.addresses WHERE user_id = ?1 AND name = ?2",
            params![user_id, name],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }
}

/// `amazon.payment_cards`.
pub struct PaymentCards;

impl PaymentCards {
    /// `user_id`'s saved card `card_id` (their first, with `None`): its id and number.
    pub fn id_and_number(
        db: &Connection,
        user_id: i64,
        card_id: Option<i64>,
    ) -> rusqlite::Result<(i64, i64)> {
        db.query_row_cached(
            "SELECT id, card_number FROM amazon.payment_cards WHERE user_id = ?1 AND (?2 IS NULL OR id = ?2) ORDER BY id LIMIT 1",
            params![user_id, card_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }
}

/// `amazon.users`.
pub struct Users;

impl Users {
    /// Takes the promo code off `user_id`'s cart; returns the users written.
    pub fn clear_cart_promo_code(db: &Connection, user_id: i64) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE amazon.users SET cart_promo_code = NULL WHERE id = ?1",
            [user_id],
        )
    }
}

/// `amazon.order_items`.
pub struct OrderItems;

impl OrderItems {
    /// When the line of product `product_id` in order `order_id` is expected, as stored.
    pub fn expected_delivery(
        db: &Connection,
        order_id: i64,
        product_id: i64,
    ) -> rusqlite::Result<String> {
        db.query_row_cached(
            "SELECT expected_delivery_at FROM amazon.order_items WHERE order_id = ?1 AND product_id = ?2",
            params![order_id, product_id],
            |r| r.get(0),
        )
    }

    /// Sets when the line of product `product_id` in order `order_id` was delivered (`None`:
    /// not yet); returns the lines written.
    pub fn set_delivered(
        db: &Connection,
        order_id: i64,
        product_id: i64,
        delivered_at: Option<&str>,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE amazon.order_items SET delivered_at = ?1 WHERE order_id = ?2 AND product_id = ?3",
            params![delivered_at, order_id, product_id],
        )
    }

    /// Makes every line of `user_id`'s orders delivered after its expected time delivered
    /// then; returns the lines written.
    pub fn deliver_late_ones_on_time(db: &Connection, user_id: i64) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE amazon.order_items SET delivered_at = expected_delivery_at \
             WHERE delivered_at > expected_delivery_at AND order_id IN (SELECT id FROM amazon.orders WHERE user_id = ?1)",
            [user_id],
        )
    }
}

/// `amazon.prime_subscriptions`.
pub struct PrimeSubscriptions;

impl PrimeSubscriptions {
    /// Ends `user_id`'s Prime history at `at` (as stored): subscriptions starting then or
    /// later are removed, and one running past it (or open-ended) ends then; returns the
    /// subscriptions removed or written.
    pub fn end_at(db: &Connection, user_id: i64, at: &str) -> rusqlite::Result<usize> {
        let removed = db.execute_cached(
            "DELETE FROM amazon.prime_subscriptions WHERE user_id = ?1 AND start_date >= ?2",
            params![user_id, at],
        )?;
        Ok(removed
            + db.execute_cached(
                "UPDATE amazon.prime_subscriptions SET end_date = ?2 WHERE user_id = ?1 AND (end_date IS NULL OR end_date > ?2)",
                params![user_id, at],
            )?)
    }
}
