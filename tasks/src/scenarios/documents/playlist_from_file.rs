//! "Make a playlist from the song list in my file system." Searching a title ranks near
//! misses first ("Lucky Road" before "Lucky Roads"), and some songs are pages down. Variant 1
//! has an older list beside it; variant 2's list names a song twice and wants a public
//! playlist; variant 3 marks songs to leave out.

use super::fs_login;
use crate::eval::EvalCtx;
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::spotify::{
    allow_new_playlist, playlist_owner, playlist_songs_added, playlists_added, song_with_artist,
};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    now: NaiveDateTime,
    variant: u8,
    /// The catalog ids of the listed songs, those marked (no), and the one listed twice.
    ids: Vec<i64>,
    skip: Vec<i64>,
    dup: Option<i64>,
    /// The list file and the playlist to make.
    path: &'static str,
    title: &'static str,
    public: bool,
    /// The songs the playlist must hold.
    wanted: Vec<i64>,
    /// The list's heading.
    heading: String,
    /// The songs of the near-miss list (or marked (no)), and what they are.
    avoid: Vec<i64>,
    what: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "spotify"];
    const SCRIPT: &str = include_str!("playlist_from_file.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let (ids, skip, dup, path, title, public): (
            Vec<i64>,
            Vec<i64>,
            Option<i64>,
            &'static str,
            &'static str,
            bool,
        ) = match g.variant {
            1 => (
                vec![12, 18, 5, 20, 27, 19],
                vec![],
                None,
                "~/documents/music/road_trip.txt",
                "Road Trip",
                false,
            ),
            2 => (
                vec![9, 6, 13, 16, 12],
                vec![],
                Some(13),
                "~/downloads/brunch_songs.txt",
                "Sunday Brunch",
                true,
            ),
            _ => (
                vec![15, 8, 20, 18, 5, 27],
                vec![8, 5],
                None,
                "~/documents/music/gym_mix.txt",
                "Gym Mix",
                false,
            ),
        };
        let wanted: Vec<i64> = ids.iter().filter(|i| !skip.contains(i)).copied().collect();
        let instruction = match g.variant {
            1 => format!(
                "Create a private Spotify playlist called \"{title}\" with the songs listed in {path}, nothing else."
            ),
            2 => format!(
                "I saved the song list for Sunday's brunch somewhere in ~/downloads. Make a public Spotify playlist \"{title}\" with those songs (each once)."
            ),
            _ => format!(
                "Turn {path} into a private Spotify playlist named \"{title}\". Leave out the songs I marked with (no)."
            ),
        };
        let variant = g.variant;
        let avoid: Vec<i64> = match variant {
            1 => vec![6, 9, 16],
            2 => vec![15, 8],
            _ => skip.clone(),
        };
        let what = match variant {
            1 => "no song of the 2021 list",
            2 => "no song of the study list",
            _ => "no song marked (no)",
        };
        let v = Values {
            supervisor: p,
            now,
            variant,
            ids,
            skip,
            dup,
            path,
            title,
            public,
            wanted,
            heading: format!("{title} songs"),
            avoid,
            what,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The song list file and its near misses.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let mut songs = catalog_songs(s.db, &v.ids)?;
            if let Some(d) = v.dup {
                let again = songs.iter().find(|x| x.0 == d).cloned();
                songs.extend(again);
            }
            s.add_file(
                &v.supervisor,
                v.path,
                &song_list(&v.heading, &songs, &v.skip),
                v.now - Duration::days(3),
            )?;
            if v.path.contains("road_trip") {
                let old = catalog_songs(s.db, &[6, 9, 16])?;
                s.add_file(
                    &v.supervisor,
                    "~/documents/music/road_trip_2021.txt",
                    &song_list("Road trip 2021", &old, &[]),
                    v.now - Duration::days(700),
                )?;
            }
            if v.path.contains("downloads") {
                let other = catalog_songs(s.db, &[15, 8])?;
                s.add_file(
                    &v.supervisor,
                    "~/downloads/study_songs.txt",
                    &song_list("Study songs", &other, &[]),
                    v.now - Duration::days(30),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (variant, path, title, public) = (v.variant, v.path, v.title, v.public);
        // The cell that sets `path`: the named file, or the one in ~/downloads whose text has `word`.
        let find = |word: &str| {
            if variant == 2 {
                script.cell("find_in_downloads", &Vals::new().lit("word", word))
            } else {
                script.cell("path_given", &Vals::new().lit("path", word))
            }
        };
        let make = |find: &str, public_py: &str, honour_no: bool, first_hit: bool| {
            let skip = if honour_no {
                "skip_marked"
            } else {
                "skip_unreadable"
            };
            let vals = Vals::new()
                .code("find", find)
                .code("skip", script.cell(skip, &Vals::new()))
                .lit("title", title)
                .code("public", public_py);
            let pick = if first_hit {
                "first_hit"
            } else {
                "search_pages"
            };
            script.cells(&["make", pick, "add"], &vals).join("\n")
        };
        let right = find(if variant == 2 { "brunch" } else { path });
        let pub_py = if public { "True" } else { "False" };
        let other_pub = if public { "False" } else { "True" };
        let ground_truth = vec![fs_login(), make(&right, pub_py, true, false)];
        let mut wrong = vec![
            solution(
                "adds the first search result for each title",
                vec![fs_login(), make(&right, pub_py, true, true)],
            ),
            solution(
                if public {
                    "makes the playlist private"
                } else {
                    "makes the playlist public"
                },
                vec![fs_login(), make(&right, other_pub, true, false)],
            ),
        ];
        match variant {
            1 => wrong.push(solution(
                "uses the 2021 road trip list",
                vec![
                    fs_login(),
                    make(
                        &find("~/documents/music/road_trip_2021.txt"),
                        pub_py,
                        true,
                        false,
                    ),
                ],
            )),
            2 => wrong.push(solution(
                "takes the study song list in ~/downloads",
                vec![fs_login(), make(&find("study"), pub_py, true, false)],
            )),
            _ => wrong.push(solution(
                "keeps the songs marked (no)",
                vec![fs_login(), make(&right, pub_py, false, false)],
            )),
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let title = v.title;
        vec![
            v.check(format!("one new playlist \"{title}\""), |v, ctx| {
                let all = new_playlists(ctx);
                let n = all.iter().filter(|x| x.1 == v.title).count();
                if n == 1 && all.len() == 1 {
                    Ok(())
                } else {
                    Err(format!("{} new playlists, {n} so named", all.len()))
                }
            }),
            v.check(
                format!("it is {}", if v.public { "public" } else { "private" }),
                |v, ctx| match new_playlists(ctx).iter().find(|x| x.1 == v.title) {
                    Some(x) if x.2 == v.public => Ok(()),
                    Some(_) => Err("wrong visibility".into()),
                    None => Err("no playlist".into()),
                },
            ),
            v.check(
                format!(
                    "it holds exactly the {} listed songs (ids {:?})",
                    v.wanted.len(),
                    v.wanted
                ),
                |v, ctx| {
                    let Some(pl) = new_playlists(ctx).into_iter().find(|x| x.1 == v.title) else {
                        return Err("no playlist".into());
                    };
                    let got: BTreeSet<i64> = songs_of(ctx, pl.0).into_iter().collect();
                    let want: BTreeSet<i64> = v.wanted.iter().copied().collect();
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("it holds {got:?}"))
                    }
                },
            ),
            v.check("each song is in it once", |v, ctx| {
                let Some(pl) = new_playlists(ctx).into_iter().find(|x| x.1 == v.title) else {
                    return Err("no playlist".into());
                };
                let songs = songs_of(ctx, pl.0);
                let set: BTreeSet<i64> = songs.iter().copied().collect();
                if songs.is_empty() {
                    Err("it is empty".into())
                } else if set.len() == songs.len() {
                    Ok(())
                } else {
                    Err(format!("{} entries for {} songs", songs.len(), set.len()))
                }
            }),
            v.check(
                format!("{} (ids {:?})", v.what, v.avoid),
                |v, ctx| match playlist_songs_added(ctx)
                    .into_iter()
                    .map(|(_, s)| s)
                    .find(|s| v.avoid.contains(s))
                {
                    Some(s) => Err(format!("song {s} was added")),
                    None => Ok(()),
                },
            ),
        ]
    }

    /// The supervisor's new playlist and its songs.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_new_playlist(),
            allow_added(
                "songs of the supervisor's playlists",
                "spotify",
                "playlist_songs",
                |ctx, r| {
                    r.get("playlist_id")
                        .as_i64()
                        .is_some_and(|pl| playlist_owner(ctx.db, pl) == ctx.user_id("spotify"))
                },
            ),
        ]
    }
}

