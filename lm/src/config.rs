//! Model hyper-parameters (a burn `Config`) read from a Hugging Face `config.json` (Qwen2 and
//! Llama families).

use crate::error::{self, AgentError, read_json};
use crate::model::Model;
use burn::config::Config;
use burn::tensor::backend::Backend;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// Which family of decoder the configuration describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// `Qwen2ForCausalLM` (Qwen2, Qwen2.5): biases on q, k and v.
    Qwen2,
    /// `LlamaForCausalLM` (Llama, SmolLM2): biases only if `attention_bias`.
    Llama,
}

/// Hyper-parameters of a decoder-only transformer: a burn [`Config`], read from a Hugging
/// Face `config.json` ([`ModelConfig::from_dir`]) or written out (the shape presets below,
/// `ModelConfig::new(...)` with its `with_*` builders); [`ModelConfig::init`] builds a randomly
/// initialised model of the shape.
#[derive(Config, Debug, PartialEq)]
pub struct ModelConfig {
    /// Architecture family.
    #[config(default = "Family::Qwen2")]
    pub family: Family,
    /// Vocabulary size (rows of the embedding).
    pub vocab_size: usize,
    /// Width of the residual stream.
    pub hidden_size: usize,
    /// Width of the MLP's hidden layer.
    pub intermediate_size: usize,
    /// Number of decoder layers.
    pub num_hidden_layers: usize,
    /// Number of query heads.
    pub num_attention_heads: usize,
    /// Number of key/value heads (grouped-query attention).
    pub num_key_value_heads: usize,
    /// Width of one head.
    pub head_dim: usize,
    /// RMSNorm epsilon.
    #[config(default = 1e-6)]
    pub rms_norm_eps: f64,
    /// RoPE base.
    #[config(default = 10000.0)]
    pub rope_theta: f64,
    /// Linear RoPE position scaling factor (1.0 when none).
    #[config(default = 1.0)]
    pub rope_linear_factor: f64,
    /// Whether the output projection shares the embedding matrix.
    #[config(default = false)]
    pub tie_word_embeddings: bool,
    /// Biases on the q, k and v projections.
    #[config(default = false)]
    pub qkv_bias: bool,
    /// Bias on the output projection of attention.
    #[config(default = false)]
    pub o_bias: bool,
    /// Biases on the MLP projections.
    #[config(default = false)]
    pub mlp_bias: bool,
    /// Longest context the model was trained for.
    #[config(default = 32768)]
    pub max_position_embeddings: usize,
    /// End-of-sequence token ids named in the config.
    #[config(default = "Vec::new()")]
    pub eos_token_ids: Vec<u32>,
}

fn get_usize(v: &Value, key: &str, path: &Path) -> error::Result<usize> {
    v.get(key)
        .and_then(Value::as_u64)
        .map(|x| x as usize)
        .ok_or_else(|| AgentError::Json {
            path: path.to_path_buf(),
            message: format!("missing or non-integer field {key:?}"),
        })
}

impl ModelConfig {
    /// Reads `config.json` from a model directory.
    pub fn from_dir(dir: &Path) -> error::Result<Self> {
        let path = dir.join("config.json");
        let v = read_json(&path, "the model's config.json")?;
        Self::from_json(&v, &path)
    }

