//! The hidden `admin` app: the population every account is made from and the bank whose cards
//! the apps charge (`common::bank`). It has tables and no APIs.
//!
//! Files: `rows.rs` (the address rows), `seed.rs` (the population's tables), `tests.rs`.

pub mod rows;
mod seed;

use crate::app::Seeding;

/// The admin tables in the app list ([`crate::APPS`]).
pub struct Admin;

impl crate::app::App for Admin {
    fn name(&self) -> &'static str {
        "admin"
    }

    fn spec(&self) -> Option<sim::api::AppSpec> {
        None
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

#[cfg(test)]
mod tests;
