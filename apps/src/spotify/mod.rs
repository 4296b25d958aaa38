//! Spotify: a music catalog (songs, albums, artists, genres) to search and review, a user's
//! likes, libraries, downloads, followed artists and playlists, a music player with a queue,
//! and Premium subscriptions paid with saved cards, plus the shared account APIs.
//!
//! Handlers by topic: `catalog.rs` (genres, songs, albums, artists, privates,
//! recommendations), `library.rs` (likes, libraries, downloads and follows: one generic
//! toggle), `playlists.rs`, `reviews.rs` (songs, albums and playlists: one generic set),
//! `player.rs`, `premium.rs` (plans, subscriptions, receipts, `show_account`); `store.rs`
//! holds the rows and JSON shapes they share, `apis.rs` the registrations. Saved cards are
//! `common::cards`, money moves through `admin` (the bank).

mod apis;
mod catalog;
mod library;
mod player;
mod playlists;
mod premium;
mod reviews;
pub mod rows;
pub mod seed;
mod store;
#[cfg(test)]
mod tests;

use crate::app::Seeding;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "spotify";

/// How spotify accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "email",
    requires_verification: true,
    // Checked against AppWorld: likes stay (the items keep counting them); the items' ratings
    // follow the deleted reviews (triggers of `post_ddl`).
    owned_tables: &[
        ("song_reviews", "user_id"),
        ("album_reviews", "user_id"),
        ("playlist_reviews", "user_id"),
        ("playlists", "user_id"),
        ("user_library_songs", "user_id"),
        ("user_library_albums", "user_id"),
        ("user_downloaded_songs", "user_id"),
        ("user_artist_followings", "user_id"),
        ("payment_cards", "user_id"),
        ("premium_subscriptions", "user_id"),
        ("music_players", "user_id"),
        ("recommendations", "user_id"),
    ],
    ..AccountSpec::EMAIL
};

/// Spotify in the app list ([`crate::APPS`]).
pub struct Spotify;

impl crate::app::App for Spotify {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "A music streaming app: search and review songs, albums and artists, like and collect them, make playlists, play music from a queue, and subscribe to Premium.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Spotify",
                email: "notifications@spotify.com",
                phone: "1202556472",
            }),
        })
    }

    /// The APIs, in docs order. spotify's `show_account` (with `is_premium`) replaces the shared
    /// one.
    fn apis(&self) -> Vec<ApiSpec> {
        let mut all: Vec<ApiSpec> = crate::common::accounts::account_apis_for(APP, &ACCOUNTS)
            .into_iter()
            .map(|a| {
                if a.name == "show_account" {
                    premium::show_account_api()
                } else {
                    a
                }
            })
            .collect();
        all.extend(apis::all());
        all
    }

    /// Search tables (songs, albums and artists by their text and artist names, playlists by
    /// title, reviews by title and text), the triggers that keep the items' counters in step with
    /// their rows (`like_count` with the likes; `rating`, the mean of the reviews rounded as Python
    /// rounds, and `review_count` with the reviews), and indexes for the lookups by item.
    fn post_ddl(&self) -> Vec<String> {
        let artist_names = |row: &str| {
            format!(
                "(SELECT group_concat(a.name, ' ') FROM json_each({row}.artist_ids) AS j JOIN artists AS a ON a.id = j.value)"
            )
        };
        let mut ddl = sim::schema::fts_ddl(
            "songs",
            &format!(
                "appsim_search_text({{row}}.title, {{row}}.genre, {})",
                artist_names("{row}")
            ),
        );
        ddl.extend(sim::schema::fts_ddl(
            "albums",
            &format!(
                "appsim_search_text({{row}}.title, {{row}}.genre, {})",
                artist_names("{row}")
            ),
        ));
        ddl.extend(sim::schema::fts_ddl(
            "artists",
            "appsim_search_text({row}.name, {row}.genre)",
        ));
        ddl.extend(sim::schema::fts_ddl(
            "playlists",
            "appsim_search_text({row}.title)",
        ));
        for item in ["song", "album", "playlist"] {
            let (items, col) = (format!("{item}s"), format!("{item}_id"));
            ddl.extend(sim::schema::fts_ddl(
                &format!("{item}_reviews"),
                "appsim_search_text({row}.title, {row}.text)",
            ));
            let likes = format!("{item}_likes");
            ddl.push(format!(
                "CREATE INDEX IF NOT EXISTS {{s}}.\"{likes}_by_item\" ON \"{likes}\" (\"{col}\")"
            ));
            for (event, row) in [("INSERT", "NEW"), ("DELETE", "OLD")] {
                ddl.push(format!(
                    "CREATE TRIGGER IF NOT EXISTS {{s}}.\"{likes}_count_{event}\" AFTER {event} ON \"{likes}\" BEGIN \
                     UPDATE \"{items}\" SET like_count = (SELECT count(*) FROM \"{likes}\" WHERE \"{col}\" = {row}.\"{col}\") \
                     WHERE id = {row}.\"{col}\"; END"
                ));
            }
            let reviews = format!("{item}_reviews");
            for (event, row) in [
                ("INSERT", "NEW"),
                ("UPDATE OF rating", "NEW"),
                ("DELETE", "OLD"),
            ] {
                let name = event.split(' ').next().unwrap_or(event);
                ddl.push(format!(
                    "CREATE TRIGGER IF NOT EXISTS {{s}}.\"{reviews}_rating_{name}\" AFTER {event} ON \"{reviews}\" BEGIN \
                     UPDATE \"{items}\" SET (rating, review_count) = (SELECT \
                     coalesce(appsim_py_round(CAST(sum(rating) AS REAL) / count(*), 1), 0.0), count(*) \
                     FROM \"{reviews}\" WHERE \"{col}\" = {row}.\"{col}\") WHERE id = {row}.\"{col}\"; END"
                ));
            }
        }
        ddl.push(
            "CREATE INDEX IF NOT EXISTS {s}.\"user_artist_followings_by_artist\" ON \"user_artist_followings\" (artist_id)"
                .to_string(),
        );
        ddl.push(
            "CREATE INDEX IF NOT EXISTS {s}.\"songs_by_album\" ON \"songs\" (album_id)".to_string(),
        );
        ddl.push(sim::schema::index_ddl(
            "playlist_songs",
            &["playlist_id", "song_id"],
        ));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}
