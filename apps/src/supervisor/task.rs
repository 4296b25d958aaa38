//! The supervisor's task: showing it, completing it with an answer or a failure, and the
//! registry's probe of whether it is completed.

use rusqlite::OptionalExtension;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};
use sim::sql::Cached;

pub(super) fn show_active_task(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let row: Option<(String, Option<String>, String)> = ctx
        .db
        .query_row_cached(
            "SELECT instruction, status, answer FROM supervisor.tasks ORDER BY id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let (instruction, status, answer) =
        row.ok_or_else(|| ApiError::unprocessable("No active task found."))?;
    let answer: Value = serde_json::from_str(&answer).unwrap_or(Value::String(answer));
    Ok(json!({"instruction": instruction, "status": status, "answer": answer}))
}

/// The answer as the tasks table keeps it: JSON text, a NaN or infinity as Python writes it.
fn stored_answer(v: &Value) -> String {
    match sim::api::params::tagged_text(v) {
        Some(text) => text.to_string(),
        None => v.to_string(),
    }
}

pub(super) fn complete_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let n = ctx.db.execute_cached(
        "UPDATE supervisor.tasks SET status = ?1, answer = ?2",
        rusqlite::params![a.str("status"), stored_answer(a.value("answer"))],
    )?;
    if n == 0 {
        return Err(ApiError::unprocessable("No active task found."));
    }
    Ok(json!({"message": "Marked the active task complete."}))
}

/// Has the task been completed (status set by `complete_task`)?
pub fn task_completed(db: &rusqlite::Connection) -> bool {
    db.query_row_cached(
        "SELECT count(*) FROM supervisor.tasks WHERE status IS NOT NULL",
        [],
        |r| r.get::<_, i64>(0),
    )
    .map(|n| n > 0)
    .unwrap_or(false)
}
