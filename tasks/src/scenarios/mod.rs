//! Scenario templates. A scenario builds its three tasks (a contrast set: same template,
//! different people, values and sometimes a different right action) from the world's people.
//!
//! Each scenario is a function from a [`Gen`] (variant, seeded random stream, people) to
//! [`Parts`]; [`Scenario::task`] turns the parts into a [`Task`] whose setup makes the chosen
//! person the supervisor, replaces their notes with the designed set (if any) and runs the
//! scenario's own setup steps ([`Parts::setup`]: rows of any app, through `crate::setup`).

mod bills_split;
mod comms;
mod contacts;
mod docs_profile;
mod documents;
mod errands;
mod groups;
mod household;
mod inbox;
mod money;
mod notes_edit;
mod notes_qa;
mod orders;
mod playlists;
mod projects;
mod shop_music;
mod trips;

use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::model::{Allow, Answer, Check, Solution, Split, Task};
use apps::people::{Person, Population};
use apps::simple_note::seed::NoteSeed;
use chrono::{Duration, NaiveDateTime};
use rusqlite::{Connection, OptionalExtension};
use serde_json::Value;
use sim::rng::Rng;
use std::collections::BTreeSet;
use std::sync::Arc;

/// A task template with its split and difficulty.
pub struct Scenario {
    /// Readable name (also what the 7-hex id is derived from).
    pub name: &'static str,
    /// Split of all three tasks.
    pub split: Split,
    /// Difficulty 1–3.
    pub difficulty: u8,
    /// Builds one variant.
    pub build: fn(&mut Gen) -> Parts,
}

/// Every scenario.
pub fn all() -> Vec<Scenario> {
    let mut v = Vec::new();
    v.extend(notes_qa::scenarios());
    v.extend(notes_edit::scenarios());
    v.extend(docs_profile::scenarios());
    v.extend(bills_split::scenarios());
    v.extend(money::scenarios());
    v.extend(comms::scenarios());
    v.extend(shop_music::scenarios());
    v.extend(playlists::scenarios());
    v.extend(orders::scenarios());
    v.extend(inbox::scenarios());
    v.extend(projects::scenarios());
    v.extend(documents::scenarios());
    v.extend(groups::scenarios());
    v.extend(trips::scenarios());
    v.extend(contacts::scenarios());
    v.extend(household::scenarios());
    v.extend(errands::scenarios());
    v
}

/// One step of a scenario's setup: rows of any app, written through [`crate::setup::Setup`].
pub type SetupStep =
    Arc<dyn Fn(&crate::setup::Setup) -> rusqlite::Result<()> + Send + Sync + 'static>;

/// Wraps a closure as a [`SetupStep`].
pub fn step(
    f: impl Fn(&crate::setup::Setup) -> rusqlite::Result<()> + Send + Sync + 'static,
) -> SetupStep {
    Arc::new(f)
}

/// What a scenario variant defines.
pub struct Parts {
    /// The supervisor.
    pub supervisor: i64,
    /// The instruction.
    pub instruction: String,
    /// The supervisor's notes after setup (None: keep the base world's notes).
    pub notes: Option<Vec<NoteSeed>>,
    /// Expected answer.
    pub answer: Option<Answer>,
    /// Ground-truth cells.
    pub ground_truth: Vec<String>,
    /// Wrong solutions.
    pub wrong: Vec<Solution>,
    /// Task-specific checks.
    pub checks: Vec<Check>,
    /// Expected or allowed changes.
    pub allowed: Vec<Allow>,
    /// Apps used.
    pub apps: Vec<&'static str>,
    /// Setup steps after the supervisor and notes are installed, in order.
    pub setup: Vec<SetupStep>,
}

impl Parts {
    /// Parts with the given supervisor and instruction, everything else empty.
    pub fn new(supervisor: &Person, instruction: impl Into<String>) -> Parts {
        Parts {
            supervisor: supervisor.id,
            instruction: instruction.into(),
            notes: None,
            answer: None,
            ground_truth: Vec::new(),
            wrong: Vec::new(),
            checks: Vec::new(),
            allowed: Vec::new(),
            apps: vec!["simple_note"],
            setup: Vec::new(),
        }
    }
}

