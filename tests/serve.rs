//! `appsim serve` over real HTTP on loopback: AppWorld's environment-server protocol with two
//! tasks live at once, state save/load, forks, OpenEnv's HTTP routes, clear errors that leave
//! other sessions working (bad requests, oversize bodies, a client gone mid-step), and the three
//! real clients from PyPI (AppWorld's, OpenEnv's, MCP's) each running a task end to end.

mod common;
#[path = "common/pyclients.rs"]
mod pyclients;
use pyclients::python_with;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Starts a server on an ephemeral loopback port (its runtime lives for the test binary).
fn server() -> SocketAddr {
    server_with(appsim::serve::ServeConfig::default())
}

/// [`server`] with the settings `cfg`.
fn server_with(cfg: appsim::serve::ServeConfig) -> SocketAddr {
    let (world, registry) = common::env().clone();
    let suite = Arc::new(tasks::world::suite());
    let server = appsim::serve::Server::new(world, registry, suite, cfg);
    let std_listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = std_listener.local_addr().unwrap();
    std_listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(std_listener).unwrap();
            axum::serve(listener, appsim::serve::router(Arc::new(server)))
                .await
                .unwrap();
        });
    });
    addr
}

/// One HTTP/1.1 request; returns (status, body).
fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let headers = "Host: localhost\r\nContent-Type: application/json\r\n";
    request_with(addr, method, path, headers, body)
}

/// [`request`] with the given header lines (each ending in `\r\n`) instead of the usual ones.
fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: Option<&str>,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.unwrap_or("");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let status = raw[9..12].parse().unwrap();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap();
    let text = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, text)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// POSTs `body` and returns the unwrapped `output` (panics on an error status).
fn post(addr: SocketAddr, path: &str, body: Value) -> Value {
    let (status, text) = request(addr, "POST", path, Some(&body.to_string()));
    assert_eq!(status, 200, "{path}: {text}");
    serde_json::from_str::<Value>(&text).unwrap()["output"].clone()
}

