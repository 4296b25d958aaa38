//! Venmo: a wallet balance with bank transfers, payments between people (public, friends-only
//! or private) with likes and comments, payment requests, friends, a social feed, saved payment
//! cards and notifications, plus the shared account APIs.
//!
//! Handlers by topic: `users.rs` (account and profile views, user search, friends),
//! `balance.rs` (wallet, bank transfers and their receipts), `transactions.rs` (payments,
//! likes, receipts, the social feed), `comments.rs`, `requests.rs` (payment requests); the
//! notification APIs are `common::notifications`, saved cards `common::cards`, money moves
//! through `admin` (the bank). `apis.rs` holds what they share (users, transactions as JSON,
//! notifications, money and date helpers).

mod apis;
mod balance;
#[cfg(test)]
mod checks;
mod comments;
mod requests;
pub mod rows;
pub mod seed;
mod transactions;
mod users;

use crate::app::Seeding;
use crate::common::cards;
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

    /// The APIs, in docs order. venmo's `show_account` (with the wallet and friend count) and
    /// `show_profile` (authenticated, with `friends_since`) replace the shared ones.
    fn apis(&self) -> Vec<ApiSpec> {
        let mut all: Vec<ApiSpec> = crate::common::accounts::account_apis_for(APP, &ACCOUNTS)
            .into_iter()
            .filter(|a| a.name != "show_account" && a.name != "show_profile")
            .collect();
        all.extend(users::apis());
        all.extend(balance::apis());
        all.extend(transactions::apis());
        all.extend(comments::apis());
        all.extend([
            cards::show_payment_card(APP),
            cards::delete_payment_card(APP),
            cards::update_payment_card(APP),
            cards::show_payment_cards(APP),
            cards::add_payment_card(APP),
        ]);
        all.extend(requests::apis());
        all.extend(crate::common::notifications::notification_apis(
            APP,
            "payment_request_approved",
        ));
        let position = |name: &str| {
            DOCS_ORDER
                .iter()
                .position(|n| *n == name)
                .unwrap_or(DOCS_ORDER.len())
        };
        all.sort_by_key(|a| position(a.name));
        all
    }

    /// Full-text search over users (name and e-mail) and transactions (description, both
    /// parties' names and e-mails). A rename refreshes the search text of the transactions the
    /// user sent (not of those received, until they are saved again), as in AppWorld. Indexes of a
    /// user's transactions and a transaction's comments.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = sim::schema::fts_ddl(
            "users",
            "appsim_search_text({row}.first_name, {row}.last_name, {row}.email)",
        );
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

/// AppWorld's docs order of venmo's APIs.
const DOCS_ORDER: &[&str] = &[
    "show_account",
    "signup",
    "delete_account",
    "update_account_name",
    "login",
    "logout",
    "send_verification_code",
    "verify_account",
    "send_password_reset_code",
    "reset_password",
    "show_profile",
    "search_users",
    "search_friends",
    "add_friend",
    "remove_friend",
    "show_venmo_balance",
    "add_to_venmo_balance",
    "withdraw_from_venmo_balance",
    "show_bank_transfer_history",
    "download_bank_transfer_receipt",
    "show_transaction",
    "update_transaction",
    "show_transactions",
    "create_transaction",
    "download_transaction_receipt",
    "like_transaction",
    "unlike_transaction",
    "show_transaction_comments",
    "create_transaction_comment",
    "show_transaction_comment",
    "delete_transaction_comment",
    "update_transaction_comment",
    "like_transaction_comment",
    "unlike_transaction_comment",
    "show_payment_card",
    "delete_payment_card",
    "update_payment_card",
    "show_payment_cards",
    "add_payment_card",
    "show_received_payment_requests",
    "show_sent_payment_requests",
    "create_payment_request",
    "delete_payment_request",
    "update_payment_request",
    "approve_payment_request",
    "deny_payment_request",
    "remind_payment_request",
    "show_social_feed",
    "show_notifications",
    "delete_notifications",
    "mark_notifications",
    "show_notifications_count",
    "delete_notification",
    "mark_notification",
];

#[cfg(test)]
mod tests {
    /// venmo's part of the conformance test (which stops at the first app that differs): the
    /// documented success examples, number types included.
    #[test]
    fn success_examples_match_the_vendored_spec() {
        let spec = crate::spec::apis().as_array().unwrap();
        for api in crate::app::App::apis(&super::Venmo) {
            let theirs = spec
                .iter()
                .find(|a| a["app"] == super::APP && a["api"] == api.name)
                .unwrap_or_else(|| panic!("{} is not in apis.json", api.name));
            assert_eq!(
                api.success, theirs["response"]["success"],
                "{}: success example",
                api.name
            );
        }
    }
}
