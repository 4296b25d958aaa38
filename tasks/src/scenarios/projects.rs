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

use super::{Gen, Parts, Scenario, step};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::allow::venmo_payments;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::people::housemates;
use crate::kit::python::FLAT;
use crate::kit::python::{logins, py, solution};
use crate::kit::time::ymd;
use crate::kit::venmo::payments_sent;
use crate::model::{Allow, Check, Split};
use apps::people::Person;
use chrono::{Duration, NaiveDate};
use serde_json::Value;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "attach the file my manager texted about to a team task (projects)",
            split: Split::Train,
            difficulty: 2,
            build: attach_for_manager,
        },
        Scenario {
            name: "close the Inbox tasks I have receipts for (projects)",
            split: Split::Train,
            difficulty: 2,
            build: close_with_receipts,
        },
        Scenario {
            name: "postpone labelled tasks a week with my manager's reason (projects)",
            split: Split::TestNormal,
            difficulty: 3,
            build: postpone_labelled,
        },
        Scenario {
            name: "pay the housemate who did my chores (projects)",
            split: Split::Dev,
            difficulty: 3,
            build: pay_for_chores,
        },
        Scenario {
            name: "a project with a task per day of my upcoming trip (projects)",
            split: Split::Train,
            difficulty: 2,
            build: trip_days,
        },
        Scenario {
            name: "archive my finished projects and list them in a note (projects)",
            split: Split::Train,
            difficulty: 2,
            build: archive_finished,
        },
        Scenario {
            name: "staff my project from a note: assign members, invite the rest (projects)",
            split: Split::TestNormal,
            difficulty: 3,
            build: staff_from_note,
        },
        Scenario {
            name: "close the album tasks I have on Spotify (projects)",
            split: Split::Train,
            difficulty: 2,
            build: albums_to_listen,
        },
        Scenario {
            name: "bring my to-do list file into the Inbox (projects)",
            split: Split::Dev,
            difficulty: 2,
            build: import_todo_file,
        },
    ]
}

// ---- shared helpers ---------------------------------------------------------------------------

/// A column value as a flag (SQLite integers or JSON booleans).
fn truthy(v: &Value) -> bool {
    v.as_bool().unwrap_or(false) || v.as_i64().is_some_and(|n| n != 0)
}

/// The company `p` works at with someone else managing it: (company name, manager).
fn employer(g: &Gen, p: &Person) -> Option<(String, Person)> {
    g.population
        .companies
        .iter()
        .find(|c| c.manager != p.id && c.employees.contains(&p.id))
        .map(|c| (c.name.clone(), g.person(c.manager)))
}

/// A task of the supervisor's projects, as it is now.
#[derive(Debug, Clone)]
struct Todo {
    id: i64,
    project: String,
    title: String,
    /// `YYYY-MM-DD`.
    due: Option<String>,
    completed: bool,
    assignee: Option<i64>,
}

/// The tasks of every project the supervisor collaborates on, as they are now (read once per
/// evaluation).
fn todos(ctx: &EvalCtx) -> Vec<Todo> {
    ctx.memo("todos", || read_todos(ctx))
}

