//! `appsim._appsim`: the native half of the `appsim` Python package. A [`Runtime`] opens the
//! world and the task suite once and hosts worlds (task episodes); a [`World`] is a handle to
//! one of them. Every call that runs a cell, a setup or an evaluation releases the GIL, so
//! Python threads step different worlds in parallel. An episode's Python state lives on the
//! thread that made it (episodes are `!Send`), its [`Home`]: one of the runtime's worker
//! threads (a world's calls are jobs sent there), or, for an inline runtime, the Python thread
//! that started it (calls run right there, with no hand-over; other threads are refused).
//!
//! Answers that are dictionaries cross as JSON text; `appsim/__init__.py` turns them into
//! AppWorld's Python objects.

use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde_json::Value;
use sim::workers::{Workers, WorkersConfig};
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tasks::TaskEnv;
use tasks::appworld::Live;

/// Rust's allocations counted per cell, so a RustPython cell's memory bomb ends in
/// `MemoryError` (CPython cells are bounded by their WebAssembly memory).
#[global_allocator]
static ALLOC: sim::CountingAlloc = sim::CountingAlloc;

/// What a worker thread owns: its worlds by id.
type Hosted = HashMap<u64, Live>;

/// What every worker shares: the world image, the APIs and the tasks.
struct Shared {
    world: sim::World,
    registry: Arc<sim::api::Registry>,
    suite: Arc<tasks::Suite>,
    python: sim::PythonKind,
}

/// Where a world lives: on a worker of the pool, or inline on the thread that made it.
#[derive(Debug, Clone, Copy)]
enum Home {
    Worker(usize),
    Inline(std::thread::ThreadId),
}

thread_local! {
    /// The worlds of inline runtimes that live on this thread (dropped with the thread).
    static INLINE: RefCell<Hosted> = RefCell::new(Hosted::new());
}

/// The opened world and its workers.
struct Inner {
    shared: Arc<Shared>,
    /// The pool (`None`: an inline runtime).
    workers: Option<Workers<Hosted>>,
    next_id: AtomicU64,
    live: AtomicUsize,
    /// Worlds per worker, for placing a new world on the least loaded one.
    load: Mutex<Vec<usize>>,
}

impl Inner {
    /// Runs `job` with the worlds of `home` and waits for it (call with the GIL released).
    fn run<R: Send + 'static>(
        &self,
        home: Home,
        job: impl FnOnce(&mut Hosted) -> R + Send + 'static,
    ) -> PyResult<R> {
        match (home, &self.workers) {
            (Home::Worker(w), Some(workers)) => workers.run(w, job).map_err(gone),
            (Home::Inline(t), _) if t == std::thread::current().id() => {
                INLINE.with(|h| match h.try_borrow_mut() {
                    Ok(mut hosted) => Ok(job(&mut hosted)),
                    Err(_) => Err(PyRuntimeError::new_err("a world call is already running")),
                })
            }
            (Home::Inline(_), _) => Err(PyRuntimeError::new_err(
                "this world lives on the Python thread that started it (an inline runtime); \
                 call it from that thread, or use a runtime with worker threads",
            )),
            (Home::Worker(_), None) => unreachable!("worker homes come from a pool"),
        }
    }

    /// Where a new world goes: the calling thread (inline), or the least loaded worker.
    fn place(&self) -> PyResult<Home> {
        if self.workers.is_none() {
            return Ok(Home::Inline(std::thread::current().id()));
        }
        let mut load = self.load.lock().map_err(runtime_error)?;
        let (w, _) = load
            .iter()
            .enumerate()
            .min_by_key(|(_, n)| **n)
            .expect("a pool has workers");
        load[w] += 1;
        Ok(Home::Worker(w))
    }

    /// Counts one world less at `home`.
    fn unplace(&self, home: Home) {
        if let (Home::Worker(w), Ok(mut load)) = (home, self.load.lock()) {
            load[w] = load[w].saturating_sub(1);
        }
    }
}

