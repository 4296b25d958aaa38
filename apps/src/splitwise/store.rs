//! What splitwise's handlers share: users, groups and memberships, expenses and payments as
//! rows ([`Rec`], with their [`Kind`]: the tables and AppWorld's wording of each), access
//! rules, notifications, and small money and paging helpers.

use crate::common::notifications::NewNotification;
use crate::common::rows::datetime_col;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// A user as others see them.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SUser {
    pub id: i64,
    /// `first_name last_name`.
    pub name: String,
    pub email: String,
}

impl SUser {
    /// `{"name": ..., "email": ...}`.
    pub fn json(&self) -> Value {
        json!({"name": self.name, "email": self.email})
    }

    fn read(r: &rusqlite::Row) -> rusqlite::Result<SUser> {
        Ok(SUser {
            id: r.get(0)?,
            name: r.get(1)?,
            email: r.get(2)?,
        })
    }
}

const USER_SELECT: &str = "SELECT id, first_name || ' ' || last_name, email FROM splitwise.users";

/// The user with this id, if the account still exists.
pub(super) fn user_by_id(db: &Connection, id: i64) -> Result<Option<SUser>, ApiError> {
    Ok(db
        .prepare_cached(&format!("{USER_SELECT} WHERE id = ?1"))?
        .query_row([id], SUser::read)
        .optional()?)
}

/// The user with exactly this e-mail, if any.
pub(super) fn user_by_email(db: &Connection, email: &str) -> Result<Option<SUser>, ApiError> {
    Ok(db
        .prepare_cached(&format!("{USER_SELECT} WHERE email = ?1"))?
        .query_row([email], SUser::read)
        .optional()?)
}

/// The user with this e-mail, or AppWorld's 409 `["The user with email ... does not exist."]`.
pub(super) fn user_named(db: &Connection, email: &str) -> Result<SUser, ApiError> {
    user_by_email(db, email)?.ok_or_else(|| ApiError::not_found_key("user", "email", email))
}

/// The caller.
pub(super) fn me(ctx: &Ctx) -> Result<SUser, ApiError> {
    let id = ctx.user()?.id;
    user_by_id(ctx.db, id)?.ok_or_else(|| ApiError::not_found_id("user", id))
}

/// A person in a response: `{"name", "email"}`, or `null` for an account that was deleted
/// (AppWorld fails with a 500 on such rows).
pub(super) fn person(db: &Connection, id: i64) -> Result<Value, ApiError> {
    Ok(user_by_id(db, id)?.map(|u| u.json()).unwrap_or(Value::Null))
}

/// The frozen clock in the stored form.
pub(super) fn now(ctx: &Ctx) -> String {
    sim::clock::fmt_datetime(ctx.now)
}

/// `12.50`: an amount as the messages print it (Python `f"{x:.2f}"`).
pub(super) fn cents(x: f64) -> String {
    sim::num::fmt_2f(x)
}

/// Page `page_index` of `page_limit` rows.
pub(super) fn page<T>(a: &Args, rows: Vec<T>) -> Vec<T> {
    sim::api::listing::paginate(rows, a.int("page_index"), a.int("page_limit"))
}

