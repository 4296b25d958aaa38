//! Fixtures for the apps' unit tests: a small built world with an episode on it, and calls
//! that must succeed or fail.

use serde_json::Value;
use sim::{Episode, EpisodeConfig, World};
use std::sync::Arc;

/// A small built world (20 people) and an episode on it.
pub(crate) fn episode() -> (World, Episode) {
    let registry = Arc::new(crate::registry());
    let cfg = crate::seed::WorldConfig {
        people: 20,
        ..Default::default()
    };
    let world = crate::seed::build_world(&cfg, &registry).unwrap();
    let ep = Episode::new(&world, registry, EpisodeConfig::default()).unwrap();
    (world, ep)
}

/// `app.api(args)`'s answer; panics on an error.
pub(crate) fn call(ep: &mut Episode, app: &str, api: &str, args: Value) -> Value {
    ep.call(app, api, args)
        .unwrap_or_else(|e| panic!("{app}.{api}: {e}"))
}

/// The status and message of `app.api(args)`'s error; panics if the call succeeds.
pub(crate) fn fail(ep: &mut Episode, app: &str, api: &str, args: Value) -> (u16, Value) {
    let e = ep
        .call(app, api, args)
        .expect_err(&format!("{app}.{api} should fail"));
    (e.status, e.message().clone())
}
