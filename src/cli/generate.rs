//! `appsim generate`: one reply of a Hugging Face model directory (a policy model quick check).

#[derive(clap::Args)]
pub(super) struct Args {
    /// Model directory: config.json, safetensors weights, tokenizer.json.
    #[arg(long)]
    model: std::path::PathBuf,
    /// The user message (wrapped in the chat template when the tokenizer has one).
    #[arg(long)]
    prompt: String,
    /// Most tokens to generate.
    #[arg(long, default_value_t = 64)]
    max_new_tokens: usize,
    /// Sampling temperature (0 = greedy).
    #[arg(long, default_value_t = 0.0)]
    temperature: f32,
    /// Nucleus sampling threshold.
    #[arg(long, default_value_t = 1.0)]
    top_p: f32,
    /// Random seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub(super) fn run(args: Args) -> anyhow::Result<()> {
    let cfg = agent::SamplingConfig {
        temperature: args.temperature,
        top_p: args.top_p,
        max_new_tokens: args.max_new_tokens,
        seed: args.seed,
        ..Default::default()
    };
    let out = agent::quick::generate_from_dir(&args.model, &args.prompt, cfg)?;
    println!("{}", out.text);
    let n = out.generation.tokens.len();
    eprintln!(
        "[{} prompt tokens, {n} new, {:?}; load {:.2}s, generate {:.2}s = {:.1} tok/s]",
        out.prompt_tokens,
        out.generation.finish,
        out.load_s,
        out.generate_s,
        n as f64 / out.generate_s.max(1e-9)
    );
    Ok(())
}
