//! Gmail at the end of an episode: accounts and the id lists its rows keep.

use crate::eval::EvalCtx;
use rusqlite::OptionalExtension;
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
