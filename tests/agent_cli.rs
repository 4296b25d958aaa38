//! The agent commands through the `appsim` binary: example configs parse, `eval` and
//! `run-task` drive the agent loop with a policy, `train` runs, checkpoints and resumes,
//! `plot` draws the metrics, and bad input gets a one-line error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn appsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_appsim"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("appsim runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn example_configs_parse() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            agent::rl::TrainConfig::from_file(&p)
                .unwrap_or_else(|err| panic!("{}: {err}", p.display()));
            n += 1;
        }
    }
    assert!(n >= 4, "tiny + three CUDA configs");
}

#[test]
fn eval_with_the_ground_truth_policy_goes_through_the_agent_loop() {
    let o = appsim(&[
        "eval",
        "--split",
        "dev",
        "--policy",
        "ground-truth",
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["summary"]["tgc"], 100.0, "{v}");
}

#[test]
fn run_task_shows_the_transcript_of_a_scripted_policy() {
    let dir = std::env::temp_dir().join(format!("appsim-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("cells.py");
    std::fs::write(
        &f,
        "print(1 + 1)\n# %%\napis.supervisor.complete_task(answer=0)\n",
    )
    .unwrap();
    let policy = format!("script:{}", f.display());
    let o = appsim(&["run-task", "59fcb00_1", "--policy", &policy]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(2), "a wrong answer fails: {out}");
    assert!(
        out.contains("## Turn 1") && out.contains("## Turn 2"),
        "{out}"
    );
    assert!(out.contains("FAIL"), "{out}");
    let o = appsim(&["run-task", "59fcb00_1", "--policy", "nonsense"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("unknown policy"), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

fn tiny_config(dir: &Path) -> PathBuf {
    let cfg = format!(
        r#"
[model]
dir = "lm/fixtures/tiny-qwen2"
random_init = true
[lora]
r = 4
alpha = 8.0
[loop]
max_turns = 2
prompt = "minimal"
[sampling]
max_new_tokens = 8
[rl]
iterations = 1
tasks_per_iteration = 2
rollouts_per_task = 2
min_abs_advantage = 0.0
dev_every = 1
dev_tasks = ["154e003_1"]
[run]
out_dir = "{}"
parallel_rollouts = 4
progress = false
"#,
        dir.join("run").display()
    );
    let p = dir.join("tiny.toml");
    std::fs::write(&p, cfg).unwrap();
    p
}

#[test]
fn train_resume_and_plot() {
    let dir = std::env::temp_dir().join(format!("appsim-cli-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = tiny_config(&dir);
    let cfg_s = cfg.to_str().unwrap();
    let o = appsim(&["train", "--config", cfg_s, "--resume"]);
    assert!(!o.status.success());
    assert!(text(&o).contains("no checkpoint"), "{}", text(&o));
    let o = appsim(&["train", "--config", cfg_s]);
    assert!(o.status.success(), "{}", text(&o));
    let o = appsim(&["train", "--config", cfg_s, "--resume", "--iterations", "2"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["from_iteration"].as_u64(), v["next_iteration"].as_u64()),
        (Some(1), Some(2))
    );
    let metrics = dir.join("run/metrics.jsonl");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&metrics)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The start point (dev before any update, `dev_at_start`), then one line per iteration.
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["iteration"], -1);
    for key in ["dev_tgc", "dev_success", "dev_sgc", "dev_reward"] {
        assert!(lines[0].get(key).is_some(), "{key} missing in {}", lines[0]);
    }
    for (i, l) in lines[1..].iter().enumerate() {
        assert_eq!(l["iteration"], i);
        for key in [
            "reward_mean",
            "success",
            "rollouts_kept",
            "clip_fraction",
            "kl",
            "tokens_per_s",
            "env_share",
            "dev_tgc",
            "dev_success",
        ] {
            assert!(l.get(key).is_some(), "{key} missing in {l}");
        }
    }
    let png = dir.join("curves.png");
    let o = appsim(&[
        "plot",
        metrics.to_str().unwrap(),
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_configs_get_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("appsim-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("bad.toml");
    std::fs::write(&p, "[rl]\nrolouts_per_task = 3\n").unwrap();
    let o = appsim(&["train", "--config", p.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(text(&o).contains("rolouts_per_task"), "{}", text(&o));
    std::fs::write(&p, "[rl]\nrollouts_per_task = 1\n").unwrap();
    let o = appsim(&["sft", "--config", p.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(text(&o).contains("at least 2"), "{}", text(&o));
    std::fs::write(&p, "[rl]\ndev_samples = 0\n").unwrap();
    let o = appsim(&["train", "--config", p.to_str().unwrap()]);
    assert!(!o.status.success());
    let t = text(&o);
    assert!(
        t.contains("rl.dev_samples must be positive") && t.lines().count() == 1,
        "{t}"
    );
    let o = appsim(&["train", "--config", "/nonexistent.toml"]);
    assert!(!o.status.success());
    // The training world comes from the command line like every command's: a missing
    // `--world` directory is a one-line error, for train and sft alike.
    let tiny = tiny_config(&dir);
    for cmd in ["train", "sft"] {
        let o = appsim(&[
            cmd,
            "--config",
            tiny.to_str().unwrap(),
            "--world",
            "/nonexistent-world",
        ]);
        assert!(!o.status.success());
        let t = text(&o);
        assert!(
            t.contains("--world") && t.lines().count() == 1,
            "{cmd}: {t}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
