//! Parameter schemas and the one validator every API goes through.
//!
//! A call's arguments arrive as JSON values (from Rust or converted from Python). Validation
//! happens in two steps, as in AppWorld: *transport* turns each value into what the HTTP server
//! would receive for its location (query, path, form and header values become strings, JSON body
//! values stay typed), then *coercion* applies pydantic-v1 rules and constraints and reports
//! failures in pydantic-v1 wording.

use serde_json::{Map, Value, json};

/// Where a parameter travels in the HTTP request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// URL query string (GET and DELETE).
    Query,
    /// JSON body (POST and PATCH).
    Body,
    /// Form-encoded body (login).
    Form,
    /// A `{name}` segment of the path.
    Path,
    /// The `Authorization: Bearer` header (`access_token`).
    Header,
}

impl Location {
    /// The name apis.json uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Location::Query => "query",
            Location::Body => "body",
            Location::Form => "form",
            Location::Path => "path",
            Location::Header => "header",
        }
    }
}

/// A parameter's declared type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    /// `string`
    Str,
    /// `integer`
    Int,
    /// `number`
    Float,
    /// `boolean`
    Bool,
    /// `list[string]`
    ListStr,
    /// `list[number]`
    ListFloat,
    /// `number | integer | string` (tries float, then int, then string)
    Answer,
}

impl ParamType {
    /// The type name apis.json and the API docs use.
    pub fn as_str(self) -> &'static str {
        match self {
            ParamType::Str => "string",
            ParamType::Int => "integer",
            ParamType::Float => "number",
            ParamType::Bool => "boolean",
            ParamType::ListStr => "list[string]",
            ParamType::ListFloat => "list[number]",
            ParamType::Answer => "number | integer | string",
        }
    }
}

/// Declared constraints on a value, named as in pydantic.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    /// Minimum string length.
    pub min_length: Option<u64>,
    /// Maximum string length.
    pub max_length: Option<u64>,
    /// Inclusive lower bound.
    pub ge: Option<f64>,
    /// Inclusive upper bound.
    pub le: Option<f64>,
    /// Exclusive lower bound.
    pub gt: Option<f64>,
    /// Exclusive upper bound.
    pub lt: Option<f64>,
    /// Allowed values of a string.
    pub enum_values: Option<Vec<&'static str>>,
    /// Allowed values of each list item.
    pub items_enum: Option<Vec<&'static str>>,
    /// An e-mail address: checked and normalised by the shared layer (apis.json: `format: email`).
    pub email: bool,
    /// Another documented format (`date (YYYY-MM-DD)`, `datetime (YYYY-MM-DD|HH:MM:SS)`,
    /// `time (HH:MM)`): listed in the interface only, parsed by the handler with AppWorld's
    /// per-API messages, and shown in no doc string (AppWorld's docs show none).
    pub format: Option<&'static str>,
}

