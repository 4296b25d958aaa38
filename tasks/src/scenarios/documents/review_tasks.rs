//! "Add a task 'Review <file>' to my Paperwork project for every file in ~/documents/to_review/,
//! due D." A ~/documents/reviewed/ folder looks alike; a project "Paperwork 2022" is a near
//! miss. Variant 2 includes a sub-folder and sets priority from the file's content; variant 3
//! has one task already there.

use super::{base, dated, fs_login};
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::python::solution;
use crate::kit::todoist::my_project_named;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    now: NaiveDateTime,
    /// The files to review: (path under ~/documents/to_review/, content).
    files: Vec<(&'static str, &'static str)>,
    /// The files the setup writes: those and an already reviewed one.
    setup_files: Vec<(String, String, NaiveDateTime)>,
    /// The due date, YYYY-MM-DD.
    due: &'static str,
    variant: u8,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "todoist"];
    const SCRIPT: &str = include_str!("review_tasks.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let mut files: Vec<(&'static str, &'static str)> = vec![
            (
                "car_insurance_renewal.pdf",
                "Auto policy renewal\nPremium: $612.00 for 6 months\nRenew by June 1, 2023",
            ),
            (
                "employment_contract.docx",
                "Employment contract - draft 2\nURGENT: sign and return by May 24, 2023",
            ),
            (
                "lease_renewal.pdf",
                "Lease renewal offer\nNew monthly rent: $1,900.00\nReply within 30 days",
            ),
            (
                "hoa_letter.pdf",
                "Maple Court Homeowners Association\nNotice of annual dues: $240.00",
            ),
            (
                "dental_plan_options.pdf",
                "Dental plan options 2023-2024\nBasic, Plus and Family tiers",
            ),
        ];
        if g.variant == 2 {
            files.push((
                "taxes/form_1099_int.pdf",
                "Form 1099-INT 2022\nInterest income: $184.22\nURGENT: figures differ from last year",
            ));
        }
        let (due, due_words) = match g.variant {
            1 => ("2023-05-26", "May 26, 2023"),
            2 => ("2023-05-31", "2023-05-31"),
            _ => ("2023-06-02", "June 2, 2023"),
        };
        let instruction = match g.variant {
            1 => format!(
                "For every file in ~/documents/to_review/, add a task \"Review <file name>\" (e.g. \"Review notes.pdf\") to my Todoist project Paperwork, due {due_words}."
            ),
            2 => format!(
                "Put a task \"Review <file name>\" in my Paperwork project on Todoist for each file under ~/documents/to_review/, its sub-folders included, due {due_words}. If a file says URGENT, make its task high priority; the others medium."
            ),
            _ => format!(
                "I need Todoist tasks for the files waiting in ~/documents/to_review/: one \"Review <file name>\" task each in the project Paperwork, due {due_words}. Some may already have one there; don't add those twice."
            ),
        };
        let mut setup_files: Vec<(String, String, NaiveDateTime)> = files
            .iter()
            .enumerate()
            .map(|(i, (n, c))| {
                dated(
                    now,
                    &format!("~/documents/to_review/{n}"),
                    c,
                    2 + 3 * i as i64,
                )
            })
            .collect();
        setup_files.push(dated(
            now,
            "~/documents/reviewed/old_contract.docx",
            "Employment contract - 2021\nSigned",
            200,
        ));
        let v = Values {
            supervisor: p,
            now,
            files,
            setup_files,
            due,
            variant: g.variant,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The files, the Paperwork project with two tasks (variant 3: one for a file to review too)
    /// and last year's near miss.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.add_dated_files(&v.supervisor, &v.setup_files)?;
            let project = s.add_todo_project(
                &v.supervisor,
                "Paperwork",
                "Forms, contracts and bills",
                &[],
                v.now - Duration::days(120),
            )?;
            s.add_todo_task(
                project,
                None,
                &v.supervisor,
                "Review tax_return_2022.pdf",
                None,
                "medium",
                true,
                None,
                v.now - Duration::days(40),
            )?;
            s.add_todo_task(
                project,
                None,
                &v.supervisor,
                "File the warranty cards",
                None,
                "low",
                false,
                None,
                v.now - Duration::days(20),
            )?;
            if v.variant == 3 {
                s.add_todo_task(
                    project,
                    None,
                    &v.supervisor,
                    "Review lease_renewal.pdf",
                    Some(chrono::NaiveDate::from_ymd_opt(2023, 5, 29).unwrap_or_default()),
                    "medium",
                    false,
                    None,
                    v.now - Duration::days(1),
                )?;
            }
            let old = s.add_todo_project(
                &v.supervisor,
                "Paperwork 2022",
                "Last year's forms",
                &[],
                v.now - Duration::days(400),
            )?;
            s.add_todo_task(
                old,
                None,
                &v.supervisor,
                "Review car_insurance_renewal.pdf",
                None,
                "medium",
                true,
                None,
                v.now - Duration::days(380),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let make = |project: &str, dir_call: &str, with_due: bool, with_prio: bool, skip: bool| {
            let vals = Vals::new()
                .code("project", script.cell(project, &none))
                .code("paths", script.cell(dir_call, &none))
                .lit("due", v.due);
            let create = match (with_due, with_prio) {
                (true, true) => "create",
                (false, _) => "create_without_due",
                (true, false) => "create_without_priority",
            };
            let mut names = vec!["tasks"];
            if skip {
                names.push("skip_existing");
            }
            names.extend(["read", create, "finish"]);
            script.cells(&names, &vals).join("\n")
        };
        let paperwork = "paperwork";
        let listing = "listing";
        let by_substring = "by_substring";
        let ground_truth = vec![fs_login(), make(paperwork, listing, true, true, true)];
        let mut wrong = vec![
            solution(
                "puts the tasks in the first project called like Paperwork",
                vec![
                    fs_login(),
                    make("like_paperwork", listing, true, true, true),
                ],
            ),
            solution(
                "searches ~/documents for \"review\", catching the reviewed/ folder too",
                vec![fs_login(), make(paperwork, by_substring, true, true, true)],
            ),
            solution(
                "sets no due date",
                vec![fs_login(), make(paperwork, listing, false, true, true)],
            ),
        ];
        match v.variant {
            2 => {
                wrong.push(solution(
                    "leaves every task at medium priority",
                    vec![fs_login(), make(paperwork, listing, true, false, true)],
                ));
                wrong.push(solution(
                    "skips the taxes/ sub-folder",
                    vec![
                        fs_login(),
                        make(paperwork, "listing_flat", true, true, true),
                    ],
                ));
            }
            3 => wrong.push(solution(
                "adds lease_renewal.pdf a second time",
                vec![fs_login(), make(paperwork, listing, true, true, false)],
            )),
            _ => {}
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!(
                    "a new task in Paperwork for each of {}",
                    new_names(v).join(", ")
                ),
                |v, ctx| {
                    let pid = my_project_named(ctx, "Paperwork");
                    let tasks = added_tasks(ctx);
                    for n in &new_names(v) {
                        let title = format!("Review {n}");
                        let k = tasks
                            .iter()
                            .filter(|t| Some(t.0) == pid && t.1 == title)
                            .count();
                        if k != 1 {
                            return Err(format!("{k} tasks \"{title}\" in Paperwork"));
                        }
                    }
                    Ok(())
                },
            ),
            v.check(format!("each new task is due {}", v.due), |v, ctx| {
                let tasks = added_tasks(ctx);
                if tasks.is_empty() {
                    return Err("no new task".into());
                }
                match tasks.iter().find(|t| !t.2.starts_with(v.due)) {
                    Some(t) => Err(format!("\"{}\" is due {:?}", t.1, t.2)),
                    None => Ok(()),
                }
            }),
            v.check(
                format!("exactly {} new tasks", new_names(v).len()),
                |v, ctx| {
                    let (k, n) = (added_tasks(ctx).len(), new_names(v).len());
                    if k == n {
                        Ok(())
                    } else {
                        Err(format!("{k} new tasks"))
                    }
                },
            ),
            v.check(
                "no task for ~/documents/reviewed/old_contract.docx",
                |_, ctx| match added_tasks(ctx)
                    .iter()
                    .find(|t| t.1.contains("old_contract"))
                {
                    Some(t) => Err(format!("a task \"{}\"", t.1)),
                    None => Ok(()),
                },
            ),
            v.check("no new task outside Paperwork", |_, ctx| {
                let pid = my_project_named(ctx, "Paperwork");
                match added_tasks(ctx).iter().find(|t| Some(t.0) != pid) {
                    Some(t) => Err(format!("\"{}\" in project {}", t.1, t.0)),
                    None => Ok(()),
                }
            }),
        ];
        if v.variant == 2 {
            checks.push(v.check(
                format!(
                    "{} are high priority, the others medium",
                    urgent(v).join(" and ")
                ),
                |v, ctx| {
                    let urgent = urgent(v);
                    for t in added_tasks(ctx) {
                        let want = if urgent.contains(&t.1) {
                            "high"
                        } else {
                            "medium"
                        };
                        if t.3 != want {
                            return Err(format!("\"{}\" is {}", t.1, t.3));
                        }
                    }
                    Ok(())
                },
            ));
        }
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_added(
            "the supervisor's new tasks",
            "todoist",
            "tasks",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
        )]
    }
}

/// The files that need a new task (variant 3 has one already).
fn new_names(v: &Values) -> Vec<String> {
    let names: Vec<String> = v.files.iter().map(|(n, _)| base(n).to_string()).collect();
    names
        .iter()
        .filter(|n| !(v.variant == 3 && n.as_str() == "lease_renewal.pdf"))
        .cloned()
        .collect()
}

/// The titles of the tasks for files that say URGENT.
fn urgent(v: &Values) -> Vec<String> {
    v.files
        .iter()
        .filter(|(_, c)| c.contains("URGENT"))
        .map(|(n, _)| format!("Review {}", base(n)))
        .collect()
}

/// The supervisor's Todoist tasks added during the episode: (project id, title, due, priority).
fn added_tasks(ctx: &EvalCtx) -> Vec<(i64, String, String, String)> {
    added(ctx, "todoist", "tasks")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == ctx.user_id("todoist"))
        .map(|r| {
            (
                r.get("project_id").as_i64().unwrap_or(0),
                r.get("title").as_str().unwrap_or("").trim().to_string(),
                r.get("due_date").as_str().unwrap_or("").to_string(),
                r.get("priority").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}
