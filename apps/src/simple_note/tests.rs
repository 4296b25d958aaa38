//! SimpleNote's unit tests through the registry: a note's life (create, show, add content,
//! update, search, delete) as the supervisor, and the errors of duplicate titles, blank tags,
//! missing notes and other people's notes.

use super::APP;
use crate::testkit::{call, episode, fail};
use serde_json::{Value, json};
use sim::Episode;

/// The supervisor's e-mail and a simple_note token of theirs.
fn login(ep: &mut Episode) -> (String, Value) {
    let me = call(ep, "supervisor", "show_profile", json!({}));
    let pws = call(ep, "supervisor", "show_account_passwords", json!({}));
    let pw = pws
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["account_name"] == "simple_note")
        .unwrap()["password"]
        .clone();
    let email = me["email"].as_str().unwrap().to_string();
    let t =
        call(ep, APP, "login", json!({"username": email, "password": pw}))["access_token"].clone();
    (email, t)
}

/// A note created with stripped tags, shown with its content, extended at both ends, updated,
/// found by text and by tag (case-insensitive, without content in lists), then deleted.
#[test]
fn note_life() {
    let (_world, mut ep) = episode();
    let (_, t) = login(&mut ep);
    let made = call(
        &mut ep,
        APP,
        "create_note",
        json!({"access_token": t, "title": "Zebra crossing plan", "content": "line one", "tags": ["Errands", " home "]}),
    );
    assert_eq!(made["message"], "Note created.");
    let id = made["note_id"].clone();
    let note = call(
        &mut ep,
        APP,
        "show_note",
        json!({"access_token": t, "note_id": id}),
    );
    assert_eq!(note["title"], "Zebra crossing plan");
    assert_eq!(note["content"], "line one");
    assert_eq!(note["tags"], json!(["Errands", "home"]));
    assert_eq!(note["pinned"], false);
    assert_eq!(note["created_at"], note["updated_at"]);
    for (how, text, said) in [
        ("append", "line two", "Content appended to note."),
        ("prepend", "line zero", "Content prepended to note."),
    ] {
        let r = call(
            &mut ep,
            APP,
            "add_content_to_note",
            json!({"access_token": t, "note_id": id, "append_or_prepend": how, "added_content": text}),
        );
        assert_eq!(r, json!({"message": said}));
    }
    let r = call(
        &mut ep,
        APP,
        "update_note",
        json!({"access_token": t, "note_id": id, "title": "Zebra crossing plan v2", "pinned": true}),
    );
    assert_eq!(r, json!({"message": "Note updated."}));
    let note = call(
        &mut ep,
        APP,
        "show_note",
        json!({"access_token": t, "note_id": id}),
    );
    assert_eq!(note["title"], "Zebra crossing plan v2");
    assert_eq!(note["content"], "line zero\nline one\nline two");
    assert_eq!(note["pinned"], true);
    let found = call(
        &mut ep,
        APP,
        "search_notes",
        json!({"access_token": t, "query": "zebra", "page_limit": 20}),
    );
    let found = found.as_array().unwrap();
    assert!(found.iter().any(|n| n["note_id"] == id));
    assert!(found.iter().all(|n| n.get("content").is_none()));
    let tagged = call(
        &mut ep,
        APP,
        "search_notes",
        json!({"access_token": t, "tags": ["errands"], "page_limit": 20}),
    );
    assert!(
        tagged
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["note_id"] == id)
    );
    let r = call(
        &mut ep,
        APP,
        "delete_note",
        json!({"access_token": t, "note_id": id}),
    );
    assert_eq!(r, json!({"message": "Note deleted."}));
    let (status, message) = fail(
        &mut ep,
        APP,
        "show_note",
        json!({"access_token": t, "note_id": id}),
    );
    assert_eq!(status, 409);
    assert_eq!(
        message,
        json!(format!("The note with id {id} does not exist."))
    );
}

/// A duplicate title is a 409, a blank tag a 422, and another person's note is not the
/// caller's to read or delete.
#[test]
fn note_errors() {
    let (_world, mut ep) = episode();
    let (email, t) = login(&mut ep);
    let note = json!({"access_token": t, "title": "Only once", "content": "x"});
    call(&mut ep, APP, "create_note", note.clone());
    assert_eq!(
        fail(&mut ep, APP, "create_note", note),
        (
            409,
            json!("Note with this user_id and title already exists.")
        )
    );
    assert_eq!(
        fail(
            &mut ep,
            APP,
            "create_note",
            json!({"access_token": t, "title": "Blank tag", "content": "x", "tags": ["ok", "  "]})
        ),
        (422, json!("Tags must be at least 1 character long."))
    );
    let theirs: i64 = ep
        .db()
        .conn()
        .query_row(
            "SELECT n.id FROM simple_note.notes n JOIN simple_note.users u ON u.id = n.user_id \
             WHERE u.email != ?1 ORDER BY n.id LIMIT 1",
            [&email],
            |r| r.get(0),
        )
        .unwrap();
    let not_mine = (
        422,
        json!("The given note does not belong to you, so you cannot access it."),
    );
    for api in ["show_note", "delete_note"] {
        assert_eq!(
            fail(
                &mut ep,
                APP,
                api,
                json!({"access_token": t, "note_id": theirs})
            ),
            not_mine
        );
    }
}
