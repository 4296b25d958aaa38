//! The decoder-only transformer (Qwen2 / Llama): embedding, RMSNorm, grouped-query attention
//! with RoPE and a key/value cache, SwiGLU MLP, optional tied output projection.

use crate::config::ModelConfig;
use crate::error::Result;
use crate::lora::LoraAdapter;
use crate::weights::{Checkpoint, transpose};
use burn::module::{Module, Param, ParamId};
use burn::tensor::activation::{silu, softmax};
use burn::tensor::backend::Backend;
use burn::tensor::{Distribution, Int, Tensor, TensorData};
use std::path::Path;

/// A linear map `y = x W + b` with `W` stored `[in, out]`, plus an optional LoRA adapter.
#[derive(Module, Debug)]
pub struct Linear<B: Backend> {
    /// Weight, `[in, out]` (the transpose of PyTorch's layout).
    pub weight: Param<Tensor<B, 2>>,
    /// Bias, `[out]`.
    pub bias: Option<Param<Tensor<B, 1>>>,
    /// Low-rank adapter added to the output when present.
    pub lora: Option<LoraAdapter<B>>,
}

impl<B: Backend> Linear<B> {
    fn random(d_in: usize, d_out: usize, bias: bool, device: &B::Device) -> Self {
        let std = 0.02;
        let w = Tensor::random([d_in, d_out], Distribution::Normal(0.0, std), device);
        Self {
            weight: Param::from_tensor(w),
            bias: bias.then(|| {
                Param::from_tensor(Tensor::random(
                    [d_out],
                    Distribution::Normal(0.0, std),
                    device,
                ))
            }),
            lora: None,
        }
    }

    /// Input width.
    pub fn d_in(&self) -> usize {
        self.weight.val().dims()[0]
    }

    /// Output width.
    pub fn d_out(&self) -> usize {
        self.weight.val().dims()[1]
    }

    /// Applies the map to `[batch, seq, in]`.
    pub fn forward(&self, x: Tensor<B, 3>) -> Tensor<B, 3> {
        let [b, s, d] = x.dims();
        let flat = x.reshape([b * s, d]);
        let mut y = flat.clone().matmul(self.weight.val());
        if let Some(bias) = &self.bias {
            y = y + bias.val().unsqueeze_dim(0);
        }
        if let Some(lora) = &self.lora {
            y = y + lora.forward(flat);
        }
        let out = y.dims()[1];
        y.reshape([b, s, out])
    }
}

/// Root-mean-square layer norm with a learned scale.
#[derive(Module, Debug)]
pub struct RmsNorm<B: Backend> {
    /// Scale, `[d]`.
    pub weight: Param<Tensor<B, 1>>,
    /// Added to the mean square before the square root.
    pub eps: f64,
}

impl<B: Backend> RmsNorm<B> {
    /// Normalises the last dimension.
    pub fn forward<const D: usize>(&self, x: Tensor<B, D>) -> Tensor<B, D> {
        let ms = x.clone().powi_scalar(2).mean_dim(D - 1);
        let inv = ms.add_scalar(self.eps).sqrt().recip();
        x * inv * self.weight.val().unsqueeze()
    }
}

/// Grouped-query self-attention.
#[derive(Module, Debug)]
pub struct Attention<B: Backend> {
    /// Query projection.
    pub q_proj: Linear<B>,
    /// Key projection.
    pub k_proj: Linear<B>,
    /// Value projection.
    pub v_proj: Linear<B>,
    /// Output projection.
    pub o_proj: Linear<B>,
    /// Query heads.
    pub n_heads: usize,
    /// Key/value heads.
    pub n_kv_heads: usize,
    /// Width of one head.
    pub head_dim: usize,
}

/// SwiGLU feed-forward block.
#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    /// Gate projection.
    pub gate_proj: Linear<B>,
    /// Up projection.
    pub up_proj: Linear<B>,
    /// Down projection.
    pub down_proj: Linear<B>,
}

