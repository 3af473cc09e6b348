//! OpenCL math functions in `f64` that have no direct Rust `f64` method, with the OpenCL C
//! special cases (section "Edge Case Behavior" of the OpenCL C specification). `F32` and `F16`
//! results are these values rounded once.

use std::f64::consts::{FRAC_1_PI, PI};

/// π and 1/π, 180/π, π/180 as unevaluated sums `hi + lo` (each `hi` is the value rounded to
/// `f64`, `lo` the rounded remainder).
const PI_LO: f64 = 1.224_646_799_147_353_2e-16;
const INV_PI_LO: f64 = -1.967_867_667_518_248_6e-17;
const DEG_HI: f64 = 57.295_779_513_082_32;
const DEG_LO: f64 = -1.987_849_567_057_628_3e-15;
const RAD_HI: f64 = 0.017_453_292_519_943_295;
const RAD_LO: f64 = 2.948_652_270_870_168_7e-19;

mod libm {
    // SAFETY: these are the C99 <math.h> functions of the C library, which the Rust standard
    // library already links on the supported (Unix) hosts; the declarations match their C
    // prototypes. `erf`, `erfc` and `tgamma` only take and return doubles, so any argument
    // is fine; `lgamma_r` writes through its pointer and stays `unsafe` to call.
    unsafe extern "C" {
        pub safe fn erf(x: f64) -> f64;
        pub safe fn erfc(x: f64) -> f64;
        pub safe fn tgamma(x: f64) -> f64;
        pub fn lgamma_r(x: f64, sign: *mut i32) -> f64;
    }
}

pub(super) fn erf(x: f64) -> f64 {
    libm::erf(x)
}

pub(super) fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

pub(super) fn tgamma(x: f64) -> f64 {
    libm::tgamma(x)
}

/// `lgamma_r`: log|Γ(x)| and the sign of Γ(x) (±1).
pub(super) fn lgamma_r(x: f64) -> (f64, i32) {
    let mut sign = 0i32;
    // SAFETY: `sign` is a live, writable i32 for the whole call; lgamma_r keeps no pointer.
    let y = unsafe { libm::lgamma_r(x, &mut sign) };
    (y, sign)
}

/// `x * (hi + lo)` with one final rounding error (plus ~2^-104 relative).
fn mul_dd(x: f64, hi: f64, lo: f64) -> f64 {
    let p = x * hi;
    if !p.is_finite() || p == 0.0 {
        return p;
    }
    let e = x.mul_add(hi, -p);
    p + x.mul_add(lo, e)
}

pub(super) fn acospi(x: f64) -> f64 {
    mul_dd(x.acos(), FRAC_1_PI, INV_PI_LO)
}

pub(super) fn asinpi(x: f64) -> f64 {
    mul_dd(x.asin(), FRAC_1_PI, INV_PI_LO)
}

pub(super) fn atanpi(x: f64) -> f64 {
    if x.is_infinite() {
        return 0.5f64.copysign(x);
    }
    mul_dd(x.atan(), FRAC_1_PI, INV_PI_LO)
}

pub(super) fn atan2pi(y: f64, x: f64) -> f64 {
    // atan2 returns π, π/2, 3π/4, π/4 rounded to f64 for the exact cases; their rounding
    // errors are below half an ULP of the quotients, which therefore come out exact.
    mul_dd(y.atan2(x), FRAC_1_PI, INV_PI_LO)
}

pub(super) fn degrees(x: f64) -> f64 {
    mul_dd(x, DEG_HI, DEG_LO)
}

pub(super) fn radians(x: f64) -> f64 {
    mul_dd(x, RAD_HI, RAD_LO)
}

/// π·t as `hi + lo`.
fn pi_times(t: f64) -> (f64, f64) {
    let hi = PI * t;
    let lo = PI.mul_add(t, -hi) + PI_LO * t;
    (hi, lo)
}

/// sin(π·t) for |t| ≤ 1/4.
fn sin_pi_small(t: f64) -> f64 {
    let (h, l) = pi_times(t);
    l.mul_add(h.cos(), h.sin())
}

/// cos(π·t) for |t| ≤ 1/4.
fn cos_pi_small(t: f64) -> f64 {
    let (h, l) = pi_times(t);
    (-l).mul_add(h.sin(), h.cos())
}

/// tan(π·t) for |t| ≤ 1/4.
fn tan_pi_small(t: f64) -> f64 {
    let (h, l) = pi_times(t);
    let th = h.tan();
    l.mul_add(th.mul_add(th, 1.0), th)
}

/// 1/tan(π·t) for 0 < |t| ≤ 1/4: the reciprocal of tan(h + l) ≈ tan(h) + l·(1 + tan²(h)),
/// refined by one Newton step so that only tan(h)'s error and one rounding remain.
fn cot_pi_small(t: f64) -> f64 {
    let (h, l) = pi_times(t);
    let th = h.tan();
    let corr = l * th.mul_add(th, 1.0);
    let q0 = 1.0 / th;
    // e = 1 - q0·(th + corr), with q0·th - 1 exact in one fused operation.
    let e = -q0.mul_add(th, -1.0) - q0 * corr;
    q0.mul_add(e, q0)
}

