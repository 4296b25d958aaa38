//! The person the agent works for: profile, addresses, payment cards and account passwords.

use rusqlite::OptionalExtension;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};
use sim::sql::Cached;

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

pub(super) fn show_profile(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    Ok(ctx.db.query_row_cached("SELECT first_name, last_name, email, phone_number, birthday, sex FROM supervisor.supervisors WHERE id = ?1", [id], |r| {
        Ok(json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?,
                  "phone_number": r.get::<_, String>(3)?, "birthday": r.get::<_, String>(4)?, "sex": r.get::<_, Option<String>>(5)?}))
    })?)
}

pub(super) fn show_addresses(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    let mut st = ctx.db.prepare_cached("SELECT name, street_address, city, state, country, zip_code FROM supervisor.addresses WHERE supervisor_id = ?1 ORDER BY id")?;
    let rows = st.query_map([id], |r| {
        Ok(json!({"name": r.get::<_, String>(0)?, "street_address": r.get::<_, String>(1)?, "city": r.get::<_, String>(2)?,
                  "state": r.get::<_, String>(3)?, "country": r.get::<_, String>(4)?, "zip_code": r.get::<_, i64>(5)?}))
    })?;
    Ok(Value::Array(rows.collect::<Result<_, _>>()?))
}

pub(super) fn show_payment_cards(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    let mut st = ctx.db.prepare_cached("SELECT owner_name, card_name, card_number, expiry_year, expiry_month, cvv_number FROM supervisor.payment_cards WHERE supervisor_id = ?1 ORDER BY id")?;
    let rows = st.query_map([id], |r| {
        Ok(json!({"owner_name": r.get::<_, String>(0)?, "card_name": r.get::<_, String>(1)?, "card_number": r.get::<_, i64>(2)?,
                  "expiry_year": r.get::<_, i64>(3)?, "expiry_month": r.get::<_, i64>(4)?, "cvv_number": r.get::<_, i64>(5)?}))
    })?;
    Ok(Value::Array(rows.collect::<Result<_, _>>()?))
}

pub(super) fn show_account_passwords(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = supervisor_id(ctx)?;
    let mut st = ctx.db.prepare_cached("SELECT account_name, password FROM supervisor.account_passwords WHERE supervisor_id = ?1 ORDER BY id")?;
    let rows = st.query_map([id], |r| {
        Ok(json!({"account_name": r.get::<_, String>(0)?, "password": r.get::<_, String>(1)?}))
    })?;
    Ok(Value::Array(rows.collect::<Result<_, _>>()?))
}
