//! Venmo at the end of an episode: users and balances, requests (the supervisor's new ones,
//! their answers, reminders), payments, likes and comments, bank transfers; plus the few
//! writes a setup's history needs (an approved request, a private payment, cards).

use super::changes::{added, added_by};
use super::db::{ids, triple, value};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::setup::Setup;
use rusqlite::Connection;
use serde_json::Value;
use sim::sql::Cached;

/// A request the supervisor made during the episode.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The Venmo user asked.
    pub receiver: i64,
    /// The amount asked for.
    pub amount: f64,
    /// Its note.
    pub description: String,
}

/// Whether the supervisor sent at least one Venmo request and each asks for `amount`.
pub fn each_request_for(ctx: &EvalCtx, amount: f64) -> Result<(), String> {
    let got = requests_sent(ctx);
    match got
        .iter()
        .find(|r| !super::money::same_amount(r.amount, amount))
    {
        Some(r) => Err(format!("a request for ${}", r.amount)),
        None if got.is_empty() => Err("no request".into()),
        None => Ok(()),
    }
}

/// The supervisor's new Venmo requests, in the order they were made.
pub fn requests_sent(ctx: &EvalCtx) -> Vec<Request> {
    added_by(ctx, "venmo", "payment_requests", "sender_id")
        .into_iter()
        .map(|r| Request {
            receiver: r.get("receiver_id").as_i64().unwrap_or(0),
            amount: r.get("amount").as_f64().unwrap_or(0.0),
            description: r.get("description").as_str().unwrap_or("").to_string(),
        })
        .collect()
}

/// The Venmo user with e-mail `email`.
pub fn user_by_email(ctx: &EvalCtx, email: &str) -> Option<i64> {
    super::db::uid(ctx, "venmo", email)
}

/// The Venmo id of the user with e-mail `email`, -1 if none (matches no row).
pub fn id_or_none(ctx: &EvalCtx, email: &str) -> i64 {
    user_by_email(ctx, email).unwrap_or(-1)
}