impl Constraints {
    /// The constraints as apis.json writes them (`{"ge": 0}`, `{"enum": [...]}`, ...).
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        let num = |v: f64| {
            if v.fract() == 0.0 && v.abs() < 1e19 {
                json!(v as i64)
            } else {
                json!(v)
            }
        };
        if let Some(v) = self.ge {
            m.insert("ge".into(), num(v));
        }
        if let Some(v) = self.gt {
            m.insert("gt".into(), num(v));
        }
        if let Some(v) = self.le {
            m.insert("le".into(), num(v));
        }
        if let Some(v) = self.lt {
            m.insert("lt".into(), num(v));
        }
        if let Some(v) = self.min_length {
            m.insert("min_length".into(), json!(v));
        }
        if let Some(v) = self.max_length {
            m.insert("max_length".into(), json!(v));
        }
        if let Some(v) = &self.enum_values {
            m.insert("enum".into(), json!(v));
        }
        if let Some(v) = &self.items_enum {
            m.insert("items_enum".into(), json!(v));
        }
        if self.email {
            m.insert("format".into(), json!("email"));
        } else if let Some(f) = self.format {
            m.insert("format".into(), json!(f));
        }
        Value::Object(m)
    }

    /// The human-readable constraint strings shown in API docs (`value >= 0.0`, `length >= 5`).
    pub fn doc_strings(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut bounds = Vec::new();
        if let Some(v) = self.ge {
            bounds.push(format!(">= {}", py_float(v)));
        }
        if let Some(v) = self.gt {
            bounds.push(format!("> {}", py_float(v)));
        }
        if let Some(v) = self.le {
            bounds.push(format!("<= {}", py_float(v)));
        }
        if let Some(v) = self.lt {
            bounds.push(format!("< {}", py_float(v)));
        }
        if !bounds.is_empty() {
            out.push(format!("value {}", bounds.join(", ")));
        }
        let mut lengths = Vec::new();
        if let Some(v) = self.min_length {
            lengths.push(format!(">= {v}"));
        }
        if let Some(v) = self.max_length {
            lengths.push(format!("<= {v}"));
        }
        if !lengths.is_empty() {
            out.push(format!("length {}", lengths.join(", ")));
        }
        // A list's allowed items are checked but, as in AppWorld's docs, not shown.
        if let Some(v) = &self.enum_values {
            let items: Vec<String> = v.iter().map(|s| format!("'{s}'")).collect();
            out.push(format!("value in [{}]", items.join(", ")));
        }
        if self.email {
            out.push("value is email address".into());
        }
        out
    }
}

/// Formats a float the way Python's `repr` does for the values that occur in constraints.
pub fn py_float(v: f64) -> String {
    if !v.is_finite() {
        return if v.is_nan() {
            "nan".into()
        } else if v > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    let a = v.abs();
    if a != 0.0 && !(1e-4..1e16).contains(&a) {
        // Scientific notation with at least two exponent digits and an explicit sign:
        // 1e+16, 9.223372036854776e+18, 1e-05.
        let s = format!("{v:e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let (sign, digits) = match e.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', e),
        };
        format!("{m}e{sign}{digits:0>2}")
    } else if v.fract() == 0.0 {
        format!("{v:.1}")
    } else {
        format!("{v}")
    }
}

/// The key of the one-entry object that stands for a number JSON cannot hold (NaN, an
/// infinity, an integer beyond 64 bits) on its way from a cell to the validator and, for a
/// non-finite float that passes validation, to the handler (read it with [`as_float`]).
pub const NUMBER_TAG: &str = "\u{0}number";

/// A number JSON cannot hold, by its Python text (`nan`, `inf`, `-inf` or an integer's digits).
pub fn tagged_number(text: impl Into<String>) -> Value {
    let mut m = Map::new();
    m.insert(NUMBER_TAG.into(), Value::String(text.into()));
    Value::Object(m)
}

/// The Python text of a tagged number.
pub fn tagged_text(v: &Value) -> Option<&str> {
    match v {
        Value::Object(m) if m.len() == 1 => m.get(NUMBER_TAG)?.as_str(),
        _ => None,
    }
}

/// The float a value stands for: a JSON number, or a tagged NaN or infinity.
pub fn as_float(v: &Value) -> Option<f64> {
    v.as_f64()
        .or_else(|| tagged_text(v).and_then(py_float_text))
}

/// A float as a value: a JSON number when finite, else tagged.
fn float_value(f: f64) -> Value {
    serde_json::Number::from_f64(f)
        .map(Value::Number)
        .unwrap_or_else(|| tagged_number(py_float(f)))
}

/// Python's `float(text)`: surrounding whitespace, digit-grouping underscores, `inf`,
/// `infinity` and `nan` in any case, with a sign.
fn py_float_text(text: &str) -> Option<f64> {
    let t = py_numeric_text(text)?;
    let lower = t.to_ascii_lowercase();
    let (negative, body) = match lower.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, lower.strip_prefix('+').unwrap_or(&lower)),
    };
    let sign = if negative { -1.0 } else { 1.0 };
    match body {
        "inf" | "infinity" => Some(sign * f64::INFINITY),
        "nan" => Some(f64::NAN),
        b if b.starts_with(|c: char| c.is_ascii_digit() || c == '.') => {
            b.parse::<f64>().ok().map(|f| sign * f)
        }
        _ => None,
    }
}

