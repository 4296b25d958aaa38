//! "Turn the unchecked items of my 'Saturday chores' note into tasks in the Chores section of
//! our Home project, due Saturday, assigned to the person in brackets." A near-miss note
//! (Sunday chores) is there too. Variant 2: items under headings go to the matching sections;
//! variant 3: the note names the housemates by the nicknames saved in the phone.

use super::{TODAY, day, in_household};
use crate::eval::EvalCtx;
use crate::kit::changes::allow_added;
use crate::kit::people::{NICKNAMES, housemates};
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::todoist::{in_project_named, is_mine, new_tasks, section_name, user_email};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Population, Relation};
use chrono::NaiveDate;

/// An unchecked item: (title, section, assignee e-mail).
type Want = (String, String, String);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The checklist note's title.
    title: &'static str,
    /// Variant 3: the housemates to save under nicknames, with their labels.
    renames: Vec<(Person, &'static str, Vec<&'static str>)>,
    /// The unchecked items.
    want: Vec<Want>,
    /// The tasks' due date, `YYYY-MM-DD`.
    due: String,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note", "todoist", "phone"];
    const SCRIPT: &str = include_str!("note_to_tasks.py");

    /// The housemates, the checklist and the notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| in_household(pop, p));
        let mates = housemates(g.population, &p);
        let a = mates[0].clone();
        let b = mates.get(1).cloned().unwrap_or_else(|| a.clone());
        let nicks = {
            let i = g.rng.range(0, NICKNAMES.len() as i64) as usize;
            [NICKNAMES[i], NICKNAMES[(i + 3) % NICKNAMES.len()]]
        };
        // Who an item names: 0 = A, 1 = B, 2 = me.
        let people = [a.clone(), b.clone(), p.clone()];
        let name_of = |who: usize| -> String {
            match (who, g.variant) {
                (2, _) => "me".to_string(),
                (w, 3) => nicks[if a.id == b.id { 0 } else { w }].to_string(),
                (w, _) => people[w].first_name.clone(),
            }
        };
        let (title, items, due, instruction) = checklist(g);
        let mut content = format!("{title}\n");
        let mut heading = "";
        for (sec, t, who, done) in &items {
            if g.variant == 2 && *sec != heading {
                content.push_str(&format!("\n{sec}\n"));
                heading = sec;
            }
            content.push_str(&format!(
                "- [{}] {t} ({})\n",
                if *done { "x" } else { " " },
                name_of(*who)
            ));
        }
        let decoy = format!(
            "Sunday chores\n- [ ] Sweep the porch ({})\n- [ ] Change the bed sheets (me)\n",
            name_of(0)
        );
        let mut ours = vec![
            g.note(title, &content, &["home"], false, 2),
            g.note("Sunday chores", &decoy, &["home"], false, 9),
        ];
        ours.push(g.note(
            "Paint colours",
            "Living room: sage green\nBedroom: warm white",
            &["home"],
            false,
            30,
        ));
        let filler = g.filler(&p, 6, &["home"], &[title, "Sunday chores"]);
        let notes = crate::scenarios::mix(&mut g.rng, filler, ours);
        let renames = if g.variant == 3 {
            if a.id == b.id {
                vec![(a.clone(), nicks[0], labels(pop, &p, &a))]
            } else {
                vec![
                    (a.clone(), nicks[0], labels(pop, &p, &a)),
                    (b.clone(), nicks[1], labels(pop, &p, &b)),
                ]
            }
        } else {
            Vec::new()
        };
        let want: Vec<Want> = items
            .iter()
            .filter(|i| !i.3)
            .map(|(sec, t, who, _)| (t.to_string(), sec.to_string(), people[*who].email.clone()))
            .collect();
        let values = Values {
            variant: g.variant,
            supervisor: p,
            title,
            renames,
            want,
            due: ymd(due),
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// Variant 3 saves the housemates under nicknames.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        let mut steps = Vec::new();
        if v.variant == 3 {
            steps.push(v.step(|v, s| {
                for (o, nick, labels) in &v.renames {
                    s.relabel_contact(&v.supervisor, o, nick, labels)?;
                }
                Ok(())
            }));
        }
        steps
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        let read = |name: &str| script.cell(name, &Vals::new().lit("title", v.title));
        let people_cell = if v.variant == 3 {
            "who_contacts"
        } else {
            "who_collaborators"
        };
        let due_cell = match v.variant {
            1 => "due_saturday",
            2 => "due_next_friday",
            _ => "due_sunday",
        };
        let home = script.cell(
            "home",
            &Vals::new()
                .code("people", cell(people_cell))
                .code("due", cell(due_cell)),
        );
        let section = if v.variant == 2 {
            "heading_section"
        } else {
            "chores_section"
        };
        let create = |name: &str, section: &str| {
            script.cell(name, &Vals::new().code("section", cell(section)))
        };
        let gt = |read: String, home: &str, create: String| {
            vec![head.clone(), read, home.to_string(), create]
        };
        let ground_truth = gt(read("read"), &home, create("create_assigned", section));
        let mut wrong = vec![
            solution(
                "adds the checked items too",
                gt(
                    read("read_checked_too"),
                    &home,
                    create("create_assigned", section),
                ),
            ),
            solution(
                "leaves the tasks unassigned",
                gt(read("read"), &home, create("create_unassigned", section)),
            ),
            solution(
                "puts them in no section",
                gt(read("read"), &home, create("create_assigned", "no_section")),
            ),
            solution(
                "uses the wrong due date (a day late)",
                gt(
                    read("read"),
                    &format!("{home}\n{}", cell("a_day_late")),
                    create("create_assigned", section),
                ),
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "assigns everything to the supervisor (names not matched)",
                gt(
                    read("read"),
                    &home,
                    create("create_assigned_to_me", section),
                ),
            ));
        }

        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "a Home task for each unchecked item: {}",
                    v.want
                        .iter()
                        .map(|w| w.0.as_str())
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                |v, ctx| match v.want.iter().find(|w| find(ctx, &w.0).is_none()) {
                    Some(w) => Err(format!("no task \"{}\"", w.0)),
                    None => Ok(()),
                },
            ),
            v.check(
                format!("each is in its section ({})", listed(v, |w| &w.1)),
                |v, ctx| each_has(v, ctx, |t| &t.1, |_, w| &w.1, "is in section"),
            ),
            v.check(format!("each is due {}", v.due), |v, ctx| {
                each_has(v, ctx, |t| &t.2, |v, _| &v.due, "is due")
            }),
            v.check(
                format!(
                    "each is assigned to the person named ({})",
                    listed(v, |w| &w.2)
                ),
                |v, ctx| each_has(v, ctx, |t| &t.3, |_, w| &w.2, "is assigned to"),
            ),
            v.check(
                "no other task was added (none for the checked items)",
                |v, ctx| {
                    let norm = crate::eval::normalize_text;
                    match added_home_tasks(ctx)
                        .iter()
                        .find(|t| !v.want.iter().any(|w| norm(&w.0) == norm(&t.0)))
                    {
                        Some(t) => Err(format!("a task \"{}\" was added", t.0)),
                        None => Ok(()),
                    }
                },
            ),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added(
                "tasks added to the Home project",
                "todoist",
                "tasks",
                |ctx, r| is_mine(ctx, r) && in_project_named(ctx, r, "Home"),
            ),
            allow::todo_notifications(),
        ]
    }
}

