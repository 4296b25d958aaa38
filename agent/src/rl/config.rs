//! Training configuration (`appsim train --config FILE.toml`, `appsim sft`): model, LoRA,
//! agent loop, sampling, LOOP and its variants, SFT, run settings. Every field has a default,
//! so a file names only what it changes; unknown keys are errors.

use super::advantage::Estimator;
use super::objective::Action;
use crate::error::{AgentError, Result};
use crate::lora::LoraConfig;
use crate::rollout::{LoopConfig, StragglerCut};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Where the policy model comes from.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelSection {
    /// Hugging Face model directory (config.json, weights, tokenizer.json, tokenizer_config.json).
    pub dir: PathBuf,
    /// Ignore the directory's weights and initialise the same shape at random (tiny demos:
    /// the directory then only provides the shape and the tokenizer).
    pub random_init: bool,
    /// Standard deviation of the random output head (a frozen head must be able to express
    /// confident distributions for LoRA alone to learn).
    pub random_head_std: f64,
    /// Start from this PEFT adapter (e.g. the output of `appsim sft`) instead of fresh ones.
    pub adapter: Option<PathBuf>,
    /// Seed of the random weights (`random_init`) and of fresh adapters; default `rl.seed`.
    /// Fix it to compare runs of other `rl.seed`s from one and the same model.
    pub init_seed: Option<u64>,
    /// `cpu` or `cuda` (needs the `cuda` feature).
    pub backend: String,
}

impl Default for ModelSection {
    fn default() -> Self {
        Self {
            dir: PathBuf::from("lm/fixtures/tiny-qwen2"),
            random_init: false,
            random_head_std: 0.5,
            adapter: None,
            init_seed: None,
            backend: "cpu".into(),
        }
    }
}

/// Reads a table of a burn [`Config`] that names only what it changes: the fields it names
/// replace those of `T::default()`, and a field `T` does not have is an error (as for the other
/// sections' `deny_unknown_fields`).
fn partial_config<'de, D, T>(deserializer: D) -> std::result::Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: burn::config::Config + Default,
{
    use serde::de::Error;
    let given = toml::Table::deserialize(deserializer)?;
    let mut full = toml::Table::try_from(T::default()).map_err(D::Error::custom)?;
    for (key, value) in given {
        if !full.contains_key(&key) {
            let known: Vec<&str> = full.keys().map(String::as_str).collect();
            return Err(D::Error::custom(format!(
                "unknown field `{key}`, expected one of `{}`",
                known.join("`, `")
            )));
        }
        full.insert(key, value);
    }
    toml::Value::Table(full)
        .try_into()
        .map_err(D::Error::custom)
}

/// Sampling during rollouts.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct SamplingSection {
    /// Temperature of training rollouts (LOOP: 1.0).
    pub temperature: f32,
    /// Nucleus threshold.
    pub top_p: f32,
    /// Tokens per turn (LOOP: 1,500).
    pub max_new_tokens: usize,
    /// Temperature of evaluation (0: greedy).
    pub eval_temperature: f32,
    /// Keep each rollout's KV cache across its turns and prefill a task's shared first prompt
    /// once (default true). False re-reads the whole conversation every turn: the same tokens
    /// and log-probs, slower; for comparison.
    pub kv_cache: bool,
    /// Threads a generation batch is split across (default 2, this machine's cores; a fixed
    /// number, so a run's samples do not depend on the machine).
    pub threads: usize,
}

impl Default for SamplingSection {
    fn default() -> Self {
        Self {
            temperature: 1.0,
            top_p: 1.0,
            max_new_tokens: 1500,
            eval_temperature: 0.0,
            kv_cache: true,
            threads: 2,
        }
    }
}

/// The algorithm family; it only fills in fields of [`RlSection`] left unset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// LOOP: leave-one-out advantages, per-token PPO, 2 epochs of minibatches.
    #[default]
    Loop,
    /// GRPO: group-normalised advantages, per-token ratios, strictly on-policy (one epoch, one
    /// minibatch), optional KL toward the base model (`kl_coef`).
    Grpo,
    /// RLOO: leave-one-out advantages, one ratio per trajectory, strictly on-policy.
    Rloo,
}