#[test]
fn two_live_tasks_run_to_success_side_by_side() {
    let addr = server();
    let suite = tasks::world::suite();
    let (a, b) = (&suite.tasks()[0], &suite.tasks()[5]);
    for t in [a, b] {
        let info = post(
            addr,
            "/initialize",
            json!({"task_id": t.id, "experiment_name": "x"}),
        );
        assert_eq!(info["task_id"], json!(t.id));
        assert_eq!(info["instruction"], json!(t.instruction));
        assert!(info["supervisor"]["email"].as_str().unwrap().contains('@'));
        assert_eq!(info["datetime"], json!(sim::clock::fmt_datetime(t.now)));
    }
    // Interleave the two ground truths cell by cell: each session keeps its own state.
    let longest = a.ground_truth.len().max(b.ground_truth.len());
    for i in 0..longest {
        for t in [a, b] {
            if let Some(cell) = t.ground_truth.get(i) {
                let out = post(addr, "/execute", json!({"task_id": t.id, "code": cell}));
                assert!(!out.as_str().unwrap().contains("Traceback"), "{out}");
            }
        }
    }
    let all = post(addr, "/evaluate_all", json!({}));
    for t in [a, b] {
        assert_eq!(all[&t.id]["success"], json!(true), "{all}");
    }
    for t in [a, b] {
        assert_eq!(
            post(addr, "/task_completed", json!({"task_id": t.id})),
            json!(true)
        );
        let r = post(
            addr,
            "/evaluate",
            json!({"task_id": t.id, "suppress_errors": true}),
        );
        assert_eq!(r["success"], json!(true), "{r}");
        assert_eq!(
            r["num_tests"].as_u64(),
            Some(r["passes"].as_array().unwrap().len() as u64)
        );
        assert!(r["failures"].as_array().unwrap().is_empty());
        // Doing nothing fails "marked complete": that pass is labelled no_op_fail.
        assert!(
            r["passes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["label"] == json!("no_op_fail"))
        );
        let text = post(
            addr,
            "/evaluate",
            json!({"task_id": t.id, "suppress_errors": true, "report": true}),
        );
        assert!(
            text.as_str().unwrap().contains("Num Failed Tests : 0"),
            "{text}"
        );
        assert_eq!(post(addr, "/close", json!({"task_id": t.id})), Value::Null);
    }
}

#[test]
fn state_round_trip_and_failed_evaluation() {
    let addr = server();
    let suite = tasks::world::suite();
    let t = &suite.tasks()[1];
    post(addr, "/initialize", json!({"task_id": t.id}));
    assert_eq!(
        post(
            addr,
            "/save_state",
            json!({"task_id": t.id, "state_id": "s1"})
        ),
        json!("s1")
    );
    post(
        addr,
        "/execute",
        json!({"task_id": t.id, "code": "apis.supervisor.complete_task(answer=1)"}),
    );
    assert_eq!(
        post(addr, "/task_completed", json!({"task_id": t.id})),
        json!(true)
    );
    post(
        addr,
        "/load_state",
        json!({"task_id": t.id, "state_id": "s1"}),
    );
    assert_eq!(
        post(addr, "/task_completed", json!({"task_id": t.id})),
        json!(false)
    );
    // As AppWorld's server: a failing task without suppress_errors is an error status.
    let (status, text) = request(
        addr,
        "POST",
        "/evaluate",
        Some(&json!({"task_id": t.id}).to_string()),
    );
    assert_eq!(status, 500, "{text}");
    assert!(text.contains("suppress_errors"), "{text}");
}

/// A session's clock: `/initialize`'s `datetime`, else the server's (`--datetime`), else the
/// task's own; a bad one is refused before anything starts.
#[test]
fn initialize_sets_the_session_clock() {
    let suite = tasks::world::suite();
    let t = &suite.tasks()[1];
    let clock_of = |addr, id: &str| {
        let cell = "print(apis.phone.get_current_date_and_time())";
        post(addr, "/execute", json!({"task_id": id, "code": cell}))
    };
    let addr = server_with(appsim::serve::ServeConfig {
        clock: sim::clock::parse_clock("2025-12-31T23:00:00").ok(),
        ..Default::default()
    });
    let info = post(
        addr,
        "/initialize",
        json!({"task_id": t.id, "session_id": "a"}),
    );
    assert_eq!(info["datetime"], "2025-12-31T23:00:00", "{info}");
    assert!(
        clock_of(addr, "a")
            .to_string()
            .contains("December 31, 2025")
    );
    let info = post(
        addr,
        "/initialize",
        json!({"task_id": t.id, "session_id": "b", "datetime": "2024-02-29T07:15:00"}),
    );
    assert_eq!(info["datetime"], "2024-02-29T07:15:00", "{info}");
    let out = clock_of(addr, "b").to_string();
    assert!(
        out.contains("Thursday, February 29, 2024") && out.contains("07:15 AM"),
        "{out}"
    );
    assert!(
        clock_of(addr, "a")
            .to_string()
            .contains("December 31, 2025")
    );
    for bad in [json!("2023-02-29T00:00:00"), json!(20240229)] {
        let body = json!({"task_id": t.id, "session_id": "c", "datetime": bad});
        let (status, text) = request(addr, "POST", "/initialize", Some(&body.to_string()));
        assert_eq!(status, 422, "{text}");
        assert!(text.contains("datetime"), "{text}");
    }
    let (status, _) = request(
        addr,
        "POST",
        "/execute",
        Some(r#"{"task_id": "c", "code": "1"}"#),
    );
    assert_eq!(status, 404, "a refused /initialize starts nothing");
    // Without either, the task's own clock.
    let plain = server();
    let info = post(plain, "/initialize", json!({"task_id": t.id}));
    assert_eq!(info["datetime"], json!(sim::clock::fmt_datetime(t.now)));
}

#[test]
fn bad_requests_get_clear_errors_and_sessions_live_on() {
    let addr = server();
    let suite = tasks::world::suite();
    let t = &suite.tasks()[2];
    post(addr, "/initialize", json!({"task_id": t.id}));
    let cases: [(&str, &str, Option<&str>, u16, &str); 6] = [
        (
            "POST",
            "/initialize",
            Some(r#"{"task_id": "nope_1"}"#),
            404,
            "no task",
        ),
        (
            "POST",
            "/execute",
            Some(r#"{"task_id": "nope_1", "code": "1"}"#),
            404,
            "no live session",
        ),
        ("POST", "/execute", Some(r#"{"task_id": "#), 400, ""),
        (
            "POST",
            "/execute",
            Some(&format!(r#"{{"task_id": "{}"}}"#, t.id)),
            422,
            "code",
        ),
        ("GET", "/tasks/nope_1", None, 404, "no task"),
        ("GET", "/nowhere", None, 404, ""),
    ];
    for (method, path, body, want, says) in cases {
        let (status, text) = request(addr, method, path, body);
        assert_eq!(status, want, "{method} {path}: {text}");
        assert!(text.contains(says), "{method} {path}: {text}");
    }
    // A failing cell is an answer of its session, not an error of the server.
    let out = post(addr, "/execute", json!({"task_id": t.id, "code": "1/0"}));
    assert!(out.as_str().unwrap().contains("ZeroDivisionError"), "{out}");
    let info = post(
        addr,
        "/execute",
        json!({"task_id": t.id, "code": "print(2 + 2)"}),
    );
    assert_eq!(info.as_str().map(str::trim_end), Some("4"));
    let (status, _) = request(addr, "GET", "/api_docs", None);
    assert_eq!(status, 200);
    post(addr, "/close_all", json!({"task_id": t.id}));
    let (status, _) = request(
        addr,
        "POST",
        "/execute",
        Some(&json!({"task_id": t.id, "code": "1"}).to_string()),
    );
    assert_eq!(status, 404);
}

/// The status and `detail` of an error answer (which must be JSON `{"detail": str}`).
fn detail(addr: SocketAddr, method: &str, path: &str, headers: &str, body: &str) -> (u16, String) {
    let (status, text) = request_with(addr, method, path, headers, Some(body));
    let v: Value = serde_json::from_str(&text)
        .unwrap_or_else(|_| panic!("{method} {path}: not JSON: {text:?}"));
    let d = v["detail"]
        .as_str()
        .unwrap_or_else(|| panic!("{path}: {text}"));
    (status, d.to_string())
}

#[test]
fn sessions_belong_to_their_clients() {
    let addr = server();
    let suite = tasks::world::suite();
    let (t, u) = (&suite.tasks()[1].id, &suite.tasks()[3].id);
    let exec = |id: &str, code: &str| post(addr, "/execute", json!({"task_id": id, "code": code}));
    let status = |path: &str, body: Value| request(addr, "POST", path, Some(&body.to_string()));
    // An id the client chose is its own while live: a second /initialize, a fork onto it and
    // an OpenEnv reset naming it are refused (409), and it keeps its variables.
    post(
        addr,
        "/initialize",
        json!({"task_id": t, "session_id": "mine"}),
    );
    exec("mine", "v = 'mine'");
    let (code, text) = status("/initialize", json!({"task_id": u, "session_id": "mine"}));
    assert_eq!(code, 409, "{text}");
    post(
        addr,
        "/initialize",
        json!({"task_id": u, "session_id": "other"}),
    );
    let (code, text) = status("/fork", json!({"task_id": "other", "new_task_id": "mine"}));
    assert_eq!(code, 409, "{text}");
    let (code, text) = status("/reset", json!({"task_id": u, "episode_id": "mine"}));
    assert_eq!(code, 409, "{text}");
    assert_eq!(exec("mine", "print(v)"), json!("mine\n"));
    // AppWorld's own /initialize of a task (no session_id) replaces its earlier one, as its
    // client expects; it never replaces a session another protocol made under that id.
    post(addr, "/initialize", json!({"task_id": t}));
    exec(t, "w = 1");
    post(addr, "/initialize", json!({"task_id": t}));
    let fresh = exec(t, "print(w)");
    assert!(fresh.as_str().unwrap().contains("NameError"), "{fresh}");
    let reset: Value =
        serde_json::from_str(&status("/reset", json!({"task_id": t, "episode_id": u})).1).unwrap();
    assert_eq!(reset["observation"]["episode_id"], json!(u));
    let (code, text) = status("/initialize", json!({"task_id": u}));
    assert_eq!(code, 409, "{text}");
    // Generated OpenEnv ids cannot be guessed from each other.
    let ids: Vec<String> = (0..2)
        .map(|_| {
            let r: Value =
                serde_json::from_str(&status("/reset", json!({"task_id": t})).1).unwrap();
            r["observation"]["episode_id"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(
        ids.iter().all(|i| i.len() == "episode-".len() + 32),
        "{ids:?}"
    );
    assert_ne!(ids[0][8..16], ids[1][8..16]);
    // A batch runs each session's cells in order, and checks every id before running any.
    post(
        addr,
        "/batch_execute",
        json!({"task_ids": ["mine", "other", "mine", "mine"],
               "codes": ["o = []", "p = 1", "o.append(1)", "o.append(2)"]}),
    );
    assert_eq!(exec("mine", "print(o)"), json!("[1, 2]\n"));
    let (code, text) = status(
        "/batch_execute",
        json!({"task_ids": ["mine", "nobody"], "codes": ["o.append(3)", "1"]}),
    );
    assert_eq!(code, 404, "{text}");
    assert_eq!(exec("mine", "print(o)"), json!("[1, 2]\n"));
    // Saved states are bounded per session; an id in use can be saved over.
    for i in 0..16 {
        post(
            addr,
            "/save_state",
            json!({"task_id": "mine", "state_id": format!("s{i}")}),
        );
    }
    let (code, text) = status("/save_state", json!({"task_id": "mine", "state_id": "s16"}));
    assert_eq!(code, 409, "{text}");
    post(
        addr,
        "/save_state",
        json!({"task_id": "mine", "state_id": "s3"}),
    );
}

#[test]
fn sessions_end_at_max_steps_and_new_ones_wait_for_memory() {
    let addr = server_with(appsim::serve::ServeConfig {
        max_steps: Some(2),
        ..Default::default()
    });
    let suite = tasks::world::suite();
    let t = &suite.tasks()[0].id;
    let call = |path: &str, body: Value| {
        let (status, text) = request(addr, "POST", path, Some(&body.to_string()));
        (status, serde_json::from_str::<Value>(&text).unwrap())
    };
    call("/reset", json!({"task_id": t, "episode_id": "short"}));
    let step = json!({"episode_id": "short", "action": {"code": "x = 1"}});
    let (_, first) = call("/step", step.clone());
    assert_eq!(first["done"], json!(false), "{first}");
    let (_, last) = call("/step", step.clone());
    assert_eq!(
        (
            last["done"].clone(),
            last["observation"]["truncated"].clone()
        ),
        (json!(true), json!(true)),
        "{last}"
    );
    assert!(last["reward"].is_number(), "{last}");
    let (status, gone) = call("/step", step);
    assert_eq!(status, 404, "{gone}");
    // Saved states are bounded in bytes too: with a 1 MiB budget, a state holding 1.5 MB of new
    // notes is refused (409) and the earlier state stays loadable.
    let small = server_with(appsim::serve::ServeConfig {
        max_saved_bytes: 1 << 20,
        ..Default::default()
    });
    let at = |path: &str, body: Value| request(small, "POST", path, Some(&body.to_string()));
    assert_eq!(
        at("/initialize", json!({"task_id": t, "session_id": "b"})).0,
        200
    );
    assert_eq!(
        at("/save_state", json!({"task_id": "b", "state_id": "empty"})).0,
        200
    );
    let write = "me = apis.supervisor.show_profile()\npw = [p['password'] for p in apis.supervisor.show_account_passwords() if p['account_name'] == 'simple_note'][0]\ntok = apis.simple_note.login(username=me['email'], password=pw)['access_token']\nfor i in range(150):\n    apis.simple_note.create_note(title=f't{i}', content='c' * 10000, access_token=tok)";
    let (_, wrote) = at("/execute", json!({"task_id": "b", "code": write}));
    assert!(!wrote.contains("Traceback"), "{wrote}");
    let (status, text) = at("/save_state", json!({"task_id": "b", "state_id": "full"}));
    assert_eq!(status, 409, "{text}");
    assert!(text.contains("--max-saved-mb"), "{text}");
    assert_eq!(
        at("/load_state", json!({"task_id": "b", "state_id": "empty"})).0,
        200
    );
    // Past the process's memory budget a new session is refused with the reason.
    let full = server_with(appsim::serve::ServeConfig {
        max_resident: Some(1),
        ..Default::default()
    });
    let (status, d) = detail(
        full,
        "POST",
        "/initialize",
        "Host: localhost\r\nContent-Type: application/json\r\n",
        &json!({"task_id": t}).to_string(),
    );
    assert_eq!(status, 503, "{d}");
    assert!(d.contains("memory budget"), "{d}");
    // A session's own interpreter budget (--max-session-mb): past it a cell raises MemoryError,
    // and the session and its neighbours go on.
    let tight = server_with(appsim::serve::ServeConfig {
        episode: sim::EpisodeConfig {
            memory_limit: 64 << 20,
            ..Default::default()
        },
        ..Default::default()
    });
    let at = |path: &str, body: Value| request(tight, "POST", path, Some(&body.to_string()));
    for id in ["big", "neighbour"] {
        assert_eq!(
            at("/initialize", json!({"task_id": t, "session_id": id})).0,
            200
        );
    }
    let (_, bomb) = at(
        "/execute",
        json!({"task_id": "big", "code": "x = bytearray(100 << 20)"}),
    );
    assert!(bomb.contains("MemoryError"), "{bomb}");
    let (_, small) = at(
        "/execute",
        json!({"task_id": "big", "code": "y = bytearray(10 << 20)\nprint(len(y))"}),
    );
    assert!(small.contains("10485760"), "{small}");
    let (_, other) = at(
        "/execute",
        json!({"task_id": "neighbour", "code": "print(2 + 2)"}),
    );
    assert!(other.contains('4'), "{other}");
}

#[test]
fn every_error_is_json_with_its_status_and_foreign_hosts_are_refused() {
    let addr = server();
    let suite = tasks::world::suite();
    let t = &suite.tasks()[4].id;
    post(addr, "/initialize", json!({"task_id": t}));
    let json_type = "Host: localhost\r\nContent-Type: application/json\r\n";
    let huge = json!({"task_id": t, "code": "x".repeat(5 << 20)}).to_string();
    let cases: Vec<(&str, &str, &str, String, u16, &str)> = vec![
        (
            "POST",
            "/execute",
            json_type,
            r#"{"task_id": "#.into(),
            400,
            "not valid JSON",
        ),
        (
            "POST",
            "/execute",
            "Host: localhost\r\nContent-Type: text/plain\r\n",
            json!({"task_id": t, "code": "1"}).to_string(),
            415,
            "application/json",
        ),
        ("POST", "/execute", json_type, huge, 413, ""),
        (
            "POST",
            "/nowhere",
            json_type,
            "{}".into(),
            404,
            "no such route",
        ),
        ("GET", "/execute", json_type, String::new(), 405, "method"),
        (
            "POST",
            "/save_state",
            json_type,
            json!({"task_id": t, "state_id": 5}).to_string(),
            422,
            "'state_id' must be a string",
        ),
        (
            "POST",
            "/evaluate",
            json_type,
            json!({"task_id": t, "report": "yes"}).to_string(),
            422,
            "'report' must be a boolean",
        ),
        (
            "POST",
            "/execute",
            "Host: evil.example\r\nContent-Type: application/json\r\n",
            json!({"task_id": t, "code": "1"}).to_string(),
            403,
            "does not answer to host 'evil.example'",
        ),
        (
            "POST",
            "/execute",
            "Host: localhost:8000\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\n",
            json!({"task_id": t, "code": "1"}).to_string(),
            403,
            "origin 'http://evil.example'",
        ),
    ];
    for (method, path, headers, body, want, says) in cases {
        let (status, d) = detail(addr, method, path, headers, &body);
        assert_eq!(status, want, "{method} {path}: {d}");
        assert!(d.contains(says), "{method} {path}: {d}");
    }
    // Loopback names, with a port and from a loopback origin, are answered.
    for headers in [
        "Host: 127.0.0.1:8000\r\nContent-Type: application/json\r\n",
        "Host: [::1]:8000\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\n",
    ] {
        let body = json!({"task_id": t, "code": "print(7)"}).to_string();
        let (status, text) = request_with(addr, "POST", "/execute", headers, Some(&body));
        assert_eq!(
            (status, text.contains("7")),
            (200, true),
            "{headers}: {text}"
        );
    }
}

/// AppWorld's client: `APPSIM_APPWORLD_PYTHON` if set, else the pinned venv.
fn appworld_python() -> Option<PathBuf> {
    match std::env::var_os("APPSIM_APPWORLD_PYTHON") {
        Some(p) => Some(p.into()),
        None => python_with("appworld"),
    }
}

/// A numeric simple_note question: its id, and its answer.
fn notes_question() -> (String, f64) {
    let suite = tasks::world::suite();
    let t = suite
        .tasks()
        .iter()
        .find(|t| matches!(t.answer, Some(tasks::Answer::Number(_))) && t.apps == ["simple_note"])
        .expect("a numeric notes question");
    let Some(tasks::Answer::Number(n)) = t.answer else {
        unreachable!()
    };
    (t.id.clone(), n)
}

#[test]
fn appworld_own_client_runs_a_task() {
    let Some(python) = appworld_python() else {
        return;
    };
    let addr = server();
    // A question task: the client's cells answer it and complete it.
    let (id, n) = notes_question();
    let cells = json!([
        "print(apis.supervisor.show_profile()['email'])",
        format!("apis.supervisor.complete_task(answer={n})"),
    ]);
    let root = std::env::temp_dir().join(format!("appsim-aw-root-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    let out = std::process::Command::new(python)
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/appworld_client/drive.py"
        ))
        .arg(format!("http://{addr}"))
        .arg(&id)
        .arg(cells.to_string())
        .env("APPWORLD_ROOT", &root)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(got["outputs"][0].as_str().unwrap().contains('@'), "{got}");
    assert_eq!(got["completed"], json!(true));
    assert_eq!(got["evaluation"]["success"], json!(true), "{got}");
}

/// A Python script's run: its parsed last stdout line (panics, with its output, on failure).
fn run_script(python: &Path, script: &str, args: &[String]) -> Value {
    let out = std::process::Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(script))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{script}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.lines().last().unwrap_or("")).unwrap()
}

#[test]
fn openenv_client_runs_a_task() {
    let Some(python) = python_with("openenv-mcp") else {
        return;
    };
    let addr = server();
    let suite = tasks::world::suite();
    let t = &suite.tasks()[3];
    let cells = std::env::temp_dir().join(format!("appsim-oe-cells-{}.json", std::process::id()));
    std::fs::write(&cells, json!(t.ground_truth).to_string()).unwrap();
    let got = run_script(
        &python,
        "tests/openenv_client/drive.py",
        &[
            format!("http://{addr}"),
            t.id.clone(),
            cells.display().to_string(),
        ],
    );
    let _ = std::fs::remove_file(&cells);
    assert_eq!(got["done"], json!(true), "{got}");
    assert_eq!(got["final_reward"], json!(1.0), "{got}");
    assert_eq!(got["state"]["task_id"], json!(t.id), "{got}");
    assert_eq!(
        got["state"]["step_count"],
        json!(t.ground_truth.len()),
        "{got}"
    );
    // The connection's session closed with it.
    let (_, health) = request(addr, "GET", "/health", None);
    assert_eq!(
        serde_json::from_str::<Value>(&health).unwrap()["sessions"],
        json!(0)
    );
}

/// OpenEnv's WebSocket: a second client cannot take a live episode id (the first keeps its
/// episode after the second leaves), and messages sent during a slow step are all answered, in
/// order, with at most 16 held by the server at a time.
#[test]
fn websocket_episodes_are_owned_and_queued_messages_answered() {
    let Some(python) = python_with("openenv-mcp") else {
        return;
    };
    let addr = server();
    let (id, _) = notes_question();
    let out = run_script(
        &python,
        "tests/openenv_client/ws_owned.py",
        &[format!("ws://{addr}/ws"), id],
    );
    assert_eq!(out["a_reset"], json!("observation"), "{out}");
    assert_eq!(out["b_reset"], json!("error"), "{out}");
    assert!(
        out["b_message"].as_str().unwrap().contains("is live"),
        "{out}"
    );
    assert_eq!(out["a_after_b_left"], json!("a\n"), "{out}");
    assert_eq!(out["slow_step"], json!("True\n"), "{out}");
    assert_eq!(out["states_answered"], json!(40), "{out}");
    assert_eq!(out["step_counts"], json!([3]), "{out}");
}

/// MCP's stateless revision (2026-07-28) at `/mcp`, driven by the `mcp` SDK in its `auto` mode:
/// it discovers the revision, and the episode travels as a handle in the tool arguments.
#[test]
fn mcp_stateless_client_runs_an_episode() {
    let Some(python) = python_with("openenv-mcp") else {
        return;
    };
    let addr = server();
    let (id, _) = notes_question();
    let out = run_script(
        &python,
        "tests/mcp_client/stateless.py",
        &[format!("http://{addr}/mcp"), id.clone()],
    );
    assert_eq!(out["protocol_version"], json!("2026-07-28"), "{out}");
    assert_eq!(out["tools"], json!(455), "{out}"); // 453 APIs, open_episode, close_episode
    assert!(
        out["episode"].as_str().unwrap().starts_with("episode-"),
        "{out}"
    );
    assert!(out["email"].as_str().unwrap().contains('@'), "{out}");
    assert_eq!(
        (
            out["bad_handle_error"].clone(),
            out["closed_is_gone"].clone()
        ),
        (json!(true), json!(true)),
        "{out}"
    );
    // A request without the revision's envelope, or at another version, is told which it needs.
    let call = |body: Value, version: &str| {
        let headers = format!(
            "Host: localhost\r\nContent-Type: application/json\r\nAccept: application/json\r\nMCP-Protocol-Version: {version}\r\nMcp-Method: tools/list\r\n"
        );
        let (_, text) = request_with(addr, "POST", "/mcp", &headers, Some(&body.to_string()));
        serde_json::from_str::<Value>(&text).unwrap()
    };
    let bare = call(
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        "2026-07-28",
    );
    assert_eq!(bare["error"]["code"], json!(-32602), "{bare}");
    let meta = |v: &str| {
        json!({"io.modelcontextprotocol/protocolVersion": v,
                                "io.modelcontextprotocol/clientCapabilities": {}})
    };
    let old = call(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list",
                          "params": {"_meta": meta("2025-11-25")}}),
        "2025-11-25",
    );
    assert_eq!(old["error"]["code"], json!(-32022), "{old}");
    assert_eq!(
        old["error"]["data"]["supported"],
        json!(["2026-07-28"]),
        "{old}"
    );
    let mismatch = call(
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list",
                               "params": {"_meta": meta("2026-07-28")}}),
        "2025-11-25",
    );
    assert_eq!(mismatch["error"]["code"], json!(-32020), "{mismatch}");
}

#[test]
fn mcp_errors_are_json_rpc_errors() {
    let addr = server();
    let suite = tasks::world::suite();
    post(
        addr,
        "/initialize",
        json!({"task_id": suite.tasks()[0].id, "session_id": "m"}),
    );
    let headers = "Host: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n";
    let cases = [
        ("{bad", 400, -32700),
        (r#"{"id": 3}"#, 400, -32600),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"supervisor__show_profile","arguments":[1]}}"#,
            200,
            -32602,
        ),
    ];
    for (body, status, code) in cases {
        let (got, text) = request_with(addr, "POST", "/mcp/m", headers, Some(body));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{body}: {text}"));
        assert_eq!(
            (got, v["error"]["code"].clone()),
            (status, json!(code)),
            "{body}: {text}"
        );
    }
}

#[test]
fn mcp_client_runs_a_task() {
    let Some(python) = python_with("openenv-mcp") else {
        return;
    };
    let addr = server();
    let (id, n) = notes_question();
    post(
        addr,
        "/initialize",
        json!({"task_id": id, "session_id": "mcp-1"}),
    );
    let url = format!("http://{addr}/mcp/mcp-1");
    let calls_file =
        std::env::temp_dir().join(format!("appsim-mcp-calls-{}.json", std::process::id()));
    let drive = |calls: Value| {
        std::fs::write(&calls_file, calls.to_string()).unwrap();
        run_script(
            &python,
            "tests/mcp_client/drive.py",
            &[url.clone(), calls_file.display().to_string()],
        )
    };
    // Every app but admin and api_docs, as AppWorld's MCP server lists them.
    let first = drive(json!([
        {"tool": "supervisor__show_profile", "arguments": {}},
        {"tool": "no_such__tool", "arguments": {}},
    ]));
    assert_eq!(first["tools"], json!(453), "{first}");
    assert_eq!(first["errors"], json!(1), "{first}");
    // The password through MCP too: read it from the server's own answer.
    let out = post(
        addr,
        "/execute",
        json!({"task_id": "mcp-1", "code": "print([p['password'] for p in apis.supervisor.show_account_passwords() if p['account_name'] == 'simple_note'][0])"}),
    );
    let password = out.as_str().unwrap().trim().to_string();
    let done = drive(json!([
        {"tool": "supervisor__show_profile", "arguments": {}, "save_as": "me"},
        {"tool": "simple_note__login", "arguments": {"username": "$me.email", "password": password}, "save_as": "login"},
        {"tool": "simple_note__search_notes", "arguments": {"access_token": "$login.access_token", "page_limit": 5}},
        {"tool": "simple_note__show_note", "arguments": {"access_token": "$login.access_token", "note_id": -1}},
        {"tool": "supervisor__complete_task", "arguments": {"answer": n}},
    ]));
    let _ = std::fs::remove_file(&calls_file);
    // API failures are results ({"response": {"message": ...}}), as AppWorld answers them.
    assert_eq!(done["errors"], json!(0), "{done}");
    let r = post(
        addr,
        "/evaluate",
        json!({"task_id": "mcp-1", "suppress_errors": true}),
    );
    assert_eq!(r["success"], json!(true), "{r}");
    // An unknown session is a clear 404, before any MCP exchange.
    let (status, _) = request(addr, "POST", "/mcp/nobody", Some("{}"));
    assert_eq!(status, 404);
}

#[test]
fn forks_and_copies_of_one_task_keep_their_own_state() {
    let addr = server();
    let suite = tasks::world::suite();
    let t = suite
        .tasks()
        .iter()
        .find(|t| t.answer.is_none() && t.ground_truth.len() >= 3)
        .expect("a task that changes the world");
    // Two copies of one task, side by side.
    for sid in ["a", "b"] {
        let info = post(
            addr,
            "/initialize",
            json!({"task_id": t.id, "session_id": sid}),
        );
        assert_eq!(info["session_id"], json!(sid));
    }
    let half = t.ground_truth.len() / 2;
    for cell in &t.ground_truth[..half] {
        post(addr, "/execute", json!({"task_id": "a", "code": cell}));
    }
    post(
        addr,
        "/execute",
        json!({"task_id": "a", "code": "shared = [1, 2]"}),
    );
    let fork = post(addr, "/fork", json!({"task_id": "a", "new_task_id": "a2"}));
    assert_eq!(fork, json!("a2"));
    // The fork has the variables (copied, not shared) and the world state; it finishes alone.
    let out = post(
        addr,
        "/execute",
        json!({"task_id": "a2", "code": "shared.append(3)\nprint(shared)"}),
    );
    assert_eq!(out, json!("[1, 2, 3]\n"));
    for cell in &t.ground_truth[half..] {
        let out = post(addr, "/execute", json!({"task_id": "a2", "code": cell}));
        assert!(!out.as_str().unwrap().contains("Traceback"), "{out}");
    }
    let eval = |sid: &str| {
        post(
            addr,
            "/evaluate",
            json!({"task_id": sid, "suppress_errors": true}),
        )
    };
    assert_eq!(eval("a2")["success"], json!(true));
    assert_eq!(eval("a")["success"], json!(false));
    assert_eq!(eval("b")["success"], json!(false));
    let out = post(
        addr,
        "/execute",
        json!({"task_id": "a", "code": "print(shared)"}),
    );
    assert_eq!(out, json!("[1, 2]\n"));
    // The original finishes too, unaffected by its fork; a generated fork id works as well.
    for cell in &t.ground_truth[half..] {
        post(addr, "/execute", json!({"task_id": "a", "code": cell}));
    }
    assert_eq!(eval("a")["success"], json!(true));
    let auto = post(addr, "/fork", json!({"task_id": "b"}));
    assert!(auto.as_str().unwrap().starts_with("b~"), "{auto}");
    let (status, body) = request(
        addr,
        "POST",
        "/fork",
        Some(&json!({"task_id": "gone"}).to_string()),
    );
    assert_eq!(status, 404, "{body}");
}

#[test]
fn openenv_http_routes_run_an_episode() {
    let addr = server();
    let suite = tasks::world::suite();
    let t = &suite.tasks()[7];
    let (status, body) = request(
        addr,
        "POST",
        "/reset",
        Some(&json!({"task_id": t.id}).to_string()),
    );
    assert_eq!(status, 200, "{body}");
    let reset: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(reset["observation"]["output"], json!(t.instruction));
    assert_eq!(reset["done"], json!(false));
    let ep = reset["observation"]["episode_id"].clone();
    let mut last = Value::Null;
    for cell in &t.ground_truth {
        let (status, body) = request(
            addr,
            "POST",
            "/step",
            Some(&json!({"episode_id": ep, "action": {"code": cell}}).to_string()),
        );
        assert_eq!(status, 200, "{body}");
        last = serde_json::from_str(&body).unwrap();
    }
    assert_eq!(last["done"], json!(true), "{last}");
    assert_eq!(last["reward"], json!(1.0), "{last}");
    assert_eq!(last["observation"]["success"], json!(true), "{last}");
    let (_, body) = request(
        addr,
        "GET",
        &format!("/state?episode_id={}", ep.as_str().unwrap()),
        None,
    );
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["step_count"], json!(t.ground_truth.len()));
    // After the end, a step is refused; a malformed action names what is wrong.
    let (status, body) = request(
        addr,
        "POST",
        "/step",
        Some(&json!({"episode_id": ep, "action": {"code": "1"}}).to_string()),
    );
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("episode is over"), "{body}");
    let (status, body) = request(
        addr,
        "POST",
        "/step",
        Some(&json!({"episode_id": ep, "action": {"cmd": "1"}}).to_string()),
    );
    assert_eq!(status, 422);
    assert!(body.contains("'cmd'"), "{body}");
    for path in ["/schema", "/metadata", "/health"] {
        let (status, body) = request(addr, "GET", path, None);
        assert_eq!(status, 200, "{path}: {body}");
    }
}

#[test]
fn a_client_gone_mid_step_and_oversize_bodies_leave_sessions_working() {
    let addr = server();
    let suite = tasks::world::suite();
    let (a, b) = (&suite.tasks()[0], &suite.tasks()[5]);
    for t in [a, b] {
        post(addr, "/initialize", json!({"task_id": t.id}));
    }
    // A slow cell, whose client hangs up while it runs.
    let slow = json!({"task_id": a.id, "code": "n = 0\nfor i in range(2000000):\n    n += i\nfinished = True"})
        .to_string();
    {
        let mut s = TcpStream::connect(addr).unwrap();
        write!(
            s,
            "POST /execute HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{slow}",
            slow.len()
        )
        .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    let out = post(
        addr,
        "/execute",
        json!({"task_id": b.id, "code": "print('b lives')"}),
    );
    assert_eq!(out, json!("b lives\n"));
    // The abandoned cell still ran to its end, and its session answers.
    let out = post(
        addr,
        "/execute",
        json!({"task_id": a.id, "code": "print(finished, n)"}),
    );
    assert_eq!(
        out,
        json!(format!("True {}\n", (0..2000000u64).sum::<u64>()))
    );
    // A body over the limit is refused (413); the server goes on.
    let huge = json!({"task_id": a.id, "code": "x".repeat(5 << 20)}).to_string();
    let (status, _) = request(addr, "POST", "/execute", Some(&huge));
    assert_eq!(status, 413);
    assert_eq!(
        post(
            addr,
            "/execute",
            json!({"task_id": a.id, "code": "print(1)"})
        ),
        json!("1\n")
    );
}

/// Cells that used to abort the process or stall its workers, through serve: each ends within
/// its session's time limit with a Python error or a timeout, a deep structure is dropped by
/// `/close`, and afterwards the server answers `/health` and another session still has its
/// variables.
#[test]
fn cells_that_used_to_kill_the_process_leave_the_server_and_other_sessions_alone() {
    let addr = server();
    let suite = tasks::world::suite();
    let t = &suite.tasks()[0];
    let init = |id: &str, timeout: Value| {
        post(
            addr,
            "/initialize",
            json!({"task_id": t.id, "session_id": id, "timeout_seconds": timeout}),
        )
    };
    let exec = |id: &str, code: &str| -> String {
        let out = post(addr, "/execute", json!({"task_id": id, "code": code}));
        out.as_str().unwrap_or_default().to_string()
    };
    init("bystander", Value::Null);
    assert_eq!(exec("bystander", "keep = 41"), "Execution successful.");
    init("attacker", json!(2));
    let killers = [
        "x = '%3000000000d' % 1",
        "x = f\"{0:>1000000000}\"",
        "x = pow(3, 10**9)",
        "import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')",
        "import time\ntime.sleep(130)",
        "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass",
        "bomb = 'y' * 300_000_000\nprint(bomb)",
        "z = 1+1+1",
    ];
    for cell in killers {
        let cell = if cell == "z = 1+1+1" {
            format!("z = {}1", "1+".repeat(50_000))
        } else {
            cell.to_string()
        };
        let start = std::time::Instant::now();
        let out = exec("attacker", &cell);
        let took = start.elapsed();
        assert!(
            took < std::time::Duration::from_secs(6),
            "{cell:.60}: {took:?}"
        );
        assert!(
            out.len() < (1 << 20) + 200,
            "{cell:.60}: {} bytes",
            out.len()
        );
    }
    let deep = "x = []\nfor _ in range(1_000_000):\n    x = [x]";
    // (A limit that lets CPython-on-wasm build it on a slow machine.)
    init("deep", json!(60));
    assert_eq!(exec("deep", deep), "Execution successful.");
    for id in ["attacker", "deep"] {
        assert_eq!(post(addr, "/close", json!({"task_id": id})), Value::Null);
    }
    let (status, body) = request(addr, "GET", "/health", None);
    assert_eq!(status, 200, "{body}");
    assert_eq!(exec("bystander", "print(keep + 1)"), "42\n");
    let (status, body) = request(
        addr,
        "POST",
        "/initialize",
        Some(&json!({"task_id": t.id, "timeout_seconds": "soon"}).to_string()),
    );
    assert_eq!(status, 422, "{body}");
}

/// `cargo test --release --test serve -- --ignored thousand` (about a minute, ~4 GB):
/// 1,000 live sessions at full world size in one process, within 16 GB.
#[test]
#[ignore]
fn thousand_sessions_fit_in_16_gb() {
    let addr = server();
    let suite = tasks::world::suite();
    let rss = || {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
        statm
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<u64>()
            .unwrap()
            * 4096
    };
    let before = rss();
    let t0 = std::time::Instant::now();
    let n = 1000;
    for i in 0..n {
        let t = &suite.tasks()[i % suite.tasks().len()];
        post(
            addr,
            "/initialize",
            json!({"task_id": t.id, "session_id": format!("s{i}")}),
        );
        let out = post(
            addr,
            "/execute",
            json!({"task_id": format!("s{i}"), "code": t.ground_truth[0]}),
        );
        assert!(!out.as_str().unwrap().contains("Traceback"), "{out}");
    }
    let (_, health) = request(addr, "GET", "/health", None);
    let held = rss() - before;
    eprintln!(
        "{n} sessions in {:.1} s; {health}; resident {:.2} GB more, {:.1} MB per session",
        t0.elapsed().as_secs_f64(),
        held as f64 / 1e9,
        held as f64 / 1e6 / n as f64
    );
    assert!(held < 16 << 30, "{held} bytes for {n} sessions");
    assert_eq!(
        serde_json::from_str::<Value>(&health).unwrap()["sessions"],
        json!(n)
    );
}

#[test]
fn mcp_tools_are_appworlds_set_with_schemas() {
    let (_, registry) = common::env();
    let tools = appsim::serve::mcp::Tools::new(registry);
    let ours: Vec<String> = tools
        .list()
        .iter()
        .map(|t| {
            let mut props: Vec<&String> = t.input_schema["properties"]
                .as_object()
                .unwrap()
                .keys()
                .collect();
            props.sort();
            let props: Vec<&str> = props.iter().map(|s| s.as_str()).collect();
            format!("{}: {}", t.name, props.join(","))
        })
        .collect();
    let want: Vec<&str> = include_str!("fixtures/appworld_mcp_tools.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::trim_end)
        .collect();
    let ours: Vec<&str> = ours.iter().map(|s| s.trim_end()).collect();
    assert_eq!(ours, want);
    for t in tools.list() {
        let schema = &t.input_schema;
        assert_eq!(schema["type"], json!("object"));
        for r in schema["required"].as_array().unwrap() {
            let p = &schema["properties"][r.as_str().unwrap()];
            assert!(
                p.get("default").is_none(),
                "{}: required {r} has a default",
                t.name
            );
        }
        for (name, p) in schema["properties"].as_object().unwrap() {
            let required = schema["required"]
                .as_array()
                .unwrap()
                .contains(&json!(name));
            assert!(
                required || p.get("default").is_some(),
                "{}: optional {name} has no default",
                t.name
            );
        }
    }
}

/// A small deterministic generator (xorshift64*) for the route fuzzer.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One fuzzed field value: ids live and not, real task ids, odd types and sizes.
fn fuzz_value(rng: &mut Rng, live: &[String], tasks: &[String]) -> String {
    match rng.below(14) {
        0 | 1 => json!(rng.pick(live)).to_string(),
        2 | 3 => json!(rng.pick(tasks)).to_string(),
        4 => json!(rng.pick(&[
            "print(1)",
            "x = 1",
            "1/0",
            "import os",
            "",
            "print(apis.supervisor.show_profile())",
            "apis.nope.x()"
        ]))
        .to_string(),
        5 => rng
            .pick(&[
                "18446744073709551616",
                "-1",
                "0",
                "1e400",
                "NaN",
                "-Infinity",
                "3.5",
            ])
            .to_string(),
        6 => rng
            .pick(&["true", "false", "null", "\"yes\"", "[]", "{}"])
            .to_string(),
        7 => json!(["a", 1, null]).to_string(),
        8 => json!({"code": "print(2)", "metadata": {"k": 1}}).to_string(),
        9 => json!({"code": 5, "extra": true}).to_string(),
        10 => json!("\u{0}\u{202e}é😀").to_string(),
        11 => json!("x".repeat(rng.below(3000))).to_string(),
        12 => format!(
            "[{}]",
            (0..rng.below(4))
                .map(|_| json!(rng.pick(live)).to_string())
                .collect::<Vec<_>>()
                .join(",")
        ),
        _ => json!(format!("id-{}", rng.next() % 1000)).to_string(),
    }
}

/// Fuzzes every route with random and malformed requests and checks each answer: a documented
/// status, JSON errors (`{"detail": str}`, or a JSON-RPC error on the MCP routes), a 500 only
/// for AppWorld's failed evaluation, and a server that still runs sessions afterwards.
/// `APPSIM_FUZZ_REQUESTS` sets the count (CI: 1,500; the documented run in docs/serve.md).
#[test]
fn routes_fuzzed_answer_documented_statuses_and_json() {
    let n: usize = common::env_count("APPSIM_FUZZ_REQUESTS", 1_500);
    let addr = server();
    let suite = tasks::world::suite();
    let tasks: Vec<String> = suite.tasks().iter().take(6).map(|t| t.id.clone()).collect();
    let mut live: Vec<String> = Vec::new();
    for (i, t) in tasks.iter().enumerate().take(3) {
        let id = format!("fuzz-{i}");
        post(addr, "/initialize", json!({"task_id": t, "session_id": id}));
        live.push(id);
    }
    live.push(tasks[3].clone());
    post(addr, "/initialize", json!({"task_id": tasks[3]}));
    let fields = [
        "task_id",
        "session_id",
        "code",
        "task_ids",
        "codes",
        "state_id",
        "new_task_id",
        "report",
        "suppress_errors",
        "timeout_seconds",
        "episode_id",
        "action",
    ];
    let posts = [
        "/initialize",
        "/fork",
        "/execute",
        "/batch_execute",
        "/evaluate",
        "/task_completed",
        "/save_state",
        "/load_state",
        "/close",
        "/save_logs",
        "/save",
        "/reset",
        "/step",
        "/mcp",
    ];
    let gets = [
        "/",
        "/tasks",
        "/api_docs",
        "/schema",
        "/metadata",
        "/health",
        "/ws",
        "/state?episode_id=fuzz-0",
        "/state?episode_id=%zz",
        "/tasks/%ff%fe",
        "/nowhere",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen = std::collections::BTreeMap::<u16, usize>::new();
    for i in 0..n {
        let (method, path) = match rng.below(10) {
            0 => ("GET", rng.pick(&gets).to_string()),
            1 => ("GET", format!("/tasks/{}", rng.pick(&tasks))),
            2 => ("POST", format!("/mcp/{}", rng.pick(&live))),
            3 => (
                *rng.pick(&["PUT", "DELETE", "PATCH"]),
                rng.pick(&posts).to_string(),
            ),
            _ => ("POST", rng.pick(&posts).to_string()),
        };
        let body = match rng.below(12) {
            0 => rng.pick(&["{\"task_id\": ", "[1, 2", "\u{1}\u{2}", "{\"a\":1}}", "NaN"]).to_string(),
            1 => format!("{}{}", "[".repeat(300), "]".repeat(300)),
            2 => rng.pick(&["[]", "\"x\"", "7", "null"]).to_string(),
            3 if path.starts_with("/mcp") => json!({"jsonrpc": "2.0", "id": i, "method": rng.pick(&["tools/list", "tools/call", "server/discover", "initialize", "nope"]),
                    "params": {"name": "supervisor__show_profile", "arguments": {}}}).to_string(),
            _ => {
                let k = 1 + rng.below(4);
                let members: Vec<String> = (0..k)
                    .map(|_| format!("{}: {}", json!(rng.pick(&fields)), fuzz_value(&mut rng, &live, &tasks)))
                    .collect();
                format!("{{{}}}", members.join(", "))
            }
        };
        let headers = match rng.below(12) {
            0 => "Host: localhost\r\nContent-Type: text/plain\r\n",
            1 => "Host: elsewhere.example\r\nContent-Type: application/json\r\n",
            2 => {
                "Host: localhost\r\nOrigin: http://elsewhere.example\r\nContent-Type: application/json\r\n"
            }
            _ => {
                "Host: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            }
        };
        let (status, text) = request_with(addr, method, &path, headers, Some(&body));
        *seen.entry(status).or_default() += 1;
        let what = format!("#{i} {method} {path} {body:.200} -> {status} {text:.300}");
        assert!(
            [
                200, 202, 400, 403, 404, 405, 406, 409, 413, 415, 422, 500, 503
            ]
            .contains(&status),
            "undocumented status: {what}"
        );
        if status >= 400 {
            let v: Value =
                serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {what}"));
            let json_rpc = path.starts_with("/mcp") && v["error"]["code"].is_i64();
            assert!(json_rpc || v["detail"].is_string(), "no detail: {what}");
            if status == 500 {
                let d = v["detail"].as_str().unwrap_or("");
                assert!(
                    d.contains("of its") && d.contains("tests"),
                    "a 500 that is not a failed evaluation: {what}"
                );
            }
        }
        // Sessions come and go (close, reset, initialize): keep some live.
        if i % 50 == 49 {
            for (k, id) in live.iter().enumerate().take(3) {
                let _ = request(
                    addr,
                    "POST",
                    "/initialize",
                    Some(&json!({"task_id": tasks[k], "session_id": id}).to_string()),
                );
            }
        }
    }
    eprintln!("route fuzz: {n} requests, statuses {seen:?}");
    let (status, _) = request(addr, "GET", "/health", None);
    assert_eq!(status, 200);
    post(
        addr,
        "/initialize",
        json!({"task_id": tasks[0], "session_id": "after-fuzz"}),
    );
    let out = post(
        addr,
        "/execute",
        json!({"task_id": "after-fuzz", "code": "print(6 * 7)"}),
    );
    assert_eq!(out, json!("42\n"));
}
