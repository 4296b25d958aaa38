//! spotify's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT (the catalog's artists, albums and songs, written by the seed
//! only, too); one type per family of same-shaped tables ([`Link`]: a user's ties to items;
//! [`NewReview`]: reviews of songs, albums and playlists); and the updates task setups make on
//! players and Premium subscriptions.

use rusqlite::{Connection, params};

use crate::common::rows::table_row;

table_row! {
    /// A catalog artist (`spotify.artists`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewArtist<'a> in "spotify.artists" {
        /// Its id.
        pub id: i64,
        /// Its name.
        pub name: &'a str,
        /// Its genre.
        pub genre: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A catalog album (`spotify.albums`) with its counters.
    #[derive(Debug, Clone, Copy)]
    pub struct NewAlbum<'a> in "spotify.albums" {
        /// Its id.
        pub id: i64,
        /// Its title.
        pub title: &'a str,
        /// Its artists' ids, as stored JSON text.
        pub artist_ids: &'a str,
        /// When it came out, as stored.
        pub release_date: &'a str,
        /// Its genre.
        pub genre: &'a str,
        /// Its average rating.
        pub rating: f64,
        /// Its likes.
        pub like_count: i64,
        /// Its reviews.
        pub review_count: i64,
    }
}

table_row! {
    /// A catalog song (`spotify.songs`) with its counters.
    #[derive(Debug, Clone, Copy)]
    pub struct NewSong<'a> in "spotify.songs" {
        /// Its id.
        pub id: i64,
        /// Its title.
        pub title: &'a str,
        /// Its artists' ids, as stored JSON text.
        pub artist_ids: &'a str,
        /// Its album.
        pub album_id: i64,
        /// Seconds.
        pub duration: i64,
        /// When it came out, as stored.
        pub release_date: &'a str,
        /// Its genre.
        pub genre: &'a str,
        /// Times played.
        pub play_count: i64,
        /// Its average rating.
        pub rating: f64,
        /// Its likes.
        pub like_count: i64,
        /// Its reviews.
        pub review_count: i64,
    }
}

table_row! {
    /// A playlist (`spotify.playlists`) of `user_id`'s.
    #[derive(Debug, Clone, Copy)]
    pub struct NewPlaylist<'a> in "spotify.playlists" {
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
}

table_row! {
    /// A song in a playlist (`spotify.playlist_songs`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewPlaylistSong<'a> in "spotify.playlist_songs" {
        /// The playlist.
        pub playlist_id: i64,
        /// The song.
        pub song_id: i64,
        /// When it was added, as stored.
        pub added_at: &'a str,
    }
}

table_row! {
    /// A user's music player (`spotify.music_players`), not looping.
    #[derive(Debug, Clone, Copy)]
    pub struct NewPlayer<'a> in "spotify.music_players" {
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
    fixed { is_looping: "0" }
}

/// Updates of `spotify.music_players` outside the handlers.
pub struct MusicPlayers;

impl MusicPlayers {
    /// Sets `user_id`'s player to play (or pause at) `queue_song_ids` (as stored JSON text)
    /// from position `cursor_position`, `played_seconds` into that song, not looping; the
    /// players changed (0 when the user has none yet).
    pub fn set_state(
        db: &Connection,
        user_id: i64,
        queue_song_ids: &str,
        cursor_position: i64,
        is_playing: bool,
        played_seconds: i64,
    ) -> rusqlite::Result<usize> {
        db.prepare_cached(
            "UPDATE spotify.music_players SET queue_song_ids = ?1, cursor_position = ?2, is_playing = ?3, is_looping = 0, \
             played_seconds = ?4 WHERE user_id = ?5",
        )?
        .execute(params![
            queue_song_ids,
            cursor_position,
            is_playing,
            played_seconds,
            user_id
        ])
    }
}

/// Deletes from `spotify.premium_subscriptions` outside the handlers (its rows are
/// [`crate::common::cards::NewSubscription`]s).
pub struct PremiumSubscriptions;

impl PremiumSubscriptions {
    /// Removes every Premium subscription of `user_id`'s, past or current; how many.
    pub fn delete_all_of(db: &Connection, user_id: i64) -> rusqlite::Result<usize> {
        db.prepare_cached("DELETE FROM spotify.premium_subscriptions WHERE user_id = ?1")?
            .execute([user_id])
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

    /// `<verb> spotify."<table>" WHERE user_id = ?1 AND "<item column>" = ?2`: a statement on
    /// one user's tie to one item (`verb`: `SELECT 1 FROM`, `DELETE FROM`).
    fn on_one(self, verb: &str) -> String {
        format!(
            "{verb} spotify.\"{}\" WHERE user_id = ?1 AND \"{}\" = ?2",
            self.table(),
            self.item_column()
        )
    }

    /// Writes `user_id`'s tie to `item` at `at` (as stored).
    pub fn insert(
        self,
        db: &Connection,
        user_id: i64,
        item: i64,
        at: &str,
    ) -> rusqlite::Result<()> {
        db.prepare_cached(&format!(
            "INSERT INTO spotify.\"{}\" (user_id, \"{}\", \"{}\") VALUES (?1, ?2, ?3)",
            self.table(),
            self.item_column(),
            self.time_column()
        ))?
        .execute(params![user_id, item, at])?;
        Ok(())
    }

    /// Is `user_id` tied to `item`?
    pub fn exists(self, db: &Connection, user_id: i64, item: i64) -> rusqlite::Result<bool> {
        db.prepare_cached(&self.on_one("SELECT 1 FROM"))?
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
        db.prepare_cached(&self.on_one("DELETE FROM"))?
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

impl Reviewed {
    /// The table of its reviews and their column naming the item.
    const fn table_and_item(self) -> (&'static str, &'static str) {
        match self {
            Reviewed::Song => ("song_reviews", "song_id"),
            Reviewed::Album => ("album_reviews", "album_id"),
            Reviewed::Playlist => ("playlist_reviews", "playlist_id"),
        }
    }
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
        let (table, item) = self.of.table_and_item();
        db.prepare_cached(&format!(
            "INSERT INTO spotify.\"{table}\" (\"{item}\", user_id, rating, title, text, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
        ))?
        .execute(params![
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
