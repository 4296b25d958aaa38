//! Per-API behaviour of supervisor, api_docs and simple_note: successes and error paths.

mod common;
use common::{err, ok};
use serde_json::json;

#[test]
fn supervisor_apis() {
    let mut ep = common::episode();
    let p = ok(&mut ep, "supervisor", "show_profile", json!({}));
    assert_eq!(
        p.as_object().unwrap().keys().collect::<Vec<_>>(),
        vec![
            "first_name",
            "last_name",
            "email",
            "phone_number",
            "birthday",
            "sex"
        ]
    );
    assert_eq!(
        ok(&mut ep, "supervisor", "show_account_passwords", json!({}))
            .as_array()
            .unwrap()
            .len(),
        9
    );
    assert!(
        !ok(&mut ep, "supervisor", "show_addresses", json!({}))
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(
        !ok(&mut ep, "supervisor", "show_payment_cards", json!({}))
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        err(&mut ep, "supervisor", "show_active_task", json!({})),
        (422, json!("No active task found."))
    );
    let (s, m) = err(
        &mut ep,
        "supervisor",
        "complete_task",
        json!({"status": "done"}),
    );
    assert_eq!(
        (s, m),
        (
            422,
            json!(
                "Validation error. Reason: \nstatus: unexpected value; permitted: 'success', 'fail'"
            )
        )
    );
    assert!(!ep.task_completed());
}

#[test]
fn api_docs_apis() {
    let mut ep = common::episode();
    let apps = ok(&mut ep, "api_docs", "show_app_descriptions", json!({}));
    assert_eq!(apps.as_array().unwrap().len(), 11);
    let (s, m) = err(
        &mut ep,
        "api_docs",
        "show_api_descriptions",
        json!({"app_name": "nope"}),
    );
    assert_eq!(s, 422);
    assert_eq!(
        m,
        json!(
            "No APIs found for the app name nope. Following apps have APIs: ['api_docs', 'supervisor', 'amazon', 'phone', 'file_system', 'spotify', 'venmo', 'gmail', 'splitwise', 'simple_note', 'todoist']."
        )
    );
    let doc = ok(
        &mut ep,
        "api_docs",
        "show_api_doc",
        json!({"app_name": "simple_note", "api_name": "search_notes"}),
    );
    let names: Vec<&str> = doc["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        vec![
            "access_token",
            "query",
            "tags",
            "pinned",
            "dont_reorder_pinned",
            "page_index",
            "page_limit",
            "sort_by"
        ]
    );
    assert_eq!(
        doc["parameters"][6]["constraints"],
        json!(["value >= 1.0, <= 20.0"])
    );
    let hits = ok(
        &mut ep,
        "api_docs",
        "search_api_docs",
        json!({"query": "delete note"}),
    );
    assert_eq!(hits[0]["api_name"], "delete_note");
    insta::assert_json_snapshot!(
        "show_api_doc_create_note",
        ok(
            &mut ep,
            "api_docs",
            "show_api_doc",
            json!({"app_name": "simple_note", "api_name": "create_note"})
        )
    );
    insta::assert_json_snapshot!(
        "show_api_descriptions_supervisor",
        ok(
            &mut ep,
            "api_docs",
            "show_api_descriptions",
            json!({"app_name": "supervisor"})
        )
    );
}

#[test]
fn simple_note_auth_and_notes() {
    let mut ep = common::episode();
    let (email, pw) = common::credentials(&mut ep);
    assert_eq!(
        err(
            &mut ep,
            "simple_note",
            "login",
            json!({"username": email, "password": "wrong"})
        ),
        (401, json!("Invalid credentials"))
    );
    let tok = ok(
        &mut ep,
        "simple_note",
        "login",
        json!({"username": email, "password": pw}),
    )["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    // Auth runs before validation.
    let (s, _) = err(
        &mut ep,
        "simple_note",
        "search_notes",
        json!({"access_token": "x", "page_limit": 99}),
    );
    assert_eq!(s, 401);
    let (s, m) = err(
        &mut ep,
        "simple_note",
        "search_notes",
        json!({"access_token": tok, "page_limit": 99}),
    );
    assert_eq!(
        (s, m),
        (
            422,
            json!(
                "Validation error. Reason: \npage_limit: ensure this value is less than or equal to 20"
            )
        )
    );
    let (s, m) = err(
        &mut ep,
        "simple_note",
        "search_notes",
        json!({"access_token": tok, "sort_by": "title"}),
    );
    assert_eq!(
        (s, m),
        (422, json!("The sort_by parameter must start with + or -."))
    );
    let created = ok(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "Zebra facts", "content": "zebras sleep standing", "tags": [" animals "], "pinned": true}),
    );
    let id = created["note_id"].as_i64().unwrap();
    let note = ok(
        &mut ep,
        "simple_note",
        "show_note",
        json!({"access_token": tok, "note_id": id}),
    );
    assert_eq!(note["tags"], json!(["animals"]));
    let found = ok(
        &mut ep,
        "simple_note",
        "search_notes",
        json!({"access_token": tok, "query": "zebras"}),
    );
    assert_eq!(found[0]["note_id"], json!(id));
    assert!(found[0].get("content").is_none());
    ok(
        &mut ep,
        "simple_note",
        "add_content_to_note",
        json!({"access_token": tok, "note_id": id, "append_or_prepend": "append", "added_content": "and run fast"}),
    );
    assert_eq!(
        ok(
            &mut ep,
            "simple_note",
            "show_note",
            json!({"access_token": tok, "note_id": id})
        )["content"],
        "zebras sleep standing\nand run fast"
    );
    ok(
        &mut ep,
        "simple_note",
        "update_note",
        json!({"access_token": tok, "note_id": id, "pinned": false}),
    );
    assert_eq!(
        err(
            &mut ep,
            "simple_note",
            "show_note",
            json!({"access_token": tok, "note_id": 999999})
        ),
        (409, json!("The note with id 999999 does not exist."))
    );
    assert_eq!(
        err(
            &mut ep,
            "simple_note",
            "show_note",
            json!({"access_token": tok, "note_id": 100})
        )
        .0,
        422
    );
    ok(
        &mut ep,
        "simple_note",
        "delete_note",
        json!({"access_token": tok, "note_id": id}),
    );
    ok(
        &mut ep,
        "simple_note",
        "logout",
        json!({"access_token": tok}),
    );
    assert_eq!(
        err(
            &mut ep,
            "simple_note",
            "show_account",
            json!({"access_token": tok})
        )
        .0,
        401
    );
    assert_eq!(err(&mut ep, "simple_note", "logout", json!({})).0, 422);
}

