//! Spotify in an episode: catalog picks that a setup and its checks make alike, the few
//! setup writes no `apps::spotify::rows` type covers, the supervisor's end state (library,
//! likes, follows, playlists, reviews, player), what the episode added or removed, and the
//! allowance for new playlists.

use super::changes::{added, allow_added};
use super::db::{ids, one};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::model::Allow;
use apps::spotify::rows::Link;
use rusqlite::{Connection, params};
use serde_json::Value;
use sim::sql::Cached;
use std::collections::BTreeSet;

/// The supervisor's Spotify id, if they have an account.
fn me(ctx: &EvalCtx) -> Option<i64> {
    ctx.user_id("spotify")
}

/// A text column of one row (by id), if the row is there and the value is text.
fn text(db: &Connection, sql: &str, id: i64) -> Option<String> {
    db.query_row_cached(sql, [id], |r| r.get::<_, String>(0))
        .ok()
}

/// A song's title ("" if none).
pub fn song_title(db: &Connection, song: i64) -> String {
    text(db, "SELECT title FROM spotify.songs WHERE id = ?1", song).unwrap_or_default()
}

/// An album's title ("" if none).
pub fn album_title(db: &Connection, album: i64) -> String {
    text(db, "SELECT title FROM spotify.albums WHERE id = ?1", album).unwrap_or_default()
}

/// An artist's name, if the artist is there.
pub fn artist_name(db: &Connection, artist: i64) -> Option<String> {
    text(db, "SELECT name FROM spotify.artists WHERE id = ?1", artist)
}

/// The Spotify id of the user with this e-mail.
pub fn user_by_email(db: &Connection, email: &str) -> Option<i64> {
    one(db, "SELECT id FROM spotify.users WHERE email = ?1", [email])
}

/// An album of 6 to 12 songs, picked by `key` through a hash of the album ids.
pub fn mid_album_hashed(db: &Connection, key: i64) -> Option<i64> {
    one(
        db,
        "SELECT a.id FROM spotify.albums a WHERE (SELECT count(*) FROM spotify.songs s WHERE s.album_id = a.id) BETWEEN 6 AND 12 \
         ORDER BY (a.id * 37 + ?1) % 907 LIMIT 1",
        [key],
    )
}

/// An album of 6 to 12 songs, the one at position `key` (mod 200) in id order.
pub fn mid_album_at(db: &Connection, key: i64) -> Option<i64> {
    one(
        db,
        "SELECT a.id FROM spotify.albums a WHERE (SELECT count(*) FROM spotify.songs s WHERE s.album_id = a.id) BETWEEN 6 AND 12 \
         ORDER BY a.id LIMIT 1 OFFSET ?1",
        [key.rem_euclid(200)],
    )
}

/// An album's songs, in id order (the player's and the app's order).
pub fn album_songs(db: &Connection, album: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE album_id = ?1 ORDER BY id",
        [album],
    )
}

/// An album's artists, as listed.
pub fn album_artists(db: &Connection, album: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT j.value FROM spotify.albums a, json_each(a.artist_ids) j WHERE a.id = ?1",
        [album],
    )
}

/// A song's artists, as listed.
pub fn song_artists(db: &Connection, song: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT j.value FROM spotify.songs s, json_each(s.artist_ids) j WHERE s.id = ?1",
        [song],
    )
}

