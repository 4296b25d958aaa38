//! The api_docs app's handlers, and the one function that renders an API's documentation
//! (what `show_api_doc` answers, the docs table holds and the CLI prints).

use serde_json::{Value, json};
use sim::api::listing::listed_page;
use sim::api::params::Location;
use sim::api::{ApiError, ApiSpec, Args, Ctx};

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

pub(super) fn show_app_descriptions(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
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

pub(super) fn show_api_descriptions(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
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

pub(super) fn show_api_doc(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
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

pub(super) fn search_api_docs(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let ids = || -> Result<Vec<i64>, ApiError> {
        Ok(ctx
            .db
            .prepare_cached("SELECT id FROM api_docs.api_docs ORDER BY id")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?)
    };
    let at = (a.int("page_index"), a.int("page_limit"));
    let page = listed_page(ctx, "api_docs", "api_docs_fts", a.str("query"), ids, at)?;
    let mut name = ctx
        .db
        .prepare_cached("SELECT app_name_, api_name FROM api_docs.api_docs WHERE id = ?1")?;
    let mut docs = Vec::new();
    for id in page {
        let (app, api): (String, String) = name.query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        if let Some(spec) = ctx.registry.api(&app, &api) {
            docs.push(doc_json(spec, ctx.show_response_schemas));
        }
    }
    Ok(Value::Array(docs))
}
