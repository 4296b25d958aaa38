//! LoRA adapters on the attention and MLP projections, saved and loaded in PEFT's layout
//! (`adapter_config.json` + `adapter_model.safetensors`), and merged into base weights.

use crate::error::{self, AgentError, read_json};
use crate::model::{Linear, Model};
use crate::weights::{Checkpoint, save_f32, transpose};
use burn::config::Config;
use burn::module::{Module, Param, ParamId};
use burn::nn::{Dropout, DropoutConfig};
use burn::tensor::backend::Backend;
use burn::tensor::{Distribution, Tensor, TensorData};
use serde_json::json;
use std::path::Path;

/// The projections LoRA may target, by their PEFT / Hugging Face module names.
pub const ALL_TARGETS: [&str; 7] = [
    "q_proj",
    "k_proj",
    "v_proj",
    "o_proj",
    "gate_proj",
    "up_proj",
    "down_proj",
];

/// LoRA hyper-parameters: a burn [`Config`] (`LoraConfig::new(r, alpha)`, then
/// `with_dropout`, `with_target_modules`), the same type `appsim train`'s `[lora]` section
/// reads. [`LoraConfig::init`] builds one fresh adapter; [`attach`] puts one on every targeted
/// projection of a model.
#[derive(Config, Debug, PartialEq)]
pub struct LoraConfig {
    /// Rank of the update.
    pub r: usize,
    /// Scaling numerator: the update is `alpha / r * B A`.
    pub alpha: f64,
    /// Dropout on the adapter's input during training.
    #[config(default = 0.0)]
    pub dropout: f64,
    /// Which projections get adapters (names from [`ALL_TARGETS`]; PEFT's `target_modules`).
    #[config(default = "ALL_TARGETS.iter().map(|s| s.to_string()).collect()")]
    pub target_modules: Vec<String>,
}

/// LOOP's settings: rank 16, alpha 32, no dropout, all seven projections.
impl Default for LoraConfig {
    fn default() -> Self {
        Self::new(16, 32.0)
    }
}

impl LoraConfig {
    fn scale(&self) -> f64 {
        self.alpha / self.r as f64
    }

    /// A fresh adapter for a `d_in -> d_out` projection: `A` uniform in `±1/sqrt(d_in)`, `B`
    /// zero, so the adapted projection starts equal to the base.
    pub fn init<B: Backend>(
        &self,
        d_in: usize,
        d_out: usize,
        device: &B::Device,
    ) -> LoraAdapter<B> {
        let bound = 1.0 / (d_in as f64).sqrt();
        let a = Tensor::random([d_in, self.r], Distribution::Uniform(-bound, bound), device);
        LoraAdapter {
            a: Param::from_tensor(a),
            b: Param::from_tensor(Tensor::zeros([self.r, d_out], device)),
            scale: self.scale(),
            dropout: DropoutConfig::new(self.dropout).init(),
        }
    }
}

/// A low-rank update `scale * dropout(x) A B` with `A: [in, r]`, `B: [r, out]`.
#[derive(Module, Debug)]
pub struct LoraAdapter<B: Backend> {
    /// Down projection `[in, r]` (PEFT's `lora_A.weight` transposed).
    pub a: Param<Tensor<B, 2>>,
    /// Up projection `[r, out]` (PEFT's `lora_B.weight` transposed).
    pub b: Param<Tensor<B, 2>>,
    /// `alpha / r`.
    pub scale: f64,
    /// Dropout on the input (active only on autodiff backends).
    pub dropout: Dropout,
}

impl<B: Backend> LoraAdapter<B> {
    /// The update for a flat input `[n, in]`.
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.dropout
            .forward(x)
            .matmul(self.a.val())
            .matmul(self.b.val())
            .mul_scalar(self.scale)
    }
}

/// Visits every projection of every layer as `(layer, name, linear)`.
fn for_each_projection<B: Backend>(
    model: &mut Model<B>,
    mut f: impl FnMut(usize, &str, &mut Linear<B>) -> error::Result<()>,
) -> error::Result<()> {
    for (i, l) in model.layers.iter_mut().enumerate() {
        f(i, "q_proj", &mut l.self_attn.q_proj)?;
        f(i, "k_proj", &mut l.self_attn.k_proj)?;
        f(i, "v_proj", &mut l.self_attn.v_proj)?;
        f(i, "o_proj", &mut l.self_attn.o_proj)?;
        f(i, "gate_proj", &mut l.mlp.gate_proj)?;
        f(i, "up_proj", &mut l.mlp.up_proj)?;
        f(i, "down_proj", &mut l.mlp.down_proj)?;
    }
    Ok(())
}

