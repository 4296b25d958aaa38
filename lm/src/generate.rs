//! Sampling with a key/value cache: temperature, top-p, per-row seeds, stop tokens and
//! strings, batched over prompts of different lengths, with the log-probability of every
//! sampled token.

use crate::chat::ChatTokenizer;
use crate::error::{AgentError, Result};
use crate::model::{KvCache, Model, StepInput};
use burn::tensor::backend::Backend;

/// How to sample.
#[derive(Debug, Clone, PartialEq)]
pub struct SamplingConfig {
    /// Softmax temperature; 0 means greedy.
    pub temperature: f32,
    /// Nucleus sampling: keep the smallest set of tokens whose probability reaches this.
    pub top_p: f32,
    /// Most tokens generated per sequence.
    pub max_new_tokens: usize,
    /// Seed; row `i` of a batch draws from its own stream derived from it.
    pub seed: u64,
    /// Generation of a row stops after any of these tokens (kept in the output).
    pub stop_token_ids: Vec<u32>,
    /// Generation of a row stops once its decoded output contains any of these (the token that
    /// completes the string is kept; tokens are never split). Needs a tokenizer.
    pub stop_strings: Vec<String>,
    /// Threads a batch is split across (contiguous parts of its rows, each generated on its
    /// own thread). A row's samples do not depend on the split: its stream derives from its
    /// index in the whole batch. 1: one thread.
    pub threads: usize,
}

impl Default for SamplingConfig {
    fn default() -> Self {
        Self {
            temperature: 1.0,
            top_p: 1.0,
            max_new_tokens: 256,
            seed: 0,
            stop_token_ids: Vec::new(),
            stop_strings: Vec::new(),
            threads: 1,
        }
    }
}

/// Why a sequence ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinishReason {
    /// It produced a stop token.
    StopToken,
    /// Its text contains a stop string.
    StopString,
    /// It reached `max_new_tokens`.
    Length,
}

/// One generated continuation.
#[derive(Debug, Clone, PartialEq)]
pub struct Generation {
    /// The new tokens (the prompt is not repeated).
    pub tokens: Vec<u32>,
    /// Log-probability of each new token under the model (temperature 1, no top-p), the same
    /// quantity [`crate::score`] computes.
    pub logprobs: Vec<f32>,
    /// Why it ended.
    pub finish: FinishReason,
}

/// SplitMix64: a small deterministic generator, so that a seed means the same stream on every
/// platform and version.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Log-softmax of one row of logits, in f64 for the normaliser.
pub fn log_softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let sum: f64 = logits.iter().map(|&x| ((x - max) as f64).exp()).sum();
    let lse = max as f64 + sum.ln();
    logits.iter().map(|&x| (x as f64 - lse) as f32).collect()
}

/// Draws one token from a row of logits.
pub fn sample_token(logits: &[f32], temperature: f32, top_p: f32, rng: &mut Rng) -> u32 {
    if temperature <= 0.0 {
        let mut best = 0;
        for (i, &x) in logits.iter().enumerate() {
            if x > logits[best] {
                best = i;
            }
        }
        return best as u32;
    }
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut probs: Vec<(u32, f64)> = logits
        .iter()
        .enumerate()
        .map(|(i, &x)| (i as u32, (((x - max) / temperature) as f64).exp()))
        .collect();
    let total: f64 = probs.iter().map(|p| p.1).sum();
    for p in &mut probs {
        p.1 /= total;
    }
    if top_p < 1.0 {
        probs.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut cum = 0.0;
        let mut keep = probs.len();
        for (i, p) in probs.iter().enumerate() {
            cum += p.1;
            if cum >= top_p as f64 {
                keep = i + 1;
                break;
            }
        }
        probs.truncate(keep.max(1));
    }
    let mass: f64 = probs.iter().map(|p| p.1).sum();
    let mut u = rng.uniform() * mass;
    for p in &probs {
        if u < p.1 {
            return p.0;
        }
        u -= p.1;
    }
    probs.last().map(|p| p.0).unwrap_or(0)
}

