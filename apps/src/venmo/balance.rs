//! The Venmo wallet: its balance, top-ups from and withdrawals to saved cards (bank transfers,
//! e-mailed with a receipt), the transfer history and its receipts in the file system.
//!
//! Money (checked against AppWorld): a transfer moves the amount rounded to cents, on both
//! sides; the messages print the amount as given (`:.2f`).

use super::APP;
use super::rows::NewBankTransfer;
use super::store::{VUser, me, money, newest_first, now, page, set_balance};
use crate::common::bank;
use crate::common::cards::{SavedCard, owned_card};
use crate::common::rows::datetime_col;
use crate::common::{files, notify};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::params::Constraints;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

fn positive_amount(doc: &'static str) -> P {
    P::float("amount")
        .constraints(Constraints {
            gt: Some(0.0),
            ..Default::default()
        })
        .doc(doc)
}

pub(super) fn apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_venmo_balance", "/venmo/balance")
            .doc("Show how much money is in your Venmo wallet.")
            .auth()
            .returns(json!({"venmo_balance": 0.0}))
            .handler(show_venmo_balance),
        Api::post(APP, "add_to_venmo_balance", "/venmo/balance")
            .doc("Move money from one of your saved payment cards into your Venmo wallet. A confirmation with a receipt is e-mailed to you.")
            .param(positive_amount("The amount to add, in dollars (rounded to cents)."))
            .param(P::int("payment_card_id").doc("The saved card to take the money from."))
            .auth()
            .returns(json!({"message": "string", "bank_transfer_id": 1}))
            .handler(add_to_venmo_balance),
        Api::delete(APP, "withdraw_from_venmo_balance", "/venmo/balance")
            .doc("Move money from your Venmo wallet to one of your saved payment cards. A confirmation with a receipt is e-mailed to you.")
            .param(positive_amount("The amount to withdraw, in dollars (rounded to cents)."))
            .param(P::int("payment_card_id").doc("The saved card to send the money to."))
            .auth()
            .returns(json!({"message": "string", "bank_transfer_id": 1}))
            .handler(withdraw_from_venmo_balance),
        Api::get(APP, "show_bank_transfer_history", "/venmo/bank_transfers")
            .doc("List your transfers between your wallet and your cards, newest first.")
            .auth()
            .param(P::str("transfer_type").nullable().one_of(&["card_to_venmo", "venmo_to_card"]).doc("Only top-ups (card_to_venmo) or only withdrawals (venmo_to_card)."))
            .paged()
            .returns(json!([{"bank_transfer_id": 1, "transfer_type": "card_to_venmo", "amount": 0.0, "payment_card_digits": "string", "created_at": "2019-01-01T00:00:00"}]))
            .handler(show_bank_transfer_history),
        Api::get(APP, "download_bank_transfer_receipt", "/venmo/bank_transfers/{bank_transfer_id}/receipt")
            .writes()
            .doc("Save the receipt of one of your bank transfers as a text file in your file system account.")
            .param(P::int("bank_transfer_id").doc("The transfer's id."))
            .auth()
            .param(P::str("download_to_file_path").nullable().doc("Where to save it; default ~/downloads/venmo_bank_transfer_<id>.txt."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at that path."))
            .param(P::str("file_system_access_token").optional().doc("Your access token of the file_system app."))
            .returns(json!({"message": "string", "file_path": "string"}))
            .handler(download_bank_transfer_receipt),
    ]
}

fn show_venmo_balance(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(json!({"venmo_balance": me(ctx)?.balance}))
}

/// The amount a transfer moves: rounded to cents; less than half a cent is refused (AppWorld
/// fails inside on it).
fn transfer_amount(raw: f64) -> Result<f64, ApiError> {
    let amount = sim::num::round2(raw);
    if amount <= 0.0 {
        return Err(ApiError::unprocessable(
            "The amount is less than $0.01 once rounded to cents.",
        ));
    }
    Ok(amount)
}

/// Which way a bank transfer goes.
#[derive(Clone, Copy, PartialEq)]
enum Direction {
    CardToVenmo,
    VenmoToCard,
}

impl Direction {
    fn column(self) -> &'static str {
        match self {
            Direction::CardToVenmo => "card_to_venmo",
            Direction::VenmoToCard => "venmo_to_card",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Direction::CardToVenmo => "Card To Venmo",
            Direction::VenmoToCard => "Venmo To Card",
        }
    }
}

/// The text of a transfer receipt (attached to the confirmation, and what downloads save).
fn transfer_receipt(
    id: i64,
    kind: Direction,
    date: &str,
    by: &str,
    last4: &str,
    amount: f64,
) -> String {
    format!(
        "\n# Receipt for Venmo Money Transfer\nTransfer ID: #{id}\nTransfer Type: {}\nTransfer Date: {date}\nTransfer By: {by}\nPayment Card: ****{last4}\nAmount Transferred: {}\n",
        kind.title(),
        money(amount)
    )
}

