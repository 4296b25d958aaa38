//! Directories: list, create, delete, test, copy and move. Directory paths carry their
//! trailing `/`; what lies below a directory is matched by that prefix.

use super::files::{copy_file_row, me};
use crate::common::files::{self as fs, FileRow, FsUser};
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// 422 unless the caller has the directory `dir`.
fn require_dir(ctx: &Ctx, me: &FsUser, dir: &str) -> Result<(), ApiError> {
    if !fs::directory_exists(ctx.db, me.id, dir)? {
        return Err(ApiError::unprocessable(format!(
            "Directory with path {dir} is not available in your account."
        )));
    }
    Ok(())
}

/// The caller's files below `dir`, by path (the order AppWorld copies and packs them in).
pub(super) fn files_under(ctx: &Ctx, owner: i64, dir: &str) -> Result<Vec<FileRow>, ApiError> {
    let mut st = ctx.db.prepare_cached(
        "SELECT id, user_id, path, content, compressed_data FROM file_system.files \
         WHERE user_id = ?1 AND substr(path, 1, length(?2)) = ?2 ORDER BY path",
    )?;
    let rows = st.query_map(params![owner, dir], fs::read_file_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The caller's directories below `dir` (`dir` itself excluded).
fn dirs_under(ctx: &Ctx, owner: i64, dir: &str) -> Result<Vec<String>, ApiError> {
    let mut st = ctx.db.prepare_cached(
        "SELECT path FROM file_system.directories \
         WHERE user_id = ?1 AND substr(path, 1, length(?2)) = ?2 AND path != ?2 ORDER BY id",
    )?;
    let rows = st.query_map(params![owner, dir], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Deletes `dir` and every directory and file below it.
pub(super) fn delete_tree(ctx: &Ctx, owner: i64, dir: &str) -> Result<(), ApiError> {
    ctx.db
        .prepare_cached(
            "DELETE FROM file_system.directories WHERE user_id = ?1 AND substr(path, 1, length(?2)) = ?2",
        )?
        .execute(params![owner, dir])?;
    ctx.db
        .prepare_cached(
            "DELETE FROM file_system.files WHERE user_id = ?1 AND substr(path, 1, length(?2)) = ?2",
        )?
        .execute(params![owner, dir])?;
    Ok(())
}

pub(super) fn show_directory(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let dir = me.resolve_dir(a.str("directory_path"), "directory_path")?;
    require_dir(ctx, &me, &dir)?;
    let entry_type = a.opt_str("entry_type").unwrap_or("all");
    let recursive = a.opt_bool("recursive").unwrap_or(true);
    let substring = a
        .opt_str("substring")
        .filter(|s| !s.is_empty())
        .map(str::to_lowercase);
    let mut out: Vec<String> = Vec::new();
    if entry_type != "directories" {
        for f in files_under(ctx, me.id, &dir)? {
            if recursive || !f.path[dir.len()..].contains('/') {
                out.push(f.path);
            }
        }
    }
    if entry_type != "files" {
        for d in dirs_under(ctx, me.id, &dir)? {
            if recursive || !d[dir.len()..].trim_end_matches('/').contains('/') {
                out.push(d);
            }
        }
    }
    if let Some(sub) = substring {
        out.retain(|p| p.to_lowercase().contains(&sub));
    }
    out.sort();
    Ok(json!(out))
}

pub(super) fn create_directory(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let dir = me.resolve_dir(a.str("directory_path"), "directory_path")?;
    let path = dir.trim_end_matches('/');
    if a.opt_bool("recursive").unwrap_or(false) {
        if fs::directory_exists(ctx.db, me.id, &dir)? {
            return Ok(json!({"message": "Directory already exists."}));
        }
        fs::create_parents(ctx.db, &me, path, ctx.now)?;
    } else {
        let parents = fs::ancestors(path);
        let parent = parents.last().map(String::as_str).unwrap_or("/");
        if parent != dir && !fs::directory_exists(ctx.db, me.id, parent)? {
            return Err(ApiError::unprocessable(format!(
                "Parent directory with path {parent} does not exist in your account. Set recursive to True to create all parent directories recursively."
            )));
        }
        if fs::directory_exists(ctx.db, me.id, &dir)? {
            return Ok(json!({"message": "Directory already exists."}));
        }
    }
    fs::insert_directory(ctx.db, &me, &dir, ctx.now)?;
    Ok(json!({"message": "Directory created."}))
}

pub(super) fn delete_directory(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let dir = me.resolve_dir(a.str("directory_path"), "directory_path")?;
    require_dir(ctx, &me, &dir)?;
    delete_tree(ctx, me.id, &dir)?;
    Ok(json!({"message": "Directory deleted."}))
}

pub(super) fn directory_exists(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let dir = me.resolve_dir(a.str("directory_path"), "directory_path")?;
    Ok(json!({"exists": fs::directory_exists(ctx.db, me.id, &dir)?}))
}

/// Copies (and with `remove` moves) a directory's files, as AppWorld does (behaviours 13 and 14
/// of `docs/appworld/file_system.md`): an existing destination is replaced only with
/// `overwrite`; the source is removed after the copy.
fn copy_or_move(ctx: &mut Ctx, a: &Args, remove: bool) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let src = me.resolve_dir(a.str("source_directory_path"), "source_directory_path")?;
    let dst = me.resolve_dir(
        a.str("destination_directory_path"),
        "destination_directory_path",
    )?;
    if src == dst {
        return Err(ApiError::unprocessable(
            "Source and destination directory paths cannot be the same.",
        ));
    }
    if !fs::directory_exists(ctx.db, me.id, &src)? {
        return Err(ApiError::unprocessable(format!(
            "Source directory with path {src} is not available."
        )));
    }
    if fs::directory_exists(ctx.db, me.id, &dst)? {
        if !a.opt_bool("overwrite").unwrap_or(false) {
            return Err(ApiError::unprocessable(
                "A directory already exists at the given destination_directory_path in your account. Set overwrite to True to overwrite it.",
            ));
        }
        delete_tree(ctx, me.id, &dst)?;
    }
    let retain = a.opt_bool("retain_dates").unwrap_or(false);
    // Files only: directories holding no file are not copied (as in AppWorld).
    for f in files_under(ctx, me.id, &src)? {
        let target = format!("{dst}{}", &f.path[src.len()..]);
        copy_file_row(ctx, &me, &f, &target, retain)?;
    }
    if remove {
        // The source goes after the copy, even when the copy lies inside it (AppWorld).
        delete_tree(ctx, me.id, &src)?;
    }
    let message = if remove {
        "Directory moved."
    } else {
        "Directory copied."
    };
    Ok(json!({"message": message, "destination_directory_path": dst}))
}

pub(super) fn copy_directory(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    copy_or_move(ctx, a, false)
}

pub(super) fn move_directory(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    copy_or_move(ctx, a, true)
}
