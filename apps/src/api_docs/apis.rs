//! Handlers of the api_docs app and the one function that renders an API's documentation.

use super::APP;
use serde_json::{Value, json};
use sim::api::listing::{paginate, rank_by_query};
use sim::api::params::Location;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

pub(super) fn all() -> Vec<ApiSpec> {
    let doc_example = json!({"app_name": "string", "api_name": "string", "path": "string", "method": "string", "description": "string",
        "parameters": [{"name": "string", "type": "string", "required": true, "description": "string", "default": null, "constraints": ["string"]}],
        "response_schemas": {"success": [{}], "failure": [{}]}});
    vec![
        Api::get(APP, "show_app_descriptions", "/api_docs/app_descriptions")
            .doc("List every app with a short description.")
            .returns(json!([{"name": "string", "description": "string"}]))
            .handler(show_app_descriptions),
        Api::get(APP, "show_api_descriptions", "/api_docs/api_descriptions")
            .doc("List the APIs of one app with a short description of each.")
            .param(P::str("app_name").doc("The app whose APIs to list."))
            .returns(json!([{"name": "string", "description": "string"}]))
            .handler(show_api_descriptions),
        Api::get(APP, "show_api_doc", "/api_docs/api_doc")
            .doc("Show the full documentation of one API: path, method, parameters with types, defaults and constraints, and response schemas.")
            .param(P::str("app_name").doc("The app the API belongs to."))
            .param(P::str("api_name").doc("The API's name."))
            .returns(doc_example.clone())
            .handler(show_api_doc),
        Api::get(APP, "search_api_docs", "/api_docs/api_docs")
            .doc("Search the documentation of all APIs by text; returns full docs of the best matches.")
            .param(P::str("query").default(json!("")).doc("Words to search for in app names, API names and descriptions."))
            .param(P::int("page_index").default(json!(0)).ge(0.0).doc("The index of the page to return, starting at 0."))
            .param(P::int("page_limit").default(json!(5)).ge(1.0).le(20.0).doc("The maximum number of results per page."))
            .returns(json!([doc_example]))
            .handler(search_api_docs),
    ]
}

/// Orders parameters as AppWorld's docs do: required first, then optional; within each group
/// ordinary parameters, then page_index, page_limit, sort_by, access_token.
fn doc_rank(name: &str) -> u8 {
    match name {
        "page_index" => 1,
        "page_limit" => 2,
        "sort_by" => 3,
        "access_token" => 4,
        _ => 0,
    }
}

/// The documentation object of one API (`response_schemas` omitted when `show_schemas` is off).
pub fn doc_json(spec: &ApiSpec, show_schemas: bool) -> Value {
    let mut params: Vec<&sim::api::params::ParamSpec> = spec.params.iter().collect();
    params.sort_by_key(|p| (!p.required, doc_rank(p.name)));
    let params: Vec<Value> = params
        .iter()
        .map(|p| {
            let mut description = p.description.to_string();
            if let Some(s) = &p.sort_fields {
                description.push_str(&format!(" Fields: {}.", s.documented.join(", ")));
            }
            let ty = if p.location == Location::Header {
                "string"
            } else {
                p.ty.as_str()
            };
            json!({"name": p.name, "type": ty, "required": p.required, "description": description,
                   "default": p.default, "constraints": p.constraints.doc_strings()})
        })
        .collect();
    let mut doc = json!({"app_name": spec.app, "api_name": spec.name, "path": spec.path, "method": spec.method.as_str(),
                         "description": spec.description, "parameters": params});
    if show_schemas {
        doc["response_schemas"] =
            json!({"success": spec.success, "failure": {"message": "string"}});
    }
    doc
}

fn show_app_descriptions(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(Value::Array(
        ctx.registry
            .apps()
            .iter()
            .map(|a| json!({"name": a.name, "description": a.description}))
            .collect(),
    ))
}

/// App and API names match ignoring case and surrounding whitespace, as in AppWorld.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

fn show_api_descriptions(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let app = a.str("app_name");
    let apis: Vec<Value> = ctx
        .registry
        .apis()
        .iter()
        .filter(|s| same_name(s.app, app))
        .map(|s| json!({"name": s.name, "description": s.description}))
        .collect();
    if apis.is_empty() {
        let names: Vec<String> = ctx
            .registry
            .apps()
            .iter()
            .map(|a| format!("'{}'", a.name))
            .collect();
        return Err(ApiError::unprocessable(format!(
            "No APIs found for the app name {app}. Following apps have APIs: [{}].",
            names.join(", ")
        )));
    }
    Ok(Value::Array(apis))
}

fn show_api_doc(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (app, api) = (a.str("app_name"), a.str("api_name"));
    ctx.registry
        .apis()
        .iter()
        .find(|s| same_name(s.app, app) && same_name(s.name, api))
        .map(|s| doc_json(s, ctx.show_response_schemas))
        .ok_or_else(|| {
            ApiError::unprocessable(format!(
                "No APIs with name {api} found for the {app} app. Check the api and app name again."
            ))
        })
}

fn search_api_docs(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rows: Vec<(i64, String, String)> = ctx
        .db
        .prepare_cached("SELECT id, app_name_, api_name FROM api_docs.api_docs ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    let ranked = rank_by_query(ctx.db, "api_docs", "api_docs_fts", a.str("query"), &ids)?;
    let by_id: std::collections::HashMap<i64, (String, String)> =
        rows.into_iter().map(|(i, ap, n)| (i, (ap, n))).collect();
    let docs: Vec<Value> = paginate(ranked, a.int("page_index"), a.int("page_limit"))
        .into_iter()
        .filter_map(|id| by_id.get(&id))
        .filter_map(|(ap, n)| {
            ctx.registry
                .api(ap, n)
                .map(|s| doc_json(s, ctx.show_response_schemas))
        })
        .collect();
    Ok(Value::Array(docs))
}