/// Records a transfer and e-mails its confirmation with the receipt attached.
fn record_transfer(
    ctx: &Ctx,
    user: &VUser,
    card: &SavedCard,
    kind: Direction,
    amount: f64,
) -> Result<i64, ApiError> {
    let t = now(ctx);
    let id = NewBankTransfer {
        user_id: user.id,
        transfer_type: kind.column(),
        amount,
        payment_card_digits: &card.last4(),
        created_at: &t,
    }
    .insert(ctx.db)?;
    let name = user.name();
    let last4 = card.last4();
    let (subject, body) = match kind {
        Direction::CardToVenmo => (
            "Money Transferred from Payment Card to Venmo",
            format!(
                "\nHello {name},\n\nThis is a confirmation that {} has been\ntransferred from your payment card ending in {last4}\nto your Venmo account. Your transfer ID is #{id}.\n\nBest,\nVenmo Team\n",
                money(amount)
            ),
        ),
        Direction::VenmoToCard => (
            "Money Transferred from Venmo to Payment Card",
            format!(
                "\nHello {name},\n\nThis is a confirmation that {} has been\ntransferred from your Venmo account to payment card\nending in {last4}.\nYour transfer ID is #{id}.\n\nBest,\nVenmo Team\n",
                money(amount)
            ),
        ),
    };
    let receipt = transfer_receipt(id, kind, &t[..10], &name, &last4, amount);
    let file_name = format!("transfer_{id}.txt");
    notify::email_from_company_with_files(
        ctx,
        &user.email,
        subject,
        &body,
        &[(file_name.as_str(), receipt.as_str())],
    )?;
    Ok(id)
}

fn add_to_venmo_balance(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let card = owned_card(ctx, a.int("payment_card_id"))?;
    let raw = a.float("amount").unwrap_or(0.0);
    let amount = transfer_amount(raw)?;
    bank::debit(ctx.db, card.details(), amount, ctx.now, || {
        ApiError::unprocessable(format!(
            "Your payment card does not have {} to add to your Venmo balance.",
            money(raw)
        ))
    })?;
    let user = me(ctx)?;
    set_balance(ctx, user.id, user.balance + amount)?;
    let id = record_transfer(ctx, &user, &card, Direction::CardToVenmo, amount)?;
    Ok(json!({"message": "Money added to Venmo balance.", "bank_transfer_id": id}))
}

fn withdraw_from_venmo_balance(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let card = owned_card(ctx, a.int("payment_card_id"))?;
    let raw = a.float("amount").unwrap_or(0.0);
    let user = me(ctx)?;
    if sim::num::round2(raw) > user.balance {
        return Err(ApiError::unprocessable(format!(
            "Your venmo balance is not enough to withdraw {} from it.",
            money(raw)
        )));
    }
    let amount = transfer_amount(raw)?;
    set_balance(ctx, user.id, user.balance - amount)?;
    bank::credit(ctx.db, card.details(), amount, ctx.now)?;
    let id = record_transfer(ctx, &user, &card, Direction::VenmoToCard, amount)?;
    Ok(json!({"message": "Money withdrawn from Venmo balance.", "bank_transfer_id": id}))
}

/// A bank transfer row.
struct Transfer {
    id: i64,
    user_id: i64,
    kind: String,
    amount: f64,
    digits: String,
    created_at: Value,
}

impl Transfer {
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Transfer> {
        Ok(Transfer {
            id: r.get(0)?,
            user_id: r.get(1)?,
            kind: r.get(2)?,
            amount: r.get(3)?,
            digits: r.get(4)?,
            created_at: datetime_col(r, 5)?,
        })
    }

    fn to_json(&self) -> Value {
        json!({"bank_transfer_id": self.id, "transfer_type": self.kind, "amount": self.amount, "payment_card_digits": self.digits, "created_at": self.created_at})
    }
}

const TRANSFER_FIELDS: &str = "id, user_id, transfer_type, amount, payment_card_digits, created_at";

fn show_bank_transfer_history(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let mut rows: Vec<Transfer> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {TRANSFER_FIELDS} FROM venmo.bank_transfers WHERE user_id = ?1 AND (?2 IS NULL OR transfer_type = ?2) ORDER BY id"
        ))?
        .query_map(params![uid, a.opt_str("transfer_type")], Transfer::read)?
        .collect::<Result<_, _>>()?;
    newest_first(&mut rows, |t| &t.created_at);
    Ok(Value::Array(
        page(a, rows).iter().map(Transfer::to_json).collect(),
    ))
}

/// Saves a receipt into the file system account of `file_system_access_token` at
/// `download_to_file_path` (default `default_path`), as [`files::save_receipt`]; counts the
/// download with `count_sql`.
pub(super) fn save_receipt(
    ctx: &Ctx,
    a: &Args,
    default_path: String,
    content: &str,
    count_sql: &str,
    row_id: i64,
) -> Result<Value, ApiError> {
    let answer = files::save_receipt(ctx.db, a, default_path, content, ctx.now)?;
    ctx.db.prepare_cached(count_sql)?.execute([row_id])?;
    Ok(answer)
}

fn download_bank_transfer_receipt(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("bank_transfer_id");
    let transfer = ctx
        .db
        .prepare_cached(&format!(
            "SELECT {TRANSFER_FIELDS} FROM venmo.bank_transfers WHERE id = ?1"
        ))?
        .query_row([id], Transfer::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("bank transfer", id))?;
    let user = me(ctx)?;
    if transfer.user_id != user.id {
        return Err(ApiError::not_owner("bank transfer"));
    }
    let kind = if transfer.kind == "venmo_to_card" {
        Direction::VenmoToCard
    } else {
        Direction::CardToVenmo
    };
    let date = transfer.created_at.as_str().unwrap_or_default();
    let receipt = transfer_receipt(
        transfer.id,
        kind,
        date.get(..10).unwrap_or(date),
        &user.name(),
        &transfer.digits,
        transfer.amount,
    );
    save_receipt(
        ctx,
        a,
        format!("~/downloads/venmo_bank_transfer_{}.txt", transfer.id),
        &receipt,
        "UPDATE venmo.bank_transfers SET receipt_download_count = receipt_download_count + 1 WHERE id = ?1",
        transfer.id,
    )
}
