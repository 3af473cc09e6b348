//! The tests' one pseudo-random generator.

/// A small deterministic generator (SplitMix64): every kernel test draws its inputs from one,
/// seeded per test and case, so that a failure replays.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn u32(&mut self) -> u32 {
        (self.u64() >> 32) as u32
    }

    pub fn i32(&mut self) -> i32 {
        self.u32() as i32
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        lo.wrapping_add(self.below(hi.wrapping_sub(lo) as u64 + 1) as i64)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform `f32` in `[lo, hi)`.
    pub fn f32_in(&mut self, lo: f32, hi: f32) -> f32 {
        (lo as f64 + (hi as f64 - lo as f64) * self.unit()) as f32
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// `n` integers: mostly uniform bits, some from `edges` (boundary values).
    pub fn ints<T: Copy>(&mut self, n: usize, edges: &[T], mut f: impl FnMut(u64) -> T) -> Vec<T> {
        (0..n)
            .map(|_| {
                if !edges.is_empty() && self.chance(0.25) {
                    self.pick(edges)
                } else {
                    let bits = self.u64();
                    f(bits)
                }
            })
            .collect()
    }

    /// `n` floats uniform in `[lo, hi)`.
    pub fn floats(&mut self, n: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..n).map(|_| self.f32_in(lo, hi)).collect()
    }

    /// A finite `f32` of random sign with a log-uniform magnitude in `[2^lo, 2^hi)`.
    pub fn f32_log(&mut self, lo: i32, hi: i32) -> f32 {
        let e = self.range_i64(lo as i64, hi as i64 - 1) as i32;
        let m = 1.0 + self.unit();
        let v = (m * 2f64.powi(e)) as f32;
        if self.chance(0.5) {
            -v
        } else {
            v
        }
    }

    /// Uniform in `lo..=hi`.
    pub fn i32_in(&mut self, lo: i32, hi: i32) -> i32 {
        self.range_i64(lo.into(), hi.into()) as i32
    }

    /// `n` integers uniform in `lo..=hi`.
    pub fn i32s_in(&mut self, n: usize, lo: i32, hi: i32) -> Vec<i32> {
        (0..n).map(|_| self.i32_in(lo, hi)).collect()
    }

    /// `n` integers of uniform bits.
    pub fn i32s(&mut self, n: usize) -> Vec<i32> {
        (0..n).map(|_| self.i32()).collect()
    }

    /// `n` bytes of uniform bits.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.u64() as u8).collect()
    }

    /// `n` small exactly representable floats: multiples of 1/4 in [-64, 64].
    pub fn quarters(&mut self, n: usize) -> Vec<f32> {
        (0..n)
            .map(|_| self.i32_in(-256, 256) as f32 / 4.0)
            .collect()
    }
}
