//! supervisor's unit tests through the registry: the profile and passwords are the world's
//! first person's, a task completed with an answer, and the errors when there is no task.

use super::APP;
use crate::testkit::{call, episode, fail};
use serde_json::{Value, json};

/// The profile and the account passwords are those of the world's first person, as the hidden
/// admin tables hold them.
#[test]
fn profile_is_the_first_person() {
    let (_world, mut ep) = episode();
    let me = call(&mut ep, APP, "show_profile", json!({}));
    let db = ep.db().conn();
    let person = db
        .query_row(
            "SELECT first_name, last_name, email, phone_number, birthday, sex FROM admin.main_users WHERE id = 1",
            [],
            |r| {
                Ok(json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?,
                          "email": r.get::<_, String>(2)?, "phone_number": r.get::<_, String>(3)?,
                          "birthday": r.get::<_, String>(4)?, "sex": r.get::<_, String>(5)?}))
            },
        )
        .unwrap();
    let passwords: Vec<Value> = db
        .prepare(
            "SELECT account_name, password FROM admin.account_passwords WHERE main_user_id = 1 ORDER BY id",
        )
        .unwrap()
        .query_map([], |r| {
            Ok(json!({"account_name": r.get::<_, String>(0)?, "password": r.get::<_, String>(1)?}))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(me, person);
    assert!(!passwords.is_empty());
    assert_eq!(
        call(&mut ep, APP, "show_account_passwords", json!({})),
        json!(passwords)
    );
}

/// A task installed for another person: shown unanswered, completed with an answer, then
/// shown with its status and answer; the profile is the new person's.
#[test]
fn complete_task_with_an_answer() {
    let (_world, mut ep) = episode();
    let person = crate::people::Population::generate(7, 20).people.remove(0);
    let instruction = "Which city is the capital of France?";
    super::seed::install(ep.db().conn(), &person, Some(instruction)).unwrap();
    assert_eq!(
        call(&mut ep, APP, "show_active_task", json!({})),
        json!({"instruction": instruction, "status": null, "answer": "<<NOT_GIVEN>>"})
    );
    assert!(!ep.task_completed());
    assert_eq!(
        call(&mut ep, APP, "complete_task", json!({"answer": "Paris"})),
        json!({"message": "Marked the active task complete."})
    );
    assert!(ep.task_completed());
    assert_eq!(
        call(&mut ep, APP, "show_active_task", json!({})),
        json!({"instruction": instruction, "status": "success", "answer": "Paris"})
    );
    assert_eq!(
        call(&mut ep, APP, "show_profile", json!({}))["email"],
        person.email.as_str()
    );
}

/// The base world has no task: showing or completing it is a 422, and nothing is completed.
#[test]
fn no_task_errors() {
    let (_world, mut ep) = episode();
    let none = (422, json!("No active task found."));
    assert_eq!(fail(&mut ep, APP, "show_active_task", json!({})), none);
    assert_eq!(
        fail(&mut ep, APP, "complete_task", json!({"status": "fail"})),
        none
    );
    assert!(!ep.task_completed());
}
