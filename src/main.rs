//! `appsim`: AppWorld's apps over SQLite with Python code cells, in one Rust process.

use clap::Parser;

/// The system allocator with per-cell memory accounting, so a memory bomb in agent code run
/// by RustPython ends with `MemoryError` instead of taking the process down.
#[global_allocator]
static ALLOC: sim::CountingAlloc = sim::CountingAlloc;

fn main() {
    // Output piped into a reader that stops early (`appsim tasks | head`) ends the process
    // quietly, as a Unix filter does, instead of a panic at the next print.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = appsim::cli::Cli::parse();
    // The command runs on a thread with a rollout thread's 64 MiB stack: code cells recurse as
    // deep as AppWorld's limit on either executor (RustPython's frames are native frames).
    let command = std::thread::Builder::new()
        .name("appsim".into())
        .stack_size(64 << 20)
        .spawn(move || appsim::cli::run(cli))
        .expect("the OS refused the command's thread");
    match command.join() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            eprintln!("appsim: {e:#}");
            std::process::exit(1);
        }
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