/// The generator state of one variant.
pub struct Gen<'a> {
    /// 1, 2 or 3.
    pub variant: u8,
    /// Random stream of this scenario and variant.
    pub rng: Rng,
    /// The world's people.
    pub population: &'a Population,
    /// The task's clock.
    pub now: NaiveDateTime,
}

impl Gen<'_> {
    /// A supervisor for this variant: different people for the three variants of a scenario
    /// (people 2.. so that the base world's supervisor is not always the one).
    pub fn supervisor(&mut self) -> Person {
        let n = self.population.people.len() as i64;
        let pick = self.rng.range(1, n / 3);
        let idx = (pick + i64::from(self.variant - 1) * (n / 3)) as usize % n as usize;
        self.population.people[idx].clone()
    }

    /// A supervisor for this variant among the people `fits` accepts (different people for
    /// the three variants when there are enough); panics if nobody fits, which is a broken
    /// scenario.
    pub fn supervisor_where(&mut self, fits: impl Fn(&Person) -> bool) -> Person {
        let pool: Vec<&Person> = self.population.people.iter().filter(|p| fits(p)).collect();
        assert!(!pool.is_empty(), "no person fits this scenario");
        let third = (pool.len() / 3).max(1);
        let pick = self.rng.range(0, third as i64) as usize;
        pool[(pick + usize::from(self.variant - 1) * third) % pool.len()].clone()
    }

    /// The person with id `id`.
    pub fn person(&self, id: i64) -> Person {
        self.population.people[(id - 1) as usize].clone()
    }

    /// `n` everyday notes of `person` (the base world's kinds) that avoid `avoid_tags` and
    /// `avoid_titles`, as distractors around the task's own notes.
    pub fn filler(
        &mut self,
        person: &Person,
        n: usize,
        avoid_tags: &[&str],
        avoid_titles: &[&str],
    ) -> Vec<NoteSeed> {
        let mut out: Vec<NoteSeed> = Vec::new();
        for _ in 0..8 {
            for note in apps::simple_note::seed::notes_for(person, &mut self.rng, self.now) {
                let clash = note.tags.iter().any(|t| avoid_tags.contains(&t.as_str()))
                    || avoid_titles.contains(&note.title.as_str())
                    || out.iter().any(|o| o.title == note.title);
                if !clash && out.len() < n {
                    out.push(note);
                }
            }
            if out.len() >= n {
                break;
            }
        }
        out
    }

    /// A note created `days_ago` days before the task's clock (updated then too).
    pub fn note(
        &self,
        title: &str,
        content: &str,
        tags: &[&str],
        pinned: bool,
        days_ago: i64,
    ) -> NoteSeed {
        let at = self.now - Duration::days(days_ago) - Duration::minutes(37 * days_ago % 600);
        NoteSeed {
            title: title.to_string(),
            content: content.to_string(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            pinned,
            created_at: at,
            updated_at: at,
        }
    }
}

/// Interleaves `b` into `a` deterministically (so task notes are not all at the end).
pub fn mix(rng: &mut Rng, mut a: Vec<NoteSeed>, b: Vec<NoteSeed>) -> Vec<NoteSeed> {
    for n in b {
        let at = rng.range(0, a.len() as i64 + 1) as usize;
        a.insert(at, n);
    }
    a
}

impl Scenario {
    /// The scenario's 7-hex id (from its name).
    pub fn id(&self) -> String {
        use sha2::Digest;
        let h = sha2::Sha256::digest(self.name.as_bytes());
        h.iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
            .chars()
            .take(7)
            .collect()
    }

    /// Builds variant `variant` (1–3) for the world of `population`.
    pub fn task(&self, variant: u8, population: &Population) -> Task {
        let id = self.id();
        let mut g = Gen {
            variant,
            rng: Rng::derive(u64::from(variant), &format!("task:{}", self.name)),
            population,
            now: sim::clock::default_now(),
        };
        let parts = (self.build)(&mut g);
        let supervisor = parts.supervisor;
        let instruction = parts.instruction.clone();
        let notes = parts.notes.clone();
        let steps = parts.setup.clone();
        let setup = Arc::new(move |s: &crate::setup::Setup| {
            let person = s.person(supervisor)?;
            s.install_supervisor(person, &instruction)?;
            if let Some(notes) = &notes {
                s.replace_notes(person, notes)?;
            }
            for step in &steps {
                step(s)?;
            }
            Ok(())
        });
        Task {
            id: format!("{id}_{variant}"),
            scenario_id: id,
            scenario: self.name,
            variant,
            split: self.split,
            difficulty: self.difficulty,
            instruction: parts.instruction,
            supervisor,
            now: g.now,
            apps: parts.apps,
            answer: parts.answer,
            ground_truth: parts.ground_truth,
            wrong_solutions: parts.wrong,
            setup,
            checks: parts.checks,
            allowed: parts.allowed,
        }
    }
}

