//! Setup helpers for phone and gmail: contacts, messages, alarms and e-mails a task starts
//! from. E-mails go through gmail's own delivery path (`apps::gmail::store_email`), messages
//! through phone's (`apps::phone::store_text`, `store_voice`); only flags are set directly.

use super::{Setup, api_err};
use apps::people::Person;
use chrono::NaiveDateTime;
use rusqlite::params;
use sim::sql::Cached;

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
        let labels: Vec<String> = relationships.iter().map(|r| r.to_string()).collect();
        self.db.execute_cached(
            "UPDATE phone.contacts SET first_name = ?1, relationships = ?2 WHERE user_id = ?3 AND email = ?4",
            params![
                first_name,
                apps::common::pytext::py_json_list(&labels),
                self.user_id("phone", owner)?,
                contact.email
            ],
        )
    }

    /// A text message from `from` to `to` at `at` (both people's copies); returns its id.
    pub fn add_text(
        &self,
        from: &Person,
        to: &Person,
        message: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        apps::phone::store_text(
            self.db,
            self.user_id("phone", from)?,
            self.user_id("phone", to)?,
            message,
            at,
        )
        .map_err(api_err)
    }

    /// A voice message from `from` to `to` at `at` (both people's copies); returns its id.
    pub fn add_voice(
        &self,
        from: &Person,
        to: &Person,
        message: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        apps::phone::store_voice(
            self.db,
            self.user_id("phone", from)?,
            self.user_id("phone", to)?,
            message,
            at,
        )
        .map_err(api_err)
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
        self.db.execute_cached(
            "UPDATE gmail.user_email_threads SET read = ?1, archived = ?2, label = coalesce(?3, label) \
             WHERE user_id = ?4 AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?5)",
            params![read, archived, label, self.user_id("gmail", owner)?, email_id],
        )
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
        self.db.execute_cached(
            "UPDATE gmail.user_email_threads SET read = 1 WHERE user_id = ?1 AND read = 0 AND EXISTS \
             (SELECT 1 FROM json_each(email_ids) je JOIN gmail.emails e ON e.id = je.value \
              JOIN gmail.users u ON u.id = e.sender_id WHERE u.email = ?2 AND e.created_at >= ?3)",
            params![
                self.user_id("gmail", owner)?,
                sender,
                sim::clock::fmt_datetime(since)
            ],
        )
    }

    /// Marks `owner`'s copy of the thread holding e-mail `email_id` as spam (or not), read;
    /// returns the thread copies changed.
    pub fn set_mail_spam(
        &self,
        owner: &Person,
        email_id: i64,
        spam: bool,
    ) -> rusqlite::Result<usize> {
        self.db.execute_cached(
            "UPDATE gmail.user_email_threads SET spam = ?1, read = 1 \
             WHERE user_id = ?2 AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?3)",
            params![spam, self.user_id("gmail", owner)?, email_id],
        )
    }
}

impl Setup<'_> {
    /// Removes `contact` from `owner`'s phone contacts (so that they are a stranger to the
    /// owner); returns the rows removed.
    pub fn remove_contact(&self, owner: &Person, contact: &Person) -> rusqlite::Result<usize> {
        self.db.execute_cached(
            "DELETE FROM phone.contacts WHERE user_id = ?1 AND email = ?2",
            params![self.user_id("phone", owner)?, contact.email],
        )
    }
}

impl Setup<'_> {
    /// Sets the birthday `owner` saved for `contact`; returns the rows changed.
    pub fn set_contact_birthday(
        &self,
        owner: &Person,
        contact: &Person,
        birthday: chrono::NaiveDate,
    ) -> rusqlite::Result<usize> {
        self.db.execute_cached(
            "UPDATE phone.contacts SET birthday = ?1 WHERE user_id = ?2 AND email = ?3",
            params![
                birthday.format("%Y-%m-%d").to_string(),
                self.user_id("phone", owner)?,
                contact.email
            ],
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
        let me = self.user_id("phone", owner)?;
        let rows: Vec<(i64, String)> = self
            .db
            .prepare_cached("SELECT id, birthday FROM phone.contacts WHERE user_id = ?1 AND birthday IS NOT NULL")?
            .query_map([me], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
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
                let moved = d - chrono::Duration::days(61);
                n += self.db.execute_cached(
                    "UPDATE phone.contacts SET birthday = ?1 WHERE id = ?2",
                    params![moved.format("%Y-%m-%d").to_string(), id],
                )?;
            }
        }
        Ok(n)
    }
}

impl Setup<'_> {
    /// Removes `owner`'s copies of the voice messages `sender` sent on or after `since`
    /// (so that a task's own messages are the only ones); returns the copies removed.
    pub fn remove_voice_from(
        &self,
        owner: &Person,
        sender: &Person,
        since: NaiveDateTime,
    ) -> rusqlite::Result<usize> {
        self.db.execute_cached(
            "DELETE FROM phone.user_voice_messages WHERE user_id = ?1 AND global_voice_message_id IN \
             (SELECT id FROM phone.global_voice_messages WHERE sender_id = ?2 AND created_at >= ?3)",
            params![
                self.user_id("phone", owner)?,
                self.user_id("phone", sender)?,
                sim::clock::fmt_datetime(since)
            ],
        )
    }
}
