//! A task environment: an episode on a worker's copy of the world, set up for one task at a
//! time, with evaluation.

use crate::diff::Diff;
use crate::eval::{Report, evaluate_timed};
use crate::facts::Facts;
use crate::model::Task;
use crate::setup::Setup;
use crate::suite::Suite;
use chrono::NaiveDateTime;
use sim::api::Registry;
use sim::{Episode, EpisodeConfig, EpisodeError, World};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Errors of the task environment.
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    /// No such task.
    #[error("no task with id '{0}' (list them with `appsim tasks`)")]
    UnknownTask(String),
    /// The episode failed.
    #[error(transparent)]
    Episode(#[from] EpisodeError),
    /// A setup or evaluation query failed.
    #[error("task {task}: {source}")]
    Database {
        /// Task id.
        task: String,
        /// The failure.
        source: rusqlite::Error,
    },
    /// `evaluate` before `start`.
    #[error("no task has been started")]
    NotStarted,
}

/// One worker's environment for running tasks.
pub struct TaskEnv {
    episode: Episode,
    suite: Arc<Suite>,
    base: EpisodeConfig,
    task: Option<Arc<Task>>,
    setup_changes: usize,
    /// Each started task's setup facts, by task id (a setup's picks are the same every start).
    facts: HashMap<String, Facts>,
    /// The clock that replaces each task's own during its episode (`None`: the task's).
    clock: Option<NaiveDateTime>,
}

impl TaskEnv {
    /// Copies `world` for this worker. `base` gives the limits; each task sets the clock
    /// (see [`TaskEnv::with_clock`]).
    pub fn new(
        world: &World,
        registry: Arc<Registry>,
        suite: Arc<Suite>,
        base: EpisodeConfig,
    ) -> Result<TaskEnv, TaskError> {
        Ok(TaskEnv {
            episode: Episode::new(world, registry, base.clone())?,
            suite,
            base,
            task: None,
            setup_changes: 0,
            facts: HashMap::new(),
            clock: None,
        })
    }

    /// This environment with episodes at `clock` instead of each task's own time (`None`:
    /// the task's). Setups still date their rows from the task's time, so the world is the
    /// task's; only what "now" is changes (`get_current_date_and_time`, "now"-relative
    /// filters, new rows' timestamps).
    pub fn with_clock(self, clock: Option<NaiveDateTime>) -> Self {
        Self { clock, ..self }
    }

    /// Starts `task_id`: a fresh episode at the task's time, with its setup applied.
    pub fn start(&mut self, task_id: &str) -> Result<Arc<Task>, TaskError> {
        let task = self
            .suite
            .get(task_id)
            .ok_or_else(|| TaskError::UnknownTask(task_id.to_string()))?;
        self.episode.reset(EpisodeConfig {
            now: self.clock.unwrap_or(task.now),
            ..self.base.clone()
        })?;
        let db_err = |source| TaskError::Database {
            task: task.id.clone(),
            source,
        };
        let conn = self.episode.db().conn();
        let facts = self.facts.entry(task.id.clone()).or_default();
        (task.setup)(&Setup {
            db: conn,
            population: self.suite.population(),
            now: task.now,
            facts,
        })
        .map_err(db_err)?;
        self.setup_changes = self.episode.db().change_count().map_err(db_err)?;
        self.task = Some(task.clone());
        Ok(task)
    }

    /// A copy of this environment in its current state (see [`Episode::fork`]): same task,
    /// world state, clock and Python variables; evaluation of the copy sees the same setup.
    /// Runs on this environment's thread, where the copy must be used too.
    pub fn fork(&self) -> Result<TaskEnv, TaskError> {
        Ok(TaskEnv {
            episode: self.episode.fork()?,
            suite: self.suite.clone(),
            base: self.base.clone(),
            task: self.task.clone(),
            setup_changes: self.setup_changes,
            facts: self.facts.clone(),
            clock: self.clock,
        })
    }

    /// The started task, if any.
    pub fn task(&self) -> Option<Arc<Task>> {
        self.task.clone()
    }

    /// Runs one cell of the agent.
    pub fn execute(&mut self, code: &str) -> String {
        self.episode.execute(code)
    }

    /// Has `complete_task` been called?
    pub fn completed(&self) -> bool {
        self.episode.task_completed()
    }

    /// The net changes since the setup.
    pub fn diff(&self) -> Result<Diff, TaskError> {
        let db = self.episode.db();
        let changes =
            db.changes_after(self.setup_changes)
                .map_err(|source| TaskError::Database {
                    task: self.task.as_ref().map(|t| t.id.clone()).unwrap_or_default(),
                    source,
                })?;
        Ok(Diff::from_changes(&changes, db))
    }

    /// Evaluates the current task's end state.
    pub fn evaluate(&self) -> Result<Report, TaskError> {
        Ok(self.evaluate_timed()?.0)
    }

    /// Evaluates the current task's end state and says where the time went: the diff, each
    /// task check, the collateral-damage check.
    pub fn evaluate_timed(&self) -> Result<(Report, Vec<(String, Duration)>), TaskError> {
        let task = self.task.as_ref().ok_or(TaskError::NotStarted)?;
        let t = Instant::now();
        let diff = self.diff()?;
        let mut times = vec![("(diff)".to_string(), t.elapsed())];
        let no_facts = Facts::default();
        let facts = self.facts.get(&task.id).unwrap_or(&no_facts);
        let report = evaluate_timed(task, &diff, self.episode.db().conn(), facts, &mut times)
            .map_err(|source| TaskError::Database {
                task: task.id.clone(),
                source,
            })?;
        Ok((report, times))
    }

    /// Runs cells in order and evaluates; returns each cell's output and the report.
    pub fn run_solution(
        &mut self,
        task_id: &str,
        cells: &[String],
    ) -> Result<(Vec<String>, Report), TaskError> {
        self.start(task_id)?;
        let outputs = cells.iter().map(|c| self.execute(c)).collect();
        Ok((outputs, self.evaluate()?))
    }

    /// The underlying episode (state hash, save/load).
    pub fn episode(&self) -> &Episode {
        &self.episode
    }

    /// The underlying episode, mutably.
    pub fn episode_mut(&mut self) -> &mut Episode {
        &mut self.episode
    }

    /// The suite this environment serves.
    pub fn suite(&self) -> &Arc<Suite> {
        &self.suite
    }
}
