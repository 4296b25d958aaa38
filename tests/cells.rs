//! Python cells through the environment API: AppWorld's output contract, the sandbox, limits,
//! and that the episode keeps working after each hostile cell.

mod common;
use sim::{EpisodeConfig, PythonKind};
use std::time::Duration;

#[test]
fn output_contract() {
    for kind in PythonKind::ALL {
        output_contract_on(kind);
    }
}

fn output_contract_on(kind: PythonKind) {
    let mut ep = common::episode_on(kind, EpisodeConfig::default());
    assert_eq!(ep.execute(""), "No code available to execute.");
    assert_eq!(ep.execute("x = 41"), "Execution successful.");
    assert_eq!(ep.execute("print(x + 1)"), "42\n");
    assert_eq!(ep.execute("print({'a': 1})"), "{\"a\": 1}\n");
    let long = ep.execute("print({'k' + str(i): i for i in range(20)})");
    assert!(long.starts_with("{\n \"k0\": 0,"), "{long}");
    // Float floor divisions of constants (rustpython-codegen 0.6.0 folds them to 0.0 itself).
    assert_eq!(
        ep.execute(
            "print(5 // 0.5, 3.0 // 1.5, 10 // 2.5, -5.0 // 0.5, (2.0 ** 2) // 0.5, 7 // 2)"
        ),
        "10.0 2.0 4.0 -10.0 8.0 3\n",
        "{kind}"
    );
    let failed = ep.execute("1/0");
    // Both executors show the source line and 3.11's position markers, as AppWorld's shell does.
    let expected = "Execution failed. Traceback:\n  File \"<python-input>\", line 1, in <module>\n    1/0\n    ~^~\nZeroDivisionError: division by zero";
    assert_eq!(failed, expected);
    assert_eq!(
        ep.execute("if x\n  pass"),
        "Execution failed. Traceback:\nSyntax error in line:\nif x\nMessage: expected ':'"
    );
    let api_err = ep.execute("apis.simple_note.show_account(access_token='bad')");
    assert!(
        api_err.contains(
            "Exception: Response status code is 401:\n{\"message\":\"You are either not authorized"
        ),
        "{api_err}"
    );
    let unknown = ep.execute("apis.nope.x()");
    assert!(
        unknown.ends_with("\nException: No app named 'nope' found."),
        "{kind}: {unknown}"
    );
    // Caught, it keeps the status AppWorld's FastAPI exception prints.
    assert_eq!(
        ep.execute("try:\n    apis.nope\nexcept Exception as e:\n    print(e)"),
        "422: No app named 'nope' found.\n"
    );
    assert_eq!(
        ep.execute("print(pendulum.now().year, datetime.date.today())"),
        "2023 2023-05-18\n"
    );
}

#[test]
fn random_is_seeded_per_episode() {
    let mut draws = Vec::new();
    for kind in PythonKind::ALL {
        let cfg = EpisodeConfig::default;
        let mut a = common::episode_on(kind, cfg());
        let mut b = common::episode_on(kind, cfg());
        let x = a.execute("print(random.randint(1, 10**9))");
        assert_eq!(x, b.execute("print(random.randint(1, 10**9))"));
        a.reset(EpisodeConfig {
            python: kind,
            ..cfg()
        })
        .unwrap();
        assert_eq!(x, a.execute("print(random.randint(1, 10**9))"));
        draws.push(x);
    }
    // Both executors run CPython's Mersenne Twister from the same seed.
    assert_eq!(draws[0], draws[1]);
}

#[test]
fn forks_copy_python_state() {
    for kind in PythonKind::ALL {
        let mut a = common::episode_on(kind, EpisodeConfig::default());
        a.execute("xs = [1, 2]\nr = random.random()");
        let mut b = a.fork().unwrap();
        a.execute("xs.append(3)");
        assert_eq!(b.execute("print(xs)"), "[1, 2]\n", "{kind}");
        assert_eq!(a.execute("print(xs)"), "[1, 2, 3]\n", "{kind}");
        assert_eq!(
            a.execute("print(random.random())"),
            b.execute("print(random.random())"),
            "{kind}"
        );
    }
}

