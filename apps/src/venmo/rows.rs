//! venmo's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT.

use rusqlite::{Connection, params};

/// A payment (`venmo.transactions`), as a send, an approved request, the seed or a setup makes
/// it. Its receipt has not been downloaded.
#[derive(Debug, Clone, Copy)]
pub struct NewTransaction<'a> {
    /// Who paid.
    pub sender_id: i64,
    /// Who was paid.
    pub receiver_id: i64,
    /// The amount.
    pub amount: f64,
    /// The note.
    pub description: &'a str,
    /// When (`created_at` and `updated_at`), as stored.
    pub at: &'a str,
    /// Seen only by its two parties.
    pub private: bool,
    /// Likes it already has (the seed's).
    pub like_count: i64,
    /// The last four digits of the card it was paid from, if not from the balance.
    pub payment_card_digits: Option<&'a str>,
}

impl NewTransaction<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO venmo.transactions (sender_id, receiver_id, amount, description, created_at, updated_at, private, receipt_download_count, like_count, payment_card_digits) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, 0, ?7, ?8)",
        )?
        .execute(params![
            self.sender_id,
            self.receiver_id,
            self.amount,
            self.description,
            self.at,
            self.private,
            self.like_count,
            self.payment_card_digits
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A payment request (`venmo.payment_requests`): `sender_id` asks `receiver_id` for money.
#[derive(Debug, Clone, Copy)]
pub struct NewPaymentRequest<'a> {
    /// Who asks.
    pub sender_id: i64,
    /// Who would pay.
    pub receiver_id: i64,
    /// The amount.
    pub amount: f64,
    /// The note.
    pub description: &'a str,
    /// When it was made, as stored.
    pub created_at: &'a str,
    /// When it last changed, as stored.
    pub updated_at: &'a str,
    /// When it was approved, if it was.
    pub approved_at: Option<&'a str>,
    /// When it was denied, if it was.
    pub denied_at: Option<&'a str>,
    /// Seen only by its two parties.
    pub private: bool,
}

impl NewPaymentRequest<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO venmo.payment_requests (sender_id, receiver_id, amount, description, created_at, updated_at, approved_at, denied_at, private) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?
        .execute(params![
            self.sender_id,
            self.receiver_id,
            self.amount,
            self.description,
            self.created_at,
            self.updated_at,
            self.approved_at,
            self.denied_at,
            self.private
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A move of money between a user's balance and one of their cards (`venmo.bank_transfers`).
/// Its receipt has not been downloaded.
#[derive(Debug, Clone, Copy)]
pub struct NewBankTransfer<'a> {
    /// Whose.
    pub user_id: i64,
    /// `card_to_venmo` or `venmo_to_card`.
    pub transfer_type: &'a str,
    /// The amount.
    pub amount: f64,
    /// The card's last four digits.
    pub payment_card_digits: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewBankTransfer<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO venmo.bank_transfers (user_id, transfer_type, amount, payment_card_digits, receipt_download_count, created_at) \
             VALUES (?1, ?2, ?3, ?4, 0, ?5)",
        )?
        .execute(params![
            self.user_id,
            self.transfer_type,
            self.amount,
            self.payment_card_digits,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// `user_id` has `friend_id` in their friend list (`venmo.friendships`; one way).
#[derive(Debug, Clone, Copy)]
pub struct NewFriendship<'a> {
    /// Whose list.
    pub user_id: i64,
    /// The friend.
    pub friend_id: i64,
    /// Since when, as stored.
    pub created_at: &'a str,
}

impl NewFriendship<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO venmo.friendships (user_id, friend_id, created_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![self.user_id, self.friend_id, self.created_at])?;
        Ok(())
    }
}

/// A comment on a payment (`venmo.transaction_comments`), not yet liked.
#[derive(Debug, Clone, Copy)]
pub struct NewComment<'a> {
    /// The payment.
    pub transaction_id: i64,
    /// Who wrote it.
    pub user_id: i64,
    /// The text.
    pub comment: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewComment<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO venmo.transaction_comments (transaction_id, user_id, comment, created_at, like_count) VALUES (?1, ?2, ?3, ?4, 0)",
        )?
        .execute(params![
            self.transaction_id,
            self.user_id,
            self.comment,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// What a like is of: a payment (`venmo.transaction_likes`) or a comment
/// (`venmo.transaction_comment_likes`), by id.
#[derive(Debug, Clone, Copy)]
pub enum Liked {
    /// A transaction's id.
    Transaction(i64),
    /// A transaction comment's id.
    Comment(i64),
}

/// A user's like of a payment or a comment (the liked row's `like_count` is the caller's).
#[derive(Debug, Clone, Copy)]
pub struct NewLike<'a> {
    /// What is liked.
    pub of: Liked,
    /// Who likes it.
    pub user_id: i64,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewLike<'_> {
    /// Inserts the row into its table.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        let (sql, id) = match self.of {
            Liked::Transaction(id) => (
                "INSERT INTO venmo.transaction_likes (transaction_id, user_id, created_at) VALUES (?1, ?2, ?3)",
                id,
            ),
            Liked::Comment(id) => (
                "INSERT INTO venmo.transaction_comment_likes (transaction_comment_id, user_id, created_at) VALUES (?1, ?2, ?3)",
                id,
            ),
        };
        db.prepare_cached(sql)?
            .execute(params![id, self.user_id, self.created_at])?;
        Ok(())
    }
}
