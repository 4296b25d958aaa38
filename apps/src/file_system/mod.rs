//! File System: a private tree of directories and files per user (paths under `/`, the home
//! directory `/home/<first name>/` written `~/`), with copies, moves and zip/tar archives, plus
//! the account APIs (login by e-mail, verification required; codes arrive by Gmail).
//!
//! Files: `apis.rs` (the registrations), `directories.rs` (listing, creating, deleting, copying
//! and moving directories), `files.rs` (reading, writing, copying and moving files),
//! `archives.rs` (compress and decompress). Path rules and storage live in `common::files`,
//! which gmail and venmo use too.

mod apis;
mod archives;
mod directories;
mod files;
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
        let mut all = crate::common::accounts::account_apis_for(APP, &ACCOUNTS);
        all.extend(apis::all());
        all
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
mod tests {
    use crate::testkit::episode;
    use serde_json::{Value, json};
    use sim::Episode;

    fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
        crate::testkit::call(ep, super::APP, api, args)
    }

    /// A token of a verified account added for the test (the built world seeds none yet).
    fn token(ep: &mut Episode) -> Value {
        ep.db()
            .conn()
            .execute(
                "INSERT INTO file_system.users (first_name, last_name, email, password, verified, created_at, last_logged_in) \
                 VALUES ('Tess', 'Ter', 'tess@example.com', 'secret1', 1, '2023-05-18 12:00:00', '2023-05-18 12:00:00')",
                [],
            )
            .unwrap();
        call(
            ep,
            "login",
            json!({"username": "tess@example.com", "password": "secret1"}),
        )["access_token"]
            .clone()
    }

    /// Files written under a new directory, listed, packed, unpacked elsewhere and moved.
    #[test]
    fn write_list_pack_unpack_move() {
        let (_world, mut ep) = episode();
        let t = token(&mut ep);
        for (p, c) in [("/w/a.txt", "A"), ("/w/sub/b.txt", "B")] {
            call(
                &mut ep,
                "create_file",
                json!({"access_token": t, "file_path": p, "content": c}),
            );
        }
        let listed = call(
            &mut ep,
            "show_directory",
            json!({"access_token": t, "directory_path": "/w"}),
        );
        assert_eq!(listed, json!(["/w/a.txt", "/w/sub/", "/w/sub/b.txt"]));
        let packed = call(
            &mut ep,
            "compress_directory",
            json!({"access_token": t, "directory_path": "/w"}),
        );
        assert_eq!(packed["compressed_file_path"], "/w.zip");
        call(
            &mut ep,
            "decompress_file",
            json!({"access_token": t, "compressed_file_path": "/w.zip", "decompressed_directory_path": "/out"}),
        );
        let b = call(
            &mut ep,
            "show_file",
            json!({"access_token": t, "file_path": "/out/w/sub/b.txt"}),
        );
        assert_eq!(b["content"], "B");
        call(
            &mut ep,
            "move_directory",
            json!({"access_token": t, "source_directory_path": "/out", "destination_directory_path": "/moved"}),
        );
        let gone = ep.call(
            super::APP,
            "directory_exists",
            json!({"access_token": t, "directory_path": "/out"}),
        );
        assert_eq!(gone.unwrap()["exists"], false);
        let err = ep
            .call(
                super::APP,
                "show_file",
                json!({"access_token": t, "file_path": "/out/w/a.txt"}),
            )
            .unwrap_err();
        assert_eq!(err.status, 422);
        ep.save_state("after").unwrap();
        ep.load_state("after").unwrap();
    }
}
