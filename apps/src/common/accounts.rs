//! The account APIs every app with users shares (signup, login, logout, verification, password
//! reset, profile, account name, account deletion). An app includes them with
//! [`account_apis_for`] and its [`AccountSpec`] (phone logs in by `phone_number`, has no
//! verification step and gets its codes and notices as text messages), which also names the
//! rows its users own and what the app does around signup and deletion. [`NewUser`] is the one
//! row type of every app's `users` table (the seeds, signups, tests and task setups write
//! accounts through it), and [`Users`] holds the lookups code outside the handlers makes.

use super::notify;
use super::rows::{bool_col, datetime_col};
use rusqlite::{Connection, OptionalExtension, ToSql, params};
use serde_json::{Map, Value, json};
use sim::api::auth::{self, NOT_VERIFIED};
use sim::api::{AccountSpec, Api, ApiError, ApiSpec, Args, Ctx, P};
use sim::sql::Cached;

/// `app`'s whole API list in docs order: the shared account APIs of its `rules`, then `own`.
pub fn with_account_apis(
    app: &'static str,
    rules: &AccountSpec,
    own: Vec<ApiSpec>,
) -> Vec<ApiSpec> {
    let mut all = account_apis_for(app, rules);
    all.extend(own);
    all
}

/// The search table over an app's users (names and e-mail) that its `search_users` reads.
pub fn users_search_ddl() -> Vec<String> {
    sim::schema::fts_ddl(
        "users",
        "appsim_search_text({row}.first_name, {row}.last_name, {row}.email)",
    )
}

/// The account APIs of `app` under its login rules, in AppWorld's docs order: the login column
/// (`email` or `phone_number`) names the parameters and response fields, and the verification
/// APIs exist only where accounts need verifying.
pub fn account_apis_for(app: &'static str, rules: &AccountSpec) -> Vec<ApiSpec> {
    let path = |p: &str| -> &'static str { Box::leak(format!("/{app}{p}").into_boxed_str()) };
    let key = rules.login_column;
    let phone = key == "phone_number";
    let login_field = |doc: &'static str| login_param(key, doc);
    let (profile, account) = account_schemas(key, rules.requires_verification);
    let mut apis = vec![
        Api::get(app, "show_account", path("/account"))
            .doc(if rules.requires_verification {
                "Show your own account details, including private fields such as verification status."
            } else {
                "Show your own account details, including private fields."
            })
            .auth()
            .returns(Value::Object(account))
            .handler(show_account),
        Api::post(app, "signup", path("/account"))
            .doc(if rules.requires_verification {
                "Create a new account. A verification code is e-mailed to the address; verify the account before logging in."
            } else {
                "Create a new account, usable at once (no verification step)."
            })
            .param(P::str("first_name").min_len(1).doc("Your first name."))
            .param(P::str("last_name").min_len(1).doc("Your last name."))
            .param(signup_login(key))
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
            .doc(if phone {
                "Log in with your username (phone number) and password to get an access token for the other APIs."
            } else {
                "Log in with your username (e-mail) and password to get an access token for the other APIs."
            })
            .param(P::str("username").form().doc(if phone {
                "Your account's phone number."
            } else {
                "Your account's e-mail address."
            }))
            .param(P::str("password").form().doc("Your account password."))
            .returns(json!({"access_token": "string", "token_type": "string"}))
            .handler(login),
        Api::post(app, "logout", path("/auth/logout"))
            .doc("Log out: the access token stops working.")
            .logout_auth()
            .returns(json!({"message": "string"}))
            .handler(logout),
        Api::post(app, "send_password_reset_code", path("/send_password_reset_code"))
            .doc(if phone {
                "Text a password reset code to your phone, valid for one hour."
            } else {
                "E-mail a password reset code, valid for one hour."
            })
            .param(login_field(if phone {
                "The account's phone number."
            } else {
                "The account's e-mail address."
            }))
            .returns(json!({"message": "string"}))
            .handler(send_password_reset_code),
        Api::post(app, "reset_password", path("/reset_password"))
            .doc(if phone {
                "Set a new password using the reset code that was texted to you."
            } else {
                "Set a new password using the reset code that was e-mailed to you."
            })
            .param(login_field(if phone {
                "The account's phone number."
            } else {
                "The account's e-mail address."
            }))
            .param(P::str("password_reset_code").doc(if phone {
                "The code from the password reset text message."
            } else {
                "The code from the password reset e-mail."
            }))
            .param(P::str("new_password").min_len(5).doc("The new password."))
            .returns(json!({"message": "string"}))
            .handler(reset_password),
        Api::get(app, "show_profile", path("/profile"))
            .doc(if phone {
                "Show another user's public profile, looked up by phone number."
            } else {
                "Show another user's public profile, looked up by e-mail address."
            })
            .param(login_field(if phone {
                "The phone number of the user to look up."
            } else {
                "The e-mail address of the user to look up."
            }).optional())
            .returns(Value::Object(profile))
            .handler(show_profile),
    ];
    if rules.requires_verification {
        apis.splice(6..6, verification_apis(app));
    }
    apis
}

