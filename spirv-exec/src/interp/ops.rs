//! Builders for lowered instructions: each returns a closure that applies one operation to
//! every component of every active lane.

use crate::front::ssa::{Conv, Rmw};
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;
use half::f16;
use std::cmp::Ordering;

/// Runs `body` compiled for the widest vector extension the host has: the row loops of the
/// operations get 4 (AVX2) or 8 (AVX-512) 64-bit lanes instead of SSE2's 2, and `mul_add`
/// becomes one instruction (FMA). Measured: AVX-512 about 10 % faster than AVX2 here.
#[inline(always)]
pub fn vectorized<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    match vector_level() {
        // SAFETY: the host has the features `with_avx512` is compiled for.
        VectorLevel::Avx512 => return unsafe { with_avx512(body) },
        // SAFETY: the host has the features `with_avx2` is compiled for.
        VectorLevel::Avx2 => return unsafe { with_avx2(body) },
        VectorLevel::Baseline => {}
    }
    body()
}

#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, PartialEq, Eq)]
enum VectorLevel {
    Baseline,
    Avx2,
    Avx512,
}

/// The host's vector extension, detected once.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn vector_level() -> VectorLevel {
    use std::sync::atomic::{AtomicU8, Ordering};
    static LEVEL: AtomicU8 = AtomicU8::new(0);
    match LEVEL.load(Ordering::Relaxed) {
        1 => VectorLevel::Baseline,
        2 => VectorLevel::Avx2,
        3 => VectorLevel::Avx512,
        _ => {
            use std::arch::is_x86_feature_detected as has;
            let level =
                if has!("avx512f") && has!("avx512vl") && has!("avx512dq") && has!("avx512bw") {
                    VectorLevel::Avx512
                } else if has!("avx2") && has!("fma") {
                    VectorLevel::Avx2
                } else {
                    VectorLevel::Baseline
                };
            LEVEL.store(level as u8 + 1, Ordering::Relaxed);
            level
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512dq,avx512bw,avx2,fma")]
unsafe fn with_avx512<R>(body: impl FnOnce() -> R) -> R {
    body()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn with_avx2<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// The entries `lo..hi` of row `d` (to write) and of rows `src` (to read) of the register
/// file `r` (rows of `s`), when `d` is none of `src` and all are inside `r`: distinct slices
/// let the compiler vectorize the loop over them.
#[inline(always)]
pub fn split_rows<const K: usize>(
    r: &mut [u64],
    s: usize,
    d: usize,
    src: [usize; K],
    (lo, hi): (usize, usize),
) -> Option<(&mut [u64], [&[u64]; K])> {
    // Multiplications rather than a division: this runs for every operation.
    let inside = |row: usize| row.checked_add(1).and_then(|e| e.checked_mul(s)) <= Some(r.len());
    if lo > hi || hi > s || !inside(d) || src.iter().any(|&a| !inside(a) || a == d) {
        return None;
    }
    let base = r.as_mut_ptr();
    // SAFETY: every row is inside `r` (checked above) and row `d` is none of the source rows,
    // so the mutable slice overlaps no shared one; `lo..hi` lies within a row.
    unsafe {
        Some((
            std::slice::from_raw_parts_mut(base.add(d * s + lo), hi - lo),
            src.map(|a| std::slice::from_raw_parts(base.add(a * s + lo) as *const u64, hi - lo)),
        ))
    }
}

pub fn unary(
    d: usize,
    a: usize,
    n: usize,
    f: impl Fn(u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        // A copy on the stack: the row loop's stores cannot reach it, so its captures stay
        // in registers and the loop vectorizes.
        let f = f;
        let s = x.n;
        for k in 0..n {
            match x
                .span
                .and_then(|span| split_rows(x.r, s, d + k, [a + k], span))
            {
                // Contiguous lanes: one loop over row slices.
                Some((rd, [ra])) => vectorized(|| {
                    for (o, &u) in rd.iter_mut().zip(ra) {
                        *o = f(u);
                    }
                }),
                None => {
                    for &l in x.active {
                        let l = l as usize;
                        x.r[(d + k) * s + l] = f(x.r[(a + k) * s + l]);
                    }
                }
            }
        }
        Ok(())
    })
}

pub fn binary(
    d: usize,
    a: usize,
    b: usize,
    n: usize,
    f: impl Fn(u64, u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let f = f; // see `unary`
        let s = x.n;
        for k in 0..n {
            match x
                .span
                .and_then(|span| split_rows(x.r, s, d + k, [a + k, b + k], span))
            {
                Some((rd, [ra, rb])) => vectorized(|| {
                    for ((o, &u), &v) in rd.iter_mut().zip(ra).zip(rb) {
                        *o = f(u, v);
                    }
                }),
                None => {
                    for &l in x.active {
                        let l = l as usize;
                        x.r[(d + k) * s + l] = f(x.r[(a + k) * s + l], x.r[(b + k) * s + l]);
                    }
                }
            }
        }
        Ok(())
    })
}

pub fn ternary(
    d: usize,
    a: usize,
    b: usize,
    c: usize,
    n: usize,
    f: impl Fn(u64, u64, u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let f = f; // see `unary`
        let s = x.n;
        for k in 0..n {
            let srcs = [a + k, b + k, c + k];
            match x
                .span
                .and_then(|span| split_rows(x.r, s, d + k, srcs, span))
            {
                Some((rd, [ra, rb, rc])) => vectorized(|| {
                    for (((o, &u), &v), &w) in rd.iter_mut().zip(ra).zip(rb).zip(rc) {
                        *o = f(u, v, w);
                    }
                }),
                None => {
                    for &l in x.active {
                        let l = l as usize;
                        let [u, v, w] = srcs.map(|src| x.r[src * s + l]);
                        x.r[(d + k) * s + l] = f(u, v, w);
                    }
                }
            }
        }
        Ok(())
    })
}

