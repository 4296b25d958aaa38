//! The burn model as a policy: conversations stay token ids; every turn of every active
//! rollout is generated in one batch, with the log-probability of each sampled token.

use super::{Policy, Reply, TurnRequest};
use crate::chat::ChatTokenizer;
use crate::error::{AgentError, Result};
use crate::generate::{FinishReason, SamplingConfig, generate};
use crate::model::Model;
use burn::tensor::backend::Backend;

/// A model, its tokenizer and how to sample from it.
pub struct ModelPolicy<B: Backend> {
    /// The model (with LoRA adapters when attached).
    pub model: Model<B>,
    /// Its tokenizer and chat template.
    pub tokenizer: ChatTokenizer,
    /// Sampling settings (stop tokens are completed from the tokenizer and config).
    pub sampling: SamplingConfig,
    /// A label for reports.
    pub label: String,
}

impl<B: Backend> ModelPolicy<B> {
    /// A policy over `model`; the end-of-turn and end-of-sequence tokens stop a turn.
    pub fn new(
        model: Model<B>,
        tokenizer: ChatTokenizer,
        mut sampling: SamplingConfig,
        label: impl Into<String>,
    ) -> Self {
        sampling.stop_token_ids.extend(tokenizer.eos_id);
        sampling
            .stop_token_ids
            .extend(model.config.eos_token_ids.iter().copied());
        sampling.stop_token_ids.sort_unstable();
        sampling.stop_token_ids.dedup();
        Self {
            model,
            tokenizer,
            sampling,
            label: label.into(),
        }
    }
}

impl<B: Backend> Policy for ModelPolicy<B> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn tokenizer(&self) -> Option<&ChatTokenizer> {
        Some(&self.tokenizer)
    }

    fn reply(&mut self, requests: &[TurnRequest<'_>]) -> Result<Vec<Reply>> {
        if requests.is_empty() {
            return Ok(Vec::new());
        }
        let prompts = requests
            .iter()
            .map(|r| {
                r.tokens.map(<[u32]>::to_vec).ok_or_else(|| {
                    AgentError::Invalid("a model policy needs token-level conversations".into())
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let cfg = SamplingConfig {
            seed: requests[0].seed,
            ..self.sampling.clone()
        };
        let gens = generate(&self.model, &prompts, &cfg, Some(&self.tokenizer))?;
        gens.into_iter()
            .map(|g| {
                let shown = match g.finish {
                    FinishReason::StopToken => &g.tokens[..g.tokens.len() - 1],
                    _ => &g.tokens[..],
                };
                Ok(Reply {
                    text: self.tokenizer.decode(shown)?,
                    truncated: g.finish == FinishReason::Length,
                    tokens: Some(g.tokens),
                    logprobs: Some(g.logprobs),
                })
            })
            .collect()
    }
}
