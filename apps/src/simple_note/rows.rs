//! simple_note's rows written from more than one place (the handler, the seed, task setups):
//! notes, with their one INSERT and what task setups do to a person's notes. Accounts are
//! written through [`NewUser`](crate::common::accounts::NewUser), as in every app.

use rusqlite::Connection;

use crate::common::rows::table_row;

table_row! {
    /// A note (`simple_note.notes`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewNote<'a> in "simple_note.notes" {
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
}

/// The notes table (`simple_note.notes`), for what code outside the handlers does to it.
pub struct Notes;

impl Notes {
    /// Deletes every note of the account `user_id`; returns how many there were.
    pub fn delete_all_of(db: &Connection, user_id: i64) -> rusqlite::Result<usize> {
        db.prepare_cached("DELETE FROM simple_note.notes WHERE user_id = ?1")?
            .execute([user_id])
    }
}
