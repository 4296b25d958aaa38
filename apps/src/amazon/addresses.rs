//! Shipping addresses: named per user (names unique per user), listed by name (AppWorld's
//! unique index order). Deleting one leaves past orders with their copied address text and no
//! address id.

use super::rows::NewAddress;
use super::store::check_owner;
use crate::common::rows::unique_or;
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// The editable fields, in the response order.
const FIELDS: [&str; 6] = [
    "name",
    "street_address",
    "city",
    "state",
    "country",
    "zip_code",
];

/// An address in the response shape, from `SELECT id, name, street_address, city, state,
/// country, zip_code`.
pub(super) fn address_json(r: &rusqlite::Row) -> rusqlite::Result<Value> {
    Ok(json!({
        "address_id": r.get::<_, i64>(0)?,
        "name": r.get::<_, String>(1)?,
        "street_address": r.get::<_, String>(2)?,
        "city": r.get::<_, String>(3)?,
        "state": r.get::<_, String>(4)?,
        "country": r.get::<_, String>(5)?,
        "zip_code": r.get::<_, i64>(6)?,
    }))
}

pub(super) fn show_addresses(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let rows: Vec<Value> = ctx
        .db
        .prepare_cached(
            "SELECT id, name, street_address, city, state, country, zip_code FROM amazon.addresses \
             WHERE user_id = ?1 ORDER BY name, id",
        )?
        .query_map([uid], address_json)?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(rows))
}

fn duplicate(e: rusqlite::Error) -> ApiError {
    unique_or(e, "Address", &["user_id", "name"])
}

pub(super) fn add_address(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let id = NewAddress {
        user_id: uid,
        name: a.str("name"),
        street_address: a.str("street_address"),
        city: a.str("city"),
        state: a.str("state"),
        country: a.str("country"),
        zip_code: a.int("zip_code"),
    }
    .insert(ctx.db)
    .map_err(duplicate)?;
    Ok(json!({"message": "Added address to your account.", "address_id": id}))
}

pub(super) fn delete_address(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("address_id");
    check_owner(ctx, "addresses", "address", id)?;
    ctx.db
        .prepare_cached("UPDATE amazon.orders SET address_id = NULL WHERE address_id = ?1")?
        .execute([id])?;
    ctx.db
        .prepare_cached("DELETE FROM amazon.addresses WHERE id = ?1")?
        .execute([id])?;
    Ok(json!({"message": "Deleted address from your account."}))
}

pub(super) fn update_address(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("address_id");
    check_owner(ctx, "addresses", "address", id)?;
    for field in FIELDS {
        let v = a.value(field);
        if v.is_null() {
            continue;
        }
        let sql = format!("UPDATE amazon.addresses SET {field} = ?1 WHERE id = ?2");
        let mut st = ctx.db.prepare_cached(&sql)?;
        if field == "zip_code" {
            st.execute(params![a.int(field), id])
        } else {
            st.execute(params![a.str(field), id])
        }
        .map_err(duplicate)?;
    }
    Ok(json!({"message": "Updated address information."}))
}
