//! "My manager texted me asking for a file on one of our team's Todoist tasks; do what they
//! asked." The latest text from the manager names the file, the task and the comment's words;
//! an older text asks for something else. The file sits in `~/documents/work/` next to an
//! older version; variant 2 files it in a sub-folder, variant 3 adds a team task with a
//! near-miss title.

use super::{allow_own_comments, attachments, employer, new_comments, todo_titled};
use crate::kit::allow;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("attach_for_manager.py"));
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
    parts.ground_truth = gt(&read_text, &find_file, &find_task, &post);
    let old_name = old.rsplit('/').next().unwrap_or_default();
    parts.wrong = vec![
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
    if near.is_some() {
        parts.wrong.push(solution(
            "comments on the task with the near-miss title",
            gt(&read_text, &find_file, &cell("find_near_task"), &post),
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
