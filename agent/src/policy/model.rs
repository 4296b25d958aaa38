//! The burn model as a policy: conversations stay token ids; every turn of every active
//! rollout is generated in one batch, with the log-probability of each sampled token. Each
//! rollout's KV cache is kept across its turns, so a turn feeds only the tokens added since
//! (the observation and the next generation prompt), and the K rollouts of one task prefill
//! their common first prompt once.

use super::{Policy, Reply, TurnRequest};
use crate::chat::ChatTokenizer;
use crate::error::{AgentError, Result};
use crate::generate::{FinishReason, PrefillStats, SamplingConfig, SeqCache, generate_cached};
use crate::model::Model;
use burn::tensor::backend::Backend;
use std::collections::HashMap;

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
    /// Keep each rollout's KV cache across its turns (default). Off: every turn prefills the
    /// whole conversation again (the same tokens and log-probs, slower).
    pub reuse_cache: bool,
    /// Prompt tokens reused from caches, fed, and rows that shared a prefill, summed over calls.
    pub prefill: PrefillStats,
    caches: HashMap<u64, SeqCache<B>>,
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
            reuse_cache: true,
            prefill: PrefillStats::default(),
            caches: HashMap::new(),
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
        let rows = requests
            .iter()
            .map(|r| {
                r.tokens.ok_or_else(|| {
                    AgentError::Invalid("a model policy needs token-level conversations".into())
                })
            })
            .collect::<Result<Vec<&[u32]>>>()?;
        let cfg = SamplingConfig {
            seed: requests[0].seed,
            ..self.sampling.clone()
        };
        let keys: Vec<Option<u64>> = requests
            .iter()
            .map(|r| r.rollout.filter(|_| self.reuse_cache))
            .collect();
        let caches = keys
            .iter()
            .map(|k| k.and_then(|k| self.caches.remove(&k)))
            .collect();
        let keep = keys.iter().any(Option::is_some);
        let (gens, kept, stats) = generate_cached(
            &self.model,
            &rows,
            caches,
            &cfg,
            Some(&self.tokenizer),
            keep,
        )?;
        self.prefill += stats;
        for (k, c) in keys.into_iter().zip(kept) {
            if let (Some(k), Some(c)) = (k, c) {
                self.caches.insert(k, c);
            }
        }
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

    fn end_rollout(&mut self, rollout: u64) {
        self.caches.remove(&rollout);
    }

    fn forget(&mut self) {
        self.caches.clear();
    }
}
