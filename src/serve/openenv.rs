//! OpenEnv sessions: the WebSocket `/ws` that OpenEnv's Python client speaks (messages
//! `reset`, `step`, `state`, `close`; answers `observation`, `state`, `error`), and the HTTP
//! routes `/reset`, `/step`, `/state`, `/schema`, `/metadata`, `/health`.
//!
//! An action is one code cell (`{"code": ...}`); its observation is the cell's output. The
//! episode ends when the agent calls `supervisor.complete_task` (or runs out of cells); the
//! step that ends it carries the reward, the task's evaluation (the share of checks passed).
//! Each WebSocket connection is a session of its own; over HTTP, `/reset` answers an
//! `episode_id` that later `/step` and `/state` requests name.

use super::{Body, Claim, ServeError, Server, bad_request};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

type Shared = State<Arc<Server>>;

/// What a step answers: OpenEnv's observation envelope.
fn envelope(observation: Value, reward: Option<f64>, done: bool) -> Value {
    json!({"observation": observation, "reward": reward, "done": done})
}

/// A fresh session id for a client that named none: unguessable (128 random bits from the
/// standard library's randomly keyed hasher), since over HTTP the id is what lets a client in.
pub(super) fn new_episode_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let draw = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(n);
        h.finish()
    };
    format!("episode-{:016x}{:016x}", draw(), draw())
}

/// The string argument `name` of a reset, if given.
fn opt_str(args: &Value, name: &str) -> Result<Option<String>, ServeError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(bad_request(format!("'{name}' must be a string"))),
    }
}

/// Starts the task `args.task_id` as session `args.episode_id` (or a new id); answers the id
/// and the reset observation (the instruction is its output).
async fn reset(s: &Server, args: &Value) -> Result<(String, Value), ServeError> {
    let task_id = opt_str(args, "task_id")?
        .ok_or_else(|| bad_request("reset needs a 'task_id' (GET /tasks lists them)"))?;
    let id = opt_str(args, "episode_id")?.unwrap_or_else(new_episode_id);
    // An id the client gives is its own: refused (409) while a session with it is live.
    s.start(&id, &task_id, Claim::Owned).await?;
    let mut info = s.task_info(&task_id)?;
    info["output"] = info["instruction"].clone();
    info["episode_id"] = json!(id);
    Ok((id, envelope(info, None, false)))
}

/// The code of a step's action (`{"code": str}`, optionally with `metadata`).
fn action_code(action: &Value) -> Result<String, ServeError> {
    let obj = action
        .as_object()
        .ok_or_else(|| bad_request("the action must be an object {\"code\": str}"))?;
    if let Some(extra) = obj.keys().find(|k| *k != "code" && *k != "metadata") {
        return Err(bad_request(format!(
            "the action has an unknown field '{extra}' (it takes 'code')"
        )));
    }
    obj.get("code")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| bad_request("the action needs a string field 'code'"))
}

/// Runs one cell in session `id`; when the episode ends with it, evaluates the task. A session
/// that reaches the server's `--max-steps` without completing its task ends truncated
/// (`"truncated": true` in the observation) and is closed.
async fn step(s: &Server, id: &str, code: String) -> Result<Value, ServeError> {
    let max_steps = s.config().max_steps;
    let (answer, truncated) = s
        .call(id, move |l| -> Result<(Value, bool), String> {
            let max = l.env.episode().config().max_interactions;
            if l.env.completed() || l.env.episode().cells_executed() >= max {
                return Err("the episode is over: reset to start another".into());
            }
            let output = l.env.execute(&code);
            let cells = l.env.episode().cells_executed();
            let truncated = !l.env.completed() && max_steps.is_some_and(|m| cells >= m);
            let done = l.env.completed() || cells >= max || truncated;
            if !done {
                return Ok((envelope(json!({"output": output}), None, false), false));
            }
            let report = l.env.evaluate().map_err(|e| e.to_string())?;
            let passed = report.checks.iter().filter(|c| c.passed).count();
            let observation = json!({"output": output, "success": report.success,
                   "tests_passed": passed, "num_tests": report.checks.len(),
                   "truncated": truncated});
            Ok((envelope(observation, Some(report.reward), true), truncated))
        })
        .await?
        .map_err(bad_request)?;
    if truncated {
        s.close(id);
    }
    Ok(answer)
}

