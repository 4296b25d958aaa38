//! The API registry: every (app, api) with its parameter schema, docs and handler, and the one
//! dispatch path all calls take (lookup → auth → validation → handler, atomically).

use super::auth;
use super::error::ApiError;
use super::params::{self, Constraints, Location, ParamSpec, ParamType, SortFields};
use chrono::NaiveDateTime;
use rusqlite::Connection;
use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// HTTP method of an API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// GET
    Get,
    /// POST
    Post,
    /// PATCH
    Patch,
    /// DELETE
    Delete,
}

impl Method {
    /// Upper-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

/// How an API authenticates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auth {
    /// No token.
    None,
    /// `access_token` required; missing or bad → 401.
    Token,
    /// Logout: missing → 422 (with the 401 sentence), bad → 401.
    Logout,
}

/// The logged-in user a handler acts for.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    /// Row id in the app's `users` table.
    pub id: i64,
    /// The login name (email, or phone number for phone).
    pub username: String,
    /// The exact token of this call (logout revokes it).
    pub token: String,
}

/// What a handler gets: the database inside the call's savepoint, the frozen clock, and who calls.
pub struct Ctx<'a> {
    /// The app of the API being called.
    pub app: &'static str,
    /// The world database (all schemas attached).
    pub db: &'a Connection,
    /// The frozen "now" of the episode.
    pub now: NaiveDateTime,
    /// The registry (api_docs reads it).
    pub registry: &'a Registry,
    /// The caller, for APIs with auth.
    pub user: Option<User>,
    /// Whether api_docs shows response schemas.
    pub show_response_schemas: bool,
    /// Set by [`Ctx::keep_writes`]: the call's writes stay even if it then fails.
    pub keep: &'a std::cell::Cell<bool>,
    /// The world's search indexes (`None`: searches rank through SQLite).
    pub search: Option<&'a super::fts::SearchIndexes>,
}

impl Ctx<'_> {
    /// The authenticated user; only call from APIs declared with auth.
    pub fn user(&self) -> Result<&User, ApiError> {
        self.user
            .as_ref()
            .ok_or_else(|| ApiError::internal("handler needs a user but the API has no auth"))
    }

    /// Keeps what this call has written (and writes next) even if it then fails, where
    /// AppWorld commits a write before a later check fails (an Inbox made on first use), so
    /// later ids and rows agree.
    pub fn keep_writes(&self) {
        self.keep.set(true);
    }

    /// Draws from the world's random stream.
    pub fn rng<T>(&self, f: impl FnOnce(&mut crate::rng::PyRandom) -> T) -> Result<T, ApiError> {
        Ok(crate::world::with_rng(self.db, f)?)
    }
}

/// Validated arguments of one call, with typed getters. It holds every parameter the API
/// declares (defaults filled in), so reading a name it does not declare is a handler's typo:
/// in a debug build (every test) that panics, naming the parameter; a release build reads
/// `Null`.
#[derive(Debug, Clone, Default)]
pub struct Args(pub Map<String, Value>);

impl Args {
    /// The raw value (`Null` when given as None).
    pub fn value(&self, name: &str) -> &Value {
        match self.0.get(name) {
            Some(v) => v,
            None if cfg!(debug_assertions) => {
                panic!("a handler read the argument `{name}`, which its API does not declare")
            }
            None => &Value::Null,
        }
    }
    /// A string argument (empty when absent or null).
    pub fn str(&self, name: &str) -> &str {
        self.value(name).as_str().unwrap_or("")
    }
    /// An optional string argument.
    pub fn opt_str(&self, name: &str) -> Option<&str> {
        self.value(name).as_str()
    }
    /// An integer argument (0 when absent).
    pub fn int(&self, name: &str) -> i64 {
        self.value(name).as_i64().unwrap_or(0)
    }
    /// A float argument, NaN and infinities included (`None` when absent or null).
    pub fn float(&self, name: &str) -> Option<f64> {
        params::as_float(self.value(name))
    }
    /// An optional list of floats (an item that is no number reads as 0).
    pub fn opt_float_list(&self, name: &str) -> Option<Vec<f64>> {
        self.value(name).as_array().map(|a| {
            a.iter()
                .map(|v| params::as_float(v).unwrap_or(0.0))
                .collect()
        })
    }
    /// An optional boolean argument.
    pub fn opt_bool(&self, name: &str) -> Option<bool> {
        self.value(name).as_bool()
    }
    /// An optional list of strings.
    pub fn opt_str_list(&self, name: &str) -> Option<Vec<String>> {
        self.value(name).as_array().map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
    }
}

