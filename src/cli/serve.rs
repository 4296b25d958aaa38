//! `appsim serve`: live task sessions over HTTP (AppWorld's protocol, OpenEnv, MCP).

use super::ClockedWorldArg;

#[derive(clap::Args)]
pub(super) struct Args {
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
    world: ClockedWorldArg,
}

pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let env = args.world.env(python);
    env.python()
        .check_tenants("serve")
        .map_err(anyhow::Error::msg)?;
    let w = env.task_world()?;
    let defaults = crate::serve::ServeConfig::default();
    let cfg = crate::serve::ServeConfig {
        max_sessions: args.max_sessions,
        idle_timeout: std::time::Duration::from_secs(args.idle_timeout),
        workers: args.workers.unwrap_or(defaults.workers).max(1),
        max_saved_states: args.max_saved_states,
        max_saved_bytes: args.max_saved_mb << 20,
        max_steps: args.max_steps,
        max_resident: args.max_memory_mb.map(|mb| mb << 20),
        episode: sim::EpisodeConfig {
            memory_limit: args.max_session_mb << 20,
            ..env.episode_config()?
        },
        clock: env.task_clock(),
        ..defaults
    }
    .answering(&args.host, &args.allow_host);
    let server = crate::serve::Server::new(w.world, w.registry, std::sync::Arc::new(w.suite), cfg);
    let addr = if args.host.contains(':') {
        format!("[{}]:{}", args.host, args.port)
    } else {
        format!("{}:{}", args.host, args.port)
    };
    crate::serve::run(server, &addr)
}