/// The Venmo payments the supervisor made in the episode: (receiver id, amount, description).
pub fn payments_sent(ctx: &EvalCtx) -> Vec<(i64, f64, String)> {
    added_by(ctx, "venmo", "transactions", "sender_id")
        .into_iter()
        .map(|r| {
            (
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The e-mail of the Venmo user with this id.
pub fn email_of(db: &Connection, user: i64) -> Option<String> {
    value(db, "SELECT email FROM venmo.users WHERE id = ?1", [user])
}

/// The Venmo wallet balance of the user with this id.
pub fn balance(db: &Connection, user: i64) -> Option<f64> {
    value(
        db,
        "SELECT venmo_balance FROM venmo.users WHERE id = ?1",
        [user],
    )
}

/// The newest request `sender` sent `receiver` for `amount` (to the cent), described `note`
/// when one is given.
pub fn latest_request(
    db: &Connection,
    sender: i64,
    receiver: i64,
    amount: f64,
    note: Option<&str>,
) -> Option<i64> {
    value(
        db,
        "SELECT id FROM venmo.payment_requests WHERE sender_id = ?1 AND receiver_id = ?2 AND abs(amount - ?3) < 0.005 \
         AND (?4 IS NULL OR description = ?4) ORDER BY id DESC LIMIT 1",
        rusqlite::params![sender, receiver, amount, note],
    )
}

/// The newest request `receiver` received described `description`.
pub fn latest_request_to(db: &Connection, receiver: i64, description: &str) -> Option<i64> {
    value(
        db,
        "SELECT id FROM venmo.payment_requests WHERE receiver_id = ?1 AND description = ?2 ORDER BY id DESC LIMIT 1",
        rusqlite::params![receiver, description],
    )
}

/// Whether the request with this id is (approved, denied).
pub fn request_answer(db: &Connection, id: i64) -> Option<(bool, bool)> {
    db.query_row_cached(
        "SELECT approved_at IS NOT NULL, denied_at IS NOT NULL FROM venmo.payment_requests WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .ok()
}

/// The state of the request with this id: "approved" (whether or not it was also denied),
/// "denied" or "pending".
pub fn request_status(db: &Connection, id: i64) -> Option<&'static str> {
    request_answer(db, id).map(|a| match a {
        (true, _) => "approved",
        (false, true) => "denied",
        (false, false) => "pending",
    })
}

/// The request with this id: (receiver's e-mail, amount, description).
pub fn request_to(db: &Connection, id: i64) -> Option<(String, f64, String)> {
    triple(
        db,
        "SELECT u.email, p.amount, p.description FROM venmo.payment_requests p \
         JOIN venmo.users u ON u.id = p.receiver_id WHERE p.id = ?1",
        [id],
    )
}

/// Is this notification row a request's reminder?
pub fn is_reminder(r: &RowChange) -> bool {
    r.get("type").as_str() == Some("payment_request_reminded")
}

/// The ids of the requests the episode's reminders are about, in the order they were sent.
pub fn reminded_requests(ctx: &EvalCtx) -> Vec<i64> {
    added(ctx, "venmo", "notifications")
        .into_iter()
        .filter(|r| is_reminder(r))
        .filter_map(|r| {
            r.get("data")
                .as_str()
                .and_then(|d| serde_json::from_str::<Value>(d).ok())
                .and_then(|d| d.get("payment_request_id").and_then(Value::as_i64))
        })
        .collect()
}

/// The requests the episode removed (withdrawn), anyone's: (receiver, amount).
pub fn requests_removed(ctx: &EvalCtx) -> Vec<(Option<i64>, f64)> {
    ctx.diff
        .of_kind("venmo", "payment_requests", ChangeKind::Removed)
        .map(|r| {
            (
                r.get("receiver_id").as_i64(),
                r.get("amount").as_f64().unwrap_or(0.0),
            )
        })
        .collect()
}

/// The ids of the transactions `sender` paid `receiver` described `description`.
pub fn transactions_between(
    db: &Connection,
    sender: i64,
    receiver: i64,
    description: &str,
) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM venmo.transactions WHERE sender_id = ?1 AND receiver_id = ?2 AND description = ?3",
        rusqlite::params![sender, receiver, description],
    )
}

/// The supervisor's new rows of a feed table (`transaction_likes` or `transaction_comments`):
/// (transaction, comment), in the order they were added.
pub fn reactions_added(ctx: &EvalCtx, table: &str) -> Vec<(i64, String)> {
    added_by(ctx, "venmo", table, "user_id")
        .into_iter()
        .map(|r| {
            (
                r.get("transaction_id").as_i64().unwrap_or(0),
                r.get("comment").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// A transfer between the Venmo wallet and a card that the supervisor made.
#[derive(Debug, Clone, PartialEq)]
pub struct Transfer {
    /// `venmo_to_card` or `card_to_venmo`.
    pub kind: String,
    /// The amount moved.
    pub amount: f64,
    /// The card's digits as stored (a number's digits as text).
    pub digits: String,
}

/// The supervisor's new bank transfers, in the order they were made.
pub fn transfers_made(ctx: &EvalCtx) -> Vec<Transfer> {
    added_by(ctx, "venmo", "bank_transfers", "user_id")
        .into_iter()
        .map(|r| Transfer {
            kind: r.get("transfer_type").as_str().unwrap_or("").to_string(),
            amount: r.get("amount").as_f64().unwrap_or(0.0),
            digits: match r.get("payment_card_digits") {
                Value::String(d) => d.clone(),
                other => other.to_string(),
            },
        })
        .collect()
}

/// Marks the request with this id approved when it was last updated (a setup's history).
pub fn approve_request(s: &Setup, id: i64) -> rusqlite::Result<usize> {
    s.execute(
        "UPDATE venmo.payment_requests SET approved_at = updated_at WHERE id = ?1",
        [id],
    )
}

/// Makes the transaction with this id private (a setup's history).
pub fn make_private(s: &Setup, id: i64) -> rusqlite::Result<usize> {
    s.execute(
        "UPDATE venmo.transactions SET private = 1 WHERE id = ?1",
        [id],
    )
}

/// Removes every payment card of the Venmo user with this id (a setup's clean slate).
pub fn remove_cards(s: &Setup, user: i64) -> rusqlite::Result<usize> {
    s.execute("DELETE FROM venmo.payment_cards WHERE user_id = ?1", [user])
}

/// Sets the bank balance (admin) of the card with this number.
pub fn set_card_balance(s: &Setup, card_number: i64, balance: f64) -> rusqlite::Result<usize> {
    s.execute(
        "UPDATE admin.payment_cards SET balance = ?2 WHERE card_number = ?1",
        rusqlite::params![card_number, balance],
    )
}

/// The Venmo ids of the users with these e-mails, in their order (unknown ones left out).
pub fn ids_by_email(db: &Connection, emails: &[String]) -> Vec<i64> {
    emails
        .iter()
        .filter_map(|e| super::db::one(db, "SELECT id FROM venmo.users WHERE email = ?1", [e]))
        .collect()
}

/// A Venmo transaction as the supervisor's records show it: people by the name the
/// supervisor's phone saved them under (their Venmo name without a contact).
#[derive(Debug, Clone, PartialEq)]
pub struct NamedTransaction {
    /// Its day, `YYYY-MM-DD`.
    pub day: String,
    /// The sender's Venmo id.
    pub sender: i64,
    /// The sender's name.
    pub sender_name: String,
    /// The receiver's name.
    pub receiver_name: String,
    /// The amount.
    pub amount: f64,
}

/// The transactions Venmo user `me` sent or received in `month` (`YYYY-MM`), in time order
/// (empty on error).
pub fn month_transactions(ctx: &EvalCtx, me: i64, month: &str) -> Vec<NamedTransaction> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT substr(t.created_at, 1, 10), t.sender_id, \
         coalesce((SELECT c.first_name || ' ' || c.last_name FROM phone.contacts c WHERE c.user_id = ?3 AND c.email = s.email ORDER BY c.id LIMIT 1), s.first_name || ' ' || s.last_name), \
         coalesce((SELECT c.first_name || ' ' || c.last_name FROM phone.contacts c WHERE c.user_id = ?3 AND c.email = r.email ORDER BY c.id LIMIT 1), r.first_name || ' ' || r.last_name), t.amount \
         FROM venmo.transactions t JOIN venmo.users s ON s.id = t.sender_id JOIN venmo.users r ON r.id = t.receiver_id \
         WHERE (t.sender_id = ?1 OR t.receiver_id = ?1) AND substr(t.created_at, 1, 7) = ?2 ORDER BY t.created_at",
    ) else {
        return Vec::new();
    };
    let phone = ctx.user_id("phone").unwrap_or(0);
    st.query_map(rusqlite::params![me, month, phone], |r| {
        Ok(NamedTransaction {
            day: r.get(0)?,
            sender: r.get(1)?,
            sender_name: r.get(2)?,
            receiver_name: r.get(3)?,
            amount: r.get(4)?,
        })
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}
