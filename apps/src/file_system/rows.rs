//! file_system's own rows written from more than one place. Its directories and files are
//! written through `common::files` ([`NewDirectoryRow`](crate::common::files::NewDirectoryRow),
//! [`NewFileRow`](crate::common::files::NewFileRow)), since gmail and venmo save attachments
//! and receipts there too; the base world's accounts and signups go through
//! `common::seeding` and `common::accounts`, which write every app's users.

use rusqlite::{Connection, params};

/// A verified account with a known password (`file_system.users`), made and last logged in at
/// `at`.
#[derive(Debug, Clone, Copy)]
pub struct NewUser<'a> {
    /// First name (the home directory's name, lower-cased).
    pub first_name: &'a str,
    /// Last name.
    pub last_name: &'a str,
    /// The login e-mail.
    pub email: &'a str,
    /// The password.
    pub password: &'a str,
    /// When it was made and last logged in, as stored.
    pub at: &'a str,
}

impl NewUser<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO file_system.users (first_name, last_name, email, password, verified, created_at, last_logged_in) \
             VALUES (?1, ?2, ?3, ?4, 1, ?5, ?5)",
        )?
        .execute(params![
            self.first_name,
            self.last_name,
            self.email,
            self.password,
            self.at
        ])?;
        Ok(db.last_insert_rowid())
    }
}
