//! gmail's rows written from more than one place (the delivery path, drafts, the seed, task
//! setups): one type per table with its one INSERT, and [`UserEmailThreads`] for the changes
//! task setups make to existing thread copies. Lists (ids, addresses, names) are typed here
//! and stored as compact JSON text ([`json_text`]).

use rusqlite::{Connection, params};
use serde_json::json;
use sim::sql::Cached;

use crate::common::rows::table_row;

/// The stored form of a list column: compact JSON text (`[1,2]`, `["a","b"]`).
pub(super) fn json_text<T: serde::Serialize + ?Sized>(list: &T) -> String {
    json!(list).to_string()
}

table_row! {
    /// An e-mail (`gmail.emails`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewEmail<'a> in "gmail.emails" {
        /// The sender.
        pub sender_id: i64,
        /// The recipients, as the e-mail stores them (repeats kept).
        pub recipient_ids: &'a [i64] => json_text,
        /// The subject.
        pub subject: &'a str,
        /// The body.
        pub body: &'a str,
        /// The e-mail it answers, if any.
        pub response_to_email_id: Option<i64>,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// An attachment (`gmail.attachments`) of a sent e-mail or of a draft (one of the two
    /// ids is set), not downloaded yet.
    #[derive(Debug, Clone, Copy)]
    pub struct NewAttachment<'a> in "gmail.attachments" {
        /// Its e-mail, if it belongs to one.
        pub email_id: Option<i64>,
        /// Its draft, if it belongs to one.
        pub draft_id: Option<i64>,
        /// The file's name.
        pub file_name: &'a str,
        /// The file's content.
        pub file_content: &'a str,
        /// JSON text of the archive entries (`[]` for plain files).
        pub file_compressed_data: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
    fixed { download_count: "0" }
}

table_row! {
    /// A thread as it exists once for everyone (`gmail.global_email_threads`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewGlobalThread<'a> in "gmail.global_email_threads" {
        /// Its e-mails, in order.
        pub email_ids: &'a [i64] => json_text,
        /// When it began, as stored.
        pub created_at: &'a str,
        /// When it was last added to, as stored.
        pub updated_at: &'a str,
    }
}

table_row! {
    /// One person's copy of a thread (`gmail.user_email_threads`): their e-mail ids, flags,
    /// label and the denormalised sender and recipient columns.
    #[derive(Debug, Clone, Copy)]
    pub struct NewThreadCopy<'a> in "gmail.user_email_threads" {
        /// The global thread.
        pub global_email_thread_id: i64,
        /// Whose copy it is.
        pub user_id: i64,
        /// The e-mails in this copy, in order.
        pub email_ids: &'a [i64] => json_text,
        /// Whether the person received any of its e-mails.
        pub incoming: bool,
        /// Whether the person sent any of its e-mails.
        pub outgoing: bool,
        /// Whether it is read.
        pub read: bool,
        /// Its label, if any.
        pub label: Option<&'a str>,
        /// Whether it is starred.
        pub starred: bool,
        /// Whether it is archived.
        pub archived: bool,
        /// Whether it is spam.
        pub spam: bool,
        /// The senders' addresses, each once.
        pub sender_email_addresses: &'a [String] => json_text,
        /// The senders' names, in the same order.
        pub sender_names: &'a [String] => json_text,
        /// The recipients' addresses, each once.
        pub recipient_email_addresses: &'a [String] => json_text,
        /// The recipients' names, in the same order.
        pub recipient_names: &'a [String] => json_text,
        /// When it began, as stored.
        pub created_at: &'a str,
        /// When it last changed, as stored.
        pub updated_at: &'a str,
        /// Whether an e-mail of it came with files.
        pub has_attachments: bool,
    }
}

table_row! {
    /// A draft (`gmail.drafts`), created and updated at `created_at`.
    #[derive(Debug, Clone, Copy)]
    pub struct NewDraft<'a> in "gmail.drafts" {
        /// Whose draft it is.
        pub user_id: i64,
        /// The recipients' ids.
        pub recipient_ids: &'a [i64] => json_text,
        /// The recipients' addresses, in the same order.
        pub recipient_email_addresses: &'a [String] => json_text,
        /// The recipients' names (as of now), in the same order.
        pub recipient_names: &'a [String] => json_text,
        /// The subject.
        pub subject: &'a str,
        /// The body.
        pub body: &'a str,
        /// The thread (a per-person copy) it belongs to, if any.
        pub belongs_to_email_thread_id: Option<i64>,
        /// The e-mail it answers, if any.
        pub response_to_email_id: Option<i64>,
        /// When it is to be sent, as stored, if scheduled.
        pub scheduled_send_at: Option<&'a str>,
        /// As stored.
        pub created_at: &'a str,
    }
    copy { updated_at: created_at }
}

/// The people's copies of threads (`gmail.user_email_threads`): the changes task setups make
/// to them. A copy "holding" an e-mail lists its id in `email_ids`.
pub struct UserEmailThreads;

impl UserEmailThreads {
    /// Sets `read` and `archived` of `user_id`'s copies holding e-mail `email_id`, and their
    /// label unless `label` is None; returns the copies changed.
    pub fn set_flags(
        db: &Connection,
        user_id: i64,
        email_id: i64,
        read: bool,
        archived: bool,
        label: Option<&str>,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE gmail.user_email_threads SET read = ?1, archived = ?2, label = coalesce(?3, label) \
             WHERE user_id = ?4 AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?5)",
            params![read, archived, label, user_id, email_id],
        )
    }

    /// Marks read `user_id`'s unread copies holding an e-mail from the account `sender` (an
    /// address) sent at or after `since`; returns the copies changed.
    pub fn mark_read_from(
        db: &Connection,
        user_id: i64,
        sender: &str,
        since: chrono::NaiveDateTime,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE gmail.user_email_threads SET read = 1 WHERE user_id = ?1 AND read = 0 AND EXISTS \
             (SELECT 1 FROM json_each(email_ids) je JOIN gmail.emails e ON e.id = je.value \
              JOIN gmail.users u ON u.id = e.sender_id WHERE u.email = ?2 AND e.created_at >= ?3)",
            params![user_id, sender, sim::clock::fmt_datetime(since)],
        )
    }

    /// Sets `spam` of `user_id`'s copies holding e-mail `email_id` and marks them read;
    /// returns the copies changed.
    pub fn set_spam(
        db: &Connection,
        user_id: i64,
        email_id: i64,
        spam: bool,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE gmail.user_email_threads SET spam = ?1, read = 1 \
             WHERE user_id = ?2 AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?3)",
            params![spam, user_id, email_id],
        )
    }
}
