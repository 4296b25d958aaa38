//! What the apps' seeds share: everyone's accounts with the companies' notifier accounts after
//! them, accounts of strangers, who knows whom, plausible past times, subscription histories and
//! the values that fill seed text templates.

use crate::app::Seeding;
use crate::common::accounts::{NewUser, Users};
use crate::people::Population;
use rusqlite::Connection;
use sim::rng::Rng;

/// The companies whose notifier accounts each app's users table holds after the people, in
/// AppWorld's order (phone's own order is [`PHONE_NOTIFIER_ORDER`]).
pub(crate) const NOTIFIER_ORDER: &[&str] = &[
    "amazon",
    "venmo",
    "splitwise",
    "spotify",
    "todoist",
    "simple_note",
    "file_system",
    "gmail",
    "phone",
];

/// The order of the notifier accounts in phone's users table.
const PHONE_NOTIFIER_ORDER: &[&str] = &[
    "amazon",
    "phone",
    "file_system",
    "spotify",
    "venmo",
    "gmail",
    "splitwise",
    "simple_note",
    "todoist",
];

/// Inserts accounts of people outside the population (see
/// [`Population::strangers`](crate::people::Population::strangers)) into `app`, ids from `first`
/// on, verified, each with a password nobody knows.
pub(crate) fn insert_strangers(
    db: &Connection,
    app: &str,
    first: i64,
    strangers: &[(String, String, String)],
    created: &str,
) -> rusqlite::Result<()> {
    let mut rng = Rng::derive(first as u64, app);
    for (id, (f, l, e)) in (first..).zip(strangers) {
        NewUser {
            app,
            id: Some(id),
            first_name: f,
            last_name: l,
            login_column: "email",
            login: e,
            password: &rng.alphanumeric(16),
            created_at: created,
            verified: Some(true),
            ..NewUser::default()
        }
        .insert(db)?;
    }
    Ok(())
}

/// A subscription history (Spotify Premium, Amazon Prime): back-to-back periods ending with
/// one still running at `now`, newest first, as `(start, end, yearly)`; a yearly plan is one
/// period of 365 days, a monthly one up to `max_months` periods of 30 days. Periods start at
/// midnight and end at 23:59:59, as the apps write them.
pub(crate) fn subscription_history(
    rng: &mut Rng,
    now: chrono::NaiveDateTime,
    yearly_share: f64,
    max_months: i64,
) -> Vec<(chrono::NaiveDateTime, chrono::NaiveDateTime, bool)> {
    use chrono::Duration;
    let yearly = rng.chance(yearly_share);
    let periods = if yearly {
        1
    } else {
        rng.range(1, max_months + 1)
    };
    let mut end = (now + Duration::days(rng.range(1, if yearly { 300 } else { 29 })))
        .date()
        .and_hms_opt(23, 59, 59)
        .unwrap_or(now);
    let mut out = Vec::new();
    for _ in 0..periods {
        let start = (end - Duration::days(if yearly { 365 } else { 30 }))
            .date()
            .and_hms_opt(0, 0, 0)
            .unwrap_or(now);
        out.push((start, end, yearly));
        end = start - Duration::seconds(1);
    }
    out
}

/// A person's password for `app` (as the supervisor app lists it).
pub(crate) fn password_of<'a>(p: &'a crate::people::Person, app: &str) -> &'a str {
    p.passwords
        .iter()
        .find(|(a, _)| a == app)
        .map(|(_, pw)| pw.as_str())
        .unwrap_or("password")
}

