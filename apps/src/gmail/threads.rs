//! Reading and filing threads: the four listings (inbox, outbox, archived, spam), category
//! sizes, one thread, one e-mail, labels and flags, deleting a thread or an e-mail from it, and
//! the user search.

use super::store::{
    self, THREAD_FIELDS, Thread, attachments_json, dt, email_attachments, existing_email,
    owned_thread, person,
};
use crate::common::pytime::day_bound;
use chrono::NaiveDateTime;
use rusqlite::{Connection, params};
use serde_json::{Map, Value, json};
use sim::api::listing::{SearchPage, SortKey, parse_sort};
use sim::api::{ApiError, Args, Ctx};

/// The sort fields of gmail's lists.
const SORT_FIELDS: &[&str] = &["created_at", "updated_at"];

/// What gmail's two listings (threads and drafts) read alike: the `created_at` day window, the
/// search text and the order (without a search `sort_by` or `-updated_at`, with one only a
/// given `sort_by`, which orders the page).
pub(super) struct Listing {
    min: NaiveDateTime,
    max: NaiveDateTime,
    query: String,
    sort: Option<SortKey>,
}

impl Listing {
    /// Reads and checks the window, the query and `sort_by`, in AppWorld's order.
    pub fn read(a: &Args) -> Result<Listing, ApiError> {
        let bound = |param, max| day_bound(param, a.str(param), max);
        let (min, max) = (
            bound("min_created_at", false)?,
            bound("max_created_at", true)?,
        );
        let query = a.str("query").trim().to_string();
        let sort = parse_sort(a.opt_str("sort_by"), SORT_FIELDS)?;
        let sort = if query.is_empty() {
            Some(sort.unwrap_or(SortKey {
                field: "updated_at".into(),
                descending: true,
            }))
        } else {
            sort
        };
        Ok(Listing {
            min,
            max,
            query,
            sort,
        })
    }

    /// Is a stored `created_at` within the window?
    pub fn created_within(&self, stored: &Option<String>) -> bool {
        stored
            .as_deref()
            .and_then(sim::clock::parse_datetime)
            .is_some_and(|t| t >= self.min && t <= self.max)
    }

    /// The requested page of `rows` (already filtered), ranked by the search over `fts` or
    /// sorted ([`SearchPage`]); `field` gives a row's `created_at` or `updated_at`.
    pub fn page<T>(
        &self,
        ctx: &Ctx,
        a: &Args,
        fts: &str,
        rows: Vec<T>,
        id: impl Fn(&T) -> i64,
        field: impl Fn(&T, &str) -> Value + Copy,
    ) -> Result<Vec<T>, ApiError> {
        SearchPage {
            query: Some(self.query.as_str()).filter(|q| !q.is_empty()),
            sort_all: self.sort.as_ref(),
            sort_page: self.sort.as_ref(),
            index: a.int("page_index"),
            limit: a.int("page_limit"),
        }
        .apply(ctx, "gmail", fts, rows, id, field)
    }
}

/// Which listing.
#[derive(Clone, Copy, PartialEq)]
enum Category {
    Inbox,
    Outbox,
    Archived,
    Spam,
}

pub(super) fn show_inbox_threads(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    list_threads(ctx, a, Category::Inbox)
}

pub(super) fn show_outbox_threads(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    list_threads(ctx, a, Category::Outbox)
}

pub(super) fn show_archived_threads(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    list_threads(ctx, a, Category::Archived)
}

pub(super) fn show_spam_threads(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    list_threads(ctx, a, Category::Spam)
}

/// A thread copy's field used for sorting.
fn thread_field(t: &Thread, f: &str) -> Value {
    match f {
        "created_at" => dt(t.created_at.clone()),
        _ => dt(t.updated_at.clone()),
    }
}

