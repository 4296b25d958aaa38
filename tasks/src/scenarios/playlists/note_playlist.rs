//! "Make a playlist T of the songs in my note N." Each line's title has a near-miss version in
//! the catalog (with or without "(Acoustic)", "(Live)", ...), and an exact title can lie pages
//! deep in the search. Variant 2: a public playlist, leaving out struck-through lines; variant
//! 3: add them to an existing playlist that already holds one of them.

use super::{FIND_PLAYLIST, mine, missing, note_seed, playlist_named, same_set, text_of};
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::ids;
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::spotify::playlist_songs;
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use chrono::Duration;
use rusqlite::{Connection, params};
use sim::sql::Cached;
use std::collections::BTreeSet;

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let key = p.id * 17 + i64::from(g.variant);
    let variant = g.variant;
    let (note_title, title, public) = match variant {
        1 => ("Party songs from Jo", "Birthday Bash 2023", false),
        2 => ("Songs for the coast drive", "Coastal Drive Songs", true),
        _ => ("Songs to add - Sunday", "Slow Sunday Mornings", false),
    };
    let instruction = match variant {
        1 => format!(
            "Jo gave me a list of songs for the party; it's in my notes (\"{note_title}\"). Make a private Spotify playlist called \"{title}\" with exactly those songs, the versions the note names."
        ),
        2 => format!(
            "Create a public Spotify playlist \"{title}\" with the songs listed in my note \"{note_title}\" - the exact versions written there, and leave out the ones I struck through."
        ),
        _ => format!(
            "Add the songs listed in my note \"{note_title}\" to my Spotify playlist \"{title}\" (the exact versions named; don't put any song in twice)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "spotify"];
    let filler = g.filler(&p, 6, &[], &[note_title]);
    let (sup, now) = (p.clone(), g.now);
    parts.setup.push(step(move |s| {
        let (want, _, struck, earlier) = s.pick("note_picks", |db| note_picks(db, key, variant));
        if want.len() < 10 {
            return Err(missing());
        }
        let mut lines = vec![match variant {
            1 => "Jo's picks for the party:".to_string(),
            2 => "For the drive (struck the ones I went off):".to_string(),
            _ => "Sunday morning additions:".to_string(),
        }];
        for (k, id) in want.iter().enumerate() {
            lines.push(format!("- {}", text_of(s.db, "songs", "title", *id)));
            if k == 4 && !struck.is_empty() {
                lines.push(format!(
                    "- ~~{}~~",
                    text_of(s.db, "songs", "title", struck[0])
                ));
            }
        }
        for id in struck.iter().skip(1) {
            lines.push(format!("- ~~{}~~", text_of(s.db, "songs", "title", *id)));
        }
        let mut notes = filler.clone();
        notes.insert(
            2,
            note_seed(note_title, &lines.join("\n"), &["music"], now, 3),
        );
        s.replace_notes(&sup, &notes)?;
        if variant == 3 {
            s.add_spotify_playlist(&sup, title, false, &earlier, now - Duration::days(40))?;
        }
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_SONG}\n{FIND_PLAYLIST}\nsn = login(\"simple_note\")\nsp = login(\"spotify\")"
    );
    let read = |keep_struck: bool, first: usize| {
        fill(
            r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@NOTE@)
note = [n for n in notes if n["title"] == @NOTE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
titles = [l[2:].strip() for l in content.splitlines() if l.startswith("- ")]
titles = [t.strip("~") for t in titles if @KEEP@ or not t.startswith("~~")][:@FIRST@]
songs = [find_song(t) for t in titles]
print([(s["song_id"], s["title"]) for s in songs])"#,
            &[
                ("NOTE", py(note_title)),
                ("KEEP", if keep_struck { "True" } else { "False" }.into()),
                ("FIRST", first.to_string()),
            ],
        )
    };
    let make = |public: bool, existing: bool| {
        let head = if existing {
            "playlist_id = find_playlist(@TITLE@)[\"playlist_id\"]".to_string()
        } else {
            format!(
                "playlist_id = apis.spotify.create_playlist(access_token=sp, title=@TITLE@, is_public={})[\"playlist_id\"]",
                if public { "True" } else { "False" }
            )
        };
        fill(
            &format!(
                r#"{head}
have = {{s["id"] for s in apis.spotify.show_playlist(access_token=sp, playlist_id=playlist_id)["songs"]}}
for s in songs:
    if s["song_id"] not in have:
        apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=playlist_id, song_id=s["song_id"])
        have.add(s["song_id"])
apis.supervisor.complete_task()"#
            ),
            &[(
                "TITLE",
                py(if existing || variant != 3 {
                    title
                } else {
                    "Sunday Additions"
                }),
            )],
        )
    };
    let v3 = variant == 3;
    parts.ground_truth = vec![logins.clone(), read(false, 99), make(public, v3)];
    let near_miss = fill(
        r#"notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=@NOTE@)
note = [n for n in notes if n["title"] == @NOTE@][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
titles = [l[2:].strip() for l in content.splitlines() if l.startswith("- ") and not l[2:].startswith("~~")]
songs = [h for t in titles for h in apis.spotify.search_songs(query=t, page_limit=20) if h["title"].startswith(t)]"#,
        &[("NOTE", py(note_title))],
    );
    parts.wrong = vec![
        solution(
            "adds every version whose title starts with a line (near misses too)",
            vec![logins.clone(), near_miss, make(public, v3)],
        ),
        solution(
            "stops after the first five titles",
            vec![logins.clone(), read(false, 5), make(public, v3)],
        ),
        match variant {
            1 => solution(
                "makes the playlist public",
                vec![logins.clone(), read(false, 99), make(true, false)],
            ),
            2 => solution(
                "keeps the struck-through songs",
                vec![logins.clone(), read(true, 99), make(public, false)],
            ),
            _ => solution(
                "makes a new playlist instead of adding to the existing one",
                vec![logins.clone(), read(false, 99), make(false, false)],
            ),
        },
    ];
    let the_playlist =
        move |ctx: &EvalCtx| playlist_named(ctx, title).ok_or(format!("no playlist \"{title}\""));
    let mut checks = vec![
        Check::new(
            format!(
                "the playlist \"{title}\" is {}",
                if public { "public" } else { "private" }
            ),
            move |ctx| {
                let id = the_playlist(ctx)?;
                let p: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT is_public FROM spotify.playlists WHERE id = ?1",
                        [id],
                        |r| r.get(0),
                    )
                    .map_err(|e| e.to_string())?;
                if p == i64::from(public) {
                    Ok(())
                } else {
                    Err(format!("is_public = {p}"))
                }
            },
        ),
        Check::new(
            if v3 {
                "it holds its 6 earlier songs and the note's 10, none twice (15 songs)"
            } else {
                "it holds exactly the note's 10 songs"
            },
            move |ctx| {
                let (want, _, _, earlier) =
                    ctx.pick("note_picks", |db| note_picks(db, key, variant));
                let mut all: BTreeSet<i64> = want.into_iter().collect();
                all.extend(earlier);
                same_set(
                    &playlist_songs(ctx.db, the_playlist(ctx)?),
                    &all.into_iter().collect::<Vec<_>>(),
                )
            },
        ),
        Check::new(
            "no near-miss version of a listed title (e.g. \"(Live)\" or the plain one)",
            move |ctx| {
                let (_, near, _, _) = ctx.pick("note_picks", |db| note_picks(db, key, variant));
                let got = playlist_songs(ctx.db, the_playlist(ctx)?);
                match near.iter().find(|n| got.contains(n)) {
                    Some(n) => Err(format!("near miss {n} is in it")),
                    None => Ok(()),
                }
            },
        ),
        Check::new("no song is in it twice", move |ctx| {
            let got = playlist_songs(ctx.db, the_playlist(ctx)?);
            let set: BTreeSet<&i64> = got.iter().collect();
            if set.len() == got.len() {
                Ok(())
            } else {
                Err(format!("{} rows for {} songs", got.len(), set.len()))
            }
        }),
        Check::new(
            if v3 {
                "no new playlist was made"
            } else {
                "exactly one new playlist"
            },
            move |ctx| {
                let me = ctx.user_id("spotify");
                let n = added(ctx, "spotify", "playlists")
                    .iter()
                    .filter(|r| r.get("user_id").as_i64() == me)
                    .count();
                if n == usize::from(!v3) {
                    Ok(())
                } else {
                    Err(format!("{n} new playlists"))
                }
            },
        ),
    ];
    if variant == 2 {
        checks.push(Check::new(
            "none of the 2 struck-through songs",
            move |ctx| {
                let (_, _, struck, _) = ctx.pick("note_picks", |db| note_picks(db, key, variant));
                let got = playlist_songs(ctx.db, the_playlist(ctx)?);
                match struck.iter().find(|n| got.contains(n)) {
                    Some(n) => Err(format!("struck song {n} is in it")),
                    None => Ok(()),
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added(
            "the supervisor's new playlist",
            "spotify",
            "playlists",
            |ctx, r| mine(ctx, r) && r.get("title").as_str() == Some(title),
        ),
        allow_added(
            "songs put in the playlist",
            "spotify",
            "playlist_songs",
            move |ctx, r| playlist_named(ctx, title) == r.get("playlist_id").as_i64(),
        ),
    ];
    parts
}

/// Python that defines `find_song(title)`: the catalog song with exactly this title, paging
/// through the search.
const FIND_SONG: &str = r#"def find_song(title):
    page = 0
    while True:
        hits = apis.spotify.search_songs(query=title, page_index=page, page_limit=20)
        if not hits:
            return None
        for h in hits:
            if h["title"] == title:
                return h
        page += 1"#;

/// (suffixed, base) song pairs like "Blue Streets (Acoustic)" / "Blue Streets", picked by `key`.
fn title_pairs(db: &Connection, key: i64, n: i64) -> Vec<(i64, i64)> {
    db.prepare_cached(
        "SELECT min(a.id), b.id FROM spotify.songs a JOIN spotify.songs b ON b.title = substr(a.title, 1, instr(a.title, ' (') - 1) \
         WHERE instr(a.title, ' (') > 0 GROUP BY b.id ORDER BY (b.id * 7919 + ?1) % 8191 LIMIT ?2",
    )
    .and_then(|mut st| {
        st.query_map(params![key, n], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<(i64, i64)>>>()
    })
    .unwrap_or_default()
}

/// The songs a note-playlist task is about: (wanted, near misses, struck-through, earlier
/// songs of the existing playlist).
fn note_picks(db: &Connection, key: i64, variant: u8) -> (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>) {
    let pairs = title_pairs(db, key, 12);
    let (mut want, mut near) = (Vec::new(), Vec::new());
    for (k, (a, b)) in pairs.iter().take(10).enumerate() {
        if k % 2 == 0 {
            want.push(*a);
            near.push(*b);
        } else {
            want.push(*b);
            near.push(*a);
        }
    }
    let struck = if variant == 2 {
        pairs.iter().skip(10).map(|p| p.1).collect()
    } else {
        Vec::new()
    };
    let earlier = if variant == 3 {
        let mut e = ids(
            db,
            "SELECT id FROM spotify.songs WHERE instr(title, ' (') = 0 ORDER BY (id * 31 + ?1) % 8111 LIMIT 5",
            [key],
        );
        e.push(want[0]);
        e
    } else {
        Vec::new()
    };
    (want, near, struck, earlier)
}
