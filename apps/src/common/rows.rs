//! Row helpers shared by the apps: [`table_row!`] declares a table's row type with its one
//! INSERT, and small readers shape stored columns as JSON responses.

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

/// The INSERT of [`table_row!`]: `columns` are (column, SQL value) pairs, the value a `:name`
/// parameter or a literal.
pub fn insert_sql(table: &str, columns: &[(&str, &str)]) -> String {
    let names: Vec<&str> = columns.iter().map(|c| c.0).collect();
    let values: Vec<&str> = columns.iter().map(|c| c.1).collect();
    format!(
        "INSERT INTO {table} ({}) VALUES ({})",
        names.join(", "),
        values.join(", ")
    )
}

/// Declares the row type of one table and its one INSERT: the struct as written (its fields
/// are columns) and `insert(&self, db) -> rusqlite::Result<i64>` (the new row's id).
///
/// A field written `name: Type => conv` is stored as `conv(&self.name)`. After the fields,
/// `fixed { column: literal }` lists columns always written with one SQL literal, and
/// `copy { column: field }` columns written with another field's value.
///
/// ```ignore
/// table_row! {
///     /// A label (`todoist.labels`).
///     #[derive(Debug, Clone, Copy)]
///     pub struct NewLabel<'a> in "todoist.labels" {
///         /// Whose.
///         pub user_id: i64,
///         /// Its name.
///         pub name: &'a str,
///     }
///     fixed { color: "'charcoal'" }
/// }
/// ```
macro_rules! table_row {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident $(<$lt:lifetime>)? in $table:literal {
            $( $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty $(=> $conv:expr)? ),+ $(,)?
        }
        $( fixed { $( $fixed:ident : $fval:literal ),* $(,)? } )?
        $( copy { $( $copy:ident : $src:ident ),* $(,)? } )?
    ) => {
        $(#[$meta])*
        $vis struct $name $(<$lt>)? {
            $( $(#[$fmeta])* $fvis $field: $ty, )+
        }

        impl $(<$lt>)? $name $(<$lt>)? {
            /// Inserts the row; returns its id.
            pub fn insert(&self, db: &rusqlite::Connection) -> rusqlite::Result<i64> {
                static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
                let sql = SQL.get_or_init(|| {
                    $crate::common::rows::insert_sql(
                        $table,
                        &[
                            $( (stringify!($field), concat!(":", stringify!($field))), )+
                            $($( (stringify!($fixed), $fval), )*)?
                            $($( (stringify!($copy), concat!(":", stringify!($src))), )*)?
                        ],
                    )
                });
                $( let $field = &( $($conv)? (&self.$field) ); )+
                db.prepare_cached(sql)?.execute(
                    &[$( (concat!(":", stringify!($field)), $field as &dyn rusqlite::ToSql) ),+][..],
                )?;
                Ok(db.last_insert_rowid())
            }
        }
    };
}
pub(crate) use table_row;
