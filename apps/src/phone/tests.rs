//! phone's unit tests through the registry: search after a rename, an account deletion that
//! leaves its messages, and a state save and load after both.

use crate::testkit::episode;
use serde_json::{Value, json};
use sim::Episode;

fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
    crate::testkit::call(ep, super::APP, api, args)
}

/// The supervisor's phone number and token, and a token of Phone Notifications.
fn tokens(ep: &mut Episode) -> (Value, Value, Value) {
    let me = ep.call("supervisor", "show_profile", json!({})).unwrap();
    let pws = ep
        .call("supervisor", "show_account_passwords", json!({}))
        .unwrap();
    let pw = pws
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["account_name"] == "phone")
        .unwrap()["password"]
        .clone();
    let phone = me["phone_number"].clone();
    let login = |ep: &mut Episode, user: &Value, pw: &Value| {
        call(ep, "login", json!({"username": user, "password": pw}))["access_token"].clone()
    };
    let t = login(ep, &phone, &pw);
    let tn = login(ep, &json!("1742710379"), &json!("adminpassword"));
    (phone, t, tn)
}

/// A rename re-indexes other people's copies of the renamed user's messages; a deleted
/// account leaves its messages dangling (as in AppWorld) and is gone.
#[test]
fn rename_reindexes_and_delete_leaves_messages() {
    let (_world, mut ep) = episode();
    let (phone, t, tn) = tokens(&mut ep);
    call(
        &mut ep,
        "send_text_message",
        json!({"access_token": tn, "phone_number": phone, "message": "zebra crossing"}),
    );
    call(
        &mut ep,
        "update_account_name",
        json!({"access_token": tn, "first_name": "Quokka"}),
    );
    let found = call(
        &mut ep,
        "search_text_messages",
        json!({"access_token": t, "query": "quokka", "page_limit": 1}),
    );
    assert_eq!(found[0]["message"], "zebra crossing");
    call(&mut ep, "delete_account", json!({"access_token": tn}));
    let profile = ep.call(
        "phone",
        "show_profile",
        json!({"phone_number": "1742710379"}),
    );
    assert_eq!(profile.unwrap_err().status, 422);
}

/// State saves and loads after a rename and an account deletion.
#[test]
fn state_round_trip_after_rename_and_delete() {
    let (_world, mut ep) = episode();
    let (_, _, tn) = tokens(&mut ep);
    call(
        &mut ep,
        "update_account_name",
        json!({"access_token": tn, "first_name": "Quokka"}),
    );
    call(&mut ep, "delete_account", json!({"access_token": tn}));
    ep.save_state("after").unwrap();
    ep.load_state("after").unwrap();
}
