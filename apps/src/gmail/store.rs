//! gmail's row models and the one path every e-mail takes: [`deliver`] writes the e-mail, its
//! attachments, the global thread and each participant's own copy of the thread (with its
//! denormalised sender and recipient columns). Sending, replying, forwarding, sending a draft
//! and the companies' notification e-mails (`common::notify`) all go through it.
//!
//! A thread exists once globally (`global_email_threads`: the e-mail ids) and once per person
//! in it (`user_email_threads`: that person's e-mail ids, flags and label). Thread ids in the
//! APIs are the per-person ids.

use super::rows::{NewAttachment, NewEmail, NewGlobalThread, NewThreadCopy, json_text};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Ctx};

/// A gmail account.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Person {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

impl Person {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Person> {
        Ok(Person {
            id: r.get(0)?,
            email: r.get(1)?,
            first_name: r.get(2)?,
            last_name: r.get(3)?,
        })
    }

    /// `First Last`.
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }

    /// `{"name", "email"}` as responses show a person.
    pub fn to_json(&self) -> Value {
        json!({"name": self.name(), "email": self.email})
    }
}

/// The account with exactly this address (case and spaces matter), if any.
pub(crate) fn person_by_email(db: &Connection, email: &str) -> Result<Option<Person>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT id, email, first_name, last_name FROM gmail.users WHERE email = ?1",
        )?
        .query_row([email], Person::read)
        .optional()?)
}

/// The account with this id, if it still exists.
pub(crate) fn person(db: &Connection, id: i64) -> Result<Option<Person>, ApiError> {
    Ok(db
        .prepare_cached("SELECT id, email, first_name, last_name FROM gmail.users WHERE id = ?1")?
        .query_row([id], Person::read)
        .optional()?)
}

/// The accounts of `emails`, in order (duplicates kept): 422 `No user found with email X.`
/// for the first address without an account.
pub(crate) fn people_by_email(db: &Connection, emails: &[String]) -> Result<Vec<Person>, ApiError> {
    emails
        .iter()
        .map(|e| {
            person_by_email(db, e)?
                .ok_or_else(|| ApiError::unprocessable(format!("No user found with email {e}.")))
        })
        .collect()
}

/// Ids in order without repeats.
pub(crate) fn unique(ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
    let mut out = Vec::new();
    for id in ids {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// Parses a JSON list of ids (`[]` when NULL or invalid).
pub(crate) fn id_list(s: Option<String>) -> Vec<i64> {
    s.and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or_default()
}

/// Parses a JSON list of strings (`[]` when NULL or invalid).
pub(crate) fn str_list(s: Option<String>) -> Vec<String> {
    s.and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or_default()
}

/// The response form of a stored datetime.
pub(crate) fn dt(s: Option<String>) -> Value {
    s.map(|s| Value::String(sim::clock::normalize_datetime(s)))
        .unwrap_or(Value::Null)
}

/// An e-mail.
#[derive(Debug, Clone)]
pub(crate) struct Email {
    pub id: i64,
    pub sender_id: i64,
    pub recipient_ids: Vec<i64>,
    pub subject: String,
    pub body: String,
    pub response_to: Option<i64>,
    pub created_at: Option<String>,
}

impl Email {
    /// Is `user` its sender or one of its recipients?
    pub fn involves(&self, user: i64) -> bool {
        self.sender_id == user || self.recipient_ids.contains(&user)
    }
}

/// The e-mail with this id, if any.
pub(crate) fn email(db: &Connection, id: i64) -> Result<Option<Email>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT id, sender_id, recipient_ids, subject, body, response_to_email_id, created_at FROM gmail.emails WHERE id = ?1",
        )?
        .query_row([id], |r| {
            Ok(Email {
                id: r.get(0)?,
                sender_id: r.get(1)?,
                recipient_ids: id_list(r.get(2)?),
                subject: r.get(3)?,
                body: r.get(4)?,
                response_to: r.get(5)?,
                created_at: r.get(6)?,
            })
        })
        .optional()?)
}

/// The e-mail with this id, or AppWorld's 409.
pub(crate) fn existing_email(db: &Connection, id: i64) -> Result<Email, ApiError> {
    email(db, id)?.ok_or_else(|| ApiError::not_found_id("email", id))
}

/// An attachment as e-mails and drafts list it.
#[derive(Debug, Clone)]
pub(crate) struct Attachment {
    pub id: i64,
    pub file_name: String,
}

