//! MCP's stateless revision (2026-07-28) at `/mcp`: no `initialize` handshake and no
//! `Mcp-Session-Id`; each POST is one JSON-RPC request whose `params._meta` carries the
//! protocol version and client capabilities. `server/discover` advertises the server; an
//! episode is an explicit handle in tool arguments: `open_episode` starts a task and answers
//! its handle (a session id, unguessable), every `app__api` tool takes it as `episode`, and
//! `close_episode` ends it. Results are those of the session-bound endpoint (`mcp.rs`), with
//! the revision's `resultType` and cache fields.

use super::mcp::{call_api, check_message, rpc_error};
use super::{Claim, Server};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The protocol revision this endpoint speaks.
pub const VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// JSON-RPC error codes of the revision.
const INVALID_PARAMS: i64 = -32602;
const METHOD_NOT_FOUND: i64 = -32601;
const HEADER_MISMATCH: i64 = -32020;
const UNSUPPORTED_VERSION: i64 = -32022;

/// The tool list of this endpoint: `open_episode`, `close_episode`, then every API's tool of
/// the session-bound endpoint (`tools`) with the `episode` handle added to its arguments.
pub(super) fn tool_list(tools: &[rmcp::model::Tool]) -> Value {
    let handle = json!({"type": "string",
        "description": "The episode handle open_episode answered."});
    let mut list = vec![
        json!({"name": "open_episode",
            "description": "Start a task and answer its episode handle (pass it as `episode` to every other tool), with the task's instruction, supervisor and clock.",
            "inputSchema": {"type": "object", "properties": {
                "task_id": {"type": "string", "description": "The task to start (GET /tasks lists them)."}},
                "required": ["task_id"]}}),
        json!({"name": "close_episode", "description": "End an episode and free it.",
            "inputSchema": {"type": "object", "properties": {"episode": handle},
                "required": ["episode"]}}),
    ];
    for t in tools {
        let mut t = serde_json::to_value(t).unwrap_or_default();
        if let Some(schema) = t.get_mut("inputSchema") {
            schema["properties"]["episode"] = handle.clone();
            if let Some(req) = schema["required"].as_array_mut() {
                req.insert(0, json!("episode"));
            }
        }
        list.push(t);
    }
    json!(list)
}

/// A tool's result as text and structured content.
fn tool_result(value: Value, is_error: bool) -> Value {
    let text = match &value {
        Value::String(t) => t.clone(),
        v => serde_json::to_string_pretty(v).unwrap_or_default(),
    };
    let mut out = json!({"content": [{"type": "text", "text": text}], "isError": is_error,
                         "resultType": "complete"});
    if !value.is_string() {
        out["structuredContent"] = value;
    }
    out
}

/// The string argument `name` of a tool call, or the error result to answer.
fn arg(args: &Map<String, Value>, name: &str) -> Result<String, Value> {
    match args.get(name) {
        Some(Value::String(v)) => Ok(v.clone()),
        _ => Err(tool_result(
            Value::String(format!("the tool needs a string argument '{name}'")),
            true,
        )),
    }
}

/// Runs one `tools/call`.
async fn call_tool(s: &Server, params: &Value) -> Result<Value, (i64, String)> {
    let name = params["name"].as_str().unwrap_or_default();
    let mut args = params["arguments"].as_object().cloned().unwrap_or_default();
    match name {
        "open_episode" => {
            let task_id = match arg(&args, "task_id") {
                Ok(t) => t,
                Err(result) => return Ok(result),
            };
            let id = super::openenv::new_episode_id();
            if let Err(e) = s.start(&id, &task_id, Claim::Owned).await {
                return Ok(tool_result(Value::String(e.1), true));
            }
            let mut info = s.task_info(&task_id).map_err(|e| (INVALID_PARAMS, e.1))?;
            info["episode"] = json!(id);
            Ok(tool_result(info, false))
        }
        "close_episode" => {
            let id = match arg(&args, "episode") {
                Ok(t) => t,
                Err(result) => return Ok(result),
            };
            let closed = s.close(&id);
            Ok(tool_result(json!({"closed": closed}), false))
        }
        _ => {
            let Some((app, api)) = name
                .split_once("__")
                .filter(|_| s.mcp_tools.get(name).is_some())
            else {
                let why = format!("Unknown tool: {name} (tools/list gives the tool names)");
                return Ok(tool_result(Value::String(why), true));
            };
            let id = match arg(&args, "episode") {
                Ok(t) => t,
                Err(result) => return Ok(result),
            };
            args.remove("episode");
            Ok(
                match call_api(s, &id, app, api, Value::Object(args)).await {
                    Ok(response) => tool_result(response, false),
                    Err(e) => tool_result(Value::String(e.1), true),
                },
            )
        }
    }
}

