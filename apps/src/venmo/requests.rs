//! Payment requests. The request's *sender* is the user asking for money (who is owed); its
//! *receiver* pays by approving it, from the wallet or a saved card, which creates a
//! transaction receiver -> sender. A completed (approved or denied) request cannot be changed.
//!
//! AppWorld quirks kept: an update re-checks the amount as given (`0.004` passes) but stores it
//! rounded (`0.00`), after which any later save of the request (approve, deny, another update)
//! is refused with its model-validation 409.

use super::APP;
use super::rows::{NewPaymentRequest, NewTransaction, PaymentRequests};
use super::store::{
    Exchange, existing_user, me, money, newest_first, notify, now, page, party_or_null,
    set_balance, zero_amount_on_create,
};
use crate::common::bank;
use crate::common::cards::owned_card;
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::params::Constraints;
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

fn request_example() -> Value {
    json!({"payment_request_id": 1, "amount": 0.0, "description": "string", "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "approved_at": "2019-01-01T00:00:00", "denied_at": "2019-01-01T00:00:00", "private": true, "sender": {"name": "string", "email": "user@example.com"}, "receiver": {"name": "string", "email": "user@example.com"}})
}

fn request_id() -> P {
    P::int("payment_request_id").doc("The payment request's id.")
}

fn status() -> P {
    P::str("status")
        .nullable()
        .one_of(&["pending", "approved", "denied"])
        .doc("Only requests with this status.")
}

fn amount(p: P) -> P {
    p.constraints(Constraints {
        gt: Some(0.0),
        ..Default::default()
    })
}

pub(super) fn apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_received_payment_requests", "/venmo/received_payment_requests")
            .doc("List the payment requests others sent you (asking you to pay), newest first.")
            .auth()
            .param(status())
            .paged()
            .returns(json!([request_example()]))
            .handler(show_received_payment_requests),
        Api::get(APP, "show_sent_payment_requests", "/venmo/sent_payment_requests")
            .doc("List the payment requests you sent (asking others to pay you), newest first.")
            .auth()
            .param(status())
            .paged()
            .returns(json!([request_example()]))
            .handler(show_sent_payment_requests),
        Api::post(APP, "create_payment_request", "/venmo/payment_requests")
            .doc("Ask another user to pay you an amount.")
            .param(P::str("user_email").email().doc("The e-mail address of the user who should pay."))
            .param(amount(P::float("amount")).doc("The amount in dollars."))
            .auth()
            .param(P::str("description").default(json!("")).doc("What the money is for."))
            .param(P::bool("private").default(json!(false)).doc("Make the resulting transaction private."))
            .returns(json!({"message": "string", "payment_request_id": 1}))
            .handler(create_payment_request),
        Api::delete(APP, "delete_payment_request", "/venmo/payment_requests/{payment_request_id}")
            .doc("Withdraw a pending payment request you sent.")
            .param(request_id())
            .auth()
            .returns(json!({"message": "string"}))
            .handler(delete_payment_request),
        Api::patch(APP, "update_payment_request", "/venmo/payment_requests/{payment_request_id}")
            .doc("Change the amount, description or privacy of a pending payment request you sent; fields left out stay as they are.")
            .param(request_id())
            .auth()
            .param(amount(P::float("amount").nullable()).doc("The new amount."))
            .param(P::str("description").nullable().doc("The new description."))
            .param(P::bool("private").nullable().doc("The new privacy."))
            .returns(json!({"message": "string"}))
            .handler(update_payment_request),
        Api::post(APP, "approve_payment_request", "/venmo/payment_requests/{payment_request_id}/approve")
            .doc("Pay a pending payment request you received, from your Venmo balance or a saved card.")
            .param(request_id())
            .auth()
            .param(P::int("payment_card_id").nullable().doc("Pay with this saved card instead of your Venmo balance."))
            .returns(json!({"message": "string"}))
            .handler(approve_payment_request),
        Api::post(APP, "deny_payment_request", "/venmo/payment_requests/{payment_request_id}/deny")
            .doc("Decline a pending payment request you received.")
            .param(request_id())
            .auth()
            .returns(json!({"message": "string"}))
            .handler(deny_payment_request),
        Api::post(APP, "remind_payment_request", "/venmo/payment_requests/{payment_request_id}/remind")
            .doc("Send a reminder about a pending payment request you sent.")
            .param(request_id())
            .auth()
            .returns(json!({"message": "string"}))
            .handler(remind_payment_request),
    ]
}

/// A payment request row with both parties' names; its [`Exchange`] fields read through it
/// (`r.sender_id`).
struct Request {
    /// The parties, amount, note and dates.
    exchange: Exchange,
    approved_at: Value,
    denied_at: Value,
    private: bool,
}

impl std::ops::Deref for Request {
    type Target = Exchange;

    fn deref(&self) -> &Exchange {
        &self.exchange
    }
}

