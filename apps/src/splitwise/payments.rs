//! Recording and updating payments (one person paying another back), also what settling up
//! records.
//!
//! AppWorld's rules kept here, in its order of checking: payer and receiver differ (as given),
//! both exist (e-mails matched exactly); in a group the caller, the payer and the receiver are
//! members, outside groups the caller is the payer or the receiver; a receipt path needs a
//! file_system token and an allowed extension. A payment keeps both parties' names and e-mails
//! in its own row (a rename updates them). Amounts are rounded to cents on save.

use super::records::given_receipt;
use super::rows::NewPayment;
use super::store::{
    NOT_MEMBER, PAYMENT, SUser, cents, is_member, load, load_group, me, not_positive,
    notify_parties, rec_data, user_named, visible,
};
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};
use sim::num::round2;

/// Records a payment of `amount` (already rounded, positive) and notifies its parties but the
/// caller; returns its id.
pub(super) fn insert_payment(
    ctx: &Ctx,
    group: Option<i64>,
    payer: &SUser,
    receiver: &SUser,
    amount: f64,
    description: Option<&str>,
    receipt: Option<(String, String)>,
) -> Result<i64, ApiError> {
    let actor = me(ctx)?;
    let (receipt_file_name, receipt_file_content) = receipt
        .as_ref()
        .map(|(f, c)| (f.as_str(), c.as_str()))
        .unzip();
    let id = NewPayment {
        group_id: group,
        user_id: actor.id,
        payer_id: payer.id,
        receiver_id: receiver.id,
        payer_email: &payer.email,
        payer_name: &payer.name,
        receiver_email: &receiver.email,
        receiver_name: &receiver.name,
        amount,
        description,
        receipt_file_name,
        receipt_file_content,
        participant_ids: &[payer.id, receiver.id],
        created_at: &super::store::now(ctx),
    }
    .insert(ctx.db)?;
    let rec = load(ctx.db, &PAYMENT, id)?;
    notify_parties(
        ctx,
        &rec,
        "payment_added",
        "New payment posted.",
        &format!(
            "{} has recorded a payment of ${} to you.",
            actor.name,
            cents(amount)
        ),
        &rec_data(&PAYMENT, id, actor.id),
    )?;
    Ok(id)
}

pub(super) fn record_payment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let actor = me(ctx)?;
    if a.str("payer_email") == a.str("receiver_email") {
        return Err(ApiError::unprocessable(
            "Payer and receiver cannot be the same.",
        ));
    }
    let payer = user_named(ctx.db, a.str("payer_email"))?;
    let receiver = user_named(ctx.db, a.str("receiver_email"))?;
    let group = match a.value("group_id").as_i64() {
        Some(gid) => {
            let g = load_group(ctx.db, gid)?;
            for (who, refusal) in [
                (actor.id, NOT_MEMBER),
                (payer.id, "The payer is not part of this group."),
                (receiver.id, "The receiver is not part of this group."),
            ] {
                if !is_member(ctx.db, g.id, who)? {
                    return Err(ApiError::unprocessable(refusal));
                }
            }
            Some(g.id)
        }
        None => {
            if actor.id != payer.id && actor.id != receiver.id {
                return Err(ApiError::unprocessable(
                    "Unable to record payment. Since the payment does not belong to an expense group, you must be either the payer or receiver of the payment.",
                ));
            }
            None
        }
    };
    let receipt = given_receipt(ctx, a)?;
    let amount = round2(a.float("amount").unwrap_or(0.0));
    if amount <= 0.0 {
        // AppWorld's model check fails with a 500 here.
        return Err(not_positive("create", "Payment", "amount", false));
    }
    let id = insert_payment(
        ctx,
        group,
        &payer,
        &receiver,
        amount,
        a.opt_str("description"),
        receipt,
    )?;
    Ok(json!({"message": "Payment recorded.", "payment_id": id}))
}

pub(super) fn update_payment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rec = visible(ctx, &PAYMENT, a.int("payment_id"))?;
    if rec.deleted {
        return Err(ApiError::unprocessable(PAYMENT.deleted_no_update));
    }
    let amount = match a.float("amount") {
        Some(x) => {
            // AppWorld stores an amount that rounds to 0.00; appsim refuses it as well.
            if x <= 0.0 || round2(x) <= 0.0 {
                return Err(not_positive("update", "Payment", "amount", false));
            }
            round2(x)
        }
        None => rec.amount,
    };
    let description = match a.opt_str("description") {
        Some(d) => Some(d.to_string()),
        None => rec.description.clone(),
    };
    ctx.db
        .prepare_cached(
            "UPDATE splitwise.payments SET amount = ?1, description = ?2 WHERE id = ?3",
        )?
        .execute(params![amount, description, rec.id])?;
    let actor = me(ctx)?;
    notify_parties(
        ctx,
        &rec,
        "payment_updated",
        "Payment updated.",
        &format!(
            "{} has updated a payment of ${} to you.",
            actor.name,
            cents(amount)
        ),
        &rec_data(&PAYMENT, rec.id, actor.id),
    )?;
    Ok(json!({"message": "Updated payment information."}))
}