/// A handler: validated arguments in, JSON out.
pub type Handler = fn(&mut Ctx, &Args) -> Result<Value, ApiError>;

/// What an app does for one of its accounts at a point of the account's life (the user id).
pub type AccountHook = fn(&Ctx, i64) -> Result<(), ApiError>;

/// How an app's accounts log in, what they own and what the app does around signup and
/// deletion (apps without accounts have none).
#[derive(Debug, Clone)]
pub struct AccountSpec {
    /// Column of `users` that is the login name (`email` or `phone_number`).
    pub login_column: &'static str,
    /// Must the account be verified to log in and use tokens?
    pub requires_verification: bool,
    /// Tables (with their user column) whose rows a user owns: deleted with the account.
    pub owned_tables: &'static [(&'static str, &'static str)],
    /// App-specific `users` columns a signup fills with their model default (NOT NULL in the
    /// schema), as (column, SQL value).
    pub signup_defaults: &'static [(&'static str, &'static str)],
    /// Runs before `delete_account` removes the rows of [`Self::owned_tables`].
    pub before_deletion: Option<AccountHook>,
    /// Runs for a new account once its signup verification e-mail went out.
    pub after_signup: Option<AccountHook>,
}

impl AccountSpec {
    /// Log in by e-mail, verification required; no owned rows, defaults or hooks.
    pub const EMAIL: AccountSpec = AccountSpec {
        login_column: "email",
        requires_verification: true,
        owned_tables: &[],
        signup_defaults: &[],
        before_deletion: None,
        after_signup: None,
    };
}

/// The company behind an app, as its notices name it: its name and the e-mail address and phone
/// number its notifier accounts send from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notifier {
    /// The company's name (`Simple Note`).
    pub company: &'static str,
    /// The notifier e-mail address (`notifications@simplenote.com`).
    pub email: &'static str,
    /// The notifier phone number.
    pub phone: &'static str,
}

/// An app: name, description, account rules and the company that sends its notices.
#[derive(Debug, Clone)]
pub struct AppSpec {
    /// App name, e.g. `simple_note`.
    pub name: &'static str,
    /// One-line description for api_docs.
    pub description: &'static str,
    /// Account rules, for apps with users.
    pub accounts: Option<AccountSpec>,
    /// The company behind the app, for apps that send notices.
    pub notifier: Option<Notifier>,
}

/// A company's message to one user (a code, a receipt, an invite): sent by the app of the
/// [`Ctx`] it is delivered in.
#[derive(Debug, Clone, Copy)]
pub struct Notice<'a> {
    /// The recipient's address (an e-mail address, or a phone number for texts).
    pub to: &'a str,
    /// The subject (e-mails only).
    pub subject: &'a str,
    /// The text.
    pub body: &'a str,
    /// Files attached, as (file name, content) (e-mails only).
    pub files: &'a [(&'a str, &'a str)],
}

/// How notices reach users: the apps that carry them (an e-mail app, a phone app) provide these,
/// so the apps that send notices need not know them.
#[derive(Debug, Clone, Copy)]
pub struct Couriers {
    /// Does this e-mail address have a mailbox?
    pub has_mailbox: fn(&Ctx, &str) -> Result<bool, ApiError>,
    /// Delivers an e-mail notice.
    pub email: fn(&Ctx, &Notice) -> Result<(), ApiError>,
    /// Delivers a text-message notice.
    pub text: fn(&Ctx, &Notice) -> Result<(), ApiError>,
}

/// One registered API.
#[derive(Clone)]
pub struct ApiSpec {
    /// App name.
    pub app: &'static str,
    /// API name.
    pub name: &'static str,
    /// HTTP method.
    pub method: Method,
    /// Full path, e.g. `/simple_note/notes/{note_id}`.
    pub path: &'static str,
    /// Authentication.
    pub auth: Auth,
    /// Description for the API docs.
    pub description: &'static str,
    /// Parameters in declaration order.
    pub params: Vec<ParamSpec>,
    /// Example of a successful response (its shape is the contract).
    pub success: Value,
    /// The handler.
    pub handler: Handler,
    /// A GET that changes state (a download counts itself and writes a file): it gets a
    /// savepoint like any write.
    pub writes: bool,
}

