//! The supervisor's rows written from more than one place (its seed, task setups).

use crate::common::bank::CardFace;
use rusqlite::{Connection, params};

/// One of the supervisor's cards (`supervisor.payment_cards`; the supervisor is row 1).
#[derive(Debug, Clone, Copy)]
pub struct NewCard<'a> {
    /// What it shows.
    pub face: CardFace<'a>,
}

impl NewCard<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let f = &self.face;
        db.prepare_cached(
            "INSERT INTO supervisor.payment_cards (supervisor_id, owner_name, card_name, card_number, expiry_year, expiry_month, cvv_number) \
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            f.owner_name,
            f.card_name,
            f.card_number,
            f.expiry_year,
            f.expiry_month,
            f.cvv_number
        ])?;
        Ok(db.last_insert_rowid())
    }
}
