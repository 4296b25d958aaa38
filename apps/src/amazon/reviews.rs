//! Reviews, questions and answers: three kinds of user text about a product, listed, searched,
//! written, changed and deleted the same way. Lists come in the order of AppWorld's unique
//! index (by author, then text), filters apply before the search ranks, and `sort_by` orders
//! the whole list (no search) or the page (search). Reviews move the product's and seller's
//! ratings; reviews and answers are verified when their author ordered the product.

use super::rows::{NewAnswer, NewQuestion};
use super::store::{
    check_owner, find_product, has_ordered, product, refresh_ratings, user_email_filter, user_ref,
};
use crate::common::rows::unique_or;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, fts_query, parse_sort};
use sim::api::{ApiError, Args, Ctx};

/// The search text, unless it has no words (then the list is not searched).
fn search(q: &str) -> Option<&str> {
    fts_query(q).map(|_| q)
}

/// AppWorld's listing of `rows` (already filtered) with the call's query, `sort_by` and page.
fn listing<T>(
    ctx: &Ctx,
    a: &Args,
    fts_table: &str,
    sort_fields: &[&str],
    rows: Vec<T>,
    id: impl Fn(&T) -> i64,
    field: impl Fn(&T, &str) -> Value + Copy,
) -> Result<Vec<T>, ApiError> {
    let key = parse_sort(a.opt_str("sort_by"), sort_fields)?;
    SearchPage {
        query: search(a.str("query")),
        sort_all: key.as_ref(),
        sort_page: key.as_ref(),
        index: a.int("page_index"),
        limit: a.int("page_limit"),
    }
    .apply(ctx, "amazon", fts_table, rows, id, field)
}

// ---------------------------------------------------------------------------------------------
// Reviews

struct Review {
    id: i64,
    product_id: i64,
    user_id: i64,
    is_verified: bool,
    rating: i64,
    title: String,
    text: String,
    created_at: Value,
}

impl Review {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Review> {
        Ok(Review {
            id: r.get(0)?,
            product_id: r.get(1)?,
            user_id: r.get(2)?,
            is_verified: r.get::<_, Option<bool>>(3)?.unwrap_or(false),
            rating: r.get(4)?,
            title: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
            text: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
            created_at: super::store::datetime(r.get(7)?),
        })
    }

    fn field(&self, f: &str) -> Value {
        match f {
            "rating" => json!(self.rating),
            "created_at" => self.created_at.clone(),
            _ => Value::Null,
        }
    }
}

pub(super) fn show_product_reviews(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = product(ctx.db, a.int("product_id"))?;
    let author = user_email_filter(ctx, a)?;
    let (min, max) = (a.int("min_rating"), a.int("max_rating"));
    let verified = a.opt_bool("is_verified");
    let rows: Vec<Review> = ctx
        .db
        .prepare_cached(
            "SELECT id, product_id, user_id, is_verified, rating, title, text, created_at \
             FROM amazon.product_reviews WHERE product_id = ?1 ORDER BY user_id, id",
        )?
        .query_map([p.id], Review::read)?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|r| {
            author.is_none_or(|u| r.user_id == u)
                && r.rating >= min
                && r.rating <= max
                && verified.is_none_or(|v| r.is_verified == v)
        })
        .collect();
    let page = listing(
        ctx,
        a,
        "product_reviews_fts",
        &["rating", "created_at"],
        rows,
        |r| r.id,
        Review::field,
    )?;
    let mut out = Vec::with_capacity(page.len());
    for r in page {
        out.push(json!({
            "review_id": r.id,
            "product_id": r.product_id,
            "is_verified": r.is_verified,
            "rating": r.rating,
            "title": r.title,
            "text": r.text,
            "created_at": r.created_at,
            "user": user_ref(ctx.db, r.user_id)?,
        }));
    }
    Ok(Value::Array(out))
}

pub(super) fn write_product_review(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let product_id = a.int("product_id");
    let taken = ctx
        .db
        .prepare_cached(
            "SELECT 1 FROM amazon.product_reviews WHERE product_id = ?1 AND user_id = ?2",
        )?
        .exists(params![product_id, uid])?;
    if taken {
        return Err(ApiError::already_exists(
            "ProductReview",
            &["product_id", "user_id"],
        ));
    }
    // AppWorld does not look the product up first: its database refuses the link.
    if find_product(ctx.db, product_id)?.is_none() {
        return Err(ApiError::unprocessable(format!(
            "The ProductReview object is linked to a non-existent object via product_id={product_id}."
        )));
    }
    let verified = has_ordered(ctx.db, uid, product_id)?;
    let id = super::rows::NewReview {
        product_id,
        user_id: uid,
        is_verified: verified,
        rating: a.int("rating"),
        title: a.str("title"),
        text: a.str("text"),
        created_at: &sim::clock::fmt_datetime(ctx.now),
    }
    .insert(ctx.db)?;
    refresh_ratings(ctx.db, product_id)?;
    Ok(json!({"message": "Added a new product review.", "product_review_id": id}))
}

