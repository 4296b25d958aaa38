//! Text and voice messages: one global row per message plus a copy for each participant (one
//! for a message to yourself); a user reads, searches and deletes only their own copies. Both
//! kinds share every handler, parameterised by [`Kind`].

use super::rows::{Kind, KindNames, NewMessage, NewMessageCopy};
use crate::common::pytime::datetime_param;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Map, Value, json};
use sim::api::listing::{SearchPage, SortKey, fts_query, paginate, parse_sort, sort_rows};
use sim::api::{ApiError, Args, Ctx};
use sim::sql::Cached;
use std::collections::{HashMap, HashSet};

/// The search text of a message copy: the message and the account names of its sender and
/// receiver (`{row}` is the copy), for [`sim::schema::fts_ddl`].
pub(super) fn search_text(kind: Kind) -> String {
    let KindNames { global, link, .. } = kind.names();
    let name = |side: &str| {
        format!(
            "(SELECT u.first_name || ' ' || u.last_name FROM \"{global}\" g JOIN users u ON u.id = g.{side} WHERE g.id = {{row}}.{link})"
        )
    };
    format!(
        "appsim_search_text((SELECT g.message FROM \"{global}\" g WHERE g.id = {{row}}.{link}), {}, {})",
        name("sender_id"),
        name("receiver_id")
    )
}

/// A trigger that re-indexes the copies of every message a renamed user sent or received (the
/// search text holds account names), so a rename shows in everyone's search.
pub(super) fn rename_trigger(kind: Kind) -> String {
    let KindNames {
        copies,
        global,
        link,
        fts,
        ..
    } = kind.names();
    let involved = format!(
        "SELECT c.id FROM \"{copies}\" c JOIN \"{global}\" g ON g.id = c.{link} WHERE NEW.id IN (g.sender_id, g.receiver_id)"
    );
    format!(
        "CREATE TRIGGER IF NOT EXISTS {{s}}.\"{fts}_rename\" AFTER UPDATE OF first_name, last_name ON \"users\" BEGIN \
         DELETE FROM \"{fts}\" WHERE rowid IN ({involved}); \
         INSERT INTO \"{fts}\"(rowid, id, saved_search_text) SELECT id, id, text FROM \"{fts}_refill\" WHERE id IN ({involved}); END"
    )
}

/// The id of the phone account with this number.
pub(crate) fn user_by_phone(db: &Connection, phone: &str) -> Result<Option<i64>, ApiError> {
    Ok(db
        .prepare_cached("SELECT id FROM phone.users WHERE phone_number = ?1")?
        .query_row([phone], |r| r.get(0))
        .optional()?)
}

/// The account with this number, or AppWorld's 409 naming the number.
fn counterpart(db: &Connection, phone: &str) -> Result<i64, ApiError> {
    user_by_phone(db, phone)?.ok_or_else(|| ApiError::not_found_key("user", "phone_number", phone))
}

/// Stores a message from `sender` to `receiver` (phone user ids) at `now`: the global row,
/// then the sender's copy and (unless it is the same person) the receiver's. Returns the id of
/// the sender's copy. Every message takes this path: a user's send, a company's notification
/// and a task setup's message alike.
pub fn store_message(
    db: &Connection,
    kind: Kind,
    sender: i64,
    receiver: i64,
    message: &str,
    now: chrono::NaiveDateTime,
) -> Result<i64, ApiError> {
    let t = sim::clock::fmt_datetime(now);
    let global = NewMessage {
        kind,
        sender_id: sender,
        receiver_id: receiver,
        message,
        created_at: &t,
    }
    .insert(db)?;
    let copy = |user_id| {
        NewMessageCopy {
            kind,
            message_id: global,
            user_id,
            created_at: &t,
        }
        .insert(db)
    };
    let id = copy(sender)?;
    if receiver != sender {
        copy(receiver)?;
    }
    Ok(id)
}

/// One copy of a message as its owner sees it.
struct Copy {
    id: i64,
    owner: i64,
    sender: i64,
    receiver: i64,
    message: String,
    /// The copy's creation time, in the stored form (what `sent_at` shows and sorts by).
    created_at: String,
}

impl Copy {
    /// The other participant (the owner for a message to oneself).
    fn counterpart(&self) -> i64 {
        if self.sender == self.owner {
            self.receiver
        } else {
            self.sender
        }
    }
}

