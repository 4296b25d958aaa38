//! Episodes as tenants: the tamper matrix (each tamper x each context where another episode
//! could see it), cells that used to end the process or stall it, memory and time bounds
//! measured, fork independence, eval results independent of task order, and the refusal of
//! executors that do not isolate episodes for `serve`, `eval` and `train`.

mod common;
use sim::{EpisodeConfig, PythonKind};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tasks::TaskEnv;

/// The executors allowed where episodes are tenants.
fn isolating() -> Vec<PythonKind> {
    PythonKind::ALL
        .into_iter()
        .filter(|k| k.isolates_episodes())
        .collect()
}

/// A tamper: a cell that changes something shared-looking, and a probe cell whose output shows
/// whether the change is visible.
struct Tamper {
    name: &'static str,
    cell: &'static str,
    probe: &'static str,
}

const TAMPERS: &[Tamper] = &[
    Tamper {
        name: "builtins.len",
        cell: "__builtins__.len = lambda x: 42",
        probe: "print(len([1, 2]))",
    },
    Tamper {
        name: "builtins.print",
        cell: "__builtins__.print = lambda *a, **k: None",
        probe: "print('visible')",
    },
    Tamper {
        name: "json.dumps",
        cell: "import json\njson.dumps = lambda *a, **k: 'patched'",
        probe: "import json\nprint(json.dumps([1]))",
    },
    Tamper {
        name: "datetime.now",
        cell: "import datetime\ndatetime.datetime = type('D', (), {'now': staticmethod(lambda: 'patched')})",
        probe: "import datetime\nprint(datetime.datetime.now())",
    },
    Tamper {
        name: "apis",
        cell: "type(apis).__getattr__ = lambda self, name: 'patched'",
        probe: "print(apis.some_app)",
    },
    Tamper {
        name: "builtins.__import__",
        cell: "import builtins\nbuiltins.__import__ = lambda *a, **k: 'hijacked'",
        probe: "import json\nprint(json)",
    },
    Tamper {
        name: "calendar.setfirstweekday",
        cell: "import calendar\ncalendar.setfirstweekday(6)",
        probe: "import calendar\nprint(calendar.firstweekday())",
    },
    Tamper {
        name: "fractions class method",
        cell: "import fractions\nfractions.Fraction.__repr__ = lambda self: 'tampered'",
        probe: "import fractions\nprint(repr(fractions.Fraction(1, 2)))",
    },
    Tamper {
        name: "class attribute",
        cell: "import collections\ncollections.Counter.most_common = lambda self, n=None: 'patched'",
        probe: "from collections import Counter\nprint(Counter('aab').most_common(1))",
    },
    Tamper {
        name: "random state",
        cell: "import random\nrandom.seed(7)",
        probe: "import random\nprint(random.getstate()[1][:3])",
    },
    Tamper {
        name: "variables",
        cell: "secret_token = 'tok-123'",
        probe: "print('secret_token' in globals())",
    },
    Tamper {
        name: "a file written through `open`",
        cell: "w = open\nf = w('notes.txt', 'w')\nf.write('secret')\nf.close()",
        probe: "r = open\ntry:\n    print(r('notes.txt').read())\nexcept FileNotFoundError as e:\n    print(e)",
    },
    Tamper {
        name: "sys.modules",
        cell: "__import__.__globals__['_appsim_real_import']('sys').modules['json'] = None",
        probe: "import json\nprint(json.loads('[1]'))",
    },
];

fn cfg(kind: PythonKind) -> EpisodeConfig {
    EpisodeConfig {
        python: kind,
        ..EpisodeConfig::default()
    }
}

/// What `probe` prints on a fresh episode.
fn baseline(kind: PythonKind, probe: &str) -> String {
    common::episode_on(kind, cfg(kind)).execute(probe)
}

/// The tamper must change its own episode (else the row proves nothing).
fn tampered_self(kind: PythonKind, t: &Tamper, ep: &mut sim::Episode, base: &str) {
    let out = ep.execute(t.cell);
    assert!(
        !out.contains("Traceback"),
        "{kind} {}: the tamper failed: {out}",
        t.name
    );
    let seen = ep.execute(t.probe);
    assert_ne!(
        seen, base,
        "{kind} {}: the tamper did not change its own episode",
        t.name
    );
}

