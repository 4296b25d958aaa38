//! `appsim._appsim`: the native half of the `appsim` Python package. A [`Runtime`] opens the
//! world and the task suite once and hosts worlds (task episodes) on its worker threads; a
//! [`World`] is a handle to one of them. Every call that runs a cell, a setup or an evaluation
//! releases the GIL while its worker does the work, so Python threads step different worlds
//! in parallel. An episode's Python state lives on the worker thread that made it (episodes
//! are `!Send`): a world's calls, and its forks, always run on that worker.
//!
//! Answers that are dictionaries cross as JSON text; `appsim/__init__.py` turns them into
//! AppWorld's Python objects.

use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde_json::Value;
use sim::workers::{Workers, WorkersConfig};
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

/// The opened world and its workers.
struct Inner {
    shared: Arc<Shared>,
    workers: Workers<Hosted>,
    next_id: AtomicU64,
    live: AtomicUsize,
    /// Worlds per worker, for placing a new world on the least loaded one.
    load: Mutex<Vec<usize>>,
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
    /// world, built or read from its cache) and starts `threads` workers (0: one per CPU).
    /// `python` picks the cell executor: "cpython" (default) or "rustpython".
    #[new]
    #[pyo3(signature = (world_dir=None, python=None, threads=0))]
    fn new(
        py: Python<'_>,
        world_dir: Option<PathBuf>,
        python: Option<&str>,
        threads: usize,
    ) -> PyResult<Runtime> {
        let python = match python {
            None => sim::PythonKind::default(),
            Some(name) => name.parse().map_err(PyValueError::new_err)?,
        };
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        };
        let opened = py.detach(move || open(world_dir, python, threads));
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

    /// Number of worker threads.
    fn threads(&self) -> usize {
        self.inner.workers.len()
    }

    /// Waits until every worker has done the jobs queued before (a closed world is dropped
    /// in the background, after the calls queued before its close).
    fn sync(&self, py: Python<'_>) -> PyResult<()> {
        let workers = &self.inner.workers;
        py.detach(|| {
            for w in 0..workers.len() {
                workers.run(w, |_: &mut Hosted| ()).map_err(gone)?;
            }
            Ok(())
        })
    }
}

fn open(world_dir: Option<PathBuf>, python: sim::PythonKind, threads: usize) -> PyResult<Inner> {
    let (world, registry) =
        tasks::world::open_world(world_dir.as_deref()).map_err(runtime_error)?;
    let suite = tasks::world::suite();
    if let Some(dir) = &world_dir {
        tasks::world::tasks_fit(&world, &suite).map_err(|why| {
            PyValueError::new_err(format!(
                "world_dir {}: appsim's tasks cannot run on this world: {why}",
                dir.display()
            ))
        })?;
    }
    let shared = Arc::new(Shared {
        world,
        registry,
        suite: Arc::new(suite),
        python,
    });
    let cfg = WorkersConfig {
        threads,
        name: "appsim-world".into(),
        stack_bytes: 64 << 20,
    };
    let workers =
        Workers::start(&cfg, |_| Ok::<_, String>(Hosted::new())).map_err(runtime_error)?;
    Ok(Inner {
        shared,
        load: Mutex::new(vec![0; workers.len()]),
        workers,
        next_id: AtomicU64::new(1),
        live: AtomicUsize::new(0),
    })
}

/// Places a new world on the least loaded worker and starts its task there.
fn start(inner: &Arc<Inner>, task_id: String, o: StartOptions) -> PyResult<World> {
    let worker = {
        let mut load = inner.load.lock().map_err(runtime_error)?;
        let (w, _) = load
            .iter()
            .enumerate()
            .min_by_key(|(_, n)| **n)
            .expect("a runtime has workers");
        load[w] += 1;
        w
    };
    let id = inner.next_id.fetch_add(1, Ordering::Relaxed);
    let shared = inner.shared.clone();
    let started = inner
        .workers
        .run(worker, move |hosted: &mut Hosted| {
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
        .map_err(gone)
        .and_then(|r| r.map_err(runtime_error));
    match started {
        Ok(()) => {
            inner.live.fetch_add(1, Ordering::Relaxed);
            Ok(World {
                inner: inner.clone(),
                id,
                worker,
                closed: AtomicBool::new(false),
            })
        }
        Err(e) => {
            if let Ok(mut load) = inner.load.lock() {
                load[worker] -= 1;
            }
            Err(e)
        }
    }
}

/// One world: a task's episode on a worker thread.
#[pyclass(module = "appsim._appsim", frozen)]
struct World {
    inner: Arc<Inner>,
    id: u64,
    worker: usize,
    closed: AtomicBool,
}

impl World {
    /// Runs `job` on this world's worker with the GIL released.
    fn on_worker<R: Send + 'static>(
        &self,
        py: Python<'_>,
        job: impl FnOnce(&mut Live) -> Result<R, String> + Send + 'static,
    ) -> PyResult<R> {
        if self.closed.load(Ordering::Relaxed) {
            return Err(PyRuntimeError::new_err("this world is closed"));
        }
        let id = self.id;
        let workers = &self.inner.workers;
        let worker = self.worker;
        py.detach(move || {
            workers
                .run(worker, move |hosted: &mut Hosted| {
                    match hosted.get_mut(&id) {
                        Some(live) => job(live),
                        None => Err("this world is closed".to_string()),
                    }
                })
                .map_err(gone)?
                .map_err(runtime_error)
        })
    }

    /// Drops the world on its worker; `false` if it was closed already.
    fn release(&self) -> bool {
        if self.closed.swap(true, Ordering::Relaxed) {
            return false;
        }
        let id = self.id;
        // Queued without waiting: the worker drops the episode after the jobs before it.
        let _ = self
            .inner
            .workers
            .send(self.worker, move |hosted: &mut Hosted| {
                hosted.remove(&id);
            });
        self.inner.live.fetch_sub(1, Ordering::Relaxed);
        if let Ok(mut load) = self.inner.load.lock() {
            load[self.worker] = load[self.worker].saturating_sub(1);
        }
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
        let workers = &self.inner.workers;
        let worker = self.worker;
        py.detach(move || {
            workers
                .run(worker, move |hosted: &mut Hosted| {
                    let live = hosted
                        .get(&from)
                        .ok_or_else(|| "this world is closed".to_string())?;
                    let copy = live.fork().map_err(|e| e.to_string())?;
                    hosted.insert(to, copy);
                    Ok::<_, String>(())
                })
                .map_err(gone)?
                .map_err(runtime_error)
        })?;
        self.inner.live.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut load) = self.inner.load.lock() {
            load[worker] += 1;
        }
        Ok(World {
            inner: self.inner.clone(),
            id: to,
            worker,
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