impl ApiSpec {
    /// Does the API only read (a GET not marked [`Api::writes`])?
    pub fn is_read(&self) -> bool {
        self.method == Method::Get && !self.writes
    }
}

impl std::fmt::Debug for ApiSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ApiSpec({}.{})", self.app, self.name)
    }
}

/// Builder for an [`ApiSpec`]: `Api::get("simple_note", "search_notes", "/simple_note/notes")...`.
pub struct Api(ApiSpec);

fn unimplemented_handler(_: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    Err(ApiError::internal("no handler registered"))
}

impl Api {
    fn new(app: &'static str, name: &'static str, method: Method, path: &'static str) -> Self {
        Api(ApiSpec {
            app,
            name,
            method,
            path,
            auth: Auth::None,
            description: "",
            params: Vec::new(),
            success: json!({}),
            handler: unimplemented_handler,
            writes: false,
        })
    }
    /// Marks a GET that writes (see [`ApiSpec::writes`]).
    pub fn writes(mut self) -> Self {
        self.0.writes = true;
        self
    }
    /// A GET API.
    pub fn get(app: &'static str, name: &'static str, path: &'static str) -> Self {
        Self::new(app, name, Method::Get, path)
    }
    /// A POST API.
    pub fn post(app: &'static str, name: &'static str, path: &'static str) -> Self {
        Self::new(app, name, Method::Post, path)
    }
    /// A PATCH API.
    pub fn patch(app: &'static str, name: &'static str, path: &'static str) -> Self {
        Self::new(app, name, Method::Patch, path)
    }
    /// A DELETE API.
    pub fn delete(app: &'static str, name: &'static str, path: &'static str) -> Self {
        Self::new(app, name, Method::Delete, path)
    }
    /// Sets the description shown in the docs.
    pub fn doc(mut self, d: &'static str) -> Self {
        self.0.description = d;
        self
    }
    /// Requires an access token (adds the `access_token` header parameter).
    pub fn auth(mut self) -> Self {
        self.0.auth = Auth::Token;
        self.0.params.push(token_param());
        self
    }
    /// Logout-style token handling (adds the `access_token` header parameter).
    pub fn logout_auth(mut self) -> Self {
        self.0.auth = Auth::Logout;
        self.0.params.push(token_param());
        self
    }
    /// Adds a parameter.
    pub fn param(mut self, p: P) -> Self {
        let mut spec = p.0;
        if spec.location == Location::Query && matches!(self.0.method, Method::Post | Method::Patch)
        {
            spec.location = Location::Body;
        }
        if self.0.path.contains(&format!("{{{}}}", spec.name)) {
            spec.location = Location::Path;
        }
        self.0.params.push(spec);
        self
    }
    /// Adds `page_index` and `page_limit` with the usual defaults and bounds.
    pub fn paged(self) -> Self {
        self.param(
            P::int("page_index")
                .default(json!(0))
                .ge(0.0)
                .doc("The index of the page to return, starting at 0."),
        )
        .param(
            P::int("page_limit")
                .default(json!(5))
                .ge(1.0)
                .le(20.0)
                .doc("The maximum number of results per page."),
        )
    }
    /// Adds `sort_by` with its documented and accepted fields.
    pub fn sort_by(self, documented: &[&'static str], accepted: &[&'static str]) -> Self {
        let mut p = P::str("sort_by").nullable().doc(
            "Field to order results by, prefixed with + (ascending) or - (descending). Without it results come in the default order.",
        );
        p.0.sort_fields = Some(SortFields {
            documented: documented.to_vec(),
            accepted: accepted.to_vec(),
        });
        self.param(p)
    }
    /// Sets the example success response.
    pub fn returns(mut self, example: Value) -> Self {
        self.0.success = example;
        self
    }
    /// Sets the handler and finishes.
    pub fn handler(mut self, h: Handler) -> ApiSpec {
        self.0.handler = h;
        self.0
    }
}

fn token_param() -> ParamSpec {
    let mut p = ParamSpec::new("access_token", ParamType::Str, Location::Header);
    p.description = "Access token obtained from this app's login API.";
    p
}

/// Builder for a [`ParamSpec`]. Parameters are required until given a default or made nullable.
pub struct P(pub ParamSpec);

