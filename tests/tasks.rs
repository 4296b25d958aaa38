//! The task suite through its public interface: for every task, the ground truth passes, doing
//! nothing fails, every plausible wrong solution fails with its reason named; reports are
//! snapshotted (insta); runs are deterministic.

mod common;
use serde_json::json;
use sim::EpisodeConfig;
use std::sync::Arc;
use tasks::TaskEnv;

fn env() -> TaskEnv {
    let (w, r) = common::env();
    let suite = Arc::new(tasks::world::suite());
    TaskEnv::new(w, r.clone(), suite, EpisodeConfig::default()).expect("task env")
}

#[test]
fn every_task_ground_truth_passes_and_wrong_solutions_fail() {
    let mut env = env();
    let suite = env.suite().clone();
    let mut problems = Vec::new();
    // `TASKS_ONLY=<part of a scenario name>` runs only those scenarios (while writing one).
    let only = std::env::var("TASKS_ONLY").unwrap_or_default();
    for task in suite.tasks().iter().filter(|t| t.scenario.contains(&only)) {
        let (outputs, gt) = env.run_solution(&task.id, &task.ground_truth).unwrap();
        if !gt.success {
            let transcript: Vec<String> = task
                .ground_truth
                .iter()
                .zip(&outputs)
                .map(|(c, o)| format!(">>> {c}\n{o}"))
                .collect();
            problems.push(format!(
                "{} ground truth fails:\n{}\n{}",
                task.id,
                gt.render(),
                transcript.join("\n")
            ));
        }
        let (_, nothing) = env.run_solution(&task.id, &[]).unwrap();
        if nothing.success {
            problems.push(format!("{}: doing nothing passes", task.id));
        }
        let mut wrong_reports = Vec::new();
        for w in &task.wrong_solutions {
            let (outputs, r) = env.run_solution(&task.id, &w.cells).unwrap();
            if r.success {
                problems.push(format!(
                    "{}: wrong solution '{}' passes\n{}",
                    task.id,
                    w.name,
                    outputs.join("\n")
                ));
            }
            wrong_reports.push(json!({"solution": w.name, "report": r}));
        }
        if task.wrong_solutions.is_empty() {
            problems.push(format!("{}: no wrong solutions", task.id));
        }
        insta::assert_json_snapshot!(
            format!("task_{}", task.id),
            json!({
                "task": task.info(),
                "ground_truth": gt,
                "do_nothing": nothing,
                "wrong_solutions": wrong_reports,
            })
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn suite_shape() {
    let suite = tasks::world::suite();
    let tasks = suite.tasks();
    assert!(tasks.len() >= 36);
    let mut scenarios = std::collections::BTreeMap::new();
    for t in tasks {
        let (scen, n) = t.id.split_once('_').unwrap();
        assert_eq!(scen.len(), 7);
        assert!(scen.chars().all(|c| c.is_ascii_hexdigit()));
        assert!(["1", "2", "3"].contains(&n));
        assert!((1..=3).contains(&t.difficulty));
        scenarios
            .entry(scen.to_string())
            .or_insert_with(Vec::new)
            .push(t.clone());
    }
    for (id, ts) in &scenarios {
        assert_eq!(ts.len(), 3, "{id}");
        assert!(
            ts.iter().all(|t| t.split == ts[0].split),
            "{id} spans splits"
        );
        // A contrast set: the three instructions differ.
        let instr: std::collections::BTreeSet<_> = ts.iter().map(|t| &t.instruction).collect();
        assert_eq!(instr.len(), 3, "{id}");
    }
    for t in tasks {
        // AppWorld's split rule: test_challenge is exactly the tasks needing a held-out app.
        assert_eq!(
            tasks::stats::needs_held_out_app(t),
            t.split == tasks::Split::TestChallenge,
            "{}: test_challenge must be exactly the tasks needing amazon or gmail",
            t.id
        );
        assert!(
            t.wrong_solutions.len() >= 2,
            "{}: < 2 wrong solutions",
            t.id
        );
        // Ground truths of AppWorld's size: 10–130 lines.
        let lines: usize = t.ground_truth.iter().map(|c| c.lines().count()).sum();
        assert!(
            (10..=130).contains(&lines),
            "{}: a ground truth of {lines} lines",
            t.id
        );
    }
    for split in tasks::Split::ALL {
        assert!(!suite.split(split).is_empty(), "{split} is empty");
    }
    for d in 1..=3 {
        assert!(tasks.iter().any(|t| t.difficulty == d));
    }
    // The suite's shape (issue targets; API calls are measured by `appsim tasks --stats`).
    let s = tasks::stats::stats(tasks, &Default::default());
    let num = |v: &serde_json::Value| v.as_f64().unwrap();
    assert!(num(&s["scenarios"]) >= 100.0, "{}", s["scenarios"]);
    assert!(num(&s["cross_app_scenarios"]) >= 25.0);
    let qa = num(&s["question_answering_share"]);
    assert!((0.08..=0.25).contains(&qa), "question answering share {qa}");
    assert!(num(&s["apps_per_task"]["mean"]) >= 1.5);
    assert!(num(&s["apps_per_task"]["max"]) >= 4.0);
    assert!(num(&s["checks_per_task"]["mean"]) >= 5.0);
    assert_eq!(s["split_rule_violations"], serde_json::json!([]));
}

#[test]
fn runs_are_deterministic() {
    let mut a = env();
    let mut b = env();
    let id = a.suite().tasks()[4].id.clone();
    let gt = a.suite().get(&id).unwrap().ground_truth.clone();
    let (oa, ra) = a.run_solution(&id, &gt).unwrap();
    let (ob, rb) = b.run_solution(&id, &gt).unwrap();
    assert_eq!(oa, ob);
    assert_eq!(ra, rb);
    assert_eq!(
        a.episode().state_hash().unwrap(),
        b.episode().state_hash().unwrap()
    );
    // The same environment, again: setups are pure functions of (world, task id).
    let (oc, rc) = a.run_solution(&id, &gt).unwrap();
    assert_eq!((oa, ra), (oc, rc));
    assert_eq!(
        a.episode().state_hash().unwrap(),
        b.episode().state_hash().unwrap()
    );
}

#[test]
fn unknown_task_is_a_clear_error() {
    let mut env = env();
    let err = env.start("0000000_9").unwrap_err();
    assert!(err.to_string().contains("no task with id '0000000_9'"));
    assert!(env.evaluate().is_err());
}

fn appsim(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_appsim"))
        .args(args)
        .output()
        .expect("appsim runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_eval_run_task_and_tasks() {
    for split in ["train", "dev", "test_normal", "test_challenge"] {
        let (code, out, err) = appsim(&["eval", "--split", split, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["summary"]["tgc"], 100.0, "{split}: {out}");
        assert_eq!(v["summary"]["sgc"], 100.0, "{split}: {out}");
        let (_, out, _) = appsim(&["eval", "--split", split, "--solution", "nothing", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["summary"]["tgc"], 0.0, "{split}: {out}");
    }
    let (code, out, _) = appsim(&["tasks", "--split", "dev", "--json"]);
    assert_eq!(code, 0);
    let listed: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    assert!(!listed.is_empty() && listed.iter().all(|t| t["split"] == "dev"));

    // Exported solutions read back: the ground truths pass as files, the wrong ones are written.
    let dir = std::env::temp_dir().join(format!("appsim-export-{}", std::process::id()));
    let (code, out, err) = appsim(&[
        "tasks",
        "--split",
        "dev",
        "--export-solutions",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("{} tasks", listed.len())), "{out}");
    assert!(std::fs::read_dir(dir.join("wrong")).unwrap().count() >= listed.len());
    let (code, out, err) = appsim(&[
        "eval",
        "--split",
        "dev",
        "--solution",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["tgc"], 100.0, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();

    // A solution file: cells split at `# %%`; a failing task exits 2 and names the failed check.
    let suite = tasks::world::suite();
    let task = &suite.tasks()[0];
    let file = std::env::temp_dir().join(format!("appsim-sol-{}.py", std::process::id()));
    let wrong = &task.wrong_solutions[0];
    std::fs::write(&file, wrong.cells.join("\n# %%\n")).unwrap();
    let (code, out, _) = appsim(&["run-task", &task.id, "--solution", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains(&task.instruction), "{out}");
    assert!(out.contains("## Cell 2"), "{out}");
    assert!(out.contains("[FAIL]"), "{out}");
    std::fs::remove_file(&file).unwrap();
    let (code, out, _) = appsim(&["run-task", &task.id, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["report"]["success"], true);
    let (code, _, err) = appsim(&["run-task", "0000000_1"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no task with id"), "{err}");
    let (code, _, err) = appsim(&["run-task", &task.id, "--solution", "/no/such/file.py"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read solution file"), "{err}");
}

/// `tasks::stats` (what `appsim tasks --stats` prints) accounts for every task once per split
/// and difficulty, and reports the measured API calls.
#[test]
fn suite_stats_add_up() {
    let mut env = env();
    let suite = env.suite().clone();
    let tasks = suite.tasks();
    let mut calls = std::collections::HashMap::new();
    let first = &tasks[0];
    env.run_solution(&first.id, &first.ground_truth).unwrap();
    calls.insert(first.id.clone(), env.episode().api_calls_made());
    assert!(calls[&first.id] > 0);
    let s = tasks::stats::stats(tasks, &calls);
    assert_eq!(s["tasks"], tasks.len());
    let by_split: u64 = s["per_split"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v["tasks"].as_u64().unwrap())
        .sum();
    let by_difficulty: u64 = s["per_difficulty"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(by_split as usize, tasks.len());
    assert_eq!(by_difficulty as usize, tasks.len());
    assert_eq!(
        s["ground_truth_api_calls"]["max"].as_f64(),
        Some(calls[&first.id] as f64)
    );
}
