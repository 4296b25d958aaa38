//! Makes a person of the world the supervisor: copies their profile, addresses, cards and
//! passwords into the supervisor app's tables, optionally with a task.

use crate::people::Person;
use rusqlite::{Connection, params};

/// Replaces the supervisor (and task) with `person`. `instruction`: the task's instruction, if any.
pub fn install(
    db: &Connection,
    person: &Person,
    instruction: Option<&str>,
) -> rusqlite::Result<()> {
    // Cached statements: task setups run this at every task start.
    for table in [
        "tasks",
        "account_passwords",
        "payment_cards",
        "addresses",
        "supervisors",
    ] {
        db.prepare_cached(&format!("DELETE FROM supervisor.{table}"))?
            .execute([])?;
    }
    db.prepare_cached(
        "INSERT INTO supervisor.supervisors (id, first_name, last_name, email, phone_number, birthday, sex) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![person.first_name, person.last_name, person.email, person.phone_number, person.birthday.format("%Y-%m-%d").to_string(), person.sex])?;
    let mut address = db.prepare_cached(
        "INSERT INTO supervisor.addresses (supervisor_id, name, street_address, city, state, country, zip_code) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for a in &person.addresses {
        address.execute(params![
            a.name,
            a.street_address,
            a.city,
            a.state,
            a.country,
            a.zip_code
        ])?;
    }
    for c in &person.payment_cards {
        super::rows::NewCard { face: c.into() }.insert(db)?;
    }
    let mut password = db.prepare_cached(
        "INSERT INTO supervisor.account_passwords (supervisor_id, account_name, password) VALUES (1, ?1, ?2)",
    )?;
    for (app, pw) in &person.passwords {
        password.execute(params![app, pw])?;
    }
    if let Some(i) = instruction {
        db.prepare_cached("INSERT INTO supervisor.tasks (supervisor_id, instruction, status, answer) VALUES (1, ?1, NULL, '\"<<NOT_GIVEN>>\"')")?
            .execute([i])?;
    }
    Ok(())
}
