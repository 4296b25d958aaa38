//! "My friend F texted me about an album; save it to my library and like all its songs." Two
//! of its songs are liked already (liking again fails), another contact texted about another
//! album the day after. Variant 2: the friend is saved under a nickname, and the album's
//! artists are to be followed; variant 3: like the album as well and make a private playlist
//! of it named after it.

use super::{NICKNAMES, allow_counter, allow_new_playlists, friends, logins_for};
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::spotify;
use crate::kit::spotify::{
    album_artists, album_songs, album_title, artist_name, followed_artists, linked, linked_items,
    mid_album_at, new_playlists, other_new_link, playlist_songs, remove_library_albums,
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
    /// The friend who texted about the album, and the contact who texted about another.
    friend: Person,
    other: Person,
    /// The name the friend is saved under in variant 2.
    nick: &'static str,
    /// The seed that picks the album (and `key + 1` the decoy).
    key: i64,
    now: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "spotify"];
    const SCRIPT: &str = include_str!("texted_album.py");

    /// The friend, the other contact and the album's seed.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            let rel = pop.relations_of(p.id);
            rel.iter().any(|(r, _)| *r == Relation::Friend) && rel.len() >= 2
        });
        let friend_ids = friends(g, &p);
        let friend = g.person(friend_ids[0]);
        let other = g.person(
            pop.relations_of(p.id)
                .into_iter()
                .map(|(_, id)| id)
                .find(|id| *id != friend.id)
                .unwrap_or(friend.id),
        );
        let nick = NICKNAMES[(p.id as usize + 1) % NICKNAMES.len()];
        let key = p.id * 31 + i64::from(g.variant) * 7;
        let who = if g.variant == 2 {
            format!("{nick} (a friend; that's what I saved them as in my phone)")
        } else {
            format!("My friend {} {}", friend.first_name, friend.last_name)
        };
        let instruction = match g.variant {
            1 => format!(
                "{who} texted me about an album this week. Save that album to my Spotify library and like every one of its songs."
            ),
            2 => format!(
                "{who} recommended an album to me by text. Add it to my Spotify library, like all of its songs, and follow its artists."
            ),
            _ => format!(
                "{who} texted me an album recommendation. Save the album to my Spotify library, like every one of its songs and the album itself too, and make a private playlist titled exactly like the album with all of its songs."
            ),
        };
        Drawing::from(Values {
            variant: g.variant,
            supervisor: p,
            friend,
            other,
            nick,
            key,
            now: g.now,
        })
        .instruction(instruction)
    }

    /// The two albums, the liked songs and the two texts.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(albums_and_texts)]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let logins = logins_for(&[("sp", "spotify"), ("ph", "phone")]);
        let contact = if v.variant == 2 {
            script.cell("by_nickname", &Vals::new().lit("nick", v.nick))
        } else {
            script.cell(
                "by_name",
                &Vals::new()
                    .lit("first", &v.friend.first_name)
                    .lit("last", &v.friend.last_name),
            )
        };
        let decoy_contact = script.cell(
            "by_name",
            &Vals::new()
                .lit("first", &v.other.first_name)
                .lit("last", &v.other.last_name),
        );
        let find = |contact: &str| script.cell("find", &Vals::new().code("contact", contact));
        let like_all = cell("like_all");
        let naive = cell("like_naive");
        let extra = match v.variant {
            1 => String::new(),
            2 => cell("follow_artists"),
            _ => script
                .cells(&["like_album", "album_playlist"], &none)
                .join("\n"),
        };
        let finish = |likes: &str, extra: &str| [likes, extra, &cell("finish")].join("\n");
        let ground_truth = vec![logins.clone(), find(&contact), finish(&like_all, &extra)];
        let wrong = vec![
            solution(
                "saves the album of the other text",
                vec![
                    logins.clone(),
                    find(&decoy_contact),
                    finish(&like_all, &extra),
                ],
            ),
            solution(
                "likes every song without skipping the liked ones (fails midway)",
                vec![logins.clone(), find(&contact), finish(&naive, &extra)],
            ),
            match v.variant {
                3 => solution(
                    "does not like the album itself",
                    vec![
                        logins,
                        find(&contact),
                        finish(&like_all, &cell("album_playlist")),
                    ],
                ),
                _ => solution(
                    "likes the album instead of its songs",
                    vec![logins, find(&contact), finish(&cell("like_album"), &extra)],
                ),
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check("the recommended album is in the library", |v, ctx| {
                let a = album_of(v, ctx);
                if linked(ctx, Link::LibraryAlbum, Some(a)) {
                    Ok(())
                } else {
                    Err(format!("album {a} is not in the library"))
                }
            }),
            v.check("every song of that album is liked", |v, ctx| {
                let a = album_of(v, ctx);
                let liked: BTreeSet<i64> = linked_items(ctx, Link::SongLike).into_iter().collect();
                let missing: Vec<i64> = album_songs(ctx.db, a)
                    .into_iter()
                    .filter(|s| !liked.contains(s))
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("songs not liked: {missing:?}"))
                }
            }),
            v.check("no other album was saved", |v, ctx| {
                let a = album_of(v, ctx);
                match other_new_link(ctx, Link::LibraryAlbum, |x| x == a) {
                    Some(x) => Err(format!("album {x:?} saved")),
                    None => Ok(()),
                }
            }),
        ];
        checks.extend(variant_checks(v));
        checks
    }

    /// The allowances; they capture the album's seed.
    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let key = v.key;
        let mut allowed = vec![
            allow_added(
                "the album saved to the library",
                "spotify",
                "user_library_albums",
                move |ctx, r| {
                    spotify::is_mine(ctx, r) && r.get("album_id").as_i64() == Some(album(key, ctx))
                },
            ),
            allow_added(
                "likes of the album's songs",
                "spotify",
                "song_likes",
                move |ctx, r| {
                    spotify::is_mine(ctx, r)
                        && album_songs(ctx.db, album(key, ctx))
                            .contains(&r.get("song_id").as_i64().unwrap_or(-1))
                },
            ),
            allow_counter("songs"),
        ];
        match v.variant {
            2 => allowed.push(allow_added(
                "follows of the album's artists",
                "spotify",
                "user_artist_followings",
                move |ctx, r| {
                    spotify::is_mine(ctx, r)
                        && album_artists(ctx.db, album(key, ctx))
                            .contains(&r.get("artist_id").as_i64().unwrap_or(-1))
                },
            )),
            3 => {
                allowed.push(allow_added(
                    "the album's like",
                    "spotify",
                    "album_likes",
                    move |ctx, r| {
                        spotify::is_mine(ctx, r)
                            && r.get("album_id").as_i64() == Some(album(key, ctx))
                    },
                ));
                allowed.push(allow_counter("albums"));
                allowed.extend(allow_new_playlists());
            }
            _ => {}
        }
        allowed
    }
}

