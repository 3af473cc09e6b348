//! Accuracy of the float math functions against the host libm (proptest), with the bounds of
//! the table in the module documentation. `ulp_report` (ignored; run with `--ignored
//! --nocapture`) prints the measured maxima.

use super::*;
use proptest::prelude::*;
use std::f64::consts::{LN_10, LN_2, LOG2_10, PI};

/// `sign`, as the OpenCL C specification words it: 1.0 if x > 0, ±0.0 for ±0.0, -1.0 if
/// x < 0, and 0.0 for a NaN.
fn sign(x: f64) -> f64 {
    match x {
        _ if x.is_nan() => 0.0,
        0.0 => x,
        _ => x.signum(),
    }
}

/// `step`: 0.0 if x < edge, else 1.0.
fn step(edge: f64, x: f64) -> f64 {
    f64::from(u8::from(x >= edge || x.is_nan() || edge.is_nan()))
}

/// `smoothstep`: the Hermite interpolation `t·t·(3 - 2t)` of `t = clamp((x - e0) / (e1 - e0), 0, 1)`.
fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Input domains: magnitudes `m·2^e` with e in a range (clamped to the type's range).
#[derive(Clone, Copy, Debug)]
pub(super) enum Dom {
    /// Every finite magnitude, both signs.
    Any,
    /// Exponents in the range, both signs.
    R(i32, i32),
    /// Exponents in the range, positive.
    P(i32, i32),
    /// Positive values of any magnitude, or negative ones above -1.
    Log1p,
}

/// Draws a value of float type `t` from domain `d` with the random bits `bits`.
pub(super) fn sample(d: Dom, t: Scalar, bits: u64) -> f64 {
    let (tmin, tmax) = match t {
        Scalar::F16 => (-24, 15),
        Scalar::F32 => (-149, 127),
        _ => (-1074, 1023),
    };
    let neg_bit = bits >> 63 == 1;
    let (lo, hi, neg) = match d {
        Dom::Any => (tmin, tmax, neg_bit),
        Dom::R(a, b) => (a.max(tmin), b.min(tmax), neg_bit),
        Dom::P(a, b) => (a.max(tmin), b.min(tmax), false),
        Dom::Log1p if neg_bit => (tmin, -1, true),
        Dom::Log1p => (tmin, tmax, false),
    };
    let span = (hi - lo + 1) as u64;
    let e = lo + (((bits >> 52) & 0x7ff) % span) as i32;
    let m = 1.0 + (bits & ((1 << 52) - 1)) as f64 / 2f64.powi(52);
    let x = scale(m, e);
    round_to(t, if neg { -x } else { x })
}

const H: f64 = 0.5 + 1e-6;

// References that are plain f64 formulas.

fn r_acospi(x: f64) -> f64 {
    x.acos() / PI
}
fn r_asinpi(x: f64) -> f64 {
    x.asin() / PI
}
fn r_atanpi(x: f64) -> f64 {
    x.atan() / PI
}
fn r_atan2pi(y: f64, x: f64) -> f64 {
    y.atan2(x) / PI
}
fn r_degrees(x: f64) -> f64 {
    x * (180.0 / PI)
}
fn r_radians(x: f64) -> f64 {
    x * (PI / 180.0)
}
fn r_exp10(x: f64) -> f64 {
    (x * LN_10).exp()
}
/// 10^x = 2^(x·log2 10) with x·log2 10 as a double-double `hi + lo`: exp2(hi)·(1 + lo·ln 2).
fn r_exp10_dd(x: f64) -> f64 {
    const LOG2_10_LO: f64 = 1.661_617_516_973_592e-16;
    let hi = x * LOG2_10;
    let lo = x.mul_add(LOG2_10, -hi) + x * LOG2_10_LO;
    let e = hi.exp2();
    if !e.is_finite() || e == 0.0 {
        return e;
    }
    e.mul_add(lo * LN_2, e)
}
fn r_logb32(x: f64) -> f64 {
    x.abs().log2().floor()
}

/// sinpi by exact reduction to [0, 1/4] and `sin`/`cos` of the rounded product.
pub(super) fn r_sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let mut r = x.abs() % 2.0;
    let mut s = 1.0;
    if r >= 1.0 {
        r -= 1.0;
        s = -1.0;
    }
    if r > 0.5 {
        r = 1.0 - r;
    }
    let v = if r <= 0.25 {
        (PI * r).sin()
    } else {
        (PI * (0.5 - r)).cos()
    };
    if x.is_sign_negative() {
        -s * v
    } else {
        s * v
    }
}

