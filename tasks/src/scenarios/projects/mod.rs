//! Scenarios of the "(projects)" set: Todoist work that crosses other apps, each needing the
//! agent to look tasks, people, files or messages up for real among near misses.
//!
//! - attach the file a manager's latest text names to a team task (phone, file_system);
//! - close the Inbox tasks whose payment receipts are in the file system, commenting the amount;
//! - postpone a label's tasks due this week by a week, commenting the manager's text (phone);
//! - pay on Venmo the housemate who did the supervisor's Home chores (comments tell who);
//! - a project with a task per day of an upcoming trip's itinerary (file_system, phone invites);
//! - archive the finished projects (past the first page) and list them in a note (simple_note);
//! - staff a project from a note: assign members' tasks, invite the others (simple_note, phone);
//! - complete the "Listen to" album tasks the Spotify library (or likes) already holds;
//! - bring a to-do list file into the Inbox (file_system): new items, due dates, done ones.

mod albums_to_listen;
mod archive_finished;
mod attach_for_manager;
mod close_with_receipts;
mod import_todo_file;
mod pay_for_chores;
mod postpone_labelled;
mod staff_from_note;
mod trip_days;

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::allow_added;
use crate::kit::todoist::{
    NewComment, Task, invitees, is_mine, my_tasks, new_comments, user_email,
};
use crate::model::{Allow, Split};
use crate::scenarios::{Gen, Scenario, build};
use apps::people::Person;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "attach the file my manager texted about to a team task (projects)",
            split: Split::Train,
            difficulty: 2,
            build: build::<attach_for_manager::Values>,
        },
        Scenario {
            name: "close the Inbox tasks I have receipts for (projects)",
            split: Split::Train,
            difficulty: 2,
            build: build::<close_with_receipts::Values>,
        },
        Scenario {
            name: "postpone labelled tasks a week with my manager's reason (projects)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<postpone_labelled::Values>,
        },
        Scenario {
            name: "pay the housemate who did my chores (projects)",
            split: Split::Dev,
            difficulty: 3,
            build: build::<pay_for_chores::Values>,
        },
        Scenario {
            name: "a project with a task per day of my upcoming trip (projects)",
            split: Split::Train,
            difficulty: 2,
            build: build::<trip_days::Values>,
        },
        Scenario {
            name: "archive my finished projects and list them in a note (projects)",
            split: Split::Train,
            difficulty: 2,
            build: build::<archive_finished::Values>,
        },
        Scenario {
            name: "staff my project from a note: assign members, invite the rest (projects)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<staff_from_note::Values>,
        },
        Scenario {
            name: "close the album tasks I have on Spotify (projects)",
            split: Split::Train,
            difficulty: 2,
            build: build::<albums_to_listen::Values>,
        },
        Scenario {
            name: "bring my to-do list file into the Inbox (projects)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<import_todo_file::Values>,
        },
    ]
}

/// A supervisor for this variant who works at a company someone else manages: (supervisor,
/// company name, manager).
fn supervisor_with_manager(g: &mut Gen) -> (Person, String, Person) {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.companies
            .iter()
            .any(|c| c.manager != p.id && c.employees.contains(&p.id))
    });
    let Some((company, boss)) = g
        .population
        .companies
        .iter()
        .find(|c| c.manager != p.id && c.employees.contains(&p.id))
        .map(|c| (c.name.clone(), g.person(c.manager)))
    else {
        unreachable!("the supervisor has a manager")
    };
    (p, company, boss)
}

/// The tasks of every project the supervisor collaborates on, as they are now (read once per
/// evaluation).
fn todos(ctx: &EvalCtx) -> Vec<Task> {
    ctx.memo("todos", || my_tasks(ctx))
}

/// The supervisor's task titled `title` (in `project`, if given).
fn todo_titled(ctx: &EvalCtx, project: Option<&str>, title: &str) -> Option<Task> {
    todos(ctx)
        .into_iter()
        .find(|t| t.title == title && project.is_none_or(|p| t.project == p))
}

/// Exactly one new comment on each task `(title, text)` (looked up in `project`), reading
/// `text`.
fn one_comment_each<'a>(
    ctx: &EvalCtx,
    project: Option<&str>,
    want: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<(), String> {
    let comments = new_comments(ctx);
    for (title, text) in want {
        let Some(t) = todo_titled(ctx, project, title) else {
            return Err(format!("\"{title}\" is gone"));
        };
        let on: Vec<&NewComment> = comments.iter().filter(|c| c.task == t.id).collect();
        if on.len() != 1 || on[0].content.trim() != text {
            return Err(format!(
                "comments on \"{title}\": {:?}",
                on.iter().map(|c| &c.content).collect::<Vec<_>>()
            ));
        }
    }
    Ok(())
}

/// No new comment on a task but those titled `titles` (looked up in `project`).
fn no_comment_but_on<'a>(
    ctx: &EvalCtx,
    project: Option<&str>,
    titles: impl IntoIterator<Item = &'a str>,
) -> Result<(), String> {
    let ids: Vec<i64> = titles
        .into_iter()
        .filter_map(|t| todo_titled(ctx, project, t).map(|x| x.id))
        .collect();
    match new_comments(ctx).iter().find(|c| !ids.contains(&c.task)) {
        Some(c) => Err(format!("a comment on task {}", c.task)),
        None => Ok(()),
    }
}

/// Every Inbox task titled one of `titles` is completed.
fn inbox_done(ctx: &EvalCtx, titles: &[String]) -> Result<(), String> {
    for t in titles {
        match todo_titled(ctx, Some("Inbox"), t) {
            Some(x) if x.completed => {}
            _ => return Err(format!("\"{t}\" is not done")),
        }
    }
    Ok(())
}

/// The supervisor's comments (and their attachments) on tasks of their projects.
fn allow_own_comments() -> Vec<Allow> {
    vec![
        allow_added(
            "the supervisor's task comments",
            "todoist",
            "task_comments",
            is_mine,
        ),
        allow_added(
            "attachments of those comments",
            "todoist",
            "attachments",
            |_, _| true,
        ),
    ]
}

/// Updates of the supervisor's tasks touching only `columns`.
fn allow_task_updates(columns: &'static [&'static str]) -> Allow {
    Allow::new(
        format!("updates of the supervisor's tasks ({})", columns.join(", ")),
        move |ctx, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns()
                    .iter()
                    .all(|c| columns.contains(&c.as_str()))
                && todos(ctx).iter().any(|t| t.id == r.id)
        },
    )
}

/// The e-mails of the people the episode invited to a project, sorted.
fn invited_emails(ctx: &EvalCtx) -> Vec<String> {
    let mut got: Vec<String> = invitees(ctx)
        .into_iter()
        .filter_map(|id| user_email(ctx.db, id))
        .collect();
    got.sort();
    got
}

/// What inviting people to a project writes: the invites and the e-mails Todoist sends.
fn allow_invites() -> Vec<Allow> {
    vec![
        allow_added("invites", "todoist", "project_invites", |_, _| true),
        Allow::new("the invitation e-mails Todoist sends", |_, r| {
            r.schema == "gmail" && r.kind() == ChangeKind::Added
        }),
    ]
}

/// Friends of `p` (phone contacts labelled `friend`), in id order.
fn friends(g: &Gen, p: &Person) -> Vec<Person> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == apps::people::Relation::Friend)
        .map(|(_, id)| g.person(id))
        .collect()
}
