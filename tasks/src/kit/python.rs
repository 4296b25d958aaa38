//! Python for solutions: a scenario's `.py` file of named cells with `{{key}}` placeholders
//! ([`Script`], filled from [`Vals`]), and the snippets most solutions start with.
//!
//! A script file is plain Python, so CI compiles it (`python3 -m py_compile`): a line
//! `# %% name` starts the cell `name`; text before the first marker is the file's comment. A
//! placeholder `{{key}}` stands where Python allows an expression or inside a string literal
//! (both compile), and is replaced by the value the scenario gives for `key` or, for
//! `{{login_any}}`, `{{all_pages}}`, `{{login_note}}`, `{{flat}}` and the SimpleNote pagers
//! `{{every_note}}`, `{{notes_titled}}` and `{{notes_tagged}}`, by the snippet of that name (a
//! snippet's own placeholders, `{{title}}` or `{{tag}}`, take the scenario's values).
//! `{{cell:name}}` stands for the script's cell `name` (filled from the same values), so two
//! cells that differ in a line share the rest: on a line of its own, each included line gets
//! the placeholder's indentation.

use std::collections::BTreeMap;

/// Logs in to SimpleNote as the supervisor (`token`).
pub const LOGIN: &str = r#"passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}
email = apis.supervisor.show_profile()["email"]
token = apis.simple_note.login(username=email, password=passwords["simple_note"])["access_token"]"#;

/// Python that defines `login(app)` (the supervisor's access token for any app, with the
/// password from the supervisor app) and `profile` (the supervisor's profile).
pub const LOGIN_ANY: &str = r#"passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}
profile = apis.supervisor.show_profile()
def login(app):
    username = profile["phone_number"] if app == "phone" else profile["email"]
    return getattr(apis, app).login(username=username, password=passwords[app])["access_token"]"#;

/// Python that defines `all_pages(fn, **kwargs)`: every page of a paged API, concatenated.
pub const ALL_PAGES: &str = r#"def all_pages(fn, **kwargs):
    out, page = [], 0
    while True:
        batch = fn(page_index=page, page_limit=20, **kwargs)
        if not batch:
            return out
        out.extend(batch)
        page += 1"#;

/// Python that collects every page of the supervisor's SimpleNote notes into `notes`.
pub const EVERY_NOTE: &str = "notes = []\npage = 0\nwhile True:\n    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20)\n    if not batch:\n        break\n    notes.extend(batch)\n    page += 1";

/// [`EVERY_NOTE`] for the notes a search for the value `title` finds.
pub const NOTES_TITLED: &str = "notes = []\npage = 0\nwhile True:\n    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, query={{title}})\n    if not batch:\n        break\n    notes.extend(batch)\n    page += 1";

/// [`EVERY_NOTE`] for the notes tagged with the value `tag`.
pub const NOTES_TAGGED: &str = "notes = []\npage = 0\nwhile True:\n    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, tags=[{{tag}}])\n    if not batch:\n        break\n    notes.extend(batch)\n    page += 1";

/// The snippets every script may name without the scenario giving them.
const SNIPPETS: [(&str, &str); 7] = [
    ("login_any", LOGIN_ANY),
    ("all_pages", ALL_PAGES),
    ("login_note", LOGIN),
    ("flat", FLAT),
    ("every_note", EVERY_NOTE),
    ("notes_titled", NOTES_TITLED),
    ("notes_tagged", NOTES_TAGGED),
];

/// Python that collects every page of `search_notes(**filters)` into `notes`.
pub fn all_notes(filters: &str) -> String {
    let sep = if filters.is_empty() { "" } else { ", " };
    format!(
        "notes = []\npage = 0\nwhile True:\n    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20{sep}{filters})\n    if not batch:\n        break\n    notes.extend(batch)\n    page += 1"
    )
}

/// Python that pages through the notes matching `title` and stops with an error if one has
/// exactly that title (a careful "create": the note must not exist already).
pub fn no_note_titled(title: &str) -> String {
    format!(
        "{}\nif any(n[\"title\"] == {t} for n in notes):\n    raise ValueError(\"a note titled \" + {t} + \" exists already\")",
        all_notes(&format!("query={}", py(title))),
        t = py(title)
    )
}

/// `LOGIN_ANY`, `ALL_PAGES` and a token per `(variable, app)`.
pub fn logins(apps: &[(&str, &str)]) -> String {
    let mut s = format!("{LOGIN_ANY}\n{ALL_PAGES}");
    for (var, app) in apps {
        s.push_str(&format!("\n{var} = login(\"{app}\")"));
    }
    s
}

