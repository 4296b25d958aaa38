//! Realistic SimpleNote content for each person: grocery lists, recipes, workout logs, book
//! notes and more, with concrete numbers so tasks can ask about them.

use crate::app::Seeding;
use crate::common::accounts::NewUser;
use crate::people::Person;
use chrono::{Duration, NaiveDateTime};
use sim::rng::Rng;

/// Everyone's account with their notes ([`notes_for`]), plus `extra_notes_per_person` archive
/// copies each for benchmark worlds.
pub fn install(s: &Seeding) -> rusqlite::Result<()> {
    let (db, pop) = (s.db, s.people);
    let now = sim::clock::default_now();
    for p in &pop.people {
        let uid = NewUser {
            app: "simple_note",
            first_name: &p.first_name,
            last_name: &p.last_name,
            login_column: "email",
            login: &p.email,
            password: crate::common::seeding::password_of(p, "simple_note"),
            created_at: &crate::common::seeding::signup_time(
                s.seed,
                "simple_note",
                p.id,
                "2021-05-01T10:00:00",
            ),
            verified: Some(true),
            ..NewUser::default()
        }
        .insert(db)?;
        let mut rng = Rng::derive(s.seed ^ p.id as u64, "simple_note");
        let mut titles = std::collections::HashSet::new();
        for n in notes_for(p, &mut rng, now) {
            titles.insert(n.title.clone());
            n.insert(db, uid, &n.title)?;
        }
        let mut round = 0;
        let mut added = 0;
        while added < s.extra_notes_per_person {
            round += 1;
            for n in notes_for(p, &mut rng, now) {
                if added >= s.extra_notes_per_person {
                    break;
                }
                let title = format!("{} (archive {round})", n.title);
                if titles.insert(title.clone()) {
                    n.insert(db, uid, &title)?;
                    added += 1;
                }
            }
        }
    }
    Ok(())
}

/// One note to insert.
#[derive(Debug, Clone, PartialEq)]
pub struct NoteSeed {
    /// Title, unique for the person.
    pub title: String,
    /// Content.
    pub content: String,
    /// Lower-case tags.
    pub tags: Vec<String>,
    /// Pinned?
    pub pinned: bool,
    /// Created.
    pub created_at: NaiveDateTime,
    /// Last updated (≥ created, ≤ now).
    pub updated_at: NaiveDateTime,
}

const GROCERIES: &[&str] = &[
    "eggs",
    "milk",
    "bread",
    "apples",
    "bananas",
    "chicken breast",
    "rice",
    "spinach",
    "tomatoes",
    "cheddar",
    "yogurt",
    "coffee",
    "pasta",
    "onions",
    "garlic",
    "avocados",
];
const DISHES: &[(&str, &[&str])] = &[
    (
        "Lemon Garlic Pasta",
        &["pasta", "lemon", "garlic", "olive oil", "parmesan"],
    ),
    (
        "Chicken Curry",
        &[
            "chicken thighs",
            "curry paste",
            "coconut milk",
            "onion",
            "rice",
        ],
    ),
    (
        "Veggie Omelette",
        &["eggs", "bell pepper", "spinach", "feta"],
    ),
    (
        "Banana Bread",
        &["bananas", "flour", "sugar", "butter", "eggs"],
    ),
    (
        "Tomato Soup",
        &["tomatoes", "onion", "vegetable stock", "basil", "cream"],
    ),
];
const BOOKS: &[(&str, &str)] = &[
    ("The Midnight Library", "Matt Haig"),
    ("Atomic Habits", "James Clear"),
    ("Project Hail Mary", "Andy Weir"),
    ("Educated", "Tara Westover"),
    ("Dune", "Frank Herbert"),
    ("Sapiens", "Yuval Noah Harari"),
];
const MONTHS: &[&str] = &["January", "February", "March", "April", "May"];
const MOVIES: &[&str] = &[
    "Inception",
    "Arrival",
    "Parasite",
    "Coco",
    "Whiplash",
    "Up",
    "Her",
    "Interstellar",
];

