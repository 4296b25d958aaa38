//! Setup helpers for spotify: playlists, library albums and songs, likes, followed artists and
//! the player's state a task starts from. Catalog counters (like counts) follow the rows
//! through the app's triggers.

use super::Setup;
use apps::people::Person;
use apps::spotify::rows::{
    Link, MusicPlayers, NewPlayer, NewPlaylist, NewPlaylistSong, PremiumSubscriptions,
};
use chrono::NaiveDateTime;
use sim::clock::fmt_datetime;

impl Setup<'_> {
    /// A playlist of `owner` with `songs` in that order (added a minute apart from `at`), no
    /// likes or reviews; returns its id.
    pub fn add_spotify_playlist(
        &self,
        owner: &Person,
        title: &str,
        public: bool,
        songs: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let id = NewPlaylist {
            id: None,
            title,
            user_id: self.user_id("spotify", owner)?,
            created_at: &fmt_datetime(at),
            is_public: public,
            rating: 0.0,
            like_count: 0,
            review_count: 0,
        }
        .insert(self.db)?;
        for (k, s) in songs.iter().enumerate() {
            NewPlaylistSong {
                playlist_id: id,
                song_id: *s,
                added_at: &fmt_datetime(at + chrono::Duration::minutes(k as i64)),
            }
            .insert(self.db)?;
        }
        Ok(id)
    }

    /// Puts `album` into `person`'s album library at `at` (no-op if it is there).
    pub fn add_library_album(
        &self,
        person: &Person,
        album: i64,
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        self.ensure_links(Link::LibraryAlbum, person, &[album], at)
    }

    /// `person` likes `album` at `at` (no-op if they do).
    pub fn like_album(
        &self,
        person: &Person,
        album: i64,
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        self.ensure_links(Link::AlbumLike, person, &[album], at)
    }

    /// `person` likes `songs` at `at` (those they like already stay as they are).
    pub fn like_songs(
        &self,
        person: &Person,
        songs: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        self.ensure_links(Link::SongLike, person, songs, at)
    }

    /// `person` no longer likes `songs`.
    pub fn unlike_songs(&self, person: &Person, songs: &[i64]) -> rusqlite::Result<()> {
        let uid = self.user_id("spotify", person)?;
        for s in songs {
            Link::SongLike.delete(self.db, uid, *s)?;
        }
        Ok(())
    }

    /// Adds `songs` to `person`'s song library at `at` (those there already stay).
    pub fn add_library_songs(
        &self,
        person: &Person,
        songs: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        self.ensure_links(Link::LibrarySong, person, songs, at)
    }

    /// `person` follows `artists` from `at` (those followed already stay).
    pub fn follow_artists(
        &self,
        person: &Person,
        artists: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        self.ensure_links(Link::ArtistFollow, person, artists, at)
    }

    /// Sets `person`'s music player: the queue, the current position, playing or paused, the
    /// seconds played of the current song (volume 5 for a new player).
    pub fn set_player(
        &self,
        person: &Person,
        queue: &[i64],
        cursor: i64,
        playing: bool,
        played_seconds: i64,
    ) -> rusqlite::Result<()> {
        let uid = self.user_id("spotify", person)?;
        let queue = apps::common::pytext::py_json_ints(queue);
        let changed =
            MusicPlayers::set_state(self.db, uid, &queue, cursor, playing, played_seconds)?;
        if changed == 0 {
            NewPlayer {
                user_id: uid,
                queue_song_ids: &queue,
                cursor_position: Some(cursor),
                is_playing: playing,
                played_seconds,
                volume: 5,
            }
            .insert(self.db)?;
        }
        Ok(())
    }

    /// Replaces `person`'s Premium subscriptions with `subs`: (start, end, card digits, paid),
    /// in order; returns their ids.
    pub fn set_premium_subscriptions(
        &self,
        person: &Person,
        subs: &[(NaiveDateTime, NaiveDateTime, &str, f64)],
    ) -> rusqlite::Result<Vec<i64>> {
        let uid = self.user_id("spotify", person)?;
        PremiumSubscriptions::delete_all_of(self.db, uid)?;
        let mut out = Vec::new();
        for (start, end, digits, paid) in subs {
            out.push(
                apps::common::cards::NewSubscription {
                    table: "spotify.premium_subscriptions",
                    user_id: uid,
                    start_date: &fmt_datetime(*start),
                    end_date: &fmt_datetime(*end),
                    payment_card_digits: digits,
                    paid_amount: *paid,
                }
                .insert(self.db)?,
            );
        }
        Ok(out)
    }

    /// `person` has downloaded `songs` at `at` (those downloaded already stay).
    pub fn download_songs(
        &self,
        person: &Person,
        songs: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        self.ensure_links(Link::Download, person, songs, at)
    }

    /// Ties `person` to each of `items` by `link` at `at` (ties there already stay as they are).
    fn ensure_links(
        &self,
        link: Link,
        person: &Person,
        items: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        let uid = self.user_id("spotify", person)?;
        for item in items {
            link.ensure(self.db, uid, *item, &fmt_datetime(at))?;
        }
        Ok(())
    }
}
