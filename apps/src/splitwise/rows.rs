//! splitwise's rows written from more than one place (handlers, the seed, task setups, tests):
//! one type per table with its one INSERT, and what task setups read of existing groups
//! ([`Groups`]).

use crate::common::pytext::py_json_ints;
use crate::common::rows::table_row;
use rusqlite::{Connection, params};
use sim::sql::Cached;

table_row! {
    /// An expense (`splitwise.expenses`) recorded by `user_id`: the payer paid `amount`, which
    /// the debtors owe in shares ([`NewShare`]). Its receipt has not been downloaded.
    #[derive(Debug, Clone, Copy)]
    pub struct NewExpense<'a> in "splitwise.expenses" {
        /// Who recorded it.
        pub user_id: i64,
        /// Its group, if any.
        pub group_id: Option<i64>,
        /// Who paid.
        pub payer_id: i64,
        /// Who owe a share, in order (the payer too when they share it).
        pub debtor_ids: &'a [i64] => py_json_ints,
        /// Its participants as stored: the payer alone (`&[payer_id]`).
        pub participant_ids: &'a [i64] => py_json_ints,
        /// The description.
        pub description: &'a str,
        /// The amount paid.
        pub amount: f64,
        /// The attached receipt file's name, if one was attached.
        pub receipt_file_name: Option<&'a str>,
        /// The attached receipt file's content, if one was attached.
        pub receipt_file_content: Option<&'a str>,
        /// When, as stored.
        pub created_at: &'a str,
    }
    fixed { deleted: "0", receipt_download_count: "0" }
}

table_row! {
    /// A debtor's share of an expense (`splitwise.expense_shares`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewShare<'a> in "splitwise.expense_shares" {
        /// The expense.
        pub expense_id: i64,
        /// Who owes it.
        pub debtor_id: i64,
        /// How much.
        pub share_amount: f64,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A group (`splitwise.groups`) created by `user_id`; its members are [`NewMember`]s.
    #[derive(Debug, Clone, Copy)]
    pub struct NewGroup<'a> in "splitwise.groups" {
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
    fixed { deleted: "0" }
}

table_row! {
    /// A group membership (`splitwise.group_members`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewMember<'a> in "splitwise.group_members" {
        /// The group.
        pub group_id: i64,
        /// The member.
        pub user_id: i64,
        /// When they joined, as stored.
        pub joined_at: &'a str,
    }
}

table_row! {
    /// A payment (`splitwise.payments`) recorded by `user_id`: the payer paid the receiver
    /// back; the row keeps both parties' e-mails and names. Its receipt has not been
    /// downloaded.
    #[derive(Debug, Clone, Copy)]
    pub struct NewPayment<'a> in "splitwise.payments" {
        /// Its group, if any.
        pub group_id: Option<i64>,
        /// Who recorded it.
        pub user_id: i64,
        /// Who paid.
        pub payer_id: i64,
        /// Who was paid.
        pub receiver_id: i64,
        /// The payer's e-mail address.
        pub payer_email: &'a str,
        /// The payer's full name.
        pub payer_name: &'a str,
        /// The receiver's e-mail address.
        pub receiver_email: &'a str,
        /// The receiver's full name.
        pub receiver_name: &'a str,
        /// The amount.
        pub amount: f64,
        /// The description, if any.
        pub description: Option<&'a str>,
        /// The attached receipt file's name, if one was attached.
        pub receipt_file_name: Option<&'a str>,
        /// The attached receipt file's content, if one was attached.
        pub receipt_file_content: Option<&'a str>,
        /// Its participants as stored: `&[payer_id, receiver_id]`.
        pub participant_ids: &'a [i64] => py_json_ints,
        /// When, as stored.
        pub created_at: &'a str,
    }
    fixed { deleted: "0", receipt_download_count: "0" }
}

table_row! {
    /// A comment on an expense (`splitwise.expense_comments`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewExpenseComment<'a> in "splitwise.expense_comments" {
        /// The expense.
        pub expense_id: i64,
        /// Who wrote it.
        pub user_id: i64,
        /// The text.
        pub comment: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A comment on a payment (`splitwise.payment_comments`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewPaymentComment<'a> in "splitwise.payment_comments" {
        /// The payment.
        pub payment_id: i64,
        /// Who wrote it.
        pub user_id: i64,
        /// The text.
        pub comment: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

/// What a comment is on: an expense or a payment, by id.
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
    /// Inserts the row into its table ([`NewExpenseComment`] or [`NewPaymentComment`]);
    /// returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let (user_id, comment, created_at) = (self.user_id, self.comment, self.created_at);
        match self.on {
            CommentOn::Expense(expense_id) => NewExpenseComment {
                expense_id,
                user_id,
                comment,
                created_at,
            }
            .insert(db),
            CommentOn::Payment(payment_id) => NewPaymentComment {
                payment_id,
                user_id,
                comment,
                created_at,
            }
            .insert(db),
        }
    }
}

/// What task setups read of existing groups (`splitwise.groups`, `splitwise.group_members`).
pub struct Groups;

impl Groups {
    /// The id of the first group (by id), not deleted, named `name` that user `user_id` is a
    /// member of.
    pub fn member_group_named(db: &Connection, user_id: i64, name: &str) -> rusqlite::Result<i64> {
        db.query_row_cached(
            "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
             WHERE m.user_id = ?1 AND g.name = ?2 AND NOT g.deleted ORDER BY g.id LIMIT 1",
            params![user_id, name],
            |r| r.get(0),
        )
    }
}
