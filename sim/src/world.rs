//! World state: one in-memory SQLite connection with one ATTACHed database per app (named after
//! the app, tables and columns as AppWorld names them), plus the engine's own `appsim` schema
//! (issued access tokens, the random-number state).
//!
//! A [`World`] is an immutable image of every schema, built once. Each worker opens its own
//! [`Db`] from it (one copy per worker); an episode then runs inside one SQLite transaction,
//! so starting the next episode is a rollback whose cost depends on what the last episode
//! changed, not on the world's size. Every write to every table is also recorded, by TEMP
//! triggers, in a change log: the log is how `save_state`/`load_state` and state diffs work.

use crate::cow::{self, CowFile};
use crate::rng::PyRandom;
use rusqlite::{Connection, OptionalExtension, params_from_iter, types::Value as SqlValue};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Name of the engine's own schema.
pub const ENGINE_SCHEMA: &str = "appsim";

/// Errors while building, opening or importing a world.
#[derive(Debug, thiserror::Error)]
pub enum WorldError {
    /// SQLite refused something.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The input is not what was expected.
    #[error("{0}")]
    Invalid(String),
}

/// DDL and bookkeeping for one app's database.
#[derive(Debug, Clone)]
pub struct SchemaSpec {
    /// The schema name (the app name, e.g. `simple_note`).
    pub name: String,
    /// SQL statements creating the tables, with unqualified table names.
    pub ddl: Vec<String>,
    /// Statements run once the tables are filled, by a seed or an import (FTS tables, triggers,
    /// extra indexes); each `<table>_fts` is then filled through its `<table>_fts_refill` view.
    /// They must be idempotent (`IF NOT EXISTS`).
    pub post_ddl: Vec<String>,
}

/// An immutable image of a whole world: each schema serialised as a SQLite database file.
#[derive(Debug, Clone)]
pub struct World {
    images: Arc<Vec<(String, Vec<u8>)>>,
    rows: u64,
    /// The change-log triggers of a [`Db`] over this world, planned by the first open.
    log_plan: Arc<std::sync::OnceLock<Arc<LogPlan>>>,
    /// The in-memory search indexes of this world's tables, built on first use.
    search: Arc<crate::api::fts::SearchIndexes>,
}

/// The change-log triggers of every data table, and the tables' column lists.
#[derive(Debug)]
struct LogPlan {
    ddl: String,
    columns: BTreeMap<(String, String), Vec<String>>,
}

