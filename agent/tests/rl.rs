//! The RL pieces through their public interface: advantages and the clipped objective against
//! hand-computed values, token masks and unit layouts, a gradient check on the tiny model, the
//! agent loop with scripted policies, and the trainer's checkpoint/resume.

use agent::backend::{Cpu, CpuTrain};
use agent::rl::advantage::Estimator;
use agent::rl::objective::{Action, Surrogate, Units, ppo_loss};
use agent::rollout::Trajectory;
use burn::tensor::{Tensor, TensorData};
use std::path::PathBuf;
use std::sync::Mutex;

/// Held by each test that builds random models or fresh adapters: they draw from the backend's
/// one seeded generator (`Backend::seed`), which tests running side by side would interleave.
static BACKEND_RNG: Mutex<()> = Mutex::new(());

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../lm/fixtures")
        .join(name)
}

fn lp_tensor<B: burn::tensor::backend::Backend>(v: &[f32], b: usize, s: usize) -> Tensor<B, 2> {
    Tensor::from_data(TensorData::new(v.to_vec(), [b, s]), &Default::default())
}

fn surrogate(action: Action) -> Surrogate {
    Surrogate {
        eps: 0.1,
        action,
        kl_coef: 0.0,
    }
}

#[test]
fn token_loss_matches_hand_computation() {
    // One row, 4 tokens; tokens 1 and 2 are model-emitted.
    let turn_of = vec![vec![0, 1, 1, 0]];
    let units = Units::new(&turn_of, 4, Action::Token);
    assert_eq!(units.token_mask, vec![0.0, 1.0, 1.0, 0.0]);
    let lp = [0.0, 0.5f32.ln(), 0.2f32.ln(), 0.0];
    let old = [0.0, 0.4f32.ln(), 0.25f32.ln(), 0.0];
    // A = +1: ratios 1.25 (clipped to 1.1) and 0.8 (min keeps 0.8): loss -(1.1 + 0.8)/2.
    let (loss, st) = ppo_loss(
        lp_tensor::<Cpu>(&lp, 1, 4),
        &old,
        &[1.0],
        &units,
        &surrogate(Action::Token),
        None,
    );
    let v = loss.into_scalar();
    assert!((v + 0.95).abs() < 1e-5, "{v}");
    assert!((st.clip_fraction - 0.5).abs() < 1e-9, "{st:?}");
    // KL(old || new), k3: mean of r - 1 - ln r over r = 1.25 and 0.8.
    let k3 = |r: f64| r - 1.0 - r.ln();
    let want = (k3(1.25) + k3(0.8)) / 2.0;
    assert!((st.kl_old - want).abs() < 1e-5, "{st:?} vs {want}");
    // A = -1: -1.25 (unclipped is smaller) and -max(0.8, 1/1.1): loss (1.25 + 1/1.1)/2.
    let (loss, st) = ppo_loss(
        lp_tensor::<Cpu>(&lp, 1, 4),
        &old,
        &[-1.0],
        &units,
        &surrogate(Action::Token),
        None,
    );
    let want = (1.25 + 1.0 / 1.1) / 2.0;
    assert!((loss.into_scalar() as f64 - want).abs() < 1e-5);
    assert!((st.clip_fraction - 0.5).abs() < 1e-9);
}

#[test]
fn turn_and_trajectory_ratios_multiply_their_tokens() {
    // Two rows, left-padded to 5: row 0 has turns 1 (tokens 1,2) and 2 (token 4); row 1 is
    // three tokens with one emitted token.
    let turn_of = vec![vec![0, 1, 1, 0, 2], vec![0, 0, 1]];
    let lp_rows = [vec![0.0, 0.1, 0.2, 0.0, -0.05], vec![0.0, 0.0, 0.03]];
    let seq = 5;
    let mut lp = vec![0.0f32; 2 * seq];
    for (i, r) in lp_rows.iter().enumerate() {
        let pad = seq - r.len();
        lp[i * seq + pad..(i + 1) * seq].copy_from_slice(r);
    }
    let old = vec![0.0f32; 2 * seq];
    let adv = [1.0, -2.0];
    // Turn action: row 0 units exp(0.3) -> clipped 1.1, exp(-0.05) = 0.951; row 1: exp(0.03).
    let units = Units::new(&turn_of, seq, Action::Turn);
    assert_eq!(units.units, 2);
    assert_eq!(units.unit_mask, vec![1.0, 1.0, 1.0, 0.0]);
    let (loss, _) = ppo_loss(
        lp_tensor::<Cpu>(&lp, 2, seq),
        &old,
        &adv,
        &units,
        &surrogate(Action::Turn),
        None,
    );
    let row0 = -(1.1 + (-0.05f64).exp()) / 2.0;
    // A = -2: min(-2 r, -2 clip(r)) = -2 * max(r, clip(r)) = -2 * exp(0.03) (inside the range).
    let row1 = 2.0 * 0.03f64.exp();
    let want = (row0 + row1) / 2.0;
    assert!((loss.into_scalar() as f64 - want).abs() < 1e-5);
    // Trajectory action: row 0 one unit exp(0.25) -> clipped at 1.1.
    let units = Units::new(&turn_of, seq, Action::Trajectory);
    assert_eq!(units.units, 1);
    let (loss, st) = ppo_loss(
        lp_tensor::<Cpu>(&lp, 2, seq),
        &old,
        &adv,
        &units,
        &surrogate(Action::Trajectory),
        None,
    );
    let want = (-1.1 + 2.0 * 0.03f64.exp()) / 2.0;
    assert!((loss.into_scalar() as f64 - want).abs() < 1e-5);
    assert!((st.clip_fraction - 0.5).abs() < 1e-9);
}

