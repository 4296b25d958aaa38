//! Deterministic pseudo-random numbers for everything the engine invents: ids, codes, tokens,
//! seed data. One algorithm (SplitMix64) everywhere, so the same seed gives the same world and
//! the same tokens on every machine.

/// A small, fast, reproducible generator (SplitMix64). Not for cryptography.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole future output is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// A generator derived from this seed and a label, independent of other labels.
    /// Use it to give each part of a world its own stream (`Rng::derive(seed, "notes")`).
    pub fn derive(seed: u64, label: &str) -> Self {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in label.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let mut r = Self::new(seed ^ h);
        r.next_u64();
        r
    }

    /// The raw state, to persist it (e.g. in the world database) and resume later.
    pub fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `lo..hi` (half-open). Returns `lo` when the range is empty.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = (hi - lo) as u64;
        lo + (self.next_u64() % span) as i64
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One element of a non-empty slice (panics on an empty slice: a programming error).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len() as i64) as usize]
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.range(0, i as i64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// `n` lower-case hexadecimal characters (verification and reset codes use 7).
    pub fn hex(&mut self, n: usize) -> String {
        const HEX: &[u8] = b"0123456789abcdef";
        (0..n)
            .map(|_| HEX[(self.next_u64() % 16) as usize] as char)
            .collect()
    }

    /// `n` characters from `[A-Za-z0-9]`.
    pub fn alphanumeric(&mut self, n: usize) -> String {
        const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        (0..n)
            .map(|_| ALNUM[(self.next_u64() % 62) as usize] as char)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_labels_differ() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(
            Rng::derive(7, "x").next_u64(),
            Rng::derive(7, "y").next_u64()
        );
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            let v = r.range(-3, 4);
            assert!((-3..4).contains(&v));
        }
        assert_eq!(Rng::new(3).hex(7).len(), 7);
    }
}