/// The login column `key` as a parameter: an e-mail address, or any text (a phone number).
fn login_param(key: &'static str, doc: &'static str) -> P {
    let p = P::str(key).doc(doc);
    if key == "phone_number" { p } else { p.email() }
}

/// signup's login parameter: a 10-digit phone number, or an e-mail address.
fn signup_login(key: &'static str) -> P {
    if key == "phone_number" {
        let mut p = login_param(key, "Your 10-digit phone number; it is also your username.");
        p.0.constraints.min_length = Some(10);
        p.0.constraints.max_length = Some(10);
        p
    } else {
        login_param(key, "Your e-mail address; it is also your username.")
    }
}

/// The response schemas of `show_profile` and `show_account` (the profile with the login
/// time and, where accounts need verifying, the `verified` flag).
fn account_schemas(key: &str, verification: bool) -> (Map<String, Value>, Map<String, Value>) {
    let mut profile = Map::new();
    profile.insert("first_name".into(), json!("string"));
    profile.insert("last_name".into(), json!("string"));
    profile.insert(
        key.into(),
        json!(if key == "phone_number" {
            "string"
        } else {
            "user@example.com"
        }),
    );
    profile.insert("registered_at".into(), json!("2019-01-01T00:00:00"));
    let mut account = profile.clone();
    account.insert("last_logged_in".into(), json!("2019-01-01T00:00:00"));
    if verification {
        account.insert("verified".into(), json!(true));
    }
    (profile, account)
}

/// `send_verification_code` and `verify_account`, for apps whose accounts need verifying.
fn verification_apis(app: &'static str) -> Vec<ApiSpec> {
    let path = |p: &str| -> &'static str { Box::leak(format!("/{app}{p}").into_boxed_str()) };
    vec![
        Api::post(
            app,
            "send_verification_code",
            path("/send_verification_code"),
        )
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
    ]
}

/// The calling app's login rules.
fn rules(ctx: &Ctx) -> Result<AccountSpec, ApiError> {
    ctx.registry
        .app(ctx.app)
        .and_then(|s| s.accounts.clone())
        .ok_or_else(|| ApiError::internal("app has no accounts"))
}

/// The id of the account of the calling app whose login column (`email` or `phone_number`)
/// is `login`.
fn user_by_login(ctx: &Ctx, column: &str, login: &str) -> Result<Option<i64>, ApiError> {
    Ok(Users::id_by_login(ctx.db, ctx.app, column, login)?)
}

fn show_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Ok(Value::Object(account_fields(ctx)?))
}

/// The caller's account as the shared `show_account` answers it (names, login, `registered_at`,
/// `last_logged_in`, and `verified` where the app verifies accounts); apps whose
/// `show_account` says more (amazon's Prime, spotify's premium, venmo's wallet) add to it.
pub fn account_fields(ctx: &Ctx) -> Result<Map<String, Value>, ApiError> {
    let id = ctx.user()?.id;
    let rules = rules(ctx)?;
    let (key, verified) = (rules.login_column, rules.requires_verification);
    let sql = format!(
        "SELECT first_name, last_name, {key}, created_at, last_logged_in, {} FROM \"{}\".users WHERE id = ?1",
        if verified { "verified" } else { "NULL" },
        ctx.app
    );
    Ok(ctx.db.prepare_cached(&sql)?.query_row([id], |r| {
        let mut m = Map::new();
        m.insert("first_name".into(), json!(r.get::<_, String>(0)?));
        m.insert("last_name".into(), json!(r.get::<_, String>(1)?));
        m.insert(key.into(), json!(r.get::<_, String>(2)?));
        m.insert("registered_at".into(), datetime_col(r, 3)?);
        m.insert("last_logged_in".into(), datetime_col(r, 4)?);
        if verified {
            m.insert("verified".into(), bool_col(r, 5)?);
        }
        Ok(m)
    })?)
}

