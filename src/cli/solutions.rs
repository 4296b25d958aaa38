//! What `run-task` and `eval` run and print: solution cells (ground truth, none, or files of
//! `# %%` cells), a task's header, and a split's results with TGC/SGC.

use anyhow::Context;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tasks::{Report, Split, Task};

/// Which cells to run for a task.
#[derive(Debug, Clone)]
pub(super) enum SolutionSource {
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

fn read_cells(path: &Path) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read solution file {}", path.display()))?;
    Ok(tasks::split_cells(&text))
}

/// The cells `source` gives for `task`.
pub(super) fn cells_for(task: &Task, source: &SolutionSource) -> anyhow::Result<Vec<String>> {
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

/// Prints a task's id, split, difficulty, supervisor, clock and instruction.
pub(super) fn print_header(task: &Task) {
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
pub(super) fn print_results(
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
