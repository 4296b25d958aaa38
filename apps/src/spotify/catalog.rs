//! The read-only catalog: genres, songs, albums and artists (search and show), what the caller
//! did with one of them (`show_*_privates`, `show_artist_following`), and recommendations.
//!
//! Searches filter first, then rank by the query (which never filters) or sort, then page
//! ([`SearchPage`]); songs are searched by title, genre and artist names, albums likewise,
//! artists by name and genre. Without a query or `sort_by`, results come in id order.

use super::store::{
    ALBUM_COLS, ARTIST_COLS, Album, Artist, Kind, PLAYLIST_COLS, Playlist, SONG_COLS, Song,
    day_window, page, sort_key,
};
use rusqlite::{ToSql, params, params_from_iter};
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, SortKey, fts_query, remembered, search_page, sort_rows};
use sim::api::{ApiError, Args, Ctx};

/// `sort_by` fields of `search_songs`.
pub(super) const SONG_SORTS: &[&str] = &["rating", "like_count", "play_count"];
/// `sort_by` fields of `search_albums`.
pub(super) const ALBUM_SORTS: &[&str] = &["rating", "release_date"];
/// `sort_by` fields of `search_artists`.
pub(super) const ARTIST_SORTS: &[&str] = &["follower_count"];

/// The search text of a listing, when it has words to search for.
pub(super) fn search_query(a: &Args) -> Option<&str> {
    let q = a.str("query");
    fts_query(q).map(|_| q)
}

/// AppWorld's listing pipeline for a listing's arguments: rank by the query (then sort the
/// page by `sort`) or sort all rows (by `sort`, else `default`), then page. Apply it with
/// `.apply(db, "spotify", "<table>_fts", rows, id, field)`.
pub(super) fn listing<'a>(
    a: &'a Args,
    sort: Option<&'a SortKey>,
    default: Option<&'a SortKey>,
) -> SearchPage<'a> {
    SearchPage {
        query: search_query(a),
        sort_all: sort.or(default),
        sort_page: sort,
        index: a.int("page_index"),
        limit: a.int("page_limit"),
    }
}

/// A ranked search over `spotify.<table>` (by `<table>_fts`) among the rows that pass a
/// listing's SQL filters: the matches are checked one by one in rank order until the page is
/// full, and the unmatched rest is read only for a page past them.
pub(super) struct Filtered<'a> {
    /// Table and its alias in `filter` and `order`.
    pub table: &'a str,
    pub alias: &'a str,
    /// The listing's filters (an SQL condition).
    pub filter: &'a str,
    /// The order of the unmatched rest's candidates (an SQL `ORDER BY` list).
    pub order: &'a str,
    /// Every spotify table `filter` reads (`table` among them): while an episode has written
    /// none, the unmatched rest is the world's, remembered per filter values.
    pub reads: &'a [&'a str],
}

/// A catalog row type that a [`Filtered`] listing shows.
pub(super) trait CatalogRow: Sized {
    /// The columns [`CatalogRow::read`] reads (under the listing's table alias).
    const COLS: &'static str;
    /// One row of [`CatalogRow::COLS`].
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Self>;
    /// The row with this id.
    fn get(db: &rusqlite::Connection, id: i64) -> Result<Self, ApiError>;
    /// Its id (the FTS rowid).
    fn id(&self) -> i64;
    /// A field by its `sort_by` name.
    fn field(&self, name: &str) -> Value;
}

impl CatalogRow for Album {
    const COLS: &'static str = ALBUM_COLS;
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Self> {
        Album::read(r)
    }
    fn get(db: &rusqlite::Connection, id: i64) -> Result<Self, ApiError> {
        Album::get(db, id)
    }
    fn id(&self) -> i64 {
        self.id
    }
    fn field(&self, name: &str) -> Value {
        Album::field(self, name)
    }
}

impl CatalogRow for Artist {
    const COLS: &'static str = ARTIST_COLS;
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Self> {
        Artist::read(r)
    }
    fn get(db: &rusqlite::Connection, id: i64) -> Result<Self, ApiError> {
        Artist::get(db, id)
    }
    fn id(&self) -> i64 {
        self.id
    }
    fn field(&self, name: &str) -> Value {
        match name {
            "follower_count" => json!(self.follower_count),
            _ => Value::Null,
        }
    }
}

