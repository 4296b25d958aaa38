//! The supervisor app: the person the agent works for (profile, addresses, payment cards,
//! account passwords) and the task, which the agent ends with `complete_task`.

mod apis;
pub mod rows;
pub mod seed;

use crate::app::Seeding;
use sim::api::{ApiSpec, AppSpec};
use sim::sql::Cached;

/// App name.
pub const APP: &str = "supervisor";

/// Supervisor in the app list ([`crate::APPS`]).
pub struct Supervisor;

impl crate::app::App for Supervisor {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules (no accounts: no auth).
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "Information about the person you work for (profile, addresses, payment cards, account passwords) and the task they gave you.",
            accounts: None,
            notifier: None,
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        apis::all()
    }

    /// The supervisor: the world's first person, with no task yet.
    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s.db, &s.people.people[0], None)
    }
}

/// Has the task been completed (status set by `complete_task`)?
pub fn task_completed(db: &rusqlite::Connection) -> bool {
    db.query_row_cached(
        "SELECT count(*) FROM supervisor.tasks WHERE status IS NOT NULL",
        [],
        |r| r.get::<_, i64>(0),
    )
    .map(|n| n > 0)
    .unwrap_or(false)
}
