//! What todoist's handlers share: people, projects and the rule for reaching them (project 0 is
//! the caller's Inbox; only collaborators may see or change a project and what is in it),
//! insertion positions (`order_index`), due dates, and the notifications other collaborators
//! get.

use super::rows::{NewCollaborator, NewProject};
use crate::common::pytime;
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// The frozen clock in the stored form.
pub(super) fn now(ctx: &Ctx) -> String {
    sim::clock::fmt_datetime(ctx.now)
}

// ---------------------------------------------------------------------------------------------
// People

/// A todoist account.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Person {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

impl Person {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Person> {
        Ok(Person {
            id: r.get(0)?,
            first_name: r.get(1)?,
            last_name: r.get(2)?,
            email: r.get(3)?,
        })
    }

    /// `First Last`.
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }

    /// `{"name", "email"}`, how responses show a person.
    pub fn to_json(&self) -> Value {
        json!({"name": self.name(), "email": self.email})
    }
}

/// The account with this id, if it still exists.
pub(super) fn person(ctx: &Ctx, id: i64) -> Result<Option<Person>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached("SELECT id, first_name, last_name, email FROM todoist.users WHERE id = ?1")?
        .query_row([id], Person::read)
        .optional()?)
}

/// A person as responses show them, `null` for an account that was deleted (AppWorld fails
/// with a 500 on such rows).
pub(super) fn person_json(ctx: &Ctx, id: i64) -> Result<Value, ApiError> {
    Ok(person(ctx, id)?.map_or(Value::Null, |p| p.to_json()))
}

/// The caller.
pub(super) fn me(ctx: &Ctx) -> Result<Person, ApiError> {
    let id = ctx.user()?.id;
    person(ctx, id)?.ok_or_else(|| ApiError::not_found_id("user", id))
}

/// The account with exactly this e-mail address, or AppWorld's 409
/// `["The user with email ... does not exist."]`.
pub(super) fn person_by_email(ctx: &Ctx, email: &str) -> Result<Person, ApiError> {
    ctx.db
        .prepare_cached(
            "SELECT id, first_name, last_name, email FROM todoist.users WHERE email = ?1",
        )?
        .query_row([email], Person::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_key("user", "email", email))
}

// ---------------------------------------------------------------------------------------------
// Projects and access

/// A project row.
#[derive(Debug, Clone)]
pub(super) struct Project {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub color: String,
    pub is_inbox: bool,
    pub description: String,
    pub created_at: Value,
}

const PROJECT_COLUMNS: &str = "id, user_id, name, color, is_inbox, description, created_at";

impl Project {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Project> {
        Ok(Project {
            id: r.get(0)?,
            user_id: r.get(1)?,
            name: r.get(2)?,
            color: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
            is_inbox: r.get::<_, Option<bool>>(4)?.unwrap_or(false),
            description: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
            created_at: datetime_col(r, 6)?,
        })
    }
}

/// The project with this id, if any.
pub(super) fn project_row(ctx: &Ctx, id: i64) -> Result<Option<Project>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT {PROJECT_COLUMNS} FROM todoist.projects WHERE id = ?1"
        ))?
        .query_row([id], Project::read)
        .optional()?)
}

/// The Inbox of `user_id`, if it has one.
fn inbox_of(ctx: &Ctx, user_id: i64) -> Result<Option<Project>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT {PROJECT_COLUMNS} FROM todoist.projects WHERE user_id = ?1 AND is_inbox = 1 ORDER BY id LIMIT 1"
        ))?
        .query_row([user_id], Project::read)
        .optional()?)
}

/// Creates a project owned by `user_id` with its owner as the first collaborator; 409 when
/// the owner already has a project of that name. Returns the project id.
pub(super) fn insert_project(
    ctx: &Ctx,
    user_id: i64,
    name: &str,
    color: &str,
    description: &str,
    is_inbox: bool,
    is_favorite: bool,
) -> Result<i64, ApiError> {
    let id = NewProject {
        user_id,
        name,
        color,
        is_inbox,
        description,
        created_at: &now(ctx),
    }
    .insert(ctx.db)
    .map_err(|e| unique_or(e, "Project", &["user_id", "name"]))?;
    add_collaborator(ctx, id, user_id, is_favorite)?;
    Ok(id)
}

