//! The LOOP trainer: each iteration samples tasks, rolls out K trajectories per task on the
//! environment workers, turns rewards into leave-one-out advantages, drops near-zero ones,
//! recomputes the rollout policy's log-probs, and takes clipped PPO steps on the adapters over
//! shuffled minibatches for a few epochs. Metrics go to JSONL; checkpoints hold the adapters,
//! the optimiser state and the iteration, so `--resume` continues exactly.

use super::advantage::advantages;
use super::config::TrainConfig;
use super::metrics::{Metrics, make_dir};
use super::objective::{ObjectiveStats, Surrogate, Units, ppo_loss};
use super::optim::{AdamWOptim, Step, load_optimizer, save_optimizer};
use super::policy_model::{self, RolloutBatch};
use super::select;
use super::world::World;
use crate::chat::ChatTokenizer;
use crate::error::{AgentError, Result};
use crate::generate::Rng;
use crate::lora::{self, LoraConfig};
use crate::model::Model;
use crate::rollout::{EnvPool, LoopConfig, RolloutStats, Trajectory, derive_seed};
use crate::score::{ScoreBatch, chunked_loss, to_rows, token_logprobs_at};
use burn::module::AutodiffModule;
use burn::optim::AdamWConfig;
use burn::tensor::backend::AutodiffBackend;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use tasks::Task;

/// Positions per chunk of the output projection when scoring.
const CHUNK: usize = 64;

/// A trajectory ready for the objective.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The conversation's token ids.
    pub tokens: Vec<u32>,
    /// Per token: 0, or 1 + the turn that emitted it.
    pub turn_of: Vec<u32>,
    /// The rollout's advantage.
    pub advantage: f32,
    /// Rollout-policy log-probs per token (filled by the trainer).
    pub old: Vec<f32>,
    /// Reference (base model) log-probs per token, when a KL penalty is used.
    pub reference: Vec<f32>,
}

/// Shuffles in place with a seeded generator (Fisher–Yates).
pub fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

/// Picks `n` tasks for an iteration: shuffled passes over the pool.
pub fn sample_tasks(pool: &[Arc<Task>], n: usize, rng: &mut Rng) -> Vec<Arc<Task>> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pass: Vec<_> = pool.to_vec();
        shuffle(&mut pass, rng);
        out.extend(pass.into_iter().take(n - out.len()));
    }
    out
}

/// Groups trajectories by task (in first-seen order), computes advantages and keeps the
/// trajectories whose `|A|` reaches `min_abs` and that contain generated tokens.
pub fn to_samples(
    trajs: &[Trajectory],
    estimator: super::advantage::Estimator,
    min_abs: f64,
) -> Vec<Sample> {
    let mut groups: BTreeMap<&str, Vec<&Trajectory>> = BTreeMap::new();
    let mut order = Vec::new();
    for t in trajs {
        let g = groups.entry(t.task_id.as_str()).or_default();
        if g.is_empty() {
            order.push(t.task_id.as_str());
        }
        g.push(t);
    }
    let mut out = Vec::new();
    for id in order {
        let g = &groups[id];
        let rewards: Vec<f64> = g.iter().map(|t| t.reward()).collect();
        for (t, a) in g.iter().zip(advantages(&rewards, estimator)) {
            if a.abs() >= min_abs && t.generated_tokens() > 0 {
                out.push(Sample {
                    tokens: t.tokens.clone(),
                    turn_of: t.turn_of.clone(),
                    advantage: a as f32,
                    old: Vec::new(),
                    reference: Vec::new(),
                });
            }
        }
    }
    out
}

/// Per-token log-probs of each sample under `model` at `temperature` (no gradient), `micro`
/// rows at a time. Rows are batched with others of similar length (attention cost grows with
/// the square of the padded width); the result is in the order of `rows`.
pub fn score_rows<B: burn::tensor::backend::Backend>(
    model: &Model<B>,
    rows: &[&[u32]],
    pad: u32,
    micro: usize,
    temperature: f64,
) -> Vec<Vec<f32>> {
    let order = by_length(rows.len(), |i| rows[i].len());
    let mut out = vec![Vec::new(); rows.len()];
    for chunk in order.chunks(micro.max(1)) {
        let owned: Vec<Vec<u32>> = chunk.iter().map(|&i| rows[i].to_vec()).collect();
        let weights: Vec<Vec<f32>> = owned.iter().map(|r| vec![0.0; r.len()]).collect();
        let batch = ScoreBatch::new(&owned, &weights, pad);
        let scored = to_rows(token_logprobs_at(model, &batch, CHUNK, temperature), &batch);
        for (&i, r) in chunk.iter().zip(scored) {
            out[i] = r;
        }
    }
    out
}

