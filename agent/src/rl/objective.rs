//! The clipped surrogate objective over model-emitted tokens, with the action granularity of
//! LOOP's ablations (token, turn, trajectory) and the bookkeeping of which tokens count.

use burn::tensor::backend::Backend;
use burn::tensor::{Tensor, TensorData};
use serde::{Deserialize, Serialize};

/// What one importance ratio covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// One ratio per generated token (LOOP's best variant).
    #[default]
    Token,
    /// One ratio per assistant turn: the product of its tokens' ratios.
    Turn,
    /// One ratio for the whole trajectory ("bandit").
    Trajectory,
}

/// Host-side layout of a minibatch for the objective: which padded positions count and which
/// unit (ratio) each belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct Units {
    /// Rows in the batch.
    pub batch: usize,
    /// Padded sequence width.
    pub seq: usize,
    /// Units per row (the widest row's count; rows with fewer have unused units).
    pub units: usize,
    /// `[batch, seq]`: 1 where the token is model-emitted and counts.
    pub token_mask: Vec<f32>,
    /// `[batch, seq, units]` one-hot assignment of tokens to units (empty for `Action::Token`).
    pub assign: Vec<f32>,
    /// `[batch, units]`: 1 for units that exist (for `Action::Token`: equals `token_mask`).
    pub unit_mask: Vec<f32>,
}

impl Units {
    /// Builds the layout. `turn_of[i][t]` is 0 for tokens that do not count and `1 + turn` for
    /// model-emitted ones, in each row's own indexing; rows are left-padded to `seq` (so row `i`
    /// starts at `seq - turn_of[i].len()`).
    pub fn new(turn_of: &[Vec<u32>], seq: usize, action: Action) -> Self {
        let b = turn_of.len();
        let mut token_mask = vec![0.0; b * seq];
        for (i, row) in turn_of.iter().enumerate() {
            let pad = seq - row.len();
            for (t, &u) in row.iter().enumerate() {
                if u > 0 && t > 0 {
                    token_mask[i * seq + pad + t] = 1.0;
                }
            }
        }
        if action == Action::Token {
            return Self {
                batch: b,
                seq,
                units: seq,
                unit_mask: token_mask.clone(),
                token_mask,
                assign: Vec::new(),
            };
        }
        // Unit index per counted token: its turn (turn action) or 0 (trajectory action).
        let unit_of = |u: u32| match action {
            Action::Turn => u as usize - 1,
            _ => 0,
        };
        let units = turn_of
            .iter()
            .flat_map(|r| r.iter().filter(|&&u| u > 0).map(|&u| unit_of(u) + 1))
            .max()
            .unwrap_or(1);
        let mut assign = vec![0.0; b * seq * units];
        let mut unit_mask = vec![0.0; b * units];
        for (i, row) in turn_of.iter().enumerate() {
            let pad = seq - row.len();
            for (t, &u) in row.iter().enumerate() {
                if u > 0 && t > 0 {
                    let k = unit_of(u);
                    assign[(i * seq + pad + t) * units + k] = 1.0;
                    unit_mask[i * units + k] = 1.0;
                }
            }
        }
        Self {
            batch: b,
            seq,
            units,
            token_mask,
            assign,
            unit_mask,
        }
    }
}

/// Settings of the surrogate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Surrogate {
    /// Ratios are clipped to `[1/(1+eps), 1+eps]`.
    pub eps: f64,
    /// Ratio granularity.
    pub action: Action,
    /// Weight of a per-token KL penalty toward a reference (0: none; GRPO uses it).
    pub kl_coef: f64,
}

/// Scalars read off one evaluation of the objective.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ObjectiveStats {
    /// The loss value.
    pub loss: f64,
    /// Share of units whose clipped branch was active (no gradient through them).
    pub clip_fraction: f64,
    /// Mean over counted tokens of the k3 estimate of KL(old || new): `r - 1 - ln r`,
    /// `r = p_new / p_old`.
    pub kl_old: f64,
    /// Units counted.
    pub units: f64,
}

/// The value of a one-element loss tensor (NaN if it cannot be read back).
pub(crate) fn scalar<B: Backend>(loss: &Tensor<B, 1>) -> f64 {
    loss.clone()
        .into_data()
        .convert::<f32>()
        .to_vec::<f32>()
        .map(|v| v[0] as f64)
        .unwrap_or(f64::NAN)
}

fn tensor2<B: Backend>(v: &[f32], shape: [usize; 2], dev: &B::Device) -> Tensor<B, 2> {
    Tensor::from_data(TensorData::new(v.to_vec(), shape), dev)
}

