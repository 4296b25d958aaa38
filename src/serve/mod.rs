//! `appsim serve`: many live task sessions in one process, reached three ways: AppWorld's
//! environment-server protocol ([`appworld`]), OpenEnv's WebSocket and HTTP sessions
//! ([`openenv`]) and MCP tools over streamable HTTP: bound to a session by its path ([`mcp`],
//! MCP 2025-11-25) or stateless with the episode as a tool argument ([`mcp_stateless`],
//! 2026-07-28).
//!
//! A session is one started task: its own episode (a copy-on-write open of the shared world,
//! its clock, its Python scope). Sessions live on a fixed pool of worker threads, each with one
//! Python interpreter that hosts the scopes of the sessions placed on it; a request becomes a
//! job on its session's worker. So memory grows by a session's changes and scope, not by a
//! world or an interpreter per session; a slow cell holds up only the sessions sharing its
//! worker, and never past the cell time limit.

pub mod appworld;
pub mod mcp;
pub mod mcp_stateless;
pub mod openenv;

use anyhow::Context;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use sim::workers::{Workers, WorkersConfig};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tasks::{Suite, TaskEnv};
use tokio::sync::oneshot;

/// Limits of a server.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// Most live sessions; starting one beyond it is refused (503).
    pub max_sessions: usize,
    /// A session unused this long is closed.
    pub idle_timeout: Duration,
    /// Largest request body accepted (bytes); larger ones get 413.
    pub max_body: usize,
    /// Worker threads that host the sessions.
    pub workers: usize,
    /// Settings of every session's episode (executor, limits); AppWorld's `/initialize` may
    /// set the cell time limit (`timeout_seconds`) of its session.
    pub episode: sim::EpisodeConfig,
    /// Most saved states (`/save_state` ids) one session keeps; a new id past it is refused
    /// (409), an id in use can still be saved over.
    pub max_saved_states: usize,
    /// Most bytes one session's saved states hold together; a save past it is refused (409).
    pub max_saved_bytes: usize,
    /// Host names a request's `Host` and `Origin` headers may name (lowercase, no port):
    /// loopback names by default, plus the `--host` served on and `--allow-host` names. Others
    /// are refused (403), so a web page cannot reach the server through DNS rebinding.
    pub allowed_hosts: Vec<String>,
    /// Accept any `Host` (the server listens on every interface); `Origin` is still checked.
    pub any_host: bool,
    /// Cells an OpenEnv session may run before it ends truncated and is closed (`None`: only
    /// the episode's own `max_interactions`).
    pub max_steps: Option<usize>,
    /// Resident memory (bytes) past which new sessions are refused (503); `None`: no budget.
    pub max_resident: Option<u64>,
    /// The clock every session runs at instead of its task's own (`--datetime`); AppWorld's
    /// `/initialize` may set its session's (`datetime`).
    pub clock: Option<chrono::NaiveDateTime>,
}

impl Default for ServeConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServeConfig {
            max_sessions: 1024,
            idle_timeout: Duration::from_secs(3600),
            max_body: 4 << 20,
            workers: (2 * cores).max(4),
            episode: sim::EpisodeConfig::default(),
            max_saved_states: 16,
            max_saved_bytes: 64 << 20,
            allowed_hosts: ["localhost", "127.0.0.1", "::1"].map(String::from).to_vec(),
            any_host: false,
            max_steps: None,
            max_resident: None,
            clock: None,
        }
    }
}

impl ServeConfig {
    /// This config for a server listening on `host`, also answering to `extra` host names:
    /// requests naming `host` are answered, and a server on every interface (`0.0.0.0`, `::`)
    /// answers any `Host` (its `Origin` check stays).
    pub fn answering(mut self, host: &str, extra: &[String]) -> Self {
        let name = host_name(host);
        if name == "0.0.0.0" || name == "::" || name.is_empty() {
            self.any_host = true;
        } else {
            self.allowed_hosts.push(name);
        }
        self.allowed_hosts
            .extend(extra.iter().map(|h| host_name(h)));
        self
    }
}

pub use tasks::appworld::Live;

/// What a worker holds: its sessions by id, each with the generation it was started as.
type Hosted = HashMap<String, (u64, Live)>;

