//! End-to-end flows through `Episode::call` on a small built world: sharing a project and the
//! notifications collaborators get, positions of sections and tasks, the Inbox behind project
//! 0, and a save/load of the state.

use crate::testkit::episode;
use serde_json::{Value, json};
use sim::Episode;

fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
    crate::testkit::call(ep, super::APP, api, args)
}

fn fails(ep: &mut Episode, api: &str, args: Value) -> (u16, Value) {
    crate::testkit::fail(ep, super::APP, api, args)
}

/// The `n`-th seeded todoist account's e-mail and a fresh token.
fn login(ep: &mut Episode, n: i64) -> (String, Value) {
    let (email, password): (String, String) = ep
        .db()
        .conn()
        .query_row(
            "SELECT email, password FROM todoist.users ORDER BY id LIMIT 1 OFFSET ?1",
            [n],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let t = call(
        ep,
        "login",
        json!({"username": email, "password": password}),
    )["access_token"]
        .clone();
    (email, t)
}

fn types(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|n| n["type"].as_str().unwrap().to_string())
        .collect()
}

/// A shared project: invite, accept, work together, assign, remove; each step's
/// notifications go to the other collaborators (an assignment to the assignee).
#[test]
fn sharing_a_project() {
    let (_world, mut ep) = episode();
    let (_, ta) = login(&mut ep, 0);
    let (b_email, tb) = login(&mut ep, 1);
    let p = call(
        &mut ep,
        "create_project",
        json!({"access_token": ta, "name": "Zz shared", "color": "red"}),
    )["project_id"]
        .clone();
    let code = call(
        &mut ep,
        "send_project_invite",
        json!({"access_token": ta, "project_id": p, "email": b_email}),
    )["invite_code"]
        .clone();
    // Inviting again gives the same code; only the invitee may accept.
    let again = call(
        &mut ep,
        "send_project_invite",
        json!({"access_token": ta, "project_id": p, "email": b_email}),
    );
    assert_eq!(again["invite_code"], code);
    assert_eq!(
        fails(
            &mut ep,
            "show_project",
            json!({"access_token": tb, "project_id": p})
        )
        .0,
        422
    );
    let before = call(
        &mut ep,
        "show_notifications_count",
        json!({"access_token": ta}),
    );
    call(
        &mut ep,
        "accept_project_invite",
        json!({"access_token": tb, "invite_code": code}),
    );
    let t = call(
        &mut ep,
        "create_task",
        json!({"access_token": tb, "project_id": p, "title": "Buy paint", "due_date": "2023-05-20"}),
    )["task_id"]
        .clone();
    let after = call(
        &mut ep,
        "show_notifications_count",
        json!({"access_token": ta}),
    );
    assert_eq!(
        after["notifications_count"].as_f64().unwrap(),
        before["notifications_count"].as_f64().unwrap() + 2.0
    );
    call(
        &mut ep,
        "assign_or_unassign_task",
        json!({"access_token": ta, "task_id": t, "assignee_email": b_email}),
    );
    let mine = call(
        &mut ep,
        "show_notifications",
        json!({"access_token": tb, "page_limit": 20}),
    );
    assert!(types(&mine).contains(&"task_assigned".to_string()));
    let shown = call(
        &mut ep,
        "show_project",
        json!({"access_token": tb, "project_id": p}),
    );
    assert_eq!(shown["is_shared"], json!(true));
    assert_eq!(shown["collaborators"].as_array().unwrap().len(), 2);
    assert_eq!(shown["num_tasks"], json!(1));
    // B leaves: the project is A's alone again, B cannot see it.
    call(
        &mut ep,
        "remove_collaborator_from_project",
        json!({"access_token": tb, "project_id": p, "email": b_email}),
    );
    assert_eq!(
        fails(
            &mut ep,
            "show_task",
            json!({"access_token": tb, "task_id": t})
        )
        .1,
        json!("You are not a collaborator of this project and so are not authorized to access it.")
    );
    let shown = call(
        &mut ep,
        "show_project",
        json!({"access_token": ta, "project_id": p}),
    );
    assert_eq!(shown["is_shared"], json!(false));
}

