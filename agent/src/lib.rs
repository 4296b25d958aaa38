//! Policy model for appsim: a Qwen2/Llama decoder in burn loaded from Hugging Face files, its
//! tokenizer and chat template, sampling with a KV cache, teacher-forced scoring and LoRA.

pub use burn;

pub mod backend;
pub mod chat;
pub mod config;
pub mod error;
pub mod generate;
pub mod lora;
pub mod model;
pub mod policy;
pub mod prompt;
pub mod quick;
pub mod rl;
pub mod rollout;
pub mod score;
pub mod train;
pub mod weights;

pub use chat::{ChatTokenizer, Conversation};
pub use config::{Family, ModelConfig};
pub use error::{AgentError, Result};
pub use generate::{FinishReason, Generation, SamplingConfig, generate};
pub use lora::LoraConfig;
pub use model::{KvCache, Model, StepInput};
pub use score::ScoreBatch;
pub use train::LoraTrainer;