/// The people `id` knows, each with the relationship labels a phone contact would carry
/// (`wife`, `husband`, `child`, `parent`, `sibling`, `friend`, `roommate`, `coworker`,
/// `manager`), in id order. Phone contacts, Venmo friends and e-mail correspondents all come
/// from this one list, so the apps agree on who knows whom.
pub(crate) fn contacts_of(pop: &Population, id: i64) -> Vec<(i64, Vec<&'static str>)> {
    use crate::people::Relation;
    let mut by: std::collections::BTreeMap<i64, Vec<&'static str>> = Default::default();
    for (rel, other) in pop.relations_of(id) {
        let label = match rel {
            Relation::Husband => "husband",
            Relation::Wife => "wife",
            Relation::Child => "child",
            Relation::Parent => "parent",
            Relation::Sibling => "sibling",
            Relation::Friend => "friend",
            Relation::Roommate => "roommate",
            Relation::Coworker => "coworker",
            Relation::Manager => "manager",
        };
        let labels = by.entry(other).or_default();
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    by.into_iter().collect()
}

/// A time within `max_days` before `now`, at a plausible hour (07:00–22:59), never after `now`.
pub(crate) fn past_time(
    rng: &mut Rng,
    now: chrono::NaiveDateTime,
    max_days: i64,
) -> chrono::NaiveDateTime {
    let day = (now - chrono::Duration::days(rng.range(1, max_days.max(2)))).date();
    day.and_hms_opt(
        rng.range(7, 23) as u32,
        rng.range(0, 60) as u32,
        rng.range(0, 60) as u32,
    )
    .unwrap_or(now)
}

/// Values to fill `{placeholders}` of seed text templates, drawn once per message so a
/// question and its answer agree.
pub(crate) struct Fill {
    values: [(&'static str, String); 12],
}

impl Fill {
    /// Draws one value per placeholder.
    pub(crate) fn draw(rng: &mut Rng) -> Fill {
        const GROCERY: &[&str] = &[
            "milk",
            "eggs",
            "bread",
            "coffee",
            "paper towels",
            "olive oil",
            "bananas",
            "rice",
        ];
        const HOUR: &[&str] = &["7:30", "8 pm", "6:15", "noon", "5:30", "9", "10 am", "3 pm"];
        const EVENT: &[&str] = &[
            "dentist appointment",
            "parent-teacher meeting",
            "car service",
            "yoga class",
            "vet visit",
            "book club",
        ];
        const WEEKDAY: &[&str] = &[
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ];
        const RESTAURANT: &[&str] = &[
            "Luigi's",
            "Blue Lotus",
            "The Corner Bistro",
            "Taco Town",
            "Sakura Sushi",
            "Green Fork",
        ];
        const BILL: &[&str] = &["electricity", "internet", "water", "gas", "phone"];
        const ACTIVITY: &[&str] = &[
            "tennis",
            "the hike",
            "trivia night",
            "the movie",
            "climbing",
            "brunch",
        ];
        const BOOK: &[&str] = &[
            "Project Hail Mary",
            "Educated",
            "Atomic Habits",
            "The Midnight Library",
            "Dune",
        ];
        const CITY: &[&str] = &["Lisbon", "Denver", "Montreal", "Austin", "Kyoto", "Chicago"];
        const MEETING: &[&str] = &[
            "weekly sync",
            "design review",
            "planning meeting",
            "1:1",
            "client call",
        ];
        const DOC: &[&str] = &[
            "Q2 report",
            "budget",
            "proposal",
            "roadmap",
            "onboarding guide",
        ];
        let amount = format!("{}.{:02}", rng.range(12, 240), rng.range(0, 100));
        Fill {
            values: [
                ("grocery", rng.pick(GROCERY).to_string()),
                ("hour", rng.pick(HOUR).to_string()),
                ("event", rng.pick(EVENT).to_string()),
                ("weekday", rng.pick(WEEKDAY).to_string()),
                ("restaurant", rng.pick(RESTAURANT).to_string()),
                ("bill", rng.pick(BILL).to_string()),
                ("amount", amount),
                ("activity", rng.pick(ACTIVITY).to_string()),
                ("book", rng.pick(BOOK).to_string()),
                ("city", rng.pick(CITY).to_string()),
                ("meeting", rng.pick(MEETING).to_string()),
                ("doc", rng.pick(DOC).to_string()),
            ],
        }
    }

    /// The value drawn for `key`.
    pub(crate) fn get(&self, key: &str) -> &str {
        self.values
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or("")
    }

    /// `template` with every `{key}` replaced.
    pub(crate) fn apply(&self, template: &str) -> String {
        let mut out = template.to_string();
        for (k, v) in &self.values {
            out = out.replace(&format!("{{{k}}}"), v);
        }
        out
    }
}

/// When person `id` signed up for `app`: up to 400 days before `latest` (the app's seeding
/// time, before anything the person did in it), drawn per world seed, app and person, so
/// sign-ups spread over months instead of sharing one second.
pub(crate) fn signup_time(seed: u64, app: &str, id: i64, latest: &str) -> String {
    let latest = sim::clock::parse_datetime(latest).expect("seeding times parse");
    let mut rng = Rng::derive(seed ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), app);
    let back = chrono::Duration::seconds(rng.range(0, 400 * 24 * 3600));
    sim::clock::fmt_datetime(latest - back)
}

/// Inserts `app`'s accounts: one per person (user id = person id; logging in by e-mail, or by
/// phone number for phone) with their password for the app, then one per company notifier
/// (`<Company> Notifications`, password `adminpassword`; phone's in its own notifier order).
/// `verified` sets the column of apps that have one. Returns the first id after them.
pub(crate) fn insert_accounts(
    s: &Seeding,
    app: &str,
    created: &str,
    verified: bool,
) -> rusqlite::Result<i64> {
    let (db, pop) = (s.db, s.people);
    let account = NewUser {
        app,
        login_column: Users::login_column(app),
        created_at: created,
        verified: verified.then_some(true),
        ..NewUser::default()
    };
    for p in &pop.people {
        NewUser {
            id: Some(p.id),
            first_name: &p.first_name,
            last_name: &p.last_name,
            login: Users::login_of(app, p),
            password: password_of(p, app),
            created_at: &signup_time(s.seed, app, p.id, created),
            ..account
        }
        .insert(db)?;
    }
    let phone = app == "phone";
    let order = if phone {
        PHONE_NOTIFIER_ORDER
    } else {
        NOTIFIER_ORDER
    };
    let first = pop.people.len() as i64 + 1;
    for (id, company_app) in (first..).zip(order) {
        let n = s.notifier(company_app)?;
        NewUser {
            id: Some(id),
            first_name: n.company,
            last_name: "Notifications",
            login: if phone { n.phone } else { n.email },
            password: "adminpassword",
            ..account
        }
        .insert(db)?;
    }
    Ok(first + order.len() as i64)
}
