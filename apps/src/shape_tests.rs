//! The folder shape every app keeps, checked over [`crate::APPS`]: `apps/src/<app>/` has
//! `mod.rs` (the `App` impl), `rows.rs`, `seed.rs`, `tests.rs`, and `apis.rs` when the app has
//! APIs; an `apis.rs` holds registrations only, so none of its string literals is SQL.

use std::path::{Path, PathBuf};

/// The words that start SQL statements, as the apps write them.
const SQL: &[&str] = &["SELECT ", "INSERT ", "UPDATE ", "DELETE "];

/// The app's folder.
fn folder(app: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(app)
}

/// The string literals of Rust source, as written between their quotes (escapes kept);
/// comments, character literals and lifetimes are skipped. Raw strings count too.
fn string_literals(src: &str) -> Vec<String> {
    let c: Vec<char> = src.chars().collect();
    let at = |i: usize| c.get(i).copied();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if at(i + 1) == Some('/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == Some('*') => {
                i += 2;
                while i < c.len() && (c[i] != '*' || at(i + 1) != Some('/')) {
                    i += 1;
                }
                i += 2;
            }
            '\'' if at(i + 1) == Some('\\') => {
                // An escaped character literal: up to its closing quote.
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '\'' if at(i + 2) == Some('\'') => i += 3,
            'r' if (at(i + 1) == Some('"') || at(i + 1) == Some('#'))
                && !i
                    .checked_sub(1)
                    .is_some_and(|p| c[p].is_alphanumeric() || c[p] == '_') =>
            {
                let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
                let start = i + 1 + hashes + 1;
                if at(start - 1) != Some('"') {
                    i += 1;
                    continue;
                }
                let mut j = start;
                while j < c.len() && (c[j] != '"' || (1..=hashes).any(|k| at(j + k) != Some('#'))) {
                    j += 1;
                }
                out.push(c[start..j.min(c.len())].iter().collect());
                i = j + 1 + hashes;
            }
            '"' => {
                let mut j = i + 1;
                while j < c.len() && c[j] != '"' {
                    j += if c[j] == '\\' { 2 } else { 1 };
                }
                out.push(c[i + 1..j.min(c.len())].iter().collect());
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

#[test]
fn string_literals_are_found() {
    let src = r##"// "in a comment"
        /* "in a block" */ let a = "one"; let q = '"'; let e = '\''; let s: &'static str = "two \" x";
        let r = r"raw"; let h = r#"with "quotes""#; let id = for_r"#;"##;
    assert_eq!(
        string_literals(src),
        ["one", "two \\\" x", "raw", "with \"quotes\"", "#;"]
    );
}

/// Every app in the list has its folder's files, and no `apis.rs` has SQL.
#[test]
fn every_app_keeps_the_folder_shape() {
    let mut wrong = Vec::new();
    for app in crate::APPS {
        let name = app.name();
        let dir = folder(name);
        let mut files = vec!["mod.rs", "rows.rs", "seed.rs", "tests.rs"];
        if app.spec().is_some() {
            files.push("apis.rs");
        }
        for f in files {
            if !dir.join(f).is_file() {
                wrong.push(format!("{name}/{f} is missing"));
            }
        }
        if let Ok(src) = std::fs::read_to_string(dir.join("apis.rs")) {
            for lit in string_literals(&src) {
                if let Some(word) = SQL.iter().find(|w| lit.contains(*w)) {
                    wrong.push(format!("{name}/apis.rs has SQL ({}): {lit}", word.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
