//! What a task's setup may do to the base world: make a person the supervisor with the task's
//! instruction, and add, change or remove that person's data in any app with a designed set.
//! The per-app helpers live next to this file, one per app family (`files.rs`, `money.rs`
//! for venmo and splitwise, `mail.rs` for gmail and phone, ...), each an `impl Setup` block;
//! [`Setup::execute`] is there for what no helper covers yet.

mod files;
mod mail;
mod money;
mod music;
mod shop;
mod todo;

pub use money::Card;

use crate::facts::Facts;
use apps::common::accounts::Users;
use apps::people::{Person, Population};
use apps::simple_note::rows::Notes;
use apps::simple_note::seed::NoteSeed;
use chrono::NaiveDateTime;
use rusqlite::Connection;

/// The setup's view of the episode: its connection (inside the episode's transaction) and the
/// world's people.
pub struct Setup<'a> {
    /// The episode's database.
    pub db: &'a Connection,
    /// The world's people (the same generator and seed as the base world).
    pub population: &'a Population,
    /// The task's clock (setup rows are dated relative to it).
    pub now: NaiveDateTime,
    /// The task's recorded picks (kept across starts of the task, read by its checks).
    pub facts: &'a Facts,
}

impl Setup<'_> {
    /// The pick named `key`: recorded by an earlier start of this task, else computed now by
    /// `compute` and recorded for later starts and for the task's checks ([`EvalCtx::pick`]).
    ///
    /// [`EvalCtx::pick`]: crate::eval::EvalCtx::pick
    pub fn pick<T>(&self, key: &str, compute: impl FnOnce(&Connection) -> T) -> T
    where
        T: Clone + Send + Sync + 'static,
    {
        self.facts.get_or(key, || compute(self.db))
    }

    /// The person with this id (`admin.main_users.id`).
    pub fn person(&self, id: i64) -> rusqlite::Result<&Person> {
        self.population
            .people
            .iter()
            .find(|p| p.id == id)
            .ok_or(rusqlite::Error::QueryReturnedNoRows)
    }

    /// Makes `person` the supervisor, with `instruction` as the active task.
    pub fn install_supervisor(&self, person: &Person, instruction: &str) -> rusqlite::Result<()> {
        apps::supervisor::seed::install(self.db, person, Some(instruction))
    }

    /// The person's account id in `app` (by e-mail; by phone number for phone).
    pub fn user_id(&self, app: &str, person: &Person) -> rusqlite::Result<i64> {
        Users::id_of(self.db, app, person)?.ok_or(rusqlite::Error::QueryReturnedNoRows)
    }

    /// Runs one SQL statement on the episode (qualify tables with the app: `venmo.users`), for
    /// rows no helper covers yet; returns the rows changed.
    pub fn execute(&self, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<usize> {
        self.db.prepare_cached(sql)?.execute(params)
    }

    /// The id of the row just inserted.
    pub fn last_id(&self) -> i64 {
        self.db.last_insert_rowid()
    }

    /// The person's SimpleNote user id.
    pub fn note_user(&self, person: &Person) -> rusqlite::Result<i64> {
        self.user_id("simple_note", person)
    }

    /// Deletes all of the person's notes and inserts `notes` in order.
    pub fn replace_notes(&self, person: &Person, notes: &[NoteSeed]) -> rusqlite::Result<()> {
        let uid = self.note_user(person)?;
        Notes::delete_all_of(self.db, uid)?;
        for n in notes {
            n.insert(self.db, uid, &n.title)?;
        }
        Ok(())
    }
}

/// An app's error, as a setup error (a setup that an app refuses is a broken scenario).
pub(crate) fn api_err(e: sim::api::ApiError) -> rusqlite::Error {
    rusqlite::Error::InvalidParameterName(e.to_string())
}