fn read_todos(ctx: &EvalCtx) -> Vec<Todo> {
    let Some(me) = ctx.user_id("todoist") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT t.id, p.name, t.title, t.due_date, t.is_completed, t.assignee_id \
         FROM todoist.tasks t JOIN todoist.projects p ON p.id = t.project_id \
         WHERE t.project_id IN (SELECT project_id FROM todoist.project_collaborator_links WHERE user_id = ?1) ORDER BY t.id",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| {
        Ok(Todo {
            id: r.get(0)?,
            project: r.get(1)?,
            title: r.get(2)?,
            due: r
                .get::<_, Option<String>>(3)?
                .map(|d| d.chars().take(10).collect()),
            completed: r.get(4)?,
            assignee: r.get(5)?,
        })
    })
    .map(|it| it.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The supervisor's task titled `title` (in `project`, if given).
fn todo_titled(ctx: &EvalCtx, project: Option<&str>, title: &str) -> Option<Todo> {
    todos(ctx)
        .into_iter()
        .find(|t| t.title == title && project.is_none_or(|p| t.project == p))
}

/// A comment the episode added: (id, task id, author's todoist id, content).
#[derive(Debug, Clone)]
struct NewComment {
    id: i64,
    task: i64,
    user: Option<i64>,
    content: String,
}

/// The comments the episode added.
fn new_comments(ctx: &EvalCtx) -> Vec<NewComment> {
    added(ctx, "todoist", "task_comments")
        .into_iter()
        .map(|r| NewComment {
            id: r.id,
            task: r.get("task_id").as_i64().unwrap_or(0),
            user: r.get("user_id").as_i64(),
            content: r.get("content").as_str().unwrap_or("").to_string(),
        })
        .collect()
}

/// The attachments of comment `id`: (file name, content).
fn attachments(ctx: &EvalCtx, id: i64) -> Vec<(String, String)> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT file_name, coalesce(file_content, '') FROM todoist.attachments WHERE task_comment_id = ?1 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .map(|it| it.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The supervisor's comments (and their attachments) on tasks of their projects.
fn allow_own_comments() -> Vec<Allow> {
    vec![
        allow_added(
            "the supervisor's task comments",
            "todoist",
            "task_comments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
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

/// A check that no task was added or deleted.
fn no_task_added_or_deleted() -> Check {
    Check::new("no task was added or deleted", |ctx| {
        match ctx
            .diff
            .rows
            .iter()
            .find(|r| r.is("todoist", "tasks") && r.kind() != ChangeKind::Updated)
        {
            Some(r) => Err(r.describe()),
            None => Ok(()),
        }
    })
}

// ---- 1. attach the file my manager texted about ----------------------------------------------

/// "My manager texted me asking for a file on one of our team's Todoist tasks; do what they
/// asked." The latest text from the manager names the file, the task and the comment's words;
/// an older text asks for something else. The file sits in `~/documents/work/` next to an
/// older version; variant 2 files it in a sub-folder, variant 3 adds a team task with a
/// near-miss title.
fn attach_for_manager(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.companies
            .iter()
            .any(|c| c.manager != p.id && c.employees.contains(&p.id))
    });
    let Some((company, boss)) = employer(g, &p) else {
        unreachable!("the supervisor has a manager")
    };
    let team = format!("{company} Team");
    // (task title, near-miss task, file path, old version path, file name in the text,
    //  comment, older text's task)
    let (title, near, path, old, fname, comment) = match g.variant {
        1 => (
            "Finalize the vendor contract",
            None,
            "~/documents/work/vendor_contract_v3.docx",
            "~/documents/work/vendor_contract_v2.docx",
            "vendor_contract_v3.docx",
            "Attached the signed-off version.",
        ),
        2 => (
            "Prepare the quarterly board slides",
            None,
            "~/documents/work/board/board_slides_q2.pptx",
            "~/documents/work/board/board_slides_q1.pptx",
            "board_slides_q2.pptx",
            "Slides for the board meeting are attached.",
        ),
        _ => (
            "Review the hiring plan",
            Some("Review the hiring plan template"),
            "~/documents/work/hiring_plan_2023.xlsx",
            "~/documents/work/hiring_plan_2022.xlsx",
            "hiring_plan_2023.xlsx",
            "Here is the current hiring plan.",
        ),
    };
    let instruction = match g.variant {
        1 => {
            "My manager texted me asking for a file on one of our team's Todoist tasks. Please do what they asked."
        }
        2 => {
            "Check my manager's latest text: they want a document attached to a task in our team's Todoist project. Take care of it."
        }
        _ => {
            "My boss sent me a text about one of the tasks in our team project on Todoist. Do what the text asks."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "file_system", "todoist"];
    let text = format!(
        "Hi {}, could you attach {fname} to the \"{title}\" task in our team project? Add a comment saying \"{comment}\" Thanks!",
        p.first_name
    );
    let older = format!(
        "Hi {}, please attach the meeting notes to the \"Write the release notes\" task when you get a chance.",
        p.first_name
    );
    let body = format!(
        "{title}\n\nPrepared by {} {}.\nVersion for {company}.",
        p.first_name, p.last_name
    );
    let old_body = format!("{title}\n\nEarlier draft by {}.", p.first_name);
    let now = g.now;
    let (sup, mgr, team_s) = (p.clone(), boss.clone(), team.clone());
    let (title_s, near_s, path_s, old_s) = (
        title.to_string(),
        near.map(str::to_string),
        path.to_string(),
        old.to_string(),
    );
    let (text_s, body_s) = (text.clone(), body.clone());
    parts.setup.push(step(move |s| {
        let pid = s.todo_project(&sup, &team_s)?;
        let section = s.todo_section(pid, "In Progress")?;
        let at = now - Duration::days(9);
        let due = Some((now + Duration::days(4)).date());
        s.add_todo_task(
            pid,
            Some(section),
            &mgr,
            &title_s,
            due,
            "high",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            pid,
            Some(section),
            &mgr,
            "Write the release notes",
            due,
            "medium",
            false,
            Some(&sup),
            at,
        )?;
        if let Some(n) = &near_s {
            let backlog = s.todo_section(pid, "Backlog")?;
            s.add_todo_task(
                pid,
                Some(backlog),
                &mgr,
                n,
                due,
                "low",
                false,
                Some(&sup),
                at,
            )?;
        }
        s.add_file(&sup, &old_s, &old_body, now - Duration::days(30))?;
        s.add_file(&sup, &path_s, &body_s, now - Duration::days(2))?;
        s.add_text(&mgr, &sup, &older, now - Duration::days(6))?;
        s.add_text(&mgr, &sup, &text_s, now - Duration::hours(3))?;
        Ok(())
    }));
    let logins = format!(
        "{}\n{FLAT}",
        logins(&[("ph", "phone"), ("fs", "file_system"), ("td", "todoist")])
    );
    let read_text = "boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")[0]\nmsgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=boss[\"phone_number\"])\nmsgs = [m for m in msgs if m[\"sender\"][\"phone_number\"] == boss[\"phone_number\"]]\nlatest = max(msgs, key=lambda m: m[\"sent_at\"])[\"message\"]\nprint(latest)\nfname = re.search(r\"attach (\\S+) to\", latest).group(1)\ntitle = re.search(r'the \"([^\"]+)\" task', latest).group(1)\ncomment = re.search(r'saying \"([^\"]+)\"', latest).group(1)";
    let find_file = "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/\", substring=fname, entry_type=\"files\")\npath = [q for q in paths if q.split(\"/\")[-1] == fname][0]";
    let find_task = "projects = all_pages(apis.todoist.show_projects, access_token=td)\nteam = [q for q in projects if q[\"name\"].endswith(\" Team\")][0]\ntasks = flat(apis.todoist.show_tasks(access_token=td, project_id=team[\"project_id\"]))\ntask = [t for t in tasks if t[\"title\"] == title][0]\nprint(all_pages(apis.todoist.show_task_comments, access_token=td, task_id=task[\"task_id\"]))";
    let post = "apis.todoist.post_task_comment(access_token=td, task_id=task[\"task_id\"], content=comment, attachment_file_paths=[path], file_system_access_token=fs)\napis.supervisor.complete_task()";
    let gt = |read: &str, file: &str, task: &str, post: &str| {
        vec![
            logins.clone(),
            read.to_string(),
            file.to_string(),
            task.to_string(),
            post.to_string(),
        ]
    };
    parts.ground_truth = gt(read_text, find_file, find_task, post);
    let old_name = old.rsplit('/').next().unwrap_or_default();
    parts.wrong = vec![
        solution(
            "attaches the older version of the file",
            gt(
                read_text,
                &format!("{find_file}\npath = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=\"~/\", entry_type=\"files\") if q.endswith({})][0]", py(old_name)),
                find_task,
                post,
            ),
        ),
        solution(
            "comments without attaching the file",
            gt(
                read_text,
                find_file,
                find_task,
                "apis.todoist.post_task_comment(access_token=td, task_id=task[\"task_id\"], content=comment)\napis.supervisor.complete_task()",
            ),
        ),
        solution(
            "follows the manager's older text",
            gt(
                &format!("{read_text}\ntitle = \"Write the release notes\"\ncomment = \"Attached the meeting notes.\""),
                find_file,
                find_task,
                post,
            ),
        ),
        solution(
            "also completes the task",
            gt(
                read_text,
                find_file,
                find_task,
                &post.replace(
                    "apis.supervisor.complete_task()",
                    "apis.todoist.update_task(access_token=td, task_id=task[\"task_id\"], is_completed=True)\napis.supervisor.complete_task()",
                ),
            ),
        ),
    ];
    if near.is_some() {
        parts.wrong.push(solution(
            "comments on the task with the near-miss title",
            gt(
                read_text,
                find_file,
                &find_task.replace(
                    "t[\"title\"] == title",
                    "title in t[\"title\"] and t[\"title\"] != title",
                ),
                post,
            ),
        ));
    }
    let (t1, t2) = (title.to_string(), title.to_string());
    let (c1, f1, b1) = (comment.to_string(), fname.to_string(), body.clone());
    let team1 = team.clone();
    parts.checks = vec![
        Check::new(
            format!("one comment of mine on \"{title}\" in {team}"),
            move |ctx| {
                let Some(t) = todo_titled(ctx, Some(&team1), &t1) else {
                    return Err("the task is gone".into());
                };
                let n = new_comments(ctx)
                    .iter()
                    .filter(|c| c.task == t.id && c.user == ctx.user_id("todoist"))
                    .count();
                if n == 1 {
                    Ok(())
                } else {
                    Err(format!("{n} comments"))
                }
            },
        ),
        Check::new(
            format!("the comment reads \"{comment}\""),
            move |ctx| match new_comments(ctx).first() {
                Some(c) if c.content.trim() == c1 => Ok(()),
                Some(c) => Err(format!("it reads \"{}\"", c.content)),
                None => Err("no comment".into()),
            },
        ),
        Check::new(
            format!("it has exactly one attachment, {fname}"),
            move |ctx| {
                let Some(c) = new_comments(ctx).first().cloned() else {
                    return Err("no comment".into());
                };
                let a = attachments(ctx, c.id);
                if a.len() == 1 && a[0].0 == f1 {
                    Ok(())
                } else {
                    Err(format!(
                        "attachments {:?}",
                        a.iter().map(|x| &x.0).collect::<Vec<_>>()
                    ))
                }
            },
        ),
        Check::new(
            "the attachment is the latest version of the file",
            move |ctx| {
                let Some(c) = new_comments(ctx).first().cloned() else {
                    return Err("no comment".into());
                };
                match attachments(ctx, c.id).first() {
                    Some(a) if a.1 == b1 => Ok(()),
                    Some(a) => Err(format!("content {:?}", a.1)),
                    None => Err("no attachment".into()),
                }
            },
        ),
        Check::new("no comment on any other task", move |ctx| {
            let want = todo_titled(ctx, None, &t2).map(|t| t.id);
            match new_comments(ctx).iter().find(|c| Some(c.task) != want) {
                Some(c) => Err(format!("a comment on task {}", c.task)),
                None => Ok(()),
            }
        }),
        Check::new("no task was changed", |ctx| {
            match ctx.diff.rows.iter().find(|r| r.is("todoist", "tasks")) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = allow_own_comments();
    parts.allowed.push(allow::todo_notifications());
    parts
}

// ---- 2. close the Inbox tasks I have receipts for ---------------------------------------------

/// A payment receipt as a biller's PDF reads.
fn receipt(what: &str, payee: &str, cents: i64, on: NaiveDate) -> String {
    format!(
        "PAYMENT RECEIPT\nPaid to: {payee}\nPayment for: {what}\nDate: {}\nAmount paid: ${}.{:02}\nThank you!",
        ymd(on),
        cents / 100,
        cents % 100
    )
}

/// "I paid some of the bills on my Todoist Inbox; the receipts are in my file system. Mark
/// each task I have a receipt for as done and comment the amount paid." Tasks are titled "Pay
/// the <what>", receipts say "Payment for: <what>". Variant 2 files receipts in sub-folders by
/// month; variant 3 adds near-miss tasks ("Dispute the water bill") that only a loose match
/// would close.
fn close_with_receipts(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let payees: &[(&str, &str)] = &[
        ("water bill", "City Water Utility"),
        ("parking ticket", "Municipal Parking Authority"),
        ("vet invoice", "Happy Paws Clinic"),
        ("gym membership", "IronWorks Gym"),
        ("phone bill", "Skyline Mobile"),
        ("dentist invoice", "Bright Smile Dental"),
    ];
    // Which of the six were paid (have a receipt) per variant.
    let paid: &[usize] = match g.variant {
        1 => &[0, 1, 4],
        2 => &[1, 2, 3, 5],
        _ => &[0, 3, 5],
    };
    let amounts: Vec<i64> = (0..payees.len())
        .map(|_| g.rng.range(2_000, 18_000))
        .collect();
    let instruction = match g.variant {
        1 => {
            "I've paid some of the bills on my Todoist Inbox; the receipts are in ~/documents/receipts/ in my file system. Mark each Inbox task I have a receipt for as done, and comment on it what I paid, like \"Paid $12.34\"."
        }
        2 => {
            "Go through my payment receipts (in my file system under ~/documents/receipts/, sorted into monthly folders) and close the matching \"Pay the ...\" tasks in my Todoist Inbox. Comment the amount on each one, e.g. \"Paid $12.34\"."
        }
        _ => {
            "Some of my Todoist Inbox tasks are paid already: the receipts are in ~/documents/receipts/. Complete exactly those tasks and leave a comment \"Paid $X\" with the amount on each."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist"];
    let now = g.now;
    let sup = p.clone();
    let variant = g.variant;
    let plan: Vec<(String, String, i64, bool)> = payees
        .iter()
        .enumerate()
        .map(|(k, (what, payee))| {
            (
                what.to_string(),
                payee.to_string(),
                amounts[k],
                paid.contains(&k),
            )
        })
        .collect();
    let plan_s = plan.clone();
    parts.setup.push(step(move |s| {
        let inbox = s.todo_project(&sup, "Inbox")?;
        let at = now - Duration::days(25);
        // Receipts of things that never were Inbox tasks.
        for (k, (what, payee)) in [
            ("concert tickets", "City Arena Box Office"),
            ("furniture delivery", "HomeStyle Furnishings"),
            ("yoga class pass", "Lotus Yoga Studio"),
        ]
        .iter()
        .enumerate()
        {
            let on = (now - Duration::days(4 + 3 * k as i64)).date();
            let dir = if variant == 2 {
                format!("{}/", on.format("%Y_%m"))
            } else {
                String::new()
            };
            s.add_file(
                &sup,
                &format!(
                    "~/documents/receipts/{dir}{}_receipt.pdf",
                    what.replace(' ', "_")
                ),
                &receipt(what, payee, 4_500 + 1_250 * k as i64, on),
                now - Duration::days(4 + 3 * k as i64),
            )?;
        }
        for (k, (what, payee, cents, is_paid)) in plan_s.iter().enumerate() {
            let due = Some((now + Duration::days(k as i64 - 2)).date());
            s.add_todo_task(
                inbox,
                None,
                &sup,
                &format!("Pay the {what}"),
                due,
                "medium",
                false,
                None,
                at,
            )?;
            if variant == 3 && k % 3 == 0 {
                s.add_todo_task(
                    inbox,
                    None,
                    &sup,
                    &format!("Dispute the {what}"),
                    due,
                    "low",
                    false,
                    None,
                    at,
                )?;
            }
            if *is_paid {
                let on = (now - Duration::days(3 + k as i64 * 2)).date();
                let file = what.replace(' ', "_");
                let path = if variant == 2 {
                    format!(
                        "~/documents/receipts/{}/{file}_receipt.pdf",
                        on.format("%Y_%m")
                    )
                } else {
                    format!("~/documents/receipts/{file}_receipt.pdf")
                };
                s.add_file(
                    &sup,
                    &path,
                    &receipt(what, payee, *cents, on),
                    now - Duration::days(3 + k as i64 * 2),
                )?;
            }
        }
        Ok(())
    }));
    let logins = format!(
        "{}\n{FLAT}",
        logins(&[("fs", "file_system"), ("td", "todoist")])
    );
    let read = "paid = {}\nfor q in apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/receipts/\", entry_type=\"files\"):\n    content = apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"]\n    m = re.search(r\"Payment for: (.+)\", content)\n    if m:\n        paid[m.group(1).strip()] = float(re.search(r\"Amount paid: \\$([0-9.]+)\", content).group(1))\nprint(paid)";
    let tasks = "inbox = flat(apis.todoist.show_tasks(access_token=td, project_id=0, is_completed=False))\ndone = []\nfor t in inbox:\n    for what, amount in paid.items():\n        if t[\"title\"] == \"Pay the \" + what:\n            done.append((t, amount))";
    let apply = "for t, amount in done:\n    apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], is_completed=True)\n    apis.todoist.post_task_comment(access_token=td, task_id=t[\"task_id\"], content=f\"Paid ${amount:.2f}\")\napis.supervisor.complete_task()";
    let gt = |read: &str, tasks: &str, apply: &str| {
        vec![
            logins.clone(),
            read.to_string(),
            tasks.to_string(),
            apply.to_string(),
        ]
    };
    parts.ground_truth = gt(read, tasks, apply);
    parts.wrong = vec![
        solution(
            "completes every \"Pay the\" task",
            gt(
                read,
                &format!("{tasks}\ndone = [(t, paid.get(t[\"title\"][8:], 0.0)) for t in inbox if t[\"title\"].startswith(\"Pay the \")]"),
                apply,
            ),
        ),
        solution(
            "completes them without the comments",
            gt(
                read,
                tasks,
                &apply.replace(
                    "\n    apis.todoist.post_task_comment(access_token=td, task_id=t[\"task_id\"], content=f\"Paid ${amount:.2f}\")",
                    "",
                ),
            ),
        ),
        solution(
            "comments the amount without the cents",
            gt(read, tasks, &apply.replace("{amount:.2f}", "{round(amount)}")),
        ),
    ];
    if variant == 3 {
        parts.wrong.push(solution(
            "closes every task mentioning a paid bill (near misses too)",
            gt(
                read,
                &tasks.replace(
                    "t[\"title\"] == \"Pay the \" + what",
                    "what in t[\"title\"]",
                ),
                apply,
            ),
        ));
    }
    if variant == 2 {
        parts.wrong.push(solution(
            "reads only the receipts at the folder's top level",
            gt(
                &read.replace(
                    "entry_type=\"files\")",
                    "entry_type=\"files\", recursive=False)",
                ),
                tasks,
                apply,
            ),
        ));
    }
    let want: Vec<(String, String)> = plan
        .iter()
        .filter(|x| x.3)
        .map(|(what, _, cents, _)| {
            (
                format!("Pay the {what}"),
                format!("Paid ${}.{:02}", cents / 100, cents % 100),
            )
        })
        .collect();
    let titles: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    let (w1, w2, w3) = (titles.clone(), titles.clone(), want.clone());
    let w4 = titles.clone();
    parts.checks = vec![
        Check::new(format!("done: {}", titles.join(", ")), move |ctx| {
            for t in &w1 {
                match todo_titled(ctx, Some("Inbox"), t) {
                    Some(x) if x.completed => {}
                    _ => return Err(format!("\"{t}\" is not done")),
                }
            }
            Ok(())
        }),
        Check::new("every other Inbox task is as it was", move |ctx| {
            for r in ctx.diff.rows.iter().filter(|r| r.is("todoist", "tasks")) {
                let title = r.get("title").as_str().unwrap_or("");
                if !w2.iter().any(|w| w == title) {
                    return Err(format!("\"{title}\" changed"));
                }
            }
            Ok(())
        }),
        Check::new(
            format!(
                "one comment on each: {}",
                want.iter()
                    .map(|w| format!("\"{}\" on {}", w.1, w.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let comments = new_comments(ctx);
                for (title, text) in &w3 {
                    let Some(t) = todo_titled(ctx, Some("Inbox"), title) else {
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
            },
        ),
        Check::new("no comment on any other task", move |ctx| {
            let ids: Vec<i64> = w4
                .iter()
                .filter_map(|t| todo_titled(ctx, Some("Inbox"), t).map(|x| x.id))
                .collect();
            match new_comments(ctx).iter().find(|c| !ids.contains(&c.task)) {
                Some(c) => Err(format!("a comment on task {}", c.task)),
                None => Ok(()),
            }
        }),
        Check::new("only completion changed on the tasks", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns().iter().any(|c| c != "is_completed")
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        no_task_added_or_deleted(),
    ];
    parts.allowed = allow_own_comments();
    parts.allowed.push(allow_task_updates(&["is_completed"]));
    parts.allowed.push(allow::todo_notifications());
    parts
}

// ---- 3. postpone the labelled tasks and comment the manager's reason --------------------------

/// "My manager texted about a delay. Push every open task with my label L due in the next
/// seven days back a week, and comment the text on each." Labelled tasks sit in the team
/// project and the Inbox; distractors: a labelled task due later, a labelled completed one, a
/// near-miss label, an unlabelled task due soon, an older text from the manager.
fn postpone_labelled(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.companies
            .iter()
            .any(|c| c.manager != p.id && c.employees.contains(&p.id))
    });
    let Some((company, boss)) = employer(g, &p) else {
        unreachable!("the supervisor has a manager")
    };
    let team = format!("{company} Team");
    let (label, near, reason) = match g.variant {
        1 => (
            "vendor",
            "vendor-archive",
            "Heads up: the vendor's shipment is stuck in customs, so everything that depends on it slips a week.",
        ),
        2 => (
            "supplier",
            "suppliers",
            "The supplier just told me their delivery is a week late because of a strike at the port. Sorry!",
        ),
        _ => (
            "client-acme",
            "client-acme-2022",
            "Acme asked us to push our sessions with them back a week; their whole team is at an offsite.",
        ),
    };
    let instruction = match g.variant {
        1 => format!(
            "My manager just texted me about a delay. Push every open Todoist task with my \"{label}\" label that's due in the next 7 days back by one week, and comment my manager's text on each of them, word for word."
        ),
        2 => format!(
            "Read my manager's latest text. Then move each unfinished Todoist task labelled \"{label}\" that is due within the coming week to exactly one week later than its current due date, and post the text as a comment on each task you moved."
        ),
        _ => format!(
            "Because of what my boss texted me, every open task of mine in Todoist with the \"{label}\" label due in the next seven days needs to be postponed by a week. Do that and put my boss's message, unchanged, as a comment on each."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "todoist"];
    // (in the team project?, title, due in days, 0 none / 1 label / 2 near-miss, completed)
    let mut plan: Vec<(bool, &str, i64, u8, bool)> = vec![
        (true, "Confirm the delivery slot", 2, 1, false),
        (true, "Update the install schedule", 5, 1, false),
        (true, "Check the replacement parts", 10, 1, false),
        (true, "Sign the purchase order", 3, 2, false),
        (true, "Book the loading dock", 4, 0, false),
        (false, "Call the account rep", 1, 1, false),
        (false, "File the last invoice", 2, 1, true),
    ];
    if g.variant == 3 {
        plan.push((false, "Send the agenda for the kickoff", 6, 1, false));
        plan.push((true, "Prepare the demo environment", 9, 1, false));
    }
    if g.variant == 2 {
        plan.push((false, "Ask about bulk pricing", 3, 1, false));
    }
    let now = g.now;
    let today = now.date();
    let (sup, mgr, team_s) = (p.clone(), boss.clone(), team.clone());
    let (label_s, near_s, reason_s) = (label.to_string(), near.to_string(), reason.to_string());
    let plan_s: Vec<(bool, String, i64, u8, bool)> = plan
        .iter()
        .map(|x| (x.0, x.1.to_string(), x.2, x.3, x.4))
        .collect();
    parts.setup.push(step(move |s| {
        let pid = s.todo_project(&sup, &team_s)?;
        let section = s.todo_section(pid, "In Progress")?;
        let inbox = s.todo_project(&sup, "Inbox")?;
        let l = s.add_todo_label(&sup, &label_s, "red")?;
        let n = s.add_todo_label(&sup, &near_s, "orange")?;
        let at = now - Duration::days(12);
        for (in_team, title, days, lab, done) in &plan_s {
            let due = Some(today + Duration::days(*days));
            let id = if *in_team {
                s.add_todo_task(
                    pid,
                    Some(section),
                    &mgr,
                    title,
                    due,
                    "medium",
                    *done,
                    Some(&sup),
                    at,
                )?
            } else {
                s.add_todo_task(inbox, None, &sup, title, due, "medium", *done, None, at)?
            };
            match lab {
                1 => s.label_todo_task(id, l)?,
                2 => s.label_todo_task(id, n)?,
                _ => {}
            }
        }
        s.add_text(
            &mgr,
            &sup,
            "Can you send me the slides from Monday before lunch?",
            now - Duration::days(3),
        )?;
        s.add_text(&mgr, &sup, &reason_s, now - Duration::hours(2))?;
        Ok(())
    }));
    let logins = format!("{}\n{FLAT}", logins(&[("ph", "phone"), ("td", "todoist")]));
    let read = "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()\nboss = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")[0]\nmsgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=boss[\"phone_number\"])\nmsgs = [m for m in msgs if m[\"sender\"][\"phone_number\"] == boss[\"phone_number\"]]\nreason = max(msgs, key=lambda m: m[\"sent_at\"])[\"message\"]\nprint(reason)";
    let find = format!(
        "labels = [l for l in all_pages(apis.todoist.search_labels, access_token=td) if l[\"name\"] == {}]\nmoves = []\nfor p in all_pages(apis.todoist.show_projects, access_token=td):\n    for l in labels:\n        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p[\"project_id\"], label_id=l[\"label_id\"], is_completed=False, min_due_date=today.strftime(\"%Y-%m-%d\"), max_due_date=(today + datetime.timedelta(days=7)).strftime(\"%Y-%m-%d\")))\nprint([t[\"title\"] for t in moves])",
        py(label)
    );
    let apply = "for t in moves:\n    due = datetime.datetime.strptime(t[\"due_date\"][:10], \"%Y-%m-%d\").date()\n    apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], due_date=(due + datetime.timedelta(days=7)).strftime(\"%Y-%m-%d\"))\n    apis.todoist.post_task_comment(access_token=td, task_id=t[\"task_id\"], content=reason)\napis.supervisor.complete_task()";
    let gt = |find: &str, apply: &str| {
        vec![
            logins.clone(),
            read.to_string(),
            find.to_string(),
            apply.to_string(),
        ]
    };
    parts.ground_truth = gt(&find, apply);
    parts.wrong = vec![
        solution(
            "moves them to a week from today",
            gt(&find, &apply.replace("(due + datetime.timedelta(days=7))", "(today + datetime.timedelta(days=7))")),
        ),
        solution(
            "takes the near-miss label too",
            gt(&find.replace(&format!("l[\"name\"] == {}", py(label)), &format!("l[\"name\"].startswith({})", py(&label[..label.len() - 1]))), apply),
        ),
        solution(
            "moves every open labelled task, whatever its due date",
            gt(&find.replace(", min_due_date=today.strftime(\"%Y-%m-%d\"), max_due_date=(today + datetime.timedelta(days=7)).strftime(\"%Y-%m-%d\")", ""), apply),
        ),
        solution(
            "writes its own comment instead of the text",
            gt(&find, &apply.replace("content=reason", "content=\"Postponed by a week.\"")),
        ),
        solution(
            "moves completed labelled tasks too",
            gt(&find.replace("is_completed=False, ", ""), apply),
        ),
    ];
    let targets: Vec<(String, String, String)> = plan
        .iter()
        .filter(|x| x.3 == 1 && !x.4 && x.2 <= 7)
        .map(|x| {
            (
                x.1.to_string(),
                ymd(today + Duration::days(x.2)),
                ymd(today + Duration::days(x.2 + 7)),
            )
        })
        .collect();
    let (tg1, tg2, tg3, tg4) = (
        targets.clone(),
        targets.clone(),
        targets.clone(),
        targets.clone(),
    );
    let (r1, _) = (reason.to_string(), ());
    parts.checks = vec![
        Check::new(
            format!(
                "moved a week: {}",
                targets
                    .iter()
                    .map(|t| format!("\"{}\" {} → {}", t.0, t.1, t.2))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, _, to) in &tg1 {
                    match todo_titled(ctx, None, title) {
                        Some(t) if t.due.as_deref() == Some(to.as_str()) => {}
                        Some(t) => return Err(format!("\"{title}\" is due {:?}", t.due)),
                        None => return Err(format!("\"{title}\" is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new("no other task's due date changed", move |ctx| {
            for r in ctx.diff.rows.iter().filter(|r| r.is("todoist", "tasks")) {
                let title = r.get("title").as_str().unwrap_or("");
                if r.changed_columns().iter().any(|c| c == "due_date")
                    && !tg2.iter().any(|t| t.0 == title)
                {
                    return Err(format!("\"{title}\" moved"));
                }
            }
            Ok(())
        }),
        Check::new("the moved tasks are still open", move |ctx| {
            for (title, _, _) in &tg3 {
                if todo_titled(ctx, None, title).is_some_and(|t| t.completed) {
                    return Err(format!("\"{title}\" was completed"));
                }
            }
            Ok(())
        }),
        Check::new(
            format!("one comment on each moved task: \"{reason}\""),
            move |ctx| {
                let comments = new_comments(ctx);
                for (title, _, _) in &tg4 {
                    let Some(t) = todo_titled(ctx, None, title) else {
                        return Err(format!("\"{title}\" is gone"));
                    };
                    let on: Vec<&NewComment> = comments.iter().filter(|c| c.task == t.id).collect();
                    if on.len() != 1 || on[0].content.trim() != r1 {
                        return Err(format!(
                            "comments on \"{title}\": {:?}",
                            on.iter().map(|c| &c.content).collect::<Vec<_>>()
                        ));
                    }
                }
                Ok(())
            },
        ),
        Check::new("no comment on any other task", move |ctx| {
            let ids: Vec<i64> = targets
                .iter()
                .filter_map(|t| todo_titled(ctx, None, &t.0).map(|x| x.id))
                .collect();
            match new_comments(ctx).iter().find(|c| !ids.contains(&c.task)) {
                Some(c) => Err(format!("a comment on task {}", c.task)),
                None => Ok(()),
            }
        }),
        no_task_added_or_deleted(),
    ];
    parts.allowed = allow_own_comments();
    parts.allowed.push(allow_task_updates(&["due_date"]));
    parts.allowed.push(allow::todo_notifications());
    parts
}

// ---- 4. pay the housemate who did my chores ---------------------------------------------------

/// "My housemate did some chores assigned to me in our Home project (they commented on each);
/// pay them $X per chore on Venmo, in one payment." Distractors: my chores I did myself (no
/// comment, or my own), an open chore of mine they commented on, a chore of someone else's they
/// did. Variant 2: two housemates covered for me (pay each); variant 3: only this month's help
/// counts (an older covered chore was last month).
fn pay_for_chores(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.residents.len() >= 3 && r.residents.contains(&p.id))
    });
    let mates = housemates(g.population, &p);
    let (a, b) = (mates[0].clone(), mates[1].clone());
    let (rate, note) = match g.variant {
        1 => (10.0, "Thanks for covering my chores"),
        2 => (12.0, "Chores - thank you!"),
        _ => (15.0, "Thanks for the help with my chores"),
    };
    let instruction = match g.variant {
        1 => format!(
            "{} did some of the chores assigned to me in our Home project on Todoist and left a comment on each one they finished. Pay them ${rate:.0} per chore on Venmo, in a single payment, with the note \"{note}\".",
            a.first_name
        ),
        2 => format!(
            "A couple of my housemates finished chores in our Todoist Home project that were assigned to me; whoever did one commented on it. Send each of them ${rate:.0} per chore they did, as one Venmo payment per person, with the note \"{note}\"."
        ),
        _ => format!(
            "This month {} took care of some of my Home chores in Todoist (they commented on each one they completed). Venmo them ${rate:.0} for each of this month's chores in one payment, noted \"{note}\". Chores from before this month are already settled.",
            a.first_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "todoist", "venmo"];
    // (title, assignee: 0 me / 1 A / 2 B, completed, commenter: 0 none / 1 me / 2 A / 3 B, days ago)
    let mut plan: Vec<(&str, u8, bool, u8, i64)> = vec![
        ("Mop the kitchen floor", 0, true, 2, 3),
        ("Take the bins out", 0, true, 2, 5),
        ("Descale the kettle", 0, true, 0, 4),
        ("Dust the shelves", 0, true, 1, 6),
        ("Clean the microwave", 0, true, 0, 2),
        ("Water the balcony plants", 0, true, 0, 9),
        ("Wash the bath mats", 0, false, 2, 1),
        ("Clean the fridge", 1, true, 2, 2),
    ];
    match g.variant {
        1 => plan.push(("Wipe the windows", 0, true, 2, 8)),
        2 => {
            plan.push(("Sweep the balcony", 0, true, 3, 2));
            plan.push(("Change the bed sheets", 0, true, 3, 7));
            plan.push(("Tidy the hallway", 2, true, 3, 3));
        }
        _ => {
            plan.push(("Wipe the windows", 0, true, 2, 8));
            plan.push(("Defrost the freezer", 0, true, 2, 30));
        }
    }
    let now = g.now;
    let (sup, ma, mb) = (p.clone(), a.clone(), b.clone());
    let plan_s: Vec<(String, u8, bool, u8, i64)> = plan
        .iter()
        .map(|x| (x.0.to_string(), x.1, x.2, x.3, x.4))
        .collect();
    parts.setup.push(step(move |s| {
        let home = s.todo_project(&sup, "Home")?;
        let chores = s.todo_section(home, "Chores")?;
        s.set_venmo_balance(&sup, 600.0)?;
        let who = |k: u8| match k {
            1 => &ma,
            2 => &mb,
            _ => &sup,
        };
        for (title, assignee, done, commenter, ago) in &plan_s {
            let due = Some((now - Duration::days(*ago)).date());
            let id = s.add_todo_task(
                home,
                Some(chores),
                &sup,
                title,
                due,
                "medium",
                *done,
                Some(who(*assignee)),
                now - Duration::days(ago + 10),
            )?;
            let said = match commenter {
                1 => Some((&sup, "Done.")),
                2 if *done => Some((&ma, "Did this one for you!")),
                2 => Some((&ma, "I'll get to this one tomorrow.")),
                3 => Some((&mb, "Took care of it.")),
                _ => None,
            };
            if let Some((by, text)) = said {
                s.add_todo_comment(
                    id,
                    by,
                    text,
                    now - Duration::days(*ago) + Duration::hours(3),
                )?;
            }
        }
        Ok(())
    }));
    let logins = format!("{}\n{FLAT}", logins(&[("td", "todoist"), ("vm", "venmo")]));
    let since = if g.variant == 3 {
        "\nph = login(\"phone\")\ntoday = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()\nsince = today.replace(day=1).strftime(\"%Y-%m-%d\")"
    } else {
        "\nsince = \"\""
    };
    let count = format!(
        "me = apis.todoist.show_account(access_token=td)[\"email\"]{since}\nhome = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q[\"name\"] == \"Home\"][0]\nmine = flat(apis.todoist.show_tasks(access_token=td, project_id=home[\"project_id\"], assignee_email=me, is_completed=True))\ncount = {{}}\nfor t in mine:\n    helpers = {{c[\"user\"][\"email\"] for c in all_pages(apis.todoist.show_task_comments, access_token=td, task_id=t[\"task_id\"]) if c[\"user\"][\"email\"] != me and c[\"created_at\"] >= since}}\n    for h in helpers:\n        count[h] = count.get(h, 0) + 1\nprint(count)"
    );
    let pay = format!(
        "for email, n in count.items():\n    apis.venmo.create_transaction(access_token=vm, receiver_email=email, amount=n * {rate:.1}, description={})\napis.supervisor.complete_task()",
        py(note)
    );
    let gt = |count: &str, pay: &str| vec![logins.clone(), count.to_string(), pay.to_string()];
    if g.variant == 3 {
        parts.apps.push("phone");
    }
    parts.ground_truth = gt(&count, &pay);
    parts.wrong = vec![
        solution(
            "pays for every chore of mine that is done",
            gt(
                &format!("{count}\ntop = max(count, key=count.get)\ncount = {{top: len(mine)}}"),
                &pay,
            ),
        ),
        solution(
            "counts comments on open chores too",
            gt(&count.replace(", is_completed=True", ""), &pay),
        ),
        solution(
            "pays each chore separately",
            gt(
                &count,
                &format!(
                    "for email, n in count.items():\n    for k in range(n):\n        apis.venmo.create_transaction(access_token=vm, receiver_email=email, amount={rate:.1}, description={})\napis.supervisor.complete_task()",
                    py(note)
                ),
            ),
        ),
        solution(
            "counts the chores they did for others too",
            gt(&count.replace(", assignee_email=me", ""), &pay),
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "counts last month's chore too",
            gt(&count.replace(" and c[\"created_at\"] >= since", ""), &pay),
        ));
    }
    // Chores per helper: A (and B in variant 2).
    let covered = |k: u8| {
        plan.iter()
            .filter(|x| x.1 == 0 && x.2 && x.3 == k && (g.variant != 3 || x.4 < 18))
            .count() as f64
    };
    let mut owed: Vec<(String, String, f64)> =
        vec![(a.first_name.clone(), a.email.clone(), covered(2) * rate)];
    if g.variant == 2 {
        owed.push((b.first_name.clone(), b.email.clone(), covered(3) * rate));
    }
    let mut checks = Vec::new();
    for (name, email, amount) in owed.clone() {
        checks.push(Check::new(
            format!("one payment to {name} of ${amount:.2}"),
            move |ctx| {
                let id = uid(ctx, "venmo", &email);
                let to: Vec<(i64, f64, String)> = payments_sent(ctx)
                    .into_iter()
                    .filter(|x| Some(x.0) == id)
                    .collect();
                match to.as_slice() {
                    [one] if crate::kit::money::same_amount(one.1, amount) => Ok(()),
                    _ => Err(format!(
                        "payments {:?}",
                        to.iter().map(|x| x.1).collect::<Vec<_>>()
                    )),
                }
            },
        ));
    }
    let n1 = note.to_string();
    let emails: Vec<String> = owed.iter().map(|o| o.1.clone()).collect();
    checks.push(Check::new(
        format!("each payment is noted \"{note}\""),
        move |ctx| match payments_sent(ctx).iter().find(|x| x.2.trim() != n1) {
            Some(x) => Err(format!("a payment noted \"{}\"", x.2)),
            None if payments_sent(ctx).is_empty() => Err("no payment".into()),
            None => Ok(()),
        },
    ));
    checks.push(Check::new("no payment to anyone else", move |ctx| {
        let ids: Vec<Option<i64>> = emails.iter().map(|e| uid(ctx, "venmo", e)).collect();
        match payments_sent(ctx)
            .iter()
            .find(|x| !ids.contains(&Some(x.0)))
        {
            Some(x) => Err(format!("a payment to venmo user {}", x.0)),
            None => Ok(()),
        }
    }));
    checks.push(Check::new("nothing changed in Todoist", |ctx| {
        match ctx.diff.rows.iter().find(|r| r.schema == "todoist") {
            Some(r) => Err(r.describe()),
            None => Ok(()),
        }
    }));
    checks.push(Check::new(
        "no payment request was sent",
        |ctx| match added(ctx, "venmo", "payment_requests").first() {
            Some(r) => Err(r.describe()),
            None => Ok(()),
        },
    ));
    parts.checks = checks;
    parts.allowed = venmo_payments();
    parts
}

// ---- 5. a project with a task per day of an upcoming trip -------------------------------------

/// Friends of `p` (phone contacts labelled `friend`), in id order.
fn friends(g: &Gen, p: &Person) -> Vec<Person> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == apps::people::Relation::Friend)
        .map(|(_, id)| g.person(id))
        .collect()
}

/// The projects the episode added: (id, owner's todoist id, name).
fn new_projects(ctx: &EvalCtx) -> Vec<(i64, Option<i64>, String)> {
    added(ctx, "todoist", "projects")
        .into_iter()
        .map(|r| {
            (
                r.id,
                r.get("user_id").as_i64(),
                r.get("name").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The tasks of project `pid` in order: (title, due `YYYY-MM-DD`, priority).
fn project_tasks(ctx: &EvalCtx, pid: i64) -> Vec<(String, Option<String>, String)> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT title, due_date, priority FROM todoist.tasks WHERE project_id = ?1 ORDER BY coalesce(section_id, 0), order_index, id",
    ) else {
        return Vec::new();
    };
    st.query_map([pid], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, Option<String>>(1)?
                .map(|d| d.chars().take(10).collect()),
            r.get::<_, String>(2)?,
        ))
    })
    .map(|it| it.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// An itinerary as the base world's trips write them.
fn itinerary(city: &str, start: NaiveDate, people: &[&Person], plan: &[&str]) -> String {
    let end = start + Duration::days(plan.len() as i64 - 1);
    let names: Vec<String> = people
        .iter()
        .map(|p| format!("{} {}", p.first_name, p.last_name))
        .collect();
    let mut s = format!(
        "Trip to {city}\nDates: {} to {} ({} nights)\nStaying at: Old town apartment\nOrganizer: {}\nTravelers: {}\n\nPlan:\n",
        ymd(start),
        ymd(end),
        plan.len() - 1,
        names[0],
        names.join(", ")
    );
    for (k, what) in plan.iter().enumerate() {
        let d = start + Duration::days(k as i64);
        s.push_str(&format!("- {}: {what}\n", d.format("%a %b %d")));
    }
    s
}

/// "Make a Todoist project N for my upcoming trip to C: one task per day of the itinerary's
/// plan, titled as the plan says, due that day." Last year's itinerary of the same city lies
/// next to it. Variant 2: also invite the other travellers (their e-mails from the phone's
/// contacts); variant 3: the travel days (first and last) high priority, the rest low.
fn trip_days(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .filter(|(r, _)| *r == apps::people::Relation::Friend)
            .count()
            >= 2
    });
    let fr = friends(g, &p);
    let (f1, f2) = (fr[0].clone(), fr[1].clone());
    let (city, name, plan, old_plan): (&str, &str, Vec<&str>, Vec<&str>) = match g.variant {
        1 => (
            "Ljubljana",
            "Ljubljana days",
            vec![
                "Arrive, check in, dinner by the river",
                "Castle hill and central market",
                "Day trip to Lake Bled",
                "Check out and travel home",
            ],
            vec![
                "Arrive and check in",
                "Museum day",
                "Check out and travel home",
            ],
        ),
        2 => (
            "Porto",
            "Porto trip plan",
            vec![
                "Arrive, check in, walk along the Ribeira",
                "Port cellars tour in Gaia",
                "Douro valley boat trip",
                "Livraria Lello and Clerigos tower",
                "Check out and travel home",
            ],
            vec![
                "Arrive and check in",
                "Beach day in Foz",
                "Check out and travel home",
            ],
        ),
        _ => (
            "Tallinn",
            "Tallinn schedule",
            vec![
                "Arrive, check in, old town dinner",
                "Telliskivi creative city and the seaplane harbour",
                "Ferry day trip to Helsinki",
                "Check out and travel home",
            ],
            vec![
                "Arrive and check in",
                "Kadriorg park",
                "Lahemaa national park",
                "Check out and travel home",
            ],
        ),
    };
    let start = (g.now + Duration::days(16)).date();
    let old_start = start - Duration::days(320);
    let instruction = match g.variant {
        1 => format!(
            "Create a Todoist project called \"{name}\" for my upcoming trip to {city}, with one task per day of the plan in the trip's itinerary (in my file system): titled as the plan describes that day, and due on that day."
        ),
        2 => format!(
            "Set up a Todoist project \"{name}\" for my upcoming {city} trip: one task for each day of the itinerary's plan (the itinerary is in my file system), titled with what we do that day and due that day. Then invite the other travellers on the itinerary to the project."
        ),
        _ => format!(
            "Plan my upcoming {city} trip in Todoist: make a project \"{name}\" with a task for every day of the plan in my itinerary file, titled with that day's plan and due that day. Make the arrival and departure days high priority and the other days low."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist", "phone"];
    let now = g.now;
    let text = itinerary(city, start, &[&f1, &p, &f2], &plan);
    let old_text = itinerary(city, old_start, &[&p, &f1], &old_plan);
    let sup = p.clone();
    let lower = city.to_lowercase();
    let (path, old_path) = (
        format!(
            "~/documents/trips/{lower}_{}/itinerary.txt",
            start.format("%Y_%m")
        ),
        format!(
            "~/documents/trips/{lower}_{}/itinerary.txt",
            old_start.format("%Y_%m")
        ),
    );
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &old_path, &old_text, now - Duration::days(340))?;
        s.add_file(&sup, &path, &text, now - Duration::days(6))?;
        Ok(())
    }));
    let logins = logins(&[("fs", "file_system"), ("td", "todoist"), ("ph", "phone")]);
    let read = format!(
        "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()\nits = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", entry_type=\"files\") if {} in q.lower() and q.endswith(\"itinerary.txt\")]\ntrips = []\nfor q in its:\n    content = apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"]\n    start = datetime.datetime.strptime(re.search(r\"Dates: (\\S+) to\", content).group(1), \"%Y-%m-%d\").date()\n    trips.append((start, content))\nstart, content = min(t for t in trips if t[0] >= today)\nlines = content.split(\"\\n\")\nplan = [l[2:].split(\": \", 1)[1] for l in lines[lines.index(\"Plan:\") + 1:] if l.startswith(\"- \")]\ntravellers = re.search(r\"Travelers: (.+)\", content).group(1).split(\", \")\nprint(start, plan, travellers)",
        py(&city.to_lowercase())
    );
    let prio = if g.variant == 3 {
        ", priority=(\"high\" if k in (0, len(plan) - 1) else \"low\")"
    } else {
        ""
    };
    let create = format!(
        "existing = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q[\"name\"] == {}]\npid = existing[0][\"project_id\"] if existing else apis.todoist.create_project(access_token=td, name={})[\"project_id\"]\nfor k, what in enumerate(plan):\n    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k)).strftime(\"%Y-%m-%d\"){prio})",
        py(name),
        py(name)
    );
    let invite = if g.variant == 2 {
        "me = profile[\"first_name\"] + \" \" + profile[\"last_name\"]\nfor t in travellers:\n    if t == me:\n        continue\n    c = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query=t) if c[\"first_name\"] + \" \" + c[\"last_name\"] == t][0]\n    apis.todoist.send_project_invite(access_token=td, project_id=pid, email=c[\"email\"])\napis.supervisor.complete_task()"
    } else {
        "apis.supervisor.complete_task()"
    };
    let gt = |read: &str, create: &str, invite: &str| {
        vec![
            logins.clone(),
            read.to_string(),
            create.to_string(),
            invite.to_string(),
        ]
    };
    parts.ground_truth = gt(&read, &create, invite);
    parts.wrong = vec![
        solution(
            "uses last year's itinerary",
            gt(
                &read.replace("min(t for t in trips if t[0] >= today)", "min(trips)"),
                &create,
                invite,
            ),
        ),
        solution(
            "dates the tasks a day early",
            gt(
                &read,
                &create.replace("timedelta(days=k)", "timedelta(days=k - 1)"),
                invite,
            ),
        ),
        solution(
            "leaves out the day of departure",
            gt(
                &read,
                &create.replace("enumerate(plan)", "enumerate(plan[:-1])"),
                invite,
            ),
        ),
        solution(
            "puts the weekday and date in the titles",
            gt(
                &read.replace("l[2:].split(\": \", 1)[1]", "l[2:]"),
                &create,
                invite,
            ),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "invites only the organizer",
            gt(
                &read,
                &create,
                &invite.replace("for t in travellers:", "for t in travellers[:1]:"),
            ),
        ));
    }
    if g.variant == 3 {
        parts.wrong.push(solution(
            "makes only the arrival day high priority",
            gt(
                &read,
                &create.replace("k in (0, len(plan) - 1)", "k == 0"),
                invite,
            ),
        ));
    }
    let want: Vec<(String, String, String)> = plan
        .iter()
        .enumerate()
        .map(|(k, what)| {
            let prio = match g.variant {
                3 if k == 0 || k == plan.len() - 1 => "high",
                3 => "low",
                _ => "medium",
            };
            (
                what.to_string(),
                ymd(start + Duration::days(k as i64)),
                prio.to_string(),
            )
        })
        .collect();
    let name_s = name.to_string();
    let the_project = move |ctx: &EvalCtx| -> Option<i64> {
        let me = ctx.user_id("todoist");
        new_projects(ctx)
            .into_iter()
            .find(|x| x.1 == me && x.2 == name_s)
            .map(|x| x.0)
    };
    let (p1, p2, p3, p4) = (
        the_project.clone(),
        the_project.clone(),
        the_project.clone(),
        the_project.clone(),
    );
    let (w1, w2) = (want.clone(), want.clone());
    parts.checks = vec![
        Check::new(format!("one new project, \"{name}\""), move |ctx| {
            let n = new_projects(ctx);
            if n.len() == 1 && p1(ctx).is_some() {
                Ok(())
            } else {
                Err(format!(
                    "new projects {:?}",
                    n.iter().map(|x| &x.2).collect::<Vec<_>>()
                ))
            }
        }),
        Check::new(
            format!(
                "its tasks, in order: {}",
                want.iter()
                    .map(|w| format!("\"{}\"", w.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let Some(pid) = p2(ctx) else {
                    return Err("no such project".into());
                };
                let got: Vec<String> = project_tasks(ctx, pid).into_iter().map(|t| t.0).collect();
                let exp: Vec<String> = w1.iter().map(|w| w.0.clone()).collect();
                if got == exp {
                    Ok(())
                } else {
                    Err(format!("tasks {got:?}"))
                }
            },
        ),
        Check::new(
            format!(
                "due dates {}",
                want.iter()
                    .map(|w| w.1.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let Some(pid) = p3(ctx) else {
                    return Err("no such project".into());
                };
                let got: Vec<Option<String>> =
                    project_tasks(ctx, pid).into_iter().map(|t| t.1).collect();
                let exp: Vec<Option<String>> = w2.iter().map(|w| Some(w.1.clone())).collect();
                if got == exp {
                    Ok(())
                } else {
                    Err(format!("due dates {got:?}"))
                }
            },
        ),
        Check::new("no task was added to another project", move |ctx| {
            let pid = p4(ctx);
            match added(ctx, "todoist", "tasks")
                .into_iter()
                .find(|r| r.get("project_id").as_i64() != pid)
            {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
    ];
    if g.variant == 3 {
        let (w3, p5) = (want.clone(), the_project.clone());
        parts.checks.push(Check::new(
            format!(
                "priorities {}",
                want.iter()
                    .map(|w| w.2.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let Some(pid) = p5(ctx) else {
                    return Err("no such project".into());
                };
                let got: Vec<String> = project_tasks(ctx, pid).into_iter().map(|t| t.2).collect();
                let exp: Vec<String> = w3.iter().map(|w| w.2.clone()).collect();
                if got == exp {
                    Ok(())
                } else {
                    Err(format!("priorities {got:?}"))
                }
            },
        ));
    }
    let invitees: Vec<String> = if g.variant == 2 {
        vec![f1.email.clone(), f2.email.clone()]
    } else {
        Vec::new()
    };
    let inv1 = invitees.clone();
    parts.checks.push(Check::new(
        if invitees.is_empty() {
            "nobody was invited".to_string()
        } else {
            format!("invites to exactly {}", invitees.join(", "))
        },
        move |ctx| {
            let mut got: Vec<String> = added(ctx, "todoist", "project_invites")
                .into_iter()
                .filter_map(|r| {
                    ctx.db
                        .query_row_cached(
                            "SELECT email FROM todoist.users WHERE id = ?1",
                            [r.get("invitee_id").as_i64().unwrap_or(0)],
                            |x| x.get::<_, String>(0),
                        )
                        .ok()
                })
                .collect();
            got.sort();
            let mut exp = inv1.clone();
            exp.sort();
            if got == exp {
                Ok(())
            } else {
                Err(format!("invites to {got:?}"))
            }
        },
    ));
    parts.allowed = vec![
        allow_added(
            "the supervisor's new project",
            "todoist",
            "projects",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
        ),
        allow_added(
            "its collaborator link",
            "todoist",
            "project_collaborator_links",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
        ),
        allow_added(
            "tasks of the new project",
            "todoist",
            "tasks",
            move |ctx, r| {
                the_project(ctx).is_some() && r.get("project_id").as_i64() == the_project(ctx)
            },
        ),
        allow::todo_notifications(),
    ];
    if g.variant == 2 {
        parts.allowed.push(allow_added(
            "invites",
            "todoist",
            "project_invites",
            |_, _| true,
        ));
        parts.allowed.push(Allow::new(
            "the invitation e-mails Todoist sends",
            |_, r| r.schema == "gmail" && r.kind() == ChangeKind::Added,
        ));
    }
    parts
}

// ---- 6. archive the finished projects and list them in a note ---------------------------------

/// The supervisor's projects (not the Inbox) that were unarchived at the start with every
/// task done (and at least one task): (project id, name), in id order. Archived flags are read
/// as they were before the episode; tasks must be unchanged (a separate check).
fn finished_projects(ctx: &EvalCtx) -> Vec<(i64, String)> {
    let Some(me) = ctx.user_id("todoist") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT l.id, p.id, p.name, l.is_archived, \
         (SELECT count(*) FROM todoist.tasks t WHERE t.project_id = p.id), \
         (SELECT count(*) FROM todoist.tasks t WHERE t.project_id = p.id AND NOT t.is_completed) \
         FROM todoist.project_collaborator_links l JOIN todoist.projects p ON p.id = l.project_id \
         WHERE l.user_id = ?1 AND p.is_inbox = 0 ORDER BY p.id",
    ) else {
        return Vec::new();
    };
    let rows: Vec<(i64, i64, String, bool, i64, i64)> = st
        .query_map([me], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .map(|it| it.filter_map(Result::ok).collect())
        .unwrap_or_default();
    rows.into_iter()
        .filter_map(|(link, pid, name, archived, total, open)| {
            let was_archived = match ctx
                .diff
                .rows
                .iter()
                .find(|r| r.is("todoist", "project_collaborator_links") && r.id == link)
            {
                Some(r) if r.kind() == ChangeKind::Updated => truthy(r.before("is_archived")),
                _ => archived,
            };
            (!was_archived && total > 0 && open == 0).then_some((pid, name))
        })
        .collect()
}

/// The supervisor's link to project `pid`: (is_favorite, is_archived).
fn my_flags(ctx: &EvalCtx, pid: i64) -> Option<(bool, bool)> {
    ctx.db
        .query_row_cached(
            "SELECT is_favorite, is_archived FROM todoist.project_collaborator_links WHERE project_id = ?1 AND user_id = ?2",
            rusqlite::params![pid, ctx.user_id("todoist")?],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .ok()
}

/// A note line without a list marker.
fn bare(line: &str) -> String {
    line.trim()
        .trim_start_matches("- ")
        .trim_start_matches("* ")
        .trim()
        .to_string()
}

/// A designed project: (name, owned by the friend?, shared, created days ago, tasks done,
/// tasks open, favourite, archived).
type ProjectPlan<S> = (S, bool, bool, i64, usize, usize, bool, bool);

/// "Archive each of my Todoist projects whose tasks are all done, and add their names to my
/// note 'Finished projects', one per line." Designed projects: two of the supervisor's own
/// finished ones (one created long ago, past the first page), a finished one a friend shares,
/// an unfinished shared one, a finished one already archived (listed in the note already).
/// Variant 2: a finished one is a favourite and must be unmarked too; variant 3: a project of
/// the supervisor's with all but one task done.
fn archive_finished(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == apps::people::Relation::Friend)
    });
    let friend = friends(g, &p)[0].clone();
    let instruction = match g.variant {
        1 => {
            "Archive every Todoist project of mine whose tasks are all done, and add the name of each one you archive to my note \"Finished projects\", one per line."
        }
        2 => {
            "Clean up my Todoist: archive each project where every task is completed and take those off my favourites. Then append their names to my \"Finished projects\" note, one name per line."
        }
        _ => {
            "Some of my Todoist projects are finished (all their tasks completed). Archive exactly those, and list each archived project's name on its own line at the end of my note \"Finished projects\"."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "todoist", "simple_note"];
    let note_body = "Finished projects\n- Spring garden\n- Holiday cards 2022";
    let mut notes = g.filler(&p, 5, &[], &["Finished projects"]);
    notes.insert(
        2,
        g.note("Finished projects", note_body, &["lists"], false, 40),
    );
    parts.notes = Some(notes);
    // (name, owner is the friend?, shared, created days ago, tasks done, tasks open, favourite, archived)
    let mut plan: Vec<ProjectPlan<&str>> = vec![
        (
            "Garage cleanout",
            false,
            false,
            30,
            3,
            0,
            g.variant == 2,
            false,
        ),
        ("Tax return 2022", false, false, 700, 2, 0, false, false),
        ("Kitchen renovation", false, true, 20, 2, 1, false, false),
        ("Wedding gifts", true, true, 25, 4, 0, false, false),
        ("Spring garden", false, false, 60, 3, 0, false, true),
        ("Move to the new flat", false, false, 10, 1, 3, false, false),
        ("Photo album for Mom", false, false, 12, 0, 2, false, false),
        ("Learn Spanish", false, false, 14, 2, 2, true, false),
    ];
    if g.variant == 3 {
        plan.push(("Bike tune-up", false, false, 15, 3, 1, false, false));
        plan.push(("Passport renewal", false, false, 650, 2, 0, false, false));
    }
    let now = g.now;
    let (sup, fr) = (p.clone(), friend.clone());
    let plan_s: Vec<ProjectPlan<String>> = plan
        .iter()
        .map(|x| (x.0.to_string(), x.1, x.2, x.3, x.4, x.5, x.6, x.7))
        .collect();
    parts.setup.push(step(move |s| {
        for (name, friend_owns, shared, ago, done, open, fav, arch) in &plan_s {
            let at = now - Duration::days(*ago);
            let (owner, others): (&Person, Vec<&Person>) = match (friend_owns, shared) {
                (true, _) => (&fr, vec![&sup]),
                (false, true) => (&sup, vec![&fr]),
                _ => (&sup, vec![]),
            };
            let pid = s.add_todo_project(owner, name, "", &others, at)?;
            for k in 0..done + open {
                let due = Some((at + Duration::days(5 + k as i64)).date());
                s.add_todo_task(
                    pid,
                    None,
                    owner,
                    &format!("{name}: step {}", k + 1),
                    due,
                    "medium",
                    k < *done,
                    None,
                    at,
                )?;
            }
            s.set_todo_project_flags(&sup, pid, *fav, *arch)?;
        }
        Ok(())
    }));
    let logins = format!(
        "{}\n{FLAT}",
        logins(&[("td", "todoist"), ("sn", "simple_note")])
    );
    let find = "done = []\nfor p in all_pages(apis.todoist.show_projects, access_token=td, is_archived=False):\n    if p[\"is_inbox\"]:\n        continue\n    tasks = flat(apis.todoist.show_tasks(access_token=td, project_id=p[\"project_id\"]))\n    if tasks and all(t[\"is_completed\"] for t in tasks):\n        done.append(p)\nprint([p[\"name\"] for p in done])";
    let archive = if g.variant == 2 {
        "for p in done:\n    apis.todoist.update_project(access_token=td, project_id=p[\"project_id\"], is_archived=True, is_favorite=False)"
    } else {
        "for p in done:\n    apis.todoist.update_project(access_token=td, project_id=p[\"project_id\"], is_archived=True)"
    };
    let note = "note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query=\"Finished projects\") if n[\"title\"] == \"Finished projects\"][0]\napis.simple_note.add_content_to_note(access_token=sn, note_id=note[\"note_id\"], append_or_prepend=\"append\", added_content=\"\\n\".join(p[\"name\"] for p in done))\napis.supervisor.complete_task()";
    let gt = |find: &str, archive: &str, note: &str| {
        vec![
            logins.clone(),
            find.to_string(),
            archive.to_string(),
            note.to_string(),
        ]
    };
    parts.ground_truth = gt(find, archive, note);
    parts.wrong = vec![
        solution(
            "reads only the first page of projects",
            gt(
                &find.replace(
                    "all_pages(apis.todoist.show_projects, access_token=td, is_archived=False)",
                    "apis.todoist.show_projects(access_token=td, is_archived=False)",
                ),
                archive,
                note,
            ),
        ),
        solution(
            "takes already archived projects too",
            gt(&find.replace(", is_archived=False", ""), archive, note),
        ),
        solution(
            "archives projects with any task done",
            gt(
                &find.replace("all(t[\"is_completed\"]", "any(t[\"is_completed\"]"),
                archive,
                note,
            ),
        ),
        solution(
            "deletes the finished projects instead",
            gt(
                find,
                "for p in done:\n    apis.todoist.delete_project(access_token=td, project_id=p[\"project_id\"])",
                note,
            ),
        ),
        solution(
            "archives them but leaves the note",
            gt(find, archive, "apis.supervisor.complete_task()"),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "keeps them as favourites",
            gt(find, &archive.replace(", is_favorite=False", ""), note),
        ));
    }
    let expect: Vec<String> = plan
        .iter()
        .filter(|x| x.5 == 0 && !x.7)
        .map(|x| x.0.to_string())
        .collect();
    let variant = g.variant;
    parts.checks = vec![
        Check::new(
            format!(
                "archived: {} (and any other finished project)",
                expect.join(", ")
            ),
            move |ctx| {
                let fin = finished_projects(ctx);
                if fin.is_empty() {
                    return Err("no finished project".into());
                }
                for (pid, name) in &fin {
                    if my_flags(ctx, *pid).is_none_or(|f| !f.1) {
                        return Err(format!("\"{name}\" is not archived"));
                    }
                }
                Ok(())
            },
        ),
        Check::new("no other project was archived or changed", |ctx| {
            let fin: Vec<i64> = finished_projects(ctx).iter().map(|x| x.0).collect();
            for r in ctx
                .diff
                .rows
                .iter()
                .filter(|r| r.is("todoist", "project_collaborator_links"))
            {
                let pid = r.get("project_id").as_i64().unwrap_or(0);
                if !fin.contains(&pid) {
                    return Err(r.describe());
                }
            }
            match ctx.diff.rows.iter().find(|r| r.is("todoist", "projects")) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        Check::new("no task was changed or deleted", |ctx| {
            match ctx.diff.rows.iter().find(|r| r.is("todoist", "tasks")) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        Check::new(
            format!(
                "\"Finished projects\" lists {} on lines of their own",
                expect.join(", ")
            ),
            move |ctx| {
                let end = crate::kit::notes::end_notes(ctx);
                let Some(n) = end.iter().find(|n| n.0 == "Finished projects") else {
                    return Err("the note is gone".into());
                };
                let lines: Vec<String> = n.1.lines().map(bare).collect();
                for (_, name) in finished_projects(ctx) {
                    if lines.iter().filter(|l| **l == name).count() != 1 {
                        return Err(format!("\"{name}\" is not listed once"));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            "the note keeps its lines and lists nothing else",
            move |ctx| {
                let end = crate::kit::notes::end_notes(ctx);
                let Some(n) = end.iter().find(|n| n.0 == "Finished projects") else {
                    return Err("the note is gone".into());
                };
                let fin: Vec<String> = finished_projects(ctx).into_iter().map(|x| x.1).collect();
                let mut old: Vec<String> = note_body.lines().map(bare).collect();
                let mut got: Vec<String> =
                    n.1.lines()
                        .map(bare)
                        .filter(|l| !l.is_empty() && !fin.contains(l))
                        .collect();
                old.sort();
                got.sort();
                if got == old {
                    Ok(())
                } else {
                    Err(format!("other lines {got:?}"))
                }
            },
        ),
    ];
    if variant == 2 {
        parts.checks.push(Check::new(
            "the archived projects are not favourites",
            |ctx| {
                for (pid, name) in finished_projects(ctx) {
                    if my_flags(ctx, pid).is_none_or(|f| f.0) {
                        return Err(format!("\"{name}\" is a favourite"));
                    }
                }
                Ok(())
            },
        ));
    }
    parts.allowed = vec![
        Allow::new("the supervisor's flags on finished projects", |ctx, r| {
            r.is("todoist", "project_collaborator_links")
                && r.kind() == ChangeKind::Updated
                && r.get("user_id").as_i64() == ctx.user_id("todoist")
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "is_archived" || c == "is_favorite")
        }),
        crate::kit::notes::allow_updates(vec!["Finished projects".to_string()], &["content"]),
        allow::todo_notifications(),
    ];
    parts
}

// ---- 7. staff a project from a note: assign members, invite the others ------------------------

/// "My note says who takes which task of my project; assign the tasks of people already on it
/// (me included) and invite the others." Names in the note are full names as the phone's
/// contacts have them (variant 3: a coworker under a nickname). The project's tasks are not in
/// the note's order. Variant 2: two coworkers are members already, one is new.
fn staff_from_note(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.companies
            .iter()
            .any(|c| c.employees.contains(&p.id) && c.employees.len() >= 4)
    });
    let mates: Vec<Person> = g
        .population
        .companies
        .iter()
        .find(|c| c.employees.contains(&p.id) && c.employees.len() >= 4)
        .map(|c| {
            c.employees
                .iter()
                .filter(|e| **e != p.id)
                .map(|e| g.person(*e))
                .collect()
        })
        .unwrap_or_default();
    let (c1, c2, c3) = (mates[0].clone(), mates[1].clone(), mates[2].clone());
    let nick = if g.variant == 3 {
        Some(format!("{}y", &c2.first_name[..3]))
    } else {
        None
    };
    let name_of = |c: &Person, nick: Option<&String>| match nick {
        Some(n) => format!("{n} {}", c.last_name),
        None => format!("{} {}", c.first_name, c.last_name),
    };
    let (project, note_title) = match g.variant {
        1 => ("Website relaunch", "Relaunch crew"),
        2 => ("Spring campaign", "Campaign owners"),
        _ => ("Customer survey", "Survey roles"),
    };
    // (task, 0 me / 1 c1 / 2 c2 / 3 c3), in the note's order.
    let plan: Vec<(&str, u8)> = match g.variant {
        1 => vec![
            ("Landing page design", 1),
            ("Launch copy", 2),
            ("Analytics setup", 0),
            ("Checkout QA", 1),
            ("Press outreach", 3),
        ],
        2 => vec![
            ("Campaign brief", 0),
            ("Social media calendar", 2),
            ("Budget approval", 1),
            ("Influencer list", 3),
            ("Email newsletter", 2),
        ],
        _ => vec![
            ("Draft the questions", 2),
            ("Pick the survey tool", 0),
            ("Recruit participants", 3),
            ("Summarize the answers", 2),
            ("Share the results", 1),
        ],
    };
    let members: Vec<u8> = if g.variant == 2 { vec![1, 2] } else { vec![1] };
    let who = |k: u8| -> Option<&Person> {
        match k {
            1 => Some(&c1),
            2 => Some(&c2),
            3 => Some(&c3),
            _ => None,
        }
    };
    let mut note = format!("{note_title}\n");
    for (task, k) in &plan {
        let name = match who(*k) {
            Some(c) => name_of(c, if *k == 2 { nick.as_ref() } else { None }),
            None => "me".to_string(),
        };
        note.push_str(&format!("{task}: {name}\n"));
    }
    let instruction = match g.variant {
        1 => format!(
            "My note \"{note_title}\" says who takes which task in my Todoist project \"{project}\". Assign each task to its person if they're already on the project (tasks marked \"me\" are mine); invite everyone else in the note to the project and leave their tasks unassigned for now."
        ),
        2 => format!(
            "Use my \"{note_title}\" note to staff my Todoist project \"{project}\": people already collaborating on it get their tasks assigned (\"me\" means me), and anyone not on it yet gets a project invite instead; don't assign their tasks yet."
        ),
        _ => format!(
            "Who does what in my \"{project}\" project is in my note \"{note_title}\". In Todoist, assign the tasks of the people who are project members (and mine, marked \"me\"), and send an invite to each person in the note who isn't a member yet, without assigning their tasks."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "phone", "todoist"];
    let mut notes = g.filler(&p, 6, &[], &[note_title]);
    notes.insert(3, g.note(note_title, note.trim_end(), &["work"], false, 4));
    parts.notes = Some(notes);
    let now = g.now;
    let (sup, m1, m2, m3) = (p.clone(), c1.clone(), c2.clone(), c3.clone());
    let nick_s = nick.clone();
    let mut order: Vec<String> = plan.iter().map(|x| x.0.to_string()).collect();
    order.rotate_left(2);
    let (members_s, project_s) = (members.clone(), project.to_string());
    parts.setup.push(step(move |s| {
        let mut on: Vec<&Person> = Vec::new();
        for k in &members_s {
            on.push(match k {
                1 => &m1,
                2 => &m2,
                _ => &m3,
            });
        }
        let pid = s.add_todo_project(&sup, &project_s, "", &on, now - Duration::days(8))?;
        for t in &order {
            s.add_todo_task(
                pid,
                None,
                &sup,
                t,
                Some((now + Duration::days(14)).date()),
                "medium",
                false,
                None,
                now - Duration::days(7),
            )?;
        }
        if let Some(n) = &nick_s {
            s.relabel_contact(&sup, &m2, n, &["coworker"])?;
        }
        Ok(())
    }));
    let logins = format!(
        "{}\n{FLAT}",
        logins(&[("sn", "simple_note"), ("ph", "phone"), ("td", "todoist")])
    );
    let read = format!(
        "note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query={}) if n[\"title\"] == {}][0]\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\nplan = {{}}\nfor line in content.split(\"\\n\")[1:]:\n    if \": \" in line:\n        task, who = line.split(\": \", 1)\n        plan[task.strip()] = who.strip()\nprint(plan)",
        py(note_title),
        py(note_title)
    );
    let people = format!(
        "me = apis.todoist.show_account(access_token=td)[\"email\"]\nproj = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q[\"name\"] == {}][0]\nmembers = {{c[\"email\"] for c in apis.todoist.show_project(access_token=td, project_id=proj[\"project_id\"])[\"collaborators\"]}}\nemails = {{}}\nfor who in set(plan.values()):\n    if who == \"me\":\n        emails[who] = me\n        continue\n    emails[who] = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query=who) if c[\"first_name\"] + \" \" + c[\"last_name\"] == who][0][\"email\"]\nprint(emails)",
        py(project)
    );
    let apply = "invited = set()\nfor t in flat(apis.todoist.show_tasks(access_token=td, project_id=proj[\"project_id\"])):\n    who = plan.get(t[\"title\"])\n    if who is None:\n        continue\n    e = emails[who]\n    if e in members:\n        apis.todoist.assign_or_unassign_task(access_token=td, task_id=t[\"task_id\"], assignee_email=e)\n    elif e not in invited:\n        apis.todoist.send_project_invite(access_token=td, project_id=proj[\"project_id\"], email=e)\n        invited.add(e)\napis.supervisor.complete_task()";
    let gt = |read: &str, people: &str, apply: &str| {
        vec![
            logins.clone(),
            read.to_string(),
            people.to_string(),
            apply.to_string(),
        ]
    };
    parts.ground_truth = gt(&read, &people, apply);
    parts.wrong = vec![
        solution(
            "leaves the tasks marked \"me\" unassigned",
            gt(&read, &people, &apply.replace("    if e in members:", "    if e == me:\n        continue\n    if e in members:")),
        ),
        solution(
            "assigns the newcomers' tasks to me meanwhile",
            gt(
                &read,
                &people,
                &apply.replace(
                    "        invited.add(e)",
                    "        invited.add(e)\n    if e not in members:\n        apis.todoist.assign_or_unassign_task(access_token=td, task_id=t[\"task_id\"], assignee_email=me)",
                ),
            ),
        ),
        solution(
            "invites nobody",
            gt(&read, &people, &apply.replace("    elif e not in invited:", "    elif False:")),
        ),
        solution(
            "assigns by position in the note instead of by title",
            gt(
                &read,
                &people,
                &apply.replace(
                    "for t in flat(apis.todoist.show_tasks(access_token=td, project_id=proj[\"project_id\"])):\n    who = plan.get(t[\"title\"])",
                    "for t, who in zip(flat(apis.todoist.show_tasks(access_token=td, project_id=proj[\"project_id\"])), list(plan.values())):",
                ),
            ),
        ),
    ];
    let assigned: Vec<(String, Option<String>)> = plan
        .iter()
        .map(|(task, k)| {
            let email = match k {
                0 => Some(p.email.clone()),
                k if members.contains(k) => who(*k).map(|c| c.email.clone()),
                _ => None,
            };
            (task.to_string(), email)
        })
        .collect();
    let mut invitees: Vec<String> = plan
        .iter()
        .filter(|(_, k)| *k != 0 && !members.contains(k))
        .filter_map(|(_, k)| who(*k).map(|c| c.email.clone()))
        .collect();
    invitees.sort();
    invitees.dedup();
    let (a1, a2) = (assigned.clone(), assigned.clone());
    let inv1 = invitees.clone();
    let proj1 = project.to_string();
    let proj2 = project.to_string();
    parts.checks = vec![
        Check::new(
            format!(
                "assigned: {}",
                assigned
                    .iter()
                    .filter_map(|(t, e)| e.as_ref().map(|e| format!("\"{t}\" to {e}")))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, email) in a1.iter().filter(|x| x.1.is_some()) {
                    let want = email.as_deref().and_then(|e| uid(ctx, "todoist", e));
                    match todo_titled(ctx, Some(&proj1), title) {
                        Some(t) if t.assignee == want && want.is_some() => {}
                        Some(t) => {
                            return Err(format!("\"{title}\" is assigned to {:?}", t.assignee));
                        }
                        None => return Err(format!("\"{title}\" is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!(
                "unassigned: {}",
                assigned
                    .iter()
                    .filter(|x| x.1.is_none())
                    .map(|x| format!("\"{}\"", x.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, _) in a2.iter().filter(|x| x.1.is_none()) {
                    match todo_titled(ctx, Some(&proj2), title) {
                        Some(t) if t.assignee.is_none() => {}
                        Some(t) => {
                            return Err(format!("\"{title}\" is assigned to {:?}", t.assignee));
                        }
                        None => return Err(format!("\"{title}\" is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("invites to exactly {}", invitees.join(", ")),
            move |ctx| {
                let mut got: Vec<String> = added(ctx, "todoist", "project_invites")
                    .into_iter()
                    .filter_map(|r| {
                        ctx.db
                            .query_row_cached(
                                "SELECT email FROM todoist.users WHERE id = ?1",
                                [r.get("invitee_id").as_i64().unwrap_or(0)],
                                |x| x.get::<_, String>(0),
                            )
                            .ok()
                    })
                    .collect();
                got.sort();
                if got == inv1 {
                    Ok(())
                } else {
                    Err(format!("invites to {got:?}"))
                }
            },
        ),
        Check::new("only assignees changed on the tasks", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && (r.kind() != ChangeKind::Updated
                        || r.changed_columns()
                            .iter()
                            .any(|c| c != "assignee_id" && c != "assigner_id"))
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        Check::new("the project's collaborators are unchanged", |ctx| match ctx
            .diff
            .rows
            .iter()
            .find(|r| r.is("todoist", "project_collaborator_links") || r.is("todoist", "projects"))
        {
            Some(r) => Err(r.describe()),
            None => Ok(()),
        }),
    ];
    parts.allowed = vec![
        allow_task_updates(&["assignee_id", "assigner_id"]),
        allow_added("invites", "todoist", "project_invites", |_, _| true),
        Allow::new("the invitation e-mails Todoist sends", |_, r| {
            r.schema == "gmail" && r.kind() == ChangeKind::Added
        }),
        allow::todo_notifications(),
    ];
    parts
}

// ---- 8. albums to listen to: close the ones in my Spotify library -----------------------------

/// The Inbox title of a "listen to" task for album `id`: `Listen to "<title>" by <first artist>`.
fn album_task(db: &rusqlite::Connection, id: i64) -> Option<String> {
    let (title, artists): (String, String) = db
        .query_row_cached(
            "SELECT title, artist_ids FROM spotify.albums WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .ok()?;
    let first = serde_json::from_str::<Vec<i64>>(&artists)
        .ok()?
        .first()
        .copied()?;
    let name: String = db
        .query_row_cached(
            "SELECT name FROM spotify.artists WHERE id = ?1",
            [first],
            |r| r.get(0),
        )
        .ok()?;
    Some(format!("Listen to \"{title}\" by {name}"))
}

/// "My Inbox has tasks to listen to albums; complete the ones already in my Spotify library."
/// Variant 2: also add the missing albums to the library (their tasks stay open); variant 3:
/// complete the ones whose album I liked (some in the library are not liked).
fn albums_to_listen(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let mut ids: Vec<i64> = Vec::new();
    while ids.len() < 6 {
        let id = g.rng.range(41, 900);
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    // Per album: (in library, liked); the task is done for `close`.
    let flags: Vec<(bool, bool)> = match g.variant {
        3 => vec![
            (true, true),
            (true, false),
            (false, false),
            (true, true),
            (true, false),
            (false, false),
        ],
        _ => vec![
            (true, false),
            (false, false),
            (true, false),
            (false, false),
            (true, false),
            (false, false),
        ],
    };
    let close: Vec<i64> = ids
        .iter()
        .zip(&flags)
        .filter(|(_, f)| if g.variant == 3 { f.1 } else { f.0 })
        .map(|(id, _)| *id)
        .collect();
    let missing: Vec<i64> = if g.variant == 2 {
        ids.iter()
            .zip(&flags)
            .filter(|(_, f)| !f.0)
            .map(|(id, _)| *id)
            .collect()
    } else {
        Vec::new()
    };
    let instruction = match g.variant {
        1 => {
            "My Todoist Inbox has tasks to listen to some albums. Complete the ones whose album is already in my Spotify library."
        }
        2 => {
            "Go through the \"Listen to ...\" tasks in my Todoist Inbox: if the album is already in my Spotify library, complete the task; if it isn't, add the album to my library and leave the task open."
        }
        _ => {
            "Complete each \"Listen to ...\" task in my Todoist Inbox whose album I have liked on Spotify; leave the rest open."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "todoist", "spotify"];
    let now = g.now;
    let sup = p.clone();
    let (ids_s, flags_s) = (ids.clone(), flags.clone());
    parts.setup.push(step(move |s| {
        let inbox = s.todo_project(&sup, "Inbox")?;
        let sp = s.user_id("spotify", &sup)?;
        // Older library albums and likes first, so that one page does not hold the task's.
        for id in 1..=40 {
            s.add_library_album(&sup, id, now - Duration::days(400 + id))?;
            s.like_album(&sup, id, now - Duration::days(id) - Duration::hours(2))?;
        }
        for (k, (id, (lib, liked))) in ids_s.iter().zip(&flags_s).enumerate() {
            s.execute(
                "DELETE FROM spotify.user_library_albums WHERE user_id = ?1 AND album_id = ?2",
                rusqlite::params![sp, id],
            )?;
            s.execute(
                "DELETE FROM spotify.album_likes WHERE user_id = ?1 AND album_id = ?2",
                rusqlite::params![sp, id],
            )?;
            if *lib {
                s.add_library_album(&sup, *id, now - Duration::days(200 + 30 * k as i64))?;
            }
            if *liked {
                s.like_album(&sup, *id, now - Duration::days(150 + 20 * k as i64))?;
            }
            let title = album_task(s.db, *id).ok_or(rusqlite::Error::QueryReturnedNoRows)?;
            s.add_todo_task(
                inbox,
                None,
                &sup,
                &title,
                None,
                "low",
                false,
                None,
                now - Duration::days(20 - k as i64),
            )?;
        }
        Ok(())
    }));
    let logins = format!(
        "{}\n{FLAT}",
        logins(&[("td", "todoist"), ("sp", "spotify")])
    );
    let source = if g.variant == 3 {
        "all_pages(apis.spotify.show_liked_albums, access_token=sp)"
    } else {
        "all_pages(apis.spotify.show_album_library, access_token=sp)"
    };
    let read = format!(
        "have = {{(a[\"title\"], a[\"artists\"][0][\"name\"]) for a in {source}}}\ntasks = []\nfor t in flat(apis.todoist.show_tasks(access_token=td, project_id=0, is_completed=False)):\n    m = re.match(r'Listen to \"(.+)\" by (.+)$', t[\"title\"])\n    if m:\n        tasks.append((t, m.group(1), m.group(2)))\nprint(len(have), [x[0][\"title\"] for x in tasks])"
    );
    let apply = if g.variant == 2 {
        "for t, title, artist in tasks:\n    if (title, artist) in have:\n        apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], is_completed=True)\n    else:\n        found = [a for a in apis.spotify.search_albums(access_token=sp, query=title + \" \" + artist, page_limit=20) if a[\"title\"] == title and a[\"artists\"][0][\"name\"] == artist]\n        apis.spotify.add_album_to_library(access_token=sp, album_id=found[0][\"album_id\"])\napis.supervisor.complete_task()"
    } else {
        "for t, title, artist in tasks:\n    if (title, artist) in have:\n        apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], is_completed=True)\napis.supervisor.complete_task()"
    };
    let gt = |read: &str, apply: &str| vec![logins.clone(), read.to_string(), apply.to_string()];
    parts.ground_truth = gt(&read, apply);
    parts.wrong = vec![
        solution(
            "completes every \"Listen to\" task",
            gt(&read, &apply.replace("    if (title, artist) in have:", "    if True:")),
        ),
        solution(
            "reads only the first page",
            gt(&read.replace(&format!("for a in {source}"), &format!("for a in {}", source.replace("all_pages(", "(lambda f, **k: f(**k))("))), apply),
        ),
        solution(
            "deletes the tasks it does not complete",
            gt(&read, &apply.replace("apis.supervisor.complete_task()", "for t, title, artist in tasks:\n    if (title, artist) not in have:\n        apis.todoist.delete_task(access_token=td, task_id=t[\"task_id\"])\napis.supervisor.complete_task()")),
        ),
    ];
    match g.variant {
        2 => parts.wrong.push(solution(
            "adds the missing albums and completes their tasks too",
            gt(&read, &apply.replace("        apis.spotify.add_album_to_library(", "        apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], is_completed=True)\n        apis.spotify.add_album_to_library(")),
        )),
        3 => parts.wrong.push(solution(
            "goes by the library instead of the likes",
            gt(&read.replace("show_liked_albums", "show_album_library"), apply),
        )),
        _ => {}
    }
    let (ids1, close1, ids2, close2) = (ids.clone(), close.clone(), ids.clone(), close.clone());
    let task_of = |ctx: &EvalCtx, id: i64| -> Option<Todo> {
        let title = album_task(ctx.db, id)?;
        todo_titled(ctx, Some("Inbox"), &title)
    };
    parts.checks = vec![
        Check::new(
            format!("completed the tasks of albums {close:?}"),
            move |ctx| {
                for id in ids1.iter().filter(|i| close1.contains(i)) {
                    match task_of(ctx, *id) {
                        Some(t) if t.completed => {}
                        Some(t) => return Err(format!("\"{}\" is open", t.title)),
                        None => return Err(format!("the task of album {id} is gone")),
                    }
                }
                Ok(())
            },
        ),
        Check::new("the other albums' tasks are open", move |ctx| {
            for id in ids2.iter().filter(|i| !close2.contains(i)) {
                match task_of(ctx, *id) {
                    Some(t) if !t.completed => {}
                    Some(t) => return Err(format!("\"{}\" was completed", t.title)),
                    None => return Err(format!("the task of album {id} is gone")),
                }
            }
            Ok(())
        }),
        Check::new("only completion changed on the tasks", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && (r.kind() != ChangeKind::Updated
                        || r.changed_columns().iter().any(|c| c != "is_completed"))
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
        Check::new("no other Inbox task changed", move |ctx| {
            let titles: Vec<String> = ids.iter().filter_map(|i| album_task(ctx.db, *i)).collect();
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && !titles.iter().any(|t| r.get("title").as_str() == Some(t))
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
    ];
    let m1 = missing.clone();
    parts.checks.push(Check::new(
        if missing.is_empty() {
            "my Spotify library and likes are unchanged".to_string()
        } else {
            format!("albums {missing:?} were added to my library, nothing else")
        },
        move |ctx| {
            let mut got: Vec<i64> = added(ctx, "spotify", "user_library_albums")
                .into_iter()
                .map(|r| r.get("album_id").as_i64().unwrap_or(0))
                .collect();
            got.sort_unstable();
            let mut want = m1.clone();
            want.sort_unstable();
            if got != want {
                return Err(format!("added {got:?}"));
            }
            match ctx.diff.rows.iter().find(|r| {
                r.schema == "spotify"
                    && !(r.is("spotify", "user_library_albums") && r.kind() == ChangeKind::Added)
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = vec![
        allow_task_updates(&["is_completed"]),
        allow::todo_notifications(),
    ];
    if g.variant == 2 {
        parts.allowed.push(allow_added(
            "albums added to the library",
            "spotify",
            "user_library_albums",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("spotify"),
        ));
    }
    parts
}

// ---- 9. bring a to-do list file into the Inbox ------------------------------------------------

/// "Bring my to-do list file into my Todoist Inbox: add each open item not there yet (with its
/// due date), complete the Inbox tasks it marks done." Some open items are in the Inbox
/// already, one done item is not in the Inbox at all. Variant 2: items marked "(high)" get
/// high priority; variant 3: this month's list sits next to last month's.
fn import_todo_file(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let shift = i64::from(g.variant) * 2 - 2;
    let d = |n: i64| ymd((g.now + Duration::days(n + shift)).date());
    // (title, done in the list, already in the Inbox, due, high)
    let items: Vec<(&str, bool, bool, Option<String>, bool)> = vec![
        (
            "Renew the passport",
            false,
            false,
            Some(d(21)),
            g.variant == 2,
        ),
        ("Get the bike serviced", false, true, None, false),
        ("Send the thank-you cards", true, true, None, false),
        ("Buy a new phone charger", false, false, None, false),
        ("Book the summer rental", false, false, Some(d(9)), false),
        ("Mail the tax forms", true, false, None, false),
        ("Donate old clothes", true, true, None, false),
        (
            "Return the borrowed ladder",
            false,
            false,
            Some(d(3)),
            g.variant == 2,
        ),
        ("Call the insurance company", false, true, Some(d(2)), false),
    ];
    let mut body = format!("{}'s to-do list\n", p.first_name);
    for (title, done, _, due, high) in &items {
        body.push_str(&format!(
            "- [{}] {title}{}{}\n",
            if *done { "x" } else { " " },
            due.as_ref()
                .map(|x| format!(" (due {x})"))
                .unwrap_or_default(),
            if *high { " (high)" } else { "" }
        ));
    }
    let old_body = format!(
        "{}'s to-do list\n- [ ] Fix the garden fence (due {})\n- [x] Renew the passport\n- [ ] Order new glasses\n",
        p.first_name,
        d(-20)
    );
    let (path, old_path, instruction) = match g.variant {
        1 => (
            "~/documents/todo.txt",
            None,
            "Bring my to-do list file (~/documents/todo.txt) into my Todoist Inbox: add each open item that isn't in the Inbox yet as a task, due when the list says, and complete the Inbox tasks the list marks done ([x]).",
        ),
        2 => (
            "~/documents/todo.txt",
            None,
            "Sync my to-do list file (documents/todo.txt) to my Todoist Inbox. Open items missing from the Inbox become tasks with the list's due date, high priority if marked (high), medium otherwise; items ticked [x] get completed in the Inbox if they're there.",
        ),
        _ => (
            "~/documents/lists/todo_2023_05.txt",
            Some("~/documents/lists/todo_2023_04.txt"),
            "My to-do list for this month is in my file system under documents/lists/. Add its open items that aren't in my Todoist Inbox yet as Inbox tasks (with the due dates it gives), and complete the Inbox tasks it marks as done ([x]).",
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist"];
    let now = g.now;
    let sup = p.clone();
    let items_s: Vec<(String, bool, bool, Option<String>)> = items
        .iter()
        .map(|x| (x.0.to_string(), x.1, x.2, x.3.clone()))
        .collect();
    let (path_s, old_s) = (path.to_string(), old_path.map(str::to_string));
    parts.setup.push(step(move |s| {
        let inbox = s.todo_project(&sup, "Inbox")?;
        for (k, (title, _, in_inbox, due)) in items_s.iter().enumerate() {
            if *in_inbox {
                let due = due
                    .as_ref()
                    .and_then(|x| NaiveDate::parse_from_str(x, "%Y-%m-%d").ok());
                s.add_todo_task(
                    inbox,
                    None,
                    &sup,
                    title,
                    due,
                    "medium",
                    false,
                    None,
                    now - Duration::days(10 + k as i64),
                )?;
            }
        }
        s.add_file(&sup, &path_s, &body, now - Duration::days(1))?;
        if let Some(o) = &old_s {
            s.add_file(&sup, o, &old_body, now - Duration::days(31))?;
        }
        Ok(())
    }));
    let logins = format!(
        "{}\n{FLAT}",
        logins(&[("fs", "file_system"), ("td", "todoist")])
    );
    let find = if g.variant == 3 {
        "path = max(apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/lists/\", entry_type=\"files\"))"
    } else {
        "path = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/\", entry_type=\"files\", recursive=False) if q.endswith(\"/todo.txt\")][0]"
    };
    let read = format!(
        "{find}\ncontent = apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"]\nitems = []\nfor line in content.split(\"\\n\"):\n    m = re.match(r\"- \\[( |x)\\] (.+?)(?: \\(due (\\d{{4}}-\\d{{2}}-\\d{{2}})\\))?( \\(high\\))?$\", line.strip())\n    if m:\n        items.append((m.group(2), m.group(1) == \"x\", m.group(3), m.group(4) is not None))\ninbox = flat(apis.todoist.show_tasks(access_token=td, project_id=0))\nby_title = {{t[\"title\"]: t for t in inbox}}\nprint(items)"
    );
    let prio = if g.variant == 2 {
        ", priority=\"high\" if high else \"medium\""
    } else {
        ""
    };
    let apply = format!(
        "for title, done, due, high in items:\n    if done:\n        if title in by_title and not by_title[title][\"is_completed\"]:\n            apis.todoist.update_task(access_token=td, task_id=by_title[title][\"task_id\"], is_completed=True)\n    elif title not in by_title:\n        apis.todoist.create_task(access_token=td, project_id=0, title=title, due_date=due{prio})\napis.supervisor.complete_task()"
    );
    let gt = |read: &str, apply: &str| vec![logins.clone(), read.to_string(), apply.to_string()];
    parts.ground_truth = gt(&read, &apply);
    parts.wrong = vec![
        solution(
            "adds every open item, duplicating those in the Inbox",
            gt(&read, &apply.replace("    elif title not in by_title:", "    else:")),
        ),
        solution(
            "adds the done items missing from the Inbox too",
            gt(&read, &apply.replace("        if title in by_title and not by_title[title][\"is_completed\"]:", "        if title not in by_title:\n            apis.todoist.create_task(access_token=td, project_id=0, title=title)\n        elif not by_title[title][\"is_completed\"]:")),
        ),
        solution(
            "leaves out the due dates",
            gt(&read, &apply.replace(", due_date=due", "")),
        ),
        solution(
            "does not complete the done ones",
            gt(&read, &apply.replace("            apis.todoist.update_task(access_token=td, task_id=by_title[title][\"task_id\"], is_completed=True)", "            pass")),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "leaves every new task at medium priority",
            gt(&read, &apply.replace(prio, "")),
        ));
    }
    if g.variant == 3 {
        parts.wrong.push(solution(
            "uses last month's list",
            gt(&read.replace("path = max(", "path = min("), &apply),
        ));
    }
    let new_items: Vec<(String, Option<String>, String)> = items
        .iter()
        .filter(|x| !x.1 && !x.2)
        .map(|x| {
            (
                x.0.to_string(),
                x.3.clone(),
                if x.4 { "high" } else { "medium" }.to_string(),
            )
        })
        .collect();
    let to_close: Vec<String> = items
        .iter()
        .filter(|x| x.1 && x.2)
        .map(|x| x.0.to_string())
        .collect();
    let new_inbox = |ctx: &EvalCtx| -> Vec<(String, Option<String>, String, Option<i64>)> {
        added(ctx, "todoist", "tasks")
            .into_iter()
            .map(|r| {
                (
                    r.get("title").as_str().unwrap_or("").to_string(),
                    r.get("due_date")
                        .as_str()
                        .map(|d| d.chars().take(10).collect()),
                    r.get("priority").as_str().unwrap_or("").to_string(),
                    r.get("project_id").as_i64(),
                )
            })
            .collect()
    };
    let inbox_id = |ctx: &EvalCtx| -> Option<i64> {
        ctx.db
            .query_row_cached(
                "SELECT id FROM todoist.projects WHERE user_id = ?1 AND is_inbox = 1 ORDER BY id LIMIT 1",
                [ctx.user_id("todoist")?],
                |r| r.get(0),
            )
            .ok()
    };
    let (n1, n2, n3) = (new_items.clone(), new_items.clone(), new_items.clone());
    let (c1, c2) = (to_close.clone(), to_close.clone());
    parts.checks = vec![
        Check::new(
            format!(
                "new Inbox tasks, exactly: {}",
                new_items
                    .iter()
                    .map(|x| format!("\"{}\"", x.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let inbox = inbox_id(ctx);
                let got = new_inbox(ctx);
                if let Some(x) = got.iter().find(|x| x.3 != inbox) {
                    return Err(format!("\"{}\" was added to another project", x.0));
                }
                let mut titles: Vec<String> = got.into_iter().map(|x| x.0).collect();
                titles.sort();
                let mut want: Vec<String> = n1.iter().map(|x| x.0.clone()).collect();
                want.sort();
                if titles == want {
                    Ok(())
                } else {
                    Err(format!("added {titles:?}"))
                }
            },
        ),
        Check::new(
            format!(
                "due dates: {}",
                new_items
                    .iter()
                    .map(|x| format!(
                        "\"{}\" {}",
                        x.0,
                        x.1.clone().unwrap_or_else(|| "none".into())
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, due, _) in &n2 {
                    match new_inbox(ctx).into_iter().find(|x| &x.0 == title) {
                        Some(x) if &x.1 == due => {}
                        Some(x) => return Err(format!("\"{title}\" is due {:?}", x.1)),
                        None => return Err(format!("\"{title}\" was not added")),
                    }
                }
                Ok(())
            },
        ),
        Check::new(format!("completed: {}", to_close.join(", ")), move |ctx| {
            for t in &c1 {
                match todo_titled(ctx, Some("Inbox"), t) {
                    Some(x) if x.completed => {}
                    _ => return Err(format!("\"{t}\" is not done")),
                }
            }
            Ok(())
        }),
        Check::new("no other existing task changed", move |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("todoist", "tasks")
                    && r.kind() != ChangeKind::Added
                    && !(r.kind() == ChangeKind::Updated
                        && r.changed_columns() == ["is_completed"]
                        && c2.iter().any(|t| r.get("title").as_str() == Some(t)))
            }) {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
    ];
    if g.variant == 2 {
        parts.checks.push(Check::new(
            format!(
                "priorities: {}",
                new_items
                    .iter()
                    .map(|x| format!("\"{}\" {}", x.0, x.2))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                for (title, _, prio) in &n3 {
                    match new_inbox(ctx).into_iter().find(|x| &x.0 == title) {
                        Some(x) if &x.2 == prio => {}
                        Some(x) => return Err(format!("\"{title}\" is {}", x.2)),
                        None => return Err(format!("\"{title}\" was not added")),
                    }
                }
                Ok(())
            },
        ));
    }
    parts.allowed = vec![
        allow_added("new Inbox tasks", "todoist", "tasks", move |ctx, r| {
            r.get("project_id").as_i64() == inbox_id(ctx)
        }),
        allow_task_updates(&["is_completed"]),
        allow::todo_notifications(),
    ];
    parts
}
