//! An OpenAI-compatible chat-completions endpoint as a policy.
//!
//! [`EndpointPolicy`] sends each rollout's conversation to `{url}/chat/completions` (vLLM,
//! llama.cpp's server, SGLang, Ollama, or a hosted API) and takes `choices[0].message.content`
//! as the next turn. It is a text-level policy: no token ids and no log-probs come back, so it
//! serves evaluation and data collection, not training.
//!
//! Requests of one batch run concurrently (at most [`EndpointConfig::concurrency`] at once) and
//! the replies come back in request order. Connection failures, `429 Too Many Requests` and
//! `5xx` answers are retried with exponential backoff (a `Retry-After` header in seconds is
//! honoured); other failures, and the last failed attempt, become
//! [`AgentError::Endpoint`] with the URL, the status and the start of the body.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use serde_json::{Map, Value};
use ureq::http::StatusCode;

use super::{Policy, Reply, TurnRequest};
use crate::error::{AgentError, Result};

/// The path the OpenAI chat API serves completions at, relative to the base URL.
const CHAT_PATH: &str = "/chat/completions";
/// How many characters of an error body go into a message.
const SNIPPET_CHARS: usize = 200;
/// Longest wait between two attempts, whatever the backoff or the server asks.
const MAX_WAIT: Duration = Duration::from_secs(60);
/// Largest answer body read (a chat completion is far smaller).
const MAX_BODY_BYTES: u64 = 64 << 20;
/// Environment variable the default API key is read from.
pub const API_KEY_ENV: &str = "OPENAI_API_KEY";

/// Where and how to ask an OpenAI-compatible chat endpoint.
#[derive(Clone)]
pub struct EndpointConfig {
    /// Base URL such as `http://127.0.0.1:8000/v1`; a URL already ending in
    /// `/chat/completions` is used as it is.
    pub url: String,
    /// The model name sent with each request (left out of the request when empty, which
    /// servers hosting a single model accept).
    pub model: String,
    /// Sampling temperature (0 = greedy).
    pub temperature: f32,
    /// Nucleus-sampling mass.
    pub top_p: f32,
    /// Most tokens per reply (`max_tokens`).
    pub max_tokens: usize,
    /// Stop strings (left out of the request when empty).
    pub stop: Vec<String>,
    /// Bearer token for the `Authorization` header; none is sent when `None`.
    /// [`EndpointConfig::default`] reads it from `OPENAI_API_KEY`.
    pub api_key: Option<String>,
    /// Time limit of one HTTP request, connection and answer included.
    pub timeout: Duration,
    /// Retries after a failed attempt (connection failure, 429 or 5xx); 0 tries once.
    pub max_retries: u32,
    /// First wait before a retry; it doubles with each further retry (capped at a minute).
    pub backoff: Duration,
    /// Most requests in flight at once (0 is taken as 1).
    pub concurrency: usize,
}

impl EndpointConfig {
    /// A configuration for `url` and `model` with every other field at its default.
    pub fn new(url: impl Into<String>, model: impl Into<String>) -> Self {
        EndpointConfig {
            url: url.into(),
            model: model.into(),
            ..EndpointConfig::default()
        }
    }

    /// The API key in `OPENAI_API_KEY`, when it is set and not blank.
    pub fn api_key_from_env() -> Option<String> {
        std::env::var(API_KEY_ENV)
            .ok()
            .map(|k| k.trim().to_string())
            .filter(|k| !k.is_empty())
    }

    /// The chat-completions URL: [`EndpointConfig::url`] with `/chat/completions` appended
    /// unless it ends with it already. Fails on an empty URL or one that is not http(s).
    pub fn completions_url(&self) -> Result<String> {
        let base = self.url.trim().trim_end_matches('/');
        if base.is_empty() {
            return Err(AgentError::Endpoint(
                "no URL given (expected something like http://127.0.0.1:8000/v1)".into(),
            ));
        }
        let lower = base.to_ascii_lowercase();
        if !(lower.starts_with("http://") || lower.starts_with("https://")) {
            return Err(AgentError::Endpoint(format!(
                "URL {base:?} must start with http:// or https:// \
                 (expected something like http://127.0.0.1:8000/v1)"
            )));
        }
        if base.ends_with(CHAT_PATH) {
            Ok(base.to_string())
        } else {
            Ok(format!("{base}{CHAT_PATH}"))
        }
    }
}

impl Default for EndpointConfig {
    /// A local server (`http://127.0.0.1:8000/v1`, vLLM's default), no model name,
    /// temperature 1, top-p 1, 1024 tokens per reply, the key from `OPENAI_API_KEY`,
    /// 5 minutes per request, 5 retries from 0.5 s, 8 requests at once.
    fn default() -> Self {
        EndpointConfig {
            url: "http://127.0.0.1:8000/v1".into(),
            model: String::new(),
            temperature: 1.0,
            top_p: 1.0,
            max_tokens: 1024,
            stop: Vec::new(),
            api_key: EndpointConfig::api_key_from_env(),
            timeout: Duration::from_secs(300),
            max_retries: 5,
            backoff: Duration::from_millis(500),
            concurrency: 8,
        }
    }
}

