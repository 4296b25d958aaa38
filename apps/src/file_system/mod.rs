//! File System: a private tree of directories and files per user (paths under `/`, the home
//! directory `/home/<first name>/` written `~/`), with copies, moves and zip/tar archives, plus
//! the account APIs (login by e-mail, verification required; codes arrive by Gmail).
//!
//! Files: `apis.rs` (the registrations), `directories.rs` (listing, creating, deleting, copying
//! and moving directories), `files.rs` (reading, writing, copying and moving files),
//! `archives.rs` (compress and decompress), `rows.rs` (its own rows), `seed.rs`, `tests.rs`.
//! Path rules and storage (directory and file rows) live in `common::files`, which gmail and
//! venmo use too.

mod apis;
mod archives;
mod directories;
mod files;
pub mod rows;
pub mod seed;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = crate::common::files::APP;

/// How file_system accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    // Checked against AppWorld: the directory rows stay.
    owned_tables: &[("files", "user_id")],
    ..AccountSpec::EMAIL
};

/// FileSystem in the app list ([`crate::APPS`]).
pub struct FileSystem;

impl crate::app::App for FileSystem {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "A file system: your own tree of directories and files, with copying, moving, and zip or tar archives.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "File System",
                email: "notifications@filesystem.com",
                phone: "1150230090",
            }),
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        crate::common::accounts::with_account_apis(APP, &ACCOUNTS, apis::all())
    }

    /// No search tables; indexes for the lookups of a file or directory by path.
    fn post_ddl(&self) -> Vec<String> {
        vec![
            sim::schema::index_ddl("files", &["path"]),
            sim::schema::index_ddl("directories", &["path"]),
        ]
    }

    /// Its files copy the bills, documents, rent payments, trip receipts and card statements of
    /// gmail, venmo, splitwise and amazon.
    fn seeded_after(&self) -> &'static [&'static str] {
        &["gmail", "venmo", "splitwise", "amazon"]
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

#[cfg(test)]
mod tests;