#[test]
fn tamper_matrix_other_session_reset_fork_sibling() {
    for kind in isolating() {
        for t in TAMPERS {
            let base = baseline(kind, t.probe);
            // Another session alive at the same time, on the same thread.
            let mut a = common::episode_on(kind, cfg(kind));
            let mut b = common::episode_on(kind, cfg(kind));
            tampered_self(kind, t, &mut a, &base);
            assert_eq!(b.execute(t.probe), base, "{kind} {}: other session", t.name);
            // The same session after a reset.
            a.reset(cfg(kind)).unwrap();
            assert_eq!(
                a.execute(t.probe),
                base,
                "{kind} {}: same session after reset",
                t.name
            );
            // A fork's sibling: fork, then tamper one branch.
            let mut left = common::episode_on(kind, cfg(kind));
            let mut right = left.fork().unwrap();
            tampered_self(kind, t, &mut right, &base);
            assert_eq!(
                left.execute(t.probe),
                base,
                "{kind} {}: fork sibling",
                t.name
            );
            drop(right);
            assert_eq!(left.execute(t.probe), base, "{kind} {}: after drop", t.name);
        }
    }
}

#[test]
fn tamper_matrix_next_task_in_an_eval() {
    let (world, registry) = common::env();
    let suite = Arc::new(tasks::world::suite());
    let ids: Vec<String> = suite.tasks()[..2].iter().map(|t| t.id.clone()).collect();
    for kind in isolating() {
        common::ensure_cpython();
        let mut env = TaskEnv::new(world, registry.clone(), suite.clone(), cfg(kind)).unwrap();
        for t in TAMPERS {
            let (fresh, _) = env.run_solution(&ids[1], &[t.probe.to_string()]).unwrap();
            let (own, _) = env
                .run_solution(&ids[0], &[t.cell.to_string(), t.probe.to_string()])
                .unwrap();
            assert_ne!(own[1], fresh[0], "{kind} {}: tamper had no effect", t.name);
            let (next, _) = env.run_solution(&ids[1], &[t.probe.to_string()]).unwrap();
            assert_eq!(next[0], fresh[0], "{kind} {}: next task in an eval", t.name);
        }
    }
}

