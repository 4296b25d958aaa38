//! What a user collects: likes (songs, albums, playlists), the song and album libraries,
//! downloads and followed artists. Each is one [`Toggle`]: a table of (user, item, time) rows
//! with a "do" API, an "undo" API and a list, all written once here.
//!
//! Lists come in item id order, whatever the order things were added (then `sort_by`, stable).
//! Likes of a deleted account stay (AppWorld keeps them, and the items' like counts with them).

use super::catalog::listing;
use super::rows::Link;
use super::store::{Album, Artist, Kind, Playlist, Song, day_window, now, page, sort_objects};
use rusqlite::params;
use serde_json::{Map, Value, json};
use sim::api::listing::parse_sort;
use sim::api::{ApiError, Args, Ctx};

/// One kind of collection.
pub(super) struct Toggle {
    /// What it collects.
    kind: Kind,
    /// Its rows.
    link: Link,
    /// The time's name in lists (`liked_at`, `added_at`, ...).
    time_key: &'static str,
    /// Success of "do" and "undo".
    done: &'static str,
    undone: &'static str,
    /// 422 of "do" when the row exists, of "undo" when it does not.
    already: &'static str,
    absent: &'static str,
    /// Does "undo" look the item up first (409 for an unknown id)?
    undo_looks_up: bool,
    /// `sort_by` fields of its list (none: no `sort_by`).
    sorts: &'static [&'static str],
}

/// [`TOGGLES`] indexes, the const parameter of the toggle handlers.
pub(super) const LIKE_SONG: usize = 0;
/// See [`LIKE_SONG`].
pub(super) const LIBRARY_SONG: usize = 1;
/// See [`LIKE_SONG`].
pub(super) const DOWNLOAD_SONG: usize = 2;
/// See [`LIKE_SONG`].
pub(super) const LIKE_ALBUM: usize = 3;
/// See [`LIKE_SONG`].
pub(super) const LIBRARY_ALBUM: usize = 4;
/// See [`LIKE_SONG`].
pub(super) const FOLLOW_ARTIST: usize = 5;
/// See [`LIKE_SONG`].
pub(super) const LIKE_PLAYLIST: usize = 6;

/// `sort_by` fields of the liked lists.
pub(super) const LIKED_SORTS: &[&str] = &["liked_at", "title"];
/// Liked albums also accept `play_count`, which albums do not have: AppWorld answers an empty
/// list and fails (500) on any other; appsim refuses the sort there with the 422 naming
/// [`LIKED_SORTS`].
const LIKED_ALBUM_SORTS: &[&str] = &["liked_at", "play_count", "title"];

pub(super) static TOGGLES: [Toggle; 7] = [
    Toggle {
        kind: Kind::Song,
        link: Link::SongLike,
        time_key: "liked_at",
        done: "Song liked.",
        undone: "Song unliked.",
        already: "You have already liked this song in the past.",
        absent: "You have not liked this song, so cannot unlike it.",
        undo_looks_up: true,
        sorts: LIKED_SORTS,
    },
    Toggle {
        kind: Kind::Song,
        link: Link::LibrarySong,
        time_key: "added_at",
        done: "Song added to library.",
        undone: "Song removed from library.",
        already: "The song is already in your library.",
        absent: "The song is not in your library.",
        undo_looks_up: false,
        sorts: &[],
    },
    Toggle {
        kind: Kind::Song,
        link: Link::Download,
        time_key: "downloaded_at",
        done: "Song downloaded.",
        undone: "Song removed from downloads.",
        already: "The song is already downloaded.",
        absent: "The song is not downloaded.",
        undo_looks_up: false,
        sorts: &["downloaded_at"],
    },
    Toggle {
        kind: Kind::Album,
        link: Link::AlbumLike,
        time_key: "liked_at",
        done: "Album liked.",
        undone: "Album unliked.",
        already: "You have already liked this album in the past.",
        absent: "You have not liked this album, so cannot unlike it.",
        undo_looks_up: true,
        sorts: LIKED_ALBUM_SORTS,
    },
    Toggle {
        kind: Kind::Album,
        link: Link::LibraryAlbum,
        time_key: "added_at",
        done: "Album added to library.",
        undone: "Album removed from library.",
        already: "The album is already in your library.",
        absent: "The album is not in your library.",
        undo_looks_up: false,
        sorts: &[],
    },
    Toggle {
        kind: Kind::Artist,
        link: Link::ArtistFollow,
        time_key: "followed_at",
        done: "Artist followed.",
        undone: "Artist unfollowed.",
        already: "You are already following this artist.",
        absent: "You are already not following this artist.",
        undo_looks_up: false,
        sorts: &[],
    },
    Toggle {
        kind: Kind::Playlist,
        link: Link::PlaylistLike,
        time_key: "liked_at",
        done: "Playlist liked.",
        undone: "Playlist unliked.",
        already: "You have already liked this playlist in the past.",
        absent: "You have not liked this playlist, so cannot unlike it.",
        undo_looks_up: true,
        sorts: LIKED_SORTS,
    },
];

