//! The task suite: every scenario's three tasks, by id and by split.

use crate::model::{Split, Task};
use apps::people::Population;
use std::collections::HashMap;
use std::sync::Arc;

/// All tasks for one world.
pub struct Suite {
    population: Population,
    tasks: Vec<Arc<Task>>,
    index: HashMap<String, usize>,
}

impl Suite {
    /// The suite for the world built from `cfg` (tasks pick people of that world).
    pub fn new(cfg: &apps::seed::WorldConfig) -> Suite {
        let population = Population::generate(cfg.seed, cfg.people);
        let tasks: Vec<Arc<Task>> = crate::scenarios::all()
            .iter()
            .flat_map(|s| (1..=3).map(move |v| (s, v)))
            .map(|(s, v)| Arc::new(s.task(v, &population)))
            .collect();
        let index = tasks
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id.clone(), i))
            .collect();
        Suite {
            population,
            tasks,
            index,
        }
    }

    /// A task by id.
    pub fn get(&self, id: &str) -> Option<Arc<Task>> {
        self.index.get(id).map(|&i| self.tasks[i].clone())
    }

    /// Every task, scenario by scenario.
    pub fn tasks(&self) -> &[Arc<Task>] {
        &self.tasks
    }

    /// The tasks of one split.
    pub fn split(&self, split: Split) -> Vec<Arc<Task>> {
        self.tasks
            .iter()
            .filter(|t| t.split == split)
            .cloned()
            .collect()
    }

    /// The world's people.
    pub fn population(&self) -> &Population {
        &self.population
    }
}