pub(super) fn r_cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let mut r = x.abs() % 2.0;
    if r > 1.0 {
        r = 2.0 - r;
    }
    if r <= 0.25 {
        (PI * r).cos()
    } else if r < 0.75 {
        -(PI * (r - 0.5)).sin()
    } else {
        -(PI * (1.0 - r)).cos()
    }
}

pub(super) fn r_tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let a = x.abs();
    let odd = a % 2.0 >= 1.0;
    let r = a % 1.0;
    let v = if r <= 0.25 {
        (PI * r).tan()
    } else if r < 0.5 {
        1.0 / (PI * (0.5 - r)).tan()
    } else if r == 0.5 {
        if odd {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    } else if r < 0.75 {
        -1.0 / (PI * (r - 0.5)).tan()
    } else {
        -(PI * (1.0 - r)).tan()
    };
    if x.is_sign_negative() {
        -v
    } else {
        v
    }
}

/// One-argument function: op, domains for F16/F32 and F64, references for F16/F32 and F64,
/// bounds for F16/F32 and F64.
pub(super) struct Unary {
    pub op: u32,
    pub d32: Dom,
    pub d64: Dom,
    pub r32: fn(f64) -> f64,
    pub r64: fn(f64) -> f64,
    pub b32: f64,
    pub b64: f64,
}

const fn u(op: u32, d: Dom, r: fn(f64) -> f64, b32: f64, b64: f64) -> Unary {
    Unary {
        op,
        d32: d,
        d64: d,
        r32: r,
        r64: r,
        b32,
        b64,
    }
}

const ANY: Dom = Dom::Any;
const POS: Dom = Dom::P(-1074, 1023);
const UNIT: Dom = Dom::R(-1074, -1);

