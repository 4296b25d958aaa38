//! The task suite (scenarios, setups, ground-truth solutions, state-diff evaluation) arrives
//! with the task-suite issue; this crate is its place in the workspace layering
//! (sim <- apps <- tasks <- CLI) and holds nothing yet.
