//! One LoRA training step: weighted negative log-likelihood, backward, AdamW on the adapters.

use crate::model::Model;
use crate::optim::{AdamWOptim, Step};
use crate::score::{ScoreBatch, token_logprobs, weighted_sum};
use burn::optim::AdamWConfig;
use burn::tensor::backend::AutodiffBackend;

/// AdamW over the trainable (adapter) parameters of a model.
pub struct LoraTrainer<B: AutodiffBackend> {
    optim: AdamWOptim<B>,
    /// Learning rate.
    pub lr: f64,
    /// Positions per chunk of the output projection.
    pub chunk: usize,
}

impl<B: AutodiffBackend> LoraTrainer<B> {
    /// A trainer with AdamW (weight decay `weight_decay`) at learning rate `lr`.
    pub fn new(lr: f64, weight_decay: f32) -> Self {
        Self {
            optim: AdamWConfig::new().with_weight_decay(weight_decay).init(),
            lr,
            chunk: 64,
        }
    }

    /// One step on `batch`: loss `-sum(weight * logprob) / sum(weight != 0)`; returns the
    /// updated model and the loss. Only parameters that require gradients (the adapters after
    /// [`crate::lora::attach`]) change.
    pub fn step(&mut self, model: Model<B>, batch: &ScoreBatch) -> (Model<B>, f32) {
        let count = batch.weights.iter().filter(|&&w| w != 0.0).count().max(1);
        let lp = token_logprobs(&model, batch, self.chunk);
        let loss = weighted_sum(lp, batch).sum().neg().div_scalar(count as f64);
        let value = loss
            .clone()
            .into_data()
            .convert::<f32>()
            .to_vec::<f32>()
            .expect("scalar")[0];
        let mut step = Step::new();
        step.add(&model, loss);
        (step.apply(&mut self.optim, model, self.lr, 0.0).0, value)
    }
}
