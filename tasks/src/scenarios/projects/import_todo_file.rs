//! "Bring my to-do list file into my Todoist Inbox: add each open item not there yet (with its
//! due date), complete the Inbox tasks it marks done." Some open items are in the Inbox
//! already, one done item is not in the Inbox at all. Variant 2: items marked "(high)" get
//! high priority; variant 3: this month's list sits next to last month's.

use super::{allow_task_updates, todo_titled};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use chrono::{Duration, NaiveDate};
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("import_todo_file.py"));
    let none = Vals::new();
    let cell = |name: &str| script.cell(name, &none);
    let read = |find: &str| script.cell("read", &Vals::new().code("find", cell(find)));
    let apply =
        |name: &str, create: &str| script.cell(name, &Vals::new().code("create", cell(create)));
    let find = if g.variant == 3 {
        "latest_list"
    } else {
        "todo_file"
    };
    let (create, undated) = if g.variant == 2 {
        ("create_prioritised", "create_undated_prioritised")
    } else {
        ("create", "create_undated")
    };
    let gt = |read: String, apply: String| vec![cell("logins"), read, apply];
    parts.ground_truth = gt(read(find), apply("apply", create));
    parts.wrong = vec![
        solution(
            "adds every open item, duplicating those in the Inbox",
            gt(read(find), apply("apply_adding_every_open", create)),
        ),
        solution(
            "adds the done items missing from the Inbox too",
            gt(read(find), apply("apply_adding_done_too", create)),
        ),
        solution(
            "leaves out the due dates",
            gt(read(find), apply("apply", undated)),
        ),
        solution(
            "does not complete the done ones",
            gt(read(find), apply("apply_without_completing", create)),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "leaves every new task at medium priority",
            gt(read(find), apply("apply", "create")),
        ));
    }
    if g.variant == 3 {
        parts.wrong.push(solution(
            "uses last month's list",
            gt(read("oldest_list"), apply("apply", create)),
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
