//! Equivalence with the Hugging Face reference on the committed tiny fixtures, chat template
//! rendering, generation, scoring, LoRA and error messages.

use lm::backend::{Cpu, CpuTrain};
use lm::generate::{FinishReason, SamplingConfig, generate, generate_cached};
use lm::lora::{self, LoraConfig};
use lm::score::{ScoreBatch, to_rows, token_logprobs};
use lm::weights::Checkpoint;
use lm::{AgentError, ChatTokenizer, Conversation, LoraTrainer, Model, ModelConfig};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

fn dev() -> <Cpu as burn::tensor::backend::BackendTypes>::Device {
    Default::default()
}

struct Expected {
    ids: Vec<i64>,
    mask: Vec<i64>,
    logits: Vec<f32>,
    shape: Vec<usize>,
    prompts: Vec<Vec<u32>>,
    greedy: Vec<Vec<u32>>,
}

fn expected(dir: &Path) -> Expected {
    let ck = Checkpoint::open_files(&[dir.join("expected.safetensors")]).unwrap();
    let (ids, _) = ck.read_i64("input_ids").unwrap();
    let (mask, _) = ck.read_i64("attention_mask").unwrap();
    let (logits, shape) = ck.read_f32("logits", None).unwrap();
    let u32s = |name: &str| -> Vec<u32> {
        ck.read_i64(name)
            .unwrap()
            .0
            .into_iter()
            .map(|x| x as u32)
            .collect()
    };
    Expected {
        ids,
        mask,
        logits,
        shape,
        prompts: vec![u32s("prompt_0"), u32s("prompt_1")],
        greedy: vec![u32s("greedy_0"), u32s("greedy_1")],
    }
}

fn logits_rows(model: &Model<Cpu>, prompts: &[Vec<u32>]) -> Vec<f32> {
    model
        .logits(prompts, 0)
        .into_data()
        .convert::<f32>()
        .to_vec::<f32>()
        .unwrap()
}