pub(super) const UNARY: &[Unary] = &[
    u(ACOS, Dom::R(-40, -1), f64::acos, 0.0, 0.0),
    u(ACOSH, Dom::P(0, 1023), f64::acosh, 0.0, 0.0),
    u(ACOSPI, Dom::R(-40, -1), r_acospi, H, 2.0),
    u(ASIN, UNIT, f64::asin, 0.0, 0.0),
    u(ASINH, ANY, f64::asinh, 0.0, 0.0),
    u(ASINPI, UNIT, r_asinpi, H, 2.0),
    u(ATAN, ANY, f64::atan, 0.0, 0.0),
    u(ATANH, UNIT, f64::atanh, 0.0, 0.0),
    u(ATANPI, ANY, r_atanpi, H, 2.0),
    u(CBRT, ANY, f64::cbrt, 0.0, 0.0),
    u(CEIL, ANY, f64::ceil, 0.0, 0.0),
    u(COS, ANY, f64::cos, 0.0, 0.0),
    u(HALF_COS, ANY, f64::cos, 0.0, 0.0),
    u(NATIVE_COS, ANY, f64::cos, 0.0, 0.0),
    u(COSH, Dom::R(-30, 10), f64::cosh, 0.0, 0.0),
    u(COSPI, ANY, r_cospi, H, 2.0),
    u(ERFC, Dom::R(-30, 5), |x| clib::erfc(x), 0.0, 0.0),
    u(ERF, ANY, |x| clib::erf(x), 0.0, 0.0),
    u(EXP, Dom::R(-30, 10), f64::exp, 0.0, 0.0),
    u(HALF_EXP, Dom::R(-30, 10), f64::exp, 0.0, 0.0),
    u(NATIVE_EXP, Dom::R(-30, 10), f64::exp, 0.0, 0.0),
    u(EXP2, Dom::R(-30, 11), f64::exp2, 0.0, 0.0),
    u(HALF_EXP2, Dom::R(-30, 11), f64::exp2, 0.0, 0.0),
    u(NATIVE_EXP2, Dom::R(-30, 11), f64::exp2, 0.0, 0.0),
    Unary {
        r64: r_exp10_dd,
        ..u(EXP10, Dom::R(-30, 9), r_exp10, H, 1.0)
    },
    Unary {
        r64: r_exp10_dd,
        ..u(HALF_EXP10, Dom::R(-30, 9), r_exp10, H, 1.0)
    },
    Unary {
        r64: r_exp10_dd,
        ..u(NATIVE_EXP10, Dom::R(-30, 9), r_exp10, H, 1.0)
    },
    u(EXPM1, Dom::R(-1074, 10), f64::exp_m1, 0.0, 0.0),
    u(FABS, ANY, f64::abs, 0.0, 0.0),
    u(FLOOR, ANY, f64::floor, 0.0, 0.0),
    u(LGAMMA, ANY, |x| clib::lgamma_r_(x).0, 0.0, 0.0),
    u(LOG, POS, f64::ln, 0.0, 0.0),
    u(HALF_LOG, POS, f64::ln, 0.0, 0.0),
    u(NATIVE_LOG, POS, f64::ln, 0.0, 0.0),
    u(LOG2, POS, f64::log2, 0.0, 0.0),
    u(HALF_LOG2, POS, f64::log2, 0.0, 0.0),
    u(NATIVE_LOG2, POS, f64::log2, 0.0, 0.0),
    u(LOG10, POS, f64::log10, 0.0, 0.0),
    u(HALF_LOG10, POS, f64::log10, 0.0, 0.0),
    u(NATIVE_LOG10, POS, f64::log10, 0.0, 0.0),
    u(LOG1P, Dom::Log1p, f64::ln_1p, 0.0, 0.0),
    Unary {
        r64: |x| clib::logb(x),
        ..u(LOGB, ANY, r_logb32, 0.0, 0.0)
    },
    u(RINT, ANY, f64::round_ties_even, 0.0, 0.0),
    u(ROUND, ANY, f64::round, 0.0, 0.0),
    u(RSQRT, POS, |x| 1.0 / x.sqrt(), 0.0, 1.0),
    u(HALF_RSQRT, POS, |x| 1.0 / x.sqrt(), 0.0, 1.0),
    u(NATIVE_RSQRT, POS, |x| 1.0 / x.sqrt(), 0.0, 1.0),
    u(SIN, ANY, f64::sin, 0.0, 0.0),
    u(HALF_SIN, ANY, f64::sin, 0.0, 0.0),
    u(NATIVE_SIN, ANY, f64::sin, 0.0, 0.0),
    u(SINH, Dom::R(-30, 10), f64::sinh, 0.0, 0.0),
    u(SINPI, ANY, r_sinpi, H, 2.0),
    u(SQRT, POS, f64::sqrt, 0.0, 0.0),
    u(HALF_SQRT, POS, f64::sqrt, 0.0, 0.0),
    u(NATIVE_SQRT, POS, f64::sqrt, 0.0, 0.0),
    u(TAN, ANY, f64::tan, 0.0, 0.0),
    u(HALF_TAN, ANY, f64::tan, 0.0, 0.0),
    u(NATIVE_TAN, ANY, f64::tan, 0.0, 0.0),
    u(TANH, Dom::R(-30, 6), f64::tanh, 0.0, 0.0),
    u(TANPI, ANY, r_tanpi, H, 2.0),
    u(TGAMMA, Dom::R(-20, 8), |x| clib::tgamma(x), 0.0, 0.0),
    u(TRUNC, ANY, f64::trunc, 0.0, 0.0),
    u(HALF_RECIP, ANY, |x| 1.0 / x, 0.0, 0.0),
    u(NATIVE_RECIP, ANY, |x| 1.0 / x, 0.0, 0.0),
    u(DEGREES, ANY, r_degrees, H, 1.0),
    u(RADIANS, ANY, r_radians, H, 1.0),
    u(SIGN, ANY, sign, 0.0, 0.0),
];

