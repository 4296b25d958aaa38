//! "Follow every artist on my friend F's public playlist T (I follow some already)." Someone
//! else has a public playlist with the same title, made earlier. Variant 2: F is saved under a
//! nickname and the playlist is to be liked too; variant 3: also add the playlist's songs
//! missing from my library to it.

use super::{FIND_CONTACT, NICKNAMES, allow_counter, friends};
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::{ids, one};
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::spotify::playlist_songs;
use crate::kit::time::days_ago;
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
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nsp = login(\"spotify\")\nph = login(\"phone\")"
    );
    let contact = if g.variant == 2 {
        format!("find_contact({})", py(nick))
    } else {
        format!(
            "find_contact({}, {})",
            py(&friend.first_name),
            py(&friend.last_name)
        )
    };
    let find = |pick: &str| {
        fill(
            r#"friend = @CONTACT@
found = apis.spotify.search_playlists(access_token=sp, query=@TITLE@, page_limit=20)
playlist = @PICK@
songs = apis.spotify.show_playlist(access_token=sp, playlist_id=playlist["playlist_id"])["songs"]
print(playlist["playlist_id"], playlist["owner"], [s["artist_ids"] for s in songs])"#,
            &[
                ("CONTACT", contact.clone()),
                ("TITLE", py(title)),
                ("PICK", pick.to_string()),
            ],
        )
    };
    let right = "[x for x in found if x[\"title\"] == TITLE and x[\"owner\"][\"email\"] == friend[\"email\"]][0]"
        .replace("TITLE", &py(title));
    let first_hit = "[x for x in found if x[\"title\"] == TITLE][0]".replace("TITLE", &py(title));
    let follow = |artists: &str| {
        fill(
            r#"followed = {a["artist_id"] for a in all_pages(apis.spotify.show_following_artists, access_token=sp)}
for artist_id in sorted(@ARTISTS@):
    if artist_id not in followed:
        apis.spotify.follow_artist(access_token=sp, artist_id=artist_id)"#,
            &[("ARTISTS", artists.to_string())],
        )
    };
    let every = "{a for s in songs for a in s[\"artist_ids\"]}";
    let firsts = "{s[\"artist_ids\"][0] for s in songs}";
    let extra = match g.variant {
        1 => String::new(),
        2 => "apis.spotify.like_playlist(access_token=sp, playlist_id=playlist[\"playlist_id\"])\n".to_string(),
        _ => r#"library = {s["song_id"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}
for s in songs:
    if s["id"] not in library:
        apis.spotify.add_song_to_library(access_token=sp, song_id=s["id"])
"#
        .to_string(),
    };
    let finish =
        |follow: String, extra: &str| format!("{follow}\n{extra}apis.supervisor.complete_task()");
    parts.ground_truth = vec![logins.clone(), find(&right), finish(follow(every), &extra)];
    parts.wrong = vec![
        solution(
            "takes the first playlist with that title (someone else's)",
            vec![logins.clone(), find(&first_hit), finish(follow(every), &extra)],
        ),
        solution(
            "follows only the first artist of each song",
            vec![logins.clone(), find(&right), finish(follow(firsts), &extra)],
        ),
        match g.variant {
            2 => solution(
                "does not like the playlist",
                vec![logins, find(&right), finish(follow(every), "")],
            ),
            3 => solution(
                "adds every song to the library, stopping at one already there",
                vec![
                    logins,
                    find(&right),
                    finish(
                        follow(every),
                        "for s in songs:\n    apis.spotify.add_song_to_library(access_token=sp, song_id=s[\"id\"])\n",
                    ),
                ],
            ),
            _ => solution(
                "follows the artists without checking, failing at one already followed",
                vec![
                    logins,
                    find(&right),
                    "for artist_id in sorted({a for s in songs for a in s[\"artist_ids\"]}):\n    apis.spotify.follow_artist(access_token=sp, artist_id=artist_id)\napis.supervisor.complete_task()".to_string(),
                ],
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
