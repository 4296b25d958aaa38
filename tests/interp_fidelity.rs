//! The interpreter-fidelity probe: 256 everyday cells with the output AppWorld's own shell
//! (CPython 3.11) gave for each (`tests/fidelity/cells/cells.jsonl`, recorded with the oracle),
//! replayed on both executors, each cell as the first of a fresh episode. Prints each
//! executor's identical share and its differences; fails if a share drops below its floor.

mod common;
use serde_json::Value;
use sim::{EpisodeConfig, PythonKind};

/// Shares measured when the probe was committed, rounded down; a lower share is a regression.
fn floor(kind: PythonKind) -> f64 {
    match kind {
        // 176/256 when committed.
        PythonKind::RustPython => 0.68,
        // 208/256 when committed.
        PythonKind::CPython => 0.81,
    }
}

#[test]
fn interpreter_fidelity_probe() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fidelity/cells/cells.jsonl"
    ))
    .unwrap();
    let cells: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(cells.len() >= 100, "the probe has {} cells", cells.len());
    let mut report = String::new();
    for kind in PythonKind::ALL {
        let cfg = EpisodeConfig {
            python: kind,
            ..EpisodeConfig::default()
        };
        let mut ep = common::episode_on(kind, cfg.clone());
        let mut same = 0usize;
        let mut diffs = Vec::new();
        for cell in &cells {
            ep.reset(cfg.clone()).unwrap();
            let got = ep.execute(cell["code"].as_str().unwrap());
            let want = cell["output"].as_str().unwrap();
            if got == want {
                same += 1;
            } else {
                diffs.push(format!(
                    "  {}\n    want: {want:?}\n    got:  {got:?}",
                    cell["name"].as_str().unwrap()
                ));
            }
        }
        let share = same as f64 / cells.len() as f64;
        report.push_str(&format!(
            "{kind}: {same}/{} identical ({:.1} %)\n{}\n",
            cells.len(),
            share * 100.0,
            diffs.join("\n")
        ));
        assert!(
            share >= floor(kind),
            "{kind}: {same}/{} identical, below the floor {}\n{report}",
            cells.len(),
            floor(kind)
        );
    }
    println!("{report}");
}
