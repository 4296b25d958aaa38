//! `appsim serve`: AppWorld's environment-server protocol over HTTP, with many live tasks in
//! one process. Each initialised task is a session: its own episode (world copy, clock, Python
//! scope) on a thread of its own, since a session's Python scope lives on the thread that made
//! it. Requests reach the session's thread as jobs; a slow cell holds only its own session.

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use sim::EpisodeConfig;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tasks::{Suite, TaskEnv};
use tokio::sync::oneshot;

/// Limits of a server.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// Most live sessions; `/initialize` beyond it is refused (503).
    pub max_sessions: usize,
    /// A session unused this long is closed.
    pub idle_timeout: Duration,
    /// Largest request body accepted (bytes).
    pub max_body: usize,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            max_sessions: 256,
            idle_timeout: Duration::from_secs(3600),
            max_body: 4 << 20,
        }
    }
}

type Job = Box<dyn FnOnce(&mut Live) + Send>;

/// One live task: the sender of jobs to its thread.
struct Session {
    jobs: std::sync::mpsc::Sender<Job>,
    last_used: Instant,
}

/// A started task's environment, with which of its checks pass when the agent does nothing
/// (AppWorld labels each test `no_op_pass` or `no_op_fail`).
struct Live {
    env: TaskEnv,
    no_op_passes: Vec<String>,
}

/// What every request handler shares.
pub struct Server {
    world: sim::World,
    registry: Arc<sim::api::Registry>,
    suite: Arc<Suite>,
    cfg: ServeConfig,
    sessions: Mutex<HashMap<String, Session>>,
}

/// An error answered to the client: a status and a message (`{"detail": message}`, as
/// AppWorld's FastAPI server answers).
#[derive(Debug)]
pub struct ServeError(StatusCode, String);

impl IntoResponse for ServeError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({"detail": self.1}))).into_response()
    }
}

fn bad_request(msg: impl Into<String>) -> ServeError {
    ServeError(StatusCode::UNPROCESSABLE_ENTITY, msg.into())
}

fn internal(msg: impl Into<String>) -> ServeError {
    ServeError(StatusCode::INTERNAL_SERVER_ERROR, msg.into())
}

fn not_found(msg: impl Into<String>) -> ServeError {
    ServeError(StatusCode::NOT_FOUND, msg.into())
}

fn output(v: impl Into<Value>) -> Json<Value> {
    Json(json!({ "output": v.into() }))
}

/// A required string field of a request body.
fn field<'a>(body: &'a Value, name: &str) -> Result<&'a str, ServeError> {
    body.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| bad_request(format!("the request needs a string field '{name}'")))
}

impl Server {
    /// A server over `world` (which must hold appsim's tasks' people).
    pub fn new(
        world: sim::World,
        registry: Arc<sim::api::Registry>,
        suite: Arc<Suite>,
        cfg: ServeConfig,
    ) -> Server {
        Server {
            world,
            registry,
            suite,
            cfg,
            sessions: Mutex::new(HashMap::new()),
        }
    }