/// The product a review is about.
fn review_product(ctx: &Ctx, id: i64) -> Result<i64, ApiError> {
    Ok(ctx
        .db
        .prepare_cached("SELECT product_id FROM amazon.product_reviews WHERE id = ?1")?
        .query_row([id], |r| r.get(0))?)
}

pub(super) fn delete_product_review(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("review_id");
    check_owner(ctx, "product_reviews", "review", id)?;
    let product_id = review_product(ctx, id)?;
    ctx.db
        .prepare_cached("DELETE FROM amazon.product_reviews WHERE id = ?1")?
        .execute([id])?;
    refresh_ratings(ctx.db, product_id)?;
    Ok(json!({"message": "Deleted the product review."}))
}

pub(super) fn update_product_review(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("review_id");
    check_owner(ctx, "product_reviews", "review", id)?;
    for field in ["rating", "title", "text"] {
        let v = a.value(field);
        if !v.is_null() {
            let v: Box<dyn rusqlite::ToSql> = match v.as_i64() {
                Some(n) if field == "rating" => Box::new(n),
                _ => Box::new(a.str(field).to_string()),
            };
            ctx.db
                .prepare_cached(&format!(
                    "UPDATE amazon.product_reviews SET {field} = ?1 WHERE id = ?2"
                ))?
                .execute(params![v, id])?;
        }
    }
    refresh_ratings(ctx.db, review_product(ctx, id)?)?;
    Ok(json!({"message": "Updated the product review."}))
}

