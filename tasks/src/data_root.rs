//! Tasks given in AppWorld's own format: a data root whose `data/base_dbs/` holds the world
//! (AppWorld's `<app>.db` files), `data/tasks/<id>/` each task (`specs.json`: instruction,
//! supervisor, clock; `dbs/<app>.jsonl`: the task's changes to the base DBs) and
//! `data/datasets/<split>.txt` the ids of each split.
//!
//! appsim runs such a task as AppWorld does: the agent's cells on the base world at the task's
//! clock, with the world's supervisor. What it cannot do yet is refused when the root is read,
//! never half done: a task whose change logs are not empty (AppWorld's own tasks write their
//! setup there), or whose supervisor is not the one the world's supervisor app holds. The
//! tasks carry no checks of their own (their ground truths are AppWorld's Python, which appsim
//! does not run), so evaluating one runs only the standard checks.

use crate::model::{Split, Task};
use apps::admin::rows::MainUsers;
use apps::people::Population;
use apps::supervisor::rows::Supervisors;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a task is called in listings when it comes from a data root.
pub const SCENARIO: &str = "AppWorld data root";

/// The folder of the world's DBs in a data root.
pub fn base_dbs(root: &Path) -> PathBuf {
    root.join("data").join("base_dbs")
}

/// The people of the world open on `db` (AppWorld's `admin.main_users`), with what the
/// table says of them (no addresses, cards or passwords: the world's apps hold those).
pub fn people(db: &Connection) -> Result<Population, String> {
    let people = MainUsers::people(db).map_err(|e| format!("cannot read admin.main_users: {e}"))?;
    if let Some((i, p)) = people
        .iter()
        .enumerate()
        .find(|(i, p)| p.id != *i as i64 + 1)
    {
        return Err(format!(
            "admin.main_users: ids must run 1, 2, ...; row {} has id {}",
            i + 1,
            p.id
        ));
    }
    Ok(Population {
        people,
        ..Population::default()
    })
}

/// The tasks of the data root at `root`, split by split in the order of the datasets files
/// (splits without a file have no tasks), for the world open on `db` whose people are
/// `people`. `Err` says, in one line, what the root lacks or what appsim cannot run.
pub fn tasks(root: &Path, db: &Connection, people: &Population) -> Result<Vec<Task>, String> {
    let data = root.join("data");
    let holder = Supervisors::email(db)
        .map_err(|e| format!("cannot read supervisor.supervisors: {e}"))?
        .ok_or("the world's supervisor app has no supervisor")?;
    let mut out = Vec::new();
    for split in Split::ALL {
        let list = data
            .join("datasets")
            .join(format!("{}.txt", split.as_str()));
        let Ok(text) = std::fs::read_to_string(&list) else {
            continue;
        };
        for id in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            out.push(task(
                &data.join("tasks").join(id),
                id,
                split,
                &holder,
                people,
            )?);
        }
    }
    if out.is_empty() {
        return Err(format!(
            "{} lists no task (data/datasets/<split>.txt)",
            root.display()
        ));
    }
    Ok(out)
}

/// One task of the root, from its folder.
fn task(
    dir: &Path,
    id: &str,
    split: Split,
    holder: &str,
    people: &Population,
) -> Result<Task, String> {
    let specs_path = dir.join("specs.json");
    let specs: serde_json::Value = std::fs::read_to_string(&specs_path)
        .map_err(|e| format!("{}: {e}", specs_path.display()))
        .and_then(|t| {
            serde_json::from_str(&t).map_err(|e| format!("{}: {e}", specs_path.display()))
        })?;
    let field = |key: &str| {
        specs[key]
            .as_str()
            .ok_or_else(|| format!("{}: no \"{key}\" string", specs_path.display()))
    };
    let instruction = field("instruction")?.to_string();
    let now = sim::clock::parse_clock(field("datetime")?)
        .map_err(|why| format!("{}: datetime: {why}", specs_path.display()))?;
    let email = specs["supervisor"]["email"].as_str().ok_or_else(|| {
        format!(
            "{}: no supervisor e-mail (\"supervisor\": {{\"email\": ..}})",
            specs_path.display()
        )
    })?;
    let supervisor = people
        .people
        .iter()
        .find(|p| p.email == email)
        .ok_or_else(|| format!("task {id}: its supervisor {email} is not in admin.main_users"))?;
    if supervisor.email != holder {
        return Err(format!(
            "task {id}: its supervisor is {email}, but the world's supervisor app holds {holder} \
             (appsim cannot yet make another person an AppWorld task's supervisor)"
        ));
    }
    if let Some(log) = changed(&dir.join("dbs"))? {
        return Err(format!(
            "task {id}: {} changes the base DBs, and appsim cannot apply AppWorld's change \
             logs yet",
            log.display()
        ));
    }
    Ok(Task {
        id: id.to_string(),
        scenario_id: id.to_string(),
        scenario: SCENARIO,
        variant: 1,
        split,
        difficulty: 1,
        instruction,
        supervisor: supervisor.id,
        now,
        apps: Vec::new(),
        answer: None,
        ground_truth: Vec::new(),
        wrong_solutions: Vec::new(),
        setup: Arc::new(|_| Ok(())),
        checks: Vec::new(),
        allowed: Vec::new(),
    })
}

