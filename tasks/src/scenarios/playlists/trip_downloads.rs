//! "I'm off on my trip soon; do the music to-do in my Todoist project for it." The to-do
//! names a playlist to download (4 of its songs are downloaded already: downloading again
//! fails); a near-miss "(old)" playlist and last trip's project with its own playlist to-do
//! are there too. Variant 2: the playlist is a friend's public one; variant 3: tick the to-do
//! off afterwards.

use super::{FIND_CONTACT, FIND_PLAYLIST, missing, same_set, supervisor_with_friend};
use crate::diff::ChangeKind;
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{linked_items, new_links, songs_without};
use crate::kit::todoist::completed_titled;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, with_app};
use apps::people::Person;
use apps::spotify::rows::Link;
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Variant 2: the friend whose public playlist it is.
    friend: Person,
    now: NaiveDateTime,
    /// The key of the songs [`trip_picks`] picks.
    key: i64,
    city: &'static str,
    /// The playlist to download.
    title: &'static str,
    /// Last trip's city.
    old_city: &'static str,
    /// The near-miss "(old)" playlist.
    near: String,
    /// Last trip's playlist.
    old_title: String,
    /// The music to-do.
    todo: String,
}

/// Builds one variant's task: the design's parts, with the apps of the variant (variant 2's
/// playlist is a friend's).
impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "spotify"];
    const SCRIPT: &str = include_str!("trip_downloads.py");

    fn apps(v: &Values) -> Vec<&'static str> {
        with_app(Self::APPS, (v.variant == 2).then_some("phone"))
    }

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, friend) = supervisor_with_friend(g);
        let variant = g.variant;
        let key = p.id * 29 + i64::from(variant) * 11;
        let (city, title, old_city) = match variant {
            1 => ("Lisbon", "Lisbon Nights", "Rome"),
            2 => ("Porto", "Porto Sunsets", "Madrid"),
            _ => ("Kyoto", "Kyoto Calm", "Seoul"),
        };
        let near = format!("{title} (old)");
        let old_title = format!("{old_city} Days");
        let todo = if variant == 2 {
            format!(
                "Download {}'s \"{title}\" playlist for the flight",
                friend.first_name
            )
        } else {
            format!("Download the \"{title}\" playlist for the flight")
        };
        Values {
            variant,
            supervisor: p,
            friend,
            now: g.now,
            key,
            city,
            title,
            old_city,
            near,
            old_title,
            todo,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let city = v.city;
        match v.variant {
            1 => format!(
                "I'm flying to {city} soon. Take care of the music to-do in my Todoist project for the trip (some of those songs I've downloaded already)."
            ),
            2 => format!(
                "My {city} trip is coming up; please do the to-do about music in its Todoist project for me."
            ),
            _ => format!(
                "Before my {city} trip: do the playlist to-do in my Todoist project for the trip, then mark that to-do as done."
            ),
        }
    }

    /// The playlists, the earlier downloads, and this and last trip's projects with their to-dos.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let (pl, before, nr, old) = s.pick("trip_picks", |db| trip_picks(db, v.key));
            if pl.is_empty() {
                return Err(missing());
            }
            let owner = if v.variant == 2 { &v.friend } else { sup };
            s.add_spotify_playlist(sup, &v.near, false, &nr, now - Duration::days(400))?;
            s.add_spotify_playlist(
                owner,
                v.title,
                v.variant == 2,
                &pl,
                now - Duration::days(20),
            )?;
            s.add_spotify_playlist(sup, &v.old_title, false, &old, now - Duration::days(300))?;
            s.download_songs(sup, &before, now - Duration::days(9))?;
            let old_p = s.add_todo_project(
                sup,
                &format!("Trip to {}", v.old_city),
                "Last year's trip",
                &[],
                now - Duration::days(330),
            )?;
            for (t, done) in [
                (
                    format!("Download the \"{}\" playlist for the flight", v.old_title),
                    true,
                ),
                ("Book the hotel".to_string(), true),
            ] {
                s.add_todo_task(
                    old_p,
                    None,
                    sup,
                    &t,
                    None,
                    "medium",
                    done,
                    None,
                    now - Duration::days(320),
                )?;
            }
            let new_p = s.add_todo_project(
                sup,
                &format!("Trip to {}", v.city),
                "Flight on the 24th",
                &[],
                now - Duration::days(30),
            )?;
            for t in [
                "Book airport taxi",
                v.todo.as_str(),
                "Pack chargers and adapters",
            ] {
                s.add_todo_task(
                    new_p,
                    None,
                    sup,
                    t,
                    None,
                    "medium",
                    false,
                    None,
                    now - Duration::days(28),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let project = format!("Trip to {}", v.city);
        let old_project = format!("Trip to {}", v.old_city);
        let find = if v.variant == 2 {
            "find_friends"
        } else {
            "find_mine"
        };
        // The to-do of `project`, the playlist `find` gives, downloaded skipping what is there
        // already (`skip`) or not.
        let solve = |project: &str, find: &str, skip: bool| {
            let download = match (skip, v.variant == 3) {
                (true, false) => "download",
                (true, true) => "download_tick",
                (false, false) => "download_all",
                (false, true) => "download_all_tick",
            };
            let vals = Vals::new()
                .code("find_contact", FIND_CONTACT)
                .code("find_playlist", FIND_PLAYLIST)
                .lit("project", project)
                .lit("first", &v.friend.first_name)
                .lit("last", &v.friend.last_name);
            script.cells(&["logins", "read", find, download], &vals)
        };
        let ground_truth = solve(&project, find, true);
        let wrong = vec![
            solution(
                "downloads the near-miss \"(old)\" playlist",
                solve(&project, "find_old", true),
            ),
            solution(
                "does not skip the songs downloaded already (the download fails)",
                solve(&project, find, false),
            ),
            solution(
                "does last trip's to-do",
                solve(&old_project, "find_mine", true),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!("all 12 songs of \"{}\" are downloaded", v.title),
                |v, ctx| {
                    let (pl, _, _, _) = ctx.pick("trip_picks", |db| trip_picks(db, v.key));
                    let have = linked_items(ctx, Link::Download);
                    match pl.iter().find(|s| !have.contains(s)) {
                        Some(s) => Err(format!("song {s} is not downloaded")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                "exactly its 8 songs not downloaded before are new downloads",
                |v, ctx| {
                    let (pl, before, _, _) = ctx.pick("trip_picks", |db| trip_picks(db, v.key));
                    let want: Vec<i64> = pl.into_iter().filter(|s| !before.contains(s)).collect();
                    same_set(&new_links(ctx, Link::Download), &want)
                },
            ),
            v.check(
                format!(
                    "no song only on \"{}\" or \"{}\" is downloaded",
                    v.near, v.old_title
                ),
                |v, ctx| {
                    let (pl, _, nr, old) = ctx.pick("trip_picks", |db| trip_picks(db, v.key));
                    let got = new_links(ctx, Link::Download);
                    match nr
                        .iter()
                        .chain(&old)
                        .find(|s| got.contains(s) && !pl.contains(s))
                    {
                        Some(s) => Err(format!("song {s} was downloaded")),
                        None => Ok(()),
                    }
                },
            ),
            v.check("the 4 earlier downloads are kept", |v, ctx| {
                let (_, before, _, _) = ctx.pick("trip_picks", |db| trip_picks(db, v.key));
                let have = linked_items(ctx, Link::Download);
                match before.iter().find(|s| !have.contains(s)) {
                    Some(s) => Err(format!("song {s} is no longer downloaded")),
                    None => Ok(()),
                }
            }),
        ];
        if v.variant == 3 {
            checks.push(
                v.check(format!("the to-do \"{}\" is done", v.todo), |v, ctx| {
                    let done = completed_titled(ctx, &v.todo);
                    if done == Some(true) {
                        Ok(())
                    } else {
                        Err(format!("is_completed = {done:?}"))
                    }
                }),
            );
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added(
                "the new downloads",
                "spotify",
                "user_downloaded_songs",
                is_mine,
            ),
            v.allow("the to-do ticked off", |v, _, r| {
                r.is("todoist", "tasks")
                    && r.kind() == ChangeKind::Updated
                    && r.get("title").as_str() == Some(v.todo.as_str())
                    && r.changed_columns().iter().all(|c| c == "is_completed")
            }),
        ]
    }
}

/// The songs of the trip task: (playlist, downloaded before, near-miss "(old)", old trip's).
fn trip_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>) {
    let s = songs_without(db, &[], key, 20);
    if s.len() < 20 {
        return Default::default();
    }
    let pl = s[..12].to_vec();
    let before = vec![pl[1], pl[4], pl[7], pl[10]];
    let mut near = s[12..16].to_vec();
    near.push(pl[0]);
    (pl, before, near, s[16..].to_vec())
}
