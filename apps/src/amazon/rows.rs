//! amazon's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT.

use rusqlite::{Connection, params};

/// An order (`amazon.orders`); its lines are [`NewOrderItem`]s. Its receipt has not been
/// downloaded.
#[derive(Debug, Clone, Copy)]
pub struct NewOrder<'a> {
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

impl NewOrder<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.orders (user_id, address_id, tax, delivery_fee, gift_wrap_fee, discount, payment_card_id, \
             created_at, address_text, payment_card_digits, receipt_download_count) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0)",
        )?
        .execute(params![
            self.user_id,
            self.address_id,
            self.tax,
            self.delivery_fee,
            self.gift_wrap_fee,
            self.discount,
            self.payment_card_id,
            self.created_at,
            self.address_text,
            self.payment_card_digits
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A line of an order (`amazon.order_items`).
#[derive(Debug, Clone, Copy)]
pub struct NewOrderItem<'a> {
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

impl NewOrderItem<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO amazon.order_items (order_id, product_id, ordered_quantity, returned_quantity, gift_wrap_quantity, \
             price, expected_delivery_at, delivered_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            self.order_id,
            self.product_id,
            self.ordered_quantity,
            self.returned_quantity,
            self.gift_wrap_quantity,
            self.price,
            self.expected_delivery_at,
            self.delivered_at
        ])?;
        Ok(())
    }
}

/// A return of some units of an order's product (`amazon.product_returns`).
#[derive(Debug, Clone, Copy)]
pub struct NewReturn<'a> {
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

impl NewReturn<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.product_returns (user_id, order_id, product_id, deliverer_id, quantity, initiated_at, returned_at, confirmation_code) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            self.user_id,
            self.order_id,
            self.product_id,
            self.deliverer_id,
            self.quantity,
            self.initiated_at,
            self.returned_at,
            self.confirmation_code
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A product review (`amazon.product_reviews`); the product's rating is the caller's to
/// refresh.
#[derive(Debug, Clone, Copy)]
pub struct NewReview<'a> {
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

impl NewReview<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.product_reviews (product_id, user_id, is_verified, rating, title, text, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            self.product_id,
            self.user_id,
            self.is_verified,
            self.rating,
            self.title,
            self.text,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A saved address (`amazon.addresses`).
#[derive(Debug, Clone, Copy)]
pub struct NewAddress<'a> {
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

impl NewAddress<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.addresses (user_id, name, street_address, city, state, country, zip_code) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            self.user_id,
            self.name,
            self.street_address,
            self.city,
            self.state,
            self.country,
            self.zip_code
        ])?;
        Ok(db.last_insert_rowid())
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
        let sql = match self {
            ProductList::Cart => {
                "INSERT INTO amazon.cart_entries (user_id, product_id, quantity, gift_wrap_quantity) VALUES (?1, ?2, ?3, 0)"
            }
            ProductList::WishList => {
                "INSERT INTO amazon.wish_list_entries (user_id, product_id, quantity) VALUES (?1, ?2, ?3)"
            }
        };
        db.prepare_cached(sql)?
            .execute(params![user_id, product_id, quantity])?;
        Ok(())
    }
}

/// A question about a product (`amazon.product_questions`).
#[derive(Debug, Clone, Copy)]
pub struct NewQuestion<'a> {
    /// The product.
    pub product_id: i64,
    /// Who asks.
    pub user_id: i64,
    /// The question.
    pub question: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewQuestion<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.product_questions (product_id, user_id, question, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![
            self.product_id,
            self.user_id,
            self.question,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// An answer to a product question (`amazon.product_question_answers`).
#[derive(Debug, Clone, Copy)]
pub struct NewAnswer<'a> {
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

impl NewAnswer<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.product_question_answers (product_question_id, user_id, is_verified, answer, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            self.product_question_id,
            self.user_id,
            self.is_verified,
            self.answer,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A catalog product (`amazon.products`).
#[derive(Debug, Clone, Copy)]
pub struct NewProduct<'a> {
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
    /// Weight, length, width and height.
    pub dims: (f64, f64, f64, f64),
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

impl NewProduct<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO amazon.products (id, product_type, name, description, seller_id, price, delivery_days, inventory_quantity, weight, length, width, height, color, relative_size, rating, seller_rating, has_variations) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        )?
        .execute(params![
            self.id,
            self.product_type,
            self.name,
            self.description,
            self.seller_id,
            self.price,
            self.delivery_days,
            self.inventory_quantity,
            self.dims.0,
            self.dims.1,
            self.dims.2,
            self.dims.3,
            self.color,
            self.relative_size,
            self.rating,
            self.seller_rating,
            self.has_variations
        ])?;
        Ok(db.last_insert_rowid())
    }
}
