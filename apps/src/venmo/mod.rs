//! Venmo: a wallet balance with bank transfers, payments between people (public, friends-only
//! or private) with likes and comments, payment requests, friends, a social feed, saved payment
//! cards and notifications, plus the shared account APIs.
//!
//! Handlers by topic: `users.rs` (account and profile views, user search, friends),
//! `balance.rs` (wallet, bank transfers and their receipts), `transactions.rs` (payments,
//! likes, receipts, the social feed), `comments.rs`, `requests.rs` (payment requests); the
//! notification APIs are `common::notifications`, saved cards `common::cards`, money moves
//! through `admin` (the bank). `apis.rs` assembles the API list, `store.rs` holds what the
//! handlers share (the user and transaction models, likes, notifications, money and date
//! helpers), `rows.rs` the rows written from more than one place (one type per table with its
//! INSERT) and the changes task setups make.

mod apis;
mod balance;
#[cfg(test)]
mod checks;
mod comments;
mod requests;
pub mod rows;
pub mod seed;
mod store;
mod transactions;
mod users;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "venmo";

/// How venmo accounts log in and what they own.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    // Checked against AppWorld: transfers, comments and likes stay (dangling).
    owned_tables: &[
        ("notifications", "user_id"),
        ("payment_cards", "user_id"),
        ("friendships", "user_id"),
    ],
    signup_defaults: &[("venmo_balance", "0.0")],
    ..AccountSpec::EMAIL
};

/// Venmo in the app list ([`crate::APPS`]).
pub struct Venmo;

impl crate::app::App for Venmo {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "A payments app: send and request money, keep a balance and move it to and from bank cards, like and comment on friends' payments.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Venmo",
                email: "notifications@venmo.com",
                phone: "1633493074",
            }),
        })
    }

    /// The APIs, in docs order ([`apis::all`]).
    fn apis(&self) -> Vec<ApiSpec> {
        apis::all()
    }

    /// Full-text search over users (name and e-mail) and transactions (description, both
    /// parties' names and e-mails). A rename refreshes the search text of the transactions the
    /// user sent (not of those received, until they are saved again), as in AppWorld. Indexes of a
    /// user's transactions and a transaction's comments.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = crate::common::accounts::users_search_ddl();
        ddl.extend(sim::schema::fts_ddl(
            "transactions",
            "appsim_search_text({row}.description, \
             (SELECT u.first_name || ' ' || u.last_name FROM users AS u WHERE u.id = {row}.sender_id), \
             (SELECT u.first_name || ' ' || u.last_name FROM users AS u WHERE u.id = {row}.receiver_id), \
             (SELECT u.email FROM users AS u WHERE u.id = {row}.sender_id), \
             (SELECT u.email FROM users AS u WHERE u.id = {row}.receiver_id))",
        ));
        ddl.push(
            "CREATE TRIGGER IF NOT EXISTS {s}.\"users_rename_sent_transactions\" AFTER UPDATE OF first_name, last_name ON \"users\" BEGIN \
             DELETE FROM \"transactions_fts\" WHERE rowid IN (SELECT id FROM \"transactions\" WHERE sender_id = NEW.id); \
             INSERT INTO \"transactions_fts\"(rowid, id, saved_search_text) SELECT id, id, text FROM \"transactions_fts_refill\" \
             WHERE id IN (SELECT id FROM \"transactions\" WHERE sender_id = NEW.id); END"
                .to_string(),
        );
        // A user's transactions and a transaction's comments.
        ddl.push(sim::schema::index_ddl("transactions", &["sender_id"]));
        ddl.push(sim::schema::index_ddl("transactions", &["receiver_id"]));
        ddl.push(sim::schema::index_ddl(
            "transaction_comments",
            &["transaction_id"],
        ));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

#[cfg(test)]
mod tests;
