//! Fidelity: replays what the real AppWorld answered and compares appsim's answers with it.
//!
//! `tests/fidelity/recordings/<app>.jsonl` hold calls and the reference AppWorld's answers,
//! recorded by `scripts/record-fidelity.sh` over the oracle's world (`tests/fidelity/world/`,
//! AppWorld `<app>.db` files). This test loads that world through the AppWorld-DB import,
//! replays every call through the path agent code takes (a cell calling
//! `apis.<app>.<api>(**args)`; a failure is the exception text agent code would catch), and
//! compares status and body after normalisation (see `normalise`). It prints, per app, the
//! identical share and the first differences, and fails when an app is under 99.5 % identical.
//!
//! Two sets replay: the hand-written call sets (`tests/fidelity/`) and a random walk over every
//! API on a second world (`tests/fidelity/walk/`: its own `world/`, `recordings/`,
//! `deliberate.txt`). Lines are excluded from the share only when listed in the set's
//! `deliberate.txt` (an AppWorld defect appsim does not copy; the entry must still differ, or
//! the test fails) or when they call or need (`"needs"`) an app appsim has not registered yet:
//! those are counted as pending and not run, so an app's recording can land before the app.
//! `FIDELITY_SHOW=N` prints N differences per app (default 8); `FIDELITY_APPS=a,b` replays only
//! those apps' recordings.

mod common;

use serde_json::{Value, json};
use sim::{Episode, EpisodeConfig};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The share of compared lines that must be identical.
const MIN_SHARE: f64 = 0.995;

/// What agent code sees for AppWorld's 405 (and any body mentioning "Method Not Allowed").
const METHOD_NOT_ALLOWED: &str = "API not found or some of the passed parameters are invalid.";

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fidelity")
}

/// One outcome as agent code sees it: a status (None when no HTTP answer came, e.g. an
/// unknown app) and the body (the exception message for status None).
#[derive(Debug, Clone, PartialEq)]
struct Outcome {
    status: Option<u64>,
    body: Value,
}

/// What the recording says agent code sees.
fn expected(line: &Value) -> Outcome {
    let status = line["status"].as_u64();
    let body = match status {
        None => {
            let e = line["error"].as_str().unwrap_or_default();
            let e = e.strip_prefix("Exception: ").unwrap_or(e);
            // An unknown app or API name: agent code gets it from `apis` as FastAPI's
            // HTTPException, whose text starts with its status.
            if e.starts_with("No app named '") || e.starts_with("No API named '") {
                json!(format!("HTTPException: 422: {e}"))
            } else {
                json!(e)
            }
        }
        Some(200) => line["body"].clone(),
        Some(_) => {
            // AppWorld's client replaces any failure text that mentions "Method Not Allowed".
            let raw = line["body"].to_string();
            if raw.contains("Method Not Allowed") {
                json!(METHOD_NOT_ALLOWED)
            } else {
                line["body"].clone()
            }
        }
    };
    Outcome { status, body }
}

/// The cell that makes one call and prints the result or the exception text as JSON.
fn cell(app: &str, api: &str, args: &str) -> String {
    let literal = serde_json::to_string(args).expect("a string serialises");
    format!(
        "try:\n    __fid = getattr(getattr(apis, {app:?}), {api:?})(**json.loads({literal}))\n    \
         print(json.dumps({{'ok': __fid}}))\nexcept Exception as __fid_e:\n    \
         print(json.dumps({{'exc': str(__fid_e), 'type': type(__fid_e).__name__}}))\n"
    )
}

/// Parses the cell's output into an outcome.
fn observed(output: &str) -> Outcome {
    let Ok(v) = serde_json::from_str::<Value>(output.trim()) else {
        return Outcome {
            status: None,
            body: json!(format!("cell output is not JSON: {output}")),
        };
    };
    if let Some(ok) = v.get("ok") {
        return Outcome {
            status: Some(200),
            body: ok.clone(),
        };
    }
    let text = v["exc"].as_str().unwrap_or_default();
    match text
        .strip_prefix("Response status code is ")
        .and_then(|rest| rest.split_once(":\n"))
    {
        Some((code, body)) => Outcome {
            status: code.parse().ok(),
            body: serde_json::from_str(body).unwrap_or_else(|_| json!(body)),
        },
        // An exception other than AppWorld's plain `Exception` carries its type, as the
        // recording's error text does (`OverflowError: ...`).
        None => Outcome {
            status: None,
            body: match v["type"].as_str() {
                Some(kind) if kind != "Exception" => json!(format!("{kind}: {text}")),
                _ => json!(text),
            },
        },
    }
}

