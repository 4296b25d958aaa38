//! Small helpers to read rows and to shape them as JSON responses.

use rusqlite::Row;
use serde_json::Value;
use sim::api::ApiError;

/// Reads a JSON text column (`[]` when NULL or invalid).
pub fn json_col(row: &Row, idx: usize) -> rusqlite::Result<Value> {
    let s: Option<String> = row.get(idx)?;
    Ok(s.and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or(Value::Array(vec![])))
}

/// Reads a nullable boolean column as JSON (`true`/`false`/`null`).
pub fn bool_col(row: &Row, idx: usize) -> rusqlite::Result<Value> {
    let v: Option<i64> = row.get(idx)?;
    Ok(v.map(|b| Value::Bool(b != 0)).unwrap_or(Value::Null))
}

/// Reads a datetime column and writes it in the response format (`YYYY-MM-DDTHH:MM:SS`).
pub fn datetime_col(row: &Row, idx: usize) -> rusqlite::Result<Value> {
    let v: Option<String> = row.get(idx)?;
    Ok(match v {
        Some(s) => Value::String(sim::clock::normalize_datetime(s)),
        None => Value::Null,
    })
}

/// The stored form of a datetime.
pub fn db_datetime(dt: chrono::NaiveDateTime) -> String {
    sim::clock::fmt_datetime(dt)
}

/// Maps a unique-constraint failure of an insert/update to AppWorld's 409, other errors to 500.
pub fn unique_or(e: rusqlite::Error, model: &str, columns: &[&str]) -> ApiError {
    match &e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            ApiError::already_exists(model, columns)
        }
        _ => ApiError::from(e),
    }
}
