//! phone's rows written from more than one place (the handlers, the seed, task setups): one
//! type per table with its one INSERT (the text and voice tables of messages share one per
//! pair, by [`Kind`]).

use rusqlite::{Connection, params};

use crate::common::rows::table_row;

table_row! {
    /// An alarm (`phone.alarms`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewAlarm<'a> in "phone.alarms" {
        /// Whose.
        pub user_id: i64,
        /// `HH:MM`.
        pub time: &'a str,
        /// The weekdays it repeats on, as stored text (`null` for a one-off alarm).
        pub repeat_days: &'a str,
        /// Its label, if any.
        pub label: Option<&'a str>,
        /// Whether it is on.
        pub enabled: bool,
        /// Minutes a snooze lasts.
        pub snooze_minutes: i64,
        /// Whether it vibrates.
        pub vibration: bool,
        /// When it was made, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A contact in a phone's address book (`phone.contacts`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewContact<'a> in "phone.contacts" {
        /// Whose address book.
        pub user_id: i64,
        /// First name.
        pub first_name: &'a str,
        /// Last name.
        pub last_name: &'a str,
        /// E-mail (unique per address book).
        pub email: &'a str,
        /// Phone number, if saved.
        pub phone_number: Option<&'a str>,
        /// The relationship labels, as stored text (a JSON list).
        pub relationships: &'a str,
        /// `YYYY-MM-DD`, if saved.
        pub birthday: Option<&'a str>,
        /// Home address, one line, if saved.
        pub home_address: Option<&'a str>,
        /// Work address, one line, if saved.
        pub work_address: Option<&'a str>,
        /// When it was saved, as stored.
        pub created_at: &'a str,
    }
}

/// Text or voice: which pair of tables a message is stored in (one global row per message,
/// a copy per participant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text messages.
    Text,
    /// Voice messages.
    Voice,
}

impl Kind {
    /// The table of messages (`global_text_messages`).
    pub(crate) fn global(self) -> &'static str {
        match self {
            Kind::Text => "global_text_messages",
            Kind::Voice => "global_voice_messages",
        }
    }

    /// The table of per-user copies (`user_text_messages`).
    pub(crate) fn copies(self) -> &'static str {
        match self {
            Kind::Text => "user_text_messages",
            Kind::Voice => "user_voice_messages",
        }
    }

    /// The copies' column naming their message (`global_text_message_id`).
    pub(crate) fn link(self) -> &'static str {
        match self {
            Kind::Text => "global_text_message_id",
            Kind::Voice => "global_voice_message_id",
        }
    }
}

/// A message (`phone.global_text_messages` / `phone.global_voice_messages`).
#[derive(Debug, Clone, Copy)]
pub struct NewMessage<'a> {
    /// Text or voice.
    pub kind: Kind,
    /// Who sent it (a phone user id).
    pub sender_id: i64,
    /// Who it is to (a phone user id).
    pub receiver_id: i64,
    /// Its text (a voice message's transcript).
    pub message: &'a str,
    /// When it was sent, as stored.
    pub created_at: &'a str,
}

impl NewMessage<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(&format!(
            "INSERT INTO phone.\"{}\" (sender_id, receiver_id, message, created_at) VALUES (?1, ?2, ?3, ?4)",
            self.kind.global()
        ))?
        .execute(params![
            self.sender_id,
            self.receiver_id,
            self.message,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A participant's copy of a message (`phone.user_text_messages` /
/// `phone.user_voice_messages`).
#[derive(Debug, Clone, Copy)]
pub struct NewMessageCopy<'a> {
    /// Text or voice.
    pub kind: Kind,
    /// The message ([`NewMessage`]'s id).
    pub message_id: i64,
    /// Whose copy.
    pub user_id: i64,
    /// When it was made, as stored.
    pub created_at: &'a str,
}

impl NewMessageCopy<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(&format!(
            "INSERT INTO phone.\"{}\" ({}, user_id, created_at) VALUES (?1, ?2, ?3)",
            self.kind.copies(),
            self.kind.link()
        ))?
        .execute(params![self.message_id, self.user_id, self.created_at])?;
        Ok(db.last_insert_rowid())
    }
}
