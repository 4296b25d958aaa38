//! Runs the Python package's own tests (`python/tests/test_*.py`) on the machine's `python3`
//! against the native module cargo just built for this test: the module is laid out beside the
//! package's Python files as `maturin develop` would, in a folder of its own.

#[path = "../../tests/common/pyclients.rs"]
mod pyclients;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The native module cargo built with this test (`lib_appsim.so` beside the test binary).
fn native_module() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("the test binary's folder");
    let name = if cfg!(target_os = "macos") {
        "lib_appsim.dylib"
    } else {
        "lib_appsim.so"
    };
    for dir in [deps, deps.parent().unwrap_or(deps)] {
        let p = dir.join(name);
        if p.exists() {
            return p;
        }
    }
    panic!("{name} not found beside {}", exe.display());
}

/// A folder holding the `appsim` package: its Python files and the native module, laid out
/// once per test run (the tests share it).
fn package() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(lay_out).clone()
}

fn lay_out() -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("appsim");
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-package");
    let pkg = root.join("appsim");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&pkg).unwrap();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "py") {
            std::fs::copy(&path, pkg.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::fs::copy(native_module(), pkg.join("_appsim.abi3.so")).unwrap();
    root
}

/// Runs `python -m unittest discover` over `python/tests/<dir>` with the package importable.
fn unittest(python: &Path, dir: &str, extra_env: &[(&str, PathBuf)]) {
    let root = package();
    let tests = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut cmd = Command::new(python);
    cmd.args(["-m", "unittest", "discover", "-v", "-s"])
        .arg(&tests)
        .current_dir(&root)
        .env("PYTHONPATH", &root)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("APPSIM_THREADS", "2");
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("python runs");
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(text.contains("\nOK"), "{text}");
    // What the tests print (figures), shown under `--nocapture`.
    print!("{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn the_packages_python_tests_pass() {
    unittest(Path::new("python3"), "", &[]);
}

/// `appsim.openenv` with the pinned openenv-core (its server, and its client driving it).
#[test]
fn the_openenv_adapter_works_with_openenv_core() {
    let Some(python) = pyclients::python_with("openenv-mcp") else {
        return;
    };
    let drive = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/openenv_client/drive.py");
    unittest(&python, "openenv", &[("OPENENV_DRIVE", drive)]);
}

/// `appsim.verifiers` with the pinned verifiers: rollouts through its own OpenAI client, a
/// scripted model behind it; with worlds on workers, then inline on the event loop's thread.
#[test]
fn the_verifiers_adapter_runs_rollouts_with_verifiers() {
    let Some(python) = pyclients::python_with("verifiers") else {
        return;
    };
    unittest(&python, "verifiers", &[]);
    unittest(&python, "verifiers", &[("APPSIM_INLINE", "1".into())]);
}

/// What `python3 harness.py` prints with the import switched to `appsim` (and `env` set),
/// and its status.
fn run_harness(root: &Path, script: &serde_json::Value, env: &[(&str, &Path)]) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-harness");
    std::fs::create_dir_all(&dir).unwrap();
    let harness =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/harness.py"))
            .unwrap();
    let import = "from appworld import AppWorld, load_task_ids";
    assert_eq!(
        harness.matches(import).count(),
        1,
        "the harness imports appworld once"
    );
    std::fs::write(
        dir.join("harness.py"),
        harness.replace(import, "from appsim import AppWorld, load_task_ids"),
    )
    .unwrap();
    std::fs::write(dir.join("script.json"), script.to_string()).unwrap();
    let out = Command::new("python3")
        .arg(dir.join("harness.py"))
        .arg(dir.join("script.json"))
        .current_dir(root)
        .env("PYTHONPATH", root)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .envs(env.iter().copied())
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The harness, switched to `appsim` by its import alone, prints what the same loops print
/// when driven in Rust on a `TaskEnv` (the path `appsim serve` answers AppWorld's own client
/// from, checked equal to it in tests/serve.rs): instructions, every cell's output, the
/// evaluation and its report.
#[test]
fn an_appworld_harness_runs_with_only_its_import_changed() {
    use tasks::appworld::{Live, report_text};
    let (world, registry) = tasks::world::open_world(None).unwrap();
    let suite = std::sync::Arc::new(tasks::world::suite());
    let dev = suite.split(tasks::Split::Dev);
    let picked: Vec<_> = [&dev[0], &dev[dev.len() / 2]]
        .into_iter()
        .cloned()
        .collect();
    let cells_of = |t: &tasks::Task| {
        let mut cells = vec![
            "print(apis.api_docs.show_api_descriptions(app_name='supervisor'))".to_string(),
            "1 / 0".to_string(),
        ];
        cells.extend(t.ground_truth.iter().cloned());
        cells
    };
    let script = serde_json::json!({
        "tasks": picked.iter().map(|t| serde_json::json!([t.id, cells_of(t)])).collect::<Vec<_>>()
    });
    let printed = run_harness(&package(), &script, &[]);

    let start = |t: &tasks::Task, max_interactions: usize| {
        let base = sim::EpisodeConfig {
            max_interactions,
            ..Default::default()
        };
        let env = tasks::TaskEnv::new(&world, registry.clone(), suite.clone(), base).unwrap();
        Live::start(env, &t.id).unwrap()
    };
    let b = |x: bool| if x { "True" } else { "False" };
    let mut want = String::new();
    for t in dev.iter().filter(|t| picked.iter().any(|p| p.id == t.id)) {
        let mut live = start(t, 1000);
        let person = suite.population().person(t.supervisor).unwrap();
        want += &format!("## {}: {}\n", t.id, t.instruction);
        want += &format!("{} {}\n", person.email, sim::clock::fmt_datetime(t.now));
        for code in cells_of(t) {
            want += &live.env.execute(&code);
            want += "\n";
            if live.env.completed() {
                break;
            }
        }
        let (tracked, report) = live.tracker().unwrap();
        let passed = report.checks.iter().filter(|c| c.passed).count();
        want += &format!(
            "{} {passed} {}\n",
            b(report.success),
            report.checks.len() - passed
        );
        want += &report_text(&tracked);
        want += "\n";
    }
    let first = &picked[0];
    let mut live = start(first, 10);
    want += &format!("user | {}\n", first.instruction);
    for code in cells_of(first).into_iter().take(10) {
        let output = live.env.execute(&code);
        want += &format!("assistant | {code}\nuser | Output:\n{output}\n");
        if live.env.completed() {
            break;
        }
    }
    let (rest, result) = printed.trim_end().rsplit_once('\n').unwrap();
    assert_eq!(format!("{rest}\n"), want, "the harness's output differs");
    let result: serde_json::Value = serde_json::from_str(result).unwrap();
    assert_eq!(result, live.tracker().unwrap().0);
}

/// The harness, switched to `appsim` by its import alone, prints the cells AppWorld printed:
/// `tests/appworld/appworld.out` is what it printed on the real AppWorld (recorded with
/// `tests/appworld/record.py`) over an AppWorld data root of two tasks on the oracle's world;
/// here appsim opens the same root (`APPSIM_APPWORLD_ROOT`: `tests/appworld/data` with
/// `tests/fidelity/world` as its `base_dbs`). Compared: each task's instruction, supervisor,
/// clock and every cell's output, and the ReAct loop's turns; not the evaluations (the root's
/// ground truths are AppWorld's, which appsim does not run).
#[test]
fn the_appworld_harness_prints_what_appworld_printed() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/appworld");
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("appworld-root");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("data")).unwrap();
    let world = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fidelity/world");
    for (link, to) in [
        ("tasks", here.join("data/tasks")),
        ("datasets", here.join("data/datasets")),
        ("base_dbs", world),
    ] {
        std::os::unix::fs::symlink(to, root.join("data").join(link)).unwrap();
    }
    let script: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(here.join("cells.json")).unwrap()).unwrap();
    let printed = run_harness(
        &package(),
        &script,
        &[("APPSIM_APPWORLD_ROOT", root.as_path())],
    );
    let recorded = std::fs::read_to_string(here.join("appworld.out")).unwrap();
    let (got, want) = (cells_printed(&printed), cells_printed(&recorded));
    assert!(want.len() > 40, "the recording has its cells");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "line {i} of the cells printed differs");
    }
    assert_eq!(got.len(), want.len(), "as many lines printed");
}

