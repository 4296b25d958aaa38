//! AppWorld's environment-server protocol: the routes AppWorld's own `remote` client calls
//! (`/initialize`, `/execute`, `/evaluate`, ...), every reply wrapped as `{"output": ...}`.
//! The `task_id` of a request names a session: by default the task's own id, or the
//! `session_id` given at `/initialize` (so K copies of one task can run at once), or the id
//! `/fork` answered.

use super::{Body, Claim, ServeError, Server, bad_request, conflict, internal, not_found};
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use std::sync::Arc;

fn output(v: impl Into<Value>) -> Json<Value> {
    Json(json!({ "output": v.into() }))
}

/// A required string field of a request body.
fn field<'a>(body: &'a Value, name: &str) -> Result<&'a str, ServeError> {
    body.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| bad_request(format!("the request needs a string field '{name}'")))
}

type Shared = State<Arc<Server>>;

async fn initialize(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let task_id = field(&body, "task_id")?.to_string();
    // A `session_id` is the client's own (never replaced while live); without one the session
    // is the task's, and a later `/initialize` of the task replaces it, as in AppWorld.
    let (id, claim) = match body.get("session_id") {
        None | Some(Value::Null) => (task_id.clone(), Claim::AppWorldTask),
        Some(v) => (
            v.as_str()
                .ok_or_else(|| bad_request("'session_id' must be a string"))?
                .to_string(),
            Claim::Owned,
        ),
    };
    let mut episode = s.config().episode.clone();
    match body.get("timeout_seconds") {
        None | Some(Value::Null) => {}
        Some(v) => match v.as_f64() {
            Some(t) if t > 0.0 && t.is_finite() => {
                episode.time_limit = std::time::Duration::from_secs_f64(t)
            }
            _ => return Err(bad_request("'timeout_seconds' must be a positive number")),
        },
    }
    let clock = match body.get("datetime") {
        None | Some(Value::Null) => s.config().clock,
        Some(v) => Some(
            v.as_str()
                .ok_or_else(|| bad_request("'datetime' must be a string"))
                .and_then(|t| {
                    sim::clock::parse_clock(t)
                        .map_err(|why| bad_request(format!("'datetime': {why}")))
                })?,
        ),
    };
    s.start_with(&id, &task_id, episode, clock, claim).await?;
    let mut info = s.task_info(&task_id)?;
    info["session_id"] = json!(id);
    if let Some(now) = clock {
        info["datetime"] = json!(sim::clock::fmt_datetime(now));
    }
    Ok(output(info))
}

/// `/fork`: a copy of a live session in its current state (world, clock, Python variables)
/// under a new id (`new_task_id`, or a generated one), answered as the new id.
async fn fork(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let to = match body.get("new_task_id") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_str()
                .ok_or_else(|| bad_request("'new_task_id' must be a string"))?
                .to_string(),
        ),
    };
    Ok(output(s.fork(&id, to).await?))
}

async fn execute(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let code = field(&body, "code")?.to_string();
    Ok(output(s.call(&id, move |l| l.env.execute(&code)).await?))
}

async fn batch_execute(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let ids = body
        .get("task_ids")
        .and_then(Value::as_array)
        .ok_or_else(|| bad_request("the request needs a list field 'task_ids'"))?;
    let codes = body
        .get("codes")
        .and_then(Value::as_array)
        .ok_or_else(|| bad_request("the request needs a list field 'codes'"))?;
    if ids.len() != codes.len() {
        return Err(bad_request("'task_ids' and 'codes' differ in length"));
    }
    let mut cells = Vec::with_capacity(ids.len());
    for (id, code) in ids.iter().zip(codes) {
        let (Some(id), Some(code)) = (id.as_str(), code.as_str()) else {
            return Err(bad_request("'task_ids' and 'codes' must hold strings"));
        };
        cells.push((id.to_string(), code.to_string()));
    }
    // Every id is checked before any cell runs: an unknown one fails the batch untouched.
    if let Some((id, _)) = cells.iter().find(|(id, _)| s.task_of(id).is_none()) {
        return Err(super::not_live(id));
    }
    // Each session's cells run in the order given, one after another; sessions side by side.
    let mut per_session: Vec<(String, Vec<(usize, String)>)> = Vec::new();
    for (at, (id, code)) in cells.into_iter().enumerate() {
        match per_session.iter_mut().find(|(sid, _)| *sid == id) {
            Some((_, list)) => list.push((at, code)),
            None => per_session.push((id, vec![(at, code)])),
        }
    }
    let waits: Vec<_> = per_session
        .into_iter()
        .map(|(id, list)| {
            let s = s.clone();
            tokio::spawn(async move {
                s.call(&id, move |l| {
                    list.into_iter()
                        .map(|(at, code)| (at, l.env.execute(&code)))
                        .collect::<Vec<_>>()
                })
                .await
            })
        })
        .collect();
    let mut outs = vec![Value::Null; ids.len()];
    for w in waits {
        for (at, out) in w.await.map_err(|e| internal(e.to_string()))?? {
            outs[at] = Value::String(out);
        }
    }
    Ok(output(outs))
}

