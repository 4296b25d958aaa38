//! "Move the songs of playlist A into B (no duplicates) and delete A." A near-miss playlist
//! "A 2" must stay. Variant 2: then make B public and text its link to a friend; variant 3:
//! the instruction names the playlists by what they are for.

use super::{FIND_CONTACT, FIND_PLAYLIST, missing, same_set, supervisor_with_friend};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::phone::texts_to;
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{is_public, playlist_named, playlist_songs, songs_without};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, with_app};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Variant 2: the friend to text the link to.
    friend: Person,
    now: NaiveDateTime,
    /// The key of the songs [`merge_picks`] picks.
    key: i64,
    /// The playlist to merge and delete, and the one to keep.
    from: &'static str,
    into: &'static str,
    /// The near-miss playlist "<from> 2".
    near: String,
}

impl Values {
    /// Variant 2: make the kept playlist public and text its link.
    fn shares(&self) -> bool {
        self.variant == 2
    }
}

/// Builds one variant's task: the design's parts, with the apps of the variant (variant 2
/// texts the link).
impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify"];
    const SCRIPT: &str = include_str!("merge_playlists.py");

    fn apps(v: &Values) -> Vec<&'static str> {
        with_app(Self::APPS, (v.variant == 2).then_some("phone"))
    }

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, friend) = supervisor_with_friend(g);
        let variant = g.variant;
        let key = p.id * 23 + i64::from(variant) * 3;
        let (from, into) = match variant {
            1 => ("Gym Mix", "Workout Hits"),
            2 => ("Jazz Finds", "Jazz Evenings"),
            _ => ("Study Beats", "Focus Flow"),
        };
        Values {
            variant,
            supervisor: p,
            friend,
            now: g.now,
            key,
            from,
            into,
            near: format!("{from} 2"),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (from, into) = (v.from, v.into);
        match v.variant {
            1 => format!(
                "Move every song of my Spotify playlist \"{from}\" into \"{into}\" (without putting any song in twice), then delete \"{from}\"."
            ),
            2 => format!(
                "Merge my Spotify playlist \"{from}\" into \"{into}\": add its songs that \"{into}\" doesn't have yet and delete \"{from}\". Then make \"{into}\" public and text its link to my friend {} {}.",
                v.friend.first_name, v.friend.last_name
            ),
            _ => format!(
                "I only want one study playlist: put all songs from \"{from}\" that aren't in \"{into}\" yet into \"{into}\" and delete \"{from}\" afterwards."
            ),
        }
    }

    /// The kept playlist, the near-miss and the one to merge.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let (a, b, c) = s.pick("merge_picks", |db| merge_picks(db, v.key));
            if a.is_empty() {
                return Err(missing());
            }
            s.add_spotify_playlist(sup, v.into, false, &a, now - Duration::days(200))?;
            s.add_spotify_playlist(sup, &v.near, false, &c, now - Duration::days(90))?;
            s.add_spotify_playlist(sup, v.from, false, &b, now - Duration::days(60))?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (from, into) = (v.from, v.into);
        let base = Vals::new()
            .code("find_contact", FIND_CONTACT)
            .code("find_playlist", FIND_PLAYLIST)
            .lit("first", &v.friend.first_name)
            .lit("last", &v.friend.last_name);
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
        let v2 = v.shares();
        let done = script.cell("done", &base);
        let tail = |title: &str| {
            if v2 {
                share("share", title)
            } else {
                String::new()
            }
        };
        let ground_truth = vec![
            logins.clone(),
            merge(from, into, &[from]),
            tail(into),
            done.clone(),
        ];
        let mut wrong = vec![
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
                    merge(from, into, &[from, &v.near]),
                    tail(into),
                    done.clone(),
                ],
            ),
        ];
        if v2 {
            wrong.push(solution(
                "does not make the playlist public before texting",
                vec![
                    logins.clone(),
                    merge(from, into, &[from]),
                    share("share_private", into),
                    done,
                ],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (from, into) = (v.from, v.into);
        let mut checks = vec![
            v.check(
                format!("\"{into}\" holds its 10 songs and the 5 new ones of \"{from}\" (15)"),
                |v, ctx| {
                    let (a, b, _) = ctx.pick("merge_picks", |db| merge_picks(db, v.key));
                    let all: BTreeSet<i64> = a.into_iter().chain(b).collect();
                    let got: BTreeSet<i64> =
                        playlist_songs(ctx.db, the(v, ctx)?).into_iter().collect();
                    same_set(
                        &got.into_iter().collect::<Vec<_>>(),
                        &all.into_iter().collect::<Vec<_>>(),
                    )
                },
            ),
            v.check(format!("no song is in \"{into}\" twice"), |v, ctx| {
                let got = playlist_songs(ctx.db, the(v, ctx)?);
                let set: BTreeSet<&i64> = got.iter().collect();
                if set.len() == got.len() {
                    Ok(())
                } else {
                    Err(format!("{} rows for {} songs", got.len(), set.len()))
                }
            }),
            v.check(
                format!("\"{from}\" is deleted"),
                |v, ctx| match playlist_named(ctx, v.from) {
                    Some(id) => Err(format!("playlist {id} is still there")),
                    None => Ok(()),
                },
            ),
            v.check(format!("\"{}\" keeps its 4 songs", v.near), |v, ctx| {
                let (_, _, c) = ctx.pick("merge_picks", |db| merge_picks(db, v.key));
                let id = playlist_named(ctx, &v.near).ok_or("it is gone")?;
                same_set(&playlist_songs(ctx.db, id), &c)
            }),
            v.check(
                format!(
                    "\"{into}\" is {}",
                    if v.shares() {
                        "public"
                    } else {
                        "still private"
                    }
                ),
                |v, ctx| {
                    let p = is_public(ctx.db, the(v, ctx)?)?;
                    if p == i64::from(v.shares()) {
                        Ok(())
                    } else {
                        Err(format!("is_public = {p}"))
                    }
                },
            ),
        ];
        if v.shares() {
            checks.push(v.check(
                format!(
                    "its link was texted to {} {}",
                    v.friend.first_name, v.friend.last_name
                ),
                |v, ctx| {
                    let link = format!("https://spotify.com/playlists/{}", the(v, ctx)?);
                    if texts_to(ctx, &v.friend.phone_number)
                        .iter()
                        .any(|m| m.contains(&link))
                    {
                        Ok(())
                    } else {
                        Err(format!("no text with {link}"))
                    }
                },
            ));
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            v.allow("songs added to the kept playlist", |v, ctx, r| {
                r.is("spotify", "playlist_songs")
                    && r.kind() == ChangeKind::Added
                    && playlist_named(ctx, v.into) == r.get("playlist_id").as_i64()
            }),
            v.allow("the merged playlist and its songs removed", |v, ctx, r| {
                r.kind() == ChangeKind::Removed
                    && ((r.is("spotify", "playlists")
                        && is_mine(ctx, r)
                        && r.get("title").as_str() == Some(v.from))
                        || (r.is("spotify", "playlist_songs")
                            && removed_playlists(ctx)
                                .contains(&r.get("playlist_id").as_i64().unwrap_or(0))))
            }),
            v.allow("the kept playlist made public", |v, ctx, r| {
                v.shares()
                    && r.is("spotify", "playlists")
                    && r.kind() == ChangeKind::Updated
                    && is_mine(ctx, r)
                    && r.changed_columns().iter().all(|c| c == "is_public")
            }),
        ];
        allowed.extend(allow::texts_sent());
        allowed
    }
}

/// The kept playlist's id.
fn the(v: &Values, ctx: &EvalCtx) -> Result<i64, String> {
    playlist_named(ctx, v.into).ok_or(format!("no playlist \"{}\"", v.into))
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
        .filter(|r| {
            r.is("spotify", "playlists") && r.kind() == ChangeKind::Removed && is_mine(ctx, r)
        })
        .map(|r| r.id)
        .collect()
}