impl P {
    fn of(name: &'static str, ty: ParamType) -> Self {
        P(ParamSpec::new(name, ty, Location::Query))
    }
    /// A string parameter.
    pub fn str(name: &'static str) -> Self {
        Self::of(name, ParamType::Str)
    }
    /// An integer parameter.
    pub fn int(name: &'static str) -> Self {
        Self::of(name, ParamType::Int)
    }
    /// A number parameter.
    pub fn float(name: &'static str) -> Self {
        Self::of(name, ParamType::Float)
    }
    /// A boolean parameter.
    pub fn bool(name: &'static str) -> Self {
        Self::of(name, ParamType::Bool)
    }
    /// A list-of-strings parameter.
    pub fn str_list(name: &'static str) -> Self {
        Self::of(name, ParamType::ListStr)
    }
    /// A list-of-numbers parameter.
    pub fn float_list(name: &'static str) -> Self {
        Self::of(name, ParamType::ListFloat)
    }
    /// A `number | integer | string` parameter.
    pub fn answer(name: &'static str) -> Self {
        Self::of(name, ParamType::Answer)
    }
    /// Sent as a form field (login).
    pub fn form(mut self) -> Self {
        self.0.location = Location::Form;
        self
    }
    /// Optional with this default.
    pub fn default(mut self, v: Value) -> Self {
        self.0.required = false;
        self.0.default = v;
        self
    }
    /// Optional, may be `None`, default `None`.
    pub fn nullable(mut self) -> Self {
        self.0.required = false;
        self.0.nullable = true;
        self.0.default = Value::Null;
        self
    }
    /// Optional with default `None`, but `None` is not a valid value to pass explicitly
    /// beyond meaning "not given".
    pub fn optional(mut self) -> Self {
        self.0.required = false;
        self.0.default = Value::Null;
        self
    }
    /// Minimum length.
    pub fn min_len(mut self, n: u64) -> Self {
        self.0.constraints.min_length = Some(n);
        self
    }
    /// Inclusive lower bound.
    pub fn ge(mut self, v: f64) -> Self {
        self.0.constraints.ge = Some(v);
        self
    }
    /// Inclusive upper bound.
    pub fn le(mut self, v: f64) -> Self {
        self.0.constraints.le = Some(v);
        self
    }
    /// Allowed values.
    pub fn one_of(mut self, values: &[&'static str]) -> Self {
        self.0.constraints.enum_values = Some(values.to_vec());
        self
    }
    /// Must be an e-mail address.
    pub fn email(mut self) -> Self {
        self.0.constraints.email = true;
        self
    }
    /// A documented format the handler parses (see [`Constraints::format`]).
    pub fn format(mut self, f: &'static str) -> Self {
        self.0.constraints.format = Some(f);
        self
    }
    /// Sets the constraints wholesale.
    pub fn constraints(mut self, c: Constraints) -> Self {
        self.0.constraints = c;
        self
    }
    /// Sets the description.
    pub fn doc(mut self, d: &'static str) -> Self {
        self.0.description = d;
        self
    }
}

/// Every app and API, with lookup by name.
#[derive(Debug, Default, Clone)]
pub struct Registry {
    apps: Vec<AppSpec>,
    apis: Vec<ApiSpec>,
    index: HashMap<&'static str, HashMap<&'static str, usize>>,
    completion_probe: Option<fn(&Connection) -> bool>,
    couriers: Option<Couriers>,
}

/// Options of one call.
#[derive(Debug, Clone)]
pub struct CallOptions {
    /// The frozen clock.
    pub now: NaiveDateTime,
    /// Whether api_docs shows response schemas.
    pub show_response_schemas: bool,
    /// The world's search indexes (`None`: searches rank through SQLite).
    pub search: Option<std::sync::Arc<super::fts::SearchIndexes>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an app and its APIs (in docs order).
    pub fn add_app(&mut self, app: AppSpec, apis: Vec<ApiSpec>) {
        for api in apis {
            debug_assert_eq!(api.app, app.name);
            self.index
                .entry(api.app)
                .or_default()
                .insert(api.name, self.apis.len());
            self.apis.push(api);
        }
        self.apps.push(app);
    }

    /// Sets how to tell whether the task was completed (the supervisor app provides it).
    pub fn set_completion_probe(&mut self, probe: fn(&Connection) -> bool) {
        self.completion_probe = Some(probe);
    }

