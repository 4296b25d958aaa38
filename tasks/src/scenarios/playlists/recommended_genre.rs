//! "Make a public playlist T of the G songs among my recommendations and text its link to
//! everyone in my note N." Six G songs are recommended on top of the world's twenty
//! (recommendations come five to a page by default).

use super::{FIND_CONTACT, mine, note_seed, playlist_named, same_set};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::ids;
use crate::kit::phone::{phone_id, texts_to};
use crate::kit::python::solution;
use crate::kit::spotify::playlist_songs;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use apps::spotify::rows::Link;
use chrono::Duration;
use rusqlite::params;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 3);
    let variant = g.variant;
    let key = p.id * 47 + i64::from(variant) * 19;
    let people: Vec<Person> = g
        .population
        .relations_of(p.id)
        .into_iter()
        .take(3)
        .map(|(_, id)| g.person(id))
        .collect();
    let (genre, title, note_title) = match variant {
        1 => ("jazz", "Fresh Jazz", "Jazz club"),
        2 => ("reggae", "New Reggae Finds", "Reggae night crew"),
        _ => ("classical", "Classical Picks for Us", "Concert friends"),
    };
    let instruction = match variant {
        1 => format!(
            "Make a public Spotify playlist \"{title}\" with all the {genre} songs Spotify recommends to me, then text its link to each person in my note \"{note_title}\"."
        ),
        2 => format!(
            "From my Spotify recommendations, put every {genre} song into a new public playlist called \"{title}\" and send the link by text to the people listed in my \"{note_title}\" note."
        ),
        _ => format!(
            "Create a public playlist \"{title}\" of the {genre} songs among my Spotify recommendations, and text the playlist's link to everyone named in my note \"{note_title}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "spotify", "simple_note", "phone"];
    let filler = g.filler(&p, 5, &[], &[note_title]);
    let names: Vec<String> = people
        .iter()
        .map(|q| format!("{} {}", q.first_name, q.last_name))
        .collect();
    let (sup, now) = (p.clone(), g.now);
    let body = format!("Who's in:\n{}", names.join("\n"));
    parts.setup.push(step(move |s| {
        let uid = s.user_id("spotify", &sup)?;
        let songs = ids(
            s.db,
            "SELECT id FROM spotify.songs WHERE genre = ?1 AND id NOT IN (SELECT song_id FROM spotify.recommendations WHERE user_id = ?2) \
             ORDER BY (id * 13 + ?3) % 8111 LIMIT 6",
            params![genre, uid, key],
        );
        for (k, id) in songs.iter().enumerate() {
            Link::Recommendation.insert(
                s.db,
                uid,
                *id,
                &sim::clock::fmt_datetime(now - Duration::days(k as i64 + 1)),
            )?;
        }
        let mut notes = filler.clone();
        notes.insert(1, note_seed(note_title, &body, &["music"], now, 6));
        s.replace_notes(&sup, &notes)
    }));
    let script = Script::parse(include_str!("recommended_genre.py"));
    // `pick` from the first page or all, of the genre or any; `make` the playlist public or
    // not and text the first person of the note only or all.
    let solve = |first_page: bool, any_genre: bool, public: bool, first_only: bool| {
        let py_bool = |b: bool| if b { "True" } else { "False" };
        let recs = if first_page {
            "apis.spotify.show_recommendations(access_token=sp)"
        } else {
            "all_pages(apis.spotify.show_recommendations, access_token=sp)"
        };
        let vals = Vals::new()
            .code("find_contact", FIND_CONTACT)
            .code("recs", recs)
            .code("any_genre", py_bool(any_genre))
            .lit("genre", genre)
            .lit("title", title)
            .code("public", py_bool(public))
            .lit("note", note_title)
            .code("n", if first_only { "1" } else { "99" });
        script.cells(&["logins", "pick", "make"], &vals)
    };
    parts.ground_truth = solve(false, false, true, false);
    parts.wrong = vec![
        solution(
            "reads only the first page of recommendations",
            solve(true, false, true, false),
        ),
        solution(
            "takes every recommended song, whatever the genre",
            solve(false, true, true, false),
        ),
        solution(
            "leaves the playlist private",
            solve(false, false, false, false),
        ),
        solution(
            "texts only the first person of the note",
            solve(false, false, true, true),
        ),
    ];
    let the =
        move |ctx: &EvalCtx| playlist_named(ctx, title).ok_or(format!("no playlist \"{title}\""));
    let mut checks = vec![
        Check::new(format!("a new public playlist \"{title}\""), move |ctx| {
            let p: i64 = ctx
                .db
                .query_row_cached(
                    "SELECT is_public FROM spotify.playlists WHERE id = ?1",
                    [the(ctx)?],
                    |r| r.get(0),
                )
                .map_err(|e| e.to_string())?;
            if p == 1 {
                Ok(())
            } else {
                Err("it is private".into())
            }
        }),
        Check::new(
            format!("it holds exactly my recommended {genre} songs (6 added ones included)"),
            move |ctx| {
                same_set(
                    &playlist_songs(ctx.db, the(ctx)?),
                    &recommended_in(ctx, genre),
                )
            },
        ),
    ];
    for q in &people {
        let number = q.phone_number.clone();
        checks.push(Check::new(
            format!("its link was texted to {} {}", q.first_name, q.last_name),
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
    let numbers: Vec<String> = people.iter().map(|q| q.phone_number.clone()).collect();
    checks.push(Check::new("no text to anyone else", move |ctx| {
        let me = ctx.user_id("phone");
        let theirs: Vec<Option<i64>> = numbers.iter().map(|n| phone_id(ctx.db, n)).collect();
        match added(ctx, "phone", "global_text_messages")
            .into_iter()
            .find(|t| {
                t.get("sender_id").as_i64() == me
                    && !theirs.contains(&t.get("receiver_id").as_i64())
            }) {
            Some(t) => Err(format!("a text to phone user {}", t.get("receiver_id"))),
            None => Ok(()),
        }
    }));
    parts.checks = checks;
    parts.allowed = vec![
        allow_added("the new playlist", "spotify", "playlists", move |ctx, r| {
            mine(ctx, r) && r.get("title").as_str() == Some(title)
        }),
        allow_added("its songs", "spotify", "playlist_songs", move |ctx, r| {
            playlist_named(ctx, title) == r.get("playlist_id").as_i64()
        }),
    ];
    parts.allowed.extend(allow::texts_sent());
    parts
}

/// The recommended songs of `genre` of the supervisor (end state; recommendations do not change).
fn recommended_in(ctx: &EvalCtx, genre: &str) -> Vec<i64> {
    ids(
        ctx.db,
        "SELECT DISTINCT r.song_id FROM spotify.recommendations r JOIN spotify.songs s ON s.id = r.song_id \
         WHERE r.user_id = ?1 AND s.genre = ?2",
        params![ctx.user_id("spotify"), genre],
    )
}
