//! The supervisor's rows as its seed and task setups write them: one type per table with its
//! one INSERT (the supervisor is always row 1), and the reads task setups make.

use crate::common::bank::CardFace;
use crate::common::rows::table_row;
use rusqlite::Connection;
use sim::sql::Cached;

table_row! {
    /// The supervisor (`supervisor.supervisors`, row 1).
    #[derive(Debug, Clone, Copy)]
    pub struct NewSupervisor<'a> in "supervisor.supervisors" {
        /// First name.
        pub first_name: &'a str,
        /// Last name.
        pub last_name: &'a str,
        /// E-mail address.
        pub email: &'a str,
        /// Phone number.
        pub phone_number: &'a str,
        /// `YYYY-MM-DD`.
        pub birthday: &'a str,
        /// `male` or `female`.
        pub sex: &'a str,
    }
    fixed { id: "1" }
}

table_row! {
    /// One of the supervisor's addresses (`supervisor.addresses`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewAddress<'a> in "supervisor.addresses" {
        /// Its name (`Home`, `Work`).
        pub name: &'a str,
        /// Street and number.
        pub street_address: &'a str,
        /// City.
        pub city: &'a str,
        /// State.
        pub state: &'a str,
        /// Country.
        pub country: &'a str,
        /// ZIP code.
        pub zip_code: i64,
    }
    fixed { supervisor_id: "1" }
}

table_row! {
    /// One of the supervisor's cards (`supervisor.payment_cards`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewCard<'a> in "supervisor.payment_cards" {
        /// The name on the card.
        pub owner_name: &'a str,
        /// The name its holder gave it.
        pub card_name: &'a str,
        /// The 16-digit number.
        pub card_number: i64,
        /// Expiry year.
        pub expiry_year: i64,
        /// Expiry month, 1-12.
        pub expiry_month: i64,
        /// The 3-digit CVV.
        pub cvv_number: i64,
    }
    fixed { supervisor_id: "1" }
}

impl<'a> From<CardFace<'a>> for NewCard<'a> {
    fn from(f: CardFace<'a>) -> Self {
        NewCard {
            owner_name: f.owner_name,
            card_name: f.card_name,
            card_number: f.card_number,
            expiry_year: f.expiry_year,
            expiry_month: f.expiry_month,
            cvv_number: f.cvv_number,
        }
    }
}

table_row! {
    /// The password of one of the supervisor's app accounts (`supervisor.account_passwords`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewPassword<'a> in "supervisor.account_passwords" {
        /// The app.
        pub account_name: &'a str,
        /// The password.
        pub password: &'a str,
    }
    fixed { supervisor_id: "1" }
}

table_row! {
    /// The active task (`supervisor.tasks`): no status yet, no answer given.
    #[derive(Debug, Clone, Copy)]
    pub struct NewTask<'a> in "supervisor.tasks" {
        /// What the supervisor asks for.
        pub instruction: &'a str,
    }
    fixed { supervisor_id: "1", status: "NULL", answer: "'\"<<NOT_GIVEN>>\"'" }
}

/// `supervisor.supervisors`.
pub struct Supervisors;

impl Supervisors {
    /// The supervisor's e-mail address (row 1's; `None` where the table is empty).
    pub fn email(db: &Connection) -> rusqlite::Result<Option<String>> {
        use rusqlite::OptionalExtension;
        db.query_row_cached(
            "SELECT email FROM supervisor.supervisors ORDER BY id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .optional()
    }

    /// Whether the supervisor is the person with e-mail address `email`.
    pub fn has_email(db: &Connection, email: &str) -> rusqlite::Result<bool> {
        db.query_row_cached(
            "SELECT count(*) > 0 FROM supervisor.supervisors WHERE email = ?1",
            [email],
            |r| r.get(0),
        )
    }
}
