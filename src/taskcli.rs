//! The task commands: `appsim tasks`, `appsim run-task`, `appsim eval`.

use anyhow::{Context, bail};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tasks::{Report, Split, Suite, Task, TaskEnv};

/// Which cells to run for a task.
#[derive(Debug, Clone)]
pub enum SolutionSource {
    /// The task's ground-truth solution.
    GroundTruth,
    /// No cells at all.
    Nothing,
    /// A Python file (cells separated by lines holding only `# %%`), for `run-task`; or a
    /// directory of `<task_id>.py` files, for `eval` (a task without a file runs nothing).
    Path(PathBuf),
}

impl std::str::FromStr for SolutionSource {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "ground-truth" => SolutionSource::GroundTruth,
            "nothing" => SolutionSource::Nothing,
            p => SolutionSource::Path(PathBuf::from(p)),
        })
    }
}

/// Splits a solution file into cells at lines holding only `# %%`.
pub fn split_cells(text: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    for line in text.lines() {
        if line.trim() == "# %%" {
            cells.push(String::new());
        } else if let Some(c) = cells.last_mut() {
            c.push_str(line);
            c.push('\n');
        }
    }
    cells.into_iter().filter(|c| !c.trim().is_empty()).collect()
}

fn read_cells(path: &Path) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read solution file {}", path.display()))?;
    Ok(split_cells(&text))
}

/// The cells `source` gives for `task`.
pub fn cells_for(task: &Task, source: &SolutionSource) -> anyhow::Result<Vec<String>> {
    match source {
        SolutionSource::GroundTruth => Ok(task.ground_truth.clone()),
        SolutionSource::Nothing => Ok(Vec::new()),
        SolutionSource::Path(p) if p.is_dir() => {
            let f = p.join(format!("{}.py", task.id));
            if f.is_file() {
                read_cells(&f)
            } else {
                Ok(Vec::new())
            }
        }
        SolutionSource::Path(p) => read_cells(p),
    }
}

/// The world (`--world DIR`, else the default one), its registry and the suite. Tasks pick
/// their supervisors from the default world's generated population, so a world from a
/// directory must hold those people ([`Suite::check_world`]): an export of the default world
/// does, AppWorld's own worlds do not (an error saying so).
pub fn setup(
    world_dir: Option<&Path>,
) -> anyhow::Result<(sim::World, Arc<sim::api::Registry>, Arc<Suite>)> {
    let (world, registry) = crate::env(world_dir)?;
    let suite = Arc::new(Suite::new(&apps::seed::WorldConfig::default()));
    if let Some(dir) = world_dir {
        tasks_fit(&world, &suite).map_err(|why| {
            anyhow::anyhow!(
                "--world {}: appsim's tasks cannot run on this world: {why}",
                dir.display()
            )
        })?;
    }
    Ok((world, registry, suite))
}

/// Whether `suite`'s tasks can run on `world`; `Err` says why not, in one line.
pub fn tasks_fit(world: &sim::World, suite: &Suite) -> Result<(), String> {
    let db = sim::Db::open(world).map_err(|e| e.to_string())?;
    suite.check_world(db.conn()).map_err(|why| {
        format!(
            "their setups make people of appsim's generated population (seed 0, 100 people) \
             the supervisor, and {why} (a world written by `appsim export-world` works)"
        )
    })
}