#[test]
fn every_trajectory_weighs_the_same() {
    // A long and a short trajectory with the same per-token ratio give the same per-row loss,
    // so the batch loss equals the single-row loss.
    let long = vec![0, 1, 1, 1, 1, 1, 1, 1];
    let short = vec![0, 0, 0, 0, 0, 0, 1, 1];
    let lp: Vec<f32> = vec![0.05; 16];
    let old = vec![0.0; 16];
    let u = Units::new(&[long.clone(), short], 8, Action::Token);
    let (both, _) = ppo_loss(
        lp_tensor::<Cpu>(&lp, 2, 8),
        &old,
        &[1.0, 1.0],
        &u,
        &surrogate(Action::Token),
        None,
    );
    let u1 = Units::new(&[long], 8, Action::Token);
    let (one, _) = ppo_loss(
        lp_tensor::<Cpu>(&lp[..8], 1, 8),
        &old[..8],
        &[1.0],
        &u1,
        &surrogate(Action::Token),
        None,
    );
    assert!((both.into_scalar() - one.into_scalar()).abs() < 1e-6);
}

#[test]
fn loo_advantages_select_rollouts() {
    use tasks::eval::{CheckResult, Report};
    let traj = |task: &str, reward: f64| Trajectory {
        task_id: task.into(),
        sample: 0,
        turns: vec![],
        report: Report {
            task_id: task.into(),
            success: reward == 1.0,
            reward,
            checks: vec![CheckResult {
                name: "x".into(),
                passed: reward == 1.0,
                reason: String::new(),
            }],
        },
        cut_off: None,
        tokens: vec![1, 2, 3],
        turn_of: vec![0, 1, 1],
        logprobs: vec![0.0; 3],
    };
    let trajs = vec![
        traj("a", 1.0),
        traj("a", 0.0),
        traj("b", 0.5),
        traj("b", 0.5),
    ];
    let s = agent::rl::trainer::to_samples(&trajs, Estimator::LeaveOneOut, 0.01);
    // Task b has no signal: both dropped. Task a: +1 and -1.
    assert_eq!(s.len(), 2);
    assert_eq!((s[0].advantage, s[1].advantage), (1.0, -1.0));
}

/// Directional derivative of the PPO loss with respect to the adapters' B matrices: autodiff
/// against central finite differences on the tiny Qwen2 fixture with its PEFT adapter.
#[test]
fn objective_gradient_matches_finite_differences() {
    use agent::Model;
    use agent::score::{ScoreBatch, token_logprobs};
    type B = CpuTrain;
    let dev = Default::default();
    let base = Model::<B>::load(&fixture("tiny-qwen2"), &dev).unwrap();
    let (model, _) = agent::lora::load_peft(base, &fixture("tiny-qwen2-lora")).unwrap();
    let rows = vec![vec![5u32, 17, 40, 41, 99, 7, 12], vec![3u32, 8, 60, 61, 62]];
    let turn_of = vec![vec![0, 0, 1, 1, 0, 2, 2], vec![0, 0, 1, 1, 1]];
    let weights: Vec<Vec<f32>> = turn_of
        .iter()
        .map(|r| r.iter().map(|&u| (u > 0) as u8 as f32).collect())
        .collect();
    let batch = ScoreBatch::new(&rows, &weights, 0);
    let seq = batch.input.seq;
    // Old log-probs slightly off the current ones so that some ratios are clipped.
    let cur: Vec<f32> = token_logprobs(&model, &batch, 3)
        .into_data()
        .convert::<f32>()
        .to_vec()
        .unwrap();
    let old: Vec<f32> = cur
        .iter()
        .enumerate()
        .map(|(i, &x)| x + if i % 3 == 0 { 0.3 } else { -0.02 })
        .collect();
    for action in [Action::Token, Action::Turn, Action::Trajectory] {
        let units = Units::new(&turn_of, seq, action);
        let loss_of = |m: &Model<B>| {
            let lp = token_logprobs(m, &batch, 3);
            ppo_loss(lp, &old, &[0.7, -0.4], &units, &surrogate(action), None).0
        };
        let scale = |m: &Model<B>, f: f64| {
            let mut m = m.clone();
            for l in m.layers.iter_mut() {
                for lin in [&mut l.self_attn.q_proj, &mut l.mlp.down_proj] {
                    if let Some(ad) = lin.lora.as_mut() {
                        ad.b = ad.b.clone().map(|t| t.mul_scalar(f));
                    }
                }
            }
            m
        };
        // Autodiff: sum over the scaled B's of <dL/dB, B>.
        let grads = loss_of(&model).backward();
        let mut analytic = 0.0f64;
        for l in &model.layers {
            for lin in [&l.self_attn.q_proj, &l.mlp.down_proj] {
                if let Some(ad) = &lin.lora {
                    let g = ad.b.val().grad(&grads).unwrap();
                    let b = ad.b.val().inner();
                    analytic += (g * b).sum().into_scalar() as f64;
                }
            }
        }
        let h = 1e-2;
        let up = loss_of(&scale(&model, 1.0 + h)).into_scalar() as f64;
        let down = loss_of(&scale(&model, 1.0 - h)).into_scalar() as f64;
        let numeric = (up - down) / (2.0 * h);
        assert!(analytic.abs() > 1e-6, "{action:?}: zero gradient");
        let rel = (analytic - numeric).abs() / analytic.abs().max(numeric.abs());
        assert!(
            rel < 0.02,
            "{action:?}: autodiff {analytic} vs numeric {numeric}"
        );
    }
}

