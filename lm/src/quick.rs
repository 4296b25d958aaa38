//! One-shot generation from a model directory, for `appsim generate`.

use crate::backend::Cpu;
use crate::chat::{ChatTokenizer, Conversation};
use crate::error::Result;
use crate::generate::{FinishReason, Generation, SamplingConfig, generate};
use crate::model::Model;
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// What one generation produced, with timings.
#[derive(Debug, Clone)]
pub struct QuickOutput {
    /// The prompt as the model saw it (chat template applied when there is one).
    pub prompt_text: String,
    /// Prompt length in tokens.
    pub prompt_tokens: usize,
    /// The continuation.
    pub generation: Generation,
    /// The continuation's text (without a final stop token).
    pub text: String,
    /// Seconds spent loading model and tokenizer.
    pub load_s: f64,
    /// Seconds spent generating.
    pub generate_s: f64,
}

/// Loads `dir` on the default CPU backend, wraps `prompt` as a user turn with the chat
/// template (plain text when the tokenizer has none) and samples a reply that stops at the
/// end-of-turn token or the config's end-of-sequence tokens.
pub fn generate_from_dir(dir: &Path, prompt: &str, mut cfg: SamplingConfig) -> Result<QuickOutput> {
    let t0 = Instant::now();
    let device = Default::default();
    let model = Model::<Cpu>::load(dir, &device)?;
    let tok = ChatTokenizer::from_dir(dir)?;
    let load_s = t0.elapsed().as_secs_f64();
    let messages = vec![json!({"role": "user", "content": prompt})];
    let (prompt_text, ids) = match tok.render(&messages, None, true, &Default::default()) {
        Ok(text) => {
            let conv = Conversation::start(&tok, messages, None, Default::default())?;
            (text, conv.tokens().to_vec())
        }
        Err(_) => (prompt.to_string(), tok.encode(prompt)?),
    };
    cfg.stop_token_ids.extend(tok.eos_id);
    cfg.stop_token_ids
        .extend(model.config.eos_token_ids.iter().copied());
    let t1 = Instant::now();
    let mut out = generate(&model, std::slice::from_ref(&ids), &cfg, Some(&tok))?;
    let generate_s = t1.elapsed().as_secs_f64();
    let generation = out.remove(0);
    let shown = match generation.finish {
        FinishReason::StopToken => &generation.tokens[..generation.tokens.len() - 1],
        _ => &generation.tokens[..],
    };
    let text = tok.decode(shown)?;
    Ok(QuickOutput {
        prompt_text,
        prompt_tokens: ids.len(),
        generation,
        text,
        load_s,
        generate_s,
    })
}
