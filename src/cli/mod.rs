//! The command line: the parser, and one module per command. Each command gets what it needs
//! from an [`Env`](crate::env::Env) built here from the global `--python` and its own
//! `--world`; nothing is process-global.

mod apis;
mod bench;
mod eval;
mod generate;
mod plot;
mod policy;
mod run_task;
mod serve;
mod shell;
mod solutions;
mod tasks;
mod train;
mod world;

use crate::env::Env;
use clap::{Parser, Subcommand};

/// `appsim`'s arguments.
#[derive(Parser)]
#[command(
    name = "appsim",
    version,
    about = "AppWorld's apps in Rust: APIs over SQLite, Python code cells, RL training"
)]
pub struct Cli {
    /// Python executor for code cells: cpython (the default: CPython 3.11 on WASI under
    /// wasmtime, one isolated interpreter per episode, fetched from PyPI on first use) or
    /// rustpython (in-process, one interpreter per thread: only for shell and run-task).
    #[arg(long, global = true, value_name = "rustpython|cpython")]
    python: Option<sim::PythonKind>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the registered APIs (with --json: in apis.json's shape).
    Apis(apis::Args),
    /// Show one API's documentation, as api_docs.show_api_doc returns it.
    ApiDoc(apis::DocArgs),
    /// Run Python cells on a fresh world (the default one, or --world DIR) as the supervisor.
    /// Piped stdin: cells separated by lines holding only `# %%`; a terminal: type a cell, end
    /// it with an empty line.
    Shell(shell::Args),
    /// Serve live task sessions over HTTP, many in one process, each its own world and clock:
    /// AppWorld's environment-server protocol (POST /initialize, /execute, /evaluate, ...),
    /// OpenEnv sessions (WebSocket /ws; /reset, /step, /state) and MCP tools (/mcp/{session}).
    Serve(serve::Args),
    /// Measure the engine's hot paths and print the figures as JSON.
    Bench(bench::Args),
    /// Write the default world as AppWorld-format `<app>.db` files into a directory (for
    /// inspection with sqlite3, or as input to `import-appworld-db`).
    ExportWorld(world::ExportArgs),
    /// List the tasks (id, split, difficulty, instruction).
    Tasks(tasks::Args),
    /// Run one task: its instruction, each cell with its output, and the evaluation report.
    /// Exits 0 when the task passes, 2 when it fails.
    RunTask(run_task::Args),
    /// Run a solution over a split and print per-task results and TGC/SGC.
    Eval(eval::Args),
    /// Train the agent with LOOP (or GRPO/RLOO) in-process: rollouts on the task suite,
    /// PPO on LoRA adapters; metrics to <out_dir>/metrics.jsonl, checkpoints, Ctrl-C safe.
    Train(train::Args),
    /// Supervised fine-tuning of LoRA adapters on ground-truth or successful trajectories
    /// (the [sft] section of the config); writes a PEFT adapter.
    Sft(train::SftArgs),
    /// Draw the curves of a metrics file (JSONL) into a PNG.
    Plot(plot::Args),
    /// Generate a reply from a Hugging Face model directory (policy model quick check).
    Generate(generate::Args),
    /// Load AppWorld-format `<app>.db` files from a directory, as `--world DIR` does, and report
    /// what was loaded.
    ImportAppworldDb(world::ImportArgs),
}

/// `--world DIR`, shared by the commands that build a world.
#[derive(clap::Args)]
struct WorldArg {
    /// Load the world from a directory of AppWorld-format `<app>.db` files (AppWorld's data,
    /// or `appsim export-world` output) instead of building the default world. run-task and
    /// eval need a world holding appsim's generated people (e.g. an export).
    #[arg(long = "world", value_name = "DIR")]
    dir: Option<std::path::PathBuf>,
}

impl WorldArg {
    /// The command's environment: this world with the global `--python`.
    fn env(&self, python: Option<sim::PythonKind>) -> Env {
        Env::new(python, self.dir.clone())
    }
}

/// `--world DIR` with `--datetime`, for the commands that run sessions on a world.
#[derive(clap::Args)]
struct ClockedWorldArg {
    #[command(flatten)]
    world: WorldArg,
    /// The world's clock (what get_current_date_and_time answers and every "now" means),
    /// e.g. 2024-02-29T23:59:59. Without it: the `datetime` of the world directory's
    /// manifest.json, else 2023-05-18T12:00:00. Given, it also replaces each task's own clock.
    #[arg(long, value_name = "YYYY-MM-DDTHH:MM:SS", value_parser = sim::clock::parse_clock)]
    datetime: Option<chrono::NaiveDateTime>,
}

impl ClockedWorldArg {
    /// The command's environment: this world and clock with the global `--python`.
    fn env(&self, python: Option<sim::PythonKind>) -> Env {
        self.world.env(python).with_datetime(self.datetime)
    }

    /// `--world DIR`, if given.
    fn dir(&self) -> Option<&std::path::Path> {
        self.world.dir.as_deref()
    }
}

/// Runs the command `cli` names.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let python = cli.python;
    match cli.command {
        Command::Apis(a) => apis::run(a),
        Command::ApiDoc(a) => apis::doc(a),
        Command::Shell(a) => shell::run(a, python),
        Command::Serve(a) => serve::run(a, python),
        Command::Bench(a) => bench::run(a, python),
        Command::ExportWorld(a) => world::export(a),
        Command::Tasks(a) => tasks::run(a, python),
        Command::RunTask(a) => run_task::run(a, python),
        Command::Eval(a) => eval::run(a, python),
        Command::Train(a) => train::run(a, python),
        Command::Sft(a) => train::sft(a, python),
        Command::Plot(a) => plot::run(a),
        Command::Generate(a) => generate::run(a),
        Command::ImportAppworldDb(a) => world::import(a),
    }
}
