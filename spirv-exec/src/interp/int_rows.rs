//! Row paths for the OpenCL.std integer built-ins (`clamp`, `min`, `max`, `abs_diff`,
//! `add_sat`, `mad_sat`, `rotate`, `mul24`, ...): one closure per instruction and width, run
//! over whole rows of lanes like the other element-wise operations, so that the loops
//! vectorize. Same results as `opencl_std::int` (which the 64-bit cases call): operands of up
//! to 32 bits are widened to 64, where no intermediate overflows.

use crate::interp::ops::{binary, binary_k, ternary, unary, unary_k, unary_kk, Uniform};
use crate::interp::program::Exec;
use crate::opencl_std::{self, opcode::*};
use crate::value::Scalar;

/// Whether `num` is an integer built-in with a row path.
fn has_row(num: u32) -> bool {
    matches!(
        num,
        S_ABS..=U_MIN | S_MUL_HI | ROTATE | S_SUB_SAT | U_SUB_SAT | POPCOUNT | S_MAD24..=U_MUL24
    ) || matches!(num, U_ABS | U_ABS_DIFF | U_MUL_HI | U_MAD_HI)
}

/// The row path of integer built-in `num` on operands of type `t` (`[a, b, c]`, the unused
/// ones repeating the first; `kb`, `kc`: the second and third when they are one value for
/// every lane), giving a `rt`; `None` when it has none.
pub(crate) fn int_row(
    num: u32,
    (t, rt): (Scalar, Scalar),
    d: usize,
    abc: [usize; 3],
    k: [Option<Uniform>; 2],
) -> Option<Exec> {
    if !has_row(num) || t.is_float() || t == Scalar::Bool {
        return None;
    }
    Some(if t.bits() > 32 {
        wide(num, t, rt, d, abc, 1)
    } else {
        narrow(num, t, rt, d, abc, 1, k)
    })
}

/// 64-bit operands: the interpreter's exact `i128` code per element.
fn wide(num: u32, t: Scalar, rt: Scalar, d: usize, [a, b, c]: [usize; 3], n: usize) -> Exec {
    match opencl_std::arity(num) {
        1 => unary(d, a, n, move |x| {
            opencl_std::int_eval(num, rt, t, [x, 0, 0])
        }),
        2 => binary(d, a, b, n, move |x, y| {
            opencl_std::int_eval(num, rt, t, [x, y, 0])
        }),
        _ => ternary(d, a, b, c, n, move |x, y, z| {
            opencl_std::int_eval(num, rt, t, [x, y, z])
        }),
    }
}

