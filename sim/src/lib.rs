//! appsim's engine: world state in SQLite, the API registry and its shared behaviour (auth,
//! validation, errors, pagination, sorting, search), the Python code-cell executor, and the
//! environment API that ties them together. Apps live in the `apps` crate and plug in through
//! [`api::Registry`] and [`world::SchemaSpec`].

pub mod api;
pub mod clock;
pub mod cow;
pub mod episode;
pub mod manifest;
pub mod num;
pub mod python;
pub mod rng;
pub mod schema;
pub mod sql;
pub mod sqlfn;
pub mod workers;
pub mod world;

pub use episode::{Episode, EpisodeConfig, EpisodeError};
pub use python::PythonKind;
pub use world::{Db, World};

pub use python::limits::CountingAlloc;

/// The unit tests' allocator (a program chooses its own: see [`CountingAlloc`]).
#[cfg(test)]
#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;