/// An integer's digits (optional `-`), as a tagged big integer carries them.
fn is_int_text(t: &str) -> bool {
    let d = t.strip_prefix('-').unwrap_or(t);
    !d.is_empty() && d.chars().all(|c| c.is_ascii_digit())
}

/// An integer beyond 64 bits, tagged (Python's ints have no bound; pydantic passes it on).
fn big_int(digits: &str) -> Value {
    let (sign, d) = match digits.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", digits.strip_prefix('+').unwrap_or(digits)),
    };
    let d = d.trim_start_matches('0');
    tagged_number(format!("{sign}{}", if d.is_empty() { "0" } else { d }))
}

/// Is this validated value an integer beyond 64 bits?
pub fn is_big_int(v: &Value) -> bool {
    tagged_text(v).is_some_and(is_int_text)
}

/// One declared parameter of an API.
#[derive(Debug, Clone)]
pub struct ParamSpec {
    /// The keyword the caller passes.
    pub name: &'static str,
    /// Declared type.
    pub ty: ParamType,
    /// Must the caller pass it?
    pub required: bool,
    /// Value used when not passed (`null` when there is none).
    pub default: Value,
    /// May it be `None`?
    pub nullable: bool,
    /// Where it travels.
    pub location: Location,
    /// Value constraints.
    pub constraints: Constraints,
    /// One-line description for the API docs.
    pub description: &'static str,
    /// For `sort_by`: the fields the API accepts (documented first, then extra accepted ones).
    pub sort_fields: Option<SortFields>,
}

/// The `sort_by` fields an API documents and the ones it accepts.
#[derive(Debug, Clone, PartialEq)]
pub struct SortFields {
    /// Fields named in the docs.
    pub documented: Vec<&'static str>,
    /// Fields actually accepted (a superset, in AppWorld's order).
    pub accepted: Vec<&'static str>,
}

impl ParamSpec {
    /// A parameter with no default, constraints or description yet.
    pub fn new(name: &'static str, ty: ParamType, location: Location) -> Self {
        Self {
            name,
            ty,
            required: true,
            default: Value::Null,
            nullable: false,
            location,
            constraints: Constraints::default(),
            description: "",
            sort_fields: None,
        }
    }
}

/// Outcome of validating one parameter: the canonical value, or why not.
type Checked = Result<Value, Failure>;

