//! Handlers of SimpleNote's note APIs.

use super::APP;
use crate::common::rows::{bool_col, datetime_col, json_col, unique_or};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{paginate, parse_sort, rank_by_query, sort_rows};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

const NOTE_FIELDS: &str = "id, title, tags, created_at, updated_at, pinned, content, user_id";

pub(super) fn notes() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "search_notes", "/simple_note/notes")
            .doc("List your notes (without their content), or search them by text. Pinned notes come first on each page.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Text to search for in titles, contents and tags; empty lists all notes."))
            .param(P::str_list("tags").nullable().doc("Only notes with at least one of these tags (case-insensitive)."))
            .param(P::bool("pinned").nullable().doc("Only pinned (true) or only unpinned (false) notes."))
            .param(P::bool("dont_reorder_pinned").optional().doc("Keep the result order instead of moving pinned notes to the top of each page."))
            .paged()
            .sort_by(&["created_at", "updated_at"], &["created_at", "updated_at", "pinned"])
            .returns(json!([{"note_id": 1, "title": "string", "tags": ["string"], "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "pinned": true}]))
            .handler(search_notes),
        Api::post(APP, "create_note", "/simple_note/notes")
            .doc("Create a note.")
            .param(P::str("title").min_len(1).doc("The note's title; unique among your notes."))
            .param(P::str("content").doc("The note's text."))
            .auth()
            .param(P::str_list("tags").nullable().doc("Tags for the note."))
            .param(P::bool("pinned").default(json!(false)).doc("Pin the note to the top of lists."))
            .returns(json!({"message": "string", "note_id": 1}))
            .handler(create_note),
        Api::get(APP, "show_note", "/simple_note/notes/{note_id}")
            .doc("Show one of your notes, including its content.")
            .param(P::int("note_id").doc("The note's id."))
            .auth()
            .returns(json!({"note_id": 1, "title": "string", "content": "string", "tags": ["string"], "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "pinned": true}))
            .handler(show_note),
        Api::delete(APP, "delete_note", "/simple_note/notes/{note_id}")
            .doc("Delete one of your notes.")
            .param(P::int("note_id").doc("The note's id."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(delete_note),
        Api::patch(APP, "update_note", "/simple_note/notes/{note_id}")
            .doc("Change a note's title, content, tags or pin; fields left out stay as they are. Updates the note's updated_at.")
            .param(P::int("note_id").doc("The note's id."))
            .auth()
            .param(P::str("title").nullable().min_len(1).doc("New title."))
            .param(P::str("content").nullable().doc("New content (replaces the old one)."))
            .param(P::str_list("tags").nullable().doc("New tags (replace the old ones)."))
            .param(P::bool("pinned").nullable().doc("New pinned state."))
            .returns(json!({"message": "string"}))
            .handler(update_note),
        Api::patch(APP, "add_content_to_note", "/simple_note/notes/{note_id}/{append_or_prepend}")
            .doc("Add text at the end (append) or start (prepend) of a note, on its own line.")
            .param(P::int("note_id").doc("The note's id."))
            .param(P::str("append_or_prepend").one_of(&["append", "prepend"]).doc("Where to add the text."))
            .param(P::str("added_content").doc("The text to add."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(add_content_to_note),
    ]
}

struct Note {
    id: i64,
    json: Value,
    user_id: i64,
}

fn read_note(r: &rusqlite::Row, with_content: bool) -> rusqlite::Result<Note> {
    let mut json = json!({
        "note_id": r.get::<_, i64>(0)?,
        "title": r.get::<_, String>(1)?,
        "tags": json_col(r, 2)?,
        "created_at": datetime_col(r, 3)?,
        "updated_at": datetime_col(r, 4)?,
        "pinned": bool_col(r, 5)?,
    });
    if with_content {
        let content: String = r.get(6)?;
        let m = json.as_object_mut().expect("object literal");
        let tail: Vec<(String, Value)> = ["tags", "created_at", "updated_at", "pinned"]
            .iter()
            .filter_map(|k| m.remove(*k).map(|v| (k.to_string(), v)))
            .collect();
        m.insert("content".into(), Value::String(content));
        m.extend(tail);
    }
    Ok(Note {
        id: r.get(0)?,
        json,
        user_id: r.get(7)?,
    })
}

/// Loads a note the caller owns: 409 if it does not exist, 422 if it is someone else's.
fn owned_note(ctx: &Ctx, id: i64) -> Result<Note, ApiError> {
    let uid = ctx.user()?.id;
    let note = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {NOTE_FIELDS} FROM simple_note.notes WHERE id = ?1"
        ))?
        .query_row([id], |r| read_note(r, true))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("note", id))?;
    if note.user_id != uid {
        return Err(ApiError::not_owner("note"));
    }
    Ok(note)
}

/// Strips tags; a blank tag is an error.
fn clean_tags(tags: Option<Vec<String>>) -> Result<Option<Vec<String>>, ApiError> {
    let Some(tags) = tags else { return Ok(None) };
    let cleaned: Vec<String> = tags.iter().map(|t| t.trim().to_string()).collect();
    if cleaned.iter().any(String::is_empty) {
        return Err(ApiError::unprocessable(
            "Tags cannot be empty or only whitespace.",
        ));
    }
    Ok(Some(cleaned))
}

fn search_notes(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let sort = parse_sort(
        a.opt_str("sort_by"),
        &["created_at", "updated_at"],
        &["created_at", "updated_at", "pinned"],
    )?;
    let mut st = ctx.db.prepare_cached(&format!(
        "SELECT {NOTE_FIELDS} FROM simple_note.notes WHERE user_id = ?1 ORDER BY title, id"
    ))?;
    let mut notes: Vec<Note> = st
        .query_map([uid], |r| read_note(r, false))?
        .collect::<Result<_, _>>()?;
    if let Some(tags) = a.opt_str_list("tags") {
        let wanted: Vec<String> = tags.iter().map(|t| t.trim().to_lowercase()).collect();
        notes.retain(|n| {
            n.json["tags"].as_array().is_some_and(|ts| {
                ts.iter().any(|t| {
                    t.as_str()
                        .is_some_and(|t| wanted.contains(&t.trim().to_lowercase()))
                })
            })
        });
    }
    if let Some(p) = a.opt_bool("pinned") {
        notes.retain(|n| n.json["pinned"].as_bool().unwrap_or(false) == p);
    }
    let query = a.str("query").trim().to_string();
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    let mut page: Vec<Note> = if query.is_empty() {
        let key = sort.clone().unwrap_or(sim::api::listing::SortKey {
            field: "updated_at".into(),
            descending: true,
        });
        sort_rows(&mut notes, &key, |n, f| n.json[f].clone());
        paginate(notes, index, limit)
    } else {
        notes.sort_by_key(|n| n.id);
        let ids: Vec<i64> = notes.iter().map(|n| n.id).collect();
        let ranked = rank_by_query(ctx.db, "simple_note", "notes_fts", &query, &ids)?;
        let mut by_id: std::collections::HashMap<i64, Note> =
            notes.into_iter().map(|n| (n.id, n)).collect();
        let ordered: Vec<Note> = ranked
            .into_iter()
            .filter_map(|id| by_id.remove(&id))
            .collect();
        let mut page = paginate(ordered, index, limit);
        if let Some(key) = &sort {
            sort_rows(&mut page, key, |n, f| n.json[f].clone());
        }
        page
    };
    if a.opt_bool("dont_reorder_pinned") != Some(true) {
        page.sort_by_key(|n| !n.json["pinned"].as_bool().unwrap_or(false));
    }
    Ok(Value::Array(page.into_iter().map(|n| n.json).collect()))
}

fn create_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let tags = clean_tags(a.opt_str_list("tags"))?.unwrap_or_default();
    let now = sim::clock::fmt_datetime(ctx.now);
    ctx.db
        .prepare_cached("INSERT INTO simple_note.notes (user_id, title, content, tags, created_at, updated_at, pinned) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6)")?
        .execute(params![uid, a.str("title"), a.str("content"), json!(tags).to_string(), now, a.opt_bool("pinned").unwrap_or(false)])
        .map_err(|e| unique_or(e, "Note", &["user_id", "title"]))?;
    Ok(json!({"message": "Note created.", "note_id": ctx.db.last_insert_rowid()}))
}

fn show_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(owned_note(ctx, a.int("note_id"))?.json)
}

fn delete_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let note = owned_note(ctx, a.int("note_id"))?;
    ctx.db
        .execute("DELETE FROM simple_note.notes WHERE id = ?1", [note.id])?;
    Ok(json!({"message": "Note deleted."}))
}

fn update_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let note = owned_note(ctx, a.int("note_id"))?;
    let tags = clean_tags(a.opt_str_list("tags"))?;
    let title = a
        .opt_str("title")
        .map(str::to_string)
        .unwrap_or_else(|| note.json["title"].as_str().unwrap_or("").to_string());
    let content = a
        .opt_str("content")
        .map(str::to_string)
        .unwrap_or_else(|| note.json["content"].as_str().unwrap_or("").to_string());
    let tags = tags
        .map(|t| json!(t))
        .unwrap_or_else(|| note.json["tags"].clone());
    let pinned = a
        .opt_bool("pinned")
        .map(Value::Bool)
        .unwrap_or_else(|| note.json["pinned"].clone());
    ctx.db
        .prepare_cached("UPDATE simple_note.notes SET title = ?1, content = ?2, tags = ?3, pinned = ?4, updated_at = ?5 WHERE id = ?6")?
        .execute(params![title, content, tags.to_string(), pinned.as_bool(), sim::clock::fmt_datetime(ctx.now), note.id])
        .map_err(|e| unique_or(e, "Note", &["user_id", "title"]))?;
    Ok(json!({"message": "Note updated."}))
}

fn add_content_to_note(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let note = owned_note(ctx, a.int("note_id"))?;
    let old = note.json["content"].as_str().unwrap_or("");
    let added = a.str("added_content");
    let content = if a.str("append_or_prepend") == "append" {
        format!("{old}\n{added}")
    } else {
        format!("{added}\n{old}")
    };
    ctx.db.execute(
        "UPDATE simple_note.notes SET content = ?1 WHERE id = ?2",
        params![content, note.id],
    )?;
    Ok(json!({"message": "Note updated."}))
}