#[test]
fn simple_note_signup_verification_flow() {
    let mut ep = common::episode();
    let (email, _) = common::credentials(&mut ep);
    assert_eq!(
        err(
            &mut ep,
            "simple_note",
            "signup",
            json!({"first_name": "A", "last_name": "B", "email": email, "password": "secret1"})
        )
        .0,
        409
    );
    let (s, m) = err(
        &mut ep,
        "simple_note",
        "signup",
        json!({"first_name": "A", "last_name": "B", "email": "not-an-email", "password": "123"}),
    );
    assert_eq!(
        (s, m),
        (
            422,
            json!(
                "Validation error. Reason: \nemail: value is not a valid email address\npassword: ensure this value has at least 5 characters"
            )
        )
    );
    ok(
        &mut ep,
        "simple_note",
        "signup",
        json!({"first_name": "New", "last_name": "Person", "email": "new.person@example.com", "password": "secret1"}),
    );
    let (s, m) = err(
        &mut ep,
        "simple_note",
        "login",
        json!({"username": "new.person@example.com", "password": "secret1"}),
    );
    assert_eq!(
        (s, m),
        (
            422,
            json!("Your account's email adddress is not verified. Please verify it first.")
        )
    );
    assert_eq!(
        err(
            &mut ep,
            "simple_note",
            "verify_account",
            json!({"email": "new.person@example.com", "verification_code": "0000000"})
        )
        .0,
        422
    );
}

/// Listing without a query or tag filter is paged in SQL; it must give exactly what the
/// general path (used when a tag filter is present) gives for the same notes.
#[test]
fn simple_note_listing_paths_agree() {
    let mut ep = common::episode();
    let tok = common::token(&mut ep);
    for (i, title) in ["b same", "a same", "c other", "a same 2"]
        .iter()
        .enumerate()
    {
        common::ok(
            &mut ep,
            "simple_note",
            "create_note",
            json!({"access_token": tok, "title": title, "content": "x", "pinned": i % 2 == 0}),
        );
    }
    // Tag every note "t" so that `tags=["t"]` selects all of them through the general path.
    let mut ids = Vec::new();
    for page in 0.. {
        let got = common::ok(
            &mut ep,
            "simple_note",
            "search_notes",
            json!({"access_token": tok, "page_index": page, "page_limit": 20}),
        );
        let got = got.as_array().unwrap();
        if got.is_empty() {
            break;
        }
        ids.extend(got.iter().map(|n| n["note_id"].as_i64().unwrap()));
    }
    assert!(ids.len() >= 8, "{ids:?}");
    for id in &ids {
        let note = common::ok(
            &mut ep,
            "simple_note",
            "show_note",
            json!({"access_token": tok, "note_id": id}),
        );
        let mut tags = note["tags"].as_array().unwrap().clone();
        tags.push(json!("t"));
        common::ok(
            &mut ep,
            "simple_note",
            "update_note",
            json!({"access_token": tok, "note_id": id, "tags": tags}),
        );
    }
    for sort in [
        None,
        Some("+created_at"),
        Some("-created_at"),
        Some("+updated_at"),
        Some("-updated_at"),
        Some("+pinned"),
        Some("-pinned"),
    ] {
        for pinned in [None, Some(true), Some(false)] {
            for dont_reorder in [false, true] {
                for page in 0..4 {
                    let mut args = json!({"access_token": tok, "page_index": page, "page_limit": 3,
                                          "sort_by": sort, "dont_reorder_pinned": dont_reorder});
                    if let Some(p) = pinned {
                        args["pinned"] = json!(p);
                    }
                    let fast = common::ok(&mut ep, "simple_note", "search_notes", args.clone());
                    args["tags"] = json!(["T"]);
                    let general = common::ok(&mut ep, "simple_note", "search_notes", args);
                    assert_eq!(fast, general, "sort {sort:?} pinned {pinned:?} page {page}");
                }
            }
        }
    }
}
