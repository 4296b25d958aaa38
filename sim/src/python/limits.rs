//! Limits on a running cell: a wall-clock deadline and a memory budget, enforced by one
//! watchdog thread for the whole process.
//!
//! The interpreter checks for "signals" between bytecode instructions. When a cell passes its
//! deadline or its memory budget, the watchdog sends a signal into that cell's interpreter that
//! raises an exception, and keeps re-sending it every few milliseconds while the cell still runs
//! (RustPython's pending-signal flag is process-wide, so another interpreter may consume one
//! wake-up; and code may swallow one exception).
//!
//! Memory: the process allocator ([`CountingAlloc`], installed by the program) counts bytes
//! allocated minus bytes freed by the thread while a cell runs; the watchdog reads that count
//! (the soft limit: `MemoryError` at the next bytecode). A single large request that would take
//! the cell past twice its budget is refused outright (the hard limit), which RustPython's
//! fallible paths (`'a' * 10**12`, `bytes(10**12)`, `[0] * 10**12`) turn into `MemoryError`.

use rustpython_vm::signal::{UserSignal, UserSignalSender};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

/// Why the watchdog stopped a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Ran past its time limit.
    Timeout,
    /// Allocated past its memory budget.
    Memory,
}

/// Shared state of one interpreter thread's current cell.
pub struct CellWatch {
    sender: UserSignalSender,
    /// Incremented at every cell start; a stale signal does nothing.
    generation: AtomicU64,
    running: AtomicBool,
    deadline: Mutex<Option<Instant>>,
    /// Bytes allocated minus freed by the cell so far (written by the allocator).
    pub(crate) net_bytes: AtomicI64,
    memory_budget: AtomicI64,
    stopped: Mutex<Option<Stop>>,
}

impl CellWatch {
    /// Registers a watch for an interpreter that receives signals through `sender`.
    pub fn new(sender: UserSignalSender) -> Arc<CellWatch> {
        let w = Arc::new(CellWatch {
            sender,
            generation: AtomicU64::new(0),
            running: AtomicBool::new(false),
            deadline: Mutex::new(None),
            net_bytes: AtomicI64::new(0),
            memory_budget: AtomicI64::new(i64::MAX),
            stopped: Mutex::new(None),
        });
        watchdog()
            .lock()
            .map(|mut v| v.push(Arc::downgrade(&w)))
            .ok();
        w
    }

    /// Marks a cell as started with these limits; returns a guard that ends it on drop.
    pub fn start(self: &Arc<Self>, time_limit: Duration, memory_budget: u64) -> CellGuard {
        self.generation.fetch_add(1, Ordering::SeqCst);
        *self.stopped.lock().unwrap_or_else(|e| e.into_inner()) = None;
        *self.deadline.lock().unwrap_or_else(|e| e.into_inner()) =
            Instant::now().checked_add(time_limit);
        self.net_bytes.store(0, Ordering::SeqCst);
        self.memory_budget
            .store(memory_budget.min(i64::MAX as u64) as i64, Ordering::SeqCst);
        self.running.store(true, Ordering::SeqCst);
        ACCOUNT.with(|a| a.set(Arc::as_ptr(self)));
        CellGuard {
            watch: self.clone(),
        }
    }

    /// Whether the process allocator is [`CountingAlloc`]: an allocation made under this watch
    /// must be counted. The `sim` library does not choose the process's allocator; a program
    /// that runs RustPython cells installs it (see [`NOT_COUNTING`]).
    pub fn counts_allocations(self: &Arc<Self>) -> bool {
        let guard = self.start(Duration::from_secs(3600), u64::MAX);
        let probe = std::hint::black_box(vec![1u8; 4096]);
        let counted = self.net_bytes.load(Ordering::SeqCst) >= 4096;
        drop(probe);
        drop(guard);
        counted
    }

