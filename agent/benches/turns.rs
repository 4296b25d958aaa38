//! Policy speed along a rollout: generated tokens per second of policy time at turns 1, 5 and
//! 10, with each rollout's KV cache kept across turns (the default) and without (every turn
//! prefills the whole conversation again, as before the cache existed).
//!
//! `cargo bench -p agent --bench turns --ignore-rust-version [-- tiny|smollm2]`. The rollouts
//! are K = 2 samples of one task with the full system prompt; each turn generates exactly
//! `APPSIM_TURN_TOKENS` (default 32) tokens and then appends a fixed observation. `smollm2`
//! needs `APPSIM_NO_REFERENCE=1 scripts/fetch-model.sh` (skipped with a message otherwise).
//! `RAYON_NUM_THREADS=1 APPSIM_GEN_THREADS=1` measures one core. With `--features cuda`, `-- cuda` runs SmolLM2's
//! shape on the GPU (its weights when present, else random weights of its shape: the speed is
//! the same).

use agent::backend::Cpu;
use agent::generate::{SamplingConfig, SeqCache, generate_cached};
use agent::prompt::{self, PromptStyle};
use agent::{ChatTokenizer, Conversation, Model, ModelConfig};
use burn::tensor::backend::Backend;
use std::path::{Path, PathBuf};
use std::time::Instant;

const K: usize = 2;
const TURNS: usize = 10;

fn observation(turn: usize) -> String {
    format!(
        "{{'note_id': {}, 'title': 'Grocery list {turn}', 'tags': ['home', 'weekly'], \
         'created_at': '2023-05-1{}T09:00:00', 'pinned': False}}",
        1000 + turn,
        turn % 10
    )
}

/// Runs `TURNS` turns of `K` rollouts; answers (turn, context tokens, tokens/s) per turn.
fn rollout<B: Backend>(
    model: &Model<B>,
    tok: &ChatTokenizer,
    reuse: bool,
) -> Vec<(usize, usize, f64)> {
    let suite = tasks::world::suite();
    let task = suite.tasks()[0].clone();
    let person = suite
        .population()
        .people
        .iter()
        .find(|p| p.id == task.supervisor);
    let messages = prompt::initial_messages(&task, person, PromptStyle::Full);
    let conv = Conversation::start(tok, messages, None, Default::default()).unwrap();
    let mut convs = vec![conv; K];
    let mut caches: Vec<Option<SeqCache<B>>> = (0..K).map(|_| None).collect();
    let per_turn: usize = std::env::var("APPSIM_TURN_TOKENS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(32);
    // `APPSIM_GEN_THREADS=N`: generation threads (default 2, one per rollout).
    let threads: usize = std::env::var("APPSIM_GEN_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let mut out = Vec::new();
    for turn in 1..=TURNS {
        let cfg = SamplingConfig {
            temperature: 1.0,
            max_new_tokens: per_turn,
            seed: turn as u64,
            threads,
            ..Default::default()
        };
        let rows: Vec<&[u32]> = convs.iter().map(Conversation::tokens).collect();
        let context = rows[0].len();
        let given = if reuse {
            std::mem::replace(&mut caches, (0..K).map(|_| None).collect())
        } else {
            (0..K).map(|_| None).collect()
        };
        let t = Instant::now();
        let (gens, kept, _) = generate_cached(model, &rows, given, &cfg, None, reuse).unwrap();
        let secs = t.elapsed().as_secs_f64();
        let n: usize = gens.iter().map(|g| g.tokens.len()).sum();
        out.push((turn, context, n as f64 / secs));
        caches = kept;
        for (c, g) in convs.iter_mut().zip(&gens) {
            c.push_generated(tok, &g.tokens).unwrap();
            let obs = prompt::observation_message(&observation(turn));
            c.push_messages(tok, vec![obs]).unwrap();
        }
    }
    out
}

fn bench<B: Backend>(name: &str, dir: &Path, device: &B::Device) {
    let model = if dir.join("model.safetensors").exists() {
        Model::<B>::load(dir, device).unwrap()
    } else {
        println!("[{name}] random weights of the checkpoint's shape (no model.safetensors)");
        Model::<B>::random(&ModelConfig::from_dir(dir).unwrap(), device)
    };
    let tok = ChatTokenizer::from_dir(dir).unwrap();
    for reuse in [false, true] {
        let label = if reuse { "cache kept" } else { "re-prefill" };
        for (turn, context, tps) in rollout(&model, &tok, reuse) {
            if [1, 5, 10].contains(&turn) {
                println!(
                    "[{name}] {label:>10}: turn {turn:>2}, context {context:>5} tokens: {tps:8.1} tok/s (K = {K})"
                );
            }
        }
    }
}

fn main() {
    let which: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let want = |k: &str| which.iter().any(|w| w == k) || (which.is_empty() && k != "cuda");
    println!(
        "backend: {}, rayon threads: {}",
        std::any::type_name::<Cpu>(),
        std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "all cores".into())
    );
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cpu = Default::default();
    if want("tiny") {
        bench::<Cpu>("tiny", &root.join("../lm/fixtures/tiny-qwen2"), &cpu);
    }
    let smollm2 = std::env::var_os("APPSIM_SMOLLM2_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../models/smollm2-135m-instruct"));
    #[cfg(feature = "cuda")]
    if want("cuda") {
        bench::<agent::backend::Cuda>("smollm2-135m cuda", &smollm2, &Default::default());
    }
    if want("smollm2") {
        let dir = smollm2;
        if dir.join("config.json").exists() {
            bench::<Cpu>("smollm2-135m", &dir, &cpu);
        } else {
            println!("[smollm2-135m] skipped: run `APPSIM_NO_REFERENCE=1 scripts/fetch-model.sh`");
        }
    }
}
