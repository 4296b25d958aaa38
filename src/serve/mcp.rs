//! MCP tools over streamable HTTP (`rmcp`): at `/mcp/{session}`, every API of every app
//! (AppWorld's set: all but `admin` and `api_docs`) is a tool named `app__api`, with a JSON
//! schema built from its parameters, that acts on that live session's world. As AppWorld's own
//! MCP server answers, a call's result is `{"response": <the API's JSON>}` (as structured
//! content and as indented JSON text), for API failures too; only an unknown tool or session
//! is an error result. The server is stateless: each POST stands alone, bound by its path.

use super::Server;
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Value, json};
use sim::api::params::{ParamSpec, ParamType};
use std::collections::HashMap;
use std::sync::Arc;

/// The tool lists, built once per server from its registry.
pub struct Tools {
    list: Arc<Vec<Tool>>,
    index: HashMap<String, usize>,
    /// The 2026-07-28 endpoint's list (the same tools taking an `episode` handle), as JSON.
    stateless: Value,
}

/// Apps AppWorld's MCP server leaves out.
const HIDDEN_APPS: [&str; 2] = ["admin", "api_docs"];

/// JSON schema of one parameter.
fn param_schema(p: &ParamSpec) -> Value {
    let c = &p.constraints;
    let mut s = match p.ty {
        ParamType::Str => json!({"type": "string"}),
        ParamType::Int => json!({"type": "integer"}),
        ParamType::Float => json!({"type": "number"}),
        ParamType::Bool => json!({"type": "boolean"}),
        ParamType::ListStr => json!({"type": "array", "items": {"type": "string"}}),
        ParamType::ListFloat => json!({"type": "array", "items": {"type": "number"}}),
        ParamType::Answer => {
            json!({"anyOf": [{"type": "number"}, {"type": "integer"}, {"type": "string"}]})
        }
    };
    if c.email {
        s["format"] = json!("email");
    }
    if let Some(e) = &c.items_enum {
        s["items"]["enum"] = json!(e);
    }
    for (key, v) in [("maxLength", c.max_length), ("minLength", c.min_length)] {
        if let Some(v) = v {
            s[key] = json!(v);
        }
    }
    if let Some(e) = &c.enum_values {
        s["enum"] = json!(e);
    }
    let bounds = [
        ("exclusiveMaximum", c.lt),
        ("exclusiveMinimum", c.gt),
        ("maximum", c.le),
        ("minimum", c.ge),
    ];
    for (key, v) in bounds {
        if let Some(v) = v {
            s[key] = if p.ty == ParamType::Int && v.fract() == 0.0 {
                json!(v as i64)
            } else {
                json!(v)
            };
        }
    }
    if !p.description.is_empty() {
        s["description"] = json!(p.description);
    }
    if !p.required {
        s["default"] = p.default.clone();
    }
    s
}

/// The tool of one API.
fn tool(spec: &sim::api::ApiSpec) -> Tool {
    let mut properties = serde_json::Map::new();
    let mut required = Vec::new();
    for p in &spec.params {
        properties.insert(p.name.to_string(), param_schema(p));
        if p.required {
            required.push(p.name);
        }
    }
    let schema = json!({"type": "object", "properties": properties, "required": required});
    let schema: JsonObject = schema.as_object().cloned().unwrap_or_default();
    Tool::new(
        format!("{}__{}", spec.app, spec.name),
        spec.description.trim().to_string(),
        Arc::new(schema),
    )
}

impl Tools {
    /// Every API's tool, supervisor's first, then the apps in the registry's order.
    pub fn new(registry: &sim::api::Registry) -> Tools {
        let mut apps: Vec<&str> = registry
            .apps()
            .iter()
            .map(|a| a.name)
            .filter(|a| !HIDDEN_APPS.contains(a))
            .collect();
        apps.sort_by_key(|a| *a != "supervisor");
        let list: Vec<Tool> = apps
            .iter()
            .flat_map(|app| registry.app_apis(app).map(tool))
            .collect();
        let index = list
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.to_string(), i))
            .collect();
        let stateless = super::mcp_stateless::tool_list(&list);
        Tools {
            list: Arc::new(list),
            index,
            stateless,
        }
    }

    /// The 2026-07-28 endpoint's tool list.
    pub fn stateless(&self) -> &Value {
        &self.stateless
    }

    /// The tools, in order.
    pub fn list(&self) -> &[Tool] {
        &self.list
    }

    pub(super) fn get(&self, name: &str) -> Option<&Tool> {
        self.index.get(name).map(|&i| &self.list[i])
    }
}

