//! AppWorld's shapes of a task and of its evaluation, shared by every way in that speaks
//! AppWorld's protocol (`appsim serve`'s AppWorld routes, the Python package): the task
//! summary, the test tracker's dictionary and its plain-text report.

use crate::env::{TaskEnv, TaskError};
use crate::eval::Report;
use crate::model::Task;
use crate::suite::Suite;
use serde_json::{Value, json};
use std::sync::Arc;

/// A started task: its environment, and which checks pass when the agent does nothing
/// (AppWorld labels each test `no_op_pass` or `no_op_fail`). Lives on the thread that made it.
pub struct Live {
    /// The task environment.
    pub env: TaskEnv,
    /// Names of the checks that pass on the fresh setup.
    pub no_op_passes: Vec<String>,
}

impl Live {
    /// Starts `task_id` on `env` and notes which checks pass untouched.
    pub fn start(mut env: TaskEnv, task_id: &str) -> Result<Live, TaskError> {
        env.start(task_id)?;
        let no_op = env.evaluate()?;
        Ok(Live {
            env,
            no_op_passes: passing(&no_op),
        })
    }

    /// A copy in the current state (see [`TaskEnv::fork`]), on this thread.
    pub fn fork(&self) -> Result<Live, TaskError> {
        Ok(Live {
            env: self.env.fork()?,
            no_op_passes: self.no_op_passes.clone(),
        })
    }

    /// The task this session runs.
    pub fn task(&self) -> Option<Arc<Task>> {
        self.env.task()
    }

    /// The evaluation of the state now, as AppWorld's tracker dictionary, and the report.
    pub fn tracker(&self) -> Result<(Value, Report), TaskError> {
        let task = self.task().ok_or(TaskError::NotStarted)?;
        let report = self.env.evaluate()?;
        Ok((tracker(&task, &report, &self.no_op_passes), report))
    }
}

/// A task as AppWorld's `/initialize` describes it: id, instruction, supervisor, clock.
/// `None` when the supervisor is not a person of `suite`'s population.
pub fn task_info(suite: &Suite, task: &Task) -> Option<Value> {
    let person = suite.population().person(task.supervisor)?;
    Some(json!({
        "task_id": task.id,
        "instruction": task.instruction,
        "supervisor": {
            "first_name": person.first_name,
            "last_name": person.last_name,
            "email": person.email,
            "phone_number": person.phone_number,
        },
        "datetime": sim::clock::fmt_datetime(task.now),
    }))
}

/// Names of the checks of `report` that pass: run on a fresh setup, the checks that pass when
/// the agent does nothing.
fn passing(report: &Report) -> Vec<String> {
    report
        .checks
        .iter()
        .filter(|c| c.passed)
        .map(|c| c.name.clone())
        .collect()
}

/// AppWorld's test-tracker dictionary for a report: each check a requirement, labelled by
/// whether it also passes when the agent does nothing (`no_op_passes`).
pub fn tracker(task: &Task, report: &Report, no_op_passes: &[String]) -> Value {
    let label = |name: &String| {
        if no_op_passes.contains(name) {
            "no_op_pass"
        } else {
            "no_op_fail"
        }
    };
    let passes: Vec<Value> = report
        .checks
        .iter()
        .filter(|c| c.passed)
        .map(|c| json!({"requirement": c.name, "label": label(&c.name)}))
        .collect();
    let failures: Vec<Value> = report
        .checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| json!({"requirement": c.name, "trace": c.reason, "label": label(&c.name)}))
        .collect();
    json!({
        "success": report.success,
        "difficulty": task.difficulty,
        "num_tests": report.checks.len(),
        "passes": passes,
        "failures": failures,
    })
}

/// AppWorld's plain-text evaluation report of a tracker dictionary (80 columns, three
/// sections).
pub fn report_text(t: &Value) -> String {
    let rule = |title: &str| {
        let side = (80 - title.chars().count() - 2) / 2;
        let right = 80 - title.chars().count() - 2 - side;
        format!("{} {title} {}", "─".repeat(side), "─".repeat(right))
    };
    let list = |key: &str| t[key].as_array().cloned().unwrap_or_default();
    let (passes, failures) = (list("passes"), list("failures"));
    let mut out = vec![
        rule("Overall Stats"),
        format!("Num Passed Tests : {}", passes.len()),
        format!("Num Failed Tests : {}", failures.len()),
        format!("Num Total  Tests : {}", passes.len() + failures.len()),
        rule("Passes"),
    ];
    if passes.is_empty() {
        out.push("None".into());
    }
    for p in &passes {
        out.push(">> Passed Requirement".into());
        out.push(p["requirement"].as_str().unwrap_or("").into());
    }
    out.push(rule("Fails"));
    if failures.is_empty() {
        out.push("None".into());
    }
    for f in &failures {
        out.push(">> Failed Requirement".into());
        out.push(f["requirement"].as_str().unwrap_or("").into());
        out.push(f["trace"].as_str().unwrap_or("").into());
    }
    out.iter()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}
