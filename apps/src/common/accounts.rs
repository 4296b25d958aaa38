//! The account APIs every e-mail app shares (signup, login, logout, verification, password
//! reset, profile, account name, account deletion). An app includes them with
//! [`account_apis`], naming the rows its users own.

use super::notify;
use super::rows::{bool_col, datetime_col};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::auth::{self, NOT_VERIFIED};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

/// Tables (with their user column) whose rows an app's user owns; deleted with the account.
pub fn owned_tables(app: &str) -> &'static [(&'static str, &'static str)] {
    match app {
        "simple_note" => &[("notes", "user_id")],
        _ => &[],
    }
}

/// The account APIs of `app`, in AppWorld's docs order. Paths are `/<app>/...`.
pub fn account_apis(app: &'static str) -> Vec<ApiSpec> {
    let path = |p: &str| -> &'static str { Box::leak(format!("/{app}{p}").into_boxed_str()) };
    vec![
        Api::get(app, "show_account", path("/account"))
            .doc("Show your own account details, including private fields such as verification status.")
            .auth()
            .returns(json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00", "last_logged_in": "2019-01-01T00:00:00", "verified": true}))
            .handler(show_account),
        Api::post(app, "signup", path("/account"))
            .doc("Create a new account. A verification code is e-mailed to the address; verify the account before logging in.")
            .param(P::str("first_name").min_len(1).doc("Your first name."))
            .param(P::str("last_name").min_len(1).doc("Your last name."))
            .param(P::str("email").email().doc("Your e-mail address; it is also your username."))
            .param(P::str("password").min_len(5).doc("The password for the new account."))
            .returns(json!({"message": "string"}))
            .handler(signup),
        Api::delete(app, "delete_account", path("/account"))
            .doc("Delete your account and everything it owns in this app.")
            .auth()
            .returns(json!({"message": "string"}))
            .handler(delete_account),
        Api::patch(app, "update_account_name", path("/account"))
            .doc("Change your first name, last name, or both.")
            .auth()
            .param(P::str("first_name").nullable().min_len(1).doc("New first name; leave out to keep it."))
            .param(P::str("last_name").nullable().min_len(1).doc("New last name; leave out to keep it."))
            .returns(json!({"message": "string"}))
            .handler(update_account_name),
        Api::post(app, "login", path("/auth/token"))
            .doc("Log in with your username (e-mail) and password to get an access token for the other APIs.")
            .param(P::str("username").form().doc("Your account's e-mail address."))
            .param(P::str("password").form().doc("Your account password."))
            .returns(json!({"access_token": "string", "token_type": "string"}))
            .handler(login),
        Api::post(app, "logout", path("/auth/logout"))
            .doc("Log out: the access token stops working.")
            .logout_auth()
            .returns(json!({"message": "string"}))
            .handler(logout),
        Api::post(app, "send_verification_code", path("/send_verification_code"))
            .doc("E-mail a new account verification code, valid for one hour.")
            .param(P::str("email").email().doc("The account's e-mail address."))
            .returns(json!({"message": "string"}))
            .handler(send_verification_code),
        Api::post(app, "verify_account", path("/verify_account"))
            .doc("Verify your account with the code that was e-mailed to you.")
            .param(P::str("email").email().doc("The account's e-mail address."))
            .param(P::str("verification_code").doc("The code from the verification e-mail."))
            .returns(json!({"message": "string"}))
            .handler(verify_account),
        Api::post(app, "send_password_reset_code", path("/send_password_reset_code"))
            .doc("E-mail a password reset code, valid for one hour.")
            .param(P::str("email").email().doc("The account's e-mail address."))
            .returns(json!({"message": "string"}))
            .handler(send_password_reset_code),
        Api::post(app, "reset_password", path("/reset_password"))
            .doc("Set a new password using the reset code that was e-mailed to you.")
            .param(P::str("email").email().doc("The account's e-mail address."))
            .param(P::str("password_reset_code").doc("The code from the password reset e-mail."))
            .param(P::str("new_password").min_len(5).doc("The new password."))
            .returns(json!({"message": "string"}))
            .handler(reset_password),
        Api::get(app, "show_profile", path("/profile"))
            .doc("Show another user's public profile, looked up by e-mail address.")
            .param(P::str("email").optional().email().doc("The e-mail address of the user to look up."))
            .returns(json!({"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00"}))
            .handler(show_profile),
    ]
}

fn user_by_email(ctx: &Ctx, email: &str) -> Result<Option<i64>, ApiError> {
    Ok(ctx
        .db
        .prepare_cached(&format!(
            "SELECT id FROM \"{}\".users WHERE email = ?1",
            ctx.app
        ))?
        .query_row([email], |r| r.get(0))
        .optional()?)
}

fn show_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = ctx.user()?.id;
    let sql = format!(
        "SELECT first_name, last_name, email, created_at, last_logged_in, verified FROM \"{}\".users WHERE id = ?1",
        ctx.app
    );
    Ok(ctx.db.prepare_cached(&sql)?.query_row([id], |r| {
        Ok(json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?,
                  "registered_at": datetime_col(r, 3)?, "last_logged_in": datetime_col(r, 4)?, "verified": bool_col(r, 5)?}))
    })?)
}

