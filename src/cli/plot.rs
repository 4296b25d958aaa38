//! `appsim plot`: the curves of a metrics file into a PNG.

#[derive(clap::Args)]
pub(super) struct Args {
    /// metrics.jsonl of a training run.
    metrics: std::path::PathBuf,
    /// Output PNG (default: next to the metrics file, same name with .png).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Comma-separated keys to plot, one panel each; `a+b` draws both in one panel (default: a
    /// training run's main curves when present, else the first 9 numeric keys).
    #[arg(long, value_delimiter = ',')]
    keys: Vec<String>,
}

pub(super) fn run(args: Args) -> anyhow::Result<()> {
    let out = args
        .out
        .unwrap_or_else(|| args.metrics.with_extension("png"));
    let keys = if args.keys.is_empty() {
        crate::plot::training_keys(&args.metrics)
    } else {
        args.keys
    };
    println!("{}", crate::plot::plot(&args.metrics, &out, &keys)?);
    Ok(())
}