/// An operand of a row operation that holds one value for every lane: a constant (known when
/// lowering), or a slot written before the work-groups run and never again (a parameter, a
/// launch-invariant value), read at lane 0 when the instruction runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uniform {
    Const(u64),
    Slot(usize),
}

impl Uniform {
    #[inline]
    pub(crate) fn value(self, x: &Lanes<'_>) -> u64 {
        match self {
            Uniform::Const(v) => v,
            Uniform::Slot(s) => x.r[s * x.n],
        }
    }
}

/// `f(a, k)` for every active lane: [`unary`] with a second operand that is one value.
pub fn unary_k(
    d: usize,
    a: usize,
    k: Uniform,
    f: impl Fn(u64, u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let y = k.value(x);
        unary_rows(x, d, a, move |u| f(u, y));
        Ok(())
    })
}

/// `f(a, b, k)` for every active lane: [`binary`] with a third operand that is one value.
pub fn binary_k(
    d: usize,
    a: usize,
    b: usize,
    k: Uniform,
    f: impl Fn(u64, u64, u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let z = k.value(x);
        binary_rows(x, d, a, b, move |u, v| f(u, v, z));
        Ok(())
    })
}

/// `f(a, k1, k2)` for every active lane: [`unary`] with two more operands that are values.
pub fn unary_kk(
    d: usize,
    a: usize,
    [k1, k2]: [Uniform; 2],
    f: impl Fn(u64, u64, u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let (y, z) = (k1.value(x), k2.value(x));
        unary_rows(x, d, a, move |u| f(u, y, z));
        Ok(())
    })
}

/// Row `d` = `f(row a)` over the active lanes (one component).
#[inline(always)]
fn unary_rows(x: &mut Lanes<'_>, d: usize, a: usize, f: impl Fn(u64) -> u64 + Copy) {
    let s = x.n;
    match x.span.and_then(|span| split_rows(x.r, s, d, [a], span)) {
        Some((rd, [ra])) => vectorized(|| {
            for (o, &u) in rd.iter_mut().zip(ra) {
                *o = f(u);
            }
        }),
        None => {
            for &l in x.active {
                let l = l as usize;
                x.r[d * s + l] = f(x.r[a * s + l]);
            }
        }
    }
}

