//! `EndpointPolicy` against a small hand-written HTTP/1.1 server on 127.0.0.1: request body and
//! headers, replies in order, truncation, error statuses, retries and a refused connection.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use agent::policy::endpoint::{EndpointConfig, EndpointPolicy};
use agent::policy::{Policy, TurnRequest};
use serde_json::{Value, json};
use tasks::Task;

/// One request as the server saw it.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    path: String,
    /// Header names in lower case.
    headers: Vec<(String, String)>,
    body: Value,
}

impl Seen {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

type Handler = dyn Fn(usize, &Seen) -> (u16, String) + Send + Sync;

/// A server answering every request with `handler(n, request)` (n counts from 0); returns its
/// base URL and the requests seen.
fn serve(
    handler: impl Fn(usize, &Seen) -> (u16, String) + Send + Sync + 'static,
) -> (String, Arc<Mutex<Vec<Seen>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let handler: Arc<Handler> = Arc::new(handler);
    let count = Arc::new(AtomicUsize::new(0));
    let log = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let (handler, count, log) = (handler.clone(), count.clone(), log.clone());
            std::thread::spawn(move || connection(stream, &*handler, &count, &log));
        }
    });
    (url, seen)
}

/// Serves the requests of one connection (keep-alive) until the client closes it.
fn connection(stream: TcpStream, handler: &Handler, count: &AtomicUsize, log: &Mutex<Vec<Seen>>) {
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    while let Some(seen) = read_request(&mut reader) {
        let n = count.fetch_add(1, Ordering::SeqCst);
        log.lock().unwrap().push(seen.clone());
        let (status, body) = handler(n, &seen);
        let reason = match status {
            200 => "OK",
            401 => "Unauthorized",
            500 => "Internal Server Error",
            503 => "Service Unavailable",
            _ => "Other",
        };
        let head = format!(
            "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            body.len()
        );
        if writer.write_all(head.as_bytes()).is_err() || writer.write_all(body.as_bytes()).is_err()
        {
            return;
        }
    }
}

/// Reads one request (headers, then a Content-Length body); `None` at end of stream.
fn read_request(reader: &mut BufReader<TcpStream>) -> Option<Seen> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let len: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).ok()?;
    let body = serde_json::from_slice(&body).unwrap_or(Value::Null);
    Some(Seen {
        method,
        path,
        headers,
        body,
    })
}

/// A chat-completion answer with `text` and `finish`.
fn completion(text: &str, finish: &str) -> String {
    json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "test-model",
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": text},
            "finish_reason": finish,
        }],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5},
    })
    .to_string()
}

fn task() -> &'static Task {
    static TASK: OnceLock<Arc<Task>> = OnceLock::new();
    TASK.get_or_init(|| tasks::world::suite().tasks()[0].clone())
}

fn conversation(question: &str) -> Vec<Value> {
    vec![
        json!({"role": "system", "content": "You write Python."}),
        json!({"role": "user", "content": question}),
    ]
}

fn config(url: &str) -> EndpointConfig {
    EndpointConfig {
        url: url.to_string(),
        model: "test-model".into(),
        temperature: 0.5,
        top_p: 0.9,
        max_tokens: 64,
        stop: Vec::new(),
        api_key: None,
        timeout: Duration::from_secs(10),
        max_retries: 2,
        backoff: Duration::from_millis(1),
        concurrency: 4,
    }
}

/// Asks `policy` for one reply per conversation.
fn ask(
    policy: &mut EndpointPolicy,
    conversations: &[Vec<Value>],
) -> agent::Result<Vec<agent::policy::Reply>> {
    let requests: Vec<TurnRequest<'_>> = conversations
        .iter()
        .enumerate()
        .map(|(i, messages)| TurnRequest {
            task: task(),
            turn: 0,
            messages,
            tokens: None,
            seed: 1000 + i as u64,
            rollout: None,
        })
        .collect();
    policy.reply(&requests)
}

fn last_user(seen: &Seen) -> String {
    seen.body["messages"][1]["content"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn sends_the_conversation_and_reads_the_reply() {
    let (url, seen) = serve(|_, req| {
        let ok = req.method == "POST"
            && req.path == "/v1/chat/completions"
            && req.header("authorization") == Some("Bearer sk-test")
            && req.body["model"] == "test-model";
        if ok {
            (200, completion("print('hi')", "stop"))
        } else {
            (
                400,
                json!({"error": {"message": "bad request"}}).to_string(),
            )
        }
    });
    let mut cfg = config(&url);
    cfg.api_key = Some("sk-test".into());
    cfg.stop = vec!["</code>".into()];
    let mut policy = EndpointPolicy::new(cfg).unwrap();
    assert_eq!(policy.name(), "endpoint:test-model");
    let replies = ask(&mut policy, &[conversation("say hi")]).unwrap();
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].text, "print('hi')");
    assert!(!replies[0].truncated);
    assert_eq!(replies[0].tokens, None);
    assert_eq!(replies[0].logprobs, None);

    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    let body = &seen[0].body;
    assert_eq!(body["messages"], json!(conversation("say hi")));
    assert_eq!(body["max_tokens"], 64);
    assert_eq!(body["seed"], 1000);
    assert_eq!(body["stop"], json!(["</code>"]));
    assert!((body["temperature"].as_f64().unwrap() - 0.5).abs() < 1e-6);
    assert!((body["top_p"].as_f64().unwrap() - 0.9).abs() < 1e-6);
    assert_eq!(seen[0].header("content-type"), Some("application/json"));
}

