//! The supervisor app: the person the agent works for (profile, addresses, payment cards,
//! account passwords) and the task, which the agent ends with `complete_task`.
//!
//! Files: `apis.rs` (the registrations), `task.rs` (the task and whether it is completed),
//! `profile.rs` (the person), `rows.rs` (one row type per table, and the reads task setups
//! make), `seed.rs`, `tests.rs`.

mod apis;
mod profile;
pub mod rows;
pub mod seed;
mod task;

use crate::app::Seeding;
use sim::api::{ApiSpec, AppSpec};
pub use task::task_completed;

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

#[cfg(test)]
mod tests;