/// `appsim tasks`.
pub fn list(split: Option<Split>, as_json: bool) -> anyhow::Result<()> {
    let suite = Suite::new(&apps::seed::WorldConfig::default());
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

/// `appsim tasks --stats`: the suite's statistics (of one split, or all), measuring each ground
/// truth's API calls by running it on the default world.
pub fn stats(split: Option<Split>, as_json: bool) -> anyhow::Result<()> {
    let (world, registry, suite) = setup(None)?;
    let tasks: Vec<Arc<Task>> = suite
        .tasks()
        .iter()
        .filter(|t| split.is_none_or(|s| t.split == s))
        .cloned()
        .collect();
    let mut env = TaskEnv::new(
        &world,
        registry,
        suite.clone(),
        crate::base_episode_config(),
    )?;
    let mut calls = std::collections::HashMap::new();
    for t in &tasks {
        env.run_solution(&t.id, &t.ground_truth)?;
        calls.insert(t.id.clone(), env.episode().api_calls_made());
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

/// `appsim run-task`.
/// `world`: `--world DIR` (see [`setup`]).
pub fn run_task(
    id: &str,
    source: &SolutionSource,
    as_json: bool,
    world: Option<&Path>,
) -> anyhow::Result<bool> {
    let (world, registry, suite) = setup(world)?;
    let task = suite
        .get(id)
        .with_context(|| format!("no task with id '{id}' (list them with `appsim tasks`)"))?;
    let cells = cells_for(&task, source)?;
    let mut env = TaskEnv::new(&world, registry, suite, crate::base_episode_config())?;
    let (outputs, report) = env.run_solution(id, &cells)?;
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
        print_header(&task);
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

/// `appsim eval`: runs `source` on every task of `split` and prints per-task results and
/// TGC/SGC (progress on stderr). `world`: `--world DIR` (see [`setup`]).
pub fn eval(
    split: Split,
    source: &SolutionSource,
    as_json: bool,
    world: Option<&Path>,
) -> anyhow::Result<tasks::Summary> {
    crate::python()
        .check_tenants("eval")
        .map_err(anyhow::Error::msg)?;
    if let SolutionSource::Path(p) = source
        && !p.is_dir()
    {
        bail!(
            "for eval, --solution takes ground-truth, nothing, or a directory of <task_id>.py files; {} is not a directory",
            p.display()
        );
    }
    let (world, registry, suite) = setup(world)?;
    let tasks = suite.split(split);
    let mut env = TaskEnv::new(
        &world,
        registry,
        suite.clone(),
        crate::base_episode_config(),
    )?;
    let bar = indicatif::ProgressBar::new(tasks.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} tasks {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut results: Vec<(Arc<Task>, Report)> = Vec::new();
    for t in &tasks {
        bar.set_message(t.id.clone());
        let cells = cells_for(t, source)?;
        let (_, report) = env.run_solution(&t.id, &cells)?;
        results.push((t.clone(), report));
        bar.inc(1);
    }
    bar.finish_and_clear();
    print_results(split, &results, as_json)
}

/// Prints a task's id, split, difficulty, supervisor, clock and instruction.
pub fn print_header(task: &Task) {
    println!(
        "# Task {} ({}, difficulty {})",
        task.id, task.split, task.difficulty
    );
    println!(
        "# Supervisor: person {}; clock {}",
        task.supervisor,
        sim::clock::fmt_datetime(task.now)
    );
    println!("# Instruction: {}\n", task.instruction);
}

/// Prints per-task results and TGC/SGC of a split (or JSON) and returns the summary.
pub fn print_results(
    split: Split,
    results: &[(Arc<Task>, Report)],
    as_json: bool,
) -> anyhow::Result<tasks::Summary> {
    let summary = tasks::summarize(results.iter().map(|(t, r)| (t.as_ref(), r)));
    if as_json {
        let per_task: Vec<_> = results
            .iter()
            .map(|(t, r)| json!({"task_id": t.id, "success": r.success, "reward": r.reward}))
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(
                &json!({"split": split, "summary": summary, "tasks": per_task})
            )?
        );
    } else {
        for (t, r) in results {
            let failed: Vec<&str> = r
                .checks
                .iter()
                .filter(|c| !c.passed)
                .map(|c| c.name.as_str())
                .collect();
            println!(
                "{:<10} {}  reward {:.2}{}",
                t.id,
                if r.success { "PASS" } else { "FAIL" },
                r.reward,
                if failed.is_empty() {
                    String::new()
                } else {
                    format!("  failed: {}", failed.join("; "))
                }
            );
        }
        println!(
            "{split}: TGC {:.1} ({}/{} tasks)  SGC {:.1} ({}/{} scenarios)  mean reward {:.3}",
            summary.tgc,
            summary.tasks_passed,
            summary.tasks,
            summary.sgc,
            summary.scenarios_passed,
            summary.scenarios,
            summary.mean_reward
        );
    }
    Ok(summary)
}
