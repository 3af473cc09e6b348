//! Conversions to half precision under a rounding mode (`convert_half_rt*`, `vstore_half_r`).

use super::math;

/// Rounding for conversions to half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// To nearest, ties to even.
    Rte,
    /// Toward zero.
    Rtz,
    /// Toward +∞.
    Rtp,
    /// Toward -∞.
    Rtn,
}

/// Converts an `f32` to half with rounding `mode` (NaNs stay quiet NaNs; overflow gives ±inf
/// or ±65504 as the rounding direction says).
pub fn f32_to_f16(x: f32, mode: Rounding) -> u16 {
    f64_to_f16(f64::from(x), mode)
}

/// Converts an `f64` to half with rounding `mode`, in one rounding.
pub fn f64_to_f16(x: f64, mode: Rounding) -> u16 {
    let bits = x.to_bits();
    let neg = bits >> 63 == 1;
    let sign: u16 = if neg { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7e00 | ((bits >> 42) & 0x1ff) as u16;
    }
    let a = x.abs();
    if a == f64::INFINITY {
        return sign | 0x7c00;
    }
    if a == 0.0 {
        return sign;
    }
    // Away from zero when the exact value lies strictly between two halves.
    let up_when_inexact = match mode {
        Rounding::Rte | Rounding::Rtz => false,
        Rounding::Rtp => !neg,
        Rounding::Rtn => neg,
    };
    let overflow = || {
        if mode == Rounding::Rte || up_when_inexact {
            sign | 0x7c00
        } else {
            sign | 0x7bff
        }
    };
    let e = math::frexp(a).1 - 1; // a in [2^e, 2^(e+1))
    if e > 15 {
        return overflow();
    }
    // Quantum of the result: 2^q, 10 fraction bits for normals, 2^-24 for subnormals.
    let q = if e >= -14 { e - 10 } else { -24 };
    let scaled = math::ldexp(a, -i64::from(q)); // exact: only the exponent changes
    let whole = scaled.trunc();
    let frac = scaled - whole;
    let mut mant = whole as u64;
    let round_up = match mode {
        Rounding::Rte => frac > 0.5 || (frac == 0.5 && mant & 1 == 1),
        _ => frac > 0.0 && up_when_inexact,
    };
    if round_up {
        mant += 1;
    }
    // mant * 2^q with mant < 2^11 (or == 2^11 after a carry); the encoding below carries into
    // the exponent field by itself.
    let biased = if mant >= 1024 { q + 25 } else { 0 };
    if biased >= 31 || (mant >= 2048 && q + 26 >= 31) {
        return overflow();
    }
    let enc = if mant >= 1024 {
        ((biased as u64) << 10) + (mant - 1024)
    } else {
        mant
    };
    sign | enc as u16
}