// ---- Python snippets shared by solutions -------------------------------------------------

/// Logs in to SimpleNote as the supervisor (`token`).
pub const LOGIN: &str = r#"passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}
email = apis.supervisor.show_profile()["email"]
token = apis.simple_note.login(username=email, password=passwords["simple_note"])["access_token"]"#;

/// Python that defines `login(app)` (the supervisor's access token for any app, with the
/// password from the supervisor app) and `profile` (the supervisor's profile).
pub const LOGIN_ANY: &str = r#"passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}
profile = apis.supervisor.show_profile()
def login(app):
    username = profile["phone_number"] if app == "phone" else profile["email"]
    return getattr(apis, app).login(username=username, password=passwords[app])["access_token"]"#;

/// Python that defines `all_pages(fn, **kwargs)`: every page of a paged API, concatenated.
pub const ALL_PAGES: &str = r#"def all_pages(fn, **kwargs):
    out, page = [], 0
    while True:
        batch = fn(page_index=page, page_limit=20, **kwargs)
        if not batch:
            return out
        out.extend(batch)
        page += 1"#;

/// Python that collects every page of `search_notes(**filters)` into `notes`.
pub fn all_notes(filters: &str) -> String {
    let sep = if filters.is_empty() { "" } else { ", " };
    format!(
        "notes = []\npage = 0\nwhile True:\n    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20{sep}{filters})\n    if not batch:\n        break\n    notes.extend(batch)\n    page += 1"
    )
}

/// Python that pages through the notes matching `title` and stops with an error if one has
/// exactly that title (a careful "create": the note must not exist already).
pub fn no_note_titled(title: &str) -> String {
    format!(
        "{}\nif any(n[\"title\"] == {t} for n in notes):\n    raise ValueError(\"a note titled \" + {t} + \" exists already\")",
        all_notes(&format!("query={}", py(title))),
        t = py(title)
    )
}

/// A Python string literal.
pub fn py(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A named solution.
pub fn solution(name: &str, cells: Vec<String>) -> Solution {
    Solution {
        name: name.to_string(),
        cells,
    }
}

// ---- Check helpers over any app ---------------------------------------------------------

/// The rows of `app.table` the episode added.
pub fn added<'a>(ctx: &'a EvalCtx, app: &str, table: &str) -> Vec<&'a RowChange> {
    ctx.diff
        .rows
        .iter()
        .filter(|r| r.is(app, table) && r.kind() == ChangeKind::Added)
        .collect()
}

/// Allows rows added to `app.table` that `fits` accepts.
pub fn allow_added(
    what: impl Into<String>,
    app: &'static str,
    table: &'static str,
    fits: impl Fn(&EvalCtx, &RowChange) -> bool + Send + Sync + 'static,
) -> Allow {
    Allow::new(what, move |ctx, r| {
        r.is(app, table) && r.kind() == ChangeKind::Added && fits(ctx, r)
    })
}

/// Two amounts equal to the cent.
pub fn same_amount(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.005
}

// ---- Check helpers over notes ----------------------------------------------------------

/// The tags stored in a notes row change (lower-cased, trimmed).
pub fn row_tags(r: &RowChange) -> BTreeSet<String> {
    tags_of(r.get("tags"))
}

/// Parses a `tags` column value (JSON text) into a set of normalised tags.
pub fn tags_of(v: &Value) -> BTreeSet<String> {
    v.as_str()
        .and_then(|s| serde_json::from_str::<Vec<String>>(s).ok())
        .unwrap_or_default()
        .iter()
        .map(|t| t.trim().to_lowercase())
        .collect()
}

/// Is this a change of one of the supervisor's notes?
pub fn is_own_note(ctx: &EvalCtx, r: &RowChange) -> bool {
    r.is("simple_note", "notes") && r.get("user_id").as_i64() == ctx.user_id("simple_note")
}