/// The keys and values a sequence left behind: its `tokens` and their cache (one row, one
/// position per token). A later prompt that starts with `tokens` feeds only the rest.
#[derive(Debug, Clone)]
pub struct SeqCache<B: Backend> {
    /// The tokens whose keys and values are cached.
    pub tokens: Vec<u32>,
    /// Their keys and values (batch 1, `tokens.len()` positions).
    pub kv: KvCache<B>,
}

/// What the prefill of a [`generate_cached`] call did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PrefillStats {
    /// Prompt tokens taken from the rows' caches (not run through the model).
    pub reused: usize,
    /// Prompt tokens run through the model.
    pub fed: usize,
    /// Rows whose whole prompt equalled an earlier row's and shared its prefill.
    pub shared: usize,
}

impl std::ops::AddAssign for PrefillStats {
    fn add_assign(&mut self, o: Self) {
        self.reused += o.reused;
        self.fed += o.fed;
        self.shared += o.shared;
    }
}

/// What [`generate_cached`] answers: each row's generation, its cache when kept, and what the
/// prefill did.
pub type Generated<B> = (Vec<Generation>, Vec<Option<SeqCache<B>>>, PrefillStats);

/// Generates a continuation of every prompt (a batch of different lengths, left-padded).
pub fn generate<B: Backend>(
    model: &Model<B>,
    prompts: &[Vec<u32>],
    cfg: &SamplingConfig,
    tokenizer: Option<&ChatTokenizer>,
) -> Result<Vec<Generation>> {
    let rows: Vec<&[u32]> = prompts.iter().map(Vec::as_slice).collect();
    let none = (0..rows.len()).map(|_| None).collect();
    Ok(generate_cached(model, &rows, none, cfg, tokenizer, false)?.0)
}

/// As [`generate`], starting each row from its cache where one is given: the longest common
/// prefix of the cache's tokens and the prompt is reused and only the rest of the prompt is fed
/// (so a stale or diverging cache costs speed, never exactness). Rows without a cache whose
/// prompts are equal are prefilled once and share the result. With `keep`, answers each row's
/// cache after generation (its prompt and every generated token but the last, which was never
/// fed), for the next turn.
pub fn generate_cached<B: Backend>(
    model: &Model<B>,
    prompts: &[&[u32]],
    caches: Vec<Option<SeqCache<B>>>,
    cfg: &SamplingConfig,
    tokenizer: Option<&ChatTokenizer>,
    keep: bool,
) -> Result<Generated<B>> {
    if prompts.iter().any(|p| p.is_empty()) {
        return Err(AgentError::Invalid(
            "every prompt needs at least one token".into(),
        ));
    }
    if caches.len() != prompts.len() {
        return Err(AgentError::Invalid(format!(
            "{} caches for {} prompts",
            caches.len(),
            prompts.len()
        )));
    }
    if !cfg.stop_strings.is_empty() && tokenizer.is_none() {
        return Err(AgentError::Invalid("stop strings need a tokenizer".into()));
    }
    let vocab = model.config.vocab_size;
    if let Some(&bad) = prompts
        .iter()
        .copied()
        .flatten()
        .find(|&&t| t as usize >= vocab)
    {
        return Err(AgentError::Invalid(format!(
            "token id {bad} is outside the vocabulary ({vocab})"
        )));
    }
    let b = prompts.len();
    let threads = cfg.threads.clamp(1, b);
    if threads == 1 {
        return generate_part(model, prompts, caches, cfg, tokenizer, keep, 0);
    }
    // Contiguous parts, so the rollouts of one task (adjacent rows) keep sharing a prefill.
    let per = b.div_ceil(threads);
    let mut parts = Vec::new();
    let mut caches = caches.into_iter();
    for start in (0..b).step_by(per) {
        let end = (start + per).min(b);
        let cs: Vec<_> = caches.by_ref().take(end - start).collect();
        parts.push((start, &prompts[start..end], cs));
    }
    let results: Vec<Result<_>> = std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|(start, ps, cs)| {
                scope.spawn(move || generate_part(model, ps, cs, cfg, tokenizer, keep, start))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(AgentError::Invalid("a generation thread panicked".into()))
                })
            })
            .collect()
    });
    let (mut gens, mut kept, mut stats) = (Vec::new(), Vec::new(), PrefillStats::default());
    for r in results {
        let (g, k, s) = r?;
        gens.extend(g);
        kept.extend(k);
        stats += s;
    }
    Ok((gens, kept, stats))
}