/// Splits `a ≥ 0` (finite) as `k/2 + t` with `k` in 0..=4 (of `a mod 2`) and |t| ≤ 1/4, exactly.
fn quadrant(a: f64) -> (u32, f64) {
    let r = a % 2.0;
    let k = (r * 2.0).round();
    (k as u32, r - k * 0.5)
}

pub(super) fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN + x;
    }
    let (k, t) = quadrant(x.abs());
    let y = match k {
        0 | 4 => sin_pi_small(t),
        1 => cos_pi_small(t),
        2 => -sin_pi_small(t),
        _ => -cos_pi_small(t),
    };
    // sinpi(±n) is ±0 with the sign of x.
    let y = if y == 0.0 { 0.0 } else { y };
    if x.is_sign_negative() {
        -y
    } else {
        y
    }
}

pub(super) fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN + x;
    }
    let (k, t) = quadrant(x.abs());
    let y = match k {
        0 | 4 => cos_pi_small(t),
        1 => -sin_pi_small(t),
        2 => -cos_pi_small(t),
        _ => sin_pi_small(t),
    };
    // cospi(n + 0.5) is +0.
    if y == 0.0 {
        0.0
    } else {
        y
    }
}

pub(super) fn tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN + x;
    }
    let a = x.abs();
    let r = a % 2.0;
    // Whether the integer part of |x| is odd.
    let odd = r >= 1.0;
    let (k, t) = quadrant(if odd { r - 1.0 } else { r });
    let y = match k {
        1 if t == 0.0 => {
            // tanpi(n + 0.5) is +inf for even n, -inf for odd n.
            if odd {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        1 => -cot_pi_small(t),
        _ => {
            let v = tan_pi_small(t);
            // tanpi(n) is +0 for even n, -0 for odd n.
            if v != 0.0 {
                v
            } else if odd {
                -0.0
            } else {
                0.0
            }
        }
    };
    if x.is_sign_negative() {
        -y
    } else {
        y
    }
}

/// 1/sqrt(x), with one Newton step on the rounded reciprocal of the rounded square root.
pub(super) fn rsqrt(x: f64) -> f64 {
    let r = 1.0 / x.sqrt();
    if !r.is_finite() || r == 0.0 || x.is_nan() {
        return r;
    }
    // 1 - x·r² computed as 1 - p·r - ep·r with p + ep = x·r exactly.
    let p = x * r;
    let ep = x.mul_add(r, -p);
    let e = (-p).mul_add(r, 1.0) - ep * r;
    (r * 0.5).mul_add(e, r)
}

pub(super) fn exp10(x: f64) -> f64 {
    10f64.powf(x)
}

pub(super) fn fdim(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > y {
        x - y
    } else {
        0.0
    }
}

pub(super) fn maxmag(x: f64, y: f64) -> f64 {
    if x.abs() > y.abs() {
        x
    } else if y.abs() > x.abs() {
        y
    } else {
        x.max(y)
    }
}

pub(super) fn minmag(x: f64, y: f64) -> f64 {
    if x.abs() < y.abs() {
        x
    } else if y.abs() < x.abs() {
        y
    } else {
        x.min(y)
    }
}

/// 2^k for k in -1022..=1023.
fn pow2(k: i64) -> f64 {
    debug_assert!((-1022..=1023).contains(&k));
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `ldexp(x, k)` = x·2^k with a single rounding.
pub(super) fn ldexp(x: f64, k: i64) -> f64 {
    // Beyond ±2200 every finite nonzero x overflows or underflows anyway.
    let mut k = k.clamp(-2200, 2200);
    let mut x = x;
    while k > 1023 {
        x *= pow2(1023);
        k -= 1023;
    }
    // Steps of 2^-969 keep intermediate results normal unless the final one rounds to zero
    // anyway, so the only rounding is the last multiplication.
    while k < -1022 {
        x *= pow2(-969);
        k += 969;
    }
    x * pow2(k)
}

/// `frexp`: (mantissa in [0.5, 1) with the sign of x, exponent); (x, 0) for 0, inf, NaN.
pub(super) fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adjust) = if x.abs() < f64::MIN_POSITIVE {
        (x * pow2(54), -54)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let mant = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (mant, biased - 1022 + adjust)
}

/// `ilogb` with OpenCL's `FP_ILOGB0 = INT_MIN`, `FP_ILOGBNAN = INT_MAX` (`INT_MAX` for ±inf).
pub(super) fn ilogb(x: f64) -> i32 {
    if x.is_nan() || x.is_infinite() {
        i32::MAX
    } else if x == 0.0 {
        i32::MIN
    } else {
        frexp(x).1 - 1
    }
}

pub(super) fn logb(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        f64::from(frexp(x).1 - 1)
    }
}

