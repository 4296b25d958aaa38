//! The environment API: an [`Episode`] is one worker's copy of a world plus the episode running
//! on it. Create it once per worker ([`Episode::new`], the one-off copy), then [`Episode::reset`]
//! for every new episode (a rollback, ≤ 1 ms). Execute cells, call APIs from Rust, save and
//! load states, hash the state.
//!
//! Episodes are `Send`: N episodes run on N threads. The Python side of an episode (its cell
//! variables) lives in the interpreter of the thread that reset it; running a cell on another
//! thread without a reset there first gives a clear error, never a crash.

use crate::api::{ApiError, CallOptions, Registry};
use crate::python::{self, CellLimits, Dispatch, PythonKind};
use crate::world::{Db, StateSnapshot, World, WorldError};
use chrono::NaiveDateTime;
use rusqlite::Connection;
use serde_json::{Map, Value};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Settings of one episode.
#[derive(Debug, Clone)]
pub struct EpisodeConfig {
    /// The frozen clock.
    pub now: NaiveDateTime,
    /// Seed of Python's `random` in cells (AppWorld uses 100).
    pub python_seed: u64,
    /// Per-cell wall-clock limit.
    pub time_limit: Duration,
    /// Per-cell memory budget in bytes.
    pub memory_limit: u64,
    /// Cells allowed per episode; later cells fail with AppWorld's message.
    pub max_interactions: usize,
    /// API calls allowed per cell.
    pub max_api_calls_per_cell: usize,
    /// Whether api_docs shows response schemas.
    pub show_response_schemas: bool,
    /// Which interpreter runs the cells.
    pub python: PythonKind,
}

impl Default for EpisodeConfig {
    fn default() -> Self {
        Self {
            now: crate::clock::default_now(),
            python_seed: 100,
            time_limit: Duration::from_secs(100),
            memory_limit: 1 << 30,
            max_interactions: 1000,
            max_api_calls_per_cell: 1000,
            show_response_schemas: true,
            python: PythonKind::default(),
        }
    }
}

/// Errors of the environment API.
#[derive(Debug, thiserror::Error)]
pub enum EpisodeError {
    /// World/database failure.
    #[error(transparent)]
    World(#[from] WorldError),
    /// SQLite failure.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    /// The Python interpreter could not be prepared.
    #[error("python: {0}")]
    Python(String),
    /// No saved state has that id.
    #[error("no saved state with id {0}")]
    UnknownState(String),
}

static NEXT_UID: AtomicU64 = AtomicU64::new(1);

/// A worker's world copy and its current episode; it stays on the thread that made it.
pub struct Episode {
    db: Db,
    registry: Arc<Registry>,
    cfg: EpisodeConfig,
    uid: u64,
    cells: usize,
    api_calls: usize,
    saved: std::collections::HashMap<String, StateSnapshot>,
    /// The episode's Python scope lives in its thread's interpreter: a raw-pointer marker makes
    /// the episode `!Send`, so the compiler keeps it on that thread (run many at once in a
    /// [`Workers`](crate::workers::Workers) pool).
    thread_bound: std::marker::PhantomData<*const ()>,
}

impl std::fmt::Debug for Episode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Episode")
            .field("uid", &self.uid)
            .field("cells", &self.cells)
            .finish_non_exhaustive()
    }
}

struct Dispatcher<'a> {
    db: &'a Connection,
    registry: &'a Registry,
    opts: CallOptions,
    calls: usize,
}

impl Dispatch for Dispatcher<'_> {
    fn call(&mut self, app: &str, api: &str, args: &Map<String, Value>) -> Result<Value, ApiError> {
        self.calls += 1;
        self.registry.call(self.db, &self.opts, app, api, args)
    }
    fn app_names(&self) -> Vec<String> {
        self.registry
            .apps()
            .iter()
            .map(|a| a.name.to_string())
            .collect()
    }
    fn has_app(&self, app: &str) -> bool {
        self.registry.app(app).is_some()
    }
    fn has_api(&self, app: &str, api: &str) -> bool {
        self.registry.api(app, api).is_some()
    }
    fn api_names(&self, app: &str) -> Vec<String> {
        self.registry
            .app_apis(app)
            .map(|a| a.name.to_string())
            .collect()
    }
}

impl Episode {
    /// Copies `world` for this worker and starts a first episode.
    pub fn new(
        world: &World,
        registry: Arc<Registry>,
        cfg: EpisodeConfig,
    ) -> Result<Episode, EpisodeError> {
        let db = Db::open(world)?;
        let mut ep = Episode {
            db,
            registry,
            cfg: cfg.clone(),
            uid: NEXT_UID.fetch_add(1, Ordering::Relaxed),
            cells: 0,
            api_calls: 0,
            saved: Default::default(),
            thread_bound: std::marker::PhantomData,
        };
        ep.reset(cfg)?;
        Ok(ep)
    }

    /// Starts a new episode on this worker: the world returns to its base state (undoing the
    /// previous episode), the Python scope is fresh, the clock and seed are `cfg`'s.
    pub fn reset(&mut self, cfg: EpisodeConfig) -> Result<(), EpisodeError> {
        self.db.begin_episode()?;
        if cfg.python != self.cfg.python {
            python::executor(self.cfg.python).drop_scope(self.uid);
        }
        python::executor(cfg.python)
            .reset_scope(self.uid, cfg.python_seed)
            .map_err(EpisodeError::Python)?;
        self.cfg = cfg;
        self.cells = 0;
        self.api_calls = 0;
        self.saved.clear();
        Ok(())
    }