/// The first non-empty change log in `dbs` (none, or no folder: `None`).
fn changed(dbs: &Path) -> Result<Option<PathBuf>, String> {
    let Ok(entries) = std::fs::read_dir(dbs) else {
        return Ok(None);
    };
    let mut logs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    logs.sort();
    for log in logs {
        let meta = std::fs::metadata(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        if meta.is_file() && meta.len() > 0 {
            return Ok(Some(log));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use crate::world::{OpenError, TaskWorld};
    use std::path::{Path, PathBuf};

    /// A data root in a fresh folder, removed when dropped.
    struct Root(PathBuf);

    impl std::ops::Deref for Root {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Root {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A data root whose base DBs are the oracle's world (a link to it), and whose tasks are
    /// `tasks`, (id, supervisor e-mail, a change log's text), listed in `datasets/dev.txt`.
    fn root(name: &str, tasks: &[(&str, &str, &str)]) -> Root {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let root =
            std::env::temp_dir().join(format!("appsim-data-root-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let data = root.join("data");
        std::fs::create_dir_all(&data).unwrap();
        std::os::unix::fs::symlink(repo.join("tests/fidelity/world"), data.join("base_dbs"))
            .unwrap();
        std::fs::create_dir_all(data.join("datasets")).unwrap();
        let ids: String = tasks.iter().map(|t| format!("{}\n", t.0)).collect();
        std::fs::write(data.join("datasets/dev.txt"), ids).unwrap();
        for (id, email, log) in tasks {
            let dir = data.join("tasks").join(id);
            std::fs::create_dir_all(dir.join("dbs")).unwrap();
            std::fs::write(dir.join("dbs/venmo.jsonl"), log).unwrap();
            let specs = serde_json::json!({
                "instruction": format!("Task {id}."),
                "supervisor": {"email": email},
                "datetime": "2024-01-02T03:04:05",
            });
            std::fs::write(dir.join("specs.json"), specs.to_string()).unwrap();
        }
        Root(root)
    }

    fn refusal(root: &Path) -> String {
        match TaskWorld::open_data_root(root) {
            Err(OpenError::Root(why)) => why,
            Err(e) => panic!("another error: {e}"),
            Ok(_) => panic!("the root opened"),
        }
    }

    #[test]
    fn a_root_gives_its_tasks_on_its_world() {
        let root = root(
            "ok",
            &[
                ("t1", "alice.ng@gmail.com", ""),
                ("t2", "alice.ng@gmail.com", ""),
            ],
        );
        let tw = TaskWorld::open_data_root(&root).unwrap();
        let ids: Vec<&str> = tw.suite.tasks().iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["t1", "t2"]);
        let t = tw.suite.get("t2").unwrap();
        assert_eq!(t.split, crate::Split::Dev);
        assert_eq!(t.instruction, "Task t2.");
        assert_eq!(sim::clock::fmt_datetime(t.now), "2024-01-02T03:04:05");
        let sup = tw.suite.population().person(t.supervisor).unwrap();
        assert_eq!(
            (sup.first_name.as_str(), sup.last_name.as_str()),
            ("Alice", "Ng")
        );
        assert_eq!(tw.suite.population().people.len(), 4);
    }

    #[test]
    fn what_appsim_cannot_run_is_refused_in_one_line() {
        let why = refusal(&root(
            "log",
            &[("t1", "alice.ng@gmail.com", "{\"x\": 1}\n")],
        ));
        assert!(why.contains("venmo.jsonl changes the base DBs"), "{why}");
        let why = refusal(&root("other", &[("t1", "bruno.ortiz@gmail.com", "")]));
        assert!(
            why.contains("the world's supervisor app holds alice.ng@gmail.com"),
            "{why}"
        );
        let why = refusal(&root("stranger", &[("t1", "nobody@example.com", "")]));
        assert!(why.contains("is not in admin.main_users"), "{why}");
        let why = refusal(&root("empty", &[]));
        assert!(
            why.contains("lists no task") && !why.contains('\n'),
            "{why}"
        );
        let bare = root("bare", &[("t1", "alice.ng@gmail.com", "")]);
        std::fs::remove_file(bare.join("data/base_dbs")).unwrap();
        let why = refusal(&bare);
        assert!(
            why.contains("appsim-data-root-bare") && !why.contains('\n'),
            "{why}"
        );
    }
}
