//! Gmail at the end of an episode: accounts, the e-mails the supervisor sent or received,
//! their thread copies and attachments, and the id lists its rows keep.

use super::changes::added;
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use rusqlite::{Connection, OptionalExtension};
use serde_json::Value;
use sim::sql::Cached;

/// A JSON list of ids in a column (as gmail stores `recipient_ids`).
pub fn ids_of(v: &Value) -> Vec<i64> {
    v.as_str()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or_default()
}

/// The gmail account id of an address.
pub fn gmail_id(ctx: &EvalCtx, email: &str) -> Option<i64> {
    ctx.db
        .query_row_cached(
            "SELECT id FROM gmail.users WHERE email = ?1",
            [email],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// The columns of a thread copy that follow from its e-mails.
pub const FOLLOW: &[&str] = &[
    "email_ids",
    "incoming",
    "outgoing",
    "sender_email_addresses",
    "sender_names",
    "recipient_email_addresses",
    "recipient_names",
    "updated_at",
    "has_attachments",
];

/// An e-mail the supervisor sent during the episode.
#[derive(Debug, Clone)]
pub struct Sent {
    /// Its id.
    pub id: i64,
    /// Its recipients' gmail ids.
    pub to: Vec<i64>,
    /// Its subject.
    pub subject: String,
    /// Its body.
    pub body: String,
    /// The e-mail it replies to or forwards.
    pub response_to: Option<i64>,
}

/// The e-mails the supervisor sent during the episode, in order.
pub fn sent_mail(ctx: &EvalCtx) -> Vec<Sent> {
    let me = ctx.user_id("gmail");
    added(ctx, "gmail", "emails")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| Sent {
            id: r.get("id").as_i64().unwrap_or(0),
            to: ids_of(r.get("recipient_ids")),
            subject: r.get("subject").as_str().unwrap_or("").to_string(),
            body: r.get("body").as_str().unwrap_or("").to_string(),
            response_to: r.get("response_to_email_id").as_i64(),
        })
        .collect()
}

/// E-mails from the supervisor only to the gmail accounts `ok`: the first other recipient,
/// named.
pub fn mail_only_to(ctx: &EvalCtx, ok: &[i64]) -> Result<(), String> {
    match sent_mail(ctx)
        .iter()
        .flat_map(|s| s.to.clone())
        .find(|r| !ok.contains(r))
    {
        Some(r) => Err(format!("an e-mail went to gmail user {r}")),
        None => Ok(()),
    }
}

/// The id of the latest e-mail from `from` with exactly `subject` that the supervisor
/// received.
pub fn received(ctx: &EvalCtx, from: &str, subject: &str) -> Option<i64> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT e.id FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id \
             WHERE u.email = ?1 AND e.subject = ?2 AND EXISTS (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?3) \
             ORDER BY e.id DESC LIMIT 1",
            rusqlite::params![from, subject, me],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// The id of the latest e-mail with exactly `subject` from `from` that involves the
/// supervisor (as sender or recipient).
pub fn involving(ctx: &EvalCtx, from: &str, subject: &str) -> Option<i64> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT e.id FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id \
             WHERE u.email = ?1 AND e.subject = ?2 AND (e.sender_id = ?3 OR EXISTS \
             (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?3)) ORDER BY e.id DESC LIMIT 1",
            rusqlite::params![from, subject, me],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// The e-mail with exactly `subject` that gmail user `user` received (for a setup).
pub fn mail_to(db: &Connection, subject: &str, user: i64) -> rusqlite::Result<i64> {
    db.query_row_cached(
        "SELECT e.id FROM gmail.emails e WHERE e.subject = ?1 \
         AND EXISTS (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?2)",
        rusqlite::params![subject, user],
        |r| r.get(0),
    )
}

/// The subject of e-mail `id` ("" if there is none).
pub fn subject_of(db: &Connection, id: i64) -> String {
    db.query_row_cached(
        "SELECT subject FROM gmail.emails WHERE id = ?1",
        [id],
        |r| r.get(0),
    )
    .unwrap_or_default()
}

/// The address of the sender of e-mail `id`.
pub fn sender_of(db: &Connection, id: i64) -> Option<String> {
    db.query_row_cached(
        "SELECT u.email FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id WHERE e.id = ?1",
        [id],
        |r| r.get::<_, String>(0),
    )
    .ok()
}

/// The file names attached to e-mail `id`, in id order.
pub fn attachment_names(ctx: &EvalCtx, id: i64) -> Vec<String> {
    let Ok(mut st) = ctx
        .db
        .prepare_cached("SELECT file_name FROM gmail.attachments WHERE email_id = ?1 ORDER BY id")
    else {
        return Vec::new();
    };
    st.query_map([id], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The flags of one of the supervisor's thread copies.
#[derive(Debug, Clone)]
pub struct Thread {
    /// The thread copy's id.
    pub id: i64,
    /// Its label.
    pub label: Option<String>,
    /// Is it read?
    pub read: bool,
    /// Is it starred?
    pub starred: bool,
    /// Is it archived?
    pub archived: bool,
    /// Is it in spam?
    pub spam: bool,
}

/// The supervisor's thread copy holding e-mail `email` in the end state (None when there is
/// none: deleted).
pub fn thread_of(ctx: &EvalCtx, email: i64) -> Option<Thread> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT id, label, read, starred, archived, spam FROM gmail.user_email_threads WHERE user_id = ?1 \
             AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?2)",
            rusqlite::params![me, email],
            |r| {
                Ok(Thread {
                    id: r.get(0)?,
                    label: r.get(1)?,
                    read: r.get(2)?,
                    starred: r.get(3)?,
                    archived: r.get(4)?,
                    spam: r.get(5)?,
                })
            },
        )
        .optional()
        .ok()
        .flatten()
}