fn runtime_error(e: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

fn gone(_: sim::workers::WorkerGone) -> PyErr {
    PyRuntimeError::new_err(
        "the world's worker thread stopped (a cell crashed it); start a new world",
    )
}

/// The world, the task suite and the worker threads that host worlds.
#[pyclass(module = "appsim._appsim", frozen)]
struct Runtime {
    inner: Arc<Inner>,
}

/// Per-world settings of [`Runtime::start`].
struct StartOptions {
    seed: u64,
    max_interactions: usize,
    timeout: Option<Duration>,
    clock: Option<chrono::NaiveDateTime>,
}

#[pymethods]
impl Runtime {
    /// Opens the world (`world_dir`: a directory of `<app>.db` files; `None`: the default
    /// world, built or read from its cache) with appsim's tasks, or (`appworld_root`) the world
    /// and tasks of an AppWorld data root, and starts `threads` workers (0: one per CPU), or,
    /// `inline`, none: then each world runs on the Python thread that started it.
    /// `python` names the cell executor: "cpython" (the default, and the only one accepted:
    /// "rustpython" shares one interpreter between the episodes of a thread).
    #[new]
    #[pyo3(signature = (world_dir=None, python=None, threads=0, inline=false, appworld_root=None))]
    fn new(
        py: Python<'_>,
        world_dir: Option<PathBuf>,
        python: Option<&str>,
        threads: usize,
        inline: bool,
        appworld_root: Option<PathBuf>,
    ) -> PyResult<Runtime> {
        let from = match (world_dir, appworld_root) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "world_dir and appworld_root exclude each other: a data root has its own \
                     world (data/base_dbs)",
                ));
            }
            (None, Some(root)) => From::Root(root),
            (dir, None) => From::World(dir),
        };
        let python = match python {
            None => sim::PythonKind::default(),
            Some(name) => name.parse().map_err(PyValueError::new_err)?,
        };
        // Worlds here are tenants: an executor that shares an interpreter is refused.
        python
            .check_tenants("the appsim package")
            .map_err(PyValueError::new_err)?;
        let threads = match (inline, threads) {
            (true, _) => 0,
            (false, 0) => std::thread::available_parallelism().map_or(2, |n| n.get()),
            (false, n) => n,
        };
        let opened = py.detach(move || open(from, python, threads));
        Ok(Runtime {
            inner: Arc::new(opened?),
        })
    }

    /// Ids of the tasks of `split` ("train", "dev", "test_normal", "test_challenge"; `None`:
    /// all), optionally only those of `difficulty` (1 to 3), in the suite's order.
    #[pyo3(signature = (split=None, difficulty=None))]
    fn task_ids(&self, split: Option<&str>, difficulty: Option<u8>) -> PyResult<Vec<String>> {
        let suite = &self.inner.shared.suite;
        let tasks: Vec<Arc<tasks::Task>> = match split {
            None => suite.tasks().to_vec(),
            Some(s) => suite.split(s.parse().map_err(PyValueError::new_err)?),
        };
        Ok(tasks
            .iter()
            .filter(|t| difficulty.is_none_or(|d| t.difficulty == d))
            .map(|t| t.id.clone())
            .collect())
    }

    /// The task as JSON: AppWorld's task summary (id, instruction, supervisor, datetime) with
    /// its split, difficulty and apps.
    fn task(&self, task_id: &str) -> PyResult<String> {
        let suite = &self.inner.shared.suite;
        let task = suite
            .get(task_id)
            .ok_or_else(|| PyKeyError::new_err(format!("no task with id '{task_id}'")))?;
        let mut info = tasks::appworld::task_info(suite, &task)
            .ok_or_else(|| runtime_error(format!("task '{task_id}' has no supervisor")))?;
        info["split"] = task.split.as_str().into();
        info["difficulty"] = task.difficulty.into();
        info["apps"] = task.apps.iter().map(|a| Value::from(*a)).collect();
        Ok(info.to_string())
    }

    /// The task's ground-truth solution: its code cells in order.
    fn ground_truth(&self, task_id: &str) -> PyResult<Vec<String>> {
        let task = self.inner.shared.suite.get(task_id);
        let task =
            task.ok_or_else(|| PyKeyError::new_err(format!("no task with id '{task_id}'")))?;
        Ok(task.ground_truth.clone())
    }

    /// Starts `task_id` in a new world: its setup applied, the clock at the task's time (or
    /// `datetime`, "YYYY-MM-DDTHH:MM:SS"), Python's `random` seeded with `random_seed`.
    #[pyo3(signature = (task_id, random_seed=100, max_interactions=1000, timeout_seconds=None, datetime=None))]
    fn start(
        &self,
        py: Python<'_>,
        task_id: String,
        random_seed: u64,
        max_interactions: usize,
        timeout_seconds: Option<f64>,
        datetime: Option<&str>,
    ) -> PyResult<World> {
        let timeout = match timeout_seconds {
            None => None,
            Some(t) if t > 0.0 && t.is_finite() => Some(Duration::from_secs_f64(t)),
            Some(_) => return Err(PyValueError::new_err("timeout_seconds must be positive")),
        };
        let clock = datetime
            .map(sim::clock::parse_clock)
            .transpose()
            .map_err(|why| PyValueError::new_err(format!("datetime: {why}")))?;
        if self.inner.shared.suite.get(&task_id).is_none() {
            return Err(PyKeyError::new_err(format!("no task with id '{task_id}'")));
        }
        let options = StartOptions {
            seed: random_seed,
            max_interactions,
            timeout,
            clock,
        };
        let inner = self.inner.clone();
        py.detach(move || start(&inner, task_id, options))
    }

    /// Worlds alive in this runtime.
    fn live(&self) -> usize {
        self.inner.live.load(Ordering::Relaxed)
    }

    /// Number of worker threads (0 for an inline runtime).
    fn threads(&self) -> usize {
        self.inner.workers.as_ref().map_or(0, |w| w.len())
    }

    /// Waits until every worker has done the jobs queued before (a closed world is dropped
    /// in the background, after the calls queued before its close).
    fn sync(&self, py: Python<'_>) -> PyResult<()> {
        let Some(workers) = &self.inner.workers else {
            return Ok(());
        };
        py.detach(|| {
            for w in 0..workers.len() {
                workers.run(w, |_: &mut Hosted| ()).map_err(gone)?;
            }
            Ok(())
        })
    }
}

