//! Scenarios of the "(trips)" set: cross-app tasks around trips with friends and other life
//! events. A trip here is what the world's trips are (`apps::plans`): a Splitwise group
//! `<City> Trip <year>`, an itinerary and receipts under `~/documents/trips/<city_yyyy_mm>/`,
//! a Todoist project `Trip to <City>` shared by the travellers, texts among them. The set
//! covers turning an itinerary into assigned Todoist tasks, texting and requesting what each
//! traveller owes, recording the receipts a group is missing, wrapping a trip up (project,
//! folder, balances), a cost note from receipts, a road-trip playlist from texted songs and a
//! friend's birthday. Every name ends with " (trips)" so `TASKS_ONLY='(trips)'` selects them.

mod birthday;
mod cost_note;
mod itinerary_todos;
mod missing_receipts;
mod moving_out;
mod road_trip_playlist;
mod text_and_request;
mod wrap_up;

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::{allow_added, allow_own};
use crate::kit::money::{c2, usd};
use crate::kit::people::distinct_friends;
use crate::kit::phone::sent_texts;
use crate::model::{Allow, Split};
use crate::scenarios::{Gen, Scenario, build};
use crate::setup::Setup;
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "assign the itinerary's to-dos in the trip project (trips)",
            split: Split::Train,
            difficulty: 3,
            build: build::<itinerary_todos::Values>,
        },
        Scenario {
            name: "text and request what each traveller owes (trips)",
            split: Split::Train,
            difficulty: 2,
            build: build::<text_and_request::Values>,
        },
        Scenario {
            name: "record the trip receipts missing from the group (trips)",
            split: Split::Train,
            difficulty: 3,
            build: build::<missing_receipts::Values>,
        },
        Scenario {
            name: "wrap up a trip: project, folder and balances (trips)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<wrap_up::Values>,
        },
        Scenario {
            name: "note a trip's costs by category from the receipts (trips)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<cost_note::Values>,
        },
        Scenario {
            name: "road-trip playlist from the songs travellers texted (trips)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<road_trip_playlist::Values>,
        },
        Scenario {
            name: "a friend's next birthday: Venmo, text and a card task (trips)",
            split: Split::Train,
            difficulty: 3,
            build: build::<birthday::Values>,
        },
        Scenario {
            name: "moving out: pay and leave the Roommates group, text friends (trips)",
            split: Split::Dev,
            difficulty: 3,
            build: build::<moving_out::Values>,
        },
    ]
}

/// A supervisor with at least `n` distinct friends, and `n` of them (shuffled).
fn with_friends(g: &mut Gen, n: usize) -> (Person, Vec<Person>) {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= n);
    let mut f = distinct_friends(pop, &p);
    g.rng.shuffle(&mut f);
    f.truncate(n);
    (p, f)
}

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

fn at(d: NaiveDate, h: u32) -> NaiveDateTime {
    d.and_hms_opt(h, 15, 0).unwrap_or_default()
}

/// A trip folder's name: `santa_fe_2023_06`.
fn folder(city: &str, start: NaiveDate) -> String {
    format!(
        "{}_{}",
        city.to_lowercase().replace(' ', "_"),
        start.format("%Y_%m")
    )
}

fn allow_notifications(app: &'static str) -> Allow {
    allow_added(
        format!("{app} notifications"),
        app,
        "notifications",
        |_, _| true,
    )
}

/// What the supervisor's Venmo payments write (`what` describes them): the transactions,
/// wallet balances and Venmo's notifications.
fn allow_venmo_payments(what: &'static str) -> [Allow; 3] {
    [
        allow_own(what, "venmo", "transactions", "sender_id"),
        Allow::new("Venmo wallet balances", |_, r| {
            r.is("venmo", "users")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns().iter().all(|c| c == "venmo_balance")
        }),
        allow_notifications("venmo"),
    ]
}

/// The supervisor's settling payments on Splitwise and Splitwise's notifications.
fn allow_settling() -> [Allow; 2] {
    [
        allow_own(
            "the supervisor's settling payments",
            "splitwise",
            "payments",
            "user_id",
        ),
        allow_notifications("splitwise"),
    ]
}

/// Texts only to these phone accounts: the first text to anyone else, named.
fn texts_only_to(ctx: &EvalCtx, ids: &[Option<i64>]) -> Result<(), String> {
    match sent_texts(ctx).iter().find(|t| !ids.contains(&Some(t.0))) {
        Some(t) => Err(format!("a text to phone user {}", t.0)),
        None => Ok(()),
    }
}

/// An itinerary as the supervisor wrote it: the to-do list names people as the supervisor's
/// phone shows them (`me` for the supervisor).
fn itinerary(
    city: &str,
    start: NaiveDate,
    nights: i64,
    names: &[String],
    todos: &[(String, String, NaiveDate)],
    days: &[&str],
) -> String {
    let mut s = format!(
        "Trip to {city}\nDates: {} to {}\nTravelers: {}\n\nBefore we leave:\n",
        start.format("%Y-%m-%d"),
        (start + Duration::days(nights)).format("%Y-%m-%d"),
        names.join(", ")
    );
    for (t, who, due) in todos {
        s.push_str(&format!("- {t} ({who}, by {})\n", due.format("%Y-%m-%d")));
    }
    s.push_str("\nDay by day:\n");
    for (i, d) in days.iter().enumerate() {
        s.push_str(&format!(
            "- {}: {d}\n",
            (start + Duration::days(i as i64)).format("%a %b %d")
        ));
    }
    s
}

/// A restaurant receipt as the trip receipts read.
fn dinner_receipt(place: &str, city: &str, d: NaiveDate, guests: usize, cents: i64) -> String {
    format!(
        "{place}, {city}\nDate: {}\nGuests: {guests}\nTotal: ${}",
        d.format("%Y-%m-%d"),
        c2(cents)
    )
}

/// Adds these expenses to the Splitwise group `gid`, each split equally among `all`:
/// (payer, description, cents, when).
fn add_expenses(
    s: &Setup,
    gid: i64,
    all: &[&Person],
    expenses: &[(&Person, &str, i64, NaiveDateTime)],
) -> rusqlite::Result<()> {
    for (payer, what, cents, when) in expenses {
        s.add_splitwise_expense(Some(gid), payer, all, what, usd(*cents), *when)?;
    }
    Ok(())
}
