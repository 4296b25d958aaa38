//! "My manager texted me asking for a file on one of our team's Todoist tasks; do what they
//! asked." The latest text from the manager names the file, the task and the comment's words;
//! an older text asks for something else. The file sits in `~/documents/work/` next to an
//! older version; variant 2 files it in a sub-folder, variant 3 adds a team task with a
//! near-miss title.

use super::{allow_own_comments, supervisor_with_manager, todo_titled};
use crate::kit::allow;
use crate::kit::python::solution;
use crate::kit::todoist::{attachments, new_comments};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    boss: Person,
    now: NaiveDateTime,
    /// The team project.
    team: String,
    /// The task the text names, and variant 3's near-miss task.
    title: &'static str,
    near: Option<&'static str>,
    /// The file's path, its older version's, and its name in the text.
    path: &'static str,
    old: &'static str,
    fname: &'static str,
    /// The comment the text asks for.
    comment: &'static str,
    /// The manager's latest text and an older one.
    text: String,
    older: String,
    /// The file's content and the older version's.
    body: String,
    old_body: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "file_system", "todoist"];
    const SCRIPT: &str = include_str!("attach_for_manager.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, company, boss) = supervisor_with_manager(g);
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
        Values {
            variant: g.variant,
            now: g.now,
            team: format!("{company} Team"),
            title,
            near,
            path,
            old,
            fname,
            comment,
            text: format!(
                "Hi {}, could you attach {fname} to the \"{title}\" task in our team project? Add a comment saying \"{comment}\" Thanks!",
                p.first_name
            ),
            older: format!(
                "Hi {}, please attach the meeting notes to the \"Write the release notes\" task when you get a chance.",
                p.first_name
            ),
            body: format!(
                "{title}\n\nPrepared by {} {}.\nVersion for {company}.",
                p.first_name, p.last_name
            ),
            old_body: format!("{title}\n\nEarlier draft by {}.", p.first_name),
            supervisor: p,
            boss,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "My manager texted me asking for a file on one of our team's Todoist tasks. Please do what they asked."
            }
            2 => {
                "Check my manager's latest text: they want a document attached to a task in our team's Todoist project. Take care of it."
            }
            _ => {
                "My boss sent me a text about one of the tasks in our team project on Todoist. Do what the text asks."
            }
        }
        .to_string()
    }

    /// The team project's tasks (the manager's, assigned to the supervisor), both versions of the
    /// file and the manager's two texts.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, mgr, now) = (&v.supervisor, &v.boss, v.now);
            let pid = s.todo_project(sup, &v.team)?;
            let section = s.todo_section(pid, "In Progress")?;
            let at = now - Duration::days(9);
            let due = Some((now + Duration::days(4)).date());
            let task = |section: i64, title: &str, priority: &str| {
                s.add_todo_task(
                    pid,
                    Some(section),
                    mgr,
                    title,
                    due,
                    priority,
                    false,
                    Some(sup),
                    at,
                )
            };
            task(section, v.title, "high")?;
            task(section, "Write the release notes", "medium")?;
            if let Some(n) = v.near {
                let backlog = s.todo_section(pid, "Backlog")?;
                task(backlog, n, "low")?;
            }
            s.add_file(sup, v.old, &v.old_body, now - Duration::days(30))?;
            s.add_file(sup, v.path, &v.body, now - Duration::days(2))?;
            s.add_text(mgr, sup, &v.older, now - Duration::days(6))?;
            s.add_text(mgr, sup, &v.text, now - Duration::hours(3))?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let (read_text, find_file, find_task, post) = (
            cell("read_text"),
            cell("find_file"),
            cell("find_task"),
            cell("post"),
        );
        let gt = |read: &str, file: &str, task: &str, post: &str| {
            vec![
                cell("logins"),
                read.to_string(),
                file.to_string(),
                task.to_string(),
                post.to_string(),
            ]
        };
        let old_name = v.old.rsplit('/').next().unwrap_or_default();
        let mut wrong = vec![
            solution(
                "attaches the older version of the file",
                gt(
                    &read_text,
                    &format!(
                        "{find_file}\n{}",
                        script.cell("use_older_file", &Vals::new().lit("old_name", old_name))
                    ),
                    &find_task,
                    &post,
                ),
            ),
            solution(
                "comments without attaching the file",
                gt(
                    &read_text,
                    &find_file,
                    &find_task,
                    &cell("post_without_file"),
                ),
            ),
            solution(
                "follows the manager's older text",
                gt(
                    &format!("{read_text}\n{}", cell("use_older_text")),
                    &find_file,
                    &find_task,
                    &post,
                ),
            ),
            solution(
                "also completes the task",
                gt(
                    &read_text,
                    &find_file,
                    &find_task,
                    &cell("post_and_complete"),
                ),
            ),
        ];
        if v.near.is_some() {
            wrong.push(solution(
                "comments on the task with the near-miss title",
                gt(&read_text, &find_file, &cell("find_near_task"), &post),
            ));
        }
        (gt(&read_text, &find_file, &find_task, &post), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("one comment of mine on \"{}\" in {}", v.title, v.team),
                |v, ctx| {
                    let Some(t) = todo_titled(ctx, Some(&v.team), v.title) else {
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
            v.check(
                format!("the comment reads \"{}\"", v.comment),
                |v, ctx| match new_comments(ctx).first() {
                    Some(c) if c.content.trim() == v.comment => Ok(()),
                    Some(c) => Err(format!("it reads \"{}\"", c.content)),
                    None => Err("no comment".into()),
                },
            ),
            v.check(
                format!("it has exactly one attachment, {}", v.fname),
                |v, ctx| {
                    let Some(c) = new_comments(ctx).first().cloned() else {
                        return Err("no comment".into());
                    };
                    let a = attachments(ctx, c.id);
                    if a.len() == 1 && a[0].0 == v.fname {
                        Ok(())
                    } else {
                        Err(format!(
                            "attachments {:?}",
                            a.iter().map(|x| &x.0).collect::<Vec<_>>()
                        ))
                    }
                },
            ),
            v.check(
                "the attachment is the latest version of the file",
                |v, ctx| {
                    let Some(c) = new_comments(ctx).first().cloned() else {
                        return Err("no comment".into());
                    };
                    match attachments(ctx, c.id).first() {
                        Some(a) if a.1 == v.body => Ok(()),
                        Some(a) => Err(format!("content {:?}", a.1)),
                        None => Err("no attachment".into()),
                    }
                },
            ),
            v.check("no comment on any other task", |v, ctx| {
                let want = todo_titled(ctx, None, v.title).map(|t| t.id);
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
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow_own_comments();
        allowed.push(allow::todo_notifications());
        allowed
    }
}