/// Removes what is not compared: api_docs `description` texts (AppWorld's prose, stripped
/// from recordings; appsim writes its own).
fn normalise(app: &str, v: Value) -> Value {
    fn strip(v: Value) -> Value {
        match v {
            Value::Object(m) => Value::Object(
                m.into_iter()
                    .filter(|(k, _)| k != "description")
                    .map(|(k, v)| (k, strip(v)))
                    .collect(),
            ),
            Value::Array(a) => Value::Array(a.into_iter().map(strip).collect()),
            other => other,
        }
    }
    if app == "api_docs" { strip(v) } else { v }
}

/// The raw JSON text of `"args": {...}` in a recording line. Arguments travel to the cell as
/// text, so integers beyond 64 bits reach Python intact.
fn raw_args(line: &str) -> &str {
    let Some(start) = line.find("\"args\": {").map(|i| i + "\"args\": ".len()) else {
        return "{}";
    };
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    for (i, c) in line[start..].char_indices() {
        match (in_str, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => in_str = false,
            (false, _, '"') => in_str = true,
            (false, _, '{') => depth += 1,
            (false, _, '}') => {
                depth -= 1;
                if depth == 0 {
                    return &line[start..start + i + 1];
                }
            }
            _ => {}
        }
    }
    "{}"
}

/// Replaces every `"${id.path}"` string in JSON text by the JSON of that field of an earlier
/// answer (left as it is when there is none).
fn substitute(text: &str, saved: &HashMap<String, Value>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("\"${") {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i + 3..].find("}\"") else {
            out.push_str(&rest[i..]);
            return out;
        };
        let reference = &rest[i + 3..i + 3 + j];
        let mut parts = reference.split('.');
        let mut cur = parts.next().and_then(|id| saved.get(id));
        for p in parts {
            cur = cur.and_then(|c| match p.parse::<usize>() {
                Ok(k) if c.is_array() => c.get(k),
                _ => c.get(p),
            });
        }
        match cur {
            Some(v) => out.push_str(&v.to_string()),
            None => out.push_str(&rest[i..i + 3 + j + 2]),
        }
        rest = &rest[i + 3 + j + 2..];
    }
    out.push_str(rest);
    out
}

/// `<set>/deliberate.txt`: `<app> <line> <reason>` per entry, `#` comments.
fn deliberate(set: &Path) -> BTreeMap<(String, u64), String> {
    let text = std::fs::read_to_string(set.join("deliberate.txt")).unwrap_or_default();
    let mut out = BTreeMap::new();
    for (n, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut it = l.splitn(3, char::is_whitespace);
        let (app, line, reason) = (it.next(), it.next(), it.next().map(str::trim));
        match (app, line.and_then(|x| x.parse().ok()), reason) {
            (Some(app), Some(line), Some(reason)) if !reason.is_empty() => {
                out.insert((app.to_string(), line), reason.to_string());
            }
            _ => panic!(
                "{}/deliberate.txt:{}: expected `<app> <line> <reason>`",
                set.display(),
                n + 1
            ),
        }
    }
    out
}

#[derive(Default)]
struct Report {
    lines: usize,
    compared: usize,
    identical: usize,
    deliberate: usize,
    pending: BTreeMap<String, usize>,
    differences: Vec<String>,
    stale: Vec<u64>,
    call_lines: std::collections::BTreeSet<u64>,
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 600 {
        format!("{}…", s.chars().take(600).collect::<String>())
    } else {
        s
    }
}