/// Indices `0..n` ordered by `len` (stable, so equal lengths keep their order).
fn by_length(n: usize, len: impl Fn(usize) -> usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| len(i));
    order
}

fn padded(rows: &[&[f32]], seq: usize) -> Vec<f32> {
    let mut v = vec![0.0; rows.len() * seq];
    for (i, r) in rows.iter().enumerate() {
        let pad = seq - r.len();
        v[i * seq + pad..(i + 1) * seq].copy_from_slice(r);
    }
    v
}

/// What one iteration measured.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct IterationMetrics {
    /// Iteration index (from 0).
    pub iteration: usize,
    /// Mean reward of the rollouts.
    pub reward_mean: f64,
    /// Standard deviation of the rewards.
    pub reward_std: f64,
    /// Share of rollouts whose task passed.
    pub success: f64,
    /// Rollouts finished.
    pub rollouts: usize,
    /// What the update did (flattened into the JSON line).
    #[serde(flatten)]
    pub update: UpdateReport,
    /// Tokens generated by the policy.
    pub generated_tokens: usize,
    /// Generated tokens per second of policy time.
    pub tokens_per_s: f64,
    /// Finished rollouts per second of rollout wall time.
    pub rollouts_per_s: f64,
    /// Environment time over the iteration's wall time.
    pub env_share: f64,
    /// Seconds in the environment.
    pub env_s: f64,
    /// Seconds in the policy (generation).
    pub policy_s: f64,
    /// Seconds scoring and optimising.
    pub optim_s: f64,
    /// Seconds of the whole iteration.
    pub wall_s: f64,
    /// Dev TGC, when evaluated this iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dev_tgc: Option<f64>,
    /// Share of successful dev rollouts, when evaluated this iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dev_success: Option<f64>,
    /// Dev SGC, when evaluated this iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dev_sgc: Option<f64>,
    /// Dev mean reward, when evaluated this iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dev_reward: Option<f64>,
}

/// Progress display: an iteration bar with a rollout and an optimisation bar under it.
struct Bars {
    multi: indicatif::MultiProgress,
    iters: indicatif::ProgressBar,
}

impl Bars {
    fn new(show: bool, total: usize, done: usize) -> Self {
        let multi = indicatif::MultiProgress::new();
        if !show {
            multi.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let iters = multi.add(indicatif::ProgressBar::new(total as u64));
        iters.set_style(style("iterations {bar:30} {pos}/{len} {msg}"));
        iters.set_position(done as u64);
        Self { multi, iters }
    }

    fn sub(&self, len: usize, template: &str) -> indicatif::ProgressBar {
        let b = self.multi.add(indicatif::ProgressBar::new(len as u64));
        b.set_style(style(template));
        b
    }
}

fn style(t: &str) -> indicatif::ProgressStyle {
    indicatif::ProgressStyle::with_template(t)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
}

/// LOOP training state: the model with its adapters, the optimiser, the environments.
pub struct LoopTrainer<B: AutodiffBackend> {
    cfg: TrainConfig,
    model: Model<B>,
    tok: ChatTokenizer,
    lora: LoraConfig,
    optim: AdamWOptim<B>,
    pool: EnvPool,
    train_tasks: Vec<Arc<Task>>,
    dev_tasks: Vec<Arc<Task>>,
    iteration: usize,
    device: B::Device,
    stop: Arc<AtomicBool>,
}

impl<B: AutodiffBackend> LoopTrainer<B> {
    /// Sets up a run from `cfg`; with `resume`, continues from `<out_dir>/checkpoint`.
    pub fn new(cfg: TrainConfig, device: B::Device, resume: bool) -> Result<Self> {
        let world = World::with_family(cfg.rl.family.as_ref())?;
        Self::in_world(cfg, world, device, resume)
    }