    fn sessions(&self) -> std::sync::MutexGuard<'_, HashMap<String, Session>> {
        // A panic while holding the lock cannot leave the map half-changed: recover it.
        self.sessions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Runs `f` on the session's thread and waits for its answer.
    async fn call<R: Send + 'static>(
        &self,
        task_id: &str,
        f: impl FnOnce(&mut Live) -> R + Send + 'static,
    ) -> Result<R, ServeError> {
        let (tx, rx) = oneshot::channel();
        {
            let mut map = self.sessions();
            let s = map.get_mut(task_id).ok_or_else(|| {
                not_found(format!(
                    "task '{task_id}' is not initialized (POST /initialize first)"
                ))
            })?;
            s.last_used = Instant::now();
            let job: Job = Box::new(move |env| {
                let _ = tx.send(f(env));
            });
            s.jobs
                .send(job)
                .map_err(|_| not_found(format!("task '{task_id}' was closed")))?;
        }
        rx.await
            .map_err(|_| internal(format!("task '{task_id}' stopped while answering")))
    }

    /// Starts a session for `task_id` (replacing a live one with that id).
    async fn initialize(self: &Arc<Self>, task_id: &str) -> Result<Value, ServeError> {
        if self.suite.get(task_id).is_none() {
            return Err(not_found(format!(
                "no task with id '{task_id}' (GET /tasks lists them)"
            )));
        }
        self.close(task_id);
        if self.sessions().len() >= self.cfg.max_sessions {
            return Err(ServeError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "{} sessions are live, the most this server holds: close one first",
                    self.cfg.max_sessions
                ),
            ));
        }
        let (jobs, inbox) = std::sync::mpsc::channel::<Job>();
        let (ready_tx, ready_rx) = oneshot::channel::<Result<(), String>>();
        let me = self.clone();
        let id = task_id.to_string();
        std::thread::Builder::new()
            .name(format!("session-{id}"))
            .spawn(move || {
                let env = TaskEnv::new(
                    &me.world,
                    me.registry.clone(),
                    me.suite.clone(),
                    EpisodeConfig::default(),
                );
                let started = env.and_then(|mut e| {
                    e.start(&id)?;
                    let report = e.evaluate()?;
                    Ok((e, report))
                });
                let (env, no_op) = match started {
                    Ok(x) => x,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                drop(me);
                let mut live = Live {
                    env,
                    no_op_passes: no_op
                        .checks
                        .into_iter()
                        .filter(|c| c.passed)
                        .map(|c| c.name)
                        .collect(),
                };
                let _ = ready_tx.send(Ok(()));
                // Ends when the session is closed (its sender dropped).
                for job in inbox {
                    job(&mut live);
                }
            })
            .map_err(|e| internal(e.to_string()))?;
        self.sessions().insert(
            task_id.to_string(),
            Session {
                jobs,
                last_used: Instant::now(),
            },
        );
        match ready_rx.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                self.close(task_id);
                return Err(internal(e));
            }
            Err(_) => {
                self.close(task_id);
                return Err(internal(format!("task '{task_id}' failed to start")));
            }
        }
        self.task_info(task_id)
    }

    /// What `/initialize` and `/tasks/{id}` answer: the task's id, instruction, supervisor and
    /// clock.
    fn task_info(&self, task_id: &str) -> Result<Value, ServeError> {
        let task = self.suite.get(task_id).ok_or_else(|| {
            not_found(format!(
                "no task with id '{task_id}' (GET /tasks lists them)"
            ))
        })?;
        let person = self
            .suite
            .population()
            .person(task.supervisor)
            .ok_or_else(|| internal(format!("task '{task_id}' has no supervisor in this world")))?;
        Ok(json!({
            "task_id": task.id,
            "instruction": task.instruction,
            "supervisor": {
                "first_name": person.first_name,
                "last_name": person.last_name,
                "email": person.email,
                "phone_number": person.phone_number,
            },
            "datetime": sim::clock::fmt_datetime(task.now),
        }))
    }

    /// Closes a session; false if none was live.
    fn close(&self, task_id: &str) -> bool {
        self.sessions().remove(task_id).is_some()
    }

    /// Closes sessions idle past the timeout; returns how many.
    pub fn reap_idle(&self) -> usize {
        let limit = self.cfg.idle_timeout;
        let mut map = self.sessions();
        let before = map.len();
        map.retain(|_, s| s.last_used.elapsed() < limit);
        before - map.len()
    }

    /// Live sessions.
    pub fn live(&self) -> usize {
        self.sessions().len()
    }
}

/// AppWorld's test-tracker dictionary for a report: each check a requirement, labelled by
/// whether it also passes when the agent does nothing.
fn tracker(task: &tasks::Task, report: &tasks::Report, no_op_passes: &[String]) -> Value {
    let label = |name: &String| {
        if no_op_passes.contains(name) {
            "no_op_pass"
        } else {
            "no_op_fail"
        }
    };
    let passes: Vec<Value> = report
        .checks
        .iter()
        .filter(|c| c.passed)
        .map(|c| json!({"requirement": c.name, "label": label(&c.name)}))
        .collect();
    let failures: Vec<Value> = report
        .checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| json!({"requirement": c.name, "trace": c.reason, "label": label(&c.name)}))
        .collect();
    json!({
        "success": report.success,
        "difficulty": task.difficulty,
        "num_tests": report.checks.len(),
        "passes": passes,
        "failures": failures,
    })
}

type Shared = State<Arc<Server>>;

async fn initialize(State(s): Shared, Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    Ok(output(s.initialize(&id).await?))
}

