//! Throughput of the policy model on the default CPU backend: generation tokens/s and LoRA
//! training tokens/s (forward + backward + AdamW), for the tiny config and for a randomly
//! initialised Qwen2.5-0.5B-shaped model.
//!
//! `cargo bench -p lm --bench model --ignore-rust-version [-- tiny|0.5b]`; build with
//! `--no-default-features --features ndarray` to measure the ndarray backend instead. With
//! `--features cuda`, `-- cuda` runs the 0.5B shape (and `cuda-1.5b` a Qwen2.5-1.5B shape) on
//! the GPU in f32 and bf16 and prints the model FLOP utilisation of a LoRA step: 4 x params x
//! tokens (forward, and the backward pass through the frozen weights; no weight gradients but
//! the adapters') over the step time, against `APPSIM_PEAK_TFLOPS` (default 989, an H100/H200's
//! dense bf16 peak).
//!
//! `-- logits-memory` measures what `lm::score::chunked_loss` bounds: the peak resident memory
//! of one loss-and-backward pass over 1 x 1,024 tokens with Qwen2.5's 151,936-token vocabulary
//! (a 2-layer d-32 trunk, so the logits dominate), the whole log-probability tensor
//! backpropagated against each 64-position chunk's logits recomputed in the backward pass;
//! each in its own process (peak RSS from `/proc/self/status`).

use burn::tensor::backend::{AutodiffBackend, Backend};
use lm::backend::{Cpu, CpuTrain};
use lm::generate::{SamplingConfig, generate};
use lm::lora::{self, LoraConfig};
use lm::{LoraTrainer, Model, ModelConfig, ScoreBatch};
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

fn bench_config<B: Backend, T: AutodiffBackend<InnerBackend = B>>(
    name: &str,
    cfg: &ModelConfig,
    gen_new: usize,
    train_batch: usize,
    train_len: usize,
    (device, train_device): (&B::Device, &T::Device),
) {
    let device = device.clone();
    let t = Instant::now();
    let model = Model::<B>::random(cfg, &device);
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
    let model = Model::<T>::random(cfg, train_device);
    let mut model = lora::attach(model, &LoraConfig::new(16, 32.0)).unwrap();
    let rows = prompts(train_batch, train_len, cfg.vocab_size);
    let weights: Vec<Vec<f32>> = rows.iter().map(|r| vec![1.0; r.len()]).collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    let tokens: usize = rows.iter().map(Vec::len).sum();
    let mut trainer = LoraTrainer::<T>::new(1e-4, 0.0);
    let (m, _) = trainer.step(model, &batch);
    model = m;
    let steps = 2;
    let t = Instant::now();
    for _ in 0..steps {
        let (m, _) = trainer.step(model, &batch);
        model = m;
    }
    let secs = t.elapsed().as_secs_f64() / steps as f64;
    let peak: f64 = std::env::var("APPSIM_PEAK_TFLOPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(989.0);
    let tflops = 4.0 * cfg.num_params() as f64 * tokens as f64 / secs / 1e12;
    println!(
        "[{name}] LoRA r16 train step, batch {train_batch} x ~{train_len}: {secs:.3}s/step = {:.1} tok/s, {tflops:.2} TFLOP/s (4NT), MFU {:.2} % of {peak} TFLOP/s",
        tokens as f64 / secs,
        100.0 * tflops / peak
    );
}

/// The resident set's current and peak size in MB (Linux `/proc/self/status`).
fn rss_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |k: &str| {
        status
            .lines()
            .find(|l| l.starts_with(k))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// One loss-and-backward pass of `mode` (`whole` or `recompute`) in this process.
fn logits_memory_child(mode: &str) {
    use lm::optim::Step;
    use lm::score::{chunked_loss, token_logprobs, weighted_sum};
    type T = CpuTrain;
    let d = Default::default();
    let cfg = ModelConfig::tiny(151_936);
    T::seed(&d, 0);
    let model = lora::attach(Model::<T>::random(&cfg, &d), &LoraConfig::new(16, 32.0)).unwrap();
    let rows = prompts(1, 1024, cfg.vocab_size);
    let weights: Vec<Vec<f32>> = rows.iter().map(|r| vec![1.0; r.len()]).collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    let loss = |lp: burn::tensor::Tensor<T, 2>| {
        let l = weighted_sum(lp, &batch).neg().mean();
        let v: f32 = l.clone().into_scalar();
        (l, v)
    };
    let (before, _) = rss_mb();
    let t = Instant::now();
    let (l, v) = match mode {
        "whole" => loss(token_logprobs(&model, &batch, 64)),
        _ => chunked_loss(&model, &batch, 64, 1.0, loss),
    };
    let mut step = Step::new();
    step.add(&model, l);
    let secs = t.elapsed().as_secs_f64();
    let (_, peak) = rss_mb();
    println!(
        "[logits-memory] {mode:>9}: loss {v:.4}, {secs:.2}s, resident {before:.0} MB before, peak {peak:.0} MB (+{:.0} MB)",
        peak - before
    );
}

fn main() {
    let which: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if which.first().map(String::as_str) == Some("logits-memory-child") {
        logits_memory_child(which.get(1).map_or("whole", String::as_str));
        return;
    }
    if which.iter().any(|w| w == "logits-memory") {
        let exe = std::env::current_exe().expect("the bench's own path");
        for mode in ["whole", "recompute"] {
            let status = std::process::Command::new(&exe)
                .args(["logits-memory-child", mode])
                .status()
                .expect("run the bench again");
            assert!(status.success(), "{mode} failed");
        }
        return;
    }
    let want =
        |k: &str| which.iter().any(|w| w == k) || (which.is_empty() && !k.starts_with("cuda"));
    let cpu = Default::default();
    if want("tiny") || want("0.5b") {
        println!("backend: {}", std::any::type_name::<Cpu>());
    }
    if want("tiny") {
        bench_config::<Cpu, CpuTrain>("tiny", &ModelConfig::tiny(384), 64, 4, 128, (&cpu, &cpu));
    }
    if want("0.5b") {
        bench_config::<Cpu, CpuTrain>(
            "qwen2.5-0.5b-shape",
            &ModelConfig::qwen2_5_0_5b(),
            16,
            2,
            64,
            (&cpu, &cpu),
        );
    }
    #[cfg(feature = "cuda")]
    {
        type Bf16 = burn::backend::Cuda<half::bf16, i32>;
        let gpu = Default::default();
        let shapes = [
            ("cuda", "qwen2.5-0.5b-shape", ModelConfig::qwen2_5_0_5b()),
            (
                "cuda-1.5b",
                "qwen2.5-1.5b-shape",
                ModelConfig::qwen2_5_1_5b(),
            ),
        ];
        for (key, name, cfg) in shapes {
            if want(key) {
                for (batch, len) in [(8, 512), (16, 1024)] {
                    bench_config::<lm::backend::Cuda, lm::backend::CudaTrain>(
                        &format!("{name} f32 cuda"),
                        &cfg,
                        64,
                        batch,
                        len,
                        (&gpu, &gpu),
                    );
                    bench_config::<Bf16, burn::backend::Autodiff<Bf16>>(
                        &format!("{name} bf16 cuda"),
                        &cfg,
                        64,
                        batch,
                        len,
                        (&gpu, &gpu),
                    );
                }
            }
        }
    }
    #[cfg(not(feature = "cuda"))]
    if which.iter().any(|w| w.starts_with("cuda")) {
        println!("cuda: build with --features cuda");
    }
}
