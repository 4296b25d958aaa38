//! Contacts: a user's address book (unique by e-mail per owner), searched by text and filtered
//! by relationship.

use super::rows::NewContact;
use crate::common::pytext::{py_json_list, singularize};
use crate::common::pytime::date_param;
use crate::common::rows::unique_or;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, SortKey, fts_query};
use sim::api::{ApiError, Args, Ctx};
use std::collections::BTreeSet;

/// The search text of a contact (`{row}`), for [`sim::schema::fts_ddl`].
pub(super) const SEARCH_TEXT: &str = "appsim_search_text({row}.first_name, {row}.last_name, {row}.email, {row}.phone_number, \
     (SELECT group_concat(value, ' ') FROM json_each({row}.relationships)), {row}.home_address, {row}.work_address)";

const FIELDS: &str = "id, user_id, first_name, last_name, email, phone_number, relationships, birthday, home_address, work_address, created_at";

/// A contact row.
struct Contact {
    id: i64,
    user_id: i64,
    first_name: String,
    last_name: String,
    email: String,
    phone_number: Option<String>,
    relationships: Vec<String>,
    birthday: Option<String>,
    home_address: Option<String>,
    work_address: Option<String>,
    created_at: String,
}

impl Contact {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Contact> {
        let relationships: Option<String> = r.get(6)?;
        Ok(Contact {
            id: r.get(0)?,
            user_id: r.get(1)?,
            first_name: r.get(2)?,
            last_name: r.get(3)?,
            email: r.get(4)?,
            phone_number: r.get(5)?,
            relationships: relationships
                .and_then(|s| serde_json::from_str(&s).ok())
                .unwrap_or_default(),
            birthday: r.get(7)?,
            home_address: r.get(8)?,
            work_address: r.get(9)?,
            created_at: sim::clock::normalize_datetime(r.get(10)?),
        })
    }

    fn into_json(self) -> Value {
        json!({
            "contact_id": self.id,
            "first_name": self.first_name,
            "last_name": self.last_name,
            "email": self.email,
            "phone_number": self.phone_number,
            "relationships": self.relationships,
            "birthday": self.birthday,
            "home_address": self.home_address,
            "work_address": self.work_address,
            "created_at": self.created_at,
        })
    }
}

/// The caller's contacts, in e-mail order (AppWorld reads them through its (owner, e-mail)
/// index, so that is the order ties keep).
fn own_contacts(ctx: &Ctx) -> Result<Vec<Contact>, ApiError> {
    let me = ctx.user()?.id;
    let mut st = ctx.db.prepare_cached(&format!(
        "SELECT {FIELDS} FROM phone.contacts WHERE user_id = ?1 ORDER BY email, id"
    ))?;
    let rows = st.query_map([me], Contact::read)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A contact the caller owns: 409 if none has this id, 422 if it is someone else's.
fn owned_contact(ctx: &Ctx, id: i64) -> Result<Contact, ApiError> {
    let me = ctx.user()?.id;
    let c = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {FIELDS} FROM phone.contacts WHERE id = ?1"
        ))?
        .query_row([id], Contact::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("contact", id))?;
    if c.user_id != me {
        return Err(ApiError::not_owner("contact"));
    }
    Ok(c)
}

/// 422 unless a given birthday is a date as AppWorld parses it ([`date_param`]).
fn check_birthday(a: &Args) -> Result<(), ApiError> {
    if let Some(b) = a.opt_str("birthday") {
        date_param("birthday", b)?;
    }
    Ok(())
}

/// show_contact_relationships: every relationship label of the caller's contacts, once, sorted.
pub(super) fn show_contact_relationships(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let labels: BTreeSet<String> = own_contacts(ctx)?
        .into_iter()
        .flat_map(|c| c.relationships)
        .collect();
    Ok(json!(labels))
}

