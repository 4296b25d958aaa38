//! SQL functions the engine registers on every connection.

use rusqlite::{Connection, functions::FunctionFlags};

/// Registers `appsim_search_text(a, b, ...)`: the arguments joined by spaces, lower-cased and
/// with whitespace collapsed (NULLs skipped). FTS triggers use it to build `saved_search_text`.
pub fn register(conn: &Connection) -> rusqlite::Result<()> {
    conn.create_scalar_function(
        "appsim_search_text",
        -1,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            let mut parts = Vec::new();
            for i in 0..ctx.len() {
                if let Some(s) = ctx.get::<Option<String>>(i)? {
                    parts.push(s);
                }
            }
            Ok(search_text(&parts.join(" ")))
        },
    )
}

/// Lower-cases and collapses whitespace, as AppWorld prepares searchable text.
pub fn search_text(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}
