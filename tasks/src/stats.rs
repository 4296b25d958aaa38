//! The suite's shape in numbers (`appsim tasks --stats`): tasks and scenarios per split, app and
//! difficulty, the question-answering share, apps per task, checks per task, ground-truth size
//! (lines and, when measured by running it, API calls), wrong solutions per task, and the tasks
//! that break AppWorld's split rule (test_challenge = exactly the tasks needing an API of a
//! held-out app, amazon or gmail); with `--json`, the same numbers per task.

use crate::model::{Split, Task};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

/// Apps held out of training: a task needing one of them belongs to test_challenge.
pub const HELD_OUT_APPS: &[&str] = &["amazon", "gmail"];

/// The apps a task works with, without the ones every task uses (supervisor, api_docs).
pub fn working_apps(t: &Task) -> Vec<&'static str> {
    t.apps
        .iter()
        .copied()
        .filter(|a| !matches!(*a, "supervisor" | "api_docs"))
        .collect()
}

/// Does the task need a held-out app (by its declared apps or its ground truth's calls)?
pub fn needs_held_out_app(t: &Task) -> bool {
    HELD_OUT_APPS.iter().any(|app| {
        t.apps.contains(app)
            || t.ground_truth.iter().any(|c| {
                c.contains(&format!("apis.{app}.")) || c.contains(&format!("login(\"{app}\")"))
            })
    })
}

/// Checks a task is evaluated on: its own, plus completion, no collateral damage and the answer.
pub fn checks_per_task(t: &Task) -> usize {
    t.checks.len() + 2 + usize::from(t.answer.is_some())
}

fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        0.0
    } else {
        xs.iter().sum::<f64>() / xs.len() as f64
    }
}

fn summary(xs: &[f64]) -> Value {
    let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    json!({
        "mean": (mean(xs) * 100.0).round() / 100.0,
        "min": if xs.is_empty() { 0.0 } else { min },
        "max": if xs.is_empty() { 0.0 } else { max },
    })
}

/// The statistics of `tasks`; `api_calls` holds the API calls each task's ground truth made
/// when run (by task id), if measured.
pub fn stats(tasks: &[Arc<Task>], api_calls: &HashMap<String, usize>) -> Value {
    let scenarios: BTreeSet<&str> = tasks.iter().map(|t| t.scenario_id.as_str()).collect();
    let mut per_split: BTreeMap<String, (usize, BTreeSet<&str>)> = BTreeMap::new();
    for s in Split::ALL {
        per_split.insert(s.to_string(), (0, BTreeSet::new()));
    }
    let mut per_app: BTreeMap<&str, usize> = BTreeMap::new();
    let mut per_difficulty: BTreeMap<u8, usize> = BTreeMap::new();
    let mut split_app: BTreeMap<String, BTreeMap<&str, usize>> = BTreeMap::new();
    let mut split_difficulty: BTreeMap<String, BTreeMap<u8, usize>> = BTreeMap::new();
    let mut cross_app_scenarios = BTreeSet::new();
    let mut misplaced = Vec::new();
    for t in tasks {
        let split = t.split.to_string();
        let e = per_split.entry(split.clone()).or_default();
        e.0 += 1;
        e.1.insert(t.scenario_id.as_str());
        *per_difficulty.entry(t.difficulty).or_default() += 1;
        *split_difficulty
            .entry(split.clone())
            .or_default()
            .entry(t.difficulty)
            .or_default() += 1;
        let apps = working_apps(t);
        for a in &apps {
            *per_app.entry(a).or_default() += 1;
            *split_app
                .entry(split.clone())
                .or_default()
                .entry(a)
                .or_default() += 1;
        }
        if apps.len() >= 2 {
            cross_app_scenarios.insert(t.scenario_id.as_str());
        }
        if needs_held_out_app(t) != (t.split == Split::TestChallenge) {
            misplaced.push(t.id.clone());
        }
    }
    let f = |g: &dyn Fn(&Task) -> f64| tasks.iter().map(|t| g(t)).collect::<Vec<f64>>();
    let calls: Vec<f64> = tasks
        .iter()
        .filter_map(|t| api_calls.get(&t.id).map(|c| *c as f64))
        .collect();
    let qa = tasks.iter().filter(|t| t.answer.is_some()).count();
    json!({
        "tasks": tasks.len(),
        "scenarios": scenarios.len(),
        "per_split": per_split.iter().map(|(k, (n, s))| (k.clone(), json!({"tasks": n, "scenarios": s.len()}))).collect::<serde_json::Map<_, _>>(),
        "per_app": per_app,
        "per_difficulty": per_difficulty.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        "per_split_app": split_app,
        "per_split_difficulty": split_difficulty.iter().map(|(s, m)| (s.clone(), json!(m.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>()))).collect::<serde_json::Map<_, _>>(),
        "question_answering_share": if tasks.is_empty() { 0.0 } else { (qa as f64 / tasks.len() as f64 * 1000.0).round() / 1000.0 },
        "apps_per_task": summary(&f(&|t| working_apps(t).len() as f64)),
        "cross_app_scenarios": cross_app_scenarios.len(),
        "checks_per_task": summary(&f(&|t| checks_per_task(t) as f64)),
        "ground_truth_lines": summary(&f(&|t| t.ground_truth.iter().map(|c| c.lines().count()).sum::<usize>() as f64)),
        "ground_truth_api_calls": if calls.is_empty() { Value::Null } else { summary(&calls) },
        "wrong_solutions_per_task": summary(&f(&|t| t.wrong_solutions.len() as f64)),
        "split_rule_violations": misplaced,
        "per_task": tasks.iter().map(|t| json!({
            "id": t.id,
            "split": t.split.to_string(),
            "difficulty": t.difficulty,
            "apps": working_apps(t),
            "checks": checks_per_task(t),
            "ground_truth_lines": t.ground_truth.iter().map(|c| c.lines().count()).sum::<usize>(),
            "ground_truth_api_calls": api_calls.get(&t.id),
            "wrong_solutions": t.wrong_solutions.len(),
        })).collect::<Vec<_>>(),
    })
}
