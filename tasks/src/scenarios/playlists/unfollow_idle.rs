//! "Unfollow every artist I follow who has no song in my library." Four such artists are
//! followed on top of the world's. Variant 2: keep the ones in my note "Always following";
//! variant 3: liked songs count too (one of the four has a liked song).

use super::{NotesDraw, missing, note_seed, notes_draw};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{
    artist_name, artists_not_in_library, first_followed_except, first_song_of, followed_artists,
    library_artists, removed_links,
};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::spotify::rows::Link;
use chrono::Duration;
use std::collections::BTreeSet;

/// This scenario, as the type of its [`NotesDraw`].
pub(super) enum UnfollowIdle {}

/// What a variant drew: the key is that of the artists [`artists_not_in_library`] picks;
/// variant 2 writes the other notes with "Always following".
pub(super) type Values = NotesDraw<UnfollowIdle>;

impl Values {
    /// Variant 3: liked songs count too.
    fn liked(&self) -> bool {
        self.variant == 3
    }
}

/// Builds one variant's task: the design's parts, with the apps of the variant (variant 2
/// reads a note).
impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify"];
    const SCRIPT: &str = include_str!("unfollow_idle.py");

    fn apps(v: &Values) -> Vec<&'static str> {
        if v.variant == 2 {
            vec!["supervisor", "simple_note", "spotify"]
        } else {
            Self::APPS.to_vec()
        }
    }

    fn draw(g: &mut Gen) -> Drawing<Values> {
        notes_draw(g, 43, 17, &["Always following"]).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "Clean up who I follow on Spotify: unfollow every artist who has no song in my song library.".to_string(),
            2 => "Unfollow all the artists I follow on Spotify that have no songs in my library, except the ones listed in my note \"Always following\".".to_string(),
            _ => "On Spotify, stop following each artist I follow who has neither a song in my library nor a song I've liked.".to_string(),
        }
    }

    /// The idle artists followed; variant 3 likes a song of one, variant 2 writes the note.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now, variant) = (&v.supervisor, v.now, v.variant);
            let uid = s.user_id("spotify", sup)?;
            let idle = s.pick("idle_artists", |db| artists_not_in_library(db, uid, v.key));
            if idle.len() < 4 {
                return Err(missing());
            }
            s.follow_artists(sup, &idle, now - Duration::days(200))?;
            if variant == 3 {
                let song = first_song_of(s.db, idle[3]).ok_or_else(missing)?;
                s.like_songs(sup, &[song], now - Duration::days(20))?;
            }
            if variant == 2 {
                let kept = first_followed_except(s.db, uid, &idle);
                let mut names = vec![artist_name(s.db, idle[3]).unwrap_or_default()];
                if let Some(k) = kept {
                    names.push(artist_name(s.db, k).unwrap_or_default());
                }
                let mut notes = v.filler.clone();
                notes.insert(
                    2,
                    note_seed("Always following", &names.join("\n"), &["music"], now, 15),
                );
                s.replace_notes(sup, &notes)?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let all_library = "all_pages(apis.spotify.show_song_library, access_token=sp)";
        // `gather` what the supervisor has, the library read by `library`; then `unfollow`.
        let solve = |gather: &str, library: &str, unfollow: &str| {
            let vals = Vals::new().code("library", library);
            script.cells(&["logins", gather, unfollow], &vals)
        };
        let gather = match v.variant {
            2 => "gather_keeping_note",
            3 => "gather_with_liked",
            _ => "gather",
        };
        let ground_truth = solve(gather, all_library, "unfollow");
        let wrong = vec![
            solution(
                "reads only the first page of the library",
                solve(
                    gather,
                    "apis.spotify.show_song_library(access_token=sp, page_limit=20)",
                    "unfollow",
                ),
            ),
            solution(
                "unfollows every artist",
                solve(gather, all_library, "unfollow_all"),
            ),
            match v.variant {
                2 => solution("ignores the note", solve("gather", all_library, "unfollow")),
                3 => solution(
                    "ignores the liked songs",
                    solve("gather", all_library, "unfollow"),
                ),
                _ => solution(
                    "goes by liked songs instead of the library",
                    solve(
                        "gather",
                        "all_pages(apis.spotify.show_liked_songs, access_token=sp)",
                        "unfollow",
                    ),
                ),
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                "every followed artist without a song in my library is unfollowed",
                |v, ctx| {
                    let have = library_artists(ctx, v.liked());
                    let keep = keep_ids(v, ctx);
                    match followed_artists(ctx)
                        .into_iter()
                        .find(|a| !have.contains(a) && !keep.contains(a))
                    {
                        Some(a) => Err(format!("artist {a} is still followed")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                "every artist with a song in my library is still followed",
                |v, ctx| {
                    let have = library_artists(ctx, v.liked());
                    match unfollowed(ctx).into_iter().find(|a| have.contains(a)) {
                        Some(a) => Err(format!("artist {a} was unfollowed")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                "the 4 designed idle artists are handled (3 at least unfollowed)",
                |v, ctx| {
                    let idle = idle(v, ctx);
                    let gone = unfollowed(ctx);
                    let n = idle.iter().filter(|a| gone.contains(a)).count();
                    let want = if v.variant == 1 { 4 } else { 3 };
                    if n == want {
                        Ok(())
                    } else {
                        Err(format!("{n} of them unfollowed, not {want}"))
                    }
                },
            ),
            Check::new("no artist was newly followed", |ctx| {
                let n = added(ctx, "spotify", "user_artist_followings").len();
                if n == 0 {
                    Ok(())
                } else {
                    Err(format!("{n} follows added"))
                }
            }),
        ];
        if v.variant != 1 {
            checks.push(v.check(
                if v.variant == 2 {
                    "the artists in my note are still followed"
                } else {
                    "the artist of my liked song is still followed"
                },
                |v, ctx| {
                    let now = followed_artists(ctx);
                    match keep_ids(v, ctx)
                        .into_iter()
                        .chain(if v.variant == 3 {
                            idle(v, ctx).get(3).copied()
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
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![Allow::new("my follows removed", |ctx, r| {
            r.is("spotify", "user_artist_followings")
                && r.kind() == ChangeKind::Removed
                && is_mine(ctx, r)
        })]
    }
}

/// The artists the supervisor unfollowed.
fn unfollowed(ctx: &EvalCtx) -> BTreeSet<i64> {
    removed_links(ctx, Link::ArtistFollow).into_iter().collect()
}

/// The idle artists [`artists_not_in_library`] picked for the supervisor.
fn idle(v: &Values, ctx: &EvalCtx) -> Vec<i64> {
    ctx.pick("idle_artists", |db| {
        artists_not_in_library(db, ctx.user_id("spotify").unwrap_or(0), v.key)
    })
}

/// Variant 2: the artists the note keeps followed.
fn keep_ids(v: &Values, ctx: &EvalCtx) -> BTreeSet<i64> {
    let idle = idle(v, ctx);
    let mut k = BTreeSet::new();
    if v.variant == 2 {
        k.insert(idle[3]);
        let rest: Vec<i64> = followed_artists(ctx)
            .into_iter()
            .chain(unfollowed(ctx))
            .filter(|a| !idle.contains(a))
            .collect();
        if let Some(m) = rest.iter().min() {
            k.insert(*m);
        }
    }
    k
}
