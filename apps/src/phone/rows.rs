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