/// A song's id, title and first artist's name.
pub fn song_with_artist(db: &Connection, song: i64) -> rusqlite::Result<(i64, String, String)> {
    db.query_row_cached(
        "SELECT s.id, s.title, a.name FROM spotify.songs s JOIN spotify.artists a ON a.id = json_extract(s.artist_ids, '$[0]') WHERE s.id = ?1",
        [song],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
}

/// The first song (by id) with `artist` among its artists.
pub fn first_song_of(db: &Connection, artist: i64) -> Option<i64> {
    one(
        db,
        "SELECT s.id FROM spotify.songs s, json_each(s.artist_ids) j WHERE j.value = ?1 ORDER BY s.id LIMIT 1",
        [artist],
    )
}

/// `n` songs by none of `artists`, picked by `key`.
pub fn songs_without(db: &Connection, artists: &[i64], key: i64, n: i64) -> Vec<i64> {
    let artists = serde_json::json!(artists).to_string();
    ids(
        db,
        "SELECT s.id FROM spotify.songs s WHERE NOT EXISTS (SELECT 1 FROM json_each(s.artist_ids) j \
         WHERE j.value IN (SELECT value FROM json_each(?1))) ORDER BY (s.id * 31 + ?2) % 8111 LIMIT ?3",
        params![artists, key, n],
    )
}

/// `n` songs of `artist` (those where they are featured first) with none of `others`.
pub fn songs_of(db: &Connection, artist: i64, others: &[i64], n: i64) -> Vec<i64> {
    let others = serde_json::json!(others).to_string();
    ids(
        db,
        "SELECT s.id FROM spotify.songs s WHERE EXISTS (SELECT 1 FROM json_each(s.artist_ids) j WHERE j.value = ?1) \
         AND NOT EXISTS (SELECT 1 FROM json_each(s.artist_ids) j WHERE j.value IN (SELECT value FROM json_each(?2))) \
         ORDER BY json_extract(s.artist_ids, '$[0]') = ?1, s.id LIMIT ?3",
        params![artist, others, n],
    )
}

/// Three artists with 6+ songs, each on a song as a featured (not first) artist, by `key`.
pub fn three_featured_artists(db: &Connection, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT j.value FROM spotify.songs s, json_each(s.artist_ids) j GROUP BY j.value \
         HAVING count(*) >= 6 AND sum(j.key > 0) >= 1 ORDER BY (j.value * 7 + ?1) % 421 LIMIT 3",
        [key],
    )
}

/// (suffixed, base) song pairs like "Blue Streets (Acoustic)" / "Blue Streets", picked by `key`.
pub fn title_pairs(db: &Connection, key: i64, n: i64) -> Vec<(i64, i64)> {
    db.prepare_cached(
        "SELECT min(a.id), b.id FROM spotify.songs a JOIN spotify.songs b ON b.title = substr(a.title, 1, instr(a.title, ' (') - 1) \
         WHERE instr(a.title, ' (') > 0 GROUP BY b.id ORDER BY (b.id * 7919 + ?1) % 8191 LIMIT ?2",
    )
    .and_then(|mut st| {
        st.query_map(params![key, n], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<(i64, i64)>>>()
    })
    .unwrap_or_default()
}

/// Five songs without " (" in their title, picked by `key`.
pub fn plain_titled_songs(db: &Connection, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE instr(title, ' (') = 0 ORDER BY (id * 31 + ?1) % 8111 LIMIT 5",
        [key],
    )
}

/// Six songs of `genre` not yet recommended to `user`, picked by `key`.
pub fn unrecommended_in(db: &Connection, genre: &str, user: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE genre = ?1 AND id NOT IN (SELECT song_id FROM spotify.recommendations WHERE user_id = ?2) \
         ORDER BY (id * 13 + ?3) % 8111 LIMIT 6",
        params![genre, user, key],
    )
}

/// Twenty songs neither in `user`'s library nor downloaded, picked by `key`.
pub fn songs_not_had(db: &Connection, user: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE id NOT IN (SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1) \
         AND id NOT IN (SELECT song_id FROM spotify.user_downloaded_songs WHERE user_id = ?1) ORDER BY (id * 53 + ?2) % 8111 LIMIT 20",
        params![user, key],
    )
}

/// 53 songs outside `user`'s library, in id order from position `key` (mod 5000).
pub fn songs_outside_library(db: &Connection, user: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE id NOT IN (SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1) \
         ORDER BY id LIMIT 53 OFFSET ?2",
        params![user, key.rem_euclid(5000)],
    )
}

/// The first 40 songs (by id) of `user`'s library.
pub fn first_library_songs(db: &Connection, user: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT song_id FROM spotify.user_library_songs WHERE user_id = ?1 ORDER BY song_id LIMIT 40",
        [user],
    )
}