    /// How to tell whether the task was completed, if an app provided it.
    pub fn completion_probe(&self) -> Option<fn(&Connection) -> bool> {
        self.completion_probe
    }

    /// Sets how notices reach users (the e-mail and phone apps provide it).
    pub fn set_couriers(&mut self, couriers: Couriers) {
        self.couriers = Some(couriers);
    }

    /// How notices reach users: 500 when no app provided it.
    pub fn couriers(&self) -> Result<&Couriers, ApiError> {
        self.couriers
            .as_ref()
            .ok_or_else(|| ApiError::internal("no app delivers notices in this registry"))
    }

    /// Apps in registration order.
    pub fn apps(&self) -> &[AppSpec] {
        &self.apps
    }

    /// One app by name.
    pub fn app(&self, name: &str) -> Option<&AppSpec> {
        self.apps.iter().find(|a| a.name == name)
    }

    /// All APIs, grouped by app in registration order.
    pub fn apis(&self) -> &[ApiSpec] {
        &self.apis
    }

    /// The APIs of one app, in docs order.
    pub fn app_apis<'a>(&'a self, app: &'a str) -> impl Iterator<Item = &'a ApiSpec> + 'a {
        self.apis.iter().filter(move |a| a.app == app)
    }

    /// One API by app and name.
    pub fn api(&self, app: &str, name: &str) -> Option<&ApiSpec> {
        self.index
            .get(app)
            .and_then(|apis| apis.get(name))
            .map(|&i| &self.apis[i])
    }

    /// Calls an API: auth, validation and the handler run atomically (a failed call leaves no
    /// trace in the database, unless the handler kept its writes: [`Ctx::keep_writes`]).
    pub fn call(
        &self,
        db: &Connection,
        opts: &CallOptions,
        app: &str,
        api: &str,
        args: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let Some(app_spec) = self.app(app) else {
            return Err(ApiError::new(404, format!("No app named '{app}' found.")));
        };
        let Some(spec) = self.api(app, api) else {
            return Err(ApiError::new(
                404,
                format!("No API named '{api}' found in the {app} app."),
            ));
        };
        // Route as AppWorld's server does: the path built from the path arguments may name
        // another API (a trailing slash is redirected), another method (405) or nothing (404).
        let (spec, routed) = match self.route(spec, args)? {
            Routed::Same => (spec, None),
            Routed::Other(target, path_args) => {
                let mut moved: Map<String, Value> = args
                    .iter()
                    .filter(|(k, _)| !spec_has_path_param(spec, k))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                moved.extend(path_args);
                (target, Some(moved))
            }
        };
        let args = routed.as_ref().unwrap_or(args);
        if spec.is_read() {
            // Reads change nothing, so they need no savepoint (the dearest part of a cheap call).
            let before = db.total_changes();
            let result = self.call_inner(db, opts, app_spec, spec, args, &Default::default());
            debug_assert_eq!(
                before,
                db.total_changes(),
                "GET {}.{} wrote to the database",
                spec.app,
                spec.name
            );
            return result;
        }
        db.prepare_cached("SAVEPOINT api_call")?.execute([])?;
        let keep = std::cell::Cell::new(false);
        let result = self.call_inner(db, opts, app_spec, spec, args, &keep);
        match &result {
            Ok(_) => {
                db.prepare_cached("RELEASE api_call")?.execute([])?;
            }
            Err(_) if keep.get() => {
                db.prepare_cached("RELEASE api_call")?.execute([])?;
            }
            Err(_) => {
                // The call leaves no trace, except that its random draws stay drawn: AppWorld's
                // random stream lives outside its database, so later tokens and codes match.
                let rng = crate::world::rng_state(db)?;
                db.prepare_cached("ROLLBACK TO api_call")?.execute([])?;
                db.prepare_cached("RELEASE api_call")?.execute([])?;
                crate::world::set_rng_state(db, &rng)?;
            }
        };
        result
    }

