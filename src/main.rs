//! `appsim`: AppWorld's apps over SQLite with Python code cells, in one Rust process.

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use serde_json::json;
use sim::{Episode, EpisodeConfig};
use std::io::{BufRead, IsTerminal, Read, Write};
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "appsim",
    version,
    about = "AppWorld's apps in Rust: APIs over SQLite, Python code cells, RL training"
)]
struct Cli {
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
    Apis {
        /// Only this app.
        #[arg(long)]
        app: Option<String>,
        /// Print JSON in the same shape as apis.json.
        #[arg(long)]
        json: bool,
    },
    /// Show one API's documentation, as api_docs.show_api_doc returns it.
    ApiDoc {
        /// App name.
        app: String,
        /// API name.
        api: String,
    },
    /// Run Python cells on a fresh world (the default one, or --world DIR) as the supervisor.
    /// Piped stdin: cells separated by lines holding only `# %%`; a terminal: type a cell, end
    /// it with an empty line.
    Shell {
        /// Per-cell time limit in seconds.
        #[arg(long, default_value_t = 100.0)]
        time_limit: f64,
        #[command(flatten)]
        world: WorldArg,
    },
    /// Serve live task sessions over HTTP, many in one process, each its own world and clock:
    /// AppWorld's environment-server protocol (POST /initialize, /execute, /evaluate, ...),
    /// OpenEnv sessions (WebSocket /ws; /reset, /step, /state) and MCP tools (/mcp/{session}).
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Port to listen on.
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// Most live sessions at once.
        #[arg(long, default_value_t = 1024)]
        max_sessions: usize,
        /// Close a session after this many seconds without a request.
        #[arg(long, default_value_t = 3600)]
        idle_timeout: u64,
        /// Worker threads hosting the sessions (default: twice the cores, at least 4).
        #[arg(long)]
        workers: Option<usize>,
        /// Also answer requests whose `Host` or `Origin` names this host (repeatable; loopback
        /// names and --host are always answered).
        #[arg(long, value_name = "NAME")]
        allow_host: Vec<String>,
        /// Most saved states (`/save_state` ids) one session keeps.
        #[arg(long, default_value_t = 16)]
        max_saved_states: usize,
        /// Most megabytes one session's saved states hold together.
        #[arg(long, default_value_t = 64)]
        max_saved_mb: usize,
        /// End an OpenEnv session after this many cells (`done`, `"truncated": true`) and free it.
        #[arg(long)]
        max_steps: Option<usize>,
        /// Refuse new sessions (503) while the process holds more than this much memory.
        #[arg(long, value_name = "MB")]
        max_memory_mb: Option<u64>,
        /// Most megabytes one session's Python may allocate (past it, the cell raises MemoryError).
        #[arg(long, value_name = "MB", default_value_t = 1024)]
        max_session_mb: u64,
        #[command(flatten)]
        world: WorldArg,
    },
    /// Measure the engine's hot paths and print the figures as JSON.
    Bench {
        /// Iterations per measurement.
        #[arg(long, default_value_t = 2000)]
        iters: u32,
        /// Also measure on a world of 1,000 people (ten times the default world).
        #[arg(long)]
        large: bool,
        #[command(flatten)]
        world: WorldArg,
    },
    /// Write the default world as AppWorld-format `<app>.db` files into a directory (for
    /// inspection with sqlite3, or as input to `import-appworld-db`).
    ExportWorld {
        /// Directory to write into (created if missing).
        dir: std::path::PathBuf,
    },
    /// List the tasks (id, split, difficulty, instruction).
    Tasks {
        /// Only this split: train, dev, test_normal or test_challenge.
        #[arg(long)]
        split: Option<tasks::Split>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Print the suite's statistics instead (runs every ground truth to count its API calls).
        #[arg(long)]
        stats: bool,
    },
    /// Run one task: its instruction, each cell with its output, and the evaluation report.
    /// Exits 0 when the task passes, 2 when it fails.
    RunTask {
        /// Task id, e.g. 59fcb00_1.
        id: String,
        /// Run cells directly (no agent loop): ground-truth, nothing, or a Python file whose
        /// cells are separated by `# %%` lines. Ignored when --policy is given.
        #[arg(long, default_value = "ground-truth")]
        solution: appsim::taskcli::SolutionSource,
        /// Print JSON (task, transcript, report).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        world: WorldArg,
        #[command(flatten)]
        agent: appsim::agentcli::PolicyArgs,
    },
    /// Run a solution over a split and print per-task results and TGC/SGC.
    Eval {
        /// train, dev, test_normal or test_challenge.
        #[arg(long)]
        split: tasks::Split,
        /// Run cells directly (no agent loop): ground-truth, nothing, or a directory of
        /// `<task_id>.py` files. Ignored when --policy is given.
        #[arg(long, default_value = "ground-truth")]
        solution: appsim::taskcli::SolutionSource,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        world: WorldArg,
        #[command(flatten)]
        agent: appsim::agentcli::PolicyArgs,
    },
    /// Train the agent with LOOP (or GRPO/RLOO) in-process: rollouts on the task suite,
    /// PPO on LoRA adapters; metrics to <out_dir>/metrics.jsonl, checkpoints, Ctrl-C safe.
    Train {
        /// TOML configuration (see configs/).
        #[arg(long)]
        config: std::path::PathBuf,
        /// Continue from <out_dir>/checkpoint.
        #[arg(long)]
        resume: bool,
        /// Override rl.iterations (the total to reach, counting resumed ones).
        #[arg(long)]
        iterations: Option<usize>,
    },
    /// Supervised fine-tuning of LoRA adapters on ground-truth or successful trajectories
    /// (the [sft] section of the config); writes a PEFT adapter.
    Sft {
        /// TOML configuration (see configs/).
        #[arg(long)]
        config: std::path::PathBuf,
    },
    /// Draw the curves of a metrics file (JSONL) into a PNG.
    Plot {
        /// metrics.jsonl of a training run.
        metrics: std::path::PathBuf,
        /// Output PNG (default: next to the metrics file, same name with .png).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Comma-separated keys to plot (default: a training run's main curves when present,
        /// else the first 9 numeric keys).
        #[arg(long, value_delimiter = ',')]
        keys: Vec<String>,
    },
    /// Generate a reply from a Hugging Face model directory (policy model quick check).
    Generate {
        /// Model directory: config.json, safetensors weights, tokenizer.json.
        #[arg(long)]
        model: std::path::PathBuf,
        /// The user message (wrapped in the chat template when the tokenizer has one).
        #[arg(long)]
        prompt: String,
        /// Most tokens to generate.
        #[arg(long, default_value_t = 64)]
        max_new_tokens: usize,
        /// Sampling temperature (0 = greedy).
        #[arg(long, default_value_t = 0.0)]
        temperature: f32,
        /// Nucleus sampling threshold.
        #[arg(long, default_value_t = 1.0)]
        top_p: f32,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Load AppWorld-format `<app>.db` files from a directory, as `--world DIR` does, and report
    /// what was loaded.
    ImportAppworldDb {
        /// Directory holding `<app>.db` files.
        dir: std::path::PathBuf,
    },
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

fn main() {
    let cli = Cli::parse();
    if let Some(kind) = cli.python {
        appsim::set_python(kind);
    }
    // The command runs on a thread with a rollout thread's 64 MiB stack: code cells recurse as
    // deep as AppWorld's limit on either executor (RustPython's frames are native frames).
    let command = std::thread::Builder::new()
        .name("appsim".into())
        .stack_size(64 << 20)
        .spawn(move || run(cli))
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

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Apis { app, json } => {
            let registry = apps::registry();
            if let Some(a) = &app
                && registry.app(a).is_none()
            {
                bail!("no app named '{a}'; run `appsim apis` to list them");
            }
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&apps::spec::registry_as_spec(
                        &registry,
                        app.as_deref()
                    ))?
                );
            } else {
                for a in registry
                    .apis()
                    .iter()
                    .filter(|a| app.as_deref().is_none_or(|x| x == a.app))
                {
                    println!(
                        "{:<12} {:<28} {:<6} {}",
                        a.app,
                        a.name,
                        a.method.as_str(),
                        a.path
                    );
                }
            }
        }
        Command::ApiDoc { app, api } => {
            let registry = apps::registry();
            let spec = registry.api(&app, &api).with_context(|| {
                format!("no API named '{api}' in app '{app}'; run `appsim apis --app {app}`")
            })?;
            println!(
                "{}",
                serde_json::to_string_pretty(&apps::api_docs::doc_json(spec, true))?
            );
        }
        Command::Shell { time_limit, world } => {
            if !(time_limit.is_finite() && time_limit > 0.0) {
                bail!("--time-limit must be a positive number of seconds");
            }
            let (world, registry) = appsim::env(world.dir.as_deref())?;
            let cfg = EpisodeConfig {
                time_limit: Duration::from_secs_f64(time_limit),
                ..appsim::base_episode_config()
            };
            let mut ep = Episode::new(&world, registry, cfg)?;
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                eprintln!("appsim shell: type a cell, end it with an empty line; Ctrl-D quits.");
                let mut cell = String::new();
                let mut out = std::io::stdout();
                for line in stdin.lock().lines() {
                    let line = line?;
                    if line.trim().is_empty() && !cell.trim().is_empty() {
                        writeln!(out, "{}", ep.execute(&cell))?;
                        cell.clear();
                    } else {
                        cell.push_str(&line);
                        cell.push('\n');
                    }
                }
                if !cell.trim().is_empty() {
                    writeln!(out, "{}", ep.execute(&cell))?;
                }
            } else {
                let mut text = String::new();
                stdin.lock().read_to_string(&mut text)?;
                for (i, cell) in appsim::taskcli::split_cells(&text).iter().enumerate() {
                    println!("# %% cell {}\n{}", i + 1, ep.execute(cell));
                }
            }
        }
        Command::Serve {
            host,
            port,
            max_sessions,
            idle_timeout,
            workers,
            allow_host,
            max_saved_states,
            max_saved_mb,
            max_steps,
            max_memory_mb,
            max_session_mb,
            world: world_arg,
        } => {
            appsim::python()
                .check_tenants("serve")
                .map_err(anyhow::Error::msg)?;
            let (world, registry) = appsim::env(world_arg.dir.as_deref())?;
            let suite = std::sync::Arc::new(tasks::Suite::new(&apps::seed::WorldConfig::default()));
            if let Err(why) = appsim::taskcli::tasks_fit(&world, &suite) {
                anyhow::bail!("{why}");
            }
            let defaults = appsim::serve::ServeConfig::default();
            let cfg = appsim::serve::ServeConfig {
                max_sessions,
                idle_timeout: std::time::Duration::from_secs(idle_timeout),
                workers: workers.unwrap_or(defaults.workers).max(1),
                max_saved_states,
                max_saved_bytes: max_saved_mb << 20,
                max_steps,
                max_resident: max_memory_mb.map(|mb| mb << 20),
                episode: sim::EpisodeConfig {
                    memory_limit: max_session_mb << 20,
                    ..defaults.episode.clone()
                },
                ..defaults
            }
            .answering(&host, &allow_host);
            let server = appsim::serve::Server::new(world, registry, suite, cfg);
            let addr = if host.contains(':') {
                format!("[{host}]:{port}")
            } else {
                format!("{host}:{port}")
            };
            appsim::serve::run(server, &addr)?;
        }
        Command::Bench {
            iters,
            large,
            world: world_arg,
        } => {
            let t = std::time::Instant::now();
            let (world, registry) = appsim::env(world_arg.dir.as_deref())?;
            let build_ms = t.elapsed().as_secs_f64() * 1e3;
            let mut measured = appsim::bench::measure(&world, &registry, iters)?;
            measured["world_build_or_load_ms"] = json!(build_ms);
            let mut out = match &world_arg.dir {
                Some(dir) => json!({"world_dir": dir, "world": measured}),
                None => json!({"default_world": measured}),
            };
            out["task_evaluation"] = appsim::bench::measure_eval(&world, &registry, iters)?;
            out["python_executors"] = appsim::bench::measure_executors(&world, &registry, iters)?;
            out["sessions"] =
                appsim::bench::measure_sessions(&world, &registry, iters.clamp(1, 200) as usize)?;
            if large {
                let cfg = apps::seed::WorldConfig {
                    people: 1000,
                    ..Default::default()
                };
                let t = std::time::Instant::now();
                let big = apps::seed::build_world(&cfg, &registry)?;
                let build_ms = t.elapsed().as_secs_f64() * 1e3;
                out["large_world"] = appsim::bench::measure(&big, &registry, iters)?;
                out["large_world"]["world_build_or_load_ms"] = json!(build_ms);
            }
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
        Command::Tasks { split, json, stats } => {
            if stats {
                appsim::taskcli::stats(split, json)?
            } else {
                appsim::taskcli::list(split, json)?
            }
        }
        Command::RunTask {
            id,
            solution,
            json,
            world,
            agent,
        } => {
            let world = world.dir.as_deref();
            let passed = if agent.policy.is_some() {
                appsim::agentcli::run_task(&id, &agent, json, world)?
            } else {
                appsim::taskcli::run_task(&id, &solution, json, world)?
            };
            if !passed {
                std::process::exit(2);
            }
        }
        Command::Eval {
            split,
            solution,
            json,
            world,
            agent,
        } => {
            let world = world.dir.as_deref();
            if agent.policy.is_some() {
                appsim::agentcli::eval(split, &agent, json, world)?;
            } else {
                appsim::taskcli::eval(split, &solution, json, world)?;
            }
        }
        Command::Train {
            config,
            resume,
            iterations,
        } => appsim::agentcli::train(&config, resume, iterations)?,
        Command::Sft { config } => appsim::agentcli::sft(&config)?,
        Command::Plot { metrics, out, keys } => {
            let out = out.unwrap_or_else(|| metrics.with_extension("png"));
            let keys = if keys.is_empty() {
                appsim::plot::training_keys(&metrics)
            } else {
                keys
            };
            let summary = appsim::plot::plot(&metrics, &out, &keys)?;
            println!("{summary}");
        }
        Command::ExportWorld { dir } => {
            let (world, _) = appsim::default_env()?;
            let files = world.export_dir(&dir)?;
            println!(
                "{}",
                serde_json::to_string_pretty(&json!({"files": files, "rows": world.row_count()}))?
            );
        }
        Command::Generate {
            model,
            prompt,
            max_new_tokens,
            temperature,
            top_p,
            seed,
        } => {
            let cfg = agent::SamplingConfig {
                temperature,
                top_p,
                max_new_tokens,
                seed,
                ..Default::default()
            };
            let out = agent::quick::generate_from_dir(&model, &prompt, cfg)?;
            println!("{}", out.text);
            let n = out.generation.tokens.len();
            eprintln!(
                "[{} prompt tokens, {n} new, {:?}; load {:.2}s, generate {:.2}s = {:.1} tok/s]",
                out.prompt_tokens,
                out.generation.finish,
                out.load_s,
                out.generate_s,
                n as f64 / out.generate_s.max(1e-9)
            );
        }
        Command::ImportAppworldDb { dir } => {
            let registry = std::sync::Arc::new(apps::registry());
            let (world, loaded) = apps::seed::load_world(&dir, &registry)?;
            let ep = Episode::new(&world, registry, EpisodeConfig::default())?;
            println!(
                "{}",
                serde_json::to_string_pretty(
                    &json!({"loaded_apps": loaded, "rows": world.row_count(), "state_hash": ep.state_hash()?})
                )?
            );
        }
    }
    Ok(())
}
