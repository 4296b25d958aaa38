//! Sending: a new e-mail, a reply in a thread, forwards of one e-mail or a whole thread (sent
//! or kept as a draft).

use super::attachments::{MissingToken, attachment_files};
use super::drafts::{DraftToSave, insert_draft};
use super::store::{
    self, Delivered, Email, Outgoing, Person, Thread, clean_subject, deliver, email_attachments,
    existing_email, owned_thread, people_by_email, person, unique,
};
use super::threads::not_in_thread;
use rusqlite::Connection;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// `email_addresses` of a new e-mail or a forward, or 422 when none is given.
fn recipient_addresses(a: &Args) -> Result<Vec<String>, ApiError> {
    match a.opt_str_list("email_addresses") {
        Some(list) if !list.is_empty() => Ok(list),
        _ => Err(ApiError::unprocessable(
            "At least one recipient email address is required.",
        )),
    }
}

/// Delivers `out` as the caller's e-mail to `to` (a new thread unless `out` names one).
fn send_to(ctx: &Ctx, to: &[Person], out: Outgoing) -> Result<Delivered, ApiError> {
    let sender_id = ctx.user()?.id;
    let recipient_ids = to.iter().map(|p| p.id).collect();
    let out = Outgoing {
        sender_id,
        recipient_ids,
        ..out
    };
    deliver(ctx.db, ctx.now, &out)
}

pub(super) fn send_email(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let to = people_by_email(ctx.db, &recipient_addresses(a)?)?;
    let files = attachment_files(ctx, a, MissingToken::Explain)?;
    let sent = send_to(
        ctx,
        &to,
        Outgoing {
            subject: clean_subject(a.str("subject")),
            body: a.str("body").to_string(),
            files,
            ..Default::default()
        },
    )?;
    Ok(
        json!({"message": "Sent email.", "sent_email_thread_id": sent.thread_id, "sent_email_id": sent.email_id}),
    )
}

/// The caller's thread and an e-mail of it that the caller sent or received (`verb` names
/// the refused action).
fn thread_and_email(ctx: &Ctx, a: &Args, verb: &str) -> Result<(Thread, Email), ApiError> {
    let uid = ctx.user()?.id;
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    let e = existing_email(ctx.db, a.int("email_id"))?;
    if !e.involves(uid) {
        return Err(ApiError::unprocessable(format!(
            "You are neither sender or recipient of this email, so you are not authorized to {verb} it."
        )));
    }
    if !t.email_ids.contains(&e.id) {
        return Err(not_in_thread());
    }
    Ok((t, e))
}

/// Replies in the caller's thread: to the given addresses (each once) or to the e-mail's
/// sender; subject `Re: ` + the e-mail's subject.
pub(super) fn reply_to_email(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let (t, e) = thread_and_email(ctx, a, "reply to")?;
    let recipients = match a.opt_str_list("email_addresses") {
        Some(list) if list.is_empty() => {
            return Err(ApiError::unprocessable(
                "If email_addresses is passed, it must be a non-empty list.",
            ));
        }
        Some(list) => unique(people_by_email(ctx.db, &list)?.iter().map(|p| p.id)),
        None => vec![e.sender_id],
    };
    let files = attachment_files(ctx, a, MissingToken::Explain)?;
    // The default recipient, the e-mail's sender, may have deleted their account.
    for id in &recipients {
        if person(ctx.db, *id)?.is_none() {
            return Err(ApiError::unprocessable(format!(
                "The Email object is linked to a non-existent object via recipient_id={id}."
            )));
        }
    }
    let sent = deliver(
        ctx.db,
        ctx.now,
        &Outgoing {
            sender_id: uid,
            recipient_ids: recipients,
            subject: format!("Re: {}", e.subject),
            body: a.str("body").to_string(),
            response_to: Some(e.id),
            global_thread: Some(t.global_id),
            files,
            ..Default::default()
        },
    )?;
    Ok(json!({"message": "Reply email sent.", "sent_email_id": sent.email_id}))
}

/// The header block a forward quotes an e-mail with.
fn forward_header(db: &Connection, e: &Email) -> Result<String, ApiError> {
    let from = person(db, e.sender_id)?
        .map(|p| p.email)
        .unwrap_or_default();
    let mut to = Vec::new();
    for r in &e.recipient_ids {
        if let Some(p) = person(db, *r)? {
            to.push(p.email);
        }
    }
    let date = e
        .created_at
        .as_deref()
        .and_then(sim::clock::parse_datetime)
        .map(|d| d.format("%a, %d %b %Y %H:%M:%S ").to_string())
        .unwrap_or_default();
    let attachments = email_attachments(db, e.id)?;
    let names: Vec<&str> = attachments.iter().map(|a| a.file_name.as_str()).collect();
    let ids: Vec<String> = attachments.iter().map(|a| a.id.to_string()).collect();
    Ok(format!(
        "From: {from}\nTo: {}\nSubject: {}\nDate: {date}\nAttachment File Names: {}\nAttachment IDs: {}\n\n",
        to.join(", "),
        e.subject,
        names.join(", "),
        ids.join(", ")
    ))
}

/// A forward: sent as a new thread (answering `response_to`), or kept as a draft in the
/// caller's thread. Returns the response.
#[allow(clippy::too_many_arguments)]
fn forward(
    ctx: &Ctx,
    a: &Args,
    t: &Thread,
    response_to: i64,
    subject: String,
    body: String,
    what: &str,
) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let to = people_by_email(ctx.db, &recipient_addresses(a)?)?;
    if a.opt_bool("draft_not_send") == Some(true) {
        let id = insert_draft(
            ctx.db,
            ctx.now,
            &DraftToSave {
                user_id: uid,
                recipients: to,
                subject,
                body,
                belongs_to: Some(t.id),
                response_to: Some(response_to),
                scheduled_send_at: None,
            },
        )?;
        return Ok(
            json!({"message": format!("Created a draft to forward {what}."),
                         "sent_email_thread_id": null, "sent_email_id": null, "draft_id": id}),
        );
    }
    let sent = send_to(
        ctx,
        &to,
        Outgoing {
            subject,
            body,
            response_to: Some(response_to),
            ..Default::default()
        },
    )?;
    let done = if what == "the email" {
        "Forwarded the email to recipient/s."
    } else {
        "Forwarded the entire email thread to recipient/s."
    };
    Ok(
        json!({"message": done, "sent_email_thread_id": sent.thread_id,
              "sent_email_id": sent.email_id, "draft_id": null}),
    )
}

pub(super) fn forward_email_from_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    recipient_addresses(a)?;
    let (t, e) = thread_and_email(ctx, a, "forward")?;
    let body = format!("{}{}", forward_header(ctx.db, &e)?, e.body);
    forward(
        ctx,
        a,
        &t,
        e.id,
        format!("Fwd: {}", e.subject),
        body,
        "the email",
    )
}

pub(super) fn forward_email_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    recipient_addresses(a)?;
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    let mut blocks = Vec::new();
    let mut first: Option<Email> = None;
    for id in &t.email_ids {
        let Some(e) = store::email(ctx.db, *id)? else {
            continue;
        };
        blocks.push(format!(
            "{}Body:\n\n{}\n\n",
            forward_header(ctx.db, &e)?,
            e.body
        ));
        first.get_or_insert(e);
    }
    let Some(first) = first else {
        return Err(ApiError::unprocessable(
            "The email thread has no emails to forward.",
        ));
    };
    let body = blocks.join("\n----------------\n");
    forward(
        ctx,
        a,
        &t,
        first.id,
        format!("Fwd: {}", first.subject),
        body,
        "the entire email thread",
    )
}
