//! The RustPython executor: one interpreter per thread, reused by every episode that runs on
//! that thread; a private global scope per episode. No host access is compiled in, imports are
//! allow-listed, blocked builtins; time and memory limits through [`super::limits`].

use super::convert;
use super::limits::{CellWatch, Stop};
use super::{CellLimits, Dispatch, Executor, Outcome, PENDULUM_SOURCE, PREAMBLE_SOURCE};
use chrono::{Datelike, NaiveDateTime, Timelike};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyCode, PyDictRef, PyStrRef};
use rustpython_vm::compiler::Mode;
use rustpython_vm::scope::Scope;
use rustpython_vm::{Interpreter, PyObjectRef, PyRef, PyResult, Settings, VirtualMachine};
use serde_json::{Map, Value};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;

struct Runtime {
    interp: Interpreter,
    watch: Arc<CellWatch>,
    scopes: HashMap<u64, Scope>,
    new_scope: PyObjectRef,
    fork_scope: PyObjectRef,
    syntax_error: PyObjectRef,
    safety: PyObjectRef,
    set_pendulum_now: PyObjectRef,
    /// `_appsim_rp.format_exception`, `remember` and `compile_cell` (`rustpython_compat.py`).
    format_exc: PyObjectRef,
    remember: PyObjectRef,
    compile_cell: PyObjectRef,
    /// Cells compiled so far on this thread: each gets its own file name.
    cells: u64,
    clock: Option<NaiveDateTime>,
    /// Compiled cells by source: agents and scripted policies re-run the same cells often, and
    /// compiling costs more than running a short cell.
    compiled: HashMap<String, PyRef<PyCode>>,
}

/// RustPython's recursion limit, counted from a cell's module frame: a runaway recursion shows
/// the depth AppWorld's shell shows (`[Previous line repeated 983 more times]` for a function
/// calling itself; AppWorld's 1000 includes IPython's own frames). On a thread with a small
/// native stack RustPython's own stack guard raises `RecursionError` earlier (serve workers and
/// rollout threads have 64 MiB or more; a 2 MiB thread reaches a few hundred frames).
const RECURSION_LIMIT: usize = 987;

/// How many compiled cells a thread keeps before it forgets them all.
const COMPILED_CACHE_CAP: usize = 512;

/// The thread's runtime, deliberately not dropped at thread exit: RustPython's own
/// thread-locals may already be gone by then, and dropping an interpreter needs them.
struct Leaked(Option<Runtime>);

impl Drop for Leaked {
    fn drop(&mut self) {
        std::mem::forget(self.0.take());
    }
}

