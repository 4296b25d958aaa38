//! Spotify at the end of an episode.

use super::db::ids;
use rusqlite::Connection;

/// A playlist's songs in the end state, in id order.
pub fn playlist_songs(db: &Connection, playlist: i64) -> Vec<i64> {
    ids(
        db,
        "SELECT song_id FROM spotify.playlist_songs WHERE playlist_id = ?1 ORDER BY song_id",
        [playlist],
    )
}
