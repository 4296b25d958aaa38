//! What venmo's handlers share: users, transactions and payment requests as rows and as JSON,
//! notifications, money and date helpers.

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

    fn read(r: &rusqlite::Row) -> rusqlite::Result<VUser> {
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
    ctx.db
        .prepare_cached(
            "INSERT INTO venmo.notifications (user_id, type, title, message, read, data, created_at) VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6)",
        )?
        .execute(params![user_id, kind, title, message, data.to_string(), now(ctx)])?;
    Ok(())
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

/// A transaction row with both parties' names.
#[derive(Debug, Clone)]
pub(super) struct Txn {
    pub id: i64,
    pub sender_id: i64,
    pub receiver_id: i64,
    pub amount: f64,
    pub description: String,
    pub created_at: Value,
    pub updated_at: Value,
    pub private: bool,
    pub like_count: i64,
    pub card_digits: Option<String>,
    pub comment_count: i64,
    /// (name, email) of the sender, `None` when the account is gone.
    pub sender: Option<(String, String)>,
    pub receiver: Option<(String, String)>,
}

/// The SELECT that [`Txn::read`] reads; append `WHERE ...`.
pub(super) const TXN_SELECT: &str = "SELECT t.id, t.sender_id, t.receiver_id, t.amount, t.description, t.created_at, t.updated_at, t.private, \
     t.like_count, t.payment_card_digits, (SELECT count(*) FROM venmo.transaction_comments AS c WHERE c.transaction_id = t.id), \
     s.first_name || ' ' || s.last_name, s.email, r.first_name || ' ' || r.last_name, r.email \
     FROM venmo.transactions AS t LEFT JOIN venmo.users AS s ON s.id = t.sender_id LEFT JOIN venmo.users AS r ON r.id = t.receiver_id";

impl Txn {
    pub fn read(r: &rusqlite::Row) -> rusqlite::Result<Txn> {
        let pair = |i: usize| -> rusqlite::Result<Option<(String, String)>> {
            Ok(
                match (
                    r.get::<_, Option<String>>(i)?,
                    r.get::<_, Option<String>>(i + 1)?,
                ) {
                    (Some(n), Some(e)) => Some((n, e)),
                    _ => None,
                },
            )
        };
        Ok(Txn {
            id: r.get(0)?,
            sender_id: r.get(1)?,
            receiver_id: r.get(2)?,
            amount: r.get(3)?,
            description: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
            created_at: datetime_col(r, 5)?,
            updated_at: datetime_col(r, 6)?,
            private: r.get::<_, Option<bool>>(7)?.unwrap_or(false),
            like_count: r.get::<_, Option<i64>>(8)?.unwrap_or(0),
            card_digits: r.get(9)?,
            comment_count: r.get(10)?,
            sender: pair(11)?,
            receiver: pair(13)?,
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

/// A `min_*`/`max_*` date filter as AppWorld reads it: `YYYY-MM-DD` or
/// `YYYY-MM-DDTHH:MM:SS` in Python `strptime` syntax (unpadded month and day accepted, a day
/// may be written ` 5`); either way the bound is the whole day (`min`: its start, `max`: its
/// end), in the stored datetime form. Anything else is AppWorld's 422.
pub(super) fn day_bound(param: &str, value: &str, max: bool) -> Result<String, ApiError> {
    let date = strptime_date(value).ok_or_else(|| {
        ApiError::unprocessable(format!("Invalid {param} format. Use YYYY-MM-DD."))
    })?;
    let time = if max { "23:59:59" } else { "00:00:00" };
    Ok(format!("{}T{time}", date.format("%Y-%m-%d")))
}

/// One character class of a `strptime` regex: an inclusive character range.
type Class = (char, char);
/// One alternative of a field's regex: a sequence of classes.
type Alt = &'static [Class];

const DIG: Class = ('0', '9');
const fn one(c: char) -> Class {
    (c, c)
}
// The regexes Python's `_strptime` uses, alternatives in priority order.
const YEAR: &[Alt] = &[&[DIG, DIG, DIG, DIG]];
const MONTH: &[Alt] = &[
    &[one('1'), ('0', '2')],
    &[one('0'), ('1', '9')],
    &[('1', '9')],
];
const DAY: &[Alt] = &[
    &[one('3'), ('0', '1')],
    &[('1', '2'), DIG],
    &[one('0'), ('1', '9')],
    &[('1', '9')],
    &[one(' '), ('1', '9')],
];
const HOUR: &[Alt] = &[&[one('2'), ('0', '3')], &[('0', '1'), DIG], &[DIG]];
const MINUTE: &[Alt] = &[&[('0', '5'), DIG], &[DIG]];
const SECOND: &[Alt] = &[&[one('6'), ('0', '1')], &[('0', '5'), DIG], &[DIG]];

#[derive(Clone, Copy)]
enum Piece {
    Lit(char),
    Field(&'static [Alt]),
}

/// Python's `strptime(value, "%Y-%m-%d")`, then `strptime(value, "%Y-%m-%dT%H:%M:%S")`; the
/// date of the first that parses.
fn strptime_date(value: &str) -> Option<chrono::NaiveDate> {
    use Piece::{Field, Lit};
    let date_fmt = [Field(YEAR), Lit('-'), Field(MONTH), Lit('-'), Field(DAY)];
    let datetime_fmt = [
        Field(YEAR),
        Lit('-'),
        Field(MONTH),
        Lit('-'),
        Field(DAY),
        Lit('T'),
        Field(HOUR),
        Lit(':'),
        Field(MINUTE),
        Lit(':'),
        Field(SECOND),
    ];
    let chars: Vec<char> = value.chars().collect();
    for fmt in [&date_fmt[..], &datetime_fmt[..]] {
        let mut fields = Vec::new();
        // Python's `re.match` takes the first match in priority order; strptime then refuses
        // leftover text ("unconverted data remains") without trying other matches.
        if match_pieces(fmt, &chars, 0, &mut fields) == Some(chars.len()) {
            let num = |s: &str| s.trim().parse::<u32>().ok();
            let (y, m, d) = (num(&fields[0])?, num(&fields[1])?, num(&fields[2])?);
            if fields.len() > 3 && num(&fields[5])? > 59 {
                // A leap second parses but datetime() refuses it.
                return None;
            }
            return chrono::NaiveDate::from_ymd_opt(y as i32, m, d);
        }
    }
    None
}

/// Backtracking match of `pieces` at `pos` (a regex's first match in priority order): the end
/// of the match, with the text of each field pushed to `fields`.
fn match_pieces(
    pieces: &[Piece],
    s: &[char],
    pos: usize,
    fields: &mut Vec<String>,
) -> Option<usize> {
    let Some((first, rest)) = pieces.split_first() else {
        return Some(pos);
    };
    match first {
        // strptime's regex ignores case (`t` for `T`).
        Piece::Lit(c) => s
            .get(pos)
            .is_some_and(|x| x.eq_ignore_ascii_case(c))
            .then(|| match_pieces(rest, s, pos + 1, fields))
            .flatten(),
        Piece::Field(alts) => {
            for alt in alts.iter() {
                let fits = alt
                    .iter()
                    .enumerate()
                    .all(|(i, (lo, hi))| s.get(pos + i).is_some_and(|c| (*lo..=*hi).contains(c)));
                if !fits {
                    continue;
                }
                fields.push(s[pos..pos + alt.len()].iter().collect());
                if let Some(end) = match_pieces(rest, s, pos + alt.len(), fields) {
                    return Some(end);
                }
                fields.pop();
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_filters_parse_as_python_strptime() {
        let ok = |s: &str| strptime_date(s).map(|d| d.to_string());
        assert_eq!(ok("2023-05-18").as_deref(), Some("2023-05-18"));
        assert_eq!(ok("2023-5-18").as_deref(), Some("2023-05-18"));
        assert_eq!(ok("2023-05-1").as_deref(), Some("2023-05-01"));
        assert_eq!(ok("2023-05- 1").as_deref(), Some("2023-05-01"));
        assert_eq!(ok("2023-05-18T12:00:01").as_deref(), Some("2023-05-18"));
        assert_eq!(ok("2023-05-18T1:2:3").as_deref(), Some("2023-05-18"));
        for bad in [
            "18/05/2023",
            "2023-02-30",
            "",
            "tomorrow",
            "2023-05-18 12:00:00",
            "2023-05-18T",
            "2023-05-18Tgarbage",
            "023-05-18",
            " 2023-05-18",
            "2023-05-18 ",
            "2023-05-123",
            "2023-13-01",
        ] {
            assert_eq!(ok(bad), None, "{bad:?}");
        }
        assert_eq!(
            day_bound("max_created_at", "2023-5-18", true).unwrap(),
            "2023-05-18T23:59:59"
        );
        assert_eq!(
            day_bound("min_created_at", "x", false)
                .unwrap_err()
                .message(),
            "Invalid min_created_at format. Use YYYY-MM-DD."
        );
    }
}
