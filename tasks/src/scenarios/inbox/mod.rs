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
use crate::kit::changes::is_mine;
use crate::kit::gmail::{Thread, involving, thread_of};
use crate::kit::people::related_any;
use crate::model::{Allow, Check, Split};
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Relation};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "label the threads from a group of contacts (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<label_by_relation::Values>,
        },
        Scenario {
            name: "request ticket money from friends who replied yes (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<ticket_requests::Values>,
        },
        Scenario {
            name: "e-mail the roommates the water bill and their share (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<bill_to_roommates::Values>,
        },
        Scenario {
            name: "add my e-mailed action items to Todoist (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<agenda_tasks::Values>,
        },
        Scenario {
            name: "reply to all with the answer from my notes (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<reply_all_from_note::Values>,
        },
        Scenario {
            name: "rescue contacts' e-mails from spam and delete the rest (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<spam_cleanup::Values>,
        },
        Scenario {
            name: "send my manager a coworker's e-mailed files (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<files_to_manager::Values>,
        },
        Scenario {
            name: "e-mail my playlist's link to the people in a note (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<playlist_link::Values>,
        },
        Scenario {
            name: "record roommates' e-mailed receipts on Splitwise (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<receipts_to_splitwise::Values>,
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

/// The flags of the supervisor's thread holding the latest e-mail `subject` from `from`, or
/// why not.
fn designed_thread(ctx: &EvalCtx, from: &str, subject: &str) -> Result<Thread, String> {
    let id = involving(ctx, from, subject).ok_or_else(|| format!("no e-mail \"{subject}\""))?;
    thread_of(ctx, id).ok_or_else(|| format!("the thread of \"{subject}\" is gone"))
}

/// A check that the thread of a designed e-mail satisfies `want`.
fn thread_check(
    name: String,
    from: String,
    subject: String,
    want: impl Fn(&Thread) -> Result<(), String> + Send + Sync + 'static,
) -> Check {
    Check::new(name, move |ctx| {
        want(&designed_thread(ctx, &from, &subject)?)
    })
}

/// Allows saving e-mail attachments to the file system: the supervisor's new files and
/// folders (the attachments' download counts are read counters, never damage).
fn allow_downloads() -> Allow {
    Allow::new("downloaded files and their folders", |ctx, r| {
        (r.is("file_system", "files") || r.is("file_system", "directories"))
            && r.kind() == ChangeKind::Added
            && is_mine(ctx, r, "file_system", "user_id")
    })
}
