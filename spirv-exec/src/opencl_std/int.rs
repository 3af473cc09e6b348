//! Integer instructions, for 8- to 64-bit elements, with the signedness given by the opcode.
//! Signed operands are sign-extended to `i128`, unsigned ones zero-extended to `u128`, so that
//! no intermediate overflows; results are truncated to the result width.

use super::opcode::*;
use crate::value::Scalar;

/// One lane of integer instruction `op` on elements of type `t` (the first operand's type;
/// `u_upsample`/`s_upsample` produce twice that width), result masked to `rt`.
pub(super) fn eval(op: u32, rt: Scalar, t: Scalar, a: [u64; 3]) -> u64 {
    let w = t.bits();
    let mask = t.mask();
    let s = |i: usize| i128::from(t.sext(a[i]));
    let u = |i: usize| u128::from(a[i] & mask);
    let smin = -(1i128 << (w - 1));
    let smax = (1i128 << (w - 1)) - 1;
    let umax = u128::from(mask);
    let sat = |v: i128| v.clamp(smin, smax) as u64;
    let usat = |v: u128| v.min(umax) as u64;
    let r: u64 = match op {
        S_ABS => s(0).unsigned_abs() as u64,
        U_ABS => u(0) as u64,
        S_ABS_DIFF => (s(0) - s(1)).unsigned_abs() as u64,
        U_ABS_DIFF => u(0).abs_diff(u(1)) as u64,
        S_ADD_SAT => sat(s(0) + s(1)),
        U_ADD_SAT => usat(u(0) + u(1)),
        S_SUB_SAT => sat(s(0) - s(1)),
        U_SUB_SAT => u(0).saturating_sub(u(1)) as u64,
        S_HADD => ((s(0) + s(1)) >> 1) as u64,
        U_HADD => ((u(0) + u(1)) >> 1) as u64,
        S_RHADD => ((s(0) + s(1) + 1) >> 1) as u64,
        U_RHADD => ((u(0) + u(1) + 1) >> 1) as u64,
        S_CLAMP => s(0).max(s(1)).min(s(2)) as u64,
        U_CLAMP => u(0).max(u(1)).min(u(2)) as u64,
        S_MAX => s(0).max(s(1)) as u64,
        U_MAX => u(0).max(u(1)) as u64,
        S_MIN => s(0).min(s(1)) as u64,
        U_MIN => u(0).min(u(1)) as u64,
        CLZ => u64::from((a[0] & mask).leading_zeros() - (64 - w)),
        CTZ => u64::from((a[0] & mask).trailing_zeros().min(w)),
        POPCOUNT => u64::from((a[0] & mask).count_ones()),
        ROTATE => {
            let x = a[0] & mask;
            let n = (a[1] & mask) % u64::from(w);
            if n == 0 {
                x
            } else {
                (x << n) | (x >> (u64::from(w) - n))
            }
        }
        S_MUL_HI => ((s(0) * s(1)) >> w) as u64,
        U_MUL_HI => ((u(0) * u(1)) >> w) as u64,
        S_MAD_HI => (((s(0) * s(1)) >> w) + s(2)) as u64,
        U_MAD_HI => (((u(0) * u(1)) >> w) + u(2)) as u64,
        // |a·b| < 2^126 and (2^64-1)^2 + 2^64-1 < 2^128: no overflow.
        S_MAD_SAT => sat(s(0) * s(1) + s(2)),
        U_MAD_SAT => usat(u(0) * u(1) + u(2)),
        U_UPSAMPLE | S_UPSAMPLE => ((u(0) << w) | u(1)) as u64,
        S_MUL24 => (sext24(a[0]) * sext24(a[1])) as u64,
        U_MUL24 => (a[0] & 0xff_ffff) * (a[1] & 0xff_ffff),
        S_MAD24 => (sext24(a[0]) * sext24(a[1]) + s(2)) as u64,
        U_MAD24 => ((a[0] & 0xff_ffff) * (a[1] & 0xff_ffff)).wrapping_add(a[2]),
        _ => unreachable!("not an integer instruction: {op}"),
    };
    r & rt.mask()
}

/// The low 24 bits of a stored value, sign-extended (operands of `s_mul24`/`s_mad24`, which
/// the specification defines for values in the 24-bit range).
fn sext24(v: u64) -> i128 {
    i128::from(((v as u32) << 8) as i32 >> 8)
}
