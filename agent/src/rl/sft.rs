//! Supervised fine-tuning of the adapters on whole agent trajectories: the ground-truth
//! solutions run through the agent loop (SFT-GT), or the policy's own successful rollouts
//! (RFT). The loss is the mean negative log-likelihood of the assistant tokens of each
//! trajectory, averaged over trajectories. The result is a PEFT adapter, usable as the warm
//! start of `appsim train` (`model.adapter`).

use super::config::{SftSource, TrainConfig};
use super::metrics::{Metrics, make_dir};
use super::objective::scalar;
use super::optim::{AdamWOptim, Step};
use super::policy_model::{self, RolloutBatch};
use super::select;
use super::trainer::shuffle;
use super::world::World;
use crate::error::{AgentError, Result};
use crate::generate::Rng;
use crate::lora;
use crate::policy::scripted::{Script, ScriptedPolicy};
use crate::rollout::{Job, RolloutSpec, Trajectory, derive_seed, run_rollouts};
use crate::score::{ScoreBatch, chunked_loss, token_logprobs};
use burn::module::AutodiffModule;
use burn::optim::AdamWConfig;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Tensor, TensorData};
use serde_json::json;
use std::path::PathBuf;

/// What a supervised run did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SftReport {
    /// Trajectories trained on.
    pub trajectories: usize,
    /// Assistant tokens per epoch.
    pub tokens: usize,
    /// Mean loss of the first and the last epoch.
    pub first_loss: f64,
    /// Mean loss of the last epoch.
    pub last_loss: f64,
    /// Where the adapter was written.
    pub adapter: PathBuf,
}

/// Collects the supervised trajectories `cfg.sft.source` asks for on the training tasks.
pub fn collect<B: AutodiffBackend>(
    cfg: &TrainConfig,
    world: &World,
    model: &crate::model::Model<B>,
    tok: &crate::chat::ChatTokenizer,
) -> Result<Vec<Trajectory>> {
    let tasks = select::select_tasks(&world.suite, &cfg.rl.train_split, &cfg.rl.train_tasks)?;
    let pool = world.pool(cfg)?;
    let trajs = match cfg.sft.source {
        SftSource::GroundTruth => {
            let mut policy = ScriptedPolicy::new(Script::GroundTruth);
            let jobs = Job::grid(&tasks, 1);
            let spec = RolloutSpec {
                config: &cfg.agent_loop,
                seed: cfg.rl.seed,
                tokenizer: Some(tok),
                max_new_tokens: 0,
                model_context: usize::MAX,
                cut: None,
                stop: None,
            };
            run_rollouts(&pool, &mut policy, &jobs, &spec, |_| {})?.0
        }
        SftSource::Successful => {
            let seed = derive_seed(cfg.rl.seed, &[0x5F7]);
            let run = RolloutBatch {
                tasks: &tasks,
                samples: cfg.sft.samples_per_task,
                temperature: cfg.sampling.temperature,
                loop_cfg: &cfg.agent_loop,
                sampling_seed: seed,
                loop_seed: seed,
                cut: None,
                stop: None,
            };
            policy_model::rollouts(&pool, model, tok, cfg, &run, |_| {})?.0
        }
    };
    let kept: Vec<Trajectory> = trajs.into_iter().filter(|t| t.success()).collect();
    if kept.is_empty() {
        return Err(AgentError::Train(
            "no successful trajectory to learn from (try more samples_per_task, or source = \"ground_truth\")".into(),
        ));
    }
    Ok(kept)
}

/// Positions per chunk of the output projection.
const CHUNK: usize = 64;

/// The rows as a batch weighing each trajectory's assistant tokens by one over their count.
fn nll_batch(rows: &[&Trajectory], pad: u32) -> ScoreBatch {
    let tokens: Vec<Vec<u32>> = rows.iter().map(|t| t.tokens.clone()).collect();
    let weights: Vec<Vec<f32>> = rows
        .iter()
        .map(|t| {
            let n = t.turn_of.iter().filter(|&&u| u > 0).count().max(1) as f32;
            t.turn_of
                .iter()
                .map(|&u| if u > 0 { 1.0 / n } else { 0.0 })
                .collect()
        })
        .collect();
    ScoreBatch::new(&tokens, &weights, pad)
}

