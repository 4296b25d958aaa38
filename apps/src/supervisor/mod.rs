//! The supervisor app: the person the agent works for (profile, addresses, payment cards,
//! account passwords) and the task, which the agent ends with `complete_task`.

mod apis;
pub mod seed;

use sim::api::{ApiSpec, AppSpec};
use sim::sql::Cached;

/// App name.
pub const APP: &str = "supervisor";

/// The app's description and account rules (no accounts: no auth).
pub fn app() -> AppSpec {
    AppSpec {
        name: APP,
        description: "Information about the person you work for (profile, addresses, payment cards, account passwords) and the task they gave you.",
        accounts: None,
    }
}

/// The APIs, in docs order.
pub fn apis() -> Vec<ApiSpec> {
    apis::all()
}

/// Table DDL extras (none: the tables come from the model description).
pub fn post_ddl() -> Vec<String> {
    Vec::new()
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
