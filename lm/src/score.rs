//! Teacher-forced log-probabilities of given sequences, batched and masked, with the output
//! projection applied a chunk of positions at a time.

use crate::model::{KvCache, Model, StepInput};
use burn::tensor::activation::log_softmax;
use burn::tensor::backend::{AutodiffBackend, Backend};
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
    let input = &batch.input;
    let mut cache = KvCache::new(model.layers.len());
    let hidden = model.forward_hidden(input, &mut cache);
    let mut parts = vec![Tensor::<B, 2>::zeros([input.batch, 1], &model.device())];
    for (p, c) in chunks(input.seq, chunk) {
        parts.push(chunk_logprobs(
            model,
            hidden.clone().narrow(1, p, c),
            batch,
            p,
            temperature,
        ));
    }
    Tensor::cat(parts, 1)
}

/// The chunks `(start, len)` of positions `0..seq - 1` (the last position predicts nothing),
/// at most `chunk` long.
fn chunks(seq: usize, chunk: usize) -> Vec<(usize, usize)> {
    let chunk = chunk.max(1);
    let mut out = Vec::new();
    let mut p = 0;
    while p + 1 < seq {
        let c = chunk.min(seq - 1 - p);
        out.push((p, c));
        p += c;
    }
    out
}

/// Log-probabilities `[batch, c]` of the tokens at positions `p + 1 .. p + c + 1` given the
/// hidden states `[batch, c, d]` of positions `p .. p + c`, at `temperature`.
fn chunk_logprobs<B: Backend>(
    model: &Model<B>,
    hidden: Tensor<B, 3>,
    batch: &ScoreBatch,
    p: usize,
    temperature: f64,
) -> Tensor<B, 2> {
    let [b, c, d] = hidden.dims();
    let s = batch.input.seq;
    let dev = hidden.device();
    let logits = model.project_flat(hidden.reshape([b * c, d]));
    let logits = if temperature > 0.0 && temperature != 1.0 {
        logits.mul_scalar(1.0 / temperature)
    } else {
        logits
    };
    let logp = log_softmax(logits, 1);
    let mut targets = Vec::with_capacity(b * c);
    for r in 0..b {
        for t in 0..c {
            targets.push(batch.input.ids[r * s + p + t + 1] as i64);
        }
    }
    let targets = Tensor::<B, 2, Int>::from_data(TensorData::new(targets, [b * c, 1]), &dev);
    logp.gather(1, targets).reshape([b, c])
}

/// A loss of the batch's token log-probabilities (`loss` gets them as [`token_logprobs_at`]
/// gives them, `[batch, seq]`), ready for `backward` with at most one chunk's logits alive at
/// any time, also during the backward pass. The returned tensor is a surrogate: its gradient
/// with respect to the model's parameters is the loss's, its value is not (take the loss's
/// value from `loss`'s second output).
///
/// How: the decoder runs once, with autodiff; the log-probabilities are computed chunk by
/// chunk without a graph; the loss's gradient with respect to them is taken; then each chunk's
/// logits are recomputed with a graph from its hidden states alone, and backpropagated to
/// them and dropped; the surrogate `sum(hidden * dL/dhidden)` carries the result into the
/// decoder. The output projection runs twice (the price of the bound). Only the adapters may
/// be trainable: the output head's own gradient is not carried.
pub fn chunked_loss<B: AutodiffBackend, S>(
    model: &Model<B>,
    batch: &ScoreBatch,
    chunk: usize,
    temperature: f64,
    loss: impl FnOnce(Tensor<B, 2>) -> (Tensor<B, 1>, S),
) -> (Tensor<B, 1>, S) {
    let input = &batch.input;
    let (b, s) = (input.batch, input.seq);
    let dev = model.device();
    let mut cache = KvCache::new(model.layers.len());
    let hidden = model.forward_hidden(input, &mut cache);
    let values = hidden.clone().detach();
    let spans = chunks(s, chunk);
    // The log-probabilities, no graph: one chunk's logits at a time.
    let mut parts = vec![Tensor::<B, 2>::zeros([b, 1], &dev)];
    for &(p, c) in &spans {
        let h = values.clone().narrow(1, p, c);
        parts.push(chunk_logprobs(model, h, batch, p, temperature).detach());
    }
    let lp = Tensor::cat(parts, 1).require_grad();
    let (value, stats) = loss(lp.clone());
    let grads = value.backward();
    let d_lp = lp.grad(&grads).map(Tensor::<B, 2>::from_inner);
    drop(grads);
    let d = model.config.hidden_size;
    let Some(d_lp) = d_lp else {
        // The loss does not depend on the log-probabilities: nothing flows into the model.
        return (hidden.sum().mul_scalar(0.0), stats);
    };
    // dL/dhidden, chunk by chunk: each chunk's logits recomputed from a leaf, backpropagated.
    let mut d_hidden = Vec::with_capacity(spans.len() + 1);
    for &(p, c) in &spans {
        let h = values.clone().narrow(1, p, c).detach().require_grad();
        let lp_c = chunk_logprobs(model, h.clone(), batch, p, temperature);
        let g = d_lp.clone().narrow(1, p + 1, c);
        let grads = (lp_c * g).sum().backward();
        let dh = h
            .grad(&grads)
            .map(Tensor::<B, 3>::from_inner)
            .unwrap_or_else(|| Tensor::zeros([b, c, d], &dev));
        d_hidden.push(dh);
    }
    // The last position predicts no token.
    d_hidden.push(Tensor::zeros([b, 1, d], &dev));
    let d_hidden = Tensor::cat(d_hidden, 1).detach();
    ((hidden * d_hidden).sum(), stats)
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
