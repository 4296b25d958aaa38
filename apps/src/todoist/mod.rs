//! Todoist: projects (each user has an Inbox, reached as project 0), shared with collaborators
//! by e-mailed invites; sections, tasks with due dates, priorities, assignees and labels,
//! sub-tasks, comments with file attachments, and notifications for the other collaborators;
//! plus the shared account APIs.
//!
//! Files: `store.rs` (what the handlers share: people, the project access rule and the Inbox,
//! insertion positions, due dates, notifications), `projects.rs` (projects and user search),
//! `collaboration.rs` (invites and collaborators), `sections.rs`, `tasks.rs`, `sub_tasks.rs`,
//! `labels.rs` (with AppWorld's `difflib` ranking in `difflib.rs`), `comments.rs` (comments and
//! their attachments through file_system), `apis.rs` (the registrations, in docs order; the
//! notification APIs are `common::notifications`).

mod apis;
mod collaboration;
mod comments;
mod difflib;
mod labels;
mod projects;
pub mod rows;
mod sections;
pub mod seed;
mod store;
mod sub_tasks;
mod tasks;

#[cfg(test)]
mod tests;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "todoist";

/// How todoist accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    // Checked against AppWorld: projects, tasks, collaborator links, invites and notifications
    // stay.
    owned_tables: &[("labels", "user_id"), ("task_comments", "user_id")],
    after_signup: Some(after_signup),
    ..AccountSpec::EMAIL
};

/// Todoist in the app list ([`crate::APPS`]).
pub struct Todoist;

impl crate::app::App for Todoist {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "A to-do list app: projects with sections, tasks, sub-tasks, labels and comments; share projects with collaborators, assign them tasks and get notified of their changes.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Todoist",
                email: "notifications@todoist.com",
                phone: "1883585240",
            }),
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        crate::common::accounts::with_account_apis(APP, &ACCOUNTS, apis::all())
    }

    /// Search tables: users (names and e-mail) and projects ([`PROJECT_TEXT`]; refreshed when a
    /// collaborator joins or leaves); indexes of a project's and a section's tasks and of a task's
    /// sub-tasks.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = crate::common::accounts::users_search_ddl();
        ddl.extend(sim::schema::fts_ddl("projects", PROJECT_TEXT));
        for (name, event, row) in [
            ("links_insert", "INSERT", "NEW"),
            ("links_delete", "DELETE", "OLD"),
        ] {
            ddl.push(format!(
                "CREATE TRIGGER IF NOT EXISTS {{s}}.\"projects_fts_{name}\" AFTER {event} ON \"project_collaborator_links\" BEGIN \
                 DELETE FROM \"projects_fts\" WHERE rowid = {row}.project_id; \
                 INSERT INTO \"projects_fts\"(rowid, id, saved_search_text) SELECT id, id, text FROM \"projects_fts_refill\" \
                 WHERE id = {row}.project_id; END"
            ));
        }
        // A project's and a section's tasks and a task's sub-tasks.
        ddl.push(sim::schema::index_ddl(
            "tasks",
            &["project_id", "section_id"],
        ));
        ddl.push(sim::schema::index_ddl("tasks", &["section_id"]));
        ddl.push(sim::schema::index_ddl("sub_tasks", &["task_id"]));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

/// A new account's Inbox (AppWorld creates it when the signup's verification e-mail went out).
fn after_signup(ctx: &sim::api::Ctx, user_id: i64) -> Result<(), sim::api::ApiError> {
    store::create_inbox(ctx, user_id).map(|_| ())
}

/// The search text of a project: its name and description, then its collaborators' names and
/// e-mail addresses (in the order they joined).
const PROJECT_TEXT: &str = "appsim_search_text({row}.name, {row}.description, \
     (SELECT group_concat(n, ' ') FROM (SELECT u.first_name || ' ' || u.last_name AS n FROM project_collaborator_links AS l \
      JOIN users AS u ON u.id = l.user_id WHERE l.project_id = {row}.id ORDER BY l.id)), \
     (SELECT group_concat(e, ' ') FROM (SELECT u.email AS e FROM project_collaborator_links AS l \
      JOIN users AS u ON u.id = l.user_id WHERE l.project_id = {row}.id ORDER BY l.id)))";