/// LOOP and its variants.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct RlSection {
    /// Algorithm preset.
    pub algorithm: Algorithm,
    /// Training iterations.
    pub iterations: usize,
    /// Tasks sampled per iteration (LOOP: 40).
    pub tasks_per_iteration: usize,
    /// Rollouts per task (LOOP: 6).
    pub rollouts_per_task: usize,
    /// Advantage estimator (default from the algorithm).
    pub estimator: Option<Estimator>,
    /// Ratio granularity (default from the algorithm).
    pub action: Option<Action>,
    /// PPO clip: ratios in `[1/(1+eps), 1+eps]` (LOOP: 0.1).
    pub epsilon: f64,
    /// Rollouts with `|A|` below this are dropped (LOOP: 0.01).
    pub min_abs_advantage: f64,
    /// Passes over the iteration's buffer (default from the algorithm: LOOP 2, others 1).
    pub epochs: Option<usize>,
    /// Rollouts per optimiser step (0: the whole buffer; default from the algorithm).
    pub minibatch_rollouts: Option<usize>,
    /// Rollouts per forward/backward pass inside a minibatch (memory bound).
    pub micro_batch_rollouts: usize,
    /// Recompute each chunk's logits in the backward pass of the policy loss
    /// (`lm::score::chunked_loss`): the logits alive at once are one chunk's (64 positions)
    /// instead of the whole micro-batch's `rows x tokens x vocabulary`, at the cost of running
    /// the output projection twice. For large vocabularies on a GPU; the same gradients.
    pub recompute_logits: bool,
    /// AdamW learning rate (LOOP: 5e-5, constant).
    pub lr: f64,
    /// AdamW weight decay (LOOP: 0.01).
    pub weight_decay: f32,
    /// Global gradient-norm clip (0: none).
    pub max_grad_norm: f64,
    /// KL penalty toward the base model (GRPO only; LOOP: 0).
    pub kl_coef: f64,
    /// Stop an iteration's updates once the KL estimate to the rollout policy exceeds this.
    pub high_kl_threshold: f64,
    /// Straggler cut-off (LOOP: 0.9 of all rollouts and 0.75 per task); none when absent.
    pub straggler: Option<StragglerCut>,
    /// Training split.
    pub train_split: String,
    /// Restrict training to these scenarios (names) or task ids; empty: the whole split.
    pub train_tasks: Vec<String>,
    /// Evaluation split for the periodic dev evaluation.
    pub dev_split: String,
    /// Restrict dev evaluation to these scenarios or task ids.
    pub dev_tasks: Vec<String>,
    /// Evaluate on dev every this many iterations (0: never; always after the last one).
    pub dev_every: usize,
    /// Evaluate on dev before the first update too (default true), so a curve shows the start
    /// point: the metrics file's line with `"iteration": -1`.
    pub dev_at_start: bool,
    /// Turn limit of dev evaluation (LOOP: 50).
    pub dev_max_turns: usize,
    /// Rollouts per dev task, at `sampling.eval_temperature` (more than one only helps when
    /// that temperature samples; TGC/SGC then count every rollout as an attempt).
    pub dev_samples: usize,
    /// Seed of task sampling, sampling and shuffling.
    pub seed: u64,
    /// Extra tasks for learning experiments: more variants of one scenario (see
    /// `Suite::extend_family`); select them with ranges like `"59fcb00_4..20"`.
    pub family: Option<FamilySection>,
}

/// A task family: variants 4..=`variants` of a scenario.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FamilySection {
    /// Scenario name or 7-hex id.
    pub scenario: String,
    /// Highest variant number.
    pub variants: u8,
}

impl Default for RlSection {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Loop,
            iterations: 200,
            tasks_per_iteration: 40,
            rollouts_per_task: 6,
            estimator: None,
            action: None,
            epsilon: 0.1,
            min_abs_advantage: 0.01,
            epochs: None,
            minibatch_rollouts: None,
            micro_batch_rollouts: 4,
            recompute_logits: false,
            lr: 5e-5,
            weight_decay: 0.01,
            max_grad_norm: 1.0,
            kl_coef: 0.0,
            high_kl_threshold: 20.0,
            straggler: Some(StragglerCut {
                rollouts_fraction: 0.9,
                per_task_fraction: 0.75,
            }),
            train_split: "train".into(),
            train_tasks: Vec::new(),
            dev_split: "dev".into(),
            dev_tasks: Vec::new(),
            dev_every: 5,
            dev_at_start: true,
            dev_max_turns: 50,
            dev_samples: 1,
            seed: 0,
            family: None,
        }
    }
}

impl RlSection {
    /// The advantage estimator after the algorithm's default.
    pub fn estimator(&self) -> Estimator {
        self.estimator.unwrap_or(match self.algorithm {
            Algorithm::Grpo => Estimator::GroupNormalized,
            _ => Estimator::LeaveOneOut,
        })
    }

    /// The action granularity after the algorithm's default.
    pub fn action(&self) -> Action {
        self.action.unwrap_or(match self.algorithm {
            Algorithm::Rloo => Action::Trajectory,
            _ => Action::Token,
        })
    }

    /// Epochs after the algorithm's default.
    pub fn epochs(&self) -> usize {
        self.epochs.unwrap_or(match self.algorithm {
            Algorithm::Loop => 2,
            _ => 1,
        })
    }

    /// Minibatch size after the algorithm's default (0: the whole buffer).
    pub fn minibatch_rollouts(&self) -> usize {
        self.minibatch_rollouts.unwrap_or(match self.algorithm {
            Algorithm::Loop => 32,
            _ => 0,
        })
    }
}

