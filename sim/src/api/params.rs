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
    /// A named format; only `email` exists.
    pub email: bool,
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
        if let Some(v) = self.enum_values.as_ref().or(self.items_enum.as_ref()) {
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
    if v.fract() == 0.0 && v.abs() < 1e16 {
        format!("{v:.1}")
    } else if v.abs() >= 1e16 {
        let s = format!("{v:e}");
        // Rust writes 9.223372036854776e18, Python 9.223372036854776e+18.
        match s.split_once('e') {
            Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e}"),
            _ => s,
        }
    } else {
        format!("{v}")
    }
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

/// Outcome of validating one parameter: either the canonical value or a failure reason.
type Checked = Result<Value, String>;

/// Validates a call's arguments against the parameter list. Unknown arguments are ignored, as
/// AppWorld's server does. Returns canonical values for every declared parameter (defaults
/// filled in) or the list of `(field, reason)` failures.
pub fn validate(
    params: &[ParamSpec],
    args: &Map<String, Value>,
) -> Result<Map<String, Value>, Vec<(String, String)>> {
    let mut out = Map::new();
    let mut errors = Vec::new();
    for p in params {
        let sent = transport(p, args.get(p.name));
        match sent {
            None => {
                if p.required {
                    errors.push((p.name.to_string(), "field required".to_string()));
                } else {
                    out.insert(p.name.into(), p.default.clone());
                }
            }
            Some(Value::Null) => {
                if p.nullable || (!p.required && p.default.is_null()) {
                    out.insert(p.name.into(), Value::Null);
                } else {
                    errors.push((p.name.to_string(), "none is not an allowed value".into()));
                }
            }
            Some(v) => match coerce(p, v).and_then(|v| check_constraints(p, v)) {
                Ok(v) => {
                    out.insert(p.name.into(), v);
                }
                Err(reason) => errors.push((p.name.to_string(), reason)),
            },
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Python's `str()` of a JSON-representable value, as a client would put it in a URL.
pub fn py_str(v: &Value, bool_lower: bool) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(b) => match (b, bool_lower) {
            (true, true) => "true".into(),
            (false, true) => "false".into(),
            (true, false) => "True".into(),
            (false, false) => "False".into(),
        },
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.to_string()
            } else if let Some(u) = n.as_u64() {
                u.to_string()
            } else {
                py_float(n.as_f64().unwrap_or(0.0))
            }
        }
        Value::Null => "None".into(),
        other => other.to_string(),
    }
}

/// What the server receives for this parameter, or `None` when nothing is sent.
fn transport(p: &ParamSpec, v: Option<&Value>) -> Option<Value> {
    let v = v?;
    match p.location {
        Location::Body => Some(v.clone()),
        // httpx drops nothing but sends None as an empty string; FastAPI then sees "" which
        // for optional parameters means "not given". We treat None as not given.
        Location::Query => match v {
            Value::Null => None,
            Value::Array(items) if matches!(p.ty, ParamType::ListStr | ParamType::ListFloat) => {
                Some(Value::Array(
                    items
                        .iter()
                        .map(|i| Value::String(py_str(i, true)))
                        .collect(),
                ))
            }
            // A scalar parameter given a list receives the list's last value.
            Value::Array(items) => items.last().map(|i| Value::String(py_str(i, true))),
            Value::Object(_) => Some(v.clone()),
            other => Some(Value::String(py_str(other, true))),
        },
        Location::Path => Some(Value::String(py_str(v, false))),
        Location::Form | Location::Header => match v {
            Value::Null => None,
            other => Some(Value::String(py_str(other, false))),
        },
    }
}

fn coerce(p: &ParamSpec, v: Value) -> Checked {
    match p.ty {
        ParamType::Str => coerce_str(v),
        ParamType::Int => coerce_int(v),
        ParamType::Float => coerce_float(v),
        ParamType::Bool => coerce_bool(v),
        ParamType::ListStr => coerce_list(v, coerce_str),
        ParamType::ListFloat => coerce_list(v, coerce_float),
        ParamType::Answer => coerce_float(v.clone())
            .or_else(|_| coerce_int(v.clone()))
            .or_else(|_| coerce_str(v)),
    }
}