/// Largest difference at non-padding positions between burn's logits and the reference.
fn max_diff(ours: &[f32], exp: &Expected) -> f32 {
    let v = exp.shape[2];
    let mut worst = 0.0f32;
    let mut checked = 0;
    for (pos, &m) in exp.mask.iter().enumerate() {
        if m == 1 {
            for k in 0..v {
                worst = worst.max((ours[pos * v + k] - exp.logits[pos * v + k]).abs());
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    worst
}

fn check_equivalence(dir: &Path) {
    let model = Model::<Cpu>::load(dir, &dev()).unwrap();
    let exp = expected(dir);
    let ours = logits_rows(&model, &exp.prompts);
    // The fixture's padded layout is the one `logits` builds.
    let width = exp.shape[1];
    for (r, p) in exp.prompts.iter().enumerate() {
        let row = &exp.ids[r * width + width - p.len()..(r + 1) * width];
        assert_eq!(row.iter().map(|&x| x as u32).collect::<Vec<_>>(), *p);
    }
    let d = max_diff(&ours, &exp);
    eprintln!("{}: max logit difference {d:e}", dir.display());
    assert!(d <= 1e-4, "max |logit difference| {d} at {}", dir.display());
    // Logits are not trivially small: the comparison means something.
    let spread = exp.logits.iter().fold(0.0f32, |a, &x| a.max(x.abs()));
    assert!(spread > 1.0, "reference logits too flat ({spread})");
}

#[test]
fn qwen2_logits_match_transformers() {
    check_equivalence(&fixture("tiny-qwen2"));
}

#[test]
fn llama_sharded_tied_logits_match_transformers() {
    let dir = fixture("tiny-llama");
    assert!(dir.join("model.safetensors.index.json").exists());
    let cfg = ModelConfig::from_dir(&dir).unwrap();
    assert!(cfg.tie_word_embeddings && !cfg.qkv_bias);
    assert_eq!(cfg.rope_theta, 100000.0);
    check_equivalence(&dir);
}

#[test]
fn greedy_generation_with_cache_matches_transformers() {
    for name in ["tiny-qwen2", "tiny-llama"] {
        let dir = fixture(name);
        let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
        let exp = expected(&dir);
        let cfg = SamplingConfig {
            temperature: 0.0,
            max_new_tokens: exp.greedy[0].len(),
            ..Default::default()
        };
        // Batched (different prompt lengths, left padding) and one at a time.
        let batched = generate(&model, &exp.prompts, &cfg, None).unwrap();
        for (r, g) in batched.iter().enumerate() {
            assert_eq!(g.tokens, exp.greedy[r], "{name} row {r} batched");
            assert_eq!(g.finish, FinishReason::Length);
            let single = generate(&model, &exp.prompts[r..=r], &cfg, None).unwrap();
            assert_eq!(single[0].tokens, exp.greedy[r], "{name} row {r} alone");
        }
    }
}

#[test]
fn peft_adapter_from_python_matches_and_round_trips() {
    let base = Model::<Cpu>::load(&fixture("tiny-qwen2"), &dev()).unwrap();
    let adir = fixture("tiny-qwen2-lora");
    let (adapted, cfg) = lora::load_peft(base, &adir).unwrap();
    assert_eq!((cfg.r, cfg.alpha, cfg.target_modules.len()), (4, 8.0, 7));
    let exp = expected(&adir);
    let with_adapter = logits_rows(&adapted, &exp.prompts);
    let d = max_diff(&with_adapter, &exp);
    assert!(d <= 1e-4, "adapter logits differ by {d}");
    // The adapter changes the output (otherwise the check above proves nothing).
    let plain = expected(&fixture("tiny-qwen2"));
    assert!(max_diff(&with_adapter, &plain) > 1e-2);

    // Save in PEFT layout, load again: identical tensors and logits.
    let out = std::env::temp_dir().join(format!("agent-lora-rt-{}", std::process::id()));
    lora::save_peft(&adapted, &cfg, &out).unwrap();
    let saved = Checkpoint::open_files(&[out.join("adapter_model.safetensors")]).unwrap();
    let orig = Checkpoint::open_files(&[adir.join("adapter_model.safetensors")]).unwrap();
    let names: Vec<&str> = orig.names().collect();
    assert_eq!(saved.names().collect::<Vec<_>>(), names);
    assert!(names.contains(&"base_model.model.model.layers.0.self_attn.q_proj.lora_A.weight"));
    for n in names {
        assert_eq!(
            saved.read_f32(n, None).unwrap(),
            orig.read_f32(n, None).unwrap(),
            "{n}"
        );
    }
    let cfg_json: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("adapter_config.json")).unwrap())
            .unwrap();
    assert_eq!(cfg_json["peft_type"], "LORA");
    assert_eq!(cfg_json["r"], 4);
    let base2 = Model::<Cpu>::load(&fixture("tiny-qwen2"), &dev()).unwrap();
    let (reloaded, cfg2) = lora::load_peft(base2, &out).unwrap();
    assert_eq!(cfg2, cfg);
    assert_eq!(logits_rows(&reloaded, &exp.prompts), with_adapter);

    // Merged into the base weights: same logits without adapters; exported HF files reload.
    let merged = lora::merge(reloaded).unwrap();
    assert!(
        merged
            .layers
            .iter()
            .all(|l| l.self_attn.q_proj.lora.is_none())
    );
    let d = max_diff(&logits_rows(&merged, &exp.prompts), &exp);
    assert!(d <= 1e-4, "merged logits differ by {d}");
    let cfg_json: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("tiny-qwen2/config.json")).unwrap())
            .unwrap();
    let export = out.join("merged");
    lora::export_hf(merged, &cfg_json, &export).unwrap();
    let back = Model::<Cpu>::load(&export, &dev()).unwrap();
    let d = max_diff(&logits_rows(&back, &exp.prompts), &exp);
    assert!(d <= 1e-4, "exported model differs by {d}");
    std::fs::remove_dir_all(&out).ok();
}

