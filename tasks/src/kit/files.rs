//! The supervisor's files in an episode: contents, archives and what lies under a folder at
//! the end, the files added and removed.

use super::changes::added;
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use rusqlite::OptionalExtension;
use sim::sql::Cached;
use std::collections::BTreeMap;

/// The supervisor's files in the end state: tilde path -> content.
pub fn end_files(ctx: &EvalCtx) -> BTreeMap<String, String> {
    let Some(uid) = ctx.user_id("file_system") else {
        return BTreeMap::new();
    };
    let Ok(mut st) = ctx
        .db
        .prepare_cached("SELECT tilde_path, content FROM file_system.files WHERE user_id = ?1")
    else {
        return BTreeMap::new();
    };
    st.query_map([uid], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The content of the supervisor's first file whose path is LIKE `pattern`, if any.
pub fn content_like(ctx: &EvalCtx, pattern: &str) -> Option<String> {
    ctx.db
        .query_row_cached(
            "SELECT content FROM file_system.files WHERE user_id = ?1 AND path LIKE ?2",
            rusqlite::params![ctx.user_id("file_system"), pattern],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// How many files and directories of the supervisor's lie under `prefix` (a tilde path).
pub fn entries_under(ctx: &EvalCtx, prefix: &str) -> i64 {
    ctx.db
        .query_row_cached(
            "SELECT (SELECT count(*) FROM file_system.files WHERE user_id = ?1 AND substr(tilde_path, 1, length(?2)) = ?2) + \
             (SELECT count(*) FROM file_system.directories WHERE user_id = ?1 AND substr(tilde_path, 1, length(?2)) = ?2)",
            rusqlite::params![ctx.user_id("file_system").unwrap_or(0), prefix],
            |r| r.get(0),
        )
        .unwrap_or(0)
}

/// The stored (JSON) data of the supervisor's compressed file at `tilde`, if there is one.
pub fn compressed_data(ctx: &EvalCtx, tilde: &str) -> Option<String> {
    let uid = ctx.user_id("file_system")?;
    ctx.db
        .query_row_cached(
            "SELECT compressed_data FROM file_system.files WHERE user_id = ?1 AND tilde_path = ?2",
            rusqlite::params![uid, tilde],
            |r| r.get(0),
        )
        .ok()
}

/// Is this a row of the supervisor's (by `user_id`)?
pub fn is_mine(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.get("user_id").as_i64() == ctx.user_id("file_system")
}

/// Is this a row of the supervisor's files or directories under one of `prefixes`?
pub fn own_row_under(ctx: &EvalCtx, r: &RowChange, prefixes: &[String]) -> bool {
    (r.is("file_system", "files") || r.is("file_system", "directories"))
        && is_mine(ctx, r)
        && r.get("tilde_path")
            .as_str()
            .is_some_and(|p| prefixes.iter().any(|x| p.starts_with(x.as_str())))
}

/// The supervisor's files that the episode removed: (tilde path, content).
pub fn removed_files(ctx: &EvalCtx) -> Vec<(String, String)> {
    let me = ctx.user_id("file_system");
    ctx.diff
        .rows
        .iter()
        .filter(|r| {
            r.is("file_system", "files")
                && r.kind() == ChangeKind::Removed
                && r.get("user_id").as_i64() == me
        })
        .map(|r| {
            (
                r.get("tilde_path").as_str().unwrap_or("").to_string(),
                r.get("content").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// A file the supervisor added in the episode, as written.
#[derive(Debug, Clone, PartialEq)]
pub struct FileAdded {
    /// Its absolute path.
    pub path: Option<String>,
    /// Its path from the home folder (`~/...`).
    pub tilde_path: Option<String>,
    /// Its content ("" if none).
    pub content: String,
}

/// The files the supervisor added in the episode, in order.
pub fn files_added(ctx: &EvalCtx) -> Vec<FileAdded> {
    let text = |r: &RowChange, c: &str| r.get(c).as_str().map(str::to_string);
    added(ctx, "file_system", "files")
        .into_iter()
        .filter(|r| is_mine(ctx, r))
        .map(|r| FileAdded {
            path: text(r, "path"),
            tilde_path: text(r, "tilde_path"),
            content: r.get("content").as_str().unwrap_or("").to_string(),
        })
        .collect()
}

/// The supervisor's file paths containing `part`.
pub fn paths_containing(ctx: &EvalCtx, part: &str) -> Vec<String> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT path FROM file_system.files WHERE user_id = ?1 AND instr(path, ?2) > 0 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map(rusqlite::params![ctx.user_id("file_system"), part], |r| {
        r.get(0)
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}
