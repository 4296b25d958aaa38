//! Saved payment cards, as amazon, spotify and venmo keep them (`<app>.payment_cards`, same
//! columns and rules in every app): the five card APIs and the lookups payment APIs need.
//!
//! An app registers the APIs it has, in its own docs order:
//! `cards::show_payment_cards(APP)`, `cards::add_payment_card(APP)`,
//! `cards::show_payment_card(APP)`, `cards::delete_payment_card(APP)`,
//! `cards::update_payment_card(APP)`. Payment APIs look a card up with [`owned_card`] (409 if
//! it does not exist, 422 if it is someone else's) or [`card_by_id`] (existence only), and
//! move money with `card.details()` through [`crate::common::bank`].
//!
//! AppWorld's rules: adding a card checks its details against the bank first (422 `The card
//! information is not valid. Recheck the card details.`, whatever the caller's own name is),
//! then the two uniqueness rules, which are global across users: `owner_name` + `card_name`
//! (checked first) and `card_number` (409 `PaymentCard with this ... already exists.`). Only
//! `card_name` can be changed afterwards. An app whose other rows point at cards (amazon's
//! orders) handles that in its own delete handler, using [`owned_card`].

use super::accounts::insert_row;
use super::rows::unique_or;
use crate::common::bank::{self, CardDetails, CardFace};
use rusqlite::{Connection, OptionalExtension, ToSql, params};
use serde_json::{Value, json};
use sim::api::params::Constraints;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

/// A saved card row.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedCard {
    /// Row id (`payment_card_id`).
    pub id: i64,
    /// The user who saved it.
    pub user_id: i64,
    /// The user's own name for the card.
    pub card_name: String,
    /// The bank details.
    pub details: CardDetails,
}

impl SavedCard {
    /// The bank details, to pass to [`crate::common::bank`].
    pub fn details(&self) -> &CardDetails {
        &self.details
    }

    /// The last four digits (`"1111"`).
    pub fn last4(&self) -> String {
        self.details.last4()
    }

    /// The response shape of a card.
    pub fn to_json(&self) -> Value {
        json!({
            "payment_card_id": self.id,
            "card_name": self.card_name,
            "owner_name": self.details.owner_name,
            "card_number": self.details.card_number,
            "expiry_year": self.details.expiry_year,
            "expiry_month": self.details.expiry_month,
            "cvv_number": self.details.cvv_number,
        })
    }

    fn read(r: &rusqlite::Row) -> rusqlite::Result<SavedCard> {
        Ok(SavedCard {
            id: r.get(0)?,
            user_id: r.get(1)?,
            card_name: r.get(2)?,
            details: CardDetails {
                owner_name: r.get(3)?,
                card_number: r.get(4)?,
                expiry_year: r.get(5)?,
                expiry_month: r.get(6)?,
                cvv_number: r.get(7)?,
            },
        })
    }
}

const CARD_FIELDS: &str =
    "id, user_id, card_name, owner_name, card_number, expiry_year, expiry_month, cvv_number";

/// The documented response example of a card.
fn card_example() -> Value {
    json!({"payment_card_id": 1, "card_name": "string", "owner_name": "string", "card_number": 1000000000000000.0, "expiry_year": 1, "expiry_month": 1.0, "cvv_number": 100.0})
}

/// The saved card with this id in the calling app, whoever saved it; 409 if there is none.
pub fn card_by_id(ctx: &Ctx, id: i64) -> Result<SavedCard, ApiError> {
    ctx.db
        .prepare_cached(&format!(
            "SELECT {CARD_FIELDS} FROM \"{}\".payment_cards WHERE id = ?1",
            ctx.app
        ))?
        .query_row([id], SavedCard::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("payment card", id))
}

/// The caller's saved card with this id: 409 if it does not exist, 422 if it is someone
/// else's.
pub fn owned_card(ctx: &Ctx, id: i64) -> Result<SavedCard, ApiError> {
    let card = card_by_id(ctx, id)?;
    if card.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner("payment card"));
    }
    Ok(card)
}

