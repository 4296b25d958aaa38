//! Setup helpers for phone and gmail: contacts and messages a task starts from.

use super::{Setup, api_err};
use apps::people::Person;
use chrono::NaiveDateTime;
use rusqlite::params;

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
        self.db.execute(
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
}
