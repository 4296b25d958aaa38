//! spotify's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT.

use rusqlite::{Connection, params};

/// A playlist (`spotify.playlists`) of `user_id`'s.
#[derive(Debug, Clone, Copy)]
pub struct NewPlaylist<'a> {
    /// Its id, where the maker fixes it (the seed), else the next one.
    pub id: Option<i64>,
    /// Its title (unique per user).
    pub title: &'a str,
    /// Whose.
    pub user_id: i64,
    /// When, as stored.
    pub created_at: &'a str,
    /// Whether others see it.
    pub is_public: bool,
    /// Its average rating.
    pub rating: f64,
    /// Its likes.
    pub like_count: i64,
    /// Its reviews.
    pub review_count: i64,
}

impl NewPlaylist<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO spotify.playlists (id, title, user_id, created_at, is_public, rating, like_count, review_count) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            self.id,
            self.title,
            self.user_id,
            self.created_at,
            self.is_public,
            self.rating,
            self.like_count,
            self.review_count
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A song in a playlist (`spotify.playlist_songs`).
#[derive(Debug, Clone, Copy)]
pub struct NewPlaylistSong<'a> {
    /// The playlist.
    pub playlist_id: i64,
    /// The song.
    pub song_id: i64,
    /// When it was added, as stored.
    pub added_at: &'a str,
}

impl NewPlaylistSong<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO spotify.playlist_songs (playlist_id, song_id, added_at) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![self.playlist_id, self.song_id, self.added_at])?;
        Ok(())
    }
}

/// A user's music player (`spotify.music_players`), not looping.
#[derive(Debug, Clone, Copy)]
pub struct NewPlayer<'a> {
    /// Whose.
    pub user_id: i64,
    /// The queue's song ids, as stored JSON text.
    pub queue_song_ids: &'a str,
    /// The position of the current song in the queue, if any.
    pub cursor_position: Option<i64>,
    /// Whether it plays.
    pub is_playing: bool,
    /// Seconds played of the current song.
    pub played_seconds: i64,
    /// The volume.
    pub volume: i64,
}

impl NewPlayer<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO spotify.music_players (user_id, queue_song_ids, is_playing, is_looping, cursor_position, played_seconds, volume) \
             VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6)",
        )?
        .execute(params![
            self.user_id,
            self.queue_song_ids,
            self.is_playing,
            self.cursor_position,
            self.played_seconds,
            self.volume
        ])?;
        Ok(())
    }
}