impl CatalogRow for Playlist {
    const COLS: &'static str = PLAYLIST_COLS;
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Self> {
        Playlist::read(r)
    }
    fn get(db: &rusqlite::Connection, id: i64) -> Result<Self, ApiError> {
        Playlist::get(db, id)
    }
    fn id(&self) -> i64 {
        self.id
    }
    fn field(&self, name: &str) -> Value {
        Playlist::field(self, name)
    }
}

impl Filtered<'_> {
    /// The rows the listing shows: with a search, the page's rows ([`Filtered::search`]) in
    /// rank order, then sorted by `sort`; without one, every row that passes the filter, in
    /// `order`, through AppWorld's listing pipeline (sorted by `sort`, else `default`).
    pub(super) fn rows<R: CatalogRow>(
        &self,
        ctx: &Ctx,
        a: &Args,
        args: &[Box<dyn ToSql>],
        sort: Option<&SortKey>,
        default: Option<&SortKey>,
    ) -> Result<Vec<R>, ApiError> {
        if let Some(ids) = self.search(ctx, a, args)? {
            let mut rows = ids
                .iter()
                .map(|&id| R::get(ctx.db, id))
                .collect::<Result<Vec<_>, _>>()?;
            if let Some(key) = sort {
                sort_rows(&mut rows, key, |r, f| r.field(f));
            }
            return Ok(rows);
        }
        let Filtered {
            table,
            alias,
            filter,
            order,
            ..
        } = self;
        let rows: Vec<R> = ctx
            .db
            .prepare_cached(&format!(
                "SELECT {} FROM spotify.{table} AS {alias} WHERE {filter} ORDER BY {order}",
                R::COLS
            ))?
            .query_map(params_from_iter(args.iter()), R::read)?
            .collect::<Result<_, _>>()?;
        listing(a, sort, default).apply(
            ctx,
            "spotify",
            &format!("{table}_fts"),
            rows,
            |r| r.id(),
            |r, f| r.field(f),
        )
    }

    /// The page of ids the search lists; `filter` reads `args` (the row id is bound after
    /// them). `None` when the listing does not search.
    pub(super) fn search(
        &self,
        ctx: &Ctx,
        a: &Args,
        args: &[Box<dyn ToSql>],
    ) -> Result<Option<Vec<i64>>, ApiError> {
        let Filtered {
            table,
            alias,
            filter,
            order,
            reads,
        } = self;
        let keep = format!(
            "SELECT 1 FROM spotify.{table} AS {alias} WHERE {alias}.id = ?{} AND {filter}",
            args.len() + 1
        );
        let all = format!(
            "SELECT {alias}.id FROM spotify.{table} AS {alias} WHERE {filter} ORDER BY {order}"
        );
        let every = || -> Result<Vec<i64>, ApiError> {
            Ok(ctx
                .db
                .prepare_cached(&all)?
                .query_map(params_from_iter(args.iter()), |r| r.get(0))?
                .collect::<Result<_, _>>()?)
        };
        // The rest of a catalog is the same for every episode that has not written it.
        let candidates = || -> Result<Vec<i64>, ApiError> {
            let mut key = all.clone();
            for arg in args {
                key.push_str(&format!(" {:?}", arg.to_sql()?));
            }
            let tables: Vec<(&str, &str)> = reads.iter().map(|t| ("spotify", *t)).collect();
            remembered(ctx, &tables, &key, every)
        };
        search_page(
            ctx,
            "spotify",
            &format!("{table}_fts"),
            a.str("query"),
            |id| {
                let mut p: Vec<&dyn ToSql> = args.iter().map(|b| b.as_ref()).collect();
                p.push(&id);
                Ok(ctx.db.prepare_cached(&keep)?.exists(params_from_iter(p))?)
            },
            candidates,
            (a.int("page_index"), a.int("page_limit")),
        )
    }
}

/// The lower-cased, stripped `genre` filter (`None`: no filter).
fn genre(a: &Args) -> Option<String> {
    a.opt_str("genre").map(|g| g.trim().to_lowercase())
}