#[test]
fn hostile_cells_end_cleanly_and_the_episode_lives_on() {
    for kind in PythonKind::ALL {
        hostile_cells_on(kind);
    }
}

fn hostile_cells_on(kind: PythonKind) {
    let cfg = EpisodeConfig {
        time_limit: Duration::from_millis(500),
        memory_limit: 64 << 20,
        ..Default::default()
    };
    let mut ep = common::episode_on(kind, cfg);
    assert_eq!(
        ep.execute("while True: pass"),
        "Execution failed. Traceback:\nExecution timed out after 0.5 seconds."
    );
    assert_eq!(
        ep.execute("while True:\n    try:\n        pass\n    except Exception:\n        pass"),
        "Execution failed. Traceback:\nExecution timed out after 0.5 seconds."
    );
    let deep = ep.execute("def f(n): return f(n + 1)\nf(0)");
    assert!(
        deep.ends_with("RecursionError: maximum recursion depth exceeded"),
        "{kind}: {deep}"
    );
    let bomb = ep.execute("x = []\nwhile True: x.append('a' * 100000)");
    assert!(
        bomb.contains("MemoryError") || bomb.contains("Execution timed out"),
        "{bomb}"
    );
    // Single huge requests: refused by the allocator's hard limit, not the machine's.
    for code in [
        "s = 'a' * 10**11",
        "b = bytes(10**11)",
        "l = [0] * 10**10",
        "ba = bytearray(10**11)",
        "s = 'ab' * 10**9\nt = s + s",
    ] {
        let out = ep.execute(code);
        // A 32-bit CPython (wasm32) refuses sizes past 2**31 before allocating.
        let refused = out.contains("MemoryError")
            || (kind == PythonKind::CPython && out.contains("OverflowError"));
        assert!(
            out.starts_with("Execution failed. Traceback:") && refused,
            "{code}: {out}"
        );
    }
    // AppWorld's safety check refuses these before they run.
    for code in [
        "import sys",
        "import subprocess",
        "import socket",
        "import ctypes",
        "import _io",
    ] {
        let out = ep.execute(code);
        assert!(
            out.starts_with(
                "Execution failed. Traceback:\nUsage of the following module is not allowed: "
            ),
            "{code}: {out}"
        );
    }
    assert_eq!(
        ep.execute("open('/etc/passwd')"),
        "Execution failed. Traceback:\nUsage of the following function is not allowed: builtins.open."
    );
    // Past the check, at run time: RustPython (in appsim's process) refuses the import; CPython
    // has no host to reach (its file system is empty).
    let posix = ep.execute("p = __import__('posix')\nprint(p.listdir('/'))");
    match kind {
        PythonKind::RustPython => {
            assert!(posix.contains("ImportError: Importing"), "{posix}")
        }
        PythonKind::CPython => assert!(
            posix.contains("Error: [Errno") && !posix.contains("etc"),
            "{posix}"
        ),
    }
    // `open` through a variable reaches the episode's own in-memory files, never the host's.
    let reader = ep.execute("f = open\nf('/etc/passwd')");
    let missing = "FileNotFoundError: [Errno 2] No such file or directory: '/etc/passwd'";
    assert!(reader.ends_with(missing), "{reader}");
    assert_eq!(
        ep.execute("w = open\nwith w('/tmp/a.txt', 'w') as f:\n    f.write('one\\n')\nwith w('/tmp/a.txt', 'a') as f:\n    f.write('two')"),
        "Execution successful."
    );
    assert_eq!(
        ep.execute("r = open\nprint(r('/tmp/a.txt').read().split(), r('/tmp/a.txt', 'rb').read())"),
        "['one', 'two'] b'one\\ntwo'\n"
    );
    let exists = ep.execute("r = open\nr('/tmp/a.txt', 'x')");
    assert!(exists.contains("FileExistsError: "), "{kind}: {exists}");
    let walk = ep.execute("print([c.__name__ for c in ().__class__.__base__.__subclasses__() if c.__name__ in ('FileIO', 'Popen', 'socket')])");
    match kind {
        PythonKind::RustPython => assert_eq!(walk, "[]\n"),
        // CPython has its io classes, but the instance has no file system to open.
        PythonKind::CPython => {
            let escape = ep.execute("fio = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == 'FileIO'][0]\nfio('/etc/passwd')");
            assert!(
                escape.contains("Error") && !escape.contains("root:"),
                "{escape}"
            );
        }
    }
    // The shared `apis` object cannot be altered from one episode for the next.
    assert!(
        ep.execute("apis.simple_note = 1")
            .ends_with("AttributeError: apis is read-only")
    );
    assert!(
        ep.execute("apis.simple_note.login = None")
            .ends_with("AttributeError: apis.simple_note is read-only")
    );
    assert_eq!(ep.execute("print('alive')"), "alive\n");
    // A timeout does not take the world state with it.
    assert!(
        ep.execute("y = 5\nwhile True: y += 1")
            .contains("Execution timed out")
    );
    assert_eq!(ep.execute("print('still alive')"), "still alive\n");
}

