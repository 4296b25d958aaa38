//! Advantages from the rewards of a task's K rollouts.

use serde::{Deserialize, Serialize};

/// How a rollout's advantage is estimated from its group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Estimator {
    /// LOOP's leave-one-out baseline: `A_k = R_k - mean of the other K-1 rewards`, no scaling.
    #[default]
    LeaveOneOut,
    /// GRPO: `(R_k - mean) / (std + eps)` over the group (population standard deviation).
    GroupNormalized,
}

/// The advantage of every reward of one group. A group of one gets 0 (no baseline exists).
pub fn advantages(rewards: &[f64], estimator: Estimator) -> Vec<f64> {
    let k = rewards.len();
    if k < 2 {
        return vec![0.0; k];
    }
    match estimator {
        // The others' mean is summed directly (not total minus own), so equal rewards give
        // exactly zero.
        Estimator::LeaveOneOut => (0..k)
            .map(|i| {
                let others: f64 = (0..k).filter(|&j| j != i).map(|j| rewards[j]).sum();
                rewards[i] - others / (k - 1) as f64
            })
            .collect(),
        Estimator::GroupNormalized => {
            let mean = rewards.iter().sum::<f64>() / k as f64;
            let var = rewards.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / k as f64;
            let std = var.sqrt();
            rewards.iter().map(|&r| (r - mean) / (std + 1e-6)).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leave_one_out_by_hand() {
        // K = 4, rewards 1, 0, 0.5, 0.5: baselines (0+0.5+0.5)/3, (1+0.5+0.5)/3, (1+0+0.5)/3 ...
        let a = advantages(&[1.0, 0.0, 0.5, 0.5], Estimator::LeaveOneOut);
        let want = [1.0 - 1.0 / 3.0, 0.0 - 2.0 / 3.0, 0.5 - 0.5, 0.5 - 0.5];
        for (x, y) in a.iter().zip(want) {
            assert!((x - y).abs() < 1e-12, "{a:?}");
        }
        // Equal rewards: no signal.
        assert_eq!(
            advantages(&[0.3, 0.3, 0.3], Estimator::LeaveOneOut),
            vec![0.0; 3]
        );
        assert_eq!(advantages(&[0.7], Estimator::LeaveOneOut), vec![0.0]);
    }

    #[test]
    fn group_normalized_by_hand() {
        // mean 0.5, population std 0.5.
        let a = advantages(&[1.0, 0.0], Estimator::GroupNormalized);
        assert!(
            (a[0] - 1.0).abs() < 1e-5 && (a[1] + 1.0).abs() < 1e-5,
            "{a:?}"
        );
    }
}