/// Why one parameter's value was refused.
#[derive(Debug, Clone, PartialEq)]
enum Failure {
    /// A pydantic validation error (its reason lines).
    Field(String),
    /// A Python exception the conversion itself raises (pydantic does not catch it).
    Raised(&'static str, String),
}

impl From<String> for Failure {
    fn from(reason: String) -> Self {
        Failure::Field(reason)
    }
}

impl From<&str> for Failure {
    fn from(reason: &str) -> Self {
        Failure::Field(reason.to_string())
    }
}

/// Why a call's arguments were refused.
#[derive(Debug, Clone, PartialEq)]
pub enum Invalid {
    /// `(field, reason)` validation failures, in FastAPI's order (a 422).
    Fields(Vec<(String, String)>),
    /// A Python exception the conversion raised (`OverflowError` for an integer too large to
    /// be a float), which AppWorld's server does not turn into an answer.
    Raised(&'static str, String),
}

impl Invalid {
    /// The field failures (empty for a raised exception).
    pub fn fields(&self) -> &[(String, String)] {
        match self {
            Invalid::Fields(f) => f,
            Invalid::Raised(..) => &[],
        }
    }
}

/// Validates a call's arguments against the parameter list. Unknown arguments are ignored, as
/// AppWorld's server does. Returns canonical values for every declared parameter (defaults
/// filled in) or the list of `(field, reason)` failures, ordered as FastAPI reports them (path,
/// then query, header, then body and form parameters; declaration order within each). Values
/// JSON cannot hold come back tagged (see [`NUMBER_TAG`]): integers beyond 64 bits that passed
/// their bounds, and non-finite floats.
pub fn validate(
    params: &[ParamSpec],
    args: &Map<String, Value>,
) -> Result<Map<String, Value>, Invalid> {
    let mut out = Map::new();
    let mut errors: Vec<(u8, String, String)> = Vec::new();
    for p in params {
        let group = match p.location {
            Location::Path => 0,
            Location::Query => 1,
            Location::Header => 2,
            Location::Body | Location::Form => 3,
        };
        match transport(p, args.get(p.name)) {
            None if p.required => {
                errors.push((group, p.name.to_string(), "field required".to_string()));
            }
            None => {
                out.insert(p.name.into(), p.default.clone());
            }
            Some(v) => match coerce(p, v).and_then(|v| check_constraints(p, v)) {
                Ok(v) => {
                    out.insert(p.name.into(), v);
                }
                Err(Failure::Field(reasons)) => errors.extend(
                    reasons
                        .lines()
                        .map(|r| (group, p.name.to_string(), r.to_string())),
                ),
                Err(Failure::Raised(kind, message)) => return Err(Invalid::Raised(kind, message)),
            },
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        errors.sort_by_key(|e| e.0);
        Err(Invalid::Fields(
            errors.into_iter().map(|(_, f, r)| (f, r)).collect(),
        ))
    }
}

/// Python's `str()` of a JSON-representable value, as a client puts it into a URL path (and
/// `bool_lower`: as httpx writes a query value, `true`/`false`).
pub fn py_str(v: &Value, bool_lower: bool) -> String {
    if let Some(t) = tagged_text(v) {
        return t.to_string();
    }
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(b) => match (b, bool_lower) {
            (true, true) => "true".into(),
            (false, true) => "false".into(),
            (true, false) => "True".into(),
            (false, false) => "False".into(),
        },
        Value::Number(n) => py_number(n),
        Value::Null => "None".into(),
        other => py_repr(other),
    }
}

fn py_number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        i.to_string()
    } else if let Some(u) = n.as_u64() {
        u.to_string()
    } else {
        py_float(n.as_f64().unwrap_or(0.0))
    }
}

/// Python's `repr()` of a JSON value (strings quoted as Python quotes them).
pub fn py_repr(v: &Value) -> String {
    if let Some(t) = tagged_text(v) {
        return t.to_string();
    }
    match v {
        Value::String(s) => {
            let quote = if s.contains('\'') && !s.contains('"') {
                '"'
            } else {
                '\''
            };
            let mut out = String::from(quote);
            for c in s.chars() {
                match c {
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if c == quote => {
                        out.push('\\');
                        out.push(c);
                    }
                    c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                        out.push_str(&format!("\\x{:02x}", c as u32))
                    }
                    c => out.push(c),
                }
            }
            out.push(quote);
            out
        }
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(py_repr).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, v)| format!("{}: {}", py_repr(&Value::String(k.clone())), py_repr(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => py_str(other, false),
    }
}

