//! Small queries over the episode's database.

use crate::eval::EvalCtx;
use rusqlite::types::FromSql;
use rusqlite::{Connection, OptionalExtension};
use sim::sql::Cached;

/// The ids a query returns (empty on error).
pub fn ids(db: &Connection, sql: &str, p: impl rusqlite::Params) -> Vec<i64> {
    db.prepare_cached(sql)
        .and_then(|mut st| {
            st.query_map(p, |r| r.get::<_, i64>(0))?
                .collect::<rusqlite::Result<Vec<i64>>>()
        })
        .unwrap_or_default()
}

/// The first id a query returns.
pub fn one(db: &Connection, sql: &str, p: impl rusqlite::Params) -> Option<i64> {
    db.prepare_cached(sql)
        .and_then(|mut st| st.query_row(p, |r| r.get::<_, i64>(0)).optional())
        .ok()
        .flatten()
}

/// The first column of the first row a query returns (None on an error or without a row).
pub fn value<T: FromSql>(db: &Connection, sql: &str, p: impl rusqlite::Params) -> Option<T> {
    db.query_row_cached(sql, p, |r| r.get(0)).ok()
}

/// The first row a query returns, as its first three columns (None on an error or without a
/// row).
pub fn triple<A: FromSql, B: FromSql, C: FromSql>(
    db: &Connection,
    sql: &str,
    p: impl rusqlite::Params,
) -> Option<(A, B, C)> {
    db.query_row_cached(sql, p, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .ok()
}

/// The id of the user with this e-mail in `app`.
pub fn uid(ctx: &EvalCtx, app: &str, email: &str) -> Option<i64> {
    ctx.db
        .query_row_cached(
            &format!("SELECT id FROM \"{app}\".users WHERE email = ?1"),
            [email],
            |r| r.get(0),
        )
        .ok()
}
