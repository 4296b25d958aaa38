//! Amazon: a shop. A catalog of products (with variations, ratings, reviews, questions and
//! answers) from sellers; a cart and a wish list per user, with gift wrapping and promo codes;
//! orders paid with saved cards and shipped to saved addresses, receipts e-mailed and
//! downloadable into the file system; returns through deliverers; Prime subscriptions.
//!
//! Files: `apis.rs` (registrations, docs order), `store.rs` (lookups every topic uses: products,
//! users, ownership, ratings), `products.rs` (catalog, sellers, search), `lists.rs` (the cart
//! and the wish list, one piece for both), `cart.rs` (the cart's money, gift wrap, promo
//! codes), `orders.rs` (orders and receipts), `returns.rs`, `reviews.rs` (reviews, questions,
//! answers), `addresses.rs`, `prime.rs` (subscriptions, `show_account` with `is_prime`),
//! `rows.rs` (one row type per table, and the reads and updates task setups make), `seed.rs`
//! (the base world's catalog and shopping), `tests.rs`.

mod addresses;
mod apis;
mod cart;
mod lists;
pub(crate) mod orders;
mod prime;
mod products;
mod returns;
mod reviews;
pub mod rows;
pub mod seed;
mod store;
#[cfg(test)]
mod tests;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "amazon";

/// How amazon accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    // Checked against AppWorld: order items, Prime subscriptions, questions and answers stay;
    // reviews go through `before_account_deletion` (ratings follow).
    owned_tables: &[
        ("addresses", "user_id"),
        ("cart_entries", "user_id"),
        ("orders", "user_id"),
        ("payment_cards", "user_id"),
        ("product_returns", "user_id"),
        ("product_reviews", "user_id"),
        ("wish_list_entries", "user_id"),
    ],
    before_deletion: Some(before_account_deletion),
    ..AccountSpec::EMAIL
};

/// Amazon in the app list ([`crate::APPS`]).
pub struct Amazon;

impl crate::app::App for Amazon {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "An online shop: search products, manage a cart and a wish list, place and return orders, write reviews and questions, and subscribe to Prime.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Amazon",
                email: "notifications@amazon.com",
                phone: "1381371871",
            }),
        })
    }

    /// The APIs, in docs order. The shared account APIs come first; amazon's `show_account`
    /// also says whether the user is a Prime member.
    fn apis(&self) -> Vec<ApiSpec> {
        let mut all = crate::common::accounts::account_apis_for(APP, &ACCOUNTS);
        for api in &mut all {
            if api.name == "show_account" {
                prime::extend_show_account(api);
            }
        }
        all.extend(apis::all());
        all
    }

    /// Search tables: products (name, type, description, seller), sellers, orders (their products'
    /// names and types, refreshed when an item is added), reviews, questions and answers; indexes
    /// for the lookups by user, order and product name.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = sim::schema::fts_ddl(
            "products",
            "appsim_search_text({row}.name, {row}.product_type, {row}.description, \
             (SELECT s.name FROM sellers AS s WHERE s.id = {row}.seller_id))",
        );
        ddl.extend(sim::schema::fts_ddl(
            "sellers",
            "appsim_search_text({row}.name)",
        ));
        ddl.extend(sim::schema::fts_ddl(
            "orders",
            "appsim_search_text(\
             (SELECT group_concat(p.name, ' ') FROM order_items AS oi JOIN products AS p ON p.id = oi.product_id WHERE oi.order_id = {row}.id), \
             (SELECT group_concat(p.product_type, ' ') FROM order_items AS oi JOIN products AS p ON p.id = oi.product_id WHERE oi.order_id = {row}.id))",
        ));
        ddl.push(
            "CREATE TRIGGER IF NOT EXISTS {s}.\"orders_fts_item\" AFTER INSERT ON \"order_items\" BEGIN \
             DELETE FROM \"orders_fts\" WHERE rowid = NEW.order_id; \
             INSERT INTO \"orders_fts\"(rowid, id, saved_search_text) SELECT id, id, text FROM \"orders_fts_refill\" WHERE id = NEW.order_id; END"
                .to_string(),
        );
        ddl.extend(sim::schema::fts_ddl(
            "product_reviews",
            "appsim_search_text({row}.title, {row}.text)",
        ));
        ddl.extend(sim::schema::fts_ddl(
            "product_questions",
            "appsim_search_text({row}.question)",
        ));
        ddl.extend(sim::schema::fts_ddl(
            "product_question_answers",
            "appsim_search_text({row}.answer)",
        ));
        // A user's orders, an order's items, products by name.
        ddl.push(sim::schema::index_ddl("orders", &["user_id"]));
        ddl.push(sim::schema::index_ddl("order_items", &["order_id"]));
        ddl.push(sim::schema::index_ddl("products", &["name"]));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

/// Before the shared `delete_account` removes the account's rows: its reviews go one by one so
/// that product and seller ratings follow, as in AppWorld.
fn before_account_deletion(ctx: &sim::api::Ctx, user_id: i64) -> Result<(), sim::api::ApiError> {
    reviews::delete_reviews_of(ctx, user_id)
}
