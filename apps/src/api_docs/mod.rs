//! The api_docs app: descriptions and full documentation of every registered API, and a
//! search over them. Docs are generated from the registry, so they always match the code.

mod apis;

use crate::app::Seeding;
pub use apis::doc_json;
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
        fill_docs(s.db, s.registry)
    }
}

/// Fills the `api_docs` table from the registry (one row per API).
pub(crate) fn fill_docs(
    db: &rusqlite::Connection,
    registry: &sim::api::Registry,
) -> rusqlite::Result<()> {
    let mut st = db.prepare(
        "INSERT INTO api_docs.api_docs (app_name_, api_name, path, method, description, parameters, response_schemas) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for spec in registry.apis() {
        let doc = doc_json(spec, true);
        st.execute(rusqlite::params![
            spec.app,
            spec.name,
            spec.path,
            spec.method.as_str(),
            spec.description,
            doc["parameters"].to_string(),
            doc["response_schemas"].to_string()
        ])?;
    }
    Ok(())
}
