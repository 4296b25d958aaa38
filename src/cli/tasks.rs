//! `appsim tasks`: the task list, or the suite's statistics.

use crate::env::Env;
use std::sync::Arc;
use tasks::{Split, Task, TaskEnv};

#[derive(clap::Args)]
pub(super) struct Args {
    /// Only this split: train, dev, test_normal or test_challenge.
    #[arg(long)]
    split: Option<tasks::Split>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Print the suite's statistics instead (runs every ground truth to count its API calls).
    #[arg(long)]
    stats: bool,
    /// Write every task's ground truth to DIR/<task_id>.py (cells split by `# %%`, what
    /// `eval --solution DIR` reads) and its wrong solutions to DIR/wrong/<task_id>-<n>.py.
    #[arg(long, value_name = "DIR")]
    export_solutions: Option<std::path::PathBuf>,
}

pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let env = Env::new(python, None);
    if let Some(dir) = &args.export_solutions {
        export(args.split, dir, &env)
    } else if args.stats {
        stats(args.split, args.json, &env)
    } else {
        list(args.split, args.json, &env)
    }
}

/// `appsim tasks`.
fn list(split: Option<Split>, as_json: bool, env: &Env) -> anyhow::Result<()> {
    let suite = env.suite();
    let tasks: Vec<_> = suite
        .tasks()
        .iter()
        .filter(|t| split.is_none_or(|s| t.split == s))
        .collect();
    if as_json {
        let infos: Vec<_> = tasks.iter().map(|t| t.info()).collect();
        println!("{}", serde_json::to_string_pretty(&infos)?);
    } else {
        for t in tasks {
            println!(
                "{:<10} {:<15} d{}  {}",
                t.id, t.split, t.difficulty, t.instruction
            );
        }
    }
    Ok(())
}

/// `appsim tasks --export-solutions DIR`: each task's solutions as files of `# %%` cells.
fn export(split: Option<Split>, dir: &std::path::Path, env: &Env) -> anyhow::Result<()> {
    use anyhow::Context;
    let wrong_dir = dir.join("wrong");
    std::fs::create_dir_all(&wrong_dir)
        .with_context(|| format!("cannot create {}", wrong_dir.display()))?;
    let write = |path: std::path::PathBuf, text: String| {
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
    };
    let suite = env.suite();
    let mut n = 0;
    for t in suite
        .tasks()
        .iter()
        .filter(|t| split.is_none_or(|s| t.split == s))
    {
        write(
            dir.join(format!("{}.py", t.id)),
            t.ground_truth.join("\n# %%\n"),
        )?;
        for (k, w) in t.wrong_solutions.iter().enumerate() {
            let text = format!("# {}\n# %%\n{}", w.name, w.cells.join("\n# %%\n"));
            write(wrong_dir.join(format!("{}-{}.py", t.id, k + 1)), text)?;
        }
        n += 1;
    }
    println!("wrote the solutions of {n} tasks to {}", dir.display());
    Ok(())
}

/// `appsim tasks --stats`: the suite's statistics (of one split, or all), measuring each ground
/// truth's API calls by running it on the default world.
fn stats(split: Option<Split>, as_json: bool, env: &Env) -> anyhow::Result<()> {
    let (world, registry, suite) = env.task_world()?.into_shared();
    let tasks: Vec<Arc<Task>> = suite
        .tasks()
        .iter()
        .filter(|t| split.is_none_or(|s| t.split == s))
        .cloned()
        .collect();
    let mut run = TaskEnv::new(&world, registry, suite.clone(), env.episode_config()?)?;
    let mut calls = std::collections::HashMap::new();
    for t in &tasks {
        run.run_solution(&t.id, &t.ground_truth)?;
        calls.insert(t.id.clone(), run.episode().api_calls_made());
    }
    let s = tasks::stats::stats(&tasks, &calls);
    if as_json {
        println!("{}", serde_json::to_string_pretty(&s)?);
        return Ok(());
    }
    let n = |v: &serde_json::Value| v.to_string();
    println!("tasks {} in {} scenarios", s["tasks"], s["scenarios"]);
    for (split, v) in s["per_split"].as_object().into_iter().flatten() {
        println!(
            "  {split:<15} {:>4} tasks {:>4} scenarios   by app {}   by difficulty {}",
            n(&v["tasks"]),
            n(&v["scenarios"]),
            n(&s["per_split_app"][split]),
            n(&s["per_split_difficulty"][split])
        );
    }
    println!("by app (tasks): {}", n(&s["per_app"]));
    println!("by difficulty (tasks): {}", n(&s["per_difficulty"]));
    println!(
        "question answering share: {}",
        s["question_answering_share"]
    );
    println!("apps per task: {}", n(&s["apps_per_task"]));
    println!("scenarios over 2+ apps: {}", s["cross_app_scenarios"]);
    println!("checks per task: {}", n(&s["checks_per_task"]));
    println!("ground-truth lines: {}", n(&s["ground_truth_lines"]));
    println!(
        "ground-truth API calls: {}",
        n(&s["ground_truth_api_calls"])
    );
    println!(
        "wrong solutions per task: {}",
        n(&s["wrong_solutions_per_task"])
    );
    println!("split rule violations: {}", n(&s["split_rule_violations"]));
    Ok(())
}
