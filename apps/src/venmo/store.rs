//! What venmo's handlers share: the user and transaction models ([`VUser`], [`Txn`]: read,
//! shown as JSON, sorted by; [`Exchange`], the part of a transaction that a payment request
//! has too), likes, notifications and money helpers.

use super::rows::{Liked, NewLike};
use crate::common::notifications::NewNotification;
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// A venmo user row (the columns handlers need).
#[derive(Debug, Clone)]
pub(super) struct VUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// `registered_at` in responses.
    pub created_at: Value,
    pub balance: f64,
}

impl VUser {
    /// `first_name last_name`, as AppWorld's `name`.
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }

    /// Reads the columns of [`USER_FIELDS`] (in that order, first).
    pub fn read(r: &rusqlite::Row) -> rusqlite::Result<VUser> {
        Ok(VUser {
            id: r.get(0)?,
            first_name: r.get(1)?,
            last_name: r.get(2)?,
            email: r.get(3)?,
            created_at: datetime_col(r, 4)?,
            balance: r.get::<_, Option<f64>>(5)?.unwrap_or(0.0),
        })
    }
}

const USER_FIELDS: &str = "id, first_name, last_name, email, created_at, venmo_balance";

/// The user with this exact e-mail, if any.
pub(super) fn user_by_email(ctx: &Ctx, email: &str) -> Result<Option<VUser>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT {USER_FIELDS} FROM venmo.users WHERE email = ?1"
        ))?
        .query_row([email], VUser::read)
        .optional()?)
}

/// The user with this e-mail, or AppWorld's 409 `["The user with email ... does not exist."]`.
pub(super) fn user_named(ctx: &Ctx, email: &str) -> Result<VUser, ApiError> {
    user_by_email(ctx, email)?.ok_or_else(|| ApiError::not_found_key("user", "email", email))
}

/// The user with this id, if any.
pub(super) fn user_by_id(ctx: &Ctx, id: i64) -> Result<Option<VUser>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT {USER_FIELDS} FROM venmo.users WHERE id = ?1"
        ))?
        .query_row([id], VUser::read)
        .optional()?)
}

/// The user with this id, or the 409 AppWorld gives for a row naming a deleted account.
pub(super) fn existing_user(ctx: &Ctx, id: i64) -> Result<VUser, ApiError> {
    user_by_id(ctx, id)?.ok_or_else(|| missing_user(id))
}

/// The caller.
pub(super) fn me(ctx: &Ctx) -> Result<VUser, ApiError> {
    let id = ctx.user()?.id;
    user_by_id(ctx, id)?.ok_or_else(|| ApiError::not_found_id("user", id))
}

/// Stores a wallet balance, rounded as AppWorld rounds money on save.
pub(super) fn set_balance(ctx: &Ctx, user_id: i64, balance: f64) -> Result<(), ApiError> {
    ctx.db
        .prepare_cached("UPDATE venmo.users SET venmo_balance = ?1 WHERE id = ?2")?
        .execute(params![sim::num::round2(balance), user_id])?;
    Ok(())
}

/// `$12.50`: an amount as venmo's messages print it (Python `f"${x:.2f}"`).
pub(super) fn money(x: f64) -> String {
    format!("${}", sim::num::fmt_2f(x))
}

/// The frozen clock in the stored form.
pub(super) fn now(ctx: &Ctx) -> String {
    sim::clock::fmt_datetime(ctx.now)
}

/// `{"name": ..., "email": ...}`, how a transaction or request names a party.
pub(super) fn party(name: &str, email: &str) -> Value {
    json!({"name": name, "email": email})
}

/// A party that may have deleted the account: `null` then (AppWorld fails with a 500 on such
/// rows; appsim shows the party as null, as gmail shows a deleted sender).
pub(super) fn party_or_null(who: &Option<(String, String)>) -> Value {
    who.as_ref()
        .map(|(n, e)| party(n, e))
        .unwrap_or(Value::Null)
}

/// The 409 for a row that names a user who deleted the account, where the user is needed
/// (AppWorld answers the same when approving such a request).
pub(super) fn missing_user(id: i64) -> ApiError {
    ApiError::not_found_id("user", id)
}

