//! LOOP iteration throughput with the tiny model on the CPU: rollouts per second, generated
//! tokens per second, and the environment's share of the iteration's wall time.
//!
//! `cargo bench -p agent --bench rollouts --ignore-rust-version` prints one JSON object per
//! iteration and a summary (`APPSIM_KV_CACHE=0` turns the per-rollout KV cache off). The policy is the tiny random model (no warm start), so rollouts run
//! to the turn limit: the environment executes whatever cells come out, mostly syntax errors.

use agent::rl::{LoopTrainer, TrainConfig};

fn main() {
    let out = std::env::temp_dir().join(format!("appsim-bench-rollouts-{}", std::process::id()));
    let text = format!(
        r#"
[model]
dir = "{}/../lm/fixtures/tiny-qwen2"
random_init = true
[loop]
max_turns = 4
prompt = "minimal"
max_observation_tokens = 48
max_context_tokens = 1024
[sampling]
max_new_tokens = 64
[rl]
iterations = 3
tasks_per_iteration = 8
rollouts_per_task = 6
min_abs_advantage = 0.0
micro_batch_rollouts = 8
minibatch_rollouts = 24
dev_every = 0
dev_at_start = false
dev_tasks = ["154e003_1"]
straggler = {{ rollouts_fraction = 1.0, per_task_fraction = 1.0 }}
[run]
out_dir = "{}"
parallel_rollouts = 48
progress = false
"#,
        env!("CARGO_MANIFEST_DIR"),
        out.display()
    );
    let mut cfg = TrainConfig::from_toml(&text).expect("bench config");
    // `APPSIM_KV_CACHE=0`: re-prefill every turn (the speed before caches were kept).
    cfg.sampling.kv_cache = std::env::var("APPSIM_KV_CACHE").map_or(true, |v| v != "0");
    // `APPSIM_GEN_THREADS=N`: generation threads (default: the config's 2).
    if let Some(n) = std::env::var("APPSIM_GEN_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        cfg.sampling.threads = n;
    }
    println!(
        "kv_cache: {}, generation threads: {}",
        cfg.sampling.kv_cache, cfg.sampling.threads
    );
    let mut t = LoopTrainer::<agent::backend::CpuTrain>::new(cfg, Default::default(), false)
        .expect("trainer");
    let metrics = t.run().expect("run");
    // The last iteration runs dev evaluation too; report the first ones.
    for m in &metrics {
        println!(
            "{}",
            serde_json::json!({
                "iteration": m.iteration,
                "rollouts": m.rollouts,
                "rollouts_per_s": m.rollouts_per_s,
                "generated_tokens": m.generated_tokens,
                "tokens_per_s": m.tokens_per_s,
                "env_s": m.env_s,
                "policy_s": m.policy_s,
                "optim_s": m.optim_s,
                "wall_s": m.wall_s,
                "env_share": m.env_share,
            })
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
