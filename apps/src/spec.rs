//! The vendored AppWorld interface (`apps/spec/apis.json`, `apps/spec/models.json`): the
//! contract conformance tests check the registry against, and the source of table layouts.

use serde_json::Value;
use std::sync::OnceLock;

/// The vendored `apis.json` text.
pub const APIS_JSON: &str = include_str!("../spec/apis.json");
/// The vendored `models.json` text.
pub const MODELS_JSON: &str = include_str!("../spec/models.json");

/// `apis.json`, parsed once.
pub fn apis() -> &'static Value {
    static V: OnceLock<Value> = OnceLock::new();
    V.get_or_init(|| serde_json::from_str(APIS_JSON).expect("vendored apis.json is valid JSON"))
}

/// `models.json`, parsed once.
pub fn models() -> &'static Value {
    static V: OnceLock<Value> = OnceLock::new();
    V.get_or_init(|| serde_json::from_str(MODELS_JSON).expect("vendored models.json is valid JSON"))
}

/// The registry in apis.json's shape (app, api, method, path, parameters), so the two diff
/// directly. Descriptions are this project's own.
pub fn registry_as_spec(registry: &sim::api::Registry, app: Option<&str>) -> Value {
    let mut out = Vec::new();
    for a in registry
        .apis()
        .iter()
        .filter(|a| app.is_none_or(|x| x == a.app))
    {
        let index = registry
            .app_apis(a.app)
            .position(|x| x.name == a.name)
            .unwrap_or(0);
        let params: Vec<Value> = a
            .params
            .iter()
            .map(|p| {
                let mut v = serde_json::json!({"name": p.name, "type": p.ty.as_str(), "required": p.required, "in": p.location.as_str()});
                if !p.required {
                    v["default"] = p.default.clone();
                }
                v["constraints"] = p.constraints.to_json();
                v["doc_constraints"] = serde_json::json!(p.constraints.doc_strings());
                if p.nullable {
                    v["nullable"] = Value::Bool(true);
                }
                v
            })
            .collect();
        out.push(serde_json::json!({"app": a.app, "api": a.name, "method": a.method.as_str(), "path": a.path, "docs_index": index,
            "auth": a.auth != sim::api::Auth::None, "parameters": params, "summary": a.description}));
    }
    Value::Array(out)
}