/// The variant's checklist note: (title, items (heading/section, title, who, checked), due,
/// instruction).
fn checklist(g: &Gen) -> Checklist<'static> {
    match g.variant {
        1 => (
            "Saturday chores",
            vec![
                ("Chores", "Clean the gutters", 0, false),
                ("Chores", "Mow the lawn", 1, true),
                ("Chores", "Wash the car", 2, false),
                ("Chores", "Take the old paint to the recycling center", 1, false),
                ("Chores", "Fix the fence gate", 2, true),
                ("Chores", "Wipe down the patio furniture", 0, false),
            ],
            day(g, 2),
            "Turn the unchecked items of my \"Saturday chores\" note into tasks in the Chores section of our Home project in Todoist, due this Saturday, each assigned to the person in brackets (\"me\" is me).".to_string(),
        ),
        2 => (
            "House to-dos",
            vec![
                ("Repairs", "Fix the dripping shower head", 2, false),
                ("Repairs", "Replace the doorbell battery", 0, true),
                ("Shopping", "Buy light bulbs", 0, false),
                ("Shopping", "Get a new doormat", 1, false),
                ("Chores", "Defrost the freezer", 1, false),
                ("Chores", "Clean the windows", 2, true),
            ],
            day(g, 8),
            "Add the unchecked items of my \"House to-dos\" note to our Home project in Todoist, each in the section of its heading, due Friday next week, and assign each to the person in brackets (\"me\" is me).".to_string(),
        ),
        _ => (
            "Weekend jobs",
            vec![
                ("Chores", "Paint the bedroom wall", 0, false),
                ("Chores", "Assemble the bookshelf", 2, false),
                ("Chores", "Hang the new curtains", 1, false),
                ("Chores", "Clear out the garage", 0, true),
            ],
            day(g, 3),
            "Make a task in the Chores section of our Home project in Todoist for each unchecked line of my \"Weekend jobs\" note, due Sunday, assigned to the person in brackets. The names are the ones my phone has them under (\"me\" is me).".to_string(),
        ),
    }
}

