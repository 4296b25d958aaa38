//! Payments: sending money (from the wallet or a saved card), viewing, editing and listing
//! transactions, likes, receipts and the social feed.
//!
//! AppWorld's rules kept here: private transactions are visible (and likeable, commentable)
//! only by their two parties; the card digits show to the sender only; a payment from the
//! wallet or a card moves the amount as given (the stored amount and the balances are rounded
//! to cents on save); the card path does not check whose card it is.

use super::APP;
use super::rows::{Liked, NewTransaction};
use super::store::{
    Likeable, Txn, load_txn, me, money, newest_first, notify, now, page, set_balance, txns_where,
    user_named, zero_amount_on_create,
};
use super::users::rank;
use crate::common::bank;
use crate::common::cards::card_by_id;
use crate::common::pytime::within_days;
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::listing::{parse_sort, sort_rows};
use sim::api::params::Constraints;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

const SORT_FIELDS: &[&str] = &["created_at", "like_count", "amount"];

fn txn_example(shortened: bool) -> Value {
    let mut v = json!({"transaction_id": 1, "amount": 0.0, "description": "string", "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "private": true, "like_count": 1, "payment_card_digits": "string", "comment_count": 1, "sender": {"name": "string", "email": "user@example.com"}, "receiver": {"name": "string", "email": "user@example.com"}});
    if shortened && let Some(m) = v.as_object_mut() {
        m.remove("payment_card_digits");
    }
    v
}

fn gt0(p: P) -> P {
    p.constraints(Constraints {
        gt: Some(0.0),
        ..Default::default()
    })
}

fn txn_id() -> P {
    P::int("transaction_id").doc("The transaction's id.")
}

pub(super) fn apis() -> Vec<ApiSpec> {
    let mut description = P::str("description").doc("The new description (required).");
    description.0.nullable = true;
    vec![
        Api::get(APP, "show_transaction", "/venmo/transactions/{transaction_id}")
            .doc("Show a transaction: a public one, or a private one you sent or received. The card digits show only to the sender.")
            .param(txn_id())
            .auth()
            .returns(txn_example(false))
            .handler(show_transaction),
        Api::patch(APP, "update_transaction", "/venmo/transactions/{transaction_id}")
            .doc("Change the description and, optionally, the privacy of a transaction you sent.")
            .param(txn_id())
            .param(description)
            .auth()
            .param(P::bool("private").nullable().doc("Make it private (true) or public (false); leave out to keep it."))
            .returns(json!({"message": "string"}))
            .handler(update_transaction),
        Api::get(APP, "show_transactions", "/venmo/transactions")
            .doc("List or search the transactions you sent or received, with filters. With a query, results are ranked by relevance and sort_by orders each page.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Words to look for in descriptions and the parties' names and e-mails."))
            .param(P::str("user_email").nullable().email().doc("Only transactions between you and this user."))
            .param(P::str("min_created_at").default(json!("1500-01-01")).format("date (YYYY-MM-DD)").doc("Only transactions on or after this date (YYYY-MM-DD)."))
            .param(P::str("max_created_at").default(json!("3000-01-01")).format("date (YYYY-MM-DD)").doc("Only transactions on or before this date (YYYY-MM-DD)."))
            .param(P::int("min_like_count").default(json!(0)).doc("Only transactions with at least this many likes."))
            .param(P::int("max_like_count").default(json!(i64::MAX)).doc("Only transactions with at most this many likes."))
            .param(gt0(P::float("min_amount").default(json!(0.01))).doc("Only transactions of at least this amount."))
            .param(gt0(P::float("max_amount").default(json!(i64::MAX))).doc("Only transactions of at most this amount."))
            .param(P::bool("private").nullable().doc("Only private (true) or only public (false) transactions."))
            .param(P::str("direction").nullable().one_of(&["sent", "received"]).doc("Only transactions you sent, or only those you received."))
            .paged()
            .sort_by(SORT_FIELDS, SORT_FIELDS)
            .returns(json!([txn_example(false)]))
            .handler(show_transactions),
        Api::post(APP, "create_transaction", "/venmo/transactions")
            .doc("Send money to another user, from your Venmo balance or from a saved payment card. The receiver's Venmo balance is credited.")
            .param(P::str("receiver_email").email().doc("The e-mail address of the user to pay."))
            .param(gt0(P::float("amount")).doc("The amount in dollars."))
            .auth()
            .param(P::str("description").default(json!("")).doc("What the payment is for."))
            .param(P::int("payment_card_id").nullable().doc("Pay with this saved card instead of your Venmo balance."))
            .param(P::bool("private").default(json!(false)).doc("Make the transaction private (only you and the receiver can see it)."))
            .returns(json!({"message": "string", "transaction_id": 1}))
            .handler(create_transaction),
        Api::get(APP, "download_transaction_receipt", "/venmo/transactions/{transaction_id}/receipt")
            .writes()
            .doc("Save the receipt of a transaction you sent or received as a text file in your file system account.")
            .param(txn_id())
            .auth()
            .param(P::str("download_to_file_path").nullable().doc("Where to save it; default ~/downloads/venmo_transaction_<id>.txt."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at that path."))
            .param(P::str("file_system_access_token").optional().doc("Your access token of the file_system app."))
            .returns(json!({"message": "string", "file_path": "string"}))
            .handler(download_transaction_receipt),
        Api::post(APP, "like_transaction", "/venmo/transactions/{transaction_id}/likes")
            .doc("Like a transaction.")
            .param(txn_id())
            .auth()
            .returns(json!({"message": "string"}))
            .handler(like_transaction),
        Api::delete(APP, "unlike_transaction", "/venmo/transactions/{transaction_id}/likes")
            .doc("Take back your like of a transaction.")
            .param(txn_id())
            .auth()
            .returns(json!({"message": "string"}))
            .handler(unlike_transaction),
        Api::get(APP, "show_social_feed", "/venmo/social_feed")
            .doc("Your friends' public transactions that do not involve you, newest first.")
            .auth()
            .paged()
            .returns(json!([txn_example(true)]))
            .handler(show_social_feed),
    ]
}

/// A transaction the caller may see: public, or one of its parties.
fn visible_txn(ctx: &Ctx, id: i64, refusal: &str) -> Result<Txn, ApiError> {
    let uid = ctx.user()?.id;
    let t = load_txn(ctx, id)?;
    if t.private && !t.involves(uid) {
        return Err(ApiError::unprocessable(refusal));
    }
    Ok(t)
}

fn show_transaction(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let t = visible_txn(
        ctx,
        a.int("transaction_id"),
        "You are not authorized to view this transaction.",
    )?;
    Ok(t.to_json(ctx.user()?.id, false))
}

fn update_transaction(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let t = load_txn(ctx, a.int("transaction_id"))?;
    if t.sender_id != uid {
        return Err(ApiError::unprocessable(
            "You are not authorized to update this transaction.",
        ));
    }
    let private = a.opt_bool("private").unwrap_or(t.private);
    ctx.db
        .prepare_cached(
            "UPDATE venmo.transactions SET description = ?1, private = ?2, updated_at = ?3 WHERE id = ?4",
        )?
        .execute(params![a.str("description"), private, now(ctx), t.id])?;
    Ok(json!({"message": "Transaction updated."}))
}

fn show_transactions(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let other = match a.opt_str("user_email") {
        Some(email) => Some(user_named(ctx, email)?.id),
        None => None,
    };
    let num = |name: &str| a.float(name).unwrap_or(0.0);
    let (min_amount, max_amount) = (num("min_amount"), num("max_amount"));
    let (min_likes, max_likes) = (a.int("min_like_count"), a.int("max_like_count"));
    let direction = a.opt_str("direction");
    let private = a.opt_bool("private");
    // The day bounds are checked first, and only when the caller has transactions (with the
    // `user_email` person, when given).
    let mine: Vec<Txn> = txns_where(ctx, "t.sender_id = ?1 OR t.receiver_id = ?1", &[&uid])?
        .into_iter()
        .filter(|t| {
            other.is_none_or(|o| {
                (t.sender_id == uid && t.receiver_id == o)
                    || (t.sender_id == o && t.receiver_id == uid)
            })
        })
        .collect();
    let mine = within_days(mine, a, ("min_created_at", "max_created_at"), |t| {
        t.created_at.as_str().unwrap_or_default()
    })?;
    let key = parse_sort(a.opt_str("sort_by"), SORT_FIELDS)?;
    let mut rows: Vec<Txn> = mine
        .into_iter()
        .filter(|t| {
            direction.is_none_or(|d| {
                if d == "sent" {
                    t.sender_id == uid
                } else {
                    t.receiver_id == uid
                }
            }) && private.is_none_or(|p| t.private == p)
                && (min_likes..=max_likes).contains(&t.like_count)
                && t.amount >= min_amount
                && t.amount <= max_amount
        })
        .collect();
    let query = a.str("query").trim();
    let page_rows = if query.is_empty() {
        if let Some(key) = &key {
            sort_rows(&mut rows, key, Txn::field);
        }
        page(a, rows)
    } else {
        let mut p = page(a, rank(ctx, "transactions_fts", query, rows, |t| t.id)?);
        if let Some(key) = &key {
            sort_rows(&mut p, key, Txn::field);
        }
        p
    };
    Ok(Value::Array(
        page_rows.iter().map(|t| t.to_json(uid, false)).collect(),
    ))
}

fn create_transaction(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let receiver = user_named(ctx, a.str("receiver_email"))?;
    let sender = me(ctx)?;
    if receiver.id == sender.id {
        return Err(ApiError::unprocessable(
            "Sender and receiver cannot be the same user.",
        ));
    }
    let raw = a.float("amount").unwrap_or(0.0);
    let mut digits = None;
    if a.value("payment_card_id").is_null() {
        if raw > sender.balance {
            return Err(ApiError::unprocessable(format!(
                "Your Venmo balance does not have {} to make this transaction.",
                money(raw)
            )));
        }
        set_balance(ctx, sender.id, sender.balance - raw)?;
    } else {
        // Any saved card will do, whoever saved it (as in AppWorld).
        let card = card_by_id(ctx, a.int("payment_card_id"))?;
        bank::debit(ctx.db, card.details(), raw, ctx.now, || {
            ApiError::unprocessable(format!(
                "Your payment card does not have {} to make this transaction.",
                money(raw)
            ))
        })?;
        digits = Some(card.last4());
    }
    set_balance(ctx, receiver.id, receiver.balance + raw)?;
    let amount = sim::num::round2(raw);
    if amount <= 0.0 {
        return Err(zero_amount_on_create("Transaction"));
    }
    let id = NewTransaction {
        sender_id: sender.id,
        receiver_id: receiver.id,
        amount,
        description: a.str("description"),
        created_at: &now(ctx),
        private: a.opt_bool("private").unwrap_or(false),
        like_count: 0,
        payment_card_digits: digits.as_deref(),
    }
    .insert(ctx.db)?;
    notify(
        ctx,
        receiver.id,
        "received_money",
        "Received money",
        &format!("{} sent you {}.", sender.name(), money(amount)),
        json!({"transaction_id": id, "action_by_id": sender.id}),
    )?;
    Ok(json!({"message": "Sent money.", "transaction_id": id}))
}

fn download_transaction_receipt(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let t = load_txn(ctx, a.int("transaction_id"))?;
    if !t.involves(uid) {
        return Err(ApiError::unprocessable(
            "You are not authorized to download the receipt of this transaction.",
        ));
    }
    // A party that deleted the account has no e-mail left to print.
    let email =
        |who: &Option<(String, String)>| who.as_ref().map(|(_, e)| e.clone()).unwrap_or_default();
    let date = t.created_at.as_str().unwrap_or_default();
    let mut receipt = format!(
        "# Receipt for Venmo Transaction\nTransaction ID: #{}\nFrom: {}\nTo: {}\nTransaction Time: {}\nTransaction Amount: {}",
        t.id,
        email(&t.sender),
        email(&t.receiver),
        date.get(..10).unwrap_or(date),
        money(t.amount)
    );
    if t.sender_id == uid {
        match &t.card_digits {
            Some(d) => receipt.push_str(&format!("\nPaid Via: Payment Card ****{d}")),
            None => receipt.push_str("\nPaid Via: Venmo Balance"),
        }
    }
    super::balance::save_receipt(
        ctx,
        a,
        format!("~/downloads/venmo_transaction_{}.txt", t.id),
        &receipt,
        "UPDATE venmo.transactions SET receipt_download_count = receipt_download_count + 1 WHERE id = ?1",
        t.id,
    )
}

const LIKE_REFUSAL: &str = "You are not authorized to like or unlike this transaction.";

/// Transactions' likes.
const LIKES: Likeable = Likeable {
    table: "transactions",
    likes: "transaction_likes",
    key: "transaction_id",
    of: Liked::Transaction,
};

fn like_transaction(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    set_like(ctx, a, true)
}

fn unlike_transaction(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    set_like(ctx, a, false)
}

/// The caller likes (`like`) or unlikes a transaction it can see.
fn set_like(ctx: &mut Ctx, a: &Args, like: bool) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let t = visible_txn(ctx, a.int("transaction_id"), LIKE_REFUSAL)?;
    let (refusal, done) = if like {
        (
            "You have already liked this transaction.",
            "Liked transaction.",
        )
    } else {
        (
            "You have already unliked this transaction.",
            "Unliked transaction.",
        )
    };
    LIKES.set(ctx, t.id, uid, like, refusal)?;
    Ok(json!({"message": done}))
}

/// Public transactions of the caller's friends that do not involve the caller: those a friend
/// sent (by id), then those a friend received, newest first (a stable sort, as AppWorld).
fn show_social_feed(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let friends = "SELECT friend_id FROM venmo.friendships WHERE user_id = ?1";
    let base = "NOT t.private AND t.sender_id != ?1 AND t.receiver_id != ?1";
    let mut rows = txns_where(
        ctx,
        &format!("{base} AND t.sender_id IN ({friends})"),
        &[&uid],
    )?;
    rows.extend(txns_where(
        ctx,
        &format!("{base} AND t.receiver_id IN ({friends}) AND t.sender_id NOT IN ({friends})"),
        &[&uid],
    )?);
    newest_first(&mut rows, |t| &t.created_at);
    Ok(Value::Array(
        page(a, rows).iter().map(|t| t.to_json(uid, true)).collect(),
    ))
}