/// Deletes every review of `user_id` (id order), the ratings following each (account deletion).
pub(super) fn delete_reviews_of(ctx: &Ctx, user_id: i64) -> Result<(), ApiError> {
    let reviews: Vec<(i64, i64)> = ctx
        .db
        .prepare_cached(
            "SELECT id, product_id FROM amazon.product_reviews WHERE user_id = ?1 ORDER BY id",
        )?
        .query_map([user_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (id, product_id) in reviews {
        ctx.db
            .prepare_cached("DELETE FROM amazon.product_reviews WHERE id = ?1")?
            .execute([id])?;
        refresh_ratings(ctx.db, product_id)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Questions

struct Question {
    id: i64,
    product_id: i64,
    user_id: i64,
    question: String,
    created_at: Value,
}

impl Question {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Question> {
        Ok(Question {
            id: r.get(0)?,
            product_id: r.get(1)?,
            user_id: r.get(2)?,
            question: r.get(3)?,
            created_at: super::store::datetime(r.get(4)?),
        })
    }
}

/// The product a question is about, or 409 `The question with id X does not exist.`
fn question_product(ctx: &Ctx, id: i64) -> Result<i64, ApiError> {
    ctx.db
        .prepare_cached("SELECT product_id FROM amazon.product_questions WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("question", id))
}

/// `created_at`, the one field questions and answers sort by.
fn created_at_only(created_at: &Value, f: &str) -> Value {
    if f == "created_at" {
        created_at.clone()
    } else {
        Value::Null
    }
}

pub(super) fn show_product_questions(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = product(ctx.db, a.int("product_id"))?;
    let author = user_email_filter(ctx, a)?;
    let rows: Vec<Question> = ctx
        .db
        .prepare_cached(
            "SELECT id, product_id, user_id, question, created_at FROM amazon.product_questions \
             WHERE product_id = ?1 ORDER BY user_id, question, id",
        )?
        .query_map([p.id], Question::read)?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|q| author.is_none_or(|u| q.user_id == u))
        .collect();
    let page = listing(
        ctx,
        a,
        "product_questions_fts",
        &["created_at"],
        rows,
        |q| q.id,
        |q, f| created_at_only(&q.created_at, f),
    )?;
    let mut out = Vec::with_capacity(page.len());
    for q in page {
        out.push(json!({
            "product_id": q.product_id,
            "question_id": q.id,
            "question": q.question,
            "created_at": q.created_at,
            "user": user_ref(ctx.db, q.user_id)?,
        }));
    }
    Ok(Value::Array(out))
}

pub(super) fn write_product_question(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let p = product(ctx.db, a.int("product_id"))?;
    NewQuestion {
        product_id: p.id,
        user_id: uid,
        question: a.str("question"),
        created_at: &sim::clock::fmt_datetime(ctx.now),
    }
    .insert(ctx.db)
    .map_err(|e| unique_or(e, "ProductQuestion", &["product_id, user_id", "question"]))?;
    Ok(
        json!({"message": "Posted a new product question.", "question_id": ctx.db.last_insert_rowid()}),
    )
}

pub(super) fn delete_product_question(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("question_id");
    check_owner(ctx, "product_questions", "question", id)?;
    ctx.db
        .prepare_cached(
            "DELETE FROM amazon.product_question_answers WHERE product_question_id = ?1",
        )?
        .execute([id])?;
    ctx.db
        .prepare_cached("DELETE FROM amazon.product_questions WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Deleted a product question."}))
}

pub(super) fn update_product_question(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("question_id");
    check_owner(ctx, "product_questions", "question", id)?;
    if let Some(q) = a.opt_str("question") {
        ctx.db
            .prepare_cached("UPDATE amazon.product_questions SET question = ?1 WHERE id = ?2")?
            .execute(params![q, id])
            .map_err(|e| unique_or(e, "ProductQuestion", &["product_id, user_id", "question"]))?;
    }
    Ok(json!({"message": "Updated a product question."}))
}

// ---------------------------------------------------------------------------------------------
// Answers

struct Answer {
    id: i64,
    question_id: i64,
    user_id: i64,
    is_verified: bool,
    answer: String,
    created_at: Value,
}

impl Answer {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Answer> {
        Ok(Answer {
            id: r.get(0)?,
            question_id: r.get(1)?,
            user_id: r.get(2)?,
            is_verified: r.get::<_, Option<bool>>(3)?.unwrap_or(false),
            answer: r.get(4)?,
            created_at: super::store::datetime(r.get(5)?),
        })
    }
}

pub(super) fn show_product_question_answers(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let question_id = a.int("question_id");
    question_product(ctx, question_id)?;
    let author = user_email_filter(ctx, a)?;
    let verified = a.opt_bool("is_verified");
    let rows: Vec<Answer> = ctx
        .db
        .prepare_cached(
            "SELECT id, product_question_id, user_id, is_verified, answer, created_at \
             FROM amazon.product_question_answers WHERE product_question_id = ?1 ORDER BY user_id, answer, id",
        )?
        .query_map([question_id], Answer::read)?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|x| {
            author.is_none_or(|u| x.user_id == u) && verified.is_none_or(|v| x.is_verified == v)
        })
        .collect();
    let page = listing(
        ctx,
        a,
        "product_question_answers_fts",
        &["created_at"],
        rows,
        |x| x.id,
        |x, f| created_at_only(&x.created_at, f),
    )?;
    let mut out = Vec::with_capacity(page.len());
    for x in page {
        out.push(json!({
            "question_answer_id": x.id,
            "question_id": x.question_id,
            "is_verified": x.is_verified,
            "answer": x.answer,
            "created_at": x.created_at,
            "user": user_ref(ctx.db, x.user_id)?,
        }));
    }
    Ok(Value::Array(out))
}

pub(super) fn write_product_question_answer(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let question_id = a.int("question_id");
    let product_id = question_product(ctx, question_id)?;
    let verified = has_ordered(ctx.db, uid, product_id)?;
    NewAnswer {
        product_question_id: question_id,
        user_id: uid,
        is_verified: verified,
        answer: a.str("answer"),
        created_at: &sim::clock::fmt_datetime(ctx.now),
    }
    .insert(ctx.db)
    .map_err(|e| {
        unique_or(
            e,
            "ProductQuestionAnswer",
            &["product_question_id, user_id", "answer"],
        )
    })?;
    Ok(
        json!({"message": "Added a new answer to a product question.", "question_answer_id": ctx.db.last_insert_rowid()}),
    )
}

pub(super) fn delete_product_question_answer(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("question_answer_id");
    check_owner(ctx, "product_question_answers", "question answer", id)?;
    ctx.db
        .prepare_cached("DELETE FROM amazon.product_question_answers WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Deleted an answer to a product question."}))
}

pub(super) fn update_product_question_answer(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("question_answer_id");
    check_owner(ctx, "product_question_answers", "question answer", id)?;
    if let Some(text) = a.opt_str("answer") {
        ctx.db
            .prepare_cached("UPDATE amazon.product_question_answers SET answer = ?1 WHERE id = ?2")?
            .execute(params![text, id])
            .map_err(|e| {
                unique_or(
                    e,
                    "ProductQuestionAnswer",
                    &["product_question_id, user_id", "answer"],
                )
            })?;
    }
    Ok(json!({"message": "Updated an answer to a product question."}))
}