/// Where supervised data comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SftSource {
    /// The ground-truth solutions, run through the agent loop (SFT-GT).
    #[default]
    GroundTruth,
    /// The policy's own successful rollouts (RFT).
    Successful,
}

/// Supervised fine-tuning (`appsim sft`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct SftSection {
    /// `appsim train` first runs this supervised stage (when it starts fresh and
    /// `model.adapter` is unset) and trains LOOP on top of its adapter.
    pub warm_start: bool,
    /// Data source.
    pub source: SftSource,
    /// Passes over the data.
    pub epochs: usize,
    /// Trajectories per optimiser step.
    pub batch_rollouts: usize,
    /// AdamW learning rate.
    pub lr: f64,
    /// Rollouts per task when collecting successful ones.
    pub samples_per_task: usize,
    /// Where the adapter is written (default: `<out_dir>/sft-adapter`).
    pub adapter_out: Option<PathBuf>,
}

impl Default for SftSection {
    fn default() -> Self {
        Self {
            warm_start: false,
            source: SftSource::GroundTruth,
            epochs: 3,
            batch_rollouts: 8,
            lr: 1e-4,
            samples_per_task: 4,
            adapter_out: None,
        }
    }
}

/// Run settings.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunSection {
    /// Output directory: metrics.jsonl, checkpoint/, config.toml.
    pub out_dir: PathBuf,
    /// Environment worker threads.
    pub env_threads: usize,
    /// Rollouts running at once (environments; also the generation batch).
    pub parallel_rollouts: usize,
    /// Save a checkpoint every this many iterations (and always at the end and on Ctrl-C).
    pub checkpoint_every: usize,
    /// Show progress bars.
    pub progress: bool,
}

impl Default for RunSection {
    fn default() -> Self {
        Self {
            out_dir: PathBuf::from("runs/default"),
            env_threads: 2,
            parallel_rollouts: 16,
            checkpoint_every: 1,
            progress: true,
        }
    }
}

/// The whole training configuration.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TrainConfig {
    /// Policy model.
    pub model: ModelSection,
    /// LoRA: lm's [`LoraConfig`] itself (LOOP's r 16, alpha 32, dropout 0, all seven
    /// projections unless the file says otherwise).
    #[serde(deserialize_with = "partial_config")]
    pub lora: LoraConfig,
    /// Agent loop (LOOP trains with 40 turns).
    #[serde(rename = "loop")]
    pub agent_loop: LoopConfig,
    /// Sampling.
    pub sampling: SamplingSection,
    /// Reinforcement learning.
    pub rl: RlSection,
    /// Supervised fine-tuning.
    pub sft: SftSection,
    /// Run settings.
    pub run: RunSection,
}

impl TrainConfig {
    /// Reads and checks a TOML file.
    pub fn from_file(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|source| AgentError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_toml(&text).map_err(|e| match e {
            AgentError::Train(m) => AgentError::Train(format!("{}: {m}", path.display())),
            e => e,
        })
    }

    /// Parses and checks TOML text.
    pub fn from_toml(text: &str) -> Result<Self> {
        let cfg: TrainConfig = toml::from_str(text)
            .map_err(|e| AgentError::Train(e.to_string().trim().to_string()))?;
        cfg.validate()?;
        Ok(cfg)
    }

    /// Rejects values that cannot work.
    pub fn validate(&self) -> Result<()> {
        let bad = |m: String| Err(AgentError::Train(m));
        let rl = &self.rl;
        if rl.rollouts_per_task < 2 {
            return bad(
                "rl.rollouts_per_task must be at least 2 (the baseline needs others)".into(),
            );
        }
        if rl.tasks_per_iteration == 0 || rl.dev_samples == 0 {
            return bad("rl.tasks_per_iteration and rl.dev_samples must be positive".into());
        }
        if rl.epsilon.is_nan() || rl.epsilon <= 0.0 {
            return bad("rl.epsilon must be positive".into());
        }
        if rl.micro_batch_rollouts == 0 || self.run.parallel_rollouts == 0 {
            return bad(
                "rl.micro_batch_rollouts and run.parallel_rollouts must be positive".into(),
            );
        }
        if self.agent_loop.max_turns == 0 || self.sampling.max_new_tokens == 0 {
            return bad("loop.max_turns and sampling.max_new_tokens must be positive".into());
        }
        for s in [&rl.train_split, &rl.dev_split] {
            s.parse::<tasks::Split>().map_err(AgentError::Train)?;
        }
        if !matches!(self.model.backend.as_str(), "cpu" | "cuda") {
            return bad(format!(
                "model.backend is {:?}: use \"cpu\" or \"cuda\"",
                self.model.backend
            ));
        }
        Ok(())
    }
}
