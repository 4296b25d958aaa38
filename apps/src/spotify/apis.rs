//! The registrations of the spotify app's own APIs, in docs order (the account APIs come from
//! `common::accounts`, the card APIs from `common::cards`). Handlers live in the topic files:
//! `catalog.rs`, `library.rs`, `playlists.rs`, `reviews.rs`, `player.rs`, `premium.rs`.

use super::APP;
use super::catalog::{self, ALBUM_SORTS, ARTIST_SORTS, SONG_SORTS};
use super::library::{
    self, DOWNLOAD_SONG, FOLLOW_ARTIST, LIBRARY_ALBUM, LIBRARY_SONG, LIKE_ALBUM, LIKE_PLAYLIST,
    LIKE_SONG,
};
use super::playlists::{self, PLAYLIST_SORTS};
use super::reviews::{self, REVIEW_SORTS};
use super::store::{ALBUM, PLAYLIST, SONG};
use super::{player, premium};
use crate::common::cards;
use serde_json::{Value, json};
use sim::api::params::SortFields;
use sim::api::{Api, ApiSpec, P};

/// `sort_by` with its documented and accepted fields and a default (`None`: null).
fn sort_by(default: Option<&str>, documented: &[&'static str], accepted: &[&'static str]) -> P {
    let p = P::str("sort_by").doc(
        "Field to order results by, prefixed with + (ascending) or - (descending). Without it results come in the default order.",
    );
    let mut p = match default {
        Some(d) => p.default(json!(d)),
        None => p.nullable(),
    };
    p.0.sort_fields = Some(SortFields {
        documented: documented.to_vec(),
        accepted: accepted.to_vec(),
    });
    p
}

/// An id in the path.
fn id(name: &'static str, doc: &'static str) -> P {
    P::int(name).doc(doc)
}

/// A `min_*`/`max_*` count bound (defaults 0 and the largest integer).
fn count_bound(name: &'static str, max: bool, doc: &'static str) -> P {
    let default = if max { json!(i64::MAX) } else { json!(0) };
    P::int(name).default(default).ge(0.0).doc(doc)
}

/// A `min_rating`/`max_rating` bound on an item's average rating (0 to 5).
fn rating_bound(max: bool) -> P {
    let (name, default, doc) = if max {
        ("max_rating", 5, "Only items rated at most this (0-5).")
    } else {
        ("min_rating", 0, "Only items rated at least this (0-5).")
    };
    P::float(name)
        .default(json!(default))
        .ge(0.0)
        .le(5.0)
        .doc(doc)
}

/// A `min_*`/`max_*` day bound (`YYYY-MM-DD`).
fn day_bound(name: &'static str, max: bool, doc: &'static str) -> P {
    let default = if max { "3000-01-01" } else { "1500-01-01" };
    P::str(name)
        .default(json!(default))
        .format("date (YYYY-MM-DD)")
        .doc(doc)
}

/// The search text parameter.
fn query(doc: &'static str) -> P {
    P::str("query").default(json!("")).doc(doc)
}

/// The `genre` filter.
fn genre() -> P {
    P::str("genre")
        .nullable()
        .doc("Only items of this genre (case-insensitive).")
}

fn song_example() -> Value {
    json!({"song_id": 1, "title": "string", "album_id": 1, "album_title": "string", "duration": 1, "artists": [{"id": 1, "name": "string"}], "release_date": "2019-01-01T00:00:00", "genre": "string", "play_count": 0.0, "rating": 0.0, "like_count": 1, "review_count": 1, "shareable_link": "string"})
}

/// The short song shape of lists, with `extra` fields after it.
fn song_brief_example(extra: Value) -> Value {
    let mut m = json!({"song_id": 1, "title": "string", "album_id": 1, "album_title": "string", "duration": 1, "artists": [{"id": 1, "name": "string"}]});
    if let (Some(m), Value::Object(e)) = (m.as_object_mut(), extra) {
        m.extend(e);
    }
    m
}