    /// [`LoopTrainer::new`] in `world` (its suite already holds the config's task family).
    pub fn in_world(
        cfg: TrainConfig,
        world: World,
        device: B::Device,
        resume: bool,
    ) -> Result<Self> {
        let train_tasks =
            select::select_tasks(&world.suite, &cfg.rl.train_split, &cfg.rl.train_tasks)?;
        let dev_tasks = select::select_tasks(&world.suite, &cfg.rl.dev_split, &cfg.rl.dev_tasks)?;
        let ck = checkpoint_dir(&cfg);
        let (mut model, tok, mut lora_cfg) =
            policy_model::load_model::<B>(&cfg, cfg.rl.seed, &device)?;
        let mut optim: AdamWOptim<B> = AdamWConfig::new()
            .with_weight_decay(cfg.rl.weight_decay)
            .init();
        let mut iteration = 0;
        if resume {
            let state = crate::error::read_json(&ck.join("state.json"), "the checkpoint state")?;
            iteration = state
                .get("iteration")
                .and_then(Value::as_u64)
                .ok_or_else(|| AgentError::Train(format!("{}: no iteration", ck.display())))?
                as usize;
            let (m, l) = lora::load_peft(lora::without_adapters(&model), &ck.join("adapter"))?;
            model = m;
            lora_cfg = l;
            optim = load_optimizer(optim, &model, &ck)?;
        }
        let pool = world.pool(&cfg)?;
        make_dir(&cfg.run.out_dir)?;
        Ok(Self {
            cfg,
            model,
            tok,
            lora: lora_cfg,
            optim,
            pool,
            train_tasks,
            dev_tasks,
            iteration,
            device,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// A flag that, once raised, makes the run stop at the next safe point and checkpoint.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The next iteration to run.
    pub fn iteration(&self) -> usize {
        self.iteration
    }

    /// The current model (base plus adapters).
    pub fn model(&self) -> &Model<B> {
        &self.model
    }

    /// The configuration.
    pub fn config(&self) -> &TrainConfig {
        &self.cfg
    }

    /// The metrics file of the run.
    pub fn metrics_path(&self) -> PathBuf {
        self.cfg.run.out_dir.join("metrics.jsonl")
    }

    /// Runs iterations up to `rl.iterations` (or until the stop flag), writing metrics and
    /// checkpoints. Returns the metrics of the iterations run.
    pub fn run(&mut self) -> Result<Vec<IterationMetrics>> {
        let mut metrics = Metrics::open(&self.metrics_path(), Some(self.iteration))?;
        let bars = Bars::new(
            self.cfg.run.progress,
            self.cfg.rl.iterations,
            self.iteration,
        );
        if self.cfg.rl.dev_at_start && self.iteration == 0 && self.cfg.rl.iterations > 0 {
            let t0 = Instant::now();
            let (summary, trajs, _) = self.evaluate_with(&self.dev_tasks.clone(), &bars)?;
            metrics.write(&json!({
                "iteration": -1,
                "dev_tgc": summary.tgc,
                "dev_success": crate::rollout::success_share(&trajs),
                "dev_sgc": summary.sgc,
                "dev_reward": summary.mean_reward,
                "wall_s": t0.elapsed().as_secs_f64(),
            }))?;
        }
        let mut all = Vec::new();
        while self.iteration < self.cfg.rl.iterations && !self.stop.load(Ordering::Relaxed) {
            let Some(m) = self.iterate(&bars)? else {
                break;
            };
            metrics.write(&serde_json::to_value(&m).unwrap_or(Value::Null))?;
            bars.iters.set_message(format!(
                "reward {:.3} success {:.2}{}",
                m.reward_mean,
                m.success,
                m.dev_tgc
                    .map(|t| format!(" dev TGC {t:.1}"))
                    .unwrap_or_default()
            ));
            bars.iters.inc(1);
            all.push(m);
            let every = self.cfg.run.checkpoint_every.max(1);
            if self.iteration.is_multiple_of(every) || self.iteration == self.cfg.rl.iterations {
                self.save_checkpoint()?;
            }
        }
        if self.stop.load(Ordering::Relaxed) {
            self.save_checkpoint()?;
        }
        bars.iters.finish_and_clear();
        Ok(all)
    }

    /// One iteration; `None` when the stop flag interrupted the rollouts (nothing changed).
    fn iterate(&mut self, bars: &Bars) -> Result<Option<IterationMetrics>> {
        let t0 = Instant::now();
        let it = self.iteration;
        let rl = self.cfg.rl.clone();
        B::seed(&self.device, derive_seed(rl.seed, &[it as u64, 1]));
        let mut rng = Rng::new(derive_seed(rl.seed, &[it as u64, 2]));
        let tasks = sample_tasks(&self.train_tasks, rl.tasks_per_iteration, &mut rng);
        let rbar = bars.sub(
            tasks.len() * rl.rollouts_per_task,
            "rollouts   {bar:30} {pos}/{len} {msg}",
        );
        let mut ok = 0usize;
        let (trajs, rstats) = {
            let stop = self.stop.clone();
            let run = RolloutBatch {
                tasks: &tasks,
                samples: rl.rollouts_per_task,
                temperature: self.cfg.sampling.temperature,
                loop_cfg: &self.cfg.agent_loop,
                sampling_seed: derive_seed(rl.seed, &[it as u64, 3]),
                loop_seed: derive_seed(rl.seed, &[it as u64, 4]),
                cut: rl.straggler,
                stop: Some(&stop),
            };
            policy_model::rollouts(&self.pool, &self.model, &self.tok, &self.cfg, &run, |t| {
                ok += t.success() as usize;
                rbar.inc(1);
                rbar.set_message(format!("{ok} passed"));
            })?
        };
        rbar.finish_and_clear();
        if self.stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        self.write_samples(it, &trajs)?;
        let t_opt = Instant::now();
        let up = self.update_with(&trajs, &mut rng, bars)?;
        let optim_s = t_opt.elapsed().as_secs_f64();
        let rewards: Vec<f64> = trajs.iter().map(Trajectory::reward).collect();
        let n = rewards.len().max(1) as f64;
        let mean = rewards.iter().sum::<f64>() / n;
        let std = (rewards.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n).sqrt();
        self.iteration += 1;
        let mut m = IterationMetrics {
            iteration: it,
            reward_mean: mean,
            reward_std: std,
            success: crate::rollout::success_share(&trajs),
            rollouts: trajs.len(),
            update: up,
            generated_tokens: rstats.generated_tokens,
            tokens_per_s: rstats.generated_tokens as f64 / rstats.policy.as_secs_f64().max(1e-9),
            rollouts_per_s: trajs.len() as f64 / rstats.wall.as_secs_f64().max(1e-9),
            env_s: rstats.env.as_secs_f64(),
            policy_s: rstats.policy.as_secs_f64(),
            optim_s,
            ..Default::default()
        };
        let dev_due = rl.dev_every > 0 && self.iteration.is_multiple_of(rl.dev_every);
        if dev_due || self.iteration == rl.iterations {
            let (summary, trajs, _) = self.evaluate_with(&self.dev_tasks.clone(), bars)?;
            m.dev_success = Some(crate::rollout::success_share(&trajs));
            m.dev_tgc = Some(summary.tgc);
            m.dev_sgc = Some(summary.sgc);
            m.dev_reward = Some(summary.mean_reward);
        }
        m.wall_s = t0.elapsed().as_secs_f64();
        m.env_share = m.env_s / m.wall_s.max(1e-9);
        Ok(Some(m))
    }

    /// One LOOP update from finished rollouts (grouped by task: advantages, the |A| filter,
    /// old log-probs recomputed, the configured epochs of minibatches), as an iteration does
    /// after sampling. The rollouts need token ids (from the model policy, or a tokenizer in
    /// the [`RolloutSpec`](crate::rollout::RolloutSpec)). Does not advance the iteration.
    pub fn update(&mut self, trajs: &[Trajectory]) -> Result<UpdateReport> {
        let seed = derive_seed(self.cfg.rl.seed, &[self.iteration as u64, 5]);
        let bars = Bars::new(false, 0, 0);
        self.update_with(trajs, &mut Rng::new(seed), &bars)
    }

    fn update_with(
        &mut self,
        trajs: &[Trajectory],
        rng: &mut Rng,
        bars: &Bars,
    ) -> Result<UpdateReport> {
        let rl = &self.cfg.rl;
        let mut samples = to_samples(trajs, rl.estimator(), rl.min_abs_advantage);
        let (opt, stats) = self.optimise(&mut samples, rng, bars)?;
        Ok(UpdateReport {
            kept: samples.len(),
            loss: opt.loss,
            clip_fraction: opt.clip_fraction,
            kl: opt.kl_old,
            grad_norm: stats.grad_norm,
            updates: stats.updates,
            kl_stopped: stats.kl_stopped,
        })
    }

    /// Per rollout, the sum of the log-probs of its model-emitted tokens under the current
    /// policy at the sampling temperature: `ln pi(actions | observations)`.
    pub fn trajectory_logprobs(&self, trajs: &[Trajectory]) -> Vec<f64> {
        let rows: Vec<&[u32]> = trajs.iter().map(|t| t.tokens.as_slice()).collect();
        let micro = self.cfg.rl.micro_batch_rollouts;
        let temp = self.cfg.sampling.temperature as f64;
        let lp = score_rows(&self.model.valid(), &rows, self.tok.pad_id, micro, temp);
        trajs
            .iter()
            .zip(lp)
            .map(|(t, l)| {
                t.turn_of
                    .iter()
                    .zip(l)
                    .filter(|(u, _)| **u > 0)
                    .map(|(_, v)| v as f64)
                    .sum()
            })
            .collect()
    }

    /// The environments (with the configured task family) the trainer samples in.
    pub fn pool(&self) -> &EnvPool {
        &self.pool
    }

    /// The model's chat tokenizer.
    pub fn tokenizer(&self) -> &ChatTokenizer {
        &self.tok
    }

    fn optimise(
        &mut self,
        samples: &mut [Sample],
        rng: &mut Rng,
        bars: &Bars,
    ) -> Result<(ObjectiveStats, StepStats)> {
        let rl = self.cfg.rl.clone();
        let micro = rl.micro_batch_rollouts;
        let pad = self.tok.pad_id;
        let inner = self.model.valid();
        let rows: Vec<&[u32]> = samples.iter().map(|s| s.tokens.as_slice()).collect();
        let temp = self.cfg.sampling.temperature as f64;
        let old = score_rows(&inner, &rows, pad, micro, temp);
        let reference = (rl.kl_coef > 0.0)
            .then(|| score_rows(&lora::without_adapters(&inner), &rows, pad, micro, temp));
        for (i, s) in samples.iter_mut().enumerate() {
            s.old = old[i].clone();
            if let Some(r) = &reference {
                s.reference = r[i].clone();
            }
        }
        let surrogate = Surrogate {
            eps: rl.epsilon,
            action: rl.action(),
            kl_coef: rl.kl_coef,
        };
        let mb = match rl.minibatch_rollouts() {
            0 => samples.len().max(1),
            n => n,
        };
        let steps = rl.epochs() * samples.len().div_ceil(mb);
        let obar = bars.sub(steps, "optimising {bar:30} {pos}/{len} {msg}");
        let mut order: Vec<usize> = (0..samples.len()).collect();
        let mut acc = (ObjectiveStats::default(), 0.0);
        let mut stats = StepStats::default();
        'epochs: for _ in 0..rl.epochs() {
            shuffle(&mut order, rng);
            for chunk in order.chunks(mb) {
                let batch: Vec<&Sample> = chunk.iter().map(|&i| &samples[i]).collect();
                let (o, norm) = self.ppo_step(&batch, &surrogate)?;
                stats.updates += 1;
                stats.grad_norm += norm;
                acc.0.loss += o.loss;
                acc.0.clip_fraction += o.clip_fraction;
                acc.0.kl_old = o.kl_old;
                acc.1 += 1.0;
                obar.inc(1);
                obar.set_message(format!("loss {:.4} clip {:.3}", o.loss, o.clip_fraction));
                if o.kl_old.abs() > rl.high_kl_threshold {
                    stats.kl_stopped = true;
                    break 'epochs;
                }
            }
        }
        obar.finish_and_clear();
        if acc.1 > 0.0 {
            acc.0.loss /= acc.1;
            acc.0.clip_fraction /= acc.1;
            stats.grad_norm /= acc.1;
        }
        Ok((acc.0, stats))
    }

    /// One optimiser step over a minibatch (gradients accumulated over micro-batches).
    fn ppo_step(
        &mut self,
        batch: &[&Sample],
        surrogate: &Surrogate,
    ) -> Result<(ObjectiveStats, f64)> {
        let micro = self.cfg.rl.micro_batch_rollouts.max(1);
        let total = batch.len() as f64;
        let mut step = Step::new();
        let mut out = ObjectiveStats::default();
        let mut weight_sum = 0.0;
        // Micro-batches of similar lengths: less padding (the loss is a mean over rows, so the
        // grouping does not change it).
        let sorted: Vec<&Sample> = by_length(batch.len(), |i| batch[i].tokens.len())
            .into_iter()
            .map(|i| batch[i])
            .collect();
        for part in sorted.chunks(micro) {
            let rows: Vec<Vec<u32>> = part.iter().map(|s| s.tokens.clone()).collect();
            let weights: Vec<Vec<f32>> = part
                .iter()
                .map(|s| s.turn_of.iter().map(|&u| (u > 0) as u8 as f32).collect())
                .collect();
            let sb = ScoreBatch::new(&rows, &weights, self.tok.pad_id);
            let seq = sb.input.seq;
            let turn_of: Vec<Vec<u32>> = part.iter().map(|s| s.turn_of.clone()).collect();
            let units = Units::new(&turn_of, seq, surrogate.action);
            let old = padded(
                &part.iter().map(|s| s.old.as_slice()).collect::<Vec<_>>(),
                seq,
            );
            let reference = (surrogate.kl_coef > 0.0).then(|| {
                padded(
                    &part
                        .iter()
                        .map(|s| s.reference.as_slice())
                        .collect::<Vec<_>>(),
                    seq,
                )
            });
            let adv: Vec<f32> = part.iter().map(|s| s.advantage).collect();
            let loss_of = |lp: burn::tensor::Tensor<B, 2>| {
                ppo_loss(lp, &old, &adv, &units, surrogate, reference.as_deref())
            };
            let temperature = self.cfg.sampling.temperature as f64;
            let (loss, st) = if self.cfg.rl.recompute_logits {
                chunked_loss(&self.model, &sb, CHUNK, temperature, loss_of)
            } else {
                loss_of(token_logprobs_at(&self.model, &sb, CHUNK, temperature))
            };
            let share = part.len() as f64 / total;
            step.add(&self.model, loss.mul_scalar(share));
            out.loss += st.loss * share;
            out.clip_fraction += st.clip_fraction * st.units;
            out.kl_old += st.kl_old * share;
            weight_sum += st.units;
        }
        if weight_sum > 0.0 {
            out.clip_fraction /= weight_sum;
        }
        let (model, norm) = step.apply(
            &mut self.optim,
            self.model.clone(),
            self.cfg.rl.lr,
            self.cfg.rl.max_grad_norm,
        );
        self.model = model;
        Ok((out, norm))
    }

    /// Evaluates the current policy on the dev tasks (evaluation temperature, one rollout per
    /// task, the dev turn limit).
    pub fn evaluate_dev(&self) -> Result<(tasks::Summary, Vec<Trajectory>)> {
        let bars = Bars::new(false, 0, 0);
        let (s, t, _) = self.evaluate_with(&self.dev_tasks.clone(), &bars)?;
        Ok((s, t))
    }

    /// Share of successful rollouts on the tasks `filter` selects (see
    /// [`select::matches`]) from `split`, with `samples` rollouts per task at `temperature`.
    pub fn success_rate(
        &self,
        split: &str,
        filter: &[String],
        samples: usize,
        temperature: f32,
    ) -> Result<f64> {
        let tasks = select::select_tasks(self.pool.suite(), split, filter)?;
        let seed = derive_seed(self.cfg.rl.seed, &[u64::MAX - 1]);
        let run = RolloutBatch {
            tasks: &tasks,
            samples,
            temperature,
            loop_cfg: &self.cfg.agent_loop,
            sampling_seed: seed,
            loop_seed: seed,
            cut: None,
            stop: None,
        };
        let (trajs, _) =
            policy_model::rollouts(&self.pool, &self.model, &self.tok, &self.cfg, &run, |_| {})?;
        Ok(crate::rollout::success_share(&trajs))
    }

    fn evaluate_with(
        &self,
        tasks: &[Arc<Task>],
        bars_parent: &Bars,
    ) -> Result<(tasks::Summary, Vec<Trajectory>, RolloutStats)> {
        let samples = self.cfg.rl.dev_samples;
        let bar = bars_parent.sub(tasks.len() * samples, "evaluating {bar:30} {pos}/{len}");
        let loop_cfg = LoopConfig {
            max_turns: self.cfg.rl.dev_max_turns,
            ..self.cfg.agent_loop.clone()
        };
        let seed = derive_seed(self.cfg.rl.seed, &[u64::MAX]);
        let run = RolloutBatch {
            tasks,
            samples,
            temperature: self.cfg.sampling.eval_temperature,
            loop_cfg: &loop_cfg,
            sampling_seed: seed,
            loop_seed: seed,
            cut: None,
            stop: None,
        };
        let (trajs, stats) =
            policy_model::rollouts(&self.pool, &self.model, &self.tok, &self.cfg, &run, |_| {
                bar.inc(1)
            })?;
        bar.finish_and_clear();
        let by_id: BTreeMap<&str, &Arc<Task>> = tasks.iter().map(|t| (t.id.as_str(), t)).collect();
        let summary = tasks::summarize(trajs.iter().filter_map(|t| {
            by_id
                .get(t.task_id.as_str())
                .map(|task| (task.as_ref(), &t.report))
        }));
        Ok((summary, trajs, stats))
    }

    /// Appends the best and the worst rollout of the iteration to `<out_dir>/samples.jsonl`
    /// (task, reward, report, every turn), for reading what the policy does.
    fn write_samples(&self, iteration: usize, trajs: &[Trajectory]) -> Result<()> {
        let best = trajs
            .iter()
            .max_by(|a, b| a.reward().total_cmp(&b.reward()));
        let worst = trajs
            .iter()
            .min_by(|a, b| a.reward().total_cmp(&b.reward()));
        let mut out = Metrics::open(&self.cfg.run.out_dir.join("samples.jsonl"), None)?;
        for (which, t) in [("best", best), ("worst", worst)] {
            if let Some(t) = t {
                out.write(&json!({"iteration": iteration, "which": which, "trajectory": t}))?;
            }
        }
        Ok(())
    }

    /// Writes `<out_dir>/checkpoint` (adapters in PEFT layout, optimiser, iteration),
    /// replacing the previous one only once the new one is complete.
    pub fn save_checkpoint(&self) -> Result<()> {
        let dir = checkpoint_dir(&self.cfg);
        let tmp = dir.with_extension("tmp");
        let _ = std::fs::remove_dir_all(&tmp);
        make_dir(&tmp)?;
        lora::save_peft(&self.model, &self.lora, &tmp.join("adapter"))?;
        save_optimizer(&self.optim, &self.model, &tmp)?;
        let state = json!({
            "iteration": self.iteration,
            "seed": self.cfg.rl.seed,
            "config": self.cfg,
        });
        let path = tmp.join("state.json");
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&state).unwrap_or_default(),
        )
        .map_err(|source| AgentError::Io { path, source })?;
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::rename(&tmp, &dir).map_err(|source| AgentError::Io {
            path: dir.clone(),
            source,
        })
    }
}

/// What one update did.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct UpdateReport {
    /// Rollouts kept for the gradient (|A| large enough, with generated tokens).
    #[serde(rename = "rollouts_kept")]
    pub kept: usize,
    /// Mean loss over the optimiser's minibatches.
    pub loss: f64,
    /// Share of clipped units.
    pub clip_fraction: f64,
    /// KL(rollout policy || current) estimate, last minibatch.
    pub kl: f64,
    /// Mean global gradient norm before clipping.
    pub grad_norm: f64,
    /// Optimiser steps taken.
    pub updates: usize,
    /// The KL threshold stopped the updates early.
    pub kl_stopped: bool,
}

/// Counters of the optimisation phase.
#[derive(Debug, Clone, Copy, Default)]
pub struct StepStats {
    /// Steps taken.
    pub updates: usize,
    /// Sum (then mean) of gradient norms.
    pub grad_norm: f64,
    /// Stopped by the KL threshold.
    pub kl_stopped: bool,
}

/// `<out_dir>/checkpoint`.
pub fn checkpoint_dir(cfg: &TrainConfig) -> PathBuf {
    cfg.run.out_dir.join("checkpoint")
}

/// Whether `out_dir` holds a checkpoint to resume from.
pub fn has_checkpoint(out_dir: &Path) -> bool {
    out_dir.join("checkpoint").join("state.json").is_file()
}
