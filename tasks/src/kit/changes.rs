//! The episode's row changes: what it added, whose rows they are, and allowances over them.

use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::model::Allow;

/// The rows of `app.table` the episode added.
pub fn added<'a>(ctx: &'a EvalCtx, app: &str, table: &str) -> Vec<&'a RowChange> {
    ctx.diff
        .rows
        .iter()
        .filter(|r| r.is(app, table) && r.kind() == ChangeKind::Added)
        .collect()
}

/// The rows of `app.table` the episode added whose `column` is the supervisor's id in `app`
/// (their own payments, texts, comments, ...).
pub fn added_by<'a>(ctx: &'a EvalCtx, app: &str, table: &str, column: &str) -> Vec<&'a RowChange> {
    let me = ctx.user_id(app);
    added(ctx, app, table)
        .into_iter()
        .filter(|r| r.get(column).as_i64() == me)
        .collect()
}

/// Allows rows added to `app.table` that `fits` accepts.
pub fn allow_added(
    what: impl Into<String>,
    app: &'static str,
    table: &'static str,
    fits: impl Fn(&EvalCtx, &RowChange) -> bool + Send + Sync + 'static,
) -> Allow {
    Allow::new(what, move |ctx, r| {
        r.is(app, table) && r.kind() == ChangeKind::Added && fits(ctx, r)
    })
}

/// Is `column` of this row the supervisor's id in `app`?
pub fn is_mine(ctx: &EvalCtx, r: &RowChange, app: &str, column: &str) -> bool {
    r.get(column).as_i64() == ctx.user_id(app)
}

/// Allows rows added to `app.table` whose `column` is the supervisor's id in `app` (their
/// own expenses, comments, contacts, ...).
pub fn allow_own(
    what: impl Into<String>,
    app: &'static str,
    table: &'static str,
    column: &'static str,
) -> Allow {
    allow_added(what, app, table, move |ctx, r| is_mine(ctx, r, app, column))
}

/// Is this an update of only these columns?
pub fn updates_only(r: &RowChange, columns: &[&str]) -> bool {
    r.kind() == ChangeKind::Updated
        && r.changed_columns()
            .iter()
            .all(|c| columns.contains(&c.as_str()))
}