/// An e-mail's attachments, by file name.
pub(crate) fn email_attachments(
    db: &Connection,
    email_id: i64,
) -> Result<Vec<Attachment>, ApiError> {
    let mut st = db.prepare_cached(
        "SELECT id, file_name FROM gmail.attachments WHERE email_id = ?1 ORDER BY file_name, id",
    )?;
    let rows = st.query_map([email_id], |r| {
        Ok(Attachment {
            id: r.get(0)?,
            file_name: r.get(1)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A draft's attachments, by id.
pub(crate) fn draft_attachments(
    db: &Connection,
    draft_id: i64,
) -> Result<Vec<Attachment>, ApiError> {
    let mut st = db.prepare_cached(
        "SELECT id, file_name FROM gmail.attachments WHERE draft_id = ?1 ORDER BY id",
    )?;
    let rows = st.query_map([draft_id], |r| {
        Ok(Attachment {
            id: r.get(0)?,
            file_name: r.get(1)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub(crate) fn attachments_json(list: &[Attachment]) -> Value {
    Value::Array(
        list.iter()
            .map(|a| json!({"id": a.id, "file_name": a.file_name}))
            .collect(),
    )
}

/// One person's copy of a thread.
#[derive(Debug, Clone)]
pub(crate) struct Thread {
    pub id: i64,
    pub global_id: i64,
    pub user_id: i64,
    pub email_ids: Vec<i64>,
    pub incoming: bool,
    pub outgoing: bool,
    pub read: bool,
    pub label: Option<String>,
    pub starred: bool,
    pub archived: bool,
    pub spam: bool,
    pub sender_emails: Vec<String>,
    pub sender_names: Vec<String>,
    pub recipient_emails: Vec<String>,
    pub recipient_names: Vec<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub has_attachments: bool,
}

pub(crate) const THREAD_FIELDS: &str = "id, global_email_thread_id, user_id, email_ids, incoming, outgoing, read, label, starred, archived, spam, \
     sender_email_addresses, sender_names, recipient_email_addresses, recipient_names, created_at, updated_at, has_attachments";

impl Thread {
    pub fn read_row(r: &rusqlite::Row) -> rusqlite::Result<Thread> {
        Ok(Thread {
            id: r.get(0)?,
            global_id: r.get(1)?,
            user_id: r.get(2)?,
            email_ids: id_list(r.get(3)?),
            incoming: r.get(4)?,
            outgoing: r.get(5)?,
            read: r.get(6)?,
            label: r.get(7)?,
            starred: r.get(8)?,
            archived: r.get(9)?,
            spam: r.get(10)?,
            sender_emails: str_list(r.get(11)?),
            sender_names: str_list(r.get(12)?),
            recipient_emails: str_list(r.get(13)?),
            recipient_names: str_list(r.get(14)?),
            created_at: r.get(15)?,
            updated_at: r.get(16)?,
            has_attachments: r.get(17)?,
        })
    }

    /// The listing's participants: the stored recipients, then the stored senders, each
    /// address once at its last place.
    pub fn participants(&self) -> Value {
        let all: Vec<(&String, &String)> = self
            .recipient_emails
            .iter()
            .zip(&self.recipient_names)
            .chain(self.sender_emails.iter().zip(&self.sender_names))
            .collect();
        let kept: Vec<Value> = all
            .iter()
            .enumerate()
            .filter(|(i, (e, _))| !all[i + 1..].iter().any(|(o, _)| o == e))
            .map(|(_, (e, n))| json!({"name": n, "email": e}))
            .collect();
        Value::Array(kept)
    }
}

/// The thread copy with this id, if any.
pub(crate) fn thread(db: &Connection, id: i64) -> Result<Option<Thread>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {THREAD_FIELDS} FROM gmail.user_email_threads WHERE id = ?1"
        ))?
        .query_row([id], Thread::read_row)
        .optional()?)
}

/// The caller's thread copy: 409 when it does not exist, 422 when it is someone else's.
pub(crate) fn owned_thread(ctx: &Ctx, id: i64) -> Result<Thread, ApiError> {
    let uid = ctx.user()?.id;
    let t = thread(ctx.db, id)?.ok_or_else(|| ApiError::not_found_id("email thread", id))?;
    if t.user_id != uid {
        return Err(ApiError::not_owner("email thread"));
    }
    Ok(t)
}

/// `person`'s copy of a global thread, if they have one.
fn copy_of(db: &Connection, global_id: i64, user: i64) -> Result<Option<Thread>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {THREAD_FIELDS} FROM gmail.user_email_threads WHERE global_email_thread_id = ?1 AND user_id = ?2"
        ))?
        .query_row(params![global_id, user], Thread::read_row)
        .optional()?)
}

/// The thread's denormalised columns from its e-mails: senders and recipients, each address
/// once in order of appearance, with the people's current names (deleted people left out);
/// and whether the person sent (outgoing) or received (incoming) any of them.
struct Derived {
    sender_emails: Vec<String>,
    sender_names: Vec<String>,
    recipient_emails: Vec<String>,
    recipient_names: Vec<String>,
    incoming: bool,
    outgoing: bool,
}

fn derive(db: &Connection, email_ids: &[i64], user: i64) -> Result<Derived, ApiError> {
    let mut d = Derived {
        sender_emails: vec![],
        sender_names: vec![],
        recipient_emails: vec![],
        recipient_names: vec![],
        incoming: false,
        outgoing: false,
    };
    for id in email_ids {
        let Some(e) = email(db, *id)? else { continue };
        d.outgoing |= e.sender_id == user;
        d.incoming |= e.recipient_ids.contains(&user);
        if let Some(p) = person(db, e.sender_id)?
            && !d.sender_emails.contains(&p.email)
        {
            d.sender_names.push(p.name());
            d.sender_emails.push(p.email);
        }
        for r in &e.recipient_ids {
            if let Some(p) = person(db, *r)?
                && !d.recipient_emails.contains(&p.email)
            {
                d.recipient_names.push(p.name());
                d.recipient_emails.push(p.email);
            }
        }
    }
    Ok(d)
}

/// Rewrites a thread copy's e-mail list and the columns that follow from it (the flags that
/// say whether the person sent or received any of them, and the stored participants);
/// `updated_at` is set when given.
pub(crate) fn set_thread_emails(
    db: &Connection,
    t: &Thread,
    email_ids: &[i64],
    updated_at: Option<&str>,
) -> Result<(), ApiError> {
    let d = derive(db, email_ids, t.user_id)?;
    db.prepare_cached(
        "UPDATE gmail.user_email_threads SET email_ids = ?1, incoming = ?2, outgoing = ?3, sender_email_addresses = ?4, sender_names = ?5, \
         recipient_email_addresses = ?6, recipient_names = ?7, updated_at = coalesce(?8, updated_at) WHERE id = ?9",
    )?
    .execute(params![
        json_text(email_ids),
        d.incoming,
        d.outgoing,
        json_text(&d.sender_emails),
        json_text(&d.sender_names),
        json_text(&d.recipient_emails),
        json_text(&d.recipient_names),
        updated_at,
        t.id
    ])?;
    Ok(())
}

/// A file to attach to a new e-mail.
#[derive(Debug, Clone)]
pub(crate) struct NewFile {
    pub file_name: String,
    pub content: String,
    /// JSON text of the archive entries (`[]` for plain files).
    pub compressed_data: String,
}

/// Attaches a file to a draft; returns the attachment id.
pub(crate) fn insert_draft_attachment(
    db: &Connection,
    draft_id: i64,
    f: &NewFile,
    created_at: &str,
) -> Result<i64, ApiError> {
    let id = NewAttachment {
        email_id: None,
        draft_id: Some(draft_id),
        file_name: &f.file_name,
        file_content: &f.content,
        file_compressed_data: &f.compressed_data,
        created_at,
    }
    .insert(db)?;
    Ok(id)
}

/// An e-mail to deliver.
#[derive(Debug, Clone, Default)]
pub(crate) struct Outgoing {
    pub sender_id: i64,
    /// As the e-mail stores them (send_email keeps repeats).
    pub recipient_ids: Vec<i64>,
    pub subject: String,
    pub body: String,
    pub response_to: Option<i64>,
    /// The global thread it continues (a reply), or None for a new thread.
    pub global_thread: Option<i64>,
    /// Files attached now (they mark the threads as having attachments).
    pub files: Vec<NewFile>,
    /// Attachments of a draft that move to the e-mail (they do not mark the threads).
    pub moved_attachments: Vec<i64>,
}

/// What [`deliver`] made.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Delivered {
    pub email_id: i64,
    /// The sender's copy of the thread.
    pub thread_id: i64,
}

/// Writes an e-mail and files it in the thread copies of its sender and recipients: a person
/// with a copy of the thread gets the e-mail appended (read flag unchanged); one without gets
/// a new copy holding the e-mails of the sender's copy, unread unless they are the sender.
/// Copies are created sender first, then recipients in order.
pub(crate) fn deliver(
    db: &Connection,
    now: chrono::NaiveDateTime,
    out: &Outgoing,
) -> Result<Delivered, ApiError> {
    let t = sim::clock::fmt_datetime(now);
    let email_id = NewEmail {
        sender_id: out.sender_id,
        recipient_ids: &out.recipient_ids,
        subject: &out.subject,
        body: &out.body,
        response_to_email_id: out.response_to,
        created_at: &t,
    }
    .insert(db)?;
    for f in &out.files {
        NewAttachment {
            email_id: Some(email_id),
            draft_id: None,
            file_name: &f.file_name,
            file_content: &f.content,
            file_compressed_data: &f.compressed_data,
            created_at: &t,
        }
        .insert(db)?;
    }
    for a in &out.moved_attachments {
        db.prepare_cached(
            "UPDATE gmail.attachments SET email_id = ?1, draft_id = NULL WHERE id = ?2",
        )?
        .execute(params![email_id, a])?;
    }
    let (global_id, all_ids) = match out.global_thread {
        Some(g) => {
            let ids: Option<String> = db
                .prepare_cached("SELECT email_ids FROM gmail.global_email_threads WHERE id = ?1")?
                .query_row([g], |r| r.get(0))?;
            let mut ids = id_list(ids);
            ids.push(email_id);
            db.prepare_cached(
                "UPDATE gmail.global_email_threads SET email_ids = ?1, updated_at = ?2 WHERE id = ?3",
            )?
            .execute(params![json_text(&ids), t, g])?;
            (g, ids)
        }
        None => {
            let ids = vec![email_id];
            let id = NewGlobalThread {
                email_ids: &ids,
                created_at: &t,
                updated_at: &t,
            }
            .insert(db)?;
            (id, ids)
        }
    };
    let marks = !out.files.is_empty();
    let mut sender_thread = 0;
    // A new copy holds the e-mails of the sender's copy (the new one included).
    let mut copy_ids = all_ids;
    for user in unique(std::iter::once(out.sender_id).chain(out.recipient_ids.iter().copied())) {
        let id = match copy_of(db, global_id, user)? {
            Some(copy) => {
                let mut ids = copy.email_ids.clone();
                ids.push(email_id);
                set_thread_emails(db, &copy, &ids, Some(&t))?;
                if user == out.sender_id {
                    copy_ids = ids;
                }
                if marks && !copy.has_attachments {
                    db.prepare_cached(
                        "UPDATE gmail.user_email_threads SET has_attachments = 1 WHERE id = ?1",
                    )?
                    .execute([copy.id])?;
                }
                copy.id
            }
            None => {
                let d = derive(db, &copy_ids, user)?;
                NewThreadCopy {
                    global_email_thread_id: global_id,
                    user_id: user,
                    email_ids: &copy_ids,
                    incoming: d.incoming,
                    outgoing: d.outgoing,
                    read: user == out.sender_id,
                    label: None,
                    starred: false,
                    archived: false,
                    spam: false,
                    sender_email_addresses: &d.sender_emails,
                    sender_names: &d.sender_names,
                    recipient_email_addresses: &d.recipient_emails,
                    recipient_names: &d.recipient_names,
                    created_at: &t,
                    updated_at: &t,
                    has_attachments: marks,
                }
                .insert(db)?
            }
        };
        if user == out.sender_id {
            sender_thread = id;
        }
    }
    Ok(Delivered {
        email_id,
        thread_id: sender_thread,
    })
}

/// An e-mail from the account `from` to the accounts `to` (addresses) at `at`, with files
/// `(name, content)` attached, delivered by [`deliver`] as every e-mail is (for task setups):
/// a new thread, or with `in_reply_to` (an e-mail id) the next e-mail of that e-mail's thread.
/// Returns the new e-mail's id; 422 for an address without an account.
#[allow(clippy::too_many_arguments)]
pub fn store_email(
    db: &Connection,
    from: &str,
    to: &[&str],
    subject: &str,
    body: &str,
    files: &[(&str, &str)],
    in_reply_to: Option<i64>,
    at: chrono::NaiveDateTime,
) -> Result<i64, ApiError> {
    let sender = people_by_email(db, &[from.to_string()])?[0].id;
    let to: Vec<String> = to.iter().map(|e| e.to_string()).collect();
    let recipient_ids = people_by_email(db, &to)?.iter().map(|p| p.id).collect();
    let global_thread = match in_reply_to {
        Some(id) => Some(
            db.prepare_cached(
                "SELECT g.id FROM gmail.global_email_threads g WHERE EXISTS (SELECT 1 FROM json_each(g.email_ids) je WHERE je.value = ?1)",
            )?
            .query_row([id], |r| r.get::<_, i64>(0))
            .optional()?
            .ok_or_else(|| ApiError::not_found_id("email", id))?,
        ),
        None => None,
    };
    let files = files
        .iter()
        .map(|(name, content)| NewFile {
            file_name: name.to_string(),
            content: content.to_string(),
            compressed_data: "[]".into(),
        })
        .collect();
    let sent = deliver(
        db,
        at,
        &Outgoing {
            sender_id: sender,
            recipient_ids,
            subject: subject.to_string(),
            body: body.to_string(),
            response_to: in_reply_to,
            global_thread,
            files,
            moved_attachments: Vec::new(),
        },
    )?;
    Ok(sent.email_id)
}

/// `(no subject)` for a blank subject, the subject stripped otherwise.
pub(crate) fn clean_subject(subject: &str) -> String {
    let s = subject.trim();
    if s.is_empty() {
        "(no subject)".into()
    } else {
        s.to_string()
    }
}

/// A draft as stored.
#[derive(Debug, Clone)]
pub(super) struct Draft {
    pub id: i64,
    pub user_id: i64,
    pub recipient_ids: Vec<i64>,
    pub recipient_emails: Vec<String>,
    pub recipient_names: Vec<String>,
    pub subject: String,
    pub body: String,
    pub belongs_to: Option<i64>,
    pub response_to: Option<i64>,
    pub scheduled_send_at: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
}

/// The columns [`Draft::read`] reads, in order.
pub(super) const DRAFT_FIELDS: &str = "id, user_id, recipient_ids, recipient_email_addresses, recipient_names, subject, body, \
     belongs_to_email_thread_id, response_to_email_id, scheduled_send_at, created_at, updated_at";

impl Draft {
    pub(super) fn read(r: &rusqlite::Row) -> rusqlite::Result<Draft> {
        Ok(Draft {
            id: r.get(0)?,
            user_id: r.get(1)?,
            recipient_ids: id_list(r.get(2)?),
            recipient_emails: str_list(r.get(3)?),
            recipient_names: str_list(r.get(4)?),
            subject: r.get(5)?,
            body: r.get(6)?,
            belongs_to: r.get(7)?,
            response_to: r.get(8)?,
            scheduled_send_at: r.get(9)?,
            created_at: r.get(10)?,
            updated_at: r.get(11)?,
        })
    }

    /// The recipients as stored with the draft (names of when it was saved).
    pub(super) fn recipients(&self) -> Value {
        Value::Array(
            self.recipient_emails
                .iter()
                .zip(&self.recipient_names)
                .map(|(e, n)| json!({"name": n, "email": e}))
                .collect(),
        )
    }

    /// The response form.
    pub(super) fn to_json(&self, db: &Connection) -> Result<Value, ApiError> {
        Ok(json!({
            "draft_id": self.id,
            "subject": self.subject,
            "body": self.body,
            "belongs_to_email_thread_id": self.belongs_to,
            "response_to_email_id": self.response_to,
            "scheduled_send_at": dt(self.scheduled_send_at.clone()),
            "created_at": dt(self.created_at.clone()),
            "updated_at": dt(self.updated_at.clone()),
            "recipients": self.recipients(),
            "attachments": attachments_json(&draft_attachments(db, self.id)?),
        }))
    }

    /// The form `show_thread` lists a thread's drafts in.
    pub fn thread_json(&self, db: &Connection) -> Result<Value, ApiError> {
        Ok(json!({
            "draft_id": self.id,
            "response_to_email_id": self.response_to,
            "subject": self.subject,
            "recipients": self.recipients(),
            "body": self.body,
            "attachments": attachments_json(&draft_attachments(db, self.id)?),
            "scheduled_send_at": dt(self.scheduled_send_at.clone()),
            "created_at": dt(self.created_at.clone()),
            "updated_at": dt(self.updated_at.clone()),
        }))
    }
}

/// The draft with this id, if any.
pub(super) fn draft(db: &Connection, id: i64) -> Result<Option<Draft>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {DRAFT_FIELDS} FROM gmail.drafts WHERE id = ?1"
        ))?
        .query_row([id], Draft::read)
        .optional()?)
}

/// The caller's draft: 409 when it does not exist, 422 when it is someone else's.
pub(super) fn owned_draft(ctx: &Ctx, id: i64) -> Result<Draft, ApiError> {
    let uid = ctx.user()?.id;
    let d = draft(ctx.db, id)?.ok_or_else(|| ApiError::not_found_id("draft", id))?;
    if d.user_id != uid {
        return Err(ApiError::not_owner("draft"));
    }
    Ok(d)
}
