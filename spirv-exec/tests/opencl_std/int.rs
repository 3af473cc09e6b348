//! Integer instructions against i128 reference arithmetic written from the specification's
//! definitions: exhaustive for 8-bit operand pairs, proptest (with edge values) otherwise.

use super::*;
use proptest::prelude::*;

const INTS: [Scalar; 4] = [Scalar::I8, Scalar::I16, Scalar::I32, Scalar::I64];

/// (min, max) of the signed or unsigned interpretation of `t`.
fn range(t: Scalar, signed: bool) -> (i128, i128) {
    let w = t.bits();
    if signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    }
}

/// The value of stored bits `v` as an integer of `t`.
fn val(t: Scalar, v: u64, signed: bool) -> i128 {
    if signed {
        i128::from(t.sext(v))
    } else {
        i128::from(v & t.mask())
    }
}

/// Two's complement bits of `x` modulo 2^width.
fn wrap(x: i128, bits: u32) -> u64 {
    (x.rem_euclid(1i128 << bits)) as u64
}

fn floor_div(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

/// a·b for values up to 64 bits, split in 32-bit halves so that no i128 product overflows.
fn wide_mul(a: i128, b: i128) -> (bool, u128) {
    let neg = (a < 0) != (b < 0);
    let (a, b) = (a.unsigned_abs(), b.unsigned_abs());
    let (a1, a0) = (a >> 32, a & 0xffff_ffff);
    let (b1, b0) = (b >> 32, b & 0xffff_ffff);
    let mag = ((a1 * b1) << 64) + ((a1 * b0 + a0 * b1) << 32) + a0 * b0;
    (neg, mag)
}

/// floor(a·b / 2^w) for w-bit operands.
fn mul_hi_ref(a: i128, b: i128, w: u32) -> i128 {
    let (neg, mag) = wide_mul(a, b);
    let q = (mag >> w) as i128;
    if neg {
        // floor of a negative quotient: -ceil(mag / 2^w)
        if mag & ((1u128 << w) - 1) != 0 {
            -q - 1
        } else {
            -q
        }
    } else {
        q
    }
}

/// a·b + c clamped to [lo, hi] (compared in u128/sign form to avoid overflow).
fn mad_sat_ref(a: i128, b: i128, c: i128, lo: i128, hi: i128) -> i128 {
    let (neg, mag) = wide_mul(a, b);
    if mag > (1u128 << 127) - (1u128 << 66) {
        // Only 64-bit unsigned products get here; c cannot bring them back into range.
        return if neg { lo } else { hi };
    }
    let p = if neg { -(mag as i128) } else { mag as i128 };
    (p + c).clamp(lo, hi)
}

/// The expected bits of integer instruction `op` on `t`, or None for undefined inputs.
fn reference(op: u32, t: Scalar, a: [u64; 3]) -> Option<u64> {
    let w = t.bits();
    let signed = matches!(
        op,
        S_ABS
            | S_ABS_DIFF
            | S_ADD_SAT
            | S_HADD
            | S_RHADD
            | S_CLAMP
            | S_MAD_HI
            | S_MAD_SAT
            | S_MAX
            | S_MIN
            | S_MUL_HI
            | S_SUB_SAT
            | S_MAD24
            | S_MUL24
    );
    let v = |i: usize| val(t, a[i], signed);
    let (lo, hi) = range(t, signed);
    let bit = |x: u64, i: u32| (x >> i) & 1;
    let x = a[0] & t.mask();
    let r: i128 = match op {
        S_ABS | U_ABS => v(0).abs(),
        S_ABS_DIFF | U_ABS_DIFF => (v(0) - v(1)).abs(),
        S_ADD_SAT | U_ADD_SAT => (v(0) + v(1)).clamp(lo, hi),
        S_SUB_SAT | U_SUB_SAT => (v(0) - v(1)).clamp(lo, hi),
        S_HADD | U_HADD => floor_div(v(0) + v(1), 2),
        S_RHADD | U_RHADD => floor_div(v(0) + v(1) + 1, 2),
        S_CLAMP | U_CLAMP => {
            if v(1) > v(2) {
                return None;
            }
            if v(0) < v(1) {
                v(1)
            } else if v(0) > v(2) {
                v(2)
            } else {
                v(0)
            }
        }
        S_MAX | U_MAX => {
            if v(0) >= v(1) {
                v(0)
            } else {
                v(1)
            }
        }
        S_MIN | U_MIN => {
            if v(0) <= v(1) {
                v(0)
            } else {
                v(1)
            }
        }
        CLZ => (0..w).rev().take_while(|&i| bit(x, i) == 0).count() as i128,
        CTZ => (0..w).take_while(|&i| bit(x, i) == 0).count() as i128,
        POPCOUNT => (0..w).map(|i| bit(x, i) as i128).sum(),
        ROTATE => {
            let n = (a[1] & t.mask()) % u64::from(w);
            (0..w)
                .map(|i| (bit(x, i) as i128) << ((u64::from(i) + n) % u64::from(w)))
                .sum()
        }
        S_MUL_HI | U_MUL_HI => mul_hi_ref(v(0), v(1), w),
        S_MAD_HI | U_MAD_HI => mul_hi_ref(v(0), v(1), w) + v(2),
        S_MAD_SAT | U_MAD_SAT => mad_sat_ref(v(0), v(1), v(2), lo, hi),
        S_MUL24 | U_MUL24 | S_MAD24 | U_MAD24 => {
            // Defined for operands in the 24-bit range only.
            let (l24, h24) = if signed {
                (-(1 << 23), (1 << 23) - 1)
            } else {
                (0, (1 << 24) - 1)
            };
            if !(l24..=h24).contains(&v(0)) || !(l24..=h24).contains(&v(1)) {
                return None;
            }
            let c = if matches!(op, S_MAD24 | U_MAD24) {
                v(2)
            } else {
                0
            };
            v(0) * v(1) + c
        }
        _ => unreachable!(),
    };
    Some(wrap(r, w))
}

const UNARY_OPS: &[u32] = &[S_ABS, U_ABS, CLZ, CTZ, POPCOUNT];
const BINARY_OPS: &[u32] = &[
    S_ABS_DIFF, U_ABS_DIFF, S_ADD_SAT, U_ADD_SAT, S_SUB_SAT, U_SUB_SAT, S_HADD, U_HADD, S_RHADD,
    U_RHADD, S_MAX, U_MAX, S_MIN, U_MIN, ROTATE, S_MUL_HI, U_MUL_HI,
];
const TERNARY_OPS: &[u32] = &[S_CLAMP, U_CLAMP, S_MAD_HI, U_MAD_HI, S_MAD_SAT, U_MAD_SAT];
const OPS_24: &[u32] = &[S_MUL24, U_MUL24, S_MAD24, U_MAD24];

/// The number of operands of `op`, one of the lists above.
fn arity(op: u32) -> usize {
    if UNARY_OPS.contains(&op) {
        1
    } else if TERNARY_OPS.contains(&op) || matches!(op, S_MAD24 | U_MAD24) {
        3
    } else {
        2
    }
}

fn run(op: u32, t: Scalar, a: [u64; 3]) -> u64 {
    let n = arity(op);
    call(op, t, &[t; 3][..n], &a[..n]).0
}

fn check(op: u32, t: Scalar, a: [u64; 3]) -> Result<(), TestCaseError> {
    let a = a.map(|v| v & t.mask());
    if let Some(want) = reference(op, t, a) {
        let got = run(op, t, a);
        prop_assert_eq!(got, want, "{}({:?} {:x?})", name(op).unwrap(), t, a);
    }
    Ok(())
}

#[test]
fn exhaustive_8_bit() {
    for x in 0..=255u64 {
        for op in UNARY_OPS {
            check(*op, Scalar::I8, [x, 0, 0]).unwrap();
        }
        for y in 0..=255u64 {
            for op in BINARY_OPS {
                check(*op, Scalar::I8, [x, y, 0]).unwrap();
            }
            // Ternary ones with a few third operands.
            for z in [0, 0x7f, 0x80, x ^ y] {
                for op in TERNARY_OPS {
                    check(*op, Scalar::I8, [x, y, z]).unwrap();
                }
            }
        }
    }
}

#[test]
fn exhaustive_16_bit_unary() {
    for x in 0..=0xffffu64 {
        for op in UNARY_OPS {
            check(*op, Scalar::I16, [x, 0, 0]).unwrap();
        }
    }
}

#[test]
fn upsample() {
    for (t, rt) in [
        (Scalar::I8, Scalar::I16),
        (Scalar::I16, Scalar::I32),
        (Scalar::I32, Scalar::I64),
    ] {
        for op in [U_UPSAMPLE, S_UPSAMPLE] {
            let w = t.bits();
            let hi = t.mask(); // -1 for s_upsample
            let lo = 1;
            let got = call(op, rt, &[t, t], &[hi, lo]).0;
            assert_eq!(got, (t.mask() << w) | 1);
            let got = call(op, rt, &[t, t], &[0x12 & t.mask(), t.mask()]).0;
            assert_eq!(got, (0x12 << w) | t.mask());
            // As a signed 2w-bit value: hi·2^w + lo with hi signed and lo unsigned.
            let got = rt.sext(call(op, rt, &[t, t], &[hi, 5]).0);
            assert_eq!(got, -(1i64 << w) + 5);
        }
    }
}

#[test]
fn abs_and_saturation_edges() {
    for t in INTS {
        let w = t.bits();
        let min = 1u64 << (w - 1);
        // abs(INT_MIN) is 2^(w-1) as the unsigned result.
        assert_eq!(run(S_ABS, t, [min, 0, 0]), min);
        assert_eq!(run(S_ABS_DIFF, t, [min, min - 1, 0]), t.mask());
        assert_eq!(run(S_ADD_SAT, t, [min - 1, 1, 0]), min - 1);
        assert_eq!(run(S_SUB_SAT, t, [min, 1, 0]), min);
        assert_eq!(run(U_ADD_SAT, t, [t.mask(), 1, 0]), t.mask());
        assert_eq!(run(U_SUB_SAT, t, [0, 1, 0]), 0);
        assert_eq!(run(S_MAD_SAT, t, [min, min, 0]), min - 1);
        assert_eq!(run(S_MAD_SAT, t, [min, min - 1, 0]), min);
        assert_eq!(run(U_MAD_SAT, t, [t.mask(), t.mask(), t.mask()]), t.mask());
        assert_eq!(run(U_MUL_HI, t, [t.mask(), t.mask(), 0]), t.mask() - 1);
        assert_eq!(run(S_MUL_HI, t, [min, min, 0]), min >> 1);
        assert_eq!(run(CLZ, t, [0, 0, 0]), u64::from(w));
        assert_eq!(run(CTZ, t, [0, 0, 0]), u64::from(w));
        assert_eq!(run(ROTATE, t, [1, u64::from(w) + 1, 0]), 2);
        assert_eq!(run(ROTATE, t, [min, t.mask(), 0]), min >> 1);
        assert_eq!(run(U_RHADD, t, [t.mask(), t.mask(), 0]), t.mask());
        assert_eq!(run(S_HADD, t, [t.mask(), 0, 0]), t.mask()); // (-1 + 0) >> 1 = -1
    }
    // 24-bit multiplies keep the low 32 bits.
    let t = Scalar::I32;
    assert_eq!(run(U_MUL24, t, [0xff_ffff, 0xff_ffff, 0]), 0xfe00_0001);
    assert_eq!(run(S_MUL24, t, [0xffff_ffff, 5, 0]), 0xffff_fffb);
    assert_eq!(run(S_MAD24, t, [0xff80_0000, 2, 1]), 0xff00_0001);
    assert_eq!(run(U_MAD24, t, [2, 3, 0xffff_ffff]), 5);
}

fn edge_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        Just(0u64),
        Just(1u64),
        Just(u64::MAX),
        (0..64u32).prop_map(|s| 1u64 << s),
        (0..64u32).prop_map(|s| (1u64 << s) - 1),
        (0..64u32).prop_map(|s| (1u64 << s).wrapping_neg()),
        (0..64u32, -3i64..=3).prop_map(|(s, d)| (1u64 << s).wrapping_add(d as u64)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn all_widths(a in edge_value(), b in edge_value(), c in edge_value()) {
        for t in INTS {
            for op in UNARY_OPS.iter().chain(BINARY_OPS).chain(TERNARY_OPS) {
                check(*op, t, [a, b, c])?;
            }
            if t == Scalar::I32 {
                for op in OPS_24 {
                    check(*op, t, [a, b, c])?;
                    // Operands in range.
                    check(*op, t, [a & 0x7f_ffff, b & 0xff_ffff, c])?;
                    let s = |v: u64| ((v as u32) << 8) as i32 >> 8;
                    check(*op, t, [u64::from(s(a) as u32), u64::from(s(b) as u32), c])?;
                }
            }
        }
    }

    #[test]
    fn results_fit_the_width(a in edge_value(), b in edge_value(), c in edge_value()) {
        for t in INTS {
            for op in UNARY_OPS.iter().chain(BINARY_OPS).chain(TERNARY_OPS).chain(OPS_24) {
                let r = run(*op, t, [a & t.mask(), b & t.mask(), c & t.mask()]);
                prop_assert_eq!(r & !t.mask(), 0);
            }
        }
    }
}