#[test]
fn max_interactions_message() {
    let (w, r) = common::env();
    let mut ep = sim::Episode::new(
        w,
        r.clone(),
        EpisodeConfig {
            max_interactions: 2,
            ..Default::default()
        },
    )
    .unwrap();
    ep.execute("a = 1");
    ep.execute("a = 2");
    assert!(
        ep.execute("a = 3")
            .ends_with("Exception: Maximum number of executions (2) reached.")
    );
}

#[test]
fn episodes_run_on_many_threads() {
    let handles: Vec<_> = (0..2)
        .map(|i| {
            // Made on its thread: an episode cannot move to another (it is `!Send`).
            std::thread::spawn(move || {
                let mut ep = common::episode();
                ep.reset(EpisodeConfig::default()).unwrap();
                ep.execute(&format!("v = {i} * 2"));
                ep.execute("print(v)")
            })
        })
        .collect();
    let outs: Vec<String> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(outs, vec!["0\n", "2\n"]);
}

/// Runs the `appsim` binary with `args`, `stdin` as its input; returns what it printed.
fn appsim(args: &[&str], stdin: &[u8]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_appsim"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(stdin)?;
            c.wait_with_output()
        })
        .unwrap()
}

#[test]
fn the_cli_picks_the_executor() {
    common::ensure_cpython();
    let run = |args: &[&str]| appsim(args, b"print({3, 1, 2, 10, 7})\n");
    // Set order is where the two interpreters differ (CPython's is AppWorld's).
    let cpython = run(&["--python", "cpython", "shell"]);
    assert!(String::from_utf8_lossy(&cpython.stdout).contains("\n{1, 2, 3, 7, 10}\n"));
    let rustpython = run(&["shell", "--python", "rustpython"]);
    assert!(String::from_utf8_lossy(&rustpython.stdout).contains("\n{3, 1, 2, 10, 7}\n"));
    let bad = run(&["--python", "pypy", "shell"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("use rustpython or cpython"));
}

#[test]
fn the_cli_recurses_as_deep_as_appworld_on_both_executors() {
    common::ensure_cpython();
    let cell = b"def f(n):\n    return f(n + 1)\nf(0)\n";
    for kind in ["cpython", "rustpython"] {
        let out = appsim(&["--python", kind, "shell"], cell);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("[Previous line repeated 983 more times]"),
            "{kind}: {text}"
        );
    }
}

#[test]
fn compile_warnings_stay_out_of_the_host_stderr() {
    // An invalid escape makes the compiler warn; the cell still runs and nothing is printed
    // outside its output (checked by running the binary and reading its stderr).
    let out = appsim(&["shell"], b"x = '\\d'\nprint(len(x))\n");
    assert!(String::from_utf8_lossy(&out.stdout).contains('2'));
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("Warning"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
