//! "Make a public playlist T of the G songs among my recommendations and text its link to
//! everyone in my note N." Six G songs are recommended on top of the world's twenty
//! (recommendations come five to a page by default).

use super::{FIND_CONTACT, mine, note_seed, playlist_named, same_set};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::ids;
use crate::kit::phone::{phone_id, texts_to};
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::spotify::playlist_songs;
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
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
            s.execute(
                "INSERT INTO spotify.recommendations (user_id, song_id, created_at) VALUES (?1, ?2, ?3)",
                params![
                    uid,
                    id,
                    sim::clock::fmt_datetime(now - Duration::days(k as i64 + 1))
                ],
            )?;
        }
        let mut notes = filler.clone();
        notes.insert(1, note_seed(note_title, &body, &["music"], now, 6));
        s.replace_notes(&sup, &notes)
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nsp = login(\"spotify\")\nsn = login(\"simple_note\")\nph = login(\"phone\")"
    );
    let pick = |first_page: bool, any_genre: bool| {
        fill(
            r#"recs = @RECS@
songs = [apis.spotify.show_song(song_id=r["song_id"]) for r in recs]
pool = []
for s in songs:
    if (@ANY@ or s["genre"] == @GENRE@) and s["song_id"] not in pool:
        pool.append(s["song_id"])
print(len(recs), pool)"#,
            &[
                (
                    "RECS",
                    if first_page {
                        "apis.spotify.show_recommendations(access_token=sp)".into()
                    } else {
                        "all_pages(apis.spotify.show_recommendations, access_token=sp)".into()
                    },
                ),
                ("ANY", if any_genre { "True" } else { "False" }.into()),
                ("GENRE", py(genre)),
            ],
        )
    };
    let make = |public: bool, first_only: bool| {
        fill(
            r#"pid = apis.spotify.create_playlist(access_token=sp, title=@TITLE@, is_public=@PUB@)["playlist_id"]
for s in pool:
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=pid, song_id=s)
link = apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["shareable_link"]
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@NOTE@)
note = [n for n in notes if n["title"] == @NOTE@][0]
names = [l.strip() for l in apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"].splitlines()[1:] if l.strip()]
for name in names[:@N@]:
    first, last = name.split(" ", 1)
    c = find_contact(first, last)
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message="A playlist for us: " + link)
apis.supervisor.complete_task()"#,
            &[
                ("TITLE", py(title)),
                ("PUB", if public { "True" } else { "False" }.into()),
                ("NOTE", py(note_title)),
                ("N", if first_only { "1" } else { "99" }.into()),
            ],
        )
    };
    parts.ground_truth = vec![logins.clone(), pick(false, false), make(true, false)];
    parts.wrong = vec![
        solution(
            "reads only the first page of recommendations",
            vec![logins.clone(), pick(true, false), make(true, false)],
        ),
        solution(
            "takes every recommended song, whatever the genre",
            vec![logins.clone(), pick(false, true), make(true, false)],
        ),
        solution(
            "leaves the playlist private",
            vec![logins.clone(), pick(false, false), make(false, false)],
        ),
        solution(
            "texts only the first person of the note",
            vec![logins, pick(false, false), make(true, true)],
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
