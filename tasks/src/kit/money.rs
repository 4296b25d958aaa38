//! Amounts: cents and dollars, compared to the cent.

use sim::rng::Rng;

/// Two amounts equal to the cent.
pub fn same_amount(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.005
}

/// Cents as `12.34`.
pub fn c2(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Cents as dollars.
pub fn usd(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// A random amount of cents in `lo..hi` that is a multiple of `k`.
pub fn cents_of(rng: &mut Rng, lo: i64, hi: i64, k: i64) -> i64 {
    rng.range(lo / k, hi / k) * k
}