/// One pre-norm decoder layer.
#[derive(Module, Debug)]
pub struct DecoderLayer<B: Backend> {
    /// Norm before attention.
    pub input_layernorm: RmsNorm<B>,
    /// Attention block.
    pub self_attn: Attention<B>,
    /// Norm before the MLP.
    pub post_attention_layernorm: RmsNorm<B>,
    /// MLP block.
    pub mlp: Mlp<B>,
}

/// The whole causal language model.
#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    /// Token embedding, `[vocab, d]`.
    pub embed_tokens: Param<Tensor<B, 2>>,
    /// Decoder layers.
    pub layers: Vec<DecoderLayer<B>>,
    /// Final norm.
    pub norm: RmsNorm<B>,
    /// Output projection `[d, vocab]`; `None` when tied to the embedding.
    pub lm_head: Option<Param<Tensor<B, 2>>>,
    /// Hyper-parameters the model was built from.
    #[module(skip)]
    pub config: ModelConfig,
}

/// Cached keys and values of every layer, each `[batch, kv_heads, cached_len, head_dim]`.
#[derive(Debug, Clone)]
pub struct KvCache<B: Backend> {
    layers: Vec<Option<(Tensor<B, 4>, Tensor<B, 4>)>>,
}

impl<B: Backend> KvCache<B> {
    /// An empty cache for `n_layers` layers.
    pub fn new(n_layers: usize) -> Self {
        Self {
            layers: vec![None; n_layers],
        }
    }

    /// Number of cached positions.
    pub fn len(&self) -> usize {
        self.layers
            .first()
            .and_then(|l| l.as_ref())
            .map(|(k, _)| k.dims()[2])
            .unwrap_or(0)
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the first `len` positions of every row.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        for slot in &mut self.layers {
            *slot = match slot.take() {
                Some((k, v)) if len > 0 => Some((k.narrow(2, 0, len), v.narrow(2, 0, len))),
                _ => None,
            };
        }
    }

    /// A cache of the rows `rows` of this one, in that order (a row may repeat).
    pub fn select_rows(&self, rows: &[usize]) -> Self {
        self.map(|t| {
            let idx = index_tensor(rows, &t.device());
            t.select(0, idx)
        })
    }

    /// Row `row` alone, keeping only the positions `keep` (ascending).
    pub fn row_positions(&self, row: usize, keep: &[usize]) -> Self {
        if keep.is_empty() {
            return Self::new(self.layers.len());
        }
        self.map(|t| {
            let idx = index_tensor(keep, &t.device());
            t.narrow(0, row, 1).select(2, idx)
        })
    }

    fn map(&self, f: impl Fn(Tensor<B, 4>) -> Tensor<B, 4>) -> Self {
        Self {
            layers: self
                .layers
                .iter()
                .map(|l| l.as_ref().map(|(k, v)| (f(k.clone()), f(v.clone()))))
                .collect(),
        }
    }
}

fn index_tensor<B: Backend>(ix: &[usize], device: &B::Device) -> Tensor<B, 1, Int> {
    let v: Vec<i64> = ix.iter().map(|&i| i as i64).collect();
    Tensor::from_data(TensorData::new(v, [ix.len()]), device)
}

/// One forward step: `ids` and `positions` are `[batch * seq]` row-major; `key_valid` is
/// `[batch * (cached + seq)]` and says which cache slots (old and new) hold real tokens.
#[derive(Debug, Clone)]
pub struct StepInput {
    /// Batch size.
    pub batch: usize,
    /// New positions per row.
    pub seq: usize,
    /// Token ids, `[batch * seq]`.
    pub ids: Vec<u32>,
    /// Rotary positions of the new tokens, `[batch * seq]`.
    pub positions: Vec<usize>,
    /// Which keys may be attended to, `[batch * (cached + seq)]`.
    pub key_valid: Vec<bool>,
}

