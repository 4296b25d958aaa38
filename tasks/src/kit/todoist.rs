//! Todoist at the end of an episode: the supervisor's tasks and projects, the tasks, comments
//! and projects the episode added, and the names and e-mails their ids stand for.

use super::changes::added;
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::model::Check;
use rusqlite::Connection;
use sim::sql::Cached;

/// A task of a project the supervisor collaborates on, as it is now.
#[derive(Debug, Clone)]
pub struct Task {
    /// Its id.
    pub id: i64,
    /// Its project's name.
    pub project: String,
    /// Is its project an Inbox?
    pub inbox: bool,
    /// Its title.
    pub title: String,
    /// Due day, `YYYY-MM-DD`.
    pub due: Option<String>,
    /// Is it completed?
    pub completed: bool,
    /// Its priority.
    pub priority: String,
    /// The todoist user it is assigned to.
    pub assignee: Option<i64>,
}

/// The tasks of every project the supervisor collaborates on, in id order.
pub fn my_tasks(ctx: &EvalCtx) -> Vec<Task> {
    let Some(me) = ctx.user_id("todoist") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT t.id, p.name, p.is_inbox, t.title, t.due_date, t.is_completed, t.priority, t.assignee_id \
         FROM todoist.tasks t JOIN todoist.projects p ON p.id = t.project_id \
         WHERE t.project_id IN (SELECT project_id FROM todoist.project_collaborator_links WHERE user_id = ?1) ORDER BY t.id",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| {
        Ok(Task {
            id: r.get(0)?,
            project: r.get(1)?,
            inbox: r.get(2)?,
            title: r.get(3)?,
            due: r.get::<_, Option<String>>(4)?.map(|d| day_of(&d)),
            completed: r.get(5)?,
            priority: r.get(6)?,
            assignee: r.get(7)?,
        })
    })
    .map(|it| it.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The day part (`YYYY-MM-DD`) of a stored date or datetime.
pub fn day_of(d: &str) -> String {
    d.chars().take(10).collect()
}

/// A task the episode added, as its row reads.
#[derive(Debug, Clone)]
pub struct NewTask {
    /// The todoist user who added it.
    pub user: Option<i64>,
    /// Its project.
    pub project: Option<i64>,
    /// Its section.
    pub section: Option<i64>,
    /// Its title, as written.
    pub title: String,
    /// Due day, `YYYY-MM-DD`.
    pub due: Option<String>,
    /// Its priority.
    pub priority: String,
    /// The todoist user it is assigned to.
    pub assignee: Option<i64>,
}

impl NewTask {
    /// The task a `todoist.tasks` row change holds.
    pub fn of(r: &RowChange) -> NewTask {
        NewTask {
            user: r.get("user_id").as_i64(),
            project: r.get("project_id").as_i64(),
            section: r.get("section_id").as_i64(),
            title: title_of(r).to_string(),
            due: r.get("due_date").as_str().map(day_of),
            priority: r.get("priority").as_str().unwrap_or("").to_string(),
            assignee: r.get("assignee_id").as_i64(),
        }
    }
}

/// The tasks the episode added, in order.
pub fn new_tasks(ctx: &EvalCtx) -> Vec<NewTask> {
    added(ctx, "todoist", "tasks")
        .into_iter()
        .map(NewTask::of)
        .collect()
}

/// The title a todoist row change holds ("" without one).
pub fn title_of(r: &RowChange) -> &str {
    r.get("title").as_str().unwrap_or("")
}

/// The project a todoist row change points to.
pub fn project_of(r: &RowChange) -> Option<i64> {
    r.get("project_id").as_i64()
}

/// Is the row change the supervisor's (its `user_id` is theirs)?
pub fn is_mine(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.get("user_id").as_i64() == ctx.user_id("todoist")
}

/// Is the row change's task in the project named `project`?
pub fn in_project_named(ctx: &EvalCtx, r: &RowChange, project: &str) -> bool {
    project_of(r).is_some_and(|pid| project_name(ctx.db, pid).as_deref() == Some(project))
}

/// The name of project `id`.
pub fn project_name(db: &Connection, id: i64) -> Option<String> {
    db.query_row_cached(
        "SELECT name FROM todoist.projects WHERE id = ?1",
        [id],
        |row| row.get::<_, String>(0),
    )
    .ok()
}

/// The name of section `id`.
pub fn section_name(db: &Connection, id: i64) -> Option<String> {
    db.query_row_cached(
        "SELECT name FROM todoist.sections WHERE id = ?1",
        [id],
        |row| row.get(0),
    )
    .ok()
}

/// The e-mail of todoist user `id`.
pub fn user_email(db: &Connection, id: i64) -> Option<String> {
    db.query_row_cached(
        "SELECT email FROM todoist.users WHERE id = ?1",
        [id],
        |row| row.get(0),
    )
    .ok()
}

/// The supervisor's Inbox project.
pub fn inbox_id(ctx: &EvalCtx) -> Option<i64> {
    ctx.db
        .query_row_cached(
            "SELECT id FROM todoist.projects WHERE user_id = ?1 AND is_inbox = 1 ORDER BY id LIMIT 1",
            [ctx.user_id("todoist")?],
            |r| r.get(0),
        )
        .ok()
}

/// Is project `id` an Inbox owned by todoist user `user`?
pub fn is_inbox_of(db: &Connection, id: i64, user: i64) -> bool {
    db.query_row_cached(
        "SELECT is_inbox AND user_id = ?2 FROM todoist.projects WHERE id = ?1",
        rusqlite::params![id, user],
        |x| x.get::<_, bool>(0),
    )
    .unwrap_or(false)
}

/// Is there no project `id` (any more)? False when the count cannot be read.
pub fn project_gone(db: &Connection, id: i64) -> bool {
    db.query_row_cached(
        "SELECT count(*) FROM todoist.projects WHERE id = ?1",
        [id],
        |row| row.get::<_, i64>(0),
    )
    .unwrap_or(1)
        == 0
}

/// Does the supervisor own a project named `name`?
pub fn has_project(ctx: &EvalCtx, name: &str) -> bool {
    ctx.db
        .query_row_cached(
            "SELECT count(*) FROM todoist.projects WHERE name = ?1 AND user_id = ?2",
            rusqlite::params![name, ctx.user_id("todoist")],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_or(0)
        > 0
}

/// The tasks of project `id` in the order its sections list them: (title, due `YYYY-MM-DD`,
/// priority).
pub fn project_tasks(db: &Connection, id: i64) -> Vec<(String, Option<String>, String)> {
    let Ok(mut st) = db.prepare_cached(
        "SELECT title, due_date, priority FROM todoist.tasks WHERE project_id = ?1 ORDER BY coalesce(section_id, 0), order_index, id",
    ) else {
        return Vec::new();
    };
    st.query_map([id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, Option<String>>(1)?.map(|d| day_of(&d)),
            r.get::<_, String>(2)?,
        ))
    })
    .map(|it| it.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The supervisor's link to a project that is not an Inbox, with the project's task counts.
#[derive(Debug, Clone)]
pub struct ProjectLink {
    /// The link's id.
    pub link: i64,
    /// The project's id.
    pub project: i64,
    /// The project's name.
    pub name: String,
    /// Is it archived for the supervisor (now)?
    pub archived: bool,
    /// How many tasks it has.
    pub tasks: i64,
    /// How many of them are open.
    pub open: i64,
}

/// The supervisor's links to projects other than Inboxes, in project id order.
pub fn my_project_links(ctx: &EvalCtx) -> Vec<ProjectLink> {
    let Some(me) = ctx.user_id("todoist") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT l.id, p.id, p.name, l.is_archived, \
         (SELECT count(*) FROM todoist.tasks t WHERE t.project_id = p.id), \
         (SELECT count(*) FROM todoist.tasks t WHERE t.project_id = p.id AND NOT t.is_completed) \
         FROM todoist.project_collaborator_links l JOIN todoist.projects p ON p.id = l.project_id \
         WHERE l.user_id = ?1 AND p.is_inbox = 0 ORDER BY p.id",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| {
        Ok(ProjectLink {
            link: r.get(0)?,
            project: r.get(1)?,
            name: r.get(2)?,
            archived: r.get(3)?,
            tasks: r.get(4)?,
            open: r.get(5)?,
        })
    })
    .map(|it| it.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The supervisor's flags on project `id`: (is_favorite, is_archived).
pub fn my_flags(ctx: &EvalCtx, id: i64) -> Option<(bool, bool)> {
    ctx.db
        .query_row_cached(
            "SELECT is_favorite, is_archived FROM todoist.project_collaborator_links WHERE project_id = ?1 AND user_id = ?2",
            rusqlite::params![id, ctx.user_id("todoist")?],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .ok()
}

/// A comment the episode added.
#[derive(Debug, Clone)]
pub struct NewComment {
    /// Its id.
    pub id: i64,
    /// The task it is on.
    pub task: i64,
    /// Its author's todoist id.
    pub user: Option<i64>,
    /// What it says.
    pub content: String,
}

/// The comments the episode added, in order.
pub fn new_comments(ctx: &EvalCtx) -> Vec<NewComment> {
    added(ctx, "todoist", "task_comments")
        .into_iter()
        .map(|r| NewComment {
            id: r.id,
            task: r.get("task_id").as_i64().unwrap_or(0),
            user: r.get("user_id").as_i64(),
            content: r.get("content").as_str().unwrap_or("").to_string(),
        })
        .collect()
}

/// The attachments of comment `id`: (file name, content), in id order.
pub fn attachments(ctx: &EvalCtx, id: i64) -> Vec<(String, String)> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT file_name, coalesce(file_content, '') FROM todoist.attachments WHERE task_comment_id = ?1 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .map(|it| it.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The todoist users the episode invited to a project, in order.
pub fn invitees(ctx: &EvalCtx) -> Vec<i64> {
    added(ctx, "todoist", "project_invites")
        .into_iter()
        .map(|r| r.get("invitee_id").as_i64().unwrap_or(0))
        .collect()
}

/// The projects the episode added: (id, owner's todoist id, name).
pub fn new_projects(ctx: &EvalCtx) -> Vec<(i64, Option<i64>, String)> {
    added(ctx, "todoist", "projects")
        .into_iter()
        .map(|r| {
            (
                r.id,
                r.get("user_id").as_i64(),
                r.get("name").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// A check that no task was added or deleted.
pub fn no_task_added_or_deleted() -> Check {
    Check::new("no task was added or deleted", |ctx| {
        match ctx
            .diff
            .rows
            .iter()
            .find(|r| r.is("todoist", "tasks") && r.kind() != ChangeKind::Updated)
        {
            Some(r) => Err(r.describe()),
            None => Ok(()),
        }
    })
}

/// The id of the project named `name` (not an Inbox) that the supervisor collaborates on.
pub fn my_project_named(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let uid = ctx.user_id("todoist")?;
    ctx.db
        .query_row_cached(
            "SELECT p.id FROM todoist.projects p JOIN todoist.project_collaborator_links l ON l.project_id = p.id \
             WHERE l.user_id = ?1 AND p.name = ?2 AND p.is_inbox = 0 ORDER BY p.id LIMIT 1",
            rusqlite::params![uid, name],
            |r| r.get(0),
        )
        .ok()
}

/// How many open tasks the supervisor's own project named `name` holds (-1 if unreadable).
pub fn open_in_own_project(ctx: &EvalCtx, name: &str) -> i64 {
    ctx.db
        .query_row_cached(
            "SELECT count(*) FROM todoist.tasks t JOIN todoist.projects p ON p.id = t.project_id WHERE p.name = ?1 AND p.user_id = ?2 AND NOT t.is_completed",
            rusqlite::params![name, ctx.user_id("todoist")],
            |r| r.get(0),
        )
        .unwrap_or(-1)
}

/// Is the task titled `title` (the first the database finds, by anyone) completed? `None`
/// without such a task.
pub fn completed_titled(ctx: &EvalCtx, title: &str) -> Option<bool> {
    ctx.db
        .query_row_cached(
            "SELECT is_completed FROM todoist.tasks WHERE title = ?1",
            [title],
            |r| r.get(0),
        )
        .ok()
}

/// How many invites the todoist user `invitee` has to projects named `project` that the
/// supervisor collaborates on.
pub fn invites_to(ctx: &EvalCtx, invitee: Option<i64>, project: &str) -> i64 {
    ctx.db
        .query_row_cached(
            "SELECT count(*) FROM todoist.project_invites i JOIN todoist.projects p ON p.id = i.project_id \
             JOIN todoist.project_collaborator_links l ON l.project_id = p.id \
             WHERE i.invitee_id = ?1 AND p.name = ?3 AND l.user_id = ?2",
            rusqlite::params![invitee, ctx.user_id("todoist"), project],
            |r| r.get(0),
        )
        .unwrap_or(0)
}
