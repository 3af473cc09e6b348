//! Helpers for the value tests of the kernel corpus (`kernels_values*.rs`): launch
//! shapes, ULP distances, and a reference `half`.

pub use super::{Rng, OPT};
use spirv_exec::{Kernel, Launcher};

/// Element counts for kernels that take any global size.
pub const SIZES: [usize; 5] = [1, 7, 64, 768, 1000];

/// Work-group sizes tried when they divide the global size.
pub const GROUPS: [u32; 4] = [1, 8, 64, 256];

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
    pub kernel: &'a Kernel,
    pub opt: &'static str,
    pub name: &'a str,
    pub n: usize,
    pub l: u32,
    pub rng: Rng,
}

impl Case<'_> {
    /// A launch of `n` work-items (1-D) in groups of `l`: add the arguments, then run.
    pub fn launch(&self) -> Launcher<'_> {
        super::launch_1d(self.kernel, self.n, self.l as usize)
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
    for opt in OPT {
        let m = super::module(&format!("{file}-{opt}"));
        let kernel = super::kernel(&m, name);
        for (n, l) in shapes(sizes) {
            let mut case = Case {
                kernel,
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
/// hand so that one module serves every case).
pub fn prop_runner(cases: u32) -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..Default::default()
    })
}
