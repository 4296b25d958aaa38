//! "My Inbox has tasks to listen to albums; complete the ones already in my Spotify library."
//! Variant 2: also add the missing albums to the library (their tasks stay open); variant 3:
//! complete the ones whose album I liked (some in the library are not liked).

use super::{allow_task_updates, todo_titled};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_own};
use crate::kit::python::solution;
use crate::kit::spotify::{album_artists, album_title, artist_name};
use crate::kit::todoist::{Task, title_of};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::spotify::rows::Link;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// The albums of the tasks, and per album (in library, liked).
    ids: Vec<i64>,
    flags: Vec<(bool, bool)>,
    /// The albums whose tasks get completed.
    close: Vec<i64>,
    /// Variant 2: the albums to add to the library.
    missing: Vec<i64>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "spotify"];
    const SCRIPT: &str = include_str!("albums_to_listen.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let mut ids: Vec<i64> = Vec::new();
        while ids.len() < 6 {
            let id = g.rng.range(41, 900);
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let flags: Vec<(bool, bool)> = match g.variant {
            3 => vec![
                (true, true),
                (true, false),
                (false, false),
                (true, true),
                (true, false),
                (false, false),
            ],
            _ => vec![
                (true, false),
                (false, false),
                (true, false),
                (false, false),
                (true, false),
                (false, false),
            ],
        };
        let close: Vec<i64> = ids
            .iter()
            .zip(&flags)
            .filter(|(_, f)| if g.variant == 3 { f.1 } else { f.0 })
            .map(|(id, _)| *id)
            .collect();
        let missing: Vec<i64> = if g.variant == 2 {
            ids.iter()
                .zip(&flags)
                .filter(|(_, f)| !f.0)
                .map(|(id, _)| *id)
                .collect()
        } else {
            Vec::new()
        };
        Values {
            variant: g.variant,
            supervisor: p,
            now: g.now,
            ids,
            flags,
            close,
            missing,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "My Todoist Inbox has tasks to listen to some albums. Complete the ones whose album is already in my Spotify library."
            }
            2 => {
                "Go through the \"Listen to ...\" tasks in my Todoist Inbox: if the album is already in my Spotify library, complete the task; if it isn't, add the album to my library and leave the task open."
            }
            _ => {
                "Complete each \"Listen to ...\" task in my Todoist Inbox whose album I have liked on Spotify; leave the rest open."
            }
        }
        .to_string()
    }

    /// Forty older library albums and likes, then the task's albums as drawn and their Inbox tasks.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let inbox = s.todo_project(sup, "Inbox")?;
            let sp = s.user_id("spotify", sup)?;
            // Older library albums and likes first, so that one page does not hold the task's.
            for id in 1..=40 {
                s.add_library_album(sup, id, now - Duration::days(400 + id))?;
                s.like_album(sup, id, now - Duration::days(id) - Duration::hours(2))?;
            }
            for (k, (id, (lib, liked))) in v.ids.iter().zip(&v.flags).enumerate() {
                Link::LibraryAlbum.delete(s.db, sp, *id)?;
                Link::AlbumLike.delete(s.db, sp, *id)?;
                if *lib {
                    s.add_library_album(sup, *id, now - Duration::days(200 + 30 * k as i64))?;
                }
                if *liked {
                    s.like_album(sup, *id, now - Duration::days(150 + 20 * k as i64))?;
                }
                let title = album_task(s.db, *id).ok_or(rusqlite::Error::QueryReturnedNoRows)?;
                s.add_todo_task(
                    inbox,
                    None,
                    sup,
                    &title,
                    None,
                    "low",
                    false,
                    None,
                    now - Duration::days(20 - k as i64),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = script.cell("logins", &none);
        let read = |albums: &str| {
            script.cell(
                "read",
                &Vals::new().code("albums", script.cell(albums, &none)),
            )
        };
        let (albums, first_page) = if v.variant == 3 {
            ("likes", "likes_first_page")
        } else {
            ("library", "library_first_page")
        };
        let step_cell = if v.variant == 2 {
            "complete_or_add"
        } else {
            "complete_owned"
        };
        let owned = |cell: &str, owned: &str| {
            script.cell(cell, &Vals::new().code("owned", script.cell(owned, &none)))
        };
        let done = script.cell("done", &none);
        let apply = format!("{}\n{done}", owned(step_cell, "in_have"));
        let gt = |read: String, apply: String| vec![logins.clone(), read, apply];
        let mut wrong = vec![
            solution(
                "completes every \"Listen to\" task",
                gt(
                    read(albums),
                    format!("{}\n{done}", owned(step_cell, "anything")),
                ),
            ),
            solution(
                "reads only the first page",
                gt(read(first_page), apply.clone()),
            ),
            solution(
                "deletes the tasks it does not complete",
                gt(
                    read(albums),
                    format!(
                        "{}\n{}\n{done}",
                        owned(step_cell, "in_have"),
                        script.cell("delete_rest", &none)
                    ),
                ),
            ),
        ];
        match v.variant {
            2 => wrong.push(solution(
                "adds the missing albums and completes their tasks too",
                gt(
                    read(albums),
                    format!("{}\n{done}", owned("complete_and_add", "in_have")),
                ),
            )),
            3 => wrong.push(solution(
                "goes by the library instead of the likes",
                gt(read("library"), apply.clone()),
            )),
            _ => {}
        }
        (gt(read(albums), apply), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("completed the tasks of albums {:?}", v.close),
                |v, ctx| {
                    for id in v.ids.iter().filter(|i| v.close.contains(i)) {
                        match task_of(ctx, *id) {
                            Some(t) if t.completed => {}
                            Some(t) => return Err(format!("\"{}\" is open", t.title)),
                            None => return Err(format!("the task of album {id} is gone")),
                        }
                    }
                    Ok(())
                },
            ),
            v.check("the other albums' tasks are open", |v, ctx| {
                for id in v.ids.iter().filter(|i| !v.close.contains(i)) {
                    match task_of(ctx, *id) {
                        Some(t) if !t.completed => {}
                        Some(t) => return Err(format!("\"{}\" was completed", t.title)),
                        None => return Err(format!("the task of album {id} is gone")),
                    }
                }
                Ok(())
            }),
            Check::new("only completion changed on the tasks", |ctx| {
                match ctx.diff.rows.iter().find(|r| {
                    r.is("todoist", "tasks")
                        && (r.kind() != ChangeKind::Updated
                            || r.changed_columns().iter().any(|c| c != "is_completed"))
                }) {
                    Some(r) => Err(r.describe()),
                    None => Ok(()),
                }
            }),
            v.check("no other Inbox task changed", |v, ctx| {
                let titles: Vec<String> = v
                    .ids
                    .iter()
                    .filter_map(|i| album_task(ctx.db, *i))
                    .collect();
                match ctx
                    .diff
                    .rows
                    .iter()
                    .find(|r| r.is("todoist", "tasks") && !titles.iter().any(|t| title_of(r) == t))
                {
                    Some(r) => Err(r.describe()),
                    None => Ok(()),
                }
            }),
            v.check(
                if v.missing.is_empty() {
                    "my Spotify library and likes are unchanged".to_string()
                } else {
                    format!(
                        "albums {:?} were added to my library, nothing else",
                        v.missing
                    )
                },
                |v, ctx| {
                    let mut got: Vec<i64> = added(ctx, "spotify", "user_library_albums")
                        .into_iter()
                        .map(|r| r.get("album_id").as_i64().unwrap_or(0))
                        .collect();
                    got.sort_unstable();
                    let mut want = v.missing.clone();
                    want.sort_unstable();
                    if got != want {
                        return Err(format!("added {got:?}"));
                    }
                    match ctx.diff.rows.iter().find(|r| {
                        r.schema == "spotify"
                            && !(r.is("spotify", "user_library_albums")
                                && r.kind() == ChangeKind::Added)
                    }) {
                        Some(r) => Err(r.describe()),
                        None => Ok(()),
                    }
                },
            ),
        ]
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            allow_task_updates(&["is_completed"]),
            allow::todo_notifications(),
        ];
        if v.variant == 2 {
            allowed.push(allow_own(
                "albums added to the library",
                "spotify",
                "user_library_albums",
                "user_id",
            ));
        }
        allowed
    }
}

/// The Inbox task of album `id`.
fn task_of(ctx: &EvalCtx, id: i64) -> Option<Task> {
    let title = album_task(ctx.db, id)?;
    todo_titled(ctx, Some("Inbox"), &title)
}

/// The Inbox title of a "listen to" task for album `id`: `Listen to "<title>" by <first artist>`.
fn album_task(db: &rusqlite::Connection, id: i64) -> Option<String> {
    let first = *album_artists(db, id).first()?;
    let name = artist_name(db, first)?;
    Some(format!("Listen to \"{}\" by {name}", album_title(db, id)))
}
