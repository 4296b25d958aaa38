//! `appsim run-task`: one task, its cells (solution cells or an agent loop) with their outputs,
//! and the evaluation report; exits 2 when the task fails.

use super::policy::{self, PolicyArgs, RunArgs};
use super::solutions::{self, SolutionSource};
use crate::env::Env;
use anyhow::Context;
use serde_json::json;
use tasks::TaskEnv;

#[derive(clap::Args)]
pub(super) struct Args {
    /// Task id, e.g. 59fcb00_1.
    id: String,
    /// Run cells directly (no agent loop): ground-truth, nothing, or a Python file whose
    /// cells are separated by `# %%` lines. Ignored when --policy is given.
    #[arg(long, default_value = "ground-truth")]
    solution: SolutionSource,
    #[command(flatten)]
    run: RunArgs,
}

pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let env = args.run.world.env(python);
    let passed = if args.run.agent.policy.is_some() {
        with_policy(&args.id, &args.run.agent, args.run.json, &env)?
    } else {
        with_cells(&args.id, &args.solution, args.run.json, &env)?
    };
    if !passed {
        std::process::exit(2);
    }
    Ok(())
}

/// The task's solution cells, run directly.
fn with_cells(id: &str, source: &SolutionSource, as_json: bool, env: &Env) -> anyhow::Result<bool> {
    let (world, registry, suite) = env.task_world()?.into_shared();
    let task = suite
        .get(id)
        .with_context(|| format!("no task with id '{id}' (list them with `appsim tasks`)"))?;
    let cells = solutions::cells_for(&task, source)?;
    let mut run =
        TaskEnv::new(&world, registry, suite, env.episode_config()?)?.with_clock(env.task_clock());
    let (outputs, report) = run.run_solution(id, &cells)?;
    if as_json {
        let transcript: Vec<_> = cells
            .iter()
            .zip(&outputs)
            .map(|(c, o)| json!({"code": c, "output": o}))
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "task": task.info(),
                "transcript": transcript,
                "report": report,
            }))?
        );
    } else {
        solutions::print_header(&task);
        for (i, (c, o)) in cells.iter().zip(&outputs).enumerate() {
            println!("## Cell {}\n{}\n## Output\n{}\n", i + 1, c.trim_end(), o);
        }
        if cells.is_empty() {
            println!("(no cells were run)\n");
        }
        print!("{}", report.render());
    }
    Ok(report.success)
}

/// The agent loop with `args`' policy: its transcript and the report.
fn with_policy(id: &str, args: &PolicyArgs, as_json: bool, env: &Env) -> anyhow::Result<bool> {
    let suite = env.suite();
    let task = suite
        .get(id)
        .with_context(|| format!("no task with id '{id}' (list them with `appsim tasks`)"))?;
    let policy_name = args.policy.clone().unwrap_or("ground-truth".into());
    let traj = policy::run_agent(std::slice::from_ref(&task), args, false, env)?
        .pop()
        .context("the rollout did not finish")?;
    if as_json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "task": task.info(),
                "policy": policy_name,
                "trajectory": traj,
            }))?
        );
    } else {
        solutions::print_header(&task);
        for (i, t) in traj.turns.iter().enumerate() {
            println!(
                "## Turn {} (policy: {policy_name})\n{}\n",
                i + 1,
                t.reply.trim_end()
            );
            println!("## Output\n{}\n", t.observation);
        }
        if let Some(why) = &traj.cut_off {
            println!("(the loop stopped: {why})\n");
        }
        print!("{}", traj.report.render());
    }
    Ok(traj.report.success)
}
