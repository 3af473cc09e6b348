//! Helpers for the value tests of the kernel corpus (`tests/kernels_values*.rs`): a
//! deterministic generator, launch shapes, ULP distances, and a reference `half`.

use super::kernels::Gpu;
use level_zero_sys::ze_kernel_handle_t;

/// Both optimisation levels of every module.
pub const OPT: [&str; 2] = ["O0", "O2"];

/// Element counts for kernels that take any global size.
pub const SIZES: [usize; 5] = [1, 7, 64, 768, 1000];

/// Work-group sizes tried when they divide the global size.
pub const GROUPS: [u32; 4] = [1, 8, 64, 256];

/// A small deterministic generator (SplitMix64).
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
}

/// `(n, local size)` for every `n` of `sizes` and every size of [`GROUPS`] that divides it
/// (`n` itself as the group size when only 1 does and `n` is at most 1024).
pub fn shapes(sizes: &[usize]) -> Vec<(usize, u32)> {
    let mut out = Vec::new();
    for &n in sizes {
        let mut any = false;
        for l in GROUPS {
            if n % l as usize == 0 {
                out.push((n, l));
                any |= l > 1;
            }
        }
        if !any && n > 1 && n <= 1024 {
            out.push((n, n as u32));
        }
    }
    out
}

/// One launch of a test: the kernel, its optimisation level, size and a seeded generator.
pub struct Case<'a> {
    pub gpu: &'a Gpu,
    pub k: ze_kernel_handle_t,
    pub opt: &'static str,
    pub name: &'a str,
    pub n: usize,
    pub l: u32,
    pub rng: Rng,
}

impl Case<'_> {
    /// Runs `n` work-items (1-D) in groups of `l`.
    pub fn run(&self) {
        self.gpu.run(
            self.k,
            [(self.n / self.l as usize) as u32, 1, 1],
            [self.l, 1, 1],
        );
    }

    /// Sets the kernel arguments in order: buffers, [`Local`] sizes or [`Val`] values.
    pub fn args(&self, args: &[&dyn SetArg]) {
        for (i, a) in args.iter().enumerate() {
            a.set(self.gpu, self.k, i as u32);
        }
    }

    /// A description for failure messages.
    pub fn ctx(&self) -> String {
        format!("{} -{} n={} L={}", self.name, self.opt, self.n, self.l)
    }
}

fn seed(parts: &[&str], n: usize, l: u32) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in parts.iter().flat_map(|p| p.bytes()) {
        h = (h ^ b as u64).wrapping_mul(0x1000_0000_01b3);
    }
    h ^ ((n as u64) << 20) ^ l as u64
}

/// Calls `f` for kernel `name` of `kernels/spv/<file>-O0/-O2.spv`, for every shape of
/// [`shapes`]`(sizes)`, with a generator seeded from the kernel, level and shape.
pub fn each_case(file: &str, name: &str, sizes: &[usize], mut f: impl FnMut(&mut Case<'_>)) {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("{file}-{opt}"));
        let k = gpu.kernel(m, name);
        for (n, l) in shapes(sizes) {
            let mut case = Case {
                gpu: &gpu,
                k,
                opt,
                name,
                n,
                l,
                rng: Rng::new(seed(&[name, opt], n, l)),
            };
            f(&mut case);
        }
    }
}

/// An argument for [`Case::args`].
pub trait SetArg {
    fn set(&self, gpu: &Gpu, k: ze_kernel_handle_t, i: u32);
}

impl<T> SetArg for super::kernels::Buf<T> {
    fn set(&self, gpu: &Gpu, k: ze_kernel_handle_t, i: u32) {
        gpu.arg_buf(k, i, self);
    }
}

/// A `__local` argument of this many bytes.
pub struct Local(pub usize);

impl SetArg for Local {
    fn set(&self, gpu: &Gpu, k: ze_kernel_handle_t, i: u32) {
        gpu.arg_local(k, i, self.0);
    }
}

/// A by-value argument (its bytes).
pub struct Val<T>(pub T);

impl<T> SetArg for Val<T> {
    fn set(&self, gpu: &Gpu, k: ze_kernel_handle_t, i: u32) {
        gpu.arg(k, i, &self.0);
    }
}

/// The ULP of `f32` at `x` (the gap above `|x|` rounded down to a power of two; 2^-149
/// near zero).
pub fn ulp32(x: f64) -> f64 {
    let a = x.abs();
    if a < f32::MIN_POSITIVE as f64 {
        return 2f64.powi(-149);
    }
    2f64.powi(a.log2().floor() as i32 - 23)
}

/// The ULP of `f64` at `x`.
pub fn ulp64(x: f64) -> f64 {
    let a = x.abs();
    if a < f64::MIN_POSITIVE {
        return 2f64.powi(-1074);
    }
    2f64.powi(a.log2().floor() as i32 - 52)
}