/// Links `user_id` to a project as a collaborator.
pub(super) fn add_collaborator(
    ctx: &Ctx,
    project_id: i64,
    user_id: i64,
    is_favorite: bool,
) -> Result<(), ApiError> {
    NewCollaborator {
        project_id,
        user_id,
        is_favorite,
        created_at: &now(ctx),
    }
    .insert(ctx.db)?;
    Ok(())
}

/// Creates the Inbox of `user_id`: the next project, named `Inbox`. It stays even when the
/// call then fails (AppWorld commits it at once).
pub(super) fn create_inbox(ctx: &Ctx, user_id: i64) -> Result<Project, ApiError> {
    let id = insert_project(ctx, user_id, "Inbox", "charcoal", "", true, false)?;
    ctx.keep_writes();
    project_row(ctx, id)?.ok_or_else(|| ApiError::internal("the new Inbox is missing"))
}

/// Is `user_id` a collaborator of the project?
pub(super) fn is_collaborator(ctx: &Ctx, project_id: i64, user_id: i64) -> Result<bool, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT 1 FROM todoist.project_collaborator_links WHERE project_id = ?1 AND user_id = ?2",
        )?
        .exists(params![project_id, user_id])?)
}

/// The 422 for a caller who is not a collaborator of the project.
pub(super) fn not_collaborator() -> ApiError {
    ApiError::unprocessable(
        "You are not a collaborator of this project and so are not authorized to access it.",
    )
}

/// The project a call names: 0 is the caller's Inbox (created on first use), any other id
/// must exist (409) and have the caller as a collaborator (422).
pub(super) fn open_project(ctx: &Ctx, project_id: i64) -> Result<Project, ApiError> {
    let uid = ctx.user()?.id;
    if project_id == 0 {
        return match inbox_of(ctx, uid)? {
            Some(p) => Ok(p),
            None => create_inbox(ctx, uid),
        };
    }
    let p = project_row(ctx, project_id)?
        .ok_or_else(|| ApiError::not_found_id("project", project_id))?;
    check_collaborator(ctx, p.id)?;
    Ok(p)
}

/// 422 unless the caller collaborates on the project.
pub(super) fn check_collaborator(ctx: &Ctx, project_id: i64) -> Result<(), ApiError> {
    if is_collaborator(ctx, project_id, ctx.user()?.id)? {
        Ok(())
    } else {
        Err(not_collaborator())
    }
}

/// The user ids of a project's collaborators, in the order they joined (deleted accounts
/// included: their links stay, as in AppWorld).
pub(super) fn collaborator_ids(ctx: &Ctx, project_id: i64) -> Result<Vec<i64>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT user_id FROM todoist.project_collaborator_links WHERE project_id = ?1 ORDER BY id",
        )?
        .query_map([project_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

// ---------------------------------------------------------------------------------------------
// Tasks

/// A task row.
#[derive(Debug, Clone)]
pub(super) struct Task {
    pub id: i64,
    pub project_id: i64,
    pub section_id: Option<i64>,
    pub user_id: i64,
    pub title: String,
    pub description: String,
    pub due_date: Value,
    pub priority: String,
    pub is_completed: bool,
    pub duration: Option<f64>,
    pub duration_unit: Option<String>,
    pub order_index: i64,
    pub assignee_id: Option<i64>,
    pub assigner_id: Option<i64>,
    pub created_at: Value,
}

pub(super) const TASK_COLUMNS: &str = "id, project_id, section_id, user_id, title, description, due_date, priority, \
     is_completed, duration, duration_unit, order_index, assignee_id, assigner_id, created_at";

impl Task {
    /// Reads the columns of [`TASK_COLUMNS`].
    pub fn read(r: &rusqlite::Row) -> rusqlite::Result<Task> {
        Ok(Task {
            id: r.get(0)?,
            project_id: r.get(1)?,
            section_id: r.get(2)?,
            user_id: r.get(3)?,
            title: r.get(4)?,
            description: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
            due_date: datetime_col(r, 6)?,
            priority: r.get::<_, Option<String>>(7)?.unwrap_or_default(),
            is_completed: r.get::<_, Option<bool>>(8)?.unwrap_or(false),
            duration: r.get(9)?,
            duration_unit: r.get(10)?,
            order_index: r.get::<_, Option<i64>>(11)?.unwrap_or(0),
            assignee_id: r.get(12)?,
            assigner_id: r.get(13)?,
            created_at: datetime_col(r, 14)?,
        })
    }

    /// The due date, parsed.
    pub fn due(&self) -> Option<chrono::NaiveDateTime> {
        self.due_date.as_str().and_then(sim::clock::parse_datetime)
    }
}

/// The task with this id, or 409.
pub(super) fn task_row(ctx: &Ctx, id: i64) -> Result<Task, ApiError> {
    ctx.db
        .prepare_cached(&format!(
            "SELECT {TASK_COLUMNS} FROM todoist.tasks WHERE id = ?1"
        ))?
        .query_row([id], Task::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("task", id))
}

/// The task with this id (409) in a project the caller collaborates on (422), with its
/// project.
pub(super) fn open_task(ctx: &Ctx, id: i64) -> Result<(Task, Project), ApiError> {
    let task = task_row(ctx, id)?;
    let project = project_row(ctx, task.project_id)?.ok_or_else(not_collaborator)?;
    check_collaborator(ctx, project.id)?;
    Ok((task, project))
}

/// `[{"id", "color", "name"}]`: the labels on a task, in the order they were added.
pub(super) fn task_labels(ctx: &Ctx, task_id: i64) -> Result<Vec<Value>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT l.id, l.color, l.name FROM todoist.task_label_links AS k JOIN todoist.labels AS l ON l.id = k.label_id \
             WHERE k.task_id = ?1 ORDER BY k.id",
        )?
        .query_map([task_id], |r| {
            Ok(json!({"id": r.get::<_, i64>(0)?, "color": r.get::<_, String>(1)?, "name": r.get::<_, String>(2)?}))
        })?
        .collect::<Result<_, _>>()?)
}

