//! The agent loop and the trainer end to end on the real task suite: scripted policies through
//! the loop, token bookkeeping, limits, and a short LOOP run with checkpoint and exact resume.

use agent::ChatTokenizer;
use agent::policy::scripted::{Script, ScriptedPolicy};
use agent::policy::{Policy, Reply, TurnRequest};
use agent::rl::TrainConfig;
use agent::rollout::{EnvPool, Job, LoopConfig, RolloutSpec, run_rollouts};
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../lm/fixtures")
        .join(name)
}

fn pool(slots: usize) -> EnvPool {
    let w = agent::rl::world::World::default_world().unwrap();
    EnvPool::new(
        &w.world,
        w.registry,
        w.suite,
        slots,
        2,
        Default::default(),
        None,
    )
    .unwrap()
}

fn jobs(pool: &EnvPool, split: tasks::Split) -> Vec<Job> {
    pool.suite()
        .split(split)
        .into_iter()
        .map(|t| Job { task: t, sample: 0 })
        .collect()
}

fn spec<'a>(cfg: &'a LoopConfig, tok: Option<&'a ChatTokenizer>) -> RolloutSpec<'a> {
    RolloutSpec {
        config: cfg,
        seed: 1,
        tokenizer: tok,
        max_new_tokens: 0,
        model_context: usize::MAX,
        cut: None,
        stop: None,
    }
}

#[test]
fn ground_truth_through_the_agent_loop_passes_every_train_task() {
    let pool = pool(4);
    let jobs = jobs(&pool, tasks::Split::Train);
    let cfg = LoopConfig::default();
    let tok = ChatTokenizer::from_dir(&fixture("tiny-qwen2")).unwrap();
    let mut policy = ScriptedPolicy::new(Script::GroundTruth);
    let mut seen = 0;
    let (trajs, stats) = run_rollouts(&pool, &mut policy, &jobs, &spec(&cfg, Some(&tok)), |_| {
        seen += 1
    })
    .unwrap();
    assert_eq!((trajs.len(), seen), (jobs.len(), jobs.len()));
    for (t, j) in trajs.iter().zip(&jobs) {
        assert_eq!(t.task_id, j.task.id);
        assert!(t.success(), "{}: {}", t.task_id, t.report.render());
        assert_eq!(t.turns.len(), j.task.ground_truth.len());
        assert!(t.cut_off.is_none());
        // Token bookkeeping: every reply is marked with its turn, the rest is 0.
        assert_eq!(t.tokens.len(), t.turn_of.len());
        let max_turn = *t.turn_of.iter().max().unwrap() as usize;
        assert_eq!(max_turn, t.turns.len());
        let reply_text = tok
            .decode(
                &t.tokens
                    .iter()
                    .zip(&t.turn_of)
                    .filter(|(_, u)| **u == 1)
                    .map(|(x, _)| *x)
                    .collect::<Vec<_>>(),
            )
            .unwrap();
        assert!(reply_text.starts_with(&t.turns[0].reply), "{reply_text:?}");
    }
    assert!(stats.env.as_nanos() > 0 && stats.rounds > 0);
}

/// A policy that never writes code: every turn is a format note, until the turn limit.
struct Chatty;