fn coerce_str(v: Value) -> Checked {
    match v {
        Value::String(s) => Ok(Value::String(s)),
        Value::Number(_) | Value::Bool(_) => Ok(Value::String(py_str(&v, false))),
        _ => Err("str type expected".into()),
    }
}

fn coerce_int(v: Value) -> Checked {
    const BAD: &str = "value is not a valid integer";
    match v {
        Value::Bool(b) => Ok(json!(b as i64)),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(json!(i))
            } else if let Some(f) = n.as_f64() {
                if f.is_finite() && f.abs() < 9.2e18 {
                    Ok(json!(f.trunc() as i64))
                } else {
                    Err(BAD.into())
                }
            } else {
                Err(BAD.into())
            }
        }
        Value::String(s) => {
            let t = s.trim();
            let t = t.replace('_', "");
            t.parse::<i64>()
                .map(|i| json!(i))
                .map_err(|_| BAD.to_string())
        }
        _ => Err(BAD.into()),
    }
}

fn coerce_float(v: Value) -> Checked {
    const BAD: &str = "value is not a valid float";
    let f = match v {
        Value::Bool(b) => Some(if b { 1.0 } else { 0.0 }),
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let t = s.trim().to_ascii_lowercase();
            match t.as_str() {
                "nan" | "inf" | "-inf" | "infinity" | "-infinity" | "+inf" => None,
                _ => t.parse::<f64>().ok(),
            }
        }
        _ => None,
    };
    match f {
        Some(f) if f.is_finite() => Ok(json!(f)),
        _ => Err(BAD.into()),
    }
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
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
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
            .map(item)
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        _ => Err("value is not a valid list".into()),
    }
}

fn check_constraints(p: &ParamSpec, v: Value) -> Checked {
    let c = &p.constraints;
    if let Value::String(s) = &v {
        let n = s.chars().count() as u64;
        if let Some(min) = c.min_length
            && n < min
        {
            return Err(format!("ensure this value has at least {min} characters"));
        }
        if let Some(max) = c.max_length
            && n > max
        {
            return Err(format!("ensure this value has at most {max} characters"));
        }
        if let Some(allowed) = &c.enum_values
            && !allowed.contains(&s.as_str())
        {
            let list: Vec<String> = allowed.iter().map(|a| format!("'{a}'")).collect();
            return Err(format!("unexpected value; permitted: {}", list.join(", ")));
        }
        if c.email && !is_email(s) {
            return Err("value is not a valid email address".into());
        }
    }
    if let Some(x) = v.as_f64() {
        let fmt = |b: f64| {
            if p.ty == ParamType::Int {
                format!("{}", b as i64)
            } else {
                py_float(b)
            }
        };
        if let Some(b) = c.ge
            && x < b
        {
            return Err(format!(
                "ensure this value is greater than or equal to {}",
                fmt(b)
            ));
        }
        if let Some(b) = c.gt
            && x <= b
        {
            return Err(format!("ensure this value is greater than {}", fmt(b)));
        }
        if let Some(b) = c.le
            && x > b
        {
            return Err(format!(
                "ensure this value is less than or equal to {}",
                fmt(b)
            ));
        }
        if let Some(b) = c.lt
            && x >= b
        {
            return Err(format!("ensure this value is less than {}", fmt(b)));
        }
    }
    if let (Some(allowed), Value::Array(items)) = (&c.items_enum, &v) {
        for i in items {
            if !allowed.iter().any(|a| Some(*a) == i.as_str()) {
                let list: Vec<String> = allowed.iter().map(|a| format!("'{a}'")).collect();
                return Err(format!("unexpected value; permitted: {}", list.join(", ")));
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
        assert_eq!(err[0].1, "ensure this value is less than or equal to 20");
        let err = validate(&params, json!({"page_limit": 2.5}).as_object().unwrap()).unwrap_err();
        assert_eq!(err[0].1, "value is not a valid integer");
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