/// What the server receives for this parameter, or `None` when nothing arrives (then the
/// default applies, or "field required"). Mirrors AppWorld's client (httpx) and FastAPI:
/// query values are strings (`None` becomes `""`, lists repeat the key, an empty list sends
/// nothing); path values are Python's `str()` (a missing one stays `{name}`); a JSON body
/// `null` counts as not given; form fields are strings and an empty one (or an empty list)
/// counts as missing.
fn transport(p: &ParamSpec, v: Option<&Value>) -> Option<Value> {
    let is_list = matches!(p.ty, ParamType::ListStr | ParamType::ListFloat);
    let query_str = |v: &Value| match v {
        Value::Null => String::new(),
        other => py_str(other, true),
    };
    match p.location {
        Location::Body => v.filter(|v| !v.is_null()).cloned(),
        Location::Query => match v? {
            Value::Array(items) if items.is_empty() => None,
            Value::Array(items) if is_list => Some(Value::Array(
                items.iter().map(|i| Value::String(query_str(i))).collect(),
            )),
            // A scalar parameter given a list receives its last value.
            Value::Array(items) => items.last().map(|i| Value::String(query_str(i))),
            other if is_list => Some(Value::Array(vec![Value::String(query_str(other))])),
            other => Some(Value::String(query_str(other))),
        },
        Location::Path => Some(Value::String(match v {
            Some(v) => py_str(v, false),
            None => format!("{{{}}}", p.name),
        })),
        Location::Form => match v? {
            // httpx sends a list as repeated fields: an empty one sends none.
            Value::Null => None,
            Value::Array(items) if items.is_empty() => None,
            other => Some(Value::String(py_str(other, false))).filter(|s| s != ""),
        },
        Location::Header => v.map(|v| Value::String(py_str(v, false))),
    }
}

fn coerce(p: &ParamSpec, v: Value) -> Checked {
    if let Some(allowed) = &p.constraints.enum_values {
        // A Literal accepts exactly one of its values, without coercion.
        return match v.as_str() {
            Some(s) if allowed.contains(&s) => Ok(v),
            _ => Err(unexpected_value(allowed).into()),
        };
    }
    match p.ty {
        ParamType::Str if p.constraints.email => coerce_str(v).and_then(normalize_email),
        ParamType::Str => coerce_str(v),
        ParamType::Int => coerce_int(v),
        ParamType::Float => coerce_float(v),
        ParamType::Bool => coerce_bool(v),
        ParamType::ListStr => coerce_list(v, coerce_str),
        ParamType::ListFloat => coerce_list(v, coerce_float),
        // A union tries its members in order and reports every member's failure.
        // A union tries its members in order and reports every member's failure; an
        // exception raised by a conversion ends it.
        ParamType::Answer => {
            let mut reasons = Vec::new();
            for member in [coerce_float, coerce_int, coerce_str] {
                match member(v.clone()) {
                    Ok(x) => return Ok(x),
                    Err(Failure::Field(r)) => reasons.push(r),
                    Err(raised) => return Err(raised),
                }
            }
            Err(Failure::Field(reasons.join("\n")))
        }
    }
}

fn unexpected_value(allowed: &[&str]) -> String {
    let list: Vec<String> = allowed.iter().map(|a| format!("'{a}'")).collect();
    format!("unexpected value; permitted: {}", list.join(", "))
}

fn coerce_str(v: Value) -> Checked {
    if let Some(t) = tagged_text(&v) {
        return Ok(Value::String(t.to_string()));
    }
    match v {
        Value::String(s) => Ok(Value::String(s)),
        Value::Number(_) | Value::Bool(_) => Ok(Value::String(py_str(&v, false))),
        _ => Err("str type expected".into()),
    }
}

/// Python's numeric literal rules for `int()` and `float()` of a string: surrounding
/// whitespace is ignored, and single underscores may group digits. Returns the text without
/// them, or `None` when the underscores are misplaced.
fn py_numeric_text(s: &str) -> Option<String> {
    let t = s.trim();
    if !t.contains('_') {
        return Some(t.to_string());
    }
    let chars: Vec<char> = t.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c == '_' {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 1);
            if !before.is_some_and(|b| b.is_ascii_alphanumeric())
                || !after.is_some_and(|a| a.is_ascii_alphanumeric())
            {
                return None;
            }
        }
    }
    Some(t.replace('_', ""))
}

