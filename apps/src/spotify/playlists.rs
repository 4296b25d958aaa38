//! Playlists: the caller's library of them, search over public ones (and the caller's own
//! private ones), create, show, update, delete, and songs in and out.
//!
//! Titles are unique per owner (exactly as typed). Only the owner changes a playlist, public or
//! not; others may see, like and review a public one.

use super::catalog::{Filtered, has_row};
use super::rows::{NewPlaylist, NewPlaylistSong};
use super::store::{PLAYLIST_COLS, Playlist, Song, now, page, sort_key};
use rusqlite::{ToSql, params};
use serde_json::{Value, json};
use sim::api::listing::SortKey;
use sim::api::{ApiError, Args, Ctx};

/// `sort_by` fields of `search_playlists`.
pub(super) const PLAYLIST_SORTS: &[&str] = &["like_count", "rating", "created_at"];

/// 409 when the owner already has a playlist with this title (other than `except`).
fn check_title(ctx: &Ctx, user: i64, title: &str, except: i64) -> Result<(), ApiError> {
    let taken = ctx
        .db
        .prepare_cached(
            "SELECT 1 FROM spotify.playlists WHERE user_id = ?1 AND title = ?2 AND id != ?3",
        )?
        .exists(params![user, title, except])?;
    if taken {
        return Err(ApiError::already_exists("Playlist", &["title", "user_id"]));
    }
    Ok(())
}

/// Playlists as lists show them.
fn listed(ctx: &Ctx, rows: &[Playlist]) -> Result<Value, ApiError> {
    rows.iter()
        .map(|p| p.listed(ctx.db).map(Value::Object))
        .collect::<Result<_, _>>()
        .map(Value::Array)
}

pub(super) fn show_playlist_library(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rows: Vec<Playlist> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {PLAYLIST_COLS} FROM spotify.playlists AS p \
             WHERE p.user_id = ?1 AND (?2 IS NULL OR p.is_public = ?2) ORDER BY p.id"
        ))?
        .query_map(
            params![ctx.user()?.id, a.opt_bool("is_public")],
            Playlist::read,
        )?
        .collect::<Result<_, _>>()?;
    listed(ctx, &page(a, rows))
}

/// The filters of `search_playlists`: the caller's (`?1`) and public playlists, like counts
/// (`?2` to `?3`) and ratings (`?4` to `?5`).
const PLAYLIST_FILTER: &str = "(p.is_public OR p.user_id = ?1) AND p.like_count BETWEEN ?2 AND ?3 \
     AND p.rating BETWEEN ?4 AND ?5";

pub(super) fn search_playlists(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let sort = sort_key(a, PLAYLIST_SORTS)?;
    let by_likes = SortKey {
        field: "like_count".into(),
        descending: true,
    };
    let args: Vec<Box<dyn ToSql>> = vec![
        Box::new(ctx.user()?.id),
        Box::new(a.int("min_like_count")),
        Box::new(a.int("max_like_count")),
        Box::new(a.float("min_rating")),
        Box::new(a.float("max_rating")),
    ];
    // The caller's private playlists, then everyone's public ones, each in id order.
    let order = "p.is_public, p.id";
    let search = Filtered {
        table: "playlists",
        alias: "p",
        filter: PLAYLIST_FILTER,
        order,
        reads: &["playlists"],
    };
    let found: Vec<Playlist> = search.rows(ctx, a, &args, sort.as_ref(), Some(&by_likes))?;
    listed(ctx, &found)
}

pub(super) fn create_playlist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let user = ctx.user()?.id;
    let title = a.str("title");
    check_title(ctx, user, title, 0)?;
    NewPlaylist {
        id: None,
        title,
        user_id: user,
        created_at: &now(ctx),
        is_public: a.opt_bool("is_public").unwrap_or(false),
        rating: 0.0,
        like_count: 0,
        review_count: 0,
    }
    .insert(ctx.db)?;
    Ok(json!({"message": "Playlist created.", "playlist_id": ctx.db.last_insert_rowid()}))
}

pub(super) fn show_playlist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Playlist::readable(ctx.db, a.int("playlist_id"), ctx.user()?.id)?.full(ctx.db)
}

/// Deletes a playlist with its songs, likes and reviews.
pub(super) fn delete_playlist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = Playlist::owned(ctx.db, a.int("playlist_id"), ctx.user()?.id)?;
    for table in ["playlist_songs", "playlist_likes", "playlist_reviews"] {
        ctx.db
            .prepare_cached(&format!(
                "DELETE FROM spotify.\"{table}\" WHERE playlist_id = ?1"
            ))?
            .execute([p.id])?;
    }
    ctx.db
        .prepare_cached("DELETE FROM spotify.playlists WHERE id = ?1")?
        .execute([p.id])?;
    Ok(json!({"message": "Playlist deleted."}))
}

pub(super) fn update_playlist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let user = ctx.user()?.id;
    let p = Playlist::owned(ctx.db, a.int("playlist_id"), user)?;
    if let Some(title) = a.opt_str("title") {
        check_title(ctx, user, title, p.id)?;
        ctx.db
            .prepare_cached("UPDATE spotify.playlists SET title = ?1 WHERE id = ?2")?
            .execute(params![title, p.id])?;
    }
    if let Some(public) = a.opt_bool("is_public") {
        ctx.db
            .prepare_cached("UPDATE spotify.playlists SET is_public = ?1 WHERE id = ?2")?
            .execute(params![public, p.id])?;
    }
    Ok(json!({"message": "Playlist updated."}))
}

pub(super) fn show_playlist_privates(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = Playlist::get(ctx.db, a.int("playlist_id"))?;
    Ok(json!({
        "liked": has_row(ctx, "playlist_likes", "playlist_id", p.id)?,
        "reviewed": has_row(ctx, "playlist_reviews", "playlist_id", p.id)?,
        "in_playlist_library": p.user_id == ctx.user()?.id,
    }))
}

pub(super) fn add_song_to_playlist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = Playlist::owned(ctx.db, a.int("playlist_id"), ctx.user()?.id)?;
    let song = a.int("song_id");
    if Song::find(ctx.db, song)?.is_none() {
        return Err(ApiError::unprocessable(format!(
            "The PlaylistSong object is linked to a non-existent object via song_id={song}."
        )));
    }
    let present = ctx
        .db
        .prepare_cached(
            "SELECT 1 FROM spotify.playlist_songs WHERE playlist_id = ?1 AND song_id = ?2",
        )?
        .exists(params![p.id, song])?;
    if present {
        return Err(ApiError::unprocessable(
            "The song is already in the playlist.",
        ));
    }
    NewPlaylistSong {
        playlist_id: p.id,
        song_id: song,
        added_at: &now(ctx),
    }
    .insert(ctx.db)?;
    Ok(json!({"message": "Song added to the playlist."}))
}

pub(super) fn remove_song_from_playlist(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = Playlist::owned(ctx.db, a.int("playlist_id"), ctx.user()?.id)?;
    let gone = ctx
        .db
        .prepare_cached(
            "DELETE FROM spotify.playlist_songs WHERE playlist_id = ?1 AND song_id = ?2",
        )?
        .execute(params![p.id, a.int("song_id")])?;
    if gone == 0 {
        return Err(ApiError::unprocessable("The song is not in the playlist."));
    }
    Ok(json!({"message": "Song removed from playlist."}))
}
