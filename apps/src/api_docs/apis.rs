//! The registrations of the api_docs app's APIs, in docs order; handlers are in `docs.rs`.

use super::APP;
use super::docs;
use serde_json::json;
use sim::api::{Api, ApiSpec, P};

pub(super) fn all() -> Vec<ApiSpec> {
    let doc_example = json!({"app_name": "string", "api_name": "string", "path": "string", "method": "string", "description": "string",
        "parameters": [{"name": "string", "type": "string", "required": true, "description": "string", "default": null, "constraints": ["string"]}],
        "response_schemas": {"success": [{}], "failure": [{}]}});
    vec![
        Api::get(APP, "show_app_descriptions", "/api_docs/app_descriptions")
            .doc("List every app with a short description.")
            .returns(json!([{"name": "string", "description": "string"}]))
            .handler(docs::show_app_descriptions),
        Api::get(APP, "show_api_descriptions", "/api_docs/api_descriptions")
            .doc("List the APIs of one app with a short description of each.")
            .param(P::str("app_name").doc("The app whose APIs to list."))
            .returns(json!([{"name": "string", "description": "string"}]))
            .handler(docs::show_api_descriptions),
        Api::get(APP, "show_api_doc", "/api_docs/api_doc")
            .doc("Show the full documentation of one API: path, method, parameters with types, defaults and constraints, and response schemas.")
            .param(P::str("app_name").doc("The app the API belongs to."))
            .param(P::str("api_name").doc("The API's name."))
            .returns(doc_example.clone())
            .handler(docs::show_api_doc),
        Api::get(APP, "search_api_docs", "/api_docs/api_docs")
            .doc("Search the documentation of all APIs by text; returns full docs of the best matches.")
            .param(P::str("query").default(json!("")).doc("Words to search for in app names, API names and descriptions."))
            .param(P::int("page_index").default(json!(0)).ge(0.0).doc("The index of the page to return, starting at 0."))
            .param(P::int("page_limit").default(json!(5)).ge(1.0).le(20.0).doc("The maximum number of results per page."))
            .returns(json!([doc_example]))
            .handler(docs::search_api_docs),
    ]
}
