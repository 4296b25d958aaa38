//! The interpreter-fidelity probe: everyday agent cells with the output AppWorld's own shell
//! (CPython 3.11, IPython) gave for each (`tests/fidelity/cells/cells.jsonl`, recorded with the
//! oracle), replayed on both executors. A record is one cell (`code`, `output`), the first of a
//! fresh episode, or a sequence (`cells`, `outputs`) run in order in one episode. Prints each
//! executor's identical share, per group and in all, and its differences; fails if a share drops
//! below its floor. Cells where AppWorld's `execute` itself raised (recorded as
//! `<world.execute raised ...>`: an uncaught `KeyboardInterrupt`, `GeneratorExit` or bare
//! `BaseException` escapes AppWorld's shell) are not compared: appsim answers them with the
//! traceback, as for any other exception, and they are listed apart.

mod common;
use serde_json::Value;
use sim::{EpisodeConfig, PythonKind};
use std::collections::BTreeMap;

/// Shares measured when the probe was last recorded, rounded down; a lower share is a
/// regression. Measured: CPython 776/781 (99.4 %), RustPython 686/781 (87.8 %); what still
/// differs and why: `docs/python.md`.
fn floor(kind: PythonKind) -> f64 {
    match kind {
        PythonKind::RustPython => 0.87,
        PythonKind::CPython => 0.99,
    }
}

/// One record: its name, its group, and its cells with the outputs AppWorld gave.
type Record = (String, String, Vec<(String, String)>);

/// Every record of the probe.
fn records() -> Vec<Record> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fidelity/cells/cells.jsonl"
    ))
    .unwrap();
    let s = |v: &Value| v.as_str().unwrap().to_string();
    text.lines()
        .map(|l| {
            let r: Value = serde_json::from_str(l).unwrap();
            let cells = match (r.get("cells"), r.get("outputs")) {
                (Some(Value::Array(c)), Some(Value::Array(o))) => {
                    assert_eq!(c.len(), o.len(), "{l}");
                    c.iter().zip(o).map(|(c, o)| (s(c), s(o))).collect()
                }
                _ => vec![(s(&r["code"]), s(&r["output"]))],
            };
            let group = r.get("group").map_or("ungrouped".to_string(), s);
            (s(&r["name"]), group, cells)
        })
        .collect()
}

/// Runs on a thread with a rollout thread's 64 MiB stack (serve workers have 128 MiB): how deep
/// a RustPython recursion goes depends on the native stack (CPython's does not).
#[test]
fn interpreter_fidelity_probe() {
    let probe = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(run_probe)
        .unwrap();
    if let Err(panic) = probe.join() {
        std::panic::resume_unwind(panic);
    }
}

fn run_probe() {
    let records = records();
    let total: usize = records.iter().map(|r| r.2.len()).sum();
    assert!(total >= 100, "the probe has {total} cells");
    let mut report = String::new();
    let mut failures = Vec::new();
    for kind in PythonKind::ALL {
        let cfg = EpisodeConfig {
            python: kind,
            ..EpisodeConfig::default()
        };
        let mut ep = common::episode_on(kind, cfg.clone());
        let mut same = 0usize;
        let mut groups: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        let mut diffs = Vec::new();
        let mut apart = Vec::new();
        for (name, group, cells) in &records {
            ep.reset(cfg.clone()).unwrap();
            for (i, (code, want)) in cells.iter().enumerate() {
                let got = ep.execute(code);
                if want.starts_with("<world.execute raised") {
                    apart.push(format!("  {name}: AppWorld {want}; appsim {got:?}"));
                    continue;
                }
                let g = groups.entry(group.as_str()).or_default();
                g.1 += 1;
                if &got == want {
                    same += 1;
                    g.0 += 1;
                } else {
                    let at = if cells.len() > 1 {
                        format!(" (cell {})", i + 1)
                    } else {
                        String::new()
                    };
                    diffs.push(format!(
                        "  {name}{at}\n    want: {want:?}\n    got:  {got:?}"
                    ));
                }
            }
        }
        let compared = total - apart.len();
        let share = same as f64 / compared as f64;
        let per_group: Vec<String> = groups
            .iter()
            .map(|(g, (s, n))| format!("{g} {s}/{n}"))
            .collect();
        let summary = format!(
            "interpreter fidelity: {kind}: {same}/{compared} identical ({:.1} %); by group: {}",
            share * 100.0,
            per_group.join(", "),
        );
        common::report(&summary);
        report.push_str(&format!(
            "{summary}\n{}\n  not compared (AppWorld raised):\n{}\n",
            diffs.join("\n"),
            apart.join("\n")
        ));
        if share < floor(kind) {
            failures.push(format!(
                "{kind}: {same}/{compared} identical, below the floor {}",
                floor(kind)
            ));
        }
    }
    println!("{report}");
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
}
