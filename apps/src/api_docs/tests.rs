//! api_docs' unit tests through the registry: the apps listed in order, one API's full
//! documentation (names matched ignoring case and spaces), a search, and unknown names.

use super::APP;
use crate::testkit::{call, episode, fail};
use serde_json::{Value, json};

/// Every app with APIs, in the app list's order, with its description; `admin` is not one.
#[test]
fn app_descriptions_in_order() {
    let (_world, mut ep) = episode();
    let listed = call(&mut ep, APP, "show_app_descriptions", json!({}));
    let expected: Vec<Value> = crate::APPS
        .iter()
        .filter_map(|a| a.spec())
        .map(|s| json!({"name": s.name, "description": s.description}))
        .collect();
    assert_eq!(listed, json!(expected));
    assert_eq!(listed[0]["name"], "api_docs");
    let names: Vec<&str> = expected.iter().filter_map(|a| a["name"].as_str()).collect();
    assert!(!names.contains(&"admin"));
}

/// show_api_doc: path, method, parameters and response schemas of complete_task, the same
/// however the names are cased and padded; it is in the API list of its app and found by a
/// search for its words.
#[test]
fn api_doc_of_complete_task() {
    let (_world, mut ep) = episode();
    let doc = call(
        &mut ep,
        APP,
        "show_api_doc",
        json!({"app_name": "supervisor", "api_name": "complete_task"}),
    );
    assert_eq!(doc["app_name"], "supervisor");
    assert_eq!(doc["api_name"], "complete_task");
    assert_eq!(doc["path"], "/supervisor/message");
    assert_eq!(doc["method"], "POST");
    let params: Vec<&str> = doc["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(params, ["answer", "status"]);
    assert_eq!(
        doc["response_schemas"],
        json!({"success": {"message": "string"}, "failure": {"message": "string"}})
    );
    let loose = call(
        &mut ep,
        APP,
        "show_api_doc",
        json!({"app_name": " Supervisor ", "api_name": "COMPLETE_TASK"}),
    );
    assert_eq!(loose, doc);
    let listed = call(
        &mut ep,
        APP,
        "show_api_descriptions",
        json!({"app_name": "supervisor"}),
    );
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["name"] == "complete_task")
    );
    let found = call(
        &mut ep,
        APP,
        "search_api_docs",
        json!({"query": "complete task", "page_limit": 20}),
    );
    assert!(found.as_array().unwrap().contains(&doc));
}

/// Unknown app or API names are 422s that say what exists or what to check.
#[test]
fn unknown_names() {
    let (_world, mut ep) = episode();
    assert_eq!(
        fail(
            &mut ep,
            APP,
            "show_api_doc",
            json!({"app_name": "supervisor", "api_name": "no_such_api"})
        ),
        (
            422,
            json!(
                "No APIs with name no_such_api found for the supervisor app. Check the api and app name again."
            )
        )
    );
    let (status, message) = fail(
        &mut ep,
        APP,
        "show_api_descriptions",
        json!({"app_name": "no_such_app"}),
    );
    assert_eq!(status, 422);
    assert!(
        message
            .as_str()
            .unwrap()
            .starts_with("No APIs found for the app name no_such_app. Following apps have APIs: ['api_docs', 'supervisor', ")
    );
}
