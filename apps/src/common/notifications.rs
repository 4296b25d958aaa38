//! In-app notifications, the same six APIs in venmo, splitwise and todoist (the last six of
//! each app's docs): list (newest first, ties by id), count (a float, as AppWorld answers),
//! mark and delete one or all. Each app writes its own notifications into its `notifications`
//! table (`user_id, type, title, message, read, data, created_at`); these handlers read the
//! table of the app the call is for (`Ctx::app`).

use crate::common::rows::{bool_col, datetime_col};
use rusqlite::{OptionalExtension, ToSql, params};
use serde_json::{Value, json};
use sim::api::listing::paginate;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

/// The six notification APIs of `app`, in docs order; `example_type` is the notification type
/// the documented response shows.
pub fn notification_apis(app: &'static str, example_type: &str) -> Vec<ApiSpec> {
    let path = |p: &str| -> &'static str { Box::leak(format!("/{app}{p}").into_boxed_str()) };
    let id = || P::int("notification_id").doc("The notification's id.");
    let message = || json!({"message": "string"});
    vec![
        Api::get(app, "show_notifications", path("/notifications"))
            .doc("List your notifications, newest first.")
            .auth()
            .param(P::bool("read").nullable().doc("Only read (true) or only unread (false) notifications."))
            .paged()
            .returns(json!([{"notification_id": 1, "type": example_type, "title": "string", "message": "string", "read": true, "created_at": "2019-01-01T00:00:00", "data": {}}]))
            .handler(show_notifications),
        Api::delete(app, "delete_notifications", path("/notifications"))
            .doc("Delete all your notifications.")
            .auth()
            .returns(message())
            .handler(delete_notifications),
        Api::patch(app, "mark_notifications", path("/notifications"))
            .doc("Mark all your notifications as read or unread.")
            .param(P::bool("read").doc("true for read, false for unread."))
            .auth()
            .returns(message())
            .handler(mark_notifications),
        Api::get(app, "show_notifications_count", path("/notifications/count"))
            .doc("Count your notifications.")
            .auth()
            .param(P::bool("read").nullable().doc("Count only read (true) or only unread (false) ones."))
            .returns(json!({"notifications_count": 0.0}))
            .handler(show_notifications_count),
        Api::delete(app, "delete_notification", path("/notifications/{notification_id}"))
            .doc("Delete one of your notifications.")
            .param(id())
            .auth()
            .returns(message())
            .handler(delete_notification),
        Api::patch(app, "mark_notification", path("/notifications/{notification_id}"))
            .doc("Mark one of your notifications as read or unread.")
            .param(id())
            .param(P::bool("read").doc("true for read, false for unread."))
            .auth()
            .returns(message())
            .handler(mark_notification),
    ]
}

fn show_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rows: Vec<Value> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT id, type, title, message, read, created_at, data FROM \"{}\".notifications \
             WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2) ORDER BY created_at DESC, id",
            ctx.app
        ))?
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

fn delete_notifications(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    ctx.db
        .prepare_cached(&format!(
            "DELETE FROM \"{}\".notifications WHERE user_id = ?1",
            ctx.app
        ))?
        .execute([ctx.user()?.id])?;
    Ok(json!({"message": "Deleted all notifications."}))
}

fn read_word(read: bool) -> &'static str {
    if read { "read" } else { "unread" }
}

fn mark_notifications(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached(&format!(
            "UPDATE \"{}\".notifications SET read = ?1 WHERE user_id = ?2",
            ctx.app
        ))?
        .execute(params![read, ctx.user()?.id])?;
    Ok(json!({"message": format!("Marked all notifications as {}.", read_word(read))}))
}

fn show_notifications_count(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let n: i64 = ctx
        .db
        .prepare_cached(&format!(
            "SELECT count(*) FROM \"{}\".notifications WHERE user_id = ?1 AND (?2 IS NULL OR read = ?2)",
            ctx.app
        ))?
        .query_row(params![ctx.user()?.id, a.opt_bool("read")], |r| r.get(0))?;
    // AppWorld answers the count as a float.
    Ok(json!({"notifications_count": n as f64}))
}

/// The caller's notification `id`: 409 if it does not exist, 422 if it is someone else's.
fn own_notification(ctx: &Ctx, id: i64) -> Result<i64, ApiError> {
    let owner: i64 = ctx
        .db
        .prepare_cached(&format!(
            "SELECT user_id FROM \"{}\".notifications WHERE id = ?1",
            ctx.app
        ))?
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
        .prepare_cached(&format!(
            "DELETE FROM \"{}\".notifications WHERE id = ?1",
            ctx.app
        ))?
        .execute([id])?;
    // Venmo words it differently from the others.
    Ok(
        json!({"message": if ctx.app == "venmo" { "Deleted notification." } else { "Notification deleted." }}),
    )
}

fn mark_notification(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = own_notification(ctx, a.int("notification_id"))?;
    let read = a.opt_bool("read").unwrap_or(false);
    ctx.db
        .prepare_cached(&format!(
            "UPDATE \"{}\".notifications SET read = ?1 WHERE id = ?2",
            ctx.app
        ))?
        .execute(params![read, id])?;
    Ok(json!({"message": format!("Marked notification as {}.", read_word(read))}))
}

/// A notification (`<app>.notifications` of venmo, splitwise or todoist), as the apps' handlers
/// and seeds write one.
#[derive(Debug, Clone, Copy)]
pub struct NewNotification<'a> {
    /// The app whose table it goes in.
    pub app: &'a str,
    /// Who gets it.
    pub user_id: i64,
    /// Its type (`expense_added`, ...).
    pub kind: &'a str,
    /// Its title.
    pub title: &'a str,
    /// Its message.
    pub message: &'a str,
    /// Whether it has been read.
    pub read: bool,
    /// Its data, as stored JSON text.
    pub data: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewNotification<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &rusqlite::Connection) -> rusqlite::Result<()> {
        let columns: [(&str, &dyn ToSql); 7] = [
            ("user_id", &self.user_id),
            ("type", &self.kind),
            ("title", &self.title),
            ("message", &self.message),
            ("read", &self.read),
            ("data", &self.data),
            ("created_at", &self.created_at),
        ];
        let table = format!("\"{}\".notifications", self.app);
        crate::common::accounts::insert_row(db, &table, &columns, &[]).map(drop)
    }
}
