//! "Make a playlist T of the N most played songs of my favourite genre (the one most of my
//! library is), and text its link to my friend F." The library spans pages and does not show
//! genres or play counts; only public playlists have a link. Variant 2 takes 8 songs; variant
//! 3 the least played.

use super::{FIND_CONTACT, allow_new_playlists, friends, new_playlists};
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::added;
use crate::kit::phone::phone_id;
use crate::kit::python::solution;
use crate::kit::spotify::playlist_songs;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts};
use apps::people::Relation;
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend_ids = friends(g, &p);
    let friend = g.person(friend_ids[(g.variant as usize - 1) % friend_ids.len()]);
    let (title, n, public, most) = match g.variant {
        1 => ("Top of My Genre", 10usize, true, true),
        2 => ("Crowd Pleasers", 8, true, true),
        _ => ("Hidden Gems", 10, true, false),
    };
    let instruction = match g.variant {
        1 => format!(
            "Make a new public Spotify playlist called \"{title}\" with the 10 most played songs of my favourite genre in my library (the genre most of my library's songs belong to), then text its link to my friend {} {}.",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "Create a public playlist \"{title}\" on Spotify holding the 8 songs with the highest play counts among my library's songs of the genre I have the most songs of, and send its link to {} {} by text message.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "I want a public Spotify playlist named \"{title}\": the 10 least played songs in my library from the genre that most of my library's songs are in. Text the playlist's link to my friend {} {} afterwards.",
            friend.first_name, friend.last_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "spotify", "phone"];
    let script = Script::parse(include_str!("genre_playlist.py"));
    let none = Vals::new();
    let logins = script.cell("logins", &Vals::new().code("find_contact", FIND_CONTACT));
    let choose = |library: &str, reverse: bool| {
        let vals = Vals::new()
            .code("library", script.cell(library, &none))
            .code("reverse", if reverse { "True" } else { "False" })
            .code("n", n);
        script.cell("choose", &vals)
    };
    let make = |text: bool| {
        let vals = Vals::new()
            .lit("title", title)
            .code("public", if public { "True" } else { "False" })
            .lit("first", &friend.first_name)
            .lit("last", &friend.last_name);
        let names: &[&str] = if text {
            &["make", "text_friend", "finish"]
        } else {
            &["make", "finish"]
        };
        script.cells(names, &vals).join("\n")
    };
    let whole = "whole_library";
    parts.ground_truth = vec![logins.clone(), choose(whole, most), make(true)];
    let catalog = script.cell(
        "catalog",
        &Vals::new()
            .lit("sort", if most { "-play_count" } else { "+play_count" })
            .code("n", n),
    );
    parts.wrong = vec![
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
    let which = if most { "most" } else { "least" };
    let the_playlist = move |ctx: &EvalCtx| -> Result<i64, String> {
        let mine: Vec<&RowChange> = new_playlists(ctx)
            .into_iter()
            .filter(|r| r.get("title").as_str().map(str::trim) == Some(title))
            .collect();
        match mine.as_slice() {
            [r] => Ok(r.id),
            _ => Err(format!("{} new playlists titled \"{title}\"", mine.len())),
        }
    };
    let (f_email, f_phone) = (friend.email.clone(), friend.phone_number.clone());
    let _ = f_email;
    parts.checks = vec![
        Check::new(
            format!(
                "a new {} playlist \"{title}\"",
                if public { "public" } else { "private" }
            ),
            move |ctx| {
                let id = the_playlist(ctx)?;
                let is_public = new_playlists(ctx)
                    .iter()
                    .find(|r| r.id == id)
                    .and_then(|r| r.get("is_public").as_i64());
                if is_public == Some(i64::from(public)) {
                    Ok(())
                } else {
                    Err(format!("is_public is {is_public:?}"))
                }
            },
        ),
        Check::new(format!("it holds {n} songs"), move |ctx| {
            let got = playlist_songs(ctx.db, the_playlist(ctx)?).len();
            if got == n {
                Ok(())
            } else {
                Err(format!("{got} songs"))
            }
        }),
        Check::new(
            format!("they are the {n} {which} played songs of the library's top genre"),
            move |ctx| {
                let songs = playlist_songs(ctx.db, the_playlist(ctx)?);
                let lib: Vec<(i64, String, i64)> = ctx
                    .db
                    .prepare_cached(
                        "SELECT s.id, s.genre, s.play_count FROM spotify.user_library_songs l JOIN spotify.songs s ON s.id = l.song_id WHERE l.user_id = ?1",
                    )
                    .and_then(|mut st| {
                        st.query_map([ctx.user_id("spotify")], |r| {
                            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                        })?
                        .collect::<rusqlite::Result<Vec<_>>>()
                    })
                    .unwrap_or_default();
                let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
                for s in &lib {
                    *counts.entry(s.1.as_str()).or_default() += 1;
                }
                let top = counts.values().copied().max().unwrap_or(0);
                let chosen: BTreeSet<i64> = songs.iter().copied().collect();
                // Any genre tied for the most songs will do, and ties in play count at the cut.
                let fits = counts.iter().filter(|(_, c)| **c == top).any(|(genre, _)| {
                    let pool: Vec<&(i64, String, i64)> =
                        lib.iter().filter(|s| s.1 == *genre).collect();
                    type Song<'s> = &'s &'s (i64, String, i64);
                    let (inside, outside): (Vec<Song>, Vec<Song>) =
                        pool.iter().partition(|s| chosen.contains(&s.0));
                    inside.len() == chosen.len()
                        && inside.len() == n.min(pool.len())
                        && inside.iter().all(|a| {
                            outside
                                .iter()
                                .all(|b| if most { a.2 >= b.2 } else { a.2 <= b.2 })
                        })
                });
                if fits {
                    Ok(())
                } else {
                    Err(format!("the playlist holds {songs:?}"))
                }
            },
        ),
        Check::new(
            format!(
                "its link was texted to {} {}",
                friend.first_name, friend.last_name
            ),
            move |ctx| {
                let link = format!("https://spotify.com/playlists/{}", the_playlist(ctx)?);
                let (me, them) = (ctx.user_id("phone"), phone_id(ctx.db, &f_phone));
                let sent = added(ctx, "phone", "global_text_messages")
                    .into_iter()
                    .any(|t| {
                        t.get("sender_id").as_i64() == me
                            && t.get("receiver_id").as_i64() == them
                            && t.get("message").as_str().is_some_and(|m| m.contains(&link))
                    });
                if sent {
                    Ok(())
                } else {
                    Err(format!("no text with {link} to them"))
                }
            },
        ),
    ];
    parts.allowed = allow_new_playlists();
    parts.allowed.extend(allow::texts_sent());
    parts
}
