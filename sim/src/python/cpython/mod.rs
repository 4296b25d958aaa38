//! The CPython executor: CPython 3.11 (AppWorld's version) compiled to WASI, run under wasmtime.
//! Each episode has its own instance, made from a pre-initialised copy-on-write image
//! (`image.rs`), so a reset costs microseconds and episodes share nothing. The instance reaches
//! nothing but appsim's WASI (`wasi.rs`): no files, network, processes or environment (the
//! standard library is read from disk while the image is built, `wasi_fs.rs`, never after).
//!
//! Limits: a cell's time limit is an epoch deadline (a process-wide ticker advances the epoch
//! every 10 ms); past it the instance is stopped, and the episode gets a fresh interpreter
//! (its variables are lost, its world state is not). Memory: during a cell the instance's
//! linear memory may grow by the cell's memory budget; past it CPython answers `MemoryError`.
//! A fork copies the instance's memory.

mod image;
mod wasi;
mod wasi_fs;

use super::{CallError, CellLimits, Dispatch, Executor, Outcome, render};
use serde_json::{Map, Value, json};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;
use wasmtime::{
    Config, Engine, Instance, InstancePre, Store, StoreLimits, StoreLimitsBuilder, TypedFunc,
    UpdateDeadline,
};

pub use image::{PYTHON_DIR, is_fetched, python_dir};

/// The guest-side driver (channel, request loop, snapshot point).
const DRIVER_SOURCE: &str = include_str!("driver.py");
/// How often the epoch advances: the resolution of time limits.
const TICK: Duration = Duration::from_millis(10);
/// Most bytes the guest may leave on fd 1 without ending a line: a cell's answer (1 MiB of
/// output, escaped) fits many times; a cell writing to fd 1 itself gets `ENOSPC` past it.
pub(crate) const CHANNEL_CAP: usize = 32 << 20;
/// Native stack wasm code may use: deep enough that CPython's own recursion limits (Python
/// frames, C recursion in the compiler, `repr`, `json`) are reached first.
const MAX_WASM_STACK: usize = 48 << 20;
/// Stack the host keeps under a wasm call for itself (host functions: API calls, SQLite).
const HOST_STACK: usize = 8 << 20;
/// How long a cell interrupted at its time limit has to stop (its `KeyboardInterrupt` caught
/// by the driver) before the instance is stopped outright.
const GRACE: Duration = Duration::from_millis(500);
/// Linear memory an episode's interpreter may use while it is reset (before its first cell sets
/// the episode's budget).
const RESET_MEMORY: u64 = 64 << 20;

