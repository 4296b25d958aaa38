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

/// A user's tie to a catalog item, one row of (user, item, time): a library entry, a like, a
/// download, a followed artist, a recommendation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// `user_library_songs`.
    LibrarySong,
    /// `user_library_albums`.
    LibraryAlbum,
    /// `song_likes`.
    SongLike,
    /// `album_likes`.
    AlbumLike,
    /// `playlist_likes`.
    PlaylistLike,
    /// `user_downloaded_songs`.
    Download,
    /// `user_artist_followings`.
    ArtistFollow,
    /// `recommendations`.
    Recommendation,
}

impl Link {
    /// Its table.
    pub const fn table(self) -> &'static str {
        match self {
            Link::LibrarySong => "user_library_songs",
            Link::LibraryAlbum => "user_library_albums",
            Link::SongLike => "song_likes",
            Link::AlbumLike => "album_likes",
            Link::PlaylistLike => "playlist_likes",
            Link::Download => "user_downloaded_songs",
            Link::ArtistFollow => "user_artist_followings",
            Link::Recommendation => "recommendations",
        }
    }

    /// The column of the item.
    pub const fn item_column(self) -> &'static str {
        match self {
            Link::LibrarySong | Link::SongLike | Link::Download | Link::Recommendation => "song_id",
            Link::LibraryAlbum | Link::AlbumLike => "album_id",
            Link::PlaylistLike => "playlist_id",
            Link::ArtistFollow => "artist_id",
        }
    }

    /// The column of the time.
    pub const fn time_column(self) -> &'static str {
        match self {
            Link::SongLike | Link::AlbumLike | Link::PlaylistLike => "liked_at",
            Link::Download => "downloaded_at",
            _ => "created_at",
        }
    }

    fn insert_sql(self) -> &'static str {
        match self {
            Link::LibrarySong => {
                "INSERT INTO spotify.user_library_songs (user_id, song_id, created_at) VALUES (?1, ?2, ?3)"
            }
            Link::LibraryAlbum => {
                "INSERT INTO spotify.user_library_albums (user_id, album_id, created_at) VALUES (?1, ?2, ?3)"
            }
            Link::SongLike => {
                "INSERT INTO spotify.song_likes (user_id, song_id, liked_at) VALUES (?1, ?2, ?3)"
            }
            Link::AlbumLike => {
                "INSERT INTO spotify.album_likes (user_id, album_id, liked_at) VALUES (?1, ?2, ?3)"
            }
            Link::PlaylistLike => {
                "INSERT INTO spotify.playlist_likes (user_id, playlist_id, liked_at) VALUES (?1, ?2, ?3)"
            }
            Link::Download => {
                "INSERT INTO spotify.user_downloaded_songs (user_id, song_id, downloaded_at) VALUES (?1, ?2, ?3)"
            }
            Link::ArtistFollow => {
                "INSERT INTO spotify.user_artist_followings (user_id, artist_id, created_at) VALUES (?1, ?2, ?3)"
            }
            Link::Recommendation => {
                "INSERT INTO spotify.recommendations (user_id, song_id, created_at) VALUES (?1, ?2, ?3)"
            }
        }
    }

    /// Writes `user_id`'s tie to `item` at `at` (as stored).
    pub fn insert(
        self,
        db: &Connection,
        user_id: i64,
        item: i64,
        at: &str,
    ) -> rusqlite::Result<()> {
        db.prepare_cached(self.insert_sql())?
            .execute(params![user_id, item, at])?;
        Ok(())
    }

    /// Is `user_id` tied to `item`?
    pub fn exists(self, db: &Connection, user_id: i64, item: i64) -> rusqlite::Result<bool> {
        db.prepare_cached(&format!(
            "SELECT 1 FROM spotify.\"{}\" WHERE user_id = ?1 AND \"{}\" = ?2",
            self.table(),
            self.item_column()
        ))?
        .exists(params![user_id, item])
    }

    /// Writes the tie unless it is there already (a task setup's "make sure").
    pub fn ensure(
        self,
        db: &Connection,
        user_id: i64,
        item: i64,
        at: &str,
    ) -> rusqlite::Result<()> {
        if !self.exists(db, user_id, item)? {
            self.insert(db, user_id, item, at)?;
        }
        Ok(())
    }

    /// Removes `user_id`'s tie to `item`; the rows removed (0 or 1).
    pub fn delete(self, db: &Connection, user_id: i64, item: i64) -> rusqlite::Result<usize> {
        db.prepare_cached(&format!(
            "DELETE FROM spotify.\"{}\" WHERE user_id = ?1 AND \"{}\" = ?2",
            self.table(),
            self.item_column()
        ))?
        .execute(params![user_id, item])
    }
}

/// What a review is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reviewed {
    /// `song_reviews`.
    Song,
    /// `album_reviews`.
    Album,
    /// `playlist_reviews`.
    Playlist,
}

/// A user's review (`spotify.song_reviews`, `album_reviews` or `playlist_reviews`).
#[derive(Debug, Clone, Copy)]
pub struct NewReview<'a> {
    /// What it is of.
    pub of: Reviewed,
    /// The song, album or playlist.
    pub item_id: i64,
    /// Who wrote it.
    pub user_id: i64,
    /// 1–5 stars.
    pub rating: i64,
    /// Title.
    pub title: &'a str,
    /// Text.
    pub text: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewReview<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let sql = match self.of {
            Reviewed::Song => {
                "INSERT INTO spotify.song_reviews (song_id, user_id, rating, title, text, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
            }
            Reviewed::Album => {
                "INSERT INTO spotify.album_reviews (album_id, user_id, rating, title, text, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
            }
            Reviewed::Playlist => {
                "INSERT INTO spotify.playlist_reviews (playlist_id, user_id, rating, title, text, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
            }
        };
        db.prepare_cached(sql)?.execute(params![
            self.item_id,
            self.user_id,
            self.rating,
            self.title,
            self.text,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}
