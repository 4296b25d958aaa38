//! The `appsim` command line and the pieces it shares with `benches/` and the tests: the
//! composition root ([`env::Env`]), the commands ([`cli`]), `serve`, the in-process
//! benchmarks and the plots.

pub mod bench;
pub mod cli;
pub mod env;
pub mod plot;
pub mod serve;

use std::sync::Arc;

/// The default world and registry: 100 people, seed 0.
pub fn default_env() -> anyhow::Result<(sim::World, Arc<sim::api::Registry>)> {
    env::Env::default().world()
}
