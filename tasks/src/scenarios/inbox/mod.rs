//! Gmail-centred scenarios (all named `... (inbox)`, all `Split::TestChallenge`): sorting the
//! inbox by who wrote (labels, flags, archive, spam), acting on what e-mails say in other apps
//! (Venmo requests for what friends agreed to pay, Todoist tasks from an e-mailed agenda),
//! sending files from the file system and answers from notes, forwarding to the manager. The
//! people come from the world's ties (phone contacts labelled `coworker`, `manager`, `friend`,
//! `roommate`); every e-mail a task depends on is delivered in its setup through gmail's own
//! path, so the expected values are known, and checks read the end state.

mod agenda_tasks;
mod bill_to_roommates;
mod files_to_manager;
mod label_by_relation;
mod playlist_link;
mod receipts_to_splitwise;
mod reply_all_from_note;
mod spam_cleanup;
mod ticket_requests;

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::gmail::ids_of;
use crate::kit::people::related_any;
use crate::model::{Allow, Check, Split};
use crate::scenarios::{Gen, Scenario};
use apps::people::{Person, Relation};
use rusqlite::OptionalExtension;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "label the threads from a group of contacts (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: label_by_relation::build,
        },
        Scenario {
            name: "request ticket money from friends who replied yes (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: ticket_requests::build,
        },
        Scenario {
            name: "e-mail the roommates the water bill and their share (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: bill_to_roommates::build,
        },
        Scenario {
            name: "add my e-mailed action items to Todoist (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: agenda_tasks::build,
        },
        Scenario {
            name: "reply to all with the answer from my notes (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: reply_all_from_note::build,
        },
        Scenario {
            name: "rescue contacts' e-mails from spam and delete the rest (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: spam_cleanup::build,
        },
        Scenario {
            name: "send my manager a coworker's e-mailed files (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: files_to_manager::build,
        },
        Scenario {
            name: "e-mail my playlist's link to the people in a note (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: playlist_link::build,
        },
        Scenario {
            name: "record roommates' e-mailed receipts on Splitwise (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: receipts_to_splitwise::build,
        },
    ]
}

/// A supervisor with a manager and two coworkers or more: (supervisor, manager, coworkers).
fn boss_and_coworkers(g: &mut Gen) -> (Person, Person, Vec<Person>) {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, &[Relation::Manager], 1) && has_n(pop, p, &[Relation::Coworker], 2)
    });
    let boss = related_any(g.population, &p, &[Relation::Manager])[0].clone();
    let cws = related_any(g.population, &p, &[Relation::Coworker]);
    (p, boss, cws)
}

/// Does `p` have at least `n` people with one of the relations `rels`?
fn has_n(pop: &apps::people::Population, p: &Person, rels: &[Relation], n: usize) -> bool {
    pop.relations_of(p.id)
        .iter()
        .filter(|(r, _)| rels.contains(r))
        .count()
        >= n
}

/// An e-mail the supervisor sent during the episode.
struct Sent {
    id: i64,
    to: Vec<i64>,
    subject: String,
    body: String,
    response_to: Option<i64>,
}

/// The e-mails the supervisor sent during the episode, in order.
fn sent_mail(ctx: &EvalCtx) -> Vec<Sent> {
    let me = ctx.user_id("gmail");
    added(ctx, "gmail", "emails")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| Sent {
            id: r.get("id").as_i64().unwrap_or(0),
            to: ids_of(r.get("recipient_ids")),
            subject: r.get("subject").as_str().unwrap_or("").to_string(),
            body: r.get("body").as_str().unwrap_or("").to_string(),
            response_to: r.get("response_to_email_id").as_i64(),
        })
        .collect()
}

/// The file names attached to e-mail `id`.
fn attachment_names(ctx: &EvalCtx, id: i64) -> Vec<String> {
    let Ok(mut st) = ctx
        .db
        .prepare_cached("SELECT file_name FROM gmail.attachments WHERE email_id = ?1 ORDER BY id")
    else {
        return Vec::new();
    };
    st.query_map([id], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The id of the latest e-mail with exactly `subject` from `from` that involves the supervisor.
fn mail_id(ctx: &EvalCtx, from: &str, subject: &str) -> Option<i64> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT e.id FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id \
             WHERE u.email = ?1 AND e.subject = ?2 AND (e.sender_id = ?3 OR EXISTS \
             (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?3)) ORDER BY e.id DESC LIMIT 1",
            rusqlite::params![from, subject, me],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// The supervisor's thread copy holding e-mail `email` in the end state: (id, label, read,
/// starred, archived, spam); None when there is none (deleted).
type Flags = (i64, Option<String>, bool, bool, bool, bool);

fn thread_of(ctx: &EvalCtx, email: i64) -> Option<Flags> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT id, label, read, starred, archived, spam FROM gmail.user_email_threads WHERE user_id = ?1 \
             AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?2)",
            rusqlite::params![me, email],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .optional()
        .ok()
        .flatten()
}

/// The flags of the thread holding the designed e-mail (`from`, `subject`), or why not.
fn designed_thread(ctx: &EvalCtx, from: &str, subject: &str) -> Result<Flags, String> {
    let id = mail_id(ctx, from, subject).ok_or_else(|| format!("no e-mail \"{subject}\""))?;
    thread_of(ctx, id).ok_or_else(|| format!("the thread of \"{subject}\" is gone"))
}

/// A check that the thread of a designed e-mail satisfies `want`.
fn thread_check(
    name: String,
    from: String,
    subject: String,
    want: impl Fn(&Flags) -> Result<(), String> + Send + Sync + 'static,
) -> Check {
    Check::new(name, move |ctx| {
        want(&designed_thread(ctx, &from, &subject)?)
    })
}

/// Allows saving e-mail attachments to the file system: their download counts, and the
/// supervisor's new files and folders.
fn allow_downloads() -> [Allow; 2] {
    [
        Allow::new("download counts of e-mail attachments", |_, r| {
            r.is("gmail", "attachments")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns() == ["download_count"]
        }),
        Allow::new("downloaded files and their folders", |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.kind() == ChangeKind::Added
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
        }),
    ]
}
