//! The agent of appsim: the agent loop over task episodes ([`rollout`]), the policies that
//! choose its turns ([`policy`]: the model, chat endpoints, scripts), the prompt, and LOOP,
//! GRPO, RLOO and SFT training ([`rl`]). The language model itself is the [`lm`] crate; its
//! modules are re-exported here under their old paths.

pub use lm::burn;
// `generate` is both the module and its function, as at lm's root.
pub use lm::{backend, chat, config, error, generate, lora, model, quick, score, train, weights};

pub mod policy;
pub mod prompt;
pub mod rl;
pub mod rollout;

pub use lm::{
    AgentError, ChatTokenizer, Conversation, Family, FinishReason, Generation, KvCache, LoraConfig,
    LoraTrainer, Model, ModelConfig, Result, SamplingConfig, ScoreBatch, StepInput,
};