/// The supervisor's new playlists: (id, title, public?).
fn new_playlists(ctx: &EvalCtx) -> Vec<(i64, String, bool)> {
    playlists_added(ctx)
        .into_iter()
        .map(|p| (p.id, p.title, p.public))
        .collect()
}

/// The songs added to `playlist`.
fn songs_of(ctx: &EvalCtx, playlist: i64) -> Vec<i64> {
    playlist_songs_added(ctx)
        .into_iter()
        .filter(|(p, _)| *p == Some(playlist))
        .map(|(_, s)| s)
        .collect()
}

/// Catalog songs as a list file writes them: (id, title, first artist's name).
fn catalog_songs(
    db: &rusqlite::Connection,
    ids: &[i64],
) -> rusqlite::Result<Vec<(i64, String, String)>> {
    let mut out = Vec::new();
    for id in ids {
        out.push(song_with_artist(db, *id)?);
    }
    Ok(out)
}

/// The list file's text: a heading and numbered `Title - Artist` lines; songs in `skip` are
/// marked `(no)`.
fn song_list(heading: &str, songs: &[(i64, String, String)], skip: &[i64]) -> String {
    let mut s = format!("{heading}\n\n");
    for (i, (id, title, artist)) in songs.iter().enumerate() {
        let mark = if skip.contains(id) { " (no)" } else { "" };
        s.push_str(&format!("{}. {title} - {artist}{mark}\n", i + 1));
    }
    s.trim_end().to_string()
}
