//! Reviews of songs, albums and playlists: one set of handlers for the three, chosen by the
//! const parameter ([`SONG`], [`ALBUM`], [`PLAYLIST`]).
//!
//! One review per (item, person). An item's `rating` (the mean of its reviews, rounded to one
//! decimal as Python rounds) and `review_count` follow the review rows through triggers
//! ([`super::post_ddl`]), also when a deleted account takes its reviews along. Song and album
//! reviews are public; everything about a playlist's reviews needs access to the playlist.

use super::catalog::listing;
use super::rows::{NewReview, Reviewed};
use super::store::{Kind, PLAYLIST, Playlist, now, user_json};
use rusqlite::{OptionalExtension, Row, params};
use serde_json::{Map, Value, json};
use sim::api::listing::parse_sort;
use sim::api::{ApiError, Args, Ctx};

/// `sort_by` fields of the review lists.
pub(super) const REVIEW_SORTS: &[&str] = &["rating", "created_at"];

/// The review table of a kind and its wording.
struct Reviews {
    kind: Kind,
    /// `song_reviews`, ...
    table: &'static str,
    /// `song review`, ...: the words of messages.
    noun: &'static str,
    /// `SongReview`, ...: the model name of messages.
    model: &'static str,
}

impl Reviews {
    fn of(k: u8) -> Reviews {
        let kind = Kind::of(k);
        let (table, noun, model) = match kind {
            Kind::Song => ("song_reviews", "song review", "SongReview"),
            Kind::Album => ("album_reviews", "album review", "AlbumReview"),
            _ => ("playlist_reviews", "playlist review", "PlaylistReview"),
        };
        Reviews {
            kind,
            table,
            noun,
            model,
        }
    }

    /// `song_review_id`, ...
    fn id_key(&self) -> String {
        format!("{}_review_id", self.kind.noun())
    }
}

/// A review row.
struct Review {
    id: i64,
    item: i64,
    user_id: i64,
    rating: i64,
    title: String,
    text: String,
    created_at: Value,
}

impl Review {
    fn read(r: &Row) -> rusqlite::Result<Review> {
        Ok(Review {
            id: r.get(0)?,
            item: r.get(1)?,
            user_id: r.get(2)?,
            rating: r.get(3)?,
            title: r.get(4)?,
            text: r.get(5)?,
            created_at: crate::common::rows::datetime_col(r, 6)?,
        })
    }

    fn json(&self, ctx: &Ctx, spec: &Reviews) -> Result<Value, ApiError> {
        let mut m = Map::new();
        m.insert(spec.id_key(), json!(self.id));
        m.insert(spec.kind.id_key().into(), json!(self.item));
        m.insert("rating".into(), json!(self.rating));
        m.insert("title".into(), json!(self.title));
        m.insert("text".into(), json!(self.text));
        m.insert("created_at".into(), self.created_at.clone());
        m.insert("user".into(), user_json(ctx.db, self.user_id)?);
        Ok(Value::Object(m))
    }

    fn field(&self, name: &str) -> Value {
        match name {
            "rating" => json!(self.rating),
            "created_at" => self.created_at.clone(),
            _ => Value::Null,
        }
    }
}

fn columns(spec: &Reviews) -> String {
    format!(
        "id, \"{}\", user_id, rating, title, text, created_at",
        spec.kind.id_key()
    )
}

/// The review with this id, or 409.
fn review_by_id(ctx: &Ctx, spec: &Reviews, id: i64) -> Result<Review, ApiError> {
    ctx.db
        .prepare_cached(&format!(
            "SELECT {} FROM spotify.\"{}\" WHERE id = ?1",
            columns(spec),
            spec.table
        ))?
        .query_row([id], Review::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id(spec.noun, id))
}

/// The review with this id that the caller may see (a playlist's only with the playlist).
fn visible_review(ctx: &Ctx, spec: &Reviews, id: i64) -> Result<Review, ApiError> {
    let review = review_by_id(ctx, spec, id)?;
    if spec.kind == Kind::Playlist {
        Playlist::readable(ctx.db, review.item, ctx.user()?.id)?;
    }
    Ok(review)
}

/// The caller's own review with this id: 409, 422 for someone else's, then (a playlist's)
/// 422 without access to the playlist.
fn own_review(ctx: &Ctx, spec: &Reviews, id: i64) -> Result<Review, ApiError> {
    let review = review_by_id(ctx, spec, id)?;
    let me = ctx.user()?.id;
    if review.user_id != me {
        return Err(ApiError::not_owner(spec.noun));
    }
    if spec.kind == Kind::Playlist {
        Playlist::readable(ctx.db, review.item, me)?;
    }
    Ok(review)
}