/// `model.init_seed` fixes the random weights and fresh adapters whatever `rl.seed` is (what
/// a comparison of RL seeds needs); without it each `rl.seed` has its own model.
#[test]
fn init_seed_fixes_the_model_across_rl_seeds() {
    let _rng = BACKEND_RNG.lock().unwrap_or_else(|e| e.into_inner());
    use agent::rl::TrainConfig;
    use agent::rl::policy_model::load_model;
    let config = |rl_seed: u64, init: Option<u64>| {
        let init = init.map_or(String::new(), |s| format!("init_seed = {s}\n"));
        TrainConfig::from_toml(&format!(
            "[model]\ndir = \"{}\"\nrandom_init = true\n{init}[rl]\nseed = {rl_seed}\n",
            fixture("tiny-qwen2").display()
        ))
        .unwrap()
    };
    let weights = |cfg: &TrainConfig| {
        let (model, _, _) = load_model::<CpuTrain>(cfg, cfg.rl.seed, &Default::default()).unwrap();
        let q = model.layers[0].self_attn.q_proj.weight.val();
        let a = model.layers[0]
            .self_attn
            .q_proj
            .lora
            .as_ref()
            .unwrap()
            .a
            .val();
        (
            q.into_data().to_vec::<f32>().unwrap(),
            a.into_data().to_vec::<f32>().unwrap(),
        )
    };
    assert_eq!(weights(&config(1, Some(7))), weights(&config(2, Some(7))));
    assert_ne!(weights(&config(1, None)), weights(&config(2, None)));
    assert_eq!(weights(&config(7, None)), weights(&config(1, Some(7))));
}

/// `[lora]` is lm's `LoraConfig` itself: a file names only the fields it changes (the rest
/// are LOOP's), the model gets exactly those adapters, and a field LoRA does not have is an
/// error that names it.
#[test]
fn a_lora_section_names_only_what_it_changes() {
    let _rng = BACKEND_RNG.lock().unwrap_or_else(|e| e.into_inner());
    use agent::lora::LoraConfig;
    use agent::rl::TrainConfig;
    use agent::rl::policy_model::load_model;
    assert_eq!(
        TrainConfig::from_toml("").unwrap().lora,
        LoraConfig::new(16, 32.0)
    );
    let cfg = TrainConfig::from_toml(&format!(
        "[model]\ndir = \"{}\"\nrandom_init = true\n[lora]\nr = 4\ntarget_modules = [\"q_proj\"]\n",
        fixture("tiny-qwen2").display()
    ))
    .unwrap();
    assert_eq!(
        cfg.lora,
        LoraConfig::new(4, 32.0).with_target_modules(vec!["q_proj".into()])
    );
    let (model, _, lcfg) = load_model::<CpuTrain>(&cfg, 0, &Default::default()).unwrap();
    assert_eq!(lcfg, cfg.lora);
    let attn = &model.layers[0].self_attn;
    let a = attn.q_proj.lora.as_ref().expect("q_proj adapter").a.val();
    assert_eq!(a.dims()[1], 4);
    assert!(attn.k_proj.lora.is_none() && model.layers[0].mlp.up_proj.lora.is_none());
    let err = TrainConfig::from_toml("[lora]\nrank = 4\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown field `rank`"), "{err}");
    assert!(TrainConfig::from_toml("[lora]\nr = \"four\"\n").is_err());
}
