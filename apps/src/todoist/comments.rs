//! Comments on tasks (seen by the project's collaborators, changed by their author only) and
//! their attachments, read from and written to the author's file_system.

use super::rows::{NewAttachment, NewTaskComment};
use super::store::{self, Project, check_collaborator, open_task, person_json, project_row};
use crate::common::files::{self, FsUser};
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::paginate;
use sim::api::{ApiError, Args, Ctx};

/// A comment row.
struct Comment {
    id: i64,
    task_id: i64,
    user_id: i64,
    content: String,
    created_at: Value,
}

const COMMENT_SELECT: &str =
    "SELECT id, task_id, user_id, content, created_at FROM todoist.task_comments";

fn read(r: &rusqlite::Row) -> rusqlite::Result<Comment> {
    Ok(Comment {
        id: r.get(0)?,
        task_id: r.get(1)?,
        user_id: r.get(2)?,
        content: r.get(3)?,
        created_at: datetime_col(r, 4)?,
    })
}

/// The comment's attachment names, in name order.
fn attachment_names(ctx: &Ctx, comment_id: i64) -> Result<Vec<String>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT file_name FROM todoist.attachments WHERE task_comment_id = ?1 ORDER BY file_name, id",
        )?
        .query_map([comment_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

fn comment_json(ctx: &Ctx, c: &Comment) -> Result<Value, ApiError> {
    Ok(json!({
        "task_id": c.task_id,
        "content": c.content,
        "created_at": c.created_at,
        "task_comment_id": c.id,
        "user": person_json(ctx, c.user_id)?,
        "attachment_file_names": attachment_names(ctx, c.id)?,
    }))
}

/// The comment with this id, or 409. A comment whose task was deleted stays behind in
/// AppWorld, which then fails with a 500 on it; appsim treats it as gone.
fn comment(ctx: &Ctx, id: i64) -> Result<(Comment, Option<Project>), ApiError> {
    let missing = || ApiError::not_found_id("task comment", id);
    let c = ctx
        .db
        .prepare_cached(&format!("{COMMENT_SELECT} WHERE id = ?1"))?
        .query_row([id], read)
        .optional()?
        .ok_or_else(missing)?;
    let project = match store::task_row(ctx, c.task_id) {
        Ok(t) => project_row(ctx, t.project_id)?,
        Err(_) => None,
    };
    Ok((c, project))
}

/// A comment the caller may see (a collaborator of its task's project).
fn visible_comment(ctx: &Ctx, id: i64) -> Result<Comment, ApiError> {
    let (c, project) = comment(ctx, id)?;
    let p = project.ok_or_else(|| ApiError::not_found_id("task comment", id))?;
    check_collaborator(ctx, p.id)?;
    Ok(c)
}

/// A comment the caller wrote (422 otherwise), with its task's project if it still exists.
fn own_comment(ctx: &Ctx, id: i64) -> Result<(Comment, Option<Project>), ApiError> {
    let (c, p) = comment(ctx, id)?;
    if c.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner("task comment"));
    }
    Ok((c, p))
}

pub(super) fn show_task_comments(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (t, _) = open_task(ctx, a.int("task_id"))?;
    let rows: Vec<Comment> = ctx
        .db
        .prepare_cached(&format!("{COMMENT_SELECT} WHERE task_id = ?1 ORDER BY id"))?
        .query_map([t.id], read)?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(
        paginate(rows, a.int("page_index"), a.int("page_limit"))
            .iter()
            .map(|c| comment_json(ctx, c))
            .collect::<Result<_, _>>()?,
    ))
}

/// A file read for an attachment: its base name, content and archive entries.
struct NewFile {
    name: String,
    content: String,
    compressed_data: String,
}

fn fs_user(ctx: &Ctx, a: &Args) -> Result<FsUser, ApiError> {
    files::authenticate(ctx.db, a.opt_str("file_system_access_token"), ctx.now)
}

/// Reads the file at `raw` (a file path of the file_system user; 409 when there is none).
fn read_file(ctx: &Ctx, fs: &FsUser, raw: &str) -> Result<NewFile, ApiError> {
    let path = fs.resolve_file(raw, raw)?;
    let f = files::find_file(ctx.db, None, &path)?
        .ok_or_else(|| ApiError::not_found_key("file", "path", &path))?;
    Ok(NewFile {
        name: f.file_name().to_string(),
        content: f.content.clone(),
        compressed_data: f.compressed_data.clone(),
    })
}

fn insert_attachment(ctx: &Ctx, comment_id: i64, f: &NewFile) -> Result<(), ApiError> {
    NewAttachment {
        task_comment_id: comment_id,
        file_name: &f.name,
        file_content: &f.content,
        file_compressed_data: &f.compressed_data,
        created_at: &store::now(ctx),
    }
    .insert(ctx.db)?;
    Ok(())
}

