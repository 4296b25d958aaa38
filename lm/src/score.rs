//! Teacher-forced log-probabilities of given sequences, batched and masked, with the output
//! projection applied a chunk of positions at a time.

use crate::model::{KvCache, Model, StepInput};
use burn::tensor::activation::log_softmax;
use burn::tensor::backend::Backend;
use burn::tensor::{Int, Tensor, TensorData};

/// A batch of sequences to score, left-padded to a common width.
#[derive(Debug, Clone)]
pub struct ScoreBatch {
    /// The model input.
    pub input: StepInput,
    /// Per row, how many pad slots precede the sequence.
    pub pads: Vec<usize>,
    /// Per padded position, the weight of that token's log-probability (0 where it does not
    /// count: padding, the first token, prompt tokens).
    pub weights: Vec<f32>,
}

impl ScoreBatch {
    /// Builds a batch; `weights[i][t]` weighs token `t` of row `i` (e.g. 1 for generated
    /// tokens, 0 for prompt tokens, or an advantage). The first token of a row never counts.
    pub fn new(rows: &[Vec<u32>], weights: &[Vec<f32>], pad_id: u32) -> Self {
        assert_eq!(rows.len(), weights.len(), "one weight row per sequence");
        let input = StepInput::left_padded(rows, pad_id);
        let s = input.seq;
        let mut w = vec![0.0; rows.len() * s];
        let mut pads = Vec::new();
        for (i, (r, wr)) in rows.iter().zip(weights).enumerate() {
            assert_eq!(r.len(), wr.len(), "one weight per token");
            let pad = s - r.len();
            pads.push(pad);
            for t in 1..r.len() {
                w[i * s + pad + t] = wr[t];
            }
        }
        Self {
            input,
            pads,
            weights: w,
        }
    }
}

/// Log-probabilities `[batch, seq]` of every token given its prefix (left-padded layout;
/// 0 at each row's first token and at padding), computing at most `chunk` positions' logits
/// at a time. Differentiable on autodiff backends.
pub fn token_logprobs<B: Backend>(
    model: &Model<B>,
    batch: &ScoreBatch,
    chunk: usize,
) -> Tensor<B, 2> {
    token_logprobs_at(model, batch, chunk, 1.0)
}

/// As [`token_logprobs`], under the tempered distribution `softmax(logits / temperature)`:
/// the policy that sampling at that temperature actually follows (what PPO's ratios need).
pub fn token_logprobs_at<B: Backend>(
    model: &Model<B>,
    batch: &ScoreBatch,
    chunk: usize,
    temperature: f64,
) -> Tensor<B, 2> {
    let inv_t = if temperature > 0.0 {
        1.0 / temperature
    } else {
        1.0
    };
    let input = &batch.input;
    let (b, s) = (input.batch, input.seq);
    let dev = model.device();
    let mut cache = KvCache::new(model.layers.len());
    let hidden = model.forward_hidden(input, &mut cache);
    let d = model.config.hidden_size;
    let chunk = chunk.max(1);
    let mut parts = vec![Tensor::<B, 2>::zeros([b, 1], &dev)];
    let mut p = 0;
    while p + 1 < s {
        let c = chunk.min(s - 1 - p);
        let h = hidden.clone().narrow(1, p, c).reshape([b * c, d]);
        let logits = model.project_flat(h);
        let logits = if inv_t == 1.0 {
            logits
        } else {
            logits.mul_scalar(inv_t)
        };
        let logp = log_softmax(logits, 1);
        let mut targets = Vec::with_capacity(b * c);
        for r in 0..b {
            for t in 0..c {
                targets.push(input.ids[r * s + p + t + 1] as i64);
            }
        }
        let targets = Tensor::<B, 2, Int>::from_data(TensorData::new(targets, [b * c, 1]), &dev);
        parts.push(logp.gather(1, targets).reshape([b, c]));
        p += c;
    }
    Tensor::cat(parts, 1)
}

/// `sum(weight * logprob)` per row, `[batch]`, and the weight tensor used.
pub fn weighted_sum<B: Backend>(logprobs: Tensor<B, 2>, batch: &ScoreBatch) -> Tensor<B, 1> {
    let [b, s] = logprobs.dims();
    let w = Tensor::<B, 2>::from_data(
        TensorData::new(batch.weights.clone(), [b, s]),
        &logprobs.device(),
    );
    (logprobs * w).sum_dim(1).reshape([b])
}

/// Host copy of per-row log-probabilities in each row's own indexing (padding removed).
pub fn to_rows<B: Backend>(logprobs: Tensor<B, 2>, batch: &ScoreBatch) -> Vec<Vec<f32>> {
    let [_, s] = logprobs.dims();
    let v = logprobs
        .into_data()
        .convert::<f32>()
        .to_vec::<f32>()
        .expect("f32 tensor data");
    batch
        .pads
        .iter()
        .enumerate()
        .map(|(i, &pad)| v[i * s + pad..(i + 1) * s].to_vec())
        .collect()
}
