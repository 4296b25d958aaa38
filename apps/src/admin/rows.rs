//! admin's rows: one type per table with its one INSERT, written by the population's seed, and
//! the read of `admin.main_users` a world from elsewhere (an AppWorld data root) needs.
//! The bank's cards are [`NewBankCard`](crate::common::bank::NewBankCard), shared with the
//! apps that charge them.

use crate::common::rows::table_row;
use crate::people::{Address, Person};
use rusqlite::Connection;

table_row! {
    /// A person (`admin.main_users`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewMainUser<'a> in "admin.main_users" {
        /// The person's id (every app's user id for them).
        pub id: i64,
        /// First name.
        pub first_name: &'a str,
        /// Last name.
        pub last_name: &'a str,
        /// E-mail.
        pub email: &'a str,
        /// Phone number.
        pub phone_number: &'a str,
        /// `YYYY-MM-DD`.
        pub birthday: &'a str,
        /// `male` or `female`.
        pub sex: &'a str,
    }
}

/// `admin.main_users`.
pub struct MainUsers;

impl MainUsers {
    /// Every person the table holds, by id, with what it says of them: no addresses, cards
    /// or passwords (other tables hold those). A birthday that is not `YYYY-MM-DD` reads as
    /// the default date.
    pub fn people(db: &Connection) -> rusqlite::Result<Vec<Person>> {
        let mut st = db.prepare(
            "SELECT id, first_name, last_name, email, phone_number, birthday, sex \
             FROM admin.main_users ORDER BY id",
        )?;
        let rows = st.query_map([], |r| {
            Ok(Person {
                id: r.get(0)?,
                first_name: r.get(1)?,
                last_name: r.get(2)?,
                email: r.get(3)?,
                phone_number: r.get(4)?,
                birthday: chrono::NaiveDate::parse_from_str(&r.get::<_, String>(5)?, "%Y-%m-%d")
                    .unwrap_or_default(),
                sex: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
                addresses: Vec::new(),
                payment_cards: Vec::new(),
                passwords: Vec::new(),
            })
        })?;
        rows.collect()
    }
}

table_row! {
    /// A person's password for one app (`admin.account_passwords`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewAccountPassword<'a> in "admin.account_passwords" {
        /// Whose.
        pub main_user_id: i64,
        /// The app.
        pub account_name: &'a str,
        /// The password.
        pub password: &'a str,
    }
}

table_row! {
    /// A couple with their children (`admin.families`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewFamily<'a> in "admin.families" {
        /// The husband.
        pub husband_id: i64,
        /// The wife.
        pub wife_id: i64,
        /// The children's ids, as stored JSON text.
        pub child_ids: &'a str,
    }
}

table_row! {
    /// Two people who are friends (`admin.friendships`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewFriendship in "admin.friendships" {
        /// One of them.
        pub main_user_id: i64,
        /// The other.
        pub friend_id: i64,
    }
}

table_row! {
    /// A household (`admin.residences`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewResidence<'a> in "admin.residences" {
        /// Its id.
        pub id: i64,
        /// Who lives there, as stored JSON text of ids.
        pub resident_ids: &'a str,
        /// Its kind (`family`, `single` or `roommates`).
        pub residence_type: &'a str,
    }
}

table_row! {
    /// A company (`admin.companies`), its weekly standup at 10:00.
    #[derive(Debug, Clone, Copy)]
    pub struct NewCompany<'a> in "admin.companies" {
        /// Its id.
        pub id: i64,
        /// Its name.
        pub name: &'a str,
        /// Its manager.
        pub manager_id: i64,
    }
    fixed { weekly_standup_time: "'10:00'" }
}

table_row! {
    /// A person working at a company (`admin.company_employees`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewCompanyEmployee in "admin.company_employees" {
        /// The company.
        pub company_id: i64,
        /// The employee.
        pub main_user_id: i64,
        /// Whether they are its manager.
        pub is_manager: bool,
    }
}

table_row! {
    /// A place (`admin.global_addresses`): a residence's home or a company's office.
    #[derive(Debug, Clone, Copy)]
    pub struct NewGlobalAddress<'a> in "admin.global_addresses" {
        /// The residence it is the home of, if any.
        pub residence_id: Option<i64>,
        /// The company it is the office of, if any.
        pub company_id: Option<i64>,
        /// Street and number.
        pub street_address: &'a str,
        /// City.
        pub city: &'a str,
        /// State.
        pub state: &'a str,
        /// Country.
        pub country: &'a str,
        /// 5-digit ZIP code.
        pub zip_code: i64,
    }
}

impl<'a> NewGlobalAddress<'a> {
    /// The place at `address`, the home of `residence_id` or the office of `company_id`.
    pub fn at(address: &'a Address, residence_id: Option<i64>, company_id: Option<i64>) -> Self {
        NewGlobalAddress {
            residence_id,
            company_id,
            street_address: &address.street_address,
            city: &address.city,
            state: &address.state,
            country: &address.country,
            zip_code: address.zip_code,
        }
    }
}

table_row! {
    /// A person's named address (`admin.user_addresses`: `Home`, `Work`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewUserAddress<'a> in "admin.user_addresses" {
        /// The place.
        pub global_address_id: i64,
        /// Whose.
        pub main_user_id: i64,
        /// Its name.
        pub name: &'a str,
    }
}