pub(super) struct Binary {
    pub op: u32,
    pub dx: Dom,
    pub dy: Dom,
    pub r: fn(f64, f64) -> f64,
    pub b32: f64,
    pub b64: f64,
}

const fn b(op: u32, dx: Dom, dy: Dom, r: fn(f64, f64) -> f64, b32: f64, b64: f64) -> Binary {
    Binary {
        op,
        dx,
        dy,
        r,
        b32,
        b64,
    }
}

fn r_fdim(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > y {
        x - y
    } else {
        0.0
    }
}

fn r_maxmag(x: f64, y: f64) -> f64 {
    match x.abs().partial_cmp(&y.abs()) {
        Some(std::cmp::Ordering::Greater) => x,
        Some(std::cmp::Ordering::Less) => y,
        _ => x.max(y),
    }
}

fn r_minmag(x: f64, y: f64) -> f64 {
    match x.abs().partial_cmp(&y.abs()) {
        Some(std::cmp::Ordering::Less) => x,
        Some(std::cmp::Ordering::Greater) => y,
        _ => x.min(y),
    }
}

const EXPO: Dom = Dom::R(-30, 8);

pub(super) const BINARY: &[Binary] = &[
    b(ATAN2, ANY, ANY, f64::atan2, 0.0, 0.0),
    b(ATAN2PI, ANY, ANY, r_atan2pi, H, 2.0),
    b(COPYSIGN, ANY, ANY, f64::copysign, 0.0, 0.0),
    b(FDIM, ANY, ANY, r_fdim, 0.0, 0.0),
    b(FMAX, ANY, ANY, f64::max, 0.0, 0.0),
    b(FMAX_COMMON, ANY, ANY, f64::max, 0.0, 0.0),
    b(FMIN, ANY, ANY, f64::min, 0.0, 0.0),
    b(FMIN_COMMON, ANY, ANY, f64::min, 0.0, 0.0),
    b(FMOD, ANY, ANY, |x, y| x % y, 0.0, 0.0),
    b(HYPOT, ANY, ANY, f64::hypot, 0.0, 0.0),
    b(MAXMAG, ANY, ANY, r_maxmag, 0.0, 0.0),
    b(MINMAG, ANY, ANY, r_minmag, 0.0, 0.0),
    b(POW, POS, EXPO, f64::powf, 0.0, 0.0),
    b(POWR, POS, EXPO, f64::powf, 0.0, 0.0),
    b(HALF_POWR, POS, EXPO, f64::powf, 0.0, 0.0),
    b(NATIVE_POWR, POS, EXPO, f64::powf, 0.0, 0.0),
    b(REMAINDER, ANY, ANY, |x, y| clib::remainder(x, y), 0.0, 0.0),
    b(HALF_DIVIDE, ANY, ANY, |x, y| x / y, 0.0, 0.0),
    b(NATIVE_DIVIDE, ANY, ANY, |x, y| x / y, 0.0, 0.0),
    b(STEP, ANY, ANY, step, 0.0, 0.0),
];

pub(super) struct Ternary {
    pub op: u32,
    pub d: Dom,
    pub r: fn(f64, f64, f64) -> f64,
    pub b32: f64,
    pub b64: f64,
}