/// The per-task rewards of `cells(task)` over `ids` in that order.
fn rewards(
    kind: PythonKind,
    ids: &[String],
    cells: &dyn Fn(&tasks::Task) -> Vec<String>,
) -> Vec<(String, f64)> {
    let (world, registry) = common::env();
    let suite = Arc::new(tasks::world::suite());
    let mut env = TaskEnv::new(world, registry.clone(), suite.clone(), cfg(kind)).unwrap();
    let mut out: Vec<(String, f64)> = ids
        .iter()
        .map(|id| {
            let task = suite.get(id).unwrap();
            let (_, report) = env.run_solution(id, &cells(&task)).unwrap();
            (id.clone(), report.reward)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn eval_rewards_do_not_depend_on_task_order() {
    let suite = tasks::world::suite();
    let ids: Vec<String> = suite
        .split(tasks::Split::Dev)
        .iter()
        .take(16)
        .map(|t| t.id.clone())
        .collect();
    // Every other task's solution starts by breaking builtins and the json module: were that
    // visible to later tasks, their rewards would depend on what ran before them.
    let solution = |task: &tasks::Task| -> Vec<String> {
        let mut cells = Vec::new();
        if task.id.bytes().map(u32::from).sum::<u32>() % 2 == 0 {
            cells.push("import json\njson.loads = None\n__builtins__.sorted = None".to_string());
        }
        cells.extend(task.ground_truth.iter().cloned());
        cells
    };
    for kind in isolating() {
        common::ensure_cpython();
        let forward = rewards(kind, &ids, &solution);
        let mut reversed_ids = ids.clone();
        reversed_ids.reverse();
        let backward = rewards(kind, &reversed_ids, &solution);
        assert_eq!(forward, backward, "{kind}: rewards depend on order");
        let clean = rewards(kind, &ids, &|t: &tasks::Task| t.ground_truth.clone());
        assert!(
            clean.iter().all(|(_, r)| *r == 1.0),
            "{kind}: ground truths fail: {clean:?}"
        );
    }
}

/// A cell with a short time limit; returns its output and how long it took.
fn timed(ep: &mut sim::Episode, code: &str) -> (String, Duration) {
    let start = Instant::now();
    let out = ep.execute(code);
    (out, start.elapsed())
}

fn limited(kind: PythonKind, seconds: f64) -> sim::Episode {
    common::episode_on(
        kind,
        EpisodeConfig {
            time_limit: Duration::from_secs_f64(seconds),
            memory_limit: 256 << 20,
            ..cfg(kind)
        },
    )
}

#[test]
fn cells_that_used_to_kill_or_stall_the_process_end_within_their_limit() {
    for kind in isolating() {
        let mut ep = limited(kind, 2.0);
        assert_eq!(
            ep.execute("keep = 'still here'\nprint(keep)"),
            "still here\n"
        );
        let cells: &[(&str, &str)] = &[
            ("x = '%3000000000d' % 1", "Error"),
            ("x = f\"{0:>1000000000}\"", "Error"),
            ("x = pow(3, 10**9)", "timed out"),
            ("x = 7 ** (10 ** 8)\nprint(x % 10)", "timed out"),
            (
                "import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')",
                "timed out",
            ),
            ("while True:\n    pass", "timed out"),
            ("import time\ntime.sleep(130)", ""),
            ("import _thread", "not allowed"),
        ];
        for (cell, expect) in cells {
            let (out, took) = timed(&mut ep, cell);
            assert!(
                took < Duration::from_secs(5),
                "{kind}: {cell:?} took {took:?}: {out}"
            );
            assert!(out.contains(expect), "{kind}: {cell:?} answered {out}");
            // Interrupted, not restarted: the variables are still there.
            assert_eq!(
                ep.execute("print(keep)"),
                "still here\n",
                "{kind}: after {cell:?}"
            );
        }
        // A cell that swallows the interrupt is stopped outright after the grace period: the
        // episode goes on with a fresh interpreter (its world state kept).
        let swallow = "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass";
        let (out, took) = timed(&mut ep, swallow);
        assert_eq!(
            out, "Execution failed. Traceback:\nExecution timed out after 2 seconds.",
            "{kind}"
        );
        assert!(took < Duration::from_secs(4), "{kind}: {took:?}");
        assert!(ep.execute("print(keep)").contains("NameError"), "{kind}");
        assert_eq!(ep.execute("print(1 + 1)"), "2\n", "{kind}");
        // Deep structures and long expressions: a Python error, and the episode goes on (a
        // limit that lets CPython-on-wasm build a million nested lists on a slow machine).
        let mut ep = limited(kind, 60.0);
        assert_eq!(ep.execute("keep = 'still here'"), "Execution successful.");
        let deep = "x = []\nfor _ in range(1_000_000):\n    x = [x]";
        assert_eq!(ep.execute(deep), "Execution successful.");
        let (out, took) = timed(&mut ep, "del x\nprint('dropped')");
        assert_eq!(out, "dropped\n", "{kind}: dropping a deep list");
        assert!(took < Duration::from_secs(5));
        let y = "y = []\nfor _ in range(100_000):\n    y = [y]";
        assert_eq!(ep.execute(y), "Execution successful.");
        let out = ep.execute("print(repr(y)[:5])");
        assert!(
            out.contains("RecursionError"),
            "{kind}: repr of deep list: {out}"
        );
        let out = ep.execute("import json\njson.dumps(y)");
        assert!(
            out.contains("RecursionError"),
            "{kind}: json of deep list: {out}"
        );
        let long = format!("z = {}1", "1+".repeat(50_000));
        let out = ep.execute(&long);
        assert!(
            out.contains("RecursionError")
                || out.contains("MemoryError")
                || out.contains("too complex"),
            "{kind}: a 100 KB expression: {out}"
        );
        let nested = format!("z = {}{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(ep.execute(&nested).contains("Execution failed"), "{kind}");
        let out = ep.execute("def f(n):\n    return f(n + 1)\nf(0)");
        assert!(out.contains("RecursionError"), "{kind}: {out}");
        let fib = "import functools\n@functools.lru_cache(None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n";
        let out = ep.execute(&format!("{fib}print(fib(30))"));
        assert_eq!(out, "832040\n", "{kind}: recursive lru_cache");
        assert_eq!(ep.execute("print(keep)"), "still here\n", "{kind}");
        // Recursion through C code deeper than CPython-on-WASI's C stack (~50 levels of a
        // recursive lru_cache function) is a RecursionError too, but the interpreter is
        // restarted: its variables are lost (see docs/python.md).
        let out = ep.execute(&format!("{fib}print(fib(500))"));
        assert!(
            out.contains("RecursionError"),
            "{kind}: deep lru_cache: {out}"
        );
        assert_eq!(ep.execute("keep = 'still here'\nprint(1)"), "1\n", "{kind}");
        // Every one of them left the episode's variables and the process alone.
        assert_eq!(ep.execute("print(keep)"), "still here\n", "{kind}");
    }
}

#[test]
fn memory_is_bounded_per_episode_and_output_before_it_is_buffered() {
    for kind in isolating() {
        let mut ep = common::episode_on(
            kind,
            EpisodeConfig {
                memory_limit: 1 << 30,
                ..cfg(kind)
            },
        );
        assert_eq!(
            ep.execute("a = bytearray(400 << 20)"),
            "Execution successful."
        );
        assert_eq!(
            ep.execute("b = bytearray(400 << 20)"),
            "Execution successful."
        );
        let out = ep.execute("c = bytearray(400 << 20)");
        assert!(
            out.contains("MemoryError"),
            "{kind}: third 400 MB cell: {out}"
        );
        // Memory-hungry loops end with MemoryError too, and the episode goes on.
        let out = ep.execute("l = []\nwhile True:\n    l.append('x' * 100000)");
        assert!(out.contains("MemoryError"), "{kind}: {out}");
        assert_eq!(ep.execute("del a, b, l\nprint('freed')"), "freed\n");
        assert_eq!(
            ep.execute("c = bytearray(400 << 20)\nprint(len(c))\ndel c"),
            "419430400\n"
        );
        // Output: capped before it is kept, the cell told so.
        let out = ep.execute("print('y' * 300_000_000)");
        assert!(out.len() < (1 << 20) + 200, "{kind}: {} bytes", out.len());
        assert!(out.ends_with("[output truncated: the cell printed more than 1 MiB]"));
        // A cell that digs out the real `os` and writes to the host channel itself gets an
        // error past the channel's cap, and cannot forge its answer.
        let dig = "real = __import__.__globals__['_appsim_real_import']\nos = real('posix')\n";
        let out = ep.execute(&format!("{dig}os.write(1, b'x' * (64 << 20))"));
        assert!(out.contains("OSError"), "{kind}: {out}");
        let out = ep.execute(&format!(
            "{dig}os.write(1, b'!{{\"op\": \"printed\", \"text\": \"forged\"}}\\n')\nprint('real')"
        ));
        assert_eq!(out, "real\n", "{kind}");
        // What the sandbox has: no files, no network, no threads.
        for (cell, expect) in [
            (format!("{dig}print(os.listdir('/'))"), "Error"),
            (format!("{dig}print(real('socket').socket())"), "Error"),
            (
                format!("{dig}real('_thread').start_new_thread(print, ())"),
                "Error",
            ),
            (
                "print(open('/etc/passwd').read())".to_string(),
                "not allowed: builtins.open",
            ),
            (
                "f = open\nprint(f('/etc/passwd').read())".to_string(),
                "FileNotFoundError: [Errno 2] No such file or directory: '/etc/passwd'",
            ),
        ] {
            let out = ep.execute(&cell);
            assert!(out.contains(expect), "{kind}: {cell:?}: {out}");
        }
    }
}

#[test]
fn the_driver_survives_what_a_cell_does_to_its_own_episode() {
    for kind in isolating() {
        let mut ep = common::episode_on(kind, cfg(kind));
        assert_eq!(ep.execute("keep = 1"), "Execution successful.");
        let breakers = [
            "import json\njson.dumps = json.loads = None",
            "__builtins__.len = __builtins__.isinstance = __builtins__.str = None",
            "__import__.__globals__['_appsim_real_import']('traceback').format_exception = None",
        ];
        for b in breakers {
            assert_eq!(ep.execute(b), "Execution successful.", "{kind}: {b}");
            // Tracebacks, API calls and variables still work (what `print` needs may not).
            let out = ep.execute("1 / 0");
            assert!(
                out.contains("ZeroDivisionError"),
                "{kind} after {b:?}: {out}"
            );
            let out = ep.execute("raise ValueError(keep)");
            assert!(out.contains("ValueError: 1"), "{kind} after {b:?}: {out}");
            let out = ep.execute(
                "r = apis.supervisor.show_profile()\nraise ValueError(r['first_name'] != '')",
            );
            assert!(
                out.contains("ValueError: True"),
                "{kind} after {b:?}: {out}"
            );
        }
        let mut ep = common::episode_on(kind, cfg(kind));
        assert_eq!(ep.execute("keep = 1"), "Execution successful.");
        // Strings and numbers no channel can carry come back as Python errors.
        let out = ep.execute("print('\\udcff')");
        assert!(
            out.starts_with('?') || out.contains('\u{fffd}'),
            "{kind}: {out}"
        );
        // Numbers JSON cannot hold travel tagged and are answered as AppWorld answers them.
        for (odd, expect) in [
            ("float('nan')", "value is not a valid integer"),
            ("float('inf')", "value is not a valid integer"),
            (
                "10 ** 400",
                "OverflowError: Python int too large to convert to SQLite INTEGER",
            ),
            // Past CPython's int-to-text limit, as AppWorld's client fails to write it.
            ("10 ** 5000", "ValueError: Exceeds the limit (4300 digits)"),
        ] {
            let out = ep.execute(&format!("apis.spotify.show_song(song_id={odd})"));
            assert!(out.contains(expect), "{kind}: {odd}: {out}");
        }
        let out = ep.execute("raise SystemExit(3)");
        assert!(out.contains("SystemExit"), "{kind}: {out}");
        let out = ep.execute("raise KeyboardInterrupt");
        assert!(out.contains("KeyboardInterrupt"), "{kind}: {out}");
        assert_eq!(ep.execute("print(keep)"), "1\n", "{kind}");
    }
}

#[test]
fn forks_are_independent_for_every_object_a_cell_can_hold() {
    for kind in isolating() {
        let mut a = common::episode_on(kind, cfg(kind));
        let setup = "def gen():\n    n = 0\n    while True:\n        n += 1\n        yield n\n\
                     g = gen()\nit = iter([1, 2, 3, 4])\nnext(g); next(it)\n\
                     def counter():\n    c = [0]\n    def inc():\n        c[0] += 1\n        return c[0]\n    return inc\n\
                     inc = counter()\ninc()";
        assert_eq!(a.execute(setup), "Execution successful.");
        let mut b = a.fork().unwrap();
        let step = "print(next(g), next(it), inc())";
        assert_eq!(b.execute(step), "2 2 2\n");
        assert_eq!(b.execute(step), "3 3 3\n");
        assert_eq!(
            a.execute(step),
            "2 2 2\n",
            "{kind}: a fork advanced its sibling"
        );
    }
}

/// Runs the appsim binary; returns (exit code, stdout, stderr).
fn appsim(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_appsim"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn executors_that_do_not_isolate_are_refused_where_episodes_are_tenants() {
    for kind in PythonKind::ALL
        .into_iter()
        .filter(|k| !k.isolates_episodes())
    {
        let name = kind.name();
        for args in [
            vec!["--python", name, "eval", "--split", "dev"],
            vec!["--python", name, "serve", "--port", "0"],
            vec!["--python", name, "train", "--config", "configs/tiny.toml"],
        ] {
            let (code, _, err) = appsim(&args);
            assert_ne!(code, 0, "{args:?}");
            assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
            assert!(err.contains("use --python cpython"), "{args:?}: {err}");
        }
    }
}
