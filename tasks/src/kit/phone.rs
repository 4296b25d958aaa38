//! The supervisor's phone at the end of an episode: texts sent, numbers, contacts (saved
//! and added) and voice messages.

use super::changes::{added, added_by, updates_only};
use super::db::{one, triple, value};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use rusqlite::Connection;
use sim::sql::Cached;

/// The texts the supervisor sent during the episode: (receiver's phone account, message).
pub fn sent_texts(ctx: &EvalCtx) -> Vec<(i64, String)> {
    added_by(ctx, "phone", "global_text_messages", "sender_id")
        .into_iter()
        .map(|r| {
            (
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("message").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The phone account id of a number.
pub fn phone_id(db: &Connection, number: &str) -> Option<i64> {
    one(
        db,
        "SELECT id FROM phone.users WHERE phone_number = ?1",
        [number],
    )
}

/// Texts the supervisor sent to `number` (messages).
pub fn texts_to(ctx: &EvalCtx, number: &str) -> Vec<String> {
    let them = phone_id(ctx.db, number);
    added_by(ctx, "phone", "global_text_messages", "sender_id")
        .into_iter()
        .filter(|t| t.get("receiver_id").as_i64() == them)
        .map(|t| t.get("message").as_str().unwrap_or("").to_string())
        .collect()
}

/// The phone number of the phone account with this id.
pub fn number_of(db: &Connection, id: i64) -> Option<String> {
    value(
        db,
        "SELECT phone_number FROM phone.users WHERE id = ?1",
        [id],
    )
}

/// The texts the supervisor sent during the episode: (receiver's number, "" if unknown;
/// message).
pub fn sent_texts_by_number(ctx: &EvalCtx) -> Vec<(String, String)> {
    sent_texts(ctx)
        .into_iter()
        .map(|(to, message)| (number_of(ctx.db, to).unwrap_or_default(), message))
        .collect()
}

/// The number `user` saved for their contact with e-mail `email` (an error if there is no
/// such contact).
pub fn contact_number(
    db: &Connection,
    user: Option<i64>,
    email: &str,
) -> rusqlite::Result<Option<String>> {
    db.query_row_cached(
        "SELECT phone_number FROM phone.contacts WHERE user_id = ?1 AND email = ?2",
        rusqlite::params![user, email],
        |r| r.get(0),
    )
}

/// Has `user` a contact with this phone number?
pub fn has_contact_number(db: &Connection, user: Option<i64>, number: &str) -> bool {
    value::<i64>(
        db,
        "SELECT count(*) FROM phone.contacts WHERE user_id = ?1 AND phone_number = ?2",
        rusqlite::params![user, number],
    )
    .unwrap_or(0)
        > 0
}

/// A voice message by its global id: (message, sender's number, when it was sent).
pub fn voice_message(db: &Connection, global_id: i64) -> Option<(String, String, String)> {
    triple(
        db,
        "SELECT g.message, u.phone_number, g.created_at FROM phone.global_voice_messages g \
         JOIN phone.users u ON u.id = g.sender_id WHERE g.id = ?1",
        [global_id],
    )
}

/// A phone contact the episode added.
#[derive(Debug, Clone, PartialEq)]
pub struct Contact {
    /// Whose contact it is.
    pub owner: Option<i64>,
    /// First name ("" if none, as every text field here).
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail.
    pub email: String,
    /// Phone number.
    pub phone_number: String,
    /// The relationships as stored (a JSON list).
    pub relationships: String,
}

impl Contact {
    /// The relationships as a list (empty if unreadable).
    pub fn labels(&self) -> Vec<String> {
        serde_json::from_str(&self.relationships).unwrap_or_default()
    }
}

/// The phone contacts the episode added (anyone's), in the order they were added.
pub fn contacts_added(ctx: &EvalCtx) -> Vec<Contact> {
    added(ctx, "phone", "contacts")
        .into_iter()
        .map(|r| {
            let s = |c: &str| r.get(c).as_str().unwrap_or("").to_string();
            Contact {
                owner: r.get("user_id").as_i64(),
                first_name: s("first_name"),
                last_name: s("last_name"),
                email: s("email"),
                phone_number: s("phone_number"),
                relationships: s("relationships"),
            }
        })
        .collect()
}

/// The global id of the voice message this change removes from the supervisor's phone (None
/// for any other change).
pub fn voice_removal(ctx: &EvalCtx, r: &RowChange) -> Option<i64> {
    if r.is("phone", "user_voice_messages")
        && r.kind() == ChangeKind::Removed
        && r.before("user_id").as_i64() == ctx.user_id("phone")
    {
        r.before("global_voice_message_id").as_i64()
    } else {
        None
    }
}

/// The global ids of the supervisor's voice messages the episode removed.
pub fn voice_removed(ctx: &EvalCtx) -> Vec<i64> {
    ctx.diff
        .rows
        .iter()
        .filter_map(|r| voice_removal(ctx, r))
        .collect()
}

/// Is this contact change an update of the phone number only (the relationships re-stored
/// as they were, as an update writes them back)?
pub fn is_number_update(r: &RowChange) -> bool {
    let rels = |v: &serde_json::Value| -> Vec<String> {
        v.as_str()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or_default()
    };
    updates_only(r, &["phone_number", "relationships"])
        && rels(r.before("relationships")) == rels(r.get("relationships"))
}

/// The supervisor's phone contacts' addresses in the end state.
pub fn contact_emails(ctx: &EvalCtx) -> Vec<String> {
    let Some(me) = ctx.user_id("phone") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT email FROM phone.contacts WHERE user_id = ?1 AND email IS NOT NULL",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}
