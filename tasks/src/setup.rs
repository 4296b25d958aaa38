//! What a task's setup may do to the base world: make a person the supervisor with the task's
//! instruction, and replace that person's data in the apps with a designed set.

use apps::people::{Person, Population};
use apps::simple_note::seed::NoteSeed;
use rusqlite::{Connection, OptionalExtension, params};

/// The setup's view of the episode: its connection (inside the episode's transaction) and the
/// world's people.
pub struct Setup<'a> {
    /// The episode's database.
    pub db: &'a Connection,
    /// The world's people (the same generator and seed as the base world).
    pub population: &'a Population,
}

impl Setup<'_> {
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

    /// The person's SimpleNote user id.
    pub fn note_user(&self, person: &Person) -> rusqlite::Result<i64> {
        self.db
            .query_row(
                "SELECT id FROM simple_note.users WHERE email = ?1",
                [&person.email],
                |r| r.get(0),
            )
            .optional()?
            .ok_or(rusqlite::Error::QueryReturnedNoRows)
    }

    /// Deletes all of the person's notes and inserts `notes` in order.
    pub fn replace_notes(&self, person: &Person, notes: &[NoteSeed]) -> rusqlite::Result<()> {
        let uid = self.note_user(person)?;
        self.db
            .execute("DELETE FROM simple_note.notes WHERE user_id = ?1", [uid])?;
        let mut st = self.db.prepare_cached(
            "INSERT INTO simple_note.notes (user_id, title, content, tags, created_at, updated_at, pinned) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for n in notes {
            st.execute(params![
                uid,
                n.title,
                n.content,
                serde_json::json!(n.tags).to_string(),
                sim::clock::fmt_datetime(n.created_at),
                sim::clock::fmt_datetime(n.updated_at),
                n.pinned
            ])?;
        }
        Ok(())
    }
}