impl fmt::Debug for EndpointConfig {
    /// Like a derived `Debug`, with the API key redacted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndpointConfig")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("temperature", &self.temperature)
            .field("top_p", &self.top_p)
            .field("max_tokens", &self.max_tokens)
            .field("stop", &self.stop)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("timeout", &self.timeout)
            .field("max_retries", &self.max_retries)
            .field("backoff", &self.backoff)
            .field("concurrency", &self.concurrency)
            .finish()
    }
}

/// A policy answered by an OpenAI-compatible chat-completions server.
pub struct EndpointPolicy {
    cfg: EndpointConfig,
    url: String,
    agent: ureq::Agent,
}

/// Why one attempt failed, and whether another may succeed.
struct Failure {
    message: String,
    retry: bool,
    /// The wait the server asked for (`Retry-After`), if any.
    retry_after: Option<Duration>,
}

impl Failure {
    fn fatal(message: String) -> Self {
        Failure {
            message,
            retry: false,
            retry_after: None,
        }
    }
}

impl EndpointPolicy {
    /// Checks `cfg` (URL, API key) and prepares the HTTP client; nothing is sent yet.
    pub fn new(cfg: EndpointConfig) -> Result<Self> {
        let url = cfg.completions_url()?;
        if let Some(key) = &cfg.api_key
            && !key.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
        {
            return Err(AgentError::Endpoint(
                "the API key holds characters an HTTP header cannot carry".into(),
            ));
        }
        if !(cfg.temperature.is_finite() && cfg.temperature >= 0.0) {
            return Err(AgentError::Endpoint(format!(
                "temperature {} is not a non-negative number",
                cfg.temperature
            )));
        }
        if !(cfg.top_p.is_finite() && cfg.top_p > 0.0 && cfg.top_p <= 1.0) {
            return Err(AgentError::Endpoint(format!(
                "top_p {} is not in (0, 1]",
                cfg.top_p
            )));
        }
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(cfg.timeout))
            .http_status_as_error(false)
            .max_idle_connections_per_host(cfg.concurrency.max(1))
            .max_idle_connections(cfg.concurrency.max(1).max(10))
            .build()
            .into();
        Ok(EndpointPolicy { cfg, url, agent })
    }

    /// The configuration this policy was made with.
    pub fn config(&self) -> &EndpointConfig {
        &self.cfg
    }

    /// The chat-completions URL requests are posted to.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The JSON body of one request.
    fn request_body(&self, messages: &[Value], seed: u64) -> Value {
        let mut body = Map::new();
        if !self.cfg.model.is_empty() {
            body.insert("model".into(), self.cfg.model.clone().into());
        }
        body.insert("messages".into(), Value::Array(messages.to_vec()));
        body.insert("temperature".into(), f64::from(self.cfg.temperature).into());
        body.insert("top_p".into(), f64::from(self.cfg.top_p).into());
        body.insert("max_tokens".into(), self.cfg.max_tokens.into());
        // Servers read the seed as a signed 64-bit integer: keep it in range.
        body.insert("seed".into(), (seed & i64::MAX as u64).into());
        if !self.cfg.stop.is_empty() {
            body.insert("stop".into(), self.cfg.stop.clone().into());
        }
        Value::Object(body)
    }

    /// Asks for one completion of `messages`, retrying transient failures.
    pub fn complete(&self, messages: &[Value], seed: u64) -> Result<Reply> {
        let body = serde_json::to_string(&self.request_body(messages, seed))
            .map_err(|e| AgentError::Endpoint(format!("encoding the request: {e}")))?;
        let attempts = self.cfg.max_retries.saturating_add(1);
        let mut attempt = 1;
        loop {
            match self.attempt(&body) {
                Ok(reply) => return Ok(reply),
                Err(f) if f.retry && attempt < attempts => {
                    std::thread::sleep(self.wait_before_retry(attempt, f.retry_after));
                    attempt += 1;
                }
                Err(f) => {
                    let message = if attempt > 1 {
                        format!("{} (after {attempt} attempts)", f.message)
                    } else {
                        f.message
                    };
                    return Err(AgentError::Endpoint(message));
                }
            }
        }
    }

    /// The wait after failed attempt number `attempt` (1-based).
    fn wait_before_retry(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        let factor = 1u32 << attempt.saturating_sub(1).min(16);
        let backoff = self.cfg.backoff.saturating_mul(factor);
        backoff.max(retry_after.unwrap_or_default()).min(MAX_WAIT)
    }

    /// One POST of `body`.
    fn attempt(&self, body: &str) -> std::result::Result<Reply, Failure> {
        let mut request = self
            .agent
            .post(&self.url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json");
        if let Some(key) = &self.cfg.api_key {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        let mut response = request.send(body).map_err(|e| self.transport_failure(e))?;
        let status = response.status();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        let text = response
            .body_mut()
            .with_config()
            .limit(MAX_BODY_BYTES)
            .read_to_string()
            .map_err(|e| self.transport_failure(e))?;
        if !status.is_success() {
            let retry = status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error();
            return Err(Failure {
                message: format!(
                    "POST {}: {} {}: {}",
                    self.url,
                    status.as_u16(),
                    status.canonical_reason().unwrap_or("(unknown status)"),
                    snippet(&text)
                ),
                retry,
                retry_after,
            });
        }
        parse_completion(&text).map_err(|what| Failure::fatal(format!("POST {}: {what}", self.url)))
    }

    /// The failure for a transport error: connection problems may be retried.
    fn transport_failure(&self, e: ureq::Error) -> Failure {
        use std::io::ErrorKind as K;
        match &e {
            ureq::Error::Io(io)
                if matches!(
                    io.kind(),
                    K::ConnectionRefused | K::AddrNotAvailable | K::NotConnected
                ) =>
            {
                self.cannot_connect(&e)
            }
            ureq::Error::ConnectionFailed => self.cannot_connect(&e),
            ureq::Error::Io(io)
                if matches!(
                    io.kind(),
                    K::ConnectionReset | K::ConnectionAborted | K::BrokenPipe | K::UnexpectedEof
                ) =>
            {
                Failure {
                    message: format!("POST {}: connection lost: {e}", self.url),
                    retry: true,
                    retry_after: None,
                }
            }
            ureq::Error::HostNotFound => Failure::fatal(format!(
                "cannot connect to {}: host not found (check the URL)",
                self.url
            )),
            ureq::Error::Timeout(_) => Failure::fatal(format!(
                "POST {}: no answer within {:?} ({e}); raise the timeout or check the server",
                self.url, self.cfg.timeout
            )),
            _ => Failure::fatal(format!("POST {}: {e}", self.url)),
        }
    }

    fn cannot_connect(&self, e: &ureq::Error) -> Failure {
        Failure {
            message: format!(
                "cannot connect to {} ({e}): is the server running?",
                self.url
            ),
            retry: true,
            retry_after: None,
        }
    }
}

/// The start of an answer body for an error message: at most 200 characters, one line.
fn snippet(body: &str) -> String {
    let body = body.trim();
    if body.is_empty() {
        return "(empty body)".into();
    }
    let mut out: String = body
        .chars()
        .take(SNIPPET_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if body.chars().nth(SNIPPET_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Reads a chat-completion answer: the text of `choices[0].message.content` (null or absent
/// content is empty text; a list of content parts is joined) and whether `finish_reason` was
/// `"length"`. The error names what is missing.
fn parse_completion(body: &str) -> std::result::Result<Reply, String> {
    let answer: Value = serde_json::from_str(body)
        .map_err(|e| format!("the answer is not JSON ({e}): {}", snippet(body)))?;
    if let Some(error) = answer.get("error").filter(|e| !e.is_null()) {
        let message = error
            .get("message")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| error.to_string());
        return Err(format!(
            "the server answered with an error: {}",
            snippet(&message)
        ));
    }
    let choices = answer
        .get("choices")
        .ok_or_else(|| format!("the answer has no \"choices\": {}", snippet(body)))?
        .as_array()
        .ok_or_else(|| "\"choices\" in the answer is not a list".to_string())?;
    let choice = choices
        .first()
        .ok_or_else(|| "\"choices\" in the answer is empty".to_string())?;
    let message = choice.get("message").ok_or_else(|| {
        format!(
            "choices[0] has no \"message\": {}",
            snippet(&choice.to_string())
        )
    })?;
    let text = match message.get("content") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .map(|p| match p {
                Value::String(s) => Ok(s.as_str()),
                _ => p.get("text").and_then(Value::as_str).ok_or_else(|| {
                    format!(
                        "a part of choices[0].message.content has no \"text\": {}",
                        snippet(&p.to_string())
                    )
                }),
            })
            .collect::<std::result::Result<String, String>>()?,
        Some(other) => {
            return Err(format!(
                "choices[0].message.content is neither text nor null: {}",
                snippet(&other.to_string())
            ));
        }
    };
    let truncated = choice.get("finish_reason").and_then(Value::as_str) == Some("length");
    Ok(Reply {
        text,
        tokens: None,
        logprobs: None,
        truncated,
    })
}

impl Policy for EndpointPolicy {
    fn name(&self) -> String {
        if self.cfg.model.is_empty() {
            format!("endpoint:{}", self.url)
        } else {
            format!("endpoint:{}", self.cfg.model)
        }
    }

    fn reply(&mut self, requests: &[TurnRequest<'_>]) -> Result<Vec<Reply>> {
        let jobs: Vec<(&[Value], u64)> = requests.iter().map(|r| (r.messages, r.seed)).collect();
        let workers = self.cfg.concurrency.clamp(1, jobs.len().max(1));
        if workers <= 1 {
            return jobs
                .iter()
                .map(|&(messages, seed)| self.complete(messages, seed))
                .collect();
        }
        let this = &*self;
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let slots: Vec<Mutex<Option<Result<Reply>>>> =
            jobs.iter().map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    // Stop taking new requests once one has failed: the batch fails anyway.
                    while !failed.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(messages, seed)) = jobs.get(i) else {
                            break;
                        };
                        let result = this.complete(messages, seed);
                        if result.is_err() {
                            failed.store(true, Ordering::Relaxed);
                        }
                        *slots[i].lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
                    }
                });
            }
        });
        let results: Vec<Option<Result<Reply>>> = slots
            .into_iter()
            .map(|s| s.into_inner().unwrap_or_else(PoisonError::into_inner))
            .collect();
        // Report the first failure in request order, if any.
        let mut replies = Vec::with_capacity(results.len());
        let mut unanswered = None;
        for (i, result) in results.into_iter().enumerate() {
            match result {
                Some(Ok(reply)) => replies.push(reply),
                Some(Err(e)) => return Err(e),
                None => {
                    unanswered.get_or_insert(i);
                }
            }
        }
        match unanswered {
            Some(i) => Err(AgentError::Endpoint(format!("request {i} was not sent"))),
            None => Ok(replies),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_url_appends_the_path_once() {
        let url = |u: &str| EndpointConfig::new(u, "m").completions_url();
        assert_eq!(
            url("http://127.0.0.1:8000/v1").unwrap(),
            "http://127.0.0.1:8000/v1/chat/completions"
        );
        assert_eq!(url("http://h/v1/").unwrap(), "http://h/v1/chat/completions");
        assert_eq!(
            url("https://h/v1/chat/completions/").unwrap(),
            "https://h/v1/chat/completions"
        );
        assert!(url("").is_err());
        assert!(url("127.0.0.1:8000/v1").is_err());
    }

    #[test]
    fn parses_content_and_finish_reason() {
        let r = parse_completion(
            r#"{"choices":[{"message":{"role":"assistant","content":"hi"},"finish_reason":"length"}]}"#,
        )
        .unwrap();
        assert_eq!(r.text, "hi");
        assert!(r.truncated);
        let r = parse_completion(
            r#"{"choices":[{"message":{"content":null},"finish_reason":"stop"}]}"#,
        )
        .unwrap();
        assert_eq!(r.text, "");
        assert!(!r.truncated);
        let r = parse_completion(
            r#"{"choices":[{"message":{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}}]}"#,
        )
        .unwrap();
        assert_eq!(r.text, "ab");
    }

    #[test]
    fn malformed_answers_name_what_is_missing() {
        let err = |b: &str| parse_completion(b).unwrap_err();
        assert!(err("not json").contains("not JSON"));
        assert!(err(r#"{"id":"x"}"#).contains("\"choices\""));
        assert!(err(r#"{"choices":[]}"#).contains("empty"));
        assert!(err(r#"{"choices":[{"text":"x"}]}"#).contains("\"message\""));
        assert!(err(r#"{"choices":[{"message":{"content":5}}]}"#).contains("content"));
        assert!(err(r#"{"error":{"message":"boom"}}"#).contains("boom"));
    }

    #[test]
    fn snippet_is_short_and_on_one_line() {
        assert_eq!(snippet(""), "(empty body)");
        assert_eq!(snippet("a\nb"), "a b");
        let long = "é".repeat(300);
        assert_eq!(snippet(&long).chars().count(), SNIPPET_CHARS + 1);
    }

    #[test]
    fn debug_hides_the_key() {
        let mut cfg = EndpointConfig::new("http://h/v1", "m");
        cfg.api_key = Some("sk-secret".into());
        assert!(!format!("{cfg:?}").contains("sk-secret"));
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        let mut cfg = EndpointConfig::new("http://h/v1", "m");
        cfg.backoff = Duration::from_millis(100);
        let p = EndpointPolicy::new(cfg).unwrap();
        assert_eq!(p.wait_before_retry(1, None), Duration::from_millis(100));
        assert_eq!(p.wait_before_retry(3, None), Duration::from_millis(400));
        assert_eq!(
            p.wait_before_retry(2, Some(Duration::from_secs(2))),
            Duration::from_secs(2)
        );
        assert_eq!(p.wait_before_retry(40, None), MAX_WAIT);
    }
}
