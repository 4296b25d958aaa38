//! The registrations of the supervisor app's APIs, in docs order; handlers are in `task.rs`
//! (the task) and `profile.rs` (the person).

use super::APP;
use super::{profile, task};
use serde_json::json;
use sim::api::{Api, ApiSpec, P};

pub(super) fn all() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_active_task", "/supervisor/active_task")
            .doc("Show the task you are working on: its instruction, status (null until completed) and stored answer.")
            .returns(json!({"instruction": "string", "status": "string", "answer": "string"}))
            .handler(task::show_active_task),
        Api::post(APP, "complete_task", "/supervisor/message")
            .doc("Mark the task as done. Give the answer if the task asks a question; set status to 'fail' if you could not do it.")
            .param(P::answer("answer").nullable().doc("The answer to the task's question, if it asks one; leave out otherwise."))
            .param(P::str("status").default(json!("success")).one_of(&["success", "fail"]).doc("'success' when the task is done, 'fail' when it cannot be done."))
            .returns(json!({"message": "string"}))
            .handler(task::complete_task),
        Api::get(APP, "show_profile", "/supervisor/profile")
            .doc("Show your supervisor's profile: name, e-mail, phone number, birthday and sex.")
            .returns(json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "phone_number": "string", "birthday": "string", "sex": "male"}))
            .handler(profile::show_profile),
        Api::get(APP, "show_addresses", "/supervisor/addresses")
            .doc("List your supervisor's saved addresses (Home, Work).")
            .returns(json!([{"name": "Home", "street_address": "string", "city": "string", "state": "string", "country": "string", "zip_code": 10000.0}]))
            .handler(profile::show_addresses),
        Api::get(APP, "show_payment_cards", "/supervisor/payment_cards")
            .doc("List your supervisor's payment cards with the full details needed to add them to an app.")
            .returns(json!([{"owner_name": "string", "card_name": "Visa", "card_number": 1000000000000000.0, "expiry_year": 1, "expiry_month": 1.0, "cvv_number": 100.0}]))
            .handler(profile::show_payment_cards),
        Api::get(APP, "show_account_passwords", "/supervisor/account_passwords")
            .doc("List your supervisor's password for each app account. Log in with their e-mail (phone number for the phone app) and this password.")
            .returns(json!([{"account_name": "string", "password": "string"}]))
            .handler(profile::show_account_passwords),
    ]
}
