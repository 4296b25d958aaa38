//! Building the base world: the population, then every app's seed ([`App::seed`], in
//! dependency order), cached as an image; and loading a world from AppWorld's `<app>.db` files.
//! What the seeds share is `common::seeding`.

use crate::people::Population;
use crate::{App, Seeding};
use sim::World;
use sim::api::Registry;
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
        let seeding = Seeding {
            db,
            people: &population,
            seed: cfg.seed,
            extra_notes_per_person: cfg.extra_notes_per_person,
            registry,
        };
        for app in seed_order() {
            app.seed(&seeding)?;
        }
        Ok(())
    })
}

/// The apps in the order their seeds run: [`crate::APPS`]'s order, each app after the apps it
/// is [`seeded_after`](App::seeded_after).
fn seed_order() -> Vec<&'static dyn App> {
    let mut done: Vec<&'static dyn App> = Vec::new();
    while done.len() < crate::APPS.len() {
        let next = crate::APPS
            .iter()
            .copied()
            .find(|a| {
                !done.iter().any(|d| d.name() == a.name())
                    && a.seeded_after()
                        .iter()
                        .all(|dep| done.iter().any(|d| d.name() == *dep))
            })
            .expect("the apps' seeded_after lists form a cycle");
        done.push(next);
    }
    done
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
            crate::api_docs::fill_docs(db, registry)?;
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
