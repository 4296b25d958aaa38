//! Handlers of the supervisor app.

use super::APP;
use rusqlite::OptionalExtension;
use serde_json::{Value, json};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};
use sim::sql::Cached;

pub(super) fn all() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_active_task", "/supervisor/active_task")
            .doc("Show the task you are working on: its instruction, status (null until completed) and stored answer.")
            .returns(json!({"instruction": "string", "status": "string", "answer": "string"}))
            .handler(show_active_task),
        Api::post(APP, "complete_task", "/supervisor/message")
            .doc("Mark the task as done. Give the answer if the task asks a question; set status to 'fail' if you could not do it.")
            .param(P::answer("answer").nullable().doc("The answer to the task's question, if it asks one; leave out otherwise."))
            .param(P::str("status").default(json!("success")).one_of(&["success", "fail"]).doc("'success' when the task is done, 'fail' when it cannot be done."))
            .returns(json!({"message": "string"}))
            .handler(complete_task),
        Api::get(APP, "show_profile", "/supervisor/profile")
            .doc("Show your supervisor's profile: name, e-mail, phone number, birthday and sex.")
            .returns(json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "phone_number": "string", "birthday": "string", "sex": "male"}))
            .handler(show_profile),
        Api::get(APP, "show_addresses", "/supervisor/addresses")
            .doc("List your supervisor's saved addresses (Home, Work).")
            .returns(json!([{"name": "Home", "street_address": "string", "city": "string", "state": "string", "country": "string", "zip_code": 10000.0}]))
            .handler(show_addresses),
        Api::get(APP, "show_payment_cards", "/supervisor/payment_cards")
            .doc("List your supervisor's payment cards with the full details needed to add them to an app.")
            .returns(json!([{"owner_name": "string", "card_name": "Visa", "card_number": 1000000000000000.0, "expiry_year": 1, "expiry_month": 1.0, "cvv_number": 100.0}]))
            .handler(show_payment_cards),
        Api::get(APP, "show_account_passwords", "/supervisor/account_passwords")
            .doc("List your supervisor's password for each app account. Log in with their e-mail (phone number for the phone app) and this password.")
            .returns(json!([{"account_name": "string", "password": "string"}]))
            .handler(show_account_passwords),
    ]
}

fn supervisor_id(ctx: &Ctx) -> Result<i64, ApiError> {
    ctx.db
        .query_row_cached(
            "SELECT id FROM supervisor.supervisors ORDER BY id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| ApiError::unprocessable("No supervisor found."))
}

fn show_active_task(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let row: Option<(String, Option<String>, String)> = ctx
        .db
        .query_row_cached(
            "SELECT instruction, status, answer FROM supervisor.tasks ORDER BY id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let (instruction, status, answer) =
        row.ok_or_else(|| ApiError::unprocessable("No active task found."))?;
    let answer: Value = serde_json::from_str(&answer).unwrap_or(Value::String(answer));
    Ok(json!({"instruction": instruction, "status": status, "answer": answer}))
}

/// The answer as the tasks table keeps it: JSON text, a NaN or infinity as Python writes it.
fn stored_answer(v: &Value) -> String {
    match sim::api::params::tagged_text(v) {
        Some(text) => text.to_string(),
        None => v.to_string(),
    }
}

fn complete_task(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let n = ctx.db.execute_cached(
        "UPDATE supervisor.tasks SET status = ?1, answer = ?2",
        rusqlite::params![a.str("status"), stored_answer(a.value("answer"))],
    )?;
    if n == 0 {
        return Err(ApiError::unprocessable("No active task found."));
    }
    Ok(json!({"message": "Marked the active task complete."}))
}

fn show_profile(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    Ok(ctx.db.query_row_cached("SELECT first_name, last_name, email, phone_number, birthday, sex FROM supervisor.supervisors WHERE id = ?1", [id], |r| {
        Ok(json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?,
                  "phone_number": r.get::<_, String>(3)?, "birthday": r.get::<_, String>(4)?, "sex": r.get::<_, Option<String>>(5)?}))
    })?)
}

fn show_addresses(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    let mut st = ctx.db.prepare_cached("SELECT name, street_address, city, state, country, zip_code FROM supervisor.addresses WHERE supervisor_id = ?1 ORDER BY id")?;
    let rows = st.query_map([id], |r| {
        Ok(json!({"name": r.get::<_, String>(0)?, "street_address": r.get::<_, String>(1)?, "city": r.get::<_, String>(2)?,
                  "state": r.get::<_, String>(3)?, "country": r.get::<_, String>(4)?, "zip_code": r.get::<_, i64>(5)?}))
    })?;
    Ok(Value::Array(rows.collect::<Result<_, _>>()?))
}

fn show_payment_cards(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    let mut st = ctx.db.prepare_cached("SELECT owner_name, card_name, card_number, expiry_year, expiry_month, cvv_number FROM supervisor.payment_cards WHERE supervisor_id = ?1 ORDER BY id")?;
    let rows = st.query_map([id], |r| {
        Ok(json!({"owner_name": r.get::<_, String>(0)?, "card_name": r.get::<_, String>(1)?, "card_number": r.get::<_, i64>(2)?,
                  "expiry_year": r.get::<_, i64>(3)?, "expiry_month": r.get::<_, i64>(4)?, "cvv_number": r.get::<_, i64>(5)?}))
    })?;
    Ok(Value::Array(rows.collect::<Result<_, _>>()?))
}

fn show_account_passwords(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    let mut st = ctx.db.prepare_cached("SELECT account_name, password FROM supervisor.account_passwords WHERE supervisor_id = ?1 ORDER BY id")?;
    let rows = st.query_map([id], |r| {
        Ok(json!({"account_name": r.get::<_, String>(0)?, "password": r.get::<_, String>(1)?}))
    })?;
    Ok(Value::Array(rows.collect::<Result<_, _>>()?))
}
