//! Scripted policies: a fixed list of cells per task (the ground truth, or cells read from a
//! file), each sent as one reply. For debugging the agent loop and for supervised data.

use super::{Policy, Reply, TurnRequest};
use crate::error::{AgentError, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where a scripted policy's cells come from.
#[derive(Debug, Clone)]
pub enum Script {
    /// Each task's ground-truth solution.
    GroundTruth,
    /// One file of cells (separated by lines holding only `# %%`) used for every task.
    File(PathBuf),
    /// A directory of `<task_id>.py` files; a task without a file gets no cells.
    Dir(PathBuf),
}

/// Replies with the next cell of a script; once the cells run out it replies without code.
pub struct ScriptedPolicy {
    script: Script,
    cache: HashMap<String, Vec<String>>,
}

fn read_cells(path: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(path).map_err(|source| AgentError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(tasks::split_cells(&text))
}

impl ScriptedPolicy {
    /// A policy following `script`.
    pub fn new(script: Script) -> Self {
        Self {
            script,
            cache: HashMap::new(),
        }
    }

    /// The cells for `task`.
    pub fn cells(&mut self, task: &tasks::Task) -> Result<&[String]> {
        if !self.cache.contains_key(&task.id) {
            let cells = match &self.script {
                Script::GroundTruth => task.ground_truth.clone(),
                Script::File(p) => read_cells(p)?,
                Script::Dir(d) => {
                    let f = d.join(format!("{}.py", task.id));
                    if f.is_file() {
                        read_cells(&f)?
                    } else {
                        Vec::new()
                    }
                }
            };
            self.cache.insert(task.id.clone(), cells);
        }
        Ok(&self.cache[&task.id])
    }
}

/// The reply that carries `cell` as the agent's code block.
pub fn cell_reply(cell: &str) -> String {
    format!("```python\n{}\n```", cell.trim_end())
}

impl Policy for ScriptedPolicy {
    fn name(&self) -> String {
        match &self.script {
            Script::GroundTruth => "ground-truth".into(),
            Script::File(p) | Script::Dir(p) => format!("script:{}", p.display()),
        }
    }

    fn reply(&mut self, requests: &[TurnRequest<'_>]) -> Result<Vec<Reply>> {
        requests
            .iter()
            .map(|r| {
                let cells = self.cells(r.task)?;
                Ok(Reply {
                    text: match cells.get(r.turn) {
                        Some(c) => cell_reply(c),
                        None => "I have no more cells to run.".into(),
                    },
                    ..Reply::default()
                })
            })
            .collect()
    }
}
