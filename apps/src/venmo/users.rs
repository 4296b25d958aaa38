//! venmo's account view, profiles, user search and friends (one-directional: A adding B does
//! not make A a friend of B).

use super::APP;
use super::rows::NewFriendship;
use super::store::{VUser, me, page, user_by_email, user_named};
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{rank_rows, search_page};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

pub(super) fn apis() -> Vec<ApiSpec> {
    let user_example = json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00", "friends_since": "2019-01-01T00:00:00"});
    vec![
        Api::get(APP, "show_account", "/venmo/account")
            .doc("Show your own account: details, verification status, Venmo balance and number of friends.")
            .auth()
            .returns(json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00", "last_logged_in": "2019-01-01T00:00:00", "verified": true, "venmo_balance": 0.0, "friend_count": 1}))
            .handler(show_account),
        Api::get(APP, "show_profile", "/venmo/profile")
            .doc("Show another user's public profile by e-mail, with since when they are on your friend list (null if they are not).")
            .auth()
            .param(P::str("email").optional().email().doc("The e-mail address of the user."))
            .returns(user_example.clone())
            .handler(show_profile),
        Api::get(APP, "search_users", "/venmo/users")
            .doc("Search other users by name or e-mail. Without a query your friends come first.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Words to look for in names and e-mails; empty lists everyone."))
            .paged()
            .returns(json!([user_example.clone()]))
            .handler(search_users),
        Api::get(APP, "search_friends", "/venmo/friends")
            .doc("List or search the friends of a user (yours by default), in the order they were added.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Words to look for in names and e-mails; empty lists all friends."))
            .param(P::str("user_email").nullable().email().doc("Whose friends to list; leave out for your own."))
            .paged()
            .returns(json!([user_example]))
            .handler(search_friends),
        Api::post(APP, "add_friend", "/venmo/friends/{user_email}")
            .doc("Add a user to your friend list (they do not add you back).")
            .param(P::str("user_email").email().doc("The e-mail address of the user to add."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(add_friend),
        Api::delete(APP, "remove_friend", "/venmo/friends/{user_email}")
            .doc("Remove a user from your friend list.")
            .param(P::str("user_email").email().doc("The e-mail address of the friend to remove."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(remove_friend),
    ]
}

fn show_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let mut account = crate::common::accounts::account_fields(ctx)?;
    let id = ctx.user()?.id;
    let (balance, friends) = ctx
        .db
        .prepare_cached(
            "SELECT venmo_balance, \
             (SELECT count(*) FROM venmo.friendships AS f JOIN venmo.users AS u ON u.id = f.friend_id WHERE f.user_id = users.id) \
             FROM venmo.users WHERE id = ?1",
        )?
        .query_row([id], |r| Ok((r.get::<_, Option<f64>>(0)?, r.get::<_, i64>(1)?)))?;
    account.insert("venmo_balance".into(), json!(balance.unwrap_or(0.0)));
    account.insert("friend_count".into(), json!(friends));
    Ok(Value::Object(account))
}

/// The `created_at` of `user_id`'s friendship with `friend_id`, if they are friends.
fn friendship_since(ctx: &Ctx, user_id: i64, friend_id: i64) -> Result<Option<Value>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(
            "SELECT created_at FROM venmo.friendships WHERE user_id = ?1 AND friend_id = ?2 ORDER BY id LIMIT 1",
        )?
        .query_row(params![user_id, friend_id], |r| datetime_col(r, 0))
        .optional()?)
}

fn user_json(u: &VUser, friends_since: Value) -> Value {
    json!({"first_name": u.first_name, "last_name": u.last_name, "email": u.email, "registered_at": u.created_at, "friends_since": friends_since})
}

fn show_profile(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let not_found = || ApiError::unprocessable("Account for this email does not exist.");
    let email = a.opt_str("email").ok_or_else(not_found)?;
    let user = user_by_email(ctx, email)?.ok_or_else(not_found)?;
    let since = friendship_since(ctx, uid, user.id)?.unwrap_or(Value::Null);
    Ok(user_json(&user, since))
}

/// Every user but the caller, by id, with whether the caller has them as a friend.
const USERS_BUT_CALLER: &str = "SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, u.venmo_balance, \
     EXISTS (SELECT 1 FROM venmo.friendships AS f WHERE f.user_id = ?1 AND f.friend_id = u.id) \
     FROM venmo.users AS u WHERE u.id != ?1";

