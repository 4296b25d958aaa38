//! "I rated the songs of album A in a note; rate them on Spotify (updating my earlier
//! ratings)." Two songs carry an earlier review of the supervisor with another rating
//! (reviewing again fails); a note for another album sits beside it. Variant 2: like the
//! songs rated 5 too; variant 3: rate the album itself with the note's overall rating.

use super::{NotesDraw, missing, note_seed, notes_draw, same_set};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::allow_added;
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{
    album_rating, album_songs, album_title, mid_album_hashed, new_links, remove_album_reviews,
    song_ratings, song_title,
};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::spotify::rows::{Link, NewReview, Reviewed};
use chrono::Duration;
use rusqlite::Connection;

/// The note's overall rating of the album.
const OVERALL: i64 = 4;

/// This scenario, as the type of its [`NotesDraw`].
pub(super) enum AlbumRatings {}

/// What a variant drew: the key is that of the album [`rated_album`] picks (`key + 1`: the
/// other album's).
pub(super) type Values = NotesDraw<AlbumRatings>;

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "spotify"];
    const SCRIPT: &str = include_str!("album_ratings.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        notes_draw(g, 41, 13, &[]).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "I put my ratings for the songs of an album I saved in my notes (the note is titled \"Ratings - \" and the album's name). Rate each of its songs on Spotify with those numbers; where I rated a song before, change that rating.".to_string(),
            2 => "Rate the songs of the album in my Spotify library that I wrote ratings for in my notes (\"Ratings - <album>\"), updating any earlier rating of mine, and like the songs I gave 5.".to_string(),
            _ => "My note \"Ratings - <album>\" has my ratings for an album in my Spotify library. Put them on Spotify (update earlier ratings of mine rather than adding new ones) and rate the album itself with the overall rating at the bottom of the note.".to_string(),
        }
    }

    /// The album saved, earlier reviews of two of its songs, and the two ratings notes.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now, variant, key) = (&v.supervisor, v.now, v.variant, v.key);
            let (album, songs) = s.pick("rated_album", |db| rated_album(db, key));
            let (other, other_songs) = s.pick("rated_album +1", |db| rated_album(db, key + 1));
            if songs.len() < 6 || other_songs.is_empty() || other == album {
                return Err(missing());
            }
            let uid = s.user_id("spotify", sup)?;
            s.add_library_album(sup, album, now - Duration::days(30))?;
            remove_album_reviews(s.db, uid, [album, other])?;
            s.unlike_songs(sup, &songs)?;
            for k in [0usize, 2] {
                NewReview {
                    of: Reviewed::Song,
                    item_id: songs[k],
                    user_id: uid,
                    rating: note_rating(k, variant) % 5 + 1,
                    title: "First listen",
                    text: "",
                    created_at: &sim::clock::fmt_datetime(now - Duration::days(100)),
                }
                .insert(s.db)?;
            }
            let line = |id: i64, r: i64| format!("{}: {r}/5", song_title(s.db, id));
            let mut body: Vec<String> = songs
                .iter()
                .enumerate()
                .map(|(k, id)| line(*id, note_rating(k, variant)))
                .collect();
            body.push(format!("Overall: {OVERALL}/5"));
            let other_body: Vec<String> = other_songs.iter().map(|id| line(*id, 2)).collect();
            let title_of = |a: i64| format!("Ratings - {}", album_title(s.db, a));
            let mut notes = v.filler.clone();
            notes.insert(
                1,
                note_seed(&title_of(album), &body.join("\n"), &["music"], now, 2),
            );
            notes.insert(
                3,
                note_seed(
                    &title_of(other),
                    &other_body.join("\n"),
                    &["music"],
                    now,
                    40,
                ),
            );
            s.replace_notes(sup, &notes)
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let rate = match v.variant {
            2 => "rate_and_like",
            3 => "rate_and_review_album",
            _ => "rate",
        };
        // Rate the first `first` songs, `fixed` or as the note says, updating earlier ratings or
        // not.
        let solve = |fixed: Option<i64>, update: bool, first: usize| {
            let vals = Vals::new()
                .code("first", first)
                .code(
                    "rating",
                    fixed.map_or("ratings[song[\"title\"]]".to_string(), |r| r.to_string()),
                )
                .code("update", if update { "True" } else { "False" });
            script.cells(&["logins", "read", rate], &vals)
        };
        let ground_truth = solve(None, true, 99);
        let wrong = vec![
            solution(
                "leaves the earlier ratings as they were",
                solve(None, false, 99),
            ),
            solution("rates every song 5", solve(Some(5), true, 99)),
            solution("rates only the first five songs", solve(None, true, 5)),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                "every song of the album has exactly one rating of mine",
                |v, ctx| {
                    let (_, songs) = album(v, ctx);
                    let got = song_ratings(ctx, &songs);
                    let per: Vec<i64> = got.iter().map(|r| r.0).collect();
                    same_set(&per, &songs)
                },
            ),
            v.check("each rating is the note's", |v, ctx| {
                let (_, songs) = album(v, ctx);
                for (k, s) in songs.iter().enumerate() {
                    let want = note_rating(k, v.variant);
                    match song_ratings(ctx, &[*s]).first() {
                        Some((_, r)) if *r == want => {}
                        Some((_, r)) => return Err(format!("song {s} rated {r}, not {want}")),
                        None => return Err(format!("song {s} not rated")),
                    }
                }
                Ok(())
            }),
            v.check(
                "the 2 earlier ratings were changed, not duplicated",
                |v, ctx| {
                    let (_, songs) = album(v, ctx);
                    let got = song_ratings(ctx, &[songs[0], songs[2]]);
                    let ok = got.len() == 2
                        && got.iter().all(|(s, r)| {
                            let k = songs.iter().position(|x| x == s).unwrap_or(0);
                            *r == note_rating(k, v.variant)
                        });
                    if ok { Ok(()) } else { Err(format!("{got:?}")) }
                },
            ),
            v.check("no song of the other album's note was rated", |v, ctx| {
                let (_, other) = ctx.pick("rated_album +1", |db| rated_album(db, v.key + 1));
                let got = song_ratings(ctx, &other);
                if got.is_empty() {
                    Ok(())
                } else {
                    Err(format!("{got:?}"))
                }
            }),
        ];
        if v.variant == 2 {
            checks.push(
                v.check("exactly the songs rated 5 are newly liked", |v, ctx| {
                    let (_, songs) = album(v, ctx);
                    let want: Vec<i64> = songs
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| note_rating(*k, v.variant) == 5)
                        .map(|(_, s)| *s)
                        .collect();
                    same_set(&new_links(ctx, Link::SongLike), &want)
                }),
            );
        }
        if v.variant == 3 {
            checks.push(v.check(format!("the album is rated {OVERALL}"), |v, ctx| {
                let (album, _) = album(v, ctx);
                let r = album_rating(ctx, album);
                if r == Some(OVERALL) {
                    Ok(())
                } else {
                    Err(format!("rating {r:?}"))
                }
            }));
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added("my new song reviews", "spotify", "song_reviews", is_mine),
            Allow::new("my song reviews' ratings changed", |ctx, r| {
                r.is("spotify", "song_reviews")
                    && r.kind() == ChangeKind::Updated
                    && is_mine(ctx, r)
                    && r.changed_columns().iter().all(|c| c == "rating")
            }),
            v.allow("likes of the songs rated 5", |v, ctx, r| {
                r.is("spotify", "song_likes")
                    && r.kind() == ChangeKind::Added
                    && v.variant == 2
                    && is_mine(ctx, r)
            }),
            v.allow("the album's review", |v, ctx, r| {
                r.is("spotify", "album_reviews")
                    && r.kind() == ChangeKind::Added
                    && v.variant == 3
                    && is_mine(ctx, r)
            }),
            allow_counters("songs"),
            allow_counters("albums"),
        ]
    }
}

/// The rated album and its songs.
fn album(v: &Values, ctx: &EvalCtx) -> (i64, Vec<i64>) {
    ctx.pick("rated_album", |db| rated_album(db, v.key))
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

/// An album of 6 to 12 songs, picked by `key`, and its songs in id order.
fn rated_album(db: &Connection, key: i64) -> (i64, Vec<i64>) {
    let album = mid_album_hashed(db, key).unwrap_or(0);
    (album, album_songs(db, album))
}

/// The note's rating of the `k`-th song (one 5 at least).
fn note_rating(k: usize, variant: u8) -> i64 {
    if k == 1 {
        5
    } else {
        ((k * 3 + usize::from(variant)) % 5 + 1) as i64
    }
}
