//! "Archive each of my Todoist projects whose tasks are all done, and add their names to my
//! note 'Finished projects', one per line." Designed projects: two of the supervisor's own
//! finished ones (one created long ago, past the first page), a finished one a friend shares,
//! an unfinished shared one, a finished one already archived (listed in the note already).
//! Variant 2: a finished one is a favourite and must be unmarked too; variant 3: a project of
//! the supervisor's with all but one task done.

use super::friends;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::notes::{allow_updates, end_notes};
use crate::kit::python::solution;
use crate::kit::todoist::{is_mine, my_flags, my_project_links, project_of};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};
use serde_json::Value;

/// The note's text before the episode.
const NOTE_BODY: &str = "Finished projects\n- Spring garden\n- Holiday cards 2022";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend who shares projects with the supervisor.
    friend: Person,
    now: NaiveDateTime,
    /// The designed projects.
    plan: Vec<ProjectPlan<&'static str>>,
    /// The finished, unarchived ones.
    expect: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "simple_note"];
    const SCRIPT: &str = include_str!("archive_finished.py");

    /// The values, and the supervisor's notes ("Finished projects" among everyday ones).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            pop.relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == apps::people::Relation::Friend)
        });
        let friend = friends(g, &p)[0].clone();
        let mut notes = g.filler(&p, 5, &[], &["Finished projects"]);
        notes.insert(
            2,
            g.note("Finished projects", NOTE_BODY, &["lists"], false, 40),
        );
        let mut plan: Vec<ProjectPlan<&str>> = vec![
            (
                "Garage cleanout",
                false,
                false,
                30,
                3,
                0,
                g.variant == 2,
                false,
            ),
            ("Tax return 2022", false, false, 700, 2, 0, false, false),
            ("Kitchen renovation", false, true, 20, 2, 1, false, false),
            ("Wedding gifts", true, true, 25, 4, 0, false, false),
            ("Spring garden", false, false, 60, 3, 0, false, true),
            ("Move to the new flat", false, false, 10, 1, 3, false, false),
            ("Photo album for Mom", false, false, 12, 0, 2, false, false),
            ("Learn Spanish", false, false, 14, 2, 2, true, false),
        ];
        if g.variant == 3 {
            plan.push(("Bike tune-up", false, false, 15, 3, 1, false, false));
            plan.push(("Passport renewal", false, false, 650, 2, 0, false, false));
        }
        let expect = plan
            .iter()
            .filter(|x| x.5 == 0 && !x.7)
            .map(|x| x.0.to_string())
            .collect();
        let values = Values {
            variant: g.variant,
            supervisor: p,
            friend,
            now: g.now,
            plan,
            expect,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "Archive every Todoist project of mine whose tasks are all done, and add the name of each one you archive to my note \"Finished projects\", one per line."
            }
            2 => {
                "Clean up my Todoist: archive each project where every task is completed and take those off my favourites. Then append their names to my \"Finished projects\" note, one name per line."
            }
            _ => {
                "Some of my Todoist projects are finished (all their tasks completed). Archive exactly those, and list each archived project's name on its own line at the end of my note \"Finished projects\"."
            }
        }
        .to_string()
    }

    /// The designed projects with their tasks and the supervisor's flags.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, fr) = (&v.supervisor, &v.friend);
            for (name, friend_owns, shared, ago, done, open, fav, arch) in &v.plan {
                let at = v.now - Duration::days(*ago);
                let (owner, others): (&Person, Vec<&Person>) = match (friend_owns, shared) {
                    (true, _) => (fr, vec![sup]),
                    (false, true) => (sup, vec![fr]),
                    _ => (sup, vec![]),
                };
                let pid = s.add_todo_project(owner, name, "", &others, at)?;
                for k in 0..done + open {
                    let due = Some((at + Duration::days(5 + k as i64)).date());
                    s.add_todo_task(
                        pid,
                        None,
                        owner,
                        &format!("{name}: step {}", k + 1),
                        due,
                        "medium",
                        k < *done,
                        None,
                        at,
                    )?;
                }
                s.set_todo_project_flags(sup, pid, *fav, *arch)?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let archive = if v.variant == 2 {
            "archive_unfavourite"
        } else {
            "archive"
        };
        let gt = |find: &str, archive: &str, note: &str| {
            script.cells(&["logins", find, archive, note], &Vals::new())
        };
        let mut wrong = vec![
            solution(
                "reads only the first page of projects",
                gt("find_first_page", archive, "note"),
            ),
            solution(
                "takes already archived projects too",
                gt("find_archived_too", archive, "note"),
            ),
            solution(
                "archives projects with any task done",
                gt("find_any_done", archive, "note"),
            ),
            solution(
                "deletes the finished projects instead",
                gt("find", "delete", "note"),
            ),
            solution(
                "archives them but leaves the note",
                gt("find", archive, "done"),
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "keeps them as favourites",
                gt("find", "archive", "note"),
            ));
        }
        (gt("find", archive, "note"), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            Check::new(
                format!(
                    "archived: {} (and any other finished project)",
                    v.expect.join(", ")
                ),
                |ctx| {
                    let fin = finished_projects(ctx);
                    if fin.is_empty() {
                        return Err("no finished project".into());
                    }
                    for (pid, name) in &fin {
                        if my_flags(ctx, *pid).is_none_or(|f| !f.1) {
                            return Err(format!("\"{name}\" is not archived"));
                        }
                    }
                    Ok(())
                },
            ),
            Check::new("no other project was archived or changed", |ctx| {
                let fin: Vec<i64> = finished_projects(ctx).iter().map(|x| x.0).collect();
                for r in ctx
                    .diff
                    .rows
                    .iter()
                    .filter(|r| r.is("todoist", "project_collaborator_links"))
                {
                    let pid = project_of(r).unwrap_or(0);
                    if !fin.contains(&pid) {
                        return Err(r.describe());
                    }
                }
                match ctx.diff.rows.iter().find(|r| r.is("todoist", "projects")) {
                    Some(r) => Err(r.describe()),
                    None => Ok(()),
                }
            }),
            Check::new("no task was changed or deleted", |ctx| {
                match ctx.diff.rows.iter().find(|r| r.is("todoist", "tasks")) {
                    Some(r) => Err(r.describe()),
                    None => Ok(()),
                }
            }),
            Check::new(
                format!(
                    "\"Finished projects\" lists {} on lines of their own",
                    v.expect.join(", ")
                ),
                |ctx| {
                    let lines = note_lines(ctx)?;
                    for (_, name) in finished_projects(ctx) {
                        if lines.iter().filter(|l| **l == name).count() != 1 {
                            return Err(format!("\"{name}\" is not listed once"));
                        }
                    }
                    Ok(())
                },
            ),
            Check::new("the note keeps its lines and lists nothing else", |ctx| {
                let lines = note_lines(ctx)?;
                let fin: Vec<String> = finished_projects(ctx).into_iter().map(|x| x.1).collect();
                let mut old: Vec<String> = NOTE_BODY.lines().map(bare).collect();
                let mut got: Vec<String> = lines
                    .into_iter()
                    .filter(|l| !l.is_empty() && !fin.contains(l))
                    .collect();
                old.sort();
                got.sort();
                if got == old {
                    Ok(())
                } else {
                    Err(format!("other lines {got:?}"))
                }
            }),
        ];
        if v.variant == 2 {
            checks.push(Check::new(
                "the archived projects are not favourites",
                |ctx| {
                    for (pid, name) in finished_projects(ctx) {
                        if my_flags(ctx, pid).is_none_or(|f| f.0) {
                            return Err(format!("\"{name}\" is a favourite"));
                        }
                    }
                    Ok(())
                },
            ));
        }
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            Allow::new("the supervisor's flags on finished projects", |ctx, r| {
                r.is("todoist", "project_collaborator_links")
                    && r.kind() == ChangeKind::Updated
                    && is_mine(ctx, r)
                    && r.changed_columns()
                        .iter()
                        .all(|c| c == "is_archived" || c == "is_favorite")
            }),
            allow_updates(vec!["Finished projects".to_string()], &["content"]),
            allow::todo_notifications(),
        ]
    }
}

