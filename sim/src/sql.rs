//! Statement-cached shorthands for [`rusqlite::Connection`]: its `execute` and `query_row`
//! compile their SQL on every call, which for a write to a table of the world also compiles
//! every change-log trigger on it; these go through the connection's statement cache instead.

use rusqlite::{Connection, Params, Row};

/// `execute` and `query_row` through the statement cache.
pub trait Cached {
    /// [`Connection::execute`] with the statement kept in the cache.
    fn execute_cached(&self, sql: &str, params: impl Params) -> rusqlite::Result<usize>;

    /// [`Connection::query_row`] with the statement kept in the cache.
    fn query_row_cached<T>(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T>;
}

impl Cached for Connection {
    fn execute_cached(&self, sql: &str, params: impl Params) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    fn query_row_cached<T>(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        self.prepare_cached(sql)?.query_row(params, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_calls_answer_like_the_plain_ones() {
        let db = Connection::open_in_memory().unwrap();
        db.execute_cached("CREATE TABLE t (x INTEGER)", []).unwrap();
        for x in [3, 4] {
            assert_eq!(
                db.execute_cached("INSERT INTO t VALUES (?1)", [x]).unwrap(),
                1
            );
        }
        let sum: i64 = db
            .query_row_cached("SELECT sum(x) FROM t WHERE x > ?1", [0], |r| r.get(0))
            .unwrap();
        assert_eq!(sum, 7);
        assert!(matches!(
            db.query_row_cached("SELECT x FROM t WHERE x > 9", [], |r| r.get::<_, i64>(0)),
            Err(rusqlite::Error::QueryReturnedNoRows)
        ));
    }
}
