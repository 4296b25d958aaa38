//! `appsim eval`: a solution (cells or an agent loop) over a split, with per-task results and
//! TGC/SGC.

use super::policy::{self, PolicyArgs, RunArgs};
use super::solutions::{self, SolutionSource};
use crate::env::Env;
use anyhow::bail;
use std::sync::Arc;
use tasks::{Report, Split, Task, TaskEnv};

#[derive(clap::Args)]
pub(super) struct Args {
    /// train, dev, test_normal or test_challenge.
    #[arg(long)]
    split: Split,
    /// Run cells directly (no agent loop): ground-truth, nothing, or a directory of
    /// `<task_id>.py` files. Ignored when --policy is given.
    #[arg(long, default_value = "ground-truth")]
    solution: SolutionSource,
    #[command(flatten)]
    run: RunArgs,
}

pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let env = args.run.world.env(python);
    env.python()
        .check_tenants("eval")
        .map_err(anyhow::Error::msg)?;
    if args.run.agent.policy.is_some() {
        with_policy(args.split, &args.run.agent, args.run.json, &env)
    } else {
        with_cells(args.split, &args.solution, args.run.json, &env)
    }
}

/// Runs `source` on every task of `split` (progress on stderr).
fn with_cells(
    split: Split,
    source: &SolutionSource,
    as_json: bool,
    env: &Env,
) -> anyhow::Result<()> {
    if let SolutionSource::Path(p) = source
        && !p.is_dir()
    {
        bail!(
            "for eval, --solution takes ground-truth, nothing, or a directory of <task_id>.py files; {} is not a directory",
            p.display()
        );
    }
    let (world, registry, suite) = env.task_world()?.into_shared();
    let tasks = suite.split(split);
    let mut run = TaskEnv::new(&world, registry, suite.clone(), env.episode_config()?)?
        .with_clock(env.task_clock());
    let bar = indicatif::ProgressBar::new(tasks.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} tasks {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut results: Vec<(Arc<Task>, Report)> = Vec::new();
    for t in &tasks {
        bar.set_message(t.id.clone());
        let cells = solutions::cells_for(t, source)?;
        let (_, report) = run.run_solution(&t.id, &cells)?;
        results.push((t.clone(), report));
        bar.inc(1);
    }
    bar.finish_and_clear();
    solutions::print_results(split, &results, as_json)?;
    Ok(())
}

/// The agent loop with `args`' policy on every task of `split`.
fn with_policy(split: Split, args: &PolicyArgs, as_json: bool, env: &Env) -> anyhow::Result<()> {
    let suite = env.suite();
    let tasks = suite.split(split);
    let trajs = policy::run_agent(&tasks, args, true, env)?;
    let results: Vec<(Arc<Task>, tasks::Report)> = trajs
        .into_iter()
        .filter_map(|t| suite.get(&t.task_id).map(|task| (task, t.report)))
        .collect();
    solutions::print_results(split, &results, as_json)?;
    Ok(())
}