fn chat_cases() -> Vec<Value> {
    serde_json::from_str(&std::fs::read_to_string(fixture("chat.json")).unwrap()).unwrap()
}

#[test]
fn chat_template_renders_as_transformers() {
    let tok = ChatTokenizer::from_dir(&fixture("tiny-qwen2")).unwrap();
    let cases = chat_cases();
    assert!(cases.len() >= 5);
    for c in cases {
        let messages = c["messages"].as_array().unwrap().clone();
        let mut extra = serde_json::Map::new();
        if let Some(v) = c.get("enable_thinking") {
            extra.insert("enable_thinking".into(), v.clone());
        }
        let text = tok
            .render(
                &messages,
                c.get("tools"),
                c["add_generation_prompt"].as_bool().unwrap(),
                &extra,
            )
            .unwrap();
        assert_eq!(text, c["text"].as_str().unwrap());
        let ids: Vec<u32> = c["ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(tok.encode(&text).unwrap(), ids);
        assert_eq!(tok.decode(&ids).unwrap(), text);
    }
}

#[test]
fn conversation_is_token_in_token_out() {
    let dir = fixture("tiny-qwen2");
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
    let user = |s: &str| serde_json::json!({"role": "user", "content": s});
    let mut conv =
        Conversation::start(&tok, vec![user("List my notes.")], None, Default::default()).unwrap();
    let prompt_len = conv.tokens().len();
    let cfg = SamplingConfig {
        temperature: 1.0,
        max_new_tokens: 6,
        seed: 7,
        stop_token_ids: vec![tok.eos_id.unwrap()],
        ..Default::default()
    };
    let g = generate(&model, &[conv.tokens().to_vec()], &cfg, Some(&tok)).unwrap();
    conv.push_generated(&tok, &g[0].tokens).unwrap();
    let after_gen = conv.tokens().to_vec();
    // Generated tokens are kept verbatim (even if re-tokenizing their text would differ).
    assert_eq!(
        &after_gen[prompt_len..prompt_len + g[0].tokens.len()],
        g[0].tokens.as_slice()
    );
    conv.push_messages(&tok, vec![user("And the next one?")])
        .unwrap();
    assert_eq!(&conv.tokens()[..after_gen.len()], after_gen.as_slice());
    let tail = tok.decode(&conv.tokens()[after_gen.len()..]).unwrap();
    assert_eq!(
        tail,
        "\n<|im_start|>user\nAnd the next one?<|im_end|>\n<|im_start|>assistant\n"
    );
    let generated = conv.mask().iter().filter(|&&m| m).count();
    assert_eq!(generated, g[0].tokens.len());
    assert_eq!(conv.mask().len(), conv.tokens().len());
}

#[test]
fn sampling_is_deterministic_and_logprobs_match_scoring() {
    let dir = fixture("tiny-qwen2");
    let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let exp = expected(&dir);
    let cfg = SamplingConfig {
        temperature: 0.9,
        top_p: 0.95,
        max_new_tokens: 10,
        seed: 42,
        ..Default::default()
    };
    let a = generate(&model, &exp.prompts, &cfg, Some(&tok)).unwrap();
    let b = generate(&model, &exp.prompts, &cfg, Some(&tok)).unwrap();
    assert_eq!(a, b);
    let c = generate(
        &model,
        &exp.prompts,
        &SamplingConfig {
            seed: 43,
            ..cfg.clone()
        },
        Some(&tok),
    )
    .unwrap();
    assert_ne!(
        a.iter().map(|g| &g.tokens).collect::<Vec<_>>(),
        c.iter().map(|g| &g.tokens).collect::<Vec<_>>()
    );
    // Row 1 alone samples the same tokens as inside the batch (per-row streams).
    let alone = generate(&model, &exp.prompts[..1], &cfg, Some(&tok)).unwrap();
    assert_eq!(alone[0].tokens, a[0].tokens);

    // Teacher-forced scoring of prompt + sample reproduces the sampling log-probs, with a
    // chunk smaller than the sequence.
    let rows: Vec<Vec<u32>> = exp
        .prompts
        .iter()
        .zip(&a)
        .map(|(p, g)| [p.clone(), g.tokens.clone()].concat())
        .collect();
    let weights: Vec<Vec<f32>> = exp
        .prompts
        .iter()
        .zip(&a)
        .map(|(p, g)| [vec![0.0; p.len()], vec![1.0; g.tokens.len()]].concat())
        .collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    for chunk in [3, 1000] {
        let lp = to_rows(token_logprobs(&model, &batch, chunk), &batch);
        for (r, g) in a.iter().enumerate() {
            let scored = &lp[r][exp.prompts[r].len()..];
            for (x, y) in scored.iter().zip(&g.logprobs) {
                assert!(
                    (x - y).abs() < 1e-4,
                    "chunk {chunk}: scored {x} sampled {y}"
                );
            }
        }
    }
}

#[test]
fn stop_strings_and_tokens_end_rows() {
    let dir = fixture("tiny-qwen2");
    let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let exp = expected(&dir);
    let greedy = SamplingConfig {
        temperature: 0.0,
        max_new_tokens: 8,
        ..Default::default()
    };
    let full = generate(&model, &exp.prompts[..1], &greedy, Some(&tok)).unwrap();
    let stop_tok = full[0].tokens[2];
    let first_at = full[0].tokens.iter().position(|&t| t == stop_tok).unwrap();
    let g = generate(
        &model,
        &exp.prompts[..1],
        &SamplingConfig {
            stop_token_ids: vec![stop_tok],
            ..greedy.clone()
        },
        Some(&tok),
    )
    .unwrap();
    assert_eq!(g[0].finish, FinishReason::StopToken);
    assert_eq!(g[0].tokens, full[0].tokens[..=first_at]);
    let text = tok.decode(&full[0].tokens[..4]).unwrap();
    let stop = text.chars().rev().take(1).collect::<String>();
    let g = generate(
        &model,
        &exp.prompts[..1],
        &SamplingConfig {
            stop_strings: vec![stop.clone()],
            ..greedy
        },
        Some(&tok),
    )
    .unwrap();
    assert_eq!(g[0].finish, FinishReason::StopString);
    assert!(g[0].tokens.len() <= 4);
    assert!(tok.decode(&g[0].tokens).unwrap().contains(&stop));
}

#[test]
fn lora_training_moves_only_adapters_and_lowers_loss() {
    type T = CpuTrain;
    let d = Default::default();
    let base = Model::<T>::load(&fixture("tiny-qwen2"), &d).unwrap();
    let q_before = base.layers[0].self_attn.q_proj.weight.val().into_data();
    let cfg = LoraConfig::new(4, 8.0).with_dropout(0.1);
    let mut model = lora::attach(base, &cfg).unwrap();
    let exp = expected(&fixture("tiny-qwen2"));
    let rows = exp.prompts.clone();
    let weights: Vec<Vec<f32>> = rows.iter().map(|r| vec![1.0; r.len()]).collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    let mut trainer = LoraTrainer::<T>::new(1e-2, 0.0);
    trainer.chunk = 5;
    let mut losses = Vec::new();
    for _ in 0..5 {
        let (m, loss) = trainer.step(model, &batch);
        model = m;
        losses.push(loss);
    }
    assert!(losses.iter().all(|l| l.is_finite()));
    assert!(losses[4] < losses[0], "loss did not fall: {losses:?}");
    let q_after = model.layers[0].self_attn.q_proj.weight.val().into_data();
    assert_eq!(q_before, q_after, "base weights must stay frozen");
    let b = model.layers[0].mlp.down_proj.lora.as_ref().unwrap().b.val();
    assert!(b.abs().max().into_scalar() > 0.0, "adapter B stayed zero");
}

/// The one optimiser step: the gradients of micro-batches, each loss scaled by its share of the
/// rows, add up to the whole batch's (same norm, same update) as PPO and SFT rely on.
#[test]
fn an_accumulated_step_equals_one_step_over_the_whole_batch() {
    use lm::burn::optim::AdamWConfig;
    use lm::optim::Step;
    use lm::score::weighted_sum;
    type T = CpuTrain;
    let d = Default::default();
    let base = Model::<T>::load(&fixture("tiny-qwen2"), &d).unwrap();
    let model = lora::attach(base, &LoraConfig::new(4, 8.0)).unwrap();
    let rows = expected(&fixture("tiny-qwen2")).prompts;
    assert!(rows.len() >= 2);
    // Mean over rows of each row's summed NLL.
    let loss = |model: &Model<T>, rows: &[Vec<u32>]| {
        let weights: Vec<Vec<f32>> = rows.iter().map(|r| vec![1.0; r.len()]).collect();
        let batch = ScoreBatch::new(rows, &weights, 0);
        weighted_sum(token_logprobs(model, &batch, 4), &batch)
            .sum()
            .neg()
            .div_scalar(rows.len() as f64)
    };
    let step_with = |parts: &[&[Vec<u32>]]| {
        let mut optim = AdamWConfig::new().init();
        let mut step = Step::new();
        for part in parts {
            let share = part.len() as f64 / rows.len() as f64;
            step.add(&model, loss(&model, part).mul_scalar(share));
        }
        let (m, norm) = step.apply(&mut optim, model.clone(), 1e-2, 0.0);
        let b = m.layers[0].mlp.down_proj.lora.as_ref().unwrap().b.val();
        (norm, b.into_data().to_vec::<f32>().unwrap())
    };
    let (whole_norm, whole_b) = step_with(&[&rows]);
    let (split_norm, split_b) = step_with(&[&rows[..1], &rows[1..]]);
    assert!(whole_norm > 0.0);
    assert!(
        (whole_norm - split_norm).abs() <= 1e-4 * whole_norm,
        "norms {whole_norm} and {split_norm}"
    );
    let most = whole_b
        .iter()
        .zip(&split_b)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    assert!(most < 1e-5, "updates differ by {most}");
    // A clip to half the norm scales the gradient: the reported norm is the one before it.
    let mut optim = AdamWConfig::new().init();
    let mut step = Step::new();
    step.add(&model, loss(&model, &rows));
    let (_, clipped) = step.apply(&mut optim, model.clone(), 1e-2, whole_norm / 2.0);
    assert!((clipped - whole_norm).abs() <= 1e-4 * whole_norm);
}

/// The bounded-memory loss (each chunk's logits recomputed in the backward pass) gives the
/// adapters the same gradients as backpropagating the whole log-probability tensor, for a loss
/// that is not linear in the log-probabilities, at a temperature, with ragged rows.
#[test]
fn a_chunked_loss_has_the_gradients_of_the_whole_one() {
    use lm::burn::optim::{AdamWConfig, GradientsParams};
    use lm::optim::Step;
    use lm::score::{chunked_loss, token_logprobs_at};
    type T = CpuTrain;
    type I = <CpuTrain as lm::burn::tensor::backend::AutodiffBackend>::InnerBackend;
    let d = Default::default();
    let base = Model::<T>::load(&fixture("tiny-qwen2"), &d).unwrap();
    let model = lora::attach(base, &LoraConfig::new(4, 8.0)).unwrap();
    let mut rows = expected(&fixture("tiny-qwen2")).prompts;
    let keep = rows[0].len() - 3;
    rows[0].truncate(keep);
    let weights: Vec<Vec<f32>> = rows
        .iter()
        .map(|r| {
            (0..r.len())
                .map(|t| {
                    if t % 3 == 0 {
                        0.0
                    } else {
                        0.5 + t as f32 / 10.0
                    }
                })
                .collect()
        })
        .collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    let (b, s) = (batch.input.batch, batch.input.seq);
    let w = lm::burn::tensor::Tensor::<T, 2>::from_data(
        lm::burn::tensor::TensorData::new(batch.weights.clone(), [b, s]),
        &d,
    );
    // Per row (sum of weighted log-probs)^2: not linear in them.
    let loss = |lp: lm::burn::tensor::Tensor<T, 2>| {
        let l = (lp * w.clone())
            .sum_dim(1)
            .powf_scalar(2.0)
            .sum()
            .div_scalar(100.0);
        let v = l.clone().into_scalar();
        (l, v)
    };
    // Move B off zero first, so that A's gradients are not zero too.
    let mut step = Step::new();
    step.add(
        &model,
        loss(token_logprobs_at(&model, &batch, 1000, 1.0)).0.neg(),
    );
    let (model, _) = step.apply(&mut AdamWConfig::new().init(), model, 1e-2, 0.0);
    let grads = |g: GradientsParams| -> Vec<f32> {
        lora::adapter_params(&model)
            .into_iter()
            .flat_map(|(_, a, bb)| [a, bb])
            .flat_map(|id| {
                g.get::<I, 2>(id)
                    .map(|t| t.into_data().to_vec::<f32>().unwrap())
                    .unwrap_or_default()
            })
            .collect()
    };
    let (whole, whole_v) = loss(token_logprobs_at(&model, &batch, s, 0.7));
    let whole = grads(GradientsParams::from_grads(whole.backward(), &model));
    for chunk in [1, 3, s] {
        let (sur, v) = chunked_loss(&model, &batch, chunk, 0.7, loss);
        let got = grads(GradientsParams::from_grads(sur.backward(), &model));
        assert!(
            (v - whole_v).abs() <= 1e-5 * whole_v.abs().max(1.0),
            "loss {v} against {whole_v}"
        );
        assert_eq!(got.len(), whole.len());
        let scale = whole.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(scale > 0.0, "no gradient at all");
        let most = got
            .iter()
            .zip(&whole)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(
            most <= 1e-4 * scale,
            "chunk {chunk}: gradients differ by {most} (scale {scale})"
        );
    }
}

#[test]
fn clear_errors() {
    let tmp = std::env::temp_dir().join(format!("agent-errors-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    // No config.json.
    let e = Model::<Cpu>::load(&tmp, &dev()).unwrap_err();
    assert!(matches!(e, AgentError::MissingFile { .. }), "{e}");
    assert!(e.to_string().contains("config.json"));
    // Unknown architecture.
    let mut cfg: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("tiny-qwen2/config.json")).unwrap())
            .unwrap();
    cfg["architectures"] = serde_json::json!(["GPT2LMHeadModel"]);
    std::fs::write(tmp.join("config.json"), cfg.to_string()).unwrap();
    let e = Model::<Cpu>::load(&tmp, &dev()).unwrap_err();
    assert!(e.to_string().contains("GPT2LMHeadModel"), "{e}");
    // Config present, weights missing.
    cfg["architectures"] = serde_json::json!(["Qwen2ForCausalLM"]);
    std::fs::write(tmp.join("config.json"), cfg.to_string()).unwrap();
    let e = Model::<Cpu>::load(&tmp, &dev()).unwrap_err();
    assert!(e.to_string().contains("model.safetensors"), "{e}");
    // Shape mismatch: a config that disagrees with the weights.
    std::fs::copy(
        fixture("tiny-qwen2/model.safetensors"),
        tmp.join("model.safetensors"),
    )
    .unwrap();
    cfg["intermediate_size"] = serde_json::json!(48);
    std::fs::write(tmp.join("config.json"), cfg.to_string()).unwrap();
    let e = Model::<Cpu>::load(&tmp, &dev()).unwrap_err();
    match &e {
        AgentError::ShapeMismatch {
            name,
            expected,
            found,
        } => {
            assert!(name.contains("mlp"), "{name}");
            assert_eq!(expected.len(), 2);
            assert_ne!(expected, found);
        }
        other => panic!("expected a shape mismatch, got {other}"),
    }
    // Missing shard named in an index.
    std::fs::remove_file(tmp.join("model.safetensors")).unwrap();
    std::fs::write(
        tmp.join("model.safetensors.index.json"),
        r#"{"weight_map": {"model.norm.weight": "model-00001-of-00002.safetensors"}}"#,
    )
    .unwrap();
    let e = Model::<Cpu>::load(&tmp, &dev()).unwrap_err();
    assert!(
        e.to_string().contains("model-00001-of-00002.safetensors"),
        "{e}"
    );
    std::fs::remove_dir_all(&tmp).ok();
}

fn close(a: &[f32], b: &[f32], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() < 1e-4, "{what}: {x} vs {y}");
    }
}

