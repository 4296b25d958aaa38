//! Throughput of the policy model on the default CPU backend: generation tokens/s and LoRA
//! training tokens/s (forward + backward + AdamW), for the tiny config and for a randomly
//! initialised Qwen2.5-0.5B-shaped model.
//!
//! `cargo bench -p agent --bench model --ignore-rust-version [-- tiny|0.5b]`; build with
//! `--no-default-features --features ndarray` to measure the ndarray backend instead.

use agent::backend::{Cpu, CpuTrain};
use agent::generate::{SamplingConfig, generate};
use agent::lora::{self, LoraConfig};
use agent::{LoraTrainer, Model, ModelConfig, ScoreBatch};
use std::time::Instant;

fn prompts(batch: usize, len: usize, vocab: usize) -> Vec<Vec<u32>> {
    (0..batch)
        .map(|b| {
            (0..len - b)
                .map(|i| ((i * 7919 + b * 104_729) % vocab) as u32)
                .collect()
        })
        .collect()
}

fn bench_config(
    name: &str,
    cfg: &ModelConfig,
    gen_new: usize,
    train_batch: usize,
    train_len: usize,
) {
    let device = Default::default();
    let t = Instant::now();
    let model = Model::<Cpu>::random(cfg, &device);
    println!(
        "[{name}] {:.1}M params, init {:.1}s",
        cfg.num_params() as f64 / 1e6,
        t.elapsed().as_secs_f64()
    );
    for batch in [1usize, 4] {
        let p = prompts(batch, 32, cfg.vocab_size);
        let sc = SamplingConfig {
            temperature: 1.0,
            max_new_tokens: gen_new,
            seed: 1,
            ..Default::default()
        };
        // Warm-up with a short run, then the measured one.
        generate(
            &model,
            &p,
            &SamplingConfig {
                max_new_tokens: 2,
                ..sc.clone()
            },
            None,
        )
        .unwrap();
        let t = Instant::now();
        let out = generate(&model, &p, &sc, None).unwrap();
        let secs = t.elapsed().as_secs_f64();
        let n: usize = out.iter().map(|g| g.tokens.len()).sum();
        println!(
            "[{name}] generate batch {batch}, prompt ~32, {gen_new} new: {n} tokens in {secs:.2}s = {:.1} tok/s",
            n as f64 / secs
        );
    }
    drop(model);
    let model = Model::<CpuTrain>::random(cfg, &device);
    let mut model = lora::attach(model, &LoraConfig::new(16, 32.0)).unwrap();
    let rows = prompts(train_batch, train_len, cfg.vocab_size);
    let weights: Vec<Vec<f32>> = rows.iter().map(|r| vec![1.0; r.len()]).collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    let tokens: usize = rows.iter().map(Vec::len).sum();
    let mut trainer = LoraTrainer::<CpuTrain>::new(1e-4, 0.0);
    let (m, _) = trainer.step(model, &batch);
    model = m;
    let steps = 2;
    let t = Instant::now();
    for _ in 0..steps {
        let (m, _) = trainer.step(model, &batch);
        model = m;
    }
    let secs = t.elapsed().as_secs_f64() / steps as f64;
    println!(
        "[{name}] LoRA r16 train step, batch {train_batch} x ~{train_len}: {secs:.2}s/step = {:.1} tok/s",
        tokens as f64 / secs
    );
}

fn main() {
    let which: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let want = |k: &str| which.is_empty() || which.iter().any(|w| w == k);
    println!("backend: {}", std::any::type_name::<Cpu>());
    if want("tiny") {
        bench_config("tiny", &ModelConfig::tiny(384), 64, 4, 128);
    }
    if want("0.5b") {
        bench_config(
            "qwen2.5-0.5b-shape",
            &ModelConfig::qwen2_5_0_5b(),
            16,
            2,
            64,
        );
    }
}