    /// A copy of this episode in its current state, for tree rollouts: the same world state
    /// (replayed onto a new copy-on-write open, not a world copy), clock, counters, saved
    /// states and Python variables. Must run on the thread that runs this episode's cells,
    /// where the copy's cells must run too.
    pub fn fork(&self) -> Result<Episode, EpisodeError> {
        let db = self.db.fork()?;
        let uid = NEXT_UID.fetch_add(1, Ordering::Relaxed);
        python::executor(self.cfg.python)
            .fork_scope(self.uid, uid)
            .map_err(EpisodeError::Python)?;
        Ok(Episode {
            db,
            registry: self.registry.clone(),
            cfg: self.cfg.clone(),
            uid,
            cells: self.cells,
            api_calls: self.api_calls,
            saved: self.saved.clone(),
            thread_bound: std::marker::PhantomData,
        })
    }

    /// The episode's settings.
    pub fn config(&self) -> &EpisodeConfig {
        &self.cfg
    }

    /// The registry this episode dispatches to.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// The world database (for setup, evaluation and inspection).
    pub fn db(&self) -> &Db {
        &self.db
    }

    fn call_options(&self) -> CallOptions {
        CallOptions {
            now: self.cfg.now,
            show_response_schemas: self.cfg.show_response_schemas,
            search: Some(self.db.search_indexes().clone()),
        }
    }

    /// Runs one code cell and returns its output, exactly as AppWorld formats it.
    pub fn execute(&mut self, code: &str) -> String {
        self.cells += 1;
        let code = if self.cells > self.cfg.max_interactions {
            format!(
                "raise Exception(\"Maximum number of executions ({}) reached.\")",
                self.cfg.max_interactions
            )
        } else {
            code.to_string()
        };
        let limits = CellLimits {
            time_limit: self.cfg.time_limit,
            memory_limit: self.cfg.memory_limit,
            max_api_calls: self.cfg.max_api_calls_per_cell,
            now: self.cfg.now,
        };
        let mut d = Dispatcher {
            db: self.db.conn(),
            registry: &self.registry,
            opts: self.call_options(),
            calls: 0,
        };
        let out = python::executor(self.cfg.python).execute(self.uid, &code, &limits, &mut d);
        self.api_calls += d.calls;
        out
    }

    /// Number of API calls the episode's cells made (failed ones included).
    pub fn api_calls_made(&self) -> usize {
        self.api_calls
    }

    /// Number of cells executed in this episode.
    pub fn cells_executed(&self) -> usize {
        self.cells
    }

    /// Calls an API directly from Rust (same validation, auth and atomicity as from a cell).
    pub fn call(&mut self, app: &str, api: &str, args: Value) -> Result<Value, ApiError> {
        let args = match args {
            Value::Object(m) => m,
            Value::Null => Map::new(),
            _ => return Err(ApiError::unprocessable("arguments must be a JSON object")),
        };
        self.registry
            .call(self.db.conn(), &self.call_options(), app, api, &args)
    }

    /// Has the agent called `supervisor.complete_task` in this episode?
    pub fn task_completed(&self) -> bool {
        self.registry
            .completion_probe()
            .is_some_and(|probe| probe(self.db.conn()))
    }

    /// Saves the current state under `id` (replacing an earlier one with that id).
    pub fn save_state(&mut self, id: &str) -> Result<(), EpisodeError> {
        let snap = self.db.save_state()?;
        self.saved.insert(id.to_string(), snap);
        Ok(())
    }

    /// Saves the current state under `id` unless the saved states would then hold more than
    /// `max_bytes` (an earlier state under `id` counts as replaced); `false`, with nothing
    /// changed, when they would.
    pub fn save_state_within(&mut self, id: &str, max_bytes: usize) -> Result<bool, EpisodeError> {
        let snap = self.db.save_state()?;
        let kept: usize = self
            .saved
            .iter()
            .filter(|(k, _)| k.as_str() != id)
            .map(|(_, s)| s.bytes())
            .sum();
        if kept + snap.bytes() > max_bytes {
            return Ok(false);
        }
        self.saved.insert(id.to_string(), snap);
        Ok(true)
    }

    /// How many saved states the episode holds.
    pub fn saved_states(&self) -> usize {
        self.saved.len()
    }

    /// Is a state saved under `id`?
    pub fn has_saved_state(&self, id: &str) -> bool {
        self.saved.contains_key(id)
    }

    /// Returns the database to the state saved under `id`. Python variables are not part of
    /// the saved state.
    pub fn load_state(&mut self, id: &str) -> Result<(), EpisodeError> {
        let snap = self
            .saved
            .get(id)
            .cloned()
            .ok_or_else(|| EpisodeError::UnknownState(id.to_string()))?;
        self.db.load_state(&snap)?;
        Ok(())
    }

    /// A hash of every table's rows: equal hashes mean equal world states.
    pub fn state_hash(&self) -> Result<String, EpisodeError> {
        Ok(self.db.state_hash()?)
    }
}

impl Drop for Episode {
    fn drop(&mut self) {
        python::executor(self.cfg.python).drop_scope(self.uid);
    }
}

#[cfg(test)]
mod tests {
    /// Has an unambiguous `check` only for types that are not `Send`: for a `Send` type both
    /// impls apply and naming `check` does not compile.
    trait NotSend<Which> {
        fn check() {}
    }
    impl<T: ?Sized> NotSend<()> for T {}
    impl<T: ?Sized + Send> NotSend<u8> for T {}

    /// An episode cannot leave the thread that made it (this test fails to compile if it can).
    #[test]
    fn episodes_are_not_send() {
        <super::Episode as NotSend<_>>::check();
    }
}
