//! End-to-end flows through `Episode::call` that the fidelity recording does not cover: a
//! group's life with balances and settling up, search text after a rename and after a state
//! replay, receipts through the file system, and odd inputs that must not panic.

use crate::testkit::episode;
use serde_json::{Value, json};
use sim::Episode;

fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
    crate::testkit::call(ep, super::APP, api, args)
}

fn fail(ep: &mut Episode, api: &str, args: Value) -> (u16, Value) {
    crate::testkit::fail(ep, super::APP, api, args)
}

/// A verified account added for the test (fresh, so its balances start at zero), logged in:
/// (e-mail, token).
fn user(ep: &mut Episode, first: &str, last: &str) -> (String, Value) {
    let email = format!(
        "{}.{}@example.com",
        first.to_lowercase(),
        last.to_lowercase()
    );
    crate::common::accounts::NewUser {
        app: super::APP,
        first_name: first,
        last_name: last,
        login_column: "email",
        login: &email,
        password: "secret1",
        created_at: "2023-05-18 12:00:00",
        verified: Some(true),
        ..Default::default()
    }
    .insert(ep.db().conn())
    .unwrap();
    let t = call(
        ep,
        "login",
        json!({"username": email, "password": "secret1"}),
    )["access_token"]
        .clone();
    (email, t)
}

/// A group's expense split equally (the payer among the debtors), a payment, the balances from
/// every side, settling up, and the group's deletion taking it out of the balances.
#[test]
fn group_expenses_balances_and_settling_up() {
    let (_world, mut ep) = episode();
    let (a, ta) = user(&mut ep, "Ann", "Arbor");
    let (b, tb) = user(&mut ep, "Ben", "Bolt");
    let (c, _tc) = user(&mut ep, "Cy", "Cole");
    let g = call(
        &mut ep,
        "create_group",
        json!({"access_token": ta, "name": "Flat", "member_emails": [b, c]}),
    )["group_id"]
        .clone();
    call(
        &mut ep,
        "record_expense",
        json!({"access_token": ta, "description": "Rent", "paid_amount": 90, "payer_email": a,
               "debtor_emails": [a, b, c], "group_id": g}),
    );
    call(
        &mut ep,
        "record_payment",
        json!({"access_token": tb, "payer_email": b, "receiver_email": a, "amount": 10, "group_id": g}),
    );
    let person = call(
        &mut ep,
        "show_person_balance",
        json!({"access_token": ta, "email": b}),
    );
    assert_eq!(
        person,
        json!({"direction": "they_owe_you", "total": 20.0, "breakdown": [
            {"group_id": g, "group_name": "Flat", "direction": "they_owe_you", "amount": 20.0}]})
    );
    let people = call(&mut ep, "show_people_balance", json!({"access_token": ta}));
    assert_eq!(people["others_owe_you"], json!(50.0));
    assert_eq!(people["you_owe_others"], json!(0.0));
    let group = call(
        &mut ep,
        "show_group_balance",
        json!({"access_token": ta, "group_id": g, "email": b}),
    );
    assert_eq!(
        group[0]["source_owes_to_targets"],
        json!({"total": 20.0, "breakdown": [{"email": a, "name": "Ann Arbor", "amount": 20.0}]})
    );
    let found = call(
        &mut ep,
        "search_users",
        json!({"access_token": ta, "query": "cole"}),
    );
    assert_eq!(
        found[0],
        json!({"name": "Cy Cole", "email": c, "direction": "they_owe_you", "amount": 30.0})
    );
    let settled = call(
        &mut ep,
        "settle_up",
        json!({"access_token": ta, "email": b, "group_id": g, "description": "Thanks"}),
    );
    assert_eq!(
        settled["message"],
        json!(format!(
            "User with email {b} owed you 20.0$ which has now been settled up."
        ))
    );
    let (status, _) = fail(
        &mut ep,
        "settle_up",
        json!({"access_token": ta, "email": b, "group_id": g}),
    );
    assert_eq!(status, 422);
    let paid = call(
        &mut ep,
        "show_group_payments",
        json!({"access_token": tb, "group_id": g, "page_limit": 20}),
    );
    assert_eq!(paid.as_array().unwrap().len(), 2);
    let kinds: Vec<Value> = call(
        &mut ep,
        "show_notifications",
        json!({"access_token": tb, "page_limit": 20}),
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|n| n["type"].clone())
    .collect();
    assert_eq!(
        kinds,
        vec![
            json!("you_added_to_group"),
            json!("expense_added"),
            json!("payment_added")
        ]
    );
    // A deleted group leaves the balances; undeleting brings it back.
    call(
        &mut ep,
        "delete_group",
        json!({"access_token": tb, "group_id": g}),
    );
    let person = call(
        &mut ep,
        "show_person_balance",
        json!({"access_token": ta, "email": c}),
    );
    assert_eq!(person["direction"], json!("no_balance"));
    call(
        &mut ep,
        "undelete_group",
        json!({"access_token": ta, "group_id": g}),
    );
    let person = call(
        &mut ep,
        "show_person_balance",
        json!({"access_token": ta, "email": c}),
    );
    assert_eq!(person["total"], json!(30.0));
}