fn replay(
    set: &Path,
    world: &sim::World,
    registry: &Arc<sim::api::Registry>,
    cfg: &EpisodeConfig,
    app: &str,
    deliberate: &BTreeMap<(String, u64), String>,
) -> Report {
    let path = set.join(format!("recordings/{app}.jsonl"));
    let text = std::fs::read_to_string(&path).expect("recording is readable");
    let mut ep = Episode::new(world, registry.clone(), cfg.clone()).expect("episode opens");
    let mut saved: HashMap<String, Value> = HashMap::new();
    let mut report = Report::default();
    let mut tainted = false;
    for raw in text.lines() {
        let line: Value = serde_json::from_str(raw).expect("recording line is JSON");
        let i = line["i"].as_u64().expect("line has i");
        if line["cmd"] == "reset" {
            ep.reset(cfg.clone()).expect("reset works");
            saved.clear();
            tainted = false;
            continue;
        }
        report.call_lines.insert(i);
        report.lines += 1;
        let call = &line["call"];
        let (capp, api) = (
            call["app"].as_str().unwrap_or_default(),
            call["api"].as_str().unwrap_or_default(),
        );
        // A line waits for every app it needs: the one it calls and any named in "needs".
        let mut missing: Vec<&str> = line["needs"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        missing.push(capp);
        // Only AppWorld's apps can be missing; a name AppWorld does not know is a line to compare.
        missing.retain(|a| apps::app(a).is_some() && registry.app(a).is_none());
        missing.sort_unstable();
        missing.dedup();
        // A skipped call may have changed what follows (rows, the random stream behind tokens
        // and codes), unless it is a read of a registered app: the rest of its sequence waits.
        let read = registry.api(capp, api).is_some_and(|s| s.is_read());
        tainted |= !missing.is_empty() && !read;
        if tainted && missing.is_empty() {
            missing.push("an earlier pending call");
        }
        if !missing.is_empty() {
            *report.pending.entry(missing.join("+")).or_default() += 1;
            continue;
        }
        let args = substitute(raw_args(raw), &saved);
        let got = observed(&ep.execute(&cell(capp, api, &args)));
        if let (Some(id), Some(200)) = (call["id"].as_str(), got.status) {
            saved.insert(id.to_string(), got.body.clone());
        }
        let want = expected(&line);
        let same = want.status == got.status
            && normalise(capp, want.body.clone()) == normalise(capp, got.body.clone());
        if deliberate.contains_key(&(app.to_string(), i)) {
            report.deliberate += 1;
            if same {
                report.stale.push(i);
            }
            continue;
        }
        report.compared += 1;
        if same {
            report.identical += 1;
        } else {
            report.differences.push(format!(
                "  line {i}: {capp}.{api}({})\n    AppWorld: {:?} {}\n    appsim:   {:?} {}",
                short(&call["args"]),
                want.status,
                short(&normalise(capp, want.body)),
                got.status,
                short(&normalise(capp, got.body))
            ));
        }
    }
    report
}

/// A set's oracle world (`<set>/world/`), its registry, and an episode configuration at its
/// clock without an interaction budget.
fn oracle_world(set: &Path) -> (sim::World, Arc<sim::api::Registry>, EpisodeConfig) {
    let registry = Arc::new(apps::registry());
    let (world, _) =
        apps::seed::load_world(&set.join("world"), &registry).expect("oracle world loads");
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(set.join("world/manifest.json")).expect("manifest"),
    )
    .expect("manifest is JSON");
    let now = sim::clock::parse_datetime(manifest["datetime"].as_str().expect("datetime"))
        .expect("manifest datetime parses");
    let cfg = EpisodeConfig {
        now,
        max_interactions: usize::MAX,
        ..EpisodeConfig::default()
    };
    (world, registry, cfg)
}

/// Cells of `tests/fidelity/cells/api_numbers.jsonl` where appsim prints something else than
/// AppWorld, with the reason; each must still differ (else the entry goes).
const API_NUMBER_DIFFERENCES: &[(&str, &str)] = &[];