fn coerce_int(v: Value) -> Checked {
    const BAD: &str = "value is not a valid integer";
    // -2**63 <= f < 2**63, as floats.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if let Some(t) = tagged_text(&v) {
        return if is_int_text(t) {
            Ok(big_int(t))
        } else {
            Err(BAD.into())
        };
    }
    match v {
        Value::Bool(b) => Ok(json!(b as i64)),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(json!(i))
            } else if let Some(u) = n.as_u64() {
                Ok(big_int(&u.to_string()))
            } else {
                // int() of a float truncates; beyond 64 bits the result is a big integer.
                match n.as_f64() {
                    Some(f) if f.is_finite() && (-LIMIT..LIMIT).contains(&f.trunc()) => {
                        Ok(json!(f.trunc() as i64))
                    }
                    Some(f) if f.is_finite() => Ok(big_int(&format!("{:.0}", f.trunc()))),
                    _ => Err(BAD.into()),
                }
            }
        }
        Value::String(s) => {
            let t = py_numeric_text(&s).ok_or_else(|| BAD.to_string())?;
            let t = t.strip_prefix('+').unwrap_or(&t);
            if !is_int_text(t) {
                return Err(BAD.into());
            }
            Ok(t.parse::<i64>()
                .map(|i| json!(i))
                .unwrap_or_else(|_| big_int(t)))
        }
        _ => Err(BAD.into()),
    }
}

fn coerce_float(v: Value) -> Checked {
    const BAD: &str = "value is not a valid float";
    if let Some(t) = tagged_text(&v) {
        // A typed integer: float() of one past the float range raises.
        let f = py_float_text(t).unwrap_or(f64::NAN);
        if is_int_text(t) && f.is_infinite() {
            return Err(Failure::Raised(
                "OverflowError",
                "int too large to convert to float".into(),
            ));
        }
        return Ok(float_value(f));
    }
    let f = match v {
        Value::Bool(b) => Some(if b { 1.0 } else { 0.0 }),
        Value::Number(n) => n.as_f64(),
        Value::String(s) => py_float_text(&s),
        _ => None,
    };
    f.map(float_value).ok_or_else(|| BAD.into())
}

fn coerce_bool(v: Value) -> Checked {
    const BAD: &str = "value could not be parsed to a boolean";
    match v {
        Value::Bool(b) => Ok(Value::Bool(b)),
        Value::Number(n) => match n.as_f64() {
            Some(0.0) => Ok(Value::Bool(false)),
            Some(1.0) => Ok(Value::Bool(true)),
            _ => Err(BAD.into()),
        },
        Value::String(s) => match s.to_lowercase().as_str() {
            "0" | "off" | "f" | "false" | "n" | "no" => Ok(Value::Bool(false)),
            "1" | "on" | "t" | "true" | "y" | "yes" => Ok(Value::Bool(true)),
            _ => Err(BAD.into()),
        },
        _ => Err(BAD.into()),
    }
}