/// Adds an in-app notification for `user_id`.
pub(super) fn notify(
    ctx: &Ctx,
    user_id: i64,
    kind: &str,
    title: &str,
    message: &str,
    data: Value,
) -> Result<(), ApiError> {
    NewNotification {
        app: "venmo",
        user_id,
        kind,
        title,
        message,
        read: false,
        data: &data.to_string(),
        created_at: &now(ctx),
    }
    .insert(ctx.db)?;
    Ok(())
}

/// Something users like (transactions, comments): its table, with a `like_count`, and the
/// table of its likes, a row per user, naming it by `key`.
pub(super) struct Likeable {
    pub table: &'static str,
    pub likes: &'static str,
    pub key: &'static str,
    /// The like row of an id.
    pub of: fn(i64) -> Liked,
}

impl Likeable {
    /// Records that `user` likes (`like`) or no longer likes row `id`, moving its `like_count`
    /// (never below 0); `refusal` is the 422 when that is so already.
    pub fn set(
        &self,
        ctx: &Ctx,
        id: i64,
        user: i64,
        like: bool,
        refusal: &str,
    ) -> Result<(), ApiError> {
        let Likeable {
            table,
            likes,
            key,
            of,
        } = self;
        let liked = ctx
            .db
            .prepare_cached(&format!(
                "SELECT 1 FROM venmo.{likes} WHERE {key} = ?1 AND user_id = ?2"
            ))?
            .exists(params![id, user])?;
        if liked == like {
            return Err(ApiError::unprocessable(refusal));
        }
        let count = if like {
            NewLike {
                of: of(id),
                user_id: user,
                created_at: &now(ctx),
            }
            .insert(ctx.db)?;
            "like_count + 1"
        } else {
            ctx.db
                .prepare_cached(&format!(
                    "DELETE FROM venmo.{likes} WHERE {key} = ?1 AND user_id = ?2"
                ))?
                .execute(params![id, user])?;
            "max(like_count - 1, 0)"
        };
        ctx.db
            .prepare_cached(&format!(
                "UPDATE venmo.{table} SET like_count = {count} WHERE id = ?1"
            ))?
            .execute([id])?;
        Ok(())
    }
}

/// The 409 of a create whose amount rounds to nothing: AppWorld's model treats a 0.00 amount
/// as missing.
pub(super) fn zero_amount_on_create(model: &str) -> ApiError {
    ApiError::new(
        409,
        format!(
            "The create operation on {model} is not valid. Error: [{{'loc': ('amount',), 'msg': 'field required', 'type': 'value_error.missing'}}]"
        ),
    )
}

/// Page `page_index` of `page_limit` rows.
pub(super) fn page<T>(a: &Args, rows: Vec<T>) -> Vec<T> {
    sim::api::listing::paginate(rows, a.int("page_index"), a.int("page_limit"))
}

/// What a payment ([`Txn`]) and a payment request share: `sender_id` pays `receiver_id`
/// (or asks them for) `amount`, with both parties' names.
#[derive(Debug, Clone)]
pub(super) struct Exchange {
    pub id: i64,
    pub sender_id: i64,
    pub receiver_id: i64,
    pub amount: f64,
    pub description: String,
    pub created_at: Value,
    pub updated_at: Value,
    /// (name, email) of the sender, `None` when the account is gone.
    pub sender: Option<(String, String)>,
    pub receiver: Option<(String, String)>,
}

impl Exchange {
    /// Reads columns 0 to 6 (`id, sender_id, receiver_id, amount, description, created_at,
    /// updated_at`) and the parties' (name, email) from column `parties` on ([`party_cols`]).
    pub fn read(r: &rusqlite::Row, parties: usize) -> rusqlite::Result<Exchange> {
        Ok(Exchange {
            id: r.get(0)?,
            sender_id: r.get(1)?,
            receiver_id: r.get(2)?,
            amount: r.get(3)?,
            description: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
            created_at: datetime_col(r, 5)?,
            updated_at: datetime_col(r, 6)?,
            sender: party_cols(r, parties)?,
            receiver: party_cols(r, parties + 2)?,
        })
    }
}

/// A transaction row with both parties' names; its [`Exchange`] fields read through it
/// (`t.sender_id`).
#[derive(Debug, Clone)]
pub(super) struct Txn {
    /// The parties, amount, note and dates.
    pub exchange: Exchange,
    pub private: bool,
    pub like_count: i64,
    pub card_digits: Option<String>,
    pub comment_count: i64,
}