/// Where a runtime's world and tasks come from.
enum From {
    /// A world directory (`None`: the default world) with appsim's tasks.
    World(Option<PathBuf>),
    /// An AppWorld data root: its world and its tasks.
    Root(PathBuf),
}

fn open(from: From, python: sim::PythonKind, threads: usize) -> PyResult<Inner> {
    let opened = match &from {
        From::World(dir) => tasks::TaskWorld::open(dir.as_deref()),
        From::Root(root) => tasks::TaskWorld::open_data_root(root),
    };
    let tasks::TaskWorld {
        world,
        registry,
        suite,
    } = opened.map_err(|e| match (&from, e) {
        // What a folder the caller named lacks is a bad argument.
        (From::World(Some(dir)), e) => {
            PyValueError::new_err(format!("world_dir {}: {e}", dir.display()))
        }
        (From::Root(_), e) => PyValueError::new_err(format!("appworld_root {e}")),
        (From::World(None), e) => runtime_error(e),
    })?;
    let shared = Arc::new(Shared {
        world,
        registry,
        suite: Arc::new(suite),
        python,
    });
    let workers = match threads {
        0 => None,
        n => {
            let cfg = WorkersConfig {
                threads: n,
                name: "appsim-world".into(),
                stack_bytes: 64 << 20,
            };
            Some(Workers::start(&cfg, |_| Ok::<_, String>(Hosted::new())).map_err(runtime_error)?)
        }
    };
    Ok(Inner {
        shared,
        load: Mutex::new(vec![0; workers.as_ref().map_or(0, |w| w.len())]),
        workers,
        next_id: AtomicU64::new(1),
        live: AtomicUsize::new(0),
    })
}