pub(super) fn post_task_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (t, p) = open_task(ctx, a.int("task_id"))?;
    let content = a.str("content");
    if content.is_empty() {
        return Err(ApiError::unprocessable("Comment content cannot be empty."));
    }
    let paths = a.opt_str_list("attachment_file_paths").unwrap_or_default();
    let mut attached = Vec::new();
    if !paths.is_empty() {
        let fs = fs_user(ctx, a)?;
        for raw in &paths {
            attached.push(read_file(ctx, &fs, raw)?);
        }
        let mut names: Vec<&str> = attached.iter().map(|f| f.name.as_str()).collect();
        names.sort_unstable();
        if names.windows(2).any(|w| w[0] == w[1]) {
            return Err(ApiError::unprocessable(
                "There are multiple attachment_file_paths with the same (base) file name. File names must be unique.",
            ));
        }
    }
    let id = NewTaskComment {
        task_id: t.id,
        user_id: ctx.user()?.id,
        content,
        created_at: &store::now(ctx),
    }
    .insert(ctx.db)?;
    for f in &attached {
        insert_attachment(ctx, id, f)?;
    }
    store::notify_task(
        ctx,
        &p,
        t.id,
        Some(id),
        (
            "task_comment_added",
            "A new task comment is posted.",
            "posted a comment on a task in",
        ),
    )?;
    Ok(json!({"message": "Comment posted on the task.", "task_comment_id": id}))
}

pub(super) fn show_task_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let c = visible_comment(ctx, a.int("task_comment_id"))?;
    comment_json(ctx, &c)
}

pub(super) fn delete_task_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (c, p) = own_comment(ctx, a.int("task_comment_id"))?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.attachments WHERE task_comment_id = ?1")?
        .execute([c.id])?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.task_comments WHERE id = ?1")?
        .execute([c.id])?;
    notify_comment_change(
        ctx,
        &c,
        p,
        (
            "task_comment_deleted",
            "A task comment is deleted.",
            "deleted a comment on a task in",
        ),
    )?;
    Ok(json!({"message": "Comment has been deleted."}))
}

pub(super) fn update_task_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (c, p) = own_comment(ctx, a.int("task_comment_id"))?;
    if let Some(content) = a.opt_str("content") {
        ctx.db
            .prepare_cached("UPDATE todoist.task_comments SET content = ?1 WHERE id = ?2")?
            .execute(params![content, c.id])?;
    }
    notify_comment_change(
        ctx,
        &c,
        p,
        (
            "task_comment_updated",
            "A task comment is updated.",
            "updated a comment on a task in",
        ),
    )?;
    Ok(json!({"message": "Comment updated."}))
}

/// Tells the other collaborators of the comment's project (when the project still exists) of
/// a change to it: `(kind, title, what)` as [`store::notify_task`] takes them.
fn notify_comment_change(
    ctx: &Ctx,
    c: &Comment,
    p: Option<Project>,
    change: (&str, &str, &str),
) -> Result<(), ApiError> {
    match p {
        Some(p) => store::notify_task(ctx, &p, c.task_id, Some(c.id), change),
        None => Ok(()),
    }
}

/// The id of the comment's attachment named `name`, or AppWorld's 422.
fn attachment_id(ctx: &Ctx, comment_id: i64, name: &str) -> Result<i64, ApiError> {
    ctx.db
        .prepare_cached(
            "SELECT id FROM todoist.attachments WHERE task_comment_id = ?1 AND file_name = ?2 ORDER BY id LIMIT 1",
        )?
        .query_row(params![comment_id, name], |r| r.get(0))
        .optional()?
        .ok_or_else(|| {
            ApiError::unprocessable(format!(
                "This comment does not have an attachment with file name: {name}."
            ))
        })
}

pub(super) fn upload_attachment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (c, _) = own_comment(ctx, a.int("task_comment_id"))?;
    let fs = fs_user(ctx, a)?;
    let f = read_file(ctx, &fs, a.str("upload_from_file_path"))?;
    if let Ok(old) = attachment_id(ctx, c.id, &f.name) {
        if a.opt_bool("overwrite") != Some(true) {
            return Err(ApiError::unprocessable(format!(
                "This comment already has an attachment with file name, '{}'. Pass 'overwrite' as true to replace it.",
                f.name
            )));
        }
        ctx.db
            .prepare_cached("DELETE FROM todoist.attachments WHERE id = ?1")?
            .execute([old])?;
    }
    insert_attachment(ctx, c.id, &f)?;
    Ok(
        json!({"message": "Attachment uploaded to the task comment.", "attachment_file_name": f.name}),
    )
}

pub(super) fn download_attachment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let c = visible_comment(ctx, a.int("task_comment_id"))?;
    let name = a.str("attachment_file_name");
    let id = attachment_id(ctx, c.id, name)?;
    let fs = fs_user(ctx, a)?;
    let (content, compressed): (String, Option<String>) = ctx
        .db
        .prepare_cached(
            "SELECT file_content, file_compressed_data FROM todoist.attachments WHERE id = ?1",
        )?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let raw = match a.opt_str("download_to_file_path") {
        Some(p) => p.to_string(),
        None => format!("~/downloads/{name}"),
    };
    let path = fs.resolve_file(&raw, "file_path")?;
    files::write_file(
        ctx.db,
        &fs,
        &path,
        &content,
        compressed.as_deref().unwrap_or("[]"),
        a.opt_bool("overwrite") == Some(true),
        ctx.now,
    )?;
    ctx.db
        .prepare_cached(
            "UPDATE todoist.attachments SET download_count = download_count + 1 WHERE id = ?1",
        )?
        .execute([id])?;
    Ok(json!({"message": "Attachment downloaded in file_system app.", "file_path": path}))
}

pub(super) fn delete_attachment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (c, _) = own_comment(ctx, a.int("task_comment_id"))?;
    let id = attachment_id(ctx, c.id, a.str("attachment_file_name"))?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.attachments WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Attachment has been deleted."}))
}
