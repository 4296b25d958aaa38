//! Evaluation: the standard checks every task gets (marked complete, the answer, no collateral
//! damage) plus the task's own, run against the episode's diff and end state; reports and the
//! suite metrics (TGC, SGC).

use crate::diff::{Diff, RowChange};
use crate::facts::Facts;
use crate::model::{Answer, Task};
use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;
use serde_json::Value;
use sim::sql::Cached;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What a check sees.
pub struct EvalCtx<'a> {
    /// The task.
    pub task: &'a Task,
    /// Net changes since the task's setup.
    pub diff: &'a Diff,
    /// The end state.
    pub db: &'a Connection,
    /// `complete_task`'s status (None: never called).
    pub status: Option<String>,
    /// `complete_task`'s answer (None: not given).
    pub answer: Option<Value>,
    /// What the task's setup recorded.
    pub facts: &'a Facts,
    /// [`EvalCtx::user_id`]'s answers so far (the accounts do not change during evaluation).
    user_ids: RefCell<Vec<(String, Option<i64>)>>,
    /// [`EvalCtx::memo`]'s values, for this evaluation only.
    memo: Facts,
}

impl EvalCtx<'_> {
    /// The pick the setup recorded as `key` ([`crate::setup::Setup::pick`]); computed by
    /// `compute` from the end state when the setup recorded none.
    pub fn pick<T>(&self, key: &str, compute: impl FnOnce(&Connection) -> T) -> T
    where
        T: Clone + 'static,
    {
        self.facts.get(key).unwrap_or_else(|| compute(self.db))
    }

    /// The end-state value named `key`, computed by `compute` once per evaluation (for a
    /// lookup that several checks of a task share; the end state does not change while they
    /// run).
    pub fn memo<T>(&self, key: &str, compute: impl FnOnce() -> T) -> T
    where
        T: Clone + Send + Sync + 'static,
    {
        self.memo.get_or(key, compute)
    }

    /// The supervisor's user id in `app` (matched by e-mail; by phone number for phone).
    pub fn user_id(&self, app: &str) -> Option<i64> {
        if let Some((_, id)) = self.user_ids.borrow().iter().find(|(a, _)| a == app) {
            return *id;
        }
        let key = if app == "phone" {
            "phone_number"
        } else {
            "email"
        };
        let id = self
            .db
            .prepare_cached(&format!(
                "SELECT u.id FROM \"{app}\".users u JOIN supervisor.supervisors s ON s.{key} = u.{key}"
            ))
            .and_then(|mut st| st.query_row([], |r| r.get(0)).optional())
            .ok()
            .flatten();
        self.user_ids.borrow_mut().push((app.to_string(), id));
        id
    }
}

/// One check's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckResult {
    /// What was checked.
    pub name: String,
    /// Did it pass?
    pub passed: bool,
    /// Why it failed (empty when it passed).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// A task's evaluation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Task id.
    pub task_id: String,
    /// All checks passed.
    pub success: bool,
    /// Fraction of checks passed (LOOP's training reward).
    pub reward: f64,
    /// Each check.
    pub checks: Vec<CheckResult>,
}

impl Report {
    /// Human-readable report: one line per check, reasons of failures indented.
    pub fn render(&self) -> String {
        let passed = self.checks.iter().filter(|c| c.passed).count();
        let mut s = format!(
            "{}: {} ({passed}/{} checks, reward {:.2})\n",
            self.task_id,
            if self.success { "PASS" } else { "FAIL" },
            self.checks.len(),
            self.reward
        );
        for c in &self.checks {
            s.push_str(&format!(
                "  [{}] {}\n",
                if c.passed { "pass" } else { "FAIL" },
                c.name
            ));
            if !c.passed {
                s.push_str(&format!("         {}\n", c.reason));
            }
        }
        s
    }
}

/// Reads `complete_task`'s status and answer.
fn completion(db: &Connection) -> rusqlite::Result<(Option<String>, Option<Value>)> {
    let row: Option<(Option<String>, Option<String>)> = db
        .query_row_cached(
            "SELECT status, answer FROM supervisor.tasks ORDER BY id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((status, answer)) = row else {
        return Ok((None, None));
    };
    let answer = answer
        .and_then(|a| serde_json::from_str::<Value>(&a).ok())
        .filter(|a| !a.is_null() && a.as_str() != Some("<<NOT_GIVEN>>"));
    Ok((status, answer))
}

