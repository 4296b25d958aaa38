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

    /// Adds variants 4..=`up_to` of a scenario (by name or 7-hex id) as extra tasks of its
    /// split: a task family for learning experiments (same template, other people and data;
    /// variants past 3 repeat the third variant's instruction). Ids continue the scenario's
    /// (`<id>_4`, `<id>_5`, ...). The standard 36 tasks are unchanged.
    pub fn extend_family(&mut self, scenario: &str, up_to: u8) -> Result<(), String> {
        let all = crate::scenarios::all();
        let s = all
            .iter()
            .find(|s| s.name == scenario || s.id() == scenario)
            .ok_or_else(|| format!("no scenario named or with id {scenario:?}"))?;
        for v in 4..=up_to {
            let t = Arc::new(s.task(v, &self.population));
            if !self.index.contains_key(&t.id) {
                self.index.insert(t.id.clone(), self.tasks.len());
                self.tasks.push(t);
            }
        }
        Ok(())
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