/// How a request names the session it starts, which decides what happens when that id is live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// AppWorld's `/initialize` of a task under the task's own id: replaces a live session an
    /// earlier such `/initialize` made (AppWorld's client relies on it), and nothing else.
    AppWorldTask,
    /// An id the client chose or appsim generated (`session_id`, `/fork`'s `new_task_id`,
    /// OpenEnv's `episode_id`): refused (409) while a session with it is live.
    Owned,
}

/// A session as the server's index sees it.
struct Session {
    worker: usize,
    generation: u64,
    task_id: String,
    last_used: Instant,
    claim: Claim,
}

/// What every front door shares: the world, the suite, the worker pool and the session index.
pub struct Server {
    world: sim::World,
    registry: Arc<sim::api::Registry>,
    suite: Arc<Suite>,
    cfg: ServeConfig,
    workers: Workers<Hosted>,
    sessions: Mutex<HashMap<String, Session>>,
    generation: AtomicU64,
    /// Sessions closed since freed memory was last handed back to the OS.
    closed_since_trim: AtomicU64,
    mcp_tools: mcp::Tools,
}

/// An error answered to the client: a status and a message (`{"detail": message}`, as
/// AppWorld's FastAPI server answers).
#[derive(Debug)]
pub struct ServeError(pub StatusCode, pub String);

impl IntoResponse for ServeError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({"detail": self.1}))).into_response()
    }
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
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

fn conflict(msg: impl Into<String>) -> ServeError {
    ServeError(StatusCode::CONFLICT, msg.into())
}

fn not_live(id: &str) -> ServeError {
    not_found(format!(
        "no live session '{id}' (POST /initialize with its task_id first)"
    ))
}

/// This process's resident memory, where the OS tells it (Linux: `/proc/self/statm`).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page).ok()?)
}

impl Server {
    /// A server over `world` (which must hold appsim's tasks' people), with its worker threads
    /// started.
    pub fn new(
        world: sim::World,
        registry: Arc<sim::api::Registry>,
        suite: Arc<Suite>,
        cfg: ServeConfig,
    ) -> Server {
        let pool = WorkersConfig {
            threads: cfg.workers.max(1),
            name: "serve-worker".into(),
            // Room for a cell's wasm stack without a segment per call (reserved, not committed:
            // pages are touched only as deep as a cell recurses).
            stack_bytes: 128 << 20,
        };
        let workers = Workers::start(&pool, |_| Ok::<_, std::convert::Infallible>(Hosted::new()))
            .expect("the OS refused a worker thread");
        let mcp_tools = mcp::Tools::new(&registry);
        Server {
            world,
            registry,
            suite,
            cfg,
            workers,
            sessions: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(1),
            closed_since_trim: AtomicU64::new(0),
            mcp_tools,
        }
    }

    fn sessions(&self) -> MutexGuard<'_, HashMap<String, Session>> {
        // A panic while holding the lock cannot leave the map half-changed: recover it.
        self.sessions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The suite the server runs.
    pub fn suite(&self) -> &Arc<Suite> {
        &self.suite
    }

    /// The registry of every app's APIs.
    pub fn registry(&self) -> &Arc<sim::api::Registry> {
        &self.registry
    }