impl Policy for Chatty {
    fn name(&self) -> String {
        "chatty".into()
    }
    fn reply(&mut self, r: &[TurnRequest<'_>]) -> agent::Result<Vec<Reply>> {
        Ok(r.iter()
            .map(|_| Reply {
                text: "Let me think about it.".into(),
                ..Reply::default()
            })
            .collect())
    }
}

#[test]
fn turn_limit_and_missing_code_are_failures() {
    let pool = pool(2);
    let jobs: Vec<Job> = jobs(&pool, tasks::Split::Dev).into_iter().take(2).collect();
    let cfg = LoopConfig {
        max_turns: 3,
        ..LoopConfig::default()
    };
    let (trajs, _) = run_rollouts(&pool, &mut Chatty, &jobs, &spec(&cfg, None), |_| {}).unwrap();
    for t in &trajs {
        assert!(!t.success());
        assert_eq!(t.turns.len(), 3);
        assert!(t.cut_off.as_deref().unwrap().contains("turn limit"));
        assert!(t.turns[0].observation.contains("No code block"));
    }
}

fn tiny_config(out: &std::path::Path) -> TrainConfig {
    let text = format!(
        r#"
[model]
dir = "{}"
random_init = true
[lora]
r = 4
alpha = 8.0
[loop]
max_turns = 2
prompt = "minimal"
max_observation_tokens = 32
[sampling]
max_new_tokens = 12
[rl]
iterations = 2
tasks_per_iteration = 2
rollouts_per_task = 2
min_abs_advantage = 0.0
minibatch_rollouts = 2
micro_batch_rollouts = 2
lr = 1e-3
dev_every = 0
dev_at_start = false
dev_tasks = ["{}"]
dev_samples = 2
[run]
out_dir = "{}"
parallel_rollouts = 4
progress = false
"#,
        fixture("tiny-qwen2").display(),
        tasks::world::suite().split(tasks::Split::Dev)[0].id,
        out.display()
    );
    TrainConfig::from_toml(&text).unwrap()
}

fn adapter_bytes(out: &std::path::Path) -> Vec<u8> {
    std::fs::read(out.join("checkpoint/adapter/adapter_model.safetensors")).unwrap()
}

#[test]
fn training_checkpoints_and_resumes_exactly() {
    type B = agent::backend::CpuTrain;
    let root = std::env::temp_dir().join(format!("appsim-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    // Straight through: two iterations.
    let a = root.join("a");
    let mut t =
        agent::rl::LoopTrainer::<B>::new(tiny_config(&a), Default::default(), false).unwrap();
    let m = t.run().unwrap();
    assert_eq!(m.len(), 2);
    assert!(m.iter().all(|x| x.rollouts == 4 && x.update.updates > 0));
    assert!(
        m[1].dev_tgc.is_some() && m[1].dev_success.is_some(),
        "dev evaluated after the last iteration"
    );
    assert_eq!(
        t.evaluate_dev().unwrap().1.len(),
        2,
        "dev_samples rollouts per task"
    );
    let lines = std::fs::read_to_string(a.join("metrics.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 2);
    // One iteration, then resume for the second.
    let b = root.join("b");
    let mut cfg = tiny_config(&b);
    cfg.rl.iterations = 1;
    let mut t = agent::rl::LoopTrainer::<B>::new(cfg, Default::default(), false).unwrap();
    t.run().unwrap();
    let after_one = adapter_bytes(&b);
    let mut t =
        agent::rl::LoopTrainer::<B>::new(tiny_config(&b), Default::default(), true).unwrap();
    assert_eq!(t.iteration(), 1);
    t.run().unwrap();
    assert_ne!(
        after_one,
        adapter_bytes(&b),
        "the second iteration changed the adapters"
    );
    assert_eq!(
        adapter_bytes(&a),
        adapter_bytes(&b),
        "resume continues exactly"
    );
    let ma: Vec<serde_json::Value> = std::fs::read_to_string(a.join("metrics.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mb: Vec<serde_json::Value> = std::fs::read_to_string(b.join("metrics.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(ma.len(), mb.len());
    for (x, y) in ma.iter().zip(&mb) {
        assert_eq!(x["reward_mean"], y["reward_mean"]);
        assert_eq!(x["loss"], y["loss"]);
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// The model policy with and without per-rollout KV caches: the same trajectories, token for
/// token, and log-probs within 1e-4; with caches, later turns reuse the earlier tokens and a
/// task's rollouts share their first prefill.
#[test]
fn kv_cache_across_turns_leaves_rollouts_unchanged() {
    use agent::generate::SamplingConfig;
    use agent::policy::model::ModelPolicy;
    type B = agent::backend::Cpu;
    let dir = fixture("tiny-qwen2");
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let mc = agent::ModelConfig::from_dir(&dir).unwrap();
    let dev = Default::default();
    let pool = pool(4);
    let task = pool.suite().split(tasks::Split::Dev)[0].clone();
    let jobs = Job::grid(&[task], 3);
    let cfg = LoopConfig {
        max_turns: 3,
        prompt: agent::prompt::PromptStyle::Minimal,
        max_observation_tokens: 24,
        ..LoopConfig::default()
    };
    let run = |reuse: bool| {
        <B as burn::tensor::backend::Backend>::seed(&dev, 5);
        let model = agent::Model::<B>::random_with_head_std(&mc, 1.0, &dev);
        let sampling = SamplingConfig {
            temperature: 1.0,
            max_new_tokens: 10,
            seed: 9,
            ..Default::default()
        };
        let mut policy = ModelPolicy::new(model, tok.clone(), sampling, "tiny");
        policy.reuse_cache = reuse;
        let spec = RolloutSpec {
            config: &cfg,
            seed: 2,
            tokenizer: None,
            max_new_tokens: 10,
            model_context: 4096,
            cut: None,
            stop: None,
        };
        let (trajs, _) = run_rollouts(&pool, &mut policy, &jobs, &spec, |_| {}).unwrap();
        (trajs, policy.prefill)
    };
    let (with, stats_with) = run(true);
    let (without, stats_without) = run(false);
    assert_eq!(with.len(), 3);
    for (a, b) in with.iter().zip(&without) {
        assert_eq!(a.turns.len(), 3);
        assert_eq!(a.tokens, b.tokens);
        for (x, y) in a.logprobs.iter().zip(&b.logprobs) {
            assert!((x - y).abs() < 1e-4, "{x} vs {y}");
        }
    }
    assert_eq!(stats_without.reused, 0);
    assert_eq!(
        stats_with.shared, 2,
        "three rollouts of one task: one first prefill"
    );
    assert!(
        stats_with.fed * 2 < stats_without.fed,
        "fed {} with caches, {} without",
        stats_with.fed,
        stats_without.fed
    );
}
