//! api_docs' one table written: a row per registered API (`api_docs.api_docs`), filled when a
//! world is built and again when one is loaded from files.

use rusqlite::{Connection, params};

/// One API's documentation (`api_docs.api_docs`).
#[derive(Debug, Clone, Copy)]
pub struct NewApiDoc<'a> {
    /// The app it belongs to.
    pub app_name: &'a str,
    /// Its name.
    pub api_name: &'a str,
    /// Its path.
    pub path: &'a str,
    /// Its HTTP method.
    pub method: &'a str,
    /// Its description.
    pub description: &'a str,
    /// Its parameters' docs, as stored JSON text.
    pub parameters: &'a str,
    /// Its response schemas, as stored JSON text.
    pub response_schemas: &'a str,
}

impl NewApiDoc<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO api_docs.api_docs (app_name_, api_name, path, method, description, parameters, response_schemas) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            self.app_name,
            self.api_name,
            self.path,
            self.method,
            self.description,
            self.parameters,
            self.response_schemas
        ])?;
        Ok(db.last_insert_rowid())
    }
}
