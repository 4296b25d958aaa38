//! "My friend F texted me about an artist they can't stand; take every song by them off our
//! playlist P." Another contact texted later about another artist who is on the playlist too;
//! a near-miss playlist "P (2022)" holds some of the songs. Songs with the artist featured
//! count. Variant 2: off my library too; variant 3: the text names two artists.

use super::{FIND_CONTACT, FIND_PLAYLIST, missing, same_set};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::people::supervisor_with_friend_and_other;
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{
    artist_name, linked_items, playlist_named, playlist_songs, songs_of, songs_without,
    three_featured_artists,
};
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::spotify::rows::Link;
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend who texted about the artist, and another contact who texted about another.
    friend: Person,
    other: Person,
    now: NaiveDateTime,
    /// The key of the songs [`off_picks`] picks.
    key: i64,
    /// The shared playlist and its near-miss "(2022)".
    title: String,
    old_title: String,
}

impl Values {
    /// Variant 2: off the library too.
    fn library_too(&self) -> bool {
        self.variant == 2
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "spotify"];
    const SCRIPT: &str = include_str!("artist_off_playlist.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, friend, other) = supervisor_with_friend_and_other(g);
        let variant = g.variant;
        let key = p.id * 13 + i64::from(variant) * 5;
        let title = format!("Road Trip w/ {}", friend.first_name);
        let old_title = format!("{title} (2022)");
        Values {
            variant,
            supervisor: p,
            friend,
            other,
            now: g.now,
            key,
            title,
            old_title,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (f, title) = (&v.friend, &v.title);
        match v.variant {
            1 => format!(
                "My friend {} {} texted me about an artist they can't stand. Take every song by that artist (features included) off our shared Spotify playlist \"{title}\".",
                f.first_name, f.last_name
            ),
            2 => format!(
                "{} {} messaged me that they can't stand some artist. Remove all of that artist's songs (including ones they're featured on) from my playlist \"{title}\", and take those songs out of my Spotify library too if they're in it.",
                f.first_name, f.last_name
            ),
            _ => format!(
                "Read {} {}'s latest text about artists they can't stand and remove every song by them, features too, from my Spotify playlist \"{title}\".",
                f.first_name, f.last_name
            ),
        }
    }

    /// The two playlists, variant 2's library songs, and the texts.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, fr, ot, now, variant) = (&v.supervisor, &v.friend, &v.other, v.now, v.variant);
            let pk = s
                .pick("off_picks", |db| off_picks(db, v.key, variant))
                .ok_or_else(missing)?;
            let mut order = pk.keep.clone();
            for (k, id) in pk.gone.iter().enumerate() {
                order.insert((2 * k + 1).min(order.len()), *id);
            }
            s.add_spotify_playlist(sup, &v.old_title, true, &pk.old, now - Duration::days(300))?;
            s.add_spotify_playlist(sup, &v.title, true, &order, now - Duration::days(25))?;
            let name = |a: i64| artist_name(s.db, a).unwrap_or_default();
            if variant == 2 {
                s.add_library_songs(
                    sup,
                    &[pk.gone[0], pk.gone[2], pk.other[0]],
                    now - Duration::days(60),
                )?;
            }
            s.add_text(
                fr,
                sup,
                "Loving the road trip playlist so far!",
                days_ago(now, 12, 18, 2),
            )?;
            let msg = if variant == 3 {
                format!(
                    "Can you take {} and {} off our road trip playlist? I can't stand either of them anymore.",
                    name(pk.artists[0]),
                    name(pk.artists[2])
                )
            } else {
                format!(
                    "Hey, could you take {} off our road trip playlist? I honestly can't stand them anymore.",
                    name(pk.artists[0])
                )
            };
            s.add_text(fr, sup, &msg, days_ago(now, 1, 19, 40))?;
            s.add_text(
                ot,
                sup,
                &format!(
                    "Ugh, {} came on the radio again. Can't stand them.",
                    name(pk.artists[1])
                ),
                days_ago(now, 0, 8, 15),
            )?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let v2 = v.library_too();
        let base = Vals::new()
            .code("find_contact", FIND_CONTACT)
            .code("find_playlist", FIND_PLAYLIST)
            .lit("first", &v.friend.first_name)
            .lit("last", &v.friend.last_name);
        // A removal cell for the playlist `playlist`, off the library too or not.
        let remove = |cell: &str, playlist: &str, library: bool| {
            let library = if library {
                format!("{}\n", script.cell("library_too", &base))
            } else {
                String::new()
            };
            script.cell(
                cell,
                &base.clone().lit("title", playlist).code("library", library),
            )
        };
        let logins = script.cell("logins", &base);
        let read_friend = script.cell("read_friend", &base);
        let done = script.cell("done", &base);
        let ground_truth = vec![
            logins.clone(),
            read_friend.clone(),
            remove("remove", &v.title, v2),
            done.clone(),
        ];
        let wrong = vec![
            solution(
                "goes by the latest text from anyone (another contact's artist)",
                vec![
                    logins.clone(),
                    script.cell("read_latest", &base),
                    remove("remove", &v.title, v2),
                    done.clone(),
                ],
            ),
            solution(
                "removes only songs where the artist is listed first",
                vec![
                    logins.clone(),
                    read_friend.clone(),
                    remove("remove_first_artist", &v.title, v2),
                    done.clone(),
                ],
            ),
            solution(
                "also empties the 2022 playlist of them",
                vec![
                    logins,
                    read_friend,
                    remove("remove", &v.title, v2),
                    remove("remove", &v.old_title, false),
                    done,
                ],
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let n_gone = if v.variant == 3 { 5 } else { 4 };
        let mut checks = vec![
            v.check(
                format!(
                    "the {n_gone} songs by the texted artist(s) are off \"{}\"",
                    v.title
                ),
                |v, ctx| {
                    let pk = picks(v, ctx)?;
                    let got = playlist_songs(ctx.db, the(v, ctx)?);
                    match pk.gone.iter().find(|s| got.contains(s)) {
                        Some(s) => Err(format!("song {s} is still there")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                format!("\"{}\" keeps exactly its other 11 songs", v.title),
                |v, ctx| {
                    let pk = picks(v, ctx)?;
                    same_set(&playlist_songs(ctx.db, the(v, ctx)?), &pk.keep)
                },
            ),
            v.check(
                format!(
                    "the 2 songs by the artist {} {} complained about stay",
                    v.other.first_name, v.other.last_name
                ),
                |v, ctx| {
                    let pk = picks(v, ctx)?;
                    let got = playlist_songs(ctx.db, the(v, ctx)?);
                    match pk.other.iter().find(|s| !got.contains(s)) {
                        Some(s) => Err(format!("song {s} was removed")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                format!("\"{}\" keeps its 5 songs", v.old_title),
                |v, ctx| {
                    let pk = picks(v, ctx)?;
                    let id = playlist_named(ctx, &v.old_title).ok_or("it is gone")?;
                    same_set(&playlist_songs(ctx.db, id), &pk.old)
                },
            ),
        ];
        if v.library_too() {
            checks.push(v.check(
            "the 2 library songs by the artist are out of the library; the other artist's stays",
            |v, ctx| {
                let pk = picks(v, ctx)?;
                let lib = linked_items(ctx, Link::LibrarySong);
                if lib.contains(&pk.gone[0]) || lib.contains(&pk.gone[2]) {
                    Err("a song of the artist is still in the library".into())
                } else if !lib.contains(&pk.other[0]) {
                    Err(format!("song {} left the library", pk.other[0]))
                } else {
                    Ok(())
                }
            },
        ));
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            v.allow("songs removed from the playlist", |v, ctx, r| {
                r.is("spotify", "playlist_songs")
                    && r.kind() == ChangeKind::Removed
                    && playlist_named(ctx, &v.title) == r.get("playlist_id").as_i64()
            }),
            v.allow("songs removed from the library", |v, ctx, r| {
                v.library_too()
                    && r.is("spotify", "user_library_songs")
                    && r.kind() == ChangeKind::Removed
                    && is_mine(ctx, r)
            }),
        ]
    }
}

/// The shared playlist's id.
fn the(v: &Values, ctx: &EvalCtx) -> Result<i64, String> {
    playlist_named(ctx, &v.title).ok_or(format!("no playlist \"{}\"", v.title))
}

/// The songs [`off_picks`] picked for this variant.
fn picks(v: &Values, ctx: &EvalCtx) -> Result<OffPicks, String> {
    ctx.pick("off_picks", |db| off_picks(db, v.key, v.variant))
        .ok_or_else(|| "no picks".to_string())
}

/// The songs of the shared-playlist task: (to remove, to keep (the complained-about artist's
/// included), the complained-about artist's songs, the near-miss playlist's songs).
#[derive(Clone)]
struct OffPicks {
    gone: Vec<i64>,
    keep: Vec<i64>,
    other: Vec<i64>,
    old: Vec<i64>,
    artists: Vec<i64>,
}

fn off_picks(db: &Connection, key: i64, variant: u8) -> Option<OffPicks> {
    let a = three_featured_artists(db, key);
    if a.len() < 3 {
        return None;
    }
    let (x, y, x2) = (a[0], a[1], a[2]);
    let mut gone = songs_of(db, x, &[y, x2], if variant == 3 { 3 } else { 4 });
    if variant == 3 {
        gone.extend(songs_of(db, x2, &[x, y], 2));
    }
    let other = songs_of(db, y, &[x, x2], 2);
    let plain = songs_without(db, &a, key, 12);
    let mut keep = plain[..9].to_vec();
    keep.extend(&other);
    let mut old = plain[9..].to_vec();
    old.extend(gone.iter().take(2));
    Some(OffPicks {
        gone,
        keep,
        other,
        old,
        artists: a,
    })
}
