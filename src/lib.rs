//! The `appsim` command line: shared pieces (world setup and in-process benchmarks) used by the
//! binary and by `benches/`.

pub mod agentcli;
pub mod bench;
pub mod plot;
pub mod taskcli;

use std::sync::Arc;

/// The default world and registry: 100 people, seed 0.
pub fn default_env() -> anyhow::Result<(sim::World, Arc<sim::api::Registry>)> {
    let registry = Arc::new(apps::registry());
    let world = apps::seed::build_world(&apps::seed::WorldConfig::default(), &registry)?;
    Ok((world, registry))
}
