//! The seam every app implements: [`App`] says what an app is (its description, account rules
//! and company, its APIs in docs order, its schema extras, its share of the base world). The
//! crate's one list of apps, [`crate::APPS`], is what the registry, the schemas and world
//! building loop over; nothing below an app names it.

use crate::people::Population;
use rusqlite::Connection;
use sim::api::{ApiSpec, AppSpec, Notifier, Registry};

/// One app of the world.
pub trait App: Sync {
    /// The app's name (its schema and its API paths' first segment).
    fn name(&self) -> &'static str;

    /// Its description, account rules and company, as the registry holds them; `None` for an
    /// app with tables but no APIs (the hidden `admin` bank).
    fn spec(&self) -> Option<AppSpec>;

    /// Its APIs, in AppWorld's docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        Vec::new()
    }

    /// DDL run after the app's tables are made: search tables, triggers, indexes.
    fn post_ddl(&self) -> Vec<String> {
        Vec::new()
    }

    /// Apps whose base-world rows this app's seed reads (they are seeded first).
    fn seeded_after(&self) -> &'static [&'static str] {
        &[]
    }

    /// Writes the app's share of the base world.
    fn seed(&self, _: &Seeding) -> rusqlite::Result<()> {
        Ok(())
    }
}

/// What an app's seed gets: the world database being built, its people, the seed of every
/// random choice and the registry of the apps being seeded.
pub struct Seeding<'a> {
    /// The world database (all schemas attached).
    pub db: &'a Connection,
    /// The world's people.
    pub people: &'a Population,
    /// The seed of the world's random choices.
    pub seed: u64,
    /// Extra generated notes per person (large benchmark worlds; 0 normally).
    pub extra_notes_per_person: usize,
    /// The registry of the world's apps.
    pub registry: &'a Registry,
}

impl Seeding<'_> {
    /// The company behind `app` (its notifier accounts), from the app's spec.
    pub fn notifier(&self, app: &str) -> rusqlite::Result<Notifier> {
        notifier(self.registry, app).map_err(|e| {
            rusqlite::Error::ToSqlConversionFailure(format!("building the world: {e}").into())
        })
    }
}

/// The company behind `app`: 500 when the app has none.
pub fn notifier(registry: &Registry, app: &str) -> Result<Notifier, sim::api::ApiError> {
    registry
        .app(app)
        .and_then(|s| s.notifier)
        .ok_or_else(|| sim::api::ApiError::internal(format!("the app {app} has no company")))
}