/// Checks the per-request envelope and the routing headers, as the revision orders them.
fn check_envelope(msg: &Value, headers: &HeaderMap) -> Result<(), (i64, String, Value)> {
    let meta = msg.pointer("/params/_meta").and_then(Value::as_object);
    let Some(meta) =
        meta.filter(|m| m.contains_key(VERSION_KEY) && m.contains_key(CAPABILITIES_KEY))
    else {
        let why = format!("params._meta must carry '{VERSION_KEY}' and '{CAPABILITIES_KEY}'");
        return Err((INVALID_PARAMS, why, Value::Null));
    };
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let version = &meta[VERSION_KEY];
    if header("mcp-protocol-version").map(Value::from).as_ref() != Some(version) {
        let why = "the MCP-Protocol-Version header does not match params._meta's protocol version";
        return Err((HEADER_MISMATCH, why.into(), Value::Null));
    }
    if header("mcp-method") != msg["method"].as_str() {
        let why = "the Mcp-Method header does not match the request's method";
        return Err((HEADER_MISMATCH, why.into(), Value::Null));
    }
    if msg["method"] == "tools/call"
        && header("mcp-name") != msg.pointer("/params/name").and_then(Value::as_str)
    {
        let why = "the Mcp-Name header does not match the tool's name";
        return Err((HEADER_MISMATCH, why.into(), Value::Null));
    }
    if version != VERSION {
        let why = format!(
            "protocol version {version} is not supported here (this endpoint speaks {VERSION}; /mcp/<session> speaks 2025-11-25)"
        );
        return Err((
            UNSUPPORTED_VERSION,
            why,
            json!({"supported": [VERSION], "requested": version}),
        ));
    }
    Ok(())
}

/// `/mcp`: one stateless request.
async fn endpoint(State(s): State<Arc<Server>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(answer) = check_message(&body) {
        return answer;
    }
    let msg: Value = serde_json::from_slice(&body).unwrap_or_default();
    if msg.is_array() {
        let why = "batches are not part of this protocol revision: send one request per POST";
        return rpc_error(StatusCode::BAD_REQUEST, Value::Null, -32600, why.into());
    }
    let Some(id) = msg.get("id").cloned() else {
        return StatusCode::ACCEPTED.into_response(); // a notification: nothing to answer
    };
    if let Err((code, why, data)) = check_envelope(&msg, &headers) {
        let mut answer =
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": why}});
        if !data.is_null() {
            answer["error"]["data"] = data;
        }
        return (StatusCode::BAD_REQUEST, Json(answer)).into_response();
    }
    let result = match msg["method"].as_str().unwrap_or_default() {
        "server/discover" => Ok(json!({
            "supportedVersions": [VERSION],
            "capabilities": {"tools": {"listChanged": false}},
            "instructions": "Open an episode with open_episode (a task id), then call the apps' APIs (tools named app__api) with its handle as `episode`; results are {\"response\": ...}.",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "appsim", "version": env!("CARGO_PKG_VERSION")}},
            "ttlMs": 0, "cacheScope": "public", "resultType": "complete",
        })),
        "tools/list" => Ok(
            json!({"tools": s.mcp_tools.stateless(), "ttlMs": 0, "cacheScope": "public",
                                  "resultType": "complete"}),
        ),
        "tools/call" => call_tool(&s, &msg["params"]).await,
        other => Err((METHOD_NOT_FOUND, format!("Method not found: {other}"))),
    };
    Json(match result {
        Ok(r) => json!({"jsonrpc": "2.0", "id": id, "result": r}),
        Err((code, why)) => {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": why}})
        }
    })
    .into_response()
}

/// The stateless MCP route.
pub fn routes() -> Router<Arc<Server>> {
    Router::new().route("/mcp", post(endpoint))
}
