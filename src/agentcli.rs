//! The agent commands: `eval --policy` and `run-task --policy` (the agent loop with a model, an
//! endpoint or a script), `train` (LOOP) and `sft`.

use agent::policy::Policy;
use agent::policy::endpoint::{EndpointConfig, EndpointPolicy};
use agent::policy::model::ModelPolicy;
use agent::policy::scripted::{Script, ScriptedPolicy};
use agent::rl::TrainConfig;
use agent::rollout::{EnvPool, Job, LoopConfig, RolloutSpec, Trajectory, run_rollouts};
use anyhow::{Context, bail};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tasks::{Split, Task};

/// How `eval`/`run-task` pick the policy that drives the agent loop.
#[derive(Debug, Clone, clap::Args)]
pub struct PolicyArgs {
    /// The agent's policy: `ground-truth`, `script:PATH` (a file of `# %%` cells, or a
    /// directory of `<task_id>.py`), `model:DIR` (a Hugging Face model directory, run in
    /// burn), or `endpoint:URL` (an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1).
    #[arg(long)]
    pub policy: Option<String>,
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
    fn loop_config(&self) -> anyhow::Result<LoopConfig> {
        let prompt = match self.prompt.as_str() {
            "full" => agent::prompt::PromptStyle::Full,
            "minimal" => agent::prompt::PromptStyle::Minimal,
            other => bail!("--prompt is {other:?}: use full or minimal"),
        };
        Ok(LoopConfig {
            max_turns: self.max_turns,
            prompt,
            python: crate::python(),
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

/// Runs the agent loop with `args`' policy over `tasks` on the default world or `world`
/// (`--world DIR`, see [`crate::taskcli::setup`]); returns the trajectories in task order.
pub fn run_agent(
    tasks: &[Arc<Task>],
    args: &PolicyArgs,
    progress: bool,
    world: Option<&Path>,
) -> anyhow::Result<Vec<Trajectory>> {
    let (world, registry, suite) = crate::taskcli::setup(world)?;
    let loop_cfg = args.loop_config()?;
    let (mut policy, context) = args.build()?;
    let pool = EnvPool::new(
        &world,
        registry,
        suite,
        args.parallel.max(1).min(tasks.len().max(1)),
        2,
        agent::rl::world::episode_config(&loop_cfg),
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

/// `appsim eval --policy ... [--world DIR]`.
pub fn eval(
    split: Split,
    args: &PolicyArgs,
    as_json: bool,
    world: Option<&Path>,
) -> anyhow::Result<tasks::Summary> {
    crate::python()
        .check_tenants("eval")
        .map_err(anyhow::Error::msg)?;
    let suite = tasks::Suite::new(&apps::seed::WorldConfig::default());
    let tasks = suite.split(split);
    let trajs = run_agent(&tasks, args, true, world)?;
    let results: Vec<(Arc<Task>, tasks::Report)> = trajs
        .into_iter()
        .filter_map(|t| suite.get(&t.task_id).map(|task| (task, t.report)))
        .collect();
    crate::taskcli::print_results(split, &results, as_json)
}

/// `appsim run-task <id> --policy ... [--world DIR]`: the transcript of the agent loop and the
/// report.
pub fn run_task(
    id: &str,
    args: &PolicyArgs,
    as_json: bool,
    world: Option<&Path>,
) -> anyhow::Result<bool> {
    let suite = tasks::Suite::new(&apps::seed::WorldConfig::default());
    let task = suite
        .get(id)
        .with_context(|| format!("no task with id '{id}' (list them with `appsim tasks`)"))?;
    let policy_name = args.policy.clone().unwrap_or("ground-truth".into());
    let traj = run_agent(std::slice::from_ref(&task), args, false, world)?
        .pop()
        .context("the rollout did not finish")?;
    if as_json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "task": task.info(),
                "policy": policy_name,
                "trajectory": traj,
            }))?
        );
    } else {
        crate::taskcli::print_header(&task);
        for (i, t) in traj.turns.iter().enumerate() {
            println!(
                "## Turn {} (policy: {policy_name})\n{}\n",
                i + 1,
                t.reply.trim_end()
            );
            println!("## Output\n{}\n", t.observation);
        }
        if let Some(why) = &traj.cut_off {
            println!("(the loop stopped: {why})\n");
        }
        print!("{}", traj.report.render());
    }
    Ok(traj.report.success)
}

fn load_config(path: &std::path::Path) -> anyhow::Result<TrainConfig> {
    Ok(TrainConfig::from_file(path)?)
}

/// `appsim train --config FILE [--resume]`.
pub fn train(
    config: &std::path::Path,
    resume: bool,
    iterations: Option<usize>,
) -> anyhow::Result<()> {
    let mut cfg = load_config(config)?;
    if let Some(kind) = crate::python_flag() {
        cfg.agent_loop.python = kind;
    }
    cfg.agent_loop
        .python
        .check_tenants("train")
        .map_err(anyhow::Error::msg)?;
    if let Some(n) = iterations {
        cfg.rl.iterations = n;
    }
    match cfg.model.backend.as_str() {
        "cuda" => train_on::<CudaTrain>(cfg, resume),
        _ => train_on::<agent::backend::CpuTrain>(cfg, resume),
    }
}

#[cfg(feature = "cuda")]
type CudaTrain = agent::backend::CudaTrain;
// Without the `cuda` feature the name stands for the CPU backend; `train_on` refuses "cuda".
#[cfg(not(feature = "cuda"))]
type CudaTrain = agent::backend::CpuTrain;

fn train_on<B: agent::burn::tensor::backend::AutodiffBackend>(
    cfg: TrainConfig,
    resume: bool,
) -> anyhow::Result<()> {
    if cfg.model.backend == "cuda" && !cfg!(feature = "cuda") {
        bail!("model.backend = \"cuda\" needs a build with --features cuda");
    }
    if resume && !agent::rl::trainer::has_checkpoint(&cfg.run.out_dir) {
        bail!(
            "--resume: no checkpoint in {} (run without --resume to start)",
            cfg.run.out_dir.display()
        );
    }
    let out = cfg.run.out_dir.clone();
    let mut cfg = cfg;
    if cfg.sft.warm_start && !resume && cfg.model.adapter.is_none() {
        eprintln!(
            "warm start: supervised fine-tuning ({:?}, {} epochs)",
            cfg.sft.source, cfg.sft.epochs
        );
        let report = agent::rl::sft::run::<B>(&cfg, Default::default())?;
        eprintln!(
            "warm start: {} trajectories, loss {:.3} -> {:.3}, adapter {}",
            report.trajectories,
            report.first_loss,
            report.last_loss,
            report.adapter.display()
        );
        cfg.model.adapter = Some(report.adapter);
    }
    let mut trainer = agent::rl::LoopTrainer::<B>::new(cfg, Default::default(), resume)?;
    let stop = trainer.stop_flag();
    let _ = ctrlc::set_handler(move || {
        eprintln!("\ninterrupted: checkpointing at the next safe point (Ctrl-C again to abort)");
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let start = trainer.iteration();
    let metrics = trainer.run()?;
    let stopped = trainer.stop_flag().load(Ordering::SeqCst);
    for m in &metrics {
        eprintln!(
            "iteration {:>4}: reward {:.3} ± {:.3}, success {:.2}, kept {}/{}, clip {:.3}, kl {:.4}, {:.0} tok/s, env {:.2}%{}",
            m.iteration,
            m.reward_mean,
            m.reward_std,
            m.success,
            m.update.kept,
            m.rollouts,
            m.update.clip_fraction,
            m.update.kl,
            m.tokens_per_s,
            100.0 * m.env_share,
            m.dev_tgc
                .map(|t| format!(", dev TGC {t:.1}"))
                .unwrap_or_default()
        );
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&json!({
            "iterations_run": metrics.len(),
            "from_iteration": start,
            "next_iteration": trainer.iteration(),
            "interrupted": stopped,
            "metrics": out.join("metrics.jsonl"),
            "checkpoint": out.join("checkpoint"),
        }))?
    );
    if stopped {
        std::process::exit(130);
    }
    Ok(())
}

/// `appsim sft --config FILE`.
pub fn sft(config: &std::path::Path) -> anyhow::Result<()> {
    let cfg = load_config(config)?;
    if cfg.model.backend == "cuda" && !cfg!(feature = "cuda") {
        bail!("model.backend = \"cuda\" needs a build with --features cuda");
    }
    let report = match cfg.model.backend.as_str() {
        "cuda" => agent::rl::sft::run::<CudaTrain>(&cfg, Default::default())?,
        _ => agent::rl::sft::run::<agent::backend::CpuTrain>(&cfg, Default::default())?,
    };
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}
