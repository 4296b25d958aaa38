//! MCP tools over streamable HTTP (`rmcp`): at `/mcp/{session}`, every API of every app
//! (AppWorld's set: all but `admin` and `api_docs`) is a tool named `app__api`, with a JSON
//! schema built from its parameters, that acts on that live session's world. As AppWorld's own
//! MCP server answers, a call's result is `{"response": <the API's JSON>}` (as structured
//! content and as indented JSON text), for API failures too; only an unknown tool or session
//! is an error result. The server is stateless: each POST stands alone, bound by its path.

use super::Server;
use axum::Router;
use axum::extract::{Path, Request, State};
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

/// The tool list, built once from the registry.
pub struct Tools {
    list: Arc<Vec<Tool>>,
    index: HashMap<String, usize>,
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
        Tools {
            list: Arc::new(list),
            index,
        }
    }

    /// The tools, in order.
    pub fn list(&self) -> &[Tool] {
        &self.list
    }

    fn get(&self, name: &str) -> Option<&Tool> {
        self.index.get(name).map(|&i| &self.list[i])
    }
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
        let (app, api) = (app.to_string(), api.to_string());
        let args = Value::Object(request.arguments.unwrap_or_default());
        let called = self
            .server
            .call(&self.session, move |l| {
                l.env.episode_mut().call(&app, &api, args)
            })
            .await;
        let response = match called {
            Err(e) => return Ok(text_error(e.1)),
            Ok(Ok(v)) => json!({"response": v}),
            Ok(Err(api_error)) => json!({"response": api_error.body}),
        };
        let text = serde_json::to_string_pretty(&response).unwrap_or_default();
        let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
        result.structured_content = Some(response);
        Ok(result.into())
    }
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
