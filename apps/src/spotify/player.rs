//! The music player: one per user (created at its first use, volume 5, empty queue), a queue of
//! song ids with a cursor on the current one, playing/paused, looping, the seconds played and
//! the volume.
//!
//! AppWorld's rules: playing a song puts it at the front of the queue; an album or playlist
//! replaces the queue; next/previous wrap around and restart the song; moving songs keeps the
//! cursor's index; removing a song before the cursor shifts it back, removing the current one
//! makes the next one current (the first, past the end); shuffling (the seeded random stream)
//! puts the cursor on the first song. An empty queue has no cursor; one that was never played
//! plays from its first song.

use super::store::{Album, Playlist, Song, id_list};
use crate::common::pytext::py_json_ints;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// A user's player.
struct Player {
    user_id: i64,
    queue: Vec<i64>,
    cursor: Option<usize>,
    is_playing: bool,
    is_looping: bool,
    played_seconds: i64,
    volume: i64,
}

impl Player {
    /// The caller's player, created with AppWorld's defaults if they have none yet.
    fn load(ctx: &Ctx) -> Result<Player, ApiError> {
        let user_id = ctx.user()?.id;
        let found = ctx
            .db
            .prepare_cached(
                "SELECT queue_song_ids, cursor_position, is_playing, is_looping, played_seconds, volume \
                 FROM spotify.music_players WHERE user_id = ?1",
            )?
            .query_row([user_id], |r| {
                Ok(Player {
                    user_id,
                    queue: id_list(r.get(0)?),
                    cursor: r
                        .get::<_, Option<i64>>(1)?
                        .and_then(|c| usize::try_from(c).ok()),
                    is_playing: r.get(2)?,
                    is_looping: r.get(3)?,
                    played_seconds: r.get(4)?,
                    volume: r.get(5)?,
                })
            })
            .optional()?;
        if let Some(p) = found {
            return Ok(p);
        }
        let p = Player {
            user_id,
            queue: Vec::new(),
            cursor: None,
            is_playing: false,
            is_looping: false,
            played_seconds: 0,
            volume: 5,
        };
        super::rows::NewPlayer {
            user_id,
            queue_song_ids: "[]",
            cursor_position: None,
            is_playing: false,
            played_seconds: 0,
            volume: 5,
        }
        .insert(ctx.db)?;
        Ok(p)
    }

    fn save(&self, ctx: &Ctx) -> Result<(), ApiError> {
        ctx.db
            .prepare_cached(
                "UPDATE spotify.music_players SET queue_song_ids = ?1, cursor_position = ?2, is_playing = ?3, \
                 is_looping = ?4, played_seconds = ?5, volume = ?6 WHERE user_id = ?7",
            )?
            .execute(params![
                py_json_ints(&self.queue),
                self.cursor.map(|c| c as i64),
                self.is_playing,
                self.is_looping,
                self.played_seconds,
                self.volume,
                self.user_id
            ])?;
        Ok(())
    }

    /// The current index (the first song when the queue was never played).
    fn index(&self) -> usize {
        self.cursor.filter(|&c| c < self.queue.len()).unwrap_or(0)
    }

    /// The current song, or 422 `The song queue is empty<tail>`.
    fn current(&self, ctx: &Ctx, tail: &str) -> Result<Song, ApiError> {
        match self.queue.get(self.index()) {
            Some(&id) => Song::get(ctx.db, id),
            None => Err(ApiError::unprocessable(format!(
                "The song queue is empty{tail}"
            ))),
        }
    }
}

pub(super) fn show_current_song(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let p = Player::load(ctx)?;
    let song = p.current(ctx, ".")?;
    let mut m = song.brief(ctx.db)?;
    m.insert("played_seconds".into(), json!(p.played_seconds));
    m.insert("is_playing".into(), json!(p.is_playing));
    m.insert("is_looping".into(), json!(p.is_looping));
    Ok(Value::Object(m))
}

/// `song_id`, `album_id`, `playlist_id`, `queue_position`: the ones passed (not None).
fn passed<'a>(a: &Args, names: &[&'a str]) -> Vec<(&'a str, i64)> {
    names
        .iter()
        .filter_map(|n| a.value(n).as_i64().map(|v| (*n, v)))
        .collect()
}

