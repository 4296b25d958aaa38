//! What training and supervised fine-tuning share: the world and suite, task selection, the
//! policy model with its adapters, the environment pool, evaluation, checkpoints and metrics.

use super::config::TrainConfig;
use crate::chat::ChatTokenizer;
use crate::config::ModelConfig;
use crate::error::{AgentError, Result};
use crate::generate::SamplingConfig;
use crate::lora::{self, LoraConfig};
use crate::model::Model;
use crate::policy::model::ModelPolicy;
use crate::rollout::{
    EnvPool, Job, LoopConfig, RolloutSpec, RolloutStats, Trajectory, run_rollouts,
};
use burn::module::AutodiffModule;
use burn::tensor::backend::{AutodiffBackend, Backend};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tasks::{Split, Suite, Task};

/// The default world (100 people, seed 0), its registry and task suite.
pub struct World {
    /// The base world.
    pub world: sim::World,
    /// The API registry.
    pub registry: Arc<sim::api::Registry>,
    /// The task suite.
    pub suite: Arc<Suite>,
}

impl World {
    /// Builds the default world.
    pub fn default_world() -> Result<Self> {
        Self::with_family(None)
    }

    /// Builds the default world with a task family added to the suite.
    pub fn with_family(family: Option<&super::config::FamilySection>) -> Result<Self> {
        let registry = Arc::new(apps::registry());
        let cfg = apps::seed::WorldConfig::default();
        let world = apps::seed::build_or_load_world(&cfg, &registry)
            .map_err(|e| AgentError::Env(format!("building the world: {e}")))?;
        let mut suite = Suite::new(&cfg);
        if let Some(f) = family {
            suite
                .extend_family(&f.scenario, f.variants)
                .map_err(AgentError::Train)?;
        }
        Ok(Self {
            world,
            registry,
            suite: Arc::new(suite),
        })
    }

    /// An environment pool for `cfg`'s loop and run settings.
    pub fn pool(&self, cfg: &TrainConfig) -> Result<EnvPool> {
        EnvPool::new(
            &self.world,
            self.registry.clone(),
            self.suite.clone(),
            cfg.run.parallel_rollouts,
            cfg.run.env_threads,
            episode_config(&cfg.agent_loop),
        )
    }
}

/// The episode limits of an agent loop.
pub fn episode_config(l: &LoopConfig) -> sim::EpisodeConfig {
    sim::EpisodeConfig {
        time_limit: std::time::Duration::from_secs_f64(l.cell_time_limit_s.max(0.001)),
        ..Default::default()
    }
}

/// Whether `filter` (a task id, a scenario name, or a range `<scenario id>_<a>..<b>` of
/// variants, both ends included) selects `task`.
pub fn matches(filter: &str, task: &Task) -> bool {
    if filter == task.id || filter == task.scenario {
        return true;
    }
    let Some((prefix, range)) = filter.rsplit_once('_') else {
        return false;
    };
    let Some((a, b)) = range.split_once("..") else {
        return false;
    };
    match (a.parse::<u8>(), b.parse::<u8>()) {
        (Ok(a), Ok(b)) => prefix == task.scenario_id && (a..=b).contains(&task.variant),
        _ => false,
    }
}

/// The tasks of `split`, restricted to `filter` (see [`matches()`]) when not empty.
pub fn select_tasks(suite: &Suite, split: &str, filter: &[String]) -> Result<Vec<Arc<Task>>> {
    let split: Split = split.parse().map_err(AgentError::Train)?;
    let tasks: Vec<_> = suite
        .split(split)
        .into_iter()
        .filter(|t| filter.is_empty() || filter.iter().any(|f| matches(f, t)))
        .collect();
    if tasks.is_empty() {
        return Err(AgentError::Train(format!(
            "no {split} task matches {filter:?} (see `appsim tasks --split {split}`)"
        )));
    }
    Ok(tasks)
}

