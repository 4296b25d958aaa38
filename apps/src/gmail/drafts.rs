//! Drafts: new e-mails, replies and forwards kept for later (optionally scheduled), listed,
//! changed, sent and deleted.

use super::attachments::{MissingToken, attachment_files};
use super::rows::{NewDraft, json_text};
use super::store::{
    self, DRAFT_FIELDS, Draft, Email, Outgoing, Person, clean_subject, deliver, draft_attachments,
    dt, owned_draft, person,
};
use super::threads::Listing;
use crate::common::pytime::datetime_param;
use chrono::NaiveDateTime;
use rusqlite::{Connection, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// A draft as the handlers make it (recipients as accounts, a schedule as a time), for
/// [`insert_draft`] to store as a [`NewDraft`] row.
pub(super) struct DraftToSave {
    pub user_id: i64,
    pub recipients: Vec<Person>,
    pub subject: String,
    pub body: String,
    pub belongs_to: Option<i64>,
    pub response_to: Option<i64>,
    pub scheduled_send_at: Option<NaiveDateTime>,
}

/// The recipient columns of a draft: the people's ids, addresses and names.
fn people_columns(people: &[Person]) -> (Vec<i64>, Vec<String>, Vec<String>) {
    (
        people.iter().map(|p| p.id).collect(),
        people.iter().map(|p| p.email.clone()).collect(),
        people.iter().map(Person::name).collect(),
    )
}

/// Inserts a draft, created and updated at `now`; returns its id.
pub(super) fn insert_draft(
    db: &Connection,
    now: NaiveDateTime,
    d: &DraftToSave,
) -> Result<i64, ApiError> {
    let (ids, emails, names) = people_columns(&d.recipients);
    let id = NewDraft {
        user_id: d.user_id,
        recipient_ids: &ids,
        recipient_email_addresses: &emails,
        recipient_names: &names,
        subject: &d.subject,
        body: &d.body,
        belongs_to_email_thread_id: d.belongs_to,
        response_to_email_id: d.response_to,
        scheduled_send_at: d.scheduled_send_at.map(sim::clock::fmt_datetime).as_deref(),
        created_at: &sim::clock::fmt_datetime(now),
    }
    .insert(db)?;
    Ok(id)
}

/// A schedule may not be in the past (now is accepted); checked last, as AppWorld does.
fn check_future(ctx: &Ctx, schedule: Option<NaiveDateTime>) -> Result<(), ApiError> {
    if schedule.is_some_and(|t| t < ctx.now) {
        return Err(ApiError::unprocessable(
            "The scheduled_send_at time must be in the future.",
        ));
    }
    Ok(())
}

fn schedule_needs_recipients() -> ApiError {
    ApiError::unprocessable(
        "If the draft has a scheduled date and time, it must have a non-empty list of recipients.",
    )
}

/// Checks the reply link of a draft: both or neither of the ids; the caller's thread holding an
/// e-mail the caller sent or received; then no subject of one's own. Returns the e-mail.
fn check_reply_link(
    ctx: &Ctx,
    thread: Option<i64>,
    email: Option<i64>,
    subject: Option<&str>,
) -> Result<Option<Email>, ApiError> {
    let (thread_id, email_id) = match (thread, email) {
        (None, None) => return Ok(None),
        (Some(t), Some(e)) => (t, e),
        _ => {
            return Err(ApiError::unprocessable(
                "Either both belongs_to_email_thread_id and response_to_email_id must be given or neither must be given.",
            ));
        }
    };
    let uid = ctx.user()?.id;
    let t = store::thread(ctx.db, thread_id)?.ok_or_else(|| {
        ApiError::unprocessable(format!("No email thread found with ID {thread_id}."))
    })?;
    if t.user_id != uid {
        return Err(ApiError::unprocessable(format!(
            "The email thread with ID {thread_id} does not belong to you, so you cannot add or update draft to it."
        )));
    }
    let e = match store::email(ctx.db, email_id)? {
        Some(e) if t.email_ids.contains(&email_id) => e,
        _ => {
            return Err(ApiError::unprocessable(format!(
                "The email with ID {email_id} does not belong to the email thread with ID {thread_id}, so you cannot add or update draft to it."
            )));
        }
    };
    if !e.involves(uid) {
        return Err(ApiError::unprocessable(format!(
            "You are neither sender or recipient of the email with ID {email_id}, so you cannot add or update draft to it."
        )));
    }
    if subject.is_some() {
        return Err(ApiError::unprocessable(
            "If response_to_email_id is given, subject must be None, because the subject of the draft will be the subject of the email that it is responds to, prefixed with 'Re: ' or 'Fwd: '.",
        ));
    }
    Ok(Some(e))
}

fn opt_int(a: &Args, name: &str) -> Option<i64> {
    a.value(name).as_i64()
}

pub(super) fn create_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let mut recipients = Vec::new();
    for e in a
        .opt_str_list("recipient_email_addresses")
        .unwrap_or_default()
    {
        recipients.push(
            store::person_by_email(ctx.db, &e)?
                .ok_or_else(|| ApiError::not_found_key("user", "email", &e))?,
        );
    }
    let schedule = match a.opt_str("scheduled_send_at") {
        None | Some("") => None,
        Some(s) => Some(datetime_param("scheduled_send_at", s)?),
    };
    if schedule.is_some() && recipients.is_empty() {
        return Err(schedule_needs_recipients());
    }
    let files = attachment_files(ctx, a, MissingToken::Unauthorized)?;
    let (thread, email) = (
        opt_int(a, "belongs_to_email_thread_id"),
        opt_int(a, "response_to_email_id"),
    );
    let subject = match check_reply_link(ctx, thread, email, a.opt_str("subject"))? {
        Some(e) => format!("Re: {}", e.subject),
        None => a.opt_str("subject").unwrap_or("(no subject)").to_string(),
    };
    check_future(ctx, schedule)?;
    let id = insert_draft(
        ctx.db,
        ctx.now,
        &DraftToSave {
            user_id: uid,
            recipients,
            subject,
            body: a.str("body").to_string(),
            belongs_to: thread,
            response_to: email,
            scheduled_send_at: schedule,
        },
    )?;
    let t = sim::clock::fmt_datetime(ctx.now);
    for f in &files {
        store::insert_draft_attachment(ctx.db, id, f, &t)?;
    }
    Ok(json!({"message": "Draft created.", "draft_id": id}))
}