/// The thread copies of gmail user `user`, not in spam, holding an e-mail one of `senders`
/// (gmail ids) sent: (id, label, archived).
pub fn threads_from(
    ctx: &EvalCtx,
    user: i64,
    senders: &[i64],
) -> Result<Vec<(i64, Option<String>, bool)>, String> {
    let mut st = ctx
        .db
        .prepare_cached(
            "SELECT t.id, t.label, t.archived FROM gmail.user_email_threads t WHERE t.user_id = ?1 AND t.spam = 0 \
             AND EXISTS (SELECT 1 FROM json_each(t.email_ids) je JOIN gmail.emails e ON e.id = je.value \
             WHERE e.sender_id IN (SELECT value FROM json_each(?2)))",
        )
        .map_err(|e| e.to_string())?;
    let rows: Vec<(i64, Option<String>, bool)> = st
        .query_map(
            rusqlite::params![user, serde_json::to_string(senders).unwrap_or_default()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .collect();
    Ok(rows)
}

/// The supervisor's spam threads in the end state: (id, sender addresses, text of subjects
/// and bodies).
pub fn spam_threads(ctx: &EvalCtx) -> Vec<(i64, Vec<String>, String)> {
    let Some(me) = ctx.user_id("gmail") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT t.id, group_concat(u.email, ' '), group_concat(e.subject || ' ' || e.body, ' ') FROM gmail.user_email_threads t \
         JOIN json_each(t.email_ids) je JOIN gmail.emails e ON e.id = je.value JOIN gmail.users u ON u.id = e.sender_id \
         WHERE t.user_id = ?1 AND t.spam = 1 GROUP BY t.id",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?
                .split(' ')
                .map(str::to_string)
                .collect(),
            r.get::<_, String>(2)?,
        ))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// Is the row change the supervisor's (its `user_id` is theirs)?
pub fn is_mine(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.get("user_id").as_i64() == ctx.user_id("gmail")
}

/// Was the thread copy of this row change in spam (after it, or before its removal)?
pub fn in_spam(r: &RowChange) -> bool {
    r.get("spam").as_i64() == Some(1)
}

/// The e-mails a thread copy's row change lists.
pub fn email_ids(r: &RowChange) -> Vec<i64> {
    ids_of(r.get("email_ids"))
}