impl std::ops::Deref for Txn {
    type Target = Exchange;

    fn deref(&self) -> &Exchange {
        &self.exchange
    }
}

/// The SELECT that [`Txn::read`] reads; append `WHERE ...`.
pub(super) const TXN_SELECT: &str = "SELECT t.id, t.sender_id, t.receiver_id, t.amount, t.description, t.created_at, t.updated_at, t.private, \
     t.like_count, t.payment_card_digits, (SELECT count(*) FROM venmo.transaction_comments AS c WHERE c.transaction_id = t.id), \
     s.first_name || ' ' || s.last_name, s.email, r.first_name || ' ' || r.last_name, r.email \
     FROM venmo.transactions AS t LEFT JOIN venmo.users AS s ON s.id = t.sender_id LEFT JOIN venmo.users AS r ON r.id = t.receiver_id";

/// A party's (name, email) from columns `i` and `i + 1` of a LEFT JOIN on `users`; `None`
/// when the account is gone.
fn party_cols(r: &rusqlite::Row, i: usize) -> rusqlite::Result<Option<(String, String)>> {
    let name: Option<String> = r.get(i)?;
    Ok(name.zip(r.get(i + 1)?))
}

impl Txn {
    /// Reads the columns of [`TXN_SELECT`].
    pub fn read(r: &rusqlite::Row) -> rusqlite::Result<Txn> {
        Ok(Txn {
            exchange: Exchange::read(r, 11)?,
            private: r.get::<_, Option<bool>>(7)?.unwrap_or(false),
            like_count: r.get::<_, Option<i64>>(8)?.unwrap_or(0),
            card_digits: r.get(9)?,
            comment_count: r.get(10)?,
        })
    }

    /// Whether `user` is the sender or the receiver.
    pub fn involves(&self, user: i64) -> bool {
        self.sender_id == user || self.receiver_id == user
    }

    /// The response shape for `viewer`: the card digits show to the sender only; the
    /// shortened form (social feed) has no `payment_card_digits`.
    pub fn to_json(&self, viewer: i64, shortened: bool) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("transaction_id".into(), self.id.into());
        m.insert("amount".into(), json!(self.amount));
        m.insert("description".into(), self.description.clone().into());
        m.insert("created_at".into(), self.created_at.clone());
        m.insert("updated_at".into(), self.updated_at.clone());
        m.insert("private".into(), self.private.into());
        m.insert("like_count".into(), self.like_count.into());
        if !shortened {
            let digits = self
                .card_digits
                .clone()
                .filter(|_| viewer == self.sender_id);
            m.insert("payment_card_digits".into(), json!(digits));
        }
        m.insert("comment_count".into(), self.comment_count.into());
        m.insert("sender".into(), party_or_null(&self.sender));
        m.insert("receiver".into(), party_or_null(&self.receiver));
        Value::Object(m)
    }

    /// A field `sort_by` can name.
    pub fn field(&self, f: &str) -> Value {
        match f {
            "created_at" => self.created_at.clone(),
            "like_count" => self.like_count.into(),
            "amount" => json!(self.amount),
            _ => Value::Null,
        }
    }
}

/// The transaction with this id, or 409.
pub(super) fn load_txn(ctx: &Ctx, id: i64) -> Result<Txn, ApiError> {
    ctx.db
        .prepare_cached(&format!("{TXN_SELECT} WHERE t.id = ?1"))?
        .query_row([id], Txn::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("transaction", id))
}

/// Transactions matching `filter` (an SQL condition on `t`), in id order.
pub(super) fn txns_where(
    ctx: &Ctx,
    filter: &str,
    p: &[&dyn rusqlite::ToSql],
) -> Result<Vec<Txn>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!("{TXN_SELECT} WHERE {filter} ORDER BY t.id"))?
        .query_map(p, Txn::read)?
        .collect::<Result<_, _>>()?)
}

/// Stable "newest first" on a `created_at` JSON value (ties keep their order).
pub(super) fn newest_first<T>(rows: &mut [T], created_at: impl Fn(&T) -> &Value) {
    rows.sort_by(|a, b| {
        let (x, y) = (created_at(a).as_str(), created_at(b).as_str());
        y.cmp(&x)
    });
}