    /// Runs `f` on session `id`'s worker and waits for its answer.
    pub async fn call<R: Send + 'static>(
        &self,
        id: &str,
        f: impl FnOnce(&mut Live) -> R + Send + 'static,
    ) -> Result<R, ServeError> {
        let (tx, rx) = oneshot::channel();
        {
            let mut map = self.sessions();
            let s = map.get_mut(id).ok_or_else(|| not_live(id))?;
            s.last_used = Instant::now();
            let (key, generation) = (id.to_string(), s.generation);
            self.workers
                .send(s.worker, move |hosted: &mut Hosted| {
                    let answer = match hosted.get_mut(&key) {
                        Some((g, live)) if *g == generation => Some(f(live)),
                        _ => None,
                    };
                    let _ = tx.send(answer);
                })
                .map_err(|_| internal("the session's worker has stopped"))?;
        }
        rx.await
            .map_err(|_| internal(format!("session '{id}' failed while answering")))?
            .ok_or_else(|| not_live(id))
    }

    /// The task id session `id` runs, if it is live.
    pub fn task_of(&self, id: &str) -> Option<String> {
        self.sessions().get(id).map(|s| s.task_id.clone())
    }

    /// Reserves session `id` for `task_id` on the least-loaded worker; refused when the server
    /// is full, or when `id` is live and `claim` may not replace it (see [`Claim`]).
    fn reserve(&self, id: &str, task_id: &str, claim: Claim) -> Result<(usize, u64), ServeError> {
        let mut map = self.sessions();
        if let Some(old) = map.get(id) {
            if claim == Claim::Owned || old.claim == Claim::Owned {
                return Err(conflict(format!(
                    "session '{id}' is live (another client's, or yours): close it first or choose another id"
                )));
            }
            if let Some(old) = map.remove(id) {
                self.drop_on_worker(id, &old);
            }
        }
        // (/proc is read only where a budget is set: this runs for every new session.)
        if let Some(budget) = self.cfg.max_resident
            && let Some(held) = resident_bytes()
            && held >= budget
        {
            return Err(ServeError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server holds {} MB, its memory budget is {} MB (--max-memory-mb): close sessions first",
                    held >> 20,
                    budget >> 20
                ),
            ));
        }
        if map.len() >= self.cfg.max_sessions {
            return Err(ServeError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "{} sessions are live, the most this server holds (--max-sessions): close one first",
                    self.cfg.max_sessions
                ),
            ));
        }
        let mut load = vec![0usize; self.workers.len()];
        for s in map.values() {
            load[s.worker] += 1;
        }
        let worker = (0..load.len()).min_by_key(|&w| load[w]).unwrap_or(0);
        let generation = self.generation.fetch_add(1, Ordering::Relaxed);
        map.insert(
            id.to_string(),
            Session {
                worker,
                generation,
                task_id: task_id.to_string(),
                last_used: Instant::now(),
                claim,
            },
        );
        Ok((worker, generation))
    }

    /// Forgets session `id` if it is still the given generation.
    fn unreserve(&self, id: &str, generation: u64) {
        let mut map = self.sessions();
        if map.get(id).is_some_and(|s| s.generation == generation) {
            map.remove(id);
        }
    }

    /// Sends `make` to `worker` to build a session there; waits until it is hosted.
    async fn host(
        &self,
        id: &str,
        worker: usize,
        generation: u64,
        make: impl FnOnce(&mut Hosted) -> Result<Live, String> + Send + 'static,
    ) -> Result<(), ServeError> {
        let (tx, rx) = oneshot::channel::<Result<(), String>>();
        let key = id.to_string();
        let sent = self.workers.send(worker, move |hosted: &mut Hosted| {
            let made = make(hosted).map(|live| {
                hosted.insert(key, (generation, live));
            });
            let _ = tx.send(made);
        });
        let answer = match sent {
            Ok(()) => rx.await,
            Err(_) => Ok(Err("the worker has stopped".into())),
        };
        match answer {
            Ok(Ok(())) => Ok(()),
            Ok(Err(why)) => {
                self.unreserve(id, generation);
                Err(internal(format!("session '{id}' could not start: {why}")))
            }
            Err(_) => {
                self.unreserve(id, generation);
                Err(internal(format!("session '{id}' failed while starting")))
            }
        }
    }

    /// The settings this server runs with.
    pub fn config(&self) -> &ServeConfig {
        &self.cfg
    }

    /// Starts `task_id` as session `id`, claimed as `claim` (409 when `id` is live and the
    /// claim may not replace it).
    pub async fn start(&self, id: &str, task_id: &str, claim: Claim) -> Result<(), ServeError> {
        self.start_with(id, task_id, self.cfg.episode.clone(), self.cfg.clock, claim)
            .await
    }

    /// [`Server::start`] with the episode settings `episode`, at `clock` (`None`: the task's
    /// own time).
    pub async fn start_with(
        &self,
        id: &str,
        task_id: &str,
        episode: sim::EpisodeConfig,
        clock: Option<chrono::NaiveDateTime>,
        claim: Claim,
    ) -> Result<(), ServeError> {
        if self.suite.get(task_id).is_none() {
            return Err(not_found(format!(
                "no task with id '{task_id}' (GET /tasks lists them)"
            )));
        }
        let (worker, generation) = self.reserve(id, task_id, claim)?;
        let (world, registry, suite) = (
            self.world.clone(),
            self.registry.clone(),
            self.suite.clone(),
        );
        let task_id = task_id.to_string();
        self.host(id, worker, generation, move |_| {
            let env = TaskEnv::new(&world, registry, suite, episode)
                .map_err(|e| e.to_string())?
                .with_clock(clock);
            Live::start(env, &task_id).map_err(|e| e.to_string())
        })
        .await
    }

    /// Forks live session `from` into a new session `to` (a generated id when `None`): the same
    /// task, world state, clock and Python variables, on the same worker (a Python scope
    /// cannot move between threads). Returns the new id.
    pub async fn fork(&self, from: &str, to: Option<String>) -> Result<String, ServeError> {
        let (worker, src_generation, task_id) = {
            let map = self.sessions();
            let s = map.get(from).ok_or_else(|| not_live(from))?;
            (s.worker, s.generation, s.task_id.clone())
        };
        let to = match to {
            Some(t) if t == from => return Err(bad_request("a fork needs an id of its own")),
            Some(t) => t,
            None => format!("{from}~{}", self.generation.fetch_add(1, Ordering::Relaxed)),
        };
        let (_, generation) = self.reserve(&to, &task_id, Claim::Owned)?;
        // The copy must share the original's worker: move the reservation there.
        if let Some(s) = self.sessions().get_mut(&to) {
            s.worker = worker;
        }
        let src = from.to_string();
        self.host(&to, worker, generation, move |hosted| {
            match hosted.get(&src) {
                Some((g, live)) if *g == src_generation => live.fork().map_err(|e| e.to_string()),
                _ => Err(format!("session '{src}' was closed")),
            }
        })
        .await?;
        Ok(to)
    }

    /// Has the session's worker drop it (its Python scope lives there).
    fn drop_on_worker(&self, id: &str, s: &Session) {
        self.closed_since_trim.fetch_add(1, Ordering::Relaxed);
        let (key, generation) = (id.to_string(), s.generation);
        let _ = self.workers.send(s.worker, move |hosted: &mut Hosted| {
            if hosted.get(&key).is_some_and(|(g, _)| *g == generation) {
                hosted.remove(&key);
            }
        });
    }

    /// Closes session `id`; false if none was live.
    pub fn close(&self, id: &str) -> bool {
        let removed = self.sessions().remove(id);
        match removed {
            Some(s) => {
                self.drop_on_worker(id, &s);
                true
            }
            None => false,
        }
    }

    /// Closes every session; returns how many.
    pub fn close_all(&self) -> usize {
        let mut map = self.sessions();
        let n = map.len();
        for (id, s) in map.drain() {
            self.drop_on_worker(&id, &s);
        }
        drop(map);
        self.release_memory();
        n
    }

    /// Once the workers have dropped what they were sent to drop, hands freed heap back to the
    /// OS (glibc keeps it otherwise: a server that held 1,000 sessions would stay at that size).
    fn release_memory(&self) {
        self.closed_since_trim.store(0, Ordering::Relaxed);
        for w in 0..self.workers.len() {
            let _ = self.workers.send(w, |_: &mut Hosted| {
                #[cfg(all(target_os = "linux", target_env = "gnu"))]
                // SAFETY: malloc_trim only returns free memory; it is safe to call at any time.
                unsafe {
                    libc::malloc_trim(0);
                }
            });
        }
    }

    /// Closes sessions idle past the timeout, and hands memory freed by closed sessions back to
    /// the OS; returns how many it closed.
    pub fn reap_idle(&self) -> usize {
        let limit = self.cfg.idle_timeout;
        let mut map = self.sessions();
        let idle: Vec<String> = map
            .iter()
            .filter(|(_, s)| s.last_used.elapsed() >= limit)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &idle {
            if let Some(s) = map.remove(id) {
                self.drop_on_worker(id, &s);
            }
        }
        drop(map);
        if self.closed_since_trim.load(Ordering::Relaxed) > 0 {
            self.release_memory();
        }
        idle.len()
    }

    /// Live sessions.
    pub fn live(&self) -> usize {
        self.sessions().len()
    }

    /// Ids of the live sessions.
    pub fn session_ids(&self) -> Vec<String> {
        self.sessions().keys().cloned().collect()
    }

    /// What `/initialize` and `/tasks/{id}` answer: the task's id, instruction, supervisor and
    /// clock.
    pub fn task_info(&self, task_id: &str) -> Result<Value, ServeError> {
        let task = self.suite.get(task_id).ok_or_else(|| {
            not_found(format!(
                "no task with id '{task_id}' (GET /tasks lists them)"
            ))
        })?;
        tasks::appworld::task_info(&self.suite, &task)
            .ok_or_else(|| internal(format!("task '{task_id}' has no supervisor in this world")))
    }
}

