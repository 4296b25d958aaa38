//! Splitwise at the end of an episode: groups, their members, the expenses and payments the
//! episode added, and the expense shares; plus the one clean-up a setup needs (a group's
//! history).

use super::changes::{added, added_by};
use super::db::value;
use crate::eval::EvalCtx;
use crate::setup::Setup;
use rusqlite::Connection;

/// The id of the Splitwise group named `name` that the supervisor is in.
pub fn group_named(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let me = ctx.user_id("splitwise")?;
    value(
        ctx.db,
        "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
         WHERE m.user_id = ?1 AND g.name = ?2 ORDER BY g.id LIMIT 1",
        rusqlite::params![me, name],
    )
}

/// The id of the Splitwise group named `name` that the supervisor is in and that is not
/// deleted.
pub fn live_group_named(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let me = ctx.user_id("splitwise")?;
    value(
        ctx.db,
        "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
         WHERE m.user_id = ?1 AND g.name = ?2 AND NOT g.deleted ORDER BY g.id LIMIT 1",
        rusqlite::params![me, name],
    )
}

/// The member ids of a Splitwise group, in id order (empty on error).
pub fn group_members(db: &Connection, group: i64) -> Vec<i64> {
    let Ok(mut st) = db.prepare_cached(
        "SELECT user_id FROM splitwise.group_members WHERE group_id = ?1 ORDER BY user_id",
    ) else {
        return Vec::new();
    };
    st.query_map([group], |r| r.get(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The live Splitwise group of exactly the users `a` and `b` (lowest id first).
pub fn group_of_two(db: &Connection, a: i64, b: i64) -> rusqlite::Result<i64> {
    let mut st = db.prepare_cached(
        "SELECT g.id FROM splitwise.groups g WHERE NOT g.deleted \
         AND (SELECT count(*) FROM splitwise.group_members m WHERE m.group_id = g.id) = 2 \
         AND EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = g.id AND m.user_id = ?1) \
         AND EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = g.id AND m.user_id = ?2) ORDER BY g.id LIMIT 1",
    )?;
    st.query_row([a, b], |r| r.get(0))
}

/// Removes a group's history (the expenses with their comments and shares, and the
/// payments), so that a setup starts it from a clean slate.
pub fn clear_group_history(s: &Setup, group: i64) -> rusqlite::Result<()> {
    s.execute(
        "DELETE FROM splitwise.expense_comments WHERE expense_id IN (SELECT id FROM splitwise.expenses WHERE group_id = ?1)",
        [group],
    )?;
    clear_group_bills(s, group)
}

/// Removes a group's expenses with their shares, and its payments (the expenses' comments
/// stay, orphaned, as in a world whose comments a task does not read).
pub fn clear_group_bills(s: &Setup, group: i64) -> rusqlite::Result<()> {
    s.execute(
        "DELETE FROM splitwise.expense_shares WHERE expense_id IN (SELECT id FROM splitwise.expenses WHERE group_id = ?1)",
        [group],
    )?;
    s.execute(
        "DELETE FROM splitwise.expenses WHERE group_id = ?1",
        [group],
    )?;
    s.execute(
        "DELETE FROM splitwise.payments WHERE group_id = ?1",
        [group],
    )?;
    Ok(())
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

/// An expense the episode added.
#[derive(Debug, Clone, PartialEq)]
pub struct Expense {
    /// Its id (0 if unreadable).
    pub id: i64,
    /// Its group (`None` outside groups).
    pub group: Option<i64>,
    /// Who paid.
    pub payer: Option<i64>,
    /// Its description as stored ("" if none).
    pub description: String,
    /// Its amount (0 if unreadable).
    pub amount: f64,
    /// The receipt file's name, if one is attached.
    pub receipt: Option<String>,
}

/// The expenses the episode added, in the order of the episode's changes.
pub fn expenses_added(ctx: &EvalCtx) -> Vec<Expense> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .map(|r| Expense {
            id: r.get("id").as_i64().unwrap_or(0),
            group: r.get("group_id").as_i64(),
            payer: r.get("payer_id").as_i64(),
            description: r.get("description").as_str().unwrap_or("").to_string(),
            amount: r.get("amount").as_f64().unwrap_or(0.0),
            receipt: r.get("receipt_file_name").as_str().map(str::to_string),
        })
        .collect()
}

/// A payment ("settle up") the episode added.
#[derive(Debug, Clone, PartialEq)]
pub struct Payment {
    /// Its group (`None` outside groups).
    pub group: Option<i64>,
    /// Who paid.
    pub payer: Option<i64>,
    /// Who was paid.
    pub receiver: Option<i64>,
    /// Its amount (0 if unreadable).
    pub amount: f64,
    /// Its description as stored ("" if none).
    pub description: String,
}

/// The payments the episode added, in the order of the episode's changes.
pub fn payments_added(ctx: &EvalCtx) -> Vec<Payment> {
    added(ctx, "splitwise", "payments")
        .into_iter()
        .map(|r| Payment {
            group: r.get("group_id").as_i64(),
            payer: r.get("payer_id").as_i64(),
            receiver: r.get("receiver_id").as_i64(),
            amount: r.get("amount").as_f64().unwrap_or(0.0),
            description: r.get("description").as_str().unwrap_or("").to_string(),
        })
        .collect()
}

/// The expenses `payer` paid with this description on `day` (`yyyy-mm-dd`), in the group
/// named `group` that `payer` is in (outside groups when `None`): (id, amount, deleted), in
/// id order.
pub fn expenses_paid_on(
    db: &Connection,
    payer: i64,
    group: Option<&str>,
    description: &str,
    day: &str,
) -> Vec<(i64, f64, bool)> {
    let scope = if group.is_some() {
        "group_id = (SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id WHERE m.user_id = ?1 AND g.name = ?4 ORDER BY g.id LIMIT 1)"
    } else {
        "group_id IS NULL AND ?4 IS NULL"
    };
    let Ok(mut st) = db.prepare_cached(&format!(
        "SELECT id, amount, coalesce(deleted, 0) FROM splitwise.expenses WHERE payer_id = ?1 AND {scope} AND description = ?2 AND substr(created_at, 1, 10) = ?3 ORDER BY id"
    )) else {
        return Vec::new();
    };
    st.query_map(rusqlite::params![payer, description, day, group], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The groups the supervisor created in the episode: (id, name as stored or ""), in the
/// order they were added.
pub fn groups_created(ctx: &EvalCtx) -> Vec<(Option<i64>, String)> {
    added_by(ctx, "splitwise", "groups", "user_id")
        .into_iter()
        .map(|r| {
            (
                r.get("id").as_i64(),
                r.get("name").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The group named `name` that the supervisor shares with the Splitwise user with e-mail
/// `mate` (the first the database finds).
pub fn group_with(ctx: &EvalCtx, name: &str, mate: &str) -> Option<i64> {
    super::db::one(
        ctx.db,
        "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members a ON a.group_id = g.id \
         JOIN splitwise.group_members b ON b.group_id = g.id WHERE g.name = ?3 AND a.user_id = ?1 AND b.user_id = ?2",
        rusqlite::params![
            ctx.user_id("splitwise"),
            super::db::uid(ctx, "splitwise", mate),
            name
        ],
    )
}

/// The name of group `id`.
pub fn group_name(db: &Connection, id: i64) -> Option<String> {
    value(db, "SELECT name FROM splitwise.groups WHERE id = ?1", [id])
}