/// A named solution.
pub fn solution(name: &str, cells: Vec<String>) -> crate::model::Solution {
    crate::model::Solution {
        name: name.to_string(),
        cells,
    }
}

/// A Python string literal.
pub fn py(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// Replaces every `@KEY@` of a Python template (the older dialect; new scenarios use
/// [`Script`]).
pub fn fill(template: &str, vars: &[(&str, String)]) -> String {
    let mut s = template.to_string();
    for (k, v) in vars {
        s = s.replace(&format!("@{k}@"), v);
    }
    s
}

/// The values a script's placeholders take.
#[derive(Debug, Clone, Default)]
pub struct Vals(BTreeMap<String, String>);

impl Vals {
    /// No values.
    pub fn new() -> Vals {
        Vals::default()
    }

    /// `key` as a Python string literal of `text`.
    pub fn lit(mut self, key: &str, text: &str) -> Vals {
        self.0.insert(key.to_string(), py(text));
        self
    }

    /// `key` as `code`, inserted as it is (a number, an expression, part of a literal).
    pub fn code(mut self, key: &str, code: impl std::fmt::Display) -> Vals {
        self.0.insert(key.to_string(), code.to_string());
        self
    }

    /// The value of `key`: the scenario's, else the snippet of that name with its own
    /// placeholders filled from the scenario's values (None where either has none).
    fn get(&self, key: &str) -> Option<String> {
        if let Some(v) = self.0.get(key) {
            return Some(v.clone());
        }
        let (_, text) = SNIPPETS.iter().find(|(name, _)| *name == key)?;
        fill_placeholders(text, |k| self.0.get(k).cloned()).ok()
    }
}

/// A parsed script: its cells by name, in file order.
#[derive(Debug, Clone)]
pub struct Script {
    cells: Vec<(String, String)>,
}

impl Script {
    /// Parses a script's text. Panics on a marker without a name or a name given twice: the
    /// text is the scenario's own file, so that is a broken scenario (the suite's tests build
    /// every task).
    pub fn parse(text: &str) -> Script {
        let mut cells: Vec<(String, Vec<&str>)> = Vec::new();
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("# %%") {
                let name = name.trim();
                assert!(!name.is_empty(), "a `# %%` marker without a cell name");
                assert!(
                    cells.iter().all(|(n, _)| n != name),
                    "the cell `{name}` is defined twice"
                );
                cells.push((name.to_string(), Vec::new()));
            } else if let Some((_, lines)) = cells.last_mut() {
                lines.push(line);
            }
        }
        let cells = cells
            .into_iter()
            .map(|(name, lines)| {
                let first = lines.iter().position(|l| !l.trim().is_empty());
                let last = lines.iter().rposition(|l| !l.trim().is_empty());
                let body = match (first, last) {
                    (Some(a), Some(b)) => lines[a..=b].join("\n"),
                    _ => String::new(),
                };
                (name, body)
            })
            .collect();
        Script { cells }
    }

    /// The cell `name` with its placeholders filled from `vals`. Panics if there is no such
    /// cell, a placeholder has no value or a cell includes itself (a broken scenario).
    pub fn cell(&self, name: &str, vals: &Vals) -> String {
        self.filled(name, vals, 0)
    }

    fn filled(&self, name: &str, vals: &Vals, depth: usize) -> String {
        assert!(depth < 8, "the cell `{name}` includes itself");
        let Some((_, body)) = self.cells.iter().find(|(n, _)| n == name) else {
            panic!("the script has no cell `{name}`");
        };
        let value = |key: &str| match key.strip_prefix("cell:") {
            Some(cell) => Some(self.filled(cell, vals, depth + 1)),
            None => vals.get(key),
        };
        fill_placeholders(body, value).unwrap_or_else(|key| {
            panic!("the cell `{name}` names `{{{{{key}}}}}`, which has no value")
        })
    }

    /// The cells `names`, in that order, filled from `vals`.
    pub fn cells(&self, names: &[&str], vals: &Vals) -> Vec<String> {
        names.iter().map(|n| self.cell(n, vals)).collect()
    }

    /// The cells `names` filled from `vals` and joined into one cell (a step made of several
    /// cells' lines).
    pub fn joined(&self, names: &[&str], vals: &Vals) -> String {
        self.cells(names, vals).join("\n")
    }

    /// The names of the cells, in file order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.cells.iter().map(|(n, _)| n.as_str())
    }
}

