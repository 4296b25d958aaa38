//! `appsim shell`: Python cells on a fresh world, from a pipe or a terminal.

use super::ClockedWorldArg;
use anyhow::bail;
use sim::{Episode, EpisodeConfig};
use std::io::{BufRead, IsTerminal, Read, Write};
use std::time::Duration;

#[derive(clap::Args)]
pub(super) struct Args {
    /// Per-cell time limit in seconds.
    #[arg(long, default_value_t = 100.0)]
    time_limit: f64,
    #[command(flatten)]
    world: ClockedWorldArg,
}

pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    if !(args.time_limit.is_finite() && args.time_limit > 0.0) {
        bail!("--time-limit must be a positive number of seconds");
    }
    let env = args.world.env(python);
    let (world, registry) = env.world()?;
    let cfg = EpisodeConfig {
        time_limit: Duration::from_secs_f64(args.time_limit),
        ..env.episode_config()?
    };
    let mut ep = Episode::new(&world, registry, cfg)?;
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        let mut text = String::new();
        stdin.lock().read_to_string(&mut text)?;
        for (i, cell) in tasks::split_cells(&text).iter().enumerate() {
            println!("# %% cell {}\n{}", i + 1, ep.execute(cell));
        }
        return Ok(());
    }
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
    Ok(())
}