pub(super) const TERNARY: &[Ternary] = &[
    // The f64 reference is rounded twice for F32 and F16 (to f64, then to the type).
    Ternary {
        op: FMA,
        d: ANY,
        r: f64::mul_add,
        b32: H,
        b64: 0.0,
    },
    Ternary {
        op: MAD,
        d: ANY,
        r: f64::mul_add,
        b32: H,
        b64: 0.0,
    },
    Ternary {
        op: FCLAMP,
        d: ANY,
        r: |x, lo, hi| x.max(lo).min(hi),
        b32: 0.0,
        b64: 0.0,
    },
    Ternary {
        op: MIX,
        d: Dom::R(-20, 20),
        r: |x, y, a| x + (y - x) * a,
        b32: 0.0,
        b64: 0.0,
    },
    Ternary {
        op: SMOOTHSTEP,
        d: Dom::R(-20, 20),
        r: smoothstep,
        b32: 0.0,
        b64: 0.0,
    },
];

/// Functions of a float and an int: op, float domain, int range, reference, bounds.
pub(super) struct FloatInt {
    pub op: u32,
    pub d: Dom,
    pub n: (i32, i32),
    pub r: fn(f64, i32) -> f64,
    pub b32: f64,
    pub b64: f64,
}

fn r_rootn(x: f64, n: i32) -> f64 {
    if n == 0 {
        return f64::NAN;
    }
    let v = x.abs().powf(1.0 / f64::from(n));
    if x.is_sign_negative() && n % 2 != 0 {
        -v
    } else if x < 0.0 {
        f64::NAN
    } else {
        v
    }
}

pub(super) const FLOAT_INT: &[FloatInt] = &[
    FloatInt {
        op: LDEXP,
        d: ANY,
        n: (-1200, 1200),
        r: |x, n| clib::scalbn(x, n),
        b32: 0.0,
        b64: 0.0,
    },
    FloatInt {
        op: POWN,
        d: Dom::R(-10, 10),
        n: (-40, 40),
        r: |x, n| x.powf(f64::from(n)),
        b32: 0.0,
        b64: 0.0,
    },
    // F64 rootn is checked separately (`rootn_f64`): 1/n is inexact, so `pow` is no reference.
    FloatInt {
        op: ROOTN,
        d: ANY,
        n: (-20, 20),
        r: r_rootn,
        b32: H,
        b64: f64::INFINITY,
    },
];

fn int_in(range: (i32, i32), bits: u64) -> i32 {
    let span = (range.1 - range.0 + 1) as u64;
    range.0 + (bits % span) as i32
}

pub(super) fn check_unary(f: &Unary, t: Scalar, bits: u64) -> (f64, f64, f64, f64) {
    let (d, r) = if t == F64 {
        (f.d64, f.r64)
    } else {
        (f.d32, f.r32)
    };
    let x = sample(d, t, bits);
    let got = callf(f.op, t, &[x]);
    let want = r(x);
    (ulp_err(t, got, want), x, got, want)
}

pub(super) fn check_binary(f: &Binary, t: Scalar, bx: u64, by: u64) -> (f64, [f64; 2], f64) {
    let (x, y) = (sample(f.dx, t, bx), sample(f.dy, t, by));
    let got = callf(f.op, t, &[x, y]);
    (ulp_err(t, got, (f.r)(x, y)), [x, y], got)
}

pub(super) fn check_ternary(f: &Ternary, t: Scalar, bits: [u64; 3]) -> (f64, [f64; 3], f64) {
    let [x, y, z] = bits.map(|b| sample(f.d, t, b));
    let got = callf(f.op, t, &[x, y, z]);
    (ulp_err(t, got, (f.r)(x, y, z)), [x, y, z], got)
}