fn signup(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let rules = rules(ctx)?;
    let key = rules.login_column;
    let login = a.str(key);
    let now = sim::clock::fmt_datetime(ctx.now);
    let user = NewUser {
        app: ctx.app,
        first_name: a.str("first_name"),
        last_name: a.str("last_name"),
        login_column: key,
        login,
        password: a.str("password"),
        created_at: &now,
        ..NewUser::default()
    };
    if !rules.requires_verification {
        // Usable at once: no code is drawn or sent.
        if user_by_login(ctx, key, login)?.is_some() {
            return Err(ApiError::already_exists("User", &[key]));
        }
        user.insert(ctx.db)?;
        return Ok(json!({"message": "Account created."}));
    }
    // Accounts to verify log in by e-mail. The code is drawn before the uniqueness check, as in
    // AppWorld (a refused signup still advances the random stream).
    let email = login;
    let code = ctx.rng(|r| r.unique_id(7))?;
    if user_by_login(ctx, key, email)?.is_some() {
        return Err(ApiError::already_exists("User", &[key]));
    }
    let expiry = sim::clock::fmt_datetime(ctx.now + chrono::Duration::minutes(60));
    NewUser {
        verified: Some(false),
        verification: Some((&code, &expiry)),
        defaults: rules.signup_defaults,
        ..user
    }
    .insert(ctx.db)?;
    let company = notify::company(ctx)?;
    if !notify::has_mailbox(ctx, email)? {
        return Ok(json!({"message": format!(
            "Your {company} account is created. But the Gmail account for {email} does not exist, \
             so cannot send the verification code to it. Please create one and then verify your account."
        )}));
    }
    send_code_email(ctx, email, notify::AccountEmail::SignupVerification, &code)?;
    if let Some(hook) = rules.after_signup
        && let Some(id) = user_by_login(ctx, key, email)?
    {
        hook(ctx, id)?;
    }
    Ok(
        json!({"message": "Account created. We've sent a verfification code to your email address. \
                           Please verify the account to start using our platform."}),
    )
}

/// Sends the account holder of `login` one of the account e-mails (code or notice); where users
/// log in by phone number, the e-mail's body arrives as a text message instead.
fn send_code_email(
    ctx: &Ctx,
    login: &str,
    kind: notify::AccountEmail,
    code: &str,
) -> Result<(), ApiError> {
    let company = notify::company(ctx)?;
    let key = rules(ctx)?.login_column;
    let name: String = ctx
        .db
        .prepare_cached(&format!(
            "SELECT first_name || ' ' || last_name FROM \"{}\".users WHERE {key} = ?1",
            ctx.app
        ))?
        .query_row([login], |r| r.get(0))
        .optional()?
        .unwrap_or_default();
    let (subject, body) = notify::account_email(kind, company, &name, code);
    if key == "phone_number" {
        return notify::text_from_company(ctx, login, &body);
    }
    notify::email_from_company(ctx, login, &subject, &body)
}

