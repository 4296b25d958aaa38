//! The learning test: on a task family of the suite (variants of "count notes with a tag":
//! the same instruction for other supervisors and data), a tiny model warm-started with
//! supervised fine-tuning on the training variants and then trained with LOOP raises its
//! success on held-out variants.
//!
//! `learning_short` runs in CI (about 90 s in a debug build): after a short SFT warm start,
//! three LOOP updates from scripted rollouts of four training variants (ground truth, or the
//! same cells with an off-by-one answer) must raise the policy's log-odds of the successful
//! rollouts over the failed ones, on every training variant and on four held-out variants it
//! never trained on. `learning_full` is the real thing (sampled rollouts, success measured by
//! sampling; about 30 minutes in release mode on two cores):
//! `cargo test --release -p agent --ignore-rust-version --test learning -- --ignored --nocapture`
//! (budget overrides: `APPSIM_SFT_EPOCHS`, `APPSIM_LOOP_ITERS`, `APPSIM_RL_LR`,
//! `APPSIM_TEMPERATURE`, `APPSIM_EVAL_SAMPLES`, `APPSIM_MIN_GAIN`).

use agent::policy::{Policy, Reply, TurnRequest};
use agent::rl::TrainConfig;
use agent::rollout::{Job, RolloutSpec, Trajectory, run_rollouts};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Held by each test while it runs: random models and fresh adapters draw from the backend's
/// one seeded generator (`Backend::seed`), which tests running side by side in this binary
/// would otherwise interleave.
static BACKEND_RNG: Mutex<()> = Mutex::new(());

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../lm/fixtures")
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
dev_at_start = false
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
        .success_rate("train", &held_out, b.eval_samples, b.temperature as f32)
        .unwrap();
    let metrics = t.run().unwrap();
    for m in &metrics {
        eprintln!(
            "iteration {}: reward {:.3} success {:.3} kept {} clip {:.3} kl {:.4}",
            m.iteration,
            m.reward_mean,
            m.success,
            m.update.kept,
            m.update.clip_fraction,
            m.update.kl
        );
    }
    let after = t
        .success_rate("train", &held_out, b.eval_samples, b.temperature as f32)
        .unwrap();
    eprintln!("held-out success at the training temperature: before {before:.3}, after {after:.3}");
    let _ = std::fs::remove_dir_all(&out);
    (before, after)
}

/// An override from the environment (`APPSIM_*`), or the default.
fn knob<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "about 30 minutes in release mode: cargo test --release -p agent --test learning -- --ignored"]
fn learning_full() {
    let _rng = BACKEND_RNG.lock().unwrap_or_else(|e| e.into_inner());
    let (before, after) = learn(Budget {
        sft_epochs: knob("APPSIM_SFT_EPOCHS", 14),
        sft_lr: knob("APPSIM_SFT_LR", 1e-2),
        iterations: knob("APPSIM_LOOP_ITERS", 10),
        temperature: knob("APPSIM_TEMPERATURE", 0.5),
        rl_lr: knob("APPSIM_RL_LR", 3e-4),
        tasks_per_iteration: 8,
        eval_samples: knob("APPSIM_EVAL_SAMPLES", 12),
    });
    let margin: f64 = knob("APPSIM_MIN_GAIN", 0.1);
    assert!(
        after >= before + margin,
        "held-out success before {before}, after {after}: gain below {margin}"
    );
}

/// Replays each task's ground truth, except that the last cell answers off by one on two
/// thirds of the rollouts (chosen by the turn's seed): rewards 1 or 2/3 within each group.
struct OffByOne;

impl Policy for OffByOne {
    fn name(&self) -> String {
        "off-by-one".into()
    }