fn group(name: &str) -> &'static str {
    match name {
        "q_proj" | "k_proj" | "v_proj" | "o_proj" => "self_attn",
        _ => "mlp",
    }
}

/// PEFT's key prefix for a projection of layer `i`.
pub fn peft_prefix(i: usize, name: &str) -> String {
    format!("base_model.model.model.layers.{i}.{}.{name}", group(name))
}

fn check_targets(cfg: &LoraConfig) -> error::Result<()> {
    for t in &cfg.target_modules {
        if !ALL_TARGETS.contains(&t.as_str()) {
            return Err(AgentError::Unsupported(format!("LoRA target module {t:?}")));
        }
    }
    if cfg.r == 0 {
        return Err(AgentError::Invalid("LoRA rank must be positive".into()));
    }
    Ok(())
}

/// Freezes the base model (no gradients) and attaches fresh adapters ([`LoraConfig::init`]),
/// so the adapted model starts equal to the base.
pub fn attach<B: Backend>(model: Model<B>, cfg: &LoraConfig) -> error::Result<Model<B>> {
    check_targets(cfg)?;
    let mut model = model.no_grad();
    let device = model.device();
    for_each_projection(&mut model, |_, name, lin| {
        if cfg.target_modules.iter().any(|t| t == name) {
            lin.lora = Some(cfg.init(lin.d_in(), lin.d_out(), &device));
        }
        Ok(())
    })?;
    Ok(model)
}

fn values<B: Backend>(t: Tensor<B, 2>) -> Vec<f32> {
    t.into_data()
        .convert::<f32>()
        .to_vec::<f32>()
        .expect("f32 tensor data")
}

/// Writes the model's adapters in PEFT's layout into `dir` (created if needed).
pub fn save_peft<B: Backend>(model: &Model<B>, cfg: &LoraConfig, dir: &Path) -> error::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| AgentError::Io {
        path: dir.to_path_buf(),
        source: e,
    })?;
    let mut tensors = Vec::new();
    for (i, l) in model.layers.iter().enumerate() {
        let projs = [
            ("q_proj", &l.self_attn.q_proj),
            ("k_proj", &l.self_attn.k_proj),
            ("v_proj", &l.self_attn.v_proj),
            ("o_proj", &l.self_attn.o_proj),
            ("gate_proj", &l.mlp.gate_proj),
            ("up_proj", &l.mlp.up_proj),
            ("down_proj", &l.mlp.down_proj),
        ];
        for (name, lin) in projs {
            if let Some(ad) = &lin.lora {
                let [d_in, r] = ad.a.val().dims();
                let [_, d_out] = ad.b.val().dims();
                let p = peft_prefix(i, name);
                // PEFT keeps torch Linear layouts: A is [r, in], B is [out, r].
                let a = transpose(&values(ad.a.val()), d_in, r);
                let b = transpose(&values(ad.b.val()), r, d_out);
                tensors.push((format!("{p}.lora_A.weight"), vec![r, d_in], a));
                tensors.push((format!("{p}.lora_B.weight"), vec![d_out, r], b));
            }
        }
    }
    if tensors.is_empty() {
        return Err(AgentError::Invalid(
            "the model has no LoRA adapters to save".into(),
        ));
    }
    let mut meta = std::collections::HashMap::new();
    meta.insert("format".to_string(), "pt".to_string());
    save_f32(&dir.join("adapter_model.safetensors"), &tensors, Some(meta))?;
    let config = json!({
        "peft_type": "LORA",
        "task_type": "CAUSAL_LM",
        "r": cfg.r,
        "lora_alpha": cfg.alpha,
        "lora_dropout": cfg.dropout,
        "target_modules": cfg.target_modules,
        "bias": "none",
        "fan_in_fan_out": false,
        "inference_mode": true,
        "use_rslora": false,
        "use_dora": false,
        "init_lora_weights": true,
        "modules_to_save": null,
        "layers_to_transform": null,
        "rank_pattern": {},
        "alpha_pattern": {},
        "base_model_name_or_path": null,
        "revision": null
    });
    let path = dir.join("adapter_config.json");
    let text = serde_json::to_string_pretty(&config).expect("json");
    std::fs::write(&path, text).map_err(|e| AgentError::Io { path, source: e })
}