#[test]
fn kv_cache_across_turns_matches_a_fresh_prefill() {
    let dir = fixture("tiny-qwen2");
    let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let exp = expected(&dir);
    let cfg = SamplingConfig {
        temperature: 1.0,
        max_new_tokens: 12,
        seed: 7,
        ..Default::default()
    };
    let turn1: Vec<&[u32]> = exp.prompts.iter().map(Vec::as_slice).collect();
    let (g1, caches, s1) =
        generate_cached(&model, &turn1, vec![None, None], &cfg, Some(&tok), true).unwrap();
    assert_eq!(s1.reused, 0);
    for ((p, g), c) in turn1.iter().zip(&g1).zip(&caches) {
        let c = c.as_ref().unwrap();
        assert_eq!(c.tokens, [*p, &g.tokens[..g.tokens.len() - 1]].concat());
        assert_eq!(c.kv.len(), c.tokens.len());
    }
    // Turn 2: the conversation so far plus an observation; rows of different lengths.
    let obs = [tok.encode("Output: 42").unwrap(), tok.encode("[]").unwrap()];
    let turn2: Vec<Vec<u32>> = (0..2)
        .map(|r| [turn1[r], &g1[r].tokens[..], &obs[r][..]].concat())
        .collect();
    let rows: Vec<&[u32]> = turn2.iter().map(Vec::as_slice).collect();
    let cfg2 = SamplingConfig { seed: 8, ..cfg };
    let (cached, _, s2) =
        generate_cached(&model, &rows, caches.clone(), &cfg2, Some(&tok), true).unwrap();
    let fresh = generate(&model, &turn2, &cfg2, Some(&tok)).unwrap();
    let reused: usize = caches
        .iter()
        .map(|c| c.as_ref().unwrap().tokens.len())
        .sum();
    assert_eq!(s2.reused, reused);
    assert_eq!(
        s2.fed,
        obs[0].len() + obs[1].len() + 2,
        "the last sampled token + observation"
    );
    for r in 0..2 {
        assert_eq!(cached[r].tokens, fresh[r].tokens, "row {r}");
        close(
            &cached[r].logprobs,
            &fresh[r].logprobs,
            "cached vs fresh log-probs",
        );
    }
    // Teacher-forced scoring of the whole conversation agrees with the cached sampler.
    let full: Vec<Vec<u32>> = (0..2)
        .map(|r| [&turn2[r][..], &cached[r].tokens].concat())
        .collect();
    let weights: Vec<Vec<f32>> = (0..2)
        .map(|r| [vec![0.0; turn2[r].len()], vec![1.0; cached[r].tokens.len()]].concat())
        .collect();
    let batch = ScoreBatch::new(&full, &weights, 0);
    let lp = to_rows(token_logprobs(&model, &batch, 1000), &batch);
    for r in 0..2 {
        close(
            &lp[r][turn2[r].len()..],
            &cached[r].logprobs,
            "scored vs cached",
        );
    }
    // A cache that is not a prefix of the prompt (rows swapped) costs speed, not exactness.
    let swapped = vec![caches[1].clone(), caches[0].clone()];
    let (odd, _, s3) = generate_cached(&model, &rows, swapped, &cfg2, Some(&tok), false).unwrap();
    assert!(s3.reused < reused);
    for r in 0..2 {
        assert_eq!(odd[r].tokens, fresh[r].tokens);
        close(&odd[r].logprobs, &fresh[r].logprobs, "diverging cache");
    }
}

