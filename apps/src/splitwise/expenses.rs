//! Recording and updating expenses: who paid how much, and each debtor's share (an equal split
//! of the amount unless the amounts are given, which must add up to it within 10 cents).
//!
//! AppWorld's rules kept here, in its order of checking: debtors given, as many amounts as
//! debtors, their sum; the group (exists, the caller is in it) or, outside groups, the caller
//! is the payer or a debtor; the payer and debtors exist (e-mails matched exactly); the debtors
//! of a group expense are members (its payer need not be); a lone debtor is not the payer; a
//! receipt path needs a file_system token and an allowed extension. Amounts are rounded to
//! cents on save. An update does not check the expense as a whole again: a new amount keeps
//! the old shares, a lone debtor may become the payer, the payer of a group expense and its
//! debtors must be members.

use super::records::given_receipt;
use super::rows::{NewExpense, NewShare};
use super::store::{
    EXPENSE, NOT_MEMBER, SUser, cents, is_member, load, load_group, me, not_positive,
    notify_parties, rec_data, user_named, visible,
};
use crate::common::pytext::py_json_ints;
use rusqlite::params;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};
use sim::num::round2;

const SUM_MISMATCH: &str = "The sum of debt amounts (rounded to cents) must be equal to the total amount of the expense (rounded to cents).";
const LENGTHS: &str = "Number of debtor IDs and debt amounts must be the same.";

/// The amounts of `debt_amounts`, if given.
fn debt_amounts(a: &Args) -> Option<Vec<f64>> {
    a.opt_float_list("debt_amounts")
}

/// The given debt amounts must match the debtors in number and add up to `amount` (both
/// rounded to cents) within 10 cents. A NaN never adds up (AppWorld refuses a NaN amount so
/// even without debt amounts).
fn check_amounts(debtors: usize, amounts: &Option<Vec<f64>>, amount: f64) -> Result<(), ApiError> {
    match amounts {
        Some(amounts) => {
            if amounts.len() != debtors {
                return Err(ApiError::unprocessable(LENGTHS));
            }
            let sum: f64 = amounts.iter().fold(0.0, |s, x| s + x);
            let off = (round2(sum) - round2(amount)).abs();
            if off.is_nan() || off > 0.1 {
                return Err(ApiError::unprocessable(SUM_MISMATCH));
            }
        }
        None if amount.is_nan() => return Err(ApiError::unprocessable(SUM_MISMATCH)),
        None => {}
    }
    Ok(())
}

/// Each debtor's share, rounded to cents: the given amounts, or `amount` split equally. A
/// share that is not positive is refused as AppWorld's model refuses it (a split rounding to
/// nothing reads as a missing amount there).
fn share_amounts(n: usize, amounts: &Option<Vec<f64>>, amount: f64) -> Result<Vec<f64>, ApiError> {
    let shares: Vec<f64> = match amounts {
        Some(v) => v.iter().map(|x| round2(*x)).collect(),
        None => vec![round2(amount / n as f64); n],
    };
    if let Some(bad) = shares.iter().find(|s| **s <= 0.0) {
        return Err(not_positive(
            "create",
            "ExpenseShare",
            "share_amount",
            amounts.is_none() && *bad == 0.0,
        ));
    }
    Ok(shares)
}

fn insert_shares(
    ctx: &Ctx,
    expense: i64,
    debtors: &[SUser],
    shares: &[f64],
) -> Result<(), ApiError> {
    let t = super::store::now(ctx);
    for (d, s) in debtors.iter().zip(shares) {
        NewShare {
            expense_id: expense,
            debtor_id: d.id,
            share_amount: *s,
            created_at: &t,
        }
        .insert(ctx.db)?;
    }
    Ok(())
}

pub(super) fn record_expense(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let actor = me(ctx)?;
    let debtor_emails = a.opt_str_list("debtor_emails").unwrap_or_default();
    if debtor_emails.is_empty() {
        return Err(ApiError::unprocessable(
            "At least one debtor who owes a share of the expense must be specified.",
        ));
    }
    let amounts = debt_amounts(a);
    let paid = a.float("paid_amount").unwrap_or(0.0);
    check_amounts(debtor_emails.len(), &amounts, paid)?;
    let payer_email = a.str("payer_email");
    let group = match a.value("group_id").as_i64() {
        Some(gid) => {
            let g = load_group(ctx.db, gid)?;
            if !is_member(ctx.db, g.id, actor.id)? {
                return Err(ApiError::unprocessable(NOT_MEMBER));
            }
            Some(g.id)
        }
        None => {
            if payer_email != actor.email && !debtor_emails.contains(&actor.email) {
                return Err(ApiError::unprocessable(
                    "You are neither payer or debtor of this expense and the expense does not belong to a group. So you cannot create it.",
                ));
            }
            None
        }
    };
    let payer = user_named(ctx.db, payer_email)?;
    let debtors = debtor_emails
        .iter()
        .map(|e| user_named(ctx.db, e))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(g) = group {
        for d in &debtors {
            if !is_member(ctx.db, g, d.id)? {
                return Err(ApiError::unprocessable(format!(
                    "Debtor with email {} is not a member of the group.",
                    d.email
                )));
            }
        }
    }
    if debtors.len() == 1 && debtors[0].id == payer.id {
        return Err(ApiError::unprocessable(
            "A payer cannot be a debtor if there is only one debtor involved in the expense.",
        ));
    }
    let receipt = given_receipt(ctx, a)?;
    let amount = round2(paid);
    if amount <= 0.0 {
        // AppWorld's model check fails with a 500 here.
        return Err(not_positive("create", "Expense", "amount", false));
    }
    let shares = share_amounts(debtors.len(), &amounts, amount)?;
    let debtor_ids: Vec<i64> = debtors.iter().map(|d| d.id).collect();
    let (receipt_file_name, receipt_file_content) = receipt
        .as_ref()
        .map(|(f, c)| (f.as_str(), c.as_str()))
        .unzip();
    let id = NewExpense {
        user_id: actor.id,
        group_id: group,
        payer_id: payer.id,
        debtor_ids: &debtor_ids,
        participant_ids: &[payer.id],
        description: a.str("description"),
        amount,
        receipt_file_name,
        receipt_file_content,
        created_at: &super::store::now(ctx),
    }
    .insert(ctx.db)?;
    insert_shares(ctx, id, &debtors, &shares)?;
    let rec = load(ctx.db, &EXPENSE, id)?;
    notify_parties(
        ctx,
        &rec,
        "expense_added",
        "New expense posted.",
        &format!(
            "{} has recorded an expense of ${} involving you.",
            actor.name,
            cents(amount)
        ),
        &rec_data(&EXPENSE, id, actor.id),
    )?;
    Ok(json!({"message": "Expense recorded.", "expense_id": id}))
}