/// search_contacts: the caller's contacts, those with a relationship when one is given (the
/// query lower-cased, stripped and singularised; labels compared as stored). A query ranks
/// them, then pages; without one they come newest first (ties in e-mail order).
pub(super) fn search_contacts(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let mut contacts = own_contacts(ctx)?;
    if let Some(rel) = a.opt_str("relationship") {
        let wanted = singularize(rel.to_lowercase().trim());
        contacts.retain(|c| c.relationships.contains(&wanted));
    }
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    // A query without words to search for (blank, or only quotes) lists as no query does.
    let query = a.str("query");
    let newest = SortKey {
        field: "created_at".into(),
        descending: true,
    };
    let page = SearchPage {
        query: fts_query(query).map(|_| query),
        sort_all: Some(&newest),
        sort_page: None,
        index,
        limit,
    }
    .apply(
        ctx,
        "phone",
        "contacts_fts",
        contacts,
        |c| c.id,
        |c, _| json!(c.created_at),
    )?;
    Ok(Value::Array(
        page.into_iter().map(Contact::into_json).collect(),
    ))
}

/// add_contact. AppWorld's contact model needs an e-mail and non-empty names; it fails with a
/// server error without them, appsim with a validation error.
pub(super) fn add_contact(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = ctx.user()?.id;
    check_birthday(a)?;
    let mut missing = Vec::new();
    for field in ["first_name", "last_name"] {
        if a.str(field).is_empty() {
            missing.push((
                field.to_string(),
                "ensure this value has at least 1 characters".to_string(),
            ));
        }
    }
    let Some(email) = a.opt_str("email") else {
        missing.push(("email".into(), "field required".into()));
        return Err(ApiError::validation(&missing));
    };
    if !missing.is_empty() {
        return Err(ApiError::validation(&missing));
    }
    let relationships = a.opt_str_list("relationships").unwrap_or_default();
    let id = NewContact {
        user_id: me,
        first_name: a.str("first_name"),
        last_name: a.str("last_name"),
        email,
        phone_number: a.opt_str("phone_number"),
        relationships: &py_json_list(&relationships),
        birthday: a.opt_str("birthday"),
        home_address: a.opt_str("home_address"),
        work_address: a.opt_str("work_address"),
        created_at: &sim::clock::fmt_datetime(ctx.now),
    }
    .insert(ctx.db)
    .map_err(|e| unique_or(e, "Contact", &["user_id", "email"]))?;
    Ok(json!({"message": "Contact added.", "contact_id": id}))
}

/// delete_contact.
pub(super) fn delete_contact(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let c = owned_contact(ctx, a.int("contact_id"))?;
    ctx.db
        .execute("DELETE FROM phone.contacts WHERE id = ?1", [c.id])?;
    Ok(json!({"message": "Contact deleted."}))
}

/// The 409 AppWorld gives when an update would break the contact model (an empty name): the
/// pydantic errors, as Python prints them.
pub(super) fn invalid_update(model: &str, errors: &[String]) -> ApiError {
    ApiError::new(
        409,
        format!(
            "The update operation on {model} is not valid. Error: [{}]",
            errors.join(", ")
        ),
    )
}

/// update_contact: the fields given (a null leaves a field as it is).
pub(super) fn update_contact(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let c = owned_contact(ctx, a.int("contact_id"))?;
    check_birthday(a)?;
    let empty: Vec<String> = ["first_name", "last_name"]
        .iter()
        .filter(|f| a.opt_str(f) == Some(""))
        .map(|f| {
            format!(
                "{{'loc': ('{f}',), 'msg': 'ensure this value has at least 1 characters', \
                 'type': 'value_error.any_str.min_length', 'ctx': {{'limit_value': 1}}}}"
            )
        })
        .collect();
    if !empty.is_empty() {
        return Err(invalid_update("Contact", &empty));
    }
    let text = |field: &str, old: Option<String>| a.opt_str(field).map(String::from).or(old);
    let relationships = a.opt_str_list("relationships").unwrap_or(c.relationships);
    ctx.db
        .prepare_cached(
            "UPDATE phone.contacts SET first_name = ?1, last_name = ?2, email = ?3, phone_number = ?4, relationships = ?5, \
             birthday = ?6, home_address = ?7, work_address = ?8 WHERE id = ?9",
        )?
        .execute(params![
            a.opt_str("first_name").unwrap_or(&c.first_name),
            a.opt_str("last_name").unwrap_or(&c.last_name),
            a.opt_str("email").unwrap_or(&c.email),
            text("phone_number", c.phone_number),
            py_json_list(&relationships),
            text("birthday", c.birthday),
            text("home_address", c.home_address),
            text("work_address", c.work_address),
            c.id
        ])
        .map_err(|e| unique_or(e, "Contact", &["user_id", "email"]))?;
    Ok(json!({"message": "Contact updated."}))
}
