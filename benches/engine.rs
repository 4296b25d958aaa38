//! Engine and evaluation benchmarks (criterion): (a) a read API (`show_note`) from Rust, (a2)
//! `search_notes`, (b)/(b2) the same from a Python cell, (c) a trivial cell, (d) a new episode
//! after one that wrote, (e) save + load state, (f) a worker's one-off world copy, and (g)
//! evaluating a task. `appsim bench` prints the same figures as JSON.

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use sim::{Episode, EpisodeConfig};
use std::sync::Arc;

/// As in `appsim`: RustPython's memory budget counts through this allocator.
#[global_allocator]
static ALLOC: sim::CountingAlloc = sim::CountingAlloc;

fn engine(c: &mut Criterion) {
    let (world, registry) = appsim::default_env().expect("world builds");
    // No interaction cap: criterion runs far more cells than an agent may.
    let cfg = EpisodeConfig {
        max_interactions: usize::MAX,
        ..EpisodeConfig::default()
    };
    let mut ep = Episode::new(&world, registry.clone(), cfg.clone()).expect("episode");
    let tok = appsim::bench::login(&mut ep).expect("login");
    let list = ep
        .call("simple_note", "search_notes", json!({"access_token": tok}))
        .expect("search");
    let nid = list[0]["note_id"].as_i64().expect("a note");
    let show = json!({"access_token": tok, "note_id": nid});
    let search = json!({"access_token": tok, "page_limit": 5});
    c.bench_function("a_api_from_rust", |b| {
        b.iter(|| ep.call("simple_note", "show_note", show.clone()))
    });
    c.bench_function("a2_search_notes_from_rust", |b| {
        b.iter(|| ep.call("simple_note", "search_notes", search.clone()))
    });
    ep.execute(&format!("tok = {tok:?}\nnid = {nid}"));
    c.bench_function("b_api_from_cell", |b| {
        b.iter(|| ep.execute("r = apis.simple_note.show_note(access_token=tok, note_id=nid)"))
    });
    c.bench_function("b2_search_notes_from_cell", |b| {
        b.iter(|| ep.execute("r = apis.simple_note.search_notes(access_token=tok, page_limit=5)"))
    });
    c.bench_function("c_trivial_cell", |b| b.iter(|| ep.execute("x = 1")));
    c.bench_function("d_new_episode_after_writes", |b| {
        b.iter_custom(|iters| {
            let mut spent = std::time::Duration::ZERO;
            for _ in 0..iters {
                let t = appsim::bench::login(&mut ep).expect("login");
                ep.call(
                    "simple_note",
                    "create_note",
                    json!({"access_token": t, "title": "bench", "content": "x"}),
                )
                .expect("create");
                let start = std::time::Instant::now();
                ep.reset(cfg.clone()).expect("reset");
                spent += start.elapsed();
            }
            spent
        })
    });
    ep.execute(&format!("tok = {tok:?}\nnid = {nid}"));
    c.bench_function("e_save_and_load_state", |b| {
        b.iter(|| {
            ep.save_state("s").expect("save");
            ep.load_state("s").expect("load");
        })
    });
    c.bench_function("f_worker_world_copy", |b| {
        b.iter(|| Episode::new(&world, registry.clone(), cfg.clone()).expect("copy"))
    });
    let suite = Arc::new(tasks::world::suite());
    let mut env = tasks::TaskEnv::new(&world, registry.clone(), suite.clone(), cfg.clone())
        .expect("task env");
    // The task with the most checks and writes: merge book notes into a reading list.
    let task = suite
        .tasks()
        .iter()
        .find(|t| t.scenario == "merge book notes into a reading list")
        .expect("scenario exists")
        .clone();
    env.run_solution(&task.id, &task.ground_truth)
        .expect("ground truth");
    c.bench_function("g_evaluate_task", |b| {
        b.iter(|| env.evaluate().expect("evaluate"))
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
