//! Files: show, create, update, delete, test, copy and move, each in the caller's own tree.

use crate::common::files::{self as fs, FileRow, FsUser};
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// The caller as a file_system account.
pub(super) fn me(ctx: &Ctx) -> Result<FsUser, ApiError> {
    FsUser::load(ctx.db, ctx.user()?.id)
}

/// The caller's file at the normalised `path`, or 422.
fn owned_file(ctx: &Ctx, me: &FsUser, path: &str) -> Result<FileRow, ApiError> {
    fs::find_file(ctx.db, Some(me.id), path)?.ok_or_else(|| {
        ApiError::unprocessable(format!(
            "File with path {path} is not available in your account."
        ))
    })
}

/// The stored timestamps of a file (`created_at`, `updated_at`), as stored.
pub(super) fn file_dates(ctx: &Ctx, id: i64) -> Result<(String, Option<String>), ApiError> {
    Ok(ctx
        .db
        .prepare_cached("SELECT created_at, updated_at FROM file_system.files WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))?)
}

/// Sets a file's timestamps.
pub(super) fn set_dates(
    ctx: &Ctx,
    id: i64,
    created_at: &str,
    updated_at: Option<&str>,
) -> Result<(), ApiError> {
    ctx.db
        .prepare_cached(
            "UPDATE file_system.files SET created_at = ?1, updated_at = ?2 WHERE id = ?3",
        )?
        .execute(params![created_at, updated_at, id])?;
    Ok(())
}

/// Deletes a file row.
pub(super) fn delete_file_row(ctx: &Ctx, id: i64) -> Result<(), ApiError> {
    ctx.db
        .prepare_cached("DELETE FROM file_system.files WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

pub(super) fn show_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let path = me.resolve_file(a.str("file_path"), "file_path")?;
    let f = owned_file(ctx, &me, &path)?;
    let (created, updated) = file_dates(ctx, f.id)?;
    Ok(json!({
        "file_id": f.id,
        "path": f.path,
        "content": f.content,
        "created_at": sim::clock::normalize_datetime(created),
        "updated_at": updated.map(sim::clock::normalize_datetime),
    }))
}

pub(super) fn create_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let path = me.resolve_file(a.str("file_path"), "file_path")?;
    let overwrite = a.opt_bool("overwrite").unwrap_or(false);
    fs::write_file(
        ctx.db,
        &me,
        &path,
        a.str("content"),
        "[]",
        overwrite,
        ctx.now,
    )?;
    Ok(json!({"message": "File created.", "file_path": path}))
}

pub(super) fn delete_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let path = me.resolve_file(a.str("file_path"), "file_path")?;
    let f = owned_file(ctx, &me, &path)?;
    delete_file_row(ctx, f.id)?;
    Ok(json!({"message": "File deleted.", "file_path": path}))
}

pub(super) fn update_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let path = me.resolve_file(a.str("file_path"), "file_path")?;
    let f = owned_file(ctx, &me, &path)?;
    ctx.db
        .prepare_cached("UPDATE file_system.files SET content = ?1, updated_at = ?2 WHERE id = ?3")?
        .execute(params![
            a.str("content"),
            sim::clock::fmt_datetime(ctx.now),
            f.id
        ])?;
    Ok(json!({"message": "File content updated.", "file_path": path}))
}

pub(super) fn file_exists(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let path = me.resolve_file(a.str("file_path"), "file_path")?;
    let exists = fs::find_file(ctx.db, Some(me.id), &path)?.is_some();
    Ok(json!({"exists": exists}))
}

/// Copies (and with `remove` moves) a file: checks in AppWorld's order, then the destination's
/// parents are created and the copy written as a new file.
fn copy_or_move(ctx: &mut Ctx, a: &Args, remove: bool) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let src = me.resolve_file(a.str("source_file_path"), "source_file_path")?;
    let dst = me.resolve_file(a.str("destination_file_path"), "destination_file_path")?;
    if src == dst {
        return Err(ApiError::unprocessable(
            "Source and destination file paths cannot be the same.",
        ));
    }
    let Some(f) = fs::find_file(ctx.db, Some(me.id), &src)? else {
        return Err(ApiError::unprocessable(format!(
            "Source file with path {src} is not available."
        )));
    };
    let existing = fs::find_file(ctx.db, Some(me.id), &dst)?;
    if existing.is_some() && !a.opt_bool("overwrite").unwrap_or(false) {
        return Err(ApiError::unprocessable(
            "A file already exists at the given destination_file_path in your account. Set overwrite to True to overwrite it.",
        ));
    }
    copy_file_row(
        ctx,
        &me,
        &f,
        &dst,
        a.opt_bool("retain_dates").unwrap_or(false),
    )?;
    if remove {
        delete_file_row(ctx, f.id)?;
    }
    let message = if remove {
        "File moved."
    } else {
        "File copied."
    };
    Ok(json!({"message": message, "destination_file_path": dst}))
}

/// Writes a copy of `f` at `dst` (parents created, a file already there replaced), with the
/// source's dates when `retain_dates`.
pub(super) fn copy_file_row(
    ctx: &Ctx,
    me: &FsUser,
    f: &FileRow,
    dst: &str,
    retain_dates: bool,
) -> Result<i64, ApiError> {
    let id = fs::write_file(
        ctx.db,
        me,
        dst,
        &f.content,
        &f.compressed_data,
        true,
        ctx.now,
    )?;
    if retain_dates {
        let (created, updated) = file_dates(ctx, f.id)?;
        set_dates(ctx, id, &created, updated.as_deref())?;
    }
    Ok(id)
}

pub(super) fn copy_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    copy_or_move(ctx, a, false)
}

pub(super) fn move_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    copy_or_move(ctx, a, true)
}
