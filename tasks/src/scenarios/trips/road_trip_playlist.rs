//! "Make a playlist '<City> Road Trip' of the songs the others on the trip (its Splitwise
//! group) texted me for it." A friend not on the trip texted a pick too. Variant 2: a traveller
//! swapped their pick later; variant 3: a traveller's older text recommends another song for
//! something else.

use super::with_friends;
use crate::eval::EvalCtx;
use crate::kit::changes::{added, added_by, allow_added, allow_own};
use crate::kit::python::solution;
use crate::kit::spotify::{playlist_songs, song_with_artist};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// Variant 2: the first traveller's pick before the swap; variant 3: the workout tip.
const OLD_PICK: i64 = 7230;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The three travellers, then a friend who is not coming.
    friends: Vec<Person>,
    now: NaiveDateTime,
    city: &'static str,
    group: String,
    title: String,
    /// Each traveller's pick (song ids).
    picks: [i64; 3],
    /// The pick of the friend who is not coming.
    outsider_pick: i64,
    /// The picks, sorted.
    expected: Vec<i64>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "splitwise", "phone", "spotify"];
    const SCRIPT: &str = include_str!("road_trip_playlist.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let v = g.variant;
        let (p, fr) = with_friends(g, 4);
        let city = ["Big Sur", "Yellowstone", "Zion"][usize::from(v - 1)];
        let picks: [i64; 3] = match v {
            1 => [120, 1540, 3310],
            2 => [2222, 4870, 6020],
            _ => [410, 2950, 6400],
        };
        let mut expected = picks.to_vec();
        expected.sort_unstable();
        Values {
            variant: v,
            supervisor: p,
            friends: fr,
            now: g.now,
            city,
            group: format!("{city} Trip 2023"),
            title: format!("{city} Road Trip"),
            picks,
            outsider_pick: [888, 8000, 5555][usize::from(v - 1)],
            expected,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (city, title) = (v.city, &v.title);
        match v.variant {
            1 => format!(
                "We're driving to {city} soon. Everyone else on the trip (see its Splitwise group) texted me a song for the road; make a Spotify playlist called \"{title}\" with exactly their picks."
            ),
            2 => format!(
                "Create a playlist \"{title}\" on Spotify with the song each of my fellow travellers on the {city} trip (the people in its Splitwise group) texted me for the drive. If someone changed their pick, use the new one."
            ),
            _ => format!(
                "Put together the \"{title}\" playlist on Spotify: one song from each person in the {city} trip's Splitwise group other than me, the one they texted me for the road trip."
            ),
        }
    }

    /// The trip's group, and the texts with the picks (and the near-misses).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, f, now, city) = (&v.supervisor, &v.friends, v.now, v.city);
            let trav = [sup, &f[0], &f[1], &f[2]];
            let gid = s.add_splitwise_group(sup, &trav, &v.group, now - Duration::days(30))?;
            s.add_splitwise_expense(
                Some(gid),
                sup,
                &trav,
                "Campsite deposit",
                180.0,
                now - Duration::days(29),
            )?;
            let t = |d: i64, h: i64| now - Duration::days(d) + Duration::hours(h);
            if v.variant == 2 {
                let (a, b) = song_line(s, OLD_PICK)?;
                s.add_text(
                    &f[0],
                    sup,
                    &format!("My song for the {city} road trip playlist: \"{a}\" by {b}"),
                    t(9, 1),
                )?;
            }
            if v.variant == 3 {
                let (a, b) = song_line(s, OLD_PICK)?;
                s.add_text(
                    &f[1],
                    sup,
                    &format!("You should try \"{a}\" by {b} for your workouts"),
                    t(40, 2),
                )?;
            }
            for (i, id) in v.picks.iter().enumerate() {
                let (a, b) = song_line(s, *id)?;
                let msg = if v.variant == 2 && i == 0 {
                    format!("Actually, swap my song for the road trip playlist to \"{a}\" by {b}")
                } else {
                    format!("My song for the {city} road trip playlist: \"{a}\" by {b}")
                };
                s.add_text(&f[i], sup, &msg, t(6 - i as i64, 3))?;
                s.add_text(sup, &f[i], "Love it, adding it!", t(6 - i as i64, 4))?;
            }
            let (a, b) = song_line(s, v.outsider_pick)?;
            s.add_text(
            &f[3],
            sup,
            &format!(
                "Sad I can't come along! If I could pick a road trip song it'd be \"{a}\" by {b}"
            ),
            t(2, 5),
        )?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let people = script.cell("people", &Vals::new().lit("group", &v.group));
        let gather_with = |who: &str, about: &str, pick: &str, take: &str| {
            let vals = Vals::new()
                .code("who", script.cell(who, &none))
                .code("about", script.cell(about, &none))
                .code("pick", pick);
            script
                .cells(&["gather", take, "show_titles"], &vals)
                .join("\n")
        };
        let gather =
            |who: &str, about: &str, pick: &str| gather_with(who, about, pick, "take_pick");
        let about = "about_playlist";
        let make = script.cell("make", &Vals::new().lit("title", &v.title));
        let ground_truth = vec![
            login.clone(),
            people.clone(),
            gather("travellers", about, "-1"),
            make.clone(),
        ];
        let mut wrong = vec![
            solution(
                "adds the pick of the friend who is not coming",
                vec![
                    login.clone(),
                    people.clone(),
                    gather("with_friend", "about_road_trip", "-1"),
                    make.clone(),
                ],
            ),
            solution(
                "adds only the first traveller's song",
                vec![
                    login.clone(),
                    people.clone(),
                    gather("first_traveller", about, "-1"),
                    make.clone(),
                ],
            ),
            solution(
                "names the playlist after the group",
                vec![
                    login.clone(),
                    people.clone(),
                    gather("travellers", about, "-1"),
                    script.cell("make", &Vals::new().lit("title", &v.group)),
                ],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "keeps a traveller's first pick instead of the swap",
                vec![
                    login.clone(),
                    people.clone(),
                    gather("travellers", about, "0"),
                    make.clone(),
                ],
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "adds the workout tip too",
                vec![
                    login.clone(),
                    people.clone(),
                    gather_with("travellers", "quoted", "-1", "take_every"),
                    make.clone(),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("one playlist \"{}\" is added", v.title),
                |v, ctx| match new_playlist_songs(ctx, &v.title).len() {
                    1 => Ok(()),
                    n => Err(format!("{n} such playlists")),
                },
            ),
            v.check(
                format!(
                    "it holds the three travellers' picks (song ids {:?})",
                    v.expected
                ),
                |v, ctx| {
                    let got = new_playlist_songs(ctx, &v.title);
                    let songs = got.first().cloned().unwrap_or_default();
                    let missing: Vec<&i64> =
                        v.expected.iter().filter(|x| !songs.contains(x)).collect();
                    if missing.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("songs {missing:?} missing"))
                    }
                },
            ),
            v.check(
                format!(
                    "and nothing else (not song {}, the pick of a friend who is not coming)",
                    v.outsider_pick
                ),
                |v, ctx| {
                    let got = new_playlist_songs(ctx, &v.title);
                    let songs = got.first().cloned().unwrap_or_default();
                    match songs.iter().find(|x| !v.expected.contains(x)) {
                        Some(x) => Err(format!("song {x} is in it")),
                        None if songs.is_empty() => Err("no songs".into()),
                        None => Ok(()),
                    }
                },
            ),
            Check::new("no other playlist is added", |ctx| {
                match added(ctx, "spotify", "playlists").len() {
                    0 | 1 => Ok(()),
                    n => Err(format!("{n} playlists added")),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_own(
                "the supervisor's playlist",
                "spotify",
                "playlists",
                "user_id",
            ),
            allow_added("its songs", "spotify", "playlist_songs", |_, _| true),
        ]
    }
}

/// A song's title and first artist (from the catalog).
fn song_line(s: &crate::setup::Setup, id: i64) -> rusqlite::Result<(String, String)> {
    song_with_artist(s.db, id).map(|(_, title, artist)| (title, artist))
}

/// The songs of the supervisor's playlists added in the episode with this title.
fn new_playlist_songs(ctx: &EvalCtx, title: &str) -> Vec<Vec<i64>> {
    added_by(ctx, "spotify", "playlists", "user_id")
        .into_iter()
        .filter(|r| {
            r.get("title")
                .as_str()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case(title))
        })
        .map(|r| playlist_songs(ctx.db, r.id))
        .collect()
}
