//! "Follow every artist on my friend F's public playlist T (I follow some already)." Someone
//! else has a public playlist with the same title, made earlier. Variant 2: F is saved under a
//! nickname and the playlist is to be liked too; variant 3: also add the playlist's songs
//! missing from my library to it.

use super::{NICKNAMES, allow_counter, friends, logins_for, supervisor_with};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::python::solution;
use crate::kit::spotify;
use crate::kit::spotify::{
    followed_artists, linked, linked_items, other_new_link, playlist_of, playlist_songs,
    song_artists, songs_by_residue, user_by_email,
};
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use apps::spotify::rows::Link;
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend whose playlist it is, and the stranger with a look-alike one.
    friend: Person,
    stranger: Person,
    /// The name the friend is saved under in variant 2.
    nick: &'static str,
    /// The playlists' title, and the seed of their songs.
    title: &'static str,
    key: i64,
    now: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "spotify"];
    const SCRIPT: &str = include_str!("friend_playlist_artists.py");

    /// The friend, the stranger and the title.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = supervisor_with(g, Relation::Friend);
        let friend_ids = friends(g, &p);
        let friend = g.person(friend_ids[friend_ids.len() - 1]);
        let n = pop.people.len() as i64;
        let stranger = g.person(
            (1..=n)
                .map(|k| (friend.id + 16 + k) % n + 1)
                .find(|id| *id != p.id && *id != friend.id)
                .unwrap_or(1),
        );
        let nick = NICKNAMES[(p.id as usize + 5) % NICKNAMES.len()];
        let title = match g.variant {
            1 => "Sunday Drive",
            2 => "Late Night Coding",
            _ => "Kitchen Dance Party",
        };
        let key = p.id * 13 + i64::from(g.variant);
        let instruction = match g.variant {
            1 => format!(
                "Follow every artist on my friend {} {}'s public Spotify playlist \"{title}\". I already follow some of them.",
                friend.first_name, friend.last_name
            ),
            2 => format!(
                "My friend {nick} (saved under that name in my phone) has a public playlist called \"{title}\" on Spotify. Follow all the artists on it and like the playlist."
            ),
            _ => format!(
                "On Spotify, follow all the artists of {} {}'s public playlist \"{title}\" (a friend of mine), and add the songs of that playlist that aren't in my library yet to my library.",
                friend.first_name, friend.last_name
            ),
        };
        Drawing::from(Values {
            variant: g.variant,
            supervisor: p,
            friend,
            stranger,
            nick,
            title,
            key,
            now: g.now,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, fr, now, title) = (&v.supervisor, &v.friend, v.now, v.title);
            let (theirs, decoy) = playlist_picks(s.db, v.key);
            s.add_spotify_playlist(&v.stranger, title, true, &decoy, days_ago(now, 80, 13, 0))?;
            s.add_spotify_playlist(fr, title, true, &theirs, days_ago(now, 20, 22, 10))?;
            let first: Vec<i64> = artists_of(s.db, &theirs[..1]).into_iter().collect();
            s.follow_artists(sup, &first, now - Duration::days(200))?;
            s.add_library_songs(sup, &[theirs[1], theirs[5]], now - Duration::days(100))?;
            if v.variant == 2 {
                s.relabel_contact(sup, fr, v.nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = logins_for(&[("sp", "spotify"), ("ph", "phone")]);
        let names = Vals::new()
            .lit("title", v.title)
            .lit("first", &v.friend.first_name)
            .lit("last", &v.friend.last_name)
            .lit("nick", v.nick);
        let contact = script.cell(
            if v.variant == 2 {
                "by_nickname"
            } else {
                "by_name"
            },
            &names,
        );
        let find = |pick: &str| {
            let vals = names
                .clone()
                .code("contact", &contact)
                .code("pick", script.cell(pick, &names));
            script.cell("find", &vals)
        };
        let right = "friends_playlist";
        let first_hit = "first_titled";
        let follow = |artists: &str| {
            script.cell(
                "follow",
                &Vals::new().code("artists", script.cell(artists, &none)),
            )
        };
        let every = "every_artist";
        let firsts = "first_artists";
        let extra = match v.variant {
            1 => None,
            2 => Some("like"),
            _ => Some("save_missing"),
        };
        let finish = |follow: String, extra: Option<&str>| {
            let mut cells = vec![follow];
            cells.extend(extra.map(|e| script.cell(e, &none)));
            cells.push(script.cell("finish", &none));
            cells.join("\n")
        };
        let ground_truth = vec![logins.clone(), find(right), finish(follow(every), extra)];
        let wrong = vec![
            solution(
                "takes the first playlist with that title (someone else's)",
                vec![
                    logins.clone(),
                    find(first_hit),
                    finish(follow(every), extra),
                ],
            ),
            solution(
                "follows only the first artist of each song",
                vec![logins.clone(), find(right), finish(follow(firsts), extra)],
            ),
            match v.variant {
                2 => solution(
                    "does not like the playlist",
                    vec![logins, find(right), finish(follow(every), None)],
                ),
                3 => solution(
                    "adds every song to the library, stopping at one already there",
                    vec![logins, find(right), finish(follow(every), Some("save_all"))],
                ),
                _ => solution(
                    "follows the artists without checking, failing at one already followed",
                    vec![logins, find(right), script.cell("follow_blindly", &none)],
                ),
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let who = format!("{}'s", v.friend.first_name);
        let mut checks = vec![
            v.check(
                format!("follows every artist of {who} \"{}\"", v.title),
                |v, ctx| {
                    let followed = followed_artists(ctx);
                    let missing: Vec<i64> = wanted(v, ctx).difference(&followed).copied().collect();
                    if missing.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("not followed: {missing:?}"))
                    }
                },
            ),
            v.check("no other artist was newly followed", |v, ctx| {
                let want = wanted(v, ctx);
                match other_new_link(ctx, Link::ArtistFollow, |a| want.contains(&a)) {
                    Some(a) => Err(format!("followed artist {a:?}")),
                    None => Ok(()),
                }
            }),
        ];
        match v.variant {
            2 => checks.push(v.check(format!("{who} playlist is liked"), |v, ctx| {
                if linked(ctx, Link::PlaylistLike, their_playlist(v, ctx)) {
                    Ok(())
                } else {
                    Err("not liked".into())
                }
            })),
            3 => checks.push(
                v.check("every song of the playlist is in the library", |v, ctx| {
                    let lib: BTreeSet<i64> =
                        linked_items(ctx, Link::LibrarySong).into_iter().collect();
                    let missing: Vec<i64> =
                        playlist_songs(ctx.db, their_playlist(v, ctx).unwrap_or(-1))
                            .into_iter()
                            .filter(|s| !lib.contains(s))
                            .collect();
                    if missing.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("not in the library: {missing:?}"))
                    }
                }),
            ),
            _ => {}
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![v.allow("follows of the playlist's artists", |v, ctx, r| {
            added_to(r, "user_artist_followings")
                && spotify::is_mine(ctx, r)
                && wanted(v, ctx).contains(&r.get("artist_id").as_i64().unwrap_or(-1))
        })];
        match v.variant {
            2 => {
                allowed.push(v.allow("the like of the playlist", |v, ctx, r| {
                    added_to(r, "playlist_likes")
                        && spotify::is_mine(ctx, r)
                        && r.get("playlist_id").as_i64() == their_playlist(v, ctx)
                }));
                allowed.push(allow_counter("playlists"));
            }
            3 => allowed.push(
                v.allow("the playlist's songs added to the library", |v, ctx, r| {
                    added_to(r, "user_library_songs")
                        && spotify::is_mine(ctx, r)
                        && playlist_songs(ctx.db, their_playlist(v, ctx).unwrap_or(-1))
                            .contains(&r.get("song_id").as_i64().unwrap_or(-1))
                }),
            ),
            _ => {}
        }
        allowed
    }
}

