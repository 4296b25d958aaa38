//! Table definitions from AppWorld's model description (`models.json`): every app's tables
//! with AppWorld's table and column names, so AppWorld `<app>.db` files load as they are; and
//! the full-text-search tables and triggers that keep `<table>_fts` in step with its table.

use crate::world::SchemaSpec;
use serde_json::Value;

/// Builds the `CREATE TABLE` statements of one app from its `models.json` entry (a list of
/// models with `table`, `columns` and `unique_together`). Table names are prefixed with the
/// `{s}` schema placeholder.
pub fn tables_from_models(app: &str, models: &Value) -> Result<SchemaSpec, String> {
    let list = models
        .as_array()
        .ok_or_else(|| format!("models for {app} are not a list"))?;
    let mut ddl = Vec::new();
    for m in list {
        let table = m["table"]
            .as_str()
            .ok_or_else(|| format!("{app}: model without table"))?;
        let mut cols = Vec::new();
        for c in m["columns"]
            .as_array()
            .ok_or_else(|| format!("{app}.{table}: no columns"))?
        {
            let name = c["name"]
                .as_str()
                .ok_or_else(|| format!("{app}.{table}: unnamed column"))?;
            if c["primary_key"].as_bool() == Some(true) {
                cols.push(format!("\"{name}\" INTEGER PRIMARY KEY AUTOINCREMENT"));
                continue;
            }
            let ty = match c["sql_type"].as_str().unwrap_or("VARCHAR") {
                "INTEGER" => "INTEGER",
                "FLOAT" => "FLOAT",
                "BOOLEAN" => "BOOLEAN",
                "DATETIME" | "DateTime" => "DATETIME",
                "JSON" => "JSON",
                _ => "VARCHAR",
            };
            let mut col = format!("\"{name}\" {ty}");
            if c["nullable"].as_bool() == Some(false) {
                col.push_str(" NOT NULL");
            }
            if c["unique"].as_bool() == Some(true) {
                col.push_str(" UNIQUE");
            }
            if let Some(fk) = c["foreign_key"].as_str()
                && let Some((t, k)) = fk.split_once('.')
            {
                col.push_str(&format!(" REFERENCES \"{t}\" (\"{k}\")"));
            }
            cols.push(col);
        }
        if let Some(groups) = m["unique_together"].as_array() {
            for g in groups {
                let names: Vec<String> = g
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|x| x.as_str())
                    .map(|x| format!("\"{x}\""))
                    .collect();
                if !names.is_empty() {
                    cols.push(format!("UNIQUE ({})", names.join(", ")));
                }
            }
        }
        ddl.push(format!(
            "CREATE TABLE {{s}}.\"{table}\" (\n  {}\n)",
            cols.join(",\n  ")
        ));
    }
    Ok(SchemaSpec {
        name: app.to_string(),
        ddl,
        post_ddl: Vec::new(),
    })
}

/// The statement that creates the index `<table>_by_<columns>` on `table` (for lookups that
/// filter on `columns`). Add one only where every query reading the rows in index order
/// orders them explicitly, or the order the agent sees may change (the fidelity replay tells).
pub fn index_ddl(table: &str, columns: &[&str]) -> String {
    let cols = columns
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "CREATE INDEX IF NOT EXISTS {{s}}.\"{table}_by_{}\" ON \"{table}\" ({cols})",
        columns.join("_")
    )
}

/// Statements that create `<table>_fts` (FTS5, porter tokenizer, columns `id`,
/// `saved_search_text`) and keep it in step with `table` through triggers. `text_expr` is a SQL
/// expression of the searchable text in which `{row}` stands for the row (`NEW` in triggers);
/// wrap the parts in `appsim_search_text(...)` to lower-case and collapse whitespace.
pub fn fts_ddl(table: &str, text_expr: &str) -> Vec<String> {
    let fts = format!("{table}_fts");
    let new = text_expr.replace("{row}", "NEW");
    let view = text_expr.replace("{row}", "t");
    vec![
        format!(
            "CREATE VIRTUAL TABLE IF NOT EXISTS {{s}}.\"{fts}\" USING fts5(id UNINDEXED, saved_search_text, tokenize='porter')"
        ),
        format!(
            "CREATE VIEW IF NOT EXISTS {{s}}.\"{fts}_refill\" AS SELECT t.id AS id, {view} AS text FROM \"{table}\" AS t"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS {{s}}.\"{fts}_ai\" AFTER INSERT ON \"{table}\" BEGIN \
             INSERT INTO \"{fts}\"(rowid, id, saved_search_text) VALUES (NEW.id, NEW.id, {new}); END"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS {{s}}.\"{fts}_au\" AFTER UPDATE ON \"{table}\" BEGIN \
             DELETE FROM \"{fts}\" WHERE rowid = OLD.id; \
             INSERT INTO \"{fts}\"(rowid, id, saved_search_text) VALUES (NEW.id, NEW.id, {new}); END"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS {{s}}.\"{fts}_ad\" AFTER DELETE ON \"{table}\" BEGIN DELETE FROM \"{fts}\" WHERE rowid = OLD.id; END"
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ddl_from_models() {
        let models = json!([{ "table": "notes", "columns": [
            {"name": "id", "primary_key": true},
            {"name": "title", "sql_type": "VARCHAR", "nullable": false},
            {"name": "user_id", "sql_type": "INTEGER", "nullable": false, "foreign_key": "users.id"}
        ], "unique_together": [["user_id", "title"]] }]);
        let s = tables_from_models("simple_note", &models).unwrap();
        assert!(s.ddl[0].contains("\"id\" INTEGER PRIMARY KEY AUTOINCREMENT"));
        assert!(s.ddl[0].contains("UNIQUE (\"user_id\", \"title\")"));
        assert!(s.ddl[0].contains("REFERENCES \"users\" (\"id\")"));
    }
}