/// Cells that call `apis` with NaN, infinities and integers beyond 64 bits (path, query and
/// body parameters of every type) print what AppWorld's cells print, on both executors: the
/// recording `tests/fidelity/cells/api_numbers.jsonl` (made with `record_cells.py --set
/// api_numbers` over the oracle's world), each cell the first of a fresh episode.
#[test]
fn api_calls_with_odd_numbers_print_as_appworld() {
    let (world, registry, cfg) = oracle_world(&dir());
    let text = std::fs::read_to_string(dir().join("cells/api_numbers.jsonl")).expect("recording");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("record is JSON"))
        .collect();
    assert!(records.len() >= 40, "{} records", records.len());
    let mut failures = Vec::new();
    for kind in sim::PythonKind::ALL {
        if kind == sim::PythonKind::CPython {
            common::ensure_cpython();
        }
        let cfg = EpisodeConfig {
            python: kind,
            ..cfg.clone()
        };
        let mut ep = Episode::new(&world, registry.clone(), cfg.clone()).expect("episode opens");
        for r in &records {
            let (name, code) = (r["name"].as_str().unwrap(), r["code"].as_str().unwrap());
            let want = r["output"].as_str().unwrap();
            ep.reset(cfg.clone()).expect("reset works");
            let got = ep.execute(code);
            let listed = API_NUMBER_DIFFERENCES.iter().any(|(n, _)| *n == name);
            match (got == want, listed) {
                (false, false) => failures.push(format!(
                    "{kind}: {name}\n  AppWorld: {want:?}\n  appsim:   {got:?}"
                )),
                (true, true) => failures.push(format!(
                    "{kind}: {name} is listed as a difference but prints as AppWorld; remove the entry"
                )),
                _ => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The hand-written call sets (`tests/fidelity/gen/`) on the first oracle world.
#[test]
fn recordings_replay_identically() {
    check_set(&dir(), "fidelity");
}

/// The generic random walk over every API (`tests/fidelity/walk/walk.py`) on the second
/// oracle world (other people, a leap-day clock, rows made at several times).
#[test]
fn walk_replays_identically() {
    check_set(&dir().join("walk"), "walk");
}

/// Replays every recording of one set (`<set>/recordings/`, `<set>/world/`,
/// `<set>/deliberate.txt`) and fails when an app is under `MIN_SHARE` identical.
fn check_set(set: &Path, label: &str) {
    let (world, registry, cfg) = oracle_world(set);
    let deliberate = deliberate(set);
    let show: usize = std::env::var("FIDELITY_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let mut apps: Vec<String> = std::fs::read_dir(set.join("recordings"))
        .expect("recordings directory")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".jsonl"))
                .map(String::from)
        })
        .collect();
    apps.sort();
    assert!(!apps.is_empty(), "no recordings found");
    let mut failures = Vec::new();
    for (app, _) in deliberate.keys() {
        assert!(
            apps.contains(app),
            "deliberate.txt names {app}, which has no recording"
        );
    }
    // `FIDELITY_APPS=gmail,venmo` replays only those recordings (while working on an app).
    if let Ok(only) = std::env::var("FIDELITY_APPS") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        apps.retain(|a| only.contains(&a.as_str()));
    }
    println!("{label}: app, calls, compared, identical share, deliberate, pending");
    for app in &apps {
        let r = replay(set, &world, &registry, &cfg, app, &deliberate);
        let share = if r.compared == 0 {
            1.0
        } else {
            r.identical as f64 / r.compared as f64
        };
        let pending: Vec<String> = r
            .pending
            .iter()
            .map(|(a, n)| format!("{n} need {a}"))
            .collect();
        common::report(&format!(
            "{label}: {app}: {} calls, {} compared, {}/{} identical ({:.2} %), {} deliberate, {} pending{}",
            r.lines,
            r.compared,
            r.identical,
            r.compared,
            share * 100.0,
            r.deliberate,
            r.pending.values().sum::<usize>(),
            if pending.is_empty() {
                String::new()
            } else {
                format!(" ({})", pending.join(", "))
            }
        ));
        for d in r.differences.iter().take(show) {
            println!("{d}");
        }
        if r.differences.len() > show {
            println!("  … {} more differences", r.differences.len() - show);
        }
        if share < MIN_SHARE {
            failures.push(format!(
                "{app}: {:.2} % identical, under {:.0} %",
                share * 100.0,
                MIN_SHARE * 100.0
            ));
        }
        for i in &r.stale {
            failures.push(format!(
                "{app}: line {i} is listed in deliberate.txt but now replays identically; remove the entry"
            ));
        }
        for (da, line) in deliberate.keys() {
            if da == app && !r.call_lines.contains(line) {
                failures.push(format!(
                    "{app}: deliberate.txt names line {line}, which is not a call of the recording"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{label} failures:\n{}",
        failures.join("\n")
    );
}
