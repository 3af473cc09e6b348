//! Geometric instructions: `cross`, `distance`, `length`, `normalize` and their `fast_*`
//! versions (evaluated like the precise ones). Computed in `f64`, scaled by a power of two
//! so that no intermediate overflows or underflows, then rounded once to the result type.

use super::math::{frexp, ldexp};
use super::opcode::*;
use super::{store, BAD_OPERANDS, BAD_TYPES};
use crate::value::Scalar;

/// Most lanes a geometric operand may have (OpenCL uses at most 4).
const MAX_LANES: usize = 16;

pub(super) fn eval(
    op: u32,
    rt: Scalar,
    at: &[Scalar],
    lanes: usize,
    args: &[&[u64]],
    out: &mut [u64],
) -> Result<(), &'static str> {
    if lanes > MAX_LANES {
        return Err(BAD_OPERANDS);
    }
    if !rt.is_float() || at.iter().any(|t| !t.is_float()) {
        return Err(BAD_TYPES);
    }
    let read = |i: usize| {
        let mut v = [0f64; MAX_LANES];
        for (lane, slot) in v[..lanes].iter_mut().enumerate() {
            let raw = if args[i].len() == 1 {
                args[i][0]
            } else {
                args[i][lane]
            };
            *slot = at[i].to_f64(raw);
        }
        v
    };
    let a = read(0);
    let a = &a[..lanes];
    let needed = match op {
        LENGTH | FAST_LENGTH | DISTANCE | FAST_DISTANCE => 1,
        _ => lanes,
    };
    if out.len() < needed {
        return Err(BAD_OPERANDS);
    }
    match op {
        CROSS => {
            if lanes != 3 && lanes != 4 {
                return Err(BAD_OPERANDS);
            }
            let b = read(1);
            let c = [
                diff_of_products(a[1], b[2], a[2], b[1]),
                diff_of_products(a[2], b[0], a[0], b[2]),
                diff_of_products(a[0], b[1], a[1], b[0]),
                0.0,
            ];
            for (o, &v) in out[..lanes].iter_mut().zip(&c) {
                *o = store(rt, v);
            }
        }
        LENGTH | FAST_LENGTH => out[0] = store(rt, length(a)),
        DISTANCE | FAST_DISTANCE => {
            let b = read(1);
            let mut d = [0f64; MAX_LANES];
            for i in 0..lanes {
                d[i] = a[i] - b[i];
            }
            out[0] = store(rt, length(&d[..lanes]));
        }
        _ => {
            let n = normalize(a);
            for (o, &v) in out[..lanes].iter_mut().zip(&n) {
                *o = store(rt, v);
            }
        }
    }
    Ok(())
}

/// `a·b - c·d` with about one rounding (Kahan's algorithm with fused multiply-adds).
fn diff_of_products(a: f64, b: f64, c: f64, d: f64) -> f64 {
    let w = c * d;
    let ab = a * b;
    if !w.is_finite() || !ab.is_finite() {
        return ab - w;
    }
    let err = (-c).mul_add(d, w);
    a.mul_add(b, -w) + err
}

/// Largest magnitude, or None when some element is NaN and none is infinite.
fn max_abs(v: &[f64]) -> Option<f64> {
    let mut m = 0f64;
    let mut nan = false;
    for &x in v {
        nan |= x.is_nan();
        m = m.max(x.abs());
    }
    if nan && m != f64::INFINITY {
        None
    } else {
        Some(m)
    }
}

/// Euclidean length, as `hypot` does: +inf if an element is infinite, else NaN if one is NaN.
fn length(v: &[f64]) -> f64 {
    let Some(m) = max_abs(v) else {
        return f64::NAN;
    };
    if m == 0.0 || m.is_infinite() {
        return m;
    }
    let k = i64::from(frexp(m).1);
    let s = v.iter().fold(0f64, |acc, &x| {
        let y = ldexp(x, -k);
        y.mul_add(y, acc)
    });
    ldexp(s.sqrt(), k)
}

/// `normalize(v)`: v itself when all elements are zero; all NaN when one is NaN; with infinite
/// elements, the direction of the vector where they are ±1 and the finite elements ±0.
fn normalize(v: &[f64]) -> [f64; MAX_LANES] {
    let mut r = [0f64; MAX_LANES];
    r[..v.len()].copy_from_slice(v);
    let r_v = &mut r[..v.len()];
    if v.iter().any(|x| x.is_nan()) {
        r_v.fill(f64::NAN);
        return r;
    }
    if v.iter().any(|x| x.is_infinite()) {
        for x in r_v.iter_mut() {
            *x = if x.is_infinite() {
                1f64.copysign(*x)
            } else {
                0f64.copysign(*x)
            };
        }
    }
    let m = r_v.iter().fold(0f64, |m, x| m.max(x.abs()));
    if m == 0.0 {
        return r;
    }
    let k = i64::from(frexp(m).1);
    for x in r_v.iter_mut() {
        *x = ldexp(*x, -k);
    }
    let len = r_v.iter().fold(0f64, |acc, &y| y.mul_add(y, acc)).sqrt();
    for x in r_v.iter_mut() {
        *x /= len;
    }
    r
}
