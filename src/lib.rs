//! The `appsim` command line: shared pieces (world setup and in-process benchmarks) used by the
//! binary and by `benches/`.

pub mod agentcli;
pub mod bench;
pub mod plot;
pub mod serve;
pub mod taskcli;

use anyhow::Context;
use std::path::Path;
use std::sync::Arc;

/// The executor chosen with `appsim --python` (the default, CPython, when not given).
static PYTHON: std::sync::OnceLock<sim::PythonKind> = std::sync::OnceLock::new();

/// Records the CLI's `--python` choice for [`base_episode_config`] (first call wins).
pub fn set_python(kind: sim::PythonKind) {
    let _ = PYTHON.set(kind);
}

/// The executor the CLI was asked for.
pub fn python() -> sim::PythonKind {
    python_flag().unwrap_or_default()
}

/// The executor given with `--python`, if one was.
pub fn python_flag() -> Option<sim::PythonKind> {
    PYTHON.get().copied()
}

/// The default episode settings with the CLI's `--python` choice.
pub fn base_episode_config() -> sim::EpisodeConfig {
    sim::EpisodeConfig {
        python: python(),
        ..Default::default()
    }
}

/// The default world and registry: 100 people, seed 0.
pub fn default_env() -> anyhow::Result<(sim::World, Arc<sim::api::Registry>)> {
    env(None)
}

/// The world of `--world DIR` (AppWorld-format `<app>.db` files, loaded by
/// [`apps::seed::load_world`]) or, without a directory, the default world; and the registry.
pub fn env(world: Option<&Path>) -> anyhow::Result<(sim::World, Arc<sim::api::Registry>)> {
    let registry = Arc::new(apps::registry());
    let world = match world {
        Some(dir) => apps::seed::load_world(dir, &registry).context("--world")?.0,
        None => apps::seed::build_or_load_world(&apps::seed::WorldConfig::default(), &registry)?,
    };
    Ok((world, registry))
}
