//! The supervisor's phone at the end of an episode.

use super::changes::added;
use super::db::one;
use crate::eval::EvalCtx;
use rusqlite::Connection;

/// The texts the supervisor sent during the episode: (receiver's phone account, message).
pub fn sent_texts(ctx: &EvalCtx) -> Vec<(i64, String)> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "global_text_messages")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
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
    let (me, them) = (ctx.user_id("phone"), phone_id(ctx.db, number));
    added(ctx, "phone", "global_text_messages")
        .into_iter()
        .filter(|t| t.get("sender_id").as_i64() == me && t.get("receiver_id").as_i64() == them)
        .map(|t| t.get("message").as_str().unwrap_or("").to_string())
        .collect()
}
