//! Balances: who owes whom, per group and outside groups, from the expenses' shares and the
//! payments; settling up; and the user search, ordered by the caller's balance with each user.
//!
//! AppWorld's arithmetic is kept exactly (raw float sums, so `14.199999999999989` and residues
//! like `1.0658141036401503e-14` after settling up show as AppWorld shows them): a user's
//! balance with each other person in one group (or outside groups) is one running sum, seen
//! from that user: every expense the user pays or owes, in id order (each share another person
//! owes the user adds, each share the user owes its payer subtracts), then the payments the user
//! made (adding), then those the user received (subtracting). Outside groups the deleted
//! expenses still count (AppWorld's quirk); in a group they do not; deleted payments never do.
//! A person's total is the sum of those balances over "outside groups" and then the user's
//! groups (not deleted), in the order the user joined them.

use super::groups::balance_group;
use super::payments::insert_payment;
use super::store::{
    Group, NON_GROUP, SUser, me, member_ids, my_groups, page, user_by_email, user_by_id, user_named,
};
use rusqlite::Connection;
use serde_json::{Value, json};
use sim::api::listing::{SortKey, search_page, sort_rows};
use sim::api::params::py_float;
use sim::api::{ApiError, Args, Ctx};
use std::collections::HashMap;

/// Balances in first-encounter order: (other user, amount; positive when they owe).
type Ledger = Vec<(i64, f64)>;

fn add(l: &mut Ledger, other: i64, x: f64) {
    match l.iter_mut().find(|(o, _)| *o == other) {
        Some((_, v)) => *v += x,
        None => l.push((other, 0.0 + x)),
    }
}

/// Which scopes `ledgers` reads: every scope, or one (`None`: outside groups).
#[derive(Clone, Copy)]
enum Scopes {
    All,
    One(Option<i64>),
}