/// The first expense a search of `query` finds among `token`'s non-group expenses.
fn first_found(ep: &mut Episode, token: &Value, query: &str) -> Value {
    call(
        ep,
        "show_no_group_expenses",
        json!({"access_token": token, "query": query, "page_limit": 1}),
    )[0]["description"]
        .clone()
}

/// A debtor's new name reaches the search text of the expenses they owe (also after an update
/// of the shares, and after the episode's state is saved and loaded); payments keep the
/// parties' current names.
#[test]
fn search_text_follows_renames_and_state_replays() {
    let (_world, mut ep) = episode();
    let (a, ta) = user(&mut ep, "Ann", "Arbor");
    let (b, tb) = user(&mut ep, "Ben", "Bolt");
    let (c, _) = user(&mut ep, "Cy", "Cole");
    for (what, debtor) in [("Bread", &c), ("Kayak rental", &b), ("Milk", &c)] {
        call(
            &mut ep,
            "record_expense",
            json!({"access_token": ta, "description": what, "paid_amount": 12, "payer_email": a, "debtor_emails": [debtor]}),
        );
    }
    let pid = call(
        &mut ep,
        "record_payment",
        json!({"access_token": ta, "payer_email": a, "receiver_email": b, "amount": 3}),
    )["payment_id"]
        .clone();
    call(
        &mut ep,
        "update_account_name",
        json!({"access_token": tb, "first_name": "Quokka"}),
    );
    assert_eq!(first_found(&mut ep, &ta, "quokka"), json!("Kayak rental"));
    let p = call(
        &mut ep,
        "show_payment",
        json!({"access_token": ta, "payment_id": pid}),
    );
    assert_eq!(p["receiver"], json!({"name": "Quokka Bolt", "email": b}));
    let hash = ep.state_hash().unwrap();
    ep.save_state("s").unwrap();
    ep.load_state("s").unwrap();
    assert_eq!(ep.state_hash().unwrap(), hash);
    assert_eq!(first_found(&mut ep, &ta, "quokka"), json!("Kayak rental"));
    // New shares are searchable at once.
    let milk = call(
        &mut ep,
        "show_no_group_expenses",
        json!({"access_token": ta, "query": "milk", "page_limit": 1}),
    )[0]["expense_id"]
        .clone();
    call(
        &mut ep,
        "update_expense",
        json!({"access_token": ta, "expense_id": milk, "debtor_emails": [b]}),
    );
    let both: Vec<Value> = call(
        &mut ep,
        "show_no_group_expenses",
        json!({"access_token": ta, "query": "quokka", "page_limit": 2, "sort_by": "+created_at"}),
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|e| e["description"].clone())
    .collect();
    assert!(both.contains(&json!("Milk")), "{both:?}");
}

