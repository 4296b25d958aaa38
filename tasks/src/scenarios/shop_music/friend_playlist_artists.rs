//! "Follow every artist on my friend F's public playlist T (I follow some already)." Someone
//! else has a public playlist with the same title, made earlier. Variant 2: F is saved under a
//! nickname and the playlist is to be liked too; variant 3: also add the playlist's songs
//! missing from my library to it.

use super::{FIND_CONTACT, NICKNAMES, allow_counter, friends};
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::{ids, one};
use crate::kit::python::solution;
use crate::kit::spotify::playlist_songs;
use crate::kit::time::days_ago;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;
use rusqlite::{Connection, params};
use std::collections::BTreeSet;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "spotify"];
    let (sup, fr, st, now, variant) = (
        p.clone(),
        friend.clone(),
        stranger.clone(),
        g.now,
        g.variant,
    );
    parts.setup.push(step(move |s| {
        let (theirs, decoy) = playlist_picks(s.db, key);
        s.add_spotify_playlist(&st, title, true, &decoy, days_ago(now, 80, 13, 0))?;
        s.add_spotify_playlist(&fr, title, true, &theirs, days_ago(now, 20, 22, 10))?;
        let first: Vec<i64> = artists_of(s.db, &theirs[..1]).into_iter().collect();
        s.follow_artists(&sup, &first, now - Duration::days(200))?;
        s.add_library_songs(&sup, &[theirs[1], theirs[5]], now - Duration::days(100))?;
        if variant == 2 {
            s.relabel_contact(&sup, &fr, nick, &["friend"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("friend_playlist_artists.py"));
    let none = Vals::new();
    let logins = script.cell("logins", &Vals::new().code("find_contact", FIND_CONTACT));
    let names = Vals::new()
        .lit("title", title)
        .lit("first", &friend.first_name)
        .lit("last", &friend.last_name)
        .lit("nick", nick);
    let contact = script.cell(
        if g.variant == 2 {
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
    let extra = match g.variant {
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
    parts.ground_truth = vec![logins.clone(), find(right), finish(follow(every), extra)];
    parts.wrong = vec![
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
        match g.variant {
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
    let f_email = friend.email.clone();
    let their_playlist = move |ctx: &EvalCtx| -> Option<i64> {
        one(
            ctx.db,
            "SELECT id FROM spotify.playlists WHERE title = ?1 AND user_id = ?2",
            params![title, spotify_id(ctx.db, &f_email)],
        )
    };
    let wanted = {
        let their_playlist = their_playlist.clone();
        move |ctx: &EvalCtx| -> BTreeSet<i64> {
            artists_of(
                ctx.db,
                &playlist_songs(ctx.db, their_playlist(ctx).unwrap_or(-1)),
            )
        }
    };
    let (wanted1, wanted2, wanted3) = (wanted.clone(), wanted.clone(), wanted);
    let (their1, their2, their3) = (
        their_playlist.clone(),
        their_playlist.clone(),
        their_playlist,
    );
    let who = format!("{}'s", friend.first_name);
    parts.checks = vec![
        Check::new(
            format!("follows every artist of {who} \"{title}\""),
            move |ctx| {
                let followed: BTreeSet<i64> = ids(
                    ctx.db,
                    "SELECT artist_id FROM spotify.user_artist_followings WHERE user_id = ?1",
                    [ctx.user_id("spotify")],
                )
                .into_iter()
                .collect();
                let missing: Vec<i64> = wanted1(ctx).difference(&followed).copied().collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not followed: {missing:?}"))
                }
            },
        ),
        Check::new("no other artist was newly followed", move |ctx| {
            let want = wanted2(ctx);
            let me = ctx.user_id("spotify");
            match added(ctx, "spotify", "user_artist_followings")
                .into_iter()
                .find(|r| {
                    r.get("user_id").as_i64() == me
                        && !want.contains(&r.get("artist_id").as_i64().unwrap_or(-1))
                }) {
                Some(r) => Err(format!("followed artist {:?}", r.get("artist_id"))),
                None => Ok(()),
            }
        }),
    ];
    match g.variant {
        2 => parts.checks.push(Check::new(
            format!("{who} playlist is liked"),
            move |ctx| match one(
                ctx.db,
                "SELECT 1 FROM spotify.playlist_likes WHERE user_id = ?1 AND playlist_id = ?2",
                params![ctx.user_id("spotify"), their1(ctx)],
            ) {
                Some(_) => Ok(()),
                None => Err("not liked".into()),
            },
        )),
        3 => parts.checks.push(Check::new(
            "every song of the playlist is in the library",
            move |ctx| {
                let lib: BTreeSet<i64> = ids(
                    ctx.db,
                    "SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1",
                    [ctx.user_id("spotify")],
                )
                .into_iter()
                .collect();
                let missing: Vec<i64> = playlist_songs(ctx.db, their1(ctx).unwrap_or(-1))
                    .into_iter()
                    .filter(|s| !lib.contains(s))
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not in the library: {missing:?}"))
                }
            },
        )),
        _ => {}
    }
    parts.allowed = vec![allow_added(
        "follows of the playlist's artists",
        "spotify",
        "user_artist_followings",
        move |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("spotify")
                && wanted3(ctx).contains(&r.get("artist_id").as_i64().unwrap_or(-1))
        },
    )];
    match g.variant {
        2 => {
            parts.allowed.push(allow_added(
                "the like of the playlist",
                "spotify",
                "playlist_likes",
                move |ctx, r| {
                    r.get("user_id").as_i64() == ctx.user_id("spotify")
                        && r.get("playlist_id").as_i64() == their2(ctx)
                },
            ));
            parts.allowed.push(allow_counter("playlists"));
        }
        3 => parts.allowed.push(allow_added(
            "the playlist's songs added to the library",
            "spotify",
            "user_library_songs",
            move |ctx, r| {
                r.get("user_id").as_i64() == ctx.user_id("spotify")
                    && playlist_songs(ctx.db, their3(ctx).unwrap_or(-1))
                        .contains(&r.get("song_id").as_i64().unwrap_or(-1))
            },
        )),
        _ => {}
    }
    parts
}

/// The spotify id of a person (by e-mail).
fn spotify_id(db: &Connection, email: &str) -> Option<i64> {
    one(db, "SELECT id FROM spotify.users WHERE email = ?1", [email])
}

/// Songs for the friend's playlist (five by one artist each, two with several artists) and for
/// the look-alike playlist of someone else, picked by `key`.
fn playlist_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>) {
    let mut theirs = ids(
        db,
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) = 1 AND id % 41 = ?1 ORDER BY id LIMIT 5",
        [key.rem_euclid(41)],
    );
    theirs.extend(ids(
        db,
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) > 1 AND id % 17 = ?1 ORDER BY id LIMIT 2",
        [key.rem_euclid(17)],
    ));
    let decoy = ids(
        db,
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) = 1 AND id % 43 = ?1 ORDER BY id LIMIT 6",
        [(key + 5).rem_euclid(43)],
    );
    (theirs, decoy)
}

/// The artists of some songs, sorted.
fn artists_of(db: &Connection, songs: &[i64]) -> BTreeSet<i64> {
    songs
        .iter()
        .flat_map(|s| {
            ids(
                db,
                "SELECT j.value FROM spotify.songs s, json_each(s.artist_ids) j WHERE s.id = ?1",
                [s],
            )
        })
        .collect()
}