impl StepInput {
    /// A batch of left-padded sequences: `rows[i]` is padded on the left to the longest row;
    /// positions count from 0 at each row's first real token.
    pub fn left_padded(rows: &[Vec<u32>], pad_id: u32) -> Self {
        let seq = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut ids = Vec::with_capacity(rows.len() * seq);
        let mut positions = Vec::with_capacity(rows.len() * seq);
        let mut key_valid = Vec::with_capacity(rows.len() * seq);
        for r in rows {
            let pad = seq - r.len();
            for i in 0..seq {
                if i < pad {
                    ids.push(pad_id);
                    positions.push(0);
                    key_valid.push(false);
                } else {
                    ids.push(r[i - pad]);
                    positions.push(i - pad);
                    key_valid.push(true);
                }
            }
        }
        Self {
            batch: rows.len(),
            seq,
            ids,
            positions,
            key_valid,
        }
    }
}

fn rotate_half<B: Backend>(x: Tensor<B, 4>) -> Tensor<B, 4> {
    let d = x.dims()[3];
    let h = d / 2;
    let x1 = x.clone().narrow(3, 0, h);
    let x2 = x.narrow(3, h, h);
    Tensor::cat(vec![x2.neg(), x1], 3)
}

impl<B: Backend> Attention<B> {
    fn forward(
        &self,
        x: Tensor<B, 3>,
        cos: Tensor<B, 4>,
        sin: Tensor<B, 4>,
        mask: Tensor<B, 4>,
        cache: &mut Option<(Tensor<B, 4>, Tensor<B, 4>)>,
    ) -> Tensor<B, 3> {
        let [b, s, _] = x.dims();
        let hd = self.head_dim;
        let q = self
            .q_proj
            .forward(x.clone())
            .reshape([b, s, self.n_heads, hd])
            .swap_dims(1, 2);
        let k = self
            .k_proj
            .forward(x.clone())
            .reshape([b, s, self.n_kv_heads, hd])
            .swap_dims(1, 2);
        let v = self
            .v_proj
            .forward(x)
            .reshape([b, s, self.n_kv_heads, hd])
            .swap_dims(1, 2);
        let q = q.clone() * cos.clone() + rotate_half(q) * sin.clone();
        let k = k.clone() * cos + rotate_half(k) * sin;
        let (k, v) = match cache.take() {
            Some((pk, pv)) => (Tensor::cat(vec![pk, k], 2), Tensor::cat(vec![pv, v], 2)),
            None => (k, v),
        };
        *cache = Some((k.clone(), v.clone()));
        // Grouped-query attention without copying keys and values per query head: the `rep`
        // query heads that share a key/value head are stacked along the sequence axis
        // (`[b, kv_heads, rep * s, hd]`, head `kv * rep + r` at rows `r * s..`), so one matmul
        // per key/value head serves them all. Copying the cache `rep` times per layer and step
        // made long-context decoding memory-bound.
        let (kvh, rep) = (self.n_kv_heads, self.n_heads / self.n_kv_heads);
        let q = q.reshape([b, kvh, rep * s, hd]);
        let mask = if rep > 1 {
            mask.repeat_dim(2, rep)
        } else {
            mask
        };
        let scores = q
            .matmul(k.swap_dims(2, 3))
            .mul_scalar(1.0 / (hd as f64).sqrt())
            + mask;
        let probs = softmax(scores, 3);
        let out = probs
            .matmul(v)
            .reshape([b, self.n_heads, s, hd])
            .swap_dims(1, 2)
            .reshape([b, s, self.n_heads * hd]);
        self.o_proj.forward(out)
    }
}

impl<B: Backend> Mlp<B> {
    fn forward(&self, x: Tensor<B, 3>) -> Tensor<B, 3> {
        let g = silu(self.gate_proj.forward(x.clone()));
        self.down_proj.forward(g * self.up_proj.forward(x))
    }
}

/// Value added to attention scores of masked keys (finite, so fully masked rows stay finite).
const MASKED: f32 = -1.0e9;

impl<B: Backend> Model<B> {
    /// Builds a randomly initialised model (normal, std 0.02; norms at 1).
    pub fn random(config: &ModelConfig, device: &B::Device) -> Self {
        Self::random_with_head_std(config, 0.02, device)
    }