/// Looks the item up (409), and a playlist's privacy (422).
fn check_item(ctx: &Ctx, t: &Toggle, id: i64) -> Result<(), ApiError> {
    if t.kind == Kind::Playlist {
        Playlist::readable(ctx.db, id, ctx.user()?.id)?;
        return Ok(());
    }
    t.kind.require(ctx.db, id)
}

/// "Do": like, add to the library, download, follow.
pub(super) fn add<const T: usize>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = &TOGGLES[T];
    let id = a.int(t.kind.id_key());
    check_item(ctx, t, id)?;
    let me = ctx.user()?.id;
    if t.link.exists(ctx.db, me, id)? {
        return Err(ApiError::unprocessable(t.already));
    }
    t.link.insert(ctx.db, me, id, &now(ctx))?;
    Ok(json!({"message": t.done}))
}

/// "Undo": unlike, remove from the library or downloads, unfollow.
pub(super) fn remove<const T: usize>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = &TOGGLES[T];
    let id = a.int(t.kind.id_key());
    if t.undo_looks_up {
        check_item(ctx, t, id)?;
    }
    let gone = t.link.delete(ctx.db, ctx.user()?.id, id)?;
    if gone == 0 {
        return Err(ApiError::unprocessable(t.absent));
    }
    Ok(json!({"message": t.undone}))
}

/// The caller's rows of a toggle: (item id, time), in item id order, within an optional
/// window of stored datetimes.
fn rows(
    ctx: &Ctx,
    t: &Toggle,
    window: Option<(&str, &str)>,
) -> Result<Vec<(i64, Value)>, ApiError> {
    let col = t.kind.id_key();
    let (from, to) = window.unzip();
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT \"{col}\", \"{time}\" FROM spotify.\"{table}\" WHERE user_id = ?1 \
             AND (?2 IS NULL OR \"{time}\" BETWEEN ?2 AND ?3) ORDER BY \"{col}\"",
            time = t.link.time_column(),
            table = t.link.table()
        ))?
        .query_map(params![ctx.user()?.id, from, to], |r| {
            Ok((r.get(0)?, crate::common::rows::datetime_col(r, 1)?))
        })?
        .collect::<Result<_, _>>()?)
}

/// An item in the shape of the lists (songs short, albums and playlists with their song ids,
/// artists with their follower count), `None` for one that no longer exists.
fn item_json(ctx: &Ctx, kind: Kind, id: i64) -> Result<Option<Map<String, Value>>, ApiError> {
    let db = ctx.db;
    Ok(match kind {
        Kind::Song => match Song::find(db, id)? {
            Some(s) => Some(s.brief(db)?),
            None => None,
        },
        Kind::Album => match Album::find(db, id)? {
            Some(al) => Some(al.listed(db)?),
            None => None,
        },
        Kind::Playlist => match Playlist::find(db, id)? {
            Some(p) => Some(p.listed(db)?),
            None => None,
        },
        Kind::Artist => Artist::get(db, id).ok().map(|ar| ar.json()),
    })
}

/// The list of a toggle: the caller's liked songs, albums or playlists, library, followed
/// artists.
pub(super) fn list<const T: usize>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = &TOGGLES[T];
    let sort = if t.sorts.is_empty() {
        None
    } else {
        parse_sort(a.opt_str("sort_by"), t.sorts)?
    };
    let mut items = Vec::new();
    for (id, at) in rows(ctx, t, None)? {
        // A liked playlist its owner deleted with the account is left out (AppWorld fails).
        if let Some(mut m) = item_json(ctx, t.kind, id)? {
            m.insert(t.time_key.into(), at);
            items.push(m);
        }
    }
    if sort.as_ref().is_some_and(|k| k.field == "play_count") && !items.is_empty() {
        parse_sort(a.opt_str("sort_by"), LIKED_SORTS)?;
    }
    sort_objects(&mut items, sort.as_ref());
    Ok(Value::Array(
        page(a, items).into_iter().map(Value::Object).collect(),
    ))
}

/// `show_downloaded_songs`: searchable (songs' search text), within a download-day window.
pub(super) fn show_downloaded_songs(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = &TOGGLES[DOWNLOAD_SONG];
    // AppWorld answers an empty download list before it checks the day window, then sort_by.
    if rows(ctx, t, None)?.is_empty() {
        return Ok(Value::Array(Vec::new()));
    }
    let (from, to) = day_window(a, "min_downloaded_at", "max_downloaded_at")?;
    let sort = parse_sort(a.opt_str("sort_by"), t.sorts)?;
    let rows = rows(ctx, t, Some((&from, &to)))?;
    let found = listing(a, sort.as_ref(), None).apply(
        ctx,
        "spotify",
        "songs_fts",
        rows,
        |r| r.0,
        |r, f| match f {
            "downloaded_at" => r.1.clone(),
            _ => Value::Null,
        },
    )?;
    let mut out = Vec::with_capacity(found.len());
    for (id, at) in found {
        if let Some(song) = Song::find(ctx.db, id)? {
            let mut m = song.brief(ctx.db)?;
            m.insert(t.time_key.into(), at);
            out.push(Value::Object(m));
        }
    }
    Ok(Value::Array(out))
}
