//! Shopping and music scenarios: amazon (buying a variant as a gift, returns named in a note,
//! spending on work orders, a wish list with promo codes from a text, an order shared on
//! Splitwise) and spotify (a playlist of a genre's top songs with its link texted, an album a
//! friend texted about, a friend's public playlist, the player, questions about playlists),
//! crossing with phone, simple_note, splitwise and file_system. Amazon scenarios end with
//! " (shop)", spotify ones with " (music)", so `TASKS_ONLY='(shop)'` and `TASKS_ONLY='(music)'`
//! select them.
//!
//! The catalog rows a task names (products, orders, playlists) are added by the setup under
//! designed names, so instructions and answers are known when the task is built; rows a task
//! only refers to indirectly (an album, songs) are picked by deterministic queries over the
//! catalog, which the setup and the checks run alike.

mod birthday_gift;
mod damaged_returns;
mod friend_playlist_artists;
mod genre_playlist;
mod order_on_splitwise;
mod play_album;
mod playlist_question;
mod texted_album;
mod wish_list_promo;
mod work_orders;

use crate::diff::ChangeKind;
use crate::kit::changes::allow_added;
use crate::kit::python::{ALL_PAGES, LOGIN_ANY};
use crate::kit::spotify::{allow_new_playlist, new_playlists};
use crate::model::{Allow, Split};
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "buy a birthday gift in a colour and ship it (shop)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<birthday_gift::Values>,
        },
        Scenario {
            name: "return the damaged items named in a note (shop)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<damaged_returns::Values>,
        },
        Scenario {
            name: "what the orders shipped to work cost (shop)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<work_orders::Values>,
        },
        Scenario {
            name: "wish list under a budget with the best promo code (shop)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<wish_list_promo::Values>,
        },
        Scenario {
            name: "share an order for the flat on Splitwise (shop)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<order_on_splitwise::Values>,
        },
        Scenario {
            name: "playlist of a genre's top songs, link texted (music)",
            split: Split::Train,
            difficulty: 3,
            build: build::<genre_playlist::Values>,
        },
        Scenario {
            name: "save and like the album a friend texted about (music)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<texted_album::Values>,
        },
        Scenario {
            name: "follow the artists of a friend's playlist (music)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<friend_playlist_artists::Values>,
        },
        Scenario {
            name: "replace the queue with an album (music)",
            split: Split::Train,
            difficulty: 1,
            build: build::<play_album::Values>,
        },
        Scenario {
            name: "which playlist has the most songs (music)",
            split: Split::Train,
            difficulty: 1,
            build: build::<playlist_question::Values>,
        },
    ]
}

/// Python that finds a contact by first (and last) name: `find_contact(first, last)`.
const FIND_CONTACT: &str = r#"def find_contact(first, last=None):
    hits = apis.phone.search_contacts(access_token=ph, query=first if last is None else first + " " + last, page_limit=20)
    return [c for c in hits if c["first_name"] == first and (last is None or c["last_name"] == last)][0]"#;

/// The supervisor's friends (ids), in id order.
fn friends(g: &Gen, p: &Person) -> Vec<i64> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == Relation::Friend)
        .map(|(_, id)| id)
        .collect()
}

/// A supervisor who has someone with the relation `rel`.
fn supervisor_with(g: &mut Gen, rel: Relation) -> Person {
    let pop = g.population;
    g.supervisor_where(|p| pop.relations_of(p.id).iter().any(|(r, _)| *r == rel))
}

/// The first step of the theme's scripts: `login`, `all_pages`, `find_contact`, and a token
/// per (variable, app) of `tokens` (`sp = login("spotify")`).
fn logins_for(tokens: &[(&str, &str)]) -> String {
    let mut out = format!("{LOGIN_ANY}\n{ALL_PAGES}\n{FIND_CONTACT}");
    for (var, app) in tokens {
        out.push_str(&format!("\n{var} = login(\"{app}\")"));
    }
    out
}

/// Nicknames a contact may be saved under.
const NICKNAMES: &[&str] = &["Bunny", "Sunny", "Coco", "Ace", "Moose", "Peanut", "Ziggy"];

/// The seller of every designed product.
const SELLER: i64 = 4;

/// An order a task adds for the question: (when, address name, lines (units, price,
/// returned, wrapped), delivery fee, discount).
type DesignedOrder = (
    NaiveDateTime,
    &'static str,
    Vec<(i64, f64, i64, i64)>,
    f64,
    f64,
);

/// What an order costs as amazon computes it: the items plus 10 % tax, fees, less discount.
fn paid(o: &DesignedOrder) -> f64 {
    let base: f64 = o.2.iter().map(|l| l.1 * l.0 as f64).sum();
    let wraps: i64 = o.2.iter().map(|l| l.3).sum();
    sim::num::round2(base + sim::num::round2(base * 0.1) + 5.0 * wraps as f64 + o.3 - o.4)
}

/// Allows the supervisor's new playlists and the songs put in them.
fn allow_new_playlists() -> Vec<Allow> {
    vec![
        allow_new_playlist(),
        allow_added(
            "songs of the new playlist",
            "spotify",
            "playlist_songs",
            |ctx, r| {
                new_playlists(ctx)
                    .iter()
                    .any(|p| r.get("playlist_id").as_i64() == Some(p.id))
            },
        ),
    ]
}

/// Allows a catalog counter (`like_count`, ...) of `table` to follow the supervisor's likes.
fn allow_counter(table: &'static str) -> Allow {
    Allow::new(format!("like counts of spotify.{table}"), move |_, r| {
        r.is("spotify", table)
            && r.kind() == ChangeKind::Updated
            && r.changed_columns().iter().all(|c| c == "like_count")
    })
}