/// The reviews of an item, by reviewer; searchable by title and text.
pub(super) fn show_reviews<const K: u8>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let spec = Reviews::of(K);
    let item = a.int(spec.kind.id_key());
    if K == PLAYLIST {
        Playlist::readable(ctx.db, item, ctx.user()?.id)?;
    } else {
        spec.kind.require(ctx.db, item)?;
    }
    let user = match a.opt_str("user_email") {
        None => None,
        Some(email) => Some(
            ctx.db
                .prepare_cached("SELECT id FROM spotify.users WHERE email = ?1")?
                .query_row([email], |r| r.get::<_, i64>(0))
                .optional()?
                .ok_or_else(|| ApiError::not_found_key("user", "email", email))?,
        ),
    };
    let sort = parse_sort(a.opt_str("sort_by"), REVIEW_SORTS)?;
    let rows: Vec<Review> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {} FROM spotify.\"{}\" WHERE \"{}\" = ?1 AND (?2 IS NULL OR user_id = ?2) \
             AND rating BETWEEN ?3 AND ?4 ORDER BY user_id, id",
            columns(&spec),
            spec.table,
            spec.kind.id_key()
        ))?
        .query_map(
            params![item, user, a.int("min_rating"), a.int("max_rating")],
            Review::read,
        )?
        .collect::<Result<_, _>>()?;
    let fts = format!("{}_fts", spec.table);
    let found = listing(a, sort.as_ref(), None).apply(
        ctx,
        "spotify",
        &fts,
        rows,
        |r| r.id,
        |r, f| r.field(f),
    )?;
    found
        .iter()
        .map(|r| r.json(ctx, &spec))
        .collect::<Result<_, _>>()
        .map(Value::Array)
}

/// Writes the caller's review of an item.
pub(super) fn review<const K: u8>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let spec = Reviews::of(K);
    let col = spec.kind.id_key();
    let item = a.int(col);
    let me = ctx.user()?.id;
    if K == PLAYLIST {
        Playlist::readable(ctx.db, item, me)?;
    }
    let exists = ctx
        .db
        .prepare_cached(&format!(
            "SELECT 1 FROM spotify.\"{}\" WHERE \"{col}\" = ?1 AND user_id = ?2",
            spec.table
        ))?
        .exists(params![item, me])?;
    if exists {
        return Err(ApiError::already_exists(spec.model, &[col, "user_id"]));
    }
    if !spec.kind.exists(ctx.db, item)? {
        return Err(ApiError::unprocessable(format!(
            "The {} object is linked to a non-existent object via {col}={item}.",
            spec.model
        )));
    }
    let of = match spec.kind {
        Kind::Song => Reviewed::Song,
        Kind::Album => Reviewed::Album,
        _ => Reviewed::Playlist,
    };
    let id = NewReview {
        of,
        item_id: item,
        user_id: me,
        rating: a.int("rating"),
        title: a.str("title"),
        text: a.str("text"),
        created_at: &now(ctx),
    }
    .insert(ctx.db)?;
    let mut out = Map::new();
    out.insert(
        "message".into(),
        json!(format!("Added a new {}.", spec.noun)),
    );
    out.insert(spec.id_key(), json!(id));
    Ok(Value::Object(out))
}

pub(super) fn show_review<const K: u8>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let spec = Reviews::of(K);
    visible_review(ctx, &spec, a.int("review_id"))?.json(ctx, &spec)
}

pub(super) fn update_review<const K: u8>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let spec = Reviews::of(K);
    let review = own_review(ctx, &spec, a.int("review_id"))?;
    let rating = a.value("rating").as_i64().unwrap_or(review.rating);
    let title = a.opt_str("title").unwrap_or(&review.title);
    let text = a.opt_str("text").unwrap_or(&review.text);
    ctx.db
        .prepare_cached(&format!(
            "UPDATE spotify.\"{}\" SET rating = ?1, title = ?2, text = ?3 WHERE id = ?4",
            spec.table
        ))?
        .execute(params![rating, title, text, review.id])?;
    Ok(json!({"message": format!("Updated the {}.", spec.noun)}))
}

pub(super) fn delete_review<const K: u8>(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let spec = Reviews::of(K);
    let review = own_review(ctx, &spec, a.int("review_id"))?;
    ctx.db
        .prepare_cached(&format!(
            "DELETE FROM spotify.\"{}\" WHERE id = ?1",
            spec.table
        ))?
        .execute([review.id])?;
    Ok(json!({"message": format!("Deleted the {}.", spec.noun)}))
}
