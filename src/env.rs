//! The composition root: what a command needs to run episodes, built once from the command
//! line's world flags (`--python`, `--world DIR`, `--datetime`) and handed to the command.
//! Nothing here is process-global: two `Env`s with different executors or clocks can live side
//! by side.

use anyhow::Context;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The executor and the world a command runs on.
#[derive(Debug, Clone, Default)]
pub struct Env {
    python: Option<sim::PythonKind>,
    world_dir: Option<PathBuf>,
    datetime: Option<chrono::NaiveDateTime>,
}

pub use tasks::TaskWorld;

impl Env {
    /// The environment of `--python` (`None`: the default, CPython) and `--world DIR` (`None`: the
    /// default world, 100 people, seed 0).
    pub fn new(python: Option<sim::PythonKind>, world_dir: Option<PathBuf>) -> Self {
        Self {
            python,
            world_dir,
            datetime: None,
        }
    }

    /// This environment with the clock `--datetime` gave (`None`: none given).
    pub fn with_datetime(self, datetime: Option<chrono::NaiveDateTime>) -> Self {
        Self { datetime, ..self }
    }

    /// The world's clock, for sessions without a task of their own: `--datetime`, else the
    /// `datetime` of the world directory's `manifest.json`, else AppWorld's default
    /// (2023-05-18T12:00:00). It reads the manifest each time: commands ask once.
    pub fn now(&self) -> anyhow::Result<chrono::NaiveDateTime> {
        if let Some(d) = self.datetime {
            return Ok(d);
        }
        let from_manifest = match &self.world_dir {
            Some(dir) => sim::manifest::world_clock(dir).context("--world")?,
            None => None,
        };
        Ok(from_manifest.unwrap_or_else(sim::clock::default_now))
    }

    /// The clock that replaces every task's own (`--datetime`; a manifest's clock does not:
    /// a task brings its own time, as in AppWorld).
    pub fn task_clock(&self) -> Option<chrono::NaiveDateTime> {
        self.datetime
    }

    /// The executor cells run on.
    pub fn python(&self) -> sim::PythonKind {
        self.python.unwrap_or_default()
    }

    /// The executor `--python` named, if it was given (a training config's choice stands
    /// otherwise).
    pub fn python_flag(&self) -> Option<sim::PythonKind> {
        self.python
    }

    /// `--world DIR`, if given.
    pub fn world_dir(&self) -> Option<&Path> {
        self.world_dir.as_deref()
    }

    /// The default episode settings on this executor, at the world's clock ([`Env::now`]).
    pub fn episode_config(&self) -> anyhow::Result<sim::EpisodeConfig> {
        Ok(sim::EpisodeConfig {
            python: self.python(),
            now: self.now()?,
            ..Default::default()
        })
    }

    /// The world (loaded from `--world DIR`, or the default one built or read from its cache)
    /// and the registry.
    pub fn world(&self) -> anyhow::Result<(sim::World, Arc<sim::api::Registry>)> {
        let opened = tasks::world::open_world(self.world_dir.as_deref());
        Ok(match &self.world_dir {
            Some(_) => opened.context("--world")?,
            None => opened?,
        })
    }

    /// The task suite (its setups pick supervisors from the default world's people).
    pub fn suite(&self) -> tasks::Suite {
        tasks::world::suite()
    }

    /// The world, registry and suite, checked to fit each other: a world from a directory
    /// must hold the people the tasks' setups make supervisors (an export of the default world
    /// does, AppWorld's own worlds do not: an error says so).
    pub fn task_world(&self) -> anyhow::Result<TaskWorld> {
        TaskWorld::open(self.world_dir.as_deref()).map_err(|e| match (&self.world_dir, e) {
            (Some(dir), e @ tasks::world::OpenError::Unfit(_)) => {
                anyhow::anyhow!("--world {}: {e}", dir.display())
            }
            (Some(_), e) => anyhow::Error::new(e).context("--world"),
            (None, e) => e.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two environments with different executors coexist: the choice lives in the `Env`, not
    /// in the process.
    #[test]
    fn executors_are_per_env() {
        let rust = Env::new(Some(sim::PythonKind::RustPython), None);
        let default = Env::default();
        assert_eq!(
            rust.episode_config().unwrap().python,
            sim::PythonKind::RustPython
        );
        assert_eq!(
            default.episode_config().unwrap().python,
            sim::PythonKind::CPython
        );
        assert_eq!(default.python_flag(), None);
        assert!(rust.world_dir().is_none());
    }

    /// The clock: `--datetime`, else the world directory's manifest, else AppWorld's default;
    /// only `--datetime` replaces the tasks' own clocks.
    #[test]
    fn clocks_come_from_the_flag_then_the_manifest() {
        let dir = std::env::temp_dir().join(format!("appsim-env-clock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let at = |s| sim::clock::parse_clock(s).unwrap();
        let env = Env::new(None, Some(dir.clone()));
        assert_eq!(env.now().unwrap(), sim::clock::default_now());
        sim::manifest::Manifest::at(at("2024-02-29T09:00:00"))
            .write(&dir)
            .unwrap();
        assert_eq!(env.now().unwrap(), at("2024-02-29T09:00:00"));
        assert_eq!(env.episode_config().unwrap().now, at("2024-02-29T09:00:00"));
        assert_eq!(env.task_clock(), None);
        let flagged = env.with_datetime(Some(at("2025-12-31T23:59:59")));
        assert_eq!(flagged.now().unwrap(), at("2025-12-31T23:59:59"));
        assert_eq!(flagged.task_clock(), Some(at("2025-12-31T23:59:59")));
        std::fs::write(dir.join("manifest.json"), "{\"datetime\": \"noon\"}").unwrap();
        let err = Env::new(None, Some(dir.clone())).now().unwrap_err();
        assert!(format!("{err:#}").contains("manifest.json"), "{err:#}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_world_dir_is_a_clear_error() {
        let env = Env::new(None, Some(PathBuf::from("/nonexistent/appsim-world")));
        let Err(err) = env.world() else {
            panic!("a world loaded from a missing directory");
        };
        assert!(format!("{err:#}").contains("--world"), "{err:#}");
    }
}
