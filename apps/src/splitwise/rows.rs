//! splitwise's rows written from more than one place (handlers, the seed, task setups): one
//! type per table with its one INSERT.

use crate::common::pytext::py_json_ints;
use rusqlite::{Connection, params};

/// An expense (`splitwise.expenses`) recorded by `user_id`: the payer paid `amount`, which the
/// debtors owe in shares ([`NewShare`]). Its receipt has not been downloaded.
#[derive(Debug, Clone, Copy)]
pub struct NewExpense<'a> {
    /// Who recorded it.
    pub user_id: i64,
    /// Its group, if any.
    pub group_id: Option<i64>,
    /// Who paid.
    pub payer_id: i64,
    /// Who owe a share, in order (the payer too when they share it).
    pub debtor_ids: &'a [i64],
    /// The description.
    pub description: &'a str,
    /// The amount paid.
    pub amount: f64,
    /// The receipt file's name and content, if one was attached.
    pub receipt: Option<(&'a str, &'a str)>,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewExpense<'_> {
    /// Inserts the row (not its shares); returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let (file, content) = self.receipt.unzip();
        db.prepare_cached(
            "INSERT INTO splitwise.expenses (user_id, group_id, payer_id, debtor_ids, participant_ids, description, amount, deleted, receipt_file_name, receipt_file_content, receipt_download_count, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, ?8, ?9, 0, ?10)",
        )?
        .execute(params![
            self.user_id,
            self.group_id,
            self.payer_id,
            py_json_ints(self.debtor_ids),
            py_json_ints(&[self.payer_id]),
            self.description,
            self.amount,
            file,
            content,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A debtor's share of an expense (`splitwise.expense_shares`).
#[derive(Debug, Clone, Copy)]
pub struct NewShare<'a> {
    /// The expense.
    pub expense_id: i64,
    /// Who owes it.
    pub debtor_id: i64,
    /// How much.
    pub share_amount: f64,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewShare<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO splitwise.expense_shares (expense_id, debtor_id, share_amount, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![
            self.expense_id,
            self.debtor_id,
            self.share_amount,
            self.created_at
        ])?;
        Ok(())
    }
}
