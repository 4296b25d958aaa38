//! Makes a person of the world the supervisor: copies their profile, addresses, cards and
//! passwords into the supervisor app's tables, optionally with a task.

use super::rows::{NewAddress, NewCard, NewPassword, NewSupervisor, NewTask};
use crate::common::bank::CardFace;
use crate::people::Person;
use rusqlite::Connection;

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
    NewSupervisor {
        first_name: &person.first_name,
        last_name: &person.last_name,
        email: &person.email,
        phone_number: &person.phone_number,
        birthday: &person.birthday.format("%Y-%m-%d").to_string(),
        sex: &person.sex,
    }
    .insert(db)?;
    for a in &person.addresses {
        NewAddress {
            name: &a.name,
            street_address: &a.street_address,
            city: &a.city,
            state: &a.state,
            country: &a.country,
            zip_code: a.zip_code,
        }
        .insert(db)?;
    }
    for c in &person.payment_cards {
        NewCard::from(CardFace::from(c)).insert(db)?;
    }
    for (app, pw) in &person.passwords {
        NewPassword {
            account_name: app,
            password: pw,
        }
        .insert(db)?;
    }
    if let Some(instruction) = instruction {
        NewTask { instruction }.insert(db)?;
    }
    Ok(())
}