/// A request's JSON body (`Value::Null` when it has none). Every way a body can be wrong is
/// answered as `{"detail": ...}`: 413 past the body limit, 415 without a JSON content type,
/// 400 when it does not parse.
pub struct Body(pub Value);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ServeError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|v| {
                let v = v.trim().to_ascii_lowercase();
                v == "application/json" || (v.starts_with("application/") && v.ends_with("+json"))
            });
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| ServeError(e.status(), e.body_text()))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Body(Value::Null));
        }
        if json_type != Some(true) {
            return Err(ServeError(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON, sent with 'Content-Type: application/json'".into(),
            ));
        }
        serde_json::from_slice(&bytes).map(Body).map_err(|e| {
            ServeError(
                StatusCode::BAD_REQUEST,
                format!("the body is not valid JSON: {e}"),
            )
        })
    }
}

/// The host name of a `Host` header value or an `Origin` URL's authority, lowercase, without
/// port or brackets.
fn host_name(authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    if let Some(rest) = a.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("").to_string();
    }
    if a.matches(':').count() > 1 {
        return a; // a bare IPv6 address (`--host ::1`)
    }
    match a.rsplit_once(':') {
        Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) => h.to_string(),
        _ => a,
    }
}

/// Refuses (403) a request whose `Host` or `Origin` names a host this server does not answer
/// to: what a web page reaching a local server through DNS rebinding sends. The body is read
/// first (up to the body limit, else 413), so every answer, early refusals included, comes
/// after the whole request: a connection closed with a request half-read is reset, and the
/// client loses the answer.
async fn check_host(State(s): State<Arc<Server>>, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let Ok(body) = axum::body::to_bytes(body, s.cfg.max_body).await else {
        let why = format!("the body is over {} bytes", s.cfg.max_body);
        return ServeError(StatusCode::PAYLOAD_TOO_LARGE, why).into_response();
    };
    let req = Request::from_parts(parts, axum::body::Body::from(body));
    let allowed = |name: &str| s.cfg.allowed_hosts.iter().any(|h| h == name);
    let headers = req.headers();
    if !s.cfg.any_host
        && let Some(host) = headers.get(header::HOST)
    {
        let name = host.to_str().map(host_name).unwrap_or_default();
        if !allowed(&name) {
            return ServeError(
                StatusCode::FORBIDDEN,
                format!("this server does not answer to host '{name}' (add it with --allow-host)"),
            )
            .into_response();
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or_default();
        let name = origin
            .split_once("://")
            .map(|(_, rest)| host_name(rest.split('/').next().unwrap_or("")))
            .unwrap_or_default();
        if !allowed(&name) {
            return ServeError(
                StatusCode::FORBIDDEN,
                format!(
                    "requests from origin '{origin}' are refused (add its host with --allow-host)"
                ),
            )
            .into_response();
        }
    }
    next.run(req).await
}

/// Any error answer that is not JSON yet (an extractor's rejection of a path, a query or a
/// WebSocket upgrade, a transport's plain-text refusal) as `{"detail": its text}`, status kept.
async fn json_errors(res: Response) -> Response {
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if res.status().as_u16() < 400 || is_json {
        return res;
    }
    let (parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 64 << 10)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let detail = if text.is_empty() {
        parts
            .status
            .canonical_reason()
            .unwrap_or("error")
            .to_string()
    } else {
        text
    };
    ServeError(parts.status, detail).into_response()
}

/// The HTTP routes of a server: AppWorld's protocol, OpenEnv's and MCP's. Unknown routes and
/// methods, and every other error, are answered as `{"detail": ...}` too.
pub fn router(server: Arc<Server>) -> Router {
    let max_body = server.cfg.max_body;
    appworld::routes()
        .merge(openenv::routes())
        .merge(mcp::routes())
        .merge(mcp_stateless::routes())
        .fallback(|| async { not_found("no such route (GET / lists them)") })
        .method_not_allowed_fallback(|| async {
            ServeError(
                StatusCode::METHOD_NOT_ALLOWED,
                "this route does not take that method".into(),
            )
        })
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            check_host,
        ))
        .with_state(server)
}

/// Serves on `addr` until Ctrl-C, closing idle sessions (and returning freed memory) once a
/// minute.
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
            "appsim serve: listening on http://{} ({} workers, at most {} sessions)",
            listener.local_addr()?,
            server.cfg.workers,
            server.cfg.max_sessions
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