fn select(kind: Kind) -> String {
    format!(
        "SELECT c.id, c.user_id, g.sender_id, g.receiver_id, g.message, c.created_at \
         FROM phone.\"{}\" c JOIN phone.\"{}\" g ON g.id = c.{}",
        kind.names().copies,
        kind.names().global,
        kind.names().link,
    )
}

fn read_copy(r: &rusqlite::Row) -> rusqlite::Result<Copy> {
    Ok(Copy {
        id: r.get(0)?,
        owner: r.get(1)?,
        sender: r.get(2)?,
        receiver: r.get(3)?,
        message: r.get(4)?,
        created_at: sim::clock::normalize_datetime(r.get(5)?),
    })
}

/// The caller's copies, by id.
fn own_copies(ctx: &Ctx, kind: Kind, me: i64) -> Result<Vec<Copy>, ApiError> {
    let mut st = ctx.db.prepare_cached(&format!(
        "{} WHERE c.user_id = ?1 ORDER BY c.id",
        select(kind)
    ))?;
    let rows = st.query_map([me], read_copy)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One copy the caller owns: 409 if there is none with this id, 422 if it is someone else's.
fn owned_copy(ctx: &Ctx, kind: Kind, id: i64) -> Result<Copy, ApiError> {
    let me = ctx.user()?.id;
    let copy = ctx
        .db
        .prepare_cached(&format!("{} WHERE c.id = ?1", select(kind)))?
        .query_row([id], read_copy)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id(kind.names().thing, id))?;
    if copy.owner != me {
        return Err(ApiError::not_owner(kind.names().thing));
    }
    Ok(copy)
}

/// Renders copies for their owner: each participant's phone number, named by the owner's
/// contact with that number (the first in e-mail order) or else by their account name.
struct Renderer<'a> {
    db: &'a Connection,
    me: i64,
    parties: HashMap<i64, Value>,
}

impl<'a> Renderer<'a> {
    fn new(db: &'a Connection, me: i64) -> Self {
        Self {
            db,
            me,
            parties: HashMap::new(),
        }
    }