    /// As [`Self::random`], with the untied output head drawn at `head_std` (a frozen head at
    /// 0.02 cannot express confident distributions, so adapters alone could not learn).
    pub fn random_with_head_std(config: &ModelConfig, head_std: f64, device: &B::Device) -> Self {
        let c = config;
        let d = c.hidden_size;
        let qd = c.num_attention_heads * c.head_dim;
        let kvd = c.num_key_value_heads * c.head_dim;
        let norm = |n: usize| RmsNorm {
            weight: Param::from_tensor(Tensor::ones([n], device)),
            eps: c.rms_norm_eps,
        };
        let layers = (0..c.num_hidden_layers)
            .map(|_| DecoderLayer {
                input_layernorm: norm(d),
                self_attn: Attention {
                    q_proj: Linear::random(d, qd, c.qkv_bias, device),
                    k_proj: Linear::random(d, kvd, c.qkv_bias, device),
                    v_proj: Linear::random(d, kvd, c.qkv_bias, device),
                    o_proj: Linear::random(qd, d, c.o_bias, device),
                    n_heads: c.num_attention_heads,
                    n_kv_heads: c.num_key_value_heads,
                    head_dim: c.head_dim,
                },
                post_attention_layernorm: norm(d),
                mlp: Mlp {
                    gate_proj: Linear::random(d, c.intermediate_size, c.mlp_bias, device),
                    up_proj: Linear::random(d, c.intermediate_size, c.mlp_bias, device),
                    down_proj: Linear::random(c.intermediate_size, d, c.mlp_bias, device),
                },
            })
            .collect();
        let emb = Tensor::random([c.vocab_size, d], Distribution::Normal(0.0, 0.02), device);
        Self {
            embed_tokens: Param::from_tensor(emb),
            layers,
            norm: norm(d),
            lm_head: (!c.tie_word_embeddings).then(|| {
                Param::from_tensor(Tensor::random(
                    [d, c.vocab_size],
                    Distribution::Normal(0.0, head_std),
                    device,
                ))
            }),
            config: config.clone(),
        }
    }

    /// Loads `config.json` and the safetensors weights of a Hugging Face model directory.
    pub fn load(dir: &Path, device: &B::Device) -> Result<Self> {
        let config = ModelConfig::from_dir(dir)?;
        let ck = Checkpoint::open_dir(dir)?;
        Self::from_checkpoint(&config, &ck, device)
    }

