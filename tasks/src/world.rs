//! The world, registry and suite that task episodes run on, opened once by each way in (the
//! command line's `Env`, the Python package) and checked to fit each other.

use crate::suite::Suite;
use sim::api::Registry;
use std::path::Path;
use std::sync::Arc;

/// A built world with its registry and the task suite.
pub struct TaskWorld {
    /// The immutable world every episode opens a copy of.
    pub world: sim::World,
    /// The APIs.
    pub registry: Arc<Registry>,
    /// The tasks.
    pub suite: Suite,
}

/// Why a [`TaskWorld`] did not open.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The world could not be loaded or built.
    #[error(transparent)]
    World(#[from] sim::world::WorldError),
    /// The world from a directory does not hold the tasks' supervisors ([`tasks_fit`]).
    #[error("appsim's tasks cannot run on this world: {0}")]
    Unfit(String),
    /// An AppWorld data root that appsim cannot read or run ([`crate::data_root`]).
    #[error("{0}")]
    Root(String),
}

impl TaskWorld {
    /// The world from `dir` ([`open_world`]), its registry and the suite; a world from a
    /// directory must fit the tasks ([`tasks_fit`]).
    pub fn open(dir: Option<&Path>) -> Result<TaskWorld, OpenError> {
        let (world, registry) = open_world(dir)?;
        let suite = suite();
        if dir.is_some() {
            tasks_fit(&world, &suite).map_err(OpenError::Unfit)?;
        }
        Ok(TaskWorld {
            world,
            registry,
            suite,
        })
    }

    /// The world of the AppWorld data root at `root` (its `data/base_dbs`) with the root's
    /// tasks as the suite ([`crate::data_root`]).
    pub fn open_data_root(root: &Path) -> Result<TaskWorld, OpenError> {
        let in_root = |why: String| OpenError::Root(format!("{}: {why}", root.display()));
        let (world, registry) = open_world(Some(&crate::data_root::base_dbs(root)))
            .map_err(|e| in_root(e.to_string()))?;
        let db = sim::Db::open(&world).map_err(|e| in_root(e.to_string()))?;
        let people = crate::data_root::people(db.conn()).map_err(in_root)?;
        let tasks = crate::data_root::tasks(root, db.conn(), &people).map_err(in_root)?;
        Ok(TaskWorld {
            world,
            registry,
            suite: Suite::of(people, tasks),
        })
    }

    /// The parts as episodes and pools take them (the suite shared).
    pub fn into_shared(self) -> (sim::World, Arc<Registry>, Arc<Suite>) {
        (self.world, self.registry, Arc::new(self.suite))
    }
}

/// The world loaded from `dir` (`None`: the default world, 100 people, seed 0, built or read
/// from its cache) and the registry.
pub fn open_world(
    dir: Option<&Path>,
) -> Result<(sim::World, Arc<Registry>), sim::world::WorldError> {
    let registry = Arc::new(apps::registry());
    let world = match dir {
        Some(dir) => apps::seed::load_world(dir, &registry)?.0,
        None => apps::seed::build_or_load_world(&apps::seed::WorldConfig::default(), &registry)?,
    };
    Ok((world, registry))
}

/// The task suite (its setups pick supervisors from the default world's people).
pub fn suite() -> Suite {
    Suite::new(&apps::seed::WorldConfig::default())
}

/// Whether `suite`'s tasks can run on `world`; `Err` says why not, in one line. A world from
/// a directory must hold the people the tasks' setups make supervisors (an export of the
/// default world does, AppWorld's own worlds do not).
pub fn tasks_fit(world: &sim::World, suite: &Suite) -> Result<(), String> {
    let db = sim::Db::open(world).map_err(|e| e.to_string())?;
    suite.check_world(db.conn()).map_err(|why| {
        format!(
            "their setups make people of appsim's generated population (seed 0, 100 people) \
             the supervisor, and {why} (a world written by `appsim export-world` works)"
        )
    })
}
