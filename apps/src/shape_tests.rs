//! The folder shape every app keeps, checked over [`crate::APPS`]: `apps/src/<app>/` has
//! `mod.rs` (the `App` impl), `rows.rs`, `seed.rs`, `tests.rs`, and `apis.rs` when the app has
//! APIs; an `apis.rs` holds registrations only, so none of its string literals is SQL.

use crate::literals::string_literals;
use std::path::{Path, PathBuf};

/// The words that start SQL statements, as the apps write them.
const SQL: &[&str] = &["SELECT ", "INSERT ", "UPDATE ", "DELETE "];

/// The app's folder.
fn folder(app: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(app)
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
