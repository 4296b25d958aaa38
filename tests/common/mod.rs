//! Shared test fixtures: one default world per test binary.

#![allow(dead_code)]

use serde_json::{Value, json};
use sim::api::Registry;
use sim::{Episode, EpisodeConfig, World};
use std::sync::{Arc, OnceLock};

/// The default world and registry, built once per test binary.
pub fn env() -> &'static (World, Arc<Registry>) {
    static ENV: OnceLock<(World, Arc<Registry>)> = OnceLock::new();
    ENV.get_or_init(|| appsim::default_env().expect("default world builds"))
}

/// A fresh episode on the default world.
pub fn episode() -> Episode {
    let (w, r) = env();
    Episode::new(w, r.clone(), EpisodeConfig::default()).expect("episode opens")
}

/// Calls an API and panics with the error if it fails.
pub fn ok(ep: &mut Episode, app: &str, api: &str, args: Value) -> Value {
    ep.call(app, api, args)
        .unwrap_or_else(|e| panic!("{app}.{api} failed: {e}"))
}

/// Calls an API that must fail; returns (status, message).
pub fn err(ep: &mut Episode, app: &str, api: &str, args: Value) -> (u16, Value) {
    match ep.call(app, api, args) {
        Ok(v) => panic!("{app}.{api} should fail but returned {v}"),
        Err(e) => (e.status, e.message().clone()),
    }
}

/// The supervisor's SimpleNote token.
pub fn token(ep: &mut Episode) -> String {
    appsim::bench::login(ep).expect("login works")
}

/// The supervisor's e-mail and SimpleNote password.
pub fn credentials(ep: &mut Episode) -> (String, String) {
    let profile = ok(ep, "supervisor", "show_profile", json!({}));
    let pws = ok(ep, "supervisor", "show_account_passwords", json!({}));
    let pw = pws
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["account_name"] == "simple_note")
        .unwrap()["password"]
        .as_str()
        .unwrap()
        .to_string();
    (profile["email"].as_str().unwrap().to_string(), pw)
}
