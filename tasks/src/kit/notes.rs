//! The supervisor's SimpleNote notes: tags, end state, allowed updates.

use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::model::Allow;
use crate::model::Check;
use serde_json::Value;
use std::collections::BTreeSet;

/// The tags stored in a notes row change (lower-cased, trimmed).
pub fn row_tags(r: &RowChange) -> BTreeSet<String> {
    tags_of(r.get("tags"))
}

/// Parses a `tags` column value (JSON text) into a set of normalised tags.
pub fn tags_of(v: &Value) -> BTreeSet<String> {
    v.as_str()
        .and_then(|s| serde_json::from_str::<Vec<String>>(s).ok())
        .unwrap_or_default()
        .iter()
        .map(|t| t.trim().to_lowercase())
        .collect()
}

/// Is this a change of one of the supervisor's notes?
pub fn is_own_note(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.is("simple_note", "notes") && r.get("user_id").as_i64() == ctx.user_id("simple_note")
}

/// The supervisor's notes in the end state: (title, content, tags, pinned).
pub fn end_notes(ctx: &EvalCtx) -> Vec<(String, String, BTreeSet<String>, bool)> {
    let Some(uid) = ctx.user_id("simple_note") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT title, content, tags, coalesce(pinned, 0) FROM simple_note.notes WHERE user_id = ?1 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map([uid], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            tags_of(&Value::String(r.get::<_, String>(2)?)),
            r.get::<_, bool>(3)?,
        ))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// Allows updates of the supervisor's notes whose title is in `titles`, touching only
/// `columns` (plus `updated_at`).
pub fn allow_updates(titles: Vec<String>, columns: &'static [&'static str]) -> Allow {
    Allow::new(
        format!("updates of {} to {}", titles.join(", "), columns.join(", ")),
        move |ctx, r| {
            is_own_note(ctx, r)
                && r.kind() == ChangeKind::Updated
                && r.before("title")
                    .as_str()
                    .is_some_and(|t| titles.iter().any(|x| x == t))
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "updated_at" || columns.contains(&c.as_str()))
        },
    )
}

/// Lines of a text, trimmed, without empty ones.
pub fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Titles of the supervisor's notes changed in the given way (an update by its title before).
pub fn changed_titles(ctx: &EvalCtx, kind: ChangeKind) -> BTreeSet<String> {
    ctx.diff
        .of_kind("simple_note", "notes", kind)
        .filter(|r| is_own_note(ctx, r))
        .filter_map(|r| {
            let t = if kind == ChangeKind::Updated {
                r.before("title")
            } else {
                r.get("title")
            };
            t.as_str().map(str::to_string)
        })
        .collect()
}

/// The one note titled `title` the supervisor added, or why there is not exactly one.
pub fn added_note<'a>(ctx: &'a EvalCtx, title: &str) -> Result<&'a RowChange, String> {
    let added: Vec<_> = ctx
        .diff
        .of_kind("simple_note", "notes", ChangeKind::Added)
        .filter(|r| is_own_note(ctx, r) && r.get("title").as_str() == Some(title))
        .collect();
    match added.as_slice() {
        [r] => Ok(r),
        _ => Err(format!("{} notes titled {title:?} were added", added.len())),
    }
}

/// A check that the supervisor's notes changed in the given way are exactly `want` (titles).
pub fn exactly_changed(name: impl Into<String>, kind: ChangeKind, want: BTreeSet<String>) -> Check {
    Check::new(name, move |ctx| {
        let got = changed_titles(ctx, kind);
        let missing: Vec<_> = want.difference(&got).cloned().collect();
        let extra: Vec<_> = got.difference(&want).cloned().collect();
        if missing.is_empty() && extra.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "missing: [{}]; not asked for: [{}]",
                missing.join(", "),
                extra.join(", ")
            ))
        }
    })
}

/// A check that none of the supervisor's notes changed in the given way.
pub fn none_changed(name: impl Into<String>, kind: ChangeKind) -> Check {
    exactly_changed(name, kind, BTreeSet::new())
}

/// The supervisor's notes added during the episode: (title, content).
pub fn added_notes(ctx: &EvalCtx) -> Vec<(String, String)> {
    ctx.diff
        .of_kind("simple_note", "notes", ChangeKind::Added)
        .filter(|r| is_own_note(ctx, r))
        .map(|r| {
            (
                r.get("title").as_str().unwrap_or("").to_string(),
                r.get("content").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The lines (trimmed, no empty ones) of the one note titled `title` the supervisor added, or
/// why there is not exactly one.
pub fn added_note_lines(ctx: &EvalCtx, title: &str) -> Result<Vec<String>, String> {
    added_note(ctx, title).map(|r| lines(r.get("content").as_str().unwrap_or("")))
}