/// [`generate_cached`] on rows `first..first + prompts.len()` of a batch, on this thread.
fn generate_part<B: Backend>(
    model: &Model<B>,
    prompts: &[&[u32]],
    caches: Vec<Option<SeqCache<B>>>,
    cfg: &SamplingConfig,
    tokenizer: Option<&ChatTokenizer>,
    keep: bool,
    first: usize,
) -> Result<Generated<B>> {
    let b = prompts.len();
    let vocab = model.config.vocab_size;
    let pad = tokenizer.map(|t| t.pad_id).unwrap_or(0);
    let mut stats = PrefillStats::default();
    let (mut cache, mut valid, mut logits) = prefill(model, prompts, caches, pad, &mut stats)?;
    let mut rngs: Vec<Rng> = (first..first + b)
        .map(|i| Rng::new(cfg.seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)))
        .collect();
    let mut out: Vec<Generation> = (0..b)
        .map(|_| Generation {
            tokens: Vec::new(),
            logprobs: Vec::new(),
            finish: FinishReason::Length,
        })
        .collect();
    let mut done = vec![false; b];
    for step in 0..cfg.max_new_tokens {
        let mut next = Vec::with_capacity(b);
        for r in 0..b {
            if done[r] {
                next.push(pad);
                continue;
            }
            let row = &logits[r * vocab..(r + 1) * vocab];
            let tok = sample_token(row, cfg.temperature, cfg.top_p, &mut rngs[r]);
            let lp = log_softmax(row)[tok as usize];
            let g = &mut out[r];
            g.tokens.push(tok);
            g.logprobs.push(lp);
            if cfg.stop_token_ids.contains(&tok) {
                g.finish = FinishReason::StopToken;
                done[r] = true;
            } else if let Some(t) = tokenizer
                && !cfg.stop_strings.is_empty()
            {
                let text = t.decode(&g.tokens)?;
                if cfg.stop_strings.iter().any(|s| text.contains(s.as_str())) {
                    g.finish = FinishReason::StopString;
                    done[r] = true;
                }
            }
            next.push(tok);
        }
        if done.iter().all(|&d| d) || step + 1 == cfg.max_new_tokens {
            break;
        }
        let mut positions = Vec::with_capacity(b);
        let mut key_valid = Vec::new();
        for r in 0..b {
            positions.push(prompts[r].len() + step);
            valid[r].push(!done[r]);
            key_valid.extend_from_slice(&valid[r]);
        }
        let input = StepInput {
            batch: b,
            seq: 1,
            ids: next,
            positions,
            key_valid,
        };
        logits = last_logits(model, &input, &mut cache)?;
    }
    let kept = if keep {
        (0..b)
            .map(|r| {
                let slots: Vec<usize> = (0..valid[r].len()).filter(|&j| valid[r][j]).collect();
                let g = &out[r].tokens;
                let tokens = [prompts[r], &g[..g.len().saturating_sub(1)]].concat();
                if slots.len() != tokens.len() {
                    return Err(AgentError::Invalid(format!(
                        "row {r}: {} cached positions for {} tokens",
                        slots.len(),
                        tokens.len()
                    )));
                }
                Ok(Some(SeqCache {
                    tokens,
                    kv: cache.row_positions(r, &slots),
                }))
            })
            .collect::<Result<Vec<_>>>()?
    } else {
        (0..b).map(|_| None).collect()
    };
    Ok((out, kept, stats))
}

/// The logits `[batch * vocab]` of the last position of each row after feeding `input`.
fn last_logits<B: Backend>(
    model: &Model<B>,
    input: &StepInput,
    cache: &mut KvCache<B>,
) -> Result<Vec<f32>> {
    let hidden = model.forward_hidden(input, cache);
    let last = hidden.narrow(1, input.seq - 1, 1);
    model
        .project(last)
        .into_data()
        .convert::<f32>()
        .to_vec::<f32>()
        .map_err(|e| AgentError::Invalid(format!("{e:?}")))
}

