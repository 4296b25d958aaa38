//! appsim's apps: one folder per app (`mod.rs` with the app's [`App`] impl: description,
//! APIs and schema extras; `apis.rs` with registrations, topic files with handlers; `rows.rs`
//! with the rows written from more than one place; `seed.rs` with its share of the world;
//! `tests.rs` with its unit tests; `shape_tests.rs` checks the shape), shared behaviour in
//! `common` (which names no app), the fictional population in `people`, and [`APPS`], the one
//! list the registry, the schemas and world building loop over.
//!
//! To find an API's handler: its registration in `apps/src/<app>/apis.rs` names it (a topic
//! file of the folder); account APIs of e-mail apps: `common/accounts.rs`.

pub mod admin;
pub mod amazon;
pub mod api_docs;
mod app;
pub mod common;
pub mod file_system;
pub mod gmail;
#[cfg(test)]
mod literals;
pub mod people;
pub mod phone;
pub(crate) mod plans;
pub mod seed;
#[cfg(test)]
mod shape_tests;
pub mod simple_note;
pub mod spec;
pub mod splitwise;
pub mod spotify;
pub mod supervisor;
#[cfg(test)]
mod testkit;
pub mod todoist;
pub mod venmo;

pub use app::{App, Seeding, notifier};

use sim::api::{Couriers, Registry};
use sim::world::SchemaSpec;

/// Every app, in the order AppWorld lists them (api_docs lists the apps with APIs in this
/// order); `admin`, the hidden bank, has tables and no APIs.
pub static APPS: &[&dyn App] = &[
    &api_docs::ApiDocs,
    &supervisor::Supervisor,
    &amazon::Amazon,
    &phone::Phone,
    &file_system::FileSystem,
    &spotify::Spotify,
    &venmo::Venmo,
    &gmail::Gmail,
    &splitwise::Splitwise,
    &simple_note::SimpleNote,
    &todoist::Todoist,
    &admin::Admin,
];

/// The app named `name`.
pub fn app(name: &str) -> Option<&'static dyn App> {
    APPS.iter().copied().find(|a| a.name() == name)
}

/// The registry of every app with APIs: gmail and phone carry the companies' notices, the
/// supervisor app tells whether the task was completed.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    for app in APPS {
        if let Some(spec) = app.spec() {
            r.add_app(spec, app.apis());
        }
    }
    r.set_completion_probe(supervisor::task_completed);
    r.set_couriers(couriers());
    r
}

/// How companies' notices reach users: e-mails through gmail, texts through phone.
pub fn couriers() -> Couriers {
    Couriers {
        has_mailbox: gmail::notices::has_mailbox,
        email: gmail::notices::deliver,
        text: phone::notices::deliver,
    }
}

/// Table definitions of every app (all of AppWorld's tables, implemented or not), with each
/// app's search tables, triggers and indexes.
pub fn schemas() -> Vec<SchemaSpec> {
    let models = spec::models();
    APPS.iter()
        .map(|app| {
            let mut s = sim::schema::tables_from_models(app.name(), &models[app.name()])
                .unwrap_or_else(|e| panic!("vendored models.json is broken: {e}"));
            s.post_ddl = app.post_ddl();
            s
        })
        .collect()
}
