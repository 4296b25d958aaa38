//! admin's rows written from more than one place: one type per table with its one INSERT.

use crate::people::Address;
use rusqlite::{Connection, params};

/// A place (`admin.global_addresses`): a residence's home or a company's office.
#[derive(Debug, Clone, Copy)]
pub struct NewGlobalAddress<'a> {
    /// The residence it is the home of, if any.
    pub residence_id: Option<i64>,
    /// The company it is the office of, if any.
    pub company_id: Option<i64>,
    /// Where.
    pub address: &'a Address,
}

impl NewGlobalAddress<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let a = self.address;
        db.prepare_cached(
            "INSERT INTO admin.global_addresses (residence_id, company_id, street_address, city, state, country, zip_code) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            self.residence_id,
            self.company_id,
            a.street_address,
            a.city,
            a.state,
            a.country,
            a.zip_code
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A person's named address (`admin.user_addresses`: `Home`, `Work`).
#[derive(Debug, Clone, Copy)]
pub struct NewUserAddress<'a> {
    /// The place.
    pub global_address_id: i64,
    /// Whose.
    pub main_user_id: i64,
    /// Its name.
    pub name: &'a str,
}

impl NewUserAddress<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO admin.user_addresses (global_address_id, main_user_id, name) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![self.global_address_id, self.main_user_id, self.name])?;
        Ok(db.last_insert_rowid())
    }
}
