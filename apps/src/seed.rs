//! The base world: the fictional population in the admin tables, the supervisor, everyone's
//! accounts in the implemented apps, their data, and the API docs table.

use crate::people::Population;
use rusqlite::{Connection, params};
use sim::World;
use sim::api::Registry;
use sim::rng::Rng;
use sim::world::WorldError;

/// What to build.
#[derive(Debug, Clone)]
pub struct WorldConfig {
    /// Seed of every random choice (people, data, tokens).
    pub seed: u64,
    /// People in the world (≥ 20).
    pub people: usize,
    /// Extra generated notes per person, to make large worlds for benchmarks (0 normally).
    pub extra_notes_per_person: usize,
}

impl Default for WorldConfig {
    fn default() -> Self {
        Self {
            seed: 0,
            people: 100,
            extra_notes_per_person: 0,
        }
    }
}

/// Builds the base world from `cfg` for `registry`'s apps.
pub fn build_world(cfg: &WorldConfig, registry: &Registry) -> Result<World, WorldError> {
    if cfg.people < 20 {
        return Err(WorldError::Invalid(format!(
            "a world needs at least 20 people, not {}",
            cfg.people
        )));
    }
    let population = Population::generate(cfg.seed, cfg.people);
    World::build(&crate::schemas(), sim::rng::APPWORLD_TASK_SEED, |db| {
        seed_admin(db, &population)?;
        crate::supervisor::seed::install(db, &population.people[0], None)?;
        crate::gmail::seed::install(db, &population, cfg.seed)?;
        crate::phone::seed::install(db, &population, cfg.seed)?;
        crate::venmo::seed::install(db, &population, cfg.seed)?;
        // After gmail: its roommates' expenses are the bills they were e-mailed.
        crate::splitwise::seed::install(db, &population, cfg.seed)?;
        crate::todoist::seed::install(db, &population, cfg.seed)?;
        crate::spotify::seed::install(db, &population, cfg.seed)?;
        crate::amazon::seed::install(db, &population, cfg.seed)?;
        // After gmail, venmo and splitwise: its files copy their bills, documents, rent
        // payments, trip receipts and card statements.
        crate::file_system::seed::install(db, &population, cfg.seed)?;
        seed_simple_note(db, &population, cfg)?;
        crate::api_docs::seed(db, registry)?;
        Ok(())
    })
}

