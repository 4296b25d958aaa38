//! Sub-tasks of a task, in `order_index` order. They notify nobody.

use super::rows::NewSubTask;
use super::store::{self, due_date_arg, open_task, ordered_ids, place};
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

const SUB_TASK_JSON: &str = "SELECT task_id, title, description, due_date, priority, is_completed, duration, \
     duration_unit, order_index, created_at, id FROM todoist.sub_tasks";

fn sub_task_json(r: &rusqlite::Row) -> rusqlite::Result<Value> {
    Ok(json!({
        "task_id": r.get::<_, i64>(0)?,
        "title": r.get::<_, String>(1)?,
        "description": r.get::<_, Option<String>>(2)?,
        "due_date": datetime_col(r, 3)?,
        "priority": r.get::<_, String>(4)?,
        "is_completed": r.get::<_, Option<bool>>(5)?.unwrap_or(false),
        "duration": r.get::<_, Option<f64>>(6)?,
        "duration_unit": r.get::<_, Option<String>>(7)?,
        "order_index": r.get::<_, i64>(8)?,
        "created_at": datetime_col(r, 9)?,
        "sub_task_id": r.get::<_, i64>(10)?,
    }))
}

/// The sub-task with this id (409) of a task in a project the caller collaborates on (422):
/// its id and task id.
fn open_sub_task(ctx: &Ctx, id: i64) -> Result<(i64, i64), ApiError> {
    let task_id: i64 = ctx
        .db
        .prepare_cached("SELECT task_id FROM todoist.sub_tasks WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("sub task", id))?;
    open_task(ctx, task_id)?;
    Ok((id, task_id))
}

fn siblings(ctx: &Ctx, task_id: i64) -> Result<Vec<i64>, ApiError> {
    ordered_ids(ctx, "sub_tasks", "task_id = ?1", Some(task_id))
}

pub(super) fn show_sub_tasks(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (t, _) = open_task(ctx, a.int("task_id"))?;
    Ok(Value::Array(
        ctx.db
            .prepare_cached(&format!(
                "{SUB_TASK_JSON} WHERE task_id = ?1 ORDER BY order_index, id"
            ))?
            .query_map([t.id], sub_task_json)?
            .collect::<Result<_, _>>()?,
    ))
}

pub(super) fn create_sub_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    // The task is looked up (and the caller's access checked) before the due date.
    let (t, _) = open_task(ctx, a.int("task_id"))?;
    let due = due_date_arg(a)?;
    // AppWorld's defect: the new sub-task is placed among the sub-tasks of the task whose id
    // equals the project id (and those are renumbered), not among its own task's.
    let others = siblings(ctx, t.project_id)?;
    let id = NewSubTask {
        task_id: t.id,
        title: a.str("title"),
        description: a.str("description"),
        due_date: due.as_deref(),
        priority: a.opt_str("priority").unwrap_or("medium"),
        is_completed: false,
        order_index: 0,
        created_at: &store::now(ctx),
    }
    .insert(ctx.db)?;
    place(ctx, "sub_tasks", others, id, a.int("order_index"))?;
    Ok(json!({"message": "Subtask created.", "sub_task_id": id}))
}

pub(super) fn update_sub_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (id, task_id) = open_sub_task(ctx, a.int("sub_task_id"))?;
    let due = due_date_arg(a)?;
    let set = |col: &str, v: rusqlite::types::Value| -> Result<(), ApiError> {
        ctx.db
            .prepare_cached(&format!(
                "UPDATE todoist.sub_tasks SET {col} = ?1 WHERE id = ?2"
            ))?
            .execute(params![v, id])?;
        Ok(())
    };
    use rusqlite::types::Value as V;
    for col in ["title", "description", "priority"] {
        if let Some(v) = a.opt_str(col) {
            set(col, V::Text(v.to_string()))?;
        }
    }
    if let Some(d) = due {
        set("due_date", V::Text(d))?;
    }
    if let Some(c) = a.opt_bool("is_completed") {
        set("is_completed", V::Integer(c as i64))?;
    }
    if let Some(order) = a.value("order_index").as_i64() {
        place(ctx, "sub_tasks", siblings(ctx, task_id)?, id, order)?;
    }
    Ok(json!({"message": "Subtask information updated."}))
}

pub(super) fn delete_sub_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (id, _) = open_sub_task(ctx, a.int("sub_task_id"))?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.sub_tasks WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Subtask has been deleted."}))
}