/// The listings: the caller's copies in the category (inbox: received, outbox: sent, each
/// not archived and not spam unless asked; the archived list is archived and not spam unless
/// asked; the spam list the other way round), filtered, then ranked by the query and paged
/// (then `sort_by` orders the page), or without a query sorted (default `-updated_at`, ties in
/// id order) and paged.
fn list_threads(ctx: &mut Ctx, a: &Args, cat: Category) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let listing = Listing::read(a)?;
    let (archived, spam) = match cat {
        Category::Archived => (Some(true), a.opt_bool("spam")),
        Category::Spam => (a.opt_bool("archived"), Some(true)),
        _ => (a.opt_bool("archived"), a.opt_bool("spam")),
    };
    // The given label, stripped and lower-cased, against the stored one lower-cased as SQLite
    // does (ASCII letters only).
    let label = a.opt_str("label").map(|l| l.trim().to_lowercase());
    let (starred, read, attachment) = (
        a.opt_bool("starred"),
        a.opt_bool("read"),
        a.opt_bool("attachment"),
    );
    // The people filters ignore case (the drafts' recipient filter does not).
    let from = a.opt_str("from_email").map(str::to_lowercase);
    let to = a.opt_str("to_email").map(str::to_lowercase);
    let (from, to) = (from.as_deref(), to.as_deref());
    let cond = match cat {
        Category::Inbox => "incoming = 1",
        Category::Outbox => "outgoing = 1",
        _ => "1",
    };
    let mut threads: Vec<Thread> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {THREAD_FIELDS} FROM gmail.user_email_threads WHERE user_id = ?1 AND {cond} ORDER BY id"
        ))?
        .query_map([uid], Thread::read_row)?
        .collect::<Result<_, _>>()?;
    threads.retain(|t| {
        archived.is_none_or(|v| t.archived == v)
            && spam.is_none_or(|v| t.spam == v)
            && starred.is_none_or(|v| t.starred == v)
            && read.is_none_or(|v| t.read == v)
            && attachment.is_none_or(|v| t.has_attachments == v)
            && label.as_ref().is_none_or(|l| {
                t.label
                    .as_ref()
                    .is_some_and(|tl| tl.to_ascii_lowercase() == *l)
            })
            && from.is_none_or(|f| t.sender_emails.iter().any(|e| e.to_lowercase() == f))
            && to.is_none_or(|r| t.recipient_emails.iter().any(|e| e.to_lowercase() == r))
            && listing.created_within(&t.created_at)
    });
    let page = listing.page(
        ctx,
        a,
        "user_email_threads_fts",
        threads,
        |t| t.id,
        thread_field,
    )?;
    page.iter()
        .map(|t| thread_summary(ctx.db, t))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

/// A listing entry: the flags, the e-mail and draft ids, the first e-mail's subject and the
/// stored participants.
fn thread_summary(db: &Connection, t: &Thread) -> Result<Value, ApiError> {
    // A copy left without e-mails (all deleted from it) has no subject; AppWorld fails there.
    let subject = match t.email_ids.first() {
        Some(id) => store::email(db, *id)?
            .map(|e| e.subject)
            .unwrap_or_default(),
        None => String::new(),
    };
    let ids = json!({"email_ids": t.email_ids, "draft_ids": thread_draft_ids(db, t)?});
    let rest = json!({"subject": subject, "participants": t.participants()});
    Ok(thread_json(t, ids, rest))
}

/// A thread copy as responses show it: its id, then `ids` (a listing's e-mail and draft ids),
/// its flags and times, then `rest`.
fn thread_json(t: &Thread, ids: Value, rest: Value) -> Value {
    let mut out = Map::new();
    out.insert("email_thread_id".into(), json!(t.id));
    let flags = json!({"incoming": t.incoming, "outgoing": t.outgoing, "read": t.read, "label": t.label,
                       "starred": t.starred, "archived": t.archived, "spam": t.spam,
                       "created_at": dt(t.created_at.clone()), "updated_at": dt(t.updated_at.clone())});
    for part in [ids, flags, rest] {
        if let Value::Object(fields) = part {
            out.extend(fields);
        }
    }
    Value::Object(out)
}

