//! What the topic files share: the item kinds (song, album, playlist, artist) with their
//! lookups and AppWorld's 409, the rows of the catalog and of playlists with their JSON shapes,
//! and the paging and sorting helpers of spotify's listings.
//!
//! Counters live in the item rows (`like_count`, `rating`, `review_count` of songs, albums and
//! playlists) and follow their like and review rows through the triggers of
//! [`super::post_ddl`]; an artist's `follower_count` is counted when shown.

use crate::common::rows::{datetime_col, db_datetime};
use rusqlite::{Connection, OptionalExtension, Row};
use serde_json::{Map, Value, json};
use sim::api::listing::{SortKey, paginate, parse_sort, sort_rows};
use sim::api::{ApiError, Args, Ctx};

/// What a spotify id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A catalog song.
    Song,
    /// A catalog album.
    Album,
    /// A user's playlist.
    Playlist,
    /// A catalog artist.
    Artist,
}

impl Kind {
    /// The kind a handler's const parameter names ([`SONG`], [`ALBUM`], [`PLAYLIST`]; any other
    /// value: artist).
    pub(super) const fn of(k: u8) -> Kind {
        match k {
            SONG => Kind::Song,
            ALBUM => Kind::Album,
            PLAYLIST => Kind::Playlist,
            _ => Kind::Artist,
        }
    }

    /// `song`, `album`, `playlist`, `artist`: the word of messages.
    pub(super) fn noun(self) -> &'static str {
        match self {
            Kind::Song => "song",
            Kind::Album => "album",
            Kind::Playlist => "playlist",
            Kind::Artist => "artist",
        }
    }

    /// The table of the items.
    pub(super) fn table(self) -> &'static str {
        match self {
            Kind::Song => "songs",
            Kind::Album => "albums",
            Kind::Playlist => "playlists",
            Kind::Artist => "artists",
        }
    }

    /// The id parameter and column naming an item (`song_id`, ...).
    pub(super) fn id_key(self) -> &'static str {
        match self {
            Kind::Song => "song_id",
            Kind::Album => "album_id",
            Kind::Playlist => "playlist_id",
            Kind::Artist => "artist_id",
        }
    }

    /// Does an item with this id exist?
    pub(super) fn exists(self, db: &Connection, id: i64) -> Result<bool, ApiError> {
        Ok(db
            .prepare_cached(&format!(
                "SELECT 1 FROM spotify.\"{}\" WHERE id = ?1",
                self.table()
            ))?
            .exists([id])?)
    }

    /// 409 `The <kind> with id <id> does not exist.` unless the item exists.
    pub(super) fn require(self, db: &Connection, id: i64) -> Result<(), ApiError> {
        if self.exists(db, id)? {
            Ok(())
        } else {
            Err(ApiError::not_found_id(self.noun(), id))
        }
    }
}

/// Const parameters of the handlers shared by several kinds.
pub(super) const SONG: u8 = 0;
/// See [`SONG`].
pub(super) const ALBUM: u8 = 1;
/// See [`SONG`].
pub(super) const PLAYLIST: u8 = 2;

/// The stored form of the frozen clock.
pub(super) fn now(ctx: &Ctx) -> String {
    db_datetime(ctx.now)
}

/// A JSON list column of ids (`artist_ids`, `queue_song_ids`).
pub(super) fn id_list(text: Option<String>) -> Vec<i64> {
    text.and_then(|t| serde_json::from_str::<Vec<i64>>(&t).ok())
        .unwrap_or_default()
}

/// `[{"id", "name"}]` of artists, in the order given (unknown ids left out).
pub(super) fn artists_json(db: &Connection, ids: &[i64]) -> Result<Value, ApiError> {
    let mut st = db.prepare_cached("SELECT name FROM spotify.artists WHERE id = ?1")?;
    let mut out = Vec::with_capacity(ids.len());
    for &id in ids {
        if let Some(name) = st.query_row([id], |r| r.get::<_, String>(0)).optional()? {
            out.push(json!({"id": id, "name": name}));
        }
    }
    Ok(Value::Array(out))
}

