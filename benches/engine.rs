//! Engine benchmarks (criterion): (a) a read API from Rust, (b) the same from a Python cell,
//! (c) a trivial cell, (d) a new episode after one that wrote, (e) save + load state,
//! (f) a worker's one-off world copy. `appsim bench` prints the same figures as JSON.

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use sim::{Episode, EpisodeConfig};

fn engine(c: &mut Criterion) {
    let (world, registry) = appsim::default_env().expect("world builds");
    let mut ep = Episode::new(&world, registry.clone(), EpisodeConfig::default()).expect("episode");
    let tok = appsim::bench::login(&mut ep).expect("login");
    let args = json!({"access_token": tok, "page_limit": 5});
    c.bench_function("a_api_from_rust", |b| {
        b.iter(|| ep.call("simple_note", "search_notes", args.clone()))
    });
    ep.execute(&format!("tok = {tok:?}"));
    c.bench_function("b_api_from_cell", |b| {
        b.iter(|| ep.execute("r = apis.simple_note.search_notes(access_token=tok, page_limit=5)"))
    });
    c.bench_function("c_trivial_cell", |b| b.iter(|| ep.execute("x = 1")));
    c.bench_function("e_save_and_load_state", |b| {
        b.iter(|| {
            ep.save_state("s").expect("save");
            ep.load_state("s").expect("load");
        })
    });
    c.bench_function("f_worker_world_copy", |b| {
        b.iter(|| Episode::new(&world, registry.clone(), EpisodeConfig::default()).expect("copy"))
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
