//! Phone: contacts with relationships, text and voice messages, alarms and the current date and
//! time, plus the account APIs (login by phone number, no verification step; reset codes arrive
//! as text messages from Phone Notifications).
//!
//! Files: `apis.rs` (the registrations), `contacts.rs`, `messages.rs` (text and voice alike,
//! and the one path every message is stored by, companies' texts included), `alarms.rs` (and
//! the clock), `rows.rs` (the rows written from more than one place, and the changes task
//! setups make to contacts and voice messages), `seed.rs`, `tests.rs`.
//! Dates and times are checked by `common::pytime`, relationships singularised and lists
//! stored by `common::pytext`.

mod alarms;
mod apis;
mod contacts;
mod messages;
pub mod notices;
pub mod rows;
pub use messages::store_message;
pub mod seed;

use crate::app::Seeding;
use rows::Kind;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "phone";

/// How phone accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "phone_number",
    requires_verification: false,
    owned_tables: &[
        ("contacts", "user_id"),
        ("alarms", "user_id"),
        ("user_text_messages", "user_id"),
        ("user_voice_messages", "user_id"),
    ],
    ..AccountSpec::EMAIL
};

/// Phone in the app list ([`crate::APPS`]).
pub struct Phone;

impl crate::app::App for Phone {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "The phone: contacts and their relationships, text and voice messages, alarms, and the current date and time.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Phone",
                email: "notifications@phone.com",
                phone: "1742710379",
            }),
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        crate::common::accounts::with_account_apis(APP, &ACCOUNTS, apis::all())
    }

    /// Full-text search over contacts and over each user's message copies (the message and the
    /// account names of its sender and receiver, re-indexed when either is renamed); indexes of a
    /// user's message copies.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = sim::schema::fts_ddl("contacts", contacts::SEARCH_TEXT);
        for kind in [Kind::Text, Kind::Voice] {
            ddl.extend(sim::schema::fts_ddl(
                kind.names().copies,
                &messages::search_text(kind),
            ));
            ddl.push(messages::rename_trigger(kind));
        }
        // A user's message copies.
        ddl.push(sim::schema::index_ddl("user_text_messages", &["user_id"]));
        ddl.push(sim::schema::index_ddl("user_voice_messages", &["user_id"]));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

#[cfg(test)]
mod tests;
