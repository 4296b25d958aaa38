//! Projects (the caller's, through their collaborator links; project 0 is the Inbox) and the
//! public user search.

use super::store::{
    self, Project, collaborator_ids, insert_project, open_project, person_json, project_row,
};
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, parse_sort};
use sim::api::{ApiError, Args, Ctx};

/// The caller's flags on a project (favourite and archived are per collaborator).
fn flags(ctx: &Ctx, project_id: i64) -> Result<(bool, bool), ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT is_favorite, is_archived FROM todoist.project_collaborator_links \
             WHERE project_id = ?1 AND user_id = ?2 ORDER BY id LIMIT 1",
        )?
        .query_row(params![project_id, ctx.user()?.id], |r| {
            Ok((
                r.get::<_, Option<bool>>(0)?.unwrap_or(false),
                r.get::<_, Option<bool>>(1)?.unwrap_or(false),
            ))
        })
        .unwrap_or((false, false)))
}

/// A project as `show_project` and `show_projects` answer it, seen by the caller.
pub(super) fn project_json(ctx: &Ctx, p: &Project) -> Result<Value, ApiError> {
    let (is_favorite, is_archived) = flags(ctx, p.id)?;
    let num_tasks: i64 = ctx
        .db
        .prepare_cached("SELECT count(*) FROM todoist.tasks WHERE project_id = ?1")?
        .query_row([p.id], |r| r.get(0))?;
    let unsectioned: i64 = ctx
        .db
        .prepare_cached(
            "SELECT count(*) FROM todoist.tasks WHERE project_id = ?1 AND section_id IS NULL",
        )?
        .query_row([p.id], |r| r.get(0))?;
    let mut sections = vec![json!({"id": null, "name": null, "num_tasks": unsectioned})];
    sections.extend(
        ctx.db
            .prepare_cached(
                "SELECT s.id, s.name, (SELECT count(*) FROM todoist.tasks AS t WHERE t.section_id = s.id) \
                 FROM todoist.sections AS s WHERE s.project_id = ?1 ORDER BY s.order_index, s.id",
            )?
            .query_map([p.id], |r| {
                Ok(json!({"id": r.get::<_, i64>(0)?, "name": r.get::<_, String>(1)?, "num_tasks": r.get::<_, i64>(2)?}))
            })?
            .collect::<Result<Vec<_>, _>>()?,
    );
    let links = collaborator_ids(ctx, p.id)?;
    // A collaborator who deleted the account keeps the link; AppWorld fails with a 500 listing
    // it, appsim leaves it out.
    let mut collaborators = Vec::new();
    for id in &links {
        let who = person_json(ctx, *id)?;
        if !who.is_null() {
            collaborators.push(who);
        }
    }
    let invites: Vec<(String, i64, i64)> = ctx
        .db
        .prepare_cached(
            "SELECT invite_code, invitee_id, invitor_id FROM todoist.project_invites WHERE project_id = ?1 ORDER BY id",
        )?
        .query_map([p.id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut pending = Vec::new();
    for (code, invitee, inviter) in invites {
        pending.push(
            json!({"invite_code": code, "invitee": person_json(ctx, invitee)?,
                            "inviter": person_json(ctx, inviter)?}),
        );
    }
    let is_shared = collaborators.len() > 1;
    Ok(json!({
        "name": p.name,
        "color": p.color,
        "is_inbox": p.is_inbox,
        "description": p.description,
        "is_favorite": is_favorite,
        "is_archived": is_archived,
        "created_at": p.created_at,
        "project_id": p.id,
        "creator": person_json(ctx, p.user_id)?,
        "num_tasks": num_tasks,
        "sections": sections,
        "collaborators": collaborators,
        "pending_invites": pending,
        "is_shared": is_shared,
    }))
}

/// `show_projects`: the caller's projects, filtered by colour and the caller's flags, newest
/// first (or by `sort_by`), or ranked by the query (name, description, collaborators).
pub(super) fn show_projects(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let key = parse_sort(a.opt_str("sort_by"), &["created_at"])?;
    let uid = ctx.user()?.id;
    let rows: Vec<Project> = ctx
        .db
        .prepare_cached(
            "SELECT p.id FROM todoist.project_collaborator_links AS l JOIN todoist.projects AS p ON p.id = l.project_id \
             WHERE l.user_id = ?1 AND (?2 IS NULL OR p.color = ?2) AND (?3 IS NULL OR l.is_favorite = ?3) \
             AND (?4 IS NULL OR l.is_archived = ?4) ORDER BY p.id",
        )?
        .query_map(
            params![
                uid,
                a.opt_str("color"),
                a.opt_bool("is_favorite"),
                a.opt_bool("is_archived")
            ],
            |r| r.get::<_, i64>(0),
        )?
        .collect::<Result<Vec<i64>, _>>()?
        .into_iter()
        .filter_map(|id| project_row(ctx, id).transpose())
        .collect::<Result<_, _>>()?;
    let fallback = sim::api::listing::SortKey {
        field: "created_at".into(),
        descending: true,
    };
    let query = a.str("query").trim();
    let page = SearchPage {
        query: (!query.is_empty()).then_some(query),
        sort_all: Some(key.as_ref().unwrap_or(&fallback)),
        sort_page: key.as_ref(),
        index: a.int("page_index"),
        limit: a.int("page_limit"),
    }
    .apply(
        ctx,
        "todoist",
        "projects_fts",
        rows,
        |p| p.id,
        |p, _| p.created_at.clone(),
    )?;
    Ok(Value::Array(
        page.iter()
            .map(|p| project_json(ctx, p))
            .collect::<Result<_, _>>()?,
    ))
}

pub(super) fn create_project(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = insert_project(
        ctx,
        ctx.user()?.id,
        a.str("name"),
        a.opt_str("color").unwrap_or("charcoal"),
        a.str("description"),
        false,
        a.opt_bool("is_favorite").unwrap_or(false),
    )?;
    Ok(json!({"message": "Project created.", "project_id": id}))
}

pub(super) fn show_project(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    project_json(ctx, &p)
}

pub(super) fn delete_project(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    if p.is_inbox {
        return Err(ApiError::unprocessable(
            "You cannot delete your Inbox project.",
        ));
    }
    store::notify_caller_did(
        ctx,
        &p,
        ("project_deleted", "Project deleted."),
        ("deleted", "."),
        &[],
    )?;
    // Tasks, sub-tasks, sections, invites and collaborator links go with the project; comments
    // and label links stay behind, as in AppWorld.
    store::delete_tasks(ctx, "project_id = ?1", p.id)?;
    for table in ["sections", "project_invites", "project_collaborator_links"] {
        ctx.db
            .prepare_cached(&format!(
                "DELETE FROM todoist.\"{table}\" WHERE project_id = ?1"
            ))?
            .execute([p.id])?;
    }
    ctx.db
        .prepare_cached("DELETE FROM todoist.projects WHERE id = ?1")?
        .execute([p.id])?;
    Ok(
        json!({"message": "Project and its associated, sections, tasks and sub_tasks have been deleted."}),
    )
}

pub(super) fn update_project(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    if let Some(name) = a.opt_str("name")
        && p.is_inbox
        && name != p.name
    {
        return Err(ApiError::unprocessable(
            "The name of the Inbox project cannot be changed.",
        ));
    }
    for field in ["name", "color", "description"] {
        if let Some(v) = a.opt_str(field) {
            ctx.db
                .prepare_cached(&format!(
                    "UPDATE todoist.projects SET {field} = ?1 WHERE id = ?2"
                ))?
                .execute(params![v, p.id])
                .map_err(|e| store::unique_or(e, "Project", &["user_id", "name"]))?;
        }
    }
    for field in ["is_favorite", "is_archived"] {
        if let Some(v) = a.opt_bool(field) {
            ctx.db
                .prepare_cached(&format!(
                    "UPDATE todoist.project_collaborator_links SET {field} = ?1 WHERE project_id = ?2 AND user_id = ?3"
                ))?
                .execute(params![v, p.id, ctx.user()?.id])?;
        }
    }
    let p = project_row(ctx, p.id)?.unwrap_or(p);
    store::notify_project_updated(ctx, &p)?;
    Ok(json!({"message": "Project information updated."}))
}
