//! "My manager texted me asking for a file on one of our team's Todoist tasks; do what they
//! asked." The latest text from the manager names the file, the task and the comment's words;
//! an older text asks for something else. The file sits in `~/documents/work/` next to an
//! older version; variant 2 files it in a sub-folder, variant 3 adds a team task with a
//! near-miss title.

use super::{allow_own_comments, attachments, employer, new_comments, todo_titled};
use crate::kit::allow;
use crate::kit::python::FLAT;
use crate::kit::python::{logins, py, solution};
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