#[test]
fn no_key_no_authorization_and_no_empty_stop() {
    let (url, seen) = serve(|_, _| (200, completion("x", "stop")));
    // The URL may already name the chat-completions path.
    let mut policy = EndpointPolicy::new(config(&format!("{url}/chat/completions/"))).unwrap();
    ask(&mut policy, &[conversation("q")]).unwrap();
    let seen = seen.lock().unwrap();
    assert_eq!(seen[0].path, "/v1/chat/completions");
    assert_eq!(seen[0].header("authorization"), None);
    assert!(seen[0].body.get("stop").is_none());
}

#[test]
fn truncation_and_null_content() {
    let (url, _) = serve(|_, req| {
        if last_user(req) == "long" {
            (200, completion("def f(", "length"))
        } else {
            let mut answer: Value = serde_json::from_str(&completion("", "stop")).unwrap();
            answer["choices"][0]["message"]["content"] = Value::Null;
            (200, answer.to_string())
        }
    });
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    let replies = ask(&mut policy, &[conversation("long"), conversation("empty")]).unwrap();
    assert_eq!(replies[0].text, "def f(");
    assert!(replies[0].truncated);
    assert_eq!(replies[1].text, "");
    assert!(!replies[1].truncated);
}

#[test]
fn a_batch_is_answered_in_request_order() {
    // The first request is answered last, so the answers arrive out of order.
    let (url, seen) = serve(|_, req| {
        let q = last_user(req);
        if q == "q0" {
            std::thread::sleep(Duration::from_millis(60));
        }
        (200, completion(&format!("answer to {q}"), "stop"))
    });
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    let conversations: Vec<_> = (0..3).map(|i| conversation(&format!("q{i}"))).collect();
    let replies = ask(&mut policy, &conversations).unwrap();
    let texts: Vec<_> = replies.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["answer to q0", "answer to q1", "answer to q2"]);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 3);
    let mut seeds: Vec<_> = seen
        .iter()
        .map(|s| (last_user(s), s.body["seed"].as_u64().unwrap()))
        .collect();
    seeds.sort();
    assert_eq!(
        seeds,
        [
            ("q0".into(), 1000),
            ("q1".into(), 1001),
            ("q2".into(), 1002)
        ]
    );
}

#[test]
fn unauthorized_is_reported_at_once() {
    let (url, seen) = serve(|_, _| {
        (
            401,
            json!({"error": {"message": "Incorrect API key provided"}}).to_string(),
        )
    });
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    let err = ask(&mut policy, &[conversation("q")])
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("endpoint: POST http://"), "{err}");
    assert!(
        err.contains("/v1/chat/completions: 401 Unauthorized"),
        "{err}"
    );
    assert!(err.contains("Incorrect API key provided"), "{err}");
    assert_eq!(seen.lock().unwrap().len(), 1, "a 401 is not retried");
}

#[test]
fn server_errors_are_retried_then_reported() {
    let (url, seen) = serve(|_, _| (500, "internal failure".into()));
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    let err = ask(&mut policy, &[conversation("q")])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("500 Internal Server Error: internal failure"),
        "{err}"
    );
    assert!(err.contains("after 3 attempts"), "{err}");
    assert_eq!(seen.lock().unwrap().len(), 3);
}

#[test]
fn a_503_is_retried() {
    let (url, seen) = serve(|n, _| {
        if n == 0 {
            (503, "warming up".into())
        } else {
            (200, completion("done", "stop"))
        }
    });
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    let replies = ask(&mut policy, &[conversation("q")]).unwrap();
    assert_eq!(replies[0].text, "done");
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 2);
    assert_eq!(
        seen[0].body, seen[1].body,
        "the retry sends the same request"
    );
}

#[test]
fn a_malformed_answer_names_what_is_missing() {
    let (url, _) = serve(|_, _| {
        (
            200,
            json!({"id": "x", "object": "chat.completion"}).to_string(),
        )
    });
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    let err = ask(&mut policy, &[conversation("q")])
        .unwrap_err()
        .to_string();
    assert!(err.contains("no \"choices\""), "{err}");
}

#[test]
fn a_refused_connection_is_a_clear_error() {
    let port = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let mut cfg = config(&format!("http://127.0.0.1:{port}/v1"));
    cfg.max_retries = 1;
    let mut policy = EndpointPolicy::new(cfg).unwrap();
    let err = ask(&mut policy, &[conversation("q")])
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot connect to"), "{err}");
    assert!(err.contains("is the server running?"), "{err}");
    assert!(err.contains("after 2 attempts"), "{err}");
}

#[test]
fn bad_configurations_are_refused() {
    assert!(EndpointPolicy::new(config("")).is_err());
    assert!(EndpointPolicy::new(config("localhost:8000/v1")).is_err());
    let mut cfg = config("http://127.0.0.1:1/v1");
    cfg.api_key = Some("line\nbreak".into());
    assert!(EndpointPolicy::new(cfg).is_err());
    let mut cfg = config("http://127.0.0.1:1/v1");
    cfg.top_p = 0.0;
    assert!(EndpointPolicy::new(cfg).is_err());
}

#[test]
fn an_empty_batch_sends_nothing() {
    let (url, seen) = serve(|_, _| (200, completion("x", "stop")));
    let mut policy = EndpointPolicy::new(config(&url)).unwrap();
    assert!(ask(&mut policy, &[]).unwrap().is_empty());
    assert!(seen.lock().unwrap().is_empty());
}
