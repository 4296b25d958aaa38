//! Gmail: e-mail threads per person (inbox, outbox, archived, spam), labels and flags, send,
//! reply, forward, drafts with attachments from the file system, plus the account APIs (no
//! verification step).
//!
//! Files: `store.rs` (row models and the one delivery path every e-mail takes, companies'
//! included), `rows.rs` (the row types with their one INSERT, and the thread-copy changes task
//! setups make), `threads.rs` (listings, reading, flags, deletions, user search), `send.rs`
//! (send, reply, forwards), `drafts.rs` (drafts), `attachments.rs` (files attached, uploaded
//! and downloaded), `apis.rs` (the registrations), `seed.rs`, `notices.rs` (companies' e-mails).

mod apis;
mod attachments;
mod drafts;
pub mod notices;
pub mod rows;
pub mod seed;
mod send;
pub(crate) mod store;
pub use store::store_email;
mod threads;

#[cfg(test)]
mod tests;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "gmail";

/// Gmail in the app list ([`crate::APPS`]).
pub struct Gmail;

impl crate::app::App for Gmail {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "An e-mail app: read, search, label, archive and star threads; send, reply to and forward e-mails; keep drafts with attachments.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Gmail",
                email: "notifications@gmail.com",
                phone: "1841228578",
            }),
        })
    }

    /// The APIs, in docs order: the shared account APIs (without the verification ones), then
    /// gmail's own.
    fn apis(&self) -> Vec<ApiSpec> {
        crate::common::accounts::with_account_apis(APP, &ACCOUNTS, apis::all())
    }

    /// Search tables: threads (see [`THREAD_TEXT`]; a renamed person's threads are re-indexed),
    /// drafts (subject and body) and users (names and address); indexes of a user's threads and
    /// a thread's drafts.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = sim::schema::fts_ddl("user_email_threads", THREAD_TEXT);
        ddl.extend(sim::schema::fts_ddl(
            "drafts",
            "appsim_search_text({row}.subject, {row}.body)",
        ));
        ddl.extend(crate::common::accounts::users_search_ddl());
        // A person's new name reaches the search text of the threads they are in (also when a
        // state replay writes the renamed row anew).
        let involved = "SELECT t.id FROM user_email_threads t WHERE EXISTS (SELECT 1 FROM json_each(t.email_ids) je WHERE je.value IN \
             (SELECT e.id FROM emails e WHERE e.sender_id = NEW.id OR EXISTS (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = NEW.id)))";
        for (name, event) in [
            ("rename", "UPDATE OF first_name, last_name"),
            ("insert", "INSERT"),
        ] {
            ddl.push(format!(
                "CREATE TRIGGER IF NOT EXISTS {{s}}.\"user_email_threads_fts_user_{name}\" AFTER {event} ON \"users\" BEGIN \
                 DELETE FROM \"user_email_threads_fts\" WHERE rowid IN ({involved}); \
                 INSERT INTO \"user_email_threads_fts\"(rowid, id, saved_search_text) SELECT id, id, text FROM \"user_email_threads_fts_refill\" WHERE id IN ({involved}); END"
            ));
        }
        // A user's thread copies and a thread's drafts.
        ddl.push(sim::schema::index_ddl("user_email_threads", &["user_id"]));
        ddl.push(sim::schema::index_ddl(
            "drafts",
            &["belongs_to_email_thread_id"],
        ));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

/// Account rules: log in by e-mail; an account is usable at once (no verification step).
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: false,
    owned_tables: &[("user_email_threads", "user_id"), ("drafts", "user_id")],
    ..AccountSpec::EMAIL
};

/// The text of a thread copy for search: per e-mail (in the copy's order) the sender's name and
/// address, the recipients' names and addresses, the subject and the body (current names;
/// deleted people left out). Lists keep their order because each is one scan of `json_each`
/// with a lookup per item (no `ORDER BY` inside `group_concat`, which SQLite before 3.44, and so
/// many `sqlite3` shells reading an exported world, cannot parse).
const THREAD_TEXT: &str = "appsim_search_text((SELECT group_concat((SELECT \
     coalesce((SELECT s.first_name || ' ' || s.last_name || ' ' || s.email FROM users s WHERE s.id = e.sender_id), '') || ' ' || \
     coalesce((SELECT group_concat((SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = r.value), ' ') FROM json_each(e.recipient_ids) r), '') || ' ' || \
     coalesce((SELECT group_concat((SELECT u.email FROM users u WHERE u.id = r.value), ' ') FROM json_each(e.recipient_ids) r), '') || ' ' || \
     e.subject || ' ' || e.body FROM emails e WHERE e.id = je.value), ' ') \
     FROM json_each({row}.email_ids) je))";