/// OpenEnv's `State` of session `id`.
async fn state(s: &Server, id: &str) -> Result<Value, ServeError> {
    let task_id = s.task_of(id);
    s.call(id, move |l| {
        let max = l.env.episode().config().max_interactions;
        let cells = l.env.episode().cells_executed();
        json!({"step_count": cells, "task_id": task_id,
               "done": l.env.completed() || cells >= max})
    })
    .await
    .map(|mut v| {
        v["episode_id"] = json!(id);
        v
    })
}

/// One WebSocket message's answer (`None` for `close`, which ends the connection).
async fn answer(s: &Server, session: &mut Option<String>, text: &str) -> Option<Value> {
    let error = |code: &str, message: String| json!({"type": "error", "data": {"message": message, "code": code}});
    let msg: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Some(error("INVALID_JSON", format!("Invalid JSON: {e}"))),
    };
    let kind = msg.get("type").and_then(Value::as_str).unwrap_or("");
    let data = msg.get("data").cloned().unwrap_or(json!({}));
    let no_session = || error("EXECUTION_ERROR", "no episode yet: send reset first".into());
    let failed = |e: ServeError| {
        let code = if e.0 == axum::http::StatusCode::SERVICE_UNAVAILABLE {
            "CAPACITY_REACHED"
        } else {
            "EXECUTION_ERROR"
        };
        error(code, e.1)
    };
    Some(match kind {
        "reset" => {
            if let Some(old) = session.take() {
                s.close(&old);
            }
            match reset(s, &data).await {
                Ok((id, obs)) => {
                    *session = Some(id);
                    json!({"type": "observation", "data": obs})
                }
                Err(e) => failed(e),
            }
        }
        "step" => match (session.as_deref(), action_code(&data)) {
            (_, Err(e)) => error("VALIDATION_ERROR", e.1),
            (None, _) => no_session(),
            (Some(id), Ok(code)) => match step(s, id, code).await {
                Ok(obs) => {
                    if obs["observation"]["truncated"] == json!(true) {
                        *session = None; // closed by the step
                    }
                    json!({"type": "observation", "data": obs})
                }
                Err(e) => failed(e),
            },
        },
        "state" => match session.as_deref() {
            None => json!({"type": "state", "data": {"episode_id": null, "step_count": 0}}),
            Some(id) => match state(s, id).await {
                Ok(st) => json!({"type": "state", "data": st}),
                Err(e) => failed(e),
            },
        },
        "close" => return None,
        other => error("UNKNOWN_TYPE", format!("Unknown message type: {other}")),
    })
}

/// Messages a connection holds while a request runs; past them the socket is not read until
/// one has been answered (backpressure: the client's sends wait).
const MAX_QUEUED: usize = 16;

