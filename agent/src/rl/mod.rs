//! Reinforcement learning for the agent: LOOP (PPO with leave-one-out advantages, no value
//! network, one model in memory) and its ablations (action granularity, GRPO, RLOO), plus
//! supervised fine-tuning (SFT-GT, RFT).
//!
//! - [`advantage`]: advantages from a task's group of rewards.
//! - [`objective`]: the clipped per-token (or per-turn/trajectory) surrogate and its masks.
//! - [`optim`] (the `lm` crate's, re-exported): the optimiser step, optimiser state by adapter name.
//! - [`config`]: the TOML configuration.
//! - [`world`]: the world, suite and environment pool; [`select`]: task filters;
//!   [`policy_model`]: loading the model with adapters, sampling rollouts from it;
//!   [`metrics`]: the metrics file and output directories.
//! - [`trainer`]: the LOOP iteration, metrics, checkpoints, resume; [`sft`]: supervised runs.

pub mod advantage;
pub mod config;
pub mod metrics;
pub mod objective;
pub use lm::optim;
pub mod policy_model;
pub mod select;
pub mod sft;
pub mod trainer;
pub mod world;

pub use config::TrainConfig;
pub use trainer::LoopTrainer;
