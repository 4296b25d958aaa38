//! The learning test: on a task family of the suite (variants of "count notes with a tag":
//! the same instruction for other supervisors and data), a tiny model warm-started with
//! supervised fine-tuning on the training variants and then trained with LOOP raises its
//! success on held-out variants.
//!
//! `learning_short` runs in CI (a small budget, a modest margin). The full run:
//! `cargo test --release -p agent --ignore-rust-version --test learning -- --ignored --nocapture`.

use agent::rl::TrainConfig;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

struct Budget {
    sft_epochs: usize,
    sft_lr: f64,
    rl_lr: f64,
    temperature: f64,
    iterations: usize,
    tasks_per_iteration: usize,
    eval_samples: usize,
}

fn config(out: &Path, b: &Budget) -> TrainConfig {
    let text = format!(
        r#"
[model]
dir = "{dir}"
random_init = true
random_head_std = 0.5
[lora]
r = 16
alpha = 32.0
[loop]
max_turns = 4
prompt = "minimal"
max_observation_tokens = 48
max_context_tokens = 2048
[sampling]
max_new_tokens = 320
temperature = {temp}
[rl]
iterations = {iters}
tasks_per_iteration = {tpi}
rollouts_per_task = 6
minibatch_rollouts = 12
micro_batch_rollouts = 6
lr = {rl_lr}
max_grad_norm = 1.0
dev_every = 0
train_tasks = ["59fcb00_3..30"]
dev_tasks = ["154e003_1"]
family = {{ scenario = "count notes with a tag", variants = 40 }}
[sft]
epochs = {sft}
batch_rollouts = 4
lr = {sft_lr}
[run]
out_dir = "{out}"
parallel_rollouts = 24
progress = false
"#,
        dir = fixture("tiny-qwen2").display(),
        iters = b.iterations,
        temp = b.temperature,
        rl_lr = b.rl_lr,
        tpi = b.tasks_per_iteration,
        sft = b.sft_epochs,
        sft_lr = b.sft_lr,
        out = out.display()
    );
    TrainConfig::from_toml(&text).unwrap()
}

fn learn(b: Budget) -> (f64, f64) {
    type B = agent::backend::CpuTrain;
    let out = std::env::temp_dir().join(format!(
        "appsim-learning-{}-{}",
        std::process::id(),
        b.iterations
    ));
    let _ = std::fs::remove_dir_all(&out);
    let mut cfg = config(&out, &b);
    let sft = agent::rl::sft::run::<B>(&cfg, Default::default()).unwrap();
    eprintln!("sft: {sft:?}");
    cfg.model.adapter = Some(sft.adapter.clone());
    let mut t = agent::rl::LoopTrainer::<B>::new(cfg, Default::default(), false).unwrap();
    let held_out = vec!["59fcb00_31..40".to_string()];
    let before = t
        .success_rate("train", &held_out, b.eval_samples, 1.0)
        .unwrap();
    let metrics = t.run().unwrap();
    for m in &metrics {
        eprintln!(
            "iteration {}: reward {:.3} success {:.3} kept {} clip {:.3} kl {:.4}",
            m.iteration, m.reward_mean, m.success, m.rollouts_kept, m.clip_fraction, m.kl
        );
    }
    let after = t
        .success_rate("train", &held_out, b.eval_samples, 1.0)
        .unwrap();
    eprintln!("held-out success at the training temperature: before {before:.3}, after {after:.3}");
    let _ = std::fs::remove_dir_all(&out);
    (before, after)
}

#[test]
#[ignore = "minutes in release mode: cargo test --release -p agent --test learning -- --ignored"]
fn learning_full() {
    let n = |k: &str, d: usize| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let (before, after) = learn(Budget {
        sft_epochs: n("APPSIM_SFT_EPOCHS", 6),
        sft_lr: std::env::var("APPSIM_SFT_LR")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1e-2),
        iterations: n("APPSIM_LOOP_ITERS", 20),
        temperature: std::env::var("APPSIM_TEMPERATURE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.5),
        rl_lr: std::env::var("APPSIM_RL_LR")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2e-3),
        tasks_per_iteration: 8,
        eval_samples: 8,
    });
    assert!(after >= before + 0.2, "before {before}, after {after}");
}