/// How many sub-tasks a task has.
pub(super) fn num_sub_tasks(ctx: &Ctx, task_id: i64) -> Result<i64, ApiError> {
    Ok(ctx
        .db
        .prepare_cached("SELECT count(*) FROM todoist.sub_tasks WHERE task_id = ?1")?
        .query_row([task_id], |r| r.get(0))?)
}

/// Deletes tasks and their sub-tasks (comments and label links stay, as in AppWorld).
pub(super) fn delete_tasks(ctx: &Ctx, where_sql: &str, id: i64) -> Result<(), ApiError> {
    ctx.db
        .prepare_cached(&format!(
            "DELETE FROM todoist.sub_tasks WHERE task_id IN (SELECT id FROM todoist.tasks WHERE {where_sql})"
        ))?
        .execute([id])?;
    ctx.db
        .prepare_cached(&format!("DELETE FROM todoist.tasks WHERE {where_sql}"))?
        .execute([id])?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Positions

/// The position a new row takes among `len` siblings for AppWorld's `order_index`: negative
/// values count from the end (-1 = after the last), and the result is clamped to the list.
pub(super) fn insert_position(order_index: i64, len: usize) -> usize {
    let len = len as i64;
    let pos = if order_index < 0 {
        len.saturating_add(1).saturating_add(order_index)
    } else {
        order_index
    };
    pos.clamp(0, len) as usize
}

/// Renumbers `ids` (a table's rows in their new order) 0, 1, 2, ... in `table`. A row that
/// appears twice ends with the index of its last place.
pub(super) fn renumber(ctx: &Ctx, table: &str, ids: &[i64]) -> Result<(), ApiError> {
    let mut st = ctx.db.prepare_cached(&format!(
        "UPDATE todoist.\"{table}\" SET order_index = ?1 WHERE id = ?2"
    ))?;
    for (i, id) in ids.iter().enumerate() {
        st.execute(params![i as i64, id])?;
    }
    Ok(())
}

/// The ids of `table`'s rows matching `where_sql` (one `?1` parameter), by `order_index`.
pub(super) fn ordered_ids(
    ctx: &Ctx,
    table: &str,
    where_sql: &str,
    param: Option<i64>,
) -> Result<Vec<i64>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT id FROM todoist.\"{table}\" WHERE {where_sql} ORDER BY order_index, id"
        ))?
        .query_map([param], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

/// Places row `id` at `order_index` among `siblings` (which may hold it already: it leaves its
/// old place first) and renumbers them all.
pub(super) fn place(
    ctx: &Ctx,
    table: &str,
    mut siblings: Vec<i64>,
    id: i64,
    order_index: i64,
) -> Result<(), ApiError> {
    siblings.retain(|s| *s != id);
    let at = insert_position(order_index, siblings.len());
    siblings.insert(at, id);
    renumber(ctx, table, &siblings)
}

// ---------------------------------------------------------------------------------------------
// Parameters

/// A due date as AppWorld reads it (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`), stored form; 422
/// `Invalid due_date format. Use YYYY-MM-DD.` otherwise.
pub(super) fn due_date_arg(a: &Args) -> Result<Option<String>, ApiError> {
    a.opt_str("due_date")
        .map(|s| pytime::date_param("due_date", s).map(sim::clock::fmt_datetime))
        .transpose()
}

/// A duration as stored (rounded to 2 places, as AppWorld rounds on save).
pub(super) fn duration_arg(a: &Args) -> Option<f64> {
    a.float("duration").map(sim::num::round2)
}

/// Maps a unique-constraint failure to AppWorld's 409, other errors to 500.
pub(super) fn unique_or(e: rusqlite::Error, model: &str, columns: &[&str]) -> ApiError {
    crate::common::rows::unique_or(e, model, columns)
}

// ---------------------------------------------------------------------------------------------
// Notifications

/// What a notification is about: a type, a title and a message.
pub(super) struct Notice<'a> {
    pub kind: &'a str,
    pub title: &'a str,
    pub message: String,
}

