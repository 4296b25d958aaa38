//! Splitwise at the end of an episode: groups and expense shares.

use crate::eval::EvalCtx;
use sim::sql::Cached;

/// The id of the Splitwise group named `name` that the supervisor is in.
pub fn group_named(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let me = ctx.user_id("splitwise")?;
    ctx.db
        .query_row_cached(
            "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
             WHERE m.user_id = ?1 AND g.name = ?2 ORDER BY g.id LIMIT 1",
            rusqlite::params![me, name],
            |r| r.get(0),
        )
        .ok()
}

/// The shares of a Splitwise expense: (debtor id, amount).
pub fn expense_shares(ctx: &EvalCtx, expense: i64) -> Vec<(i64, f64)> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT debtor_id, share_amount FROM splitwise.expense_shares WHERE expense_id = ?1 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map([expense], |r| Ok((r.get(0)?, r.get(1)?)))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}