/// Reads `adapter_config.json` from a PEFT adapter directory.
pub fn read_peft_config(dir: &Path) -> error::Result<LoraConfig> {
    let path = dir.join("adapter_config.json");
    let v = read_json(&path, "the adapter's config")?;
    let bad = |m: &str| AgentError::Json {
        path: path.clone(),
        message: m.to_string(),
    };
    if v.get("peft_type").and_then(|x| x.as_str()) != Some("LORA") {
        return Err(bad("peft_type is not LORA"));
    }
    for key in ["use_dora", "fan_in_fan_out"] {
        if v.get(key).and_then(|x| x.as_bool()) == Some(true) {
            return Err(AgentError::Unsupported(format!(
                "adapter with {key} = true"
            )));
        }
    }
    for key in ["rank_pattern", "alpha_pattern"] {
        if v.get(key)
            .and_then(|x| x.as_object())
            .is_some_and(|m| !m.is_empty())
        {
            return Err(AgentError::Unsupported(format!(
                "adapter with a non-empty {key}"
            )));
        }
    }
    let r = v
        .get("r")
        .and_then(|x| x.as_u64())
        .ok_or_else(|| bad("no r"))? as usize;
    let alpha = v
        .get("lora_alpha")
        .and_then(|x| x.as_f64())
        .ok_or_else(|| bad("no lora_alpha"))?;
    let dropout = v
        .get("lora_dropout")
        .and_then(|x| x.as_f64())
        .unwrap_or(0.0);
    let target_modules = match v.get("target_modules") {
        Some(serde_json::Value::Array(a)) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        Some(serde_json::Value::String(s)) if s == "all-linear" => {
            ALL_TARGETS.iter().map(|s| s.to_string()).collect()
        }
        _ => return Err(bad("target_modules must be a list")),
    };
    let mut cfg = LoraConfig {
        r,
        alpha,
        dropout,
        target_modules,
    };
    if v.get("use_rslora").and_then(|x| x.as_bool()) == Some(true) {
        // rsLoRA scales by alpha / sqrt(r); express it through alpha.
        cfg.alpha = alpha * (r as f64).sqrt();
    }
    check_targets(&cfg)?;
    Ok(cfg)
}

/// Loads a PEFT adapter directory onto `model` (replacing any adapters; the base is frozen).
pub fn load_peft<B: Backend>(model: Model<B>, dir: &Path) -> error::Result<(Model<B>, LoraConfig)> {
    let cfg = read_peft_config(dir)?;
    let ck = Checkpoint::open_files(&[dir.join("adapter_model.safetensors")])?;
    let mut model = model.no_grad();
    let device = model.device();
    let mut found = 0usize;
    for_each_projection(&mut model, |i, name, lin| {
        lin.lora = None;
        if !cfg.target_modules.iter().any(|t| t == name) {
            return Ok(());
        }
        let p = peft_prefix(i, name);
        let (d_in, d_out) = (lin.d_in(), lin.d_out());
        let ka = format!("{p}.lora_A.weight");
        if !ck.contains(&ka) {
            return Ok(());
        }
        let (a, _) = ck.read_f32(&ka, Some(&[cfg.r, d_in]))?;
        let (b, _) = ck.read_f32(&format!("{p}.lora_B.weight"), Some(&[d_out, cfg.r]))?;
        let a = transpose(&a, cfg.r, d_in);
        let b = transpose(&b, d_out, cfg.r);
        lin.lora = Some(LoraAdapter {
            a: Param::initialized(
                ParamId::new(),
                Tensor::from_data(TensorData::new(a, [d_in, cfg.r]), &device).require_grad(),
            ),
            b: Param::initialized(
                ParamId::new(),
                Tensor::from_data(TensorData::new(b, [cfg.r, d_out]), &device).require_grad(),
            ),
            scale: cfg.scale(),
            dropout: DropoutConfig::new(cfg.dropout).init(),
        });
        found += 1;
        Ok(())
    })?;
    if found == 0 {
        return Err(AgentError::MissingTensor {
            name: "base_model.model.model.layers.*.lora_A.weight".into(),
            source_desc: dir.join("adapter_model.safetensors").display().to_string(),
        });
    }
    Ok((model, cfg))
}

/// Folds every adapter into its base weight (`W += scale * A B`) and removes the adapters.
pub fn merge<B: Backend>(mut model: Model<B>) -> error::Result<Model<B>> {
    for_each_projection(&mut model, |_, _, lin| {
        if let Some(ad) = lin.lora.take() {
            let delta = ad.a.val().matmul(ad.b.val()).mul_scalar(ad.scale);
            let w = lin.weight.val() + delta;
            lin.weight = Param::initialized(ParamId::new(), w.detach());
        }
        Ok(())
    })?;
    Ok(model)
}

