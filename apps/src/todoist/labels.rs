//! Labels: each user's own (unique names), publicly viewable, attachable by any collaborator of
//! a task's project to that task (anyone's label). The search lists the caller's labels by name,
//! a task's labels, or the caller's labels not on a task; a query only re-ranks (difflib ratio).

use super::difflib;
use super::rows::{NewLabel, NewTaskLabel};
use super::store::{self, open_task, person_json};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::paginate;
use sim::api::{ApiError, Args, Ctx};

/// A label row.
struct Label {
    id: i64,
    user_id: i64,
    name: String,
    color: String,
}

const LABEL_SELECT: &str = "SELECT id, user_id, name, color FROM todoist.labels";

fn read(r: &rusqlite::Row) -> rusqlite::Result<Label> {
    Ok(Label {
        id: r.get(0)?,
        user_id: r.get(1)?,
        name: r.get(2)?,
        color: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
    })
}

fn label_json(ctx: &Ctx, l: &Label) -> Result<Value, ApiError> {
    Ok(
        json!({"name": l.name, "color": l.color, "label_id": l.id, "creator": person_json(ctx, l.user_id)?}),
    )
}

/// The label with this id, or 409.
fn label(ctx: &Ctx, id: i64) -> Result<Label, ApiError> {
    ctx.db
        .prepare_cached(&format!("{LABEL_SELECT} WHERE id = ?1"))?
        .query_row([id], read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("label", id))
}

/// The caller's label with this id: 409 if missing, 422 if someone else's.
fn own_label(ctx: &Ctx, id: i64) -> Result<Label, ApiError> {
    let l = label(ctx, id)?;
    if l.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner("label"));
    }
    Ok(l)
}

pub(super) fn search_labels(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let mine = |ctx: &Ctx| -> Result<Vec<Label>, ApiError> {
        Ok(ctx
            .db
            .prepare_cached(&format!(
                "{LABEL_SELECT} WHERE user_id = ?1 ORDER BY name, id"
            ))?
            .query_map([uid], read)?
            .collect::<Result<_, _>>()?)
    };
    let mut rows: Vec<Label> = match a.value("task_id").as_i64() {
        None => mine(ctx)?,
        Some(task_id) => {
            let (t, _) = open_task(ctx, task_id)?;
            let on_task: Vec<Label> = ctx
                .db
                .prepare_cached(
                    "SELECT l.id, l.user_id, l.name, l.color FROM todoist.task_label_links AS k \
                     JOIN todoist.labels AS l ON l.id = k.label_id WHERE k.task_id = ?1 ORDER BY k.id",
                )?
                .query_map([t.id], read)?
                .collect::<Result<_, _>>()?;
            if a.opt_bool("task_attached") == Some(false) {
                mine(ctx)?
                    .into_iter()
                    .filter(|l| !on_task.iter().any(|o| o.id == l.id))
                    .collect()
            } else {
                on_task
            }
        }
    };
    if let Some(color) = a.opt_str("color") {
        rows.retain(|l| l.color == color);
    }
    let query = a.str("query").trim().to_lowercase();
    if !query.is_empty() {
        // A stable sort, best ratio first (Python's `sorted(..., reverse=True)` keeps ties in
        // their order).
        let mut scored: Vec<(f64, Label)> = rows
            .into_iter()
            .map(|l| (difflib::ratio(&query, &l.name), l))
            .collect();
        scored.sort_by(|x, y| y.0.partial_cmp(&x.0).unwrap_or(std::cmp::Ordering::Equal));
        rows = scored.into_iter().map(|(_, l)| l).collect();
    }
    Ok(Value::Array(
        paginate(rows, a.int("page_index"), a.int("page_limit"))
            .iter()
            .map(|l| label_json(ctx, l))
            .collect::<Result<_, _>>()?,
    ))
}

pub(super) fn create_label(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    NewLabel {
        user_id: ctx.user()?.id,
        name: a.str("name"),
        color: a.opt_str("color").unwrap_or("charcoal"),
    }
    .insert(ctx.db)
    .map_err(|e| store::unique_or(e, "Label", &["user_id", "name"]))?;
    Ok(json!({"message": "Label created.", "label_id": ctx.db.last_insert_rowid()}))
}

pub(super) fn show_label(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    label_json(ctx, &label(ctx, a.int("label_id"))?)
}

pub(super) fn delete_label(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let l = own_label(ctx, a.int("label_id"))?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.task_label_links WHERE label_id = ?1")?
        .execute([l.id])?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.labels WHERE id = ?1")?
        .execute([l.id])?;
    Ok(json!({"message": "Label has been deleted."}))
}

pub(super) fn update_label(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let l = own_label(ctx, a.int("label_id"))?;
    for field in ["name", "color"] {
        if let Some(v) = a.opt_str(field) {
            ctx.db
                .prepare_cached(&format!(
                    "UPDATE todoist.labels SET {field} = ?1 WHERE id = ?2"
                ))?
                .execute(params![v, l.id])
                .map_err(|e| store::unique_or(e, "Label", &["user_id", "name"]))?;
        }
    }
    Ok(json!({"message": "Label information updated."}))
}

/// The task and label of `add_label_to_task`/`remove_label_from_task`, and whether the label
/// is on the task.
fn task_and_label(ctx: &Ctx, a: &Args) -> Result<(i64, i64, bool), ApiError> {
    let (t, _) = open_task(ctx, a.int("task_id"))?;
    let l = label(ctx, a.int("label_id"))?;
    let linked = ctx
        .db
        .prepare_cached(
            "SELECT 1 FROM todoist.task_label_links WHERE task_id = ?1 AND label_id = ?2",
        )?
        .exists(params![t.id, l.id])?;
    Ok((t.id, l.id, linked))
}

pub(super) fn add_label_to_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (task_id, label_id, linked) = task_and_label(ctx, a)?;
    if linked {
        return Err(ApiError::unprocessable(
            "Label is already added to the task.",
        ));
    }
    NewTaskLabel { task_id, label_id }.insert(ctx.db)?;
    Ok(json!({"message": "Label added to the task."}))
}

pub(super) fn remove_label_from_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (task_id, label_id, linked) = task_and_label(ctx, a)?;
    if !linked {
        return Err(ApiError::unprocessable(
            "Label is already not added to the task.",
        ));
    }
    ctx.db
        .prepare_cached(
            "DELETE FROM todoist.task_label_links WHERE task_id = ?1 AND label_id = ?2",
        )?
        .execute(params![task_id, label_id])?;
    Ok(json!({"message": "Label removed from the task."}))
}
