//! In-app notifications (expenses, payments, comments and group events of others), newest
//! first. An empty notification id reaches the bulk routes, as in AppWorld: marking or deleting
//! notification `""` marks or deletes them all.

use super::store::page;
use crate::common::rows::{bool_col, datetime_col};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{SortKey, sort_rows};
use sim::api::{ApiError, Args, Ctx};

struct Notification {
    id: i64,
    kind: String,
    title: String,
    message: String,
    read: Value,
    created_at: Value,
    data: Value,
}

pub(super) fn show_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let mut rows: Vec<Notification> = ctx
        .db
        .prepare_cached(
            "SELECT id, type, title, message, read, created_at, data FROM splitwise.notifications \
             WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2) ORDER BY id",
        )?
        .query_map(params![uid, a.opt_bool("read")], |r| {
            Ok(Notification {
                id: r.get(0)?,
                kind: r.get(1)?,
                title: r.get(2)?,
                message: r.get(3)?,
                read: bool_col(r, 4)?,
                created_at: datetime_col(r, 5)?,
                data: r
                    .get::<_, Option<String>>(6)?
                    .and_then(|s| serde_json::from_str(&s).ok())
                    .unwrap_or_else(|| json!({})),
            })
        })?
        .collect::<Result<_, _>>()?;
    let newest = SortKey {
        field: "created_at".into(),
        descending: true,
    };
    sort_rows(&mut rows, &newest, |n, _| n.created_at.clone());
    Ok(Value::Array(
        page(a, rows)
            .into_iter()
            .map(|n| {
                json!({"notification_id": n.id, "type": n.kind, "title": n.title, "message": n.message,
                       "read": n.read, "created_at": n.created_at, "data": n.data})
            })
            .collect(),
    ))
}

pub(super) fn delete_notifications(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    ctx.db
        .prepare_cached("DELETE FROM splitwise.notifications WHERE user_id = ?1")?
        .execute([ctx.user()?.id])?;
    Ok(json!({"message": "Deleted all notifications."}))
}

fn read_word(read: bool) -> &'static str {
    if read { "read" } else { "unread" }
}

pub(super) fn mark_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached("UPDATE splitwise.notifications SET read = ?1 WHERE user_id = ?2")?
        .execute(params![read, ctx.user()?.id])?;
    Ok(json!({"message": format!("Marked all notifications as {}.", read_word(read))}))
}

pub(super) fn show_notifications_count(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let n: i64 = ctx
        .db
        .prepare_cached(
            "SELECT count(*) FROM splitwise.notifications WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2)",
        )?
        .query_row(params![ctx.user()?.id, a.opt_bool("read")], |r| r.get(0))?;
    // AppWorld answers the count as a float.
    Ok(json!({"notifications_count": n as f64}))
}

/// The caller's notification `id`: 409 if it does not exist, 422 if it is someone else's.
fn own_notification(ctx: &Ctx, id: i64) -> Result<i64, ApiError> {
    let owner: i64 = ctx
        .db
        .prepare_cached("SELECT user_id FROM splitwise.notifications WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("notification", id))?;
    if owner != ctx.user()?.id {
        return Err(ApiError::not_owner("notification"));
    }
    Ok(id)
}

pub(super) fn delete_notification(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = own_notification(ctx, a.int("notification_id"))?;
    ctx.db
        .prepare_cached("DELETE FROM splitwise.notifications WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Notification deleted."}))
}

pub(super) fn mark_notification(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = own_notification(ctx, a.int("notification_id"))?;
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached("UPDATE splitwise.notifications SET read = ?1 WHERE id = ?2")?
        .execute(params![read, id])?;
    Ok(json!({"message": format!("Marked notification as {}.", read_word(read))}))
}