/// Runs API `app`.`api` with `args` on session `session`: `{"response": <the API's JSON>}`,
/// for API failures too, as AppWorld's MCP server answers; `Err` when the session is not live.
pub(super) async fn call_api(
    server: &Server,
    session: &str,
    app: &str,
    api: &str,
    args: Value,
) -> Result<Value, super::ServeError> {
    let (app, api) = (app.to_string(), api.to_string());
    let called = server
        .call(session, move |l| l.env.episode_mut().call(&app, &api, args))
        .await?;
    Ok(match called {
        Ok(v) => json!({"response": v}),
        Err(api_error) => json!({"response": api_error.body}),
    })
}

/// One request's MCP handler, bound to the session its path names.
#[derive(Clone)]
struct Handler {
    server: Arc<Server>,
    session: String,
}

fn text_error(msg: String) -> CallToolResponse {
    CallToolResult::error(vec![ContentBlock::text(msg)]).into()
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("appsim", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "Every API of the apps is a tool named app__api; results are {\"response\": ...}.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(
            self.server.mcp_tools.list().to_vec(),
        ))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.server.mcp_tools.get(name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        let Some((app, api)) = name
            .split_once("__")
            .filter(|_| self.server.mcp_tools.get(&name).is_some())
        else {
            return Ok(text_error(format!(
                "Unknown tool: {name} (tools/list gives the app__api names)"
            )));
        };
        let args = Value::Object(request.arguments.unwrap_or_default());
        let response = match call_api(&self.server, &self.session, app, api, args).await {
            Ok(response) => response,
            Err(e) => return Ok(text_error(e.1)),
        };
        let text = serde_json::to_string_pretty(&response).unwrap_or_default();
        let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
        result.structured_content = Some(response);
        Ok(result.into())
    }
}

/// A JSON-RPC error answer (HTTP `status`): `id` is the request's, `null` where it has none.
pub(super) fn rpc_error(status: StatusCode, id: Value, code: i64, message: String) -> Response {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    (status, axum::Json(body)).into_response()
}

/// What JSON-RPC refuses before a message reaches the tools, as JSON-RPC errors with the
/// spec's codes: a body that does not parse (-32700), a message that is not a request or
/// notification (-32600), a `tools/call` whose `arguments` is not an object (-32602). `Some`
/// is the answer to send instead.
pub(super) fn check_message(body: &[u8]) -> Option<Response> {
    let msg: Value = match serde_json::from_slice(body) {
        Ok(m) => m,
        Err(e) => {
            let why = format!("Parse error: {e}");
            return Some(rpc_error(StatusCode::BAD_REQUEST, Value::Null, -32700, why));
        }
    };
    let messages = match &msg {
        Value::Array(list) => list.iter().collect(),
        one => vec![one],
    };
    for m in messages {
        let id = m.get("id").cloned().unwrap_or(Value::Null);
        let is_response = m.get("result").is_some() || m.get("error").is_some();
        let valid = m.get("jsonrpc") == Some(&json!("2.0"))
            && (m.get("method").is_some_and(Value::is_string) || is_response);
        if !valid {
            let why = "Invalid Request: a JSON-RPC 2.0 object with a string 'method'";
            return Some(rpc_error(StatusCode::BAD_REQUEST, id, -32600, why.into()));
        }
        let arguments = m.pointer("/params/arguments");
        if m.get("method") == Some(&json!("tools/call"))
            && arguments.is_some_and(|a| !a.is_object() && !a.is_null())
        {
            let why = "Invalid params: 'arguments' must be an object";
            return Some(rpc_error(StatusCode::OK, id, -32602, why.into()));
        }
    }
    None
}

/// `/mcp/{session}`: one stateless streamable-HTTP exchange with the session's tools.
async fn endpoint(
    State(s): State<Arc<Server>>,
    Path(session): Path<String>,
    req: Request,
) -> Response {
    if s.task_of(&session).is_none() {
        return super::not_live(&session).into_response();
    }
    let (parts, body) = req.into_parts();
    let bytes = match axum::body::to_bytes(body, s.cfg.max_body).await {
        Ok(b) => b,
        Err(_) => {
            let why = format!("the body is over {} bytes", s.cfg.max_body);
            return rpc_error(StatusCode::PAYLOAD_TOO_LARGE, Value::Null, -32600, why);
        }
    };
    if parts.method == axum::http::Method::POST
        && let Some(answer) = check_message(&bytes)
    {
        return answer;
    }
    let req = Request::from_parts(parts, axum::body::Body::from(bytes));
    let server = s.clone();
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .disable_allowed_hosts();
    StreamableHttpService::new(
        move || {
            Ok(Handler {
                server: server.clone(),
                session: session.clone(),
            })
        },
        Arc::new(NeverSessionManager::default()),
        config,
    )
    .handle(req)
    .await
    .into_response()
}

/// MCP's route.
pub fn routes() -> Router<Arc<Server>> {
    Router::new().route("/mcp/{session}", any(endpoint))
}