/// `{"name", "email"}` of a user (null for an account that no longer exists).
pub(super) fn user_json(db: &Connection, id: i64) -> Result<Value, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT first_name || ' ' || last_name, email FROM spotify.users WHERE id = ?1",
        )?
        .query_row([id], |r| {
            Ok(json!({"name": r.get::<_, String>(0)?, "email": r.get::<_, String>(1)?}))
        })
        .optional()?
        .unwrap_or(Value::Null))
}

/// A catalog song.
#[derive(Debug, Clone)]
pub(super) struct Song {
    pub id: i64,
    pub title: String,
    pub album_id: Option<i64>,
    pub duration: i64,
    pub artist_ids: Vec<i64>,
    pub release_date: Value,
    pub genre: String,
    pub play_count: i64,
    pub rating: f64,
    pub like_count: i64,
    pub review_count: i64,
}

/// The columns [`Song::read`] reads, of `songs AS s`.
pub(super) const SONG_COLS: &str = "s.id, s.title, s.album_id, s.duration, s.artist_ids, s.release_date, s.genre, \
     s.play_count, s.rating, s.like_count, s.review_count";

impl Song {
    /// Reads [`SONG_COLS`] from column `at` on.
    pub(super) fn read_at(r: &Row, at: usize) -> rusqlite::Result<Song> {
        Ok(Song {
            id: r.get(at)?,
            title: r.get(at + 1)?,
            album_id: r.get(at + 2)?,
            duration: r.get(at + 3)?,
            artist_ids: id_list(r.get(at + 4)?),
            release_date: datetime_col(r, at + 5)?,
            genre: r.get(at + 6)?,
            play_count: r.get(at + 7)?,
            rating: r.get(at + 8)?,
            like_count: r.get(at + 9)?,
            review_count: r.get(at + 10)?,
        })
    }

    /// Reads [`SONG_COLS`].
    pub(super) fn read(r: &Row) -> rusqlite::Result<Song> {
        Song::read_at(r, 0)
    }

    /// The song with this id, if any.
    pub(super) fn find(db: &Connection, id: i64) -> Result<Option<Song>, ApiError> {
        find_by_id(db, ("songs", "s", SONG_COLS), id, Song::read)
    }

    /// The song with this id, or 409.
    pub(super) fn get(db: &Connection, id: i64) -> Result<Song, ApiError> {
        Song::find(db, id)?.ok_or_else(|| ApiError::not_found_id("song", id))
    }

    /// The songs with these ids, in the order given (unknown ids left out).
    pub(super) fn many(db: &Connection, ids: &[i64]) -> Result<Vec<Song>, ApiError> {
        let mut out = Vec::with_capacity(ids.len());
        for &id in ids {
            if let Some(s) = Song::find(db, id)? {
                out.push(s);
            }
        }
        Ok(out)
    }

    /// The short shape lists of a user's songs use: id, title, album, duration, artists.
    pub(super) fn brief(&self, db: &Connection) -> Result<Map<String, Value>, ApiError> {
        let mut m = Map::new();
        m.insert("song_id".into(), json!(self.id));
        m.insert("title".into(), json!(self.title));
        m.insert("album_id".into(), json!(self.album_id));
        m.insert("duration".into(), json!(self.duration));
        m.insert("artists".into(), artists_json(db, &self.artist_ids)?);
        Ok(m)
    }

    /// The full shape of `show_song` and `search_songs`.
    pub(super) fn full(&self, db: &Connection) -> Result<Value, ApiError> {
        let mut m = self.brief(db)?;
        m.insert("release_date".into(), self.release_date.clone());
        m.insert("genre".into(), json!(self.genre));
        m.insert("play_count".into(), json!(self.play_count));
        m.insert("rating".into(), json!(self.rating));
        m.insert("like_count".into(), json!(self.like_count));
        m.insert("review_count".into(), json!(self.review_count));
        m.insert(
            "shareable_link".into(),
            json!(format!("https://spotify.com/songs/{}", self.id)),
        );
        Ok(Value::Object(m))
    }

    /// A sortable field.
    pub(super) fn field(&self, name: &str) -> Value {
        match name {
            "play_count" => json!(self.play_count),
            "release_date" => self.release_date.clone(),
            _ => rated_field(name, self.rating, self.like_count, &self.title),
        }
    }
}