/// Row `d` = `f(row a, row b)` over the active lanes (one component).
#[inline(always)]
fn binary_rows(
    x: &mut Lanes<'_>,
    d: usize,
    a: usize,
    b: usize,
    f: impl Fn(u64, u64) -> u64 + Copy,
) {
    let s = x.n;
    match x.span.and_then(|span| split_rows(x.r, s, d, [a, b], span)) {
        Some((rd, [ra, rb])) => vectorized(|| {
            for ((o, &u), &v) in rd.iter_mut().zip(ra).zip(rb) {
                *o = f(u, v);
            }
        }),
        None => {
            for &l in x.active {
                let l = l as usize;
                x.r[d * s + l] = f(x.r[a * s + l], x.r[b * s + l]);
            }
        }
    }
}

/// `f` as a binary row operation (fixes a closure's argument types where nothing else does).
#[inline(always)]
pub fn as_binary<F: Fn(u64, u64) -> u64 + Copy>(f: F) -> F {
    f
}

/// `f` as a ternary row operation (see [`as_binary`]).
#[inline(always)]
pub fn as_ternary<F: Fn(u64, u64, u64) -> u64 + Copy>(f: F) -> F {
    f
}

/// Copies `n` slots.
pub fn copy(d: usize, a: usize, n: usize) -> Exec {
    unary(d, a, n, |v| v)
}

/// Float binary op on F16/F32/F64 (F16 computed in f32, exact for + − × ÷).
pub fn float_binary(
    t: Scalar,
    d: usize,
    a: usize,
    b: usize,
    n: usize,
    f32op: impl Fn(f32, f32) -> f32 + Copy + Send + Sync + 'static,
    f64op: impl Fn(f64, f64) -> f64 + Copy + Send + Sync + 'static,
) -> Exec {
    match t {
        Scalar::F64 => binary(d, a, b, n, move |x, y| {
            f64op(f64::from_bits(x), f64::from_bits(y)).to_bits()
        }),
        Scalar::F16 => binary(d, a, b, n, move |x, y| {
            f16::from_f32(f32op(
                f16::from_bits(x as u16).to_f32(),
                f16::from_bits(y as u16).to_f32(),
            ))
            .to_bits() as u64
        }),
        _ => binary(d, a, b, n, move |x, y| {
            f32op(f32::from_bits(x as u32), f32::from_bits(y as u32)).to_bits() as u64
        }),
    }
}

/// Float comparison giving a bool.
pub fn float_compare(
    t: Scalar,
    d: usize,
    a: usize,
    b: usize,
    n: usize,
    f: impl Fn(f64, f64) -> bool + Copy + Send + Sync + 'static,
) -> Exec {
    match t {
        Scalar::F64 => binary(d, a, b, n, move |x, y| {
            f(f64::from_bits(x), f64::from_bits(y)) as u64
        }),
        Scalar::F16 => binary(d, a, b, n, move |x, y| {
            f(
                f16::from_bits(x as u16).to_f64(),
                f16::from_bits(y as u16).to_f64(),
            ) as u64
        }),
        _ => binary(d, a, b, n, move |x, y| {
            f(
                f32::from_bits(x as u32) as f64,
                f32::from_bits(y as u32) as f64,
            ) as u64
        }),
    }
}

/// Float classification giving a bool.
pub fn float_test(t: Scalar, d: usize, a: usize, n: usize, f: fn(f64) -> bool) -> Exec {
    unary(d, a, n, move |x| f(t.to_f64(x)) as u64)
}

/// Float-to-float conversion with a rounding mode (`None`: round to nearest even).
pub fn fconvert(from: Scalar, to: Scalar, mode: Option<u32>, d: usize, a: usize, n: usize) -> Exec {
    unary(d, a, n, move |x| round_float(from.to_f64(x), to, mode))
}

