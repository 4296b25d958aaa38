//! Spotify-centred scenarios crossing with simple_note, phone, todoist, venmo and file_system:
//! a playlist built from a note's song titles (near-miss versions of each title, hits spread
//! over several search pages), songs of an artist a friend texted about taken off a shared
//! playlist, an album's songs rated from a note, followed artists pruned against the library,
//! a trip playlist downloaded from a to-do, one playlist merged into another, and half of the
//! Premium subscription asked from the spouse on Venmo. Names end with " (playlists)".
//!
//! Catalog rows are picked by deterministic queries of [`crate::kit::spotify`] (keyed by the
//! variant and supervisor) that the setup and the checks run alike; designed rows (playlists,
//! notes, texts, to-dos, subscriptions) are written by the setup, so instructions are known
//! when a task is built.

mod album_ratings;
mod artist_off_playlist;
mod merge_playlists;
mod note_playlist;
mod premium_half;
mod recommended_genre;
mod texted_playlist_count;
mod trip_downloads;
mod unfollow_idle;

use crate::kit::people::related_ids;
use crate::kit::time::days_ago;
use crate::model::Split;
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Relation};
use apps::simple_note::seed::NoteSeed;
use chrono::NaiveDateTime;
use std::collections::BTreeSet;
use std::marker::PhantomData;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "playlist from the song titles in a note (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: build::<note_playlist::Values>,
        },
        Scenario {
            name: "take a texted artist off a shared playlist (playlists)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<artist_off_playlist::Values>,
        },
        Scenario {
            name: "merge one playlist into another and delete it (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: build::<merge_playlists::Values>,
        },
        Scenario {
            name: "ask my spouse for half of our Premium (playlists)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<premium_half::Values>,
        },
        Scenario {
            name: "download the trip playlist a to-do names (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: build::<trip_downloads::Values>,
        },
        Scenario {
            name: "rate an album's songs from a note (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: build::<album_ratings::Values>,
        },
        Scenario {
            name: "unfollow artists with no songs in my library (playlists)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<unfollow_idle::Values>,
        },
        Scenario {
            name: "playlist of my recommended songs in a genre, link to a note's people (playlists)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<recommended_genre::Values>,
        },
        Scenario {
            name: "how many songs of a texted playlist I have (playlists)",
            split: Split::Train,
            difficulty: 2,
            build: build::<texted_playlist_count::Values>,
        },
    ]
}

/// A supervisor with a friend, and the first of their friends.
fn supervisor_with_friend(g: &mut Gen) -> (Person, Person) {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| *r == Relation::Friend)
    });
    let friend = g.person(related_ids(g.population, &p, Relation::Friend)[0]);
    (p, friend)
}

/// What a variant over the supervisor's notes and library drew, for the scenario `S` (each
/// scenario its own type, so that each is its own design).
struct NotesDraw<S> {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// The key of the variant's catalog picks.
    key: i64,
    /// The supervisor's other notes.
    filler: Vec<NoteSeed>,
    scenario: PhantomData<S>,
}

/// A supervisor, the key `id * per_person + variant * per_variant` and five other notes
/// (none titled as in `avoid`).
fn notes_draw<S>(g: &mut Gen, per_person: i64, per_variant: i64, avoid: &[&str]) -> NotesDraw<S> {
    let p = g.supervisor();
    let variant = g.variant;
    let key = p.id * per_person + i64::from(variant) * per_variant;
    let filler = g.filler(&p, 5, &[], avoid);
    NotesDraw {
        variant,
        supervisor: p,
        now: g.now,
        key,
        filler,
        scenario: PhantomData,
    }
}

/// A missing row, as a setup error.
fn missing() -> rusqlite::Error {
    rusqlite::Error::QueryReturnedNoRows
}

/// A note dated `days` days before `now`.
fn note_seed(title: &str, content: &str, tags: &[&str], now: NaiveDateTime, days: i64) -> NoteSeed {
    let at = days_ago(now, days, 21, 5);
    NoteSeed {
        title: title.to_string(),
        content: content.to_string(),
        tags: tags.iter().map(|t| t.to_string()).collect(),
        pinned: false,
        created_at: at,
        updated_at: at,
    }
}

/// Sorted ids.
fn sorted(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v
}

/// Ok when `got` equals `want`, else the difference.
fn same_set(got: &[i64], want: &[i64]) -> Result<(), String> {
    let (g, w) = (sorted(got.to_vec()), sorted(want.to_vec()));
    if g == w {
        return Ok(());
    }
    let gs: BTreeSet<i64> = g.iter().copied().collect();
    let ws: BTreeSet<i64> = w.iter().copied().collect();
    Err(format!(
        "{} rows; missing {:?}, extra {:?}",
        g.len(),
        ws.difference(&gs).collect::<Vec<_>>(),
        gs.difference(&ws).collect::<Vec<_>>()
    ))
}

/// Python that defines `find_contact(first, last)` (needs `ph`).
const FIND_CONTACT: &str = r#"def find_contact(first, last):
    hits = all_pages(apis.phone.search_contacts, access_token=ph, query=first + " " + last)
    return [c for c in hits if c["first_name"] == first and c["last_name"] == last][0]"#;

/// Python that defines `find_playlist(title)`: the supervisor's playlist with this title.
const FIND_PLAYLIST: &str = r#"def find_playlist(title):
    return [p for p in all_pages(apis.spotify.show_playlist_library, access_token=sp) if p["title"] == title][0]"#;
