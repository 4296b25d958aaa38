//! Setup helpers for phone and gmail: contacts, messages, alarms and e-mails a task starts
//! from. E-mails go through gmail's own delivery path (`apps::gmail::store_email`), messages
//! through phone's (`apps::phone::store_message`); the changes to existing rows (flags,
//! contacts, removed messages) are the apps' own (`apps::gmail::rows`, `apps::phone::rows`).

use super::{Setup, api_err};
use apps::gmail::rows::UserEmailThreads;
use apps::people::Person;
use apps::phone::rows::{Contacts, Kind, UserVoiceMessages};
use chrono::NaiveDateTime;

/// `add_text` and `add_voice`: a message of one kind from `from` to `to` at `at`, stored as
/// phone stores every message (both people's copies); each returns the id of the sender's copy.
macro_rules! add_message {
    ($($(#[$doc:meta])* $name:ident: $kind:expr;)+) => {
        impl Setup<'_> {
            $(
                $(#[$doc])*
                pub fn $name(
                    &self,
                    from: &Person,
                    to: &Person,
                    message: &str,
                    at: NaiveDateTime,
                ) -> rusqlite::Result<i64> {
                    apps::phone::store_message(
                        self.db,
                        $kind,
                        self.user_id("phone", from)?,
                        self.user_id("phone", to)?,
                        message,
                        at,
                    )
                    .map_err(api_err)
                }
            )+
        }
    };
}

add_message! {
    /// A text message from `from` to `to` at `at` (both people's copies); returns its id.
    add_text: Kind::Text;
    /// A voice message from `from` to `to` at `at` (both people's copies); returns its id.
    add_voice: Kind::Voice;
}

impl Setup<'_> {
    /// Changes how `owner` stored `contact` in their phone: the first name they see (a
    /// nickname) and the relationship labels; returns the contact rows changed (0 if they had
    /// no such contact).
    pub fn relabel_contact(
        &self,
        owner: &Person,
        contact: &Person,
        first_name: &str,
        relationships: &[&str],
    ) -> rusqlite::Result<usize> {
        Contacts::relabel(
            self.db,
            self.user_id("phone", owner)?,
            &contact.email,
            first_name,
            relationships,
        )
    }

    /// A one-off or repeating alarm of `person` (`repeat_days`: lower-case weekdays); returns
    /// its id.
    pub fn add_alarm(
        &self,
        person: &Person,
        time: &str,
        label: &str,
        repeat_days: &[&str],
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let days: Vec<String> = repeat_days.iter().map(|d| d.to_string()).collect();
        apps::phone::rows::NewAlarm {
            user_id: self.user_id("phone", person)?,
            time,
            repeat_days: &apps::common::pytext::py_json_list(&days),
            label: Some(label),
            enabled: true,
            snooze_minutes: 10,
            vibration: true,
            created_at: &sim::clock::fmt_datetime(at),
        }
        .insert(self.db)
    }

    /// An e-mail from the gmail account `from` to the accounts `to` (addresses) at `at`, with
    /// `files` (name, content) attached, as gmail delivers one: a new thread, or with
    /// `in_reply_to` (an e-mail id) the next e-mail of that thread. New thread copies are
    /// unread for the recipients. Returns the e-mail's id.
    #[allow(clippy::too_many_arguments)]
    pub fn add_email(
        &self,
        from: &str,
        to: &[&str],
        subject: &str,
        body: &str,
        files: &[(&str, &str)],
        in_reply_to: Option<i64>,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        apps::gmail::store_email(self.db, from, to, subject, body, files, in_reply_to, at)
            .map_err(api_err)
    }

    /// Sets the flags of `owner`'s copy of the thread holding e-mail `email_id`: read,
    /// archived, and the label (None leaves it). Returns the thread copies changed.
    pub fn set_mail_flags(
        &self,
        owner: &Person,
        email_id: i64,
        read: bool,
        archived: bool,
        label: Option<&str>,
    ) -> rusqlite::Result<usize> {
        let owner = self.user_id("gmail", owner)?;
        UserEmailThreads::set_flags(self.db, owner, email_id, read, archived, label)
    }

    /// Marks read every thread copy of `owner` holding an e-mail from `sender` (an address)
    /// sent on or after `since` (so that a task's own unread e-mails are the only ones);
    /// returns the copies changed.
    pub fn mark_mail_read_from(
        &self,
        owner: &Person,
        sender: &str,
        since: NaiveDateTime,
    ) -> rusqlite::Result<usize> {
        UserEmailThreads::mark_read_from(self.db, self.user_id("gmail", owner)?, sender, since)
    }

    /// Marks `owner`'s copy of the thread holding e-mail `email_id` as spam (or not), read;
    /// returns the thread copies changed.
    pub fn set_mail_spam(
        &self,
        owner: &Person,
        email_id: i64,
        spam: bool,
    ) -> rusqlite::Result<usize> {
        UserEmailThreads::set_spam(self.db, self.user_id("gmail", owner)?, email_id, spam)
    }

    /// Removes `contact` from `owner`'s phone contacts (so that they are a stranger to the
    /// owner); returns the rows removed.
    pub fn remove_contact(&self, owner: &Person, contact: &Person) -> rusqlite::Result<usize> {
        Contacts::remove(self.db, self.user_id("phone", owner)?, &contact.email)
    }

    /// Sets the birthday `owner` saved for `contact`; returns the rows changed.
    pub fn set_contact_birthday(
        &self,
        owner: &Person,
        contact: &Person,
        birthday: chrono::NaiveDate,
    ) -> rusqlite::Result<usize> {
        Contacts::set_birthday(
            self.db,
            self.user_id("phone", owner)?,
            &contact.email,
            birthday,
        )
    }

    /// Moves two months back the contact birthdays of `owner` whose anniversary falls within
    /// `margin` days of the window from `from` to `to` (so that a task's own birthdays are
    /// the only ones in it); returns the contacts changed.
    pub fn clear_contact_birthdays(
        &self,
        owner: &Person,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
        margin: i64,
    ) -> rusqlite::Result<usize> {
        use chrono::Datelike;
        let rows = Contacts::birthdays(self.db, self.user_id("phone", owner)?)?;
        let (lo, hi) = (
            from - chrono::Duration::days(margin),
            to + chrono::Duration::days(margin),
        );
        let mut n = 0;
        for (id, b) in rows {
            let Ok(d) = chrono::NaiveDate::parse_from_str(&b, "%Y-%m-%d") else {
                continue;
            };
            let hit = [from.year() - 1, from.year(), from.year() + 1]
                .iter()
                .any(|y| {
                    chrono::NaiveDate::from_ymd_opt(*y, d.month(), d.day().min(28))
                        .is_some_and(|a| a >= lo && a <= hi)
                });
            if hit {
                n += Contacts::set_birthday_of(self.db, id, d - chrono::Duration::days(61))?;
            }
        }
        Ok(n)
    }

    /// Removes `owner`'s copies of the voice messages `sender` sent on or after `since`
    /// (so that a task's own messages are the only ones); returns the copies removed.
    pub fn remove_voice_from(
        &self,
        owner: &Person,
        sender: &Person,
        since: NaiveDateTime,
    ) -> rusqlite::Result<usize> {
        UserVoiceMessages::remove_from(
            self.db,
            self.user_id("phone", owner)?,
            self.user_id("phone", sender)?,
            since,
        )
    }
}