pub(super) fn show_genres(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let genres: Vec<String> = ctx
        .db
        .prepare_cached("SELECT genre FROM spotify.songs GROUP BY genre ORDER BY min(id)")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(json!(genres))
}

/// The filters of `search_songs` (parameters 1 to 13 of [`song_filter_args`]).
const SONG_FILTER: &str = "(?1 IS NULL OR EXISTS (SELECT 1 FROM json_each(s.artist_ids) AS j WHERE j.value = ?1)) \
     AND (?2 IS NULL OR s.album_id = ?2) AND (?3 IS NULL OR lower(s.genre) = ?3) \
     AND s.release_date BETWEEN ?4 AND ?5 AND s.duration BETWEEN ?6 AND ?7 \
     AND s.rating BETWEEN ?8 AND ?9 AND s.like_count BETWEEN ?10 AND ?11 \
     AND s.play_count BETWEEN ?12 AND ?13";

/// The values of [`SONG_FILTER`]'s parameters.
fn song_filter_args(a: &Args) -> Result<Vec<Box<dyn rusqlite::ToSql>>, ApiError> {
    let (from, to) = day_window(a, "min_release_date", "max_release_date")?;
    Ok(vec![
        Box::new(a.value("artist_id").as_i64()),
        Box::new(a.value("album_id").as_i64()),
        Box::new(genre(a)),
        Box::new(from),
        Box::new(to),
        Box::new(a.int("min_duration")),
        Box::new(a.int("max_duration")),
        Box::new(a.float("min_rating")),
        Box::new(a.float("max_rating")),
        Box::new(a.int("min_like_count")),
        Box::new(a.int("max_like_count")),
        Box::new(a.int("min_play_count")),
        Box::new(a.int("max_play_count")),
    ])
}

/// Songs are many: without a query the database sorts and pages them (ties in id order, as
/// AppWorld's stable sort leaves them); with one, the ranked matches are checked against the
/// filters until the page is full ([`Filtered`]), and only the songs of the page are loaded.
pub(super) fn search_songs(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let sort = sort_key(a, SONG_SORTS)?;
    let mut args = song_filter_args(a)?;
    let found = Filtered {
        table: "songs",
        alias: "s",
        filter: SONG_FILTER,
        order: "s.id",
        reads: &["songs"],
    }
    .search(ctx, a, &args)?;
    let songs: Vec<Song> = match found {
        None => {
            let order = match &sort {
                // The field is one of SONG_SORTS (checked), all NOT NULL columns.
                Some(k) => format!(
                    "s.\"{}\" {}, s.id",
                    k.field,
                    if k.descending { "DESC" } else { "ASC" }
                ),
                None => "s.id".to_string(),
            };
            let (index, limit) = (a.int("page_index"), a.int("page_limit"));
            args.push(Box::new(limit));
            args.push(Box::new(index.saturating_mul(limit)));
            ctx.db
                .prepare_cached(&format!(
                    "SELECT {SONG_COLS} FROM spotify.songs AS s WHERE {SONG_FILTER} \
                     ORDER BY {order} LIMIT ?14 OFFSET ?15"
                ))?
                .query_map(rusqlite::params_from_iter(args.iter()), Song::read)?
                .collect::<Result<_, _>>()?
        }
        Some(ids) => {
            let mut songs = Song::many(ctx.db, &ids)?;
            if let Some(key) = &sort {
                sort_rows(&mut songs, key, |s, f| s.field(f));
            }
            songs
        }
    };
    songs
        .iter()
        .map(|s| s.full(ctx.db))
        .collect::<Result<_, _>>()
        .map(Value::Array)
}

pub(super) fn show_song(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Song::get(ctx.db, a.int("song_id"))?.full(ctx.db)
}

/// Does the caller have a row in `table` for this item?
pub(super) fn has_row(ctx: &Ctx, table: &str, item_col: &str, item: i64) -> Result<bool, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT 1 FROM spotify.\"{table}\" WHERE user_id = ?1 AND \"{item_col}\" = ?2"
        ))?
        .exists(params![ctx.user()?.id, item])?)
}

