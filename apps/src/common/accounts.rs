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
    // The code is drawn before the uniqueness check, as in AppWorld (a refused signup still
    // advances the random stream).
    let code = ctx.rng(|r| r.unique_id(7))?;
    if user_by_email(ctx, email)?.is_some() {
        return Err(ApiError::already_exists("User", &["email"]));
    }
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
    let (company, _) = notify::company(ctx.app);
    if !notify::has_mailbox(ctx.db, email)? {
        return Ok(json!({"message": format!(
            "Your {company} account is created. But the Gmail account for {email} does not exist, \
             so cannot send the verification code to it. Please create one and then verify your account."
        )}));
    }
    send_code_email(ctx, email, "Verify your account", &code)?;
    Ok(
        json!({"message": "Account created. We've sent a verfification code to your email address. \
                           Please verify the account to start using our platform."}),
    )
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
    // Its tokens stay issued: using one finds no account (401), logging out with one works.
    Ok(json!({"message": "User account with all data belonging to it have been deleted."}))
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
    Ok(json!({"message": "User account information updated."}))
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

/// The id, verified flag and stored codes of the account with `email`, or AppWorld's 422.
struct Account {
    id: i64,
    verified: bool,
    verification_code: Option<String>,
    verification_code_expiry: Option<String>,
    password_reset_code: Option<String>,
    password_reset_code_expiry: Option<String>,
}

fn account(ctx: &Ctx, email: &str) -> Result<Account, ApiError> {
    let sql = format!(
        "SELECT id, coalesce(verified, 1), verification_code, verification_code_expiry, \
         password_reset_code, password_reset_code_expiry FROM \"{}\".users WHERE email = ?1",
        ctx.app
    );
    ctx.db
        .prepare_cached(&sql)?
        .query_row([email], |r| {
            Ok(Account {
                id: r.get(0)?,
                verified: r.get(1)?,
                verification_code: r.get(2)?,
                verification_code_expiry: datetime_text(r, 3)?,
                password_reset_code: r.get(4)?,
                password_reset_code_expiry: datetime_text(r, 5)?,
            })
        })
        .optional()?
        .ok_or_else(|| ApiError::unprocessable("Account for this email does not exist."))
}

fn datetime_text(r: &rusqlite::Row, i: usize) -> rusqlite::Result<Option<String>> {
    Ok(r.get::<_, Option<String>>(i)?
        .map(sim::clock::normalize_datetime))
}

/// Stores a fresh 7-hex-char code valid for an hour in `code_col`/`code_col_expiry`.
fn issue_code(ctx: &Ctx, id: i64, code_col: &str) -> Result<String, ApiError> {
    let code = ctx.rng(|r| r.unique_id(7))?;
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

/// Whether a stored code's expiry has passed.
fn expired(ctx: &Ctx, expiry: &Option<String>) -> bool {
    expiry
        .as_deref()
        .is_none_or(|e| e < sim::clock::fmt_datetime(ctx.now).as_str())
}

fn send_verification_code(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    let acc = account(ctx, email)?;
    if acc.verified {
        return Err(ApiError::unprocessable("Account is already verified."));
    }
    let code = issue_code(ctx, acc.id, "verification_code")?;
    send_code_email(ctx, email, "Verify your account", &code)?;
    Ok(json!({"message": "We've sent a verfification code to the given email address."}))
}

fn verify_account(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let acc = account(ctx, a.str("email"))?;
    if acc.verified {
        return Err(ApiError::unprocessable("Account is already verified."));
    }
    if acc.verification_code.as_deref() != Some(a.str("verification_code")) {
        return Err(ApiError::unprocessable("Invalid verification code."));
    }
    if expired(ctx, &acc.verification_code_expiry) {
        return Err(ApiError::unprocessable(
            "Verification code has expired. Please create a new one.",
        ));
    }
    ctx.db.execute(
        &format!(
            "UPDATE \"{}\".users SET verified = 1 WHERE id = ?1",
            ctx.app
        ),
        [acc.id],
    )?;
    Ok(json!({"message": "Account verified. You can now login."}))
}

fn send_password_reset_code(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    let acc = account(ctx, email)?;
    let code = issue_code(ctx, acc.id, "password_reset_code")?;
    send_code_email(ctx, email, "Password reset code", &code)?;
    Ok(json!({"message": "We've sent a password reset code to the given email address."}))
}

fn reset_password(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let email = a.str("email");
    let acc = account(ctx, email)?;
    if acc.password_reset_code.as_deref() != Some(a.str("password_reset_code")) {
        return Err(ApiError::unprocessable("Invalid password reset code."));
    }
    if expired(ctx, &acc.password_reset_code_expiry) {
        return Err(ApiError::unprocessable(
            "Password reset code has expired. Please create a new one.",
        ));
    }
    ctx.db.execute(
        &format!(
            "UPDATE \"{}\".users SET password = ?1 WHERE id = ?2",
            ctx.app
        ),
        params![a.str("new_password"), acc.id],
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
    Ok(json!({"message": "Password reset successful."}))
}

fn show_profile(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let Some(email) = a.opt_str("email") else {
        return Err(ApiError::unprocessable(
            "Either email or phone_number must be provided.",
        ));
    };
    let sql = format!(
        "SELECT first_name, last_name, email, created_at FROM \"{}\".users WHERE email = ?1",
        ctx.app
    );
    ctx.db
        .prepare_cached(&sql)?
        .query_row([email], |r| Ok(json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?, "registered_at": datetime_col(r, 3)?})))
        .optional()?
        .ok_or_else(|| ApiError::unprocessable("Account for this email does not exist."))
}