fn delete_account(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let id = ctx.user()?.id;
    let rules = rules(ctx)?;
    if let Some(hook) = rules.before_deletion {
        hook(ctx, id)?;
    }
    for (table, col) in rules.owned_tables {
        ctx.db.execute_cached(
            &format!(
                "DELETE FROM \"{}\".\"{table}\" WHERE \"{col}\" = ?1",
                ctx.app
            ),
            [id],
        )?;
    }
    // Rows of other users that name the account (a message it sent or received) keep the
    // dangling id, as in AppWorld: worlds do not enforce foreign keys (`sim::world`).
    ctx.db.execute_cached(
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
            ctx.db.execute_cached(
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

/// The account whose login column (`email` or `phone_number`) is `login`, or AppWorld's 422.
fn account(ctx: &Ctx, login: &str) -> Result<Account, ApiError> {
    let rules = rules(ctx)?;
    let key = rules.login_column;
    let verification = if rules.requires_verification {
        "coalesce(verified, 1), verification_code, verification_code_expiry"
    } else {
        "1, NULL, NULL"
    };
    let sql = format!(
        "SELECT id, {verification}, password_reset_code, password_reset_code_expiry FROM \"{}\".users WHERE {key} = ?1",
        ctx.app
    );
    ctx.db
        .prepare_cached(&sql)?
        .query_row([login], |r| {
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
        .ok_or_else(|| ApiError::unprocessable(format!("Account for this {key} does not exist.")))
}

fn datetime_text(r: &rusqlite::Row, i: usize) -> rusqlite::Result<Option<String>> {
    Ok(r.get::<_, Option<String>>(i)?
        .map(sim::clock::normalize_datetime))
}

/// Stores a fresh 7-hex-char code valid for an hour in `code_col`/`code_col_expiry`.
fn issue_code(ctx: &Ctx, id: i64, code_col: &str) -> Result<String, ApiError> {
    let code = ctx.rng(|r| r.unique_id(7))?;
    let expiry = sim::clock::fmt_datetime(ctx.now + chrono::Duration::minutes(60));
    ctx.db.execute_cached(
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
    send_code_email(ctx, email, notify::AccountEmail::Verification, &code)?;
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
    ctx.db.execute_cached(
        &format!(
            "UPDATE \"{}\".users SET verified = 1 WHERE id = ?1",
            ctx.app
        ),
        [acc.id],
    )?;
    Ok(json!({"message": "Account verified. You can now login."}))
}

fn send_password_reset_code(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let key = rules(ctx)?.login_column;
    let login = a.str(key);
    let acc = account(ctx, login)?;
    let code = issue_code(ctx, acc.id, "password_reset_code")?;
    send_code_email(ctx, login, notify::AccountEmail::PasswordResetCode, &code)?;
    Ok(json!({"message": format!(
        "We've sent a password reset code to the given {}.",
        if key == "phone_number" { "phone number" } else { "email address" }
    )}))
}

fn reset_password(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let login = a.str(rules(ctx)?.login_column);
    let acc = account(ctx, login)?;
    if acc.password_reset_code.as_deref() != Some(a.str("password_reset_code")) {
        return Err(ApiError::unprocessable("Invalid password reset code."));
    }
    if expired(ctx, &acc.password_reset_code_expiry) {
        return Err(ApiError::unprocessable(
            "Password reset code has expired. Please create a new one.",
        ));
    }
    ctx.db.execute_cached(
        &format!(
            "UPDATE \"{}\".users SET password = ?1 WHERE id = ?2",
            ctx.app
        ),
        params![a.str("new_password"), acc.id],
    )?;
    send_code_email(ctx, login, notify::AccountEmail::PasswordChanged, "")?;
    Ok(json!({"message": "Password reset successful."}))
}

fn show_profile(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let key = rules(ctx)?.login_column;
    let Some(login) = a.opt_str(key) else {
        return Err(ApiError::unprocessable(
            "Either email or phone_number must be provided.",
        ));
    };
    let sql = format!(
        "SELECT first_name, last_name, {key}, created_at FROM \"{}\".users WHERE {key} = ?1",
        ctx.app
    );
    ctx.db
        .prepare_cached(&sql)?
        .query_row([login], |r| {
            let mut m = Map::new();
            m.insert("first_name".into(), json!(r.get::<_, String>(0)?));
            m.insert("last_name".into(), json!(r.get::<_, String>(1)?));
            m.insert(key.into(), json!(r.get::<_, String>(2)?));
            m.insert("registered_at".into(), datetime_col(r, 3)?);
            Ok(Value::Object(m))
        })
        .optional()?
        .ok_or_else(|| ApiError::unprocessable(format!("Account for this {key} does not exist.")))
}

/// `search_users` of apps that list every account (gmail, todoist): all users in account order
/// (company notifiers included), or ranked by the query over names and address, one page.
pub fn search_users(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let app = ctx.app;
    let ids = || -> Result<Vec<i64>, ApiError> {
        Ok(ctx
            .db
            .prepare_cached(&format!("SELECT id FROM \"{app}\".users ORDER BY id"))?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?)
    };
    let at = (a.int("page_index"), a.int("page_limit"));
    let query = a.str("query").trim();
    let page = sim::api::listing::listed_page(ctx, app, "users_fts", query, ids, at)?;
    let mut st = ctx.db.prepare_cached(&format!(
        "SELECT first_name, last_name, email, created_at FROM \"{app}\".users WHERE id = ?1"
    ))?;
    let mut out = Vec::new();
    for id in page {
        out.push(st.query_row([id], |r| {
            Ok(
                json!({"first_name": r.get::<_, String>(0)?, "last_name": r.get::<_, String>(1)?,
                      "email": r.get::<_, String>(2)?, "registered_at": datetime_col(r, 3)?}),
            )
        })?);
    }
    Ok(Value::Array(out))
}

/// An account in an app's users table (`<app>.users`, the app chosen at run time): everyone's
/// and the notifiers' accounts of the seeds, signups, and accounts that tests and task setups
/// add. Columns the row leaves out (`None`, no extras) are not written, so one type fits every
/// app's table, whatever columns it has.
#[derive(Clone, Copy, Default)]
pub struct NewUser<'a> {
    /// The app whose table it goes in.
    pub app: &'a str,
    /// Its id; `None` takes the next one.
    pub id: Option<i64>,
    /// First name.
    pub first_name: &'a str,
    /// Last name.
    pub last_name: &'a str,
    /// The column it logs in by ([`Users::login_column`]).
    pub login_column: &'a str,
    /// Its login (an e-mail address or phone number).
    pub login: &'a str,
    /// The password.
    pub password: &'a str,
    /// When it was made and last logged in, as stored.
    pub created_at: &'a str,
    /// Whether it is verified, where the app's accounts have the flag.
    pub verified: Option<bool>,
    /// The verification code and its expiry (as stored) of an account awaiting verification.
    pub verification: Option<(&'a str, &'a str)>,
    /// App-specific columns with their values (venmo's `venmo_balance` in the seed).
    pub extras: &'a [(&'a str, &'a dyn ToSql)],
    /// App-specific columns, each with its value as a SQL literal (what a signup fills them
    /// with, [`AccountSpec::signup_defaults`]: venmo's `("venmo_balance", "0.0")`).
    pub defaults: &'a [(&'a str, &'a str)],
}

impl NewUser<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let mut columns: Vec<(&str, &dyn ToSql)> = Vec::new();
        if let Some(id) = &self.id {
            columns.push(("id", id));
        }
        columns.push(("first_name", &self.first_name));
        columns.push(("last_name", &self.last_name));
        columns.push((self.login_column, &self.login));
        columns.push(("password", &self.password));
        columns.push(("created_at", &self.created_at));
        columns.push(("last_logged_in", &self.created_at));
        if let Some(verified) = &self.verified {
            columns.push(("verified", verified));
        }
        if let Some((code, expiry)) = &self.verification {
            columns.push(("verification_code", code));
            columns.push(("verification_code_expiry", expiry));
        }
        columns.extend(self.extras.iter().copied());
        insert_row(
            db,
            &format!("\"{}\".users", self.app),
            &columns,
            self.defaults,
        )
    }
}

/// The INSERT of a row whose table is named at run time (every app's users, the apps' saved
/// cards, subscriptions and notifications; `table_row!` writes those
/// of fixed tables): `columns` with their values as parameters, then `literals` with theirs as
/// SQL literals. Returns the new row's id.
pub fn insert_row(
    db: &Connection,
    table: &str,
    columns: &[(&str, &dyn ToSql)],
    literals: &[(&str, &str)],
) -> rusqlite::Result<i64> {
    let params: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
    let mut sql_columns: Vec<(&str, &str)> = columns
        .iter()
        .zip(&params)
        .map(|((column, _), param)| (*column, param.as_str()))
        .collect();
    sql_columns.extend(literals.iter().copied());
    let values: Vec<&dyn ToSql> = columns.iter().map(|(_, value)| *value).collect();
    db.prepare_cached(&super::rows::insert_sql(table, &sql_columns))?
        .execute(&values[..])?;
    Ok(db.last_insert_rowid())
}

/// Every app's users table (`<app>.users`), for the lookups code outside the handlers makes.
pub struct Users;

impl Users {
    /// The column `app`'s accounts log in by: `phone_number` for phone, `email` elsewhere.
    pub fn login_column(app: &str) -> &'static str {
        if app == "phone" {
            "phone_number"
        } else {
            "email"
        }
    }

    /// The login of `person`'s account in `app` (their phone number for phone, else e-mail).
    pub fn login_of<'p>(app: &str, person: &'p crate::people::Person) -> &'p str {
        if app == "phone" {
            &person.phone_number
        } else {
            &person.email
        }
    }

    /// The id of the account in `app` whose `column` (`email` or `phone_number`) is `login`.
    pub fn id_by_login(
        db: &Connection,
        app: &str,
        column: &str,
        login: &str,
    ) -> rusqlite::Result<Option<i64>> {
        db.prepare_cached(&format!(
            "SELECT id FROM \"{app}\".users WHERE {column} = ?1"
        ))?
        .query_row([login], |r| r.get(0))
        .optional()
    }

    /// The id of `person`'s account in `app`.
    pub fn id_of(
        db: &Connection,
        app: &str,
        person: &crate::people::Person,
    ) -> rusqlite::Result<Option<i64>> {
        Self::id_by_login(
            db,
            app,
            Self::login_column(app),
            Self::login_of(app, person),
        )
    }
}