/// Notes for one person (4–14), titles unique, timestamps within the two years before `now`.
pub fn notes_for(person: &Person, rng: &mut Rng, now: NaiveDateTime) -> Vec<NoteSeed> {
    let mut out: Vec<NoteSeed> = Vec::new();
    let count = rng.range(4, 15);
    let mut attempts = 0;
    while (out.len() as i64) < count && attempts < 60 {
        attempts += 1;
        let (title, content, tags) = match rng.range(0, 7) {
            0 => {
                let day = rng.range(1, 29);
                let items: Vec<String> = (0..rng.range(4, 9))
                    .map(|_| format!("- {} x{}", rng.pick(GROCERIES), rng.range(1, 5)))
                    .collect();
                (
                    format!("Grocery List - May {day}"),
                    items.join("\n"),
                    vec!["groceries"],
                )
            }
            1 => {
                let (dish, ingredients) = rng.pick(DISHES);
                let serves = rng.range(2, 7);
                let steps: Vec<String> = ingredients
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("{}. Prepare the {x}.", i + 1))
                    .collect();
                (
                    format!("Recipe: {dish}"),
                    format!(
                        "Serves {serves}\nIngredients: {}\n{}",
                        ingredients.join(", "),
                        steps.join("\n")
                    ),
                    vec!["recipes"],
                )
            }
            2 => {
                let month_idx = rng.range(0, 5) as usize;
                let month = MONTHS[month_idx];
                let lines: Vec<String> = (0..rng.range(3, 8))
                    .map(|_| {
                        format!(
                            "2023-{:02}-{:02}: ran {:.1} km in {} min",
                            month_idx + 1,
                            rng.range(1, 29),
                            rng.range(20, 120) as f64 / 10.0,
                            rng.range(15, 70)
                        )
                    })
                    .collect();
                (
                    format!("Workout Log - {month} 2023"),
                    lines.join("\n"),
                    vec!["fitness"],
                )
            }
            3 => {
                let (book, author) = rng.pick(BOOKS);
                (
                    format!("Book Notes: {book}"),
                    format!(
                        "Author: {author}\nRating: {}/5\nThoughts: worth rereading chapter {}.",
                        rng.range(1, 6),
                        rng.range(1, 20)
                    ),
                    vec!["books"],
                )
            }
            4 => {
                let picks: Vec<String> = (0..rng.range(3, 6))
                    .map(|_| format!("- {}", rng.pick(MOVIES)))
                    .collect();
                (
                    "Movie Watchlist".to_string(),
                    picks.join("\n"),
                    vec!["movies"],
                )
            }
            5 => {
                let amounts: Vec<i64> = (0..4).map(|_| rng.range(50, 1500)).collect();
                let month = MONTHS[rng.range(0, 5) as usize];
                (
                    format!("Budget - {month}"),
                    format!(
                        "Rent: ${}\nGroceries: ${}\nUtilities: ${}\nFun: ${}",
                        amounts[0] + 900,
                        amounts[1],
                        amounts[2],
                        amounts[3]
                    ),
                    vec!["finance", "personal"],
                )
            }
            _ => (
                format!("Ideas for {}", person.first_name),
                format!(
                    "Start a {} club; ask {} to join.",
                    rng.pick(&["book", "running", "cooking"]),
                    rng.pick(&["Alex", "Sam", "Jordan"])
                ),
                vec!["ideas"],
            ),
        };
        if out.iter().any(|n| n.title == title) {
            continue;
        }
        let drawn = now - Duration::minutes(rng.range(60, 2 * 365 * 24 * 60));
        let created = within_titled_month(&title, drawn, now);
        let updated =
            created + Duration::minutes(rng.range(0, (now - created).num_minutes().max(1)));
        out.push(NoteSeed {
            title,
            content,
            tags: tags.into_iter().map(String::from).collect(),
            pinned: rng.chance(0.2),
            created_at: created,
            updated_at: updated.min(now),
        });
    }
    out
}

/// A note whose title names a month of 2023 ("Workout Log - March 2023") is written in that
/// month (before `now`): the drawn time moved into it, other notes keep theirs.
fn within_titled_month(title: &str, drawn: NaiveDateTime, now: NaiveDateTime) -> NaiveDateTime {
    let month = title
        .strip_prefix("Workout Log - ")
        .and_then(|rest| rest.strip_suffix(" 2023"))
        .and_then(|m| MONTHS.iter().position(|x| *x == m));
    let Some(start) = month.and_then(|m| {
        chrono::NaiveDate::from_ymd_opt(2023, m as u32 + 1, 1).and_then(|d| d.and_hms_opt(8, 0, 0))
    }) else {
        return drawn;
    };
    let end = (start + Duration::days(28)).min(now);
    if start >= end {
        return drawn;
    }
    let span = (end - start).num_minutes().max(1);
    start + Duration::minutes((drawn - start).num_minutes().rem_euclid(span))
}

impl NoteSeed {
    /// Inserts the note as one of the account `user_id`'s, titled `title` (its own title, or
    /// an archive copy's); returns its id.
    pub fn insert(
        &self,
        db: &rusqlite::Connection,
        user_id: i64,
        title: &str,
    ) -> rusqlite::Result<i64> {
        super::rows::NewNote {
            user_id,
            title,
            content: &self.content,
            tags: &serde_json::json!(self.tags).to_string(),
            created_at: &sim::clock::fmt_datetime(self.created_at),
            updated_at: &sim::clock::fmt_datetime(self.updated_at),
            pinned: self.pinned,
        }
        .insert(db)
    }
}
