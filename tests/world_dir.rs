//! `--world DIR` through the `appsim` binary: the shell and bench run on a directory of
//! AppWorld `<app>.db` files (the real AppWorld world in `tests/fidelity/world`: four people,
//! supervisor Alice Ng), the API docs always come from appsim's registry, tasks run only on a
//! world holding appsim's generated people, and bad directories are one-line errors.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const APPWORLD: &str = "tests/fidelity/world";

fn appsim(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_appsim"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("appsim runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("appsim-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts a failed run with exit code 1 and exactly one line `appsim: ...` holding `needle`.
fn assert_one_line_error(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{}", text(o));
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        err.starts_with("appsim: ") && err.contains(needle),
        "{needle:?} in {err}"
    );
}

#[test]
fn shell_runs_on_an_appworld_world() {
    let cells = "print(apis.supervisor.show_profile())\n# %%\n\
        tok = apis.simple_note.login(username='alice.ng@gmail.com', password='alice-simple_note-pw1')['access_token']\n\
        print(sorted(n['title'] for n in apis.simple_note.search_notes(access_token=tok)))\n\
        # %%\n\
        print([d['api_name'] for d in apis.api_docs.search_api_docs(query='delete note', page_limit=1)])\n";
    let o = appsim(&["shell", "--world", APPWORLD], cells);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("\"first_name\": \"Alice\"") && out.contains("alice.ng@gmail.com"),
        "{out}"
    );
    assert!(
        out.contains(r#"["Book list", "Groceries", "Workout plan"]"#),
        "{out}"
    );
    // The directory has no api_docs.db: the docs table and its search index were filled.
    assert!(out.contains("# %% cell 3\n[\"delete_note\"]\n"), "{out}");
}

#[test]
fn bench_runs_on_an_appworld_world_and_skips_what_it_lacks() {
    let o = appsim(&["bench", "--iters", "2", "--world", APPWORLD], "");
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["world"]["a_api_from_rust_us"].is_number(), "{v}");
    assert!(v["world"].get("skipped").is_none(), "{v}");
    assert!(
        v["task_evaluation"]["skipped"]
            .as_str()
            .is_some_and(|s| s.contains("tasks cannot run on this world")),
        "{v}"
    );
    assert!(v["sessions"]["skipped"].is_string(), "{v}");
    // Without simple_note.db the supervisor has no notes account: those fields are skipped.
    let dir = temp_dir("world-no-notes");
    for e in std::fs::read_dir(APPWORLD).unwrap() {
        let p = e.unwrap().path();
        if p.file_name().is_some_and(|n| n != "simple_note.db") {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    let o = appsim(
        &["bench", "--iters", "2", "--world", dir.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["world"]["c_trivial_cell_us"].is_number(), "{v}");
    assert!(v["world"].get("a_api_from_rust_us").is_none(), "{v}");
    assert!(
        v["world"]["skipped"]["a_api_from_rust_us"]
            .as_str()
            .is_some_and(|s| s.contains("cannot log into simple_note")),
        "{v}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tasks_refuse_a_world_without_their_people() {
    for args in [
        &["run-task", "59fcb00_1", "--world", APPWORLD][..],
        &["eval", "--split", "dev", "--world", APPWORLD],
        &[
            "eval",
            "--split",
            "dev",
            "--policy",
            "ground-truth",
            "--world",
            APPWORLD,
        ],
    ] {
        let o = appsim(args, "");
        assert_one_line_error(&o, "appsim's tasks cannot run on this world");
    }
}

#[test]
fn tasks_run_on_an_exported_world_with_appsims_api_docs() {
    let dir = temp_dir("world-export");
    let o = appsim(&["export-world", dir.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", text(&o));
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert!(
        manifest.contains(r#""datetime": "2023-05-18T12:00:00""#),
        "{manifest}"
    );
    // AppWorld's docs rows in an api_docs.db give way to the registry's.
    let db = rusqlite::Connection::open(dir.join("api_docs.db")).unwrap();
    db.execute_batch(
        "DELETE FROM api_docs; \
         INSERT INTO api_docs (app_name_, api_name, path, method, description, parameters, response_schemas) \
         VALUES ('spotify', 'play', '/spotify/play', 'POST', 'Play a song.', '[]', '{}');",
    )
    .unwrap();
    drop(db);
    let world = dir.to_str().unwrap();
    let o = appsim(&["run-task", "59fcb00_1", "--world", world], "");
    assert!(o.status.success(), "the ground truth passes: {}", text(&o));
    // --datetime replaces the task's own clock.
    let cells = dir.join("clock.py");
    std::fs::write(&cells, "print(apis.phone.get_current_date_and_time())\n").unwrap();
    let solution = cells.to_str().unwrap();
    let o = appsim(
        &[
            "run-task",
            "59fcb00_1",
            "--world",
            world,
            "--solution",
            solution,
            "--datetime",
            "2024-12-31T18:30:00",
        ],
        "",
    );
    assert!(
        text(&o).contains("Tuesday, December 31, 2024"),
        "{}",
        text(&o)
    );
    let cells = "docs, i = [], 0\n\
        while True:\n    \
            page = apis.api_docs.search_api_docs(query='delete note', page_index=i, page_limit=20)\n    \
            if not page:\n        break\n    \
            docs += page\n    i += 1\n\
        print(len(docs), docs[0]['api_name'])\n";
    let o = appsim(&["shell", "--world", world], cells);
    let out = text(&o);
    let n = apps::registry().apis().len();
    assert!(out.contains(&format!("{n} delete_note\n")), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The phone's clock as a shell on `args` prints it.
fn phone_clock(args: &[&str]) -> String {
    let mut all = vec!["shell"];
    all.extend_from_slice(args);
    let o = appsim(&all, "print(apis.phone.get_current_date_and_time())\n");
    assert!(o.status.success(), "{}", text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A world's clock: `--datetime`, else its directory's manifest.json, else
/// 2023-05-18T12:00:00; `import-appworld-db` reports it; a bad clock is a clear error.
#[test]
fn worlds_carry_their_clock() {
    let dir = temp_dir("world-clock");
    for e in std::fs::read_dir(APPWORLD).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let d = dir.to_str().unwrap();
    let out = phone_clock(&["--world", d]);
    assert!(
        out.contains("Thursday, May 18, 2023") && out.contains("12:00 PM"),
        "{out}"
    );
    std::fs::write(
        dir.join("manifest.json"),
        r#"{"datetime": "2024-02-29T23:59:59", "note": "a leap day"}"#,
    )
    .unwrap();
    let out = phone_clock(&["--world", d]);
    assert!(
        out.contains("Thursday, February 29, 2024") && out.contains("11:59 PM"),
        "{out}"
    );
    let out = phone_clock(&["--world", d, "--datetime", "2025-12-31T08:05:00"]);
    assert!(
        out.contains("Wednesday, December 31, 2025") && out.contains("08:05 AM"),
        "{out}"
    );
    let out = phone_clock(&["--datetime", "2030-01-01T00:00:00"]);
    assert!(out.contains("Tuesday, January 01, 2030"), "{out}");
    let o = appsim(&["import-appworld-db", d], "");
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["datetime"], "2024-02-29T23:59:59", "{v}");
    // Flags are checked by the parser (exit 2), manifests when the world loads (exit 1).
    let o = appsim(&["shell", "--datetime", "2023-02-29T00:00:00"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("YYYY-MM-DDTHH:MM:SS"), "{}", text(&o));
    std::fs::write(dir.join("manifest.json"), r#"{"datetime": "noon"}"#).unwrap();
    let o = appsim(&["shell", "--world", d], "print(1)\n");
    assert_one_line_error(&o, "manifest.json");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_world_dir_is_a_one_line_error() {
    let empty = temp_dir("world-empty");
    let not_sqlite = temp_dir("world-not-sqlite");
    std::fs::write(not_sqlite.join("admin.db"), b"not a database").unwrap();
    let missing = Path::new("/nonexistent/appsim-world");
    for (dir, needle) in [
        (missing, "no such directory"),
        (Path::new("Cargo.toml"), "is not a directory"),
        (empty.as_path(), "no AppWorld <app>.db files"),
        (not_sqlite.as_path(), "is not a SQLite database"),
    ] {
        let d = dir.to_str().unwrap();
        for args in [
            &["shell", "--world", d][..],
            &["bench", "--iters", "1", "--world", d],
            &["run-task", "59fcb00_1", "--world", d],
            &["import-appworld-db", d],
        ] {
            let o = appsim(args, "print(1)\n");
            assert_one_line_error(&o, needle);
        }
    }
    let _ = std::fs::remove_dir_all(&empty);
    let _ = std::fs::remove_dir_all(&not_sqlite);
}
