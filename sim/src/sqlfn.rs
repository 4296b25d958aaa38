//! SQL functions the engine registers on every connection.

use rusqlite::{Connection, functions::FunctionFlags};

/// Registers `appsim_search_text(a, b, ...)`: the arguments joined by spaces, lower-cased and
/// with whitespace collapsed (NULLs skipped). FTS triggers use it to build `saved_search_text`.
pub fn register(conn: &Connection) -> rusqlite::Result<()> {
    register_py_round(conn)?;
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

/// Registers `appsim_py_round(x, ndigits)`: Python's `round(x, ndigits)` ([`crate::num::py_round`],
/// ties to even on the exact binary value; SQLite's own `round` rounds ties away from zero), NULL
/// for NULL. Triggers that keep an average rating in step with its rows use it.
fn register_py_round(conn: &Connection) -> rusqlite::Result<()> {
    conn.create_scalar_function(
        "appsim_py_round",
        2,
        FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
        |ctx| {
            let x: Option<f64> = ctx.get(0)?;
            let ndigits: i64 = ctx.get(1)?;
            let ndigits = ndigits.clamp(-400, 400) as i32;
            Ok(x.map(|x| crate::num::py_round(x, ndigits)))
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

#[cfg(test)]
mod tests {
    #[test]
    fn py_round_rounds_as_python_does() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        super::register(&conn).unwrap();
        let round = |sql: &str| -> Option<f64> {
            conn.query_row(&format!("SELECT appsim_py_round({sql})"), [], |r| r.get(0))
                .unwrap()
        };
        // 3.25 is an exact tie (to even); SQLite's round(3.25, 1) would give 3.3.
        assert_eq!(round("13.0 / 4, 1"), Some(3.2));
        assert_eq!(round("8.0 / 3, 1"), Some(2.7));
        assert_eq!(round("2.675, 2"), Some(2.67));
        assert_eq!(round("NULL, 1"), None);
    }
}