/// The songs of an album or playlist, or 422 `The <kind> is empty, <tail>`.
fn songs_of(ctx: &Ctx, what: &str, id: i64, tail: &str) -> Result<Vec<i64>, ApiError> {
    let ids = if what == "album_id" {
        Album::get(ctx.db, id)?;
        Album::song_ids(ctx.db, id)?
    } else {
        Playlist::get(ctx.db, id)?;
        Playlist::song_ids(ctx.db, id)?
    };
    if ids.is_empty() {
        let kind = if what == "album_id" {
            "album"
        } else {
            "playlist"
        };
        return Err(ApiError::unprocessable(format!(
            "The {kind} is empty, {tail}"
        )));
    }
    Ok(ids)
}

pub(super) fn play_music(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let given = passed(a, &["queue_position", "song_id", "album_id", "playlist_id"]);
    if given.len() > 1 {
        return Err(ApiError::unprocessable(format!(
            "Either none or exactly one of queue_position, song_id, album_id or playlist_id should be passed, found {}.",
            given.len()
        )));
    }
    let mut p = Player::load(ctx)?;
    const EMPTY: &str = ", cannot play it.";
    match given.first() {
        Some(&("song_id", id)) => {
            Song::get(ctx.db, id)?;
            p.queue.insert(0, id);
            p.cursor = Some(0);
        }
        Some(&(what @ ("album_id" | "playlist_id"), id)) => {
            p.queue = songs_of(ctx, what, id, "cannot play it.")?;
            p.cursor = Some(0);
        }
        Some(&(_, position)) => {
            if p.queue.is_empty() {
                return Err(ApiError::unprocessable(format!(
                    "The song queue is empty{EMPTY}"
                )));
            }
            let n = p.queue.len();
            match usize::try_from(position).ok().filter(|&i| i < n) {
                Some(i) => p.cursor = Some(i),
                None => {
                    return Err(ApiError::unprocessable(format!(
                        "The queue position ({position}) is out of range, the queue has only {n} songs."
                    )));
                }
            }
        }
        None => {
            p.current(ctx, EMPTY)?;
            p.cursor = Some(p.index());
        }
    }
    let song = p.current(ctx, EMPTY)?;
    p.is_playing = true;
    p.save(ctx)?;
    Ok(json!({"message": format!("Song ({}) is now playing.", song.title), "song_id": song.id}))
}

pub(super) fn pause_music(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    if !p.is_playing {
        return Err(ApiError::unprocessable("No song is currently playing."));
    }
    let song = p.current(ctx, ", cannot pause the song.")?;
    p.is_playing = false;
    p.save(ctx)?;
    Ok(json!({"message": format!("Song ({}) paused.", song.title)}))
}

/// Moves the cursor by one, around the queue, and restarts the song.
fn step(ctx: &Ctx, forward: bool) -> Result<Value, ApiError> {
    let word = if forward { "next" } else { "previous" };
    let mut p = Player::load(ctx)?;
    let n = p.queue.len();
    if n == 0 {
        return Err(ApiError::unprocessable(format!(
            "The song queue is empty, cannot move to the {word} song."
        )));
    }
    if n == 1 {
        return Err(ApiError::unprocessable(format!(
            "There is only one song in the queue, cannot move to the {word} song."
        )));
    }
    let i = p.index();
    p.cursor = Some(if forward {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    });
    p.played_seconds = 0;
    let song = p.current(ctx, ".")?;
    p.save(ctx)?;
    Ok(json!({"message": format!("Moved to the {word} song in the queue."), "song_id": song.id}))
}

pub(super) fn previous_song(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    step(ctx, false)
}

pub(super) fn next_song(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    step(ctx, true)
}

/// A queue index from an argument, if within a queue of `n` songs.
fn within(value: i64, n: usize) -> Option<usize> {
    usize::try_from(value).ok().filter(|&i| i < n)
}

pub(super) fn move_song_in_queue(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    let n = p.queue.len();
    // AppWorld checks the positions before the queue (an empty queue with equal positions
    // answers "the same").
    let (from, to) = (a.int("current_position"), a.int("new_position"));
    if from == to {
        return Err(ApiError::unprocessable(
            "The current and new positions are the same, no need to move the song.",
        ));
    }
    if n == 0 {
        return Err(ApiError::unprocessable(
            "The song queue is empty, cannot move a song.",
        ));
    }
    let out_of_range = |which: &str, v: i64| {
        ApiError::unprocessable(format!(
            "The {which} position ({v}) is out of range, the queue has only {n} songs."
        ))
    };
    let from_i = within(from, n).ok_or_else(|| out_of_range("current", from))?;
    let to_i = within(to, n).ok_or_else(|| out_of_range("new", to))?;
    let song = p.queue.remove(from_i);
    p.queue.insert(to_i, song);
    p.save(ctx)?;
    Ok(json!({"message": "Moved the song in the queue."}))
}