/// Plans the TEMP triggers that record every write of `schemas`' data tables into
/// `temp.change_log` (row values as JSON arrays in column order).
fn plan_change_log(conn: &Connection, schemas: &[String]) -> Result<LogPlan, WorldError> {
    let mut columns = BTreeMap::new();
    let mut ddl = String::new();
    for s in schemas {
        for t in data_tables(conn, s)? {
            let cols: Vec<String> = conn
                .prepare(&format!(
                    "SELECT name FROM pragma_table_info('{t}', '{s}') ORDER BY cid"
                ))?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let pk = if cols.iter().any(|c| c == "id") {
                "id"
            } else {
                "rowid"
            };
            let arr = |p: &str| {
                format!(
                    "json_array({})",
                    cols.iter()
                        .map(|c| format!("{p}.\"{c}\""))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let ins = "INSERT INTO temp.change_log (schema_name, table_name, row_id, old, new)";
            ddl.push_str(&format!(
                "CREATE TEMP TRIGGER \"log_{s}_{t}_i\" AFTER INSERT ON \"{s}\".\"{t}\" BEGIN {ins} VALUES ('{s}', '{t}', NEW.{pk}, NULL, {}); END;\
                 CREATE TEMP TRIGGER \"log_{s}_{t}_u\" AFTER UPDATE ON \"{s}\".\"{t}\" BEGIN {ins} VALUES ('{s}', '{t}', NEW.{pk}, {}, {}); END;\
                 CREATE TEMP TRIGGER \"log_{s}_{t}_d\" AFTER DELETE ON \"{s}\".\"{t}\" BEGIN {ins} VALUES ('{s}', '{t}', OLD.{pk}, {}, NULL); END;\n",
                arr("NEW"), arr("OLD"), arr("NEW"), arr("OLD")
            ));
            columns.insert((s.clone(), t), cols);
        }
    }
    Ok(LogPlan { ddl, columns })
}

impl World {
    /// Builds a world: creates every schema's tables, lets `seed` fill them, then creates the
    /// search tables and triggers (`post_ddl`), fills the search tables from the rows, and
    /// freezes it. Seeds write plain rows: nothing of `post_ddl` exists while they run, which
    /// makes a large world several times faster to build than row-by-row trigger work.
    /// `rng_seed` fixes every token and code the engine will issue in episodes.
    pub fn build(
        schemas: &[SchemaSpec],
        rng_seed: u64,
        seed: impl FnOnce(&Connection) -> Result<(), WorldError>,
    ) -> Result<World, WorldError> {
        let conn = Connection::open_in_memory()?;
        crate::sqlfn::register(&conn)?;
        no_foreign_keys(&conn)?;
        let run = |s: &SchemaSpec, stmts: &[String]| -> Result<(), WorldError> {
            for d in stmts {
                let stmt = qualify(d, &s.name);
                conn.execute_batch(&stmt)
                    .map_err(|e| WorldError::Invalid(format!("{}: {e}\n{stmt}", s.name)))?;
            }
            Ok(())
        };
        for s in schemas {
            attach_empty(&conn, &s.name)?;
            run(s, &s.ddl)?;
        }
        attach_empty(&conn, ENGINE_SCHEMA)?;
        create_engine_schema(&conn, rng_seed)?;
        conn.execute_batch("BEGIN")?;
        seed(&conn)?;
        for s in schemas {
            run(s, &s.post_ddl)?;
            rebuild_fts(&conn, &s.name)?;
        }
        conn.execute_batch("COMMIT")?;
        Self::freeze(conn)
    }

    /// Serialises every attached schema of `conn` into an image.
    pub fn freeze(mut conn: Connection) -> Result<World, WorldError> {
        let names = attached_schemas(&conn)?;
        let mut rows = 0;
        for n in &names {
            rows += count_rows(&conn, n)?;
        }
        let mut images = Vec::new();
        for n in names {
            conn.execute_batch(&format!("VACUUM \"{n}\""))?;
            let data = conn.serialize(n.as_str())?;
            images.push((n, data.to_vec()));
        }
        Ok(World {
            images: Arc::new(images),
            log_plan: Default::default(),
            search: Default::default(),
            rows,
        })
    }

    /// Loads AppWorld-format `<app>.db` files from `dir` for each schema that has one; other
    /// schemas keep the tables `schemas` declares (empty). FTS indexes and triggers are
    /// (re)built from the loaded rows.
    pub fn import_appworld_dir(
        dir: &std::path::Path,
        schemas: &[SchemaSpec],
        rng_seed: u64,
    ) -> Result<(World, Vec<String>), WorldError> {
        Self::import_appworld_dir_with(dir, schemas, rng_seed, |_| Ok(()))
    }

    /// [`World::import_appworld_dir`], then `edit` runs on the loaded world (every schema
    /// attached, search triggers in place, inside a transaction) before the FTS tables are
    /// rebuilt and the world is frozen, so search tables agree with whatever `edit` wrote.
    /// Returns the world and the schemas that were loaded from a file.
    pub fn import_appworld_dir_with(
        dir: &std::path::Path,
        schemas: &[SchemaSpec],
        rng_seed: u64,
        edit: impl FnOnce(&Connection) -> Result<(), WorldError>,
    ) -> Result<(World, Vec<String>), WorldError> {
        if !dir.exists() {
            return Err(WorldError::Invalid(format!(
                "{}: no such directory",
                dir.display()
            )));
        }
        if !dir.is_dir() {
            return Err(WorldError::Invalid(format!(
                "{} is not a directory",
                dir.display()
            )));
        }
        let mut conn = Connection::open_in_memory()?;
        crate::sqlfn::register(&conn)?;
        no_foreign_keys(&conn)?;
        let mut loaded = Vec::new();
        for s in schemas {
            let file = dir.join(format!("{}.db", s.name));
            attach_empty(&conn, &s.name)?;
            if file.is_file() {
                let bytes = std::fs::read(&file).map_err(|e| WorldError::Io {
                    path: file.display().to_string(),
                    source: e,
                })?;
                if !bytes.starts_with(b"SQLite format 3\0") {
                    return Err(WorldError::Invalid(format!(
                        "{} is not a SQLite database",
                        file.display()
                    )));
                }
                conn.deserialize_read_exact(s.name.as_str(), &bytes[..], bytes.len(), false)
                    .map_err(|e| {
                        WorldError::Invalid(format!("{}: cannot load it: {e}", file.display()))
                    })?;
                // Drop any FTS structures of the source; ours are rebuilt below.
                let fts: Vec<String> = conn
                    .prepare(&format!("SELECT name FROM \"{}\".sqlite_schema WHERE type='table' AND name LIKE '%\\_fts' ESCAPE '\\'", s.name))
                    .map_err(|e| {
                        WorldError::Invalid(format!("{}: cannot read it: {e}", file.display()))
                    })?
                    .query_map([], |r| r.get(0))?
                    .collect::<Result<_, _>>()?;
                for t in fts {
                    conn.execute_batch(&format!("DROP TABLE IF EXISTS \"{}\".\"{t}\"", s.name))?;
                }
                normalize_datetimes(&conn, &s.name)?;
                loaded.push(s.name.clone());
            } else {
                for d in &s.ddl {
                    conn.execute_batch(&qualify(d, &s.name))?;
                }
            }
            for d in &s.post_ddl {
                conn.execute_batch(&qualify(d, &s.name)).map_err(|e| {
                    WorldError::Invalid(format!(
                        "{}: tables do not match AppWorld's schema: {e}",
                        s.name
                    ))
                })?;
            }
        }
        attach_empty(&conn, ENGINE_SCHEMA)?;
        create_engine_schema(&conn, rng_seed)?;
        conn.execute_batch("BEGIN")?;
        edit(&conn)?;
        conn.execute_batch("COMMIT")?;
        for s in schemas {
            rebuild_fts(&conn, &s.name)?;
        }
        Ok((Self::freeze(conn)?, loaded))
    }

    /// Total rows over all tables (FTS internals excluded).
    pub fn row_count(&self) -> u64 {
        self.rows
    }

    /// Serialised size in bytes.
    pub fn byte_size(&self) -> usize {
        self.images.iter().map(|(_, b)| b.len()).sum()
    }

    /// Writes every app schema as `<app>.db` into `dir` (created if needed), the layout
    /// [`World::import_appworld_dir`] reads: plain SQLite files without the engine's search
    /// tables, their refill views and triggers, so any SQLite tool (even one older than the
    /// bundled SQLite) opens them. The engine's own schema is not
    /// written. Returns the files written.
    pub fn export_dir(&self, dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, WorldError> {
        let io = |path: &std::path::Path| {
            let path = path.display().to_string();
            move |source| WorldError::Io { path, source }
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let mut written = Vec::new();
        for (name, bytes) in self.images.iter().filter(|(n, _)| n != ENGINE_SCHEMA) {
            let file = dir.join(format!("{name}.db"));
            let mut conn = Connection::open_in_memory()?;
            conn.deserialize_read_exact("main", &bytes[..], bytes.len(), false)?;
            let internal: Vec<(String, String)> = conn
                .prepare(
                    "SELECT type, name FROM sqlite_schema WHERE type = 'trigger' \
                     OR (type = 'table' AND name LIKE '%\\_fts' ESCAPE '\\') \
                     OR (type = 'view' AND name LIKE '%\\_fts\\_refill' ESCAPE '\\')",
                )?
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            for (kind, obj) in internal {
                conn.execute_batch(&format!("DROP {kind} IF EXISTS \"{obj}\""))?;
            }
            conn.execute_batch("VACUUM")?;
            let image = conn.serialize("main")?;
            std::fs::write(&file, &image[..]).map_err(io(&file))?;
            written.push(file);
        }
        Ok(written)
    }

    /// Schema names in the image.
    pub fn schema_names(&self) -> Vec<String> {
        self.images.iter().map(|(n, _)| n.clone()).collect()
    }

    /// Writes the whole image (every schema, the engine's included) to `path` in appsim's own
    /// container format, atomically (a temporary file renamed into place), for
    /// [`World::read_image`] to load without rebuilding.
    pub fn write_image(&self, path: &std::path::Path) -> Result<(), WorldError> {
        let io = |source| WorldError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut out = Vec::with_capacity(self.byte_size() + 1024);
        out.extend_from_slice(IMAGE_MAGIC);
        out.extend_from_slice(&self.rows.to_le_bytes());
        out.extend_from_slice(&(self.images.len() as u64).to_le_bytes());
        for (name, bytes) in self.images.iter() {
            out.extend_from_slice(&(name.len() as u64).to_le_bytes());
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            out.extend_from_slice(bytes);
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, &out).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// Loads an image written by [`World::write_image`]; a file that is not one (or is cut
    /// short) is [`WorldError::Invalid`].
    pub fn read_image(path: &std::path::Path) -> Result<World, WorldError> {
        let data = std::fs::read(path).map_err(|source| WorldError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let bad = || WorldError::Invalid(format!("{}: not an appsim world image", path.display()));
        let rest = data.strip_prefix(IMAGE_MAGIC).ok_or_else(bad)?;
        let mut r = ImageReader { rest };
        let rows = r.number().ok_or_else(bad)?;
        let count = r.number().ok_or_else(bad)?;
        let mut images = Vec::new();
        for _ in 0..count {
            let n = r.number().ok_or_else(bad)? as usize;
            let name = r.take(n).ok_or_else(bad)?;
            let name = String::from_utf8(name.to_vec()).map_err(|_| bad())?;
            let n = r.number().ok_or_else(bad)? as usize;
            images.push((name, r.take(n).ok_or_else(bad)?.to_vec()));
        }
        if images.is_empty() || !images.iter().any(|(n, _)| n == ENGINE_SCHEMA) {
            return Err(bad());
        }
        Ok(World {
            images: Arc::new(images),
            log_plan: Default::default(),
            search: Default::default(),
            rows,
        })
    }
}

/// Reads a [`World::write_image`] file front to back.
struct ImageReader<'a> {
    rest: &'a [u8],
}

impl<'a> ImageReader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.rest.len() < n {
            return None;
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Some(head)
    }

    fn number(&mut self) -> Option<u64> {
        self.take(8)
            .and_then(|b| b.try_into().ok())
            .map(u64::from_le_bytes)
    }
}

/// First bytes of a [`World::write_image`] file (format version 1).
const IMAGE_MAGIC: &[u8] = b"APPSIM-WORLD-IMAGE-1\n";
/// Prepared statements kept per connection (rusqlite keeps 16 by default).
const STATEMENT_CACHE: usize = 1024;
/// SQLite's page cache per attached schema of a [`Db`] (KiB). Unchanged pages are read from the
/// shared world image, so a small cache costs a copy, not a disk read.
const PAGE_CACHE_KIB: usize = 256;

/// Rewrites every DATETIME column of an imported schema into the engine's stored form,
/// `YYYY-MM-DDTHH:MM:SS` (AppWorld stores `YYYY-MM-DD HH:MM:SS[.ffffff]`), so that stored
/// datetimes compare and sort as text.
fn normalize_datetimes(conn: &Connection, schema: &str) -> Result<(), WorldError> {
    for table in data_tables(conn, schema)? {
        let cols: Vec<String> = conn
            .prepare(&format!("PRAGMA \"{schema}\".table_info(\"{table}\")"))?
            .query_map([], |r| Ok((r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
            .filter_map(Result::ok)
            .filter(|(_, ty)| ty.eq_ignore_ascii_case("DATETIME"))
            .map(|(name, _)| name)
            .collect();
        for c in cols {
            conn.execute(
                &format!(
                    "UPDATE \"{schema}\".\"{table}\" SET \"{c}\" = substr(replace(\"{c}\", ' ', 'T'), 1, 19) \
                     WHERE typeof(\"{c}\") = 'text' AND \"{c}\" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]:[0-9][0-9]*' \
                     AND (length(\"{c}\") != 19 OR substr(\"{c}\", 11, 1) = ' ')"
                ),
                [],
            )?;
        }
    }
    Ok(())
}

/// Rewrites `CREATE TABLE x`/`CREATE INDEX i ON x`/`CREATE TRIGGER t ...` so the object is
/// created in `schema`. Statements use a `{s}` placeholder where the schema name goes.
fn qualify(ddl: &str, schema: &str) -> String {
    ddl.replace("{s}", &format!("\"{schema}\""))
}

fn attach_empty(conn: &Connection, name: &str) -> Result<(), WorldError> {
    conn.execute_batch(&format!("ATTACH DATABASE ':memory:' AS \"{name}\""))?;
    Ok(())
}

fn create_engine_schema(conn: &Connection, rng_seed: u64) -> Result<(), WorldError> {
    conn.execute_batch(
        "CREATE TABLE appsim.access_tokens (id INTEGER PRIMARY KEY, token TEXT NOT NULL UNIQUE, \
           app TEXT NOT NULL, username TEXT NOT NULL, expires_at TEXT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);\
         CREATE TABLE appsim.meta (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, value TEXT NOT NULL);",
    )?;
    conn.execute(
        "INSERT INTO appsim.meta (key, value) VALUES ('rng_state', ?1)",
        [PyRandom::new(rng_seed).to_hex()],
    )?;
    Ok(())
}

/// Names of attached schemas other than `main` and `temp`, in attach order.
fn attached_schemas(conn: &Connection) -> Result<Vec<String>, rusqlite::Error> {
    let mut st = conn.prepare(
        "SELECT name FROM pragma_database_list WHERE name NOT IN ('main', 'temp') ORDER BY seq",
    )?;
    st.query_map([], |r| r.get(0))?.collect()
}

/// Ordinary tables of a schema that hold world data (no SQLite or FTS internals), by name.
pub fn data_tables(conn: &Connection, schema: &str) -> Result<Vec<String>, rusqlite::Error> {
    let mut st = conn.prepare(&format!(
        "SELECT name FROM \"{schema}\".sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
         AND name NOT LIKE '%\\_fts' ESCAPE '\\' AND name NOT LIKE '%\\_fts\\_%' ESCAPE '\\' ORDER BY name"
    ))?;
    st.query_map([], |r| r.get(0))?.collect()
}

fn count_rows(conn: &Connection, schema: &str) -> Result<u64, rusqlite::Error> {
    let mut n = 0u64;
    for t in data_tables(conn, schema)? {
        let c: i64 = conn.query_row(
            &format!("SELECT count(*) FROM \"{schema}\".\"{t}\""),
            [],
            |r| r.get(0),
        )?;
        n += c as u64;
    }
    Ok(n)
}

/// Re-fills every `<table>_fts` of a schema from its source table through the schema's
/// `<table>_fts_refill` view (created by the schema's post-DDL).
fn rebuild_fts(conn: &Connection, schema: &str) -> Result<(), rusqlite::Error> {
    let mut st = conn.prepare(&format!(
        "SELECT name FROM \"{schema}\".sqlite_schema WHERE type='view' AND name LIKE '%\\_fts\\_refill' ESCAPE '\\'"
    ))?;
    let views: Vec<String> = st.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    for v in views {
        let fts = v.trim_end_matches("_refill");
        // Fill the index from the rows, then merge it into one segment above level 0 (a dummy entry gives
        // 'optimize' two segments to merge, and deleting it a second level), and turn
        // automatic merging off. An episode's writes each add a small level-0 segment; merging
        // those together is cheap, but merging them into a base segment on their level cost a
        // gmail setup milliseconds per write (a crisis merge still bounds the segment count).
        let t = format!("\"{schema}\".\"{fts}\"");
        conn.execute_batch(&format!(
            "DELETE FROM {t}; INSERT INTO {t}(rowid, id, saved_search_text) SELECT id, id, text FROM \"{schema}\".\"{v}\";"
        ))?;
        conn.execute_batch(&format!(
            "INSERT INTO {t}(rowid, id, saved_search_text) VALUES (-1, -1, 'appsim');"
        ))?;
        conn.execute_batch(&format!("INSERT INTO {t}(\"{fts}\") VALUES ('optimize');"))?;
        conn.execute_batch(&format!("DELETE FROM {t} WHERE rowid = -1;"))?;
        conn.execute_batch(&format!(
            "INSERT INTO {t}(\"{fts}\") VALUES ('optimize'); INSERT INTO {t}(\"{fts}\", rank) VALUES ('automerge', 0);"
        ))?;
    }
    Ok(())
}

/// One recorded write: which row of which table, and its values before and after (JSON arrays
/// in column order; `None` for an insert's "before" and a delete's "after").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Change {
    /// Schema (app) name.
    pub schema: String,
    /// Table name.
    pub table: String,
    /// The row's id.
    pub row_id: i64,
    /// Values before the write.
    pub old: Option<String>,
    /// Values after the write.
    pub new: Option<String>,
}

/// A saved point of an episode: the writes since the episode started.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StateSnapshot {
    changes: Vec<Change>,
}

impl StateSnapshot {
    /// The writes the snapshot holds, oldest first.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// About how many bytes the snapshot holds (its rows' text and names).
    pub fn bytes(&self) -> usize {
        self.changes
            .iter()
            .map(|c| {
                let row = |v: &Option<String>| v.as_ref().map_or(0, String::len);
                std::mem::size_of::<Change>()
                    + c.schema.len()
                    + c.table.len()
                    + row(&c.old)
                    + row(&c.new)
            })
            .sum()
    }
}

/// A worker's own copy of a world, and the transaction its episode runs in.
pub struct Db {
    conn: Connection,
    /// The world this copy reads from (for forks).
    world: World,
    /// The schemas' copy-on-write files (declared after `conn`, so they outlive it).
    _files: Vec<CowFile>,
    schemas: Vec<String>,
    /// Column lists per (schema, table), for replaying the change log.
    columns: BTreeMap<(String, String), Vec<String>>,
    in_episode: bool,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db")
            .field("schemas", &self.schemas)
            .finish_non_exhaustive()
    }
}

impl Db {
    /// Opens a private copy of `world` (the one-off cost per worker).
    pub fn open(world: &World) -> Result<Db, WorldError> {
        let conn = Connection::open_in_memory()?;
        crate::sqlfn::register(&conn)?;
        no_foreign_keys(&conn)?;
        // The bundled SQLite is built with STAT4, which re-prepares a cached statement whenever
        // a bound value changes; the query-planner stability guarantee turns that off.
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
            true,
        )?;
        conn.execute_batch("PRAGMA temp_store=MEMORY")?;
        // Handlers, setups and checks prepare a few hundred distinct statements; compiling one
        // that writes a logged table walks every change-log trigger, so keep them all cached.
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        let mut schemas = Vec::new();
        let mut files = Vec::new();
        for (i, (name, _)) in world.images.iter().enumerate() {
            // The schema reads the world's shared image and keeps only the blocks it writes.
            let file = CowFile::new(cow::Base::new(world.images.clone(), i));
            conn.execute("ATTACH DATABASE ?1 AS ?2", (file.uri(), name))?;
            conn.execute_batch(&format!(
                "PRAGMA \"{name}\".journal_mode=MEMORY; PRAGMA \"{name}\".locking_mode=EXCLUSIVE; \
                 PRAGMA \"{name}\".cache_size=-{PAGE_CACHE_KIB}"
            ))?;
            files.push(file);
            schemas.push(name.clone());
        }
        // Indexed by table too: a search asks which rows of its table the episode wrote.
        conn.execute_batch(
            "CREATE TEMP TABLE change_log (seq INTEGER PRIMARY KEY, schema_name TEXT NOT NULL, \
             table_name TEXT NOT NULL, row_id INTEGER NOT NULL, old TEXT, new TEXT); \
             CREATE INDEX temp.change_log_by_table ON change_log (schema_name, table_name, row_id)",
        )?;
        // The change-log triggers are the same for every copy of a world: planned once, then
        // created in one transaction (one schema change instead of one per trigger).
        let plan = match world.log_plan.get() {
            Some(p) => p.clone(),
            None => {
                let p = Arc::new(plan_change_log(&conn, &schemas)?);
                world.log_plan.get_or_init(|| p.clone()).clone()
            }
        };
        conn.execute_batch(&format!("BEGIN; {} COMMIT;", plan.ddl))?;
        let columns = plan.columns.clone();
        Ok(Db {
            conn,
            world: world.clone(),
            _files: files,
            schemas,
            columns,
            in_episode: false,
        })
    }

    /// A second copy of the same world in this copy's current state: a fresh copy-on-write
    /// open with this episode's writes replayed (the world itself is not copied).
    pub fn fork(&self) -> Result<Db, WorldError> {
        let mut db = Db::open(&self.world)?;
        db.load_state(&self.save_state()?)?;
        Ok(db)
    }

    /// The connection (for handlers and queries).
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Schema names, in attach order.
    pub fn schemas(&self) -> &[String] {
        &self.schemas
    }

    /// The search indexes of the world this copy reads (shared by every copy).
    pub fn search_indexes(&self) -> &Arc<crate::api::fts::SearchIndexes> {
        &self.world.search
    }

    /// Starts a fresh episode: undoes everything the previous episode wrote, then opens a new
    /// transaction. Costs time in proportion to the previous episode's writes.
    pub fn begin_episode(&mut self) -> Result<(), WorldError> {
        if self.in_episode {
            self.conn.execute_batch("ROLLBACK")?;
        }
        self.conn.execute_batch("BEGIN")?;
        self.in_episode = true;
        Ok(())
    }

    /// How many writes the episode has made so far.
    pub fn change_count(&self) -> Result<usize, rusqlite::Error> {
        self.conn
            .prepare_cached("SELECT count(*) FROM temp.change_log")?
            .query_row([], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
    }

    /// The column names of a data table, in the order the change log records row values.
    pub fn columns(&self, schema: &str, table: &str) -> Option<&[String]> {
        self.columns
            .get(&(schema.to_string(), table.to_string()))
            .map(Vec::as_slice)
    }

    /// Every write since the episode started, oldest first.
    pub fn changes(&self) -> Result<Vec<Change>, rusqlite::Error> {
        self.changes_after(0)
    }

    /// The episode's writes after its first `skip` ones, in order (e.g. the writes after a
    /// task's setup).
    pub fn changes_after(&self, skip: usize) -> Result<Vec<Change>, rusqlite::Error> {
        let mut st = self.conn.prepare_cached(
            "SELECT schema_name, table_name, row_id, old, new FROM temp.change_log ORDER BY seq \
             LIMIT -1 OFFSET ?1",
        )?;
        st.query_map([skip as i64], |r| {
            Ok(Change {
                schema: r.get(0)?,
                table: r.get(1)?,
                row_id: r.get(2)?,
                old: r.get(3)?,
                new: r.get(4)?,
            })
        })?
        .collect()
    }

    /// Captures the episode's current state.
    pub fn save_state(&self) -> Result<StateSnapshot, rusqlite::Error> {
        Ok(StateSnapshot {
            changes: self.changes()?,
        })
    }

    /// Returns the episode to a saved state: back to the episode's start, then the snapshot's
    /// writes are replayed in order.
    pub fn load_state(&mut self, snap: &StateSnapshot) -> Result<(), WorldError> {
        self.begin_episode()?;
        for c in &snap.changes {
            let cols = self
                .columns
                .get(&(c.schema.clone(), c.table.clone()))
                .ok_or_else(|| {
                    WorldError::Invalid(format!("unknown table {}.{}", c.schema, c.table))
                })?;
            let pk = if cols.iter().any(|x| x == "id") {
                "id"
            } else {
                "rowid"
            };
            match (&c.old, &c.new) {
                (_, Some(new)) => {
                    let vals = json_row(new)?;
                    let placeholders = vec!["?"; cols.len()].join(", ");
                    let names = cols
                        .iter()
                        .map(|x| format!("\"{x}\""))
                        .collect::<Vec<_>>()
                        .join(", ");
                    if c.old.is_some() {
                        self.conn.execute(
                            &format!(
                                "DELETE FROM \"{}\".\"{}\" WHERE {pk} = ?1",
                                c.schema, c.table
                            ),
                            [c.row_id],
                        )?;
                    }
                    self.conn
                        .prepare_cached(&format!(
                            "INSERT INTO \"{}\".\"{}\" ({names}) VALUES ({placeholders})",
                            c.schema, c.table
                        ))?
                        .execute(params_from_iter(vals))?;
                }
                (Some(_), None) => {
                    self.conn.execute(
                        &format!(
                            "DELETE FROM \"{}\".\"{}\" WHERE {pk} = ?1",
                            c.schema, c.table
                        ),
                        [c.row_id],
                    )?;
                }
                (None, None) => {}
            }
        }
        // Replay logged each write again, sometimes as delete+insert; keep the log identical
        // to the snapshot so that later saves and diffs see the original history.
        self.conn.execute_batch("DELETE FROM temp.change_log")?;
        let mut st = self.conn.prepare_cached("INSERT INTO temp.change_log (schema_name, table_name, row_id, old, new) VALUES (?1, ?2, ?3, ?4, ?5)")?;
        for c in &snap.changes {
            st.execute(rusqlite::params![c.schema, c.table, c.row_id, c.old, c.new])?;
        }
        Ok(())
    }

    /// A hash over every row of every data table (FTS internals excluded), for replay checks.
    pub fn state_hash(&self) -> Result<String, rusqlite::Error> {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        for ((s, t), cols) in &self.columns {
            h.update(format!("{s}.{t}\n").as_bytes());
            let order = if cols.iter().any(|x| x == "id") {
                "id"
            } else {
                "rowid"
            };
            let list = cols
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(", ");
            let mut st = self.conn.prepare_cached(&format!(
                "SELECT json_array({list}) FROM \"{s}\".\"{t}\" ORDER BY {order}"
            ))?;
            let mut rows = st.query([])?;
            while let Some(r) = rows.next()? {
                let v: String = r.get(0)?;
                h.update(v.as_bytes());
                h.update(b"\n");
            }
        }
        Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
    }

    /// Draws from the world's random-number stream (kept in the database so that it follows
    /// rollbacks and state loads).
    pub fn with_rng<T>(&self, f: impl FnOnce(&mut PyRandom) -> T) -> Result<T, rusqlite::Error> {
        with_rng(&self.conn, f)
    }

    /// Total rows over all data tables.
    pub fn row_count(&self) -> Result<u64, rusqlite::Error> {
        let mut n = 0;
        for s in &self.schemas {
            n += count_rows(&self.conn, s)?;
        }
        Ok(n)
    }
}

/// Draws from the random-number stream stored in the engine schema of `conn` (Python's
/// `random`, as AppWorld draws token lifetimes and codes from it).
pub fn with_rng<T>(
    conn: &Connection,
    f: impl FnOnce(&mut PyRandom) -> T,
) -> Result<T, rusqlite::Error> {
    let state = rng_state(conn)?;
    let mut rng = state
        .as_deref()
        .and_then(PyRandom::from_hex)
        .unwrap_or_else(|| PyRandom::new(crate::rng::APPWORLD_TASK_SEED));
    let out = f(&mut rng);
    conn.prepare_cached("INSERT INTO appsim.meta (key, value) VALUES ('rng_state', ?1) ON CONFLICT(key) DO UPDATE SET value = excluded.value")?
        .execute([rng.to_hex()])?;
    Ok(out)
}

/// The stored state of the random stream (see [`with_rng`]).
pub fn rng_state(conn: &Connection) -> Result<Option<String>, rusqlite::Error> {
    conn.prepare_cached("SELECT value FROM appsim.meta WHERE key = 'rng_state'")?
        .query_row([], |r| r.get(0))
        .optional()
}

/// Puts back a state read with [`rng_state`] (nothing when there was none).
pub fn set_rng_state(conn: &Connection, state: &Option<String>) -> Result<(), rusqlite::Error> {
    if let Some(state) = state {
        conn.prepare_cached("INSERT INTO appsim.meta (key, value) VALUES ('rng_state', ?1) ON CONFLICT(key) DO UPDATE SET value = excluded.value")?
            .execute([state])?;
    }
    Ok(())
}

fn json_row(text: &str) -> Result<Vec<SqlValue>, WorldError> {
    let v: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| WorldError::Invalid(format!("bad change log row: {e}")))?;
    let items = v
        .as_array()
        .ok_or_else(|| WorldError::Invalid("bad change log row".into()))?;
    Ok(items
        .iter()
        .map(|x| match x {
            serde_json::Value::Null => SqlValue::Null,
            serde_json::Value::Bool(b) => SqlValue::Integer(*b as i64),
            serde_json::Value::Number(n) => n
                .as_i64()
                .map(SqlValue::Integer)
                .unwrap_or_else(|| SqlValue::Real(n.as_f64().unwrap_or(0.0))),
            serde_json::Value::String(s) => SqlValue::Text(s.clone()),
            other => SqlValue::Text(other.to_string()),
        })
        .collect())
}

/// AppWorld's databases never enforce foreign keys (rows may keep the id of a deleted account,
/// and `load_state` replays an update as a delete plus an insert); the bundled SQLite enforces
/// them by default, so every connection of a world turns them off. Apps check the links their
/// APIs promise themselves, with AppWorld's messages.
fn no_foreign_keys(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("PRAGMA foreign_keys = OFF")
}
