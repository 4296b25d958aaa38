//! Worker threads that own thread-bound state. An [`Episode`](crate::Episode) is `!Send`: its
//! Python interpreter state lives on the thread that made it, so whoever runs many episodes at
//! once (the rollouts of a training step, the sessions of `appsim serve`) keeps them inside a
//! [`Workers`] pool: each thread makes its own state `S` (its episodes) and runs the jobs sent
//! to it with that state, one at a time, in the order they were sent.
//!
//! A job is a closure; it answers through whatever channel it captured (a `std::sync::mpsc`
//! sender for a caller that blocks, a `tokio::sync::oneshot` for one that awaits), or through
//! [`Workers::run`], which waits for it. A job that panics answers nothing (its caller sees its
//! channel closed, [`WorkerGone`] from `run`) and the worker goes on with its other jobs.

use std::sync::mpsc::{Sender, channel};
use std::thread::JoinHandle;

type Job<S> = Box<dyn FnOnce(&mut S) + Send>;

/// How to start a pool's threads.
#[derive(Debug, Clone)]
pub struct WorkersConfig {
    /// Number of threads (at least one is started).
    pub threads: usize,
    /// Thread names are `<name>-<index>`.
    pub name: String,
    /// Stack size of each thread, in bytes (room for a cell's recursion).
    pub stack_bytes: usize,
}

/// A job's worker stopped, or the job panicked, before it answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the worker stopped before it answered")]
pub struct WorkerGone;

/// Threads each owning one `S` made on that thread; jobs run on the thread they are sent to.
pub struct Workers<S> {
    inboxes: Vec<Sender<Job<S>>>,
    handles: Vec<JoinHandle<()>>,
}

impl<S: 'static> Workers<S> {
    /// Starts the threads: thread `i` makes its state with `init(i)`, then runs jobs until the
    /// pool is dropped. Returns once every thread has its state; the first `init` error (or a
    /// refused thread, or a panicking `init`) is returned instead, and the started threads stop.
    pub fn start<E: Send + 'static>(
        cfg: &WorkersConfig,
        init: impl Fn(usize) -> Result<S, E> + Send + Sync + 'static,
    ) -> Result<Self, StartError<E>> {
        let init = std::sync::Arc::new(init);
        let mut pool = Workers {
            inboxes: Vec::new(),
            handles: Vec::new(),
        };
        let mut ready = Vec::new();
        for i in 0..cfg.threads.max(1) {
            let (tx, rx) = channel::<Job<S>>();
            let (ready_tx, ready_rx) = channel::<Result<(), E>>();
            let init = init.clone();
            let handle = std::thread::Builder::new()
                .name(format!("{}-{i}", cfg.name))
                .stack_size(cfg.stack_bytes)
                .spawn(move || {
                    let mut state = match init(i) {
                        Ok(s) => s,
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                            return;
                        }
                    };
                    let _ = ready_tx.send(Ok(()));
                    for job in rx {
                        let run = std::panic::AssertUnwindSafe(|| job(&mut state));
                        if std::panic::catch_unwind(run).is_err() {
                            eprintln!(
                                "appsim: a job failed inside its worker (see the message above)"
                            );
                        }
                    }
                })
                .map_err(StartError::Thread)?;
            pool.inboxes.push(tx);
            pool.handles.push(handle);
            ready.push(ready_rx);
        }
        for r in ready {
            match r.recv() {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(StartError::Init(e)),
                Err(_) => return Err(StartError::Panicked),
            }
        }
        Ok(pool)
    }

    /// Number of threads.
    pub fn len(&self) -> usize {
        self.inboxes.len()
    }

    /// Whether the pool has no threads (never, once started).
    pub fn is_empty(&self) -> bool {
        self.inboxes.is_empty()
    }

    /// The worker that owns `key` (`key % len`): a key's jobs always run on one thread.
    pub fn owner(&self, key: usize) -> usize {
        key % self.len()
    }

    /// Queues `job` on worker `worker % len` without waiting; it answers through what it
    /// captured.
    pub fn send(
        &self,
        worker: usize,
        job: impl FnOnce(&mut S) + Send + 'static,
    ) -> Result<(), WorkerGone> {
        self.inboxes[self.owner(worker)]
            .send(Box::new(job))
            .map_err(|_| WorkerGone)
    }

    /// Runs `job` on worker `worker % len` and waits for its answer.
    pub fn run<R: Send + 'static>(
        &self,
        worker: usize,
        job: impl FnOnce(&mut S) -> R + Send + 'static,
    ) -> Result<R, WorkerGone> {
        let (tx, rx) = channel();
        self.send(worker, move |s| {
            let _ = tx.send(job(s));
        })?;
        rx.recv().map_err(|_| WorkerGone)
    }
}

impl<S> Drop for Workers<S> {
    /// Closes the inboxes and waits for the threads to finish the jobs already sent.
    fn drop(&mut self) {
        self.inboxes.clear();
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

/// Why a pool did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError<E> {
    /// A thread's `init` failed.
    #[error("a worker could not make its state: {0}")]
    Init(E),
    /// A thread's `init` panicked.
    #[error("a worker panicked while making its state")]
    Panicked,
    /// The OS refused a thread.
    #[error("the OS refused a worker thread: {0}")]
    Thread(std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    fn cfg(threads: usize) -> WorkersConfig {
        WorkersConfig {
            threads,
            name: "test".into(),
            stack_bytes: 1 << 20,
        }
    }

    /// Thread-bound state (an `Rc`, which is `!Send`) stays on its thread; a key's jobs see the
    /// changes its earlier jobs made, in order; keys spread over the threads.
    #[test]
    fn jobs_run_on_the_thread_that_owns_their_state() {
        let pool = Workers::start(&cfg(2), |i| {
            Ok::<_, String>((i, Rc::new(Vec::<usize>::new())))
        })
        .unwrap();
        for k in 0..6 {
            pool.send(k, move |(_, log)| Rc::get_mut(log).unwrap().push(k))
                .unwrap();
        }
        let seen: Vec<(usize, Vec<usize>)> = (0..2)
            .map(|w| pool.run(w, |(i, log)| (*i, log.to_vec())).unwrap())
            .collect();
        assert_eq!(seen, vec![(0, vec![0, 2, 4]), (1, vec![1, 3, 5])]);
    }

    /// A panicking job answers nothing and leaves its worker serving.
    #[test]
    fn a_panicking_job_leaves_the_worker_alive() {
        let pool = Workers::start(&cfg(1), |_| Ok::<_, String>(0u32)).unwrap();
        assert_eq!(
            pool.run(0, |_| -> u32 { panic!("job failed") }),
            Err(WorkerGone)
        );
        pool.run(0, |n| *n += 1).unwrap();
        assert_eq!(pool.run(0, |n| *n), Ok(1));
    }

    /// An `init` error is the pool's error.
    #[test]
    fn an_init_error_stops_the_start() {
        let made = Workers::<u32>::start(&cfg(3), |i| if i == 1 { Err("no") } else { Ok(0) });
        assert!(matches!(made, Err(StartError::Init("no"))));
    }
}