/// The file_system account of a seeded person (their splitwise e-mail) and its token.
fn fs_login(ep: &mut Episode, splitwise_id: i64) -> (String, Value, Value, String) {
    let (email, pw): (String, String) = ep
        .db()
        .conn()
        .query_row(
            "SELECT email, password FROM splitwise.users WHERE id = ?1",
            [splitwise_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let t = call(ep, "login", json!({"username": email, "password": pw}))["access_token"].clone();
    let fs_pw: String = ep
        .db()
        .conn()
        .query_row(
            "SELECT password FROM file_system.users WHERE email = ?1",
            [&email],
            |r| r.get(0),
        )
        .unwrap();
    let ft = crate::testkit::call(
        ep,
        "file_system",
        "login",
        json!({"username": email, "password": fs_pw}),
    )["access_token"]
        .clone();
    (email, t, ft, pw)
}

/// A receipt read from the file system when recorded, downloaded elsewhere, refused with a
/// wrong extension or on a deleted expense, and deleted.
#[test]
fn receipts_round_trip_through_the_file_system() {
    let (_world, mut ep) = episode();
    let (a, ta, fa, _) = fs_login(&mut ep, 1);
    let (b, _) = user(&mut ep, "Ben", "Bolt");
    crate::testkit::call(
        &mut ep,
        "file_system",
        "create_file",
        json!({"access_token": fa, "file_path": "~/bills/dinner.txt", "content": "Dinner: $42"}),
    );
    let e = call(
        &mut ep,
        "record_expense",
        json!({"access_token": ta, "description": "Dinner", "paid_amount": 42, "payer_email": a,
               "debtor_emails": [b], "receipt_file_path": "~/bills/dinner.txt", "file_system_access_token": fa}),
    )["expense_id"]
        .clone();
    let shown = call(
        &mut ep,
        "show_expense",
        json!({"access_token": ta, "expense_id": e}),
    );
    assert_eq!(shown["receipt_file_name"], json!("dinner.txt"));
    let saved = call(
        &mut ep,
        "download_expense_receipt_file",
        json!({"access_token": ta, "expense_id": e, "file_system_access_token": fa,
               "download_to_file_path": "~/copies/dinner.txt"}),
    );
    assert_eq!(saved["file_path"], json!("~/copies/dinner.txt"));
    let file = crate::testkit::call(
        &mut ep,
        "file_system",
        "show_file",
        json!({"access_token": fa, "file_path": "~/copies/dinner.txt"}),
    );
    assert_eq!(file["content"], json!("Dinner: $42"));
    let (status, msg) = fail(
        &mut ep,
        "attach_expense_receipt_file",
        json!({"access_token": ta, "expense_id": e, "receipt_file_path": "~/bills/dinner.exe",
               "file_system_access_token": fa, "overwrite": true}),
    );
    assert_eq!(status, 422);
    assert!(
        msg.as_str()
            .unwrap()
            .starts_with("Invalid file extension exe")
    );
    let (status, _) = fail(
        &mut ep,
        "download_expense_receipt_file",
        json!({"access_token": ta, "expense_id": e}),
    );
    assert_eq!(status, 401, "a download needs a file_system token");
    call(
        &mut ep,
        "delete_expense",
        json!({"access_token": ta, "expense_id": e}),
    );
    let (status, _) = fail(
        &mut ep,
        "delete_expense_receipt_file",
        json!({"access_token": ta, "expense_id": e}),
    );
    assert_eq!(status, 422);
    call(
        &mut ep,
        "undelete_expense",
        json!({"access_token": ta, "expense_id": e}),
    );
    call(
        &mut ep,
        "delete_expense_receipt_file",
        json!({"access_token": ta, "expense_id": e}),
    );
    let shown = call(
        &mut ep,
        "show_expense",
        json!({"access_token": ta, "expense_id": e}),
    );
    assert_eq!(shown["receipt_file_name"], Value::Null);
}

/// Odd values answer clear errors (or work), never a panic: huge ids and amounts, amounts that
/// round to nothing, zero shares, settling with yourself, a deleted debtor's expense.
#[test]
fn odd_inputs_answer_without_panicking() {
    let (_world, mut ep) = episode();
    let (a, ta) = user(&mut ep, "Ann", "Arbor");
    let (b, tb) = user(&mut ep, "Ben", "Bolt");
    // An id past 64 bits reaches SQLite in AppWorld, which raises rather than answers.
    let big = json!(9223372036854775808_u64);
    for (api, args) in [
        ("show_group", json!({"group_id": big})),
        ("show_expense", json!({"expense_id": big})),
    ] {
        let mut args = args;
        args["access_token"] = ta.clone();
        let e = ep.call(super::APP, api, args).expect_err("a big id fails");
        assert_eq!(e.raised, Some("OverflowError"), "{api}: {e}");
    }
    for (api, args) in [
        ("update_payment", json!({"payment_id": -1, "amount": 1})),
        (
            "record_expense",
            json!({"description": "x", "paid_amount": 0.004, "payer_email": a, "debtor_emails": [b]}),
        ),
        (
            "record_expense",
            json!({"description": "x", "paid_amount": 0.01, "payer_email": a, "debtor_emails": [b, b, b]}),
        ),
        (
            "record_expense",
            json!({"description": "x", "paid_amount": 60, "payer_email": a, "debtor_emails": [b, a], "debt_amounts": [0, 60]}),
        ),
        (
            "record_payment",
            json!({"payer_email": a, "receiver_email": b, "amount": -3}),
        ),
        ("settle_up", json!({"email": a})),
        ("show_person_balance", json!({"email": a})),
    ] {
        let mut args = args;
        args["access_token"] = ta.clone();
        let (status, _) = fail(&mut ep, api, args);
        assert!(
            (400..500).contains(&status),
            "{api}: {status} is not a clear refusal"
        );
    }
    let huge = call(
        &mut ep,
        "record_expense",
        json!({"access_token": ta, "description": "x", "paid_amount": big, "payer_email": a, "debtor_emails": [b]}),
    );
    let e = huge["expense_id"].clone();
    let groups = call(
        &mut ep,
        "show_groups",
        json!({"access_token": ta, "page_limit": i64::MAX, "page_index": i64::MAX}),
    );
    assert_eq!(groups, json!([]));
    let p = call(
        &mut ep,
        "record_payment",
        json!({"access_token": ta, "payer_email": a, "receiver_email": b, "amount": 1}),
    )["payment_id"]
        .clone();
    let (status, _) = fail(
        &mut ep,
        "update_payment",
        json!({"access_token": ta, "payment_id": p, "amount": 0.001}),
    );
    assert_eq!(status, 409);
    // Ben deletes his account: the expense he owes still shows, with the debtor as null.
    call(&mut ep, "delete_account", json!({"access_token": tb}));
    let shown = call(
        &mut ep,
        "show_expense",
        json!({"access_token": ta, "expense_id": e}),
    );
    assert_eq!(shown["shares"][0]["debtor"], Value::Null);
    call(
        &mut ep,
        "update_expense",
        json!({"access_token": ta, "expense_id": e, "description": "y"}),
    );
    let people = call(&mut ep, "show_people_balance", json!({"access_token": ta}));
    assert_eq!(people["breakdown"], json!([]));
    call(&mut ep, "show_activity", json!({"access_token": ta}));
}
