//! gmail's rows written from more than one place (the delivery path, drafts, the seed): one
//! type per table with its one INSERT. Id lists are stored as JSON text.

use rusqlite::{Connection, params};
use serde_json::json;

/// An e-mail (`gmail.emails`).
#[derive(Debug, Clone, Copy)]
pub struct NewEmail<'a> {
    /// The sender.
    pub sender_id: i64,
    /// The recipients, as the e-mail stores them (repeats kept).
    pub recipient_ids: &'a [i64],
    /// The subject.
    pub subject: &'a str,
    /// The body.
    pub body: &'a str,
    /// The e-mail it answers, if any.
    pub response_to_email_id: Option<i64>,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewEmail<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO gmail.emails (sender_id, recipient_ids, subject, body, response_to_email_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            self.sender_id,
            json!(self.recipient_ids).to_string(),
            self.subject,
            self.body,
            self.response_to_email_id,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// What an attachment belongs to: a sent e-mail or a draft, by id.
#[derive(Debug, Clone, Copy)]
pub enum AttachedTo {
    /// An e-mail's id.
    Email(i64),
    /// A draft's id.
    Draft(i64),
}

/// An attachment (`gmail.attachments`), not downloaded yet.
#[derive(Debug, Clone, Copy)]
pub struct NewAttachment<'a> {
    /// Its e-mail or draft.
    pub to: AttachedTo,
    /// The file's name.
    pub file_name: &'a str,
    /// The file's content.
    pub file_content: &'a str,
    /// JSON text of the archive entries (`[]` for plain files).
    pub file_compressed_data: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewAttachment<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let (email_id, draft_id) = match self.to {
            AttachedTo::Email(id) => (Some(id), None),
            AttachedTo::Draft(id) => (None, Some(id)),
        };
        db.prepare_cached(
            "INSERT INTO gmail.attachments (email_id, draft_id, file_name, file_content, file_compressed_data, created_at, download_count) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)",
        )?
        .execute(params![
            email_id,
            draft_id,
            self.file_name,
            self.file_content,
            self.file_compressed_data,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A thread as it exists once for everyone (`gmail.global_email_threads`).
#[derive(Debug, Clone, Copy)]
pub struct NewGlobalThread<'a> {
    /// Its e-mails, in order.
    pub email_ids: &'a [i64],
    /// When it began and was last added to, as stored.
    pub created_at: &'a str,
    pub updated_at: &'a str,
}

impl NewGlobalThread<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO gmail.global_email_threads (email_ids, created_at, updated_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![
            json!(self.email_ids).to_string(),
            self.created_at,
            self.updated_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// One person's copy of a thread (`gmail.user_email_threads`): their e-mail ids, flags, label
/// and the denormalised sender and recipient columns (JSON text lists).
#[derive(Debug, Clone, Copy)]
pub struct NewThreadCopy<'a> {
    /// The global thread.
    pub global_email_thread_id: i64,
    /// Whose copy it is.
    pub user_id: i64,
    /// The e-mails in this copy, in order.
    pub email_ids: &'a [i64],
    /// Whether the person received / sent any of its e-mails.
    pub incoming: bool,
    pub outgoing: bool,
    /// Flags.
    pub read: bool,
    pub label: Option<&'a str>,
    pub starred: bool,
    pub archived: bool,
    pub spam: bool,
    /// JSON text lists of the senders' and recipients' addresses and names.
    pub sender_email_addresses: &'a str,
    pub sender_names: &'a str,
    pub recipient_email_addresses: &'a str,
    pub recipient_names: &'a str,
    /// As stored.
    pub created_at: &'a str,
    pub updated_at: &'a str,
    /// Whether an e-mail of it came with files.
    pub has_attachments: bool,
}

impl NewThreadCopy<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO gmail.user_email_threads (global_email_thread_id, user_id, email_ids, incoming, outgoing, read, label, starred, archived, spam, \
             sender_email_addresses, sender_names, recipient_email_addresses, recipient_names, created_at, updated_at, has_attachments) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        )?
        .execute(params![
            self.global_email_thread_id,
            self.user_id,
            json!(self.email_ids).to_string(),
            self.incoming,
            self.outgoing,
            self.read,
            self.label,
            self.starred,
            self.archived,
            self.spam,
            self.sender_email_addresses,
            self.sender_names,
            self.recipient_email_addresses,
            self.recipient_names,
            self.created_at,
            self.updated_at,
            self.has_attachments
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A draft (`gmail.drafts`), created and updated at `created_at`.
#[derive(Debug, Clone, Copy)]
pub struct NewDraft<'a> {
    /// Whose draft it is.
    pub user_id: i64,
    /// JSON text lists of the recipients' ids, addresses and names.
    pub recipient_ids: &'a str,
    pub recipient_email_addresses: &'a str,
    pub recipient_names: &'a str,
    /// The subject and body.
    pub subject: &'a str,
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

impl NewDraft<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO gmail.drafts (user_id, recipient_ids, recipient_email_addresses, recipient_names, subject, body, \
             belongs_to_email_thread_id, response_to_email_id, scheduled_send_at, created_at, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        )?
        .execute(params![
            self.user_id,
            self.recipient_ids,
            self.recipient_email_addresses,
            self.recipient_names,
            self.subject,
            self.body,
            self.belongs_to_email_thread_id,
            self.response_to_email_id,
            self.scheduled_send_at,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}