/// Sections and tasks take the positions asked for (negative counts from the end) and are
/// renumbered; show_tasks groups tasks by section in the sections' order; a deleted section
/// takes its tasks.
#[test]
fn positions_and_groups() {
    let (_world, mut ep) = episode();
    let (_, ta) = login(&mut ep, 0);
    let p = call(
        &mut ep,
        "create_project",
        json!({"access_token": ta, "name": "Zz positions"}),
    )["project_id"]
        .clone();
    let mut ids = Vec::new();
    for (name, at) in [("a", -1), ("b", 0), ("c", -2), ("d", 99)] {
        ids.push(
            call(
                &mut ep,
                "create_section",
                json!({"access_token": ta, "project_id": p, "name": name, "order_index": at}),
            )["section_id"]
                .clone(),
        );
    }
    let names = |ep: &mut Episode| -> Vec<String> {
        call(
            ep,
            "show_sections",
            json!({"access_token": ta, "project_id": p}),
        )
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect()
    };
    assert_eq!(names(&mut ep), ["b", "c", "a", "d"]);
    call(
        &mut ep,
        "update_section",
        json!({"access_token": ta, "section_id": ids[3], "order_index": 0}),
    );
    assert_eq!(names(&mut ep), ["d", "b", "c", "a"]);
    for (title, section) in [
        ("t1", Value::Null),
        ("t2", ids[0].clone()),
        ("t3", ids[3].clone()),
    ] {
        call(
            &mut ep,
            "create_task",
            json!({"access_token": ta, "project_id": p, "title": title, "section_id": section}),
        );
    }
    let listed = call(
        &mut ep,
        "show_tasks",
        json!({"access_token": ta, "project_id": p}),
    );
    assert_eq!(listed["no_section_tasks"][0]["title"], "t1");
    let order: Vec<Value> = listed["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["section_id"].clone())
        .collect();
    assert_eq!(order, vec![ids[3].clone(), ids[0].clone()]);
    call(
        &mut ep,
        "delete_section",
        json!({"access_token": ta, "section_id": ids[0]}),
    );
    let shown = call(
        &mut ep,
        "show_project",
        json!({"access_token": ta, "project_id": p}),
    );
    assert_eq!(shown["num_tasks"], json!(2));
    assert_eq!(
        fails(
            &mut ep,
            "show_tasks",
            json!({"access_token": ta, "project_id": p, "due_today": true, "overdue": true})
        )
        .1,
        json!("You cannot set both today and overdue to true.")
    );
}

/// Project 0 is the caller's Inbox (made on first use, then found); it cannot be renamed or
/// deleted. A failed call leaves no trace; a save and load of the state keeps everything.
#[test]
fn inbox_and_state() {
    let (_world, mut ep) = episode();
    let (_, ta) = login(&mut ep, 2);
    let inbox = call(
        &mut ep,
        "show_project",
        json!({"access_token": ta, "project_id": 0}),
    );
    assert_eq!(inbox["is_inbox"], json!(true));
    let again = call(
        &mut ep,
        "show_project",
        json!({"access_token": ta, "project_id": 0}),
    );
    assert_eq!(again["project_id"], inbox["project_id"]);
    assert_eq!(
        fails(
            &mut ep,
            "update_project",
            json!({"access_token": ta, "project_id": 0, "name": "Mail"})
        )
        .1,
        json!("The name of the Inbox project cannot be changed.")
    );
    assert_eq!(
        fails(
            &mut ep,
            "delete_project",
            json!({"access_token": ta, "project_id": inbox["project_id"]})
        )
        .0,
        422
    );
    let t = call(
        &mut ep,
        "create_task",
        json!({"access_token": ta, "project_id": 0, "title": "Inbox task"}),
    )["task_id"]
        .clone();
    call(
        &mut ep,
        "post_task_comment",
        json!({"access_token": ta, "task_id": t, "content": "first"}),
    );
    let hash = ep.state_hash().unwrap();
    // An invalid due date fails before anything is written.
    fails(
        &mut ep,
        "create_task",
        json!({"access_token": ta, "project_id": 0, "title": "x", "due_date": "2023-02-30"}),
    );
    assert_eq!(ep.state_hash().unwrap(), hash);
    ep.save_state("s").unwrap();
    call(
        &mut ep,
        "delete_task",
        json!({"access_token": ta, "task_id": t}),
    );
    ep.load_state("s").unwrap();
    assert_eq!(ep.state_hash().unwrap(), hash);
    let comments = call(
        &mut ep,
        "show_task_comments",
        json!({"access_token": ta, "task_id": t}),
    );
    assert_eq!(comments[0]["content"], "first");
    // Labels: the search lists the caller's labels, ranked by similarity to a query.
    call(
        &mut ep,
        "create_label",
        json!({"access_token": ta, "name": "zz-unique-label"}),
    );
    let found = call(
        &mut ep,
        "search_labels",
        json!({"access_token": ta, "query": "zz-unique-label", "page_limit": 1}),
    );
    assert_eq!(found[0]["name"], "zz-unique-label");
}