fn leak_path(app: &str, p: &str) -> &'static str {
    Box::leak(format!("/{app}{p}").into_boxed_str())
}

fn card_id_param() -> P {
    P::int("payment_card_id").doc("The saved card's id.")
}

/// `show_payment_cards`: the caller's saved cards, in the order they were added.
pub fn show_payment_cards(app: &'static str) -> ApiSpec {
    Api::get(app, "show_payment_cards", leak_path(app, "/payment_cards"))
        .doc("List the payment cards saved in your account.")
        .auth()
        .returns(json!([card_example()]))
        .handler(list_cards)
}

/// `add_payment_card`: saves a card the bank knows.
pub fn add_payment_card(app: &'static str) -> ApiSpec {
    Api::post(app, "add_payment_card", leak_path(app, "/payment_cards"))
        .doc("Save a payment card to your account. The details must match a real card exactly; card names are unique per owner name and a card number can be saved only once.")
        .param(P::str("card_name").min_len(1).doc("Your name for the card, e.g. 'Visa'."))
        .param(P::str("owner_name").min_len(1).doc("The name printed on the card."))
        .param(P::int("card_number").constraints(Constraints { ge: Some(1e15), lt: Some(1e16), ..Default::default() }).doc("The 16-digit card number."))
        .param(P::int("expiry_year").doc("The year the card expires."))
        .param(P::int("expiry_month").constraints(Constraints { ge: Some(1.0), le: Some(12.0), ..Default::default() }).doc("The month the card expires (1-12)."))
        .param(P::int("cvv_number").constraints(Constraints { ge: Some(100.0), lt: Some(1000.0), ..Default::default() }).doc("The 3-digit security code."))
        .auth()
        .returns(json!({"message": "string", "payment_card_id": 1}))
        .handler(add_card)
}

/// `show_payment_card`: one of the caller's saved cards.
pub fn show_payment_card(app: &'static str) -> ApiSpec {
    Api::get(
        app,
        "show_payment_card",
        leak_path(app, "/payment_cards/{payment_card_id}"),
    )
    .doc("Show one of your saved payment cards.")
    .param(card_id_param())
    .auth()
    .returns(card_example())
    .handler(show_card)
}

/// `delete_payment_card`: removes one of the caller's saved cards (the bank card stays).
pub fn delete_payment_card(app: &'static str) -> ApiSpec {
    Api::delete(
        app,
        "delete_payment_card",
        leak_path(app, "/payment_cards/{payment_card_id}"),
    )
    .doc("Remove a saved payment card from your account.")
    .param(card_id_param())
    .auth()
    .returns(json!({"message": "string"}))
    .handler(delete_card)
}

/// `update_payment_card`: renames one of the caller's saved cards.
pub fn update_payment_card(app: &'static str) -> ApiSpec {
    Api::patch(
        app,
        "update_payment_card",
        leak_path(app, "/payment_cards/{payment_card_id}"),
    )
    .doc("Rename one of your saved payment cards (only the card name can change).")
    .param(card_id_param())
    .param(
        P::str("card_name")
            .min_len(1)
            .doc("The new name for the card."),
    )
    .auth()
    .returns(json!({"message": "string"}))
    .handler(update_card)
}

fn list_cards(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let cards: Vec<SavedCard> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {CARD_FIELDS} FROM \"{}\".payment_cards WHERE user_id = ?1 ORDER BY id",
            ctx.app
        ))?
        .query_map([uid], SavedCard::read)?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(cards.iter().map(SavedCard::to_json).collect()))
}

