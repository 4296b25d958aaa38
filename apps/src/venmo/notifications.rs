//! In-app notifications (money received, payment requests received, approved, denied,
//! reminded), newest first.

use super::APP;
use super::apis::{newest_first, page};
use crate::common::rows::{bool_col, datetime_col};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

fn notification_id() -> P {
    P::int("notification_id").doc("The notification's id.")
}

pub(super) fn apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_notifications", "/venmo/notifications")
            .doc("List your notifications, newest first.")
            .auth()
            .param(P::bool("read").nullable().doc("Only read (true) or only unread (false) notifications."))
            .paged()
            .returns(json!([{"notification_id": 1, "type": "payment_request_approved", "title": "string", "message": "string", "read": true, "created_at": "2019-01-01T00:00:00", "data": {}}]))
            .handler(show_notifications),
        Api::delete(APP, "delete_notifications", "/venmo/notifications")
            .doc("Delete all your notifications.")
            .auth()
            .returns(json!({"message": "string"}))
            .handler(delete_notifications),
        Api::patch(APP, "mark_notifications", "/venmo/notifications")
            .doc("Mark all your notifications as read or unread.")
            .param(P::bool("read").doc("true for read, false for unread."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(mark_notifications),
        Api::get(APP, "show_notifications_count", "/venmo/notifications/count")
            .doc("Count your notifications.")
            .auth()
            .param(P::bool("read").nullable().doc("Count only read (true) or only unread (false) ones."))
            .returns(json!({"notifications_count": 0.0}))
            .handler(show_notifications_count),
        Api::delete(APP, "delete_notification", "/venmo/notifications/{notification_id}")
            .doc("Delete one of your notifications.")
            .param(notification_id())
            .auth()
            .returns(json!({"message": "string"}))
            .handler(delete_notification),
        Api::patch(APP, "mark_notification", "/venmo/notifications/{notification_id}")
            .doc("Mark one of your notifications as read or unread.")
            .param(notification_id())
            .param(P::bool("read").doc("true for read, false for unread."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(mark_notification),
    ]
}

struct Notification {
    id: i64,
    kind: String,
    title: String,
    message: String,
    read: Value,
    created_at: Value,
    data: Value,
}

fn show_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let mut rows: Vec<Notification> = ctx
        .db
        .prepare_cached(
            "SELECT id, type, title, message, read, created_at, data FROM venmo.notifications \
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
    newest_first(&mut rows, |n| &n.created_at);
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

fn delete_notifications(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    ctx.db
        .prepare_cached("DELETE FROM venmo.notifications WHERE user_id = ?1")?
        .execute([ctx.user()?.id])?;
    Ok(json!({"message": "Deleted all notifications."}))
}

fn read_word(read: bool) -> &'static str {
    if read { "read" } else { "unread" }
}

fn mark_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached("UPDATE venmo.notifications SET read = ?1 WHERE user_id = ?2")?
        .execute(params![read, ctx.user()?.id])?;
    Ok(json!({"message": format!("Marked all notifications as {}.", read_word(read))}))
}

fn show_notifications_count(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let n: i64 = ctx
        .db
        .prepare_cached(
            "SELECT count(*) FROM venmo.notifications WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2)",
        )?
        .query_row(params![ctx.user()?.id, a.opt_bool("read")], |r| r.get(0))?;
    // AppWorld answers the count as a float.
    Ok(json!({"notifications_count": n as f64}))
}

/// The caller's notification `id`: 409 if it does not exist, 422 if it is someone else's.
fn own_notification(ctx: &Ctx, id: i64) -> Result<i64, ApiError> {
    let owner: i64 = ctx
        .db
        .prepare_cached("SELECT user_id FROM venmo.notifications WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("notification", id))?;
    if owner != ctx.user()?.id {
        return Err(ApiError::not_owner("notification"));
    }
    Ok(id)
}

fn delete_notification(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = own_notification(ctx, a.int("notification_id"))?;
    ctx.db
        .prepare_cached("DELETE FROM venmo.notifications WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Deleted notification."}))
}

fn mark_notification(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = own_notification(ctx, a.int("notification_id"))?;
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached("UPDATE venmo.notifications SET read = ?1 WHERE id = ?2")?
        .execute(params![read, id])?;
    Ok(json!({"message": format!("Marked notification as {}.", read_word(read))}))
}
