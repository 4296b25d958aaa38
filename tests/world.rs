//! World state: deterministic builds, episode reset by rollback, save/load state, state hashes,
//! and failed calls leaving no trace.

mod common;
use serde_json::json;
use sim::EpisodeConfig;

#[test]
fn same_seed_same_world() {
    let r = apps::registry();
    let cfg = apps::seed::WorldConfig::default();
    let a = apps::seed::build_world(&cfg, &r).unwrap();
    let b = apps::seed::build_world(&cfg, &r).unwrap();
    let reg = std::sync::Arc::new(r);
    let ha = sim::Episode::new(&a, reg.clone(), EpisodeConfig::default())
        .unwrap()
        .state_hash()
        .unwrap();
    let hb = sim::Episode::new(&b, reg, EpisodeConfig::default())
        .unwrap()
        .state_hash()
        .unwrap();
    assert_eq!(ha, hb);
    assert!(a.row_count() > 1000);
}

#[test]
fn reset_save_load_and_atomic_failures() {
    let mut ep = common::episode();
    let base = ep.state_hash().unwrap();
    let tok = common::token(&mut ep);
    common::ok(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "one", "content": "1"}),
    );
    ep.save_state("after-one").unwrap();
    let one = ep.state_hash().unwrap();
    common::ok(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "two", "content": "2"}),
    );
    assert_ne!(ep.state_hash().unwrap(), one);
    ep.load_state("after-one").unwrap();
    assert_eq!(ep.state_hash().unwrap(), one);
    // A failing call (duplicate title) changes nothing.
    let (status, _) = common::err(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "one", "content": "x"}),
    );
    assert_eq!(status, 409);
    assert_eq!(ep.state_hash().unwrap(), one);
    ep.reset(EpisodeConfig::default()).unwrap();
    assert_eq!(ep.state_hash().unwrap(), base);
    assert!(ep.load_state("after-one").is_err());
}
