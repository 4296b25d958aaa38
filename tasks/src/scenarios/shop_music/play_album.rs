//! "Clear my queue and play album A from its first song", A given indirectly: the album of the
//! song playing now (variant 1), the album saved to the library last (variant 2), the album
//! liked last, with the volume at 4 (variant 3).

use crate::kit::python::solution;
use crate::kit::spotify;
use crate::kit::spotify::{album_songs, mid_album_at, player, set_volume, songs_off_album};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::spotify::rows::Link;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Picks the album (setup and checks alike) and the other songs.
    key: i64,
    now: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify"];
    const SCRIPT: &str = include_str!("play_album.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        Values {
            variant: g.variant,
            key: p.id * 17 + i64::from(g.variant) * 3,
            supervisor: p,
            now: g.now,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "Clear my Spotify queue and play the album of the song that's playing right now, from the album's first song."
            }
            2 => {
                "Empty my Spotify queue and play the album I most recently saved to my library, starting with its first song."
            }
            _ => {
                "Replace my Spotify queue with the album I liked most recently and play it from its first song. Also set the volume to 4."
            }
        }
        .to_string()
    }

    /// The player, with the album named indirectly: playing now, saved last or liked last.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            let album = s
                .pick("album", |db| mid_album_at(db, v.key))
                .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
            let songs = album_songs(s.db, album);
            let others = songs_off_album(s.db, album, v.key);
            let uid = s.user_id("spotify", sup)?;
            match v.variant {
                1 => s.set_player(
                    sup,
                    &[others[0], others[1], songs[2], others[2]],
                    2,
                    true,
                    30,
                )?,
                2 => {
                    Link::LibraryAlbum.delete(s.db, uid, album)?;
                    s.add_library_album(sup, album, v.now - Duration::hours(3))?;
                    s.set_player(sup, &others[..3], 1, false, 12)?;
                }
                _ => {
                    Link::AlbumLike.delete(s.db, uid, album)?;
                    s.like_album(sup, album, v.now - Duration::hours(5))?;
                    s.set_player(sup, &others, 0, true, 44)?;
                    set_volume(s.db, uid, 7)?;
                }
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = script.cell("logins", &none);
        // The album found `how`, then played `how` (and the volume set).
        let find = |how: &str| script.cells(&[how, "show"], &none).join("\n");
        let play = |how: &str, volume: bool| {
            let mut names = vec![how];
            if volume {
                names.push("volume");
            }
            names.push("finish");
            script.cells(&names, &none).join("\n")
        };
        let right_find = match v.variant {
            1 => "current",
            2 => "saved_latest",
            _ => "liked",
        };
        let volume = v.variant == 3;
        let right_play = "clear_and_play";
        let ground_truth = vec![logins.clone(), find(right_find), play(right_play, volume)];
        let wrong = vec![
            solution(
                "adds the album to the end of the queue",
                vec![logins.clone(), find(right_find), play("enqueue", volume)],
            ),
            solution(
                "plays only the album's first song",
                vec![logins.clone(), find(right_find), play("first_song", volume)],
            ),
            match v.variant {
                1 => solution(
                    "plays the album of the first song in the queue",
                    vec![logins, find("queue_first"), play(right_play, volume)],
                ),
                2 => solution(
                    "plays the album saved first",
                    vec![logins, find("saved_first"), play(right_play, volume)],
                ),
                _ => solution(
                    "leaves the volume as it was",
                    vec![logins, find(right_find), play(right_play, false)],
                ),
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                "the queue is exactly the album's songs, in order",
                |v, ctx| {
                    let album = ctx
                        .pick("album", |db| mid_album_at(db, v.key))
                        .unwrap_or(-1);
                    let want = apps::common::pytext::py_json_ints(&album_songs(ctx.db, album));
                    match player(ctx) {
                        Some((q, _, _, _)) if q == want => Ok(()),
                        Some((q, _, _, _)) => Err(format!("the queue is {q}, not {want}")),
                        None => Err("no player".into()),
                    }
                },
            ),
            Check::new(
                "the album's first song is the current one",
                |ctx| match player(ctx) {
                    Some((_, Some(0), _, _)) => Ok(()),
                    other => Err(format!("cursor at {:?}", other.map(|p| p.1))),
                },
            ),
            Check::new("the player is playing", |ctx| match player(ctx) {
                Some((_, _, true, _)) => Ok(()),
                _ => Err("not playing".into()),
            }),
        ];
        if v.variant == 3 {
            checks.push(Check::new("the volume is 4", |ctx| match player(ctx) {
                Some((_, _, _, 4)) => Ok(()),
                other => Err(format!("volume {:?}", other.map(|p| p.3))),
            }));
        }
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![Allow::new("the supervisor's player", |ctx, r| {
            r.is("spotify", "music_players") && spotify::is_mine(ctx, r)
        })]
    }
}
