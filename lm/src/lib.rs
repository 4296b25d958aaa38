//! The policy's language model: a Qwen2/Llama decoder in burn loaded from Hugging Face files
//! (safetensors, PEFT adapters), its tokenizer and chat template, sampling with a KV cache,
//! teacher-forced scoring with the output projection applied in chunks, LoRA, and the one
//! optimiser step every trainer takes. Depends on burn and file-format crates only: nothing
//! here knows of worlds, tasks or agents.

pub use burn;

pub mod backend;
pub mod chat;
pub mod config;
pub mod error;
pub mod generate;
pub mod lora;
pub mod model;
pub mod optim;
pub mod quick;
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