    /// Interprets a parsed `config.json`; `path` is only used in error messages.
    pub fn from_json(v: &Value, path: &Path) -> error::Result<Self> {
        let arch = v
            .get("architectures")
            .and_then(|a| a.get(0))
            .and_then(Value::as_str)
            .or_else(|| v.get("model_type").and_then(Value::as_str))
            .unwrap_or("<none>")
            .to_string();
        let family = match arch.as_str() {
            "Qwen2ForCausalLM" | "qwen2" => Family::Qwen2,
            "LlamaForCausalLM" | "llama" => Family::Llama,
            _ => return Err(AgentError::UnknownArchitecture(arch)),
        };
        let hidden_size = get_usize(v, "hidden_size", path)?;
        let num_attention_heads = get_usize(v, "num_attention_heads", path)?;
        let num_key_value_heads = v
            .get("num_key_value_heads")
            .and_then(Value::as_u64)
            .map(|x| x as usize)
            .unwrap_or(num_attention_heads);
        let head_dim = v
            .get("head_dim")
            .and_then(Value::as_u64)
            .map(|x| x as usize)
            .unwrap_or(hidden_size / num_attention_heads.max(1));
        let flag = |k: &str, d: bool| v.get(k).and_then(Value::as_bool).unwrap_or(d);
        let attention_bias = flag("attention_bias", false);
        // transformers 5 writes `rope_parameters` (theta and type); older files `rope_theta`
        // and `rope_scaling`.
        let rope_params = v.get("rope_parameters").filter(|p| p.is_object());
        let rope_theta = v
            .get("rope_theta")
            .and_then(Value::as_f64)
            .or_else(|| {
                rope_params
                    .and_then(|p| p.get("rope_theta"))
                    .and_then(Value::as_f64)
            })
            .unwrap_or(10000.0);
        let rope_linear_factor = match v
            .get("rope_scaling")
            .filter(|s| !s.is_null())
            .or(rope_params)
        {
            None | Some(Value::Null) => 1.0,
            Some(s) => {
                let kind = s
                    .get("rope_type")
                    .or_else(|| s.get("type"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                match kind {
                    "default" => 1.0,
                    "linear" => s.get("factor").and_then(Value::as_f64).unwrap_or(1.0),
                    other => {
                        return Err(AgentError::Unsupported(format!(
                            "rope_scaling type {other:?} (only none, default and linear)"
                        )));
                    }
                }
            }
        };
        if let Some(act) = v.get("hidden_act").and_then(Value::as_str)
            && act != "silu"
        {
            return Err(AgentError::Unsupported(format!("hidden_act {act:?}")));
        }
        let eos_token_ids = match v.get("eos_token_id") {
            Some(Value::Number(n)) => n.as_u64().map(|x| vec![x as u32]).unwrap_or_default(),
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|x| x.as_u64())
                .map(|x| x as u32)
                .collect(),
            _ => Vec::new(),
        };
        let cfg = Self {
            family,
            vocab_size: get_usize(v, "vocab_size", path)?,
            hidden_size,
            intermediate_size: get_usize(v, "intermediate_size", path)?,
            num_hidden_layers: get_usize(v, "num_hidden_layers", path)?,
            num_attention_heads,
            num_key_value_heads,
            head_dim,
            rms_norm_eps: v
                .get("rms_norm_eps")
                .and_then(Value::as_f64)
                .unwrap_or(1e-6),
            rope_theta,
            rope_linear_factor,
            tie_word_embeddings: flag("tie_word_embeddings", false),
            qkv_bias: family == Family::Qwen2 || attention_bias,
            o_bias: family == Family::Llama && attention_bias,
            mlp_bias: flag("mlp_bias", false),
            max_position_embeddings: v
                .get("max_position_embeddings")
                .and_then(Value::as_u64)
                .unwrap_or(32768) as usize,
            eos_token_ids,
        };
        cfg.validate()?;
        Ok(cfg)
    }

    /// Checks internal consistency (head counts divide, sizes positive).
    pub fn validate(&self) -> error::Result<()> {
        if self.num_attention_heads == 0
            || self.num_key_value_heads == 0
            || !self
                .num_attention_heads
                .is_multiple_of(self.num_key_value_heads)
        {
            return Err(AgentError::Unsupported(format!(
                "{} attention heads cannot be grouped over {} key/value heads",
                self.num_attention_heads, self.num_key_value_heads
            )));
        }
        if !self.head_dim.is_multiple_of(2) || self.hidden_size == 0 || self.vocab_size == 0 {
            return Err(AgentError::Unsupported(
                "head_dim must be even and sizes positive".into(),
            ));
        }
        Ok(())
    }

    /// A model of this shape with random weights (normal, std 0.02; norms at 1): what
    /// [`Model::random`] builds.
    pub fn init<B: Backend>(&self, device: &B::Device) -> Model<B> {
        Model::random(self, device)
    }

    /// Qwen2.5-0.5B's shape (24 layers, d 896, 14/2 heads, vocab 151,936, tied), for benchmarks.
    pub fn qwen2_5_0_5b() -> Self {
        Self {
            family: Family::Qwen2,
            vocab_size: 151_936,
            hidden_size: 896,
            intermediate_size: 4864,
            num_hidden_layers: 24,
            num_attention_heads: 14,
            num_key_value_heads: 2,
            head_dim: 64,
            rms_norm_eps: 1e-6,
            rope_theta: 1_000_000.0,
            rope_linear_factor: 1.0,
            tie_word_embeddings: true,
            qkv_bias: true,
            o_bias: false,
            mlp_bias: false,
            max_position_embeddings: 32768,
            eos_token_ids: vec![151_645],
        }
    }

    /// Qwen2.5-1.5B's shape (28 layers, d 1536, 12/2 heads of 128, vocab 151,936, tied), for
    /// benchmarks.
    pub fn qwen2_5_1_5b() -> Self {
        Self {
            hidden_size: 1536,
            intermediate_size: 8960,
            num_hidden_layers: 28,
            num_attention_heads: 12,
            head_dim: 128,
            ..Self::qwen2_5_0_5b()
        }
    }

    /// A tiny Qwen2 shape for tests and benchmarks (d 32, 2 layers, 4/2 heads).
    pub fn tiny(vocab_size: usize) -> Self {
        Self {
            family: Family::Qwen2,
            vocab_size,
            hidden_size: 32,
            intermediate_size: 64,
            num_hidden_layers: 2,
            num_attention_heads: 4,
            num_key_value_heads: 2,
            head_dim: 8,
            rms_norm_eps: 1e-6,
            rope_theta: 10000.0,
            rope_linear_factor: 1.0,
            tie_word_embeddings: false,
            qkv_bias: true,
            o_bias: false,
            mlp_bias: false,
            max_position_embeddings: 512,
            eos_token_ids: Vec::new(),
        }
    }

    /// Number of parameters of the base model.
    pub fn num_params(&self) -> usize {
        let d = self.hidden_size;
        let q = self.num_attention_heads * self.head_dim;
        let kv = self.num_key_value_heads * self.head_dim;
        let mut attn = d * q + 2 * d * kv + q * d;
        if self.qkv_bias {
            attn += q + 2 * kv;
        }
        let mlp = 3 * d * self.intermediate_size;
        let layer = attn + mlp + 2 * d;
        let emb = self.vocab_size * d;
        let head = if self.tie_word_embeddings { 0 } else { emb };
        emb + head + self.num_hidden_layers * layer + d
    }
}
