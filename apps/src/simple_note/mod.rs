//! SimpleNote: notes with titles, contents, tags and pins, plus the shared account APIs.
//!
//! Files: `apis.rs` (the registrations), `notes.rs` (the handlers), `rows.rs` (a note's row,
//! written by the handler, the seed and task setups), `seed.rs`, `tests.rs`.

mod apis;
mod notes;
pub mod rows;
pub mod seed;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "simple_note";

/// How simple_note accounts log in and what they own.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    owned_tables: &[("notes", "user_id")],
    ..AccountSpec::EMAIL
};

/// SimpleNote in the app list ([`crate::APPS`]).
pub struct SimpleNote;

impl crate::app::App for SimpleNote {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "A note-taking app: write, tag, pin, search and edit notes.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Simple Note",
                email: "notifications@simplenote.com",
                phone: "1315948660",
            }),
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        crate::common::accounts::with_account_apis(APP, &ACCOUNTS, apis::all())
    }

    /// Full-text search over notes: title, content and tags.
    fn post_ddl(&self) -> Vec<String> {
        sim::schema::fts_ddl(
            "notes",
            "appsim_search_text({row}.title, {row}.content, (SELECT group_concat(value, ' ') FROM json_each({row}.tags)))",
        )
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

#[cfg(test)]
mod tests;