/// Places a new world ([`Inner::place`]) and starts its task there.
fn start(inner: &Arc<Inner>, task_id: String, o: StartOptions) -> PyResult<World> {
    let home = inner.place()?;
    let id = inner.next_id.fetch_add(1, Ordering::Relaxed);
    let shared = inner.shared.clone();
    let started = inner
        .run(home, move |hosted: &mut Hosted| {
            let defaults = sim::EpisodeConfig::default();
            let base = sim::EpisodeConfig {
                python: shared.python,
                python_seed: o.seed,
                max_interactions: o.max_interactions,
                time_limit: o.timeout.unwrap_or(defaults.time_limit),
                ..defaults
            };
            let env = TaskEnv::new(
                &shared.world,
                shared.registry.clone(),
                shared.suite.clone(),
                base,
            )
            .map_err(|e| e.to_string())?
            .with_clock(o.clock);
            hosted.insert(id, Live::start(env, &task_id).map_err(|e| e.to_string())?);
            Ok::<_, String>(())
        })
        .and_then(|r| r.map_err(runtime_error));
    match started {
        Ok(()) => {
            inner.live.fetch_add(1, Ordering::Relaxed);
            Ok(World {
                inner: inner.clone(),
                id,
                home,
                closed: AtomicBool::new(false),
            })
        }
        Err(e) => {
            inner.unplace(home);
            Err(e)
        }
    }
}

/// One world: a task's episode at its [`Home`].
#[pyclass(module = "appsim._appsim", frozen)]
struct World {
    inner: Arc<Inner>,
    id: u64,
    home: Home,
    closed: AtomicBool,
}

impl World {
    /// Runs `job` on this world at its home with the GIL released.
    fn on_worker<R: Send + 'static>(
        &self,
        py: Python<'_>,
        job: impl FnOnce(&mut Live) -> Result<R, String> + Send + 'static,
    ) -> PyResult<R> {
        if self.closed.load(Ordering::Relaxed) {
            return Err(PyRuntimeError::new_err("this world is closed"));
        }
        let (id, home, inner) = (self.id, self.home, &self.inner);
        py.detach(move || {
            inner
                .run(home, move |hosted: &mut Hosted| match hosted.get_mut(&id) {
                    Some(live) => job(live),
                    None => Err("this world is closed".to_string()),
                })?
                .map_err(runtime_error)
        })
    }

    /// Drops the world at its home; `false` if it was closed already. A worker drops it after
    /// the jobs queued before; an inline world closed from another thread is dropped when its
    /// own thread ends.
    fn release(&self) -> bool {
        if self.closed.swap(true, Ordering::Relaxed) {
            return false;
        }
        let id = self.id;
        match (self.home, &self.inner.workers) {
            (Home::Worker(w), Some(workers)) => {
                let _ = workers.send(w, move |hosted: &mut Hosted| {
                    hosted.remove(&id);
                });
            }
            (Home::Inline(t), _) if t == std::thread::current().id() => {
                // Taken out first, dropped after the borrow ends.
                let live = INLINE.with(|h| h.try_borrow_mut().ok().and_then(|mut h| h.remove(&id)));
                drop(live);
            }
            _ => {}
        }
        self.inner.live.fetch_sub(1, Ordering::Relaxed);
        self.inner.unplace(self.home);
        true
    }
}

#[pymethods]
impl World {
    /// This world's id within its runtime.
    #[getter]
    fn id(&self) -> u64 {
        self.id
    }