fn signup(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    if user_by_email(ctx, email)?.is_some() {
        return Err(ApiError::already_exists("User", &["email"]));
    }
    let code = ctx.rng(|r| r.hex(7))?;
    let now = sim::clock::fmt_datetime(ctx.now);
    let expiry = sim::clock::fmt_datetime(ctx.now + chrono::Duration::minutes(60));
    ctx.db.execute(
        &format!(
            "INSERT INTO \"{}\".users (first_name, last_name, email, password, created_at, last_logged_in, verified, verification_code, verification_code_expiry) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?5, 0, ?6, ?7)",
            ctx.app
        ),
        params![a.str("first_name"), a.str("last_name"), email, a.str("password"), now, code, expiry],
    )?;
    if notify::has_mailbox(ctx.db, email)? {
        send_code_email(ctx, email, "Verify your account", &code)?;
        Ok(
            json!({"message": "Account created. A verification code has been sent to your email address. Verify your account to log in."}),
        )
    } else {
        Ok(
            json!({"message": "Account created, but no verification code could be e-mailed: no Gmail account exists for this address."}),
        )
    }
}

fn send_code_email(ctx: &Ctx, email: &str, subject: &str, code: &str) -> Result<(), ApiError> {
    let (company, _) = notify::company(ctx.app);
    let body = format!("Your {company} code is {code}. It expires in 60 minutes.");
    notify::email_from_company(
        ctx.db,
        ctx.app,
        email,
        &format!("{company}: {subject}"),
        &body,
        ctx.now,
    )
}

fn delete_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = ctx.user()?.id;
    for (table, col) in owned_tables(ctx.app) {
        ctx.db.execute(
            &format!(
                "DELETE FROM \"{}\".\"{table}\" WHERE \"{col}\" = ?1",
                ctx.app
            ),
            [id],
        )?;
    }
    ctx.db.execute(
        &format!("DELETE FROM \"{}\".users WHERE id = ?1", ctx.app),
        [id],
    )?;
    auth::revoke_token(ctx.db, &ctx.user()?.token)?;
    Ok(json!({"message": "Account deleted successfully."}))
}

fn update_account_name(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = ctx.user()?.id;
    for field in ["first_name", "last_name"] {
        if let Some(v) = a.opt_str(field) {
            ctx.db.execute(
                &format!(
                    "UPDATE \"{}\".users SET {field} = ?1 WHERE id = ?2",
                    ctx.app
                ),
                params![v, id],
            )?;
        }
    }
    Ok(json!({"message": "Account name updated successfully."}))
}

