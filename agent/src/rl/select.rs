//! Which tasks a run uses: a split, narrowed by filters (task ids, scenario names, variant
//! ranges).

use crate::error::{AgentError, Result};
use std::sync::Arc;
use tasks::{Split, Suite, Task};

/// Whether `filter` (a task id, a scenario name, or a range `<scenario id>_<a>..<b>` of
/// variants, both ends included) selects `task`.
pub fn matches(filter: &str, task: &Task) -> bool {
    if filter == task.id || filter == task.scenario {
        return true;
    }
    let Some((prefix, range)) = filter.rsplit_once('_') else {
        return false;
    };
    let Some((a, b)) = range.split_once("..") else {
        return false;
    };
    match (a.parse::<u8>(), b.parse::<u8>()) {
        (Ok(a), Ok(b)) => prefix == task.scenario_id && (a..=b).contains(&task.variant),
        _ => false,
    }
}

/// The tasks of `split`, restricted to `filter` (see [`matches()`]) when not empty.
pub fn select_tasks(suite: &Suite, split: &str, filter: &[String]) -> Result<Vec<Arc<Task>>> {
    let split: Split = split.parse().map_err(AgentError::Train)?;
    let tasks: Vec<_> = suite
        .split(split)
        .into_iter()
        .filter(|t| filter.is_empty() || filter.iter().any(|f| matches(f, t)))
        .collect();
    if tasks.is_empty() {
        return Err(AgentError::Train(format!(
            "no {split} task matches {filter:?} (see `appsim tasks --split {split}`)"
        )));
    }
    Ok(tasks)
}