/// Adds an in-app notification for `user_id`; `data` is the JSON object's text, written in
/// AppWorld's key order.
pub(super) fn notify(
    ctx: &Ctx,
    user_id: i64,
    kind: &str,
    title: &str,
    message: &str,
    data: &str,
) -> Result<(), ApiError> {
    NewNotification {
        app: "splitwise",
        user_id,
        kind,
        title,
        message,
        read: false,
        data,
        created_at: &now(ctx),
    }
    .insert(ctx.db)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Groups

/// 422 for a caller outside the group.
pub(super) const NOT_MEMBER: &str =
    "You are not a member of this group and so are not authorized to access it.";

/// The group a balance cannot be shown (or settled) for.
pub(super) const GROUP_DELETED_BALANCE: &str =
    "Group is deleted. Undelete it first if you want to see balance.";

/// A group row.
#[derive(Debug, Clone)]
pub(super) struct Group {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub description: Option<String>,
    pub created_at: Value,
    pub invitation_code: String,
    pub deleted: bool,
}

impl Group {
    pub fn read(r: &rusqlite::Row) -> rusqlite::Result<Group> {
        Ok(Group {
            id: r.get(0)?,
            user_id: r.get(1)?,
            name: r.get(2)?,
            description: r.get(3)?,
            created_at: datetime_col(r, 4)?,
            invitation_code: r.get(5)?,
            deleted: r.get::<_, Option<bool>>(6)?.unwrap_or(false),
        })
    }
}

pub(super) const GROUP_SELECT: &str = "SELECT id, user_id, name, description, created_at, invitation_code, deleted FROM splitwise.groups";

/// The group with this id, or 409.
pub(super) fn load_group(db: &Connection, id: i64) -> Result<Group, ApiError> {
    db.prepare_cached(&format!("{GROUP_SELECT} WHERE id = ?1"))?
        .query_row([id], Group::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("group", id))
}

/// The group with this invitation code, or AppWorld's 409 (a one-string list).
pub(super) fn group_by_code(db: &Connection, code: &str) -> Result<Group, ApiError> {
    db.prepare_cached(&format!(
        "{GROUP_SELECT} WHERE invitation_code = ?1 ORDER BY id LIMIT 1"
    ))?
    .query_row([code], Group::read)
    .optional()?
    .ok_or_else(|| ApiError::not_found_key("group", "invitation_code", code))
}

/// Is `user` a member of group `group`?
pub(super) fn is_member(db: &Connection, group: i64, user: i64) -> Result<bool, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT 1 FROM splitwise.group_members WHERE group_id = ?1 AND user_id = ?2",
        )?
        .exists(params![group, user])?)
}

/// The ids of the group's members, in the order they joined (accounts deleted since are left
/// out).
pub(super) fn member_ids(db: &Connection, group: i64) -> Result<Vec<i64>, ApiError> {
    Ok(members(db, group)?.into_iter().map(|u| u.id).collect())
}

/// The group's members, in the order they joined (accounts deleted since are left out).
pub(super) fn members(db: &Connection, group: i64) -> Result<Vec<SUser>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT u.id, u.first_name || ' ' || u.last_name, u.email FROM splitwise.group_members AS m \
             JOIN splitwise.users AS u ON u.id = m.user_id WHERE m.group_id = ?1 ORDER BY m.id",
        )?
        .query_map([group], SUser::read)?
        .collect::<Result<_, _>>()?)
}

/// The group `id` if the caller is one of its members (409 if it does not exist, 422 if the
/// caller is not a member).
pub(super) fn member_group(ctx: &Ctx, id: i64) -> Result<Group, ApiError> {
    let g = load_group(ctx.db, id)?;
    if !is_member(ctx.db, g.id, ctx.user()?.id)? {
        return Err(ApiError::unprocessable(NOT_MEMBER));
    }
    Ok(g)
}

/// The caller's groups that are not deleted, in the order the caller joined them.
pub(super) fn my_groups(db: &Connection, user: i64) -> Result<Vec<Group>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT g.id, g.user_id, g.name, g.description, g.created_at, g.invitation_code, g.deleted \
             FROM splitwise.group_members AS m JOIN splitwise.groups AS g ON g.id = m.group_id \
             WHERE m.user_id = ?1 AND NOT g.deleted ORDER BY m.id",
        )?
        .query_map([user], Group::read)?
        .collect::<Result<_, _>>()?)
}

/// A group's name for balances and activity: `Non-Group Entries` outside any group.
pub(super) fn group_name(db: &Connection, group: Option<i64>) -> Result<String, ApiError> {
    Ok(match group {
        None => NON_GROUP.to_string(),
        Some(g) => db
            .prepare_cached("SELECT name FROM splitwise.groups WHERE id = ?1")?
            .query_row([g], |r| r.get(0))
            .optional()?
            .unwrap_or_default(),
    })
}

