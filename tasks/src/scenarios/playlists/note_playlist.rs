//! "Make a playlist T of the songs in my note N." Each line's title has a near-miss version in
//! the catalog (with or without "(Acoustic)", "(Live)", ...), and an exact title can lie pages
//! deep in the search. Variant 2: a public playlist, leaving out struck-through lines; variant
//! 3: add them to an existing playlist that already holds one of them.

use super::{FIND_PLAYLIST, missing, note_seed, same_set};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{
    is_public, new_playlists, plain_titled_songs, playlist_named, playlist_songs, song_title,
    title_pairs,
};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::simple_note::seed::NoteSeed;
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// The key of the songs [`note_picks`] picks.
    key: i64,
    /// The note with the songs, the playlist, and whether it is to be public.
    note_title: &'static str,
    title: &'static str,
    public: bool,
    /// The supervisor's other notes.
    filler: Vec<NoteSeed>,
}

impl Values {
    /// Variant 3: add to an existing playlist.
    fn existing(&self) -> bool {
        self.variant == 3
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "spotify"];
    const SCRIPT: &str = include_str!("note_playlist.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let key = p.id * 17 + i64::from(g.variant);
        let variant = g.variant;
        let (note_title, title, public) = match variant {
            1 => ("Party songs from Jo", "Birthday Bash 2023", false),
            2 => ("Songs for the coast drive", "Coastal Drive Songs", true),
            _ => ("Songs to add - Sunday", "Slow Sunday Mornings", false),
        };
        let filler = g.filler(&p, 6, &[], &[note_title]);
        Values {
            variant,
            supervisor: p,
            now: g.now,
            key,
            note_title,
            title,
            public,
            filler,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (note_title, title) = (v.note_title, v.title);
        match v.variant {
            1 => format!(
                "Jo gave me a list of songs for the party; it's in my notes (\"{note_title}\"). Make a private Spotify playlist called \"{title}\" with exactly those songs, the versions the note names."
            ),
            2 => format!(
                "Create a public Spotify playlist \"{title}\" with the songs listed in my note \"{note_title}\" - the exact versions written there, and leave out the ones I struck through."
            ),
            _ => format!(
                "Add the songs listed in my note \"{note_title}\" to my Spotify playlist \"{title}\" (the exact versions named; don't put any song in twice)."
            ),
        }
    }

    /// The notes (the song list among the fillers) and, variant 3, the existing playlist.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now, variant) = (&v.supervisor, v.now, v.variant);
            let (want, _, struck, earlier) =
                s.pick("note_picks", |db| note_picks(db, v.key, variant));
            if want.len() < 10 {
                return Err(missing());
            }
            let mut lines = vec![match variant {
                1 => "Jo's picks for the party:".to_string(),
                2 => "For the drive (struck the ones I went off):".to_string(),
                _ => "Sunday morning additions:".to_string(),
            }];
            for (k, id) in want.iter().enumerate() {
                lines.push(format!("- {}", song_title(s.db, *id)));
                if k == 4 && !struck.is_empty() {
                    lines.push(format!("- ~~{}~~", song_title(s.db, struck[0])));
                }
            }
            for id in struck.iter().skip(1) {
                lines.push(format!("- ~~{}~~", song_title(s.db, *id)));
            }
            let mut notes = v.filler.clone();
            notes.insert(
                2,
                note_seed(v.note_title, &lines.join("\n"), &["music"], now, 3),
            );
            s.replace_notes(sup, &notes)?;
            if variant == 3 {
                s.add_spotify_playlist(sup, v.title, false, &earlier, now - Duration::days(40))?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (variant, title, public, v3) = (v.variant, v.title, v.public, v.existing());
        // `read` keeps struck-through lines or not and takes the first `first` titles; the
        // playlist is made `public` or not, or found (`existing`).
        let solve = |read: &str, keep_struck: bool, first: usize, public: bool, existing: bool| {
            let py_bool = |b: bool| if b { "True" } else { "False" };
            let vals = Vals::new()
                .code("find_playlist", FIND_PLAYLIST)
                .lit("note", v.note_title)
                .code("keep_struck", py_bool(keep_struck))
                .code("first", first)
                .code("public", py_bool(public))
                .lit(
                    "title",
                    if existing || variant != 3 {
                        title
                    } else {
                        "Sunday Additions"
                    },
                );
            let make = if existing {
                "add_to_existing"
            } else {
                "create"
            };
            script.cells(&["logins", read, make], &vals)
        };
        let ground_truth = solve("read", false, 99, public, v3);
        let wrong = vec![
            solution(
                "adds every version whose title starts with a line (near misses too)",
                solve("read_prefixes", false, 99, public, v3),
            ),
            solution(
                "stops after the first five titles",
                solve("read", false, 5, public, v3),
            ),
            match variant {
                1 => solution(
                    "makes the playlist public",
                    solve("read", false, 99, true, false),
                ),
                2 => solution(
                    "keeps the struck-through songs",
                    solve("read", true, 99, public, false),
                ),
                _ => solution(
                    "makes a new playlist instead of adding to the existing one",
                    solve("read", false, 99, false, false),
                ),
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let v3 = v.existing();
        let mut checks = vec![
            v.check(
                format!(
                    "the playlist \"{}\" is {}",
                    v.title,
                    if v.public { "public" } else { "private" }
                ),
                |v, ctx| {
                    let id = the_playlist(v, ctx)?;
                    let p = is_public(ctx.db, id)?;
                    if p == i64::from(v.public) {
                        Ok(())
                    } else {
                        Err(format!("is_public = {p}"))
                    }
                },
            ),
            v.check(
                if v3 {
                    "it holds its 6 earlier songs and the note's 10, none twice (15 songs)"
                } else {
                    "it holds exactly the note's 10 songs"
                },
                |v, ctx| {
                    let (want, _, _, earlier) = picks(v, ctx);
                    let mut all: BTreeSet<i64> = want.into_iter().collect();
                    all.extend(earlier);
                    same_set(
                        &playlist_songs(ctx.db, the_playlist(v, ctx)?),
                        &all.into_iter().collect::<Vec<_>>(),
                    )
                },
            ),
            v.check(
                "no near-miss version of a listed title (e.g. \"(Live)\" or the plain one)",
                |v, ctx| {
                    let (_, near, _, _) = picks(v, ctx);
                    let got = playlist_songs(ctx.db, the_playlist(v, ctx)?);
                    match near.iter().find(|n| got.contains(n)) {
                        Some(n) => Err(format!("near miss {n} is in it")),
                        None => Ok(()),
                    }
                },
            ),
            v.check("no song is in it twice", |v, ctx| {
                let got = playlist_songs(ctx.db, the_playlist(v, ctx)?);
                let set: BTreeSet<&i64> = got.iter().collect();
                if set.len() == got.len() {
                    Ok(())
                } else {
                    Err(format!("{} rows for {} songs", got.len(), set.len()))
                }
            }),
            v.check(
                if v3 {
                    "no new playlist was made"
                } else {
                    "exactly one new playlist"
                },
                |v, ctx| {
                    let n = new_playlists(ctx).len();
                    if n == usize::from(!v.existing()) {
                        Ok(())
                    } else {
                        Err(format!("{n} new playlists"))
                    }
                },
            ),
        ];
        if v.variant == 2 {
            checks.push(v.check("none of the 2 struck-through songs", |v, ctx| {
                let (_, _, struck, _) = picks(v, ctx);
                let got = playlist_songs(ctx.db, the_playlist(v, ctx)?);
                match struck.iter().find(|n| got.contains(n)) {
                    Some(n) => Err(format!("struck song {n} is in it")),
                    None => Ok(()),
                }
            }));
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            v.allow("the supervisor's new playlist", |v, ctx, r| {
                r.is("spotify", "playlists")
                    && r.kind() == ChangeKind::Added
                    && is_mine(ctx, r)
                    && r.get("title").as_str() == Some(v.title)
            }),
            v.allow("songs put in the playlist", |v, ctx, r| {
                r.is("spotify", "playlist_songs")
                    && r.kind() == ChangeKind::Added
                    && playlist_named(ctx, v.title) == r.get("playlist_id").as_i64()
            }),
        ]
    }
}

/// The playlist's id.
fn the_playlist(v: &Values, ctx: &EvalCtx) -> Result<i64, String> {
    playlist_named(ctx, v.title).ok_or(format!("no playlist \"{}\"", v.title))
}

/// The songs [`note_picks`] picked for this variant.
type Picks = (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>);

fn picks(v: &Values, ctx: &EvalCtx) -> Picks {
    ctx.pick("note_picks", |db| note_picks(db, v.key, v.variant))
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
        let mut e = plain_titled_songs(db, key);
        e.push(want[0]);
        e
    } else {
        Vec::new()
    };
    (want, near, struck, earlier)
}