const REQUEST_SELECT: &str = "SELECT p.id, p.sender_id, p.receiver_id, p.amount, p.description, p.created_at, p.updated_at, \
     p.approved_at, p.denied_at, p.private, s.first_name || ' ' || s.last_name, s.email, r.first_name || ' ' || r.last_name, r.email \
     FROM venmo.payment_requests AS p LEFT JOIN venmo.users AS s ON s.id = p.sender_id LEFT JOIN venmo.users AS r ON r.id = p.receiver_id";

impl Request {
    /// Reads the columns of `REQUEST_SELECT`.
    fn read(r: &rusqlite::Row) -> rusqlite::Result<Request> {
        Ok(Request {
            exchange: Exchange::read(r, 10)?,
            approved_at: datetime_col(r, 7)?,
            denied_at: datetime_col(r, 8)?,
            private: r.get::<_, Option<bool>>(9)?.unwrap_or(false),
        })
    }

    fn completed(&self) -> bool {
        !self.approved_at.is_null() || !self.denied_at.is_null()
    }

    fn status(&self) -> &'static str {
        if !self.approved_at.is_null() {
            "approved"
        } else if !self.denied_at.is_null() {
            "denied"
        } else {
            "pending"
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "payment_request_id": self.id,
            "amount": self.amount,
            "description": self.description,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "approved_at": self.approved_at,
            "denied_at": self.denied_at,
            "private": self.private,
            "sender": party_or_null(&self.sender),
            "receiver": party_or_null(&self.receiver),
        })
    }

    /// What AppWorld's model validation says when the request is saved: its amount must be
    /// positive (409) and both users must exist (422).
    fn check_save(&self, amount: f64) -> Result<(), ApiError> {
        if amount <= 0.0 {
            return Err(ApiError::new(
                409,
                "The update operation on PaymentRequest is not valid. Error: [{'loc': ('amount',), 'msg': 'ensure this value is greater than 0', 'type': 'value_error.number.not_gt', 'ctx': {'limit_value': 0}}]",
            ));
        }
        for (column, id, who) in [
            ("sender_id", self.sender_id, &self.sender),
            ("receiver_id", self.receiver_id, &self.receiver),
        ] {
            if who.is_none() {
                return Err(ApiError::unprocessable(format!(
                    "The PaymentRequest object is linked to a non-existent object via {column}={id}."
                )));
            }
        }
        Ok(())
    }
}

fn load_request(ctx: &Ctx, id: i64) -> Result<Request, ApiError> {
    ctx.db
        .prepare_cached(&format!("{REQUEST_SELECT} WHERE p.id = ?1"))?
        .query_row([id], Request::read)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("payment request", id))
}

/// The request `id`, if the caller is its `role` party (else 422 `refusal`), still pending
/// (else 422 `completed`).
fn pending_request(
    ctx: &Ctx,
    id: i64,
    as_sender: bool,
    refusal: &str,
    completed: &str,
) -> Result<Request, ApiError> {
    let uid = ctx.user()?.id;
    let r = load_request(ctx, id)?;
    let party = if as_sender {
        r.sender_id
    } else {
        r.receiver_id
    };
    if party != uid {
        return Err(ApiError::unprocessable(refusal));
    }
    if r.completed() {
        return Err(ApiError::unprocessable(completed));
    }
    Ok(r)
}

const COMPLETED: &str = "This payment request has already been completed.";

fn list_requests(ctx: &Ctx, a: &Args, column: &str) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let status = a.opt_str("status");
    let mut rows: Vec<Request> = ctx
        .db
        .prepare_cached(&format!(
            "{REQUEST_SELECT} WHERE p.{column} = ?1 ORDER BY p.id"
        ))?
        .query_map([uid], Request::read)?
        .filter(|r| {
            r.as_ref()
                .map_or(true, |r| status.is_none_or(|s| r.status() == s))
        })
        .collect::<Result<_, _>>()?;
    newest_first(&mut rows, |r| &r.created_at);
    Ok(Value::Array(
        page(a, rows).iter().map(Request::to_json).collect(),
    ))
}

fn show_received_payment_requests(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    list_requests(ctx, a, "receiver_id")
}

fn show_sent_payment_requests(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    list_requests(ctx, a, "sender_id")
}

fn create_payment_request(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let payer = super::store::user_named(ctx, a.str("user_email"))?;
    let requester = me(ctx)?;
    if payer.id == requester.id {
        return Err(ApiError::unprocessable(
            "Sender and receiver cannot be the same user.",
        ));
    }
    let amount = sim::num::round2(a.float("amount").unwrap_or(0.0));
    if amount <= 0.0 {
        return Err(zero_amount_on_create("PaymentRequest"));
    }
    let t = now(ctx);
    let id = NewPaymentRequest {
        sender_id: requester.id,
        receiver_id: payer.id,
        amount,
        description: a.str("description"),
        created_at: &t,
        updated_at: &t,
        approved_at: None,
        denied_at: None,
        private: a.opt_bool("private").unwrap_or(false),
    }
    .insert(ctx.db)?;
    notify(
        ctx,
        payer.id,
        "payment_request_received",
        "Received a payment request",
        &format!(
            "{} has sent you a payment request of {}.",
            requester.name(),
            money(amount)
        ),
        json!({"payment_request_id": id, "action_by_id": requester.id}),
    )?;
    Ok(json!({"message": "Payment request created.", "payment_request_id": id}))
}

