//! Pinned Python clients for tests: a venv per `tests/pyclients/<name>.txt`, shared by the
//! tests of the root package (`tests/serve.rs`) and of the Python package
//! (`python/tests/python.rs`), which include this file by path.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The repository's root: the first folder above the including crate that holds
/// `tests/pyclients`.
fn repo_root() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("tests/pyclients").is_dir() {
        assert!(
            dir.pop(),
            "no tests/pyclients above {}",
            env!("CARGO_MANIFEST_DIR")
        );
    }
    dir
}

/// Can this machine reach PyPI?
fn pypi_reachable() -> bool {
    std::process::Command::new("python3")
        .args([
            "-c",
            "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/pip/', timeout=15)",
        ])
        .status()
        .is_ok_and(|s| s.success())
}

/// A Python with exactly the packages pinned in `tests/pyclients/<name>.txt`: a venv under
/// cargo's target tmp dir, made on first use and reused while the pins stay the same. `None`,
/// with the reason printed, only where PyPI cannot be reached.
pub fn python_with(name: &str) -> Option<PathBuf> {
    static MAKING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = MAKING.lock().unwrap_or_else(|e| e.into_inner());
    let pins_file = repo_root()
        .join("tests/pyclients")
        .join(format!("{name}.txt"));
    let pins = std::fs::read_to_string(&pins_file).unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("pyclients-{name}"));
    let (python, stamp) = (dir.join("bin/python"), dir.join("pins.txt"));
    if python.exists() && std::fs::read_to_string(&stamp).ok().as_deref() == Some(pins.as_str()) {
        return Some(python);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let venv = std::process::Command::new("python3")
        .args(["-m", "venv"])
        .arg(&dir)
        .output()
        .expect("python3 runs");
    assert!(
        venv.status.success(),
        "python3 -m venv failed: {}",
        String::from_utf8_lossy(&venv.stderr)
    );
    let pip = std::process::Command::new(dir.join("bin/pip"))
        .args([
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "-r",
        ])
        .arg(&pins_file)
        .output()
        .expect("pip runs");
    if !pip.status.success() {
        if !pypi_reachable() {
            eprintln!("skipped: PyPI cannot be reached, so the {name} client cannot be installed");
            return None;
        }
        panic!(
            "installing {}: {}",
            pins_file.display(),
            String::from_utf8_lossy(&pip.stderr)
        );
    }
    if name == "appworld" {
        // The package ships its apps packed; its client imports them.
        let unpack = std::process::Command::new(&python)
            .args(["-m", "appworld.cli", "install"])
            .output()
            .expect("python runs");
        assert!(
            unpack.status.success(),
            "appworld install: {}",
            String::from_utf8_lossy(&unpack.stderr)
        );
    }
    std::fs::write(&stamp, pins).unwrap();
    Some(python)
}
