//! Venmo at the end of an episode: users, and the supervisor's new requests.

use super::changes::added;
use crate::eval::EvalCtx;

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

/// The supervisor's new Venmo requests, in the order they were made.
pub fn requests_sent(ctx: &EvalCtx) -> Vec<Request> {
    let me = ctx.user_id("venmo");
    added(ctx, "venmo", "payment_requests")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
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
    let me = ctx.user_id("venmo");
    added(ctx, "venmo", "transactions")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| {
            (
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}
