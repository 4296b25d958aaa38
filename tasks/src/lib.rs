//! The task suite: AppWorld-style tasks (a scenario's three variants forming a contrast set)
//! with deterministic setups, ground-truth solutions as code cells, and fast state-based
//! evaluation from the episode's database diff.
//!
//! - [`model`]: what a task is; [`scenarios`]: the task templates, built from the [`kit`].
//! - [`setup`]: what setups may do to the base world; [`facts`]: the picks a setup records
//!   for the checks.
//! - [`diff`]: net row changes since the setup; [`eval`]: checks, reports, TGC/SGC.
//! - [`appworld`]: AppWorld's shapes of a task and its evaluation (tracker, report).
//! - [`data_root`]: tasks given as an AppWorld data root, on its own world.
//! - [`env`]: [`TaskEnv`], an episode that runs and evaluates tasks; [`suite`]: all tasks;
//!   [`stats`]: the suite's shape in numbers; [`world`]: the world, registry and suite opened
//!   together.

pub mod appworld;
pub mod data_root;
pub mod diff;
pub mod env;
pub mod eval;
pub mod facts;
pub mod kit;
pub mod model;
pub mod scenarios;
pub mod setup;
#[cfg(test)]
mod shape_tests;
pub mod stats;
pub mod suite;
pub mod world;

pub use env::{TaskEnv, TaskError};
pub use eval::{Report, Summary, summarize};
pub use model::{Answer, Split, Task, split_cells};
pub use suite::Suite;
pub use world::TaskWorld;