#[test]
fn identical_prompts_share_one_prefill() {
    let dir = fixture("tiny-qwen2");
    let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let exp = expected(&dir);
    let k = 4;
    let p = exp.prompts[1].as_slice();
    let rows: Vec<&[u32]> = vec![p; k];
    let greedy = SamplingConfig {
        temperature: 0.0,
        max_new_tokens: 6,
        ..Default::default()
    };
    let none = || (0..k).map(|_| None).collect::<Vec<_>>();
    let (g, caches, s) = generate_cached(&model, &rows, none(), &greedy, Some(&tok), true).unwrap();
    assert_eq!((s.shared, s.fed, s.reused), (k - 1, p.len(), 0));
    let alone = generate(&model, &exp.prompts[1..2], &greedy, Some(&tok)).unwrap();
    for row in &g {
        assert_eq!(row.tokens, alone[0].tokens);
        close(&row.logprobs, &alone[0].logprobs, "shared prefill vs alone");
    }
    // Sampling: one prefill, then every row draws from its own stream.
    let sampled = SamplingConfig {
        temperature: 1.0,
        max_new_tokens: 8,
        seed: 3,
        ..Default::default()
    };
    let (a, _, _) = generate_cached(&model, &rows, none(), &sampled, Some(&tok), false).unwrap();
    let distinct: std::collections::BTreeSet<&Vec<u32>> = a.iter().map(|x| &x.tokens).collect();
    assert!(
        distinct.len() > 1,
        "rows sharing a prefill still sample apart"
    );
    // Each row's cache is its own: continuing one of them equals a fresh prefill.
    let next = [rows[2], &g[2].tokens[..], &tok.encode("ok").unwrap()[..]].concat();
    let mut cs = caches;
    let (c2, _, s2) = generate_cached(
        &model,
        &[&next],
        vec![cs.swap_remove(2)],
        &greedy,
        Some(&tok),
        false,
    )
    .unwrap();
    assert!(s2.reused > p.len());
    let f2 = generate(&model, std::slice::from_ref(&next), &greedy, Some(&tok)).unwrap();
    assert_eq!(c2[0].tokens, f2[0].tokens);
    close(&c2[0].logprobs, &f2[0].logprobs, "continued shared cache");
}