pub(super) fn show_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    owned_draft(ctx, a.int("draft_id"))?.to_json(ctx.db)
}

pub(super) fn delete_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let d = owned_draft(ctx, a.int("draft_id"))?;
    ctx.db
        .prepare_cached("DELETE FROM gmail.attachments WHERE draft_id = ?1")?
        .execute([d.id])?;
    ctx.db
        .prepare_cached("DELETE FROM gmail.drafts WHERE id = ?1")?
        .execute([d.id])?;
    Ok(json!({"message": "Draft deleted."}))
}

/// Changes what is given (null means no change: a thread link cannot be cleared; the string
/// `None` in any case clears the schedule). The resulting draft is checked as a whole: its
/// recipients must exist, a schedule needs recipients, its reply link must be valid.
pub(super) fn update_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let d = owned_draft(ctx, a.int("draft_id"))?;
    let new_recipients = match a.opt_str_list("email_addresses") {
        Some(list) => Some(store::people_by_email(ctx.db, &list)?),
        None => None,
    };
    let schedule = match a.opt_str("scheduled_send_at") {
        None => d
            .scheduled_send_at
            .as_deref()
            .and_then(sim::clock::parse_datetime),
        Some(s) if s.eq_ignore_ascii_case("none") => None,
        Some(s) => Some(datetime_param("scheduled_send_at", s)?),
    };
    let has_recipients = match &new_recipients {
        Some(list) => !list.is_empty(),
        None => !d.recipient_ids.is_empty(),
    };
    if schedule.is_some() && !has_recipients {
        return Err(schedule_needs_recipients());
    }
    let (thread, email) = (
        opt_int(a, "belongs_to_email_thread_id"),
        opt_int(a, "response_to_email_id"),
    );
    // Ids given replace the link (with no subject of one's own); otherwise the draft's link
    // must still be valid.
    let (thread, email) = if thread.is_some() || email.is_some() {
        check_reply_link(ctx, thread, email, a.opt_str("subject"))?;
        (thread, email)
    } else {
        check_reply_link(ctx, d.belongs_to, d.response_to, None)?;
        (d.belongs_to, d.response_to)
    };
    if a.opt_str("scheduled_send_at").is_some() {
        check_future(ctx, schedule)?;
    }
    let (ids, emails, names) = match &new_recipients {
        Some(list) => people_columns(list),
        None => {
            for id in &d.recipient_ids {
                if person(ctx.db, *id)?.is_none() {
                    return Err(ApiError::unprocessable(format!(
                        "The Draft object is linked to a non-existent object via recipient_id={id}."
                    )));
                }
            }
            (
                d.recipient_ids.clone(),
                d.recipient_emails.clone(),
                d.recipient_names.clone(),
            )
        }
    };
    ctx.db
        .prepare_cached(
            "UPDATE gmail.drafts SET recipient_ids = ?1, recipient_email_addresses = ?2, recipient_names = ?3, subject = ?4, body = ?5, \
             belongs_to_email_thread_id = ?6, response_to_email_id = ?7, scheduled_send_at = ?8, updated_at = ?9 WHERE id = ?10",
        )?
        .execute(params![
            json_text(&ids),
            json_text(&emails),
            json_text(&names),
            a.opt_str("subject").unwrap_or(&d.subject),
            a.opt_str("body").unwrap_or(&d.body),
            thread,
            email,
            schedule.map(sim::clock::fmt_datetime),
            sim::clock::fmt_datetime(ctx.now),
            d.id
        ])?;
    Ok(json!({"message": "Draft updated."}))
}

