//! "Make a Todoist project N for my upcoming trip to C: one task per day of the itinerary's
//! plan, titled as the plan says, due that day." Last year's itinerary of the same city lies
//! next to it. Variant 2: also invite the other travellers (their e-mails from the phone's
//! contacts); variant 3: the travel days (first and last) high priority, the rest low.

use super::{allow_invites, friends, invited_emails};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::todoist::{is_mine, new_projects, project_of, project_tasks};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};
use std::fmt::Debug;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    city: &'static str,
    /// The project to make.
    name: &'static str,
    /// The upcoming trip's itinerary (path, text) and last year's.
    itinerary: (String, String),
    old_itinerary: (String, String),
    /// Per day of the plan: (title, due `YYYY-MM-DD`, priority).
    want: Vec<(String, String, String)>,
    /// Variant 2: the other travellers' e-mails.
    invitees: Vec<String>,
}

/// A variant's trip: (city, project name, the plan, last year's plan).
type Trip = (
    &'static str,
    &'static str,
    Vec<&'static str>,
    Vec<&'static str>,
);

fn trip(variant: u8) -> Trip {
    match variant {
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
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "todoist", "phone"];
    const SCRIPT: &str = include_str!("trip_days.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            pop.relations_of(p.id)
                .iter()
                .filter(|(r, _)| *r == apps::people::Relation::Friend)
                .count()
                >= 2
        });
        let fr = friends(g, &p);
        let (f1, f2) = (&fr[0], &fr[1]);
        let (city, name, plan, old_plan) = trip(g.variant);
        let start = (g.now + Duration::days(16)).date();
        let old_start = start - Duration::days(320);
        let lower = city.to_lowercase();
        let path = |d: NaiveDate| {
            format!(
                "~/documents/trips/{lower}_{}/itinerary.txt",
                d.format("%Y_%m")
            )
        };
        let want = plan
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
        let invitees = if g.variant == 2 {
            vec![f1.email.clone(), f2.email.clone()]
        } else {
            Vec::new()
        };
        Values {
            variant: g.variant,
            now: g.now,
            city,
            name,
            itinerary: (path(start), itinerary(city, start, &[f1, &p, f2], &plan)),
            old_itinerary: (
                path(old_start),
                itinerary(city, old_start, &[&p, f1], &old_plan),
            ),
            want,
            invitees,
            supervisor: p,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (name, city) = (v.name, v.city);
        match v.variant {
            1 => format!(
                "Create a Todoist project called \"{name}\" for my upcoming trip to {city}, with one task per day of the plan in the trip's itinerary (in my file system): titled as the plan describes that day, and due on that day."
            ),
            2 => format!(
                "Set up a Todoist project \"{name}\" for my upcoming {city} trip: one task for each day of the itinerary's plan (the itinerary is in my file system), titled with what we do that day and due that day. Then invite the other travellers on the itinerary to the project."
            ),
            _ => format!(
                "Plan my upcoming {city} trip in Todoist: make a project \"{name}\" with a task for every day of the plan in my itinerary file, titled with that day's plan and due that day. Make the arrival and departure days high priority and the other days low."
            ),
        }
    }

    /// Last year's itinerary, then the upcoming one.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (old, new) = (&v.old_itinerary, &v.itinerary);
            s.add_file(&v.supervisor, &old.0, &old.1, v.now - Duration::days(340))?;
            s.add_file(&v.supervisor, &new.0, &new.1, v.now - Duration::days(6))?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("city", &v.city.to_lowercase())
            .lit("name", v.name);
        let cell = |cell_name: &str| script.cell(cell_name, &vals);
        let prioritised = v.variant == 3;
        let create = |plain: &str, with_priorities: &str| {
            cell(if prioritised { with_priorities } else { plain })
        };
        let invite = if v.variant == 2 { "invite" } else { "done" };
        let gt = |read: &str, create: String, invite: &str| {
            vec![cell("logins"), cell(read), create, cell(invite)]
        };
        let plain = || create("create", "create_prioritised");
        let mut wrong = vec![
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
        if v.variant == 2 {
            wrong.push(solution(
                "invites only the organizer",
                gt("read", plain(), "invite_organizer"),
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "makes only the arrival day high priority",
                gt("read", cell("create_prioritising_arrival"), invite),
            ));
        }
        (gt("read", plain(), invite), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(format!("one new project, \"{}\"", v.name), |v, ctx| {
                let n = new_projects(ctx);
                if n.len() == 1 && the_project(v, ctx).is_some() {
                    Ok(())
                } else {
                    Err(format!(
                        "new projects {:?}",
                        n.iter().map(|x| &x.2).collect::<Vec<_>>()
                    ))
                }
            }),
            v.check(
                format!("its tasks, in order: {}", listed(v, |w| &w.0, true)),
                |v, ctx| same_column(v, ctx, "tasks", |t| t.0, |w| w.0.clone()),
            ),
            v.check(
                format!("due dates {}", listed(v, |w| &w.1, false)),
                |v, ctx| same_column(v, ctx, "due dates", |t| t.1, |w| Some(w.1.clone())),
            ),
            v.check("no task was added to another project", |v, ctx| {
                let pid = the_project(v, ctx);
                match added(ctx, "todoist", "tasks")
                    .into_iter()
                    .find(|r| project_of(r) != pid)
                {
                    Some(r) => Err(r.describe()),
                    None => Ok(()),
                }
            }),
        ];
        if v.variant == 3 {
            checks.push(v.check(
                format!("priorities {}", listed(v, |w| &w.2, false)),
                |v, ctx| same_column(v, ctx, "priorities", |t| t.2, |w| w.2.clone()),
            ));
        }
        checks.push(v.check(
            if v.invitees.is_empty() {
                "nobody was invited".to_string()
            } else {
                format!("invites to exactly {}", v.invitees.join(", "))
            },
            |v, ctx| {
                let got = invited_emails(ctx);
                let mut exp = v.invitees.clone();
                exp.sort();
                if got == exp {
                    Ok(())
                } else {
                    Err(format!("invites to {got:?}"))
                }
            },
        ));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            allow_added(
                "the supervisor's new project",
                "todoist",
                "projects",
                is_mine,
            ),
            allow_added(
                "its collaborator link",
                "todoist",
                "project_collaborator_links",
                is_mine,
            ),
            v.allow("tasks of the new project", |v, ctx, r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Added
                    && the_project(v, ctx).is_some()
                    && project_of(r) == the_project(v, ctx)
            }),
            allow::todo_notifications(),
        ];
        if v.variant == 2 {
            allowed.extend(allow_invites());
        }
        allowed
    }
}

