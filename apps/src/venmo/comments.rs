//! Comments on transactions and their likes. A private transaction's comments are open to its
//! two parties only; a comment can be edited or deleted by its author only.

use super::APP;
use super::rows::{Liked, NewComment};
use super::store::{Likeable, load_txn, now, page, party_or_null};
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

fn comment_example() -> Value {
    json!({"transaction_id": 1, "comment": "string", "created_at": "2019-01-01T00:00:00", "like_count": 1, "comment_id": 1, "user": {"name": "string", "email": "user@example.com"}})
}

fn comment_id() -> P {
    P::int("comment_id").doc("The comment's id.")
}

pub(super) fn apis() -> Vec<ApiSpec> {
    vec![
        Api::get(
            APP,
            "show_transaction_comments",
            "/venmo/transactions/{transaction_id}/comments",
        )
        .doc("List the comments on a transaction, oldest first.")
        .param(P::int("transaction_id").doc("The transaction's id."))
        .auth()
        .paged()
        .returns(json!([comment_example()]))
        .handler(show_transaction_comments),
        Api::post(
            APP,
            "create_transaction_comment",
            "/venmo/transactions/{transaction_id}/comments",
        )
        .doc("Comment on a transaction.")
        .param(P::int("transaction_id").doc("The transaction's id."))
        .param(P::str("comment").doc("The comment's text."))
        .auth()
        .returns(json!({"message": "string", "comment_id": 1}))
        .handler(create_transaction_comment),
        Api::get(
            APP,
            "show_transaction_comment",
            "/venmo/comments/{comment_id}",
        )
        .doc("Show one comment.")
        .param(comment_id())
        .auth()
        .returns(comment_example())
        .handler(show_transaction_comment),
        Api::delete(
            APP,
            "delete_transaction_comment",
            "/venmo/comments/{comment_id}",
        )
        .doc("Delete one of your comments.")
        .param(comment_id())
        .auth()
        .returns(json!({"message": "string"}))
        .handler(delete_transaction_comment),
        Api::patch(
            APP,
            "update_transaction_comment",
            "/venmo/comments/{comment_id}",
        )
        .doc("Change the text of one of your comments.")
        .param(comment_id())
        .param(P::str("comment").doc("The new text."))
        .auth()
        .returns(json!({"message": "string"}))
        .handler(update_transaction_comment),
        Api::post(
            APP,
            "like_transaction_comment",
            "/venmo/comments/{comment_id}/likes",
        )
        .doc("Like a comment.")
        .param(comment_id())
        .auth()
        .returns(json!({"message": "string"}))
        .handler(like_transaction_comment),
        Api::delete(
            APP,
            "unlike_transaction_comment",
            "/venmo/comments/{comment_id}/likes",
        )
        .doc("Take back your like of a comment.")
        .param(comment_id())
        .auth()
        .returns(json!({"message": "string"}))
        .handler(unlike_transaction_comment),
    ]
}

/// A comment row with its author.
struct Comment {
    id: i64,
    transaction_id: i64,
    user_id: i64,
    comment: String,
    created_at: Value,
    like_count: i64,
    author: Option<(String, String)>,
}

const COMMENT_SELECT: &str = "SELECT c.id, c.transaction_id, c.user_id, c.comment, c.created_at, c.like_count, \
     u.first_name || ' ' || u.last_name, u.email FROM venmo.transaction_comments AS c LEFT JOIN venmo.users AS u ON u.id = c.user_id";

impl Comment {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Comment> {
        Ok(Comment {
            id: r.get(0)?,
            transaction_id: r.get(1)?,
            user_id: r.get(2)?,
            comment: r.get(3)?,
            created_at: datetime_col(r, 4)?,
            like_count: r.get::<_, Option<i64>>(5)?.unwrap_or(0),
            author: match (
                r.get::<_, Option<String>>(6)?,
                r.get::<_, Option<String>>(7)?,
            ) {
                (Some(n), Some(e)) => Some((n, e)),
                _ => None,
            },
        })
    }

    fn to_json(&self) -> Value {
        json!({"transaction_id": self.transaction_id, "comment": self.comment, "created_at": self.created_at,
               "like_count": self.like_count, "comment_id": self.id, "user": party_or_null(&self.author)})
    }
}