/// Users but the caller (friends first without a query; ranked with one, where only the
/// page's users are read).
fn search_users(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let everyone = || -> Result<Vec<(VUser, bool)>, ApiError> {
        Ok(ctx
            .db
            .prepare_cached(&format!("{USERS_BUT_CALLER} ORDER BY u.id"))?
            .query_map([uid], |r| Ok((VUser::read(r)?, r.get(6)?)))?
            .collect::<Result<_, _>>()?)
    };
    let query = a.str("query").trim();
    let listed: Vec<(VUser, bool)> = if query.is_empty() {
        // Friends first, each group by id.
        let (mut friends, others): (Vec<_>, Vec<_>) =
            everyone()?.into_iter().partition(|(_, f)| *f);
        friends.extend(others);
        page(a, friends)
    } else {
        let ids = || -> Result<Vec<i64>, ApiError> {
            Ok(ctx
                .db
                .prepare_cached("SELECT id FROM venmo.users WHERE id != ?1 ORDER BY id")?
                .query_map([uid], |r| r.get(0))?
                .collect::<Result<_, _>>()?)
        };
        let found = search_page(
            ctx,
            APP,
            "users_fts",
            query,
            |id| Ok(id != uid),
            ids,
            (a.int("page_index"), a.int("page_limit")),
        )?;
        match found {
            None => page(a, everyone()?),
            Some(ids) => {
                let mut one = ctx
                    .db
                    .prepare_cached(&format!("{USERS_BUT_CALLER} AND u.id = ?2"))?;
                ids.iter()
                    .map(|&id| one.query_row([uid, id], |r| Ok((VUser::read(r)?, r.get(6)?))))
                    .collect::<Result<_, _>>()?
            }
        }
    };
    // AppWorld shows a friend's registration time as `friends_since` here.
    Ok(Value::Array(
        listed
            .into_iter()
            .map(|(u, friend)| {
                let since = if friend {
                    u.created_at.clone()
                } else {
                    Value::Null
                };
                user_json(&u, since)
            })
            .collect(),
    ))
}

/// Orders `rows` by the full-text ranking of `query` over `fts` (matches first, the rest in
/// AppWorld's set order).
pub(super) fn rank<T>(
    ctx: &Ctx,
    fts: &str,
    query: &str,
    rows: Vec<T>,
    id: impl Fn(&T) -> i64,
) -> Result<Vec<T>, ApiError> {
    rank_rows(ctx, "venmo", fts, query, rows, id)
}

/// The friends of the caller or of `user_email`, in the order they were added, each with the
/// time that friendship began.
fn search_friends(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let owner = match a.opt_str("user_email") {
        Some(email) => user_named(ctx, email)?.id,
        None => ctx.user()?.id,
    };
    // A friendship whose friend deleted the account lists nothing (AppWorld fails on it).
    let rows: Vec<(VUser, Value)> = ctx
        .db
        .prepare_cached(
            "SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, u.venmo_balance, f.created_at \
             FROM venmo.friendships AS f JOIN venmo.users AS u ON u.id = f.friend_id WHERE f.user_id = ?1 ORDER BY f.id",
        )?
        .query_map([owner], |r| Ok((VUser::read(r)?, datetime_col(r, 6)?)))?
        .collect::<Result<_, _>>()?;
    let query = a.str("query").trim();
    let ordered = if query.is_empty() {
        rows
    } else {
        rank(ctx, "users_fts", query, rows, |(u, _)| u.id)?
    };
    Ok(Value::Array(
        page(a, ordered)
            .into_iter()
            .map(|(u, since)| user_json(&u, since))
            .collect(),
    ))
}

fn add_friend(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let friend = user_named(ctx, a.str("user_email"))?;
    let uid = me(ctx)?.id;
    if friend.id == uid {
        return Err(ApiError::unprocessable(
            "You cannot add yourself as a friend.",
        ));
    }
    if friendship_since(ctx, uid, friend.id)?.is_some() {
        return Err(ApiError::unprocessable(
            "This user is already in your friend list.",
        ));
    }
    NewFriendship {
        user_id: uid,
        friend_id: friend.id,
        created_at: &super::store::now(ctx),
    }
    .insert(ctx.db)?;
    Ok(json!({"message": "Added to your friend list."}))
}

fn remove_friend(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let friend = user_named(ctx, a.str("user_email"))?;
    let uid = ctx.user()?.id;
    let removed = ctx
        .db
        .prepare_cached("DELETE FROM venmo.friendships WHERE user_id = ?1 AND friend_id = ?2")?
        .execute(params![uid, friend.id])?;
    if removed == 0 {
        return Err(ApiError::unprocessable(
            "This user is already not in your friend list.",
        ));
    }
    Ok(json!({"message": "Friend removed."}))
}
