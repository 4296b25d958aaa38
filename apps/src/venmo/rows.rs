//! venmo's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT, and the updates and deletes task setups make to existing
//! rows ([`Users`], [`PaymentRequests`], [`Transactions`]).

use rusqlite::{Connection, params};
use sim::sql::Cached;

use crate::common::rows::table_row;

table_row! {
    /// A payment (`venmo.transactions`), as a send, an approved request, the seed or a setup
    /// makes it, made and updated at `created_at`. Its receipt has not been downloaded.
    #[derive(Debug, Clone, Copy)]
    pub struct NewTransaction<'a> in "venmo.transactions" {
        /// Who paid.
        pub sender_id: i64,
        /// Who was paid.
        pub receiver_id: i64,
        /// The amount.
        pub amount: f64,
        /// The note.
        pub description: &'a str,
        /// When (also `updated_at`), as stored.
        pub created_at: &'a str,
        /// Seen only by its two parties.
        pub private: bool,
        /// Likes it already has (the seed's).
        pub like_count: i64,
        /// The last four digits of the card it was paid from, if not from the balance.
        pub payment_card_digits: Option<&'a str>,
    }
    fixed { receipt_download_count: "0" }
    copy { updated_at: created_at }
}

table_row! {
    /// A payment request (`venmo.payment_requests`): `sender_id` asks `receiver_id` for money.
    #[derive(Debug, Clone, Copy)]
    pub struct NewPaymentRequest<'a> in "venmo.payment_requests" {
        /// Who asks.
        pub sender_id: i64,
        /// Who would pay.
        pub receiver_id: i64,
        /// How much is asked.
        pub amount: f64,
        /// What for.
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
}

table_row! {
    /// A move of money between a user's balance and one of their cards
    /// (`venmo.bank_transfers`). Its receipt has not been downloaded.
    #[derive(Debug, Clone, Copy)]
    pub struct NewBankTransfer<'a> in "venmo.bank_transfers" {
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
    fixed { receipt_download_count: "0" }
}

table_row! {
    /// `user_id` has `friend_id` in their friend list (`venmo.friendships`; one way).
    #[derive(Debug, Clone, Copy)]
    pub struct NewFriendship<'a> in "venmo.friendships" {
        /// Whose list.
        pub user_id: i64,
        /// The friend.
        pub friend_id: i64,
        /// Since when, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A comment on a payment (`venmo.transaction_comments`), not yet liked.
    #[derive(Debug, Clone, Copy)]
    pub struct NewComment<'a> in "venmo.transaction_comments" {
        /// The payment.
        pub transaction_id: i64,
        /// Who wrote it.
        pub user_id: i64,
        /// The text.
        pub comment: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
    fixed { like_count: "0" }
}

table_row! {
    /// A user's like of a payment (`venmo.transaction_likes`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewTransactionLike<'a> in "venmo.transaction_likes" {
        /// The payment.
        pub transaction_id: i64,
        /// Who likes it.
        pub user_id: i64,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A user's like of a comment (`venmo.transaction_comment_likes`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewCommentLike<'a> in "venmo.transaction_comment_likes" {
        /// The comment.
        pub transaction_comment_id: i64,
        /// Who likes it.
        pub user_id: i64,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

/// What a like is of: a payment or a comment, by id.
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
    /// Inserts the row into its table ([`NewTransactionLike`] or [`NewCommentLike`]).
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        let (user_id, created_at) = (self.user_id, self.created_at);
        match self.of {
            Liked::Transaction(transaction_id) => NewTransactionLike {
                transaction_id,
                user_id,
                created_at,
            }
            .insert(db),
            Liked::Comment(transaction_comment_id) => NewCommentLike {
                transaction_comment_id,
                user_id,
                created_at,
            }
            .insert(db),
        }
        .map(drop)
    }
}

/// Changes to existing accounts (`venmo.users`).
pub struct Users;

impl Users {
    /// Sets the wallet balance of user `id`; returns how many rows changed.
    pub fn set_balance(db: &Connection, id: i64, amount: f64) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE venmo.users SET venmo_balance = ?1 WHERE id = ?2",
            params![amount, id],
        )
    }
}

/// Changes to existing payment requests (`venmo.payment_requests`).
pub struct PaymentRequests;

impl PaymentRequests {
    /// Deletes the pending (neither approved nor denied) requests user `user_id` sent (`sent`)
    /// or received; returns how many went.
    pub fn delete_pending(db: &Connection, user_id: i64, sent: bool) -> rusqlite::Result<usize> {
        let column = if sent { "sender_id" } else { "receiver_id" };
        db.execute_cached(
            &format!(
                "DELETE FROM venmo.payment_requests WHERE {column} = ?1 AND approved_at IS NULL AND denied_at IS NULL"
            ),
            [user_id],
        )
    }

    /// Marks request `id` approved at `at` (as stored) with the payment an approval writes
    /// (from the asked to the asker, the request's amount, note and privacy); no balance moves.
    pub fn approve_as_history(db: &Connection, id: i64, at: &str) -> rusqlite::Result<i64> {
        let (asker, payer, amount, description, private): (i64, i64, f64, String, bool) = db
            .prepare_cached(
                "SELECT sender_id, receiver_id, amount, description, private \
                 FROM venmo.payment_requests WHERE id = ?1",
            )?
            .query_row([id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?;
        // In the order `approve_payment_request` writes: the payment, then the request.
        let payment = NewTransaction {
            sender_id: payer,
            receiver_id: asker,
            amount,
            description: &description,
            created_at: at,
            private,
            like_count: 0,
            payment_card_digits: None,
        }
        .insert(db)?;
        Self::close(db, id, true, at)?;
        Ok(payment)
    }

    /// Marks request `id` approved (`approved`) or denied at `at` (as stored), also its
    /// `updated_at`; no money moves. Returns how many rows changed.
    pub fn close(db: &Connection, id: i64, approved: bool, at: &str) -> rusqlite::Result<usize> {
        let column = if approved { "approved_at" } else { "denied_at" };
        db.execute_cached(
            &format!(
                "UPDATE venmo.payment_requests SET {column} = ?1, updated_at = ?1 WHERE id = ?2"
            ),
            params![at, id],
        )
    }
}

/// Changes to existing payments (`venmo.transactions`).
pub struct Transactions;

impl Transactions {
    /// Deletes the payments between users `a` and `b` (either way) made within `[from, to]`
    /// (as stored); returns how many went.
    pub fn delete_between(
        db: &Connection,
        a: i64,
        b: i64,
        from: &str,
        to: &str,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "DELETE FROM venmo.transactions WHERE ((sender_id = ?1 AND receiver_id = ?2) OR (sender_id = ?2 AND receiver_id = ?1)) \
             AND created_at >= ?3 AND created_at <= ?4",
            params![a, b, from, to],
        )
    }
}