/// The base model, tokenizer and LoRA settings of a configuration, with adapters attached
/// (fresh ones seeded by `seed`, or the configured adapter) and only they trainable.
pub fn load_model<B: AutodiffBackend>(
    cfg: &TrainConfig,
    seed: u64,
    device: &B::Device,
) -> Result<(Model<B>, ChatTokenizer, LoraConfig)> {
    let m = &cfg.model;
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
            let targets: Vec<&str> = cfg.lora.targets.iter().map(String::as_str).collect();
            let lcfg = LoraConfig::new(cfg.lora.r, cfg.lora.alpha)
                .with_dropout(cfg.lora.dropout)
                .with_targets(&targets);
            B::seed(device, seed ^ 0x5EED);
            let model = lora::attach(base, &lcfg)?;
            Ok((model, tok, lcfg))
        }
    }
}

/// The model's context size for the agent loop's budget.
pub fn context_of<B: Backend>(model: &Model<B>) -> usize {
    model.config.max_position_embeddings
}

/// Rolls out `tasks` (`samples` each) with the model at `temperature`; returns the
/// trajectories (task-major order) and timing.
#[allow(clippy::too_many_arguments)]
pub fn rollouts<B: AutodiffBackend>(
    pool: &EnvPool,
    model: &Model<B>,
    tok: &ChatTokenizer,
    cfg: &TrainConfig,
    tasks: &[Arc<Task>],
    samples: usize,
    temperature: f32,
    loop_cfg: &LoopConfig,
    seed: u64,
    cut: Option<crate::rollout::StragglerCut>,
    on_done: impl FnMut(&Trajectory),
) -> Result<(Vec<Trajectory>, RolloutStats)> {
    let inner = model.valid();
    let context = context_of(&inner);
    let sampling = SamplingConfig {
        temperature,
        top_p: cfg.sampling.top_p,
        max_new_tokens: cfg.sampling.max_new_tokens,
        seed,
        ..Default::default()
    };
    let mut policy = ModelPolicy::new(inner, tok.clone(), sampling, "model");
    let jobs = Job::grid(tasks, samples);
    let spec = RolloutSpec {
        config: loop_cfg,
        seed,
        tokenizer: None,
        max_new_tokens: cfg.sampling.max_new_tokens,
        model_context: context,
        cut,
        stop: None,
    };
    run_rollouts(pool, &mut policy, &jobs, &spec, on_done)
}

/// Appends JSON lines to a metrics file.
pub struct Metrics {
    file: std::fs::File,
    path: PathBuf,
}

impl Metrics {
    /// Opens `path` for appending; when `keep_below` is given, first drops the lines whose
    /// `iteration` is at or beyond it (a resumed run rewrites what it redoes).
    pub fn open(path: &Path, keep_below: Option<usize>) -> Result<Self> {
        let io = |source| AgentError::Io {
            path: path.to_path_buf(),
            source,
        };
        if let Some(limit) = keep_below
            && path.exists()
        {
            let text = std::fs::read_to_string(path).map_err(io)?;
            let kept: Vec<&str> = text
                .lines()
                .filter(|l| {
                    serde_json::from_str::<serde_json::Value>(l)
                        .ok()
                        .and_then(|v| v.get("iteration").and_then(|i| i.as_u64()))
                        .is_some_and(|i| (i as usize) < limit)
                })
                .collect();
            let mut body = kept.join("\n");
            if !body.is_empty() {
                body.push('\n');
            }
            std::fs::write(path, body).map_err(io)?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        Ok(Self {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Writes one record.
    pub fn write(&mut self, v: &serde_json::Value) -> Result<()> {
        writeln!(self.file, "{v}")
            .and_then(|_| self.file.flush())
            .map_err(|source| AgentError::Io {
                path: self.path.clone(),
                source,
            })
    }
}

/// Creates a directory or says which one could not be made.
pub fn make_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|source| AgentError::Io {
        path: dir.to_path_buf(),
        source,
    })
}