pub(super) fn seek_song(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    let song = p.current(ctx, ", cannot seek the song.")?;
    let seconds = a.int("seek_seconds");
    if seconds > song.duration {
        return Err(ApiError::unprocessable(format!(
            "The current song duration is {} seconds, cannot seek to {seconds} seconds.",
            song.duration
        )));
    }
    p.played_seconds = seconds;
    p.save(ctx)?;
    Ok(json!({"message": format!("The music player song is seeked to {seconds} seconds.")}))
}

pub(super) fn loop_song(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    p.current(ctx, ", cannot set the looping status.")?;
    p.is_looping = a.opt_bool("loop").unwrap_or(false);
    p.save(ctx)?;
    Ok(json!({"message": if p.is_looping {
        "The music player is set to loop the current song."
    } else {
        "The music player is set to not loop the current song."
    }}))
}

pub(super) fn shuffle_song_queue(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    let mut queue = std::mem::take(&mut p.queue);
    ctx.rng(|r| r.shuffle(&mut queue))?;
    if !queue.is_empty() {
        p.cursor = Some(0);
    }
    p.queue = queue;
    p.save(ctx)?;
    Ok(json!({"message": "Shuffled the music player queue."}))
}

pub(super) fn show_song_queue(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let p = Player::load(ctx)?;
    let current = p.queue.get(p.index()).copied();
    let mut out = Vec::with_capacity(p.queue.len());
    for (position, &id) in p.queue.iter().enumerate() {
        let Some(song) = Song::find(ctx.db, id)? else {
            continue;
        };
        // Every copy of the current song counts as current.
        let is_current = Some(id) == current;
        let mut m = song.brief(ctx.db)?;
        m.insert("position".into(), json!(position));
        m.insert("is_playing".into(), json!(is_current && p.is_playing));
        m.insert("is_current".into(), json!(is_current));
        out.push(Value::Object(m));
    }
    Ok(Value::Array(out))
}

pub(super) fn add_to_queue(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let given = passed(a, &["song_id", "album_id", "playlist_id"]);
    let &[(what, id)] = given.as_slice() else {
        return Err(ApiError::unprocessable(format!(
            "Exactly one of song_id, album_id or playlist_id should be passed, found {}.",
            given.len()
        )));
    };
    let mut p = Player::load(ctx)?;
    let (ids, message) = match what {
        "song_id" => {
            Song::get(ctx.db, id)?;
            (vec![id], "Song added to the queue.")
        }
        "album_id" => (
            songs_of(ctx, what, id, "nothing to add to the queue.")?,
            "Album added to the queue.",
        ),
        _ => (
            songs_of(ctx, what, id, "nothing to add to the queue.")?,
            "Playlist added to the queue.",
        ),
    };
    p.queue.extend(ids);
    p.save(ctx)?;
    Ok(json!({"message": message}))
}

pub(super) fn clear_song_queue(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    p.queue.clear();
    p.cursor = None;
    p.save(ctx)?;
    Ok(json!({"message": "Cleared the song queue."}))
}

pub(super) fn remove_song_from_queue(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    let n = p.queue.len();
    if n == 0 {
        return Err(ApiError::unprocessable(
            "The song queue is empty, cannot remove a song.",
        ));
    }
    let position = a.int("position");
    let Some(i) = within(position, n) else {
        return Err(ApiError::unprocessable(format!(
            "The song queue has {n} songs. So the position should be >= 0 and < {n}."
        )));
    };
    p.queue.remove(i);
    if let Some(c) = p.cursor {
        p.cursor = if p.queue.is_empty() {
            None
        } else if i < c {
            Some(c - 1)
        } else if c >= p.queue.len() {
            Some(0)
        } else {
            Some(c)
        };
    }
    p.save(ctx)?;
    Ok(json!({"message": format!("Removed song at position {position} from the song queue.")}))
}

pub(super) fn show_volume(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(json!({"volume": Player::load(ctx)?.volume}))
}

pub(super) fn set_volume(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let mut p = Player::load(ctx)?;
    p.volume = a.int("volume");
    p.save(ctx)?;
    Ok(json!({"message": format!("Volume level set to {}.", p.volume)}))
}
