//! API failures as AppWorld reports them: an HTTP-style status and a JSON body
//! `{"message": ...}`. Every app builds its errors here, so wording lives in one place.

use serde_json::{Value, json};
use std::fmt;

/// The message agent code sees for a route that does not exist (400/404/405 in AppWorld's client).
pub const ROUTE_NOT_FOUND: &str = "API not found or some of the passed parameters are invalid.";

/// A failed API call: status code plus JSON body.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    /// HTTP-style status (401, 404, 409, 422, 500, ...).
    pub status: u16,
    /// The response body, always an object with a `message` key.
    pub body: Value,
    /// The Python exception AppWorld's server raised instead of answering (`OverflowError`):
    /// a cell raises it with the message, a server answers 500.
    pub raised: Option<&'static str>,
}

impl ApiError {
    /// A failure with a plain-sentence message.
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        Self {
            status,
            body: json!({ "message": message.into() }),
            raised: None,
        }
    }

    /// An exception AppWorld's server raises rather than answers (its handlers meet a value
    /// Python cannot store or convert): `kind` is the Python type the cell sees.
    pub fn raised(kind: &'static str, message: impl Into<String>) -> Self {
        Self {
            raised: Some(kind),
            ..Self::new(500, message)
        }
    }

    /// The `OverflowError` of an integer beyond 64 bits that reaches SQLite.
    pub fn sqlite_overflow() -> Self {
        Self::raised(
            "OverflowError",
            "Python int too large to convert to SQLite INTEGER",
        )
    }

    /// 422 for a business-rule failure (the usual "you can't do that" error).
    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(422, message)
    }

    /// 422 listing failed fields in pydantic-v1 wording, one `field: reason` line each.
    pub fn validation(lines: &[(String, String)]) -> Self {
        let mut seen: Vec<String> = Vec::new();
        for (field, reason) in lines {
            let line = format!("{field}: {reason}");
            if !seen.contains(&line) {
                seen.push(line);
            }
        }
        Self::new(
            422,
            format!("Validation error. Reason: \n{}", seen.join("\n")),
        )
    }

    /// 401 for a missing, invalid, expired or revoked access token.
    pub fn unauthorized(app: &str) -> Self {
        Self::new(401, unauthorized_message(app))
    }

    /// 409 for a lookup by id that found nothing (`thing` is e.g. "note").
    pub fn not_found_id(thing: &str, id: impl fmt::Display) -> Self {
        Self::new(409, format!("The {thing} with id {id} does not exist."))
    }

    /// 409 for a lookup by another key; AppWorld puts this message in a one-element list.
    pub fn not_found_key(thing: &str, key: &str, value: impl fmt::Display) -> Self {
        let key = key.replace("__", " ");
        Self {
            status: 409,
            body: json!({ "message": [format!("The {thing} with {key} {value} does not exist.")] }),
            raised: None,
        }
    }

    /// 409 for a unique-constraint hit, e.g. `Note with this user_id and title already exists.`
    pub fn already_exists(model: &str, columns: &[&str]) -> Self {
        Self::new(
            409,
            format!(
                "{model} with this {} already exists.",
                columns.join(" and ")
            ),
        )
    }

    /// 422 when the caller does not own the row it addressed.
    pub fn not_owner(thing: &str) -> Self {
        Self::unprocessable(format!(
            "The given {thing} does not belong to you, so you cannot access it."
        ))
    }

    /// 405 for a path that exists under another method (AppWorld's body; agent code sees
    /// [`ROUTE_NOT_FOUND`] instead, see `Display`).
    pub fn method_not_allowed() -> Self {
        Self::new(405, "Method Not Allowed")
    }

    /// 500 for a failure inside the engine (a bug, never the caller's fault).
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(500, format!("Internal error: {}", message.into()))
    }

    /// The message value (a string, or a list for key lookups).
    pub fn message(&self) -> &Value {
        &self.body["message"]
    }

    /// The body as the server would send it: compact JSON, non-ASCII kept.
    pub fn body_text(&self) -> String {
        serde_json::to_string(&self.body).unwrap_or_else(|_| "{}".into())
    }
}

/// The 401 sentence for an app.
pub fn unauthorized_message(app: &str) -> String {
    format!(
        "You are either not authorized to access this {app} API endpoint or your access token is missing, invalid or expired."
    )
}

impl fmt::Display for ApiError {
    /// `Response status code is 422:\n{"message":"..."}`, the text agent code sees (a raised
    /// exception: its message alone). As in
    /// AppWorld's client, a body mentioning "Method Not Allowed" is replaced by
    /// [`ROUTE_NOT_FOUND`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.raised.is_some() {
            return match self.message() {
                Value::String(m) => f.write_str(m),
                other => write!(f, "{other}"),
            };
        }
        let body = self.body_text();
        let body = if body.contains("Method Not Allowed") {
            ROUTE_NOT_FOUND.to_string()
        } else {
            body
        };
        write!(f, "Response status code is {}:\n{body}", self.status)
    }
}

impl std::error::Error for ApiError {}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        ApiError::internal(format!("database: {e}"))
    }
}
