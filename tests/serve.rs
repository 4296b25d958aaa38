//! `appsim serve` over real HTTP on loopback: AppWorld's environment-server protocol with two
//! tasks live at once, state save/load, and clear errors that leave other sessions working.

mod common;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

/// Starts a server on an ephemeral loopback port (its runtime lives for the test binary).
fn server() -> SocketAddr {
    let (world, registry) = common::env().clone();
    let suite = Arc::new(tasks::Suite::new(&apps::seed::WorldConfig::default()));
    let server = appsim::serve::Server::new(
        world,
        registry,
        suite,
        appsim::serve::ServeConfig::default(),
    );
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
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.unwrap_or("");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
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
    let suite = tasks::Suite::new(&apps::seed::WorldConfig::default());
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
    let suite = tasks::Suite::new(&apps::seed::WorldConfig::default());
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

#[test]
fn bad_requests_get_clear_errors_and_sessions_live_on() {
    let addr = server();
    let suite = tasks::Suite::new(&apps::seed::WorldConfig::default());
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
            "not initialized",
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

/// The Python that has AppWorld's client (`appworld` from PyPI): `APPSIM_APPWORLD_PYTHON`, or
/// the reference oracle's virtualenv (`../shared/oracle/setup.sh` makes it).
fn appworld_python() -> Option<std::path::PathBuf> {
    if let Some(p) = std::env::var_os("APPSIM_APPWORLD_PYTHON") {
        return Some(p.into());
    }
    let home = std::env::var_os("HOME")?;
    let p = std::path::Path::new(&home).join(".cache/appsim-awref/bin/python");
    p.exists().then_some(p)
}

#[test]
fn appworld_own_client_runs_a_task() {
    let Some(python) = appworld_python() else {
        eprintln!(
            "skipped: no Python with AppWorld's client (set APPSIM_APPWORLD_PYTHON, or run ../shared/oracle/setup.sh)"
        );
        return;
    };
    let addr = server();
    let suite = tasks::Suite::new(&apps::seed::WorldConfig::default());
    // A question task: the client's cells answer it and complete it.
    let t = suite
        .tasks()
        .iter()
        .find(|t| matches!(t.answer, Some(tasks::Answer::Number(_))) && t.apps == ["simple_note"])
        .expect("a numeric notes question");
    let Some(tasks::Answer::Number(n)) = t.answer else {
        unreachable!()
    };
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
        .arg(&t.id)
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
