//! "Bring my to-do list file into my Todoist Inbox: add each open item not there yet (with its
//! due date), complete the Inbox tasks it marks done." Some open items are in the Inbox
//! already, one done item is not in the Inbox at all. Variant 2: items marked "(high)" get
//! high priority; variant 3: this month's list sits next to last month's.

use super::{allow_task_updates, inbox_done};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::todoist::{inbox_id, new_tasks, project_of, title_of};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// An item of the list: (title, done in the list, already in the Inbox, due, high).
type Item = (&'static str, bool, bool, Option<String>, bool);

/// A task to add: (title, due `YYYY-MM-DD`, priority).
type NewItem = (String, Option<String>, String);

/// A task the episode added: (title, due `YYYY-MM-DD`, priority, project id).
type AddedTask = (String, Option<String>, String, Option<i64>);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    instruction: &'static str,
    items: Vec<Item>,
    /// The list file's path and text; variant 3's last-month list likewise.
    path: &'static str,
    body: String,
    old_path: Option<&'static str>,
    old_body: String,
    /// The Inbox tasks to add: (title, due, priority).
    new_items: Vec<NewItem>,
    /// The Inbox tasks to complete.
    to_close: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "todoist"];
    const SCRIPT: &str = include_str!("import_todo_file.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let shift = i64::from(g.variant) * 2 - 2;
        let d = |n: i64| ymd((g.now + Duration::days(n + shift)).date());
        let items: Vec<Item> = vec![
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
        let new_items = items
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
        let to_close = items
            .iter()
            .filter(|x| x.1 && x.2)
            .map(|x| x.0.to_string())
            .collect();
        Values {
            variant: g.variant,
            supervisor: p,
            now: g.now,
            instruction,
            items,
            path,
            body,
            old_path,
            old_body,
            new_items,
            to_close,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        v.instruction.to_string()
    }

    /// The items already in the Inbox, the list file and (variant 3) last month's.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let inbox = s.todo_project(sup, "Inbox")?;
            for (k, (title, _, in_inbox, due, _)) in v.items.iter().enumerate() {
                if *in_inbox {
                    let due = due
                        .as_ref()
                        .and_then(|x| NaiveDate::parse_from_str(x, "%Y-%m-%d").ok());
                    s.add_todo_task(
                        inbox,
                        None,
                        sup,
                        title,
                        due,
                        "medium",
                        false,
                        None,
                        now - Duration::days(10 + k as i64),
                    )?;
                }
            }
            s.add_file(sup, v.path, &v.body, now - Duration::days(1))?;
            if let Some(o) = v.old_path {
                s.add_file(sup, o, &v.old_body, now - Duration::days(31))?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let read = |find: &str| script.cell("read", &Vals::new().code("find", cell(find)));
        let apply =
            |name: &str, create: &str| script.cell(name, &Vals::new().code("create", cell(create)));
        let find = if v.variant == 3 {
            "latest_list"
        } else {
            "todo_file"
        };
        let (create, undated) = if v.variant == 2 {
            ("create_prioritised", "create_undated_prioritised")
        } else {
            ("create", "create_undated")
        };
        let gt = |read: String, apply: String| vec![cell("logins"), read, apply];
        let mut wrong = vec![
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
        if v.variant == 2 {
            wrong.push(solution(
                "leaves every new task at medium priority",
                gt(read(find), apply("apply", "create")),
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "uses last month's list",
                gt(read("oldest_list"), apply("apply", create)),
            ));
        }
        (gt(read(find), apply("apply", create)), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!(
                    "new Inbox tasks, exactly: {}",
                    v.new_items
                        .iter()
                        .map(|x| format!("\"{}\"", x.0))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                |v, ctx| {
                    let inbox = inbox_id(ctx);
                    let got = new_inbox(ctx);
                    if let Some(x) = got.iter().find(|x| x.3 != inbox) {
                        return Err(format!("\"{}\" was added to another project", x.0));
                    }
                    let mut titles: Vec<String> = got.into_iter().map(|x| x.0).collect();
                    titles.sort();
                    let mut want: Vec<String> = v.new_items.iter().map(|x| x.0.clone()).collect();
                    want.sort();
                    if titles == want {
                        Ok(())
                    } else {
                        Err(format!("added {titles:?}"))
                    }
                },
            ),
            v.check(
                format!(
                    "due dates: {}",
                    listed(v, |x| x.1.clone().unwrap_or_else(|| "none".into()))
                ),
                |v, ctx| {
                    each_added_with(
                        v,
                        ctx,
                        |x| format!("{:?}", x.1),
                        |x| format!("{:?}", x.1),
                        "is due",
                    )
                },
            ),
            v.check(format!("completed: {}", v.to_close.join(", ")), |v, ctx| {
                inbox_done(ctx, &v.to_close)
            }),
            v.check("no other existing task changed", |v, ctx| {
                match ctx.diff.rows.iter().find(|r| {
                    r.is("todoist", "tasks")
                        && r.kind() != ChangeKind::Added
                        && !(r.kind() == ChangeKind::Updated
                            && r.changed_columns() == ["is_completed"]
                            && v.to_close.iter().any(|t| title_of(r) == t))
                }) {
                    Some(r) => Err(r.describe()),
                    None => Ok(()),
                }
            }),
        ];
        if v.variant == 2 {
            checks.push(v.check(
                format!("priorities: {}", listed(v, |x| x.2.clone())),
                |v, ctx| each_added_with(v, ctx, |x| x.2.clone(), |x| x.2.clone(), "is"),
            ));
        }
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added("new Inbox tasks", "todoist", "tasks", |ctx, r| {
                project_of(r) == inbox_id(ctx)
            }),
            allow_task_updates(&["is_completed"]),
            allow::todo_notifications(),
        ]
    }
}

/// The tasks the episode added.
fn new_inbox(ctx: &EvalCtx) -> Vec<AddedTask> {
    new_tasks(ctx)
        .into_iter()
        .map(|t| (t.title, t.due, t.priority, t.project))
        .collect()
}

/// Each new item was added with the wanted column (`what` of the item, `got` of the task);
/// `is` names the column's value in the error.
fn each_added_with(
    v: &Values,
    ctx: &EvalCtx,
    want: fn(&NewItem) -> String,
    got: fn(&AddedTask) -> String,
    is: &str,
) -> Result<(), String> {
    for item in &v.new_items {
        let title = &item.0;
        match new_inbox(ctx).into_iter().find(|x| &x.0 == title) {
            Some(x) if got(&x) == want(item) => {}
            Some(x) => return Err(format!("\"{title}\" {is} {}", got(&x))),
            None => return Err(format!("\"{title}\" was not added")),
        }
    }
    Ok(())
}

/// The new items joined as `"title" <what>`.
fn listed(v: &Values, what: fn(&NewItem) -> String) -> String {
    v.new_items
        .iter()
        .map(|x| format!("\"{}\" {}", x.0, what(x)))
        .collect::<Vec<_>>()
        .join(", ")
}
