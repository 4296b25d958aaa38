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

    /// `n` characters from `[A-Za-z0-9]`.
    pub fn alphanumeric(&mut self, n: usize) -> String {
        const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        (0..n)
            .map(|_| ALNUM[(self.next_u64() % 62) as usize] as char)
            .collect()
    }
}

/// AppWorld's per-task random seed: the engine's runtime stream (tokens, codes) starts here.
pub const APPWORLD_TASK_SEED: u64 = 100;

/// Python's `random` module, bit for bit: the Mersenne Twister MT19937 with CPython's integer
/// seeding and its `getrandbits`, `randrange`, `random` and `shuffle`. AppWorld draws token
/// lifetimes and verification codes from a stream seeded per task (seed 100); replaying the
/// same stream makes appsim's tokens and codes byte-identical to AppWorld's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyRandom {
    mt: [u32; 624],
    index: usize,
}

impl PyRandom {
    /// `random.seed(seed)` for a non-negative integer seed.
    pub fn new(seed: u64) -> Self {
        let mut r = PyRandom {
            mt: [0; 624],
            index: 624,
        };
        let key: Vec<u32> = if seed >> 32 == 0 {
            vec![seed as u32]
        } else {
            vec![seed as u32, (seed >> 32) as u32]
        };
        r.init_by_array(&key);
        r
    }

    fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..624 {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        self.index = 624;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                self.mt[0] = self.mt[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                self.mt[0] = self.mt[623];
                i = 1;
            }
        }
        self.mt[0] = 0x8000_0000;
    }

    fn twist(&mut self) {
        for k in 0..624 {
            let y = (self.mt[k] & 0x8000_0000) | (self.mt[(k + 1) % 624] & 0x7fff_ffff);
            let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
            self.mt[k] = self.mt[(k + 397) % 624] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// The next 32 random bits (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.getrandbits(k)` for `k <= 128`.
    pub fn getrandbits(&mut self, k: u32) -> u128 {
        if k == 0 {
            return 0;
        }
        if k <= 32 {
            return u128::from(self.next_u32() >> (32 - k));
        }
        let (mut out, mut shift, mut left) = (0u128, 0u32, k.min(128));
        while left > 0 {
            let mut w = self.next_u32();
            if left < 32 {
                w >>= 32 - left;
            }
            out |= u128::from(w) << shift;
            shift += 32;
            left = left.saturating_sub(32);
        }
        out
    }

    /// `random._randbelow(n)`: uniform in `0..n` by rejection (`n > 0`).
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let k = 64 - n.leading_zeros();
        loop {
            let r = self.getrandbits(k) as u64;
            if r < n {
                return r;
            }
        }
    }

    /// `random.randrange(lo, hi)` (half-open; `lo` when empty).
    pub fn randrange(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        lo + self.randbelow((hi - lo) as u64) as i64
    }

    /// `random.random()`: 53 random bits in `[0, 1)`.
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) / 9_007_199_254_740_992.0
    }

    /// `random.shuffle(items)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.randbelow(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// AppWorld's unique ids (verification and reset codes): the first `n` hex digits of a
    /// version-4 UUID built from `getrandbits(128)` (`n <= 12`, so the version bits never show).
    pub fn unique_id(&mut self, n: usize) -> String {
        let hex = format!("{:032x}", self.getrandbits(128));
        hex[..n.min(12)].to_string()
    }

    /// The state as text (624 words and the position, hexadecimal), to store it in the world
    /// database next to rows that must stay JSON-representable.
    pub fn to_hex(&self) -> String {
        use std::fmt::Write;
        let mut out = String::with_capacity(625 * 8);
        for w in self.mt.iter().chain(std::iter::once(&(self.index as u32))) {
            let _ = write!(out, "{w:08x}");
        }
        out
    }

    /// The inverse of [`PyRandom::to_hex`]; `None` for text of the wrong shape.
    pub fn from_hex(text: &str) -> Option<Self> {
        if text.len() != 625 * 8 || !text.is_ascii() {
            return None;
        }
        let word = |i: usize| u32::from_str_radix(&text[i * 8..i * 8 + 8], 16).ok();
        let mut mt = [0u32; 624];
        for (i, w) in mt.iter_mut().enumerate() {
            *w = word(i)?;
        }
        let index = (word(624)? as usize).min(624);
        Some(PyRandom { mt, index })
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
    }

    /// Values printed by CPython 3.11 for the same calls.
    #[test]
    fn py_random_matches_cpython() {
        let mut r = PyRandom::new(100);
        let v: Vec<i64> = (0..3).map(|_| r.randrange(600, 1800)).collect();
        assert_eq!(v, vec![898, 1541, 1531]);
        let b = r.getrandbits(128);
        assert_eq!(format!("{b:x}"), "b49c83dc2cbc408cc5521660f3a3c571");
        let mut r2 = PyRandom::new(100);
        (0..3).for_each(|_| {
            r2.randrange(600, 1800);
        });
        assert_eq!(r2.unique_id(7), "b49c83d");
        assert_eq!(r.random(), 0.39303365150063463);
        let mut l: Vec<u32> = (0..10).collect();
        r.shuffle(&mut l);
        assert_eq!(l, vec![2, 8, 7, 3, 9, 0, 4, 1, 6, 5]);
        let mut z = PyRandom::new(0);
        assert_eq!(z.getrandbits(32), 3626764237);
        assert_eq!(z.getrandbits(64), 13981790821421117374);
        let mut big = PyRandom::new((1 << 40) + 5);
        assert_eq!(big.randrange(0, 1_000_000_007), 541574217);
        let back = PyRandom::from_hex(&r.to_hex()).unwrap();
        assert_eq!(back, r);
    }
}
