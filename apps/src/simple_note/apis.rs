//! The registrations of SimpleNote's note APIs, in docs order (the account APIs come from
//! `common::accounts`); handlers are in `notes.rs`.

use super::APP;
use super::notes;
use serde_json::json;
use sim::api::{Api, ApiSpec, P};

pub(super) fn all() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "search_notes", "/simple_note/notes")
            .doc("List your notes (without their content), or search them by text. Pinned notes come first on each page.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Text to search for in titles, contents and tags; empty lists all notes."))
            .param(P::str_list("tags").nullable().doc("Only notes with at least one of these tags (case-insensitive)."))
            .param(P::bool("pinned").nullable().doc("Only pinned (true) or only unpinned (false) notes."))
            .param(P::bool("dont_reorder_pinned").optional().doc("Keep the result order instead of moving pinned notes to the top of each page."))
            .paged()
            .sort_by(&["created_at", "updated_at"], notes::SORT_FIELDS)
            .returns(json!([{"note_id": 1, "title": "string", "tags": ["string"], "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "pinned": true}]))
            .handler(notes::search_notes),
        Api::post(APP, "create_note", "/simple_note/notes")
            .doc("Create a note.")
            .param(P::str("title").min_len(1).doc("The note's title; unique among your notes."))
            .param(P::str("content").doc("The note's text."))
            .auth()
            .param(P::str_list("tags").nullable().doc("Tags for the note."))
            .param(P::bool("pinned").default(json!(false)).doc("Pin the note to the top of lists."))
            .returns(json!({"message": "string", "note_id": 1}))
            .handler(notes::create_note),
        Api::get(APP, "show_note", "/simple_note/notes/{note_id}")
            .doc("Show one of your notes, including its content.")
            .param(P::int("note_id").doc("The note's id."))
            .auth()
            .returns(json!({"note_id": 1, "title": "string", "content": "string", "tags": ["string"], "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "pinned": true}))
            .handler(notes::show_note),
        Api::delete(APP, "delete_note", "/simple_note/notes/{note_id}")
            .doc("Delete one of your notes.")
            .param(P::int("note_id").doc("The note's id."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(notes::delete_note),
        Api::patch(APP, "update_note", "/simple_note/notes/{note_id}")
            .doc("Change a note's title, content, tags or pin; fields left out stay as they are. Updates the note's updated_at.")
            .param(P::int("note_id").doc("The note's id."))
            .auth()
            .param(P::str("title").nullable().min_len(1).doc("New title."))
            .param(P::str("content").nullable().doc("New content (replaces the old one)."))
            .param(P::str_list("tags").nullable().doc("New tags (replace the old ones)."))
            .param(P::bool("pinned").nullable().doc("New pinned state."))
            .returns(json!({"message": "string"}))
            .handler(notes::update_note),
        Api::patch(APP, "add_content_to_note", "/simple_note/notes/{note_id}/{append_or_prepend}")
            .doc("Add text at the end (append) or start (prepend) of a note, on its own line.")
            .param(P::int("note_id").doc("The note's id."))
            .param(P::str("append_or_prepend").one_of(&["append", "prepend"]).doc("Where to add the text."))
            .param(P::str("added_content").doc("The text to add."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(notes::add_content_to_note),
    ]
}