thread_local! {
    static RUNTIME: RefCell<Leaked> = const { RefCell::new(Leaked(None)) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
    static NOW: Cell<(i32, u32, u32, u32, u32, u32)> = const { Cell::new((2023, 5, 18, 12, 0, 0)) };
    static DISPATCH: Cell<Option<*mut (dyn Dispatch + 'static)>> = const { Cell::new(None) };
    static API_CALLS: Cell<(usize, usize)> = const { Cell::new((0, usize::MAX)) };
}

#[rustpython_vm::pymodule]
mod _appsim {
    use super::*;
    use rustpython_vm::builtins::PyListRef;

    #[pyfunction]
    fn call(
        app: PyStrRef,
        api: PyStrRef,
        kwargs: PyDictRef,
        vm: &VirtualMachine,
    ) -> PyResult<PyObjectRef> {
        let Some(ptr) = DISPATCH.with(Cell::get) else {
            return Err(vm.new_runtime_error("apis are only available inside a cell".to_owned()));
        };
        let args = match convert::to_json(&kwargs.clone().into(), vm, 0)? {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        let (app, api) = (
            app.to_string_lossy().into_owned(),
            api.to_string_lossy().into_owned(),
        );
        // SAFETY: DISPATCH is set by `execute` for exactly the duration of the cell, pointing at
        // a dispatcher that outlives it; cells run on this thread only.
        let d = unsafe { &mut *ptr };
        let mut calls = API_CALLS.with(Cell::get);
        let answer = crate::python::bridge_call(d, &mut calls, &app, &api, &args);
        API_CALLS.with(|c| c.set(calls));
        match answer {
            Ok(v) => convert::to_py(&v, vm),
            Err(e) => {
                let kind = match e.kind {
                    "OverflowError" => vm.ctx.exceptions.overflow_error,
                    _ => vm.ctx.exceptions.exception_type,
                };
                Err(vm.new_exception_msg(kind.to_owned(), e.message.into()))
            }
        }
    }

    #[pyfunction]
    fn write(text: PyStrRef) {
        OUTPUT.with(|o| {
            let mut o = o.borrow_mut();
            if o.len() < crate::python::MAX_OUTPUT {
                o.push_str(&text.to_string_lossy());
            }
        });
    }

    #[pyfunction]
    fn now(vm: &VirtualMachine) -> PyObjectRef {
        let (y, mo, d, h, mi, s) = NOW.with(Cell::get);
        vm.ctx
            .new_tuple(vec![
                vm.ctx.new_int(y).into(),
                vm.ctx.new_int(mo).into(),
                vm.ctx.new_int(d).into(),
                vm.ctx.new_int(h).into(),
                vm.ctx.new_int(mi).into(),
                vm.ctx.new_int(s).into(),
            ])
            .into()
    }

    #[pyfunction]
    fn app_names(vm: &VirtualMachine) -> PyListRef {
        let names = DISPATCH
            .with(Cell::get)
            .map(|p| unsafe { &*p }.app_names())
            .unwrap_or_default();
        vm.ctx.new_list(
            names
                .into_iter()
                .map(|n| vm.ctx.new_str(n).into())
                .collect(),
        )
    }

    #[pyfunction]
    fn api_names(app: PyStrRef, vm: &VirtualMachine) -> PyListRef {
        let app = app.to_string_lossy();
        let names = DISPATCH
            .with(Cell::get)
            .map(|p| unsafe { &*p }.api_names(&app))
            .unwrap_or_default();
        vm.ctx.new_list(
            names
                .into_iter()
                .map(|n| vm.ctx.new_str(n).into())
                .collect(),
        )
    }
}

/// Compiles `source` as module `name` and puts it into `sys.modules`.
fn install_module(vm: &VirtualMachine, name: &str, source: &str) -> PyResult<()> {
    let code = vm
        .compile(source, Mode::Exec, format!("<appsim:{name}>"))
        .map_err(|e| vm.new_runtime_error(format!("{name}: {e:?}")))?;
    let dict = vm.ctx.new_dict();
    dict.set_item("__name__", vm.ctx.new_str(name).into(), vm)?;
    let module = vm.new_module(name, dict.clone(), None);
    let sys_modules = vm.sys_module.get_attr("modules", vm)?;
    sys_modules.set_item(name, module.clone().into(), vm)?;
    vm.run_code_obj(code, Scope::with_builtins(None, dict, vm))?;
    Ok(())
}

/// A harmless `os` for the standard library's own imports (random reads `os.urandom`); agent
/// code cannot import it (not on the allow-list) and it reaches nothing on the host.
const OS_SHIM: &str = r#"
"""Stand-in for os inside appsim: no files, processes or environment."""
name = "appsim"
sep = "/"
curdir = "."
pardir = ".."
extsep = "."
altsep = None
pathsep = ":"
linesep = "\n"
devnull = "/dev/null"
environ = {}
def urandom(n):
    raise NotImplementedError("os.urandom is not available; seed random explicitly")
def fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    raise TypeError("expected str or bytes")
def getenv(key, default=None):
    return default
"#;

/// The message of a compile error, without its location.
fn compile_error_message(e: &impl std::fmt::Display) -> String {
    let text = e.to_string();
    let text = text.lines().next().unwrap_or("invalid syntax");
    text.split(" at line ").next().unwrap_or(text).to_string()
}

/// What CPython 3.11 shows and RustPython does not (tracebacks, syntax errors, float floor
/// divisions of constants): `_appsim_rp`.
const COMPAT_SOURCE: &str = include_str!("rustpython_compat.py");

/// `code` compiled with its float floor divisions of constants folded as CPython folds them,
/// where it has any (`compile_cell`; rustpython-codegen 0.6.0 folds `5 // 0.5` to 0.0).
fn folded_compile(
    vm: &VirtualMachine,
    compile_cell: &PyObjectRef,
    code: &str,
    file: &str,
) -> Option<PyRef<PyCode>> {
    if !code.contains("//") {
        return None;
    }
    let c = compile_cell.call((code, file), vm).ok()?;
    c.downcast::<PyCode>().ok()
}

/// RustPython's own text of `exc` (no source lines): for failures outside a cell.
fn exc_text(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> String {
    let mut s = String::new();
    let _ = vm.write_exception(&mut s, exc);
    s
}

/// The traceback text of an exception a cell raised, as CPython 3.11 writes it; RustPython's
/// own text if formatting fails.
fn cell_exc_text(vm: &VirtualMachine, format: &PyObjectRef, exc: &PyBaseExceptionRef) -> String {
    format
        .call((exc.clone(),), vm)
        .ok()
        .and_then(|t| t.str(vm).ok().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| exc_text(vm, exc))
}

impl Runtime {
    fn new() -> Result<Runtime, String> {
        let (tx, rx) = rustpython_vm::signal::user_signal_channel();
        let mut settings = Settings::default();
        settings.install_signal_handlers = false;
        settings.import_site = false;
        settings.ignore_environment = true;
        settings.isolated = true;
        let builder = Interpreter::builder(settings);
        // The pure-Python datetime (not the native `_datetime`) so the clock can be frozen.
        let defs: Vec<_> = rustpython_stdlib::stdlib_module_defs(&builder.ctx)
            .into_iter()
            .filter(|d| d.name.as_str() != "_datetime")
            .collect();
        let appsim = _appsim::module_def(&builder.ctx);
        let interp = builder
            .add_native_modules(&defs)
            .add_native_module(appsim)
            .add_frozen_modules(rustpython_pylib::FROZEN_STDLIB)
            .init_hook(move |vm| {
                vm.set_user_signal_channel(rx);
                vm.recursion_limit.set(RECURSION_LIMIT);
            })
            .build();
        let watch = CellWatch::new(tx);
        if !watch.counts_allocations() {
            return Err(crate::python::limits::NOT_COUNTING.into());
        }
        type Hooks = (
            PyObjectRef,
            PyObjectRef,
            PyObjectRef,
            PyObjectRef,
            PyObjectRef,
            (PyObjectRef, PyObjectRef, PyObjectRef),
        );
        let setup = interp.enter(|vm| -> PyResult<Hooks> {
            install_module(vm, "os", OS_SHIM)?;
            install_module(vm, "pendulum", PENDULUM_SOURCE)?;
            install_module(vm, "_appsim_rp", COMPAT_SOURCE)?;
            let code = vm
                .compile(PREAMBLE_SOURCE, Mode::Exec, "<appsim:preamble>".to_owned())
                .map_err(|e| vm.new_runtime_error(format!("preamble: {e:?}")))?;
            let scope = vm.new_scope_with_builtins();
            vm.run_code_obj(code, scope.clone())?;
            let get = |n: &str| scope.globals.get_item(n, vm);
            let pendulum = vm.import("pendulum", 0)?;
            // (Not through `import`: the preamble's allow-list refuses engine modules.)
            let tb = vm
                .sys_module
                .get_attr("modules", vm)?
                .get_item("_appsim_rp", vm)?;
            Ok((
                get("_appsim_new_scope")?,
                get("_appsim_fork_scope")?,
                tb.get_attr("syntax_error", vm)?,
                get("_appsim_safety")?,
                pendulum.get_attr("_set_now", vm)?,
                (
                    tb.get_attr("format_exception", vm)?,
                    tb.get_attr("remember", vm)?,
                    tb.get_attr("compile_cell", vm)?,
                ),
            ))
        });
        let (new_scope, fork_scope, syntax_error, safety, set_pendulum_now, tb) = match setup {
            Ok(v) => v,
            Err(e) => return Err(interp.enter(|vm| exc_text(vm, &e))),
        };
        Ok(Runtime {
            interp,
            watch,
            scopes: HashMap::new(),
            new_scope,
            fork_scope,
            syntax_error,
            safety,
            set_pendulum_now,
            format_exc: tb.0,
            remember: tb.1,
            compile_cell: tb.2,
            cells: 1,
            clock: None,
            compiled: HashMap::new(),
        })
    }
}

fn with_runtime<T>(f: impl FnOnce(&mut Runtime) -> T) -> Result<T, String> {
    RUNTIME.with(|r| {
        let mut r = r.try_borrow_mut().map_err(|_| {
            "the Python runtime is busy (a cell is already running on this thread)".to_string()
        })?;
        if r.0.is_none() {
            r.0 = Some(Runtime::new()?);
        }
        Ok(f(r.0.as_mut().expect("initialised above")))
    })
}

/// Makes episode `uid`'s scope on this thread from the dict a preamble hook answers.
fn install_scope(
    rt: &mut Runtime,
    uid: u64,
    make: impl FnOnce(&Runtime, &VirtualMachine) -> PyResult<PyObjectRef>,
) -> Result<(), String> {
    let scope = rt.interp.enter(|vm| -> PyResult<Scope> {
        let globals: PyDictRef = make(rt, vm)?
            .downcast()
            .map_err(|_| vm.new_type_error("scope is not a dict".to_owned()))?;
        Ok(Scope::new(None, globals))
    });
    match scope {
        Ok(s) => {
            rt.scopes.insert(uid, s);
            Ok(())
        }
        Err(e) => Err(rt.interp.enter(|vm| exc_text(vm, &e))),
    }
}

struct DispatchGuard;
impl Drop for DispatchGuard {
    fn drop(&mut self) {
        DISPATCH.with(|d| d.set(None));
    }
}

/// The RustPython executor (see the module docs).
pub(super) struct RustPythonExecutor;

impl Executor for RustPythonExecutor {
    /// Warms up this thread's interpreter (the first use costs a few milliseconds).
    fn warm_up(&self) -> Result<(), String> {
        with_runtime(|_| ())
    }

    /// Creates (or replaces) the scope of episode `uid` on this thread, with `random` seeded.
    fn reset_scope(&self, uid: u64, seed: u64) -> Result<(), String> {
        with_runtime(|rt| {
            install_scope(rt, uid, |rt, vm| {
                rt.new_scope.call((vm.ctx.new_int(seed),), vm)
            })
        })?
    }

    /// Gives episode `dst` a copy of episode `src`'s scope on this thread: variables deep-copied
    /// where Python can copy them (shared otherwise), the `random` generator's state carried over.
    fn fork_scope(&self, src: u64, dst: u64) -> Result<(), String> {
        with_runtime(|rt| {
            let Some(from) = rt.scopes.get(&src) else {
                return Err(format!("episode {src} has no Python scope on this thread"));
            };
            let from = from.globals.clone();
            install_scope(rt, dst, |rt, vm| rt.fork_scope.call((from,), vm))
        })?
    }

    /// Drops the scope of episode `uid` if it lives on this thread.
    fn drop_scope(&self, uid: u64) {
        let _ = RUNTIME.try_with(|r| {
            if let Ok(mut r) = r.try_borrow_mut()
                && let Some(rt) = r.0.as_mut()
            {
                rt.scopes.remove(&uid);
            }
        });
    }

    /// Does episode `uid` have a scope on this thread?
    fn has_scope(&self, uid: u64) -> bool {
        RUNTIME.with(|r| {
            r.try_borrow()
                .map(|r| r.0.as_ref().is_some_and(|rt| rt.scopes.contains_key(&uid)))
                .unwrap_or(false)
        })
    }

    /// Runs one cell in episode `uid`'s scope and returns AppWorld's output string.
    fn execute(
        &self,
        uid: u64,
        code: &str,
        limits: &CellLimits,
        dispatch: &mut dyn Dispatch,
    ) -> String {
        if code.trim().is_empty() {
            return super::render(Outcome::Empty, limits);
        }
        let res = with_runtime(|rt| {
            let Some(scope) = rt.scopes.get(&uid).cloned() else {
                return "Execution failed. Traceback:\nRuntimeError: this episode's Python scope lives on another thread; \
                        reset the episode after moving it between threads."
                    .to_string();
            };
            let n = limits.now;
            NOW.with(|c| {
                c.set((
                    n.year(),
                    n.month(),
                    n.day(),
                    n.hour(),
                    n.minute(),
                    n.second(),
                ))
            });
            OUTPUT.with(|o| o.borrow_mut().clear());
            API_CALLS.with(|c| c.set((0, limits.max_api_calls)));
            // SAFETY: the pointer is cleared by the guard before `dispatch`'s borrow ends.
            let ptr: *mut (dyn Dispatch + '_) = dispatch;
            let ptr: *mut (dyn Dispatch + 'static) = unsafe { std::mem::transmute(ptr) };
            DISPATCH.with(|d| d.set(Some(ptr)));
            let _guard = DispatchGuard;
            let interp = &rt.interp;
            let watch = rt.watch.clone();
            let clock_changed = rt.clock != Some(n);
            let set_now = rt.set_pendulum_now.clone();
            let syntax_error = rt.syntax_error.clone();
            let safety = rt.safety.clone();
            rt.cells += 1;
            let file = format!("{}{}-appsim>", super::CELL_FILE_PREFIX, rt.cells);
            let compiled_cache = &mut rt.compiled;
            let (format_exc, remember) = (rt.format_exc.clone(), rt.remember.clone());
            let compile_cell = rt.compile_cell.clone();
            let out = interp.enter(|vm| {
                if clock_changed {
                    let dt = vm
                        .import("datetime", 0)
                        .and_then(|m| m.get_attr("datetime", vm))
                        .and_then(|cls| {
                            cls.call(
                                (
                                    n.year(),
                                    n.month(),
                                    n.day(),
                                    n.hour(),
                                    n.minute(),
                                    n.second(),
                                ),
                                vm,
                            )
                        })
                        .and_then(|dt| set_now.call((dt,), vm));
                    if let Err(e) = dt {
                        return format!("Execution failed. Traceback:\n{}", exc_text(vm, &e));
                    }
                }
                // AppWorld's safety check, on the code as sent; then the code stripped.
                match safety.call((vm.ctx.new_str(code),), vm) {
                    Ok(msg) if !vm.is_none(&msg) => {
                        let msg = msg.str(vm).map(|m| m.to_string_lossy().into_owned());
                        return super::render(Outcome::Refused(msg.unwrap_or_default()), limits);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        let traceback = exc_text(vm, &e);
                        let failed = Outcome::Failed {
                            traceback,
                            memory: false,
                        };
                        return super::render(failed, limits);
                    }
                }
                let code = code.trim();
                if code.is_empty() {
                    return super::render(Outcome::Empty, limits);
                }
                let compiled = match compiled_cache.get(code) {
                    Some(c) => Ok(c.clone()),
                    None => folded_compile(vm, &compile_cell, code, &file)
                        .map_or_else(|| vm.compile(code, Mode::Exec, file), Ok),
                };
                let code_obj = match compiled {
                    Ok(c) => {
                        if !compiled_cache.contains_key(code) {
                            if compiled_cache.len() >= COMPILED_CACHE_CAP {
                                compiled_cache.clear();
                            }
                            compiled_cache.insert(code.to_string(), c.clone());
                        }
                        c
                    }
                    Err(e) => {
                        let bad = syntax_error
                            .call((vm.ctx.new_str(code),), vm)
                            .ok()
                            .and_then(|t| {
                                if vm.is_none(&t) {
                                    return None;
                                }
                                let t: Vec<PyObjectRef> = t.try_to_value(vm).ok()?;
                                let text = t.first()?.str(vm).ok()?.to_string_lossy().into_owned();
                                let msg = t.get(1)?.str(vm).ok()?.to_string_lossy().into_owned();
                                Some((text, msg))
                            });
                        let outcome = match bad {
                            Some((text, msg)) => Outcome::Syntax { text, msg },
                            // An error only the compiler finds (`return` outside a function):
                            // AppWorld shows the exception without its location.
                            None => Outcome::Failed {
                                traceback: format!(
                                    "Traceback (most recent call last):\nSyntaxError: {}\n",
                                    compile_error_message(&e)
                                ),
                                memory: false,
                            },
                        };
                        return super::render(outcome, limits);
                    }
                };
                let remembered = remember.call(
                    (
                        scope.globals.clone(),
                        code_obj.clone(),
                        vm.ctx.new_str(code),
                    ),
                    vm,
                );
                if let Err(e) = remembered {
                    return format!("Execution failed. Traceback:\n{}", exc_text(vm, &e));
                }
                let guard = watch.start(limits.time_limit, limits.memory_limit);
                let result = vm.run_code_obj(code_obj, scope);
                drop(guard);
                let printed = OUTPUT.with(|o| std::mem::take(&mut *o.borrow_mut()));
                let outcome = match (watch.stopped(), result) {
                    (Some(Stop::Timeout), _) => Outcome::Timeout,
                    (_, Ok(_)) => Outcome::Printed(printed),
                    (stop, Err(e)) => Outcome::Failed {
                        // (RustPython ends some messages with a space.)
                        traceback: cell_exc_text(vm, &format_exc, &e).trim_end().to_string(),
                        memory: stop == Some(Stop::Memory),
                    },
                };
                super::render(outcome, limits)
            });
            if clock_changed && !out.starts_with("Execution failed. Traceback:\n  File \"<appsim") {
                rt.clock = Some(n);
            }
            out
        });
        res.unwrap_or_else(|e| super::render(Outcome::Internal(e), limits))
    }
}
