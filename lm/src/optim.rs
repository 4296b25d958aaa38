//! Optimiser pieces the trainers need beyond burn's AdamW: the one optimiser step they all
//! take ([`Step`]: micro-batch gradients accumulated, clipped to a global norm over the
//! adapters, one AdamW update), and the optimiser state saved and restored by adapter name
//! (parameter ids change when adapters are reloaded, names do not).

use crate::error::{AgentError, Result};
use crate::lora::adapter_params;
use crate::model::Model;
use crate::weights::{Checkpoint, save_f32};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::record::AdaptorRecord;
use burn::optim::{
    AdamW, AdamWState, AdaptiveMomentumState, GradientsAccumulator, GradientsParams, Optimizer,
};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Tensor, TensorData};
use std::path::Path;

/// AdamW over a model's adapters.
pub type AdamWOptim<B> = OptimizerAdaptor<AdamW, Model<B>, B>;

fn host<B: burn::tensor::backend::Backend>(t: Tensor<B, 2>) -> Vec<f32> {
    t.into_data()
        .convert::<f32>()
        .to_vec::<f32>()
        .unwrap_or_default()
}

/// One optimiser step: the gradients of each micro-batch's loss added up ([`Step::add`]), then
/// clipped and applied once ([`Step::apply`]). PPO, SFT and the plain NLL trainer all step
/// through it.
pub struct Step<B: AutodiffBackend> {
    accum: GradientsAccumulator<Model<B>>,
}

impl<B: AutodiffBackend> Default for Step<B> {
    fn default() -> Self {
        Self {
            accum: GradientsAccumulator::new(),
        }
    }
}

impl<B: AutodiffBackend> Step<B> {
    /// A step with no gradients yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the gradients of `loss`: one micro-batch's share of the step's loss (scale it
    /// by the micro-batch's share of the rows before, so the step's gradient is the mean's).
    pub fn add(&mut self, model: &Model<B>, loss: Tensor<B, 1>) {
        let grads = loss.backward();
        self.accum
            .accumulate(model, GradientsParams::from_grads(grads, model));
    }

    /// Clips the summed gradients to `max_norm` ([`clip_grad_norm`]; 0: no clip) and takes one
    /// `optim` step at learning rate `lr`. Returns the updated model and the gradients' norm
    /// before clipping.
    pub fn apply(
        mut self,
        optim: &mut AdamWOptim<B>,
        model: Model<B>,
        lr: f64,
        max_norm: f64,
    ) -> (Model<B>, f64) {
        let (grads, norm) = clip_grad_norm(&model, self.accum.grads(), max_norm);
        (optim.step(lr, model, grads), norm)
    }
}

/// Scales the adapters' gradients so that their global L2 norm is at most `max_norm` (no-op
/// when `max_norm` is 0). Returns the gradients and the norm before clipping.
pub fn clip_grad_norm<B: AutodiffBackend>(
    model: &Model<B>,
    mut grads: GradientsParams,
    max_norm: f64,
) -> (GradientsParams, f64) {
    let ids: Vec<_> = adapter_params(model)
        .into_iter()
        .flat_map(|(_, a, b)| [a, b])
        .collect();
    let mut sq = 0.0f64;
    for id in &ids {
        if let Some(g) = grads.get::<B::InnerBackend, 2>(*id) {
            sq += host(g.clone() * g).iter().map(|&x| x as f64).sum::<f64>();
        }
    }
    let norm = sq.sqrt();
    if max_norm > 0.0 && norm > max_norm {
        let scale = max_norm / (norm + 1e-6);
        for id in &ids {
            if let Some(g) = grads.remove::<B::InnerBackend, 2>(*id) {
                grads.register::<B::InnerBackend, 2>(*id, g.mul_scalar(scale));
            }
        }
    }
    (grads, norm)
}

/// Writes the AdamW moments of every adapter (`optimizer.safetensors`) and their step counts
/// (`optimizer.json`) into `dir`.
pub fn save_optimizer<B: AutodiffBackend>(
    optim: &AdamWOptim<B>,
    model: &Model<B>,
    dir: &Path,
) -> Result<()> {
    let record = optim.to_record();
    let mut tensors = Vec::new();
    let mut times = serde_json::Map::new();
    for (prefix, a, b) in adapter_params(model) {
        for (part, id) in [("A", a), ("B", b)] {
            if let Some(rec) = record.get(&id) {
                let st: AdamWState<B::InnerBackend, 2> = rec.clone().into_state::<2>();
                let m = st.momentum;
                let name = format!("{prefix}.{part}");
                let shape = m.moment_1.dims().to_vec();
                tensors.push((format!("{name}.m1"), shape.clone(), host(m.moment_1)));
                tensors.push((format!("{name}.m2"), shape, host(m.moment_2)));
                times.insert(name, m.time.into());
            }
        }
    }
    if !tensors.is_empty() {
        save_f32(&dir.join("optimizer.safetensors"), &tensors, None)?;
    }
    let path = dir.join("optimizer.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&serde_json::Value::Object(times)).unwrap_or_default(),
    )
    .map_err(|source| AgentError::Io { path, source })
}

/// Restores what [`save_optimizer`] wrote onto `optim`, matching adapters by name.
pub fn load_optimizer<B: AutodiffBackend>(
    optim: AdamWOptim<B>,
    model: &Model<B>,
    dir: &Path,
) -> Result<AdamWOptim<B>> {
    let json = crate::error::read_json(&dir.join("optimizer.json"), "the optimiser state")?;
    let Some(times) = json.as_object().filter(|t| !t.is_empty()) else {
        return Ok(optim);
    };
    let ck = Checkpoint::open_files(&[dir.join("optimizer.safetensors")])?;
    let device = model.device();
    let mut record = <AdamWOptim<B> as Optimizer<Model<B>, B>>::Record::default();
    for (prefix, a, b) in adapter_params(model) {
        for (part, id) in [("A", a), ("B", b)] {
            let name = format!("{prefix}.{part}");
            let Some(time) = times.get(&name).and_then(|t| t.as_u64()) else {
                continue;
            };
            let load = |suffix: &str| -> Result<Tensor<B::InnerBackend, 2>> {
                let (v, shape) = ck.read_f32(&format!("{name}.{suffix}"), None)?;
                if shape.len() != 2 {
                    return Err(AgentError::Train(format!(
                        "optimiser tensor {name}.{suffix} has shape {shape:?}"
                    )));
                }
                Ok(Tensor::from_data(
                    TensorData::new(v, [shape[0], shape[1]]),
                    &device,
                ))
            };
            let momentum = AdaptiveMomentumState::new(time as usize, load("m1")?, load("m2")?);
            record.insert(
                id,
                AdaptorRecord::<AdamW, B>::from_state::<2>(AdamWState::new(momentum)),
            );
        }
    }
    Ok(optim.load_record(record))
}