/// Serves one WebSocket connection: one session, requests answered in order. While a request
/// runs the socket is still read, so the client's keep-alive pings are answered; messages that
/// arrive meanwhile wait their turn, at most [`MAX_QUEUED`] of them. The session closes with
/// the connection.
async fn connection(s: Arc<Server>, mut socket: WebSocket) {
    let mut session: Option<String> = None;
    let mut queued: VecDeque<String> = VecDeque::new();
    let mut open = true;
    while open {
        let text = match queued.pop_front() {
            Some(t) => t,
            None => match socket.recv().await {
                Some(Ok(Message::Text(t))) => t.to_string(),
                Some(Ok(Message::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => continue,
            },
        };
        let reply = {
            let work = answer(&s, &mut session, &text);
            tokio::pin!(work);
            loop {
                tokio::select! {
                    reply = &mut work => break reply,
                    incoming = socket.recv(), if open && queued.len() < MAX_QUEUED => match incoming {
                        Some(Ok(Message::Text(t))) => queued.push_back(t.to_string()),
                        Some(Ok(Message::Binary(b))) => {
                            queued.push_back(String::from_utf8_lossy(&b).into_owned())
                        }
                        Some(Ok(_)) => {}
                        // The client went away mid-request: the request still finishes on its
                        // worker (the session stays consistent), then the session closes.
                        _ => open = false,
                    },
                }
            }
        };
        let Some(reply) = reply else { break };
        if open && socket.send(Message::text(reply.to_string())).await.is_err() {
            break;
        }
    }
    if let Some(id) = session {
        s.close(&id);
    }
}

async fn ws(State(s): Shared, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(s.cfg.max_body)
        .on_upgrade(move |socket| connection(s, socket))
}

async fn http_reset(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let args = if body.is_null() { json!({}) } else { body };
    Ok(Json(reset(&s, &args).await?.1))
}

/// The `episode_id` a request names.
fn episode_of(v: &Value) -> Result<String, ServeError> {
    opt_str(v, "episode_id")?
        .ok_or_else(|| bad_request("the request needs an 'episode_id' (the one /reset answered)"))
}

async fn http_step(State(s): Shared, Body(body): Body) -> Result<Json<Value>, ServeError> {
    let id = episode_of(&body)?;
    let action = body
        .get("action")
        .ok_or_else(|| bad_request("the request needs an 'action' {\"code\": str}"))?;
    let code = action_code(action)?;
    Ok(Json(step(&s, &id, code).await?))
}

async fn http_state(
    State(s): Shared,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Result<Json<Value>, ServeError> {
    let id = episode_of(&json!(q))?;
    Ok(Json(state(&s, &id).await?))
}

async fn schema() -> Json<Value> {
    Json(json!({
        "action": {
            "title": "CodeAction", "type": "object",
            "description": "One Python code cell to run in the task's environment.",
            "properties": {
                "code": {"title": "Code", "type": "string"},
                "metadata": {"title": "Metadata", "type": "object"}
            },
            "required": ["code"], "additionalProperties": false
        },
        "observation": {
            "title": "CellObservation", "type": "object",
            "properties": {
                "output": {"title": "Output", "type": "string",
                           "description": "What the cell printed, or its traceback; the instruction after a reset."},
                "done": {"title": "Done", "type": "boolean", "default": false},
                "reward": {"title": "Reward", "anyOf": [{"type": "number"}, {"type": "null"}], "default": null},
                "success": {"title": "Success", "type": "boolean"},
                "tests_passed": {"title": "Tests Passed", "type": "integer"},
                "num_tests": {"title": "Num Tests", "type": "integer"}
            },
            "required": ["output"]
        },
        "state": {
            "title": "State", "type": "object",
            "properties": {
                "episode_id": {"title": "Episode Id", "anyOf": [{"type": "string"}, {"type": "null"}]},
                "step_count": {"title": "Step Count", "type": "integer", "minimum": 0},
                "task_id": {"title": "Task Id", "type": "string"},
                "done": {"title": "Done", "type": "boolean"}
            },
            "additionalProperties": true
        }
    }))
}

async fn metadata() -> Json<Value> {
    Json(json!({
        "name": "appsim",
        "description": "AppWorld's nine apps as a native environment: each action is a Python code cell \
                        that calls the apps' APIs; the reward is the task's evaluation.",
        "readme_content": null,
        "version": env!("CARGO_PKG_VERSION"),
        "author": null,
        "documentation_url": null,
    }))
}

async fn health(State(s): Shared) -> Json<Value> {
    Json(json!({"status": "healthy", "sessions": s.live()}))
}

/// OpenEnv's routes.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/ws", get(ws))
        .route("/reset", post(http_reset))
        .route("/step", post(http_step))
        .route("/state", get(http_state))
        .route("/schema", get(schema))
        .route("/metadata", get(metadata))
        .route("/health", get(health))
}
