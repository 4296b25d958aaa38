//! Sharing a project: invites sent by e-mail (one per project and invitee; any collaborator may
//! invite), accepted by the invitee or withdrawn by the inviter, and removing collaborators
//! (anyone but the owner; a collaborator may also leave).

use super::rows::NewInvite;
use super::store::{
    self, Notice, add_collaborator, is_collaborator, me, open_project, person_by_email, project_row,
};
use crate::common::notify;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// An invite row.
struct Invite {
    id: i64,
    invitor_id: i64,
    invitee_id: i64,
    project_id: i64,
}

/// The invite with this code, or AppWorld's 409 (its message in a list).
fn invite(ctx: &Ctx, code: &str) -> Result<Invite, ApiError> {
    ctx.db
        .prepare_cached(
            "SELECT id, invitor_id, invitee_id, project_id FROM todoist.project_invites WHERE invite_code = ?1 ORDER BY id LIMIT 1",
        )?
        .query_row([code], |r| {
            Ok(Invite {
                id: r.get(0)?,
                invitor_id: r.get(1)?,
                invitee_id: r.get(2)?,
                project_id: r.get(3)?,
            })
        })
        .optional()?
        .ok_or_else(|| ApiError::not_found_key("project invite", "invite_code", code))
}

pub(super) fn send_project_invite(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    if p.is_inbox {
        return Err(ApiError::unprocessable(
            "You cannot invite a collaborator to your Inbox project.",
        ));
    }
    let invitee = person_by_email(ctx, a.str("email"))?;
    if is_collaborator(ctx, p.id, invitee.id)? {
        return Err(ApiError::unprocessable(
            "User is already a collaborator on the project.",
        ));
    }
    let me = me(ctx)?;
    // One invite per project and invitee: inviting again sends the same code again.
    let existing: Option<String> = ctx
        .db
        .prepare_cached(
            "SELECT invite_code FROM todoist.project_invites WHERE project_id = ?1 AND invitee_id = ?2 ORDER BY id LIMIT 1",
        )?
        .query_row(params![p.id, invitee.id], |r| r.get(0))
        .optional()?;
    let code = match existing {
        Some(code) => code,
        None => {
            // AppWorld draws two codes for a new invite and keeps the second.
            let code = ctx.rng(|r| {
                r.unique_id(7);
                r.unique_id(7)
            })?;
            NewInvite {
                invitor_id: me.id,
                invitee_id: invitee.id,
                project_id: p.id,
                created_at: &store::now(ctx),
                invite_code: &code,
            }
            .insert(ctx.db)?;
            code
        }
    };
    // AppWorld greets the invitee with the inviter's name.
    let company = notify::company(ctx)?;
    let body = format!(
        "\nHello {name},\n\n{name} ({email}) has invited you to join the project, '{project}'.\n\
         You can accept the invite by using this code: {code} on the {company} projects page.\n\nBest,\n{company} Team\n",
        name = me.name(),
        email = me.email,
        project = p.name,
    );
    notify::email_from_company(
        ctx,
        &invitee.email,
        &format!("{company} Project Invitation"),
        &body,
    )?;
    Ok(json!({"message": "Collaborator invited to the project via email.", "invite_code": code}))
}

pub(super) fn accept_project_invite(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let inv = invite(ctx, a.str("invite_code"))?;
    let me = me(ctx)?;
    if inv.invitee_id != me.id {
        return Err(ApiError::unprocessable(
            "You are not the invitee for this invite.",
        ));
    }
    let p = project_row(ctx, inv.project_id)?
        .ok_or_else(|| ApiError::not_found_id("project", inv.project_id))?;
    if p.is_inbox {
        return Err(ApiError::unprocessable(
            "This invite should not have been generated as it belongs to an inbox project. You cannot join someone's inbox project.",
        ));
    }
    if is_collaborator(ctx, p.id, me.id)? {
        return Err(ApiError::unprocessable(
            "You are already a collaborator on this project.",
        ));
    }
    add_collaborator(ctx, p.id, me.id, false)?;
    ctx.db
        .prepare_cached("DELETE FROM todoist.project_invites WHERE id = ?1")?
        .execute([inv.id])?;
    let n = Notice {
        kind: "collaborator_joined",
        title: "Project collaborator joined.",
        message: format!("{} has joined the '{}' project", me.name(), p.name),
    };
    store::notify_others(
        ctx,
        p.id,
        &n,
        &[("project_id", p.id), ("joined_collaborator_id", me.id)],
    )?;
    Ok(json!({"message": "You have joined the project.", "project_id": p.id}))
}

pub(super) fn delete_project_invite(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let inv = invite(ctx, a.str("invite_code"))?;
    if inv.invitor_id != ctx.user()?.id {
        return Err(ApiError::unprocessable(
            "You are not authorized to delete this invite as you are not the inviter of this project invite.",
        ));
    }
    ctx.db
        .prepare_cached("DELETE FROM todoist.project_invites WHERE id = ?1")?
        .execute([inv.id])?;
    Ok(json!({"message": "Project invite deleted."}))
}

pub(super) fn remove_collaborator_from_project(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = open_project(ctx, a.int("project_id"))?;
    if p.is_inbox {
        return Err(ApiError::unprocessable(
            "You cannot add/remove a collaborator to your Inbox project.",
        ));
    }
    let who = person_by_email(ctx, a.str("email"))?;
    if who.id == p.user_id {
        return Err(ApiError::unprocessable(
            "The owner of the project cannot be removed from the list of collaborators.",
        ));
    }
    if !is_collaborator(ctx, p.id, who.id)? {
        return Err(ApiError::unprocessable(
            "User is not a collaborator on the project.",
        ));
    }
    ctx.db
        .prepare_cached(
            "DELETE FROM todoist.project_collaborator_links WHERE project_id = ?1 AND user_id = ?2",
        )?
        .execute(params![p.id, who.id])?;
    let me = me(ctx)?;
    let n = Notice {
        kind: "collaborator_removed",
        title: "Project collaborator removed.",
        message: format!(
            "{} has removed {} from the '{}' project.",
            me.name(),
            who.name(),
            p.name
        ),
    };
    store::notify_others(
        ctx,
        p.id,
        &n,
        &[
            ("project_id", p.id),
            ("removed_collaborator_id", who.id),
            ("action_by_id", me.id),
        ],
    )?;
    Ok(json!({"message": "Collaborator removed from the project."}))
}