/// Four songs off `album` whose id is `key` modulo 53, in id order.
pub fn songs_off_album(db: &Connection, album: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT id FROM spotify.songs WHERE album_id != ?1 AND id % 53 = ?2 ORDER BY id LIMIT 4",
        params![album, key.rem_euclid(53)],
    )
}

/// Songs in id order whose id is `residue` modulo `modulus`, by one artist or (`several`)
/// by more than one; the first `n`.
pub fn songs_by_residue(
    db: &Connection,
    several: bool,
    modulus: i64,
    residue: i64,
    n: i64,
) -> Vec<i64> {
    let sql = if several {
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) > 1 AND id % ?2 = ?1 ORDER BY id LIMIT ?3"
    } else {
        "SELECT id FROM spotify.songs WHERE json_array_length(artist_ids) = 1 AND id % ?2 = ?1 ORDER BY id LIMIT ?3"
    };
    ids(db, sql, params![residue, modulus, n])
}

/// Four artists with no song in `user`'s library, picked by `key`.
pub fn artists_not_in_library(db: &Connection, user: i64, key: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT a.id FROM spotify.artists a WHERE a.id NOT IN (SELECT j.value FROM spotify.user_library_songs l \
         JOIN spotify.songs s ON s.id = l.song_id, json_each(s.artist_ids) j WHERE l.user_id = ?1) \
         ORDER BY (a.id * 7 + ?2) % 421 LIMIT 4",
        params![user, key],
    )
}

/// The first artist (by id) `user` follows, other than `except`.
pub fn first_followed_except(db: &Connection, user: i64, except: &[i64]) -> Option<i64> {
    one(
        db,
        "SELECT artist_id FROM spotify.user_artist_followings WHERE user_id = ?1 AND artist_id NOT IN (SELECT value FROM json_each(?2)) ORDER BY artist_id LIMIT 1",
        params![user, serde_json::json!(except).to_string()],
    )
}

/// Setup: removes `user`'s reviews of the songs of `albums` and of the albums themselves.
pub fn remove_album_reviews(db: &Connection, user: i64, albums: [i64; 2]) -> rusqlite::Result<()> {
    db.prepare_cached(
        "DELETE FROM spotify.song_reviews WHERE user_id = ?1 AND song_id IN (SELECT id FROM spotify.songs WHERE album_id IN (?2, ?3))",
    )?
    .execute(params![user, albums[0], albums[1]])?;
    db.prepare_cached(
        "DELETE FROM spotify.album_reviews WHERE user_id = ?1 AND album_id IN (?2, ?3)",
    )?
    .execute(params![user, albums[0], albums[1]])?;
    Ok(())
}

/// Setup: takes `albums` out of `user`'s library (one statement, as the change log records it).
pub fn remove_library_albums(
    db: &Connection,
    user: i64,
    albums: [i64; 2],
) -> rusqlite::Result<usize> {
    db.prepare_cached(
        "DELETE FROM spotify.user_library_albums WHERE user_id = ?1 AND album_id IN (?2, ?3)",
    )?
    .execute(params![user, albums[0], albums[1]])
}

/// Setup: sets `user`'s player volume.
pub fn set_volume(db: &Connection, user: i64, volume: i64) -> rusqlite::Result<usize> {
    db.prepare_cached("UPDATE spotify.music_players SET volume = ?2 WHERE user_id = ?1")?
        .execute(params![user, volume])
}

/// A playlist's songs in the end state, in id order.
pub fn playlist_songs(db: &Connection, playlist: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT song_id FROM spotify.playlist_songs WHERE playlist_id = ?1 ORDER BY song_id",
        [playlist],
    )
}

/// The playlist titled `title` of `user`.
pub fn playlist_of(db: &Connection, user: Option<i64>, title: &str) -> Option<i64> {
    one(
        db,
        "SELECT id FROM spotify.playlists WHERE user_id = ?1 AND title = ?2",
        params![user, title],
    )
}

