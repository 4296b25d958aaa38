//! The agent loop's policy for `run-task --policy` and `eval --policy`: a model, an endpoint or
//! a script, run over tasks.

use crate::env::Env;
use agent::policy::Policy;
use agent::policy::endpoint::{EndpointConfig, EndpointPolicy};
use agent::policy::model::ModelPolicy;
use agent::policy::scripted::{Script, ScriptedPolicy};
use agent::rollout::{EnvPool, Job, LoopConfig, RolloutSpec, Trajectory, run_rollouts};
use anyhow::{Context, bail};
use std::path::PathBuf;
use std::sync::Arc;
use tasks::Task;

/// What `run-task` and `eval` share besides the solution: output, world and policy.
#[derive(clap::Args)]
pub(super) struct RunArgs {
    /// Print JSON (run-task: the task, transcript and report; eval: per-task results and the
    /// summary).
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) world: super::ClockedWorldArg,
    #[command(flatten)]
    pub(super) agent: PolicyArgs,
}

/// How `eval`/`run-task` pick the policy that drives the agent loop.
#[derive(Debug, Clone, clap::Args)]
pub(super) struct PolicyArgs {
    /// The agent's policy: `ground-truth`, `script:PATH` (a file of `# %%` cells, or a
    /// directory of `<task_id>.py`), `model:DIR` (a Hugging Face model directory, run in
    /// burn), or `endpoint:URL` (an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1).
    #[arg(long)]
    pub(super) policy: Option<String>,
    /// A PEFT LoRA adapter directory to apply to `model:DIR`.
    #[arg(long)]
    pub adapter: Option<PathBuf>,
    /// The model name to send to an endpoint.
    #[arg(long, default_value = "default")]
    pub model_name: String,
    /// Sampling temperature (0 = greedy).
    #[arg(long, default_value_t = 0.0)]
    pub temperature: f32,
    /// Most tokens per turn.
    #[arg(long, default_value_t = 1500)]
    pub max_new_tokens: usize,
    /// Most turns per task (LOOP evaluates with 50).
    #[arg(long, default_value_t = 50)]
    pub max_turns: usize,
    /// Rollouts running at once (also the generation batch).
    #[arg(long, default_value_t = 8)]
    pub parallel: usize,
    /// Prompt style: full (the contract with a worked example) or minimal (for tiny models).
    #[arg(long, default_value = "full")]
    pub prompt: String,
    /// Random seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl PolicyArgs {
    fn loop_config(&self, env: &Env) -> anyhow::Result<LoopConfig> {
        let prompt = match self.prompt.as_str() {
            "full" => agent::prompt::PromptStyle::Full,
            "minimal" => agent::prompt::PromptStyle::Minimal,
            other => bail!("--prompt is {other:?}: use full or minimal"),
        };
        Ok(LoopConfig {
            max_turns: self.max_turns,
            prompt,
            python: env.python(),
            ..LoopConfig::default()
        })
    }

    /// Builds the policy; returns it with its per-turn token limit and context size.
    fn build(&self) -> anyhow::Result<(Box<dyn Policy>, usize)> {
        let spec = self.policy.as_deref().unwrap_or("ground-truth");
        let sampling = agent::SamplingConfig {
            temperature: self.temperature,
            max_new_tokens: self.max_new_tokens,
            seed: self.seed,
            // Both cores of the reference machine; fixed, so results do not depend on the host.
            threads: 2,
            ..Default::default()
        };
        Ok(match spec.split_once(':') {
            _ if spec == "ground-truth" => (
                Box::new(ScriptedPolicy::new(Script::GroundTruth)),
                usize::MAX,
            ),
            Some(("script", path)) => {
                let p = PathBuf::from(path);
                let script = if p.is_dir() {
                    Script::Dir(p)
                } else if p.is_file() {
                    Script::File(p)
                } else {
                    bail!("script {path} is neither a file nor a directory");
                };
                (Box::new(ScriptedPolicy::new(script)), usize::MAX)
            }
            Some(("model", dir)) => {
                let dir = PathBuf::from(dir);
                let device = Default::default();
                let mut model = agent::Model::<agent::backend::Cpu>::load(&dir, &device)
                    .with_context(|| format!("loading model {}", dir.display()))?;
                if let Some(a) = &self.adapter {
                    model = agent::lora::load_peft(model, a)
                        .with_context(|| format!("loading adapter {}", a.display()))?
                        .0;
                }
                let tok = agent::ChatTokenizer::from_dir(&dir)?;
                let ctx = model.config.max_position_embeddings;
                (
                    Box::new(ModelPolicy::new(
                        model,
                        tok,
                        sampling,
                        format!("model:{}", dir.display()),
                    )),
                    ctx,
                )
            }
            Some(("endpoint", url)) => {
                let cfg = EndpointConfig {
                    url: url.to_string(),
                    model: self.model_name.clone(),
                    temperature: self.temperature,
                    max_tokens: self.max_new_tokens,
                    concurrency: self.parallel,
                    ..EndpointConfig::default()
                };
                (Box::new(EndpointPolicy::new(cfg)?), usize::MAX)
            }
            _ => bail!(
                "unknown policy {spec:?}: use ground-truth, script:PATH, model:DIR or endpoint:URL"
            ),
        })
    }
}

/// Runs the agent loop with `args`' policy over `tasks` on `env`'s world; returns the
/// trajectories in task order.
pub(super) fn run_agent(
    tasks: &[Arc<Task>],
    args: &PolicyArgs,
    progress: bool,
    env: &Env,
) -> anyhow::Result<Vec<Trajectory>> {
    let (world, registry, suite) = env.task_world()?.into_shared();
    let loop_cfg = args.loop_config(env)?;
    let (mut policy, context) = args.build()?;
    let pool = EnvPool::new(
        &world,
        registry,
        suite,
        args.parallel.max(1).min(tasks.len().max(1)),
        2,
        agent::rl::world::episode_config(&loop_cfg),
        env.task_clock(),
    )?;
    let jobs = Job::grid(tasks, 1);
    let spec = RolloutSpec {
        config: &loop_cfg,
        seed: args.seed,
        tokenizer: None,
        max_new_tokens: args.max_new_tokens,
        model_context: context,
        cut: None,
        stop: None,
    };
    let bar = indicatif::ProgressBar::new(tasks.len() as u64);
    if !progress {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} tasks {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut passed = 0;
    let (trajs, _) = run_rollouts(&pool, policy.as_mut(), &jobs, &spec, |t| {
        passed += t.success() as usize;
        bar.inc(1);
        bar.set_message(format!("{passed} passed"));
    })?;
    bar.finish_and_clear();
    Ok(trajs)
}