/// The friend's playlist.
fn their_playlist(v: &Values, ctx: &EvalCtx) -> Option<i64> {
    playlist_of(ctx.db, user_by_email(ctx.db, &v.friend.email), v.title)
}

/// The artists of the friend's playlist.
fn wanted(v: &Values, ctx: &EvalCtx) -> BTreeSet<i64> {
    artists_of(
        ctx.db,
        &playlist_songs(ctx.db, their_playlist(v, ctx).unwrap_or(-1)),
    )
}

/// Is `r` a row added to the Spotify table `table`?
fn added_to(r: &RowChange, table: &str) -> bool {
    r.is("spotify", table) && r.kind() == ChangeKind::Added
}

/// Songs for the friend's playlist (five by one artist each, two with several artists) and for
/// the look-alike playlist of someone else, picked by `key`.
fn playlist_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>) {
    let mut theirs = songs_by_residue(db, false, 41, key.rem_euclid(41), 5);
    theirs.extend(songs_by_residue(db, true, 17, key.rem_euclid(17), 2));
    let decoy = songs_by_residue(db, false, 43, (key + 5).rem_euclid(43), 6);
    (theirs, decoy)
}

/// The artists of some songs, sorted.
fn artists_of(db: &Connection, songs: &[i64]) -> BTreeSet<i64> {
    songs.iter().flat_map(|s| song_artists(db, *s)).collect()
}
