//! "My friend F texted me a link to their playlist; how many of its songs are in my library?"
//! Another contact texted another playlist's link later. Variant 2: how many are not in my
//! library; variant 3: how many I have downloaded.

use super::{FIND_CONTACT, missing};
use crate::kit::people::supervisor_with_friend_and_other;
use crate::kit::python::solution;
use crate::kit::spotify::songs_not_had;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend who texted their playlist, and another contact who texted another.
    friend: Person,
    other: Person,
    now: NaiveDateTime,
    /// The key of the songs [`songs_not_had`] picks (the friend's and the other contact's
    /// playlists: 12 and 8 songs, none in the supervisor's library or downloads at the start).
    key: i64,
    /// How many of the playlist's songs the supervisor has (in the library, or downloaded).
    have: i64,
    answer: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "spotify"];
    const SCRIPT: &str = include_str!("texted_playlist_count.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, friend, other) = supervisor_with_friend_and_other(g);
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
        Values {
            variant,
            supervisor: p,
            friend,
            other,
            now: g.now,
            key,
            have,
            answer,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let f = &v.friend;
        match v.variant {
            1 => format!(
                "{} {} texted me a link to one of their Spotify playlists. How many of its songs are already in my song library?",
                f.first_name, f.last_name
            ),
            2 => format!(
                "My friend {} {} sent me their playlist's link by text. How many of the songs on it are not in my Spotify library yet?",
                f.first_name, f.last_name
            ),
            _ => format!(
                "How many songs of the playlist {} {} texted me the link to have I downloaded on Spotify?",
                f.first_name, f.last_name
            ),
        }
    }

    /// The two playlists, the supervisor's library and downloads, and the two texted links.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, fr, ot, now) = (&v.supervisor, &v.friend, &v.other, v.now);
            let uid = s.user_id("spotify", sup)?;
            let songs = s.pick("texted_picks", |db| songs_not_had(db, uid, v.key));
            if songs.len() < 20 {
                return Err(missing());
            }
            let mine_pl = s.add_spotify_playlist(
                fr,
                &format!("{}'s Summer Mix", fr.first_name),
                true,
                &songs[..12],
                now - Duration::days(30),
            )?;
            let other_pl = s.add_spotify_playlist(
                ot,
                "Weekend Vibes",
                true,
                &songs[10..],
                now - Duration::days(20),
            )?;
            let picked: Vec<i64> = songs
                .iter()
                .take(12)
                .step_by(2)
                .take(v.have as usize)
                .copied()
                .collect();
            if v.variant == 3 {
                s.download_songs(sup, &picked, now - Duration::days(10))?;
                s.add_library_songs(sup, &songs[1..4], now - Duration::days(10))?;
            } else {
                s.add_library_songs(sup, &picked, now - Duration::days(10))?;
                s.download_songs(sup, &songs[12..15], now - Duration::days(10))?;
            }
            s.add_library_songs(sup, &songs[14..18], now - Duration::days(10))?;
            s.add_text(
            fr,
            sup,
            &format!(
                "Made this for the summer, have a listen: https://spotify.com/playlists/{mine_pl}"
            ),
            days_ago(now, 3, 17, 20),
        )?;
            s.add_text(
                ot,
                sup,
                &format!("You'd like this one: https://spotify.com/playlists/{other_pl}"),
                days_ago(now, 1, 11, 5),
            )?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let variant = v.variant;
        let source = if variant == 3 {
            "all_pages(apis.spotify.show_downloaded_songs, access_token=sp)"
        } else {
            "all_pages(apis.spotify.show_song_library, access_token=sp)"
        };
        // `read` the link, then `count` and answer `value`.
        let solve = |read: &str, value: &str| {
            let vals = Vals::new()
                .code("find_contact", FIND_CONTACT)
                .lit("first", &v.friend.first_name)
                .lit("last", &v.friend.last_name)
                .code("source", source)
                .code("value", value);
            script.cells(&["logins", read, "count"], &vals)
        };
        let right = if variant == 2 {
            "len(songs) - inside"
        } else {
            "inside"
        };
        let ground_truth = solve("read_friend", right);
        let wrong = vec![
            solution(
                "reads the latest playlist link from anyone",
                solve("read_latest", right),
            ),
            solution(
                "answers the playlist's number of songs",
                solve("read_friend", "len(songs)"),
            ),
            solution(
                if variant == 2 {
                    "answers how many are in the library"
                } else {
                    "answers how many are not"
                },
                solve(
                    "read_friend",
                    if variant == 2 {
                        "inside"
                    } else {
                        "len(songs) - inside"
                    },
                ),
            ),
        ];
        (ground_truth, wrong)
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.answer as f64))
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![v.check(format!("the answer is {}", v.answer), |v, ctx| {
            match ctx.answer.as_ref().and_then(|a| {
                a.as_f64()
                    .or_else(|| a.as_str().and_then(|s| s.trim().parse().ok()))
            }) {
                Some(x) if (x - v.answer as f64).abs() < 1e-9 => Ok(()),
                other => Err(format!("answered {other:?}")),
            }
        })]
    }
}