fn delete_payment_request(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let r = pending_request(
        ctx,
        a.int("payment_request_id"),
        true,
        "You are not authorized to delete this payment request.",
        "This payment request has already been completed, so cannot delete it now.",
    )?;
    ctx.db
        .prepare_cached("DELETE FROM venmo.payment_requests WHERE id = ?1")?
        .execute([r.id])?;
    Ok(json!({"message": "Payment request deleted."}))
}

fn update_payment_request(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let r = pending_request(
        ctx,
        a.int("payment_request_id"),
        true,
        "You are not authorized to update this payment request.",
        "This payment request has already been completed, so cannot update it now.",
    )?;
    let new_amount = a.float("amount");
    r.check_save(new_amount.unwrap_or(r.amount))?;
    let amount = new_amount.map(sim::num::round2).unwrap_or(r.amount);
    let description = a.opt_str("description").unwrap_or(&r.description);
    let private = a.opt_bool("private").unwrap_or(r.private);
    ctx.db
        .prepare_cached(
            "UPDATE venmo.payment_requests SET amount = ?1, description = ?2, private = ?3, updated_at = ?4 WHERE id = ?5",
        )?
        .execute(params![amount, description, private, now(ctx), r.id])?;
    Ok(json!({"message": "Payment request updated."}))
}

fn approve_payment_request(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let r = pending_request(
        ctx,
        a.int("payment_request_id"),
        false,
        "You are not authorized to approve this payment request.",
        COMPLETED,
    )?;
    let payer = me(ctx)?;
    let requester = existing_user(ctx, r.sender_id)?;
    r.check_save(r.amount)?;
    if a.value("payment_card_id").is_null() {
        if r.amount > payer.balance {
            return Err(ApiError::unprocessable(
                "Insufficient money in the Venmo balance.",
            ));
        }
        set_balance(ctx, payer.id, payer.balance - r.amount)?;
    } else {
        let card = owned_card(ctx, a.int("payment_card_id"))?;
        bank::debit(ctx.db, card.details(), r.amount, ctx.now, || {
            ApiError::unprocessable("Insufficient money in the payment card.")
        })?;
    }
    set_balance(ctx, requester.id, requester.balance + r.amount)?;
    let t = now(ctx);
    NewTransaction {
        sender_id: payer.id,
        receiver_id: requester.id,
        amount: r.amount,
        description: &r.description,
        created_at: &t,
        private: r.private,
        like_count: 0,
        payment_card_digits: None,
    }
    .insert(ctx.db)?;
    PaymentRequests::close(ctx.db, r.id, true, &t)?;
    notify(
        ctx,
        requester.id,
        "payment_request_approved",
        "Payment request is approved",
        &format!(
            "{} has approved your payment request of {}.",
            payer.name(),
            money(r.amount)
        ),
        json!({"payment_request_id": r.id, "action_by_id": payer.id}),
    )?;
    Ok(json!({"message": "Payment request approved."}))
}

fn deny_payment_request(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let r = pending_request(
        ctx,
        a.int("payment_request_id"),
        false,
        "You are not authorized to deny this payment request.",
        COMPLETED,
    )?;
    r.check_save(r.amount)?;
    let payer = me(ctx)?;
    let t = now(ctx);
    PaymentRequests::close(ctx.db, r.id, false, &t)?;
    notify(
        ctx,
        r.sender_id,
        "payment_request_denied",
        "Payment request is denied",
        &format!(
            "{} has denied your payment request of {}.",
            payer.name(),
            money(r.amount)
        ),
        json!({"payment_request_id": r.id, "action_by_id": payer.id}),
    )?;
    Ok(json!({"message": "Payment request denied."}))
}

fn remind_payment_request(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let r = pending_request(
        ctx,
        a.int("payment_request_id"),
        true,
        "You are not authorized to remind about this payment request.",
        COMPLETED,
    )?;
    let requester = me(ctx)?;
    notify(
        ctx,
        r.receiver_id,
        "payment_request_reminded",
        "Payment Request Reminder",
        &format!(
            "{} has sent you a reminder for their payment request of {}.",
            requester.name(),
            money(r.amount)
        ),
        json!({"payment_request_id": r.id, "action_by_id": requester.id}),
    )?;
    Ok(json!({"message": "Payment request reminder sent."}))
}
