//! "Which of my playlists has the most songs?" The setup adds three playlists: a big one of
//! songs outside the library, one of 40 library songs, a tiny one. Variant 2 counts only the
//! songs that are in the library; variant 3 asks for the fewest songs.

use crate::kit::python::solution;
use crate::kit::spotify::{first_library_songs, songs_outside_library};
use crate::kit::time::days_ago;
use crate::kit::{Script, Vals};
use crate::model::Answer;
use crate::scenarios::{Gen, Parts, step};

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    const BIG: &str = "Everything Bagel";
    const LIBRARY: &str = "Sunset Sessions";
    const TINY: &str = "Tiny Tunes";
    let (instruction, answer) = match g.variant {
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
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "spotify"];
    parts.answer = Some(Answer::Text(answer.to_string()));
    let (sup, now) = (p.clone(), g.now);
    let key = p.id * 11;
    parts.setup.push(step(move |s| {
        let uid = s.user_id("spotify", &sup)?;
        let outside = songs_outside_library(s.db, uid, key);
        let inside = first_library_songs(s.db, uid);
        s.add_spotify_playlist(&sup, BIG, false, &outside[..50], days_ago(now, 200, 19, 0))?;
        s.add_spotify_playlist(&sup, LIBRARY, true, &inside, days_ago(now, 90, 21, 30))?;
        s.add_spotify_playlist(&sup, TINY, false, &outside[50..], days_ago(now, 30, 8, 15))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("playlist_question.py"));
    let none = Vals::new();
    let logins = script.cell("logins", &none);
    let pick = |how: &str| script.cells(&["list", how, "answer"], &none).join("\n");
    let right = match g.variant {
        1 => "most",
        2 => "in_library",
        _ => "fewest",
    };
    parts.ground_truth = vec![logins.clone(), pick(right)];
    parts.wrong = vec![
        solution(
            "answers the most liked playlist",
            vec![logins.clone(), pick("most_liked")],
        ),
        match g.variant {
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
    parts
}
