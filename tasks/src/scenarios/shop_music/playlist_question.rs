//! "Which of my playlists has the most songs?" The setup adds three playlists: a big one of
//! songs outside the library, one of 40 library songs, a tiny one. Variant 2 counts only the
//! songs that are in the library; variant 3 asks for the fewest songs.

use crate::kit::python::solution;
use crate::kit::spotify::{first_library_songs, songs_outside_library};
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, step};
use apps::people::Person;
use chrono::NaiveDateTime;

const BIG: &str = "Everything Bagel";
const LIBRARY: &str = "Sunset Sessions";
const TINY: &str = "Tiny Tunes";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// Picks the songs outside the library.
    key: i64,
}

/// The question of a variant and its answer.
fn question(variant: u8) -> (&'static str, &'static str) {
    match variant {
        1 => (
            "Which of my Spotify playlists has the most songs? Answer with its title.",
            BIG,
        ),
        2 => (
            "Which of my Spotify playlists has the most songs that are also saved in my song library? Answer with the playlist's title.",
            LIBRARY,
        ),
        _ => (
            "Which of my Spotify playlists has the fewest songs? Tell me its title.",
            TINY,
        ),
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify"];
    const SCRIPT: &str = include_str!("playlist_question.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        Values {
            variant: g.variant,
            key: p.id * 11,
            supervisor: p,
            now: g.now,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        question(v.variant).0.to_string()
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Text(question(v.variant).1.to_string()))
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        let (sup, now) = (v.supervisor.clone(), v.now);
        let key = v.key;
        vec![step(move |s| {
            let uid = s.user_id("spotify", &sup)?;
            let outside = songs_outside_library(s.db, uid, key);
            let inside = first_library_songs(s.db, uid);
            s.add_spotify_playlist(&sup, BIG, false, &outside[..50], days_ago(now, 200, 19, 0))?;
            s.add_spotify_playlist(&sup, LIBRARY, true, &inside, days_ago(now, 90, 21, 30))?;
            s.add_spotify_playlist(&sup, TINY, false, &outside[50..], days_ago(now, 30, 8, 15))?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = script.cell("logins", &none);
        let pick = |how: &str| script.cells(&["list", how, "answer"], &none).join("\n");
        let right = match v.variant {
            1 => "most",
            2 => "in_library",
            _ => "fewest",
        };
        let ground_truth = vec![logins.clone(), pick(right)];
        let wrong = vec![
            solution(
                "answers the most liked playlist",
                vec![logins.clone(), pick("most_liked")],
            ),
            match v.variant {
                1 => solution(
                    "counts only the songs in the library",
                    vec![logins, pick("in_library")],
                ),
                _ => solution(
                    "answers the playlist with the most songs",
                    vec![logins, pick("most")],
                ),
            },
        ];
        (ground_truth, wrong)
    }
}