/// The supervisor's notes in the end state: (title, content, tags, pinned).
pub fn end_notes(ctx: &EvalCtx) -> Vec<(String, String, BTreeSet<String>, bool)> {
    let Some(uid) = ctx.user_id("simple_note") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT title, content, tags, coalesce(pinned, 0) FROM simple_note.notes WHERE user_id = ?1 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map([uid], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            tags_of(&Value::String(r.get::<_, String>(2)?)),
            r.get::<_, bool>(3)?,
        ))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// Allows updates of the supervisor's notes whose title is in `titles`, touching only
/// `columns` (plus `updated_at`).
pub fn allow_updates(titles: Vec<String>, columns: &'static [&'static str]) -> Allow {
    Allow::new(
        format!("updates of {} to {}", titles.join(", "), columns.join(", ")),
        move |ctx, r| {
            is_own_note(ctx, r)
                && r.kind() == ChangeKind::Updated
                && r.before("title")
                    .as_str()
                    .is_some_and(|t| titles.iter().any(|x| x == t))
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "updated_at" || columns.contains(&c.as_str()))
        },
    )
}

/// Lines of a text, trimmed, without empty ones.
pub fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

// ---- Helpers shared by several scenario files ----------------------------------------------

/// The ids a query returns (empty on error).
fn ids(db: &Connection, sql: &str, p: impl rusqlite::Params) -> Vec<i64> {
    db.prepare_cached(sql)
        .and_then(|mut st| {
            st.query_map(p, |r| r.get::<_, i64>(0))?
                .collect::<rusqlite::Result<Vec<i64>>>()
        })
        .unwrap_or_default()
}

/// The first id a query returns.
fn one(db: &Connection, sql: &str, p: impl rusqlite::Params) -> Option<i64> {
    db.prepare_cached(sql)
        .and_then(|mut st| st.query_row(p, |r| r.get::<_, i64>(0)).optional())
        .ok()
        .flatten()
}

/// Replaces every `@KEY@` of a Python template.
fn fill(template: &str, vars: &[(&str, String)]) -> String {
    let mut s = template.to_string();
    for (k, v) in vars {
        s = s.replace(&format!("@{k}@"), v);
    }
    s
}

/// A datetime `days` days before `now` at `h:m`.
fn days_ago(now: NaiveDateTime, days: i64, h: u32, m: u32) -> NaiveDateTime {
    (now - Duration::days(days))
        .date()
        .and_hms_opt(h, m, 0)
        .unwrap_or(now)
}

/// A person's first and last name.
fn full(p: &Person) -> String {
    format!("{} {}", p.first_name, p.last_name)
}

/// Cents as `12.34`.
fn c2(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Is this an update of only these columns?
fn updates_only(r: &RowChange, columns: &[&str]) -> bool {
    r.kind() == ChangeKind::Updated
        && r.changed_columns()
            .iter()
            .all(|c| columns.contains(&c.as_str()))
}

/// The texts the supervisor sent during the episode: (receiver's phone account, message).
fn sent_texts(ctx: &EvalCtx) -> Vec<(i64, String)> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "global_text_messages")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| {
            (
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("message").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// `LOGIN_ANY`, `ALL_PAGES` and a token per `(variable, app)`.
pub(super) fn logins(apps: &[(&str, &str)]) -> String {
    let mut s = format!("{LOGIN_ANY}\n{ALL_PAGES}");
    for (var, app) in apps {
        s.push_str(&format!("\n{var} = login(\"{app}\")"));
    }
    s
}

/// The supervisor's new Venmo requests: (receiver venmo id, amount, description).
fn venmo_requests(ctx: &EvalCtx) -> Vec<(i64, f64, String)> {
    let me = ctx.user_id("venmo");
    added(ctx, "venmo", "payment_requests")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| {
            (
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// What sending money on Venmo changes: the supervisor's transactions, wallet balances, the
/// receivers' notifications.
fn allow_venmo_payments() -> Vec<Allow> {
    vec![
        allow_added(
            "the supervisor's Venmo payments",
            "venmo",
            "transactions",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        Allow::new("Venmo wallet balances", |_, r| {
            r.is("venmo", "users") && updates_only(r, &["venmo_balance"])
        }),
        allow_added("Venmo notifications", "venmo", "notifications", |_, _| true),
    ]
}
