//! Groups: creating, showing, updating, deleting and undeleting them (the flag cascades to the
//! group's expenses and payments), members added, removed and leaving, invitation codes.
//!
//! AppWorld's rules kept here: a member's e-mails are looked up exactly as given (409 for an
//! unknown one); a creator cannot have two groups of the same name; a deleted group still
//! shows but refuses updates; adding or removing a member notifies every member but the one
//! added or removed (the actor too), joining or leaving notifies the other members, an update,
//! deletion or undeletion every member but the actor.

use super::rows::{NewGroup, NewMember};
use super::store::{
    Group, NOT_MEMBER, SUser, is_member, load_group, me, member_group, member_ids, members, notify,
    now, page, person, user_named,
};
use crate::common::rows::unique_or;
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::listing::{SortKey, sort_rows};
use sim::api::{ApiError, Args, Ctx};

/// The group as the API shows it.
pub(super) fn group_json(ctx: &Ctx, g: &Group) -> Result<Value, ApiError> {
    let members: Vec<Value> = members(ctx.db, g.id)?.iter().map(SUser::json).collect();
    Ok(json!({
        "group_id": g.id,
        "name": g.name,
        "description": g.description,
        "created_at": g.created_at,
        "deleted": g.deleted,
        "creator": person(ctx.db, g.user_id)?,
        "members": members,
        "invitation_code": g.invitation_code,
    }))
}

/// A fresh invitation code: AppWorld's 5-hex-digit unique id.
fn new_code(ctx: &Ctx) -> Result<String, ApiError> {
    ctx.rng(|r| r.unique_id(5))
}

fn group_data(g: i64, actor: i64) -> String {
    format!("{{\"group_id\": {g}, \"action_by_id\": {actor}}}")
}

/// The caller's groups (deleted ones with `delete=true`), newest first.
pub(super) fn show_groups(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let deleted = a.opt_bool("delete").unwrap_or(false);
    // In the order the caller joined them, then newest first (a stable sort).
    let mut rows: Vec<Group> = ctx
        .db
        .prepare_cached(
            "SELECT g.id, g.user_id, g.name, g.description, g.created_at, g.invitation_code, g.deleted \
             FROM splitwise.group_members AS m JOIN splitwise.groups AS g ON g.id = m.group_id \
             WHERE m.user_id = ?1 AND g.deleted = ?2 ORDER BY m.id",
        )?
        .query_map(params![uid, deleted], Group::read)?
        .collect::<Result<_, _>>()?;
    let newest = SortKey {
        field: "created_at".into(),
        descending: true,
    };
    sort_rows(&mut rows, &newest, |g, _| g.created_at.clone());
    let rows = page(a, rows);
    Ok(Value::Array(
        rows.iter()
            .map(|g| group_json(ctx, g))
            .collect::<Result<_, _>>()?,
    ))
}

pub(super) fn create_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let creator = me(ctx)?;
    let mut ids = vec![creator.id];
    for email in a.opt_str_list("member_emails").unwrap_or_default() {
        let u = user_named(ctx.db, &email)?;
        if !ids.contains(&u.id) {
            ids.push(u.id);
        }
    }
    // AppWorld draws two codes and keeps the second, before the name is checked.
    new_code(ctx)?;
    let code = new_code(ctx)?;
    let name = a.str("name");
    let gid = NewGroup {
        user_id: creator.id,
        name,
        description: a.opt_str("description"),
        created_at: &now(ctx),
        invitation_code: &code,
    }
    .insert(ctx.db)
    .map_err(|e| unique_or(e, "Group", &["user_id", "name"]))?;
    for id in &ids {
        add_member(ctx, gid, *id)?;
    }
    let message = format!("{} has added to a new group called '{name}'.", creator.name);
    for id in ids.iter().filter(|id| **id != creator.id) {
        notify(
            ctx,
            *id,
            "you_added_to_group",
            "You are added to a group.",
            &message,
            &group_data(gid, creator.id),
        )?;
    }
    Ok(json!({"message": "Group created.", "group_id": gid}))
}

