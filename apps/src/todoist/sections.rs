//! Sections of a project, kept in `order_index` order (0, 1, 2, ... after every insert or
//! move; deletions leave gaps). Section changes notify the other collaborators as project
//! updates.

use super::rows::NewSection;
use super::store::{
    self, Project, check_collaborator, open_project, ordered_ids, place, project_row,
};
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// A section row.
struct Section {
    id: i64,
    project_id: i64,
    name: String,
}

/// The section with this id (409) in a project the caller collaborates on (422).
fn open_section(ctx: &Ctx, id: i64) -> Result<(Section, Project), ApiError> {
    let s = ctx
        .db
        .prepare_cached("SELECT id, project_id, name FROM todoist.sections WHERE id = ?1")?
        .query_row([id], |r| {
            Ok(Section {
                id: r.get(0)?,
                project_id: r.get(1)?,
                name: r.get(2)?,
            })
        })
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("section", id))?;
    let p = project_row(ctx, s.project_id)?.ok_or_else(store::not_collaborator)?;
    check_collaborator(ctx, p.id)?;
    Ok((s, p))
}

fn siblings(ctx: &Ctx, project_id: i64) -> Result<Vec<i64>, ApiError> {
    ordered_ids(ctx, "sections", "project_id = ?1", Some(project_id))
}

pub(super) fn show_sections(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    Ok(Value::Array(
        ctx.db
            .prepare_cached(
                "SELECT s.project_id, s.name, s.order_index, s.created_at, s.id, \
                 (SELECT count(*) FROM todoist.tasks AS t WHERE t.section_id = s.id) \
                 FROM todoist.sections AS s WHERE s.project_id = ?1 ORDER BY s.order_index, s.id",
            )?
            .query_map([p.id], |r| {
                Ok(
                    json!({"project_id": r.get::<_, i64>(0)?, "name": r.get::<_, String>(1)?,
                          "order_index": r.get::<_, i64>(2)?, "created_at": datetime_col(r, 3)?,
                          "section_id": r.get::<_, i64>(4)?, "num_tasks": r.get::<_, i64>(5)?}),
                )
            })?
            .collect::<Result<_, _>>()?,
    ))
}

pub(super) fn create_section(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    let others = siblings(ctx, p.id)?;
    let id = NewSection {
        project_id: p.id,
        name: a.str("name"),
        order_index: 0,
        created_at: &store::now(ctx),
    }
    .insert(ctx.db)
    .map_err(|e| store::unique_or(e, "Section", &["project_id", "name"]))?;
    place(ctx, "sections", others, id, a.int("order_index"))?;
    store::notify_project_updated(ctx, &p)?;
    Ok(json!({"message": "Project section created.", "section_id": id}))
}

pub(super) fn update_section(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (s, p) = open_section(ctx, a.int("section_id"))?;
    let renamed = a.opt_str("name").is_some_and(|n| n != s.name);
    if let Some(name) = a.opt_str("name") {
        ctx.db
            .prepare_cached("UPDATE todoist.sections SET name = ?1 WHERE id = ?2")?
            .execute(params![name, s.id])
            .map_err(|e| store::unique_or(e, "Section", &["project_id", "name"]))?;
    }
    if let Some(order) = a.value("order_index").as_i64() {
        let mut all = siblings(ctx, s.project_id)?;
        if renamed {
            // AppWorld's defect: a renamed section no longer equals its stored copy, so the
            // copy keeps its slot (and its number) while the section is inserted at its new
            // place and gets that place's number; the numbering has a gap.
            let at = store::insert_position(order, all.len());
            all.insert(at, s.id);
            let mut st = ctx
                .db
                .prepare_cached("UPDATE todoist.sections SET order_index = ?1 WHERE id = ?2")?;
            for (i, id) in all.iter().enumerate() {
                if *id != s.id || i == at {
                    st.execute(params![i as i64, id])?;
                }
            }
        } else {
            place(ctx, "sections", all, s.id, order)?;
        }
    }
    store::notify_project_updated(ctx, &p)?;
    Ok(json!({"message": "Project section information updated."}))
}

pub(super) fn delete_section(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (s, p) = open_section(ctx, a.int("section_id"))?;
    store::delete_tasks(ctx, "section_id = ?1", s.id)?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.sections WHERE id = ?1")?
        .execute([s.id])?;
    store::notify_project_updated(ctx, &p)?;
    Ok(
        json!({"message": "Project section and its associated tasks and sub_tasks have been deleted."}),
    )
}
