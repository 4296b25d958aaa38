//! Phone: contacts with relationships, text and voice messages, alarms and the current date and
//! time, plus the account APIs (login by phone number, no verification step; reset codes arrive
//! as text messages from Phone Notifications).
//!
//! Files: `apis.rs` (the registrations and the clock), `contacts.rs`, `messages.rs` (text and
//! voice alike, and the one path every message is stored by, companies' texts included),
//! `alarms.rs`. Dates and times are checked by `common::pytime`, relationships singularised and
//! lists stored by `common::pytext`.

mod alarms;
mod apis;
mod contacts;
mod messages;
pub mod notices;
pub mod rows;
pub use messages::{store_text, store_voice};
pub mod seed;

use crate::app::Seeding;
use messages::Kind;
use sim::api::{AccountSpec, ApiSpec, AppSpec, Notifier};

/// App name.
pub const APP: &str = "phone";

/// How phone accounts log in.
const ACCOUNTS: AccountSpec = AccountSpec {
    login_column: "phone_number",
    requires_verification: false,
    owned_tables: &[
        ("contacts", "user_id"),
        ("alarms", "user_id"),
        ("user_text_messages", "user_id"),
        ("user_voice_messages", "user_id"),
    ],
    ..AccountSpec::EMAIL
};

/// Phone in the app list ([`crate::APPS`]).
pub struct Phone;

impl crate::app::App for Phone {
    fn name(&self) -> &'static str {
        APP
    }

    /// The app's description and account rules.
    fn spec(&self) -> Option<AppSpec> {
        Some(AppSpec {
            name: APP,
            description: "The phone: contacts and their relationships, text and voice messages, alarms, and the current date and time.",
            accounts: Some(ACCOUNTS),
            notifier: Some(Notifier {
                company: "Phone",
                email: "notifications@phone.com",
                phone: "1742710379",
            }),
        })
    }

    /// The APIs, in docs order.
    fn apis(&self) -> Vec<ApiSpec> {
        let mut all = crate::common::accounts::account_apis_for(APP, &ACCOUNTS);
        all.extend(apis::all());
        all
    }

    /// Full-text search over contacts and over each user's message copies (the message and the
    /// account names of its sender and receiver, re-indexed when either is renamed); indexes of a
    /// user's message copies.
    fn post_ddl(&self) -> Vec<String> {
        let mut ddl = sim::schema::fts_ddl("contacts", contacts::SEARCH_TEXT);
        for kind in [Kind::Text, Kind::Voice] {
            ddl.extend(sim::schema::fts_ddl(
                kind.copies(),
                &messages::search_text(kind),
            ));
            ddl.push(messages::rename_trigger(kind));
        }
        // A user's message copies.
        ddl.push(sim::schema::index_ddl("user_text_messages", &["user_id"]));
        ddl.push(sim::schema::index_ddl("user_voice_messages", &["user_id"]));
        ddl
    }

    fn seed(&self, s: &Seeding) -> rusqlite::Result<()> {
        seed::install(s)
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::episode;
    use serde_json::{Value, json};
    use sim::Episode;

    fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
        crate::testkit::call(ep, super::APP, api, args)
    }

    /// The supervisor's phone number and token, and a token of Phone Notifications.
    fn tokens(ep: &mut Episode) -> (Value, Value, Value) {
        let me = ep.call("supervisor", "show_profile", json!({})).unwrap();
        let pws = ep
            .call("supervisor", "show_account_passwords", json!({}))
            .unwrap();
        let pw = pws
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["account_name"] == "phone")
            .unwrap()["password"]
            .clone();
        let phone = me["phone_number"].clone();
        let login = |ep: &mut Episode, user: &Value, pw: &Value| {
            call(ep, "login", json!({"username": user, "password": pw}))["access_token"].clone()
        };
        let t = login(ep, &phone, &pw);
        let tn = login(ep, &json!("1742710379"), &json!("adminpassword"));
        (phone, t, tn)
    }

    /// A rename re-indexes other people's copies of the renamed user's messages; a deleted
    /// account leaves its messages dangling (as in AppWorld) and is gone.
    #[test]
    fn rename_reindexes_and_delete_leaves_messages() {
        let (_world, mut ep) = episode();
        let (phone, t, tn) = tokens(&mut ep);
        call(
            &mut ep,
            "send_text_message",
            json!({"access_token": tn, "phone_number": phone, "message": "zebra crossing"}),
        );
        call(
            &mut ep,
            "update_account_name",
            json!({"access_token": tn, "first_name": "Quokka"}),
        );
        let found = call(
            &mut ep,
            "search_text_messages",
            json!({"access_token": t, "query": "quokka", "page_limit": 1}),
        );
        assert_eq!(found[0]["message"], "zebra crossing");
        call(&mut ep, "delete_account", json!({"access_token": tn}));
        let profile = ep.call(
            "phone",
            "show_profile",
            json!({"phone_number": "1742710379"}),
        );
        assert_eq!(profile.unwrap_err().status, 422);
    }

    /// State saves and loads after a rename and an account deletion.
    #[test]
    fn state_round_trip_after_rename_and_delete() {
        let (_world, mut ep) = episode();
        let (_, _, tn) = tokens(&mut ep);
        call(
            &mut ep,
            "update_account_name",
            json!({"access_token": tn, "first_name": "Quokka"}),
        );
        call(&mut ep, "delete_account", json!({"access_token": tn}));
        ep.save_state("after").unwrap();
        ep.load_state("after").unwrap();
    }
}