/// Lower-cases and collapses whitespace.
pub fn normalize_text(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Compares a given answer with the expected one (numbers numerically, after AppWorld's
/// coercion of numeric strings; text ignoring case and whitespace).
pub fn check_answer(expected: &Answer, given: Option<&Value>) -> Result<(), String> {
    let Some(given) = given else {
        return Err("no answer was given".into());
    };
    match expected {
        Answer::Number(x) => {
            let g = match given {
                Value::Number(n) => n.as_f64(),
                Value::String(s) => s.trim().parse::<f64>().ok(),
                Value::Bool(b) => Some(f64::from(u8::from(*b))),
                _ => None,
            };
            match g {
                Some(g) if (g - x).abs() <= 1e-6 * x.abs().max(1.0) => Ok(()),
                _ => Err(format!("expected {x}, got {given}")),
            }
        }
        Answer::Text(t) => {
            let g = match given {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            if normalize_text(&g) == normalize_text(t) {
                Ok(())
            } else {
                Err(format!("expected {t:?}, got {given}"))
            }
        }
    }
}

/// Runs every check of `task` on the end state `db` and the net changes `diff`, with the
/// picks its setup recorded in `facts`.
pub fn evaluate(
    task: &Task,
    diff: &Diff,
    db: &Connection,
    facts: &Facts,
) -> rusqlite::Result<Report> {
    evaluate_timed(task, diff, db, facts, &mut Vec::new())
}

/// [`evaluate`], also pushing onto `times` how long each task check took and then the
/// collateral-damage check (for finding slow checks: `appsim bench`).
pub fn evaluate_timed(
    task: &Task,
    diff: &Diff,
    db: &Connection,
    facts: &Facts,
    times: &mut Vec<(String, Duration)>,
) -> rusqlite::Result<Report> {
    let (status, answer) = completion(db)?;
    let ctx = EvalCtx {
        task,
        diff,
        db,
        status,
        answer,
        facts,
        user_ids: RefCell::default(),
        memo: Facts::default(),
    };
    let mut checks = Vec::new();
    let mut push = |name: String, r: Result<(), String>| {
        checks.push(CheckResult {
            name,
            passed: r.is_ok(),
            reason: r.err().unwrap_or_default(),
        })
    };
    push(
        "the task was marked complete with status success".into(),
        match ctx.status.as_deref() {
            Some("success") => Ok(()),
            Some(other) => Err(format!("complete_task was called with status {other:?}")),
            None => Err("apis.supervisor.complete_task was never called".into()),
        },
    );
    if let Some(expected) = &task.answer {
        let shown = match expected {
            Answer::Number(x) => x.to_string(),
            Answer::Text(t) => format!("{t:?}"),
        };
        push(
            format!("the answer is {shown}"),
            check_answer(expected, ctx.answer.as_ref()),
        );
    }
    for c in &task.checks {
        let t = Instant::now();
        let r = (c.run)(&ctx);
        times.push((c.name.clone(), t.elapsed()));
        push(c.name.clone(), r);
    }
    let t = Instant::now();
    let r = collateral(&ctx);
    times.push(("(collateral damage)".into(), t.elapsed()));
    push(
        "no collateral damage (every change is expected or allowed)".into(),
        r,
    );
    let passed = checks.iter().filter(|c| c.passed).count();
    Ok(Report {
        task_id: task.id.clone(),
        success: passed == checks.len(),
        reward: passed as f64 / checks.len() as f64,
        checks,
    })
}

/// Counters that only record a read (downloading an e-mail attachment or an order receipt):
/// changing them is never damage, whatever the task.
const READ_COUNTERS: [(&str, &str, &str); 3] = [
    ("gmail", "attachments", "download_count"),
    ("amazon", "orders", "receipt_download_count"),
    ("spotify", "premium_subscriptions", "receipt_download_count"),
];

/// Is `r` only a read counter going up?
fn counts_a_read(r: &RowChange) -> bool {
    r.kind() == crate::diff::ChangeKind::Updated
        && READ_COUNTERS.iter().any(|(schema, table, column)| {
            r.is(schema, table) && r.changed_columns().iter().all(|c| c == column)
        })
}

fn collateral(ctx: &EvalCtx) -> Result<(), String> {
    let allowed = |r: &RowChange| {
        r.is("supervisor", "tasks")
            || counts_a_read(r)
            || ctx.task.allowed.iter().any(|a| (a.matches)(ctx, r))
    };
    let bad: Vec<String> = ctx
        .diff
        .rows
        .iter()
        .filter(|r| !allowed(r))
        .map(RowChange::describe)
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    let shown = bad.iter().take(3).cloned().collect::<Vec<_>>().join("; ");
    let more = if bad.len() > 3 {
        format!(" and {} more", bad.len() - 3)
    } else {
        String::new()
    };
    Err(format!("unexpected changes: {shown}{more}"))
}

/// TGC/SGC over a set of evaluated tasks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Tasks evaluated.
    pub tasks: usize,
    /// Tasks passed.
    pub tasks_passed: usize,
    /// Task goal completion, percent.
    pub tgc: f64,
    /// Scenarios evaluated.
    pub scenarios: usize,
    /// Scenarios whose tasks all passed.
    pub scenarios_passed: usize,
    /// Scenario goal completion, percent.
    pub sgc: f64,
    /// Mean reward (fraction of checks passed).
    pub mean_reward: f64,
}

/// Summarises `(task, report)` pairs.
pub fn summarize<'a>(results: impl IntoIterator<Item = (&'a Task, &'a Report)>) -> Summary {
    let mut by_scenario: BTreeMap<&str, bool> = BTreeMap::new();
    let (mut tasks, mut passed, mut reward) = (0usize, 0usize, 0.0);
    for (t, r) in results {
        tasks += 1;
        passed += usize::from(r.success);
        reward += r.reward;
        let e = by_scenario.entry(t.scenario_id.as_str()).or_insert(true);
        *e &= r.success;
    }
    let scenarios_passed = by_scenario.values().filter(|v| **v).count();
    let pct = |a: usize, b: usize| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    Summary {
        tasks,
        tasks_passed: passed,
        tgc: pct(passed, tasks),
        scenarios: by_scenario.len(),
        scenarios_passed,
        sgc: pct(scenarios_passed, by_scenario.len()),
        mean_reward: if tasks == 0 {
            0.0
        } else {
            reward / tasks as f64
        },
    }
}