/// Adds a notification for `user_id`; `data` is stored as Python's `json.dumps` writes it.
pub(super) fn notify(
    ctx: &Ctx,
    user_id: i64,
    n: &Notice,
    data: &[(&str, i64)],
) -> Result<(), ApiError> {
    let data = format!(
        "{{{}}}",
        data.iter()
            .map(|(k, v)| format!("\"{k}\": {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    crate::common::notifications::NewNotification {
        app: "todoist",
        user_id,
        kind: n.kind,
        title: n.title,
        message: &n.message,
        read: false,
        data: &data,
        created_at: &now(ctx),
    }
    .insert(ctx.db)?;
    Ok(())
}

/// Notifies every collaborator of the project but the caller, in the order they joined.
pub(super) fn notify_others(
    ctx: &Ctx,
    project_id: i64,
    n: &Notice,
    data: &[(&str, i64)],
) -> Result<(), ApiError> {
    let uid = ctx.user()?.id;
    for id in collaborator_ids(ctx, project_id)? {
        if id != uid {
            notify(ctx, id, n, data)?;
        }
    }
    Ok(())
}

/// A task or comment change for the other collaborators: `<caller> has <what> the '<project>'
/// project.` (`what` ends in "in" or "to"), with the project, the task, the comment if any and
/// the caller in its data.
pub(super) fn notify_task(
    ctx: &Ctx,
    project: &Project,
    task_id: i64,
    comment_id: Option<i64>,
    (kind, title, what): (&str, &str, &str),
) -> Result<(), ApiError> {
    let mut ids = vec![("task_id", task_id)];
    if let Some(c) = comment_id {
        ids.push(("task_comment_id", c));
    }
    notify_caller_did(ctx, project, (kind, title), (what, "."), &ids)
}

/// `<caller> has updated the '<project>' project` for the other collaborators (also sent for
/// section changes).
pub(super) fn notify_project_updated(ctx: &Ctx, project: &Project) -> Result<(), ApiError> {
    notify_caller_did(
        ctx,
        project,
        ("project_updated", "Project updated."),
        ("updated", ""),
        &[],
    )
}

/// `<caller> has <what> the '<project>' project<end>` for the other collaborators, of type and
/// title `kind`; its data: the project, `ids`, then the caller (`action_by_id`).
pub(super) fn notify_caller_did(
    ctx: &Ctx,
    project: &Project,
    (kind, title): (&str, &str),
    (what, end): (&str, &str),
    ids: &[(&str, i64)],
) -> Result<(), ApiError> {
    let me = me(ctx)?;
    let n = Notice {
        kind,
        title,
        message: format!(
            "{} has {what} the '{}' project{end}",
            me.name(),
            project.name
        ),
    };
    let mut data = vec![("project_id", project.id)];
    data.extend_from_slice(ids);
    data.push(("action_by_id", me.id));
    notify_others(ctx, project.id, &n, &data)
}