fn add_member(ctx: &Ctx, group: i64, user: i64) -> Result<(), ApiError> {
    NewMember {
        group_id: group,
        user_id: user,
        joined_at: &now(ctx),
    }
    .insert(ctx.db)
    .map(drop)
    .map_err(|e| unique_or(e, "GroupMember", &["group_id", "user_id"]))
}

pub(super) fn show_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    group_json(ctx, &g)
}

/// Sets the deleted flag of a group and of all its expenses and payments.
fn flag_group(ctx: &Ctx, g: &Group, deleted: bool) -> Result<(), ApiError> {
    for table in ["groups", "expenses", "payments"] {
        let key = if table == "groups" { "id" } else { "group_id" };
        ctx.db
            .prepare_cached(&format!(
                "UPDATE splitwise.{table} SET deleted = ?1 WHERE {key} = ?2"
            ))?
            .execute(params![deleted, g.id])?;
    }
    Ok(())
}

pub(super) fn delete_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    if g.deleted {
        return Err(ApiError::unprocessable(
            "The group is already marked as deleted.",
        ));
    }
    flag_group(ctx, &g, true)?;
    let actor = me(ctx)?;
    let message = format!("{} has deleted the group, '{}'.", actor.name, g.name);
    for m in member_ids(ctx.db, g.id)?
        .into_iter()
        .filter(|m| *m != actor.id)
    {
        notify(
            ctx,
            m,
            "group_deleted",
            "Group deleted.",
            &message,
            &group_data(g.id, actor.id),
        )?;
    }
    Ok(json!({"message": "Group and its associated payments and expenses marked as deleted."}))
}

pub(super) fn undelete_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    if !g.deleted {
        return Err(ApiError::unprocessable(
            "The group is already not marked as deleted.",
        ));
    }
    flag_group(ctx, &g, false)?;
    let actor = me(ctx)?;
    let message = format!("{} has undeleted the group, '{}'.", actor.name, g.name);
    for m in member_ids(ctx.db, g.id)?
        .into_iter()
        .filter(|m| *m != actor.id)
    {
        notify(
            ctx,
            m,
            "group_undeleted",
            "Group undeleted.",
            &message,
            &group_data(g.id, actor.id),
        )?;
    }
    Ok(json!({"message": "Group and its associated payments and expenses are undeleted."}))
}

pub(super) fn update_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    if g.deleted {
        return Err(ApiError::unprocessable(
            "You cannot update a deleted group. Undelete it first.",
        ));
    }
    let name = a.opt_str("name").unwrap_or(&g.name).to_string();
    let description = match a.opt_str("description") {
        Some(d) => Some(d.to_string()),
        None => g.description.clone(),
    };
    ctx.db
        .prepare_cached("UPDATE splitwise.groups SET name = ?1, description = ?2 WHERE id = ?3")?
        .execute(params![name, description, g.id])
        .map_err(|e| unique_or(e, "Group", &["user_id", "name"]))?;
    let actor = me(ctx)?;
    let message = format!("{} has updated the group, '{name}'", actor.name);
    for m in member_ids(ctx.db, g.id)?
        .into_iter()
        .filter(|m| *m != actor.id)
    {
        notify(
            ctx,
            m,
            "group_updated",
            "Group updated.",
            &message,
            &group_data(g.id, actor.id),
        )?;
    }
    Ok(json!({"message": "Group information updated."}))
}

pub(super) fn add_member_to_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    let user = user_named(ctx.db, a.str("user_email"))?;
    add_member(ctx, g.id, user.id)?;
    let actor = me(ctx)?;
    let message = format!(
        "{} has added {} to the group, '{}'",
        actor.name, user.name, g.name
    );
    for m in member_ids(ctx.db, g.id)?
        .into_iter()
        .filter(|m| *m != user.id)
    {
        notify(
            ctx,
            m,
            "group_member_added",
            "Group member added.",
            &message,
            &group_data(g.id, actor.id),
        )?;
    }
    Ok(json!({"message": "Member added to the group."}))
}