/// `user`'s balance with everyone, per scope (`None`: outside groups), each in the order of
/// the module comment. Three queries whatever the number of groups and expenses: the shares
/// that move a balance (the user pays and another owes, or the user owes another's expense),
/// then the payments.
fn ledgers(
    db: &Connection,
    user: i64,
    scopes: Scopes,
) -> Result<HashMap<Option<i64>, Ledger>, ApiError> {
    // Outside groups deleted expenses still count; in a group they do not.
    let (expense_scope, payment_scope, g) = match scopes {
        Scopes::All => ("(e.group_id IS NULL OR NOT e.deleted)", "1", None),
        Scopes::One(None) => ("e.group_id IS NULL", "group_id IS NULL", None),
        Scopes::One(Some(g)) => (
            "e.group_id = ?2 AND NOT e.deleted",
            "group_id = ?2",
            Some(g),
        ),
    };
    let params: Vec<&dyn rusqlite::ToSql> = match &g {
        Some(g) => vec![&user, g],
        None => vec![&user],
    };
    let mut out: HashMap<Option<i64>, Ledger> = HashMap::new();
    let from =
        "FROM splitwise.expenses AS e JOIN splitwise.expense_shares AS s ON s.expense_id = e.id";
    let columns = "e.group_id, e.payer_id, s.debtor_id, s.share_amount, e.id, s.id";
    let shares: Vec<(Option<i64>, i64, i64, f64)> = db
        .prepare_cached(&format!(
            "SELECT {columns} {from} WHERE e.payer_id = ?1 AND s.debtor_id != ?1 AND {expense_scope} \
             UNION ALL SELECT {columns} {from} WHERE s.debtor_id = ?1 AND e.payer_id != ?1 AND {expense_scope} \
             ORDER BY 5, 6"
        ))?
        .query_map(params.as_slice(), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    for (group, payer, debtor, share) in shares {
        let l = out.entry(group).or_default();
        if payer == user {
            add(l, debtor, share);
        } else {
            add(l, payer, -share);
        }
    }
    let payments: Vec<(Option<i64>, i64, i64, f64)> = db
        .prepare_cached(&format!(
            "SELECT group_id, payer_id, receiver_id, amount FROM splitwise.payments \
             WHERE (payer_id = ?1 OR receiver_id = ?1) AND NOT deleted AND {payment_scope} ORDER BY id"
        ))?
        .query_map(params.as_slice(), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    // The payments the user made, then those the user received.
    for (group, payer, receiver, amount) in &payments {
        if *payer == user && *receiver != user {
            add(out.entry(*group).or_default(), *receiver, *amount);
        }
    }
    for (group, payer, receiver, amount) in &payments {
        if *receiver == user && *payer != user {
            add(out.entry(*group).or_default(), *payer, -*amount);
        }
    }
    Ok(out)
}

/// `user`'s balance with everyone in group `group` (`None`: outside groups).
fn ledger(db: &Connection, user: i64, group: Option<i64>) -> Result<Ledger, ApiError> {
    Ok(ledgers(db, user, Scopes::One(group))?
        .remove(&group)
        .unwrap_or_default())
}

/// The balance with `other` in a ledger (0 when absent).
fn balance_with(l: Option<&Ledger>, other: i64) -> f64 {
    l.into_iter()
        .flatten()
        .find(|(o, _)| *o == other)
        .map_or(0.0, |(_, v)| *v)
}

/// `user`'s balance with `other` in one scope.
fn pair(db: &Connection, user: i64, other: i64, group: Option<i64>) -> Result<f64, ApiError> {
    Ok(balance_with(Some(&ledger(db, user, group)?), other))
}

/// The scopes of a user's balances: outside groups, then the user's groups.
fn scopes(db: &Connection, user: i64) -> Result<Vec<(Option<i64>, String)>, ApiError> {
    let mut out = vec![(None, NON_GROUP.to_string())];
    out.extend(
        my_groups(db, user)?
            .into_iter()
            .map(|g| (Some(g.id), g.name)),
    );
    Ok(out)
}

/// `user`'s total balance with each person, over every scope.
fn totals(db: &Connection, user: i64) -> Result<Ledger, ApiError> {
    let by_scope = ledgers(db, user, Scopes::All)?;
    let mut all = Ledger::new();
    for (g, _) in scopes(db, user)? {
        for (o, v) in by_scope.get(&g).into_iter().flatten() {
            add(&mut all, *o, *v);
        }
    }
    Ok(all)
}

/// `they_owe_you`, `you_owe_them` or `no_balance`, and the amount.
fn direction(x: f64) -> (&'static str, f64) {
    if x > 0.0 {
        ("they_owe_you", x)
    } else if x < 0.0 {
        ("you_owe_them", -x)
    } else {
        ("no_balance", 0.0)
    }
}

pub(super) fn show_person_balance(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let caller = me(ctx)?;
    let email = a.str("email");
    if email == caller.email {
        return Err(ApiError::unprocessable(
            "You cannot check your balance with yourself.",
        ));
    }
    let mut breakdown = Vec::new();
    let mut total = 0.0;
    if let Some(other) = user_by_email(ctx.db, email)? {
        let by_scope = ledgers(ctx.db, caller.id, Scopes::All)?;
        for (g, name) in scopes(ctx.db, caller.id)? {
            let v = balance_with(by_scope.get(&g), other.id);
            if v != 0.0 {
                let (dir, amount) = direction(v);
                breakdown.push(
                    json!({"group_id": g, "group_name": name, "direction": dir, "amount": amount}),
                );
                total += v;
            }
        }
    }
    let (dir, amount) = direction(total);
    Ok(json!({"direction": dir, "total": amount, "breakdown": breakdown}))
}

pub(super) fn show_people_balance(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let (mut owe, mut owed) = (0.0, 0.0);
    let mut breakdown = Vec::new();
    for (o, v) in totals(ctx.db, uid)? {
        // People who deleted their account are left out (AppWorld fails on them).
        let Some(u) = user_by_id(ctx.db, o)? else {
            continue;
        };
        if v == 0.0 {
            continue;
        }
        let (dir, amount) = direction(v);
        if v > 0.0 {
            owed += amount;
        } else {
            owe += amount;
        }
        breakdown
            .push(json!({"email": u.email, "name": u.name, "direction": dir, "amount": amount}));
    }
    Ok(json!({"you_owe_others": owe, "others_owe_you": owed, "breakdown": breakdown}))
}

/// `{total, breakdown: [{email, name, amount}]}` of the people in `entries` (deleted accounts
/// left out).
fn side(db: &Connection, entries: &[(i64, f64)]) -> Result<Value, ApiError> {
    let mut total = 0.0;
    let mut breakdown = Vec::new();
    for (o, amount) in entries {
        if let Some(u) = user_by_id(db, *o)? {
            total += amount;
            breakdown.push(json!({"email": u.email, "name": u.name, "amount": amount}));
        }
    }
    Ok(json!({"total": total, "breakdown": breakdown}))
}

/// One member's balances in a scope, split into what they owe and what they are owed.
fn source_balance(db: &Connection, source: &SUser, group: Option<i64>) -> Result<Value, ApiError> {
    let l = ledger(db, source.id, group)?;
    let owes: Vec<(i64, f64)> = l
        .iter()
        .filter(|(_, v)| *v < 0.0)
        .map(|(o, v)| (*o, -v))
        .collect();
    let owed: Vec<(i64, f64)> = l.iter().filter(|(_, v)| *v > 0.0).copied().collect();
    Ok(json!({
        "source": source.json(),
        "source_owes_to_targets": side(db, &owes)?,
        "targets_owe_to_source": side(db, &owed)?,
    }))
}

pub(super) fn show_group_balance(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let caller = me(ctx)?;
    let email = a.opt_str("email");
    match a.value("group_id").as_i64() {
        Some(gid) => {
            let g = balance_group(ctx, gid)?;
            let sources: Vec<SUser> = match email {
                Some(e) => {
                    let not_in = || {
                        ApiError::unprocessable(
                            "The user you want to show balance for is not a member of the group.",
                        )
                    };
                    let u = user_by_email(ctx.db, e)?.ok_or_else(not_in)?;
                    if !super::store::is_member(ctx.db, g.id, u.id)? {
                        return Err(not_in());
                    }
                    vec![u]
                }
                None => super::store::members(ctx.db, g.id)?,
            };
            Ok(Value::Array(
                sources
                    .iter()
                    .map(|s| source_balance(ctx.db, s, Some(g.id)))
                    .collect::<Result<_, _>>()?,
            ))
        }
        None => {
            if email.is_some_and(|e| e != caller.email) {
                return Err(ApiError::unprocessable(
                    "If group_id is not passed, email can only be your own email or None.",
                ));
            }
            Ok(json!([source_balance(ctx.db, &caller, None)?]))
        }
    }
}

pub(super) fn show_groups_balance(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let (mut owe, mut owed) = (0.0, 0.0);
    let mut breakdown = Vec::new();
    let by_scope = ledgers(ctx.db, uid, Scopes::All)?;
    for (g, name) in scopes(ctx.db, uid)? {
        let (mut g_owe, mut g_owed) = (0.0, 0.0);
        for &(o, v) in by_scope.get(&g).into_iter().flatten() {
            if user_by_id(ctx.db, o)?.is_none() {
                continue;
            }
            if v > 0.0 {
                g_owed += v;
            } else if v < 0.0 {
                g_owe += -v;
            }
        }
        owe += g_owe;
        owed += g_owed;
        breakdown.push(json!({"group_id": g, "group_name": name, "you_owe_others": g_owe, "others_owe_you": g_owed}));
    }
    Ok(json!({"you_owe_others": owe, "others_owe_you": owed, "breakdown": breakdown}))
}

pub(super) fn settle_up(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let caller = me(ctx)?;
    let email = a.str("email");
    let group: Option<Group> = match a.value("group_id").as_i64() {
        Some(gid) => Some(balance_group(ctx, gid)?),
        None => None,
    };
    let other = user_named(ctx.db, email)?;
    if let Some(g) = &group
        && !member_ids(ctx.db, g.id)?.contains(&other.id)
    {
        return Err(ApiError::unprocessable(
            "The user you want to settle with is not a member of the requested group.",
        ));
    }
    let gid = group.as_ref().map(|g| g.id);
    let balance = if other.id == caller.id {
        0.0
    } else {
        pair(ctx.db, caller.id, other.id, gid)?
    };
    // A balance under half a cent (a float residue) has nothing to pay.
    if sim::num::round2(balance) == 0.0 {
        return Err(ApiError::unprocessable(format!(
            "There is no outstanding balance to settle up that you ower or {email} owes you."
        )));
    }
    let amount = sim::num::round2(balance.abs());
    if balance > 0.0 {
        insert_payment(
            ctx,
            gid,
            &other,
            &caller,
            amount,
            Some(a.str("description")),
            None,
        )?;
        Ok(json!({"message": format!(
            "User with email {email} owed you {}$ which has now been settled up.",
            py_float(balance)
        )}))
    } else {
        insert_payment(
            ctx,
            gid,
            &caller,
            &other,
            amount,
            Some("Settle up balance."),
            None,
        )?;
        Ok(json!({"message": format!(
            "You owed {}$ to user with email {email} which has now been settled up.",
            py_float(-balance)
        )}))
    }
}

/// Every user but the caller, with the caller's balance with each: largest amounts first (by
/// id among equals), or ranked by the query (then only the page's users are read, and all of
/// them only for a page past the matches).
pub(super) fn search_users(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let balances = totals(ctx.db, uid)?;
    let balance = |id: i64| balance_with(Some(&balances), id);
    let read = |r: &rusqlite::Row| {
        Ok(SUser {
            id: r.get(0)?,
            name: r.get(1)?,
            email: r.get(2)?,
        })
    };
    const USERS: &str = "SELECT id, first_name || ' ' || last_name, email FROM splitwise.users";
    let everyone = || -> Result<Vec<(SUser, f64)>, ApiError> {
        let mut rows: Vec<(SUser, f64)> = ctx
            .db
            .prepare_cached(&format!("{USERS} WHERE id != ?1 ORDER BY id"))?
            .query_map([uid], read)?
            .collect::<Result<Vec<SUser>, _>>()?
            .into_iter()
            .map(|u| {
                let v = balance(u.id);
                (u, v)
            })
            .collect();
        let by_amount = SortKey {
            field: "amount".into(),
            descending: true,
        };
        sort_rows(&mut rows, &by_amount, |(_, v), _| json!(v.abs()));
        Ok(rows)
    };
    let query = a.opt_str("query").unwrap_or_default().trim();
    let found = if query.is_empty() {
        None
    } else {
        let candidates = || Ok(everyone()?.iter().map(|(u, _)| u.id).collect());
        let at = (a.int("page_index"), a.int("page_limit"));
        search_page(
            ctx,
            "splitwise",
            "users_fts",
            query,
            |id| Ok(id != uid),
            candidates,
            at,
        )?
    };
    let listed: Vec<(SUser, f64)> = match found {
        None => page(a, everyone()?),
        Some(ids) => {
            let mut one = ctx.db.prepare_cached(&format!("{USERS} WHERE id = ?1"))?;
            ids.iter()
                .map(|&id| Ok((one.query_row([id], read)?, balance(id))))
                .collect::<Result<_, ApiError>>()?
        }
    };
    Ok(Value::Array(
        listed
            .into_iter()
            .map(|(u, v)| {
                let (dir, amount) = direction(v);
                json!({"name": u.name, "email": u.email, "direction": dir, "amount": amount})
            })
            .collect(),
    ))
}