/// The lines of the end state's "Finished projects" note, without list markers.
fn note_lines(ctx: &EvalCtx) -> Result<Vec<String>, String> {
    let end = end_notes(ctx);
    let Some(n) = end.iter().find(|n| n.0 == "Finished projects") else {
        return Err("the note is gone".into());
    };
    Ok(n.1.lines().map(bare).collect())
}

/// A column value as a flag (SQLite integers or JSON booleans).
fn truthy(v: &Value) -> bool {
    v.as_bool().unwrap_or(false) || v.as_i64().is_some_and(|n| n != 0)
}

/// The supervisor's projects (not the Inbox) that were unarchived at the start with every
/// task done (and at least one task): (project id, name), in id order. Archived flags are read
/// as they were before the episode; tasks must be unchanged (a separate check).
fn finished_projects(ctx: &EvalCtx) -> Vec<(i64, String)> {
    my_project_links(ctx)
        .into_iter()
        .filter_map(|l| {
            let was_archived = match ctx
                .diff
                .rows
                .iter()
                .find(|r| r.is("todoist", "project_collaborator_links") && r.id == l.link)
            {
                Some(r) if r.kind() == ChangeKind::Updated => truthy(r.before("is_archived")),
                _ => l.archived,
            };
            (!was_archived && l.tasks > 0 && l.open == 0).then_some((l.project, l.name))
        })
        .collect()
}

/// A note line without a list marker.
fn bare(line: &str) -> String {
    line.trim()
        .trim_start_matches("- ")
        .trim_start_matches("* ")
        .trim()
        .to_string()
}

/// A designed project: (name, owned by the friend?, shared, created days ago, tasks done,
/// tasks open, favourite, archived).
type ProjectPlan<S> = (S, bool, bool, i64, usize, usize, bool, bool);