#[test]
fn a_batch_split_across_threads_samples_the_same() {
    let dir = fixture("tiny-qwen2");
    let model = Model::<Cpu>::load(&dir, &dev()).unwrap();
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let exp = expected(&dir);
    let mut rows: Vec<&[u32]> = exp.prompts.iter().map(Vec::as_slice).collect();
    rows.extend(exp.prompts.iter().map(Vec::as_slice));
    rows.push(&exp.prompts[0][1..]);
    let cfg = SamplingConfig {
        temperature: 1.0,
        max_new_tokens: 10,
        seed: 11,
        ..Default::default()
    };
    let none = || (0..rows.len()).map(|_| None).collect::<Vec<_>>();
    let (one, c1, _) = generate_cached(&model, &rows, none(), &cfg, Some(&tok), true).unwrap();
    for threads in [2, 3, 8] {
        let split = SamplingConfig {
            threads,
            ..cfg.clone()
        };
        let (many, cs, _) =
            generate_cached(&model, &rows, none(), &split, Some(&tok), true).unwrap();
        for r in 0..rows.len() {
            assert_eq!(many[r].tokens, one[r].tokens, "{threads} threads, row {r}");
            close(&many[r].logprobs, &one[r].logprobs, "split vs one thread");
            let (a, b) = (cs[r].as_ref().unwrap(), c1[r].as_ref().unwrap());
            assert_eq!(a.tokens, b.tokens);
        }
    }
}
