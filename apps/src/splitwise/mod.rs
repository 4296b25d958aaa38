//! Splitwise: shared expenses and payments between people, alone or in groups, with the
//! balances they leave, settling up, comments, receipt files and notifications, plus the
//! shared account APIs. Splitwise keeps books only: no money moves.
//!
//! Handlers by topic: `groups.rs` (groups, members, invitations), `expenses.rs` (recording and
//! updating expenses), `payments.rs` (recording and updating payments), `records.rs` (what
//! expenses and payments share: showing, deleting and undeleting, the lists, receipts and
//! comments), `balances.rs` (balances, settling up, the user search ordered by them),
//! `activity.rs`; the notification APIs are `common::notifications`. `store.rs` holds the rows
//! and helpers they all use; `rows.rs` the rows written from more than one place (one type per
//! table with its INSERT) and what task setups read; `apis.rs` the registrations, in docs
//! order.

mod activity;
mod apis;
mod balances;
mod expenses;
mod groups;
mod payments;
mod records;
pub mod rows;
pub mod seed;
mod store;
#[cfg(test)]
mod tests;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "splitwise";

/// How splitwise accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    // Checked against AppWorld: groups, memberships, expenses, shares and payments stay.
    owned_tables: &[
        ("notifications", "user_id"),
        ("expense_comments", "user_id"),
        ("payment_comments", "user_id"),
    ],
    ..AccountSpec::EMAIL
};

/// Splitwise in the app list ([`crate::APPS`]).
pub struct Splitwise;

impl crate::app::App for Splitwise {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "A bill-splitting app: record shared expenses and payments with friends, alone or in groups, see who owes whom, and settle up.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Splitwise",
                email: "notifications@splitwise.com",
                phone: "1680926057",
            }),
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        crate::common::accounts::with_account_apis(APP, &ACCOUNTS, apis::all())
    }

    /// Full-text search over users (name, e-mail), expenses (description, the payer's and each
    /// debtor's name and e-mail) and payments (description, both parties' names, then e-mails).
    ///
    /// The texts are always current, as AppWorld's are: an expense's text follows its shares
    /// (triggers on `expense_shares`), a rename renews the texts of every expense the user pays or
    /// owes, and the payments keep the parties' names in their own columns, which a rename updates.
    /// The user triggers also fire when a saved state is replayed (a rename replays as delete and
    /// insert), so the texts stay right after `load_state`. Indexes for the lookups by expense,
    /// debtor, payer and receiver.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = crate::common::accounts::users_search_ddl();
        ddl.extend(sim::schema::fts_ddl(
            "expenses",
            "appsim_search_text({row}.description, \
             (SELECT u.first_name || ' ' || u.last_name FROM users AS u WHERE u.id = {row}.payer_id), \
             (SELECT u.email FROM users AS u WHERE u.id = {row}.payer_id), \
             (SELECT group_concat(u.first_name || ' ' || u.last_name || ' ' || u.email, ' ' ORDER BY s.id) \
              FROM expense_shares AS s JOIN users AS u ON u.id = s.debtor_id WHERE s.expense_id = {row}.id))",
        ));
        ddl.extend(sim::schema::fts_ddl(
            "payments",
            "appsim_search_text({row}.description, {row}.payer_name, {row}.receiver_name, {row}.payer_email, {row}.receiver_email)",
        ));
        // Renews the search text of the expenses `{ids}` selects.
        let refresh = |ids: &str| {
            format!(
                "DELETE FROM \"expenses_fts\" WHERE rowid IN ({ids}); \
                 INSERT INTO \"expenses_fts\"(rowid, id, saved_search_text) SELECT id, id, text FROM \"expenses_fts_refill\" WHERE id IN ({ids});"
            )
        };
        let of_user = "SELECT id FROM \"expenses\" WHERE payer_id = NEW.id \
                       UNION SELECT expense_id FROM \"expense_shares\" WHERE debtor_id = NEW.id";
        for (name, event, ids) in [
            (
                "shares_ai",
                "AFTER INSERT ON \"expense_shares\"",
                "SELECT NEW.expense_id",
            ),
            (
                "shares_ad",
                "AFTER DELETE ON \"expense_shares\"",
                "SELECT OLD.expense_id",
            ),
            ("user_ai", "AFTER INSERT ON \"users\"", of_user),
            (
                "user_au",
                "AFTER UPDATE OF first_name, last_name, email ON \"users\"",
                of_user,
            ),
        ] {
            ddl.push(format!(
                "CREATE TRIGGER IF NOT EXISTS {{s}}.\"expenses_fts_{name}\" {event} BEGIN {} END",
                refresh(ids)
            ));
        }
        ddl.push(
            "CREATE TRIGGER IF NOT EXISTS {s}.\"users_rename_payments\" AFTER UPDATE OF first_name, last_name ON \"users\" BEGIN \
             UPDATE \"payments\" SET payer_name = NEW.first_name || ' ' || NEW.last_name WHERE payer_id = NEW.id; \
             UPDATE \"payments\" SET receiver_name = NEW.first_name || ' ' || NEW.last_name WHERE receiver_id = NEW.id; END"
                .to_string(),
        );
        // Shares of an expense, a user's debts, expenses and payments.
        ddl.push(sim::schema::index_ddl("expense_shares", &["expense_id"]));
        ddl.push(sim::schema::index_ddl("expense_shares", &["debtor_id"]));
        ddl.push(sim::schema::index_ddl("expenses", &["payer_id"]));
        ddl.push(sim::schema::index_ddl("payments", &["payer_id"]));
        ddl.push(sim::schema::index_ddl("payments", &["receiver_id"]));
        ddl
    }

    /// Its roommates' expenses are the bills gmail's seed e-mailed them.
    fn seeded_after(&self) -> &'static [&'static str] {
        &["gmail"]
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}
