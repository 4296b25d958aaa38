//! "Make a playlist T of the N most played songs of my favourite genre (the one most of my
//! library is), and text its link to my friend F." The library spans pages and does not show
//! genres or play counts; only public playlists have a link. Variant 2 takes 8 songs; variant
//! 3 the least played.

use super::{allow_new_playlists, friends, logins_for, supervisor_with};
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::phone::texts_to;
use crate::kit::python::solution;
use crate::kit::spotify::{library_genres, new_playlists, playlist_songs};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen};
use apps::people::{Person, Relation};
use std::collections::{BTreeMap, BTreeSet};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    /// The friend the link goes to.
    friend: Person,
    /// The playlist's title, its number of songs, whether it is public.
    title: &'static str,
    n: usize,
    public: bool,
    /// The most played songs (false: the least played).
    most: bool,
}

/// A library song: (id, genre, play count).
type Song = (i64, String, i64);

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify", "phone"];
    const SCRIPT: &str = include_str!("genre_playlist.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = supervisor_with(g, Relation::Friend);
        let friend_ids = friends(g, &p);
        let friend = g.person(friend_ids[(g.variant as usize - 1) % friend_ids.len()]);
        let (title, n, public, most) = match g.variant {
            1 => ("Top of My Genre", 10usize, true, true),
            2 => ("Crowd Pleasers", 8, true, true),
            _ => ("Hidden Gems", 10, true, false),
        };
        Values {
            variant: g.variant,
            friend,
            title,
            n,
            public,
            most,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (title, first, last) = (v.title, &v.friend.first_name, &v.friend.last_name);
        match v.variant {
            1 => format!(
                "Make a new public Spotify playlist called \"{title}\" with the 10 most played songs of my favourite genre in my library (the genre most of my library's songs belong to), then text its link to my friend {first} {last}."
            ),
            2 => format!(
                "Create a public playlist \"{title}\" on Spotify holding the 8 songs with the highest play counts among my library's songs of the genre I have the most songs of, and send its link to {first} {last} by text message."
            ),
            _ => format!(
                "I want a public Spotify playlist named \"{title}\": the 10 least played songs in my library from the genre that most of my library's songs are in. Text the playlist's link to my friend {first} {last} afterwards."
            ),
        }
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = logins_for(&[("sp", "spotify"), ("ph", "phone")]);
        let py_bool = |b: bool| if b { "True" } else { "False" };
        // The library's top genre's songs, from `library`, sorted down (`reverse`) or up.
        let choose = |library: &str, reverse: bool| {
            let vals = Vals::new()
                .code("library", script.cell(library, &none))
                .code("reverse", py_bool(reverse))
                .code("n", v.n);
            script.cell("choose", &vals)
        };
        // The playlist made, its link texted to the friend (`text`), the task finished.
        let make = |text: bool| {
            let vals = Vals::new()
                .lit("title", v.title)
                .code("public", py_bool(v.public))
                .lit("first", &v.friend.first_name)
                .lit("last", &v.friend.last_name);
            let names: &[&str] = if text {
                &["make", "text_friend", "finish"]
            } else {
                &["make", "finish"]
            };
            script.cells(names, &vals).join("\n")
        };
        let (whole, most) = ("whole_library", v.most);
        let ground_truth = vec![logins.clone(), choose(whole, most), make(true)];
        let catalog = script.cell(
            "catalog",
            &Vals::new()
                .code("library", script.cell(whole, &none))
                .lit("sort", if most { "-play_count" } else { "+play_count" })
                .code("n", v.n),
        );
        let wrong = vec![
            solution(
                "takes the genre's songs from the whole catalog, not the library",
                vec![logins.clone(), catalog, make(true)],
            ),
            solution(
                "reads only the first page of the library",
                vec![
                    logins.clone(),
                    choose("first_page_library", most),
                    make(true),
                ],
            ),
            if most {
                solution(
                    "does not text the link",
                    vec![logins, choose(whole, most), make(false)],
                )
            } else {
                solution(
                    "takes the most played songs instead",
                    vec![logins, choose(whole, true), make(true)],
                )
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let which = if v.most { "most" } else { "least" };
        vec![
            v.check(
                format!(
                    "a new {} playlist \"{}\"",
                    if v.public { "public" } else { "private" },
                    v.title
                ),
                |v, ctx| {
                    let id = the_playlist(v, ctx)?;
                    let is_public = new_playlists(ctx)
                        .iter()
                        .find(|r| r.id == id)
                        .and_then(|r| r.get("is_public").as_i64());
                    if is_public == Some(i64::from(v.public)) {
                        Ok(())
                    } else {
                        Err(format!("is_public is {is_public:?}"))
                    }
                },
            ),
            v.check(format!("it holds {} songs", v.n), |v, ctx| {
                let got = playlist_songs(ctx.db, the_playlist(v, ctx)?).len();
                if got == v.n {
                    Ok(())
                } else {
                    Err(format!("{got} songs"))
                }
            }),
            v.check(
                format!(
                    "they are the {} {which} played songs of the library's top genre",
                    v.n
                ),
                |v, ctx| {
                    let songs = playlist_songs(ctx.db, the_playlist(v, ctx)?);
                    if top_genre_pick(v, &library_genres(ctx), &songs) {
                        Ok(())
                    } else {
                        Err(format!("the playlist holds {songs:?}"))
                    }
                },
            ),
            v.check(
                format!(
                    "its link was texted to {} {}",
                    v.friend.first_name, v.friend.last_name
                ),
                |v, ctx| {
                    let link = format!("https://spotify.com/playlists/{}", the_playlist(v, ctx)?);
                    let sent = texts_to(ctx, &v.friend.phone_number)
                        .iter()
                        .any(|m| m.contains(&link));
                    if sent {
                        Ok(())
                    } else {
                        Err(format!("no text with {link} to them"))
                    }
                },
            ),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow_new_playlists();
        allowed.extend(allow::texts_sent());
        allowed
    }
}

/// The one new playlist with the title, or why there is not exactly one.
fn the_playlist(v: &Values, ctx: &EvalCtx) -> Result<i64, String> {
    let mine: Vec<&RowChange> = new_playlists(ctx)
        .into_iter()
        .filter(|r| r.get("title").as_str().map(str::trim) == Some(v.title))
        .collect();
    match mine.as_slice() {
        [r] => Ok(r.id),
        _ => Err(format!(
            "{} new playlists titled \"{}\"",
            mine.len(),
            v.title
        )),
    }
}

/// Are `songs` the `n` most (least) played of a genre with the most songs in `lib`? Any genre
/// tied for the most songs will do, and ties in play count at the cut.
fn top_genre_pick(v: &Values, lib: &[Song], songs: &[i64]) -> bool {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for s in lib {
        *counts.entry(s.1.as_str()).or_default() += 1;
    }
    let top = counts.values().copied().max().unwrap_or(0);
    let chosen: BTreeSet<i64> = songs.iter().copied().collect();
    counts.iter().filter(|(_, c)| **c == top).any(|(genre, _)| {
        let pool: Vec<&Song> = lib.iter().filter(|s| s.1 == *genre).collect();
        let (inside, outside): (Vec<&&Song>, Vec<&&Song>) =
            pool.iter().partition(|s| chosen.contains(&s.0));
        inside.len() == chosen.len()
            && inside.len() == v.n.min(pool.len())
            && inside.iter().all(|a| {
                outside
                    .iter()
                    .all(|b| if v.most { a.2 >= b.2 } else { a.2 <= b.2 })
            })
    })
}