/// The PPO loss of a minibatch: per unit `-min(r A, clip(r) A)`, averaged over each row's own
/// units (so every trajectory weighs the same), then over rows. `logprobs` and `old` are
/// `[batch, seq]` in the padded layout; `adv` holds one advantage per row; `reference` (when
/// `kl_coef > 0`) the reference model's log-probs for the KL penalty.
pub fn ppo_loss<B: Backend>(
    logprobs: Tensor<B, 2>,
    old: &[f32],
    adv: &[f32],
    units: &Units,
    cfg: &Surrogate,
    reference: Option<&[f32]>,
) -> (Tensor<B, 1>, ObjectiveStats) {
    let dev = logprobs.device();
    let (b, s, u) = (units.batch, units.seq, units.units);
    let mask = tensor2::<B>(&units.token_mask, [b, s], &dev);
    let old_t = tensor2::<B>(old, [b, s], &dev);
    let diff = (logprobs.clone() - old_t) * mask.clone();
    let unit_diff = match cfg.action {
        Action::Token => diff,
        _ => {
            let assign =
                Tensor::<B, 3>::from_data(TensorData::new(units.assign.clone(), [b, s, u]), &dev);
            diff.reshape([b, 1, s]).matmul(assign).reshape([b, u])
        }
    };
    let umask = tensor2::<B>(&units.unit_mask, [b, u], &dev);
    let ratio = unit_diff.clamp(-20.0, 20.0).exp();
    let a = tensor2::<B>(adv, [b, 1], &dev);
    let lo = 1.0 / (1.0 + cfg.eps);
    let hi = 1.0 + cfg.eps;
    let unclipped = ratio.clone() * a.clone();
    let clipped = ratio.clone().clamp(lo, hi) * a;
    let surr = unclipped.clone().min_pair(clipped.clone()) * umask.clone();
    let counts: Vec<f32> = (0..b)
        .map(|i| {
            units.unit_mask[i * u..(i + 1) * u]
                .iter()
                .sum::<f32>()
                .max(1.0)
        })
        .collect();
    let counts_t = tensor2::<B>(&counts, [b, 1], &dev);
    let mut per_row = surr.neg().div(counts_t.clone()).sum_dim(1);
    if cfg.kl_coef > 0.0
        && let Some(r) = reference
    {
        // k3 estimator of KL(new || ref) per token: exp(ref - new) - (ref - new) - 1.
        let d = tensor2::<B>(r, [b, s], &dev) - logprobs.clone();
        let k3 = (d.clone().exp() - d - 1.0) * mask.clone();
        let tok_counts: Vec<f32> = (0..b)
            .map(|i| {
                units.token_mask[i * s..(i + 1) * s]
                    .iter()
                    .sum::<f32>()
                    .max(1.0)
            })
            .collect();
        per_row = per_row
            + k3.sum_dim(1)
                .div(tensor2::<B>(&tok_counts, [b, 1], &dev))
                .mul_scalar(cfg.kl_coef);
    }
    let loss = per_row.mean();
    // Statistics (host side).
    let host = |t: Tensor<B, 2>| -> Vec<f32> {
        t.into_data()
            .convert::<f32>()
            .to_vec::<f32>()
            .unwrap_or_default()
    };
    let r = host(ratio);
    let unc = host(unclipped);
    let cl = host(clipped);
    let lp = host(logprobs.detach());
    let mut clipped_units = 0.0;
    let mut n_units = 0.0;
    for i in 0..b * u {
        if units.unit_mask[i] > 0.0 {
            n_units += 1.0;
            if cl[i] < unc[i] && (r[i] - 1.0).abs() > 1e-7 {
                clipped_units += 1.0;
            }
        }
    }
    let mut kl = 0.0;
    let mut n_tok = 0.0;
    for i in 0..b * s {
        if units.token_mask[i] > 0.0 {
            // k3 estimate of KL(old || new) from tokens sampled by old: r - 1 - ln r with
            // r = p_new / p_old (non-negative, linear rather than exponential in |ln r|).
            let d = (lp[i] - old[i]) as f64;
            kl += d.exp() - 1.0 - d;
            n_tok += 1.0;
        }
    }
    let value = scalar(&loss);
    (
        loss,
        ObjectiveStats {
            loss: value,
            clip_fraction: if n_units > 0.0 {
                clipped_units / n_units
            } else {
                0.0
            },
            kl_old: if n_tok > 0.0 { kl / n_tok } else { 0.0 },
            units: n_units,
        },
    )
}