/// Operands of 8 to 32 bits, in 64-bit arithmetic. `kb`, `kc`: the second and third
/// operands when they are one value for every lane (their rows are then not read).
fn narrow(
    num: u32,
    t: Scalar,
    rt: Scalar,
    d: usize,
    [a, b, c]: [usize; 3],
    n: usize,
    [kb, kc]: [Option<Uniform>; 2],
) -> Exec {
    macro_rules! binary {
        ($d:expr, $a:expr, $b:expr, $n:expr, $f:expr) => {{
            let f = crate::interp::ops::as_binary($f);
            match kb {
                Some(k) => unary_k($d, $a, k, f),
                None => binary($d, $a, $b, $n, f),
            }
        }};
    }
    macro_rules! ternary {
        ($d:expr, $a:expr, $b:expr, $c:expr, $n:expr, $f:expr) => {{
            let f = crate::interp::ops::as_ternary($f);
            match (kb, kc) {
                (None, None) => ternary($d, $a, $b, $c, $n, f),
                (Some(k), None) => binary_k($d, $a, $c, k, move |x, z, y| f(x, y, z)),
                (None, Some(k)) => binary_k($d, $a, $b, k, f),
                (Some(k1), Some(k2)) => unary_kk($d, $a, [k1, k2], f),
            }
        }};
    }
    let w = t.bits();
    let sh = 64 - w;
    let m = rt.mask();
    let tm = t.mask();
    // Sign-extended operand (stored values are zero-extended).
    let s = move |x: u64| ((x << sh) as i64) >> sh;
    let (smin, smax) = (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1);
    let umax = tm;
    match num {
        S_ABS => unary(d, a, n, move |x| s(x).unsigned_abs() & m),
        U_ABS => unary(d, a, n, move |x| x & tm & m),
        POPCOUNT => unary(d, a, n, move |x| u64::from((x & tm).count_ones()) & m),
        CLZ => unary(d, a, n, move |x| {
            u64::from((x & tm).leading_zeros() - sh) & m
        }),
        CTZ => unary(d, a, n, move |x| {
            u64::from((x & tm).trailing_zeros().min(w)) & m
        }),
        S_ABS_DIFF => binary!(d, a, b, n, move |x, y| (s(x) - s(y)).unsigned_abs() & m),
        U_ABS_DIFF => binary!(d, a, b, n, move |x, y| (x & tm).abs_diff(y & tm) & m),
        S_ADD_SAT => binary!(d, a, b, n, move |x, y| {
            ((s(x) + s(y)).clamp(smin, smax) as u64) & m
        }),
        U_ADD_SAT => binary!(d, a, b, n, move |x, y| ((x & tm) + (y & tm)).min(umax) & m),
        S_SUB_SAT => binary!(d, a, b, n, move |x, y| {
            ((s(x) - s(y)).clamp(smin, smax) as u64) & m
        }),
        U_SUB_SAT => binary!(d, a, b, n, move |x, y| (x & tm).saturating_sub(y & tm) & m),
        S_HADD => binary!(d, a, b, n, move |x, y| (((s(x) + s(y)) >> 1) as u64) & m),
        U_HADD => binary!(d, a, b, n, move |x, y| (((x & tm) + (y & tm)) >> 1) & m),
        S_RHADD => binary!(d, a, b, n, move |x, y| {
            (((s(x) + s(y) + 1) >> 1) as u64) & m
        }),
        U_RHADD => binary!(d, a, b, n, move |x, y| (((x & tm) + (y & tm) + 1) >> 1) & m),
        S_MAX => binary!(d, a, b, n, move |x, y| (s(x).max(s(y)) as u64) & m),
        U_MAX => binary!(d, a, b, n, move |x, y| (x & tm).max(y & tm) & m),
        S_MIN => binary!(d, a, b, n, move |x, y| (s(x).min(s(y)) as u64) & m),
        U_MIN => binary!(d, a, b, n, move |x, y| (x & tm).min(y & tm) & m),
        S_MUL_HI => binary!(d, a, b, n, move |x, y| (((s(x) * s(y)) >> w) as u64) & m),
        U_MUL_HI => binary!(d, a, b, n, move |x, y| (((x & tm) * (y & tm)) >> w) & m),
        ROTATE => binary!(d, a, b, n, move |x, y| {
            let (x, k) = (x & tm, (y & tm) % u64::from(w));
            (if k == 0 {
                x
            } else {
                (x << k) | (x >> (u64::from(w) - k))
            }) & tm
                & m
        }),
        S_MUL24 => binary!(d, a, b, n, move |x, y| {
            (sext24(x).wrapping_mul(sext24(y)) as u64) & m
        }),
        U_MUL24 => binary!(d, a, b, n, move |x, y| {
            ((x & 0xff_ffff) * (y & 0xff_ffff)) & m
        }),
        S_CLAMP => ternary!(d, a, b, c, n, move |x, y, z| {
            (s(x).max(s(y)).min(s(z)) as u64) & m
        }),
        U_CLAMP => ternary!(d, a, b, c, n, move |x, y, z| {
            (x & tm).max(y & tm).min(z & tm) & m
        }),
        S_MAD_HI => ternary!(d, a, b, c, n, move |x, y, z| {
            ((((s(x) * s(y)) >> w) + s(z)) as u64) & m
        }),
        U_MAD_HI => ternary!(d, a, b, c, n, move |x, y, z| {
            ((((x & tm) * (y & tm)) >> w) + (z & tm)) & m
        }),
        S_MAD_SAT => ternary!(d, a, b, c, n, move |x, y, z| {
            ((s(x) * s(y) + s(z)).clamp(smin, smax) as u64) & m
        }),
        // (2^32 - 1)^2 + 2^32 - 1 < 2^64: no overflow in u64.
        U_MAD_SAT => ternary!(d, a, b, c, n, move |x, y, z| {
            ((x & tm) * (y & tm) + (z & tm)).min(umax) & m
        }),
        S_MAD24 => ternary!(d, a, b, c, n, move |x, y, z| {
            (sext24(x).wrapping_mul(sext24(y)).wrapping_add(s(z)) as u64) & m
        }),
        // U_MAD24.
        _ => ternary!(d, a, b, c, n, move |x, y, z| {
            ((x & 0xff_ffff) * (y & 0xff_ffff)).wrapping_add(z) & m
        }),
    }
}

/// The low 24 bits of a stored value, sign-extended.
fn sext24(v: u64) -> i64 {
    i64::from(((v as u32) << 8) as i32 >> 8)
}