fn coerce_list(v: Value, item: fn(Value) -> Checked) -> Checked {
    match v {
        Value::Array(items) => items
            .into_iter()
            .map(|i| match i {
                Value::Null => Err("none is not an allowed value".into()),
                i => item(i),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        _ => Err("value is not a valid list".into()),
    }
}

/// An e-mail address as pydantic's `EmailStr` accepts it: surrounding whitespace dropped, a
/// `Name <address>` form reduced to the address, the domain lower-cased.
fn normalize_email(v: Value) -> Checked {
    const BAD: &str = "value is not a valid email address";
    let s = v.as_str().unwrap_or_default();
    let mut addr = s;
    if let (Some(open), true) = (s.find('<'), s.trim_end().ends_with('>')) {
        addr = &s.trim_end()[open + 1..s.trim_end().len() - 1];
    }
    let addr = addr.trim();
    if !is_email(addr) {
        return Err(BAD.into());
    }
    let (local, domain) = addr.split_once('@').ok_or(Failure::from(BAD))?;
    Ok(Value::String(format!("{local}@{}", domain.to_lowercase())))
}

fn check_constraints(p: &ParamSpec, v: Value) -> Checked {
    let c = &p.constraints;
    if let Value::String(s) = &v {
        let n = s.chars().count() as u64;
        if let Some(min) = c.min_length
            && n < min
        {
            return Err(format!("ensure this value has at least {min} characters").into());
        }
        if let Some(max) = c.max_length
            && n > max
        {
            return Err(format!("ensure this value has at most {max} characters").into());
        }
    }
    // A big integer compares as an infinity of its sign: every bound is a 64-bit number.
    let x = match tagged_text(&v) {
        Some(t) if is_int_text(t) => Some(if t.starts_with('-') {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }),
        _ => as_float(&v),
    };
    if let Some(x) = x {
        // AppWorld declares its bounds as integers (`gt=0`), so pydantic names a whole-number
        // bound without a fraction even for a float parameter ("greater than 0").
        let fmt = |b: f64| {
            if p.ty == ParamType::Int || (b.fract() == 0.0 && b.abs() < 1e19) {
                format!("{}", b as i64)
            } else {
                py_float(b)
            }
        };
        // As pydantic's `not x >= bound`: NaN fails every bound.
        if let Some(b) = c.ge
            && (x.is_nan() || x < b)
        {
            return Err(format!("ensure this value is greater than or equal to {}", fmt(b)).into());
        }
        if let Some(b) = c.gt
            && (x.is_nan() || x <= b)
        {
            return Err(format!("ensure this value is greater than {}", fmt(b)).into());
        }
        if let Some(b) = c.le
            && (x.is_nan() || x > b)
        {
            return Err(format!("ensure this value is less than or equal to {}", fmt(b)).into());
        }
        if let Some(b) = c.lt
            && (x.is_nan() || x >= b)
        {
            return Err(format!("ensure this value is less than {}", fmt(b)).into());
        }
    }
    if let (Some(allowed), Value::Array(items)) = (&c.items_enum, &v) {
        for i in items {
            if !allowed.iter().any(|a| Some(*a) == i.as_str()) {
                return Err(unexpected_value(allowed).into());
            }
        }
    }
    Ok(v)
}

/// A pragmatic e-mail syntax check in the spirit of `email-validator`: one `@`, a non-empty
/// local part without spaces, a dotted domain of letters, digits and hyphens.
pub fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    if local.is_empty() || local.len() > 64 || domain.contains('@') {
        return false;
    }
    let local_ok = local
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &'static str, ty: ParamType, loc: Location) -> ParamSpec {
        ParamSpec::new(name, ty, loc)
    }

    #[test]
    fn pydantic_wording_and_coercion() {
        let mut limit = p("page_limit", ParamType::Int, Location::Query);
        limit.required = false;
        limit.default = json!(5);
        limit.constraints.ge = Some(1.0);
        limit.constraints.le = Some(20.0);
        let params = vec![limit];
        let ok = validate(&params, json!({"page_limit": "7"}).as_object().unwrap()).unwrap();
        assert_eq!(ok["page_limit"], json!(7));
        let ok = validate(&params, &Map::new()).unwrap();
        assert_eq!(ok["page_limit"], json!(5));
        let err = validate(&params, json!({"page_limit": 21}).as_object().unwrap()).unwrap_err();
        assert_eq!(
            err.fields()[0].1,
            "ensure this value is less than or equal to 20"
        );
        let err = validate(&params, json!({"page_limit": 2.5}).as_object().unwrap()).unwrap_err();
        assert_eq!(err.fields()[0].1, "value is not a valid integer");
        let mut answer = p("answer", ParamType::Answer, Location::Body);
        answer.required = false;
        answer.nullable = true;
        let a = vec![answer];
        let get = |v: Value| {
            validate(&a, json!({ "answer": v }).as_object().unwrap()).unwrap()["answer"].clone()
        };
        assert_eq!(get(json!("10")), json!(10.0));
        assert_eq!(get(json!(" 7 ")), json!(7.0));
        assert_eq!(get(json!(true)), json!(1.0));
        assert_eq!(get(json!("abc")), json!("abc"));
        assert_eq!(get(Value::Null), Value::Null);
    }

    #[test]
    fn nan_infinities_and_big_integers_as_pydantic_reads_them() {
        let one = |p: ParamSpec, v: Value| validate(&[p], json!({ "x": v }).as_object().unwrap());
        let reason = |r: Result<Map<String, Value>, Invalid>| r.unwrap_err().fields()[0].1.clone();
        let mut limit = p("x", ParamType::Int, Location::Query);
        limit.constraints.le = Some(20.0);
        let big = tagged_number("18446744073709551616");
        assert_eq!(
            reason(one(limit.clone(), big.clone())),
            "ensure this value is less than or equal to 20"
        );
        assert_eq!(
            reason(one(limit, tagged_number("nan"))),
            "value is not a valid integer"
        );
        // An unbounded integer passes on as a big one (the registry decides what it meets).
        let id = p("x", ParamType::Int, Location::Path);
        assert!(is_big_int(&one(id, big.clone()).unwrap()["x"]));
        // int() of a typed float truncates (a path's text of it is no integer).
        let body = p("x", ParamType::Int, Location::Body);
        assert!(is_big_int(
            &one(body, json!(1.8446744073709552e19)).unwrap()["x"]
        ));
        let mut max = p("x", ParamType::Int, Location::Query);
        max.constraints.le = Some(i64::MAX as f64);
        assert_eq!(
            reason(one(max, tagged_number("9223372036854775808"))),
            "ensure this value is less than or equal to 9223372036854775807"
        );
        // Floats: NaN fails every bound, an infinity the bound on its side, and text spells both.
        let mut rating = p("x", ParamType::Float, Location::Query);
        rating.constraints.ge = Some(0.0);
        let ok = one(rating.clone(), json!("Infinity")).unwrap();
        assert_eq!(as_float(&ok["x"]), Some(f64::INFINITY));
        rating.constraints.le = Some(5.0);
        assert_eq!(
            reason(one(rating.clone(), json!(" nan "))),
            "ensure this value is greater than or equal to 0"
        );
        assert_eq!(
            reason(one(rating, tagged_number("inf"))),
            "ensure this value is less than or equal to 5"
        );
        let mut amount = p("x", ParamType::Float, Location::Body);
        amount.constraints.gt = Some(0.0);
        assert_eq!(
            reason(one(amount, tagged_number("nan"))),
            "ensure this value is greater than 0"
        );
        // A string takes the number's text; float() of a huge integer raises.
        assert_eq!(
            one(
                p("x", ParamType::Str, Location::Body),
                tagged_number("-inf")
            )
            .unwrap()["x"],
            json!("-inf")
        );
        let huge = tagged_number(format!("1{}", "0".repeat(400)));
        assert_eq!(
            one(p("x", ParamType::Answer, Location::Body), huge),
            Err(Invalid::Raised(
                "OverflowError",
                "int too large to convert to float".into()
            ))
        );
        assert_eq!(py_str(&tagged_number("nan"), true), "nan");
    }

    #[test]
    fn emails_and_docs() {
        assert!(is_email("joe.smith@gmail.com"));
        assert!(!is_email("joe@"));
        assert!(!is_email("no at sign"));
        let c = Constraints {
            ge: Some(1.0),
            le: Some(20.0),
            ..Default::default()
        };
        assert_eq!(c.doc_strings(), vec!["value >= 1.0, <= 20.0"]);
        assert_eq!(py_float(9223372036854775807.0), "9.223372036854776e+18");
    }
}