    /// Resolves the request AppWorld's client would send for `spec` with `args` against the
    /// app's routes (Starlette's rules: first full match, else 405 for a path that exists under
    /// another method, else a trailing-slash redirect, else 404).
    fn route(&self, spec: &ApiSpec, args: &Map<String, Value>) -> Result<Routed<'_>, ApiError> {
        if !spec.path.contains('{') {
            return Ok(Routed::Same);
        }
        // The common case: every path value is a number (an id), one segment that no literal
        // route segment can equal, so the request lands here.
        let plain = |v: &Value| match v {
            Value::Number(_) => true,
            Value::String(s) => s.parse::<i64>().is_ok(),
            _ => false,
        };
        if spec
            .params
            .iter()
            .filter(|p| p.location == Location::Path)
            .all(|p| args.get(p.name).is_some_and(plain))
        {
            return Ok(Routed::Same);
        }
        let mut path = String::new();
        for (i, seg) in spec.path.split('/').enumerate() {
            if i > 0 {
                path.push('/');
            }
            match template_param(seg) {
                Some(name) => match args.get(name) {
                    Some(v) => path.push_str(&params::py_str(v, false)),
                    None => path.push_str(seg),
                },
                None => path.push_str(seg),
            }
        }
        // What follows `?` or `#` is not part of the path; %XX escapes are decoded.
        let path = percent_decode(path.split(['?', '#']).next().unwrap_or_default());
        let find = |path: &str| -> Option<(Option<usize>, Option<usize>)> {
            let segs: Vec<&str> = path.split('/').collect();
            let (mut full, mut partial) = (None, None);
            for (i, api) in self
                .apis
                .iter()
                .enumerate()
                .filter(|(_, a)| a.app == spec.app)
            {
                if match_path(api.path, &segs).is_some() {
                    if api.method == spec.method {
                        full = full.or(Some(i));
                    } else {
                        partial = partial.or(Some(i));
                    }
                }
            }
            (full.is_some() || partial.is_some()).then_some((full, partial))
        };
        let mut path = path;
        let mut found = find(&path);
        if found.is_none() && path.matches('/').count() > 1 {
            let other = match path.strip_suffix('/') {
                Some(p) => p.to_string(),
                None => format!("{path}/"),
            };
            if let Some(f) = find(&other) {
                path = other;
                found = Some(f);
            }
        }
        match found {
            Some((Some(i), _)) => {
                let target = &self.apis[i];
                let segs: Vec<&str> = path.split('/').collect();
                let values = match_path(target.path, &segs).unwrap_or_default();
                let same = std::ptr::eq(target, spec)
                    && values.iter().all(|(k, v)| {
                        args.get(k).map(|a| params::py_str(a, false)).as_deref() == Some(v)
                    });
                if same {
                    Ok(Routed::Same)
                } else {
                    Ok(Routed::Other(
                        target,
                        values
                            .into_iter()
                            .map(|(k, v)| (k, Value::String(v)))
                            .collect(),
                    ))
                }
            }
            Some((None, _)) => Err(ApiError::method_not_allowed()),
            None => {
                let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
                let api = parts.get(1).copied().unwrap_or_default();
                Err(if self.api(spec.app, api).is_some() {
                    ApiError::new(404, "Not Found")
                } else {
                    ApiError::new(
                        404,
                        format!("No API named '{api}' found in the {} app.", spec.app),
                    )
                })
            }
        }
    }

    fn call_inner(
        &self,
        db: &Connection,
        opts: &CallOptions,
        app: &AppSpec,
        spec: &ApiSpec,
        args: &Map<String, Value>,
        keep: &std::cell::Cell<bool>,
    ) -> Result<Value, ApiError> {
        let user = match spec.auth {
            Auth::None => None,
            Auth::Token | Auth::Logout => {
                // AppWorld's client sends `Bearer <str(value)>` whenever the argument is
                // present, even for None.
                let token = args.get("access_token").map(|v| params::py_str(v, false));
                match token {
                    None if spec.auth == Auth::Logout => {
                        return Err(ApiError::unprocessable(super::error::unauthorized_message(
                            app.name,
                        )));
                    }
                    None => return Err(ApiError::unauthorized(app.name)),
                    Some(t) if spec.auth == Auth::Logout => {
                        Some(auth::authenticate_token(db, app, &t, opts.now)?)
                    }
                    Some(t) => Some(auth::authenticate(db, app, &t, opts.now)?),
                }
            }
        };
        let mut values = params::validate(&spec.params, args).map_err(|e| match e {
            params::Invalid::Fields(fields) => ApiError::validation(&fields),
            params::Invalid::Raised(kind, message) => ApiError::raised(kind, message),
        })?;
        big_ints(spec, &mut values)?;
        let mut ctx = Ctx {
            app: spec.app,
            db,
            now: opts.now,
            registry: self,
            user,
            show_response_schemas: opts.show_response_schemas,
            keep,
            search: opts.search.as_deref(),
        };
        (spec.handler)(&mut ctx, &Args(values))
    }
}