fn album_example(extra: Value) -> Value {
    let mut m = json!({"album_id": 1, "title": "string", "genre": "string", "artists": [{"id": 1, "name": "string"}], "rating": 0.0, "like_count": 1, "review_count": 1, "release_date": "2019-01-01T00:00:00", "song_ids": [1]});
    if let (Some(m), Value::Object(e)) = (m.as_object_mut(), extra) {
        m.extend(e);
    }
    m
}

fn playlist_example(extra: Value) -> Value {
    let mut m = json!({"playlist_id": 1, "title": "string", "is_public": true, "rating": 0.0, "like_count": 1, "review_count": 1, "owner": {"name": "string", "email": "user@example.com"}, "created_at": "2019-01-01T00:00:00", "song_ids": [1]});
    if let (Some(m), Value::Object(e)) = (m.as_object_mut(), extra) {
        m.extend(e);
    }
    m
}

fn artist_example(extra: Value) -> Value {
    let mut m = json!({"artist_id": 1, "name": "string", "genre": "string", "follower_count": 1, "created_at": "2019-01-01T00:00:00"});
    if let (Some(m), Value::Object(e)) = (m.as_object_mut(), extra) {
        m.extend(e);
    }
    m
}

fn review_example(kind: &str) -> Value {
    let mut m = serde_json::Map::new();
    m.insert(format!("{kind}_review_id"), json!(1));
    m.insert(format!("{kind}_id"), json!(1));
    for (k, v) in [
        ("rating", json!(1.0)),
        ("title", json!("string")),
        ("text", json!("string")),
        ("created_at", json!("2019-01-01T00:00:00")),
        (
            "user",
            json!({"name": "string", "email": "user@example.com"}),
        ),
    ] {
        m.insert(k.into(), v);
    }
    Value::Object(m)
}

fn message() -> Value {
    json!({"message": "string"})
}

fn message_and(key: &str) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("message".into(), json!("string"));
    m.insert(key.into(), json!(1));
    Value::Object(m)
}

/// The names of the review APIs of songs, albums and playlists, in that order: list, write,
/// show, delete, update.
const REVIEW_API_NAMES: [[&str; 5]; 3] = [
    [
        "show_song_reviews",
        "review_song",
        "show_song_review",
        "delete_song_review",
        "update_song_review",
    ],
    [
        "show_album_reviews",
        "review_album",
        "show_album_review",
        "delete_album_review",
        "update_album_review",
    ],
    [
        "show_playlist_reviews",
        "review_playlist",
        "show_playlist_review",
        "delete_playlist_review",
        "update_playlist_review",
    ],
];