fn login(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let app = ctx
        .registry
        .app(ctx.app)
        .and_then(|s| s.accounts.clone())
        .ok_or_else(|| ApiError::internal("app has no accounts"))?;
    let sql = format!(
        "SELECT password, {} FROM \"{}\".users WHERE {} = ?1",
        if app.requires_verification {
            "verified"
        } else {
            "1"
        },
        ctx.app,
        app.login_column
    );
    let row: Option<(String, bool)> = ctx
        .db
        .prepare_cached(&sql)?
        .query_row([a.str("username")], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match row {
        None => Err(ApiError::new(401, "Invalid credentials")),
        Some((_, false)) => Err(ApiError::unprocessable(NOT_VERIFIED)),
        Some((pw, true)) if pw != a.str("password") => {
            Err(ApiError::new(401, "Invalid credentials"))
        }
        Some(_) => {
            let token = auth::issue_token(ctx.db, ctx.app, a.str("username"), ctx.now)?;
            Ok(json!({"access_token": token, "token_type": "Bearer"}))
        }
    }
}

fn logout(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    auth::revoke_token(ctx.db, &ctx.user()?.token)?;
    Ok(json!({"message": "Successfully logged out."}))
}

/// Issues a fresh 7-hex-char code into `code_col`/`code_col_expiry` for an existing account.
fn issue_code(ctx: &Ctx, email: &str, code_col: &str) -> Result<String, ApiError> {
    let Some(id) = user_by_email(ctx, email)? else {
        return Err(ApiError::not_found_key("user", "email", email));
    };
    let code = ctx.rng(|r| r.hex(7))?;
    let expiry = sim::clock::fmt_datetime(ctx.now + chrono::Duration::minutes(60));
    ctx.db.execute(
        &format!(
            "UPDATE \"{}\".users SET {code_col} = ?1, {code_col}_expiry = ?2 WHERE id = ?3",
            ctx.app
        ),
        params![code, expiry, id],
    )?;
    Ok(code)
}

fn send_verification_code(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    let verified: Option<bool> = ctx
        .db
        .prepare_cached(&format!(
            "SELECT verified FROM \"{}\".users WHERE email = ?1",
            ctx.app
        ))?
        .query_row([email], |r| r.get(0))
        .optional()?;
    if verified == Some(true) {
        return Err(ApiError::unprocessable("Your account is already verified."));
    }
    let code = issue_code(ctx, email, "verification_code")?;
    send_code_email(ctx, email, "Verify your account", &code)?;
    Ok(json!({"message": "A verification code has been sent to your email address."}))
}

/// Checks a code column against `given`; clears it when it matches.
fn consume_code(
    ctx: &Ctx,
    email: &str,
    code_col: &str,
    given: &str,
    what: &str,
) -> Result<i64, ApiError> {
    let sql = format!(
        "SELECT id, {code_col}, {code_col}_expiry FROM \"{}\".users WHERE email = ?1",
        ctx.app
    );
    let row: Option<(i64, Option<String>, Option<String>)> = ctx
        .db
        .prepare_cached(&sql)?
        .query_row([email], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let Some((id, code, expiry)) = row else {
        return Err(ApiError::not_found_key("user", "email", email));
    };
    if code.as_deref() != Some(given.trim()) {
        return Err(ApiError::unprocessable(format!("Invalid {what} code.")));
    }
    if expiry.is_none_or(|e| sim::clock::fmt_datetime(ctx.now) > e) {
        return Err(ApiError::unprocessable(format!(
            "The {what} code has expired. Please request a new one."
        )));
    }
    ctx.db.execute(
        &format!(
            "UPDATE \"{}\".users SET {code_col} = NULL, {code_col}_expiry = NULL WHERE id = ?1",
            ctx.app
        ),
        [id],
    )?;
    Ok(id)
}

fn verify_account(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = consume_code(
        ctx,
        a.str("email"),
        "verification_code",
        a.str("verification_code"),
        "verification",
    )?;
    ctx.db.execute(
        &format!(
            "UPDATE \"{}\".users SET verified = 1 WHERE id = ?1",
            ctx.app
        ),
        [id],
    )?;
    Ok(json!({"message": "Account verified successfully."}))
}

fn send_password_reset_code(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let code = issue_code(ctx, a.str("email"), "password_reset_code")?;
    send_code_email(ctx, a.str("email"), "Password reset code", &code)?;
    Ok(json!({"message": "A password reset code has been sent to your email address."}))
}

fn reset_password(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    let id = consume_code(
        ctx,
        email,
        "password_reset_code",
        a.str("password_reset_code"),
        "password reset",
    )?;
    ctx.db.execute(
        &format!(
            "UPDATE \"{}\".users SET password = ?1 WHERE id = ?2",
            ctx.app
        ),
        params![a.str("new_password"), id],
    )?;
    let (company, _) = notify::company(ctx.app);
    notify::email_from_company(
        ctx.db,
        ctx.app,
        email,
        &format!("{company}: Password Changed"),
        &format!("The password of your {company} account was changed."),
        ctx.now,
    )?;
    Ok(json!({"message": "Password reset successfully."}))
}

fn show_profile(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    let sql = format!(
        "SELECT first_name, last_name, email, created_at FROM \"{}\".users WHERE email = ?1",
        ctx.app
    );
    let row = ctx
        .db
        .prepare_cached(&sql)?
        .query_row([email], |r| Ok(json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?, "registered_at": datetime_col(r, 3)?})))
        .optional()?;
    row.ok_or_else(|| {
        ApiError::not_found_key(
            "user",
            "email",
            if email.is_empty() { "None" } else { email },
        )
    })
}