fn thread_draft_ids(db: &Connection, t: &Thread) -> Result<Vec<i64>, ApiError> {
    let mut st = db.prepare_cached(
        "SELECT id FROM gmail.drafts WHERE belongs_to_email_thread_id = ?1 AND user_id = ?2 ORDER BY id",
    )?;
    let ids = st.query_map(params![t.id, t.user_id], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

pub(super) fn show_category_sizes(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let threads: (i64, i64, i64, i64) = ctx
        .db
        .prepare_cached(
            "SELECT coalesce(sum(incoming AND NOT archived AND NOT spam), 0), coalesce(sum(outgoing AND NOT archived AND NOT spam), 0), \
             coalesce(sum(archived), 0), coalesce(sum(spam), 0) FROM gmail.user_email_threads WHERE user_id = ?1",
        )?
        .query_row([uid], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    let drafts: (i64, i64) = ctx
        .db
        .prepare_cached(
            "SELECT coalesce(sum(scheduled_send_at IS NULL), 0), coalesce(sum(scheduled_send_at IS NOT NULL), 0) FROM gmail.drafts WHERE user_id = ?1",
        )?
        .query_row([uid], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(json!({
        "inbox": threads.0,
        "outbox": threads.1,
        "archived": threads.2,
        "spam": threads.3,
        "unscheduled_drafts": drafts.0,
        "scheduled_drafts": drafts.1,
    }))
}

/// A person as an e-mail shows them (current name), `null` for a deleted account.
fn person_json(db: &Connection, id: i64) -> Result<Value, ApiError> {
    Ok(person(db, id)?.map(|p| p.to_json()).unwrap_or(Value::Null))
}

/// Recipients with current names; deleted accounts left out, repeats kept.
fn recipients_json(db: &Connection, ids: &[i64]) -> Result<Value, ApiError> {
    let mut out = Vec::new();
    for id in ids {
        if let Some(p) = person(db, *id)? {
            out.push(p.to_json());
        }
    }
    Ok(Value::Array(out))
}

pub(super) fn show_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    let db = ctx.db;
    let mut emails = Vec::new();
    for id in &t.email_ids {
        let Some(e) = store::email(db, *id)? else {
            continue;
        };
        emails.push(json!({
            "email_id": e.id,
            "subject": e.subject,
            "sender": person_json(db, e.sender_id)?,
            "recipients": recipients_json(db, &e.recipient_ids)?,
            "body": e.body,
            "attachments": attachments_json(&email_attachments(db, e.id)?),
            "created_at": dt(e.created_at),
        }));
    }
    let mut drafts = Vec::new();
    for id in thread_draft_ids(db, &t)? {
        if let Some(d) = super::store::draft(db, id)? {
            drafts.push(d.thread_json(db)?);
        }
    }
    let rest = json!({"emails": emails, "drafts": drafts});
    Ok(thread_json(&t, json!({}), rest))
}

pub(super) fn delete_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    // Drafts that named the thread keep its id (they can no longer be sent).
    ctx.db
        .prepare_cached("DELETE FROM gmail.user_email_threads WHERE id = ?1")?
        .execute([t.id])?;
    Ok(json!({"message": "Email thread deleted."}))
}

pub(super) fn show_email(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let e = existing_email(ctx.db, a.int("email_id"))?;
    if !e.involves(uid) {
        return Err(ApiError::unprocessable(
            "You are neither sender or recipient of this email, so you are not authorized to view it.",
        ));
    }
    let db = ctx.db;
    Ok(json!({
        "email_id": e.id,
        "subject": e.subject,
        "body": e.body,
        "response_to_email_id": e.response_to,
        "created_at": dt(e.created_at.clone()),
        "sender": person_json(db, e.sender_id)?,
        "recipients": recipients_json(db, &e.recipient_ids)?,
        "attachments": attachments_json(&email_attachments(db, e.id)?),
    }))
}

pub(super) fn label_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    ctx.db
        .prepare_cached("UPDATE gmail.user_email_threads SET label = ?1 WHERE id = ?2")?
        .execute(params![a.str("label"), t.id])?;
    Ok(json!({"message": "Email thread labeled."}))
}

pub(super) fn unlabel_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    ctx.db
        .prepare_cached("UPDATE gmail.user_email_threads SET label = NULL WHERE id = ?1")?
        .execute([t.id])?;
    Ok(json!({"message": "Email thread unlabelled."}))
}

/// Sets one flag of the caller's thread; setting it to the state it has is a 422.
fn mark(ctx: &Ctx, a: &Args, flag: &str, value: bool, word: &str) -> Result<Value, ApiError> {
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    let current = match flag {
        "read" => t.read,
        "starred" => t.starred,
        "archived" => t.archived,
        _ => t.spam,
    };
    if current == value {
        return Err(ApiError::unprocessable(format!(
            "This email thread is already marked as {word}."
        )));
    }
    ctx.db
        .prepare_cached(&format!(
            "UPDATE gmail.user_email_threads SET \"{flag}\" = ?1 WHERE id = ?2"
        ))?
        .execute(params![value, t.id])?;
    Ok(json!({"message": format!("Email thread marked as {word}.")}))
}

/// The flag handlers: each sets one flag of the caller's thread to one value ([`mark`]).
macro_rules! mark_handlers {
    ($($name:ident: $flag:literal = $value:literal, $word:literal;)+) => {
        $(
            #[doc = concat!("Marks the caller's thread as ", $word, ".")]
            pub(super) fn $name(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
                mark(ctx, a, $flag, $value, $word)
            }
        )+
    };
}

mark_handlers! {
    mark_thread_read: "read" = true, "read";
    mark_thread_unread: "read" = false, "unread";
    mark_thread_archived: "archived" = true, "archived";
    mark_thread_unarchived: "archived" = false, "unarchived";
    mark_thread_spam: "spam" = true, "spam";
    mark_thread_not_spam: "spam" = false, "not spam";
    mark_thread_starred: "starred" = true, "starred";
    mark_thread_unstarred: "starred" = false, "unstarred";
}

/// Removes one e-mail from the caller's copy; the copy's flags and participants follow the
/// e-mails left (a copy left empty is neither incoming nor outgoing).
pub(super) fn delete_email_in_thread(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = owned_thread(ctx, a.int("email_thread_id"))?;
    let id = a.int("email_id");
    if !t.email_ids.contains(&id) {
        return Err(not_in_thread());
    }
    let left: Vec<i64> = t.email_ids.iter().copied().filter(|e| *e != id).collect();
    store::set_thread_emails(ctx.db, &t, &left, None)?;
    Ok(json!({"message": "Email deleted."}))
}

/// 422 for an e-mail id that is not in the thread named with it.
pub(super) fn not_in_thread() -> ApiError {
    ApiError::unprocessable("The specified email does not belong to the specified thread.")
}
