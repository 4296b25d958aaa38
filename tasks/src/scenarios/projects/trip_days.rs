//! "Make a Todoist project N for my upcoming trip to C: one task per day of the itinerary's
//! plan, titled as the plan says, due that day." Last year's itinerary of the same city lies
//! next to it. Variant 2: also invite the other travellers (their e-mails from the phone's
//! contacts); variant 3: the travel days (first and last) high priority, the rest low.

use super::friends;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::{Duration, NaiveDate};
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("trip_days.py"));
    let vals = Vals::new()
        .lit("city", &city.to_lowercase())
        .lit("name", name);
    let cell = |cell_name: &str| script.cell(cell_name, &vals);
    let prioritised = g.variant == 3;
    let create = |plain: &str, with_priorities: &str| {
        cell(if prioritised { with_priorities } else { plain })
    };
    let invite = if g.variant == 2 { "invite" } else { "done" };
    let gt = |read: &str, create: String, invite: &str| {
        vec![cell("logins"), cell(read), create, cell(invite)]
    };
    let plain = || create("create", "create_prioritised");
    parts.ground_truth = gt("read", plain(), invite);
    parts.wrong = vec![
        solution(
            "uses last year's itinerary",
            gt("read_last_year", plain(), invite),
        ),
        solution(
            "dates the tasks a day early",
            gt(
                "read",
                create("create_a_day_early", "create_prioritised_a_day_early"),
                invite,
            ),
        ),
        solution(
            "leaves out the day of departure",
            gt(
                "read",
                create(
                    "create_without_departure",
                    "create_prioritised_without_departure",
                ),
                invite,
            ),
        ),
        solution(
            "puts the weekday and date in the titles",
            gt("read_with_dates", plain(), invite),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "invites only the organizer",
            gt("read", plain(), "invite_organizer"),
        ));
    }
    if g.variant == 3 {
        parts.wrong.push(solution(
            "makes only the arrival day high priority",
            gt("read", cell("create_prioritising_arrival"), invite),
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
