//! `appsim train` (LOOP, GRPO or RLOO in-process) and `appsim sft` (supervised fine-tuning of
//! LoRA adapters).

use super::WorldArg;
use crate::env::{Env, TaskWorld};
use agent::rl::TrainConfig;
use agent::rl::world::World;
use anyhow::bail;
use serde_json::json;
use std::sync::atomic::Ordering;

#[derive(clap::Args)]
pub(super) struct Args {
    /// TOML configuration (see configs/).
    #[arg(long)]
    config: std::path::PathBuf,
    /// Continue from <out_dir>/checkpoint.
    #[arg(long)]
    resume: bool,
    /// Override rl.iterations (the total to reach, counting resumed ones).
    #[arg(long)]
    iterations: Option<usize>,
    #[command(flatten)]
    world: WorldArg,
}

#[derive(clap::Args)]
pub(super) struct SftArgs {
    /// TOML configuration (see configs/).
    #[arg(long)]
    config: std::path::PathBuf,
    #[command(flatten)]
    world: WorldArg,
}

/// The training world: `env`'s world and suite with the config's task family added.
fn training_world(env: &Env, cfg: &TrainConfig) -> anyhow::Result<World> {
    let TaskWorld {
        world,
        registry,
        suite,
    } = env.task_world()?;
    Ok(World::new(world, registry, suite, cfg.rl.family.as_ref())?)
}

fn load_config(path: &std::path::Path) -> anyhow::Result<TrainConfig> {
    Ok(TrainConfig::from_file(path)?)
}

/// `appsim train --config FILE [--resume]`.
pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let Args {
        config,
        resume,
        iterations,
        world,
    } = args;
    let env = world.env(python);
    let mut cfg = load_config(&config)?;
    if let Some(kind) = env.python_flag() {
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
        "cuda" => train_on::<CudaTrain>(cfg, resume, &env),
        _ => train_on::<agent::backend::CpuTrain>(cfg, resume, &env),
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
    env: &Env,
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
        let world = training_world(env, &cfg)?;
        let report = agent::rl::sft::run_in::<B>(&cfg, &world, Default::default())?;
        eprintln!(
            "warm start: {} trajectories, loss {:.3} -> {:.3}, adapter {}",
            report.trajectories,
            report.first_loss,
            report.last_loss,
            report.adapter.display()
        );
        cfg.model.adapter = Some(report.adapter);
    }
    let world = training_world(env, &cfg)?;
    let mut trainer =
        agent::rl::LoopTrainer::<B>::in_world(cfg, world, Default::default(), resume)?;
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
pub(super) fn sft(args: SftArgs, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let env = args.world.env(python);
    let mut cfg = load_config(&args.config)?;
    if let Some(kind) = env.python_flag() {
        cfg.agent_loop.python = kind;
    }
    let world = training_world(&env, &cfg)?;
    if cfg.model.backend == "cuda" && !cfg!(feature = "cuda") {
        bail!("model.backend = \"cuda\" needs a build with --features cuda");
    }
    let report = match cfg.model.backend.as_str() {
        "cuda" => agent::rl::sft::run_in::<CudaTrain>(&cfg, &world, Default::default())?,
        _ => agent::rl::sft::run_in::<agent::backend::CpuTrain>(&cfg, &world, Default::default())?,
    };
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}