pub(super) fn show_song_privates(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("song_id");
    Kind::Song.require(ctx.db, id)?;
    Ok(json!({
        "liked": has_row(ctx, "song_likes", "song_id", id)?,
        "reviewed": has_row(ctx, "song_reviews", "song_id", id)?,
        "in_song_library": has_row(ctx, "user_library_songs", "song_id", id)?,
        "downloaded": has_row(ctx, "user_downloaded_songs", "song_id", id)?,
    }))
}

/// The filters of `search_albums` (parameters 1 to 7 of [`album_filter_args`]).
const ALBUM_FILTER: &str = "al.rating BETWEEN ?1 AND ?2 AND al.release_date BETWEEN ?3 AND ?4 \
     AND al.like_count BETWEEN ?5 AND ?6 AND (?7 IS NULL OR lower(al.genre) = ?7)";

/// The values of [`ALBUM_FILTER`]'s parameters.
fn album_filter_args(a: &Args) -> Result<Vec<Box<dyn ToSql>>, ApiError> {
    let (from, to) = day_window(a, "min_release_date", "max_release_date")?;
    Ok(vec![
        Box::new(a.float("min_rating")),
        Box::new(a.float("max_rating")),
        Box::new(from),
        Box::new(to),
        Box::new(a.int("min_like_count")),
        Box::new(a.int("max_like_count")),
        Box::new(genre(a)),
    ])
}

pub(super) fn search_albums(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let sort = sort_key(a, ALBUM_SORTS)?;
    let args = album_filter_args(a)?;
    let search = Filtered {
        table: "albums",
        alias: "al",
        filter: ALBUM_FILTER,
        order: "al.id",
        reads: &["albums"],
    };
    let found: Vec<Album> = search.rows(ctx, a, &args, sort.as_ref(), None)?;
    found
        .iter()
        .map(|al| al.listed(ctx.db).map(Value::Object))
        .collect::<Result<_, _>>()
        .map(Value::Array)
}

pub(super) fn show_album(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Album::get(ctx.db, a.int("album_id"))?.full(ctx.db)
}

pub(super) fn show_album_privates(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("album_id");
    Kind::Album.require(ctx.db, id)?;
    Ok(json!({
        "liked": has_row(ctx, "album_likes", "album_id", id)?,
        "reviewed": has_row(ctx, "album_reviews", "album_id", id)?,
        "in_album_library": has_row(ctx, "user_library_albums", "album_id", id)?,
    }))
}

/// The filters of `search_artists`: genre (`?1`) and follower counts (`?2` to `?3`).
const ARTIST_FILTER: &str = "(?1 IS NULL OR lower(ar.genre) = ?1) AND (SELECT count(*) FROM \
     spotify.user_artist_followings AS f WHERE f.artist_id = ar.id) BETWEEN ?2 AND ?3";

pub(super) fn search_artists(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let sort = sort_key(a, ARTIST_SORTS)?;
    let args: Vec<Box<dyn ToSql>> = vec![
        Box::new(genre(a)),
        Box::new(a.int("min_follower_count")),
        Box::new(a.int("max_follower_count")),
    ];
    let search = Filtered {
        table: "artists",
        alias: "ar",
        filter: ARTIST_FILTER,
        order: "ar.id",
        reads: &["artists", "user_artist_followings"],
    };
    let found: Vec<Artist> = search.rows(ctx, a, &args, sort.as_ref(), None)?;
    Ok(Value::Array(
        found.iter().map(|ar| Value::Object(ar.json())).collect(),
    ))
}

pub(super) fn show_artist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(Value::Object(
        Artist::get(ctx.db, a.int("artist_id"))?.json(),
    ))
}

pub(super) fn show_artist_following(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("artist_id");
    Kind::Artist.require(ctx.db, id)?;
    Ok(json!({"following": has_row(ctx, "user_artist_followings", "artist_id", id)?}))
}

pub(super) fn show_recommendations(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let ids: Vec<i64> = ctx
        .db
        .prepare_cached(
            "SELECT song_id FROM spotify.recommendations WHERE user_id = ?1 ORDER BY id",
        )?
        .query_map([ctx.user()?.id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let songs = page(a, Song::many(ctx.db, &ids)?);
    songs
        .iter()
        .map(|s| s.brief(ctx.db).map(Value::Object))
        .collect::<Result<_, _>>()
        .map(Value::Array)
}