    /// The id of the task this world runs.
    fn task_id(&self, py: Python<'_>) -> PyResult<String> {
        self.on_worker(py, |l| {
            l.env
                .task()
                .map(|t| t.id.clone())
                .ok_or_else(|| "no task started".to_string())
        })
    }

    /// Runs one code cell as AppWorld's `execute` does and answers its output.
    fn execute(&self, py: Python<'_>, code: String) -> PyResult<String> {
        self.on_worker(py, move |l| Ok(l.env.execute(&code)))
    }

    /// AppWorld's test-tracker dictionary of the world's state now, as JSON.
    fn evaluate(&self, py: Python<'_>) -> PyResult<String> {
        self.on_worker(py, |l| {
            let (tracked, _) = l.tracker().map_err(|e| e.to_string())?;
            Ok(tracked.to_string())
        })
    }

    /// Whether the agent has called `apis.supervisor.complete_task`.
    fn task_completed(&self, py: Python<'_>) -> PyResult<bool> {
        self.on_worker(py, |l| Ok(l.env.completed()))
    }

    /// Saves the databases' state under `state_id` (Python variables are not saved).
    fn save_state(&self, py: Python<'_>, state_id: String) -> PyResult<()> {
        self.on_worker(py, move |l| {
            l.env
                .episode_mut()
                .save_state(&state_id)
                .map_err(|e| e.to_string())
        })
    }

    /// Returns the databases to the state saved under `state_id`.
    fn load_state(&self, py: Python<'_>, state_id: String) -> PyResult<()> {
        self.on_worker(py, move |l| {
            l.env
                .episode_mut()
                .load_state(&state_id)
                .map_err(|e| e.to_string())
        })
    }

    /// A hash of every table's rows: equal hashes mean equal world states.
    fn state_hash(&self, py: Python<'_>) -> PyResult<String> {
        self.on_worker(py, |l| {
            l.env.episode().state_hash().map_err(|e| e.to_string())
        })
    }

    /// A copy of this world in its current state (databases, clock, Python variables), on the
    /// same worker; the two go on independently.
    fn fork(&self, py: Python<'_>) -> PyResult<World> {
        if self.closed.load(Ordering::Relaxed) {
            return Err(PyRuntimeError::new_err("this world is closed"));
        }
        let (from, to) = (self.id, self.inner.next_id.fetch_add(1, Ordering::Relaxed));
        let (home, inner) = (self.home, &self.inner);
        py.detach(move || {
            inner
                .run(home, move |hosted: &mut Hosted| {
                    let live = hosted
                        .get(&from)
                        .ok_or_else(|| "this world is closed".to_string())?;
                    let copy = live.fork().map_err(|e| e.to_string())?;
                    hosted.insert(to, copy);
                    Ok::<_, String>(())
                })?
                .map_err(runtime_error)
        })?;
        self.inner.live.fetch_add(1, Ordering::Relaxed);
        if let (Home::Worker(w), Ok(mut load)) = (home, self.inner.load.lock()) {
            load[w] += 1;
        }
        Ok(World {
            inner: self.inner.clone(),
            id: to,
            home,
            closed: AtomicBool::new(false),
        })
    }

    /// Releases the world (its episode and interpreter); later calls fail. Closing twice is a
    /// no-op.
    fn close(&self) {
        self.release();
    }

    /// Whether the world has been closed.
    #[getter]
    fn closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

impl Drop for World {
    fn drop(&mut self) {
        self.release();
    }
}

/// AppWorld's plain-text report of a tracker dictionary given as JSON.
#[pyfunction]
fn report_text(tracker: &str) -> PyResult<String> {
    let t: Value =
        serde_json::from_str(tracker).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(tasks::appworld::report_text(&t))
}

/// The native module.
#[pymodule]
fn _appsim(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(report_text, m)?)?;
    m.add_class::<Runtime>()?;
    m.add_class::<World>()?;
    Ok(())
}
