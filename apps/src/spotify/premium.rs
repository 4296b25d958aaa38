//! Premium: the plans, subscribing with a saved card (paid through the bank, confirmed by an
//! e-mail with the receipt attached), the subscriptions and their receipts in file_system; and
//! spotify's `show_account`, which says whether the caller is a premium member.
//!
//! A subscription starts now and ends on the 30th (monthly) or 365th (yearly) day after, at
//! 23:59:59; a member is someone with a subscription not yet ended. Deleting the card keeps it.

use super::APP;
use super::store::{now, page};
use crate::common::bank;
use crate::common::cards::owned_card;
use crate::common::rows::{datetime_col, db_datetime};
use crate::common::{files, notify};
use rusqlite::{OptionalExtension, Row, params};
use serde_json::{Value, json};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx};

/// The price of a monthly and of a yearly subscription.
const PLANS: [(&str, i64, i64); 2] = [("monthly", 10, 30), ("yearly", 100, 365)];

/// spotify's `show_account`: the shared account fields and `is_premium`.
pub(super) fn show_account_api() -> ApiSpec {
    Api::get(APP, "show_account", "/spotify/account")
        .doc("Show your own account details, including private fields such as verification status and whether you are a Premium member.")
        .auth()
        .returns(json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00", "last_logged_in": "2019-01-01T00:00:00", "verified": true, "is_premium": true}))
        .handler(show_account)
}

/// Does the user have a subscription that has not ended?
fn is_premium(ctx: &Ctx, user: i64) -> Result<bool, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT 1 FROM spotify.premium_subscriptions WHERE user_id = ?1 AND end_date >= ?2",
        )?
        .exists(params![user, now(ctx)])?)
}

fn show_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let mut account = crate::common::accounts::account_fields(ctx)?;
    let id = ctx.user()?.id;
    account.insert("is_premium".into(), json!(is_premium(ctx, id)?));
    Ok(Value::Object(account))
}

pub(super) fn show_premium_plans(_: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(json!({"monthly": PLANS[0].1, "yearly": PLANS[1].1}))
}

/// A subscription row.
struct Subscription {
    id: i64,
    user_id: i64,
    start: Value,
    end: Value,
    digits: String,
    paid: f64,
}

const SUBSCRIPTION_COLS: &str =
    "id, user_id, start_date, end_date, payment_card_digits, paid_amount";

impl Subscription {
    fn read(r: &Row) -> rusqlite::Result<Subscription> {
        Ok(Subscription {
            id: r.get(0)?,
            user_id: r.get(1)?,
            start: datetime_col(r, 2)?,
            end: datetime_col(r, 3)?,
            digits: r.get(4)?,
            paid: r.get(5)?,
        })
    }

    fn json(&self) -> Value {
        json!({"premium_subscription_id": self.id, "start_date": self.start, "end_date": self.end, "payment_card_digits": self.digits, "paid_amount": self.paid})
    }

    /// `YYYY-MM-DD` of a datetime field.
    fn day(v: &Value) -> &str {
        let s = v.as_str().unwrap_or_default();
        s.get(..10).unwrap_or(s)
    }

    /// The receipt text (e-mailed with the confirmation, saved by downloads).
    fn receipt(&self) -> String {
        format!(
            "\n# Receipt for Spotify Premium Subscription\nPremium Subscription ID: #{}\nPremium Membership Start Date: {}\nPremium Membership End Date: {}\nPayment Card: ****{}\nTotal Payment: ${}\n",
            self.id,
            Subscription::day(&self.start),
            Subscription::day(&self.end),
            self.digits,
            sim::num::fmt_2f(self.paid)
        )
    }
}

pub(super) fn show_premium_subscriptions(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rows: Vec<Subscription> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {SUBSCRIPTION_COLS} FROM spotify.premium_subscriptions WHERE user_id = ?1 ORDER BY id"
        ))?
        .query_map([ctx.user()?.id], Subscription::read)?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(
        page(a, rows).iter().map(Subscription::json).collect(),
    ))
}

pub(super) fn subscribe_premium(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let user = ctx.user()?.id;
    if is_premium(ctx, user)? {
        return Err(ApiError::unprocessable("You are already a premium member."));
    }
    let card = owned_card(ctx, a.int("payment_card_id"))?;
    let duration = a.str("duration");
    let (_, price, days) = PLANS
        .iter()
        .find(|p| p.0 == duration)
        .copied()
        .unwrap_or(PLANS[0]);
    let amount = price as f64;
    bank::debit(ctx.db, card.details(), amount, ctx.now, || {
        ApiError::unprocessable("Your payment card doesn't have enough balance to place the order.")
    })?;
    let end = (ctx.now + chrono::Duration::days(days))
        .date()
        .and_hms_opt(23, 59, 59)
        .unwrap_or(ctx.now);
    let id = crate::common::cards::NewSubscription {
        table: "spotify.premium_subscriptions",
        user_id: user,
        start_date: &now(ctx),
        end_date: &db_datetime(end),
        payment_card_digits: &card.last4(),
        paid_amount: amount,
    }
    .insert(ctx.db)?;
    let sub = subscription(ctx, id)?;
    let (name, email): (String, String) = ctx
        .db
        .prepare_cached(
            "SELECT first_name || ' ' || last_name, email FROM spotify.users WHERE id = ?1",
        )?
        .query_row([user], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let body = format!(
        "\nHello {name},\n\nThis is an confirmation email of your premium subscription.\nYour premium subscription number is #{id}.\n\nYou can find the receipt attached to this email.\n\nBest,\nSpotify Team\n"
    );
    let file_name = format!("premium_subscription_{id}.txt");
    notify::email_from_company_with_files(
        ctx,
        &email,
        "Spotify Premium Subscription Confirmation",
        &body,
        &[(file_name.as_str(), sub.receipt().as_str())],
    )?;
    Ok(json!({
        "message": format!(
            "You have subscribed to {duration} premium membership. Your subscription will be active until {}.",
            end.format("%Y-%m-%d")
        ),
        "premium_subscription_id": id,
    }))
}

/// The subscription with this id, or 409.
fn subscription(ctx: &Ctx, id: i64) -> Result<Subscription, ApiError> {
    ctx.db
        .prepare_cached(&format!(
            "SELECT {SUBSCRIPTION_COLS} FROM spotify.premium_subscriptions WHERE id = ?1"
        ))?
        .query_row([id], Subscription::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("premium subscription", id))
}

pub(super) fn download_premium_subscription_receipt(
    ctx: &mut Ctx,
    a: &Args,
) -> Result<Value, ApiError> {
    let sub = subscription(ctx, a.int("premium_subscription_id"))?;
    if sub.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner("premium subscription"));
    }
    let out = files::save_receipt(
        ctx.db,
        a,
        format!("~/downloads/spotify_premium_subscription_{}.txt", sub.id),
        &sub.receipt(),
        ctx.now,
    )?;
    ctx.db
        .prepare_cached(
            "UPDATE spotify.premium_subscriptions SET receipt_download_count = receipt_download_count + 1 WHERE id = ?1",
        )?
        .execute([sub.id])?;
    Ok(out)
}