const VIEW_REFUSAL: &str = "You are not authorized to view comments of this transaction.";
const LIKE_REFUSAL: &str = "You are not authorized to like or unlike this transaction comment.";

/// The transaction `id`, if the caller may see its comments (else `refusal`).
fn open_txn(ctx: &Ctx, id: i64, refusal: &str) -> Result<(), ApiError> {
    let uid = ctx.user()?.id;
    let t = load_txn(ctx, id)?;
    if t.private && !t.involves(uid) {
        return Err(ApiError::unprocessable(refusal));
    }
    Ok(())
}

fn load_comment(ctx: &Ctx, id: i64) -> Result<Comment, ApiError> {
    ctx.db
        .prepare_cached(&format!("{COMMENT_SELECT} WHERE c.id = ?1"))?
        .query_row([id], Comment::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("comment", id))
}

/// A comment the caller may see (its transaction is public or theirs).
fn visible_comment(ctx: &Ctx, id: i64, refusal: &str) -> Result<Comment, ApiError> {
    let c = load_comment(ctx, id)?;
    open_txn(ctx, c.transaction_id, refusal)?;
    Ok(c)
}

/// A comment the caller wrote.
fn own_comment(ctx: &Ctx, id: i64) -> Result<Comment, ApiError> {
    let c = load_comment(ctx, id)?;
    if c.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner("comment"));
    }
    Ok(c)
}

fn show_transaction_comments(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let tid = a.int("transaction_id");
    open_txn(ctx, tid, VIEW_REFUSAL)?;
    let rows: Vec<Comment> = ctx
        .db
        .prepare_cached(&format!(
            "{COMMENT_SELECT} WHERE c.transaction_id = ?1 ORDER BY c.id"
        ))?
        .query_map([tid], Comment::read)?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(
        page(a, rows).iter().map(Comment::to_json).collect(),
    ))
}

fn create_transaction_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let tid = a.int("transaction_id");
    open_txn(
        ctx,
        tid,
        "You are not authorized to comment on this transaction.",
    )?;
    let id = NewComment {
        transaction_id: tid,
        user_id: ctx.user()?.id,
        comment: a.str("comment"),
        created_at: &now(ctx),
    }
    .insert(ctx.db)?;
    Ok(json!({"message": "Transaction comment created.", "comment_id": id}))
}

fn show_transaction_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(visible_comment(ctx, a.int("comment_id"), VIEW_REFUSAL)?.to_json())
}

fn delete_transaction_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let c = own_comment(ctx, a.int("comment_id"))?;
    ctx.db
        .prepare_cached(
            "DELETE FROM venmo.transaction_comment_likes WHERE transaction_comment_id = ?1",
        )?
        .execute([c.id])?;
    ctx.db
        .prepare_cached("DELETE FROM venmo.transaction_comments WHERE id = ?1")?
        .execute([c.id])?;
    Ok(json!({"message": "Transaction comment deleted."}))
}

fn update_transaction_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let c = own_comment(ctx, a.int("comment_id"))?;
    ctx.db
        .prepare_cached("UPDATE venmo.transaction_comments SET comment = ?1 WHERE id = ?2")?
        .execute(params![a.str("comment"), c.id])?;
    Ok(json!({"message": "Transaction comment updated."}))
}

/// Comments' likes.
const LIKES: Likeable = Likeable {
    table: "transaction_comments",
    likes: "transaction_comment_likes",
    key: "transaction_comment_id",
    of: Liked::Comment,
};

fn like_transaction_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    set_like(ctx, a, true)
}

fn unlike_transaction_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    set_like(ctx, a, false)
}

/// The caller likes (`like`) or unlikes a comment it can see.
fn set_like(ctx: &mut Ctx, a: &Args, like: bool) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let c = visible_comment(ctx, a.int("comment_id"), LIKE_REFUSAL)?;
    let (refusal, done) = if like {
        (
            "You have already liked this transaction comment.",
            "Liked transaction comment.",
        )
    } else {
        (
            "You have not liked this transaction comment, so you cannot unlike it.",
            "Unliked transaction comment.",
        )
    };
    LIKES.set(ctx, c.id, uid, like, refusal)?;
    Ok(json!({"message": done}))
}