/// Feeds what each row's cache lacks of its prompt, once per distinct uncached prompt. Answers
/// the batch's cache (a row per prompt), which of its positions hold real tokens per row, and
/// the logits of every row's last prompt token.
#[allow(clippy::type_complexity)]
fn prefill<B: Backend>(
    model: &Model<B>,
    prompts: &[&[u32]],
    caches: Vec<Option<SeqCache<B>>>,
    pad: u32,
    stats: &mut PrefillStats,
) -> Result<(KvCache<B>, Vec<Vec<bool>>, Vec<f32>)> {
    let b = prompts.len();
    // What each row can reuse: the common prefix of its cache and prompt, leaving at least one
    // prompt token to feed (its logits start the generation).
    let mut past = vec![0usize; b];
    let mut kvs: Vec<Option<KvCache<B>>> = Vec::with_capacity(b);
    for (r, c) in caches.into_iter().enumerate() {
        let kv = c.and_then(|c| {
            let common = c
                .tokens
                .iter()
                .zip(prompts[r])
                .take_while(|(a, b)| a == b)
                .count()
                .min(prompts[r].len() - 1)
                .min(c.kv.len());
            (common > 0).then(|| {
                let mut kv = c.kv;
                kv.truncate(common);
                past[r] = common;
                kv
            })
        });
        kvs.push(kv);
    }
    // Distinct rows to run: an uncached prompt equal to an earlier one shares its prefill.
    let mut unique: Vec<usize> = Vec::new();
    let mut of_row = vec![0usize; b];
    let mut seen: std::collections::HashMap<&[u32], usize> = Default::default();
    for r in 0..b {
        if past[r] == 0 {
            if let Some(&u) = seen.get(prompts[r]) {
                of_row[r] = u;
                stats.shared += 1;
                continue;
            }
            seen.insert(prompts[r], unique.len());
        }
        of_row[r] = unique.len();
        unique.push(r);
    }
    let cached_len = unique.iter().map(|&r| past[r]).max().unwrap_or(0);
    let seq = unique
        .iter()
        .map(|&r| prompts[r].len() - past[r])
        .max()
        .unwrap_or(0);
    let rows: Vec<Option<&KvCache<B>>> = unique.iter().map(|&r| kvs[r].as_ref()).collect();
    let mut cache = model.stack_caches(&rows, cached_len);
    let (mut ids, mut positions, mut key_valid) = (Vec::new(), Vec::new(), Vec::new());
    let mut valid_u = Vec::with_capacity(unique.len());
    for &r in &unique {
        let (l, s) = (past[r], prompts[r].len() - past[r]);
        stats.reused += l;
        stats.fed += s;
        let mut v = vec![false; cached_len - l];
        v.extend(std::iter::repeat_n(true, l));
        v.extend(std::iter::repeat_n(false, seq - s));
        v.extend(std::iter::repeat_n(true, s));
        key_valid.extend_from_slice(&v);
        valid_u.push(v);
        ids.extend(std::iter::repeat_n(pad, seq - s));
        ids.extend_from_slice(&prompts[r][l..]);
        positions.extend(std::iter::repeat_n(0, seq - s));
        positions.extend(l..l + s);
    }
    let input = StepInput {
        batch: unique.len(),
        seq,
        ids,
        positions,
        key_valid,
    };
    let logits_u = last_logits(model, &input, &mut cache)?;
    if unique.len() == b {
        return Ok((cache, valid_u, logits_u));
    }
    let vocab = model.config.vocab_size;
    let mut logits = Vec::with_capacity(b * vocab);
    for &u in &of_row {
        logits.extend_from_slice(&logits_u[u * vocab..(u + 1) * vocab]);
    }
    let valid = of_row.iter().map(|&u| valid_u[u].clone()).collect();
    Ok((cache.select_rows(&of_row), valid, logits))
}