/// Runs `f` (a call into wasm) where [`MAX_WASM_STACK`] plus [`HOST_STACK`] of native stack is
/// free: on this thread's stack when it has that room, else on a stack segment kept for this
/// thread (mapped once, reused by every later call). So a deep recursion in the guest ends with
/// wasmtime's stack-overflow trap on any thread, never with the host's guard page.
pub(crate) fn on_big_stack<R>(f: impl FnOnce() -> R) -> R {
    let need = MAX_WASM_STACK + HOST_STACK;
    let on_segment = ON_SEGMENT.with(Cell::get);
    if !on_segment && stacker::remaining_stack().is_some_and(|r| r >= need) {
        return f();
    }
    let segment = SEGMENT
        .with(|s| s.take())
        .or_else(|| Segment::new(need + HOST_STACK));
    let Some(segment) = segment else {
        return stacker::maybe_grow(need, need + HOST_STACK, f);
    };
    let mut f = Some(f);
    let mut out = None;
    ON_SEGMENT.with(|s| s.set(true));
    // SAFETY: the segment is a private mapping of `size` bytes at a page-aligned `base`, used by
    // one call at a time (taken out of the thread-local slot); the callback catches panics, so
    // nothing unwinds across the stack switch.
    unsafe {
        psm::on_stack(segment.base, segment.size, || {
            let f = f.take().expect("called once");
            out = Some(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
        });
    }
    ON_SEGMENT.with(|s| s.set(on_segment));
    SEGMENT.with(|s| s.set(Some(segment)));
    match out.expect("the callback ran") {
        Ok(v) => v,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// A native stack for wasm calls: an anonymous mapping with a guard page below it.
struct Segment {
    map: *mut libc::c_void,
    len: usize,
    base: *mut u8,
    size: usize,
}

impl Segment {
    fn new(size: usize) -> Option<Segment> {
        let page = 1 << 16;
        let size = size.next_multiple_of(page);
        let len = size + page;
        // SAFETY: a fresh private anonymous mapping; its lowest page is made inaccessible.
        unsafe {
            let map = libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            );
            if map == libc::MAP_FAILED {
                return None;
            }
            if libc::mprotect(map, page, libc::PROT_NONE) != 0 {
                libc::munmap(map, len);
                return None;
            }
            Some(Segment {
                map,
                len,
                base: map.cast::<u8>().add(page),
                size,
            })
        }
    }
}

impl Drop for Segment {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, no longer in use.
        unsafe {
            libc::munmap(self.map, self.len);
        }
    }
}

/// Per-instance host state (what the WASI functions read and write).
#[derive(Default)]
pub(crate) struct Host {
    /// The frozen wall clock, ns since the Unix epoch (UTC).
    now_ns: u64,
    /// The monotonic clock: advances 1 µs a read.
    mono_ns: u64,
    /// State of the `random_get` stream.
    random: u64,
    /// Bytes the guest reads from fd 0, and how far it has read.
    to_guest: Vec<u8>,
    to_guest_pos: usize,
    /// Bytes the guest wrote to fd 1 that do not end a line yet (at most [`CHANNEL_CAP`]).
    from_guest: Vec<u8>,
    /// The guest's answer to the current message (`!` line), if it sent one.
    reply: Option<Value>,
    /// The current message ran past its deadline and the guest was interrupted.
    interrupted: bool,
    stderr: Vec<u8>,
    limits: StoreLimits,
    /// Image building: the -c program, the snapshot trigger and what it recorded (`building`:
    /// only then does the guest's `*` line arm the snapshot).
    building: bool,
    argv: Vec<String>,
    env: Vec<String>,
    fs: Option<wasi_fs::Fs>,
    armed: bool,
    arm: Option<Value>,
    snapshot: Option<image::Snapshot>,
    global_exports: Vec<(u32, String)>,
}

thread_local! {
    /// This thread's stack segment for wasm calls, while no call is using it.
    static SEGMENT: Cell<Option<Segment>> = const { Cell::new(None) };
    /// Is this thread running on a segment (where `stacker` misjudges the room left)?
    static ON_SEGMENT: Cell<bool> = const { Cell::new(false) };
    static DISPATCH: Cell<Option<*mut (dyn Dispatch + 'static)>> = const { Cell::new(None) };
    static API_CALLS: Cell<(usize, usize)> = const { Cell::new((0, usize::MAX)) };
    static EPISODES: RefCell<HashMap<u64, Interp>> = RefCell::new(HashMap::new());
}

fn read_u32(m: &[u8], at: u32) -> Option<u32> {
    let at = at as usize;
    Some(u32::from_le_bytes(m.get(at..at + 4)?.try_into().ok()?))
}

impl Host {
    fn new(seed: u64) -> Host {
        Host {
            random: seed ^ 0x6170_7073_696d,
            ..Host::default()
        }
    }

    /// Handles every complete line the guest wrote: a `?` request is answered into fd 0 at
    /// once (one that cannot be read gets an error answer), a `!` line is the answer to the
    /// current message, a `*` line arms the snapshot while the image is built; anything else
    /// (a cell writing to fd 1 itself) is dropped.
    fn take_lines(&mut self) {
        while let Some(end) = self.from_guest.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.from_guest.drain(..=end).collect();
            let (kind, body) = match line.split_first() {
                Some((&k, body)) => (k, body),
                None => continue,
            };
            let msg: Result<Value, String> =
                serde_json::from_slice(body).map_err(|e| e.to_string());
            match kind {
                b'?' => {
                    let answer = msg
                        .map_err(|e| {
                            CallError::exception(format!("the API call could not be sent: {e}"))
                        })
                        .and_then(|msg| self.request(&msg));
                    self.answer(answer);
                }
                b'!' => {
                    self.reply = Some(msg.unwrap_or_else(
                        |e| json!({"op": "error", "msg": format!("unreadable answer from CPython: {e}")}),
                    ));
                }
                b'*' if self.building => {
                    if let Ok(msg) = msg {
                        self.armed = true;
                        self.arm = Some(msg);
                    }
                }
                _ => {}
            }
        }
    }

    /// Answers one request of the guest's (an API call, or the names of apps and APIs).
    fn request(&mut self, msg: &Value) -> Result<Value, CallError> {
        match msg["op"].as_str() {
            Some("call") => {
                let args = match &msg["args"] {
                    Value::Object(m) => m.clone(),
                    _ => Map::new(),
                };
                let app = msg["app"].as_str().unwrap_or_default();
                let api = msg["api"].as_str().unwrap_or_default();
                with_dispatch(|d| {
                    let mut calls = API_CALLS.with(Cell::get);
                    let r = super::bridge_call(d, &mut calls, app, api, &args);
                    API_CALLS.with(|c| c.set(calls));
                    r
                })
            }
            Some("app_names") => with_dispatch(|d| Ok(json!(d.app_names()))),
            Some("api_names") => {
                let app = msg["app"].as_str().unwrap_or_default();
                with_dispatch(|d| Ok(json!(d.api_names(app))))
            }
            _ => Err(CallError::exception(format!(
                "unknown request {}",
                msg["op"]
            ))),
        }
    }

    /// Puts `answer` on fd 0 as the next line the guest reads.
    fn answer(&mut self, answer: Result<Value, CallError>) {
        let reply = match answer {
            Ok(v) => json!({ "ok": v }),
            Err(e) => json!({ "err": e.message, "kind": e.kind }),
        };
        self.to_guest.drain(..self.to_guest_pos);
        self.to_guest_pos = 0;
        self.to_guest
            .extend_from_slice(reply.to_string().as_bytes());
        self.to_guest.push(b'\n');
    }
}

fn with_dispatch(
    f: impl FnOnce(&mut dyn Dispatch) -> Result<Value, CallError>,
) -> Result<Value, CallError> {
    match DISPATCH.with(Cell::get) {
        // SAFETY: set by `execute` for exactly the duration of the cell, pointing at a
        // dispatcher that outlives it; the guest runs on this thread only.
        Some(ptr) => f(unsafe { &mut *ptr }),
        None => Err(CallError::exception(
            "apis are only available inside a cell".into(),
        )),
    }
}

struct Shared {
    engine: Engine,
    image: image::Image,
    pre: InstancePre<Host>,
}

/// The process's engine and image, made on first use.
fn shared() -> Result<&'static Shared, String> {
    static SHARED: OnceLock<Result<Shared, String>> = OnceLock::new();
    SHARED
        .get_or_init(|| {
            let mut cfg = Config::new();
            cfg.epoch_interruption(true);
            cfg.memory_init_cow(true);
            // The image has holes (its C stack buffer, freed memory): map it copy-on-write
            // whatever its density, instead of copying its segments at every instantiation.
            cfg.memory_guaranteed_dense_image_size(1 << 30);
            // (wasmtime checks the wasm stack against the async stack, although appsim runs
            // wasm synchronously.)
            cfg.async_stack_size(MAX_WASM_STACK + HOST_STACK);
            cfg.max_wasm_stack(MAX_WASM_STACK);
            // The image build reads the whole call stack of the running interpreter.
            cfg.wasm_backtrace_max_frames(std::num::NonZeroUsize::new(10_000));
            let engine = Engine::new(&cfg).map_err(|e| e.to_string())?;
            let ticker = engine.clone();
            std::thread::Builder::new()
                .name("appsim-epoch".into())
                .spawn(move || {
                    loop {
                        std::thread::sleep(TICK);
                        ticker.increment_epoch();
                    }
                })
                .map_err(|e| e.to_string())?;
            let image = image::load_or_build(&engine)?;
            let linker = wasi::linker(&engine, &image.module).map_err(|e| e.to_string())?;
            let pre = linker
                .instantiate_pre(&image.module)
                .map_err(|e| e.to_string())?;
            Ok(Shared { engine, image, pre })
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// One episode's interpreter.
struct Interp {
    store: Store<Host>,
    instance: Instance,
    run: TypedFunc<(i32, i32), i32>,
    seed: u64,
    /// Linear memory of the image (bytes): an episode's memory budget is counted above it.
    base: u64,
    /// The guest's stack pointer (`__stack_pointer`) and linear memory.
    sp: Option<wasmtime::Global>,
    memory: Option<wasmtime::Memory>,
}

/// Why a request did not get its answer.
enum Stopped {
    /// The epoch deadline passed (and the grace period after the interrupt): the instance
    /// was stopped mid-instruction.
    Deadline,
    /// The driver's entry returned an error (an exception outside its own handlers): the
    /// instance is consistent.
    Failed(String),
    /// The guest's C stack is full (deep recursion through C code, e.g. a recursive
    /// `functools.lru_cache` function).
    StackOverflow,
    /// Anything else: a trap, an exit, a broken reply.
    Crash(String),
}

impl Interp {
    /// A fresh interpreter from the image (no Python state made yet).
    fn blank(seed: u64) -> Result<Interp, String> {
        let s = shared()?;
        let mut store = Store::new(&s.engine, Host::new(seed));
        store.limiter(|h| &mut h.limits);
        // Instantiation may run initialisation code of wasmtime's own: give it a second.
        store.set_epoch_deadline(100);
        let instance = s
            .pre
            .instantiate(&mut store)
            .map_err(|e| format!("starting CPython: {e}"))?;
        let run = instance
            .get_typed_func::<(i32, i32), i32>(&mut store, &s.image.run)
            .map_err(|e| e.to_string())?;
        // At the deadline: first CPython's own interrupt (a KeyboardInterrupt at the next
        // bytecode, which the driver answers; the variables stay), then, if the guest is still
        // running after the grace period (native work, or a cell swallowing the interrupt), a
        // trap.
        let interrupt = s.image.interrupt.and_then(|i| {
            let table = instance.get_table(&mut store, image::TABLE_EXPORT)?;
            let f = table
                .get(&mut store, u64::from(i.func))?
                .as_func()??
                .to_owned();
            let f = f.typed::<(i32, i32), i32>(&store).ok()?;
            Some((f, i.module as i32, i.args as i32))
        });
        let grace = GRACE.as_nanos().div_ceil(TICK.as_nanos()) as u64;
        store.epoch_deadline_callback(move |mut ctx| {
            let Some((f, module, args)) = &interrupt else {
                return Ok(UpdateDeadline::Interrupt);
            };
            if ctx.data().interrupted {
                return Ok(UpdateDeadline::Interrupt);
            }
            ctx.data_mut().interrupted = true;
            // The call itself runs wasm, which checks the deadline: move it first.
            ctx.set_epoch_deadline(grace);
            f.call(&mut ctx, (*module, *args))?;
            Ok(UpdateDeadline::Continue(grace))
        });
        let sp = s
            .image
            .globals
            .first()
            .and_then(|name| instance.get_global(&mut store, name));
        let memory = instance.get_memory(&mut store, "memory");
        let mut interp = Interp {
            store,
            instance,
            run,
            seed,
            base: 0,
            sp,
            memory,
        };
        interp.base = interp.memory_size();
        interp.set_budget(RESET_MEMORY);
        Ok(interp)
    }

    /// Bytes of linear memory the instance has now.
    fn memory_size(&mut self) -> u64 {
        self.memory
            .map(|m| m.data_size(&self.store) as u64)
            .unwrap_or(0)
    }

    /// Lets the instance's linear memory grow to the image's plus `budget` bytes (within
    /// wasm32's 4 GiB), for the whole episode: memory an earlier cell's variables hold counts.
    fn set_budget(&mut self, budget: u64) {
        let cap = self.base.saturating_add(budget).min(1 << 32);
        self.store.data_mut().limits = StoreLimitsBuilder::new().memory_size(cap as usize).build();
    }

    /// A fresh interpreter with a new scope seeded by `seed`.
    fn new(seed: u64) -> Result<Interp, String> {
        let mut interp = Interp::blank(seed)?;
        match interp.request(
            &json!({"op": "reset", "seed": seed}),
            Duration::from_secs(10),
        ) {
            Ok(_) => Ok(interp),
            Err(Stopped::Deadline) => Err("CPython did not start a scope in time".into()),
            Err(Stopped::Failed(e) | Stopped::Crash(e)) => Err(e),
            Err(Stopped::StackOverflow) => Err("CPython's C stack overflowed".into()),
        }
    }

    /// Sends one request to the driver and waits for its answer.
    fn request(&mut self, msg: &Value, limit: Duration) -> Result<Value, Stopped> {
        let entry = shared().map_err(Stopped::Crash)?.image.entry;
        let host = self.store.data_mut();
        host.to_guest.clear();
        host.to_guest_pos = 0;
        host.to_guest.extend_from_slice(msg.to_string().as_bytes());
        host.to_guest.push(b'\n');
        host.reply = None;
        host.interrupted = false;
        host.from_guest.clear();
        host.stderr.clear();
        let ticks = limit.as_nanos().div_ceil(TICK.as_nanos()) as u64 + 1;
        self.store.set_epoch_deadline(ticks);
        self.use_big_stack();
        let (run, store) = (&self.run, &mut self.store);
        let result = on_big_stack(|| run.call(store, (entry as i32, 0)));
        // A frame past the big stack's end does not trap: it lands in the guard area.
        if self.guard_damaged() {
            return Err(Stopped::StackOverflow);
        }
        let host = self.store.data_mut();
        match result {
            Ok(0) => host
                .reply
                .take()
                .ok_or_else(|| Stopped::Crash("CPython answered nothing".into())),
            Ok(_) => Err(Stopped::Failed(format!(
                "CPython's driver failed: {}",
                String::from_utf8_lossy(&host.stderr).trim_end()
            ))),
            Err(e) => match e.downcast_ref::<wasmtime::Trap>() {
                Some(wasmtime::Trap::Interrupt) => Err(Stopped::Deadline),
                Some(wasmtime::Trap::MemoryOutOfBounds) if self.stack_exhausted() => {
                    Err(Stopped::StackOverflow)
                }
                Some(trap) => Err(Stopped::Crash(format!("the interpreter stopped ({trap})"))),
                None => Err(Stopped::Crash(format!(
                    "the interpreter stopped ({})",
                    e.to_string().lines().next().unwrap_or("unknown error")
                ))),
            },
        }
    }

    /// Points the guest's stack pointer (the first exported global, `__stack_pointer`) at the
    /// top of the image's big C stack, where every request starts.
    fn use_big_stack(&mut self) {
        let Ok(s) = shared() else { return };
        if let (Some(stack), Some(sp)) = (s.image.stack, self.sp) {
            let _ = sp.set(&mut self.store, wasmtime::Val::I32(stack.top as i32));
        }
    }

    /// Did a frame go past the end of the image's big C stack, into the guard area at its
    /// bottom? (False for an image without one.)
    fn guard_damaged(&self) -> bool {
        let (Ok(s), Some(m)) = (shared(), self.memory) else {
            return false;
        };
        let Some(stack) = s.image.stack else {
            return false;
        };
        let (lo, hi) = (
            stack.guard as usize,
            (stack.guard + image::GUARD_LEN) as usize,
        );
        m.data(&self.store)
            .get(lo..hi)
            .is_none_or(|g| g.iter().any(|&b| b != image::GUARD_BYTE))
    }

    /// Did the guest, stopped by an out-of-bounds trap, run out of C stack? On the big stack
    /// its guard area is damaged; on the stack CPython was linked with (at the bottom of linear
    /// memory) the stack pointer nears or wraps below address 0 and the next frame's store is
    /// out of bounds.
    fn stack_exhausted(&mut self) -> bool {
        if self.guard_damaged() {
            return true;
        }
        match self.sp {
            // Below 64 KiB, or wrapped below 0 by the frame that did not fit.
            Some(g) => matches!(g.get(&mut self.store), wasmtime::Val::I32(sp) if sp < (64 << 10)),
            None => false,
        }
    }

    /// A copy of this interpreter: its memory and globals in a new instance.
    fn fork(&mut self) -> Result<Interp, String> {
        let s = shared()?;
        let mut dst = Interp::blank(self.seed)?;
        dst.store.data_mut().limits = self.store.data().limits.clone();
        let src_mem = self
            .instance
            .get_memory(&mut self.store, "memory")
            .ok_or("no memory export")?;
        let dst_mem = dst
            .instance
            .get_memory(&mut dst.store, "memory")
            .ok_or("no memory export")?;
        let (src_size, dst_size) = (src_mem.size(&self.store), dst_mem.size(&dst.store));
        if src_size > dst_size {
            dst_mem
                .grow(&mut dst.store, src_size - dst_size)
                .map_err(|e| format!("growing the fork's memory: {e}"))?;
        }
        let (src, dst_data) = (src_mem.data(&self.store), dst_mem.data_mut(&mut dst.store));
        // Both instances map the same image copy-on-write: only the pages the source wrote
        // differ from what the new instance already has.
        match written_pages(src) {
            Some(ranges) => {
                for (a, b) in ranges {
                    dst_data[a..b].copy_from_slice(&src[a..b]);
                }
            }
            None => dst_data.copy_from_slice(src),
        }
        for name in &s.image.globals {
            let (Some(from), Some(to)) = (
                self.instance.get_global(&mut self.store, name),
                dst.instance.get_global(&mut dst.store, name),
            ) else {
                continue;
            };
            let v = from.get(&mut self.store);
            to.set(&mut dst.store, v).map_err(|e| e.to_string())?;
        }
        let (src, host) = (self.store.data(), dst.store.data_mut());
        host.random = src.random;
        host.mono_ns = src.mono_ns;
        Ok(dst)
    }
}

/// The byte ranges of `mem` (an instance's linear memory) whose pages this process wrote since
/// they were mapped: Linux's `/proc/self/pagemap` tells a page that still maps the image (or
/// was never touched) from a private copy. `None` where that cannot be read (then everything
/// counts as written).
fn written_pages(mem: &[u8]) -> Option<Vec<(usize, usize)>> {
    use std::os::unix::fs::FileExt;
    const PRESENT: u64 = 1 << 63;
    const SWAPPED: u64 = 1 << 62;
    const FILE_OR_SHARED: u64 = 1 << 61;
    // SAFETY: sysconf has no preconditions.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?;
    let start = mem.as_ptr() as usize;
    if page == 0 || !start.is_multiple_of(page) {
        return None;
    }
    let pages = mem.len().div_ceil(page);
    let mut raw = vec![0u8; pages * 8];
    let file = std::fs::File::open("/proc/self/pagemap").ok()?;
    file.read_exact_at(&mut raw, (start / page * 8) as u64)
        .ok()?;
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for (i, entry) in raw.chunks_exact(8).enumerate() {
        let e = u64::from_le_bytes(entry.try_into().ok()?);
        let private = (e & PRESENT != 0 && e & FILE_OR_SHARED == 0) || e & SWAPPED != 0;
        if !private {
            continue;
        }
        let (a, b) = (i * page, ((i + 1) * page).min(mem.len()));
        match ranges.last_mut() {
            Some(last) if last.1 == a => last.1 = b,
            _ => ranges.push((a, b)),
        }
    }
    Some(ranges)
}

fn with_episodes<T>(f: impl FnOnce(&mut HashMap<u64, Interp>) -> T) -> Result<T, String> {
    EPISODES.with(|e| {
        let mut e = e.try_borrow_mut().map_err(|_| {
            "the CPython executor is busy (a cell is already running on this thread)".to_string()
        })?;
        Ok(f(&mut e))
    })
}

/// Replaces episode `uid`'s interpreter with a fresh one (its variables are lost); if that fails,
/// the episode has none (its next cell says so).
fn restart(episodes: &mut HashMap<u64, Interp>, uid: u64, seed: u64) -> Result<(), String> {
    match Interp::new(seed) {
        Ok(fresh) => {
            episodes.insert(uid, fresh);
            Ok(())
        }
        Err(e) => {
            episodes.remove(&uid);
            Err(e)
        }
    }
}

struct DispatchGuard;
impl Drop for DispatchGuard {
    fn drop(&mut self) {
        DISPATCH.with(|d| d.set(None));
    }
}

/// Nanoseconds since the Unix epoch of the frozen clock (naive time read as UTC).
fn epoch_ns(now: chrono::NaiveDateTime) -> u64 {
    now.and_utc().timestamp_nanos_opt().unwrap_or(0).max(0) as u64
}

/// The CPython-on-wasmtime executor (see the module docs).
pub struct CPythonExecutor;

impl Executor for CPythonExecutor {
    fn warm_up(&self) -> Result<(), String> {
        shared().map(|_| ())
    }

    fn reset_scope(&self, uid: u64, seed: u64) -> Result<(), String> {
        let interp = Interp::new(seed)?;
        with_episodes(|e| {
            e.insert(uid, interp);
        })
    }

    fn fork_scope(&self, src: u64, dst: u64) -> Result<(), String> {
        with_episodes(|e| {
            let from = e.get_mut(&src).ok_or_else(|| {
                format!("episode {src} has no CPython interpreter on this thread")
            })?;
            let copy = from.fork()?;
            e.insert(dst, copy);
            Ok(())
        })?
    }

    fn drop_scope(&self, uid: u64) {
        let _ = EPISODES.try_with(|e| {
            if let Ok(mut e) = e.try_borrow_mut() {
                e.remove(&uid);
            }
        });
    }

    fn has_scope(&self, uid: u64) -> bool {
        EPISODES.with(|e| {
            e.try_borrow()
                .map(|e| e.contains_key(&uid))
                .unwrap_or(false)
        })
    }

    fn execute(
        &self,
        uid: u64,
        code: &str,
        limits: &CellLimits,
        dispatch: &mut dyn Dispatch,
    ) -> String {
        if code.trim().is_empty() {
            return render(Outcome::Empty, limits);
        }
        let outcome = with_episodes(|episodes| {
            let Some(interp) = episodes.get_mut(&uid) else {
                return Outcome::Internal(
                    "this episode's Python interpreter lives on another thread; reset the episode after moving it between threads".into(),
                );
            };
            API_CALLS.with(|c| c.set((0, limits.max_api_calls)));
            // SAFETY: the pointer is cleared by the guard before `dispatch`'s borrow ends.
            let ptr: *mut (dyn Dispatch + '_) = dispatch;
            let ptr: *mut (dyn Dispatch + 'static) = unsafe { std::mem::transmute(ptr) };
            DISPATCH.with(|d| d.set(Some(ptr)));
            let _guard = DispatchGuard;
            interp.set_budget(limits.memory_limit);
            interp.store.data_mut().now_ns = epoch_ns(limits.now);
            let n = limits.now;
            use chrono::{Datelike, Timelike};
            let msg = json!({
                "op": "cell",
                "code": code,
                "now": [n.year(), n.month(), n.day(), n.hour(), n.minute(), n.second()],
            });
            let answer = interp.request(&msg, limits.time_limit);
            let interrupted = interp.store.data().interrupted;
            match answer {
                Ok(_) | Err(Stopped::Failed(_)) if interrupted => {
                    // Stopped by the interrupt, its variables intact. An interrupt that
                    // landed after the cell's last bytecode is still pending: a no-op request
                    // takes it, so the next cell does not start with it.
                    let drained = interp.request(&json!({"op": "noop"}), GRACE);
                    if matches!(
                        drained,
                        Err(Stopped::Deadline | Stopped::Crash(_) | Stopped::StackOverflow)
                    ) {
                        let seed = interp.seed;
                        let _ = restart(episodes, uid, seed);
                    }
                    Outcome::Timeout
                }
                Ok(reply) => match reply["op"].as_str() {
                    Some("printed") => {
                        Outcome::Printed(reply["text"].as_str().unwrap_or_default().to_string())
                    }
                    Some("failed") => Outcome::Failed {
                        traceback: reply["traceback"].as_str().unwrap_or_default().to_string(),
                        memory: false,
                    },
                    Some("syntax") => Outcome::Syntax {
                        text: reply["text"].as_str().unwrap_or_default().to_string(),
                        msg: reply["msg"]
                            .as_str()
                            .unwrap_or("invalid syntax")
                            .to_string(),
                    },
                    Some("refused") => {
                        Outcome::Refused(reply["msg"].as_str().unwrap_or_default().to_string())
                    }
                    Some("empty") => Outcome::Empty,
                    _ => Outcome::Internal(format!("unexpected answer from CPython: {reply}")),
                },
                Err(stopped) => {
                    // The instance stopped mid-cell: its state cannot be trusted. The episode
                    // goes on with a fresh interpreter.
                    let seed = interp.seed;
                    let note = match restart(episodes, uid, seed) {
                        Ok(()) => String::new(),
                        Err(e) => format!(" (restarting it failed: {e})"),
                    };
                    match stopped {
                        Stopped::Deadline if note.is_empty() => Outcome::Timeout,
                        Stopped::Deadline => Outcome::Internal(format!("the cell timed out{note}")),
                        Stopped::StackOverflow => Outcome::Failed {
                            traceback: format!(
                                "RecursionError: maximum recursion depth exceeded in C code (the interpreter's C stack is full); the interpreter was restarted and the cell's variables are lost{note}\n"
                            ),
                            memory: false,
                        },
                        Stopped::Failed(e) | Stopped::Crash(e) => Outcome::Internal(format!(
                            "{e}; the interpreter was restarted and the cell's variables are lost{note}"
                        )),
                    }
                }
            }
        });
        let outcome = outcome.unwrap_or_else(Outcome::Internal);
        render(outcome, limits)
    }
}
