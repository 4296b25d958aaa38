//! Focused checks of what the fidelity recording cannot show: search text after a rename and
//! after a state replay, and company e-mails with attachments.

use crate::common::accounts::{NewUser, Users};
use crate::testkit::episode;
use serde_json::{Value, json};
use sim::Episode;

fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
    crate::testkit::call(ep, "gmail", api, args)
}

/// The address and a gmail token of the person with this gmail user id.
fn login(ep: &mut Episode, id: i64) -> (String, Value) {
    let (email, pw): (String, String) = ep
        .db()
        .conn()
        .query_row(
            "SELECT email, password FROM gmail.users WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let t = call(ep, "login", json!({"username": email, "password": pw}))["access_token"].clone();
    (email, t)
}

/// The subjects of the first page of a search of the inbox.
fn search(ep: &mut Episode, token: &Value, query: &str) -> Vec<Value> {
    call(
        ep,
        "show_inbox_threads",
        json!({"access_token": token, "query": query, "page_limit": 1}),
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|t| t["subject"].clone())
    .collect()
}

/// A sender's new name reaches the search text of the recipient's thread, also after the
/// episode's state is saved and loaded (the replay writes the renamed row anew), and the state
/// replays to the same hash after a reply, a thread deletion and an account deletion.
#[test]
fn rename_reindexes_threads_and_state_round_trips() {
    let (_world, mut ep) = episode();
    let (a, ta) = login(&mut ep, 1);
    let (_, tb) = login(&mut ep, 2);
    let sent = call(
        &mut ep,
        "send_email",
        json!({"access_token": tb, "email_addresses": [a], "subject": "Zebra crossing", "body": "hi"}),
    );
    call(
        &mut ep,
        "update_account_name",
        json!({"access_token": tb, "first_name": "Quokkalina"}),
    );
    assert_eq!(
        search(&mut ep, &ta, "quokkalina"),
        vec![json!("Zebra crossing")]
    );
    call(
        &mut ep,
        "reply_to_email",
        json!({"access_token": tb, "email_thread_id": sent["sent_email_thread_id"],
               "email_id": sent["sent_email_id"], "body": "again"}),
    );
    call(
        &mut ep,
        "delete_thread",
        json!({"access_token": tb, "email_thread_id": sent["sent_email_thread_id"]}),
    );
    call(&mut ep, "delete_account", json!({"access_token": tb}));
    let hash = ep.state_hash().unwrap();
    ep.save_state("after").unwrap();
    ep.load_state("after").unwrap();
    assert_eq!(ep.state_hash().unwrap(), hash);
    let (_, ta) = login(&mut ep, 1);
    assert_eq!(
        search(&mut ep, &ta, "quokkalina"),
        vec![json!("Zebra crossing")]
    );
}

/// A company e-mail with files: a new thread, unread in the recipient's inbox and marked as
/// having attachments, the files listed on the e-mail and saved in the company's own
/// file_system account under /tmp.
#[test]
fn company_email_with_files() {
    let (_world, mut ep) = episode();
    let (a, ta) = login(&mut ep, 1);
    let now = ep.config().now;
    // The company's file_system account (the world may not have one yet).
    let company = "notifications@venmo.com";
    let db = ep.db().conn();
    if Users::id_by_login(db, "file_system", "email", company)
        .unwrap()
        .is_none()
    {
        NewUser {
            app: "file_system",
            first_name: "Venmo",
            last_name: "Notifications",
            login_column: "email",
            login: company,
            password: "adminpassword",
            created_at: "2023-05-18T12:00:00",
            verified: Some(true),
            ..NewUser::default()
        }
        .insert(db)
        .unwrap();
    }
    let registry = ep.registry().clone();
    let ctx = sim::api::Ctx {
        app: "venmo",
        db: ep.db().conn(),
        now,
        registry: &registry,
        user: None,
        show_response_schemas: false,
        keep: &Default::default(),
        search: None,
    };
    crate::common::notify::email_from_company_with_files(
        &ctx,
        &a,
        "Your receipt",
        "See the attached receipt.",
        &[("receipt_7.txt", "Amount: $10.00\n")],
    )
    .unwrap();
    let threads = call(
        &mut ep,
        "show_inbox_threads",
        json!({"access_token": ta, "attachment": true, "query": "receipt", "page_limit": 1}),
    );
    let t = &threads[0];
    assert_eq!(t["subject"], "Your receipt");
    assert_eq!(t["read"], false);
    let thread = call(
        &mut ep,
        "show_thread",
        json!({"access_token": ta, "email_thread_id": t["email_thread_id"]}),
    );
    let email = &thread["emails"][0];
    assert_eq!(email["sender"]["email"], "notifications@venmo.com");
    assert_eq!(email["attachments"][0]["file_name"], "receipt_7.txt");
    let saved: String = ep
        .db()
        .conn()
        .query_row(
            "SELECT f.content FROM file_system.files f JOIN file_system.users u ON u.id = f.user_id \
             WHERE u.email = 'notifications@venmo.com' AND f.path = '/tmp/receipt_7.txt'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(saved, "Amount: $10.00\n");
}