/// [`build_world`], or the same world loaded from the image a previous run cached (a few tens
/// of milliseconds instead of seconds). The cache is the file
/// `world-<fingerprint>-<seed>-<people>-<extra notes>.img` in `$APPSIM_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/appsim`, else `~/.cache/appsim`; the fingerprint hashes the code that builds
/// worlds (this crate, the engine, the lock file), so a changed seed is never served stale.
/// `APPSIM_WORLD_CACHE=off` turns the cache off. A cache that cannot be read or written is
/// ignored (the world is built); older images in the directory are removed when a new one is
/// written.
pub fn build_or_load_world(cfg: &WorldConfig, registry: &Registry) -> Result<World, WorldError> {
    let Some(dir) = cache_dir() else {
        return build_world(cfg, registry);
    };
    let name = format!(
        "world-{}-{}-{}-{}.img",
        env!("APPSIM_WORLD_FINGERPRINT"),
        cfg.seed,
        cfg.people,
        cfg.extra_notes_per_person
    );
    let path = dir.join(&name);
    if let Ok(world) = World::read_image(&path) {
        return Ok(world);
    }
    let world = build_world(cfg, registry)?;
    if world.write_image(&path).is_ok()
        && let Ok(entries) = std::fs::read_dir(&dir)
    {
        for e in entries.flatten() {
            let other = e.file_name().to_string_lossy().to_string();
            if other.starts_with("world-")
                && other.ends_with(".img")
                && !other.contains(env!("APPSIM_WORLD_FINGERPRINT"))
            {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    Ok(world)
}

/// Where built worlds are cached, if anywhere.
fn cache_dir() -> Option<std::path::PathBuf> {
    if std::env::var("APPSIM_WORLD_CACHE").is_ok_and(|v| v == "off" || v == "0") {
        return None;
    }
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    var("APPSIM_CACHE_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| var("XDG_CACHE_HOME").map(|d| std::path::PathBuf::from(d).join("appsim")))
        .or_else(|| var("HOME").map(|d| std::path::PathBuf::from(d).join(".cache/appsim")))
}

/// Loads a world from a directory of AppWorld-format `<app>.db` files (AppWorld's own data, or
/// `appsim export-world`'s output) with AppWorld's task seed
/// ([`sim::rng::APPWORLD_TASK_SEED`]) for its runtime random stream, then refills
/// `api_docs.api_docs` (and its search table) from `registry`, whether or not the directory
/// had an `api_docs.db`: the docs always describe the code that answers. Returns the world and
/// the apps that had a file. A missing directory, one without any `<app>.db`, or a file that
/// is not SQLite is an error.
pub fn load_world(
    dir: &std::path::Path,
    registry: &Registry,
) -> Result<(World, Vec<String>), WorldError> {
    let (world, loaded) = World::import_appworld_dir_with(
        dir,
        &crate::schemas(),
        sim::rng::APPWORLD_TASK_SEED,
        |db| {
            db.execute("DELETE FROM api_docs.api_docs", [])?;
            // Restart the ids at 1 as in a built world (only AUTOINCREMENT tables have a
            // sequence, and a foreign api_docs.db may not).
            let has_sequence: bool = db.query_row(
                "SELECT count(*) > 0 FROM api_docs.sqlite_schema WHERE name = 'sqlite_sequence'",
                [],
                |r| r.get(0),
            )?;
            if has_sequence {
                db.execute(
                    "DELETE FROM api_docs.sqlite_sequence WHERE name = 'api_docs'",
                    [],
                )?;
            }
            crate::api_docs::seed(db, registry)?;
            Ok(())
        },
    )?;
    if loaded.is_empty() {
        return Err(WorldError::Invalid(format!(
            "{}: no AppWorld <app>.db files (admin.db, supervisor.db, simple_note.db, ...)",
            dir.display()
        )));
    }
    Ok((world, loaded))
}

/// Companies whose notifier accounts exist in the world (see `common::notify`).
pub(crate) const NOTIFIER_APPS: &[&str] = &[
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

fn seed_admin(db: &Connection, pop: &Population) -> rusqlite::Result<()> {
    for p in &pop.people {
        db.execute(
            "INSERT INTO admin.main_users (id, first_name, last_name, email, phone_number, birthday, sex) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![p.id, p.first_name, p.last_name, p.email, p.phone_number, p.birthday.format("%Y-%m-%d").to_string(), p.sex],
        )?;
        for (app, pw) in &p.passwords {
            db.execute("INSERT INTO admin.account_passwords (main_user_id, account_name, password) VALUES (?1, ?2, ?3)", params![p.id, app, pw])?;
        }
        let mut rng = Rng::derive(p.id as u64, "card-balances");
        for c in &p.payment_cards {
            let balance = (rng.range(5_000, 2_000_000) as f64) / 100.0;
            db.execute(
                "INSERT INTO admin.payment_cards (main_user_id, owner_name, card_name, card_number, expiry_year, expiry_month, cvv_number, balance) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![p.id, c.owner_name, c.card_name, c.card_number, c.expiry_year, c.expiry_month, c.cvv_number, balance],
            )?;
        }
    }
    for f in &pop.families {
        db.execute(
            "INSERT INTO admin.families (husband_id, wife_id, child_ids) VALUES (?1, ?2, ?3)",
            params![f.husband, f.wife, serde_json::json!(f.children).to_string()],
        )?;
    }
    for (a, b) in &pop.friendships {
        db.execute(
            "INSERT INTO admin.friendships (main_user_id, friend_id) VALUES (?1, ?2)",
            params![a, b],
        )?;
    }
    for r in &pop.residences {
        db.execute(
            "INSERT INTO admin.residences (id, resident_ids, residence_type) VALUES (?1, ?2, ?3)",
            params![r.id, serde_json::json!(r.residents).to_string(), r.kind],
        )?;
        if let Some(home) = r
            .residents
            .first()
            .and_then(|id| pop.person(*id))
            .and_then(|p| p.addresses.iter().find(|a| a.name == "Home"))
        {
            db.execute(
                "INSERT INTO admin.global_addresses (residence_id, company_id, street_address, city, state, country, zip_code) VALUES (?1, NULL, ?2, ?3, ?4, ?5, ?6)",
                params![r.id, home.street_address, home.city, home.state, home.country, home.zip_code],
            )?;
            let gid = db.last_insert_rowid();
            for id in &r.residents {
                db.execute("INSERT INTO admin.user_addresses (global_address_id, main_user_id, name) VALUES (?1, ?2, 'Home')", params![gid, id])?;
            }
        }
    }
    for c in &pop.companies {
        db.execute("INSERT INTO admin.companies (id, name, manager_id, weekly_standup_time) VALUES (?1, ?2, ?3, '10:00')", params![c.id, c.name, c.manager])?;
        for e in &c.employees {
            db.execute("INSERT INTO admin.company_employees (company_id, main_user_id, is_manager) VALUES (?1, ?2, ?3)", params![c.id, e, *e == c.manager])?;
            if let Some(work) = pop
                .person(*e)
                .and_then(|p| p.addresses.iter().find(|a| a.name == "Work"))
            {
                db.execute(
                    "INSERT INTO admin.global_addresses (residence_id, company_id, street_address, city, state, country, zip_code) VALUES (NULL, ?1, ?2, ?3, ?4, ?5, ?6)",
                    params![c.id, work.street_address, work.city, work.state, work.country, work.zip_code],
                )?;
                let gid = db.last_insert_rowid();
                db.execute("INSERT INTO admin.user_addresses (global_address_id, main_user_id, name) VALUES (?1, ?2, 'Work')", params![gid, e])?;
            }
        }
    }
    Ok(())
}

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
    let mut user = db.prepare(&format!(
        "INSERT INTO \"{app}\".users (id, first_name, last_name, email, password, created_at, last_logged_in, verified) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, 1)"
    ))?;
    let mut rng = Rng::derive(first as u64, app);
    for (id, (f, l, e)) in (first..).zip(strangers) {
        user.execute(params![id, f, l, e, rng.alphanumeric(16), created])?;
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

fn seed_simple_note(db: &Connection, pop: &Population, cfg: &WorldConfig) -> rusqlite::Result<()> {
    let now = sim::clock::default_now();
    let mut user = db.prepare("INSERT INTO simple_note.users (first_name, last_name, email, password, created_at, last_logged_in, verified) VALUES (?1, ?2, ?3, ?4, ?5, ?5, 1)")?;
    let mut note = db.prepare("INSERT INTO simple_note.notes (user_id, title, content, tags, created_at, updated_at, pinned) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?;
    for p in &pop.people {
        user.execute(params![
            p.first_name,
            p.last_name,
            p.email,
            password_of(p, "simple_note"),
            "2021-06-01T10:00:00"
        ])?;
        let uid = db.last_insert_rowid();
        let mut rng = Rng::derive(cfg.seed ^ p.id as u64, "simple_note");
        let mut titles = std::collections::HashSet::new();
        for n in crate::simple_note::seed::notes_for(p, &mut rng, now) {
            titles.insert(n.title.clone());
            note.execute(params![
                uid,
                n.title,
                n.content,
                serde_json::json!(n.tags).to_string(),
                sim::clock::fmt_datetime(n.created_at),
                sim::clock::fmt_datetime(n.updated_at),
                n.pinned
            ])?;
        }
        let mut round = 0;
        let mut added = 0;
        while added < cfg.extra_notes_per_person {
            round += 1;
            for n in crate::simple_note::seed::notes_for(p, &mut rng, now) {
                if added >= cfg.extra_notes_per_person {
                    break;
                }
                let title = format!("{} (archive {round})", n.title);
                if titles.insert(title.clone()) {
                    note.execute(params![
                        uid,
                        title,
                        n.content,
                        serde_json::json!(n.tags).to_string(),
                        sim::clock::fmt_datetime(n.created_at),
                        sim::clock::fmt_datetime(n.updated_at),
                        n.pinned
                    ])?;
                    added += 1;
                }
            }
        }
    }
    Ok(())
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

/// Inserts `app`'s accounts: one per person (user id = person id; logging in by e-mail, or by
/// phone number for phone) with their password for the app, then one per company notifier
/// (`<Company> Notifications`, password `adminpassword`; phone's in its own notifier order).
/// `verified` sets the column of apps that have one. Returns the first id after them.
pub(crate) fn insert_accounts(
    db: &Connection,
    pop: &Population,
    app: &str,
    created: &str,
    verified: bool,
) -> rusqlite::Result<i64> {
    let (login, extra_col, extra_val) = (
        if app == "phone" {
            "phone_number"
        } else {
            "email"
        },
        if verified { ", verified" } else { "" },
        if verified { ", 1" } else { "" },
    );
    let mut user = db.prepare(&format!(
        "INSERT INTO \"{app}\".users (id, first_name, last_name, {login}, password, created_at, last_logged_in{extra_col}) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6{extra_val})"
    ))?;
    for p in &pop.people {
        let name = if app == "phone" {
            &p.phone_number
        } else {
            &p.email
        };
        user.execute(params![
            p.id,
            p.first_name,
            p.last_name,
            name,
            password_of(p, app),
            created
        ])?;
    }
    let notifiers: Vec<(&str, &str)> = if app == "phone" {
        crate::phone::seed::NOTIFIER_NUMBERS.to_vec()
    } else {
        NOTIFIER_APPS
            .iter()
            .map(|a| (*a, crate::common::notify::company(a).1))
            .collect()
    };
    let first = pop.people.len() as i64 + 1;
    for (id, (company_app, name)) in (first..).zip(&notifiers) {
        let (company, _) = crate::common::notify::company(company_app);
        user.execute(params![
            id,
            company,
            "Notifications",
            name,
            "adminpassword",
            created
        ])?;
    }
    Ok(first + notifiers.len() as i64)
}
