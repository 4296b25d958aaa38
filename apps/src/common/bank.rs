//! The hidden bank (the `admin` tables): payment-card balances that apps check, debit and credit in-process
//! (never through agent-visible APIs), with AppWorld's validation rules.
//!
//! # For the developer of an app that takes payments (amazon, spotify, venmo, ...)
//!
//! Real cards live in `admin.payment_cards` (one row per card, keyed by `card_number`, with
//! its owner's name, expiry, CVV and `balance`). Apps keep their own *saved* card rows
//! (`<app>.payment_cards`, handled by [`crate::common::cards`]); a saved card is only a copy of
//! a bank card's details, and every money movement goes through this module with those
//! details ([`CardDetails`], e.g. `SavedCard::details()`):
//!
//! - [`validate`]: the details must equal a bank card field by field (owner name, number,
//!   expiry year and month, CVV), else 422 [`INVALID_CARD`]. Adding a saved card calls it.
//! - [`balance`], [`debit`], [`credit`]: validate again, then refuse a card past the end of its
//!   expiry month (422 [`EXPIRED_CARD`]); `debit` refuses an amount over the balance with the
//!   error the app passes, in its own words (venmo: `Your payment card does not have $X to
//!   ...`; the bank's own is [`OVER_BALANCE`]).
//! - Balances are stored as Python's `round(balance ± amount, 2)` ([`sim::num::round2`]). Whether
//!   the amount is rounded before it moves is the app's choice (venmo: payments move the raw
//!   amount, top-ups and withdrawals the rounded one); pass what AppWorld passes.
//! - In-process calls skip request validation: no bound on amounts (AppWorld's admin API has
//!   `amount <= 100000`, never enforced in-process).
//!
//! All functions run on the caller's connection inside its savepoint, so a failed call undoes
//! its bank movements too.

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use rusqlite::{Connection, OptionalExtension, ToSql, params};
use sim::api::ApiError;

/// The 422 message for card details that match no bank card.
pub const INVALID_CARD: &str = "The card information is not valid. Recheck the card details.";
/// The 422 message for a card past the end of its expiry month.
pub const EXPIRED_CARD: &str = "The payment card has expired.";
/// The 422 message for a debit over the card's balance.
pub const OVER_BALANCE: &str = "The debit amount is greater than the balance.";

/// The details that identify a bank card (what a saved card copies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDetails {
    /// The name on the card.
    pub owner_name: String,
    /// The 16-digit number.
    pub card_number: i64,
    /// Expiry year (e.g. 2027).
    pub expiry_year: i64,
    /// Expiry month, 1-12.
    pub expiry_month: i64,
    /// The 3-digit CVV.
    pub cvv_number: i64,
}

impl CardDetails {
    /// The last four digits, as receipts and transfers show them (`"1111"`).
    pub fn last4(&self) -> String {
        last4(self.card_number)
    }

    /// Whether the card is past the end of its expiry month at `now`.
    pub fn expired(&self, now: NaiveDateTime) -> bool {
        let (y, m) = (self.expiry_year, self.expiry_month);
        let (ny, nm) = if m >= 12 { (y + 1, 1) } else { (y, m + 1) };
        let Ok(ny) = i32::try_from(ny) else {
            return y < i64::from(now.year());
        };
        match NaiveDate::from_ymd_opt(ny, nm.clamp(1, 12) as u32, 1) {
            Some(first_after) => now.date() >= first_after,
            None => true,
        }
    }
}

/// The last four digits of a card number, zero-padded.
pub fn last4(card_number: i64) -> String {
    format!("{:04}", card_number.rem_euclid(10_000))
}

/// A bank card with its balance.
#[derive(Debug, Clone, PartialEq)]
pub struct BankCard {
    /// Row id in `admin.payment_cards`.
    pub id: i64,
    /// The card's details.
    pub details: CardDetails,
    /// The money on the card.
    pub balance: f64,
}

/// The bank card whose details equal `d` exactly, if any.
pub fn find(db: &Connection, d: &CardDetails) -> Result<Option<BankCard>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT id, balance FROM admin.payment_cards WHERE card_number = ?1 AND owner_name = ?2 \
             AND expiry_year = ?3 AND expiry_month = ?4 AND cvv_number = ?5",
        )?
        .query_row(
            params![
                d.card_number,
                d.owner_name,
                d.expiry_year,
                d.expiry_month,
                d.cvv_number
            ],
            |r| {
                Ok(BankCard {
                    id: r.get(0)?,
                    details: d.clone(),
                    balance: r.get::<_, Option<f64>>(1)?.unwrap_or(0.0),
                })
            },
        )
        .optional()?)
}

/// The bank card with these details, or 422 [`INVALID_CARD`].
pub fn validate(db: &Connection, d: &CardDetails) -> Result<BankCard, ApiError> {
    find(db, d)?.ok_or_else(|| ApiError::unprocessable(INVALID_CARD))
}

/// A valid card that has not expired, or the bank's 422.
fn usable(db: &Connection, d: &CardDetails, now: NaiveDateTime) -> Result<BankCard, ApiError> {
    let card = validate(db, d)?;
    if d.expired(now) {
        return Err(ApiError::unprocessable(EXPIRED_CARD));
    }
    Ok(card)
}

/// The card's balance (validated, not expired).
pub fn balance(db: &Connection, d: &CardDetails, now: NaiveDateTime) -> Result<f64, ApiError> {
    Ok(usable(db, d, now)?.balance)
}

/// Takes `amount` off the card: `round(balance - amount, 2)`. Returns the new balance; a card
/// holding less than `amount` is `short()`'s error.
pub fn debit(
    db: &Connection,
    d: &CardDetails,
    amount: f64,
    now: NaiveDateTime,
    short: impl FnOnce() -> ApiError,
) -> Result<f64, ApiError> {
    let card = usable(db, d, now)?;
    if amount > card.balance {
        return Err(short());
    }
    set_balance(db, card.id, sim::num::round2(card.balance - amount))
}

