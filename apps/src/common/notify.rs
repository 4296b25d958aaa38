//! E-mails from companies to users, delivered through the gmail app's tables, as AppWorld's
//! apps send verification codes, password resets and receipts.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::json;
use sim::api::ApiError;

/// The company name and notifier address of an app (`notifications@<company>.com`).
pub fn company(app: &str) -> (&'static str, &'static str) {
    match app {
        "amazon" => ("Amazon", "notifications@amazon.com"),
        "venmo" => ("Venmo", "notifications@venmo.com"),
        "splitwise" => ("Splitwise", "notifications@splitwise.com"),
        "spotify" => ("Spotify", "notifications@spotify.com"),
        "todoist" => ("Todoist", "notifications@todoist.com"),
        "simple_note" => ("Simple Note", "notifications@simplenote.com"),
        "file_system" => ("File System", "notifications@filesystem.com"),
        "phone" => ("Phone", "notifications@phone.com"),
        _ => ("Gmail", "notifications@gmail.com"),
    }
}

/// Does `email` have a Gmail mailbox?
pub fn has_mailbox(db: &Connection, email: &str) -> Result<bool, ApiError> {
    Ok(gmail_user(db, email)?.is_some())
}

fn gmail_user(db: &Connection, email: &str) -> Result<Option<(i64, String)>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT id, first_name || ' ' || last_name FROM gmail.users WHERE email = ?1",
        )?
        .query_row([email], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Sends an e-mail from `app`'s company to `to`: a new thread, unread in the recipient's inbox.
/// Fails with 422 when the recipient has no Gmail account.
pub fn email_from_company(
    db: &Connection,
    app: &str,
    to: &str,
    subject: &str,
    body: &str,
    now: chrono::NaiveDateTime,
) -> Result<(), ApiError> {
    let Some((to_id, to_name)) = gmail_user(db, to)? else {
        return Err(ApiError::unprocessable(format!(
            "The email account for {to} does not exist."
        )));
    };
    let (company, from) = company(app);
    let from_name = format!("{company} Notifications");
    let Some((from_id, _)) = gmail_user(db, from)? else {
        return Err(ApiError::internal(format!(
            "the notifier mailbox {from} is missing from the world"
        )));
    };
    let t = sim::clock::fmt_datetime(now);
    db.prepare_cached("INSERT INTO gmail.emails (sender_id, recipient_ids, subject, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")?
        .execute(params![from_id, json!([to_id]).to_string(), subject, body, t])?;
    let email_id = db.last_insert_rowid();
    let ids = json!([email_id]).to_string();
    db.prepare_cached("INSERT INTO gmail.global_email_threads (email_ids, created_at, updated_at) VALUES (?1, ?2, ?2)")?.execute(params![ids, t])?;
    let thread_id = db.last_insert_rowid();
    let mut st = db.prepare_cached(
        "INSERT INTO gmail.user_email_threads (global_email_thread_id, user_id, email_ids, incoming, outgoing, read, label, starred, archived, spam, \
         sender_email_addresses, sender_names, recipient_email_addresses, recipient_names, created_at, updated_at, has_attachments) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, 0, 0, 0, ?7, ?8, ?9, ?10, ?11, ?11, 0)",
    )?;
    let senders = (json!([from]).to_string(), json!([from_name]).to_string());
    let recipients = (json!([to]).to_string(), json!([to_name]).to_string());
    st.execute(params![
        thread_id,
        to_id,
        ids,
        1,
        0,
        0,
        senders.0,
        senders.1,
        recipients.0,
        recipients.1,
        t
    ])?;
    st.execute(params![
        thread_id,
        from_id,
        ids,
        0,
        1,
        1,
        senders.0,
        senders.1,
        recipients.0,
        recipients.1,
        t
    ])?;
    Ok(())
}
