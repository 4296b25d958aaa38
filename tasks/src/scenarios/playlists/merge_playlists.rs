//! "Move the songs of playlist A into B (no duplicates) and delete A." A near-miss playlist
//! "A 2" must stay. Variant 2: then make B public and text its link to a friend; variant 3:
//! the instruction names the playlists by what they are for.

use super::{FIND_CONTACT, FIND_PLAYLIST, mine, missing, playlist_named, same_set, songs_without};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::allow_added;
use crate::kit::people::related_ids;
use crate::kit::phone::texts_to;
use crate::kit::python::solution;
use crate::kit::spotify::playlist_songs;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;
use rusqlite::Connection;
use sim::sql::Cached;
use std::collections::BTreeSet;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    let variant = g.variant;
    let key = p.id * 23 + i64::from(variant) * 3;
    let (from, into) = match variant {
        1 => ("Gym Mix", "Workout Hits"),
        2 => ("Jazz Finds", "Jazz Evenings"),
        _ => ("Study Beats", "Focus Flow"),
    };
    let near = format!("{from} 2");
    let instruction = match variant {
        1 => format!(
            "Move every song of my Spotify playlist \"{from}\" into \"{into}\" (without putting any song in twice), then delete \"{from}\"."
        ),
        2 => format!(
            "Merge my Spotify playlist \"{from}\" into \"{into}\": add its songs that \"{into}\" doesn't have yet and delete \"{from}\". Then make \"{into}\" public and text its link to my friend {} {}.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "I only want one study playlist: put all songs from \"{from}\" that aren't in \"{into}\" yet into \"{into}\" and delete \"{from}\" afterwards."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if variant == 2 {
        vec!["supervisor", "spotify", "phone"]
    } else {
        vec!["supervisor", "spotify"]
    };
    let (sup, now) = (p.clone(), g.now);
    let nm = near.clone();
    parts.setup.push(step(move |s| {
        let (a, b, c) = s.pick("merge_picks", |db| merge_picks(db, key));
        if a.is_empty() {
            return Err(missing());
        }
        s.add_spotify_playlist(&sup, into, false, &a, now - Duration::days(200))?;
        s.add_spotify_playlist(&sup, &nm, false, &c, now - Duration::days(90))?;
        s.add_spotify_playlist(&sup, from, false, &b, now - Duration::days(60))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("merge_playlists.py"));
    let base = Vals::new()
        .code("find_contact", FIND_CONTACT)
        .code("find_playlist", FIND_PLAYLIST)
        .lit("first", &friend.first_name)
        .lit("last", &friend.last_name);
    let delete = |title: &str| script.cell("delete", &base.clone().lit("title", title));
    let merge = |src: &str, dst: &str, delete_too: &[&str]| {
        let deletes: String = delete_too.iter().map(|d| delete(d) + "\n").collect();
        script.cell(
            "merge",
            &base
                .clone()
                .lit("src", src)
                .lit("dst", dst)
                .code("deletes", deletes),
        )
    };
    let share =
        |cell: &str, title: &str| script.cell(cell, &base.clone().lit("title", title)) + "\n";
    let logins = script.cell("logins", &base);
    let v2 = variant == 2;
    let done = script.cell("done", &base);
    let tail = |title: &str| {
        if v2 {
            share("share", title)
        } else {
            String::new()
        }
    };
    parts.ground_truth = vec![
        logins.clone(),
        merge(from, into, &[from]),
        tail(into),
        done.clone(),
    ];
    parts.wrong = vec![
        solution(
            "merges the other way round",
            vec![
                logins.clone(),
                merge(into, from, &[into]),
                tail(from),
                done.clone(),
            ],
        ),
        solution(
            "deletes the playlist without moving its songs",
            vec![logins.clone(), delete(from), tail(into), done.clone()],
        ),
        solution(
            "deletes the near-miss playlist too",
            vec![
                logins.clone(),
                merge(from, into, &[from, &near]),
                tail(into),
                done.clone(),
            ],
        ),
    ];
    if v2 {
        parts.wrong.push(solution(
            "does not make the playlist public before texting",
            vec![
                logins.clone(),
                merge(from, into, &[from]),
                share("share_private", into),
                done,
            ],
        ));
    }
    let the =
        move |ctx: &EvalCtx| playlist_named(ctx, into).ok_or(format!("no playlist \"{into}\""));
    let mut checks = vec![
        Check::new(
            format!("\"{into}\" holds its 10 songs and the 5 new ones of \"{from}\" (15)"),
            move |ctx| {
                let (a, b, _) = ctx.pick("merge_picks", |db| merge_picks(db, key));
                let all: BTreeSet<i64> = a.into_iter().chain(b).collect();
                let got: BTreeSet<i64> = playlist_songs(ctx.db, the(ctx)?).into_iter().collect();
                same_set(
                    &got.into_iter().collect::<Vec<_>>(),
                    &all.into_iter().collect::<Vec<_>>(),
                )
            },
        ),
        Check::new(format!("no song is in \"{into}\" twice"), move |ctx| {
            let got = playlist_songs(ctx.db, the(ctx)?);
            let set: BTreeSet<&i64> = got.iter().collect();
            if set.len() == got.len() {
                Ok(())
            } else {
                Err(format!("{} rows for {} songs", got.len(), set.len()))
            }
        }),
        Check::new(
            format!("\"{from}\" is deleted"),
            move |ctx| match playlist_named(ctx, from) {
                Some(id) => Err(format!("playlist {id} is still there")),
                None => Ok(()),
            },
        ),
        Check::new(format!("\"{near}\" keeps its 4 songs"), {
            let near = near.clone();
            move |ctx| {
                let (_, _, c) = ctx.pick("merge_picks", |db| merge_picks(db, key));
                let id = playlist_named(ctx, &near).ok_or("it is gone")?;
                same_set(&playlist_songs(ctx.db, id), &c)
            }
        }),
        Check::new(
            format!(
                "\"{into}\" is {}",
                if v2 { "public" } else { "still private" }
            ),
            move |ctx| {
                let p: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT is_public FROM spotify.playlists WHERE id = ?1",
                        [the(ctx)?],
                        |r| r.get(0),
                    )
                    .map_err(|e| e.to_string())?;
                if p == i64::from(v2) {
                    Ok(())
                } else {
                    Err(format!("is_public = {p}"))
                }
            },
        ),
    ];
    if v2 {
        let number = friend.phone_number.clone();
        checks.push(Check::new(
            format!(
                "its link was texted to {} {}",
                friend.first_name, friend.last_name
            ),
            move |ctx| {
                let link = format!("https://spotify.com/playlists/{}", the(ctx)?);
                if texts_to(ctx, &number).iter().any(|m| m.contains(&link)) {
                    Ok(())
                } else {
                    Err(format!("no text with {link}"))
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added(
            "songs added to the kept playlist",
            "spotify",
            "playlist_songs",
            move |ctx, r| playlist_named(ctx, into) == r.get("playlist_id").as_i64(),
        ),
        Allow::new(
            "the merged playlist and its songs removed",
            move |ctx, r| {
                r.kind() == ChangeKind::Removed
                    && ((r.is("spotify", "playlists")
                        && mine(ctx, r)
                        && r.get("title").as_str() == Some(from))
                        || (r.is("spotify", "playlist_songs")
                            && removed_playlists(ctx)
                                .contains(&r.get("playlist_id").as_i64().unwrap_or(0))))
            },
        ),
        Allow::new("the kept playlist made public", move |ctx, r| {
            v2 && r.is("spotify", "playlists")
                && r.kind() == ChangeKind::Updated
                && mine(ctx, r)
                && r.changed_columns().iter().all(|c| c == "is_public")
        }),
    ];
    parts.allowed.extend(allow::texts_sent());
    parts
}

/// The songs of the merge task: (into, from, near-miss playlist).
fn merge_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
    let s = songs_without(db, &[], key, 19);
    if s.len() < 19 {
        return (Vec::new(), Vec::new(), Vec::new());
    }
    (s[..10].to_vec(), s[7..15].to_vec(), s[15..].to_vec())
}

/// The supervisor's playlists the episode deleted.
fn removed_playlists(ctx: &EvalCtx) -> Vec<i64> {
    ctx.diff
        .rows
        .iter()
        .filter(|r| r.is("spotify", "playlists") && r.kind() == ChangeKind::Removed && mine(ctx, r))
        .map(|r| r.id)
        .collect()
}
