//! phone's rows written from more than one place (the handlers, the seed, task setups): one
//! type per table with its one INSERT (the text and voice tables of messages share one per
//! pair, by [`Kind`]), and unit structs ([`Contacts`], [`UserVoiceMessages`]) for the changes
//! task setups make to existing rows.

use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::{Connection, params};
use sim::sql::Cached;

use crate::common::pytext::py_json_list;
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

/// The names of one kind of message: its tables and the words its responses and errors use.
#[derive(Debug)]
pub(crate) struct KindNames {
    /// The table of messages (`global_text_messages`).
    pub global: &'static str,
    /// The table of per-user copies (`user_text_messages`).
    pub copies: &'static str,
    /// The copies' column naming their message (`global_text_message_id`).
    pub link: &'static str,
    /// The copies' search table (`user_text_messages_fts`).
    pub fts: &'static str,
    /// The id field of responses and parameters (`text_message_id`).
    pub id_field: &'static str,
    /// The thing errors name (`text message`).
    pub thing: &'static str,
    /// `Text` or `Voice`, for the confirmation messages.
    pub word: &'static str,
}

/// The [`KindNames`] of the kind named `$lower` (`"text"`), `$word` (`"Text"`) in sentences.
macro_rules! kind_names {
    ($lower:literal, $word:literal) => {
        KindNames {
            global: concat!("global_", $lower, "_messages"),
            copies: concat!("user_", $lower, "_messages"),
            link: concat!("global_", $lower, "_message_id"),
            fts: concat!("user_", $lower, "_messages_fts"),
            id_field: concat!($lower, "_message_id"),
            thing: concat!($lower, " message"),
            word: $word,
        }
    };
}

impl Kind {
    /// Its tables and words.
    pub(crate) fn names(self) -> &'static KindNames {
        const TEXT: KindNames = kind_names!("text", "Text");
        const VOICE: KindNames = kind_names!("voice", "Voice");
        match self {
            Kind::Text => &TEXT,
            Kind::Voice => &VOICE,
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
            self.kind.names().global
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
            self.kind.names().copies,
            self.kind.names().link
        ))?
        .execute(params![self.message_id, self.user_id, self.created_at])?;
        Ok(db.last_insert_rowid())
    }
}

/// The address books (`phone.contacts`): the changes task setups make to saved contacts, each
/// found by its owner and e-mail (or by id).
pub struct Contacts;

impl Contacts {
    /// Changes how `user_id` saved the contact `email`: the first name they see (a nickname)
    /// and the relationship labels (stored as a Python-style list); returns the contacts
    /// changed.
    pub fn relabel(
        db: &Connection,
        user_id: i64,
        email: &str,
        first_name: &str,
        relationships: &[&str],
    ) -> rusqlite::Result<usize> {
        let labels: Vec<String> = relationships.iter().map(|r| r.to_string()).collect();
        db.execute_cached(
            "UPDATE phone.contacts SET first_name = ?1, relationships = ?2 WHERE user_id = ?3 AND email = ?4",
            params![first_name, py_json_list(&labels), user_id, email],
        )
    }

    /// Renames the contact `email` in `user_id`'s address book to the first name `first_name`
    /// (a nickname); returns the contacts changed.
    pub fn set_first_name(
        db: &Connection,
        user_id: i64,
        email: &str,
        first_name: &str,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE phone.contacts SET first_name = ?1 WHERE user_id = ?2 AND email = ?3",
            params![first_name, user_id, email],
        )
    }

    /// Removes the contact `email` from `user_id`'s address book; returns the rows removed.
    pub fn remove(db: &Connection, user_id: i64, email: &str) -> rusqlite::Result<usize> {
        db.execute_cached(
            "DELETE FROM phone.contacts WHERE user_id = ?1 AND email = ?2",
            params![user_id, email],
        )
    }

    /// Sets the birthday `user_id` saved for the contact `email`; returns the rows changed.
    pub fn set_birthday(
        db: &Connection,
        user_id: i64,
        email: &str,
        birthday: NaiveDate,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE phone.contacts SET birthday = ?1 WHERE user_id = ?2 AND email = ?3",
            params![date_text(birthday), user_id, email],
        )
    }

    /// The contacts of `user_id` with a birthday saved: (contact id, the birthday as stored).
    pub fn birthdays(db: &Connection, user_id: i64) -> rusqlite::Result<Vec<(i64, String)>> {
        db.prepare_cached(
            "SELECT id, birthday FROM phone.contacts WHERE user_id = ?1 AND birthday IS NOT NULL",
        )?
        .query_map([user_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
    }

    /// Sets the birthday of the contact with this id; returns the rows changed.
    pub fn set_birthday_of(
        db: &Connection,
        id: i64,
        birthday: NaiveDate,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "UPDATE phone.contacts SET birthday = ?1 WHERE id = ?2",
            params![date_text(birthday), id],
        )
    }
}

/// The stored form of a birthday (`YYYY-MM-DD`).
fn date_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// The people's copies of voice messages (`phone.user_voice_messages`): what task setups
/// remove.
pub struct UserVoiceMessages;

impl UserVoiceMessages {
    /// Removes `user_id`'s copies of the voice messages `sender_id` sent at or after `since`;
    /// returns the copies removed.
    pub fn remove_from(
        db: &Connection,
        user_id: i64,
        sender_id: i64,
        since: NaiveDateTime,
    ) -> rusqlite::Result<usize> {
        db.execute_cached(
            "DELETE FROM phone.user_voice_messages WHERE user_id = ?1 AND global_voice_message_id IN \
             (SELECT id FROM phone.global_voice_messages WHERE sender_id = ?2 AND created_at >= ?3)",
            params![user_id, sender_id, sim::clock::fmt_datetime(since)],
        )
    }
}
