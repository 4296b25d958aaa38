//! `appsim bench`: the engine's hot paths, measured in-process, as JSON.

use super::ClockedWorldArg;
use serde_json::json;

#[derive(clap::Args)]
pub(super) struct Args {
    /// Iterations per measurement.
    #[arg(long, default_value_t = 2000)]
    iters: u32,
    /// Also measure on a world of 1,000 people (ten times the default world).
    #[arg(long)]
    large: bool,
    #[command(flatten)]
    world: ClockedWorldArg,
}

pub(super) fn run(args: Args, python: Option<sim::PythonKind>) -> anyhow::Result<()> {
    let iters = args.iters;
    let t = std::time::Instant::now();
    let env = args.world.env(python);
    let now = env.now()?;
    let (world, registry) = env.world()?;
    let build_ms = t.elapsed().as_secs_f64() * 1e3;
    let mut measured = crate::bench::measure(&world, &registry, iters, now)?;
    measured["world_build_or_load_ms"] = json!(build_ms);
    let mut out = match args.world.dir() {
        Some(dir) => json!({"world_dir": dir, "world": measured}),
        None => json!({"default_world": measured}),
    };
    out["datetime"] = json!(sim::clock::fmt_datetime(now));
    out["task_evaluation"] = crate::bench::measure_eval(&world, &registry, iters)?;
    out["python_executors"] = crate::bench::measure_executors(&world, &registry, iters)?;
    out["sessions"] =
        crate::bench::measure_sessions(&world, &registry, iters.clamp(1, 200) as usize)?;
    if args.large {
        let cfg = apps::seed::WorldConfig {
            people: 1000,
            ..Default::default()
        };
        let t = std::time::Instant::now();
        let big = apps::seed::build_world(&cfg, &registry)?;
        let build_ms = t.elapsed().as_secs_f64() * 1e3;
        out["large_world"] = crate::bench::measure(&big, &registry, iters, now)?;
        out["large_world"]["world_build_or_load_ms"] = json!(build_ms);
    }
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