/// The supervisor's playlist titled `title` in the end state.
pub fn playlist_named(ctx: &EvalCtx, title: &str) -> Option<i64> {
    playlist_of(ctx.db, me(ctx), title)
}

/// Whether a playlist is public (1) or not (0), or why it cannot be read.
pub fn is_public(db: &Connection, playlist: i64) -> Result<i64, String> {
    db.query_row_cached(
        "SELECT is_public FROM spotify.playlists WHERE id = ?1",
        [playlist],
        |r| r.get(0),
    )
    .map_err(|e| e.to_string())
}

/// The owner of a playlist.
pub fn playlist_owner(db: &Connection, playlist: i64) -> Option<i64> {
    db.query_row_cached(
        "SELECT user_id FROM spotify.playlists WHERE id = ?1",
        [playlist],
        |row| row.get::<_, i64>(0),
    )
    .ok()
}

/// Is the supervisor tied to `item` by `link` in the end state?
pub fn linked(ctx: &EvalCtx, link: Link, item: Option<i64>) -> bool {
    match (me(ctx), item) {
        (Some(me), Some(item)) => link.exists(ctx.db, me, item).unwrap_or(false),
        _ => false,
    }
}

/// The items the supervisor is tied to by `link` in the end state (in the table's order).
pub fn linked_items(ctx: &EvalCtx, link: Link) -> Vec<i64> {
    let sql = format!(
        "SELECT \"{}\" FROM spotify.\"{}\" WHERE user_id = ?1",
        link.item_column(),
        link.table()
    );
    ids(ctx.db, &sql, [me(ctx)])
}

/// Is this a row of the supervisor's (by `user_id`)?
pub fn is_mine(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.get("user_id").as_i64() == me(ctx)
}

/// The items of the supervisor's `link` rows the episode changed in the way `kind`, in order.
fn links_changed(ctx: &EvalCtx, link: Link, kind: ChangeKind) -> Vec<i64> {
    let me = me(ctx);
    ctx.diff
        .rows
        .iter()
        .filter(|r| r.is("spotify", link.table()) && r.kind() == kind)
        .filter(|r| r.get("user_id").as_i64() == me)
        .filter_map(|r| r.get(link.item_column()).as_i64())
        .collect()
}

/// The items the supervisor tied themselves to by `link` during the episode, in order.
pub fn new_links(ctx: &EvalCtx, link: Link) -> Vec<i64> {
    links_changed(ctx, link, ChangeKind::Added)
}

/// The items whose `link` to the supervisor the episode removed, in order.
pub fn removed_links(ctx: &EvalCtx, link: Link) -> Vec<i64> {
    links_changed(ctx, link, ChangeKind::Removed)
}

/// The item (as the episode wrote it) of the first `link` the supervisor newly made to an
/// item that `fits` rejects (given the id, -1 if none).
pub fn other_new_link(ctx: &EvalCtx, link: Link, fits: impl Fn(i64) -> bool) -> Option<Value> {
    let me = me(ctx);
    added(ctx, "spotify", link.table())
        .into_iter()
        .find(|r| {
            r.get("user_id").as_i64() == me
                && !fits(r.get(link.item_column()).as_i64().unwrap_or(-1))
        })
        .map(|r| r.get(link.item_column()).clone())
}

/// The supervisor's new playlists (rows added).
pub fn new_playlists<'a>(ctx: &'a EvalCtx) -> Vec<&'a RowChange> {
    let me = me(ctx);
    added(ctx, "spotify", "playlists")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .collect()
}

/// A playlist the supervisor made in the episode, as written.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaylistAdded {
    /// Its id.
    pub id: i64,
    /// Its title, trimmed.
    pub title: String,
    /// Whether it is public.
    pub public: bool,
}