    /// Why the current (or last) cell was stopped, if it was.
    pub fn stopped(&self) -> Option<Stop> {
        *self.stopped.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn check(&self, now: Instant) {
        if !self.running.load(Ordering::SeqCst) {
            return;
        }
        let over_time = self
            .deadline
            .lock()
            .map(|d| d.is_some_and(|d| now >= d))
            .unwrap_or(false);
        let over_mem =
            self.net_bytes.load(Ordering::Relaxed) > self.memory_budget.load(Ordering::Relaxed);
        if !(over_time || over_mem) {
            return;
        }
        {
            let mut s = self.stopped.lock().unwrap_or_else(|e| e.into_inner());
            if s.is_none() {
                *s = Some(if over_time {
                    Stop::Timeout
                } else {
                    Stop::Memory
                });
            }
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let memory = !over_time;
        let watch = self as *const CellWatch as usize;
        let signal: UserSignal = Box::new(move |vm| {
            // SAFETY: the watch outlives the interpreter it belongs to (both live in the same
            // thread-local runtime), and this closure only runs inside that interpreter.
            let w = unsafe { &*(watch as *const CellWatch) };
            if w.generation.load(Ordering::SeqCst) != generation
                || !w.running.load(Ordering::SeqCst)
            {
                return Ok(());
            }
            if memory {
                Err(vm.new_memory_error("the cell exceeded its memory limit".to_owned()))
            } else {
                Err(vm.new_exception_msg(
                    vm.ctx.exceptions.keyboard_interrupt.to_owned(),
                    "the cell exceeded its time limit".into(),
                ))
            }
        });
        let _ = self.sender.send(signal);
    }
}

/// Ends a cell's watch when dropped.
pub struct CellGuard {
    watch: Arc<CellWatch>,
}

impl Drop for CellGuard {
    fn drop(&mut self) {
        self.watch.running.store(false, Ordering::SeqCst);
        ACCOUNT.with(|a| a.set(std::ptr::null()));
    }
}

fn watchdog() -> &'static Mutex<Vec<Weak<CellWatch>>> {
    static WATCHES: OnceLock<Mutex<Vec<Weak<CellWatch>>>> = OnceLock::new();
    WATCHES.get_or_init(|| {
        std::thread::Builder::new()
            .name("appsim-watchdog".into())
            .spawn(|| {
                loop {
                    std::thread::sleep(Duration::from_millis(2));
                    let now = Instant::now();
                    let live: Vec<Arc<CellWatch>> = match watchdog().lock() {
                        Ok(mut v) => {
                            v.retain(|w| w.strong_count() > 0);
                            v.iter().filter_map(Weak::upgrade).collect()
                        }
                        Err(_) => continue,
                    };
                    for w in live {
                        w.check(now);
                    }
                }
            })
            .ok();
        Mutex::new(Vec::new())
    })
}

thread_local! {
    /// The watch whose memory budget this thread's allocations count against (null: none).
    static ACCOUNT: Cell<*const CellWatch> = const { Cell::new(std::ptr::null()) };
}

/// The process allocator RustPython cells need: the system allocator, plus per-thread
/// accounting of bytes while a cell runs on that thread (the memory budget). Never fails an
/// allocation itself. A binary installs it:
/// `#[global_allocator] static ALLOC: sim::CountingAlloc = sim::CountingAlloc;`
pub struct CountingAlloc;

/// The refusal of a RustPython interpreter in a process whose allocator does not count.
pub const NOT_COUNTING: &str = "RustPython cells need sim::CountingAlloc as the process's global allocator (their memory budget counts through it): add `#[global_allocator] static ALLOC: sim::CountingAlloc = sim::CountingAlloc;` to the program, or run cells on CPython";

impl CountingAlloc {
    /// Counts `delta` bytes against the running cell, if any. Growth that would take the
    /// cell past twice its budget in one step is refused (returns false) and not counted.
    #[inline]
    fn admit(delta: i64) -> bool {
        ACCOUNT
            .try_with(|a| {
                let p = a.get();
                if p.is_null() {
                    return true;
                }
                // SAFETY: ACCOUNT is non-null only between CellWatch::start and the guard's
                // drop, while the watch is alive (held by the running cell).
                let w = unsafe { &*p };
                if delta > HARD_LIMIT_MIN_REQUEST {
                    let budget = w.memory_budget.load(Ordering::Relaxed);
                    let ceiling = budget.saturating_mul(2);
                    if w.net_bytes.load(Ordering::Relaxed).saturating_add(delta) > ceiling {
                        return false;
                    }
                }
                w.net_bytes.fetch_add(delta, Ordering::Relaxed);
                true
            })
            .unwrap_or(true)
    }
}

/// Requests smaller than this are never refused: most of the interpreter's allocations are
/// infallible, and refusing one aborts the process. Big buffers (sequence repetition, bytes,
/// big integers) go through fallible allocation in RustPython, so refusing them gives the cell
/// a `MemoryError` instead of exhausting the machine.
const HARD_LIMIT_MIN_REQUEST: i64 = 16 << 20;

// SAFETY: forwards to the system allocator; the accounting neither allocates nor unwinds, and a
// refused request returns null as the GlobalAlloc contract allows.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !Self::admit(layout.size() as i64) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        Self::admit(-(layout.size() as i64));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !Self::admit(layout.size() as i64) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !Self::admit(new_size as i64 - layout.size() as i64) {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