/// The row of `spotify.<table> AS <alias>` with this id (`cols` read by `read`), if any.
fn find_by_id<T>(
    db: &Connection,
    (table, alias, cols): (&str, &str, &str),
    id: i64,
    read: fn(&Row) -> rusqlite::Result<T>,
) -> Result<Option<T>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {cols} FROM spotify.{table} AS {alias} WHERE {alias}.id = ?1"
        ))?
        .query_row([id], read)
        .optional()?)
}

/// The ids `sql` selects for `id` (an album's or playlist's songs), in its order.
fn ids_for(db: &Connection, sql: &str, id: i64) -> Result<Vec<i64>, ApiError> {
    Ok(db
        .prepare_cached(sql)?
        .query_map([id], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

/// The sortable fields songs, albums and playlists share (`rating`, `like_count`, `title`);
/// null for any other name.
fn rated_field(name: &str, rating: f64, like_count: i64, title: &str) -> Value {
    match name {
        "rating" => json!(rating),
        "like_count" => json!(like_count),
        "title" => json!(title),
        _ => Value::Null,
    }
}

/// The shape of album and playlist lists: `head` then `song_ids`.
fn with_song_ids(mut head: Map<String, Value>, song_ids: Vec<i64>) -> Map<String, Value> {
    head.insert("song_ids".into(), json!(song_ids));
    head
}

/// A catalog album.
#[derive(Debug, Clone)]
pub(super) struct Album {
    pub id: i64,
    pub title: String,
    pub genre: String,
    pub artist_ids: Vec<i64>,
    pub release_date: Value,
    pub rating: f64,
    pub like_count: i64,
    pub review_count: i64,
}

/// The columns [`Album::read`] reads, of `albums AS al`.
pub(super) const ALBUM_COLS: &str = "al.id, al.title, al.genre, al.artist_ids, al.release_date, al.rating, al.like_count, al.review_count";

impl Album {
    /// Reads [`ALBUM_COLS`].
    pub(super) fn read(r: &Row) -> rusqlite::Result<Album> {
        Ok(Album {
            id: r.get(0)?,
            title: r.get(1)?,
            genre: r.get(2)?,
            artist_ids: id_list(r.get(3)?),
            release_date: datetime_col(r, 4)?,
            rating: r.get(5)?,
            like_count: r.get(6)?,
            review_count: r.get(7)?,
        })
    }

    /// The album with this id, if any.
    pub(super) fn find(db: &Connection, id: i64) -> Result<Option<Album>, ApiError> {
        find_by_id(db, ("albums", "al", ALBUM_COLS), id, Album::read)
    }

    /// The album with this id, or 409.
    pub(super) fn get(db: &Connection, id: i64) -> Result<Album, ApiError> {
        Album::find(db, id)?.ok_or_else(|| ApiError::not_found_id("album", id))
    }

    /// Its songs' ids, in id order.
    pub(super) fn song_ids(db: &Connection, id: i64) -> Result<Vec<i64>, ApiError> {
        ids_for(
            db,
            "SELECT id FROM spotify.songs WHERE album_id = ?1 ORDER BY id",
            id,
        )
    }

    /// The fields every album shape starts with.
    fn head(&self, db: &Connection) -> Result<Map<String, Value>, ApiError> {
        let mut m = Map::new();
        m.insert("album_id".into(), json!(self.id));
        m.insert("title".into(), json!(self.title));
        m.insert("genre".into(), json!(self.genre));
        m.insert("artists".into(), artists_json(db, &self.artist_ids)?);
        m.insert("rating".into(), json!(self.rating));
        m.insert("like_count".into(), json!(self.like_count));
        m.insert("review_count".into(), json!(self.review_count));
        m.insert("release_date".into(), self.release_date.clone());
        Ok(m)
    }

    /// The shape of album lists (with `song_ids`).
    pub(super) fn listed(&self, db: &Connection) -> Result<Map<String, Value>, ApiError> {
        Ok(with_song_ids(self.head(db)?, Album::song_ids(db, self.id)?))
    }

    /// The shape of `show_album` (with a link and the songs).
    pub(super) fn full(&self, db: &Connection) -> Result<Value, ApiError> {
        let mut m = self.head(db)?;
        m.insert(
            "shareable_link".into(),
            json!(format!("https://spotify.com/albums/{}", self.id)),
        );
        let songs = Song::many(db, &Album::song_ids(db, self.id)?)?;
        m.insert("songs".into(), songs_in_list(&songs));
        Ok(Value::Object(m))
    }

    /// A sortable field.
    pub(super) fn field(&self, name: &str) -> Value {
        match name {
            "release_date" => self.release_date.clone(),
            _ => rated_field(name, self.rating, self.like_count, &self.title),
        }
    }
}

/// `[{"id", "title", "artist_ids"}]`: the songs of an album or playlist.
fn songs_in_list(songs: &[Song]) -> Value {
    Value::Array(
        songs
            .iter()
            .map(|s| json!({"id": s.id, "title": s.title, "artist_ids": s.artist_ids}))
            .collect(),
    )
}

/// A catalog artist.
#[derive(Debug, Clone)]
pub(super) struct Artist {
    pub id: i64,
    pub name: String,
    pub genre: String,
    pub created_at: Value,
    pub follower_count: i64,
}

/// The columns [`Artist::read`] reads, of `artists AS ar` (the follower count counted).
pub(super) const ARTIST_COLS: &str = "ar.id, ar.name, ar.genre, ar.created_at, \
     (SELECT count(*) FROM spotify.user_artist_followings AS f WHERE f.artist_id = ar.id)";

impl Artist {
    /// Reads [`ARTIST_COLS`].
    pub(super) fn read(r: &Row) -> rusqlite::Result<Artist> {
        Ok(Artist {
            id: r.get(0)?,
            name: r.get(1)?,
            genre: r.get(2)?,
            created_at: datetime_col(r, 3)?,
            follower_count: r.get(4)?,
        })
    }

    /// The artist with this id, or 409.
    pub(super) fn get(db: &Connection, id: i64) -> Result<Artist, ApiError> {
        db.prepare_cached(&format!(
            "SELECT {ARTIST_COLS} FROM spotify.artists AS ar WHERE ar.id = ?1"
        ))?
        .query_row([id], Artist::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("artist", id))
    }

    /// The response shape.
    pub(super) fn json(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("artist_id".into(), json!(self.id));
        m.insert("name".into(), json!(self.name));
        m.insert("genre".into(), json!(self.genre));
        m.insert("follower_count".into(), json!(self.follower_count));
        m.insert("created_at".into(), self.created_at.clone());
        m
    }
}

/// A user's playlist.
#[derive(Debug, Clone)]
pub(super) struct Playlist {
    pub id: i64,
    pub title: String,
    pub user_id: i64,
    pub is_public: bool,
    pub rating: f64,
    pub like_count: i64,
    pub review_count: i64,
    pub created_at: Value,
}

/// The columns [`Playlist::read`] reads, of `playlists AS p`.
pub(super) const PLAYLIST_COLS: &str =
    "p.id, p.title, p.user_id, p.is_public, p.rating, p.like_count, p.review_count, p.created_at";

/// 422 for someone else's private playlist.
const NOT_PUBLIC: &str =
    "This playlist is not public, and does not belong to you, so you cannot access it.";

impl Playlist {
    /// Reads [`PLAYLIST_COLS`].
    pub(super) fn read(r: &Row) -> rusqlite::Result<Playlist> {
        Ok(Playlist {
            id: r.get(0)?,
            title: r.get(1)?,
            user_id: r.get(2)?,
            is_public: r.get(3)?,
            rating: r.get(4)?,
            like_count: r.get(5)?,
            review_count: r.get(6)?,
            created_at: datetime_col(r, 7)?,
        })
    }

    /// The playlist with this id, if any.
    pub(super) fn find(db: &Connection, id: i64) -> Result<Option<Playlist>, ApiError> {
        find_by_id(db, ("playlists", "p", PLAYLIST_COLS), id, Playlist::read)
    }

    /// The playlist with this id, or 409.
    pub(super) fn get(db: &Connection, id: i64) -> Result<Playlist, ApiError> {
        Playlist::find(db, id)?.ok_or_else(|| ApiError::not_found_id("playlist", id))
    }

    /// The playlist, which `user` may see (public or theirs): 409, or 422 for someone else's
    /// private playlist.
    pub(super) fn readable(db: &Connection, id: i64, user: i64) -> Result<Playlist, ApiError> {
        let p = Playlist::get(db, id)?;
        p.check_readable(user)?;
        Ok(p)
    }

    /// 422 unless `user` may see the playlist.
    pub(super) fn check_readable(&self, user: i64) -> Result<(), ApiError> {
        if self.is_public || self.user_id == user {
            Ok(())
        } else {
            Err(ApiError::unprocessable(NOT_PUBLIC))
        }
    }

    /// The playlist, which `user` owns: 409, or 422 for anyone else's, public or not.
    pub(super) fn owned(db: &Connection, id: i64, user: i64) -> Result<Playlist, ApiError> {
        let p = Playlist::get(db, id)?;
        if p.user_id != user {
            return Err(ApiError::not_owner("playlist"));
        }
        Ok(p)
    }

    /// Its songs' ids, in song id order.
    pub(super) fn song_ids(db: &Connection, id: i64) -> Result<Vec<i64>, ApiError> {
        ids_for(
            db,
            "SELECT song_id FROM spotify.playlist_songs WHERE playlist_id = ?1 ORDER BY song_id",
            id,
        )
    }

    fn head(&self, db: &Connection) -> Result<Map<String, Value>, ApiError> {
        let mut m = Map::new();
        m.insert("playlist_id".into(), json!(self.id));
        m.insert("title".into(), json!(self.title));
        m.insert("is_public".into(), json!(self.is_public));
        m.insert("rating".into(), json!(self.rating));
        m.insert("like_count".into(), json!(self.like_count));
        m.insert("review_count".into(), json!(self.review_count));
        m.insert("owner".into(), user_json(db, self.user_id)?);
        m.insert("created_at".into(), self.created_at.clone());
        Ok(m)
    }

    /// The shape of playlist lists (with `song_ids`).
    pub(super) fn listed(&self, db: &Connection) -> Result<Map<String, Value>, ApiError> {
        Ok(with_song_ids(
            self.head(db)?,
            Playlist::song_ids(db, self.id)?,
        ))
    }

    /// The shape of `show_playlist` (a link only for a public playlist, and the songs).
    pub(super) fn full(&self, db: &Connection) -> Result<Value, ApiError> {
        let mut m = self.head(db)?;
        let link = self
            .is_public
            .then(|| format!("https://spotify.com/playlists/{}", self.id));
        m.insert("shareable_link".into(), json!(link));
        let songs = Song::many(db, &Playlist::song_ids(db, self.id)?)?;
        m.insert("songs".into(), songs_in_list(&songs));
        Ok(Value::Object(m))
    }

    /// A sortable field.
    pub(super) fn field(&self, name: &str) -> Value {
        match name {
            "created_at" => self.created_at.clone(),
            _ => rated_field(name, self.rating, self.like_count, &self.title),
        }
    }
}

/// `sort_by` of a listing: `None` when not given, else the key (AppWorld's 422s otherwise).
pub(super) fn sort_key(a: &Args, accepted: &[&str]) -> Result<Option<SortKey>, ApiError> {
    parse_sort(a.opt_str("sort_by"), accepted)
}

/// Page `page_index` of `page_limit` items.
pub(super) fn page<T>(a: &Args, items: Vec<T>) -> Vec<T> {
    paginate(items, a.int("page_index"), a.int("page_limit"))
}

/// Sorts JSON objects by one of their fields (stable, nulls last), when a key is given.
pub(super) fn sort_objects(rows: &mut Vec<Map<String, Value>>, key: Option<&SortKey>) {
    if let Some(key) = key {
        sort_rows(rows, key, |r, f| r.get(f).cloned().unwrap_or(Value::Null));
    }
}

/// A `min_*`/`max_*` day window as stored datetimes (inclusive).
pub(super) fn day_window(a: &Args, min: &str, max: &str) -> Result<(String, String), ApiError> {
    use crate::common::pytime::day_bound;
    let lo = day_bound(min, a.str(min), false)?;
    let hi = day_bound(max, a.str(max), true)?;
    Ok((db_datetime(lo), db_datetime(hi)))
}