async fn evaluate(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let (as_report, suppress_errors) = (flag(&body, "report")?, flag(&body, "suppress_errors")?);
    let (tracked, report) = s
        .call(&id, move |l| l.tracker())
        .await?
        .map_err(|e| internal(e.to_string()))?;
    // AppWorld's server raises on a failed test unless told to suppress it.
    if !report.success && !suppress_errors {
        let failed = report.checks.iter().filter(|c| !c.passed).count();
        return Err(internal(format!(
            "task '{id}' fails {failed} of its {} tests (send suppress_errors=true for the results)",
            report.checks.len()
        )));
    }
    Ok(output(if as_report {
        Value::String(tasks::appworld::report_text(&tracked))
    } else {
        tracked
    }))
}

async fn evaluate_all(State(s): Shared) -> Result<Json<Value>, ServeError> {
    let mut all = serde_json::Map::new();
    for id in s.session_ids() {
        // A session closed meanwhile is left out.
        if let Ok(Ok(tracked)) = s.call(&id, move |l| l.tracker()).await {
            all.insert(id, tracked.0);
        }
    }
    Ok(output(Value::Object(all)))
}

async fn task_completed(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    Ok(output(s.call(&id, |l| l.env.completed()).await?))
}

/// An optional boolean field (false when absent or `null`).
fn flag(body: &Value, name: &str) -> Result<bool, ServeError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(bad_request(format!("'{name}' must be a boolean"))),
    }
}

/// The `state_id` of a request (AppWorld's client sends `null` when none is given).
fn state_id(body: &Value) -> Result<String, ServeError> {
    match body.get("state_id") {
        None | Some(Value::Null) => Ok("default".to_string()),
        Some(Value::String(id)) => Ok(id.clone()),
        Some(_) => Err(bad_request("'state_id' must be a string")),
    }
}

async fn save_state(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let state = state_id(&body)?;
    let saved = state.clone();
    let (most, max_bytes) = (s.config().max_saved_states, s.config().max_saved_bytes);
    s.call(&id, move |l| {
        let ep = l.env.episode_mut();
        if !ep.has_saved_state(&saved) && ep.saved_states() >= most {
            return Err(conflict(format!(
                "the session holds {most} saved states, the most it may: save over one of their ids"
            )));
        }
        match ep.save_state_within(&saved, max_bytes) {
            Ok(true) => Ok(()),
            Ok(false) => Err(conflict(format!(
                "the session's saved states would pass {} MB (--max-saved-mb): save over one of their ids",
                max_bytes >> 20
            ))),
            Err(e) => Err(bad_request(e.to_string())),
        }
    })
    .await??;
    Ok(output(state))
}

async fn load_state(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let state = state_id(&body)?;
    s.call(&id, move |l| l.env.episode_mut().load_state(&state))
        .await?
        .map_err(|e| not_found(e.to_string()))?;
    Ok(output(Value::Null))
}

/// `/save_logs` and `/save`: AppWorld writes the task's logs and databases to its experiment
/// folder; appsim keeps no files, so there is nothing to write.
async fn save_logs(Body(body): Body) -> Result<Json<Value>, ServeError> {
    field(&body, "task_id")?;
    Ok(output(Value::Null))
}

async fn close(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?;
    if !s.close(id) {
        return Err(not_found(format!("task '{id}' is not initialized")));
    }
    Ok(output(Value::Null))
}

async fn close_all(State(s): Shared) -> Json<Value> {
    s.close_all();
    output(Value::Null)
}

async fn show_task(State(s): Shared, Path(id): Path<String>) -> Result<Json<Value>, ServeError> {
    Ok(output(s.task_info(&id)?))
}

async fn api_docs(State(s): Shared) -> Json<Value> {
    let mut all = serde_json::Map::new();
    for app in s.registry.apps().iter().filter(|a| a.name != "admin") {
        let docs: serde_json::Map<String, Value> = s
            .registry
            .app_apis(app.name)
            .map(|spec| (spec.name.to_string(), apps::api_docs::doc_json(spec, true)))
            .collect();
        all.insert(app.name.to_string(), Value::Object(docs));
    }
    Json(Value::Object(all))
}

async fn welcome() -> Json<Value> {
    Json(
        json!({"message": "appsim: AppWorld's environment server. POST /initialize with a task_id to start a task; GET /tasks lists them."}),
    )
}

async fn list_tasks(State(s): Shared) -> Json<Value> {
    let ids: Vec<&str> = s.suite.tasks().iter().map(|t| t.id.as_str()).collect();
    output(json!(ids))
}

/// AppWorld's routes (and `/fork`).
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/initialize", post(initialize))
        .route("/fork", post(fork))
        .route("/execute", post(execute))
        .route("/batch_execute", post(batch_execute))
        .route("/evaluate", post(evaluate))
        .route("/task_completed", post(task_completed))
        .route("/save_state", post(save_state))
        .route("/load_state", post(load_state))
        .route("/close", post(close))
        .route("/close_all", post(close_all))
        .route("/save_logs", post(save_logs))
        .route("/save", post(save_logs))
        .route("/evaluate_all", post(evaluate_all))
        .route("/api_docs", get(api_docs))
        .route("/", get(welcome))
        .route("/tasks", get(list_tasks))
        .route("/tasks/{id}", get(show_task))
}
