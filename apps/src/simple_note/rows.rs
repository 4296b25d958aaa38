//! simple_note's rows written from more than one place (the handler, the seed, task setups).

use rusqlite::{Connection, params};

/// A note (`simple_note.notes`).
#[derive(Debug, Clone, Copy)]
pub struct NewNote<'a> {
    /// Whose.
    pub user_id: i64,
    /// Its title (unique per user).
    pub title: &'a str,
    /// Its text.
    pub content: &'a str,
    /// Its tags, as stored JSON text.
    pub tags: &'a str,
    /// When it was made, as stored.
    pub created_at: &'a str,
    /// When it last changed, as stored.
    pub updated_at: &'a str,
    /// Whether it is pinned.
    pub pinned: bool,
}

impl NewNote<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO simple_note.notes (user_id, title, content, tags, created_at, updated_at, pinned) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            self.user_id,
            self.title,
            self.content,
            self.tags,
            self.created_at,
            self.updated_at,
            self.pinned
        ])?;
        Ok(db.last_insert_rowid())
    }
}
