//! Where the suite writes SQL: only in `kit/` (typed end-state queries) and in the apps' row
//! types, never in a scenario or in `setup/`, so that checks and setups read as data.

#[path = "../../apps/src/literals.rs"]
mod literals;

use literals::string_literals;
use std::path::{Path, PathBuf};

/// The words that start SQL statements, as the suite writes them.
const SQL: &[&str] = &["SELECT ", "INSERT ", "UPDATE ", "DELETE "];

/// The `.rs` files under `dir`, recursively, in name order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

#[test]
fn scenarios_and_setup_write_no_sql() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = rust_files(&src.join("scenarios"));
    files.extend(rust_files(&src.join("setup")));
    assert!(files.len() > 100, "only {} files found", files.len());
    let mut wrong = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a readable source file");
        for lit in string_literals(&text) {
            if SQL.iter().any(|w| lit.contains(w)) {
                let at = f.strip_prefix(&src).unwrap_or(&f).display();
                wrong.push(format!("{at}: {lit}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "SQL belongs in tasks/src/kit or the app's rows.rs:\n{}",
        wrong.join("\n")
    );
}
