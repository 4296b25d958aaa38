//! Gated test on real weights: SmolLM2-135M-Instruct converted by `scripts/fetch-model.sh`.
//! Skipped (with a message) when the model directory is absent.

use lm::backend::Cpu;
use lm::generate::{SamplingConfig, generate};
use lm::{ChatTokenizer, Conversation, Model};
use serde_json::{Value, json};
use std::path::PathBuf;

fn model_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("APPSIM_SMOLLM2_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../models/smollm2-135m-instruct")
        });
    dir.join("reference.json").exists().then_some(dir)
}

#[test]
fn smollm2_greedy_matches_transformers() {
    let Some(dir) = model_dir() else {
        eprintln!(
            "skipped: no models/smollm2-135m-instruct/reference.json (run scripts/fetch-model.sh \
             or set APPSIM_SMOLLM2_DIR)"
        );
        return;
    };
    let reference: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("reference.json")).unwrap())
            .unwrap();
    let ids = |k: &str| -> Vec<u32> {
        reference[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as u32)
            .collect()
    };
    let tok = ChatTokenizer::from_dir(&dir).unwrap();
    let messages = vec![json!({"role": "user", "content": reference["prompt"]})];
    let text = tok
        .render(&messages, None, true, &Default::default())
        .unwrap();
    assert_eq!(text, reference["prompt_text"].as_str().unwrap());
    let conv = Conversation::start(&tok, messages, None, Default::default()).unwrap();
    assert_eq!(conv.tokens(), ids("prompt_ids").as_slice());
    let model = Model::<Cpu>::load(&dir, &Default::default()).unwrap();
    let expected = ids("greedy_ids");
    let cfg = SamplingConfig {
        temperature: 0.0,
        max_new_tokens: expected.len(),
        ..Default::default()
    };
    let out = generate(&model, &[conv.tokens().to_vec()], &cfg, Some(&tok)).unwrap();
    let text = tok.decode(&out[0].tokens).unwrap();
    eprintln!("SmolLM2: {text:?}");
    assert_eq!(out[0].tokens, expected);
    assert!(text.contains("Paris"), "{text}");
}
