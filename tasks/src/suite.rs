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
        let tasks: Vec<Task> = crate::scenarios::all()
            .iter()
            .flat_map(|s| (1..=3).map(move |v| (s, v)))
            .map(|(s, v)| s.task(v, &population))
            .collect();
        Suite::of(population, tasks)
    }

    /// A suite of these tasks over the world of `population` (tasks from elsewhere than the
    /// scenarios: an AppWorld data root's, [`crate::data_root`]).
    pub fn of(population: Population, tasks: Vec<Task>) -> Suite {
        let tasks: Vec<Arc<Task>> = tasks.into_iter().map(Arc::new).collect();
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

    /// Whether the world open on `db` can host these tasks. A task's setup makes a person of
    /// the generated population the supervisor (profile, passwords) and works on their
    /// SimpleNote account, found by e-mail; so every task's supervisor needs an account there
    /// with the same e-mail, name and password (as in a world built from, or exported from,
    /// the same [`apps::seed::WorldConfig`]). `Err` names the first one missing.
    pub fn check_world(&self, db: &rusqlite::Connection) -> Result<(), String> {
        let mut st = db
            .prepare(
                "SELECT count(*) FROM simple_note.users WHERE email = ?1 AND first_name = ?2 \
                 AND last_name = ?3 AND password = ?4",
            )
            .map_err(|e| format!("cannot read simple_note.users: {e}"))?;
        let mut seen = std::collections::BTreeSet::new();
        for t in &self.tasks {
            if !seen.insert(t.supervisor) {
                continue;
            }
            let p = self
                .population
                .people
                .iter()
                .find(|p| p.id == t.supervisor)
                .ok_or_else(|| format!("task {} has no supervisor", t.id))?;
            let password = p
                .passwords
                .iter()
                .find(|(app, _)| app == "simple_note")
                .map_or("password", |(_, pw)| pw.as_str());
            let n: i64 = st
                .query_row(
                    rusqlite::params![p.email, p.first_name, p.last_name, password],
                    |r| r.get(0),
                )
                .map_err(|e| format!("cannot read simple_note.users: {e}"))?;
            if n == 0 {
                return Err(format!(
                    "person {} ({} {}, {}), supervisor of task {}, has no simple_note account \
                     with that e-mail, name and password",
                    p.id, p.first_name, p.last_name, p.email, t.id
                ));
            }
        }
        Ok(())
    }

    /// The world's people.
    pub fn population(&self) -> &Population {
        &self.population
    }
}