/// The name of the entries outside any group.
pub(super) const NON_GROUP: &str = "Non-Group Entries";

// ---------------------------------------------------------------------------------------------
// Expenses and payments

/// Expenses or payments: their tables and AppWorld's wording.
pub(super) struct Kind {
    /// `expenses` / `payments`.
    pub table: &'static str,
    /// `expense` / `payment` (in messages).
    pub noun: &'static str,
    /// `Expense` / `Payment` (in messages).
    pub title: &'static str,
    /// The comments' table and the column naming the record there (also the JSON key).
    pub comments: &'static str,
    pub key: &'static str,
    /// The comments' id key in responses.
    pub comment_key: &'static str,
    /// The 422 of a caller who may not see the record.
    pub no_access: &'static str,
    /// The 422 of an update of a deleted record.
    pub deleted_no_update: &'static str,
    /// Delete and undelete: already so, done.
    pub already_deleted: &'static str,
    pub deleted: &'static str,
    pub already_undeleted: &'static str,
    pub undeleted: &'static str,
    /// The 422 of a comment posted on a deleted record (payments take them).
    pub no_comment_when_deleted: Option<&'static str>,
}

pub(super) const EXPENSE: Kind = Kind {
    table: "expenses",
    noun: "expense",
    title: "Expense",
    comments: "expense_comments",
    key: "expense_id",
    comment_key: "expense_comment_id",
    no_access: "You are not authorized to access this expense as you are neither the owner, payer, or debtor, nor part of the group this expense belongs to.",
    deleted_no_update: "This expense has been marked deleted. Undelete it first if you want to update it.",
    already_deleted: "This expense has already been marked deleted.",
    deleted: "Expense marked as deleted.",
    already_undeleted: "This expense has already been not marked as deleted.",
    // AppWorld's wording for an undelete, kept.
    undeleted: "Expense marked as deleted.",
    no_comment_when_deleted: Some(
        "This expense has been marked deleted. You cannot comment on it.",
    ),
};

pub(super) const PAYMENT: Kind = Kind {
    table: "payments",
    noun: "payment",
    title: "Payment",
    comments: "payment_comments",
    key: "payment_id",
    comment_key: "payment_comment_id",
    no_access: "You are not authorized to access this payment as you are neither the payer or receiver, nor this payment belongs to a group you are a part of.",
    deleted_no_update: "Payment is deleted. Undelete it first if you want to update it.",
    already_deleted: "Payment is already deleted.",
    deleted: "Payment marked as deleted.",
    already_undeleted: "Payment is already not deleted.",
    undeleted: "Payment marked as undeleted.",
    no_comment_when_deleted: None,
};

impl Kind {
    pub fn is_expense(&self) -> bool {
        self.table == "expenses"
    }

    /// The 422 of a change to the receipt of a deleted record.
    pub fn deleted_no_receipt_change(&self) -> String {
        format!(
            "This {} has been marked deleted. Undelete it first if you want to update it.",
            self.noun
        )
    }
}

/// An expense or a payment.
#[derive(Debug, Clone)]
pub(super) struct Rec {
    pub id: i64,
    /// The creator.
    pub user_id: i64,
    pub group_id: Option<i64>,
    pub payer_id: i64,
    pub amount: f64,
    pub description: Option<String>,
    pub deleted: bool,
    pub receipt_name: Option<String>,
    pub receipt_content: Option<String>,
    pub created_at: Value,
    /// Payments: the receiver, and both parties as stored on the payment (name, email).
    pub receiver_id: i64,
    pub payer_stored: (String, String),
    pub receiver_stored: (String, String),
    /// Expenses: the shares (debtor, amount), in their order.
    pub shares: Vec<(i64, f64)>,
}

