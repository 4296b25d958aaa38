//! `appsim apis` and `appsim api-doc`: the registered APIs and one API's documentation.

use anyhow::{Context, bail};

#[derive(clap::Args)]
pub(super) struct Args {
    /// Only this app.
    #[arg(long)]
    app: Option<String>,
    /// Print JSON in the same shape as apis.json.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub(super) struct DocArgs {
    /// App name.
    app: String,
    /// API name.
    api: String,
}

pub(super) fn run(Args { app, json }: Args) -> anyhow::Result<()> {
    let registry = apps::registry();
    if let Some(a) = &app
        && registry.app(a).is_none()
    {
        bail!("no app named '{a}'; run `appsim apis` to list them");
    }
    if json {
        let spec = apps::spec::registry_as_spec(&registry, app.as_deref());
        println!("{}", serde_json::to_string_pretty(&spec)?);
        return Ok(());
    }
    for a in registry
        .apis()
        .iter()
        .filter(|a| app.as_deref().is_none_or(|x| x == a.app))
    {
        println!(
            "{:<12} {:<28} {:<6} {}",
            a.app,
            a.name,
            a.method.as_str(),
            a.path
        );
    }
    Ok(())
}

pub(super) fn doc(DocArgs { app, api }: DocArgs) -> anyhow::Result<()> {
    let registry = apps::registry();
    let spec = registry.api(&app, &api).with_context(|| {
        format!("no API named '{api}' in app '{app}'; run `appsim apis --app {app}`")
    })?;
    println!(
        "{}",
        serde_json::to_string_pretty(&apps::api_docs::doc_json(spec, true))?
    );
    Ok(())
}
