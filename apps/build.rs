//! Fingerprints the code and data a built world depends on (this crate's sources and spec, the
//! engine's sources, the lock file) so a cached world image is used only by the code that
//! built it (`apps::seed::build_or_load_world`).

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    let roots = ["src", "spec", "../sim/src", "../Cargo.lock"];
    let mut all = Vec::new();
    for r in roots {
        println!("cargo:rerun-if-changed={r}");
        let p = Path::new(r);
        if p.is_dir() {
            files(p, &mut all);
        } else {
            all.push(p.to_path_buf());
        }
    }
    all.sort();
    // FNV-1a, 64 bits, over every path and its bytes.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for p in &all {
        eat(p.to_string_lossy().as_bytes());
        eat(&std::fs::read(p).unwrap_or_default());
    }
    println!("cargo:rustc-env=APPSIM_WORLD_FINGERPRINT={h:016x}");
}