impl Rec {
    /// The people an event on the record concerns: payer then debtors (expenses), payer then
    /// receiver (payments), each once.
    pub fn parties(&self) -> Vec<i64> {
        let mut out = vec![self.payer_id];
        let others: Vec<i64> = if self.shares.is_empty() && self.receiver_id != 0 {
            vec![self.receiver_id]
        } else {
            self.shares.iter().map(|(d, _)| *d).collect()
        };
        for o in others {
            if !out.contains(&o) {
                out.push(o);
            }
        }
        out
    }

    /// Is `user` the payer, a debtor or the receiver?
    pub fn involves(&self, user: i64) -> bool {
        self.payer_id == user
            || self.receiver_id == user
            || self.shares.iter().any(|(d, _)| *d == user)
    }

    /// A field `sort_by` can name.
    pub fn field(&self, f: &str) -> Value {
        match f {
            "created_at" => self.created_at.clone(),
            "amount" => json!(self.amount),
            _ => Value::Null,
        }
    }
}

const EXPENSE_SELECT: &str = "SELECT id, user_id, group_id, payer_id, amount, description, deleted, receipt_file_name, receipt_file_content, created_at, \
     0, NULL, NULL, NULL, NULL FROM splitwise.expenses";
const PAYMENT_SELECT: &str = "SELECT id, user_id, group_id, payer_id, amount, description, deleted, receipt_file_name, receipt_file_content, created_at, \
     receiver_id, payer_name, payer_email, receiver_name, receiver_email FROM splitwise.payments";

fn read_rec(r: &rusqlite::Row) -> rusqlite::Result<Rec> {
    let text = |i: usize| -> rusqlite::Result<String> {
        Ok(r.get::<_, Option<String>>(i)?.unwrap_or_default())
    };
    Ok(Rec {
        id: r.get(0)?,
        user_id: r.get(1)?,
        group_id: r.get(2)?,
        payer_id: r.get(3)?,
        amount: r.get(4)?,
        description: r.get(5)?,
        deleted: r.get::<_, Option<bool>>(6)?.unwrap_or(false),
        receipt_name: r.get(7)?,
        receipt_content: r.get(8)?,
        created_at: datetime_col(r, 9)?,
        receiver_id: r.get::<_, Option<i64>>(10)?.unwrap_or(0),
        payer_stored: (text(11)?, text(12)?),
        receiver_stored: (text(13)?, text(14)?),
        shares: Vec::new(),
    })
}

/// The shares of expense `id` (debtor, amount), in their order.
pub(super) fn shares(db: &Connection, id: i64) -> Result<Vec<(i64, f64)>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT debtor_id, share_amount FROM splitwise.expense_shares WHERE expense_id = ?1 ORDER BY id",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?)
}

/// Records of `kind` matching an SQL condition (`?1` bound to `p`), in id order, with their
/// shares.
pub(super) fn recs_where(
    db: &Connection,
    kind: &Kind,
    cond: &str,
    p: &[&dyn rusqlite::ToSql],
) -> Result<Vec<Rec>, ApiError> {
    let select = if kind.is_expense() {
        EXPENSE_SELECT
    } else {
        PAYMENT_SELECT
    };
    let mut rows: Vec<Rec> = db
        .prepare_cached(&format!("{select} WHERE {cond} ORDER BY id"))?
        .query_map(p, read_rec)?
        .collect::<Result<_, _>>()?;
    if kind.is_expense() {
        for r in &mut rows {
            r.shares = shares(db, r.id)?;
        }
    }
    Ok(rows)
}

/// The record `id` of `kind`, or 409.
pub(super) fn load(db: &Connection, kind: &Kind, id: i64) -> Result<Rec, ApiError> {
    recs_where(db, kind, "id = ?1", &[&id])?
        .pop()
        .ok_or_else(|| ApiError::not_found_id(kind.noun, id))
}