    fn party(&mut self, user: i64) -> Result<Value, ApiError> {
        if let Some(p) = self.parties.get(&user) {
            return Ok(p.clone());
        }
        let db = self.db;
        // AppWorld fails to render a message whose participant deleted their account (a
        // server error); appsim says which account is missing instead.
        let (name, phone): (String, String) = db
            .prepare_cached(
                "SELECT first_name || ' ' || last_name, phone_number FROM phone.users WHERE id = ?1",
            )?
            .query_row([user], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?
            .ok_or_else(|| ApiError::not_found_id("user", user))?;
        let contact: Option<(i64, String)> = db
            .prepare_cached(
                "SELECT id, first_name || ' ' || last_name FROM phone.contacts \
                 WHERE user_id = ?1 AND phone_number = ?2 ORDER BY email, id LIMIT 1",
            )?
            .query_row(params![self.me, phone], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        let (contact_id, name) = match contact {
            Some((id, name)) => (json!(id), name),
            None => (Value::Null, name),
        };
        let p = json!({"contact_id": contact_id, "name": name, "phone_number": phone});
        self.parties.insert(user, p.clone());
        Ok(p)
    }

    fn render(&mut self, kind: Kind, c: &Copy) -> Result<Value, ApiError> {
        let mut m = Map::new();
        m.insert(kind.names().id_field.into(), json!(c.id));
        m.insert("sender".into(), self.party(c.sender)?);
        m.insert("receiver".into(), self.party(c.receiver)?);
        m.insert("message".into(), json!(c.message));
        m.insert("sent_at".into(), json!(c.created_at));
        Ok(Value::Object(m))
    }

    fn render_all(&mut self, kind: Kind, copies: &[Copy]) -> Result<Value, ApiError> {
        Ok(Value::Array(
            copies
                .iter()
                .map(|c| self.render(kind, c))
                .collect::<Result<_, _>>()?,
        ))
    }
}

fn created_at(c: &Copy, _: &str) -> Value {
    json!(c.created_at)
}

/// The newest copy per counterpart (the first among equally new ones), counterparts in the
/// order their newest message comes.
fn latest_per_contact(mut copies: Vec<Copy>) -> Vec<Copy> {
    sort_rows(&mut copies, &newest_first(), created_at);
    let mut seen = HashSet::new();
    copies.retain(|c| seen.insert(c.counterpart()));
    copies
}

fn newest_first() -> SortKey {
    SortKey {
        field: "created_at".into(),
        descending: true,
    }
}

/// search_text_messages / search_voice_messages: the caller's copies, optionally only those with
/// one counterpart and only the newest per counterpart. Without a query they are ordered by
/// `sort_by` (default newest first) and paged; a query ranks them, pages, and `sort_by` then
/// orders the page.
pub(super) fn search(ctx: &mut Ctx, a: &Args, kind: Kind) -> Result<Value, ApiError> {
    let me = ctx.user()?.id;
    let mut copies = own_copies(ctx, kind, me)?;
    if let Some(phone) = a.opt_str("phone_number") {
        let other = counterpart(ctx.db, phone)?;
        copies.retain(|c| c.counterpart() == other);
    }
    if a.opt_bool("only_latest_per_contact") == Some(true) {
        copies = latest_per_contact(copies);
    }
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    let sort = parse_sort(a.opt_str("sort_by"), &["created_at"])?;
    // A query without words to search for (blank, or only quotes) lists as no query does.
    let query = a.str("query");
    let page = SearchPage {
        query: fts_query(query).map(|_| query),
        sort_all: Some(&sort.clone().unwrap_or_else(newest_first)),
        sort_page: sort.as_ref(),
        index,
        limit,
    }
    .apply(ctx, "phone", kind.names().fts, copies, |c| c.id, created_at)?;
    Renderer::new(ctx.db, me).render_all(kind, &page)
}

/// A window bound in the stored form, or AppWorld's 422 naming the parameter.
fn bound(a: &Args, param: &str) -> Result<String, ApiError> {
    datetime_param(param, a.str(param)).map(sim::clock::fmt_datetime)
}

/// show_text_message_window / show_voice_message_window: the caller's copies with one
/// counterpart sent within the (inclusive) bounds, paged newest first (default) or oldest
/// first, each page returned oldest first.
pub(super) fn window(ctx: &mut Ctx, a: &Args, kind: Kind) -> Result<Value, ApiError> {
    let me = ctx.user()?.id;
    let (min, max) = (bound(a, "min_datetime")?, bound(a, "max_datetime")?);
    let other = counterpart(ctx.db, a.str("phone_number"))?;
    let mut copies = own_copies(ctx, kind, me)?;
    copies.retain(|c| c.counterpart() == other && c.created_at >= min && c.created_at <= max);
    let order = SortKey {
        field: "created_at".into(),
        descending: a.str("pagination_order") != "ascending",
    };
    sort_rows(&mut copies, &order, created_at);
    let mut page = paginate(copies, a.int("page_index"), a.int("page_limit"));
    let oldest_first = SortKey {
        field: "created_at".into(),
        descending: false,
    };
    sort_rows(&mut page, &oldest_first, created_at);
    Renderer::new(ctx.db, me).render_all(kind, &page)
}

/// show_text_message / show_voice_message.
pub(super) fn show(ctx: &mut Ctx, a: &Args, kind: Kind) -> Result<Value, ApiError> {
    let copy = owned_copy(ctx, kind, a.int(kind.names().id_field))?;
    let me = ctx.user()?.id;
    Renderer::new(ctx.db, me).render(kind, &copy)
}

/// delete_text_message / delete_voice_message: removes the caller's copy only.
pub(super) fn delete(ctx: &mut Ctx, a: &Args, kind: Kind) -> Result<Value, ApiError> {
    let copy = owned_copy(ctx, kind, a.int(kind.names().id_field))?;
    ctx.db.execute_cached(
        &format!(
            "DELETE FROM phone.\"{}\" WHERE id = ?1",
            kind.names().copies
        ),
        [copy.id],
    )?;
    Ok(json!({"message": format!("{} message deleted.", kind.names().word)}))
}

/// send_text_message / send_voice_message: to the account with the number in the path.
pub(super) fn send(ctx: &mut Ctx, a: &Args, kind: Kind) -> Result<Value, ApiError> {
    let me = ctx.user()?.id;
    let other = counterpart(ctx.db, a.str("phone_number"))?;
    let id = store_message(ctx.db, kind, me, other, a.str("message"), ctx.now)?;
    let mut m = Map::new();
    m.insert(
        "message".into(),
        json!(format!("{} message sent.", kind.names().word)),
    );
    m.insert(kind.names().id_field.into(), json!(id));
    Ok(Value::Object(m))
}