/// The review APIs of songs, albums or playlists (five each, in docs order).
fn review_apis<const K: u8>(
    kind: &'static str,
    list_path: &'static str,
    one_path: &'static str,
) -> Vec<ApiSpec> {
    let item_id: &'static str = match K {
        SONG => "song_id",
        ALBUM => "album_id",
        _ => "playlist_id",
    };
    let playlist = K == PLAYLIST;
    let names = REVIEW_API_NAMES[match K {
        SONG => 0,
        ALBUM => 1,
        _ => 2,
    }];
    let mut list = Api::get(APP, names[0], list_path)
        .doc(match K {
            SONG => "List the reviews of a song, searchable by their title and text.",
            ALBUM => "List the reviews of an album, searchable by their title and text.",
            _ => "List the reviews of a playlist you can see, searchable by their title and text.",
        })
        .param(id(item_id, "The reviewed item's id."));
    if playlist {
        list = list.auth();
    }
    let list = list
        .param(query("Text to search for in review titles and texts."))
        .param(
            P::str("user_email")
                .nullable()
                .email()
                .doc("Only the review by the user with this e-mail address."),
        )
        .param(
            P::int("min_rating")
                .default(json!(1))
                .ge(1.0)
                .le(5.0)
                .doc("Only reviews rated at least this (1-5)."),
        )
        .param(
            P::int("max_rating")
                .default(json!(5))
                .ge(1.0)
                .le(5.0)
                .doc("Only reviews rated at most this (1-5)."),
        )
        .paged()
        .param(sort_by(None, REVIEW_SORTS, REVIEW_SORTS))
        .returns(json!([review_example(kind)]))
        .handler(reviews::show_reviews::<K>);
    let write = Api::post(APP, names[1], list_path)
        .doc(match K {
            SONG => "Review a song: a rating and optionally a title and text. One review per song per person.",
            ALBUM => "Review an album: a rating and optionally a title and text. One review per album per person.",
            _ => "Review a playlist you can see: a rating and optionally a title and text. One review per playlist per person.",
        })
        .param(id(item_id, "The id of the item to review."))
        .param(
            P::int("rating")
                .ge(1.0)
                .le(5.0)
                .doc("Your rating, 1 to 5."),
        )
        .auth()
        .param(P::str("title").default(json!("")).doc("The review's title."))
        .param(P::str("text").default(json!("")).doc("The review's text."))
        .returns(message_and(&format!("{kind}_review_id")))
        .handler(reviews::review::<K>);
    let mut show = Api::get(APP, names[2], one_path)
        .doc(if playlist {
            "Show one playlist review (of a playlist you can see)."
        } else {
            "Show one review."
        })
        .param(id("review_id", "The review's id."));
    if playlist {
        show = show.auth();
    }
    let show = show
        .returns(review_example(kind))
        .handler(reviews::show_review::<K>);
    let delete = Api::delete(APP, names[3], one_path)
        .doc("Delete one of your reviews.")
        .param(id("review_id", "The review's id."))
        .auth()
        .returns(message())
        .handler(reviews::delete_review::<K>);
    let update = Api::patch(APP, names[4], one_path)
        .doc("Change the rating, title or text of one of your reviews; fields left out stay as they are.")
        .param(id("review_id", "The review's id."))
        .auth()
        .param(
            P::int("rating")
                .nullable()
                .ge(1.0)
                .le(5.0)
                .doc("The new rating, 1 to 5."),
        )
        .param(P::str("title").nullable().doc("The new title."))
        .param(P::str("text").nullable().doc("The new text."))
        .returns(message())
        .handler(reviews::update_review::<K>);
    vec![list, write, show, delete, update]
}

/// The spotify APIs after the account APIs, in docs order.
pub(super) fn all() -> Vec<ApiSpec> {
    let mut apis: Vec<ApiSpec> = [
        song_and_album_apis(),
        playlist_and_artist_apis(),
        library_apis(),
    ]
    .into_iter()
    .flatten()
    .collect();
    apis.extend(review_apis::<SONG>(
        "song",
        "/spotify/songs/{song_id}/reviews",
        "/spotify/song_reviews/{review_id}",
    ));
    apis.extend(review_apis::<ALBUM>(
        "album",
        "/spotify/albums/{album_id}/reviews",
        "/spotify/album_reviews/{review_id}",
    ));
    apis.extend(review_apis::<PLAYLIST>(
        "playlist",
        "/spotify/playlists/{playlist_id}/reviews",
        "/spotify/playlist_reviews/{review_id}",
    ));
    apis.extend([
        cards::show_payment_cards(APP),
        cards::add_payment_card(APP),
        cards::show_payment_card(APP),
        cards::delete_payment_card(APP),
        cards::update_payment_card(APP),
    ]);
    apis.extend(player_apis());
    apis.extend(premium_apis());
    apis
}