/// What the harness printed, less the evaluations: each task's lines up to its tracker line
/// (`True 1 0`), then the ReAct turns (from the first `user | ` line), less the last line
/// (the ReAct result's tracker).
fn cells_printed(out: &str) -> Vec<&str> {
    let tracker = |l: &str| {
        let w: Vec<&str> = l.split(' ').collect();
        w.len() == 3
            && (w[0] == "True" || w[0] == "False")
            && w[1..].iter().all(|n| n.parse::<u32>().is_ok())
    };
    let lines: Vec<&str> = out.lines().collect();
    let react = lines
        .iter()
        .position(|l| l.starts_with("user | "))
        .expect("the ReAct turns");
    let mut kept = Vec::new();
    let mut in_task = false;
    for l in &lines[..react] {
        if l.starts_with("## ") {
            in_task = true;
        } else if tracker(l) {
            in_task = false;
        }
        if in_task {
            kept.push(*l);
        }
    }
    kept.extend(&lines[react..lines.len() - 1]);
    kept
}

/// Two steps of TRL's `GRPOTrainer` on the CPU with SmolLM2-135M-Instruct and
/// `appsim.trl` as its `environment_factory`. Opt-in: its venv is about 6 GB (torch's Linux
/// wheels bring CUDA's libraries) and the model must be fetched first:
/// `scripts/fetch-model.sh` then `APPSIM_MODEL_DIR=models/smollm2-135m-instruct cargo test
/// -p appsim-python -- --ignored grpo --nocapture` (figures in docs/python.md).
#[test]
#[ignore = "installs torch and TRL (~6 GB) and needs APPSIM_MODEL_DIR; see its doc comment"]
fn two_grpo_steps_of_trl_run_on_appsim_worlds() {
    let model = std::env::var_os("APPSIM_MODEL_DIR")
        .map(PathBuf::from)
        .expect("APPSIM_MODEL_DIR names the folder scripts/fetch-model.sh wrote");
    // A relative path is from the repository's root, where the command is typed.
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(model);
    let model = std::fs::canonicalize(&model).expect("APPSIM_MODEL_DIR exists");
    let Some(python) = pyclients::python_with("trl") else {
        return;
    };
    unittest(&python, "trl", &[("APPSIM_MODEL_DIR", model)]);
}

/// `appsim.ray` on a local Ray instance with the pinned Ray: 1,000 worlds over 2 actors, K
/// rollouts spread, an actor killed mid-run (about a minute, the venv's install included).
#[test]
fn the_ray_pool_hosts_worlds_on_actors() {
    let Some(python) = pyclients::python_with("ray") else {
        return;
    };
    unittest(&python, "ray", &[]);
}
