//! Access tokens: issued at login as HS256 JWTs scoped to one app, valid 10–30 minutes of
//! simulated time, checked against the tokens actually issued, revoked at logout.

use super::error::ApiError;
use super::registry::{AppSpec, User};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::NaiveDateTime;
use hmac::{Hmac, Mac};
use rusqlite::{Connection, OptionalExtension, params};
use sha2::Sha256;

/// The JWT signing secret (a fact of AppWorld's token format).
const SECRET: &[u8] = b"SECRET";

/// Issues a token for `username` of `app`, expiring 600–1800 s after `now` (drawn from the
/// world's random stream), and records it as valid.
pub fn issue_token(
    db: &Connection,
    app: &str,
    username: &str,
    now: NaiveDateTime,
) -> Result<String, ApiError> {
    let secs = crate::world::with_rng(db, |r| r.randrange(600, 1800))?;
    let exp = now + chrono::Duration::seconds(secs);
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
    let payload =
        serde_json::json!({ "sub": format!("{app}+{username}"), "exp": exp.and_utc().timestamp() });
    let payload = URL_SAFE_NO_PAD.encode(payload.to_string().as_bytes());
    let signing_input = format!("{header}.{payload}");
    let mut mac =
        Hmac::<Sha256>::new_from_slice(SECRET).map_err(|e| ApiError::internal(e.to_string()))?;
    mac.update(signing_input.as_bytes());
    let sig = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
    let token = format!("{signing_input}.{sig}");
    db.prepare_cached(
        "INSERT INTO appsim.access_tokens (token, app, username, expires_at, revoked) VALUES (?1, ?2, ?3, ?4, 0) \
         ON CONFLICT(token) DO UPDATE SET revoked = 0",
    )?
    .execute(params![token, app, username, crate::clock::fmt_datetime(exp)])?;
    Ok(token)
}

/// Resolves a token to the user it was issued for: it must have been issued by this app, not
/// be revoked or expired, and the account must still exist (and be verified where the app
/// requires it).
pub fn authenticate(
    db: &Connection,
    app: &AppSpec,
    token: &str,
    now: NaiveDateTime,
) -> Result<User, ApiError> {
    let unauthorized = || ApiError::unauthorized(app.name);
    let accounts = app.accounts.as_ref().ok_or_else(unauthorized)?;
    let verified = if accounts.requires_verification {
        "u.verified"
    } else {
        "1"
    };
    // One statement: the token's record and the account it names.
    let sql = format!(
        "SELECT t.username, t.expires_at, t.revoked, u.id, {verified} \
         FROM appsim.access_tokens t LEFT JOIN \"{}\".users u ON u.{} = t.username \
         WHERE t.token = ?1 AND t.app = ?2",
        app.name, accounts.login_column
    );
    type Row = (String, String, i64, Option<i64>, Option<bool>);
    let row: Option<Row> = db
        .prepare_cached(&sql)?
        .query_row(params![token, app.name], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .optional()?;
    let Some((username, expires_at, revoked, user_id, verified)) = row else {
        return Err(unauthorized());
    };
    if revoked != 0 || crate::clock::fmt_datetime(now) >= expires_at {
        return Err(unauthorized());
    }
    match (user_id, verified) {
        (None, _) => Err(unauthorized()),
        (Some(_), Some(false)) => Err(ApiError::unprocessable(NOT_VERIFIED)),
        (Some(id), _) => Ok(User {
            id,
            username,
            token: token.to_string(),
        }),
    }
}

/// Checks only the token itself (issued by this app, not revoked, not expired), not the
/// account it names: AppWorld's logout accepts the token of an account deleted since.
pub fn authenticate_token(
    db: &Connection,
    app: &AppSpec,
    token: &str,
    now: NaiveDateTime,
) -> Result<User, ApiError> {
    let row: Option<(String, String, i64)> = db
        .prepare_cached(
            "SELECT username, expires_at, revoked FROM appsim.access_tokens WHERE token = ?1 AND app = ?2",
        )?
        .query_row(params![token, app.name], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    match row {
        Some((username, expires_at, 0)) if crate::clock::fmt_datetime(now) < expires_at => {
            // An account that still exists but is unverified is refused as everywhere else.
            if let Some(accounts) = app.accounts.as_ref().filter(|a| a.requires_verification) {
                let verified: Option<bool> = db
                    .prepare_cached(&format!(
                        "SELECT verified FROM \"{}\".users WHERE {} = ?1",
                        app.name, accounts.login_column
                    ))?
                    .query_row([&username], |r| r.get(0))
                    .optional()?;
                if verified == Some(false) {
                    return Err(ApiError::unprocessable(NOT_VERIFIED));
                }
            }
            Ok(User {
                id: 0,
                username,
                token: token.to_string(),
            })
        }
        _ => Err(ApiError::unauthorized(app.name)),
    }
}

/// The 422 sentence for an unverified account (the typo is AppWorld's).
pub const NOT_VERIFIED: &str =
    "Your account's email adddress is not verified. Please verify it first.";

/// Revokes one token (logout).
pub fn revoke_token(db: &Connection, token: &str) -> Result<(), ApiError> {
    db.prepare_cached("UPDATE appsim.access_tokens SET revoked = 1 WHERE token = ?1")?
        .execute([token])?;
    Ok(())
}
