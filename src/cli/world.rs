//! `appsim export-world` and `appsim import-appworld-db`: the world as AppWorld-format
//! `<app>.db` files, out and in.

use crate::env::Env;
use serde_json::json;
use sim::{Episode, EpisodeConfig};

#[derive(clap::Args)]
pub(super) struct ExportArgs {
    /// Directory to write into (created if missing).
    dir: std::path::PathBuf,
}

#[derive(clap::Args)]
pub(super) struct ImportArgs {
    /// Directory holding `<app>.db` files.
    dir: std::path::PathBuf,
}

pub(super) fn export(args: ExportArgs) -> anyhow::Result<()> {
    let (world, _) = Env::default().world()?;
    let files = world.export_dir(&args.dir)?;
    let out = json!({"files": files, "rows": world.row_count()});
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}

pub(super) fn import(args: ImportArgs) -> anyhow::Result<()> {
    let registry = std::sync::Arc::new(apps::registry());
    let (world, loaded) = apps::seed::load_world(&args.dir, &registry)?;
    let ep = Episode::new(&world, registry, EpisodeConfig::default())?;
    let out =
        json!({"loaded_apps": loaded, "rows": world.row_count(), "state_hash": ep.state_hash()?});
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
