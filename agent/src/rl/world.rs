//! The world a training run acts in: the default world with its registry and task suite (plus
//! an optional generated task family), the environment pool, and the episode limits of a loop.

use super::config::{FamilySection, TrainConfig};
use crate::error::{AgentError, Result};
use crate::rollout::{EnvPool, LoopConfig};
use std::sync::Arc;
use tasks::Suite;

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
    pub fn with_family(family: Option<&FamilySection>) -> Result<Self> {
        let (world, registry) = tasks::world::open_world(None)
            .map_err(|e| AgentError::Env(format!("building the world: {e}")))?;
        Self::new(world, registry, tasks::world::suite(), family)
    }

    /// A world built elsewhere (the command line's), with a task family added to `suite`.
    pub fn new(
        world: sim::World,
        registry: Arc<sim::api::Registry>,
        mut suite: Suite,
        family: Option<&FamilySection>,
    ) -> Result<Self> {
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
            None,
        )
    }
}

/// The episode limits of an agent loop.
pub fn episode_config(l: &LoopConfig) -> sim::EpisodeConfig {
    sim::EpisodeConfig {
        time_limit: std::time::Duration::from_secs_f64(l.cell_time_limit_s.max(0.001)),
        python: l.python,
        ..Default::default()
    }
}
