//! The caller's activity: the expenses they owe a share of (in the order of their shares),
//! then the other expenses they paid, the payments they made and those they received, each
//! once, deleted ones left out, newest first.

use super::store::{EXPENSE, PAYMENT, Rec, group_name, load, page, person, recs_where, user_by_id};
use serde_json::{Value, json};
use sim::api::listing::{parse_sort, sort_rows};
use sim::api::{ApiError, Args, Ctx};

/// The fields `sort_by` may name.
pub(super) const SORTS: &[&str] = &["created_at"];

fn item(ctx: &Ctx, r: &Rec, expense: bool) -> Result<Value, ApiError> {
    let (record_type, paid_by, owed_by) = if expense {
        let owed = r
            .shares
            .iter()
            .map(|(d, amount)| {
                // A debtor who deleted the account shows without name and e-mail.
                let (name, email) = match user_by_id(ctx.db, *d)? {
                    Some(u) => (Some(u.name), Some(u.email)),
                    None => (None, None),
                };
                Ok(json!({"name": name, "email": email, "amount": amount}))
            })
            .collect::<Result<Vec<Value>, ApiError>>()?;
        ("expense", person(ctx.db, r.payer_id)?, owed)
    } else {
        let (pn, pe) = &r.payer_stored;
        let (rn, re) = &r.receiver_stored;
        (
            "payment",
            json!({"name": pn, "email": pe}),
            vec![json!({"name": rn, "email": re, "amount": r.amount})],
        )
    };
    Ok(json!({
        "record_type": record_type,
        "amount": r.amount,
        "paid_by": paid_by,
        "owed_by": owed_by,
        "description": r.description,
        "group_id": r.group_id,
        "group_name": group_name(ctx.db, r.group_id)?,
        "created_at": r.created_at,
    }))
}

pub(super) fn show_activity(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let sort = parse_sort(a.opt_str("sort_by"), SORTS)?;
    let mut rows: Vec<(Rec, bool)> = Vec::new();
    if a.opt_bool("show_expenses").unwrap_or(true) {
        let owed: Vec<i64> = ctx
            .db
            .prepare_cached(
                "SELECT expense_id FROM splitwise.expense_shares WHERE debtor_id = ?1 ORDER BY id",
            )?
            .query_map([uid], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        // Each expense once: those owed first, then the paid ones not among them.
        let mut seen = Vec::new();
        for id in owed {
            if !seen.contains(&id) {
                seen.push(id);
                rows.push((load(ctx.db, &EXPENSE, id)?, true));
            }
        }
        for r in recs_where(ctx.db, &EXPENSE, "payer_id = ?1", &[&uid])? {
            if !seen.contains(&r.id) {
                rows.push((r, true));
            }
        }
    }
    if a.opt_bool("show_payments").unwrap_or(true) {
        for who in ["payer_id", "receiver_id"] {
            for r in recs_where(ctx.db, &PAYMENT, &format!("{who} = ?1"), &[&uid])? {
                rows.push((r, false));
            }
        }
    }
    rows.retain(|(r, _)| !r.deleted);
    if let Some(key) = &sort {
        sort_rows(&mut rows, key, |(r, _), f| r.field(f));
    }
    Ok(Value::Array(
        page(a, rows)
            .iter()
            .map(|(r, e)| item(ctx, r, *e))
            .collect::<Result<_, _>>()?,
    ))
}
