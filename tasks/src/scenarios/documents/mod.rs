//! Scenarios of the "(documents)" set: file_system-centred chores that cross into other apps.
//! The agent tidies folders (sorting downloads by type, renaming receipts date-first from the
//! date inside them, removing duplicate files and noting what went), answers a friend's text by
//! copying the files they asked for and texting the paths back, and turns files into rows of
//! other apps. Hurdles: files in sub-folders that must (or must not) be touched, dates that live
//! in the content rather than in the file's timestamps, near-duplicates, older trips of the same
//! city, a friend under a nickname and distractor texts.

mod archive_trips;
mod dedupe_downloads;
mod playlist_from_file;
mod rename_receipts;
mod review_tasks;
mod sort_downloads;
mod texted_files;
mod trip_notes;
mod venmo_csv;

use crate::kit::changes::allow_added;
use crate::kit::files::{end_files, own_row_under};
use crate::kit::notes::is_own_note;
use crate::kit::python::{ALL_PAGES, LOGIN_ANY};
use crate::model::{Allow, Check, Split};
use crate::scenarios::{Scenario, SetupStep, build, step};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "sort downloads into folders by file type (documents)",
            split: Split::Train,
            difficulty: 2,
            build: build::<sort_downloads::Values>,
        },
        Scenario {
            name: "rename receipts date-first (documents)",
            split: Split::Train,
            difficulty: 2,
            build: build::<rename_receipts::Values>,
        },
        Scenario {
            name: "delete duplicate downloads and note them (documents)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<dedupe_downloads::Values>,
        },
        Scenario {
            name: "copy the files a friend texted about (documents)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<texted_files::Values>,
        },
        Scenario {
            name: "a note per upcoming trip from its itinerary (documents)",
            split: Split::Train,
            difficulty: 2,
            build: build::<trip_notes::Values>,
        },
        Scenario {
            name: "archive the folders of past trips (documents)",
            split: Split::Dev,
            difficulty: 3,
            build: build::<archive_trips::Values>,
        },
        Scenario {
            name: "a Todoist task per file to review (documents)",
            split: Split::Train,
            difficulty: 2,
            build: build::<review_tasks::Values>,
        },
        Scenario {
            name: "a CSV of a month's Venmo payments (documents)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<venmo_csv::Values>,
        },
        Scenario {
            name: "a Spotify playlist from a song list file (documents)",
            split: Split::Train,
            difficulty: 2,
            build: build::<playlist_from_file::Values>,
        },
    ]
}

/// Logins and `all_pages`, with `fs` the file_system token.
fn fs_login() -> String {
    format!("{LOGIN_ANY}\n{ALL_PAGES}\nfs = login(\"file_system\")")
}

/// Allows any change of the supervisor's files and directories under `prefixes` (the checks
/// say what must be there at the end).
fn allow_fs_under(prefixes: &[&str]) -> Allow {
    let prefixes: Vec<String> = prefixes.iter().map(|p| p.to_string()).collect();
    Allow::new(
        format!(
            "changes of the supervisor's files under {}",
            prefixes.join(", ")
        ),
        move |ctx, r| own_row_under(ctx, r, &prefixes),
    )
}

/// The setup step of a task over the supervisor's files: it writes `setup_files` (the task
/// allows any change under its folder with [`allow_fs_under`]; the checks say what must be
/// there at the end).
fn files_step(supervisor: &Person, setup_files: &[(String, String, NaiveDateTime)]) -> SetupStep {
    let (sup, files) = (supervisor.clone(), setup_files.to_vec());
    step(move |s| s.add_dated_files(&sup, &files))
}

/// Checks that each `(path, content)` is among the files at the end.
fn files_at(name: String, want: Vec<(String, String)>) -> Check {
    Check::new(name, move |ctx| {
        let files = end_files(ctx);
        for (path, content) in &want {
            match files.get(path) {
                None => return Err(format!("no file at {path}")),
                Some(c) if c != content => return Err(format!("{path} has other content")),
                Some(_) => {}
            }
        }
        Ok(())
    })
}

/// The last part of a path.
fn base(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path)
}