/// Writes the model's base weights (adapters merged first, if any) as a Hugging Face
/// `model.safetensors` in PyTorch layout, with `config_json` copied alongside as `config.json`.
pub fn export_hf<B: Backend>(
    model: Model<B>,
    config_json: &serde_json::Value,
    dir: &Path,
) -> error::Result<()> {
    let model = merge(model)?;
    std::fs::create_dir_all(dir).map_err(|e| AgentError::Io {
        path: dir.to_path_buf(),
        source: e,
    })?;
    let mut tensors = Vec::new();
    let vec1 = |t: Tensor<B, 1>| -> (Vec<usize>, Vec<f32>) {
        let n = t.dims()[0];
        (
            vec![n],
            t.into_data().convert::<f32>().to_vec::<f32>().expect("f32"),
        )
    };
    let push_lin =
        |tensors: &mut Vec<(String, Vec<usize>, Vec<f32>)>, p: String, lin: &Linear<B>| {
            let (d_in, d_out) = (lin.d_in(), lin.d_out());
            let w = transpose(&values(lin.weight.val()), d_in, d_out);
            tensors.push((format!("{p}.weight"), vec![d_out, d_in], w));
            if let Some(b) = &lin.bias {
                let (s, v) = vec1(b.val());
                tensors.push((format!("{p}.bias"), s, v));
            }
        };
    for (i, l) in model.layers.iter().enumerate() {
        let p = format!("model.layers.{i}");
        for (n, lin) in [
            ("self_attn.q_proj", &l.self_attn.q_proj),
            ("self_attn.k_proj", &l.self_attn.k_proj),
            ("self_attn.v_proj", &l.self_attn.v_proj),
            ("self_attn.o_proj", &l.self_attn.o_proj),
            ("mlp.gate_proj", &l.mlp.gate_proj),
            ("mlp.up_proj", &l.mlp.up_proj),
            ("mlp.down_proj", &l.mlp.down_proj),
        ] {
            push_lin(&mut tensors, format!("{p}.{n}"), lin);
        }
        let (s, v) = vec1(l.input_layernorm.weight.val());
        tensors.push((format!("{p}.input_layernorm.weight"), s, v));
        let (s, v) = vec1(l.post_attention_layernorm.weight.val());
        tensors.push((format!("{p}.post_attention_layernorm.weight"), s, v));
    }
    let emb = model.embed_tokens.val();
    let [vsz, d] = emb.dims();
    tensors.push((
        "model.embed_tokens.weight".into(),
        vec![vsz, d],
        values(emb),
    ));
    let (s, v) = vec1(model.norm.weight.val());
    tensors.push(("model.norm.weight".into(), s, v));
    if let Some(h) = &model.lm_head {
        tensors.push((
            "lm_head.weight".into(),
            vec![vsz, d],
            transpose(&values(h.val()), d, vsz),
        ));
    }
    let mut meta = std::collections::HashMap::new();
    meta.insert("format".to_string(), "pt".to_string());
    save_f32(&dir.join("model.safetensors"), &tensors, Some(meta))?;
    let path = dir.join("config.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(config_json).expect("json"),
    )
    .map_err(|e| AgentError::Io { path, source: e })
}

/// Every adapter of the model as `(PEFT prefix, id of A, id of B)`, in layer order.
pub fn adapter_params<B: Backend>(model: &Model<B>) -> Vec<(String, ParamId, ParamId)> {
    let mut out = Vec::new();
    for (i, l) in model.layers.iter().enumerate() {
        let projs = [
            ("q_proj", &l.self_attn.q_proj),
            ("k_proj", &l.self_attn.k_proj),
            ("v_proj", &l.self_attn.v_proj),
            ("o_proj", &l.self_attn.o_proj),
            ("gate_proj", &l.mlp.gate_proj),
            ("up_proj", &l.mlp.up_proj),
            ("down_proj", &l.mlp.down_proj),
        ];
        for (name, lin) in projs {
            if let Some(ad) = &lin.lora {
                out.push((peft_prefix(i, name), ad.a.id, ad.b.id));
            }
        }
    }
    out
}

/// A copy of the model with its adapters removed: the frozen base (a KL reference that costs
/// no extra weights, since tensors are shared).
pub fn without_adapters<B: Backend>(model: &Model<B>) -> Model<B> {
    let mut m = model.clone();
    let _ = for_each_projection(&mut m, |_, _, lin| {
        lin.lora = None;
        Ok(())
    });
    m
}