/// Stores `v` as float type `to`, rounding with SPIR-V FPRoundingMode `mode` (0 RTE, 1 RTZ,
/// 2 RTP, 3 RTN; `None` is RTE).
pub fn round_float(v: f64, to: Scalar, mode: Option<u32>) -> u64 {
    let nearest = to.from_f64(v);
    if to == Scalar::F64 || v.is_nan() {
        return nearest;
    }
    let back = to.to_f64(nearest);
    if back == v {
        return nearest;
    }
    match mode.unwrap_or(0) {
        1 if back.abs() > v.abs() => step(nearest, to, back < 0.0),
        2 if back < v => step(nearest, to, true),
        3 if back > v => step(nearest, to, false),
        _ => nearest,
    }
}

/// The neighbour of float `bits` (type `t`) one representable step up or down in value.
fn step(bits: u64, t: Scalar, up: bool) -> u64 {
    let sign = 1u64 << (t.bits() - 1);
    let negative = bits & sign != 0;
    let magnitude = bits & !sign;
    if up != negative {
        // Away from zero: the magnitude grows.
        bits + 1
    } else if magnitude == 0 {
        // From ±0 toward the other side: the smallest denormal there.
        if up {
            1
        } else {
            sign | 1
        }
    } else {
        bits - 1
    }
}

/// What a conversion instruction converts, and how.
#[derive(Clone, Copy, Debug)]
pub struct Conversion {
    pub from: Scalar,
    pub to: Scalar,
    pub signed_from: bool,
    pub signed_to: bool,
    /// Clamp to the target's range (`SaturatedConversion`, `SatConvert*`).
    pub sat: bool,
    /// SPIR-V FPRoundingMode, if decorated.
    pub mode: Option<u32>,
}

impl Conversion {
    /// The integer (or float-to-integer) conversion `c` from `from` to `to`; `None` for the
    /// others.
    pub fn of(c: Conv, from: Scalar, to: Scalar) -> Option<Conversion> {
        let (signed_from, signed_to, sat, mode) = match c {
            Conv::Int { signed } => (signed, signed, false, None),
            Conv::IntSat {
                signed_from,
                signed_to,
            } => (signed_from, signed_to, true, None),
            Conv::FToI { signed, sat, mode } => (false, signed, sat, mode),
            _ => return None,
        };
        Some(Conversion {
            from,
            to,
            signed_from,
            signed_to,
            sat,
            mode,
        })
    }
}

/// What conversion `c` from `from` to `to` makes of `x`: the one meaning both executors give it.
pub fn convert_value(c: Conv, from: Scalar, to: Scalar, x: u64) -> u64 {
    match (c, Conversion::of(c, from, to)) {
        (Conv::FToI { .. }, Some(k)) => float_to_int_value(k, x),
        (_, Some(k)) => int_convert_value(k, x),
        (Conv::IToF { signed, mode }, None) => int_to_float_value(from, to, signed, mode, x),
        (Conv::FToF { mode }, None) => round_float(from.to_f64(x), to, mode),
        _ => x,
    }
}

/// Float → integer (`signed_to` result), truncating unless `mode` says otherwise; saturating to
/// the target width when `sat`, else through i64/u64 and masked.
pub fn float_to_int(c: Conversion, d: usize, a: usize, n: usize) -> Exec {
    unary(d, a, n, move |x| float_to_int_value(c, x))
}

