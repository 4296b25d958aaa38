//! appsim's engine: world state in SQLite, the API registry and its shared behaviour (auth,
//! validation, errors, pagination, sorting, search), the Python code-cell executor, and the
//! environment API that ties them together. Apps live in the `apps` crate and plug in through
//! [`api::Registry`] and [`world::SchemaSpec`].

pub mod api;
pub mod clock;
pub mod cow;
pub mod episode;
pub mod num;
pub mod python;
pub mod rng;
pub mod schema;
pub mod sql;
pub mod sqlfn;
pub mod world;

pub use episode::{Episode, EpisodeConfig, EpisodeError};
pub use python::PythonKind;
pub use world::{Db, World};

/// The process allocator: the system allocator plus per-cell memory accounting, so that a
/// memory bomb in agent code ends with `MemoryError` instead of taking the process down.
#[global_allocator]
static ALLOC: python::limits::CountingAlloc = python::limits::CountingAlloc;
