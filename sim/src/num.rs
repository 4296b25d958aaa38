//! Python's float arithmetic as AppWorld's apps use it for money: `round(x, ndigits)` and the
//! `:.2f` format, both correctly rounded on the exact binary value with ties to even, so
//! `round(2.675, 2) == 2.67` (2.675 is stored just below), `round(0.125, 2) == 0.12` (an exact
//! tie) and `f"{460.994:.2f}" == "460.99"`.
//!
//! Rust's fixed-precision formatting (`{:.N}`) is exact with ties to even, as CPython's `dtoa`
//! is, so both functions build on it (checked against CPython's answers in the tests).

/// CPython's `round(x, ndigits)` for a float: the float nearest to `x` rounded to `ndigits`
/// decimal places (negative `ndigits` round to tens, hundreds, ...). Infinities and NaN come
/// back unchanged, as do values for which `ndigits` asks more digits than a float has.
pub fn py_round(x: f64, ndigits: i32) -> f64 {
    // CPython's limits: beyond ~323 digits nothing changes; below ~-308 everything is zero.
    const NDIGITS_MAX: i32 = 323;
    const NDIGITS_MIN: i32 = -308;
    if !x.is_finite() || ndigits > NDIGITS_MAX {
        return x;
    }
    if ndigits < NDIGITS_MIN {
        return 0.0 * x;
    }
    if ndigits >= 0 {
        let s = format!("{:.*}", ndigits as usize, x);
        return s.parse().unwrap_or(x);
    }
    round_to_tens(x, (-ndigits) as usize)
}

/// `round(x, 2)`: the money rounding AppWorld applies on every save.
pub fn round2(x: f64) -> f64 {
    py_round(x, 2)
}

/// Python's `format(x, f".{digits}f")` (`f"{x:.2f}"` for `digits = 2`): `inf`, `-inf` and
/// `nan` as Python spells them, `-0.00` for negative zero.
pub fn fmt_fixed(x: f64, digits: usize) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    format!("{x:.digits$}")
}

/// `f"{x:.2f}"`, the form of amounts in AppWorld's messages (`$460.99`).
pub fn fmt_2f(x: f64) -> String {
    fmt_fixed(x, 2)
}

/// Rounds to a multiple of `10^k` (k ≥ 1), ties to even, on the exact decimal expansion of
/// `x` (which `{:.1074}` prints: every finite float has at most 1074 fractional digits).
fn round_to_tens(x: f64, k: usize) -> f64 {
    let exact = format!("{:.1074}", x.abs());
    let (int, frac) = exact.split_once('.').unwrap_or((&exact, ""));
    let int = int.trim_start_matches('0');
    if int.len() < k {
        // |x| < 10^(k-1), under half of 10^k.
        return 0.0f64.copysign(x);
    }
    let (keep, dropped) = int.split_at(int.len() - k);
    let rest_nonzero = frac.bytes().any(|b| b != b'0');
    let first = dropped.as_bytes()[0];
    let tail_nonzero = dropped.bytes().skip(1).any(|b| b != b'0') || rest_nonzero;
    let last_kept_odd = keep.as_bytes().last().is_some_and(|d| (d - b'0') % 2 == 1);
    let round_up = first > b'5' || (first == b'5' && (tail_nonzero || last_kept_odd));
    let mut digits: Vec<u8> = keep.bytes().collect();
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let mut text = String::from_utf8(digits).unwrap_or_default();
    if text.is_empty() {
        text.push('0');
    }
    text.push_str(&"0".repeat(k));
    let v: f64 = text.parse().unwrap_or(0.0);
    v.copysign(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers of CPython 3.11: `round(x, n)`.
    #[test]
    fn round_matches_cpython() {
        let cases: &[(f64, i32, f64)] = &[
            (2.675, 2, 2.67),
            (1.005, 2, 1.0),
            (0.125, 2, 0.12),
            (0.375, 2, 0.38),
            (0.015, 2, 0.01),
            (0.005, 2, 0.01),
            (0.045, 2, 0.04),
            (82.125, 2, 82.12),
            (221.875, 2, 221.88),
            (4999.625, 2, 4999.62),
            (33.333, 2, 33.33),
            (0.001, 2, 0.0),
            (0.004, 2, 0.0),
            (-0.125, 2, -0.12),
            (-2.675, 2, -2.67),
            (2.5, 0, 2.0),
            (0.5, 0, 0.0),
            (1.5, 0, 2.0),
            (-0.5, 0, -0.0),
            (305.25 - 0.125, 2, 305.12),
            (214.75 + 0.125, 2, 214.88),
            (1234.5, -2, 1200.0),
            (1250.0, -2, 1200.0),
            (1350.0, -2, 1400.0),
            (1250.0000001, -2, 1300.0),
            (50.0, -2, 0.0),
            (51.0, -2, 100.0),
            (-150.0, -2, -200.0),
            (999.0, -1, 1000.0),
            (5.0, -1, 0.0),
            (15.0, -1, 20.0),
            (1e300, 2, 1e300),
            (9223372036854775808.0, 2, 9223372036854775808.0),
            (0.1 + 0.2, 2, 0.3),
            (1.0 / 3.0, 5, 0.33333),
        ];
        for &(x, n, want) in cases {
            let got = py_round(x, n);
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "round({x}, {n}) = {got}, want {want}"
            );
        }
        assert!(py_round(f64::NAN, 2).is_nan());
        assert_eq!(py_round(f64::INFINITY, 2), f64::INFINITY);
        assert_eq!(py_round(1.5, 400), 1.5);
        assert_eq!(round2(2.675), 2.67);
    }

    /// Answers of CPython 3.11: `format(x, ".2f")`.
    #[test]
    fn fixed_format_matches_cpython() {
        let cases: &[(f64, &str)] = &[
            (460.994, "460.99"),
            (2.675, "2.67"),
            (0.125, "0.12"),
            (0.375, "0.38"),
            (0.005, "0.01"),
            (1.005, "1.00"),
            (1000.0, "1000.00"),
            (9223372036854775808.0, "9223372036854775808.00"),
            (1e6, "1000000.00"),
            (-0.0, "-0.00"),
            (-1.255, "-1.25"),
            (4936.5, "4936.50"),
        ];
        for &(x, want) in cases {
            assert_eq!(fmt_2f(x), want, "format({x}, '.2f')");
        }
        assert_eq!(fmt_2f(f64::NAN), "nan");
        assert_eq!(fmt_2f(f64::INFINITY), "inf");
        assert_eq!(fmt_2f(f64::NEG_INFINITY), "-inf");
        assert_eq!(fmt_fixed(2.5, 0), "2");
        assert_eq!(fmt_fixed(0.5, 0), "0");
        assert_eq!(fmt_fixed(1.0 / 3.0, 4), "0.3333");
    }
}
