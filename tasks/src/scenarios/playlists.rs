//! Spotify-centred scenarios crossing with simple_note, phone, todoist, venmo and file_system:
//! a playlist built from a note's song titles (near-miss versions of each title, hits spread
//! over several search pages), songs of an artist a friend texted about taken off a shared
//! playlist, an album's songs rated from a note, followed artists pruned against the library,
//! a trip playlist downloaded from a to-do, one playlist merged into another, and half of the
//! Premium subscription asked from the spouse on Venmo. Names end with " (playlists)".
//!
//! Catalog rows are picked by deterministic queries (keyed by the variant and supervisor) that
//! the setup and the checks run alike; designed rows (playlists, notes, texts, to-dos,
//! subscriptions) are written by the setup, so instructions are known when a task is built.

use super::{Gen, Parts, Scenario, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::{ids, one};
use crate::kit::money::same_amount;
use crate::kit::people::related_ids;
use crate::kit::phone::{phone_id, texts_to};
use crate::kit::python::{ALL_PAGES, LOGIN_ANY, fill, py, solution};
use crate::kit::spotify::playlist_songs;
use crate::kit::time::days_ago;
use crate::kit::venmo::requests_sent;
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Relation};
use apps::simple_note::seed::NoteSeed;
use chrono::{Duration, NaiveDateTime};
use rusqlite::{Connection, OptionalExtension, params};
use sim::sql::Cached;
use std::collections::BTreeSet;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "playlist from the song titles in a note (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: note_playlist,
        },
        Scenario {
            name: "take a texted artist off a shared playlist (playlists)",
            split: Split::Dev,
            difficulty: 2,
            build: artist_off_playlist,
        },
        Scenario {
            name: "merge one playlist into another and delete it (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: merge_playlists,
        },
        Scenario {
            name: "ask my spouse for half of our Premium (playlists)",
            split: Split::TestNormal,
            difficulty: 2,
            build: premium_half,
        },
        Scenario {
            name: "download the trip playlist a to-do names (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: trip_downloads,
        },
        Scenario {
            name: "rate an album's songs from a note (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: album_ratings,
        },
        Scenario {
            name: "unfollow artists with no songs in my library (playlists)",
            split: Split::Dev,
            difficulty: 2,
            build: unfollow_idle,
        },
        Scenario {
            name: "playlist of my recommended songs in a genre, link to a note's people (playlists)",
            split: Split::TestNormal,
            difficulty: 3,
            build: recommended_genre,
        },
        Scenario {
            name: "how many songs of a texted playlist I have (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: texted_playlist_count,
        },
    ]
}

// ---- shared helpers ----------------------------------------------------------------------

/// A text column of a row by id.
fn text_of(db: &Connection, table: &str, column: &str, id: i64) -> String {
    db.query_row_cached(
        &format!("SELECT {column} FROM spotify.{table} WHERE id = ?1"),
        [id],
        |r| r.get::<_, String>(0),
    )
    .unwrap_or_default()
}

/// A missing row, as a setup error.
fn missing() -> rusqlite::Error {
    rusqlite::Error::QueryReturnedNoRows
}

/// A note dated `days` days before `now`.
fn note_seed(title: &str, content: &str, tags: &[&str], now: NaiveDateTime, days: i64) -> NoteSeed {
    let at = days_ago(now, days, 21, 5);
    NoteSeed {
        title: title.to_string(),
        content: content.to_string(),
        tags: tags.iter().map(|t| t.to_string()).collect(),
        pinned: false,
        created_at: at,
        updated_at: at,
    }
}

/// The supervisor's playlist titled `title` in the end state.
fn playlist_named(ctx: &EvalCtx, title: &str) -> Option<i64> {
    one(
        ctx.db,
        "SELECT id FROM spotify.playlists WHERE user_id = ?1 AND title = ?2",
        params![ctx.user_id("spotify"), title],
    )
}

/// Sorted ids.
fn sorted(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v
}

/// Ok when `got` equals `want`, else the difference.
fn same_set(got: &[i64], want: &[i64]) -> Result<(), String> {
    let (g, w) = (sorted(got.to_vec()), sorted(want.to_vec()));
    if g == w {
        return Ok(());
    }
    let gs: BTreeSet<i64> = g.iter().copied().collect();
    let ws: BTreeSet<i64> = w.iter().copied().collect();
    Err(format!(
        "{} rows; missing {:?}, extra {:?}",
        g.len(),
        ws.difference(&gs).collect::<Vec<_>>(),
        gs.difference(&ws).collect::<Vec<_>>()
    ))
}

/// Allows a catalog counter (`like_count`, `rating`, `review_count`) of `table` to follow the
/// supervisor's likes and reviews.
fn allow_counters(table: &'static str) -> Allow {
    Allow::new(format!("counters of spotify.{table}"), move |_, r| {
        r.is("spotify", table)
            && r.kind() == ChangeKind::Updated
            && r.changed_columns()
                .iter()
                .all(|c| matches!(c.as_str(), "like_count" | "rating" | "review_count"))
    })
}

/// Is this row the supervisor's (by `user_id`)?
fn mine(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.get("user_id").as_i64() == ctx.user_id("spotify")
}

/// Python that defines `find_contact(first, last)` (needs `ph`).
const FIND_CONTACT: &str = r#"def find_contact(first, last):
    hits = all_pages(apis.phone.search_contacts, access_token=ph, query=first + " " + last)
    return [c for c in hits if c["first_name"] == first and c["last_name"] == last][0]"#;

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

/// Python that defines `find_playlist(title)`: the supervisor's playlist with this title.
const FIND_PLAYLIST: &str = r#"def find_playlist(title):
    return [p for p in all_pages(apis.spotify.show_playlist_library, access_token=sp) if p["title"] == title][0]"#;

// ---- 1. a playlist from the song titles in a note -----------------------------------------

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

/// "Make a playlist T of the songs in my note N." Each line's title has a near-miss version in
/// the catalog (with or without "(Acoustic)", "(Live)", ...), and an exact title can lie pages
/// deep in the search. Variant 2: a public playlist, leaving out struck-through lines; variant
/// 3: add them to an existing playlist that already holds one of them.
fn note_playlist(g: &mut Gen) -> Parts {
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

// ---- 2. songs of a texted artist taken off a shared playlist -------------------------------

/// Three artists with 6+ songs, each on a song as a featured (not first) artist, by `key`.
fn three_artists(db: &Connection, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT j.value FROM spotify.songs s, json_each(s.artist_ids) j GROUP BY j.value \
         HAVING count(*) >= 6 AND sum(j.key > 0) >= 1 ORDER BY (j.value * 7 + ?1) % 421 LIMIT 3",
        [key],
    )
}

/// `n` songs of `artist` (those where they are featured first) with none of `others`.
fn songs_of(db: &Connection, artist: i64, others: &[i64], n: i64) -> Vec<i64> {
    let others = serde_json::json!(others).to_string();
    ids(
        db,
        "SELECT s.id FROM spotify.songs s WHERE EXISTS (SELECT 1 FROM json_each(s.artist_ids) j WHERE j.value = ?1) \
         AND NOT EXISTS (SELECT 1 FROM json_each(s.artist_ids) j WHERE j.value IN (SELECT value FROM json_each(?2))) \
         ORDER BY json_extract(s.artist_ids, '$[0]') = ?1, s.id LIMIT ?3",
        params![artist, others, n],
    )
}