pub(super) fn check_float_int(f: &FloatInt, t: Scalar, bx: u64, bn: u64) -> (f64, f64, i32, f64) {
    let x = sample(f.d, t, bx);
    let n = int_in(f.n, bn);
    let got = callfi(f.op, t, x, n);
    (ulp_err(t, got, (f.r)(x, n)), x, n, got)
}

fn bound(t: Scalar, b32: f64, b64: f64) -> f64 {
    if t == F64 {
        b64
    } else {
        b32
    }
}

/// F64 `rootn` error in ULPs, measured through `rootn(x, n)^n / x` (`pow` is accurate for
/// integer exponents), or against `sqrt`, `cbrt`, `x`, `1/x` for n = 2, 3, 1, -1.
fn rootn_f64_err(x: f64, n: i32) -> Option<f64> {
    let got = callfi(ROOTN, F64, x, n);
    let exact = match n {
        1 => Some(x),
        -1 => Some(1.0 / x),
        2 => Some(x.sqrt()),
        3 => Some(x.cbrt()),
        _ => None,
    };
    if let Some(want) = exact {
        return Some(ulp_err(F64, got, want));
    }
    if !got.is_normal() || !x.is_normal() {
        return None;
    }
    let p = got.abs().powf(f64::from(n));
    if !p.is_normal() {
        return None;
    }
    let rel = (p / x.abs() - 1.0) / f64::from(n);
    let ulp_rel = 2f64.powi(clib::frexp_(got).1 - 53) / got.abs();
    Some(rel.abs() / ulp_rel)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn unary(bits in any::<u64>()) {
        for f in UNARY {
            for t in FLOATS {
                let (err, x, got, want) = check_unary(f, t, bits);
                prop_assert!(err <= bound(t, f.b32, f.b64),
                    "{}({t:?} {x:e}) = {got:e}, want {want:e}: {err} ulp",
                    name(f.op).unwrap());
            }
        }
    }

    #[test]
    fn binary(bx in any::<u64>(), by in any::<u64>()) {
        for f in BINARY {
            for t in FLOATS {
                let (err, xs, got) = check_binary(f, t, bx, by);
                prop_assert!(err <= bound(t, f.b32, f.b64),
                    "{}({t:?} {xs:?}) = {got:e}: {err} ulp", name(f.op).unwrap());
            }
        }
    }

    #[test]
    fn ternary(bits in any::<[u64; 3]>()) {
        for f in TERNARY {
            for t in FLOATS {
                let (err, xs, got) = check_ternary(f, t, bits);
                prop_assert!(err <= bound(t, f.b32, f.b64),
                    "{}({t:?} {xs:?}) = {got:e}: {err} ulp", name(f.op).unwrap());
            }
        }
    }

    #[test]
    fn float_int(bx in any::<u64>(), bn in any::<u64>()) {
        for f in FLOAT_INT {
            for t in FLOATS {
                let (err, x, n, got) = check_float_int(f, t, bx, bn);
                prop_assert!(err <= bound(t, f.b32, f.b64),
                    "{}({t:?} {x:e}, {n}) = {got:e}: {err} ulp", name(f.op).unwrap());
            }
        }
    }

    #[test]
    fn rootn_f64(bx in any::<u64>(), n in -20i32..=20) {
        prop_assume!(n != 0);
        let x = sample(ANY, F64, bx);
        if let Some(err) = rootn_f64_err(x, n) {
            prop_assert!(err <= 1.0 + 2.5 / f64::from(n.abs()), "rootn({x:e}, {n}): {err} ulp");
        }
    }

    #[test]
    fn rootn_f64_large_n(bx in any::<u64>(), n in prop_oneof![-100_000i32..-21, 21i32..100_000]) {
        let x = sample(POS, F64, bx);
        if let Some(err) = rootn_f64_err(x, n) {
            prop_assert!(err <= 1.0 + 2.5 / f64::from(n.abs()), "rootn({x:e}, {n}): {err} ulp");
        }
    }
}

