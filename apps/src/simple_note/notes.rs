//! SimpleNote's notes: the `Note` model, listing and searching, and creating, showing,
//! updating, extending and deleting one.

use super::rows::NewNote;
use crate::common::rows::unique_or;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, parse_sort};
use sim::api::{ApiError, Args, Ctx};
use sim::sql::Cached;

const NOTE_FIELDS: &str = "id, title, tags, created_at, updated_at, pinned, content, user_id";

/// A note row as stored; turned into JSON only for the notes a response returns.
struct Note {
    id: i64,
    title: String,
    /// The `tags` column's JSON text.
    tags: Option<String>,
    created_at: Option<String>,
    updated_at: Option<String>,
    pinned: Option<bool>,
    content: String,
    user_id: i64,
}

impl Note {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Note> {
        Ok(Note {
            id: r.get(0)?,
            title: r.get(1)?,
            tags: r.get(2)?,
            created_at: r.get(3)?,
            updated_at: r.get(4)?,
            pinned: r.get(5)?,
            content: r.get(6)?,
            user_id: r.get(7)?,
        })
    }

    fn tags(&self) -> Value {
        self.tags
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or(Value::Array(vec![]))
    }

    /// A response field used for sorting.
    fn field(&self, f: &str) -> Value {
        let dt = |v: &Option<String>| {
            v.clone()
                .map(|s| Value::String(sim::clock::normalize_datetime(s)))
                .unwrap_or(Value::Null)
        };
        match f {
            "created_at" => dt(&self.created_at),
            "updated_at" => dt(&self.updated_at),
            "pinned" => self.pinned.map(Value::Bool).unwrap_or(Value::Null),
            _ => Value::Null,
        }
    }

    /// The response shape: the short form in lists, with `content` for one note.
    fn into_json(self, with_content: bool) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("note_id".into(), self.id.into());
        m.insert("title".into(), Value::String(self.title.clone()));
        if with_content {
            m.insert("content".into(), Value::String(self.content.clone()));
        }
        m.insert("tags".into(), self.tags());
        m.insert("created_at".into(), self.field("created_at"));
        m.insert("updated_at".into(), self.field("updated_at"));
        m.insert(
            "pinned".into(),
            self.pinned.map(Value::Bool).unwrap_or(Value::Null),
        );
        Value::Object(m)
    }
}

/// Loads a note the caller owns: 409 if it does not exist, 422 if it is someone else's.
fn owned_note(ctx: &Ctx, id: i64) -> Result<Note, ApiError> {
    let uid = ctx.user()?.id;
    let note = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {NOTE_FIELDS} FROM simple_note.notes WHERE id = ?1"
        ))?
        .query_row([id], Note::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("note", id))?;
    if note.user_id != uid {
        return Err(ApiError::not_owner("note"));
    }
    Ok(note)
}

/// Strips tags; a blank tag is an error (create_note only: update_note stores tags as given).
fn clean_tags(tags: Option<Vec<String>>) -> Result<Vec<String>, ApiError> {
    let cleaned: Vec<String> = tags
        .unwrap_or_default()
        .iter()
        .map(|t| t.trim().to_string())
        .collect();
    if cleaned.iter().any(String::is_empty) {
        return Err(ApiError::unprocessable(
            "Tags must be at least 1 character long.",
        ));
    }
    Ok(cleaned)
}

/// The fields `sort_by` accepts (AppWorld documents only the first two).
pub(super) const SORT_FIELDS: &[&str] = &["created_at", "updated_at", "pinned"];

/// AppWorld's order: the user's notes by title; the tag filter keeps that order, the pinned
/// filter (an SQL lookup) puts them in id order. A query ranks them and pages, then `sort_by`
/// orders the page; without a query, `sort_by` (default `-updated_at`) orders them before
/// paging. Pinned notes then move to the top of the page unless `dont_reorder_pinned`.
pub(super) fn search_notes(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let query = a.str("query").trim().to_string();
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    let tags = a.opt_str_list("tags").filter(|t| !t.is_empty());
    if query.is_empty() && tags.is_none() {
        return list_notes(ctx, a, uid);
    }
    let mut st = ctx.db.prepare_cached(&format!(
        "SELECT {NOTE_FIELDS} FROM simple_note.notes WHERE user_id = ?1 ORDER BY title, id"
    ))?;
    let mut notes: Vec<Note> = st.query_map([uid], Note::read)?.collect::<Result<_, _>>()?;
    if let Some(tags) = tags {
        let wanted: Vec<String> = tags.iter().map(|t| t.to_lowercase()).collect();
        notes.retain(|n| {
            n.tags().as_array().is_some_and(|ts| {
                ts.iter().any(|t| {
                    t.as_str()
                        .is_some_and(|t| wanted.contains(&t.to_lowercase()))
                })
            })
        });
    }
    if let Some(p) = a.opt_bool("pinned") {
        notes.retain(|n| n.pinned == Some(p));
        notes.sort_by_key(|n| n.id);
    }
    let sort = parse_sort(a.opt_str("sort_by"), SORT_FIELDS)?;
    let page = SearchPage {
        query: Some(query.as_str()).filter(|q| !q.is_empty()),
        sort_all: Some(&sort_or_default(a)?),
        sort_page: sort.as_ref(),
        index,
        limit,
    }
    .apply(
        ctx,
        "simple_note",
        "notes_fts",
        notes,
        |n| n.id,
        Note::field,
    )?;
    Ok(finish_page(a, page))
}

