//! The policy model of a run: the base model and tokenizer with LoRA adapters attached, and
//! batches of rollouts sampled from it.

use super::config::TrainConfig;
use crate::chat::ChatTokenizer;
use crate::config::ModelConfig;
use crate::error::Result;
use crate::generate::SamplingConfig;
use crate::lora::{self, LoraConfig};
use crate::model::Model;
use crate::policy::model::ModelPolicy;
use crate::rollout::{
    EnvPool, Job, LoopConfig, RolloutSpec, RolloutStats, StragglerCut, Trajectory, run_rollouts,
};
use burn::module::AutodiffModule;
use burn::tensor::backend::{AutodiffBackend, Backend};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use tasks::Task;

/// The base model, tokenizer and LoRA settings of a configuration, with adapters attached
/// (fresh ones, or the configured adapter) and only they trainable. Random weights and fresh
/// adapters are seeded by `model.init_seed`, else by `seed`.
pub fn load_model<B: AutodiffBackend>(
    cfg: &TrainConfig,
    seed: u64,
    device: &B::Device,
) -> Result<(Model<B>, ChatTokenizer, LoraConfig)> {
    let m = &cfg.model;
    let seed = m.init_seed.unwrap_or(seed);
    let tok = ChatTokenizer::from_dir(&m.dir)?;
    let base = if m.random_init {
        let mc = ModelConfig::from_dir(&m.dir)?;
        B::seed(device, seed);
        Model::<B>::random_with_head_std(&mc, m.random_head_std, device)
    } else {
        Model::<B>::load(&m.dir, device)?
    };
    match &m.adapter {
        Some(dir) => {
            let (model, lcfg) = lora::load_peft(base, dir)?;
            Ok((model, tok, lcfg))
        }
        None => {
            B::seed(device, seed ^ 0x5EED);
            let model = lora::attach(base, &cfg.lora)?;
            Ok((model, tok, cfg.lora.clone()))
        }
    }
}

/// The model's context size for the agent loop's budget.
pub fn context_of<B: Backend>(model: &Model<B>) -> usize {
    model.config.max_position_embeddings
}

/// A batch of rollouts to sample from the model.
pub struct RolloutBatch<'a> {
    /// The tasks.
    pub tasks: &'a [Arc<Task>],
    /// Rollouts per task.
    pub samples: usize,
    /// Sampling temperature.
    pub temperature: f32,
    /// The agent loop's limits and prompt.
    pub loop_cfg: &'a LoopConfig,
    /// Seed of the sampler.
    pub sampling_seed: u64,
    /// Seed of the agent loop (each rollout's turns derive theirs from it).
    pub loop_seed: u64,
    /// Straggler cut-off, if any.
    pub cut: Option<StragglerCut>,
    /// Stops the batch at the next round when raised.
    pub stop: Option<&'a AtomicBool>,
}

/// Rolls out `run.tasks` (`run.samples` each) with the model (its adapters merged in for
/// inference); returns the trajectories (task-major order) and timing.
pub fn rollouts<B: AutodiffBackend>(
    pool: &EnvPool,
    model: &Model<B>,
    tok: &ChatTokenizer,
    cfg: &TrainConfig,
    run: &RolloutBatch<'_>,
    on_done: impl FnMut(&Trajectory),
) -> Result<(Vec<Trajectory>, RolloutStats)> {
    let inner = model.valid();
    let context = context_of(&inner);
    let sampling = SamplingConfig {
        temperature: run.temperature,
        top_p: cfg.sampling.top_p,
        max_new_tokens: cfg.sampling.max_new_tokens,
        seed: run.sampling_seed,
        threads: cfg.sampling.threads,
        ..Default::default()
    };
    let mut policy = ModelPolicy::new(inner, tok.clone(), sampling, "model");
    policy.reuse_cache = cfg.sampling.kv_cache;
    let jobs = Job::grid(run.tasks, run.samples);
    let spec = RolloutSpec {
        config: run.loop_cfg,
        seed: run.loop_seed,
        tokenizer: None,
        max_new_tokens: cfg.sampling.max_new_tokens,
        model_context: context,
        cut: run.cut,
        stop: run.stop,
    };
    run_rollouts(pool, &mut policy, &jobs, &spec, on_done)
}
