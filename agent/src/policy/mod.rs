//! Policies: what writes the agent's next turn. Three kinds share one interface:
//! the burn model ([`model::ModelPolicy`], token in/token out, with log-probs for training),
//! an OpenAI-compatible chat endpoint ([`endpoint::EndpointPolicy`]), and scripted cells
//! ([`scripted::ScriptedPolicy`], ground truth or a file, for debugging the loop).

pub mod endpoint;
pub mod model;
pub mod scripted;

use crate::chat::ChatTokenizer;
use crate::error::Result;
use serde_json::Value;
use tasks::Task;

/// What a policy sees of one rollout when asked for its next turn.
pub struct TurnRequest<'a> {
    /// The task being solved.
    pub task: &'a Task,
    /// Turns taken so far (0 for the first).
    pub turn: usize,
    /// The conversation as chat messages (system, user, assistant, ...).
    pub messages: &'a [Value],
    /// The conversation as token ids, ending with the generation prompt (token-level
    /// policies only; see [`Policy::tokenizer`]).
    pub tokens: Option<&'a [u32]>,
    /// Seed for this rollout's turn (derived from the run seed, the rollout and the turn).
    pub seed: u64,
    /// The rollout's key, the same on each of its turns within one batch of rollouts: a policy
    /// may keep per-rollout state under it (the model policy keeps its KV cache). `None`: keep
    /// nothing.
    pub rollout: Option<u64>,
}

/// One assistant turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reply {
    /// The reply's text (reasoning and a code cell).
    pub text: String,
    /// The generated token ids, for token-level policies (the end-of-turn token included when
    /// the model produced it).
    pub tokens: Option<Vec<u32>>,
    /// Log-probability of each generated token under the sampling policy.
    pub logprobs: Option<Vec<f32>>,
    /// The reply was cut at the per-turn token limit.
    pub truncated: bool,
}

/// Writes the next turn for a batch of rollouts.
pub trait Policy {
    /// A short description for reports (`model:DIR`, `endpoint:NAME`, `ground-truth`).
    fn name(&self) -> String;

    /// The tokenizer of a token-level policy: the agent loop then keeps every conversation as
    /// token ids and passes them in [`TurnRequest::tokens`]. `None` for text-level policies.
    fn tokenizer(&self) -> Option<&ChatTokenizer> {
        None
    }

    /// The next turn of each request, in order. Requests are independent rollouts; a policy
    /// may serve them in one batch.
    fn reply(&mut self, requests: &[TurnRequest<'_>]) -> Result<Vec<Reply>>;

    /// The rollout keyed `rollout` has ended: drop what was kept for it.
    fn end_rollout(&mut self, _rollout: u64) {}

    /// Drops everything kept per rollout. The agent loop calls it when a batch of rollouts
    /// starts and ends, as the model may change in between (a training update).
    fn forget(&mut self) {}
}