/// Sends a draft now and deletes it: a reply or forward draft posts into its thread (subject
/// `Fwd: ` when the draft's subject starts with `fwd:`, `Re: ` otherwise, before the answered
/// e-mail's subject); its attachments move to the e-mail.
pub(super) fn send_email_from_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let d = owned_draft(ctx, a.int("draft_id"))?;
    if d.recipient_ids.is_empty() {
        return Err(ApiError::unprocessable(
            "Draft has no recipient. At least one is required.",
        ));
    }
    for id in &d.recipient_ids {
        if person(ctx.db, *id)?.is_none() {
            return Err(ApiError::unprocessable(format!(
                "No user found with id {id}."
            )));
        }
    }
    let mut global_thread = None;
    let mut subject = clean_subject(&d.subject);
    if let Some(tid) = d.belongs_to {
        let t = store::thread(ctx.db, tid)?
            .filter(|t| t.user_id == uid)
            .ok_or_else(|| {
                ApiError::unprocessable(format!("No email thread found with ID {tid}."))
            })?;
        global_thread = Some(t.global_id);
        if let Some(e) = d
            .response_to
            .map(|e| store::email(ctx.db, e))
            .transpose()?
            .flatten()
        {
            let prefix = if d.subject.to_lowercase().starts_with("fwd:") {
                "Fwd"
            } else {
                "Re"
            };
            subject = format!("{prefix}: {}", e.subject);
        }
    }
    let moved: Vec<i64> = draft_attachments(ctx.db, d.id)?
        .iter()
        .map(|x| x.id)
        .collect();
    let sent = deliver(
        ctx.db,
        ctx.now,
        &Outgoing {
            sender_id: uid,
            recipient_ids: d.recipient_ids.clone(),
            subject,
            body: d.body.clone(),
            response_to: d.response_to,
            global_thread,
            moved_attachments: moved,
            ..Default::default()
        },
    )?;
    ctx.db
        .prepare_cached("DELETE FROM gmail.drafts WHERE id = ?1")?
        .execute([d.id])?;
    Ok(
        json!({"message": "Sent email from your draft.", "sent_email_thread_id": sent.thread_id, "sent_email_id": sent.email_id}),
    )
}

/// The draft listing: the caller's drafts, filtered, then ranked by the query (subject and
/// body) and paged, or sorted (default `-updated_at`) and paged.
pub(super) fn show_drafts(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let listing = Listing::read(a)?;
    let mut drafts: Vec<Draft> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {DRAFT_FIELDS} FROM gmail.drafts WHERE user_id = ?1 ORDER BY id"
        ))?
        .query_map([uid], Draft::read)?
        .collect::<Result<_, _>>()?;
    let recipient = a.opt_str("recipient_email");
    let (attachment, scheduled) = (a.opt_bool("attachment"), a.opt_bool("scheduled"));
    let (thread, email) = (
        opt_int(a, "belongs_to_email_thread_id"),
        opt_int(a, "response_to_email_id"),
    );
    let mut with_files = std::collections::HashSet::new();
    if attachment.is_some() {
        let mut st = ctx.db.prepare_cached(
            "SELECT DISTINCT draft_id FROM gmail.attachments WHERE draft_id IS NOT NULL",
        )?;
        for id in st.query_map([], |r| r.get::<_, i64>(0))? {
            with_files.insert(id?);
        }
    }
    drafts.retain(|d| {
        recipient.is_none_or(|r| d.recipient_emails.iter().any(|e| e == r))
            && attachment.is_none_or(|v| with_files.contains(&d.id) == v)
            && scheduled.is_none_or(|v| d.scheduled_send_at.is_some() == v)
            && thread.is_none_or(|t| d.belongs_to == Some(t))
            && email.is_none_or(|e| d.response_to == Some(e))
            && listing.created_within(&d.created_at)
    });
    let field = |d: &Draft, f: &str| match f {
        "created_at" => dt(d.created_at.clone()),
        _ => dt(d.updated_at.clone()),
    };
    let page = listing.page(ctx, a, "drafts_fts", drafts, |d| d.id, field)?;
    page.iter()
        .map(|d| d.to_json(ctx.db))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}