pub(super) fn remove_member_from_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    let user = user_named(ctx.db, a.str("user_email"))?;
    if !is_member(ctx.db, g.id, user.id)? {
        return Err(ApiError::unprocessable(
            "User is not a member of the group.",
        ));
    }
    remove_member(ctx, g.id, user.id)?;
    let actor = me(ctx)?;
    let message = format!(
        "{} has removed {} from the group, '{}'",
        actor.name, user.name, g.name
    );
    for m in member_ids(ctx.db, g.id)? {
        notify(
            ctx,
            m,
            "group_member_removed",
            "Group member removed.",
            &message,
            &group_data(g.id, actor.id),
        )?;
    }
    Ok(json!({"message": "Member removed from the group."}))
}

fn remove_member(ctx: &Ctx, group: i64, user: i64) -> Result<(), ApiError> {
    ctx.db
        .prepare_cached("DELETE FROM splitwise.group_members WHERE group_id = ?1 AND user_id = ?2")?
        .execute(params![group, user])?;
    Ok(())
}

pub(super) fn exit_group(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = load_group(ctx.db, a.int("group_id"))?;
    let actor = me(ctx)?;
    if !is_member(ctx.db, g.id, actor.id)? {
        return Err(ApiError::unprocessable(
            "You are already not a member of this group.",
        ));
    }
    remove_member(ctx, g.id, actor.id)?;
    let message = format!("{} has exited the group, '{}'", actor.name, g.name);
    for m in member_ids(ctx.db, g.id)? {
        notify(
            ctx,
            m,
            "group_member_exited",
            "Group member exited.",
            &message,
            &format!(
                "{{\"group_id\": {}, \"exited_member_id\": {}}}",
                g.id, actor.id
            ),
        )?;
    }
    Ok(json!({"message": "You have exited from this group."}))
}

pub(super) fn regenerate_invitation_code(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = member_group(ctx, a.int("group_id"))?;
    let code = new_code(ctx)?;
    ctx.db
        .prepare_cached("UPDATE splitwise.groups SET invitation_code = ?1 WHERE id = ?2")?
        .execute(params![code, g.id])?;
    Ok(json!({"message": "Invitation code regenerated.", "invitation_code": code}))
}

pub(super) fn accept_group_invitation(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let g = super::store::group_by_code(ctx.db, a.str("invitation_code"))?;
    let actor = me(ctx)?;
    if is_member(ctx.db, g.id, actor.id)? {
        return Err(ApiError::unprocessable(
            "You are already a member of this group.",
        ));
    }
    let others = member_ids(ctx.db, g.id)?;
    add_member(ctx, g.id, actor.id)?;
    let message = format!("{} has joined the group, '{}'", actor.name, g.name);
    for m in others {
        notify(
            ctx,
            m,
            "group_member_joined",
            "Group member joined.",
            &message,
            &format!(
                "{{\"group_id\": {}, \"joined_member_id\": {}}}",
                g.id, actor.id
            ),
        )?;
    }
    Ok(json!({"message": "You have joined this group."}))
}

/// 422 unless `user` is a member of `group` (`message` names who).
pub(super) fn require_member(
    ctx: &Ctx,
    group: i64,
    user: i64,
    message: &str,
) -> Result<(), ApiError> {
    if !is_member(ctx.db, group, user)? {
        return Err(ApiError::unprocessable(message.to_string()));
    }
    Ok(())
}

/// The group `id` for a balance: a member's, not deleted.
pub(super) fn balance_group(ctx: &Ctx, id: i64) -> Result<Group, ApiError> {
    let g = load_group(ctx.db, id)?;
    require_member(ctx, g.id, ctx.user()?.id, NOT_MEMBER)?;
    if g.deleted {
        return Err(ApiError::unprocessable(super::store::GROUP_DELETED_BALANCE));
    }
    Ok(g)
}