/// The two albums, the liked songs and the two texts.
fn albums_and_texts(v: &Values, s: &crate::setup::Setup) -> rusqlite::Result<()> {
    let (sup, fr, ot) = (&v.supervisor, &v.friend, &v.other);
    let (now, key, nick) = (v.now, v.key, v.nick);
    let album = s
        .pick("album", |db| mid_album_at(db, key))
        .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
    let decoy = s
        .pick("decoy album", |db| mid_album_at(db, key + 1))
        .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
    let uid = s.user_id("spotify", sup)?;
    remove_library_albums(s.db, uid, [album, decoy])?;
    Link::AlbumLike.delete(s.db, uid, album)?;
    let songs = album_songs(s.db, album);
    s.unlike_songs(sup, &songs)?;
    s.like_songs(sup, &[songs[1], songs[3]], now - Duration::days(30))?;
    let (title, artists) = album_label(s.db, album);
    let (decoy_title, _) = album_label(s.db, decoy);
    s.add_text(
        fr,
        sup,
        &format!("Have you listened to \"{title}\" by {artists}? Best album I've heard this year, you should save it!"),
        days_ago(now, 2, 20, 14),
    )?;
    s.add_text(
        ot,
        sup,
        &format!("If you want something new to listen to, try the album \"{decoy_title}\"."),
        days_ago(now, 1, 9, 30),
    )?;
    if v.variant == 2 {
        s.relabel_contact(sup, fr, nick, &["friend"])?;
    }
    Ok(())
}

/// The recommended album.
fn album_of(v: &Values, ctx: &EvalCtx) -> i64 {
    album(v.key, ctx)
}

/// The album seed `key` picks.
fn album(key: i64, ctx: &EvalCtx) -> i64 {
    ctx.pick("album", |db| mid_album_at(db, key)).unwrap_or(-1)
}

/// Variant 2 follows the album's artists; variant 3 likes it and copies it to a playlist.
fn variant_checks(v: &Drawn<Values>) -> Vec<Check> {
    match v.variant {
        2 => vec![
            v.check("each of the album's artists is followed", |v, ctx| {
                let followed = followed_artists(ctx);
                let missing: Vec<i64> = album_artists(ctx.db, album_of(v, ctx))
                    .into_iter()
                    .filter(|a| !followed.contains(a))
                    .collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("not followed: {missing:?}"))
                }
            }),
        ],
        3 => vec![
            v.check("the album itself is liked", |v, ctx| {
                if linked(ctx, Link::AlbumLike, Some(album_of(v, ctx))) {
                    Ok(())
                } else {
                    Err("the album is not liked".into())
                }
            }),
            v.check(
                "a private playlist titled like the album holds exactly its songs",
                |v, ctx| {
                    let a = album_of(v, ctx);
                    let (title, _) = album_label(ctx.db, a);
                    let found: Vec<&RowChange> = new_playlists(ctx)
                        .into_iter()
                        .filter(|r| r.get("title").as_str().map(str::trim) == Some(title.as_str()))
                        .collect();
                    let [pl] = found.as_slice() else {
                        return Err(format!("{} new playlists titled {title:?}", found.len()));
                    };
                    if pl.get("is_public").as_i64() != Some(0) {
                        return Err("the playlist is public".into());
                    }
                    let got = playlist_songs(ctx.db, pl.id);
                    if got == album_songs(ctx.db, a) {
                        Ok(())
                    } else {
                        Err(format!("it holds {got:?}"))
                    }
                },
            ),
        ],
        _ => vec![],
    }
}

/// An album's title and its artists' names ("A, B and C").
fn album_label(db: &Connection, album: i64) -> (String, String) {
    let title = album_title(db, album);
    let names: Vec<String> = album_artists(db, album)
        .into_iter()
        .filter_map(|a| artist_name(db, a))
        .collect();
    let who = match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    (title, who)
}