async fn execute(State(s): Shared, Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let code = field(&body, "code")?.to_string();
    Ok(output(s.call(&id, move |l| l.env.execute(&code)).await?))
}

async fn batch_execute(
    State(s): Shared,
    Json(body): Json<Value>,
) -> Result<Json<Value>, ServeError> {
    let ids = body
        .get("task_ids")
        .and_then(Value::as_array)
        .ok_or_else(|| bad_request("the request needs a list field 'task_ids'"))?;
    let codes = body
        .get("codes")
        .and_then(Value::as_array)
        .ok_or_else(|| bad_request("the request needs a list field 'codes'"))?;
    if ids.len() != codes.len() {
        return Err(bad_request("'task_ids' and 'codes' differ in length"));
    }
    let mut waits = Vec::new();
    for (id, code) in ids.iter().zip(codes) {
        let (Some(id), Some(code)) = (id.as_str(), code.as_str()) else {
            return Err(bad_request("'task_ids' and 'codes' must hold strings"));
        };
        let (id, code) = (id.to_string(), code.to_string());
        let s = s.clone();
        waits.push(tokio::spawn(async move {
            s.call(&id, move |l| l.env.execute(&code)).await
        }));
    }
    let mut outs = Vec::new();
    for w in waits {
        let out = w.await.map_err(|e| internal(e.to_string()))??;
        outs.push(Value::String(out));
    }
    Ok(output(outs))
}

async fn evaluate(State(s): Shared, Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let flag = |name: &str| body.get(name).and_then(Value::as_bool).unwrap_or(false);
    let (as_report, suppress_errors) = (flag("report"), flag("suppress_errors"));
    let task = s
        .suite
        .get(&id)
        .ok_or_else(|| not_found(format!("no task with id '{id}'")))?;
    let (report, tracked) = s
        .call(&id, move |l| {
            l.env.evaluate().map(|r| {
                let tracked = tracker(&task, &r, &l.no_op_passes);
                (r, tracked)
            })
        })
        .await?
        .map_err(|e| internal(e.to_string()))?;
    // AppWorld's server raises on a failed test unless told to suppress it.
    if !report.success && !suppress_errors {
        let failed = report.checks.iter().filter(|c| !c.passed).count();
        return Err(internal(format!(
            "task '{id}' fails {failed} of its {} tests (send suppress_errors=true for the results)",
            report.checks.len()
        )));
    }
    Ok(output(if as_report {
        Value::String(report_text(&tracked))
    } else {
        tracked
    }))
}

/// AppWorld's plain-text evaluation report (80 columns, three sections).
fn report_text(t: &Value) -> String {
    let rule = |title: &str| {
        let side = (80 - title.chars().count() - 2) / 2;
        let right = 80 - title.chars().count() - 2 - side;
        format!("{} {title} {}", "─".repeat(side), "─".repeat(right))
    };
    let list = |key: &str| t[key].as_array().cloned().unwrap_or_default();
    let (passes, failures) = (list("passes"), list("failures"));
    let mut out = vec![
        rule("Overall Stats"),
        format!("Num Passed Tests : {}", passes.len()),
        format!("Num Failed Tests : {}", failures.len()),
        format!("Num Total  Tests : {}", passes.len() + failures.len()),
        rule("Passes"),
    ];
    if passes.is_empty() {
        out.push("None".into());
    }
    for p in &passes {
        out.push(">> Passed Requirement".into());
        out.push(p["requirement"].as_str().unwrap_or("").into());
    }
    out.push(rule("Fails"));
    if failures.is_empty() {
        out.push("None".into());
    }
    for f in &failures {
        out.push(">> Failed Requirement".into());
        out.push(f["requirement"].as_str().unwrap_or("").into());
        out.push(f["trace"].as_str().unwrap_or("").into());
    }
    out.iter()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

async fn evaluate_all(State(s): Shared) -> Result<Json<Value>, ServeError> {
    let ids: Vec<String> = s.sessions().keys().cloned().collect();
    let mut all = serde_json::Map::new();
    for id in ids {
        let Some(task) = s.suite.get(&id) else {
            continue;
        };
        // A session closed meanwhile is left out.
        if let Ok(Ok(tracked)) = s
            .call(&id, move |l| {
                l.env
                    .evaluate()
                    .map(|r| tracker(&task, &r, &l.no_op_passes))
            })
            .await
        {
            all.insert(id, tracked);
        }
    }
    Ok(output(Value::Object(all)))
}

async fn task_completed(
    State(s): Shared,
    Json(body): Json<Value>,
) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    Ok(output(s.call(&id, |l| l.env.completed()).await?))
}