/// The supervisor's new playlists, in order.
pub fn playlists_added(ctx: &EvalCtx) -> Vec<PlaylistAdded> {
    new_playlists(ctx)
        .into_iter()
        .map(|r| PlaylistAdded {
            id: r.id,
            title: r.get("title").as_str().unwrap_or("").trim().to_string(),
            public: r.get("is_public").as_i64() == Some(1)
                || r.get("is_public").as_bool() == Some(true),
        })
        .collect()
}

/// The songs the episode put in playlists (any), in order: (playlist, song).
pub fn playlist_songs_added(ctx: &EvalCtx) -> Vec<(Option<i64>, i64)> {
    added(ctx, "spotify", "playlist_songs")
        .into_iter()
        .filter_map(|r| Some((r.get("playlist_id").as_i64(), r.get("song_id").as_i64()?)))
        .collect()
}

/// Allows the supervisor's new playlists (their songs are for the scenario to allow).
pub fn allow_new_playlist() -> Allow {
    allow_added(
        "the supervisor's new playlist",
        "spotify",
        "playlists",
        |ctx, r| r.get("user_id").as_i64() == me(ctx),
    )
}

/// The artists the supervisor follows in the end state.
pub fn followed_artists(ctx: &EvalCtx) -> BTreeSet<i64> {
    linked_items(ctx, Link::ArtistFollow).into_iter().collect()
}

/// The artists of the supervisor's library songs (and liked songs, with `liked`).
pub fn library_artists(ctx: &EvalCtx, liked: bool) -> BTreeSet<i64> {
    let mut sql = "SELECT j.value FROM spotify.user_library_songs l JOIN spotify.songs s ON s.id = l.song_id, json_each(s.artist_ids) j WHERE l.user_id = ?1".to_string();
    if liked {
        sql.push_str(" UNION SELECT j.value FROM spotify.song_likes l JOIN spotify.songs s ON s.id = l.song_id, json_each(s.artist_ids) j WHERE l.user_id = ?1");
    }
    ids(ctx.db, &sql, [me(ctx)]).into_iter().collect()
}

/// The supervisor's library songs: (id, genre, play count).
pub fn library_genres(ctx: &EvalCtx) -> Vec<(i64, String, i64)> {
    ctx.db
        .prepare_cached(
            "SELECT s.id, s.genre, s.play_count FROM spotify.user_library_songs l JOIN spotify.songs s ON s.id = l.song_id WHERE l.user_id = ?1",
        )
        .and_then(|mut st| {
            st.query_map([me(ctx)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .unwrap_or_default()
}

/// The supervisor's recommended songs of `genre` (recommendations do not change).
pub fn recommended_in(ctx: &EvalCtx, genre: &str) -> Vec<i64> {
    ids(
        ctx.db,
        "SELECT DISTINCT r.song_id FROM spotify.recommendations r JOIN spotify.songs s ON s.id = r.song_id \
         WHERE r.user_id = ?1 AND s.genre = ?2",
        params![me(ctx), genre],
    )
}

/// The supervisor's reviews of these songs at the end: (song, rating), in song order.
pub fn song_ratings(ctx: &EvalCtx, songs: &[i64]) -> Vec<(i64, i64)> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT song_id, rating FROM spotify.song_reviews WHERE user_id = ?1 AND song_id IN (SELECT value FROM json_each(?2)) ORDER BY song_id",
    ) else {
        return Vec::new();
    };
    st.query_map(
        params![me(ctx), serde_json::json!(songs).to_string()],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// The supervisor's rating of an album at the end.
pub fn album_rating(ctx: &EvalCtx, album: i64) -> Option<i64> {
    one(
        ctx.db,
        "SELECT rating FROM spotify.album_reviews WHERE user_id = ?1 AND album_id = ?2",
        params![me(ctx), album],
    )
}

/// The supervisor's player at the end: (queue as stored, cursor, playing, volume).
pub fn player(ctx: &EvalCtx) -> Option<(String, Option<i64>, bool, i64)> {
    ctx.db
        .query_row_cached(
            "SELECT queue_song_ids, cursor_position, is_playing, volume FROM spotify.music_players WHERE user_id = ?1",
            [me(ctx)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .ok()
}