/// `fract`: (floor(x), min(x - floor(x), `below_one`)) with the special cases for ±0, ±inf
/// and NaN. `below_one` is the largest value below 1 in the result type.
pub(super) fn fract(x: f64, below_one: f64) -> (f64, f64) {
    if x == 0.0 || x.is_nan() {
        return (x, x);
    }
    let fl = x.floor();
    if x.is_infinite() {
        return (fl, 0f64.copysign(x));
    }
    (fl, (x - fl).min(below_one))
}

/// `modf`: (fractional part with the sign of x, integral part).
pub(super) fn modf(x: f64) -> (f64, f64) {
    let whole = x.trunc();
    if x.is_infinite() {
        return (0f64.copysign(x), whole);
    }
    ((x - whole).copysign(x), whole)
}

/// `remquo`: IEEE remainder of x/y and the low 7 bits of the rounded quotient with the sign of
/// x/y. `remainder` is the first part.
pub(super) fn remquo(x: f64, y: f64) -> (f64, i32) {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return (f64::NAN, 0);
    }
    let neg_quotient = x.is_sign_negative() != y.is_sign_negative();
    let ay = y.abs();
    // r = |x| mod 128·|y|, then 7 steps of exact long division for the quotient bits.
    let big = ay * 128.0;
    let mut r = if big.is_finite() {
        x.abs() % big
    } else {
        x.abs()
    };
    let mut q = 0i32;
    for bit in (0..7).rev() {
        let d = ay * f64::from(1 << bit);
        if d.is_finite() && r >= d {
            r -= d; // exact: d <= r < 2d
            q |= 1 << bit;
        }
    }
    // r in [0, |y|): round the quotient to nearest, ties to even.
    let above_half = if ay >= 4.0 * f64::MIN_POSITIVE {
        let half = ay * 0.5;
        r > half || (r == half && q & 1 == 1)
    } else {
        let twice = r * 2.0;
        twice > ay || (twice == ay && q & 1 == 1)
    };
    if above_half {
        r -= ay; // exact: |y|/2 <= r < |y|
        q += 1;
    }
    let q = q & 0x7f;
    let rem = if x.is_sign_negative() { -r } else { r };
    (rem, if neg_quotient { -q } else { q })
}

/// `pown(x, n)`: n is exact in `f64`, and `pow` has the same special cases.
pub(super) fn pown(x: f64, n: i64) -> f64 {
    x.powf(n as f64)
}

/// `powr(x, y)`: x^y for x ≥ 0, computed as exp2(y·log2(x)) would be (no odd-integer cases).
pub(super) fn powr(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return if y == 0.0 {
            f64::NAN
        } else if y < 0.0 {
            f64::INFINITY
        } else {
            0.0
        };
    }
    if x.is_infinite() && y == 0.0 {
        return f64::NAN;
    }
    if x == 1.0 {
        return if y.is_infinite() { f64::NAN } else { 1.0 };
    }
    x.powf(y)
}

/// `rootn(x, n)` = x^(1/n).
pub(super) fn rootn(x: f64, n: i64) -> f64 {
    if n == 0 || x.is_nan() {
        return f64::NAN;
    }
    let odd = n & 1 != 0;
    if x < 0.0 && !odd {
        return f64::NAN;
    }
    let a = x.abs();
    let mag = if a == 0.0 {
        if n > 0 {
            0.0
        } else {
            f64::INFINITY
        }
    } else if a.is_infinite() {
        if n > 0 {
            f64::INFINITY
        } else {
            0.0
        }
    } else {
        root_positive(a, n)
    };
    if x.is_sign_negative() && odd {
        -mag
    } else {
        mag
    }
}

/// a^(1/n) for finite a > 0 and n ≠ 0: `pow` with the exponent 1/n (not exact), then one
/// Newton step, on a copy of `a` scaled by 2^(n·q) so that the step cannot overflow.
fn root_positive(a: f64, n: i64) -> f64 {
    match n {
        1 => return a,
        -1 => return 1.0 / a,
        2 => return a.sqrt(),
        _ => {}
    }
    let nf = n as f64;
    let (y, q) = if n.unsigned_abs() <= 1000 {
        let (m, e) = frexp(a);
        let e = i64::from(e);
        // a = m·2^e = (m·2^rem)·(2^q)^n with 0 <= rem < |n|.
        let (q, rem) = (e.div_euclid(n), e.rem_euclid(n));
        (ldexp(m, rem), q)
    } else {
        (a, 0)
    };
    let r0 = y.powf(1.0 / nf);
    let p = r0.powf(nf);
    let r1 = if p.is_finite() && p >= f64::MIN_POSITIVE {
        // r^n = y(1 + e)  =>  r·(1 - e/n) is within O(e²) of y^(1/n).
        let e = p / y - 1.0;
        r0 - r0 * (e / nf)
    } else {
        r0
    };
    ldexp(r1, q)
}

pub(super) fn mix(x: f64, y: f64, a: f64) -> f64 {
    x + (y - x) * a
}

pub(super) fn step(edge: f64, x: f64) -> f64 {
    if x < edge {
        0.0
    } else {
        1.0
    }
}

pub(super) fn smoothstep(edge0: f64, edge1: f64, x: f64) -> f64 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

pub(super) fn sign(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}