/// A file of `path` and `content` dated `days_ago` days before `now`.
fn dated(
    now: NaiveDateTime,
    path: &str,
    content: &str,
    days_ago: i64,
) -> (String, String, NaiveDateTime) {
    (
        path.to_string(),
        content.to_string(),
        now - Duration::days(days_ago) - Duration::minutes(41 * days_ago % 500),
    )
}

/// A receipt's text.
fn receipt(to: &str, what: &str, amount: &str, date: &str) -> String {
    format!("Receipt\nPaid to: {to}\nFor: {what}\nAmount: ${amount}\nDate: {date}\nMethod: Card")
}

/// Allows the supervisor's new notes.
fn allow_new_notes() -> Allow {
    allow_added(
        "the supervisor's new notes",
        "simple_note",
        "notes",
        is_own_note,
    )
}

/// A designed trip: city, country, first day, last day, lodging.
struct TripPlan {
    city: &'static str,
    country: &'static str,
    start: &'static str,
    end: &'static str,
    stay: &'static str,
}

impl TripPlan {
    /// `city_yyyy_mm`, as the base world names trip folders.
    fn folder(&self) -> String {
        format!(
            "{}_{}",
            self.city.to_lowercase().replace(' ', "_"),
            self.start[..7].replace('-', "_")
        )
    }

    /// The day the lodging deposit was paid: eight weeks before the trip.
    fn deposit_day(&self) -> String {
        let first = chrono::NaiveDate::parse_from_str(self.start, "%Y-%m-%d").unwrap_or_default();
        (first - Duration::days(56)).format("%Y-%m-%d").to_string()
    }

    /// The itinerary's text (the base world's shape), for `who` (travellers).
    fn itinerary(&self, who: &str, cancelled: bool) -> String {
        let first = chrono::NaiveDate::parse_from_str(self.start, "%Y-%m-%d").unwrap_or_default();
        let last = chrono::NaiveDate::parse_from_str(self.end, "%Y-%m-%d").unwrap_or_default();
        let nights = (last - first).num_days();
        let mut plan = String::new();
        if cancelled {
            plan.push_str("CANCELLED - bookings refunded\n\n");
        }
        plan.push_str(&format!(
            "Trip to {}, {}\nDates: {} to {} ({nights} nights)\nStaying at: {}\nTravelers: {who}\n\nPlan:\n",
            self.city, self.country, self.start, self.end, self.stay
        ));
        for d in 0..=nights {
            let day = first + Duration::days(d);
            let what = match d {
                0 => "Arrive, check in, dinner nearby",
                x if x == nights => "Check out and travel home",
                _ => "Walking tour and local food market",
            };
            plan.push_str(&format!("- {}: {what}\n", day.format("%a %b %d")));
        }
        plan.trim_end().to_string()
    }
}

const KYOTO: TripPlan = TripPlan {
    city: "Kyoto",
    country: "Japan",
    start: "2022-09-27",
    end: "2022-09-30",
    stay: "Gion machiya house",
};

const REYKJAVIK: TripPlan = TripPlan {
    city: "Reykjavik",
    country: "Iceland",
    start: "2023-03-10",
    end: "2023-03-14",
    stay: "Harbour View Guesthouse",
};

const CHICAGO: TripPlan = TripPlan {
    city: "Chicago",
    country: "USA",
    start: "2023-05-12",
    end: "2023-05-15",
    stay: "The Loop Hotel",
};

const LISBON: TripPlan = TripPlan {
    city: "Lisbon",
    country: "Portugal",
    start: "2023-06-09",
    end: "2023-06-12",
    stay: "Casa do Rio",
};

const OAXACA: TripPlan = TripPlan {
    city: "Oaxaca",
    country: "Mexico",
    start: "2023-07-01",
    end: "2023-07-05",
    stay: "Casa Azul",
};

const ANTWERP: TripPlan = TripPlan {
    city: "Antwerp",
    country: "Belgium",
    start: "2022-04-14",
    end: "2022-04-17",
    stay: "Diamond Quarter Inn",
};

/// Python that sets `today` (YYYY-MM-DD) from the phone's clock; needs `ph`.
const TODAY_PY: &str = "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").strftime(\"%Y-%m-%d\")";