/// The labels `p`'s phone gives `o` (the relations `p` has to `o`, "friend" last).
fn labels(pop: &Population, p: &Person, o: &Person) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = pop
        .relations_of(p.id)
        .iter()
        .filter(|(_, id)| *id == o.id)
        .map(|(r, _)| match r {
            Relation::Wife => "wife",
            Relation::Husband => "husband",
            Relation::Child => "child",
            Relation::Parent => "parent",
            Relation::Sibling => "sibling",
            Relation::Roommate => "roommate",
            Relation::Manager => "manager",
            Relation::Coworker => "coworker",
            Relation::Friend => "friend",
        })
        .collect();
    v.sort_by_key(|l| if *l == "friend" { 1 } else { 0 });
    v
}

/// The wanted items as `title: field; ...`.
fn listed(v: &Values, field: fn(&Want) -> &str) -> String {
    v.want
        .iter()
        .map(|w| format!("{}: {}", w.0, field(w)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Each wanted item's task, where there is one, has `got` as `want` says; else the first
/// that has not ("title" `is` what it has).
fn each_has(
    v: &Values,
    ctx: &EvalCtx,
    got: fn(&HomeTask) -> &Option<String>,
    want: for<'a> fn(&'a Values, &'a Want) -> &'a str,
    is: &str,
) -> Result<(), String> {
    for w in &v.want {
        if let Some(t) = find(ctx, &w.0)
            && got(&t).as_deref() != Some(want(v, w))
        {
            return Err(format!("\"{}\" {is} {:?}", w.0, got(&t)));
        }
    }
    Ok(())
}

/// The Home task titled `t` the supervisor added, if any.
fn find(ctx: &EvalCtx, t: &str) -> Option<HomeTask> {
    added_home_tasks(ctx)
        .into_iter()
        .find(|x| crate::eval::normalize_text(&x.0) == crate::eval::normalize_text(t))
}

/// A Home task as added: (title, section name, due, assignee e-mail).
type HomeTask = (String, Option<String>, Option<String>, Option<String>);

/// A checklist note's variant: (title, items (heading, title, who, checked), due, instruction).
type Checklist<'a> = (
    &'a str,
    Vec<(&'a str, &'a str, usize, bool)>,
    NaiveDate,
    String,
);

/// The Home project's tasks the supervisor added: (title, section name, due, assignee e-mail).
fn added_home_tasks(ctx: &EvalCtx) -> Vec<HomeTask> {
    let me = ctx.user_id("todoist");
    new_tasks(ctx)
        .into_iter()
        .filter(|t| t.user == me)
        .map(|t| {
            (
                t.title.trim().to_string(),
                t.section.and_then(|id| section_name(ctx.db, id)),
                t.due,
                t.assignee.and_then(|id| user_email(ctx.db, id)),
            )
        })
        .collect()
}
