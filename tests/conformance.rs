//! The registry against the vendored AppWorld interface (apps/spec/apis.json): for every
//! registered app, the same APIs in the same docs order, with the same method, path and
//! parameters (name, type, required, location, default, constraints, nullability) and success
//! example.

use serde_json::Value;

#[test]
fn every_registered_api_matches_the_vendored_spec() {
    let registry = apps::registry();
    let ours = apps::spec::registry_as_spec(&registry, None);
    let spec = apps::spec::apis().as_array().unwrap();
    let mut checked = 0;
    for app in registry.apps() {
        let theirs: Vec<&Value> = spec.iter().filter(|a| a["app"] == app.name).collect();
        let mine: Vec<&Value> = ours
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["app"] == app.name)
            .collect();
        let names = |v: &[&Value]| {
            v.iter()
                .map(|a| a["api"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        };
        let mut want = theirs.clone();
        want.sort_by_key(|a| a["docs_index"].as_i64());
        assert_eq!(
            names(&mine),
            names(&want),
            "{}: API names or docs order differ",
            app.name
        );
        for (m, t) in mine.iter().zip(want.iter()) {
            let id = format!("{}.{}", app.name, m["api"]);
            for key in ["method", "path", "auth", "docs_index"] {
                assert_eq!(m[key], t[key], "{id}: {key}");
            }
            let mp = m["parameters"].as_array().unwrap();
            let tp = t["parameters"].as_array().unwrap();
            assert_eq!(mp.len(), tp.len(), "{id}: parameter count");
            for (a, b) in mp.iter().zip(tp) {
                let pid = format!("{id}({})", b["name"]);
                for key in [
                    "name",
                    "type",
                    "required",
                    "in",
                    "constraints",
                    "doc_constraints",
                ] {
                    assert_eq!(a[key], b[key], "{pid}: {key}");
                }
                if b["required"] == false {
                    assert_eq!(a["default"], b["default"], "{pid}: default");
                }
                assert_eq!(
                    a.get("nullable").cloned().unwrap_or(Value::Bool(false)),
                    b.get("nullable").cloned().unwrap_or(Value::Bool(false)),
                    "{pid}: nullable"
                );
            }
            // The documented success example, number types included (api_docs shows it).
            let api = registry
                .api(app.name, m["api"].as_str().unwrap())
                .expect("registered");
            assert_eq!(
                api.success, t["response"]["success"],
                "{id}: success example"
            );
            checked += 1;
        }
    }
    // All nine apps plus supervisor and api_docs: AppWorld's 457 APIs.
    assert_eq!(checked, 457, "every app is complete");
}
