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
    db.execute_batch("DELETE FROM supervisor.tasks; DELETE FROM supervisor.account_passwords; DELETE FROM supervisor.payment_cards; DELETE FROM supervisor.addresses; DELETE FROM supervisor.supervisors;")?;
    db.execute(
        "INSERT INTO supervisor.supervisors (id, first_name, last_name, email, phone_number, birthday, sex) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
        params![person.first_name, person.last_name, person.email, person.phone_number, person.birthday.format("%Y-%m-%d").to_string(), person.sex],
    )?;
    for a in &person.addresses {
        db.execute(
            "INSERT INTO supervisor.addresses (supervisor_id, name, street_address, city, state, country, zip_code) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
            params![a.name, a.street_address, a.city, a.state, a.country, a.zip_code],
        )?;
    }
    for c in &person.payment_cards {
        db.execute(
            "INSERT INTO supervisor.payment_cards (supervisor_id, owner_name, card_name, card_number, expiry_year, expiry_month, cvv_number) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
            params![c.owner_name, c.card_name, c.card_number, c.expiry_year, c.expiry_month, c.cvv_number],
        )?;
    }
    for (app, pw) in &person.passwords {
        db.execute("INSERT INTO supervisor.account_passwords (supervisor_id, account_name, password) VALUES (1, ?1, ?2)", params![app, pw])?;
    }
    if let Some(i) = instruction {
        db.execute("INSERT INTO supervisor.tasks (supervisor_id, instruction, status, answer) VALUES (1, ?1, NULL, '\"<<NOT_GIVEN>>\"')", [i])?;
    }
    Ok(())
}
