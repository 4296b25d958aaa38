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

/// A group (`splitwise.groups`) created by `user_id`; its members are [`NewMember`]s.
#[derive(Debug, Clone, Copy)]
pub struct NewGroup<'a> {
    /// Who created it.
    pub user_id: i64,
    /// Its name (unique per creator).
    pub name: &'a str,
    /// Its description, if any.
    pub description: Option<&'a str>,
    /// When, as stored.
    pub created_at: &'a str,
    /// The code others join with.
    pub invitation_code: &'a str,
}

impl NewGroup<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO splitwise.groups (user_id, name, description, created_at, invitation_code, deleted) VALUES (?1, ?2, ?3, ?4, ?5, 0)",
        )?
        .execute(params![
            self.user_id,
            self.name,
            self.description,
            self.created_at,
            self.invitation_code
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A group membership (`splitwise.group_members`).
#[derive(Debug, Clone, Copy)]
pub struct NewMember<'a> {
    /// The group.
    pub group_id: i64,
    /// The member.
    pub user_id: i64,
    /// When they joined, as stored.
    pub joined_at: &'a str,
}

impl NewMember<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO splitwise.group_members (group_id, user_id, joined_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![self.group_id, self.user_id, self.joined_at])?;
        Ok(())
    }
}

/// One side of a payment, as the payment row copies it.
#[derive(Debug, Clone, Copy)]
pub struct Party<'a> {
    /// The user id.
    pub id: i64,
    /// Their e-mail address.
    pub email: &'a str,
    /// Their full name.
    pub name: &'a str,
}

/// A payment (`splitwise.payments`) recorded by `user_id`: `payer` paid `receiver` back. Its
/// receipt has not been downloaded.
#[derive(Debug, Clone, Copy)]
pub struct NewPayment<'a> {
    /// Who recorded it.
    pub user_id: i64,
    /// Its group, if any.
    pub group_id: Option<i64>,
    /// Who paid.
    pub payer: Party<'a>,
    /// Who was paid.
    pub receiver: Party<'a>,
    /// The amount.
    pub amount: f64,
    /// The description, if any.
    pub description: Option<&'a str>,
    /// The receipt file's name and content, if one was attached.
    pub receipt: Option<(&'a str, &'a str)>,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewPayment<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let (file, content) = self.receipt.unzip();
        db.prepare_cached(
            "INSERT INTO splitwise.payments (group_id, user_id, payer_id, receiver_id, payer_email, payer_name, receiver_email, receiver_name, amount, description, deleted, receipt_file_name, receipt_file_content, receipt_download_count, participant_ids, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, ?11, ?12, 0, ?13, ?14)",
        )?
        .execute(params![
            self.group_id,
            self.user_id,
            self.payer.id,
            self.receiver.id,
            self.payer.email,
            self.payer.name,
            self.receiver.email,
            self.receiver.name,
            self.amount,
            self.description,
            file,
            content,
            py_json_ints(&[self.payer.id, self.receiver.id]),
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// What a comment is on: an expense (`splitwise.expense_comments`) or a payment
/// (`splitwise.payment_comments`), by id.
#[derive(Debug, Clone, Copy)]
pub enum CommentOn {
    /// An expense's id.
    Expense(i64),
    /// A payment's id.
    Payment(i64),
}

/// A comment on an expense or a payment.
#[derive(Debug, Clone, Copy)]
pub struct NewComment<'a> {
    /// The record commented on.
    pub on: CommentOn,
    /// Who wrote it.
    pub user_id: i64,
    /// The text.
    pub comment: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewComment<'_> {
    /// Inserts the row into its table; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let (sql, id) = match self.on {
            CommentOn::Expense(id) => (
                "INSERT INTO splitwise.expense_comments (expense_id, user_id, comment, created_at) VALUES (?1, ?2, ?3, ?4)",
                id,
            ),
            CommentOn::Payment(id) => (
                "INSERT INTO splitwise.payment_comments (payment_id, user_id, comment, created_at) VALUES (?1, ?2, ?3, ?4)",
                id,
            ),
        };
        db.prepare_cached(sql)?.execute(params![
            id,
            self.user_id,
            self.comment,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}