/// Puts `amount` on the card: `round(balance + amount, 2)`. Returns the new balance.
pub fn credit(
    db: &Connection,
    d: &CardDetails,
    amount: f64,
    now: NaiveDateTime,
) -> Result<f64, ApiError> {
    let card = usable(db, d, now)?;
    set_balance(db, card.id, sim::num::round2(card.balance + amount))
}

fn set_balance(db: &Connection, id: i64, balance: f64) -> Result<f64, ApiError> {
    db.prepare_cached("UPDATE admin.payment_cards SET balance = ?1 WHERE id = ?2")?
        .execute(params![balance, id])?;
    Ok(balance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details(y: i64, m: i64) -> CardDetails {
        CardDetails {
            owner_name: "Alice Ng".into(),
            card_number: 4000000000001111,
            expiry_year: y,
            expiry_month: m,
            cvv_number: 101,
        }
    }

    #[test]
    fn expiry_is_the_end_of_the_month() {
        let at = |s: &str| sim::clock::parse_datetime(s).unwrap();
        assert!(!details(2023, 5).expired(at("2023-05-31T23:59:59")));
        assert!(details(2023, 5).expired(at("2023-06-01T00:00:00")));
        assert!(!details(2023, 12).expired(at("2023-12-31T12:00:00")));
        assert!(details(2023, 12).expired(at("2024-01-01T00:00:00")));
        assert!(details(2022, 1).expired(at("2023-05-18T12:00:00")));
        assert_eq!(details(2027, 1).last4(), "1111");
        assert_eq!(last4(4000000000000042), "0042");
    }

    #[test]
    fn bank_moves_money_with_python_rounding() {
        let db = Connection::open_in_memory().unwrap();
        db.execute_batch(
            "ATTACH ':memory:' AS admin; CREATE TABLE admin.payment_cards (id INTEGER PRIMARY KEY, main_user_id INTEGER, \
             owner_name TEXT, card_name TEXT, card_number INTEGER, expiry_year INTEGER, expiry_month INTEGER, cvv_number INTEGER, balance FLOAT);
             INSERT INTO admin.payment_cards VALUES (1, 1, 'Alice Ng', 'Visa', 4000000000001111, 2027, 1, 101, 5000.0);",
        )
        .unwrap();
        let now = sim::clock::default_now();
        let d = details(2027, 1);
        assert_eq!(balance(&db, &d, now).unwrap(), 5000.0);
        let short = || ApiError::unprocessable(OVER_BALANCE);
        assert_eq!(debit(&db, &d, 0.125, now, short).unwrap(), 4999.88);
        assert_eq!(credit(&db, &d, 0.375, now).unwrap(), 5000.26);
        assert_eq!(
            debit(&db, &d, 6000.0, now, short).unwrap_err().message(),
            OVER_BALANCE
        );
        let wrong = CardDetails {
            cvv_number: 999,
            ..d.clone()
        };
        assert_eq!(validate(&db, &wrong).unwrap_err().message(), INVALID_CARD);
        assert_eq!(
            balance(&db, &details(2022, 1), now).unwrap_err().message(),
            INVALID_CARD
        );
        db.execute(
            "UPDATE admin.payment_cards SET expiry_year = 2022, expiry_month = 1",
            [],
        )
        .unwrap();
        assert_eq!(
            balance(&db, &details(2022, 1), now).unwrap_err().message(),
            EXPIRED_CARD
        );
    }
}

/// What a card shows (the columns every card table repeats: the bank's, the supervisor's and
/// the apps' saved cards).
#[derive(Debug, Clone, Copy)]
pub struct CardFace<'a> {
    /// The name on the card.
    pub owner_name: &'a str,
    /// The name its holder gave it.
    pub card_name: &'a str,
    /// The 16-digit number.
    pub card_number: i64,
    /// Expiry year.
    pub expiry_year: i64,
    /// Expiry month, 1-12.
    pub expiry_month: i64,
    /// The 3-digit CVV.
    pub cvv_number: i64,
}

impl CardFace<'_> {
    /// The face's columns with their values, as every card table stores them.
    pub fn columns(&self) -> [(&'static str, &dyn ToSql); 6] {
        [
            ("owner_name", &self.owner_name),
            ("card_name", &self.card_name),
            ("card_number", &self.card_number),
            ("expiry_year", &self.expiry_year),
            ("expiry_month", &self.expiry_month),
            ("cvv_number", &self.cvv_number),
        ]
    }
}

impl<'a> From<&'a crate::people::PaymentCard> for CardFace<'a> {
    fn from(c: &'a crate::people::PaymentCard) -> Self {
        CardFace {
            owner_name: &c.owner_name,
            card_name: &c.card_name,
            card_number: c.card_number,
            expiry_year: c.expiry_year,
            expiry_month: c.expiry_month,
            cvv_number: c.cvv_number,
        }
    }
}

/// A bank card (`admin.payment_cards`) of `main_user_id` with its balance.
#[derive(Debug, Clone, Copy)]
pub struct NewBankCard<'a> {
    /// Whose.
    pub main_user_id: i64,
    /// What it shows.
    pub face: CardFace<'a>,
    /// Its balance.
    pub balance: f64,
}

impl NewBankCard<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let mut columns: Vec<(&str, &dyn ToSql)> =
            vec![("main_user_id", &self.main_user_id as &dyn ToSql)];
        columns.extend(self.face.columns());
        columns.push(("balance", &self.balance));
        super::accounts::insert_row(db, "admin.payment_cards", &columns, &[])
    }
}
