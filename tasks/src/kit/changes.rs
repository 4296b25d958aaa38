//! The episode's row changes: what it added, and allowances over them.

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

/// Is this an update of only these columns?
pub fn updates_only(r: &RowChange, columns: &[&str]) -> bool {
    r.kind() == ChangeKind::Updated
        && r.changed_columns()
            .iter()
            .all(|c| columns.contains(&c.as_str()))
}
