//! Prime: plans, subscriptions (paid with a saved card, e-mailed with a receipt), receipts
//! downloaded into the file system, and `show_account`, which says whether the user is a
//! member. A user is a member while any subscription of theirs ends after now; a subscription
//! runs from now to the end (23:59:59) of the day 30 or 365 days later.

use super::store::{check_owner, date_part, datetime, me};
use crate::common::bank;
use crate::common::{cards, files, notify};
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;
use serde_json::{Value, json};
use sim::api::listing::paginate;
use sim::api::{ApiError, ApiSpec, Args, Ctx};

/// Plan prices in dollars.
const MONTHLY: i64 = 15;
const YEARLY: i64 = 140;

/// The message when a card cannot pay (orders and subscriptions alike).
pub(super) const LOW_BALANCE: &str =
    "Your payment card doesn't have enough balance to place the order.";

/// Is `user_id` a Prime member at `now`?
pub(super) fn is_prime(
    db: &Connection,
    user_id: i64,
    now: NaiveDateTime,
) -> Result<bool, ApiError> {
    let ends: Vec<Option<String>> = db
        .prepare_cached("SELECT end_date FROM amazon.prime_subscriptions WHERE user_id = ?1")?
        .query_map([user_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(ends
        .into_iter()
        .flatten()
        .filter_map(|e| sim::clock::parse_datetime(&e))
        .any(|end| end > now))
}

/// Amazon's `show_account` answers the shared account fields and `is_prime`.
pub(super) fn extend_show_account(api: &mut ApiSpec) {
    if let Value::Object(m) = &mut api.success {
        m.insert("is_prime".into(), json!(true));
    }
    api.handler = show_account;
}

fn show_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let mut account = crate::common::accounts::account_fields(ctx)?;
    let id = ctx.user()?.id;
    account.insert("is_prime".into(), json!(is_prime(ctx.db, id, ctx.now)?));
    Ok(Value::Object(account))
}

pub(super) fn show_prime_plans(_: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(json!({"monthly": MONTHLY, "yearly": YEARLY}))
}

/// A subscription row.
struct Subscription {
    id: i64,
    user_id: i64,
    start_date: Value,
    end_date: Value,
    digits: String,
    paid_amount: f64,
}

const SUBSCRIPTION_FIELDS: &str =
    "id, user_id, start_date, end_date, payment_card_digits, paid_amount";

impl Subscription {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Subscription> {
        Ok(Subscription {
            id: r.get(0)?,
            user_id: r.get(1)?,
            start_date: datetime(r.get(2)?),
            end_date: datetime(r.get(3)?),
            digits: r.get(4)?,
            paid_amount: r.get(5)?,
        })
    }

    fn to_json(&self) -> Value {
        json!({
            "prime_subscription_id": self.id,
            "start_date": self.start_date,
            "end_date": self.end_date,
            "payment_card_digits": self.digits,
            "paid_amount": self.paid_amount,
        })
    }

    /// The receipt text (e-mailed and downloaded).
    fn receipt(&self) -> String {
        format!(
            "\n# Receipt for Amazon Prime Subscription\nPrime Subscription ID: #{}\nPrime Membership Start Date: {}\n\
             Prime Membership End Date: {}\nPayment Card: ****{}\nTotal Payment: ${}\n",
            self.id,
            date_part(&self.start_date),
            date_part(&self.end_date),
            self.digits,
            sim::num::fmt_2f(self.paid_amount)
        )
    }
}

fn subscription(db: &Connection, id: i64) -> Result<Subscription, ApiError> {
    use rusqlite::OptionalExtension;
    db.prepare_cached(&format!(
        "SELECT {SUBSCRIPTION_FIELDS} FROM amazon.prime_subscriptions WHERE id = ?1"
    ))?
    .query_row([id], Subscription::read)
    .optional()?
    .ok_or_else(|| ApiError::not_found_id("prime subscription", id))
}

pub(super) fn show_prime_subscriptions(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let mut rows: Vec<Subscription> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {SUBSCRIPTION_FIELDS} FROM amazon.prime_subscriptions WHERE user_id = ?1 ORDER BY id"
        ))?
        .query_map([uid], Subscription::read)?
        .collect::<Result<_, _>>()?;
    // Latest end first (ties keep id order).
    let key = sim::api::listing::SortKey {
        field: "end_date".into(),
        descending: true,
    };
    sim::api::listing::sort_rows(&mut rows, &key, |s, _| s.end_date.clone());
    Ok(Value::Array(
        paginate(rows, a.int("page_index"), a.int("page_limit"))
            .iter()
            .map(Subscription::to_json)
            .collect(),
    ))
}

pub(super) fn subscribe_prime(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let (uid, name, email) = me(ctx)?;
    if is_prime(ctx.db, uid, ctx.now)? {
        return Err(ApiError::unprocessable("You are already a prime member."));
    }
    let card = cards::owned_card(ctx, a.int("payment_card_id"))?;
    let duration = a.str("duration");
    let (price, days) = if duration == "yearly" {
        (YEARLY, 365)
    } else {
        (MONTHLY, 30)
    };
    let price = price as f64;
    bank::debit(ctx.db, card.details(), price, ctx.now, || {
        ApiError::unprocessable(LOW_BALANCE)
    })?;
    let end = (ctx.now.date() + Duration::days(days))
        .and_hms_opt(23, 59, 59)
        .unwrap_or(ctx.now);
    let id = crate::common::cards::NewSubscription {
        table: "amazon.prime_subscriptions",
        user_id: uid,
        start_date: &sim::clock::fmt_datetime(ctx.now),
        end_date: &sim::clock::fmt_datetime(end),
        payment_card_digits: &card.last4(),
        paid_amount: price,
    }
    .insert(ctx.db)?;
    let sub = subscription(ctx.db, id)?;
    let body = format!(
        "\nHello {name},\n\nThis is an confirmation email of your prime subscription.\nYour prime subscription number is #{}.\n\n\
         You can find the receipt attached to this email.\n\nBest,\nAmazon Team\n",
        sub.id
    );
    let file = format!("prime_subscription_{}.txt", sub.id);
    notify::email_from_company_with_files(
        ctx,
        &email,
        "Amazon Prime Subscription Confirmation",
        &body,
        &[(&file, &sub.receipt())],
    )?;
    Ok(json!({
        "message": format!(
            "You have subscribed to {duration} prime membership. Your subscription will be active until {}.",
            end.format("%Y-%m-%d")
        ),
        "prime_subscription_id": sub.id,
    }))
}

pub(super) fn download_prime_subscription_receipt(
    ctx: &mut Ctx,
    a: &Args,
) -> Result<Value, ApiError> {
    let id = a.int("prime_subscription_id");
    check_owner(ctx, "prime_subscriptions", "prime subscription", id)?;
    let sub = subscription(ctx.db, id)?;
    debug_assert_eq!(sub.user_id, ctx.user()?.id);
    let answer = files::save_receipt(
        ctx.db,
        a,
        format!("~/downloads/amazon_prime_subscription_{}.txt", sub.id),
        &sub.receipt(),
        ctx.now,
    )?;
    ctx.db
        .prepare_cached(
            "UPDATE amazon.prime_subscriptions SET receipt_download_count = receipt_download_count + 1 WHERE id = ?1",
        )?
        .execute([sub.id])?;
    Ok(answer)
}
