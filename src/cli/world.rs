//! `appsim export-world` and `appsim import-appworld-db`: the world as AppWorld-format
//! `<app>.db` files with a `manifest.json` naming its clock, out and in.

use crate::env::Env;
use serde_json::json;
use sim::{Episode, EpisodeConfig};

#[derive(clap::Args)]
pub(super) struct ExportArgs {
    /// Directory to write into (created if missing).
    dir: std::path::PathBuf,
    /// The clock the manifest names (default: 2023-05-18T12:00:00, the tasks' clock).
    #[arg(long, value_name = "YYYY-MM-DDTHH:MM:SS", value_parser = sim::clock::parse_clock)]
    datetime: Option<chrono::NaiveDateTime>,
}

#[derive(clap::Args)]
pub(super) struct ImportArgs {
    /// Directory holding `<app>.db` files (and optionally a `manifest.json` naming the clock).
    dir: std::path::PathBuf,
    /// The world's clock, overriding the manifest's.
    #[arg(long, value_name = "YYYY-MM-DDTHH:MM:SS", value_parser = sim::clock::parse_clock)]
    datetime: Option<chrono::NaiveDateTime>,
}

pub(super) fn export(args: ExportArgs) -> anyhow::Result<()> {
    let (world, _) = Env::default().world()?;
    let now = args.datetime.unwrap_or_else(sim::clock::default_now);
    let mut files = world.export_dir(&args.dir)?;
    files.push(sim::manifest::Manifest::at(now).write(&args.dir)?);
    let out = json!({"files": files, "rows": world.row_count(), "datetime": sim::clock::fmt_datetime(now)});
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}

pub(super) fn import(args: ImportArgs) -> anyhow::Result<()> {
    let env = Env::new(None, Some(args.dir.clone())).with_datetime(args.datetime);
    let now = env.now()?;
    let registry = std::sync::Arc::new(apps::registry());
    let (world, loaded) = apps::seed::load_world(&args.dir, &registry)?;
    let ep = Episode::new(
        &world,
        registry,
        EpisodeConfig {
            now,
            ..EpisodeConfig::default()
        },
    )?;
    let out = json!({
        "loaded_apps": loaded,
        "rows": world.row_count(),
        "state_hash": ep.state_hash()?,
        "datetime": sim::clock::fmt_datetime(now),
    });
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
