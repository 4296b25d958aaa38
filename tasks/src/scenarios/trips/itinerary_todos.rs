//! "Add the to-dos of my itinerary for the <City> trip to our Todoist project, each assigned
//! to the person it names and due by its date." Variant 2: one to-do is in the project
//! already (not to be added again); variant 3: a friend is in the phone under a nickname (the
//! itinerary uses it) and last year's itinerary of the same city lists other to-dos.

use super::{allow_notifications, day, folder, itinerary, with_friends};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::people::full;
use crate::kit::python::solution;
use crate::kit::todoist::{NewTask, in_project_named};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// How variant 3's phone names the second friend (and so the itinerary does).
const NICKNAME: &str = "Ziggy";

/// A task the agent must add.
struct Todo {
    title: String,
    /// `YYYY-MM-DD`.
    due: String,
    /// The assignee's e-mail and full name.
    email: String,
    name: String,
}

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    friends: Vec<Person>,
    now: NaiveDateTime,
    city: &'static str,
    start: NaiveDate,
    lodging: &'static str,
    /// This trip's itinerary: its path and text.
    itinerary: (String, String),
    /// Last year's itinerary of the same city: its path and text (written in variant 3).
    old_itinerary: (String, String),
    project: String,
    /// Variant 2: the to-do in the project already.
    existing_todo: Option<String>,
    /// The tasks to add.
    want: Vec<Todo>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "phone", "todoist"];
    const SCRIPT: &str = include_str!("itinerary_todos.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let v = g.variant;
        let (p, friends) = with_friends(g, if v == 3 { 3 } else { 2 });
        let (city, start, nights, lodging) = match v {
            1 => ("Sedona", day(2023, 6, 9), 3, "Red Rock casita"),
            2 => ("Asheville", day(2023, 6, 16), 4, "Blue Ridge cabin"),
            _ => ("Santa Fe", day(2023, 6, 23), 3, "Canyon Road adobe"),
        };
        // How the supervisor's phone (and so the itinerary) names each friend.
        let shown: Vec<String> = friends
            .iter()
            .enumerate()
            .map(|(i, f)| {
                if v == 3 && i == 1 {
                    NICKNAME.to_string()
                } else {
                    f.first_name.clone()
                }
            })
            .collect();
        let items = to_dos(v);
        let todos: Vec<(String, String, NaiveDate)> = items
            .iter()
            .map(|(t, who, before)| {
                let name = if *who == 0 {
                    "me".to_string()
                } else {
                    shown[who - 1].clone()
                };
                (t.to_string(), name, start - Duration::days(*before))
            })
            .collect();
        // Variant 2: the second to-do is in the project already.
        let existing_todo = (v == 2).then(|| items[1].0.to_string());
        let mut names = vec![p.first_name.clone()];
        names.extend(shown.iter().cloned());
        let text = itinerary(
            city,
            start,
            nights,
            &names,
            &todos,
            &DAYS[..nights as usize],
        );
        let path = format!("~/documents/trips/{}/itinerary.txt", folder(city, start));
        let want = wanted(items, &todos, existing_todo.as_deref(), &p, &friends);
        Values {
            variant: v,
            supervisor: p,
            friends,
            now: g.now,
            city,
            start,
            lodging,
            itinerary: (path, text),
            old_itinerary: last_years_itinerary(city, &names, &shown[0]),
            project: format!("Trip to {city}"),
            existing_todo,
            want,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (city, project) = (v.city, &v.project);
        match v.variant {
            1 => format!(
                "My itinerary for the {city} trip (in my file system) has a list of things to do before we leave. Add each of them as a task to our \"{project}\" project in Todoist, due by the date the list gives, and assign it to the person the list names (\"me\" is me)."
            ),
            2 => format!(
                "Go through the \"Before we leave\" list in my {city} itinerary in my file system and put every item that isn't in our Todoist project \"{project}\" yet into it, due by its date and assigned to whoever the list says (\"me\" means me)."
            ),
            _ => format!(
                "We're off to {city} soon. Take the to-do list from this trip's itinerary in my file system and add each item as a task in the Todoist project \"{project}\", due by its date and assigned to the person named next to it (\"me\" is me)."
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, fr, now) = (&v.supervisor, &v.friends, v.now);
            s.add_file(sup, &v.itinerary.0, &v.itinerary.1, now - Duration::days(6))?;
            if v.variant == 3 {
                let (old_path, old_text) = &v.old_itinerary;
                s.add_file(sup, old_path, old_text, now - Duration::days(270))?;
                s.relabel_contact(sup, &fr[1], NICKNAME, &["friend"])?;
            }
            let mut members: Vec<&Person> = vec![sup];
            members.extend(fr.iter());
            let pid = s.add_todo_project(
                sup,
                &v.project,
                &format!("Getting ready for {}", v.project.to_lowercase()),
                &members,
                now - Duration::days(20),
            )?;
            s.add_todo_task(
                pid,
                None,
                sup,
                &format!("Confirm the {} booking", v.lodging),
                Some((now - Duration::days(3)).date()),
                "high",
                true,
                Some(sup),
                now - Duration::days(19),
            )?;
            s.add_todo_task(
                pid,
                None,
                &fr[0],
                "Pack hiking boots",
                Some(v.start - Duration::days(1)),
                "low",
                false,
                Some(&fr[0]),
                now - Duration::days(15),
            )?;
            if let Some(t) = &v.existing_todo {
                s.add_todo_task(
                    pid,
                    None,
                    sup,
                    t,
                    Some(v.start - Duration::days(8)),
                    "medium",
                    false,
                    Some(&fr[0]),
                    now - Duration::days(4),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let city_key = v.city.to_lowercase().replace(' ', "_");
        let read = |pick: &str| {
            let vals = Vals::new()
                .lit("city", &city_key)
                .code("content", script.cell(pick, &none));
            script.cell("read", &vals)
        };
        let upcoming = "upcoming";
        let oldest = "oldest";
        let project_py = script.cell("project", &Vals::new().lit("project", &v.project));
        let add = |skip_existing: bool, create: &str, assign: &str| {
            let mut names = vec!["each_todo"];
            if skip_existing {
                names.push("skip_existing");
            }
            names.extend([create, assign, "finish"]);
            script.cells(&names, &none).join("\n")
        };
        let (create, assign) = ("create", "assign");
        let ground_truth = vec![
            login.clone(),
            read(upcoming),
            project_py.clone(),
            add(true, create, assign),
        ];
        let mut wrong = vec![
            solution(
                "adds the tasks without assigning them",
                vec![
                    login.clone(),
                    read(upcoming),
                    project_py.clone(),
                    add(true, create, "no_assign"),
                ],
            ),
            solution(
                "assigns every task to the supervisor",
                vec![
                    login.clone(),
                    read(upcoming),
                    project_py.clone(),
                    add(true, create, "assign_self"),
                ],
            ),
            solution(
                "adds the tasks without due dates",
                vec![
                    login.clone(),
                    read(upcoming),
                    project_py.clone(),
                    add(true, "create_undated", assign),
                ],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "adds the to-do already in the project again",
                vec![
                    login.clone(),
                    read(upcoming),
                    project_py.clone(),
                    add(false, create, assign),
                ],
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "uses last year's itinerary",
                vec![
                    login.clone(),
                    read(oldest),
                    project_py.clone(),
                    add(true, create, assign),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v.want.iter().map(|t| task_added(&v.project, t)).collect();
        checks.push(v.check(
            format!("no other task added ({} in all)", v.want.len()),
            |v, ctx| {
                let got = added_tasks(ctx, &v.project);
                if let Some(t) = got
                    .iter()
                    .find(|t| !v.want.iter().any(|x| x.title.eq_ignore_ascii_case(&t.0)))
                {
                    return Err(format!("a task \"{}\"", t.0));
                }
                if added(ctx, "todoist", "tasks").len() != got.len() {
                    return Err("a task in another project".into());
                }
                Ok(())
            },
        ));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            v.allow("tasks of the trip project", |v, ctx, r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Added
                    && in_project_named(ctx, r, &v.project)
            }),
            allow_notifications("todoist"),
        ]
    }
}

/// The itinerary's day-by-day plan.
const DAYS: [&str; 5] = [
    "drive in, check in at the lodging",
    "the big outing",
    "free morning, dinner out",
    "pack up and drive home",
    "rest day",
];

/// Last year's itinerary of the same city (`names`: the travellers, the supervisor first;
/// `friend`: how the phone names the first friend): its path and text.
fn last_years_itinerary(city: &str, names: &[String], friend: &str) -> (String, String) {
    let old_text = itinerary(
        city,
        day(2022, 9, 2),
        2,
        &names[..2],
        &[
            (
                "Book the ghost tour".to_string(),
                friend.to_string(),
                day(2022, 8, 25),
            ),
            (
                "Buy sunscreen".to_string(),
                "me".to_string(),
                day(2022, 8, 30),
            ),
        ],
        &DAYS[..2],
    );
    let old_path = format!(
        "~/documents/trips/{}/itinerary.txt",
        folder(city, day(2022, 9, 2))
    );
    (old_path, old_text)
}

/// The tasks to add: the itinerary's to-dos (`items`, with `todos` their shown names and due
/// days) but the one in the project already.
fn wanted(
    items: &[(&str, usize, i64)],
    todos: &[(String, String, NaiveDate)],
    existing: Option<&str>,
    p: &Person,
    friends: &[Person],
) -> Vec<Todo> {
    items
        .iter()
        .zip(todos)
        .filter(|((t, _, _), _)| existing != Some(*t))
        .map(|((t, who, _), (_, _, due))| {
            let who_p = if *who == 0 { p } else { &friends[who - 1] };
            Todo {
                title: t.to_string(),
                due: due.format("%Y-%m-%d").to_string(),
                email: who_p.email.clone(),
                name: full(who_p),
            }
        })
        .collect()
}

/// The itinerary's to-dos: (title, who: 0 = me, k = friends[k-1], days before departure).
fn to_dos(variant: u8) -> &'static [(&'static str, usize, i64)] {
    match variant {
        1 => &[
            ("Book the jeep tour", 1, 10),
            ("Buy the red rock park passes", 2, 7),
            ("Reserve dinner for the first night", 0, 4),
        ],
        2 => &[
            ("Buy tickets for the Biltmore", 2, 12),
            ("Reserve the tubing trip", 1, 8),
            ("Plan the hike to Looking Glass Rock", 0, 5),
            ("Order trail snacks", 1, 3),
        ],
        _ => &[
            ("Book the Meow Wolf tickets", 2, 11),
            ("Reserve the hot springs", 3, 9),
            ("Buy the opera tickets", 0, 6),
            ("Make a list of galleries to visit", 2, 2),
        ],
    }
}

/// The to-do `t` added once to `project`, due and assigned as the itinerary says.
fn task_added(project: &str, t: &Todo) -> Check {
    let (title, due, email, proj) = (
        t.title.clone(),
        t.due.clone(),
        t.email.clone(),
        project.to_string(),
    );
    Check::new(
        format!(
            "\"{title}\" added to {proj}, due {due}, assigned to {}",
            t.name
        ),
        move |ctx| {
            let got: Vec<_> = added_tasks(ctx, &proj)
                .into_iter()
                .filter(|t| t.0.eq_ignore_ascii_case(&title))
                .collect();
            let [one] = got.as_slice() else {
                return Err(format!("{} such tasks", got.len()));
            };
            if one.1 != due {
                return Err(format!("due \"{}\"", one.1));
            }
            if one.2 != uid(ctx, "todoist", &email) {
                return Err(format!("assigned to todoist user {:?}", one.2));
            }
            Ok(())
        },
    )
}

/// The tasks added to the project named `project` in the episode: (title, due day, assignee's
/// todoist id).
fn added_tasks(ctx: &EvalCtx, project: &str) -> Vec<(String, String, Option<i64>)> {
    added(ctx, "todoist", "tasks")
        .into_iter()
        .filter(|r| in_project_named(ctx, r, project))
        .map(|r| {
            let t = NewTask::of(r);
            (
                t.title.trim().to_string(),
                t.due.unwrap_or_default(),
                t.assignee,
            )
        })
        .collect()
}