/// `body` with every `{{key}}` replaced by `value(key)`; `Err(key)` for the first key without
/// one. A multi-line value standing alone on its line is indented like the placeholder.
fn fill_placeholders(body: &str, value: impl Fn(&str) -> Option<String>) -> Result<String, String> {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find("{{") {
        let after = &rest[at + 2..];
        let key_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(after.len());
        let key = &after[..key_len];
        if key.is_empty() || !after[key_len..].starts_with("}}") {
            // Not a placeholder (Python's own braces): keep the text.
            out.push_str(&rest[..at + 2]);
            rest = after;
            continue;
        }
        let text = value(key).ok_or_else(|| key.to_string())?;
        out.push_str(&rest[..at]);
        let line_start = out.rfind('\n').map_or(0, |i| i + 1);
        let indent = &out[line_start..];
        if key.starts_with("cell:") && indent.trim().is_empty() && !indent.is_empty() {
            let indent = indent.to_string();
            out.push_str(&text.replace('\n', &format!("\n{indent}")));
        } else {
            out.push_str(&text);
        }
        rest = &after[key_len + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Python: `flat(r)`, the tasks of a `show_tasks` answer in one list.
pub const FLAT: &str = "def flat(r):\n    return r[\"no_section_tasks\"] + [t for s in r[\"sections\"] for t in s[\"tasks\"]]";

/// Marks the task done (a task without an answer).
pub const DONE: &str = "apis.supervisor.complete_task()";

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# A comment.\n\n# %% first\nx = {{n}}\nprint({{name}})\n\n# %% second\n\n{{login_any}}\nd = {{}}\ne = {'a': {'b': 1}}\n\n";

    #[test]
    fn cells_are_named_trimmed_and_filled() {
        let s = Script::parse(TEXT);
        assert_eq!(s.names().collect::<Vec<_>>(), ["first", "second"]);
        let v = Vals::new().code("n", 3).lit("name", "O'Neil \"Jr\"");
        assert_eq!(s.cell("first", &v), "x = 3\nprint(\"O'Neil \\\"Jr\\\"\")");
        let second = s.cell("second", &v);
        assert!(second.starts_with(LOGIN_ANY), "{second}");
        assert!(
            second.ends_with("\nd = {{}}\ne = {'a': {'b': 1}}"),
            "{second}"
        );
    }

    #[test]
    #[should_panic(expected = "names `{{name}}`")]
    fn a_placeholder_without_a_value_is_a_broken_scenario() {
        Script::parse(TEXT).cell("first", &Vals::new().code("n", 1));
    }

    #[test]
    #[should_panic(expected = "no cell `third`")]
    fn an_unknown_cell_is_a_broken_scenario() {
        Script::parse(TEXT).cell("third", &Vals::new());
    }

    #[test]
    fn a_cell_includes_another_at_its_indentation() {
        let s = Script::parse(
            "# %% find\nfor x in {{xs}}:\n    print(x)\n# %% twice\nif True:\n    {{cell:find}}\n{{cell:find}}\n",
        );
        let v = Vals::new().code("xs", "[1]");
        assert_eq!(
            s.cell("twice", &v),
            "if True:\n    for x in [1]:\n        print(x)\nfor x in [1]:\n    print(x)"
        );
    }

    #[test]
    fn joined_cells_are_one_cell() {
        let s = Script::parse("# %% a\nx = {{n}}\n# %% b\n\ny = 2\n");
        let v = Vals::new().code("n", 1);
        assert_eq!(s.joined(&["a", "b"], &v), "x = 1\ny = 2");
    }

    #[test]
    #[should_panic(expected = "includes itself")]
    fn a_cell_that_includes_itself_is_a_broken_scenario() {
        Script::parse("# %% a\n{{cell:a}}\n").cell("a", &Vals::new());
    }

    #[test]
    fn the_note_pagers_take_the_scenario_values() {
        let s = Script::parse(
            "# %% a\n{{notes_titled}}\n# %% b\n{{notes_tagged}}\n# %% c\n{{every_note}}\n",
        );
        let v = Vals::new().lit("title", "Groceries").lit("tag", "work");
        assert_eq!(s.cell("a", &v), all_notes("query=\"Groceries\""));
        assert_eq!(s.cell("b", &v), all_notes("tags=[\"work\"]"));
        assert_eq!(s.cell("c", &v), all_notes(""));
    }

    #[test]
    #[should_panic(expected = "defined twice")]
    fn a_cell_name_given_twice_is_a_broken_scenario() {
        Script::parse("# %% a\nx = 1\n# %% a\ny = 2\n");
    }
}