/// Every F16 input of every one-argument function.
#[test]
fn unary_f16_exhaustive() {
    for f in UNARY {
        for h in 0..=u16::MAX {
            let x = F16.to_f64(u64::from(h));
            let got = callf(f.op, F16, &[x]);
            let want = (f.r32)(x);
            let err = ulp_err(F16, got, want);
            assert!(
                err <= f.b32,
                "{}(half {x:e}) = {got:e}, want {want:e}: {err} ulp",
                name(f.op).unwrap()
            );
        }
    }
}

/// Exact identities of the F64 `*pi` functions far from zero, where no f64 formula is a
/// precise reference: periodicity and symmetry are exact for representable arguments.
#[test]
fn pi_functions_periodicity() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // x = m·2^-20 with |x| < 2^12, so x + 2k (|k| < 2^20) stays exact.
        let x = ((seed >> 32) as i64 - (1 << 31)) as f64 / 2f64.powi(20);
        let k = ((seed & 0xfffff) as f64) - 524_288.0;
        let shifted = x + 2.0 * k;
        for op in [SINPI, COSPI, TANPI] {
            let a = callf(op, F64, &[x]);
            let b = callf(op, F64, &[shifted]);
            if a != 0.0 {
                assert!(
                    same(a, b),
                    "{}({x}) = {a}, at {shifted}: {b}",
                    name(op).unwrap()
                );
            }
        }
        assert!(same(callf(SINPI, F64, &[-x]), -callf(SINPI, F64, &[x])));
        assert!(same(callf(COSPI, F64, &[-x]), callf(COSPI, F64, &[x])));
        assert!(same(callf(TANPI, F64, &[-x]), -callf(TANPI, F64, &[x])));
        // sinpi(1 - x) = sinpi(x), exact for these x.
        assert!(same(callf(SINPI, F64, &[1.0 - x]), callf(SINPI, F64, &[x])) || x == 0.0);
    }
}

/// Prints the largest measured error of every function and type (for the documentation).
#[test]
#[ignore]
fn ulp_report() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    const N: usize = 200_000;
    let row = |name: &str, m: [f64; 3]| {
        println!(
            "{name:16} F16 {:8.4} F32 {:8.4} F64 {:8.4}",
            m[0], m[1], m[2]
        )
    };
    for f in UNARY {
        let mut m = [0f64; 3];
        for (i, t) in FLOATS.into_iter().enumerate() {
            for _ in 0..N {
                m[i] = m[i].max(check_unary(f, t, next()).0);
            }
        }
        row(name(f.op).unwrap(), m);
    }
    for f in BINARY {
        let mut m = [0f64; 3];
        for (i, t) in FLOATS.into_iter().enumerate() {
            for _ in 0..N {
                m[i] = m[i].max(check_binary(f, t, next(), next()).0);
            }
        }
        row(name(f.op).unwrap(), m);
    }
    for f in TERNARY {
        let mut m = [0f64; 3];
        for (i, t) in FLOATS.into_iter().enumerate() {
            for _ in 0..N {
                m[i] = m[i].max(check_ternary(f, t, [next(), next(), next()]).0);
            }
        }
        row(name(f.op).unwrap(), m);
    }
    for f in FLOAT_INT {
        let mut m = [0f64; 3];
        for (i, t) in FLOATS.into_iter().enumerate() {
            for _ in 0..N {
                m[i] = m[i].max(check_float_int(f, t, next(), next()).0);
            }
        }
        row(name(f.op).unwrap(), m);
    }
    let mut m = 0f64;
    for _ in 0..N {
        let n = (next() % 41) as i32 - 20;
        let big = (next() % 200_000) as i32 - 100_000;
        for n in [n, big] {
            if n != 0 {
                if let Some(e) = rootn_f64_err(sample(ANY, F64, next()), n) {
                    m = m.max(e);
                }
            }
        }
    }
    println!("rootn F64 (pow-based check) {m:.4}");
}