/// May `user` see (and act on) the record? The parties and the members of its group may; for
/// an expense its creator too.
pub(super) fn can_access(
    db: &Connection,
    kind: &Kind,
    rec: &Rec,
    user: i64,
) -> Result<bool, ApiError> {
    if rec.involves(user) || (kind.is_expense() && rec.user_id == user) {
        return Ok(true);
    }
    match rec.group_id {
        Some(g) => is_member(db, g, user),
        None => Ok(false),
    }
}

/// The record `id` of `kind` if the caller may see it (409 if it does not exist, 422 if not).
pub(super) fn visible(ctx: &Ctx, kind: &Kind, id: i64) -> Result<Rec, ApiError> {
    let rec = load(ctx.db, kind, id)?;
    if !can_access(ctx.db, kind, &rec, ctx.user()?.id)? {
        return Err(ApiError::unprocessable(kind.no_access));
    }
    Ok(rec)
}

/// The record as the API shows it.
pub(super) fn rec_json(db: &Connection, kind: &Kind, r: &Rec) -> Result<Value, ApiError> {
    let mut m = serde_json::Map::new();
    m.insert(kind.key.into(), r.id.into());
    m.insert("group_id".into(), json!(r.group_id));
    m.insert("description".into(), json!(r.description));
    m.insert("deleted".into(), r.deleted.into());
    m.insert("receipt_file_name".into(), json!(r.receipt_name));
    m.insert("created_at".into(), r.created_at.clone());
    if kind.is_expense() {
        let shares = r
            .shares
            .iter()
            .map(|(d, amount)| Ok(json!({"debtor": person(db, *d)?, "debt_amount": amount})))
            .collect::<Result<Vec<Value>, ApiError>>()?;
        m.insert("shares".into(), Value::Array(shares));
        m.insert("creator".into(), person(db, r.user_id)?);
        m.insert("payer".into(), person(db, r.payer_id)?);
    } else {
        m.insert("creator".into(), person(db, r.user_id)?);
        let stored = |(n, e): &(String, String)| json!({"name": n, "email": e});
        m.insert("payer".into(), stored(&r.payer_stored));
        m.insert("receiver".into(), stored(&r.receiver_stored));
    }
    m.insert("paid_amount".into(), json!(r.amount));
    Ok(Value::Object(m))
}

/// Notifies every party of the record but the actor, each once.
pub(super) fn notify_parties(
    ctx: &Ctx,
    rec: &Rec,
    kind: &str,
    title: &str,
    message: &str,
    data: &str,
) -> Result<(), ApiError> {
    let actor = ctx.user()?.id;
    for p in rec.parties() {
        // Accounts deleted since get nothing.
        if p != actor && user_by_id(ctx.db, p)?.is_some() {
            notify(ctx, p, kind, title, message, data)?;
        }
    }
    Ok(())
}

/// `{"<key>": id, "action_by_id": actor}`, the data of most record notifications.
pub(super) fn rec_data(kind: &Kind, id: i64, actor: i64) -> String {
    format!("{{\"{}\": {id}, \"action_by_id\": {actor}}}", kind.key)
}

/// The 409 AppWorld's model check gives a stored amount that is not positive (`op` is
/// `create` or `update`, `model` and `field` name the row and column); `missing`: AppWorld
/// reads the 0.0 an equal split rounds to as a missing value.
pub(super) fn not_positive(op: &str, model: &str, field: &str, missing: bool) -> ApiError {
    let error = if missing {
        format!("{{'loc': ('{field}',), 'msg': 'field required', 'type': 'value_error.missing'}}")
    } else {
        format!(
            "{{'loc': ('{field}',), 'msg': 'ensure this value is greater than 0', 'type': 'value_error.number.not_gt', 'ctx': {{'limit_value': 0}}}}"
        )
    };
    ApiError::new(
        409,
        format!("The {op} operation on {model} is not valid. Error: [{error}]"),
    )
}
