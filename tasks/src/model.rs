//! What a task is: its identity, split, instruction, setup, ground truth and checks.

use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::setup::Setup;
use chrono::NaiveDateTime;
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// AppWorld's four splits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Split {
    /// Training tasks.
    Train,
    /// Development (checkpoint selection) tasks.
    Dev,
    /// Test tasks on the same apps as training.
    TestNormal,
    /// Harder test tasks.
    TestChallenge,
}

impl Split {
    /// All splits in order.
    pub const ALL: [Split; 4] = [
        Split::Train,
        Split::Dev,
        Split::TestNormal,
        Split::TestChallenge,
    ];

    /// The split's name as the CLI spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Split::Train => "train",
            Split::Dev => "dev",
            Split::TestNormal => "test_normal",
            Split::TestChallenge => "test_challenge",
        }
    }
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Split {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Split::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or_else(|| {
                format!("unknown split '{s}': use train, dev, test_normal or test_challenge")
            })
    }
}

/// The expected answer of a question-answering task.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A number, compared numerically (AppWorld coerces numeric strings to floats).
    Number(f64),
    /// Text, compared ignoring case and surrounding or repeated whitespace.
    Text(String),
}

/// Edits the base world so that the task is well-defined (runs inside the episode, before the
/// agent's first cell).
pub type SetupFn = Arc<dyn Fn(&Setup) -> rusqlite::Result<()> + Send + Sync>;
/// One evaluation check: `Err(reason)` when it fails.
pub type CheckFn = Arc<dyn Fn(&EvalCtx) -> Result<(), String> + Send + Sync>;
/// Recognises a row change as expected or allowed (for the collateral-damage check).
pub type AllowFn = Arc<dyn Fn(&EvalCtx, &RowChange) -> bool + Send + Sync>;

/// A named check of the end state.
#[derive(Clone)]
pub struct Check {
    /// What it checks, one line.
    pub name: String,
    /// The check.
    pub run: CheckFn,
}

impl Check {
    /// A check from a name and a function.
    pub fn new(
        name: impl Into<String>,
        run: impl Fn(&EvalCtx) -> Result<(), String> + Send + Sync + 'static,
    ) -> Check {
        Check {
            name: name.into(),
            run: Arc::new(run),
        }
    }
}

/// A change the task expects or tolerates; every other change is collateral damage.
#[derive(Clone)]
pub struct Allow {
    /// What is allowed, one line (shown when something else changed).
    pub what: String,
    /// The predicate.
    pub matches: AllowFn,
}

impl Allow {
    /// An allowance from a description and a predicate.
    pub fn new(
        what: impl Into<String>,
        matches: impl Fn(&EvalCtx, &RowChange) -> bool + Send + Sync + 'static,
    ) -> Allow {
        Allow {
            what: what.into(),
            matches: Arc::new(matches),
        }
    }
}

/// A solution as code cells, with a name (for wrong solutions: what is wrong with it).
#[derive(Debug, Clone, Serialize)]
pub struct Solution {
    /// Short description.
    pub name: String,
    /// The cells, run in order.
    pub cells: Vec<String>,
}

/// One task.
#[derive(Clone)]
pub struct Task {
    /// `<scenario>_<n>`, e.g. `3fa2c1d_2`.
    pub id: String,
    /// The scenario's 7-hex id.
    pub scenario_id: String,
    /// The scenario's readable name.
    pub scenario: &'static str,
    /// 1, 2 or 3 within the scenario.
    pub variant: u8,
    /// Split (shared by the scenario's tasks).
    pub split: Split,
    /// 1 (easy) – 3 (hard).
    pub difficulty: u8,
    /// What the supervisor asks.
    pub instruction: String,
    /// The supervisor: a person of the world (id in `admin.main_users`).
    pub supervisor: i64,
    /// The frozen clock of the task.
    pub now: NaiveDateTime,
    /// Apps the task needs (besides supervisor and api_docs).
    pub apps: Vec<&'static str>,
    /// The expected answer, for question-answering tasks.
    pub answer: Option<Answer>,
    /// The ground-truth solution.
    pub ground_truth: Vec<String>,
    /// Plausible wrong solutions that the checks must reject.
    pub wrong_solutions: Vec<Solution>,
    /// Setup on top of the base world.
    pub setup: SetupFn,
    /// Task-specific checks (the standard ones are added by the evaluator).
    pub checks: Vec<Check>,
    /// Changes the task expects or allows.
    pub allowed: Vec<Allow>,
}

impl fmt::Debug for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Task({})", self.id)
    }
}

/// A task's description for listings (`appsim tasks --json`).
#[derive(Debug, Clone, Serialize)]
pub struct TaskInfo {
    /// Task id.
    pub id: String,
    /// Scenario name.
    pub scenario: String,
    /// Split.
    pub split: Split,
    /// Difficulty 1–3.
    pub difficulty: u8,
    /// Apps used.
    pub apps: Vec<String>,
    /// Instruction.
    pub instruction: String,
    /// Expected answer, if any.
    pub answer: Option<Answer>,
    /// Frozen clock.
    pub datetime: String,
}

impl Task {
    /// The listing view of the task.
    pub fn info(&self) -> TaskInfo {
        TaskInfo {
            id: self.id.clone(),
            scenario: self.scenario.to_string(),
            split: self.split,
            difficulty: self.difficulty,
            apps: self.apps.iter().map(|s| s.to_string()).collect(),
            instruction: self.instruction.clone(),
            answer: self.answer.clone(),
            datetime: sim::clock::fmt_datetime(self.now),
        }
    }
}

/// Splits a file of code cells (a solution, a ground truth) at lines holding only `# %%`;
/// cells holding only whitespace are dropped.
pub fn split_cells(text: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    for line in text.lines() {
        if line.trim() == "# %%" {
            cells.push(String::new());
        } else if let Some(c) = cells.last_mut() {
            c.push_str(line);
            c.push('\n');
        }
    }
    cells.into_iter().filter(|c| !c.trim().is_empty()).collect()
}