/// One value of [`float_to_int`].
pub fn float_to_int_value(c: Conversion, x: u64) -> u64 {
    let Conversion {
        from,
        to,
        signed_to: signed,
        sat,
        mode,
        ..
    } = c;
    let v = from.to_f64(x);
    let v = match mode {
        Some(0) => v.round_ties_even(),
        Some(2) => v.ceil(),
        Some(3) => v.floor(),
        _ => v.trunc(),
    };
    let bits = to.bits();
    if signed {
        let (lo, hi) = if bits == 64 {
            (i64::MIN, i64::MAX)
        } else {
            (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
        };
        let i = if v.is_nan() {
            0
        } else if sat {
            (v as i64).clamp(lo, hi)
        } else {
            v as i64
        };
        (i as u64) & to.mask()
    } else {
        let hi = to.mask();
        let u = if v.is_nan() {
            0
        } else if sat {
            (v as u64).min(hi)
        } else {
            v as i64 as u64
        };
        u & to.mask()
    }
}

/// Integer → float, rounding to nearest unless `mode` says otherwise.
pub fn int_to_float(
    from: Scalar,
    to: Scalar,
    signed: bool,
    mode: Option<u32>,
    d: usize,
    a: usize,
    n: usize,
) -> Exec {
    unary(d, a, n, move |x| {
        int_to_float_value(from, to, signed, mode, x)
    })
}

/// One value of [`int_to_float`].
pub fn int_to_float_value(
    from: Scalar,
    to: Scalar,
    signed: bool,
    mode: Option<u32>,
    x: u64,
) -> u64 {
    let w = if signed {
        from.sext(x) as i128
    } else {
        x as i128
    };
    round_integer(w, to, mode)
}

/// Stores the integer `w` as float type `to`, rounding once with FPRoundingMode `mode` (a
/// 64-bit integer is not exact in `f64`: rounding it to `f64` first would round twice).
fn round_integer(w: i128, to: Scalar, mode: Option<u32>) -> u64 {
    let nearest = match to {
        Scalar::F32 => u64::from((w as f32).to_bits()),
        Scalar::F64 => (w as f64).to_bits(),
        _ => to.from_f64(w as f64), // F16: past 2^53 every value overflows anyway
    };
    let back = to.to_f64(nearest);
    let order = if back.is_infinite() {
        back.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
    } else {
        (back as i128).cmp(&w)
    };
    match (mode.unwrap_or(0), order) {
        (_, Ordering::Equal) => nearest,
        (1, _) if (order == Ordering::Greater) == (w >= 0) => step(nearest, to, w < 0),
        (2, Ordering::Less) => step(nearest, to, true),
        (3, Ordering::Greater) => step(nearest, to, false),
        _ => nearest,
    }
}

/// Integer width conversion: sign- or zero-extend, or truncate; `sat` clamps to the target.
pub fn int_convert(c: Conversion, d: usize, a: usize, n: usize) -> Exec {
    let Conversion {
        from,
        to,
        signed_from,
        sat,
        ..
    } = c;
    if !sat {
        // Extend (sign or zero) to 64 bits, then keep the target's bits.
        let (shift, mask) = (64 - from.bits(), to.mask());
        return if signed_from {
            unary(d, a, n, move |x| {
                ((((x << shift) as i64) >> shift) as u64) & mask
            })
        } else {
            unary(d, a, n, move |x| x & mask)
        };
    }
    unary(d, a, n, move |x| int_convert_value(c, x))
}

/// One value of [`int_convert`].
pub fn int_convert_value(c: Conversion, x: u64) -> u64 {
    let Conversion {
        from,
        to,
        signed_from,
        signed_to,
        sat,
        ..
    } = c;
    let wide: i128 = if signed_from {
        from.sext(x) as i128
    } else {
        x as i128
    };
    if sat {
        let bits = to.bits();
        let (lo, hi): (i128, i128) = if signed_to {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        };
        (wide.clamp(lo, hi) as u64) & to.mask()
    } else if signed_from {
        (wide as u64) & to.mask()
    } else {
        x & to.mask()
    }
}

/// Reinterprets `na` components of `from` as `nd` components of `to` (same total bits).
pub fn bitcast(from: Scalar, na: usize, to: Scalar, nd: usize, d: usize, a: usize) -> Exec {
    let (fb, tb) = (from.bits() as usize, to.bits() as usize);
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let mut bytes = [0u8; 128];
            for k in 0..na {
                let v = x.r[(a + k) * s + l].to_le_bytes();
                bytes[k * fb / 8..(k + 1) * fb / 8].copy_from_slice(&v[..fb / 8]);
            }
            for k in 0..nd {
                let mut v = [0u8; 8];
                v[..tb / 8].copy_from_slice(&bytes[k * tb / 8..(k + 1) * tb / 8]);
                x.r[(d + k) * s + l] = u64::from_le_bytes(v);
            }
        }
        Ok(())
    })
}