fn add_card(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let details = CardDetails {
        owner_name: a.str("owner_name").to_string(),
        card_number: a.int("card_number"),
        expiry_year: a.int("expiry_year"),
        expiry_month: a.int("expiry_month"),
        cvv_number: a.int("cvv_number"),
    };
    bank::validate(ctx.db, &details)?;
    let card_name = a.str("card_name");
    let exists = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> Result<bool, ApiError> {
        Ok(ctx
            .db
            .prepare_cached(&format!(
                "SELECT 1 FROM \"{}\".payment_cards WHERE {sql} LIMIT 1",
                ctx.app
            ))?
            .exists(p)?)
    };
    if exists(
        "owner_name = ?1 AND card_name = ?2",
        &[&details.owner_name, &card_name],
    )? {
        return Err(ApiError::already_exists(
            "PaymentCard",
            &["owner_name", "card_name"],
        ));
    }
    if exists("card_number = ?1", &[&details.card_number])? {
        return Err(ApiError::already_exists("PaymentCard", &["card_number"]));
    }
    let id = NewSavedCard {
        app: ctx.app,
        user_id: uid,
        face: CardFace {
            owner_name: &details.owner_name,
            card_name,
            card_number: details.card_number,
            expiry_year: details.expiry_year,
            expiry_month: details.expiry_month,
            cvv_number: details.cvv_number,
        },
    }
    .insert(ctx.db)?;
    Ok(json!({"message": "Added payment card to your account.", "payment_card_id": id}))
}

fn show_card(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    Ok(owned_card(ctx, a.int("payment_card_id"))?.to_json())
}

fn delete_card(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let card = owned_card(ctx, a.int("payment_card_id"))?;
    ctx.db
        .prepare_cached(&format!(
            "DELETE FROM \"{}\".payment_cards WHERE id = ?1",
            ctx.app
        ))?
        .execute([card.id])?;
    Ok(json!({"message": "Deleted payment card from your account."}))
}

fn update_card(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let card = owned_card(ctx, a.int("payment_card_id"))?;
    ctx.db
        .prepare_cached(&format!(
            "UPDATE \"{}\".payment_cards SET card_name = ?1 WHERE id = ?2",
            ctx.app
        ))?
        .execute(params![a.str("card_name"), card.id])
        .map_err(|e| unique_or(e, "PaymentCard", &["owner_name", "card_name"]))?;
    Ok(json!({"message": "Updated payment card information."}))
}

/// A saved card (`<app>.payment_cards` of amazon, spotify or venmo): a copy of a bank card's
/// face in `user_id`'s account, as the handler, the seeds and task setups save one.
#[derive(Debug, Clone, Copy)]
pub struct NewSavedCard<'a> {
    /// The app whose table it goes in.
    pub app: &'a str,
    /// Whose account.
    pub user_id: i64,
    /// What it shows (its `card_name` the name the user gave it).
    pub face: CardFace<'a>,
}

impl NewSavedCard<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let mut columns: Vec<(&str, &dyn ToSql)> = vec![("user_id", &self.user_id as &dyn ToSql)];
        columns.extend(self.face.columns());
        let table = format!("\"{}\".payment_cards", self.app);
        insert_row(db, &table, &columns, &[])
    }
}

/// A paid subscription (amazon's `prime_subscriptions`, spotify's `premium_subscriptions`: one
/// shape), paid with a saved card; its receipt has not been downloaded.
#[derive(Debug, Clone, Copy)]
pub struct NewSubscription<'a> {
    /// The table, `amazon.prime_subscriptions` or `spotify.premium_subscriptions`.
    pub table: &'a str,
    /// Whose.
    pub user_id: i64,
    /// When it starts, as stored.
    pub start_date: &'a str,
    /// When it ends, as stored.
    pub end_date: &'a str,
    /// The card's last four digits.
    pub payment_card_digits: &'a str,
    /// What was paid.
    pub paid_amount: f64,
}

impl NewSubscription<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let columns: [(&str, &dyn ToSql); 5] = [
            ("user_id", &self.user_id),
            ("start_date", &self.start_date),
            ("end_date", &self.end_date),
            ("payment_card_digits", &self.payment_card_digits),
            ("paid_amount", &self.paid_amount),
        ];
        let unread = [("receipt_download_count", "0")];
        insert_row(db, self.table, &columns, &unread)
    }
}