/// The `state_id` of a request (AppWorld's client sends `null` when none is given).
fn state_id(body: &Value) -> String {
    body.get("state_id")
        .and_then(Value::as_str)
        .unwrap_or("default")
        .to_string()
}

async fn save_state(State(s): Shared, Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let state = state_id(&body);
    let saved = state.clone();
    s.call(&id, move |l| l.env.episode_mut().save_state(&saved))
        .await?
        .map_err(|e| bad_request(e.to_string()))?;
    Ok(output(state))
}

async fn load_state(State(s): Shared, Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?.to_string();
    let state = state_id(&body);
    s.call(&id, move |l| l.env.episode_mut().load_state(&state))
        .await?
        .map_err(|e| not_found(e.to_string()))?;
    Ok(output(Value::Null))
}

/// `/save_logs` and `/save`: AppWorld writes the task's logs and databases to its experiment
/// folder; appsim keeps no files, so there is nothing to write.
async fn save_logs(Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    field(&body, "task_id")?;
    Ok(output(Value::Null))
}

async fn close(State(s): Shared, Json(body): Json<Value>) -> Result<Json<Value>, ServeError> {
    let id = field(&body, "task_id")?;
    if !s.close(id) {
        return Err(not_found(format!("task '{id}' is not initialized")));
    }
    Ok(output(Value::Null))
}

async fn close_all(State(s): Shared) -> Json<Value> {
    s.sessions().clear();
    output(Value::Null)
}

async fn show_task(State(s): Shared, Path(id): Path<String>) -> Result<Json<Value>, ServeError> {
    Ok(output(s.task_info(&id)?))
}

async fn api_docs(State(s): Shared) -> Json<Value> {
    let mut all = serde_json::Map::new();
    for app in s.registry.apps().iter().filter(|a| a.name != "admin") {
        let docs: serde_json::Map<String, Value> = s
            .registry
            .app_apis(app.name)
            .map(|spec| (spec.name.to_string(), apps::api_docs::doc_json(spec, true)))
            .collect();
        all.insert(app.name.to_string(), Value::Object(docs));
    }
    Json(Value::Object(all))
}

async fn welcome() -> Json<Value> {
    Json(
        json!({"message": "appsim: AppWorld's environment server. POST /initialize with a task_id to start a task; GET /tasks lists them."}),
    )
}

async fn list_tasks(State(s): Shared) -> Json<Value> {
    let ids: Vec<&str> = s.suite.tasks().iter().map(|t| t.id.as_str()).collect();
    output(json!(ids))
}

async fn health(State(s): Shared) -> Json<Value> {
    Json(json!({"status": "healthy", "sessions": s.live()}))
}

/// The HTTP routes of a server.
pub fn router(server: Arc<Server>) -> Router {
    let max_body = server.cfg.max_body;
    Router::new()
        .route("/initialize", post(initialize))
        .route("/execute", post(execute))
        .route("/batch_execute", post(batch_execute))
        .route("/evaluate", post(evaluate))
        .route("/task_completed", post(task_completed))
        .route("/save_state", post(save_state))
        .route("/load_state", post(load_state))
        .route("/close", post(close))
        .route("/close_all", post(close_all))
        .route("/save_logs", post(save_logs))
        .route("/save", post(save_logs))
        .route("/evaluate_all", post(evaluate_all))
        .route("/api_docs", get(api_docs))
        .route("/", get(welcome))
        .route("/tasks", get(list_tasks))
        .route("/tasks/{id}", get(show_task))
        .route("/health", get(health))
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(server)
}

/// Serves on `addr` until Ctrl-C, closing idle sessions once a minute.
pub fn run(server: Server, addr: &str) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let server = Arc::new(server);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        eprintln!(
            "appsim serve: listening on http://{}",
            listener.local_addr()?
        );
        let reaper = server.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                reaper.reap_idle();
            }
        });
        axum::serve(listener, router(server))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}