/// The catalog's song and album APIs, in docs order.
fn song_and_album_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_genres", "/spotify/genres")
            .doc("List the music genres of the catalog.")
            .returns(json!(["string"]))
            .handler(catalog::show_genres),
        Api::get(APP, "search_songs", "/spotify/songs")
            .doc("Search the song catalog by title, genre or artist names, with filters. Without a query or sort_by, songs come in id order.")
            .param(query("Text to search for in song titles, genres and artist names."))
            .param(P::int("artist_id").nullable().doc("Only songs by this artist."))
            .param(P::int("album_id").nullable().doc("Only songs of this album."))
            .param(genre())
            .param(day_bound("min_release_date", false, "Only songs released on or after this day (YYYY-MM-DD)."))
            .param(day_bound("max_release_date", true, "Only songs released on or before this day (YYYY-MM-DD)."))
            .param(count_bound("min_duration", false, "Only songs at least this many seconds long."))
            .param(count_bound("max_duration", true, "Only songs at most this many seconds long."))
            .param(rating_bound(false))
            .param(rating_bound(true))
            .param(count_bound("min_like_count", false, "Only songs with at least this many likes."))
            .param(count_bound("max_like_count", true, "Only songs with at most this many likes."))
            .param(count_bound("min_play_count", false, "Only songs played at least this many times."))
            .param(count_bound("max_play_count", true, "Only songs played at most this many times."))
            .paged()
            .param(sort_by(None, SONG_SORTS, SONG_SORTS))
            .returns(json!([song_example()]))
            .handler(catalog::search_songs),
        Api::get(APP, "show_song", "/spotify/songs/{song_id}")
            .doc("Show a song of the catalog.")
            .param(id("song_id", "The song's id."))
            .returns(song_example())
            .handler(catalog::show_song),
        Api::get(APP, "show_song_privates", "/spotify/songs/{song_id}/privates")
            .doc("Show whether you liked, reviewed, saved to your library or downloaded a song.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(json!({"liked": true, "reviewed": true, "in_song_library": true, "downloaded": true}))
            .handler(catalog::show_song_privates),
        Api::post(APP, "like_song", "/spotify/songs/{song_id}/like")
            .doc("Like a song.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(library::add::<LIKE_SONG>),
        Api::delete(APP, "unlike_song", "/spotify/songs/{song_id}/like")
            .doc("Take back your like of a song.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<LIKE_SONG>),
        Api::get(APP, "show_liked_songs", "/spotify/liked_songs")
            .doc("List the songs you liked, with when you liked them.")
            .auth()
            .paged()
            .param(sort_by(Some("-liked_at"), &["liked_at", "play_count", "title"], &["liked_at", "title"]))
            .returns(json!([song_brief_example(json!({"liked_at": "2019-01-01T00:00:00"}))]))
            .handler(library::list::<LIKE_SONG>),
        Api::get(APP, "search_albums", "/spotify/albums")
            .doc("Search the album catalog by title, genre or artist names, with filters. Without a query or sort_by, albums come in id order.")
            .param(query("Text to search for in album titles, genres and artist names."))
            .param(rating_bound(false))
            .param(rating_bound(true))
            .param(day_bound("min_release_date", false, "Only albums released on or after this day (YYYY-MM-DD)."))
            .param(day_bound("max_release_date", true, "Only albums released on or before this day (YYYY-MM-DD)."))
            .param(count_bound("min_like_count", false, "Only albums with at least this many likes."))
            .param(count_bound("max_like_count", true, "Only albums with at most this many likes."))
            .param(genre())
            .paged()
            .param(sort_by(None, ALBUM_SORTS, ALBUM_SORTS))
            .returns(json!([album_example(json!({}))]))
            .handler(catalog::search_albums),
        Api::get(APP, "show_album", "/spotify/albums/{album_id}")
            .doc("Show an album of the catalog with its songs.")
            .param(id("album_id", "The album's id."))
            .returns(json!({"album_id": 1, "title": "string", "genre": "string", "artists": [{"id": 1, "name": "string"}], "rating": 0.0, "like_count": 1, "review_count": 1, "release_date": "2019-01-01T00:00:00", "shareable_link": "string", "songs": [{"id": 1, "title": "string", "artist_ids": [1]}]}))
            .handler(catalog::show_album),
        Api::get(APP, "show_album_privates", "/spotify/albums/{album_id}/privates")
            .doc("Show whether you liked, reviewed or saved to your library an album.")
            .param(id("album_id", "The album's id."))
            .auth()
            .returns(json!({"liked": true, "reviewed": true, "in_album_library": true}))
            .handler(catalog::show_album_privates),
        Api::post(APP, "like_album", "/spotify/albums/{album_id}/like")
            .doc("Like an album.")
            .param(id("album_id", "The album's id."))
            .auth()
            .returns(message())
            .handler(library::add::<LIKE_ALBUM>),
        Api::delete(APP, "unlike_album", "/spotify/albums/{album_id}/like")
            .doc("Take back your like of an album.")
            .param(id("album_id", "The album's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<LIKE_ALBUM>),
        Api::get(APP, "show_liked_albums", "/spotify/liked_albums")
            .doc("List the albums you liked, with when you liked them.")
            .auth()
            .paged()
            .param(sort_by(Some("-liked_at"), &["liked_at", "title"], &["liked_at", "play_count", "title"]))
            .returns(json!([album_example(json!({"liked_at": "2019-01-01T00:00:00"}))]))
            .handler(library::list::<LIKE_ALBUM>),
    ]
}

/// The playlist and artist APIs, in docs order.
fn playlist_and_artist_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_playlist_library", "/spotify/library/playlists")
            .doc("List your own playlists, in the order you created them.")
            .auth()
            .param(P::bool("is_public").nullable().doc("Only public (true) or only private (false) playlists."))
            .paged()
            .returns(json!([playlist_example(json!({}))]))
            .handler(playlists::show_playlist_library),
        Api::get(APP, "search_playlists", "/spotify/playlists")
            .doc("Search public playlists and your own private ones by title. Without a query or sort_by, the most liked come first.")
            .auth()
            .param(query("Text to search for in playlist titles."))
            .param(count_bound("min_like_count", false, "Only playlists with at least this many likes."))
            .param(count_bound("max_like_count", true, "Only playlists with at most this many likes."))
            .param(rating_bound(false))
            .param(rating_bound(true))
            .paged()
            .param(sort_by(None, PLAYLIST_SORTS, PLAYLIST_SORTS))
            .returns(json!([playlist_example(json!({}))]))
            .handler(playlists::search_playlists),
        Api::post(APP, "create_playlist", "/spotify/playlists")
            .doc("Create a new playlist, private unless made public. Your playlists' titles must differ.")
            .param(P::str("title").min_len(1).doc("The playlist's title."))
            .auth()
            .param(P::bool("is_public").default(json!(false)).doc("Whether others can see, like and review it."))
            .returns(message_and("playlist_id"))
            .handler(playlists::create_playlist),
        Api::get(APP, "show_playlist", "/spotify/playlists/{playlist_id}")
            .doc("Show a playlist (public, or yours) with its songs.")
            .param(id("playlist_id", "The playlist's id."))
            .auth()
            .returns(json!({"playlist_id": 1, "title": "string", "is_public": true, "rating": 0.0, "like_count": 1, "review_count": 1, "owner": {"name": "string", "email": "user@example.com"}, "created_at": "2019-01-01T00:00:00", "shareable_link": "string", "songs": [{"id": 1, "title": "string", "artist_ids": [1]}]}))
            .handler(playlists::show_playlist),
        Api::delete(APP, "delete_playlist", "/spotify/playlists/{playlist_id}")
            .doc("Delete one of your playlists, with its likes and reviews.")
            .param(id("playlist_id", "The playlist's id."))
            .auth()
            .returns(message())
            .handler(playlists::delete_playlist),
        Api::patch(APP, "update_playlist", "/spotify/playlists/{playlist_id}")
            .doc("Rename one of your playlists or change whether it is public; fields left out stay as they are.")
            .param(id("playlist_id", "The playlist's id."))
            .auth()
            .param(P::str("title").optional().min_len(1).doc("The new title."))
            .param(P::bool("is_public").optional().doc("Whether it should be public."))
            .returns(message())
            .handler(playlists::update_playlist),
        Api::get(APP, "show_playlist_privates", "/spotify/playlists/{playlist_id}/privates")
            .doc("Show whether you liked or reviewed a playlist and whether it is one of yours.")
            .param(id("playlist_id", "The playlist's id."))
            .auth()
            .returns(json!({"liked": true, "reviewed": true, "in_playlist_library": true}))
            .handler(playlists::show_playlist_privates),
        Api::post(APP, "like_playlist", "/spotify/playlists/{playlist_id}/like")
            .doc("Like a playlist you can see.")
            .param(id("playlist_id", "The playlist's id."))
            .auth()
            .returns(message())
            .handler(library::add::<LIKE_PLAYLIST>),
        Api::delete(APP, "unlike_playlist", "/spotify/playlists/{playlist_id}/like")
            .doc("Take back your like of a playlist you can see.")
            .param(id("playlist_id", "The playlist's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<LIKE_PLAYLIST>),
        Api::get(APP, "show_liked_playlists", "/spotify/liked_playlists")
            .doc("List the playlists you liked, with when you liked them.")
            .auth()
            .paged()
            .param(sort_by(Some("-liked_at"), &["liked_at", "title"], &["liked_at", "title"]))
            .returns(json!([playlist_example(json!({"liked_at": "2019-01-01T00:00:00"}))]))
            .handler(library::list::<LIKE_PLAYLIST>),
        Api::get(APP, "search_artists", "/spotify/artists")
            .doc("Search the artists by name or genre, with filters. Without a query or sort_by, artists come in id order.")
            .param(query("Text to search for in artist names and genres."))
            .param(genre())
            .param(count_bound("min_follower_count", false, "Only artists with at least this many followers."))
            .param(count_bound("max_follower_count", true, "Only artists with at most this many followers."))
            .paged()
            .param(sort_by(None, ARTIST_SORTS, ARTIST_SORTS))
            .returns(json!([artist_example(json!({}))]))
            .handler(catalog::search_artists),
        Api::get(APP, "show_artist", "/spotify/artists/{artist_id}")
            .doc("Show an artist with their follower count.")
            .param(id("artist_id", "The artist's id."))
            .returns(artist_example(json!({})))
            .handler(catalog::show_artist),
        Api::get(APP, "show_artist_following", "/spotify/artists/{artist_id}/following")
            .doc("Show whether you follow an artist.")
            .param(id("artist_id", "The artist's id."))
            .auth()
            .returns(json!({"following": true}))
            .handler(catalog::show_artist_following),
    ]
}

/// The APIs of a user's library, playlist songs, downloads and followed artists, in docs order.
fn library_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_song_library", "/spotify/library/songs")
            .doc("List the songs in your library, with when you added them.")
            .auth()
            .paged()
            .returns(json!([song_brief_example(json!({"added_at": "2019-01-01T00:00:00"}))]))
            .handler(library::list::<LIBRARY_SONG>),
        Api::post(APP, "add_song_to_library", "/spotify/library/songs/{song_id}")
            .doc("Add a song to your library.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(library::add::<LIBRARY_SONG>),
        Api::delete(APP, "remove_song_from_library", "/spotify/library/songs/{song_id}")
            .doc("Remove a song from your library.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<LIBRARY_SONG>),
        Api::get(APP, "show_album_library", "/spotify/library/albums")
            .doc("List the albums in your library, with when you added them.")
            .auth()
            .paged()
            .returns(json!([album_example(json!({"added_at": "2019-01-01T00:00:00"}))]))
            .handler(library::list::<LIBRARY_ALBUM>),
        Api::post(APP, "add_album_to_library", "/spotify/library/albums/{album_id}")
            .doc("Add an album to your library.")
            .param(id("album_id", "The album's id."))
            .auth()
            .returns(message())
            .handler(library::add::<LIBRARY_ALBUM>),
        Api::delete(APP, "remove_album_from_library", "/spotify/library/albums/{album_id}")
            .doc("Remove an album from your library.")
            .param(id("album_id", "The album's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<LIBRARY_ALBUM>),
        Api::post(APP, "add_song_to_playlist", "/spotify/playlists/{playlist_id}/songs/{song_id}")
            .doc("Add a song to one of your playlists.")
            .param(id("playlist_id", "The playlist's id."))
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(playlists::add_song_to_playlist),
        Api::delete(APP, "remove_song_from_playlist", "/spotify/playlists/{playlist_id}/songs/{song_id}")
            .doc("Remove a song from one of your playlists.")
            .param(id("playlist_id", "The playlist's id."))
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(playlists::remove_song_from_playlist),
        Api::get(APP, "show_downloaded_songs", "/spotify/downloaded_songs")
            .doc("List the songs you downloaded, searchable like the catalog, with when you downloaded them.")
            .auth()
            .param(query("Text to search for in song titles, genres and artist names."))
            .param(day_bound("min_downloaded_at", false, "Only songs downloaded on or after this day (YYYY-MM-DD)."))
            .param(day_bound("max_downloaded_at", true, "Only songs downloaded on or before this day (YYYY-MM-DD)."))
            .paged()
            .param(sort_by(None, &["created_at", "downloaded_at"], &["downloaded_at"]))
            .returns(json!([song_brief_example(json!({"downloaded_at": "2019-01-01T00:00:00"}))]))
            .handler(library::show_downloaded_songs),
        Api::post(APP, "download_song", "/spotify/downloaded_songs/{song_id}")
            .doc("Download a song.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(library::add::<DOWNLOAD_SONG>),
        Api::delete(APP, "remove_downloaded_song", "/spotify/downloaded_songs/{song_id}")
            .doc("Remove a song from your downloads.")
            .param(id("song_id", "The song's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<DOWNLOAD_SONG>),
        Api::get(APP, "show_following_artists", "/spotify/following_artists")
            .doc("List the artists you follow, with when you started following them.")
            .auth()
            .paged()
            .returns(json!([artist_example(json!({"followed_at": "2019-01-01T00:00:00"}))]))
            .handler(library::list::<FOLLOW_ARTIST>),
        Api::post(APP, "follow_artist", "/spotify/following_artists/{artist_id}")
            .doc("Follow an artist.")
            .param(id("artist_id", "The artist's id."))
            .auth()
            .returns(message())
            .handler(library::add::<FOLLOW_ARTIST>),
        Api::delete(APP, "unfollow_artist", "/spotify/following_artists/{artist_id}")
            .doc("Stop following an artist.")
            .param(id("artist_id", "The artist's id."))
            .auth()
            .returns(message())
            .handler(library::remove::<FOLLOW_ARTIST>),
    ]
}

/// The music player's APIs, in docs order.
fn player_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_current_song", "/spotify/music_player/current_song")
            .doc("Show the song your player is on, how far it is played, and whether it is playing and looping.")
            .auth()
            .writes()
            .returns(song_brief_example(json!({"played_seconds": 1, "is_playing": true, "is_looping": true})))
            .handler(player::show_current_song),
        Api::post(APP, "play_music", "/spotify/music_player/play")
            .doc("Play: a song (put at the front of the queue), an album or a playlist (replacing the queue), the song at a queue position, or with nothing given the current song. At most one of them.")
            .auth()
            .param(P::int("song_id").nullable().doc("A song to play now."))
            .param(P::int("album_id").nullable().doc("An album to play from its first song."))
            .param(P::int("playlist_id").nullable().doc("A playlist to play from its first song."))
            .param(P::int("queue_position").nullable().ge(0.0).doc("The queue position (from 0) to play."))
            .returns(message_and("song_id"))
            .handler(player::play_music),
        Api::post(APP, "pause_music", "/spotify/music_player/pause")
            .doc("Pause the song that is playing.")
            .auth()
            .returns(message())
            .handler(player::pause_music),
        Api::post(APP, "previous_song", "/spotify/music_player/previous_song")
            .doc("Go back to the previous song in the queue (the last one from the first).")
            .auth()
            .returns(message_and("song_id"))
            .handler(player::previous_song),
        Api::post(APP, "next_song", "/spotify/music_player/next_song")
            .doc("Go on to the next song in the queue (the first one after the last).")
            .auth()
            .returns(message_and("song_id"))
            .handler(player::next_song),
        Api::post(APP, "move_song_in_queue", "/spotify/music_player/move_song")
            .doc("Move the song at one queue position to another.")
            .param(P::int("current_position").ge(0.0).doc("The song's position now (from 0)."))
            .param(P::int("new_position").ge(0.0).doc("The position to move it to (from 0)."))
            .auth()
            .returns(message())
            .handler(player::move_song_in_queue),
        Api::post(APP, "seek_song", "/spotify/music_player/seek")
            .doc("Jump to a point of the current song.")
            .param(P::int("seek_seconds").ge(0.0).doc("Seconds from the song's start; at most its duration."))
            .auth()
            .returns(message())
            .handler(player::seek_song),
        Api::post(APP, "loop_song", "/spotify/music_player/loop")
            .doc("Turn looping of the current song on or off.")
            .param(P::bool("loop").doc("Loop the current song?"))
            .auth()
            .returns(message())
            .handler(player::loop_song),
        Api::post(APP, "shuffle_song_queue", "/spotify/music_player/shuffle")
            .doc("Shuffle the queue; the first song becomes the current one.")
            .auth()
            .returns(message())
            .handler(player::shuffle_song_queue),
        Api::get(APP, "show_song_queue", "/spotify/music_player/song_queue")
            .doc("List the songs in your queue with their positions, marking the current one.")
            .auth()
            .writes()
            .returns(json!([song_brief_example(json!({"position": 1, "is_playing": true, "is_current": true}))]))
            .handler(player::show_song_queue),
        Api::post(APP, "add_to_queue", "/spotify/music_player/song_queue")
            .doc("Add a song, an album or a playlist to the end of the queue. Exactly one of them.")
            .auth()
            .param(P::int("song_id").nullable().doc("A song to add."))
            .param(P::int("album_id").nullable().doc("An album whose songs to add."))
            .param(P::int("playlist_id").nullable().doc("A playlist whose songs to add."))
            .returns(message())
            .handler(player::add_to_queue),
        Api::delete(APP, "clear_song_queue", "/spotify/music_player/song_queue")
            .doc("Empty the queue.")
            .auth()
            .returns(message())
            .handler(player::clear_song_queue),
        Api::delete(APP, "remove_song_from_queue", "/spotify/music_player/song_queue/{position}")
            .doc("Remove the song at a queue position.")
            .param(P::int("position").doc("The position (from 0) of the song to remove."))
            .auth()
            .returns(message())
            .handler(player::remove_song_from_queue),
        Api::get(APP, "show_volume", "/spotify/music_player/volume")
            .doc("Show your player's volume (0-10).")
            .auth()
            .writes()
            .returns(json!({"volume": 1}))
            .handler(player::show_volume),
        Api::post(APP, "set_volume", "/spotify/music_player/volume")
            .doc("Set your player's volume.")
            .param(P::int("volume").ge(0.0).le(10.0).doc("The volume, 0 to 10."))
            .auth()
            .returns(message())
            .handler(player::set_volume),
        Api::get(APP, "show_recommendations", "/spotify/recommendations")
            .doc("List songs recommended for you.")
            .auth()
            .paged()
            .returns(json!([{"song_id": 1, "title": "string", "album_id": 1, "album_title": "string", "duration": 1, "artists": [{"id": 1, "name": "string"}]}]))
            .handler(catalog::show_recommendations),
    ]
}

/// The Premium APIs, in docs order.
fn premium_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_premium_plans", "/spotify/premium/plans")
            .doc("Show the prices of the monthly and yearly Premium plans.")
            .returns(json!({"monthly": 1, "yearly": 1}))
            .handler(premium::show_premium_plans),
        Api::get(APP, "show_premium_subscriptions", "/spotify/premium/subscriptions")
            .doc("List your Premium subscriptions.")
            .auth()
            .paged()
            .returns(json!([{"premium_subscription_id": 1, "start_date": "2019-01-01T00:00:00", "end_date": "2019-01-01T00:00:00", "payment_card_digits": "string", "paid_amount": 0.0}]))
            .handler(premium::show_premium_subscriptions),
        Api::post(APP, "subscribe_premium", "/spotify/premium/subscriptions")
            .doc("Become a Premium member for a month or a year, paid with one of your saved cards. A confirmation with the receipt is e-mailed to you.")
            .param(P::int("payment_card_id").doc("The saved card to pay with."))
            .param(P::str("duration").one_of(&["monthly", "yearly"]).doc("The plan."))
            .auth()
            .returns(message_and("premium_subscription_id"))
            .handler(premium::subscribe_premium),
        Api::get(APP, "download_premium_subscription_receipt", "/spotify/premium/subscriptions/{premium_subscription_id}/receipt")
            .doc("Save the receipt of one of your Premium subscriptions as a text file in your file system account.")
            .param(id("premium_subscription_id", "The subscription's id."))
            .auth()
            .param(P::str("download_to_file_path").nullable().doc("Where to save it; by default ~/downloads/spotify_premium_subscription_<id>.txt."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at that path."))
            .param(P::str("file_system_access_token").optional().doc("An access token from the file_system app's login."))
            .writes()
            .returns(json!({"message": "string", "file_path": "string"}))
            .handler(premium::download_premium_subscription_receipt),
    ]
}
