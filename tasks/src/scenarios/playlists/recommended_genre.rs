//! "Make a public playlist T of the G songs among my recommendations and text its link to
//! everyone in my note N." Six G songs are recommended on top of the world's twenty
//! (recommendations come five to a page by default).

use super::{FIND_CONTACT, note_seed, same_set};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::added;
use crate::kit::phone::{phone_id, texts_to};
use crate::kit::python::solution;
use crate::kit::spotify::is_mine;
use crate::kit::spotify::{
    is_public, playlist_named, playlist_songs, recommended_in, unrecommended_in,
};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::simple_note::seed::NoteSeed;
use apps::spotify::rows::Link;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// The key of the six added recommendations.
    key: i64,
    /// The people in the note.
    people: Vec<Person>,
    genre: &'static str,
    /// The playlist, and the note naming the people.
    title: &'static str,
    note_title: &'static str,
    /// The supervisor's other notes.
    filler: Vec<NoteSeed>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify", "simple_note", "phone"];
    const SCRIPT: &str = include_str!("recommended_genre.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let filler = g.filler(&p, 5, &[], &[note_title]);
        Values {
            variant,
            supervisor: p,
            now: g.now,
            key,
            people,
            genre,
            title,
            note_title,
            filler,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (genre, title, note_title) = (v.genre, v.title, v.note_title);
        match v.variant {
            1 => format!(
                "Make a public Spotify playlist \"{title}\" with all the {genre} songs Spotify recommends to me, then text its link to each person in my note \"{note_title}\"."
            ),
            2 => format!(
                "From my Spotify recommendations, put every {genre} song into a new public playlist called \"{title}\" and send the link by text to the people listed in my \"{note_title}\" note."
            ),
            _ => format!(
                "Create a public playlist \"{title}\" of the {genre} songs among my Spotify recommendations, and text the playlist's link to everyone named in my note \"{note_title}\"."
            ),
        }
    }

    /// Six more recommendations of the genre, and the note with the people among the fillers.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let names: Vec<String> = v
                .people
                .iter()
                .map(|q| format!("{} {}", q.first_name, q.last_name))
                .collect();
            let body = format!("Who's in:\n{}", names.join("\n"));
            let uid = s.user_id("spotify", sup)?;
            let songs = unrecommended_in(s.db, v.genre, uid, v.key);
            for (k, id) in songs.iter().enumerate() {
                Link::Recommendation.insert(
                    s.db,
                    uid,
                    *id,
                    &sim::clock::fmt_datetime(now - Duration::days(k as i64 + 1)),
                )?;
            }
            let mut notes = v.filler.clone();
            notes.insert(1, note_seed(v.note_title, &body, &["music"], now, 6));
            s.replace_notes(sup, &notes)
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
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
                .lit("genre", v.genre)
                .lit("title", v.title)
                .code("public", py_bool(public))
                .lit("note", v.note_title)
                .code("n", if first_only { "1" } else { "99" });
            script.cells(&["logins", "pick", "make"], &vals)
        };
        let ground_truth = solve(false, false, true, false);
        let wrong = vec![
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
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!("a new public playlist \"{}\"", v.title),
                |v, ctx| {
                    let p = is_public(ctx.db, the(ctx, v.title)?)?;
                    if p == 1 {
                        Ok(())
                    } else {
                        Err("it is private".into())
                    }
                },
            ),
            v.check(
                format!(
                    "it holds exactly my recommended {} songs (6 added ones included)",
                    v.genre
                ),
                |v, ctx| {
                    same_set(
                        &playlist_songs(ctx.db, the(ctx, v.title)?),
                        &recommended_in(ctx, v.genre),
                    )
                },
            ),
        ];
        checks.extend(v.people.iter().map(|q| link_texted(v.title, q)));
        checks.push(v.check("no text to anyone else", |v, ctx| {
            let me = ctx.user_id("phone");
            let theirs: Vec<Option<i64>> = v
                .people
                .iter()
                .map(|q| phone_id(ctx.db, &q.phone_number))
                .collect();
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
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            v.allow("the new playlist", |v, ctx, r| {
                r.is("spotify", "playlists")
                    && r.kind() == ChangeKind::Added
                    && is_mine(ctx, r)
                    && r.get("title").as_str() == Some(v.title)
            }),
            v.allow("its songs", |v, ctx, r| {
                r.is("spotify", "playlist_songs")
                    && r.kind() == ChangeKind::Added
                    && playlist_named(ctx, v.title) == r.get("playlist_id").as_i64()
            }),
        ];
        allowed.extend(allow::texts_sent());
        allowed
    }
}

/// The playlist's id.
fn the(ctx: &EvalCtx, title: &str) -> Result<i64, String> {
    playlist_named(ctx, title).ok_or(format!("no playlist \"{title}\""))
}

/// The playlist's link was texted to `q`.
fn link_texted(title: &'static str, q: &Person) -> Check {
    let number = q.phone_number.clone();
    Check::new(
        format!("its link was texted to {} {}", q.first_name, q.last_name),
        move |ctx| {
            let link = format!("https://spotify.com/playlists/{}", the(ctx, title)?);
            if texts_to(ctx, &number).iter().any(|m| m.contains(&link)) {
                Ok(())
            } else {
                Err(format!("no text with {link}"))
            }
        },
    )
}
