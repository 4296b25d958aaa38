//! appsim's apps: one folder per app (`mod.rs` with the app's description, APIs and schema
//! extras; `apis.rs` with handlers; `seed.rs` with its share of the world), shared behaviour in
//! `common`, the fictional population in `people`, and the assembly of the registry and the
//! base world.
//!
//! To find an API's handler: `apps/src/<app>/apis.rs`, function named like the API (account
//! APIs of e-mail apps: `common/accounts.rs`).

pub mod admin;
pub mod amazon;
pub mod api_docs;
pub mod common;
pub mod file_system;
pub mod gmail;
pub mod people;
pub mod phone;
pub(crate) mod plans;
pub mod seed;
pub mod simple_note;
pub mod spec;
pub mod splitwise;
pub mod spotify;
pub mod supervisor;
pub mod todoist;
pub mod venmo;

use sim::api::Registry;
use sim::world::SchemaSpec;

/// Every app's name, in the order AppWorld lists them (those with APIs registered come first).
pub const ALL_APPS: &[&str] = &[
    "api_docs",
    "supervisor",
    "amazon",
    "phone",
    "file_system",
    "spotify",
    "venmo",
    "gmail",
    "splitwise",
    "simple_note",
    "todoist",
    "admin",
];

/// The registry of every implemented app.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.add_app(api_docs::app(), api_docs::apis());
    r.add_app(supervisor::app(), supervisor::apis());
    // In AppWorld's order (ALL_APPS): api_docs lists apps in registration order.
    r.add_app(amazon::app(), amazon::apis());
    r.add_app(phone::app(), phone::apis());
    r.add_app(file_system::app(), file_system::apis());
    r.add_app(spotify::app(), spotify::apis());
    r.add_app(venmo::app(), venmo::apis());
    r.add_app(gmail::app(), gmail::apis());
    r.add_app(splitwise::app(), splitwise::apis());
    r.add_app(simple_note::app(), simple_note::apis());
    r.add_app(todoist::app(), todoist::apis());
    r.set_completion_probe(supervisor::task_completed);
    r
}

/// Table definitions of every app (all of AppWorld's tables, implemented or not), with each
/// implemented app's search tables and triggers.
pub fn schemas() -> Vec<SchemaSpec> {
    let models = spec::models();
    ALL_APPS
        .iter()
        .map(|app| {
            let mut s = sim::schema::tables_from_models(app, &models[*app])
                .unwrap_or_else(|e| panic!("vendored models.json is broken: {e}"));
            s.post_ddl = match *app {
                "api_docs" => api_docs::post_ddl(),
                "simple_note" => simple_note::post_ddl(),
                "supervisor" => supervisor::post_ddl(),
                "gmail" => gmail::post_ddl(),
                "phone" => phone::post_ddl(),
                "file_system" => file_system::post_ddl(),
                "venmo" => venmo::post_ddl(),
                "splitwise" => splitwise::post_ddl(),
                "todoist" => todoist::post_ddl(),
                "spotify" => spotify::post_ddl(),
                "amazon" => amazon::post_ddl(),
                _ => Vec::new(),
            };
            s
        })
        .collect()
}