/// A float read-modify-write (`Rmw::FAdd`, `FMin`, `FMax`) of the `scalar` at `addr` by
/// compare-and-swap; returns the old value's bits. Min and max are `fmin`/`fmax` (a NaN
/// operand loses); the sum is rounded once, to nearest even.
///
/// # Safety
/// `addr` must be checked for a read and a write of the scalar, aligned to its size, and the
/// memory accessed only atomically while the kernel runs.
pub unsafe fn float_rmw(op: Rmw, scalar: Scalar, addr: usize, v: u64) -> u64 {
    use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering::SeqCst};
    let x = scalar.to_f64(v);
    let new = |old: u64| -> u64 {
        let o = scalar.to_f64(old);
        scalar.from_f64(match op {
            Rmw::FMin => o.min(x),
            Rmw::FMax => o.max(x),
            _ => o + x,
        })
    };
    macro_rules! on {
        ($atomic:ty, $int:ty) => {{
            // SAFETY: the caller checked the range and alignment (the function's contract).
            let a = unsafe { <$atomic>::from_ptr(addr as *mut $int) };
            match a.fetch_update(SeqCst, SeqCst, |old| Some(new(old as u64) as $int)) {
                Ok(old) | Err(old) => old as u64,
            }
        }};
    }
    match scalar {
        Scalar::F16 => on!(AtomicU16, u16),
        Scalar::F32 => on!(AtomicU32, u32),
        _ => on!(AtomicU64, u64),
    }
}

#[cfg(test)]
mod tests {
    use super::{round_integer, Scalar};

    #[test]
    fn integers_round_once_to_float() {
        let (rte, rtz, rtp, rtn) = (Some(0), Some(1), Some(2), Some(3));
        // i64::MAX toward zero: 2^63 - 2^39, not 2^63 (its nearest f64).
        assert_eq!(
            round_integer(i64::MAX.into(), Scalar::F32, rtz),
            0x5eff_ffff
        );
        assert_eq!(
            round_integer(i64::MIN.into(), Scalar::F32, rtz),
            0xdf00_0000
        );
        assert_eq!(
            round_integer(u64::MAX.into(), Scalar::F32, rtn),
            0x5f7f_ffff
        );
        assert_eq!(
            round_integer(u64::MAX.into(), Scalar::F32, rtp),
            0x5f80_0000
        );
        // Just above a tie of f32 but a tie in f64: nearest is up.
        let w = (1i128 << 60) + (1 << 36) + 1;
        assert_eq!(round_integer(w, Scalar::F32, rte), 0x5d80_0001);
        let max53 = (i64::MAX as f64).to_bits();
        assert_eq!(round_integer(i64::MAX.into(), Scalar::F64, rtz), max53 - 1);
        assert_eq!(round_integer(i64::MAX.into(), Scalar::F64, rte), max53);
        // Half: overflow goes to the largest finite value or infinity by mode.
        assert_eq!(round_integer(70000, Scalar::F16, rtz), 0x7bff);
        assert_eq!(round_integer(70000, Scalar::F16, rte), 0x7c00);
        assert_eq!(round_integer(-70000, Scalar::F16, rtp), 0xfbff);
        assert_eq!(round_integer(-70000, Scalar::F16, rtn), 0xfc00);
        assert_eq!(round_integer(2049, Scalar::F16, rtp), 0x6801);
        assert_eq!(round_integer(2049, Scalar::F16, rte), 0x6800);
        assert_eq!(
            round_integer(-7, Scalar::F32, rtz),
            (-7f32).to_bits() as u64
        );
    }
}