/// Integer parameters AppWorld's handlers only compare or slice with (a page index past any
/// page, a position past the end, a card's year checked against today) rather than store or
/// look up in SQLite: an integer beyond 64 bits acts there as the largest (or smallest) one.
const SATURATING_INTS: [&str; 5] = [
    "page_index",
    "order_index",
    "expiry_year",
    "current_position",
    "new_position",
];

/// Integers beyond 64 bits that passed validation: where AppWorld's handler hands one to
/// SQLite (an id, a stored field) the call raises `OverflowError`; in [`SATURATING_INTS`] it
/// becomes `i64::MAX`/`i64::MIN`.
fn big_ints(spec: &ApiSpec, values: &mut Map<String, Value>) -> Result<(), ApiError> {
    for p in &spec.params {
        let Some(v) = values.get_mut(p.name) else {
            continue;
        };
        if p.ty != params::ParamType::Int || !params::is_big_int(v) {
            continue;
        }
        if !SATURATING_INTS.contains(&p.name) {
            return Err(ApiError::sqlite_overflow());
        }
        let negative = params::tagged_text(v).is_some_and(|t| t.starts_with('-'));
        *v = Value::from(if negative { i64::MIN } else { i64::MAX });
    }
    Ok(())
}

/// Where a request lands.
enum Routed<'a> {
    /// At the API that was called, with its own arguments.
    Same,
    /// At another route (a redirect, or path arguments that spell another API's path), with
    /// that route's path arguments.
    Other(&'a ApiSpec, Map<String, Value>),
}

fn spec_has_path_param(spec: &ApiSpec, name: &str) -> bool {
    spec.path
        .split('/')
        .any(|seg| template_param(seg) == Some(name))
}

/// The parameter name of a `{name}` segment of a route template.
fn template_param(seg: &str) -> Option<&str> {
    seg.strip_prefix('{').and_then(|x| x.strip_suffix('}'))
}

/// Matches a concrete path (split at `/`) against a route template; returns the path
/// parameters. A parameter matches one non-empty segment.
fn match_path(template: &str, segs: &[&str]) -> Option<Vec<(String, String)>> {
    let tpl: Vec<&str> = template.split('/').collect();
    if tpl.len() != segs.len() {
        return None;
    }
    let mut out = Vec::new();
    for (t, s) in tpl.iter().zip(segs) {
        match template_param(t) {
            Some(name) if !s.is_empty() => out.push((name.to_string(), s.to_string())),
            Some(_) => return None,
            None if t == s => {}
            None => return None,
        }
    }
    Some(out)
}

/// Decodes `%XX` escapes (as the server sees a path); invalid escapes stay as they are.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads_a_typo(_: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
        Ok(json!({ "title": a.str("titel") }))
    }

    fn reads_its_own(_: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
        Ok(json!({ "title": a.str("title") }))
    }

    fn call(handler: Handler) -> Result<Value, ApiError> {
        let mut r = Registry::new();
        let app = AppSpec {
            name: "demo",
            description: "",
            accounts: None,
            notifier: None,
        };
        let api = Api::get("demo", "echo", "/demo/echo")
            .param(P::str("title"))
            .handler(handler);
        r.add_app(app, vec![api]);
        let db = Connection::open_in_memory().unwrap();
        let opts = CallOptions {
            now: NaiveDateTime::default(),
            show_response_schemas: false,
            search: None,
        };
        let args = json!({"title": "x"});
        r.call(&db, &opts, "demo", "echo", args.as_object().unwrap())
    }

    /// A handler reads only what its API declares: a misspelt name fails in any test that
    /// reaches the handler (debug builds), instead of silently reading nothing.
    #[test]
    #[should_panic(expected = "`titel`, which its API does not declare")]
    fn an_undeclared_argument_name_fails_in_tests() {
        let _ = call(reads_a_typo);
    }

    #[test]
    fn declared_arguments_read_as_given() {
        assert_eq!(call(reads_its_own).unwrap(), json!({"title": "x"}));
    }
}