    /// Builds the model from an open checkpoint, checking every tensor's shape.
    pub fn from_checkpoint(
        config: &ModelConfig,
        ck: &Checkpoint,
        device: &B::Device,
    ) -> Result<Self> {
        let c = config;
        let d = c.hidden_size;
        let qd = c.num_attention_heads * c.head_dim;
        let kvd = c.num_key_value_heads * c.head_dim;
        let vec1 = |name: &str, n: usize| -> Result<Param<Tensor<B, 1>>> {
            let (v, _) = ck.read_f32(name, Some(&[n]))?;
            Ok(Param::initialized(
                ParamId::new(),
                Tensor::from_data(TensorData::new(v, [n]), device),
            ))
        };
        // HF stores linear weights `[out, in]`; this crate keeps `[in, out]`.
        let mat_t = |name: &str, d_out: usize, d_in: usize| -> Result<Param<Tensor<B, 2>>> {
            let (v, _) = ck.read_f32(name, Some(&[d_out, d_in]))?;
            let t = transpose(&v, d_out, d_in);
            Ok(Param::initialized(
                ParamId::new(),
                Tensor::from_data(TensorData::new(t, [d_in, d_out]), device),
            ))
        };
        let linear = |prefix: &str, d_in: usize, d_out: usize, bias: bool| -> Result<Linear<B>> {
            Ok(Linear {
                weight: mat_t(&format!("{prefix}.weight"), d_out, d_in)?,
                bias: if bias {
                    Some(vec1(&format!("{prefix}.bias"), d_out)?)
                } else {
                    None
                },
                lora: None,
            })
        };
        let norm = |name: &str| -> Result<RmsNorm<B>> {
            Ok(RmsNorm {
                weight: vec1(name, d)?,
                eps: c.rms_norm_eps,
            })
        };
        let mut layers = Vec::with_capacity(c.num_hidden_layers);
        for i in 0..c.num_hidden_layers {
            let p = format!("model.layers.{i}");
            layers.push(DecoderLayer {
                input_layernorm: norm(&format!("{p}.input_layernorm.weight"))?,
                self_attn: Attention {
                    q_proj: linear(&format!("{p}.self_attn.q_proj"), d, qd, c.qkv_bias)?,
                    k_proj: linear(&format!("{p}.self_attn.k_proj"), d, kvd, c.qkv_bias)?,
                    v_proj: linear(&format!("{p}.self_attn.v_proj"), d, kvd, c.qkv_bias)?,
                    o_proj: linear(&format!("{p}.self_attn.o_proj"), qd, d, c.o_bias)?,
                    n_heads: c.num_attention_heads,
                    n_kv_heads: c.num_key_value_heads,
                    head_dim: c.head_dim,
                },
                post_attention_layernorm: norm(&format!("{p}.post_attention_layernorm.weight"))?,
                mlp: Mlp {
                    gate_proj: linear(
                        &format!("{p}.mlp.gate_proj"),
                        d,
                        c.intermediate_size,
                        c.mlp_bias,
                    )?,
                    up_proj: linear(
                        &format!("{p}.mlp.up_proj"),
                        d,
                        c.intermediate_size,
                        c.mlp_bias,
                    )?,
                    down_proj: linear(
                        &format!("{p}.mlp.down_proj"),
                        c.intermediate_size,
                        d,
                        c.mlp_bias,
                    )?,
                },
            });
        }
        let (emb, _) = ck.read_f32("model.embed_tokens.weight", Some(&[c.vocab_size, d]))?;
        let lm_head = if c.tie_word_embeddings {
            None
        } else {
            Some(mat_t("lm_head.weight", c.vocab_size, d)?)
        };
        Ok(Self {
            embed_tokens: Param::initialized(
                ParamId::new(),
                Tensor::from_data(TensorData::new(emb, [c.vocab_size, d]), device),
            ),
            layers,
            norm: norm("model.norm.weight")?,
            lm_head,
            config: config.clone(),
        })
    }

    /// The device the weights live on.
    pub fn device(&self) -> B::Device {
        self.embed_tokens.val().device()
    }

    /// The output projection as `[d, vocab]` (the embedding's transpose when tied).
    pub fn output_weight(&self) -> Tensor<B, 2> {
        match &self.lm_head {
            Some(w) => w.val(),
            None => self.embed_tokens.val().transpose(),
        }
    }

    fn rope(&self, positions: &[usize], batch: usize, seq: usize) -> (Tensor<B, 4>, Tensor<B, 4>) {
        let hd = self.config.head_dim;
        let half = hd / 2;
        let theta = self.config.rope_theta as f32;
        let inv: Vec<f32> = (0..half)
            .map(|i| 1.0 / theta.powf((2 * i) as f32 / hd as f32))
            .collect();
        let scale = self.config.rope_linear_factor as f32;
        let mut cos = Vec::with_capacity(positions.len() * hd);
        let mut sin = Vec::with_capacity(positions.len() * hd);
        for &p in positions {
            let p = p as f32 / scale;
            for _ in 0..2 {
                for f in &inv {
                    let a = p * f;
                    cos.push(a.cos());
                    sin.push(a.sin());
                }
            }
        }
        let dev = self.device();
        let mk = |v: Vec<f32>| {
            Tensor::<B, 3>::from_data(TensorData::new(v, [batch, seq, hd]), &dev).unsqueeze_dim(1)
        };
        (mk(cos), mk(sin))
    }