    fn reply(&mut self, requests: &[TurnRequest<'_>]) -> agent::Result<Vec<Reply>> {
        Ok(requests
            .iter()
            .map(|r| {
                let cells = &r.task.ground_truth;
                let cell = match cells.get(r.turn) {
                    Some(c) if r.turn + 1 == cells.len() => match r.seed % 3 {
                        0 => c.clone(),
                        1 => c.replace("(answer=", "(answer=1 + "),
                        _ => c.replace("(answer=", "(answer=-1 + "),
                    },
                    Some(c) => c.clone(),
                    None => String::new(),
                };
                Reply {
                    text: agent::policy::scripted::cell_reply(&cell),
                    ..Reply::default()
                }
            })
            .collect())
    }
}

/// Rollouts of `OffByOne` on `tasks`, `k` per task, tokenized with the trainer's tokenizer.
fn scripted_rollouts<B: burn::tensor::backend::AutodiffBackend>(
    t: &agent::rl::LoopTrainer<B>,
    filter: &str,
    k: usize,
) -> Vec<Trajectory> {
    let tasks =
        agent::rl::select::select_tasks(t.pool().suite(), "train", &[filter.to_string()]).unwrap();
    let jobs = Job::grid(&tasks, k);
    let spec = RolloutSpec {
        config: &t.config().agent_loop,
        seed: 7,
        tokenizer: Some(t.tokenizer()),
        max_new_tokens: 0,
        model_context: usize::MAX,
        cut: None,
        stop: None,
    };
    run_rollouts(t.pool(), &mut OffByOne, &jobs, &spec, |_| {})
        .unwrap()
        .0
}

/// Per group of rollouts of one task, the policy's preference for success: the mean
/// log-probability of its successful rollouts minus that of its failed ones (a log-odds that,
/// unlike an expected reward, does not saturate once the better rollouts dominate).
fn success_margins(trajs: &[Trajectory], logprobs: &[f64]) -> Vec<f64> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < trajs.len() {
        let j = (i..trajs.len())
            .find(|&j| trajs[j].task_id != trajs[i].task_id)
            .unwrap_or(trajs.len());
        let (good, bad): (Vec<usize>, Vec<usize>) = (i..j).partition(|&k| trajs[k].reward() >= 1.0);
        let avg = |ix: &[usize]| mean(&ix.iter().map(|&k| logprobs[k]).collect::<Vec<_>>());
        out.push(avg(&good) - avg(&bad));
        i = j;
    }
    out
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

#[test]
fn learning_short() {
    let _rng = BACKEND_RNG.lock().unwrap_or_else(|e| e.into_inner());
    type B = agent::backend::CpuTrain;
    let out = std::env::temp_dir().join(format!("appsim-learning-short-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut cfg = config(
        &out,
        &Budget {
            sft_epochs: 2,
            sft_lr: 1e-2,
            rl_lr: 1e-3,
            temperature: 1.0,
            iterations: 0,
            tasks_per_iteration: 4,
            eval_samples: 0,
        },
    );
    cfg.rl.train_tasks = vec!["59fcb00_3..6".into()];
    let sft = agent::rl::sft::run::<B>(&cfg, Default::default()).unwrap();
    cfg.model.adapter = Some(sft.adapter.clone());
    let mut t = agent::rl::LoopTrainer::<B>::new(cfg, Default::default(), false).unwrap();
    let train = scripted_rollouts(&t, "59fcb00_3..6", 6);
    let held_out = scripted_rollouts(&t, "59fcb00_31..34", 6);
    for g in train.chunks(6).chain(held_out.chunks(6)) {
        let r: Vec<f64> = g.iter().map(Trajectory::reward).collect();
        assert!(
            r.contains(&1.0) && r.iter().any(|&x| x < 1.0),
            "{}: every group needs both outcomes: {r:?}",
            g[0].task_id
        );
    }
    let before = (
        success_margins(&train, &t.trajectory_logprobs(&train)),
        success_margins(&held_out, &t.trajectory_logprobs(&held_out)),
    );
    for _ in 0..3 {
        let up = t.update(&train).unwrap();
        assert_eq!(up.kept, train.len());
        assert!(up.updates > 0 && !up.kl_stopped, "{up:?}");
    }
    let after = (
        success_margins(&train, &t.trajectory_logprobs(&train)),
        success_margins(&held_out, &t.trajectory_logprobs(&held_out)),
    );
    eprintln!("success margin, train: {:?} -> {:?}", before.0, after.0);
    eprintln!("success margin, held out: {:?} -> {:?}", before.1, after.1);
    for (b, a) in before.0.iter().zip(&after.0) {
        assert!(a - b >= 0.3, "training group's success margin: {b} -> {a}");
    }
    let gain = mean(&after.1) - mean(&before.1);
    assert!(
        gain >= 0.3,
        "held-out success margin rose by {gain:.4} nats only"
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// `rl.recompute_logits` (each chunk's logits recomputed in the backward pass, so only one
/// chunk's are alive at a time) takes the same LOOP update as the default path: from the same
/// model and scripted rollouts, both report the same loss and gradient norm and leave the
/// rollouts with the same log-probabilities, which the update moved.
#[test]
fn recomputed_logits_take_the_same_update() {
    let _rng = BACKEND_RNG.lock().unwrap_or_else(|e| e.into_inner());
    type B = agent::backend::CpuTrain;
    let out = std::env::temp_dir().join(format!("appsim-recompute-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let budget = Budget {
        sft_epochs: 0,
        sft_lr: 0.0,
        rl_lr: 1e-2,
        temperature: 0.7,
        iterations: 0,
        tasks_per_iteration: 2,
        eval_samples: 0,
    };
    let trainer = |recompute: bool| {
        let mut cfg = config(&out.join(recompute.to_string()), &budget);
        cfg.rl.recompute_logits = recompute;
        agent::rl::LoopTrainer::<B>::new(cfg, Default::default(), false).unwrap()
    };
    let (mut plain, mut bounded) = (trainer(false), trainer(true));
    let rollouts = scripted_rollouts(&plain, "59fcb00_3..4", 6);
    let before = plain.trajectory_logprobs(&rollouts);
    assert_eq!(before, bounded.trajectory_logprobs(&rollouts));
    let (a, b) = (
        plain.update(&rollouts).unwrap(),
        bounded.update(&rollouts).unwrap(),
    );
    assert!(a.updates > 0 && a.grad_norm > 0.0, "{a:?}");
    assert_eq!((a.kept, a.updates), (b.kept, b.updates));
    let near = |x: f64, y: f64| (x - y).abs() <= 1e-4 * x.abs().max(y.abs()).max(1e-3);
    assert!(
        near(a.loss, b.loss) && near(a.grad_norm, b.grad_norm),
        "{a:?} against {b:?}"
    );
    let (after_a, after_b) = (
        plain.trajectory_logprobs(&rollouts),
        bounded.trajectory_logprobs(&rollouts),
    );
    let moved = after_a
        .iter()
        .zip(&before)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max);
    assert!(moved > 1e-2, "the update did not move the policy ({moved})");
    for (x, y) in after_a.iter().zip(&after_b) {
        assert!(near(*x, *y), "log-probs {x} and {y} after the update");
    }
    let _ = std::fs::remove_dir_all(&out);
}
