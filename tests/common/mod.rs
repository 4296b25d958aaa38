//! Shared test fixtures: one default world per test binary.

#![allow(dead_code)]

use serde_json::{Value, json};
use sim::api::Registry;
use sim::{Episode, EpisodeConfig, World};
use std::sync::{Arc, OnceLock};

/// Every test binary that shares these fixtures runs cells as `appsim` does: with the
/// allocator RustPython's memory budget counts through.
#[global_allocator]
static ALLOC: sim::CountingAlloc = sim::CountingAlloc;

/// Writes a test's summary line where `cargo test` shows it even for a passing test: straight
/// to the process's stderr, which the test harness does not capture (it captures `print!` and
/// `eprint!` only). CI reads the fidelity shares from the README's test command this way.
pub fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// A count a long run sets through the environment (`APPSIM_FUZZ_CALLS=1000000`), else `default`.
pub fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

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

/// A fresh episode on the default world whose cells run on `kind` (for CPython, fetches the
/// interpreter with `scripts/fetch-cpython.sh` first if it is missing).
pub fn episode_on(kind: sim::PythonKind, cfg: EpisodeConfig) -> Episode {
    if kind == sim::PythonKind::CPython {
        ensure_cpython();
    }
    let (w, r) = env();
    Episode::new(
        w,
        r.clone(),
        EpisodeConfig {
            python: kind,
            ..cfg
        },
    )
    .expect("episode opens")
}

/// Makes sure the CPython-for-WASI module is on disk (runs `scripts/fetch-cpython.sh`).
pub fn ensure_cpython() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        if sim::python::cpython::is_fetched() {
            return;
        }
        let status = std::process::Command::new("bash")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/scripts/fetch-cpython.sh"
            ))
            .status()
            .expect("runs scripts/fetch-cpython.sh");
        assert!(status.success(), "scripts/fetch-cpython.sh failed");
    });
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
