//! phone's rows written from more than one place (the handler, the seed, task setups).

use rusqlite::{Connection, params};

/// An alarm (`phone.alarms`).
#[derive(Debug, Clone, Copy)]
pub struct NewAlarm<'a> {
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

impl NewAlarm<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO phone.alarms (user_id, time, repeat_days, label, enabled, snooze_minutes, vibration, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            self.user_id,
            self.time,
            self.repeat_days,
            self.label,
            self.enabled,
            self.snooze_minutes,
            self.vibration,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A contact in a phone's address book (`phone.contacts`).
#[derive(Debug, Clone, Copy)]
pub struct NewContact<'a> {
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

impl NewContact<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO phone.contacts (user_id, first_name, last_name, email, phone_number, relationships, birthday, home_address, work_address, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        )?
        .execute(params![
            self.user_id,
            self.first_name,
            self.last_name,
            self.email,
            self.phone_number,
            self.relationships,
            self.birthday,
            self.home_address,
            self.work_address,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}