/// The new project of the instruction's name the supervisor owns.
fn the_project(v: &Values, ctx: &EvalCtx) -> Option<i64> {
    let me = ctx.user_id("todoist");
    new_projects(ctx)
        .into_iter()
        .find(|x| x.1 == me && x.2 == v.name)
        .map(|x| x.0)
}

/// One column of the project's tasks (`got`) against the plan's (`want`); `what` names it in
/// the error.
fn same_column<T: PartialEq + Debug>(
    v: &Values,
    ctx: &EvalCtx,
    what: &str,
    got: fn((String, Option<String>, String)) -> T,
    want: fn(&(String, String, String)) -> T,
) -> Result<(), String> {
    let Some(pid) = the_project(v, ctx) else {
        return Err("no such project".into());
    };
    let got: Vec<T> = project_tasks(ctx.db, pid).into_iter().map(got).collect();
    let exp: Vec<T> = v.want.iter().map(want).collect();
    if got == exp {
        Ok(())
    } else {
        Err(format!("{what} {got:?}"))
    }
}

/// The plan's column `col`, joined (quoted if `quote`).
fn listed(v: &Values, col: fn(&(String, String, String)) -> &String, quote: bool) -> String {
    v.want
        .iter()
        .map(|w| {
            if quote {
                format!("\"{}\"", col(w))
            } else {
                col(w).clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
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
