//! The api_docs app: descriptions and full documentation of every registered API, and a
//! search over them. Docs are generated from the registry, so they always match the code.
//!
//! Files: `apis.rs` (the registrations), `docs.rs` (the handlers and the rendering of one
//! API's documentation), `rows.rs` (the docs table's row), `seed.rs` (filling it), `tests.rs`.

mod apis;
mod docs;
pub mod rows;
pub mod seed;

use crate::app::Seeding;
pub use docs::doc_json;
pub(crate) use seed::fill_docs;
use sim::api::{ApiSpec, AppSpec};

/// App name.
pub const APP: &str = "api_docs";

/// ApiDocs in the app list ([`crate::APPS`]).
pub struct ApiDocs;

impl crate::app::App for ApiDocs {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description (no accounts).
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "Look up the apps, their APIs and each API's documentation.",
            accounts: None,
            notifier: None,
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        apis::all()
    }

    /// Full-text search over the docs table: app name, API name (underscores as spaces), description.
    fn post_ddl(&self) -> Vec<String> {
        sim::schema::fts_ddl(
            "api_docs",
            "appsim_search_text({row}.app_name_, replace({row}.api_name, '_', ' '), {row}.description)",
        )
    }

    /// Fills the `api_docs` table from the registry.
    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::fill_docs(s.db, s.registry)
    }
}

#[cfg(test)]
mod tests;