/// `sort_by`, or AppWorld's default for notes without a query, `-updated_at`.
fn sort_or_default(a: &Args) -> Result<sim::api::listing::SortKey, ApiError> {
    Ok(
        parse_sort(a.opt_str("sort_by"), SORT_FIELDS)?.unwrap_or(sim::api::listing::SortKey {
            field: "updated_at".into(),
            descending: true,
        }),
    )
}

/// Pinned notes to the top of the page unless `dont_reorder_pinned`; the short form of each.
fn finish_page(a: &Args, mut page: Vec<Note>) -> Value {
    if a.opt_bool("dont_reorder_pinned") != Some(true) {
        page.sort_by_key(|n| !n.pinned.unwrap_or(false));
    }
    Value::Array(page.into_iter().map(|n| n.into_json(false)).collect())
}

/// search_notes without a query or tags: SQLite orders and pages, so only one page of notes is
/// built. Same order as the general path: the sort key (nulls last; ties keep the base order),
/// then the base order (title without the pinned filter, id with it).
fn list_notes(ctx: &Ctx, a: &Args, uid: i64) -> Result<Value, ApiError> {
    let key = sort_or_default(a)?;
    // Stored datetimes are in the response form (imports are normalised), so they order as
    // their text.
    let expr = match key.field.as_str() {
        "created_at" => "created_at",
        "updated_at" => "updated_at",
        _ => "pinned",
    };
    let dir = if key.descending { "DESC" } else { "ASC" };
    let pinned = a.opt_bool("pinned");
    let base = if pinned.is_some() { "id" } else { "title, id" };
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    let ids: Vec<i64> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT id FROM simple_note.notes WHERE user_id = ?1 AND (?2 IS NULL OR pinned = ?2) \
             ORDER BY {expr} IS NULL, {expr} {dir}, {base} LIMIT ?3 OFFSET ?4"
        ))?
        .query_map(
            params![uid, pinned, limit, index.saturating_mul(limit)],
            |r| r.get(0),
        )?
        .collect::<Result<_, _>>()?;
    let mut by_id = ctx.db.prepare_cached(&format!(
        "SELECT {NOTE_FIELDS} FROM simple_note.notes WHERE id = ?1"
    ))?;
    let page: Vec<Note> = ids
        .iter()
        .map(|id| by_id.query_row([id], Note::read))
        .collect::<Result<_, _>>()?;
    Ok(finish_page(a, page))
}

pub(super) fn create_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let tags = clean_tags(a.opt_str_list("tags"))?;
    let now = sim::clock::fmt_datetime(ctx.now);
    let id = NewNote {
        user_id: uid,
        title: a.str("title"),
        content: a.str("content"),
        tags: &json!(tags).to_string(),
        created_at: &now,
        updated_at: &now,
        pinned: a.opt_bool("pinned").unwrap_or(false),
    }
    .insert(ctx.db)
    .map_err(|e| unique_or(e, "Note", &["user_id", "title"]))?;
    Ok(json!({"message": "Note created.", "note_id": id}))
}

pub(super) fn show_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(owned_note(ctx, a.int("note_id"))?.into_json(true))
}

pub(super) fn delete_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let note = owned_note(ctx, a.int("note_id"))?;
    ctx.db
        .execute_cached("DELETE FROM simple_note.notes WHERE id = ?1", [note.id])?;
    Ok(json!({"message": "Note deleted."}))
}

pub(super) fn update_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let note = owned_note(ctx, a.int("note_id"))?;
    let title = a.opt_str("title").unwrap_or(&note.title).to_string();
    let content = a.opt_str("content").unwrap_or(&note.content).to_string();
    let tags = a
        .opt_str_list("tags")
        .map(|t| json!(t))
        .unwrap_or_else(|| note.tags());
    let pinned = a
        .opt_bool("pinned")
        .map(Value::Bool)
        .unwrap_or_else(|| note.pinned.map(Value::Bool).unwrap_or(Value::Null));
    ctx.db
        .prepare_cached("UPDATE simple_note.notes SET title = ?1, content = ?2, tags = ?3, pinned = ?4, updated_at = ?5 WHERE id = ?6")?
        .execute(params![title, content, tags.to_string(), pinned.as_bool(), sim::clock::fmt_datetime(ctx.now), note.id])
        .map_err(|e| unique_or(e, "Note", &["user_id", "title"]))?;
    Ok(json!({"message": "Note updated."}))
}

pub(super) fn add_content_to_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let note = owned_note(ctx, a.int("note_id"))?;
    let old = note.content.as_str();
    let added = a.str("added_content");
    let append = a.str("append_or_prepend") == "append";
    let content = if append {
        format!("{old}\n{added}")
    } else {
        format!("{added}\n{old}")
    };
    ctx.db.execute_cached(
        "UPDATE simple_note.notes SET content = ?1 WHERE id = ?2",
        params![content, note.id],
    )?;
    Ok(
        json!({"message": if append { "Content appended to note." } else { "Content prepended to note." }}),
    )
}