pub(super) fn update_expense(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rec = visible(ctx, &EXPENSE, a.int("expense_id"))?;
    if rec.deleted {
        return Err(ApiError::unprocessable(EXPENSE.deleted_no_update));
    }
    let debtor_emails = a.opt_str_list("debtor_emails");
    if debtor_emails.as_ref().is_some_and(|d| d.is_empty()) {
        return Err(ApiError::unprocessable(
            "To update debtors, at least one debtor who owes a share of the expense must be specified.",
        ));
    }
    let amounts = debt_amounts(a);
    if amounts.is_some() && debtor_emails.is_none() {
        return Err(ApiError::unprocessable(
            "debtor_emails must be passed if debt_amounts are passed.",
        ));
    }
    let paid = a.float("paid_amount");
    if let Some(d) = &debtor_emails {
        check_amounts(d.len(), &amounts, paid.unwrap_or(rec.amount))?;
    }
    let payer = match a.opt_str("payer_email") {
        Some(email) => {
            let p = user_named(ctx.db, email)?;
            if let Some(g) = rec.group_id
                && !is_member(ctx.db, g, p.id)?
            {
                return Err(ApiError::unprocessable(format!(
                    "Payer user with email {} is not a member of the group with ID {g}.",
                    p.email
                )));
            }
            Some(p)
        }
        None => None,
    };
    let debtors = match &debtor_emails {
        Some(emails) => {
            let mut out = Vec::new();
            for e in emails {
                let d = user_named(ctx.db, e)?;
                if let Some(g) = rec.group_id
                    && !is_member(ctx.db, g, d.id)?
                {
                    return Err(ApiError::unprocessable(format!(
                        "Debtor user with email {} is not a member of the group with ID {g}.",
                        d.email
                    )));
                }
                out.push(d);
            }
            Some(out)
        }
        None => None,
    };
    let amount = match paid {
        Some(p) => {
            if p <= 0.0 || round2(p) <= 0.0 {
                return Err(not_positive("update", "Expense", "amount", false));
            }
            round2(p)
        }
        None => rec.amount,
    };
    let payer_id = payer.as_ref().map(|p| p.id).unwrap_or(rec.payer_id);
    let description = match a.opt_str("description") {
        Some(d) => Some(d.to_string()),
        None => rec.description.clone(),
    };
    let debtor_ids: Vec<i64> = match &debtors {
        Some(d) => d.iter().map(|u| u.id).collect(),
        None => rec.shares.iter().map(|(d, _)| *d).collect(),
    };
    let mut participants = vec![payer_id];
    participants.extend(&debtor_ids);
    if let Some(debtors) = &debtors {
        let shares = share_amounts(debtors.len(), &amounts, amount)?;
        ctx.db
            .prepare_cached("DELETE FROM splitwise.expense_shares WHERE expense_id = ?1")?
            .execute([rec.id])?;
        insert_shares(ctx, rec.id, debtors, &shares)?;
    }
    ctx.db
        .prepare_cached(
            "UPDATE splitwise.expenses SET description = ?1, amount = ?2, payer_id = ?3, debtor_ids = ?4, participant_ids = ?5 WHERE id = ?6",
        )?
        .execute(params![
            description,
            amount,
            payer_id,
            py_json_ints(&debtor_ids),
            py_json_ints(&participants),
            rec.id
        ])?;
    let updated = load(ctx.db, &EXPENSE, rec.id)?;
    let actor = me(ctx)?;
    notify_parties(
        ctx,
        &updated,
        "expense_updated",
        "Expense updated.",
        &format!(
            "{} has updated an expense of {} involving you.",
            actor.name,
            cents(amount)
        ),
        &rec_data(&EXPENSE, rec.id, actor.id),
    )?;
    Ok(json!({"message": "Expense information updated."}))
}
