//! In-process measurements of the engine's hot paths, shared by `appsim bench` and
//! `cargo bench`: (a) a read API from Rust, (b) the same from a Python cell, (c) a trivial cell,
//! (d) starting a new episode after one that wrote, (e) save + load state, (f) the one-off copy
//! of a world for a worker, (g) one read and one multi-table write per app from a cell, (h) every
//! ranked catalog search from a cell and (h2) from Rust.

use serde_json::{Value, json};
use sim::{Episode, EpisodeConfig, World};
use std::sync::Arc;
use std::time::Instant;

/// Logs the supervisor into SimpleNote and returns the token.
pub fn login(ep: &mut Episode) -> anyhow::Result<String> {
    let profile = ep
        .call("supervisor", "show_profile", json!({}))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let pws = ep
        .call("supervisor", "show_account_passwords", json!({}))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let pw = pws
        .as_array()
        .and_then(|a| a.iter().find(|x| x["account_name"] == "simple_note"))
        .map(|x| x["password"].clone())
        .unwrap_or_default();
    let tok = ep
        .call(
            "simple_note",
            "login",
            json!({"username": profile["email"], "password": pw}),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(tok["access_token"].as_str().unwrap_or_default().to_string())
}

fn per_op(n: u32, mut f: impl FnMut()) -> f64 {
    f();
    let t = Instant::now();
    for _ in 0..n {
        f();
    }
    t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
}

/// Measures (a)–(f) on `world` at the clock `now`, in microseconds per operation. (a), (b), (a2), (b2), (d) and
/// (e) work on the supervisor's SimpleNote account; on a world where that account is missing
/// (or, for (a)/(b), has no notes) those fields are left out and `skipped` says why.
pub fn measure(
    world: &World,
    registry: &Arc<sim::api::Registry>,
    iters: u32,
    now: chrono::NaiveDateTime,
) -> anyhow::Result<Value> {
    let t = Instant::now();
    // No interaction cap: the benchmark runs many more cells than an agent may.
    let cfg = EpisodeConfig {
        max_interactions: usize::MAX,
        now,
        ..EpisodeConfig::default()
    };
    let mut ep = Episode::new(world, registry.clone(), cfg.clone())?;
    let worker_copy_us = t.elapsed().as_secs_f64() * 1e6;
    let mut out = json!({
        "world_rows": world.row_count(),
        "world_bytes": world.byte_size(),
    });
    let mut skipped = serde_json::Map::new();
    let mut skip = |fields: &[&str], why: &str| {
        for f in fields {
            skipped.insert(f.to_string(), json!(why));
        }
    };
    const READS: [&str; 4] = [
        "a_api_from_rust_us",
        "b_api_from_cell_us",
        "a2_search_notes_from_rust_us",
        "b2_search_notes_from_cell_us",
    ];
    const WRITES: [&str; 3] = [
        "supervisor_notes",
        "d_new_episode_after_writes_us",
        "e_save_and_load_state_us",
    ];
    match login(&mut ep) {
        Err(e) => {
            let why = format!(
                "the supervisor cannot log into simple_note: {}",
                e.to_string().replace('\n', " ")
            );
            skip(&READS, &why);
            skip(&WRITES, &why);
        }
        Ok(token) => {
            match measure_reads(&mut ep, &token, iters)? {
                Some(reads) => merge(&mut out, reads),
                None => skip(&READS, "needs a note of the supervisor's; they have none"),
            }
            merge(&mut out, measure_writes(&mut ep, &cfg, iters)?);
        }
    }
    match measure_apps(&mut ep, iters) {
        Ok(apps) => out["g_apps_from_cell_us"] = apps,
        Err(e) => skip(
            &["g_apps_from_cell_us"],
            &format!("the supervisor's app calls fail: {e}"),
        ),
    }
    match measure_searches(&mut ep, iters) {
        Ok((cell, rust)) => {
            out["h_ranked_searches_from_cell_us"] = cell;
            out["h2_ranked_searches_from_rust_us"] = rust;
            out["h_search_indexes"] = ep
                .db()
                .search_indexes()
                .summary()
                .into_iter()
                .map(|(table, rows, tokens, bytes)| {
                    json!({"table": table, "rows": rows, "tokens": tokens, "bytes": bytes})
                })
                .collect();
        }
        Err(e) => skip(
            &[
                "h_ranked_searches_from_cell_us",
                "h2_ranked_searches_from_rust_us",
            ],
            &format!("the ranked searches fail: {e}"),
        ),
    }
    ep.reset(cfg.clone())?;
    out["c_trivial_cell_us"] = json!(per_op(iters, || {
        ep.execute("x = 1");
    }));
    out["f_worker_world_copy_us"] = json!(worker_copy_us);
    if !skipped.is_empty() {
        out["skipped"] = Value::Object(skipped);
    }
    Ok(out)
}

fn merge(out: &mut Value, more: Value) {
    if let (Some(o), Value::Object(m)) = (out.as_object_mut(), more) {
        o.extend(m);
    }
}

/// (g) one read and one multi-table write per app, from a cell, as the supervisor: gmail
/// `show_inbox_threads` / `send_email` (an e-mail, its thread, both people's copies), phone
/// `search_text_messages` / `send_text_message` (a message and both copies), venmo
/// `show_transactions` / `create_transaction` (a payment, two balances, a notification),
/// splitwise `show_activity` / `record_expense` (an expense, its shares, notifications),
/// todoist `show_projects` / `create_task` (in the Inbox), spotify `search_songs` (ranked over
/// the whole catalog) / `add_to_queue`, amazon `search_products` (ranked over the catalog) /
/// `add_product_to_cart`.
fn measure_apps(ep: &mut Episode, iters: u32) -> anyhow::Result<Value> {
    let (other_email, other_phone): (String, String) = ep.db().conn().query_row(
        "SELECT email, phone_number FROM admin.main_users WHERE email <> \
         (SELECT email FROM supervisor.supervisors LIMIT 1) ORDER BY id LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let product: i64 = ep.db().conn().query_row(
        "SELECT id FROM amazon.products WHERE inventory_quantity > 10 ORDER BY id LIMIT 1",
        [],
        |r| r.get(0),
    )?;
    // Enough Venmo balance for every timed payment of a cent.
    ep.db().conn().execute(
        "UPDATE venmo.users SET venmo_balance = 1000000 WHERE email = \
         (SELECT email FROM supervisor.supervisors LIMIT 1)",
        [],
    )?;
    let setup = format!(
        "pw = {{a['account_name']: a['password'] for a in apis.supervisor.show_account_passwords()}}\n\
         me = apis.supervisor.show_profile()\n\
         gt = apis.gmail.login(username=me['email'], password=pw['gmail'])['access_token']\n\
         pt = apis.phone.login(username=me['phone_number'], password=pw['phone'])['access_token']\n\
         vt = apis.venmo.login(username=me['email'], password=pw['venmo'])['access_token']\n\
         st = apis.splitwise.login(username=me['email'], password=pw['splitwise'])['access_token']\n\
         tt = apis.todoist.login(username=me['email'], password=pw['todoist'])['access_token']\n\
         yt = apis.spotify.login(username=me['email'], password=pw['spotify'])['access_token']\n\
         at = apis.amazon.login(username=me['email'], password=pw['amazon'])['access_token']\n\
         other_email = {other_email:?}\nother_phone = {other_phone:?}\nproduct = {product}\nprint('ok')"
    );
    let said = ep.execute(&setup);
    anyhow::ensure!(said.trim_end() == "ok", "logging in failed: {said}");
    let cases: [(&str, &str, &str, &str, &str); 7] = [
        (
            "gmail",
            "show_inbox_threads",
            "r = apis.gmail.show_inbox_threads(access_token=gt, page_limit=5)",
            "send_email",
            "r = apis.gmail.send_email(access_token=gt, email_addresses=[other_email], subject='bench', body='x')",
        ),
        (
            "phone",
            "search_text_messages",
            "r = apis.phone.search_text_messages(access_token=pt, page_limit=5)",
            "send_text_message",
            "r = apis.phone.send_text_message(access_token=pt, phone_number=other_phone, message='x')",
        ),
        (
            "venmo",
            "show_transactions",
            "r = apis.venmo.show_transactions(access_token=vt, page_limit=5)",
            "create_transaction",
            "r = apis.venmo.create_transaction(access_token=vt, receiver_email=other_email, amount=0.01)",
        ),
        (
            "splitwise",
            "show_activity",
            "r = apis.splitwise.show_activity(access_token=st, page_limit=5)",
            "record_expense",
            "r = apis.splitwise.record_expense(access_token=st, description='bench', paid_amount=10, payer_email=me['email'], debtor_emails=[me['email'], other_email])",
        ),
        (
            "todoist",
            "show_projects",
            "r = apis.todoist.show_projects(access_token=tt, page_limit=5)",
            "create_task",
            "r = apis.todoist.create_task(access_token=tt, project_id=0, title='bench')",
        ),
        (
            "spotify",
            "search_songs",
            "r = apis.spotify.search_songs(query='golden hearts', page_limit=5)",
            "add_to_queue",
            "r = apis.spotify.add_to_queue(access_token=yt, song_id=1)",
        ),
        (
            "amazon",
            "search_products",
            "r = apis.amazon.search_products(query='desk lamp', page_limit=5)",
            "add_product_to_cart",
            "r = apis.amazon.add_product_to_cart(access_token=at, product_id=product)",
        ),
    ];
    let mut out = serde_json::Map::new();
    for (app, read, read_cell, write, write_cell) in cases {
        for cell in [read_cell, write_cell] {
            let said = ep.execute(&format!("{cell}\nprint('ok')"));
            anyhow::ensure!(said.trim_end() == "ok", "{app}: `{cell}` failed: {said}");
        }
        let r = per_op(iters, || {
            ep.execute(read_cell);
        });
        let w = per_op(iters, || {
            ep.execute(write_cell);
        });
        out.insert(
            app.into(),
            json!({"read": read, "read_us": r, "write": write, "write_us": w}),
        );
    }
    Ok(Value::Object(out))
}

/// (h) every ranked search over a catalog, first page of 5, from a cell and (h2) the same
/// call from Rust (after (g), whose cells logged the supervisor in): spotify's songs (8,111 at
/// the default size), albums, artists and public playlists, amazon's products (4,273), product
/// types and sellers, the users of gmail, todoist, venmo and splitwise, and api_docs' 457
/// APIs. Each query but two matches several rows, so the ranking is what is timed; the two
/// (songs and products, no match) time a page past the matches.
fn measure_searches(ep: &mut Episode, iters: u32) -> anyhow::Result<(Value, Value)> {
    // (app, api, query, the token variable of (g)'s cells if the API needs one, a label).
    let cases: [(&str, &str, &str, Option<&str>, &str); 14] = [
        ("spotify", "search_songs", "crimson sky", None, ""),
        // Nothing matches: the page is the rest of the catalog in AppWorld's set order.
        ("spotify", "search_songs", "xylophone", None, " (no match)"),
        ("spotify", "search_albums", "love night", None, ""),
        ("spotify", "search_artists", "the band", None, ""),
        ("spotify", "search_playlists", "summer mix", Some("yt"), ""),
        ("amazon", "search_products", "desk lamp", None, ""),
        (
            "amazon",
            "search_products",
            "xylophone",
            None,
            " (no match)",
        ),
        ("amazon", "search_product_types", "shoes", None, ""),
        ("amazon", "search_sellers", "home store", None, ""),
        ("gmail", "search_users", "smith", None, ""),
        ("todoist", "search_users", "smith", None, ""),
        ("venmo", "search_users", "smith", Some("vt"), ""),
        ("splitwise", "search_users", "smith", Some("st"), ""),
        ("api_docs", "search_api_docs", "send money", None, ""),
    ];
    let (mut cell_us, mut rust_us) = (serde_json::Map::new(), serde_json::Map::new());
    for (app, api, query, token, label) in cases {
        let name = format!("{app}.{api}{label}");
        let auth = token.map_or(String::new(), |t| format!("access_token={t}, "));
        let cell = format!("r = apis.{app}.{api}({auth}query={query:?}, page_limit=5)");
        let said = ep.execute(&format!("{cell}\nprint(type(r).__name__, len(r))"));
        anyhow::ensure!(said.starts_with("list "), "{name}: `{cell}` failed: {said}");
        cell_us.insert(
            name.clone(),
            json!(per_op(iters, || {
                ep.execute(&cell);
            })),
        );
        let mut args = json!({"query": query, "page_limit": 5});
        if let Some(t) = token {
            args["access_token"] = json!(ep.execute(&format!("print({t})")).trim_end());
        }
        let called = ep.call(app, api, args.clone());
        anyhow::ensure!(
            called.as_ref().is_ok_and(Value::is_array),
            "{name} from Rust failed: {called:?}"
        );
        rust_us.insert(
            name,
            json!(per_op(iters, || {
                let _ = ep.call(app, api, args.clone());
            })),
        );
    }
    Ok((Value::Object(cell_us), Value::Object(rust_us)))
}

/// (a)/(b): `show_note`, a typical read (auth + one row), and `search_notes`, a listing that
/// reads all of the user's notes. `None` when the supervisor has no notes.
fn measure_reads(ep: &mut Episode, token: &str, iters: u32) -> anyhow::Result<Option<Value>> {
    let list = ep
        .call(
            "simple_note",
            "search_notes",
            json!({"access_token": token, "page_limit": 5}),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let listed = list.as_array().map_or(0, Vec::len);
    let Some(note_id) = list[0]["note_id"].as_i64() else {
        return Ok(None);
    };
    let show = json!({"access_token": token, "note_id": note_id});
    let search = json!({"access_token": token, "page_limit": 5});
    let api_rust = per_op(iters, || {
        let _ = ep.call("simple_note", "show_note", show.clone());
    });
    let search_rust = per_op(iters, || {
        let _ = ep.call("simple_note", "search_notes", search.clone());
    });
    ep.execute(&format!("tok = {token:?}\nnid = {note_id}"));
    let api_cell = per_op(iters, || {
        ep.execute("r = apis.simple_note.show_note(access_token=tok, note_id=nid)");
    });
    let shown = ep.execute("print(r['note_id'])");
    let search_cell = per_op(iters, || {
        ep.execute("r = apis.simple_note.search_notes(access_token=tok, page_limit=5)");
    });
    let n_cell = ep.execute("print(len(r))");
    anyhow::ensure!(
        listed > 0
            && n_cell.trim_end() == listed.to_string()
            && shown.trim_end() == note_id.to_string(),
        "the benchmarked calls failed in a cell: {shown:?}, {n_cell:?}"
    );
    Ok(Some(json!({
        "a_api_from_rust_us": api_rust,
        "b_api_from_cell_us": api_cell,
        "a2_search_notes_from_rust_us": search_rust,
        "b2_search_notes_from_cell_us": search_cell,
    })))
}

/// (d) a new episode after one that wrote a note, measured alone (the time of reset itself),
/// and (e) save + load of a state holding one write; with the supervisor's note count.
fn measure_writes(ep: &mut Episode, cfg: &EpisodeConfig, iters: u32) -> anyhow::Result<Value> {
    let mut d_total = 0.0;
    let rounds = iters.clamp(1, 200);
    for _ in 0..rounds {
        let tok = login(ep)?;
        ep.call(
            "simple_note",
            "create_note",
            json!({"access_token": tok, "title": "bench note", "content": "x"}),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        let t = Instant::now();
        ep.reset(cfg.clone())?;
        d_total += t.elapsed().as_secs_f64() * 1e6;
    }
    let tok = login(ep)?;
    ep.call(
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "bench note", "content": "x"}),
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let email = ep
        .call("supervisor", "show_profile", json!({}))
        .map_err(|e| anyhow::anyhow!("{e}"))?["email"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let ep_notes: i64 = ep.db().conn().query_row(
        "SELECT count(*) FROM simple_note.notes n JOIN simple_note.users u ON u.id = n.user_id \
         WHERE u.email = ?1",
        [email],
        |r| r.get(0),
    )?;
    let save_load = per_op(iters.min(200), || {
        let _ = ep.save_state("s");
        let _ = ep.load_state("s");
    });
    Ok(json!({
        "supervisor_notes": ep_notes,
        "d_new_episode_after_writes_us": d_total / f64::from(rounds),
        "e_save_and_load_state_us": save_load,
    }))
}

/// Task costs: for each task, starting it (reset to the base world + the task's setup) is
/// timed, its ground truth is run once, then the evaluation (diff of the episode's writes +
/// every check) is timed. Returns microseconds: median/mean/max starts and mean/max
/// evaluations over the suite;
/// on a world the tasks cannot run on (see [`tasks::world::tasks_fit`]), `skipped` and why.
pub fn measure_eval(
    world: &World,
    registry: &Arc<sim::api::Registry>,
    iters: u32,
) -> anyhow::Result<Value> {
    let suite = match task_suite(world) {
        Ok(s) => s,
        Err(skipped) => return Ok(skipped),
    };
    let mut env = tasks::TaskEnv::new(
        world,
        registry.clone(),
        suite.clone(),
        EpisodeConfig::default(),
    )?;
    let n = iters.clamp(1, 200);
    let (mut total, mut max, mut worst) = (0.0f64, 0.0f64, String::new());
    let mut starts = Vec::new();
    let (mut start_max, mut start_worst) = (0.0f64, String::new());
    let mut evals = Vec::new();
    // Tasks over the 1 ms targets, slowest first: (id, µs); evaluations also name their
    // slowest part and its µs.
    let (mut slow_starts, mut slow_evals) = (Vec::new(), Vec::new());
    for t in suite.tasks() {
        // Starting a task: the reset to the base world plus the task's setup.
        let us = per_op(n, || {
            let _ = env.start(&t.id);
        });
        starts.push(us);
        if us > 1000.0 {
            slow_starts.push((t.id.clone(), us.round()));
        }
        if us > start_max {
            start_max = us;
            start_worst = t.id.clone();
        }
        let (_, report) = env.run_solution(&t.id, &t.ground_truth)?;
        anyhow::ensure!(report.success, "ground truth of {} fails", t.id);
        let us = per_op(n, || {
            let _ = env.evaluate();
        });
        total += us;
        evals.push(us);
        if us > 1000.0 {
            // Where the time goes: the slowest part (a check, the diff or the collateral check).
            let (_, times) = env.evaluate_timed()?;
            let (part, took) = times
                .into_iter()
                .max_by_key(|(_, d)| *d)
                .unwrap_or_default();
            slow_evals.push(json!([
                t.id,
                us.round(),
                part,
                (took.as_secs_f64() * 1e6).round()
            ]));
        }
        if us > max {
            max = us;
            worst = t.id.clone();
        }
    }
    starts.sort_by(f64::total_cmp);
    evals.sort_by(f64::total_cmp);
    slow_starts.sort_by(|a, b| b.1.total_cmp(&a.1));
    let us_of = |v: &Value| v[1].as_f64().unwrap_or(0.0);
    slow_evals.sort_by(|a, b| us_of(b).total_cmp(&us_of(a)));
    Ok(json!({
        "tasks": suite.tasks().len(),
        "evaluate_median_us": evals[evals.len() / 2],
        "evaluate_mean_us": total / suite.tasks().len() as f64,
        "evaluate_max_us": max,
        "evaluate_max_task": worst,
        "start_median_us": starts[starts.len() / 2],
        "start_mean_us": starts.iter().sum::<f64>() / starts.len() as f64,
        "start_max_us": start_max,
        "start_max_task": start_worst,
        "start_over_1ms": slow_starts,
        "evaluate_over_1ms": slow_evals,
    }))
}

/// Resident memory of this process (bytes), where `/proc` tells it.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The task suite, or the `skipped` answer of a world the tasks cannot run on.
fn task_suite(world: &World) -> Result<Arc<tasks::Suite>, Value> {
    let suite = Arc::new(tasks::world::suite());
    match tasks::world::tasks_fit(world, &suite) {
        Ok(()) => Ok(suite),
        Err(why) => {
            Err(json!({"skipped": format!("appsim's tasks cannot run on this world: {why}")}))
        }
    }
}

/// What a live session costs, as `appsim serve` holds them: `n` task environments started on
/// one thread (copy-on-write opens of the shared world, scopes in one interpreter), each with
/// one cell run; then the time to fork one in its state.
pub fn measure_sessions(
    world: &World,
    registry: &Arc<sim::api::Registry>,
    n: usize,
) -> anyhow::Result<Value> {
    let suite = match task_suite(world) {
        Ok(s) => s,
        Err(skipped) => return Ok(skipped),
    };
    let new_env = || {
        tasks::TaskEnv::new(
            world,
            registry.clone(),
            suite.clone(),
            EpisodeConfig::default(),
        )
    };
    // Warm the thread's interpreter and the world's shared pieces first.
    drop(new_env()?);
    let before = resident_bytes();
    let t = Instant::now();
    let mut live = Vec::with_capacity(n);
    for i in 0..n {
        let task = &suite.tasks()[i % suite.tasks().len()];
        let mut env = new_env()?;
        env.start(&task.id)?;
        env.execute(&task.ground_truth[0]);
        live.push(env);
    }
    let open_ms = t.elapsed().as_secs_f64() * 1e3 / n.max(1) as f64;
    let held = match (before, resident_bytes()) {
        (Some(b), Some(a)) => json!((a.saturating_sub(b)) as f64 / 1e6 / n.max(1) as f64),
        _ => Value::Null,
    };
    let forks = n.clamp(1, 50);
    let t = Instant::now();
    for env in live.iter().take(forks) {
        drop(env.fork()?);
    }
    let fork_ms = t.elapsed().as_secs_f64() * 1e3 / forks as f64;
    Ok(json!({
        "sessions": n,
        "session_start_ms": open_ms,
        "session_resident_mb": held,
        "fork_ms": fork_ms,
    }))
}

/// What isolating RustPython episodes by an interpreter each would cost: a new interpreter's
/// start (ms) and the memory it holds (MB), over `n` interpreters made on fresh threads.
fn rustpython_interpreter_cost(n: u32) -> Value {
    let before = resident_bytes().unwrap_or(0);
    let t = Instant::now();
    for _ in 0..n {
        let made = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| sim::python::executor(sim::PythonKind::RustPython).warm_up())
            .map(|h| h.join());
        if !matches!(made, Ok(Ok(Ok(())))) {
            return json!({ "skipped": "a RustPython interpreter could not be made" });
        }
    }
    let ms = t.elapsed().as_secs_f64() * 1e3 / f64::from(n);
    // A thread's interpreter is not freed at thread exit (see the executor), so what it holds
    // stays resident and is measured here.
    let mb = resident_bytes().unwrap_or(0).saturating_sub(before) as f64 / f64::from(n) / 1e6;
    json!({ "new_interpreter_ms": ms, "resident_mb": mb })
}

/// Per executor (RustPython, CPython on wasmtime): a new episode's interpreter (a reset; for
/// CPython, an instance from the image), the first and later trivial cells, a cell with one API
/// call and a fork, in microseconds; and the one-off start of the executor in the process
/// (for CPython: loading or building the image). CPython is skipped, with the reason, when its
/// module is missing.
pub fn measure_executors(
    world: &World,
    registry: &Arc<sim::api::Registry>,
    iters: u32,
) -> anyhow::Result<Value> {
    let mut out = json!({});
    for kind in sim::PythonKind::ALL {
        let t = Instant::now();
        if let Err(e) = sim::python::executor(kind).warm_up() {
            out[kind.name()] = json!({ "skipped": e });
            continue;
        }
        let start_ms = t.elapsed().as_secs_f64() * 1e3;
        let cfg = EpisodeConfig {
            max_interactions: usize::MAX,
            python: kind,
            ..EpisodeConfig::default()
        };
        let mut ep = Episode::new(world, registry.clone(), cfg.clone())?;
        let reset_db_only = {
            let plain = EpisodeConfig {
                python: sim::PythonKind::RustPython,
                ..cfg.clone()
            };
            let mut other = Episode::new(world, registry.clone(), plain.clone())?;
            per_op(iters, || {
                let _ = other.reset(plain.clone());
            })
        };
        let mut first_cell = 0.0;
        let reset = per_op(iters, || {
            let _ = ep.reset(cfg.clone());
        });
        let n = iters.clamp(1, 200);
        for _ in 0..n {
            let _ = ep.reset(cfg.clone());
            let t = Instant::now();
            ep.execute("x = 1");
            first_cell += t.elapsed().as_secs_f64() * 1e6 / f64::from(n);
        }
        let trivial = per_op(iters, || {
            ep.execute("x = 1");
        });
        // After the resets: a reset rolls issued tokens back. A world without the supervisor's
        // SimpleNote account skips the API cell.
        let api_cell = match login(&mut ep) {
            Ok(token) => {
                ep.execute(&format!("tok = {token:?}"));
                let us = per_op(iters, || {
                    ep.execute("r = apis.simple_note.show_account(access_token=tok)");
                });
                let said = ep.execute("print(r['email'] != '')");
                anyhow::ensure!(
                    said == "True\n",
                    "{kind}: the API cell did not work: {said}"
                );
                json!(us)
            }
            Err(e) => json!({ "skipped": e.to_string() }),
        };
        let fork = per_op(iters.clamp(1, 100), || {
            let _ = ep.fork();
        });
        let mut per_episode = json!(null);
        if kind == sim::PythonKind::RustPython {
            per_episode = rustpython_interpreter_cost(5);
        }
        out[kind.name()] = json!({
            "interpreter_per_episode": per_episode,
            "executor_start_ms": start_ms,
            "episode_reset_us": reset,
            "interpreter_new_us": (reset - reset_db_only).max(0.0),
            "first_trivial_cell_us": first_cell,
            "trivial_cell_us": trivial,
            "one_api_call_cell_us": api_cell,
            "fork_us": fork,
        });
    }
    Ok(out)
}