    /// Runs the decoder over new tokens, extending `cache`, and returns the final-normed hidden
    /// states `[batch, seq, d]`.
    pub fn forward_hidden(&self, input: &StepInput, cache: &mut KvCache<B>) -> Tensor<B, 3> {
        let (b, s) = (input.batch, input.seq);
        let past = cache.len();
        let t = past + s;
        assert_eq!(input.ids.len(), b * s, "ids must be batch * seq");
        assert_eq!(
            input.key_valid.len(),
            b * t,
            "key_valid must be batch * (cached + seq)"
        );
        let dev = self.device();
        let ids: Vec<i64> = input.ids.iter().map(|&x| x as i64).collect();
        let ids = Tensor::<B, 1, Int>::from_data(TensorData::new(ids, [b * s]), &dev);
        let d = self.config.hidden_size;
        let mut h = self.embed_tokens.val().select(0, ids).reshape([b, s, d]);
        let mut mask = Vec::with_capacity(b * s * t);
        for r in 0..b {
            for i in 0..s {
                for j in 0..t {
                    let ok = input.key_valid[r * t + j] && j <= past + i;
                    mask.push(if ok { 0.0 } else { MASKED });
                }
            }
        }
        let mask =
            Tensor::<B, 3>::from_data(TensorData::new(mask, [b, s, t]), &dev).unsqueeze_dim(1);
        let (cos, sin) = self.rope(&input.positions, b, s);
        for (layer, slot) in self.layers.iter().zip(cache.layers.iter_mut()) {
            let a = layer.self_attn.forward(
                layer.input_layernorm.forward(h.clone()),
                cos.clone(),
                sin.clone(),
                mask.clone(),
                slot,
            );
            h = h + a;
            h = h.clone() + layer.mlp.forward(layer.post_attention_layernorm.forward(h));
        }
        self.norm.forward(h)
    }

    /// One batch from single-row caches of different lengths: row `i` is `rows[i]` (or nothing)
    /// left-padded with zeros to `len` positions (at least the longest row). The padding must be
    /// marked invalid in the next step's `key_valid`.
    pub fn stack_caches(&self, rows: &[Option<&KvCache<B>>], len: usize) -> KvCache<B> {
        let n = self.layers.len();
        if len == 0 {
            return KvCache::new(n);
        }
        let dev = self.device();
        let c = &self.config;
        let (h, hd) = (c.num_key_value_heads, c.head_dim);
        let layers = (0..n)
            .map(|l| {
                let mut ks = Vec::with_capacity(rows.len());
                let mut vs = Vec::with_capacity(rows.len());
                for row in rows {
                    let have = row.map_or(0, |r| r.len());
                    assert!(have <= len, "a cached row is longer than the stack");
                    let pad = || Tensor::<B, 4>::zeros([1, h, len - have, hd], &dev);
                    match row.and_then(|r| r.layers[l].as_ref()) {
                        Some((k, v)) if have < len => {
                            ks.push(Tensor::cat(vec![pad(), k.clone()], 2));
                            vs.push(Tensor::cat(vec![pad(), v.clone()], 2));
                        }
                        Some((k, v)) => {
                            ks.push(k.clone());
                            vs.push(v.clone());
                        }
                        None => {
                            ks.push(pad());
                            vs.push(pad());
                        }
                    }
                }
                Some((Tensor::cat(ks, 0), Tensor::cat(vs, 0)))
            })
            .collect();
        KvCache { layers }
    }

    /// Logits `[n, vocab]` of flat hidden states `[n, d]`. With tied embeddings this computes
    /// `(E h^T)^T`, so the large `[vocab, d]` matrix is read in its stored layout rather than
    /// through a transposed view (which some backends copy on every call).
    pub fn project_flat(&self, hidden: Tensor<B, 2>) -> Tensor<B, 2> {
        match &self.lm_head {
            Some(w) => hidden.matmul(w.val()),
            None => self
                .embed_tokens
                .val()
                .matmul(hidden.transpose())
                .transpose(),
        }
    }

    /// Logits `[batch, seq, vocab]` of hidden states `[batch, seq, d]`.
    pub fn project(&self, hidden: Tensor<B, 3>) -> Tensor<B, 3> {
        let [b, s, d] = hidden.dims();
        let logits = self.project_flat(hidden.reshape([b * s, d]));
        logits.reshape([b, s, self.config.vocab_size])
    }

    /// Full-sequence logits for left-padded rows (no cache kept).
    pub fn logits(&self, rows: &[Vec<u32>], pad_id: u32) -> Tensor<B, 3> {
        let input = StepInput::left_padded(rows, pad_id);
        let mut cache = KvCache::new(self.layers.len());
        self.project(self.forward_hidden(&input, &mut cache))
    }
}
