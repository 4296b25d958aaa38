//! api_docs' share of the base world: the docs table, generated from the registry (so the docs
//! always describe the code that answers), one row per API in registry order.

use super::docs::doc_json;
use super::rows::NewApiDoc;

/// Fills the `api_docs` table from the registry (one row per API).
pub(crate) fn fill_docs(
    db: &rusqlite::Connection,
    registry: &sim::api::Registry,
) -> rusqlite::Result<()> {
    for spec in registry.apis() {
        let doc = doc_json(spec, true);
        NewApiDoc {
            app_name_: spec.app,
            api_name: spec.name,
            path: spec.path,
            method: spec.method.as_str(),
            description: spec.description,
            parameters: &doc["parameters"].to_string(),
            response_schemas: &doc["response_schemas"].to_string(),
        }
        .insert(db)?;
    }
    Ok(())
}