/// The mean per-trajectory NLL of the assistant tokens, from the batch's token log-probabilities.
fn nll_of<B: burn::tensor::backend::Backend>(lp: Tensor<B, 2>, batch: &ScoreBatch) -> Tensor<B, 1> {
    let [b, s] = lp.dims();
    let w = Tensor::<B, 2>::from_data(TensorData::new(batch.weights.clone(), [b, s]), &lp.device());
    (lp * w).sum_dim(1).neg().mean()
}

/// The micro-batch's share of the step's NLL, ready for backward, and its value; with
/// `recompute`, through [`chunked_loss`] (one chunk's logits alive at a time).
fn nll_step<B: AutodiffBackend>(
    model: &crate::model::Model<B>,
    rows: &[&Trajectory],
    pad: u32,
    share: f64,
    recompute: bool,
) -> (Tensor<B, 1>, f64) {
    let batch = nll_batch(rows, pad);
    let loss = |lp: Tensor<B, 2>| {
        let l = nll_of(lp, &batch).mul_scalar(share);
        let v = scalar(&l);
        (l, v)
    };
    if recompute {
        chunked_loss(model, &batch, CHUNK, 1.0, loss)
    } else {
        loss(token_logprobs(model, &batch, CHUNK))
    }
}

/// Runs supervised fine-tuning as `cfg.sft` says and writes the adapter; metrics (one line per
/// epoch) go to `<out_dir>/sft-metrics.jsonl`.
pub fn run<B: AutodiffBackend>(cfg: &TrainConfig, device: B::Device) -> Result<SftReport> {
    let world = World::with_family(cfg.rl.family.as_ref())?;
    run_in::<B>(cfg, &world, device)
}

/// [`run`] in `world` (its suite already holds the config's task family).
pub fn run_in<B: AutodiffBackend>(
    cfg: &TrainConfig,
    world: &World,
    device: B::Device,
) -> Result<SftReport> {
    let (mut model, tok, lcfg) = policy_model::load_model::<B>(cfg, cfg.rl.seed, &device)?;
    let data = collect(cfg, world, &model, &tok)?;
    make_dir(&cfg.run.out_dir)?;
    let out = cfg
        .sft
        .adapter_out
        .clone()
        .unwrap_or_else(|| cfg.run.out_dir.join("sft-adapter"));
    let mut metrics = Metrics::open(&cfg.run.out_dir.join("sft-metrics.jsonl"), Some(0))?;
    let mut optim: AdamWOptim<B> = AdamWConfig::new()
        .with_weight_decay(cfg.rl.weight_decay)
        .init();
    let mut rng = Rng::new(derive_seed(cfg.rl.seed, &[0x5F7, 1]));
    let mut order: Vec<usize> = (0..data.len()).collect();
    let tokens: usize = data.iter().map(Trajectory::generated_tokens).sum();
    let bar = indicatif::ProgressBar::new((cfg.sft.epochs * data.len()) as u64);
    if !cfg.run.progress {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        indicatif::ProgressStyle::with_template("sft {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let (mut first, mut last) = (f64::NAN, f64::NAN);
    let micro = cfg.rl.micro_batch_rollouts.max(1);
    for epoch in 0..cfg.sft.epochs {
        shuffle(&mut order, &mut rng);
        let mut sum = 0.0;
        let mut steps = 0.0f64;
        for chunk in order.chunks(cfg.sft.batch_rollouts.max(1)) {
            let mut step = Step::new();
            let mut loss_v = 0.0;
            for part in chunk.chunks(micro) {
                let rows: Vec<&Trajectory> = part.iter().map(|&i| &data[i]).collect();
                let share = part.len() as f64 / chunk.len() as f64;
                let (loss, v) = nll_step(&model, &rows, tok.pad_id, share, cfg.rl.recompute_logits);
                loss_v += v;
                step.add(&model, loss);
            }
            model = step
                .apply(&mut optim, model, cfg.sft.lr, cfg.rl.max_grad_norm)
                .0;
            sum += loss_v;
            steps += 1.0;
            bar.inc(chunk.len() as u64);
            bar.set_message(format!("epoch {} loss {loss_v:.4}", epoch + 1));
        }
        let mean = sum / steps.max(1.0);
        if epoch == 0 {
            first = mean;
        }
        last = mean;
        metrics.write(&json!({"epoch": epoch, "loss": mean, "trajectories": data.len()}))?;
    }
    bar.finish_and_clear();
    lora::save_peft(&model.valid(), &lcfg, &out)?;
    Ok(SftReport {
        trajectories: data.len(),
        tokens,
        first_loss: first,
        last_loss: last,
        adapter: out,
    })
}