/// The error of `got` against the (more precise) `want`, in ULPs of `f32` at `want`; 0 when
/// both are the same infinity or both NaN, infinite when only one is.
pub fn ulps32(got: f32, want: f64) -> f64 {
    if got.is_nan() || want.is_nan() {
        return if got.is_nan() && want.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if got.is_infinite() || want.is_infinite() {
        // A reference beyond the f32 range may be returned as infinity.
        let w = want as f32;
        return if got == w || (got as f64) == want {
            0.0
        } else {
            f64::INFINITY
        };
    }
    (got as f64 - want).abs() / ulp32(want)
}

/// Asserts `got` is within `max` ULPs (of `f32`) of `want`.
#[track_caller]
pub fn assert_ulps32(got: f32, want: f64, max: f64, what: impl FnOnce() -> String) {
    let e = ulps32(got, want);
    assert!(
        e <= max,
        "{}: got {got:e}, want {want:e} ({e} ulp > {max})",
        what()
    );
}

/// `got` equals `want` (both NaN counts as equal).
pub fn same32(got: f32, want: f32) -> bool {
    got == want || (got.is_nan() && want.is_nan())
}

/// Asserts `got` equals `want` bit for bit, or both are NaN.
#[track_caller]
pub fn assert_same32(got: f32, want: f32, what: impl FnOnce() -> String) {
    assert!(
        got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
        "{}: got {got:e} ({:#010x}), want {want:e} ({:#010x})",
        what(),
        got.to_bits(),
        want.to_bits()
    );
}

/// Asserts `|got - want| <= tol`.
#[track_caller]
pub fn assert_close(got: f64, want: f64, tol: f64, what: impl FnOnce() -> String) {
    assert!(
        (got - want).abs() <= tol,
        "{}: got {got:e}, want {want:e} (|diff| {:e} > {tol:e})",
        what(),
        (got - want).abs()
    );
}

/// Rounding modes of conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    Rte,
    Rtz,
    Rtp,
    Rtn,
}

/// Rounds `x` to an integer with `mode`.
pub fn round_int(x: f64, mode: Round) -> f64 {
    match mode {
        Round::Rte => x.round_ties_even(),
        Round::Rtz => x.trunc(),
        Round::Rtp => x.ceil(),
        Round::Rtn => x.floor(),
    }
}

/// Rounds the real `x` (an exact `f64`) to the nearest representable value of a binary float
/// format with `mant` fraction bits and minimum normal exponent `emin`, and largest finite
/// value `max`, with `mode`. Returns an `f64` holding that value (or ±infinity).
fn round_format(x: f64, mant: i32, emin: i32, max: f64, mode: Round) -> f64 {
    if x.is_nan() || x.is_infinite() || x == 0.0 {
        return x;
    }
    let e = (x.abs().log2().floor() as i32).max(emin);
    // log2 may be off by one near powers of two: fix the exponent exactly.
    let e = if x.abs() >= 2f64.powi(e + 1) {
        e + 1
    } else if e > emin && x.abs() < 2f64.powi(e) {
        e - 1
    } else {
        e
    };
    let q = 2f64.powi(e - mant);
    let r = round_int(x / q, mode) * q;
    if r.abs() > max {
        let to_inf = match mode {
            Round::Rte => true,
            Round::Rtz => false,
            Round::Rtp => r > 0.0,
            Round::Rtn => r < 0.0,
        };
        return if to_inf {
            f64::INFINITY.copysign(x)
        } else {
            max.copysign(x)
        };
    }
    if r == 0.0 {
        return 0f64.copysign(x);
    }
    r
}

/// `x` rounded to `f32` with `mode` (`x` exact).
pub fn to_f32(x: f64, mode: Round) -> f32 {
    round_format(x, 23, -126, f32::MAX as f64, mode) as f32
}

/// The exact value of the `half` with bits `h`.
pub fn h2f(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    match e {
        0 => sign * m * 2f64.powi(-24),
        31 if m == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1024.0 + m) * 2f64.powi(e - 25),
    }
}

/// `x` (exact) rounded to `half` bits with `mode`; NaN gives a quiet NaN.
pub fn f2h(x: f64, mode: Round) -> u16 {
    if x.is_nan() {
        return 0x7e00;
    }
    let r = round_format(x, 10, -14, 65504.0, mode);
    let sign = if r.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = r.abs();
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-14) {
        return sign | (a / 2f64.powi(-24)) as u16;
    }
    let e = a.log2().floor() as i32;
    let e = if a >= 2f64.powi(e + 1) {
        e + 1
    } else if a < 2f64.powi(e) {
        e - 1
    } else {
        e
    };
    let m = (a / 2f64.powi(e - 10)) as u16 - 1024;
    sign | (((e + 15) as u16) << 10) | m
}

/// Whether the `half` bits `h` are a NaN.
pub fn h_is_nan(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x3ff != 0
}

/// The ULP of `half` at `x`.
pub fn ulp16(x: f64) -> f64 {
    let a = x.abs();
    if a < 2f64.powi(-14) {
        return 2f64.powi(-24);
    }
    2f64.powi(a.log2().floor() as i32 - 10)
}

/// Asserts two `half` bit patterns are the same value (any NaN matches any NaN; +0 and -0
/// differ).
#[track_caller]
pub fn assert_same16(got: u16, want: u16, what: impl FnOnce() -> String) {
    assert!(
        got == want || (h_is_nan(got) && h_is_nan(want)),
        "{}: got {got:#06x} ({}), want {want:#06x} ({})",
        what(),
        h2f(got),
        h2f(want)
    );
}

/// Every work-group size up to 256 that divides `n` (for property tests).
pub fn divisors(n: usize) -> Vec<u32> {
    (1..=n.min(256) as u32)
        .filter(|&l| n % l as usize == 0)
        .collect()
}

/// A proptest runner with `cases` cases and no regression files (the runner is driven by
/// hand so that one `Gpu` serves every case).
pub fn prop_runner(cases: u32) -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..Default::default()
    })
}
