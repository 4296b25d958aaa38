//! The caller's notifications (what other collaborators did, tasks assigned to the caller),
//! newest first.

use crate::common::rows::{bool_col, datetime_col};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::paginate;
use sim::api::{ApiError, Args, Ctx};

pub(super) fn show_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rows: Vec<Value> = ctx
        .db
        .prepare_cached(
            "SELECT id, type, title, message, read, created_at, data FROM todoist.notifications \
             WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2) ORDER BY created_at DESC, id",
        )?
        .query_map(params![ctx.user()?.id, a.opt_bool("read")], |r| {
            Ok(json!({
                "notification_id": r.get::<_, i64>(0)?,
                "type": r.get::<_, String>(1)?,
                "title": r.get::<_, String>(2)?,
                "message": r.get::<_, String>(3)?,
                "read": bool_col(r, 4)?,
                "created_at": datetime_col(r, 5)?,
                "data": r
                    .get::<_, Option<String>>(6)?
                    .and_then(|s| serde_json::from_str::<Value>(&s).ok())
                    .unwrap_or_else(|| json!({})),
            }))
        })?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(paginate(
        rows,
        a.int("page_index"),
        a.int("page_limit"),
    )))
}

pub(super) fn delete_notifications(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    ctx.db
        .prepare_cached("DELETE FROM todoist.notifications WHERE user_id = ?1")?
        .execute([ctx.user()?.id])?;
    Ok(json!({"message": "Deleted all notifications."}))
}

fn read_word(read: bool) -> &'static str {
    if read { "read" } else { "unread" }
}

pub(super) fn mark_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached("UPDATE todoist.notifications SET read = ?1 WHERE user_id = ?2")?
        .execute(params![read, ctx.user()?.id])?;
    Ok(json!({"message": format!("Marked all notifications as {}.", read_word(read))}))
}

pub(super) fn show_notifications_count(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let n: i64 = ctx
        .db
        .prepare_cached(
            "SELECT count(*) FROM todoist.notifications WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2)",
        )?
        .query_row(params![ctx.user()?.id, a.opt_bool("read")], |r| r.get(0))?;
    // AppWorld answers the count as a float.
    Ok(json!({"notifications_count": n as f64}))
}

/// The caller's notification `id`: 409 if it does not exist, 422 if it is someone else's.
fn own_notification(ctx: &Ctx, id: i64) -> Result<i64, ApiError> {
    let owner: i64 = ctx
        .db
        .prepare_cached("SELECT user_id FROM todoist.notifications WHERE id = ?1")?
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
        .prepare_cached("DELETE FROM todoist.notifications WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Notification deleted."}))
}

pub(super) fn mark_notification(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = own_notification(ctx, a.int("notification_id"))?;
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached("UPDATE todoist.notifications SET read = ?1 WHERE id = ?2")?
        .execute(params![read, id])?;
    Ok(json!({"message": format!("Marked notification as {}.", read_word(read))}))
}