/// `n` songs by none of `artists`, picked by `key`.
fn songs_without(db: &Connection, artists: &[i64], key: i64, n: i64) -> Vec<i64> {
    let artists = serde_json::json!(artists).to_string();
    ids(
        db,
        "SELECT s.id FROM spotify.songs s WHERE NOT EXISTS (SELECT 1 FROM json_each(s.artist_ids) j \
         WHERE j.value IN (SELECT value FROM json_each(?1))) ORDER BY (s.id * 31 + ?2) % 8111 LIMIT ?3",
        params![artists, key, n],
    )
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
    let a = three_artists(db, key);
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

/// "My friend F texted me about an artist they can't stand; take every song by them off our
/// playlist P." Another contact texted later about another artist who is on the playlist too;
/// a near-miss playlist "P (2022)" holds some of the songs. Songs with the artist featured
/// count. Variant 2: off my library too; variant 3: the text names two artists.
fn artist_off_playlist(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        let rel = pop.relations_of(p.id);
        rel.iter().any(|(r, _)| *r == Relation::Friend) && rel.len() >= 2
    });
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    let other = g.person(
        pop.relations_of(p.id)
            .into_iter()
            .map(|(_, id)| id)
            .find(|id| *id != friend.id)
            .unwrap_or(friend.id),
    );
    let variant = g.variant;
    let key = p.id * 13 + i64::from(variant) * 5;
    let title = format!("Road Trip w/ {}", friend.first_name);
    let old_title = format!("{title} (2022)");
    let instruction = match variant {
        1 => format!(
            "My friend {} {} texted me about an artist they can't stand. Take every song by that artist (features included) off our shared Spotify playlist \"{title}\".",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "{} {} messaged me that they can't stand some artist. Remove all of that artist's songs (including ones they're featured on) from my playlist \"{title}\", and take those songs out of my Spotify library too if they're in it.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "Read {} {}'s latest text about artists they can't stand and remove every song by them, features too, from my Spotify playlist \"{title}\".",
            friend.first_name, friend.last_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "spotify"];
    let (sup, fr, ot, now) = (p.clone(), friend.clone(), other.clone(), g.now);
    let (t1, t2) = (title.clone(), old_title.clone());
    parts.setup.push(step(move |s| {
        let pk = s.pick("off_picks", |db| off_picks(db, key, variant)).ok_or_else(missing)?;
        let mut order = pk.keep.clone();
        for (k, id) in pk.gone.iter().enumerate() {
            order.insert((2 * k + 1).min(order.len()), *id);
        }
        s.add_spotify_playlist(&sup, &t2, true, &pk.old, now - Duration::days(300))?;
        s.add_spotify_playlist(&sup, &t1, true, &order, now - Duration::days(25))?;
        let name = |a: i64| text_of(s.db, "artists", "name", a);
        if variant == 2 {
            s.add_library_songs(&sup, &[pk.gone[0], pk.gone[2], pk.other[0]], now - Duration::days(60))?;
        }
        s.add_text(
            &fr,
            &sup,
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
        s.add_text(&fr, &sup, &msg, days_ago(now, 1, 19, 40))?;
        s.add_text(
            &ot,
            &sup,
            &format!("Ugh, {} came on the radio again. Can't stand them.", name(pk.artists[1])),
            days_ago(now, 0, 8, 15),
        )?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\n{FIND_PLAYLIST}\nph = login(\"phone\")\nsp = login(\"spotify\")"
    );
    let read_friend = fill(
        r#"friend = find_contact(@FIRST@, @LAST@)
texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend["phone_number"])
text = max([t for t in texts if t["sender"]["phone_number"] == friend["phone_number"]], key=lambda t: t["sent_at"])["message"]
print(text)"#,
        &[
            ("FIRST", py(&friend.first_name)),
            ("LAST", py(&friend.last_name)),
        ],
    );
    let read_latest = r#"texts = all_pages(apis.phone.search_text_messages, access_token=ph)
text = max([t for t in texts if t["sender"]["phone_number"] != profile["phone_number"]], key=lambda t: t["sent_at"])["message"]
print(text)"#
        .to_string();
    let remove = |playlist: &str, any: bool, library: bool| {
        let mut s = fill(
            r#"pl = find_playlist(@TITLE@)
songs = apis.spotify.show_playlist(access_token=sp, playlist_id=pl["playlist_id"])["songs"]
names = {}
for s in songs:
    for a in s["artist_ids"]:
        if a not in names:
            names[a] = apis.spotify.show_artist(artist_id=a)["name"]
gone = [s for s in songs if @ANY@(names[a] in text for a in s["artist_ids"]@FIRST@)]
print([(s["title"], [names[a] for a in s["artist_ids"]]) for s in gone])
for s in gone:
    apis.spotify.remove_song_from_playlist(access_token=sp, playlist_id=pl["playlist_id"], song_id=s["id"])
"#,
            &[
                ("TITLE", py(playlist)),
                ("ANY", if any { "any" } else { "all" }.into()),
                ("FIRST", if any { "" } else { "[:1]" }.into()),
            ],
        );
        if library {
            s.push_str(
                "library = {s[\"song_id\"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}\nfor s in gone:\n    if s[\"id\"] in library:\n        apis.spotify.remove_song_from_library(access_token=sp, song_id=s[\"id\"])\n",
            );
        }
        s
    };
    let v2 = variant == 2;
    let done = "apis.supervisor.complete_task()".to_string();
    parts.ground_truth = vec![
        logins.clone(),
        read_friend.clone(),
        remove(&title, true, v2),
        done.clone(),
    ];
    parts.wrong = vec![
        solution(
            "goes by the latest text from anyone (another contact's artist)",
            vec![
                logins.clone(),
                read_latest,
                remove(&title, true, v2),
                done.clone(),
            ],
        ),
        solution(
            "removes only songs where the artist is listed first",
            vec![
                logins.clone(),
                read_friend.clone(),
                remove(&title, false, v2),
                done.clone(),
            ],
        ),
        solution(
            "also empties the 2022 playlist of them",
            vec![
                logins.clone(),
                read_friend.clone(),
                remove(&title, true, v2),
                remove(&old_title, true, false),
                done,
            ],
        ),
    ];
    let tt = title.clone();
    let the = move |ctx: &EvalCtx| playlist_named(ctx, &tt).ok_or(format!("no playlist \"{tt}\""));
    let n_gone = if variant == 3 { 5 } else { 4 };
    let (th1, th2, th3) = (the.clone(), the.clone(), the.clone());
    let ot2 = old_title.clone();
    let mut checks = vec![
        Check::new(
            format!("the {n_gone} songs by the texted artist(s) are off \"{title}\""),
            move |ctx| {
                let pk = ctx
                    .pick("off_picks", |db| off_picks(db, key, variant))
                    .ok_or("no picks")?;
                let got = playlist_songs(ctx.db, th1(ctx)?);
                match pk.gone.iter().find(|s| got.contains(s)) {
                    Some(s) => Err(format!("song {s} is still there")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("\"{title}\" keeps exactly its other 11 songs"),
            move |ctx| {
                let pk = ctx
                    .pick("off_picks", |db| off_picks(db, key, variant))
                    .ok_or("no picks")?;
                same_set(&playlist_songs(ctx.db, th2(ctx)?), &pk.keep)
            },
        ),
        Check::new(
            format!(
                "the 2 songs by the artist {} {} complained about stay",
                other.first_name, other.last_name
            ),
            move |ctx| {
                let pk = ctx
                    .pick("off_picks", |db| off_picks(db, key, variant))
                    .ok_or("no picks")?;
                let got = playlist_songs(ctx.db, th3(ctx)?);
                match pk.other.iter().find(|s| !got.contains(s)) {
                    Some(s) => Err(format!("song {s} was removed")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(format!("\"{old_title}\" keeps its 5 songs"), move |ctx| {
            let pk = ctx
                .pick("off_picks", |db| off_picks(db, key, variant))
                .ok_or("no picks")?;
            let id = playlist_named(ctx, &ot2).ok_or("it is gone")?;
            same_set(&playlist_songs(ctx.db, id), &pk.old)
        }),
    ];
    if v2 {
        checks.push(Check::new(
            "the 2 library songs by the artist are out of the library; the other artist's stays",
            move |ctx| {
                let pk = ctx
                    .pick("off_picks", |db| off_picks(db, key, variant))
                    .ok_or("no picks")?;
                let lib = ids(
                    ctx.db,
                    "SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1",
                    [ctx.user_id("spotify")],
                );
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
    parts.checks = checks;
    let t3 = title.clone();
    parts.allowed = vec![
        Allow::new("songs removed from the playlist", move |ctx, r| {
            r.is("spotify", "playlist_songs")
                && r.kind() == ChangeKind::Removed
                && playlist_named(ctx, &t3) == r.get("playlist_id").as_i64()
        }),
        Allow::new("songs removed from the library", move |ctx, r| {
            v2 && r.is("spotify", "user_library_songs")
                && r.kind() == ChangeKind::Removed
                && mine(ctx, r)
        }),
    ];
    parts
}

// ---- 3. one playlist merged into another -----------------------------------------------------

/// The songs of the merge task: (into, from, near-miss playlist).
fn merge_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
    let s = songs_without(db, &[], key, 19);
    if s.len() < 19 {
        return (Vec::new(), Vec::new(), Vec::new());
    }
    (s[..10].to_vec(), s[7..15].to_vec(), s[15..].to_vec())
}

/// "Move the songs of playlist A into B (no duplicates) and delete A." A near-miss playlist
/// "A 2" must stay. Variant 2: then make B public and text its link to a friend; variant 3:
/// the instruction names the playlists by what they are for.
fn merge_playlists(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    let variant = g.variant;
    let key = p.id * 23 + i64::from(variant) * 3;
    let (from, into) = match variant {
        1 => ("Gym Mix", "Workout Hits"),
        2 => ("Jazz Finds", "Jazz Evenings"),
        _ => ("Study Beats", "Focus Flow"),
    };
    let near = format!("{from} 2");
    let instruction = match variant {
        1 => format!(
            "Move every song of my Spotify playlist \"{from}\" into \"{into}\" (without putting any song in twice), then delete \"{from}\"."
        ),
        2 => format!(
            "Merge my Spotify playlist \"{from}\" into \"{into}\": add its songs that \"{into}\" doesn't have yet and delete \"{from}\". Then make \"{into}\" public and text its link to my friend {} {}.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "I only want one study playlist: put all songs from \"{from}\" that aren't in \"{into}\" yet into \"{into}\" and delete \"{from}\" afterwards."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if variant == 2 {
        vec!["supervisor", "spotify", "phone"]
    } else {
        vec!["supervisor", "spotify"]
    };
    let (sup, now) = (p.clone(), g.now);
    let nm = near.clone();
    parts.setup.push(step(move |s| {
        let (a, b, c) = s.pick("merge_picks", |db| merge_picks(db, key));
        if a.is_empty() {
            return Err(missing());
        }
        s.add_spotify_playlist(&sup, into, false, &a, now - Duration::days(200))?;
        s.add_spotify_playlist(&sup, &nm, false, &c, now - Duration::days(90))?;
        s.add_spotify_playlist(&sup, from, false, &b, now - Duration::days(60))?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\n{FIND_PLAYLIST}\nsp = login(\"spotify\")\nph = login(\"phone\")"
    );
    let merge = |src: &str, dst: &str, delete: &[&str]| {
        let mut s = fill(
            r#"src = find_playlist(@SRC@)
dst = find_playlist(@DST@)
have = {s["id"] for s in apis.spotify.show_playlist(access_token=sp, playlist_id=dst["playlist_id"])["songs"]}
for s in apis.spotify.show_playlist(access_token=sp, playlist_id=src["playlist_id"])["songs"]:
    if s["id"] not in have:
        apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=dst["playlist_id"], song_id=s["id"])
        have.add(s["id"])
"#,
            &[("SRC", py(src)), ("DST", py(dst))],
        );
        for d in delete {
            s.push_str(&format!(
                "apis.spotify.delete_playlist(access_token=sp, playlist_id=find_playlist({})[\"playlist_id\"])\n",
                py(d)
            ));
        }
        s
    };
    let share = |title: &str| {
        fill(
            r#"pl = find_playlist(@T@)
apis.spotify.update_playlist(access_token=sp, playlist_id=pl["playlist_id"], is_public=True)
link = apis.spotify.show_playlist(access_token=sp, playlist_id=pl["playlist_id"])["shareable_link"]
friend = find_contact(@FIRST@, @LAST@)
apis.phone.send_text_message(access_token=ph, phone_number=friend["phone_number"], message="Here's my jazz playlist: " + link)
"#,
            &[
                ("T", py(title)),
                ("FIRST", py(&friend.first_name)),
                ("LAST", py(&friend.last_name)),
            ],
        )
    };
    let v2 = variant == 2;
    let done = "apis.supervisor.complete_task()".to_string();
    let tail = |title: &str| if v2 { share(title) } else { String::new() };
    parts.ground_truth = vec![
        logins.clone(),
        merge(from, into, &[from]),
        tail(into),
        done.clone(),
    ];
    parts.wrong = vec![
        solution(
            "merges the other way round",
            vec![
                logins.clone(),
                merge(into, from, &[into]),
                tail(from),
                done.clone(),
            ],
        ),
        solution(
            "deletes the playlist without moving its songs",
            vec![
                logins.clone(),
                merge(from, into, &[from])
                    .lines()
                    .filter(|l| l.contains("delete_playlist"))
                    .collect::<Vec<_>>()
                    .join("\n"),
                tail(into),
                done.clone(),
            ],
        ),
        solution(
            "deletes the near-miss playlist too",
            vec![
                logins.clone(),
                merge(from, into, &[from, &near]),
                tail(into),
                done.clone(),
            ],
        ),
    ];
    if v2 {
        parts.wrong.push(solution(
            "does not make the playlist public before texting",
            vec![
                logins.clone(),
                merge(from, into, &[from]),
                share(into).replace("is_public=True", "is_public=False"),
                done,
            ],
        ));
    }
    let the =
        move |ctx: &EvalCtx| playlist_named(ctx, into).ok_or(format!("no playlist \"{into}\""));
    let mut checks = vec![
        Check::new(
            format!("\"{into}\" holds its 10 songs and the 5 new ones of \"{from}\" (15)"),
            move |ctx| {
                let (a, b, _) = ctx.pick("merge_picks", |db| merge_picks(db, key));
                let all: BTreeSet<i64> = a.into_iter().chain(b).collect();
                let got: BTreeSet<i64> = playlist_songs(ctx.db, the(ctx)?).into_iter().collect();
                same_set(
                    &got.into_iter().collect::<Vec<_>>(),
                    &all.into_iter().collect::<Vec<_>>(),
                )
            },
        ),
        Check::new(format!("no song is in \"{into}\" twice"), move |ctx| {
            let got = playlist_songs(ctx.db, the(ctx)?);
            let set: BTreeSet<&i64> = got.iter().collect();
            if set.len() == got.len() {
                Ok(())
            } else {
                Err(format!("{} rows for {} songs", got.len(), set.len()))
            }
        }),
        Check::new(
            format!("\"{from}\" is deleted"),
            move |ctx| match playlist_named(ctx, from) {
                Some(id) => Err(format!("playlist {id} is still there")),
                None => Ok(()),
            },
        ),
        Check::new(format!("\"{near}\" keeps its 4 songs"), {
            let near = near.clone();
            move |ctx| {
                let (_, _, c) = ctx.pick("merge_picks", |db| merge_picks(db, key));
                let id = playlist_named(ctx, &near).ok_or("it is gone")?;
                same_set(&playlist_songs(ctx.db, id), &c)
            }
        }),
        Check::new(
            format!(
                "\"{into}\" is {}",
                if v2 { "public" } else { "still private" }
            ),
            move |ctx| {
                let p: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT is_public FROM spotify.playlists WHERE id = ?1",
                        [the(ctx)?],
                        |r| r.get(0),
                    )
                    .map_err(|e| e.to_string())?;
                if p == i64::from(v2) {
                    Ok(())
                } else {
                    Err(format!("is_public = {p}"))
                }
            },
        ),
    ];
    if v2 {
        let number = friend.phone_number.clone();
        checks.push(Check::new(
            format!(
                "its link was texted to {} {}",
                friend.first_name, friend.last_name
            ),
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
    parts.checks = checks;
    parts.allowed = vec![
        allow_added(
            "songs added to the kept playlist",
            "spotify",
            "playlist_songs",
            move |ctx, r| playlist_named(ctx, into) == r.get("playlist_id").as_i64(),
        ),
        Allow::new(
            "the merged playlist and its songs removed",
            move |ctx, r| {
                r.kind() == ChangeKind::Removed
                    && ((r.is("spotify", "playlists")
                        && mine(ctx, r)
                        && r.get("title").as_str() == Some(from))
                        || (r.is("spotify", "playlist_songs")
                            && removed_playlists(ctx)
                                .contains(&r.get("playlist_id").as_i64().unwrap_or(0))))
            },
        ),
        Allow::new("the kept playlist made public", move |ctx, r| {
            v2 && r.is("spotify", "playlists")
                && r.kind() == ChangeKind::Updated
                && mine(ctx, r)
                && r.changed_columns().iter().all(|c| c == "is_public")
        }),
    ];
    parts.allowed.extend(allow::texts_sent());
    parts
}

/// The supervisor's playlists the episode deleted.
fn removed_playlists(ctx: &EvalCtx) -> Vec<i64> {
    ctx.diff
        .rows
        .iter()
        .filter(|r| r.is("spotify", "playlists") && r.kind() == ChangeKind::Removed && mine(ctx, r))
        .map(|r| r.id)
        .collect()
}

// ---- 4. half of the Premium subscription asked from the spouse -------------------------------

/// The spouse's relation label for `p` ("wife" or "husband") and their id.
fn spouse(g: &Gen, p: &Person) -> Option<(&'static str, i64)> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .find_map(|(r, id)| match r {
            Relation::Wife => Some(("wife", id)),
            Relation::Husband => Some(("husband", id)),
            _ => None,
        })
}

/// "I paid our Premium for both of us; ask my wife for half on Venmo with the note N." The
/// subscription history holds last year's too. Variant 2: save the receipt into a folder as
/// well; variant 3: monthly payments, half of the last three.
fn premium_half(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
    });
    let (label, sid) = spouse(g, &p).unwrap_or(("wife", p.id));
    let sp_person = g.person(sid);
    let variant = g.variant;
    let now = g.now;
    let d = |days: i64| days_ago(now, days, 10, 0);
    // (start, end, paid); the wanted total is over the last `last` subscriptions.
    let (subs, last, note): (Vec<(NaiveDateTime, NaiveDateTime, f64)>, usize, &str) = match variant
    {
        1 => (
            vec![(d(400), d(35), 99.98), (d(35), d(-330), 119.9)],
            1,
            "Spotify Premium",
        ),
        2 => (
            vec![(d(420), d(55), 95.0), (d(55), d(-310), 109.98)],
            1,
            "Premium for us two",
        ),
        _ => (
            vec![
                (d(140), d(110), 9.99),
                (d(110), d(80), 9.99),
                (d(80), d(50), 10.98),
                (d(50), d(20), 10.98),
                (d(20), d(-10), 12.98),
            ],
            3,
            "Spotify, last 3 months",
        ),
    };
    let total: f64 = subs.iter().rev().take(last).map(|s| s.2).sum();
    let half = (total * 50.0).round() / 100.0;
    let path = "~/documents/receipts/spotify_premium.txt";
    let instruction = match variant {
        1 => format!(
            "I paid this year's Spotify Premium for both of us. Ask my {label} for half of what I paid for my current subscription on Venmo, with the note \"{note}\"."
        ),
        2 => format!(
            "Request half the price of my current Spotify Premium subscription from my {label} on Venmo (note: \"{note}\"), and save that subscription's receipt in my file system as {path}."
        ),
        _ => format!(
            "My {label} and I share my Spotify Premium, which I pay monthly. Request half of what I paid for the last three months from them on Venmo, with the note \"{note}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if variant == 2 {
        vec!["supervisor", "spotify", "phone", "venmo", "file_system"]
    } else {
        vec!["supervisor", "spotify", "phone", "venmo"]
    };
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        let rows: Vec<(NaiveDateTime, NaiveDateTime, &str, f64)> =
            subs.iter().map(|(a, b, c)| (*a, *b, "4417", *c)).collect();
        s.set_premium_subscriptions(&sup, &rows)?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\nsp = login(\"spotify\")\nph = login(\"phone\")\nvm = login(\"venmo\")\nfs = login(\"file_system\")"
    );
    let pick = |n: usize, oldest: bool| {
        fill(
            r#"subs = sorted(all_pages(apis.spotify.show_premium_subscriptions, access_token=sp), key=lambda s: s["start_date"], reverse=@REV@)
chosen = subs[:@N@]
total = sum(s["paid_amount"] for s in chosen)
print([(s["start_date"], s["paid_amount"]) for s in subs], total)"#,
            &[
                ("REV", if oldest { "False" } else { "True" }.into()),
                ("N", n.to_string()),
            ],
        )
    };
    let find_spouse = format!(
        "spouse = all_pages(apis.phone.search_contacts, access_token=ph, relationship={})[0]\nprint(spouse[\"first_name\"], spouse[\"email\"])",
        py(label)
    );
    let ask = |share: &str, pay: bool| {
        let mut s = if pay {
            format!(
                "apis.venmo.create_transaction(access_token=vm, receiver_email=spouse[\"email\"], amount=round(total {share}, 2), description={})\n",
                py(note)
            )
        } else {
            format!(
                "apis.venmo.create_payment_request(access_token=vm, user_email=spouse[\"email\"], amount=round(total {share}, 2), description={})\n",
                py(note)
            )
        };
        if variant == 2 {
            s.push_str(&format!(
                "apis.spotify.download_premium_subscription_receipt(access_token=sp, premium_subscription_id=chosen[0][\"premium_subscription_id\"], download_to_file_path={}, file_system_access_token=fs)\n",
                py(path)
            ));
        }
        s.push_str("apis.supervisor.complete_task()");
        s
    };
    parts.ground_truth = vec![
        logins.clone(),
        pick(last, false),
        find_spouse.clone(),
        ask("/ 2", false),
    ];
    parts.wrong = vec![
        solution(
            "asks for the whole amount",
            vec![
                logins.clone(),
                pick(last, false),
                find_spouse.clone(),
                ask("", false),
            ],
        ),
        solution(
            "takes the oldest subscription(s)",
            vec![
                logins.clone(),
                pick(last, true),
                find_spouse.clone(),
                ask("/ 2", false),
            ],
        ),
        solution(
            "pays the spouse instead of requesting",
            vec![
                logins.clone(),
                pick(last, false),
                find_spouse.clone(),
                ask("/ 2", true),
            ],
        ),
    ];
    if variant == 3 {
        parts.wrong.push(solution(
            "takes only the latest month",
            vec![logins, pick(1, false), find_spouse, ask("/ 2", false)],
        ));
    }
    let email = sp_person.email.clone();
    let requests = requests_sent;
    let venmo_of = move |ctx: &EvalCtx, e: &str| {
        one(ctx.db, "SELECT id FROM venmo.users WHERE email = ?1", [e])
    };
    let e1 = email.clone();
    let mut checks = vec![
        Check::new(
            format!(
                "exactly one request, to the {label} {} {}",
                sp_person.first_name, sp_person.last_name
            ),
            move |ctx| {
                let r = requests(ctx);
                let them = venmo_of(ctx, &e1);
                if r.len() == 1 && Some(r[0].receiver) == them {
                    Ok(())
                } else {
                    Err(format!(
                        "requests to {:?}",
                        r.iter().map(|x| x.receiver).collect::<Vec<_>>()
                    ))
                }
            },
        ),
        Check::new(
            format!("it asks for half of ${total:.2}: ${half:.2}"),
            move |ctx| match requests(ctx).first() {
                Some(r) if same_amount(r.amount, half) => Ok(()),
                Some(r) => Err(format!("${}", r.amount)),
                None => Err("no request".into()),
            },
        ),
        Check::new(
            format!("its note is \"{note}\""),
            move |ctx| match requests(ctx).first() {
                Some(r) if r.description.trim() == note => Ok(()),
                Some(r) => Err(format!("\"{}\"", r.description)),
                None => Err("no request".into()),
            },
        ),
        Check::new("no money was sent", move |ctx| {
            let me = ctx.user_id("venmo");
            let n = added(ctx, "venmo", "transactions")
                .iter()
                .filter(|r| r.get("sender_id").as_i64() == me)
                .count();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} payments"))
            }
        }),
    ];
    if variant == 2 {
        checks.push(Check::new(
            format!("the receipt (Total Payment: ${total:.2}) is saved as {path}"),
            move |ctx| {
                let uid = ctx.user_id("file_system");
                let content: Option<String> = ctx
                    .db
                    .query_row_cached(
                        "SELECT content FROM file_system.files WHERE user_id = ?1 AND path LIKE '%/documents/receipts/spotify_premium.txt'",
                        [uid],
                        |r| r.get(0),
                    )
                    .optional()
                    .ok()
                    .flatten();
                match content {
                    Some(c) if c.contains(&format!("Total Payment: ${total:.2}")) => Ok(()),
                    Some(c) => Err(format!("it reads {c:?}")),
                    None => Err("no such file".into()),
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added("the request", "venmo", "payment_requests", |ctx, r| {
            r.get("sender_id").as_i64() == ctx.user_id("venmo")
        }),
        allow_added("its notification", "venmo", "notifications", |_, _| true),
        Allow::new("the receipt's download count", move |_, r| {
            variant == 2
                && r.is("spotify", "premium_subscriptions")
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "receipt_download_count")
        }),
        Allow::new("the receipt file and its folders", move |ctx, r| {
            variant == 2
                && r.kind() == ChangeKind::Added
                && r.schema == "file_system"
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
        }),
    ];
    parts
}

// ---- 5. a trip's playlist downloaded from a to-do ------------------------------------------

/// The songs of the trip task: (playlist, downloaded before, near-miss "(old)", old trip's).
fn trip_picks(db: &Connection, key: i64) -> (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>) {
    let s = songs_without(db, &[], key, 20);
    if s.len() < 20 {
        return Default::default();
    }
    let pl = s[..12].to_vec();
    let before = vec![pl[1], pl[4], pl[7], pl[10]];
    let mut near = s[12..16].to_vec();
    near.push(pl[0]);
    (pl, before, near, s[16..].to_vec())
}

/// "I'm off on my trip soon; do the music to-do in my Todoist project for it." The to-do
/// names a playlist to download (4 of its songs are downloaded already: downloading again
/// fails); a near-miss "(old)" playlist and last trip's project with its own playlist to-do
/// are there too. Variant 2: the playlist is a friend's public one; variant 3: tick the to-do
/// off afterwards.
fn trip_downloads(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    let variant = g.variant;
    let key = p.id * 29 + i64::from(variant) * 11;
    let (city, title, old_city) = match variant {
        1 => ("Lisbon", "Lisbon Nights", "Rome"),
        2 => ("Porto", "Porto Sunsets", "Madrid"),
        _ => ("Kyoto", "Kyoto Calm", "Seoul"),
    };
    let near = format!("{title} (old)");
    let old_title = format!("{old_city} Days");
    let todo = if variant == 2 {
        format!(
            "Download {}'s \"{title}\" playlist for the flight",
            friend.first_name
        )
    } else {
        format!("Download the \"{title}\" playlist for the flight")
    };
    let instruction = match variant {
        1 => format!(
            "I'm flying to {city} soon. Take care of the music to-do in my Todoist project for the trip (some of those songs I've downloaded already)."
        ),
        2 => format!(
            "My {city} trip is coming up; please do the to-do about music in its Todoist project for me."
        ),
        _ => format!(
            "Before my {city} trip: do the playlist to-do in my Todoist project for the trip, then mark that to-do as done."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if variant == 2 {
        vec!["supervisor", "todoist", "spotify", "phone"]
    } else {
        vec!["supervisor", "todoist", "spotify"]
    };
    let (sup, fr, now) = (p.clone(), friend.clone(), g.now);
    let (nm, ot, td) = (near.clone(), old_title.clone(), todo.clone());
    parts.setup.push(step(move |s| {
        let (pl, before, nr, old) = s.pick("trip_picks", |db| trip_picks(db, key));
        if pl.is_empty() {
            return Err(missing());
        }
        let owner = if variant == 2 { &fr } else { &sup };
        s.add_spotify_playlist(&sup, &nm, false, &nr, now - Duration::days(400))?;
        s.add_spotify_playlist(owner, title, variant == 2, &pl, now - Duration::days(20))?;
        s.add_spotify_playlist(&sup, &ot, false, &old, now - Duration::days(300))?;
        s.download_songs(&sup, &before, now - Duration::days(9))?;
        let old_p = s.add_todo_project(
            &sup,
            &format!("Trip to {old_city}"),
            "Last year's trip",
            &[],
            now - Duration::days(330),
        )?;
        for (t, done) in [
            (
                format!("Download the \"{ot}\" playlist for the flight"),
                true,
            ),
            ("Book the hotel".to_string(), true),
        ] {
            s.add_todo_task(
                old_p,
                None,
                &sup,
                &t,
                None,
                "medium",
                done,
                None,
                now - Duration::days(320),
            )?;
        }
        let new_p = s.add_todo_project(
            &sup,
            &format!("Trip to {city}"),
            "Flight on the 24th",
            &[],
            now - Duration::days(30),
        )?;
        for t in [
            "Book airport taxi",
            td.as_str(),
            "Pack chargers and adapters",
        ] {
            s.add_todo_task(
                new_p,
                None,
                &sup,
                t,
                None,
                "medium",
                false,
                None,
                now - Duration::days(28),
            )?;
        }
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\n{FIND_PLAYLIST}\nimport re\ntd = login(\"todoist\")\nsp = login(\"spotify\")\nph = login(\"phone\")"
    );
    let read = |project: &str| {
        fill(
            r#"projects = all_pages(apis.todoist.show_projects, access_token=td)
project = [p for p in projects if p["name"] == @PROJECT@][0]
shown = apis.todoist.show_tasks(access_token=td, project_id=project["project_id"])
tasks = shown["no_section_tasks"] + [t for sec in shown["sections"] for t in sec["tasks"]]
todo = [t for t in tasks if "playlist" in t["title"].lower()][0]
ptitle = re.search(r'"(.+?)"', todo["title"]).group(1)
print(todo["title"], ptitle)"#,
            &[("PROJECT", py(project))],
        )
    };
    let find = if variant == 2 {
        fill(
            r#"friend = find_contact(@FIRST@, @LAST@)
hits = all_pages(apis.spotify.search_playlists, access_token=sp, query=ptitle)
pid = [p for p in hits if p["title"] == ptitle and p["owner"]["email"] == friend["email"]][0]["playlist_id"]"#,
            &[
                ("FIRST", py(&friend.first_name)),
                ("LAST", py(&friend.last_name)),
            ],
        )
    } else {
        "pid = find_playlist(ptitle)[\"playlist_id\"]".to_string()
    };
    let download = |skip: bool| {
        let mut s = format!(
            "have = {{s[\"song_id\"] for s in all_pages(apis.spotify.show_downloaded_songs, access_token=sp)}}\nfor s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)[\"songs\"]:\n    if {}s[\"id\"] not in have:\n        apis.spotify.download_song(access_token=sp, song_id=s[\"id\"])\n",
            if skip { "" } else { "True or " }
        );
        if variant == 3 {
            s.push_str("apis.todoist.update_task(access_token=td, task_id=todo[\"task_id\"], is_completed=True)\n");
        }
        s.push_str("apis.supervisor.complete_task()");
        s
    };
    let project = format!("Trip to {city}");
    parts.ground_truth = vec![logins.clone(), read(&project), find.clone(), download(true)];
    let near_find = if variant == 2 {
        "pid = find_playlist(ptitle + \" (old)\")[\"playlist_id\"]".to_string()
    } else {
        find.replace(
            "find_playlist(ptitle)",
            "find_playlist(ptitle + \" (old)\")",
        )
    };
    parts.wrong = vec![
        solution(
            "downloads the near-miss \"(old)\" playlist",
            vec![logins.clone(), read(&project), near_find, download(true)],
        ),
        solution(
            "does not skip the songs downloaded already (the download fails)",
            vec![
                logins.clone(),
                read(&project),
                find.clone(),
                download(false),
            ],
        ),
        solution(
            "does last trip's to-do",
            vec![
                logins.clone(),
                read(&format!("Trip to {old_city}")),
                "pid = find_playlist(ptitle)[\"playlist_id\"]".to_string(),
                download(true),
            ],
        ),
    ];
    let downloads = |ctx: &EvalCtx| {
        ids(
            ctx.db,
            "SELECT song_id FROM spotify.user_downloaded_songs WHERE user_id = ?1",
            [ctx.user_id("spotify")],
        )
    };
    let new_downloads = |ctx: &EvalCtx| -> Vec<i64> {
        added(ctx, "spotify", "user_downloaded_songs")
            .into_iter()
            .filter(|r| mine(ctx, r))
            .filter_map(|r| r.get("song_id").as_i64())
            .collect()
    };
    let mut checks = vec![
        Check::new(
            format!("all 12 songs of \"{title}\" are downloaded"),
            move |ctx| {
                let (pl, _, _, _) = ctx.pick("trip_picks", |db| trip_picks(db, key));
                let have = downloads(ctx);
                match pl.iter().find(|s| !have.contains(s)) {
                    Some(s) => Err(format!("song {s} is not downloaded")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            "exactly its 8 songs not downloaded before are new downloads",
            move |ctx| {
                let (pl, before, _, _) = ctx.pick("trip_picks", |db| trip_picks(db, key));
                let want: Vec<i64> = pl.into_iter().filter(|s| !before.contains(s)).collect();
                same_set(&new_downloads(ctx), &want)
            },
        ),
        Check::new(
            format!("no song only on \"{near}\" or \"{old_title}\" is downloaded"),
            move |ctx| {
                let (pl, _, nr, old) = ctx.pick("trip_picks", |db| trip_picks(db, key));
                let got = new_downloads(ctx);
                match nr
                    .iter()
                    .chain(&old)
                    .find(|s| got.contains(s) && !pl.contains(s))
                {
                    Some(s) => Err(format!("song {s} was downloaded")),
                    None => Ok(()),
                }
            },
        ),
        Check::new("the 4 earlier downloads are kept", move |ctx| {
            let (_, before, _, _) = ctx.pick("trip_picks", |db| trip_picks(db, key));
            let have = downloads(ctx);
            match before.iter().find(|s| !have.contains(s)) {
                Some(s) => Err(format!("song {s} is no longer downloaded")),
                None => Ok(()),
            }
        }),
    ];
    if variant == 3 {
        let t = todo.clone();
        checks.push(Check::new(
            format!("the to-do \"{todo}\" is done"),
            move |ctx| {
                let done: Option<bool> = ctx
                    .db
                    .query_row_cached(
                        "SELECT is_completed FROM todoist.tasks WHERE title = ?1",
                        [&t],
                        |r| r.get(0),
                    )
                    .optional()
                    .ok()
                    .flatten();
                if done == Some(true) {
                    Ok(())
                } else {
                    Err(format!("is_completed = {done:?}"))
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added(
            "the new downloads",
            "spotify",
            "user_downloaded_songs",
            mine,
        ),
        Allow::new("the to-do ticked off", move |_, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.get("title").as_str() == Some(todo.as_str())
                && r.changed_columns().iter().all(|c| c == "is_completed")
        }),
    ];
    parts
}

// ---- 6. an album's songs rated from a note -----------------------------------------------

/// An album of 6 to 12 songs, picked by `key`, and its songs in id order.
fn rated_album(db: &Connection, key: i64) -> (i64, Vec<i64>) {
    let album = one(
        db,
        "SELECT a.id FROM spotify.albums a WHERE (SELECT count(*) FROM spotify.songs s WHERE s.album_id = a.id) BETWEEN 6 AND 12 \
         ORDER BY (a.id * 37 + ?1) % 907 LIMIT 1",
        [key],
    )
    .unwrap_or(0);
    (
        album,
        ids(
            db,
            "SELECT id FROM spotify.songs WHERE album_id = ?1 ORDER BY id",
            [album],
        ),
    )
}

/// The note's rating of the `k`-th song (one 5 at least).
fn note_rating(k: usize, variant: u8) -> i64 {
    if k == 1 {
        5
    } else {
        ((k * 3 + usize::from(variant)) % 5 + 1) as i64
    }
}

/// "I rated the songs of album A in a note; rate them on Spotify (updating my earlier
/// ratings)." Two songs carry an earlier review of the supervisor with another rating
/// (reviewing again fails); a note for another album sits beside it. Variant 2: like the
/// songs rated 5 too; variant 3: rate the album itself with the note's overall rating.
fn album_ratings(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let variant = g.variant;
    let key = p.id * 41 + i64::from(variant) * 13;
    let overall = 4;
    let instruction = match variant {
        1 => "I put my ratings for the songs of an album I saved in my notes (the note is titled \"Ratings - \" and the album's name). Rate each of its songs on Spotify with those numbers; where I rated a song before, change that rating.".to_string(),
        2 => "Rate the songs of the album in my Spotify library that I wrote ratings for in my notes (\"Ratings - <album>\"), updating any earlier rating of mine, and like the songs I gave 5.".to_string(),
        _ => "My note \"Ratings - <album>\" has my ratings for an album in my Spotify library. Put them on Spotify (update earlier ratings of mine rather than adding new ones) and rate the album itself with the overall rating at the bottom of the note.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "spotify"];
    let filler = g.filler(&p, 5, &[], &[]);
    let (sup, now) = (p.clone(), g.now);
    parts.setup.push(step(move |s| {
        let (album, songs) = s.pick("rated_album", |db| rated_album(db, key));
        let (other, other_songs) = s.pick("rated_album +1", |db| rated_album(db, key + 1));
        if songs.len() < 6 || other_songs.is_empty() || other == album {
            return Err(missing());
        }
        let uid = s.user_id("spotify", &sup)?;
        s.add_library_album(&sup, album, now - Duration::days(30))?;
        s.execute(
            "DELETE FROM spotify.song_reviews WHERE user_id = ?1 AND song_id IN (SELECT id FROM spotify.songs WHERE album_id IN (?2, ?3))",
            params![uid, album, other],
        )?;
        s.execute(
            "DELETE FROM spotify.album_reviews WHERE user_id = ?1 AND album_id IN (?2, ?3)",
            params![uid, album, other],
        )?;
        s.unlike_songs(&sup, &songs)?;
        for k in [0usize, 2] {
            s.execute(
                "INSERT INTO spotify.song_reviews (song_id, user_id, rating, title, text, created_at) VALUES (?1, ?2, ?3, 'First listen', '', ?4)",
                params![songs[k], uid, note_rating(k, variant) % 5 + 1, sim::clock::fmt_datetime(now - Duration::days(100))],
            )?;
        }
        let line = |id: i64, r: i64| format!("{}: {r}/5", text_of(s.db, "songs", "title", id));
        let mut body: Vec<String> = songs.iter().enumerate().map(|(k, id)| line(*id, note_rating(k, variant))).collect();
        body.push(format!("Overall: {overall}/5"));
        let other_body: Vec<String> = other_songs.iter().map(|id| line(*id, 2)).collect();
        let mut notes = filler.clone();
        notes.insert(1, note_seed(&format!("Ratings - {}", text_of(s.db, "albums", "title", album)), &body.join("\n"), &["music"], now, 2));
        notes.insert(3, note_seed(&format!("Ratings - {}", text_of(s.db, "albums", "title", other)), &other_body.join("\n"), &["music"], now, 40));
        s.replace_notes(&sup, &notes)
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\nimport re\nsn = login(\"simple_note\")\nsp = login(\"spotify\")"
    );
    let read = r#"library = all_pages(apis.spotify.show_album_library, access_token=sp)
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query="Ratings")
titles = {a["title"]: a for a in library}
note = [n for n in notes if n["title"].startswith("Ratings - ") and n["title"][len("Ratings - "):] in titles][0]
album = titles[note["title"][len("Ratings - "):]]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
ratings = {}
for line in content.splitlines():
    m = re.match(r"(.+): (\d)/5$", line.strip())
    if m:
        ratings[m.group(1)] = int(m.group(2))
print(album["title"], ratings)"#
        .to_string();
    let rate = |fixed: Option<i64>, update: bool, first: usize| {
        let mut s = fill(
            r#"for sid in album["song_ids"][:@FIRST@]:
    song = apis.spotify.show_song(song_id=sid)
    r = @R@
    mine = [x for x in all_pages(apis.spotify.show_song_reviews, song_id=sid) if x["user"]["email"] == profile["email"]]
    if mine and @UPDATE@:
        apis.spotify.update_song_review(access_token=sp, review_id=mine[0]["song_review_id"], rating=r)
    elif not mine:
        apis.spotify.review_song(access_token=sp, song_id=sid, rating=r)
"#,
            &[
                ("FIRST", first.to_string()),
                (
                    "R",
                    fixed.map_or("ratings[song[\"title\"]]".to_string(), |r| r.to_string()),
                ),
                ("UPDATE", if update { "True" } else { "False" }.into()),
            ],
        );
        if variant == 2 {
            s.push_str(
                "    if r == 5:\n        apis.spotify.like_song(access_token=sp, song_id=sid)\n",
            );
        }
        if variant == 3 {
            s.push_str("apis.spotify.review_album(access_token=sp, album_id=album[\"album_id\"], rating=ratings[\"Overall\"])\n");
        }
        s.push_str("apis.supervisor.complete_task()");
        s
    };
    parts.ground_truth = vec![logins.clone(), read.clone(), rate(None, true, 99)];
    parts.wrong = vec![
        solution(
            "leaves the earlier ratings as they were",
            vec![logins.clone(), read.clone(), rate(None, false, 99)],
        ),
        solution(
            "rates every song 5",
            vec![logins.clone(), read.clone(), rate(Some(5), true, 99)],
        ),
        solution(
            "rates only the first five songs",
            vec![logins.clone(), read, rate(None, true, 5)],
        ),
    ];
    let my_reviews = |ctx: &EvalCtx, songs: &[i64]| -> Vec<(i64, i64)> {
        let Ok(mut st) = ctx.db.prepare_cached(
            "SELECT song_id, rating FROM spotify.song_reviews WHERE user_id = ?1 AND song_id IN (SELECT value FROM json_each(?2)) ORDER BY song_id",
        ) else {
            return Vec::new();
        };
        st.query_map(
            params![ctx.user_id("spotify"), serde_json::json!(songs).to_string()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
    };
    let mut checks = vec![
        Check::new(
            "every song of the album has exactly one rating of mine",
            move |ctx| {
                let (_, songs) = ctx.pick("rated_album", |db| rated_album(db, key));
                let got = my_reviews(ctx, &songs);
                let per: Vec<i64> = got.iter().map(|r| r.0).collect();
                same_set(&per, &songs)
            },
        ),
        Check::new("each rating is the note's", move |ctx| {
            let (_, songs) = ctx.pick("rated_album", |db| rated_album(db, key));
            for (k, s) in songs.iter().enumerate() {
                let want = note_rating(k, variant);
                match my_reviews(ctx, &[*s]).first() {
                    Some((_, r)) if *r == want => {}
                    Some((_, r)) => return Err(format!("song {s} rated {r}, not {want}")),
                    None => return Err(format!("song {s} not rated")),
                }
            }
            Ok(())
        }),
        Check::new(
            "the 2 earlier ratings were changed, not duplicated",
            move |ctx| {
                let (_, songs) = ctx.pick("rated_album", |db| rated_album(db, key));
                let got = my_reviews(ctx, &[songs[0], songs[2]]);
                let ok = got.len() == 2
                    && got.iter().all(|(s, r)| {
                        let k = songs.iter().position(|x| x == s).unwrap_or(0);
                        *r == note_rating(k, variant)
                    });
                if ok { Ok(()) } else { Err(format!("{got:?}")) }
            },
        ),
        Check::new("no song of the other album's note was rated", move |ctx| {
            let (_, other) = ctx.pick("rated_album +1", |db| rated_album(db, key + 1));
            let got = my_reviews(ctx, &other);
            if got.is_empty() {
                Ok(())
            } else {
                Err(format!("{got:?}"))
            }
        }),
    ];
    if variant == 2 {
        checks.push(Check::new(
            "exactly the songs rated 5 are newly liked",
            move |ctx| {
                let (_, songs) = ctx.pick("rated_album", |db| rated_album(db, key));
                let want: Vec<i64> = songs
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| note_rating(*k, variant) == 5)
                    .map(|(_, s)| *s)
                    .collect();
                let got: Vec<i64> = added(ctx, "spotify", "song_likes")
                    .into_iter()
                    .filter(|r| mine(ctx, r))
                    .filter_map(|r| r.get("song_id").as_i64())
                    .collect();
                same_set(&got, &want)
            },
        ));
    }
    if variant == 3 {
        checks.push(Check::new(
            format!("the album is rated {overall}"),
            move |ctx| {
                let (album, _) = ctx.pick("rated_album", |db| rated_album(db, key));
                let r: Option<i64> = one(
                    ctx.db,
                    "SELECT rating FROM spotify.album_reviews WHERE user_id = ?1 AND album_id = ?2",
                    params![ctx.user_id("spotify"), album],
                );
                if r == Some(overall) {
                    Ok(())
                } else {
                    Err(format!("rating {r:?}"))
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added("my new song reviews", "spotify", "song_reviews", mine),
        Allow::new("my song reviews' ratings changed", |ctx, r| {
            r.is("spotify", "song_reviews")
                && r.kind() == ChangeKind::Updated
                && mine(ctx, r)
                && r.changed_columns().iter().all(|c| c == "rating")
        }),
        allow_added(
            "likes of the songs rated 5",
            "spotify",
            "song_likes",
            move |ctx, r| variant == 2 && mine(ctx, r),
        ),
        allow_added(
            "the album's review",
            "spotify",
            "album_reviews",
            move |ctx, r| variant == 3 && mine(ctx, r),
        ),
        allow_counters("songs"),
        allow_counters("albums"),
    ];
    parts
}

// ---- 7. followed artists pruned against the library ----------------------------------------

/// Four artists with no song in `person`'s library, picked by `key` (setup: before; checks:
/// the library does not change).
fn idle_artists(db: &Connection, uid: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT a.id FROM spotify.artists a WHERE a.id NOT IN (SELECT j.value FROM spotify.user_library_songs l \
         JOIN spotify.songs s ON s.id = l.song_id, json_each(s.artist_ids) j WHERE l.user_id = ?1) \
         ORDER BY (a.id * 7 + ?2) % 421 LIMIT 4",
        params![uid, key],
    )
}

/// The artists of the supervisor's library songs (and liked songs, with `liked`).
fn library_artists(ctx: &EvalCtx, liked: bool) -> BTreeSet<i64> {
    let mut sql = "SELECT j.value FROM spotify.user_library_songs l JOIN spotify.songs s ON s.id = l.song_id, json_each(s.artist_ids) j WHERE l.user_id = ?1".to_string();
    if liked {
        sql.push_str(" UNION SELECT j.value FROM spotify.song_likes l JOIN spotify.songs s ON s.id = l.song_id, json_each(s.artist_ids) j WHERE l.user_id = ?1");
    }
    ids(ctx.db, &sql, [ctx.user_id("spotify")])
        .into_iter()
        .collect()
}

/// "Unfollow every artist I follow who has no song in my library." Four such artists are
/// followed on top of the world's. Variant 2: keep the ones in my note "Always following";
/// variant 3: liked songs count too (one of the four has a liked song).
fn unfollow_idle(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let variant = g.variant;
    let key = p.id * 43 + i64::from(variant) * 17;
    let instruction = match variant {
        1 => "Clean up who I follow on Spotify: unfollow every artist who has no song in my song library.".to_string(),
        2 => "Unfollow all the artists I follow on Spotify that have no songs in my library, except the ones listed in my note \"Always following\".".to_string(),
        _ => "On Spotify, stop following each artist I follow who has neither a song in my library nor a song I've liked.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = if variant == 2 {
        vec!["supervisor", "simple_note", "spotify"]
    } else {
        vec!["supervisor", "spotify"]
    };
    let filler = g.filler(&p, 5, &[], &["Always following"]);
    let (sup, now) = (p.clone(), g.now);
    parts.setup.push(step(move |s| {
        let uid = s.user_id("spotify", &sup)?;
        let idle = s.pick("idle_artists", |db| idle_artists(db, uid, key));
        if idle.len() < 4 {
            return Err(missing());
        }
        s.follow_artists(&sup, &idle, now - Duration::days(200))?;
        if variant == 3 {
            let song = one(
                s.db,
                "SELECT s.id FROM spotify.songs s, json_each(s.artist_ids) j WHERE j.value = ?1 ORDER BY s.id LIMIT 1",
                [idle[3]],
            )
            .ok_or_else(missing)?;
            s.like_songs(&sup, &[song], now - Duration::days(20))?;
        }
        if variant == 2 {
            let kept = one(
                s.db,
                "SELECT artist_id FROM spotify.user_artist_followings WHERE user_id = ?1 AND artist_id NOT IN (SELECT value FROM json_each(?2)) ORDER BY artist_id LIMIT 1",
                params![uid, serde_json::json!(idle).to_string()],
            );
            let mut names = vec![text_of(s.db, "artists", "name", idle[3])];
            if let Some(k) = kept {
                names.push(text_of(s.db, "artists", "name", k));
            }
            let mut notes = filler.clone();
            notes.insert(2, note_seed("Always following", &names.join("\n"), &["music"], now, 15));
            s.replace_notes(&sup, &notes)?;
        }
        Ok(())
    }));
    let logins =
        format!("{LOGIN_ANY}\n{ALL_PAGES}\nsp = login(\"spotify\")\nsn = login(\"simple_note\")");
    let gather = |first_page: bool, liked: bool, keep: bool| {
        let mut s = if first_page {
            "follows = all_pages(apis.spotify.show_following_artists, access_token=sp)\nlibrary = apis.spotify.show_song_library(access_token=sp, page_limit=20)\n".to_string()
        } else {
            "follows = all_pages(apis.spotify.show_following_artists, access_token=sp)\nlibrary = all_pages(apis.spotify.show_song_library, access_token=sp)\n".to_string()
        };
        s.push_str("have = {a[\"id\"] for s in library for a in s[\"artists\"]}\n");
        if liked {
            s.push_str("have |= {a[\"id\"] for s in all_pages(apis.spotify.show_liked_songs, access_token=sp) for a in s[\"artists\"]}\n");
        }
        if keep {
            s.push_str("note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query=\"Always following\") if n[\"title\"] == \"Always following\"][0]\nkeep = {l.strip() for l in apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"].splitlines() if l.strip()}\n");
        } else {
            s.push_str("keep = set()\n");
        }
        s.push_str("print(len(follows), len(library), keep)");
        s
    };
    let unfollow = |all: bool| {
        format!(
            "for a in follows:\n    if {}(a[\"artist_id\"] not in have and a[\"name\"] not in keep):\n        apis.spotify.unfollow_artist(access_token=sp, artist_id=a[\"artist_id\"])\napis.supervisor.complete_task()",
            if all { "True or " } else { "" }
        )
    };
    let (liked, keep) = (variant == 3, variant == 2);
    parts.ground_truth = vec![logins.clone(), gather(false, liked, keep), unfollow(false)];
    parts.wrong = vec![
        solution(
            "reads only the first page of the library",
            vec![logins.clone(), gather(true, liked, keep), unfollow(false)],
        ),
        solution(
            "unfollows every artist",
            vec![logins.clone(), gather(false, liked, keep), unfollow(true)],
        ),
        match variant {
            2 => solution(
                "ignores the note",
                vec![logins.clone(), gather(false, false, false), unfollow(false)],
            ),
            3 => solution(
                "ignores the liked songs",
                vec![logins.clone(), gather(false, false, false), unfollow(false)],
            ),
            _ => solution(
                "goes by liked songs instead of the library",
                vec![
                    logins.clone(),
                    gather(false, false, false).replace(
                        "library = all_pages(apis.spotify.show_song_library",
                        "library = all_pages(apis.spotify.show_liked_songs",
                    ),
                    unfollow(false),
                ],
            ),
        },
    ];
    let follows_now = |ctx: &EvalCtx| -> BTreeSet<i64> {
        ids(
            ctx.db,
            "SELECT artist_id FROM spotify.user_artist_followings WHERE user_id = ?1",
            [ctx.user_id("spotify")],
        )
        .into_iter()
        .collect()
    };
    let unfollowed = |ctx: &EvalCtx| -> BTreeSet<i64> {
        ctx.diff
            .rows
            .iter()
            .filter(|r| {
                r.is("spotify", "user_artist_followings")
                    && r.kind() == ChangeKind::Removed
                    && mine(ctx, r)
            })
            .filter_map(|r| r.get("artist_id").as_i64())
            .collect()
    };
    let keep_ids = move |ctx: &EvalCtx| -> BTreeSet<i64> {
        let uid = ctx.user_id("spotify").unwrap_or(0);
        let idle = ctx.pick("idle_artists", |db| idle_artists(db, uid, key));
        let mut k = BTreeSet::new();
        if variant == 2 {
            k.insert(idle[3]);
            let rest: Vec<i64> = follows_now(ctx)
                .into_iter()
                .chain(unfollowed(ctx))
                .filter(|a| !idle.contains(a))
                .collect();
            if let Some(m) = rest.iter().min() {
                k.insert(*m);
            }
        }
        k
    };
    let mut checks = vec![
        Check::new(
            "every followed artist without a song in my library is unfollowed",
            move |ctx| {
                let have = library_artists(ctx, liked);
                let keep = keep_ids(ctx);
                match follows_now(ctx)
                    .into_iter()
                    .find(|a| !have.contains(a) && !keep.contains(a))
                {
                    Some(a) => Err(format!("artist {a} is still followed")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            "every artist with a song in my library is still followed",
            move |ctx| {
                let have = library_artists(ctx, liked);
                match unfollowed(ctx).into_iter().find(|a| have.contains(a)) {
                    Some(a) => Err(format!("artist {a} was unfollowed")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            "the 4 designed idle artists are handled (3 at least unfollowed)",
            move |ctx| {
                let idle = ctx.pick("idle_artists", |db| {
                    idle_artists(db, ctx.user_id("spotify").unwrap_or(0), key)
                });
                let gone = unfollowed(ctx);
                let n = idle.iter().filter(|a| gone.contains(a)).count();
                let want = if variant == 1 { 4 } else { 3 };
                if n == want {
                    Ok(())
                } else {
                    Err(format!("{n} of them unfollowed, not {want}"))
                }
            },
        ),
        Check::new("no artist was newly followed", move |ctx| {
            let n = added(ctx, "spotify", "user_artist_followings").len();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} follows added"))
            }
        }),
    ];
    if variant != 1 {
        checks.push(Check::new(
            if variant == 2 {
                "the artists in my note are still followed"
            } else {
                "the artist of my liked song is still followed"
            },
            move |ctx| {
                let now = follows_now(ctx);
                match keep_ids(ctx)
                    .into_iter()
                    .chain(if variant == 3 {
                        ctx.pick("idle_artists", |db| {
                            idle_artists(db, ctx.user_id("spotify").unwrap_or(0), key)
                        })
                        .get(3)
                        .copied()
                    } else {
                        None
                    })
                    .find(|a| !now.contains(a))
                {
                    Some(a) => Err(format!("artist {a} was unfollowed")),
                    None => Ok(()),
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![Allow::new("my follows removed", |ctx, r| {
        r.is("spotify", "user_artist_followings") && r.kind() == ChangeKind::Removed && mine(ctx, r)
    })];
    parts
}

// ---- 8. recommended songs of a genre, link texted to a note's people --------------------------

/// The recommended songs of `genre` of the supervisor (end state; recommendations do not change).
fn recommended_in(ctx: &EvalCtx, genre: &str) -> Vec<i64> {
    ids(
        ctx.db,
        "SELECT DISTINCT r.song_id FROM spotify.recommendations r JOIN spotify.songs s ON s.id = r.song_id \
         WHERE r.user_id = ?1 AND s.genre = ?2",
        params![ctx.user_id("spotify"), genre],
    )
}

/// "Make a public playlist T of the G songs among my recommendations and text its link to
/// everyone in my note N." Six G songs are recommended on top of the world's twenty
/// (recommendations come five to a page by default).
fn recommended_genre(g: &mut Gen) -> Parts {
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

// ---- 9. question: how many songs of a texted playlist I have ---------------------------------

/// The songs of the friend's and the other contact's playlists: 12 and 8 songs, none in the
/// supervisor's library or downloads at the start.
fn texted_picks(db: &Connection, uid: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE id NOT IN (SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1) \
         AND id NOT IN (SELECT song_id FROM spotify.user_downloaded_songs WHERE user_id = ?1) ORDER BY (id * 53 + ?2) % 8111 LIMIT 20",
        params![uid, key],
    )
}

/// "My friend F texted me a link to their playlist; how many of its songs are in my library?"
/// Another contact texted another playlist's link later. Variant 2: how many are not in my
/// library; variant 3: how many I have downloaded.
fn texted_playlist_count(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        let rel = pop.relations_of(p.id);
        rel.iter().any(|(r, _)| *r == Relation::Friend) && rel.len() >= 2
    });
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    let other = g.person(
        pop.relations_of(p.id)
            .into_iter()
            .map(|(_, id)| id)
            .find(|id| *id != friend.id)
            .unwrap_or(friend.id),
    );
    let variant = g.variant;
    let key = p.id * 59 + i64::from(variant) * 23;
    let (have, total) = (
        match variant {
            1 => 5,
            2 => 4,
            _ => 3,
        },
        12,
    );
    let answer = if variant == 2 { total - have } else { have };
    let instruction = match variant {
        1 => format!(
            "{} {} texted me a link to one of their Spotify playlists. How many of its songs are already in my song library?",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "My friend {} {} sent me their playlist's link by text. How many of the songs on it are not in my Spotify library yet?",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "How many songs of the playlist {} {} texted me the link to have I downloaded on Spotify?",
            friend.first_name, friend.last_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "spotify"];
    parts.answer = Some(crate::model::Answer::Number(answer as f64));
    let (sup, fr, ot, now) = (p.clone(), friend.clone(), other.clone(), g.now);
    parts.setup.push(step(move |s| {
        let uid = s.user_id("spotify", &sup)?;
        let songs = s.pick("texted_picks", |db| texted_picks(db, uid, key));
        if songs.len() < 20 {
            return Err(missing());
        }
        let mine_pl = s.add_spotify_playlist(
            &fr,
            &format!("{}'s Summer Mix", fr.first_name),
            true,
            &songs[..12],
            now - Duration::days(30),
        )?;
        let other_pl = s.add_spotify_playlist(
            &ot,
            "Weekend Vibes",
            true,
            &songs[10..],
            now - Duration::days(20),
        )?;
        let picked: Vec<i64> = songs
            .iter()
            .take(12)
            .step_by(2)
            .take(have as usize)
            .copied()
            .collect();
        if variant == 3 {
            s.download_songs(&sup, &picked, now - Duration::days(10))?;
            s.add_library_songs(&sup, &songs[1..4], now - Duration::days(10))?;
        } else {
            s.add_library_songs(&sup, &picked, now - Duration::days(10))?;
            s.download_songs(&sup, &songs[12..15], now - Duration::days(10))?;
        }
        s.add_library_songs(&sup, &songs[14..18], now - Duration::days(10))?;
        s.add_text(
            &fr,
            &sup,
            &format!(
                "Made this for the summer, have a listen: https://spotify.com/playlists/{mine_pl}"
            ),
            days_ago(now, 3, 17, 20),
        )?;
        s.add_text(
            &ot,
            &sup,
            &format!("You'd like this one: https://spotify.com/playlists/{other_pl}"),
            days_ago(now, 1, 11, 5),
        )?;
        Ok(())
    }));
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}\nimport re\nph = login(\"phone\")\nsp = login(\"spotify\")"
    );
    let read = |latest_any: bool| {
        if latest_any {
            "texts = all_pages(apis.phone.search_text_messages, access_token=ph, query=\"spotify.com/playlists\")\ntext = max(texts, key=lambda t: t[\"sent_at\"])[\"message\"]\npid = int(re.search(r\"playlists/(\\d+)\", text).group(1))".to_string()
        } else {
            fill(
                r#"friend = find_contact(@FIRST@, @LAST@)
texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend["phone_number"])
text = max([t for t in texts if "spotify.com/playlists/" in t["message"]], key=lambda t: t["sent_at"])["message"]
pid = int(re.search(r"playlists/(\d+)", text).group(1))"#,
                &[
                    ("FIRST", py(&friend.first_name)),
                    ("LAST", py(&friend.last_name)),
                ],
            )
        }
    };
    let count = |value: &str| {
        let source = if variant == 3 {
            "all_pages(apis.spotify.show_downloaded_songs, access_token=sp)"
        } else {
            "all_pages(apis.spotify.show_song_library, access_token=sp)"
        };
        format!(
            "songs = [s[\"id\"] for s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)[\"songs\"]]\nmine = {{s[\"song_id\"] for s in {source}}}\ninside = len([s for s in songs if s in mine])\nprint(len(songs), inside)\napis.supervisor.complete_task(answer={value})"
        )
    };
    let right = if variant == 2 {
        "len(songs) - inside"
    } else {
        "inside"
    };
    parts.ground_truth = vec![logins.clone(), read(false), count(right)];
    parts.wrong = vec![
        solution(
            "reads the latest playlist link from anyone",
            vec![logins.clone(), read(true), count(right)],
        ),
        solution(
            "answers the playlist's number of songs",
            vec![logins.clone(), read(false), count("len(songs)")],
        ),
        solution(
            if variant == 2 {
                "answers how many are in the library"
            } else {
                "answers how many are not"
            },
            vec![
                logins,
                read(false),
                count(if variant == 2 {
                    "inside"
                } else {
                    "len(songs) - inside"
                }),
            ],
        ),
    ];
    parts.checks = vec![Check::new(
        format!("the answer is {answer}"),
        move |ctx| match ctx.answer.as_ref().and_then(|a| {
            a.as_f64()
                .or_else(|| a.as_str().and_then(|s| s.trim().parse().ok()))
        }) {
            Some(v) if (v - answer as f64).abs() < 1e-9 => Ok(()),
            other => Err(format!("answered {other:?}")),
        },
    )];
    parts
}
