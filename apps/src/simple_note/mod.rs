//! SimpleNote: notes with titles, contents, tags and pins, plus the shared account APIs.

mod apis;
pub mod seed;

use sim::api::{AccountSpec, ApiSpec, AppSpec};

/// App name.
pub const APP: &str = "simple_note";

/// The app's description and account rules.
pub fn app() -> AppSpec {
    AppSpec {
        name: APP,
        description: "A note-taking app: write, tag, pin, search and edit notes.",
        accounts: Some(AccountSpec {
            login_column: "email",
            requires_verification: true,
        }),
    }
}

/// The APIs, in docs order.
pub fn apis() -> Vec<ApiSpec> {
    let mut all = crate::common::accounts::account_apis(APP);
    all.extend(apis::notes());
    all
}

/// Full-text search over notes: title, content and tags.
pub fn post_ddl() -> Vec<String> {
    sim::schema::fts_ddl(
        "notes",
        "appsim_search_text({row}.title, {row}.content, (SELECT group_concat(value, ' ') FROM json_each({row}.tags)))",
    )
}
