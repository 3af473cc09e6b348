//! Tests of the OpenCL.std instructions: shared helpers, the instruction table, operand
//! conventions (lanes, broadcasting, pointer results, shuffles, select) and geometric
//! functions. Accuracy, edge cases, integers and half conversions are in the submodules.

use spirv_exec::opencl_std::opcode::*;
use spirv_exec::opencl_std::{
    ext_inst, f32_to_f16, f64_to_f16, name, supported, Rounding, OPCODES,
};
use spirv_exec::Scalar;

#[path = "opencl_std/accuracy.rs"]
mod accuracy;
#[path = "opencl_std/half_conv.rs"]
mod half_conv;
#[path = "opencl_std/int.rs"]
mod int;
#[path = "opencl_std/pointer_results.rs"]
mod pointer_results;
#[path = "opencl_std/special.rs"]
mod special;

pub(crate) const F16: Scalar = Scalar::F16;
pub(crate) const F32: Scalar = Scalar::F32;
pub(crate) const F64: Scalar = Scalar::F64;
pub(crate) const FLOATS: [Scalar; 3] = [F16, F32, F64];

/// C library functions used as references.
pub(crate) mod clib {
    // SAFETY: C99 / glibc <math.h> functions from the C library that the standard library
    // links; the declarations match their C prototypes. The `safe` ones only take and return
    // plain values; `remquo`, `frexp` and `lgamma_r` write through their pointer and stay
    // unsafe.
    unsafe extern "C" {
        pub safe fn erf(x: f64) -> f64;
        pub safe fn erfc(x: f64) -> f64;
        pub safe fn tgamma(x: f64) -> f64;
        pub fn lgamma_r(x: f64, sign: *mut i32) -> f64;
        pub safe fn remainder(x: f64, y: f64) -> f64;
        pub fn remquo(x: f64, y: f64, quo: *mut i32) -> f64;
        pub safe fn scalbn(x: f64, n: i32) -> f64;
        pub fn frexp(x: f64, exp: *mut i32) -> f64;
        pub safe fn ilogb(x: f64) -> i32;
        pub safe fn logb(x: f64) -> f64;
        pub safe fn nextafter(x: f64, y: f64) -> f64;
        pub safe fn nextafterf(x: f32, y: f32) -> f32;
    }

    pub fn remquo_(x: f64, y: f64) -> (f64, i32) {
        let mut q = 0;
        // SAFETY: `q` is a live, writable i32 for the call.
        let r = unsafe { remquo(x, y, &mut q) };
        (r, q)
    }

    pub fn frexp_(x: f64) -> (f64, i32) {
        let mut e = 0;
        // SAFETY: `e` is a live, writable i32 for the call.
        let m = unsafe { frexp(x, &mut e) };
        (m, e)
    }

    /// log|Γ(x)| and the sign of Γ(x).
    pub fn lgamma_r_(x: f64) -> (f64, i32) {
        let mut sign = 0;
        // SAFETY: `sign` is a live, writable i32 for the call.
        let y = unsafe { lgamma_r(x, &mut sign) };
        (y, sign)
    }
}

/// A value of float type `t` (rounded to nearest even if `x` is not representable; half
/// directly from `f64`).
pub(crate) fn enc(t: Scalar, x: f64) -> u64 {
    match t {
        Scalar::F16 => u64::from(f64_to_f16(x, Rounding::Rte)),
        _ => t.from_f64(x),
    }
}

/// `x` rounded to float type `t`, as an `f64`.
pub(crate) fn round_to(t: Scalar, x: f64) -> f64 {
    t.to_f64(enc(t, x))
}

/// Runs `op` on one lane; returns (result, pointer result).
pub(crate) fn call(op: u32, rt: Scalar, at: &[Scalar], args: &[u64]) -> (u64, u64) {
    let slices: Vec<&[u64]> = args.iter().map(std::slice::from_ref).collect();
    let mut out = [0u64];
    let mut out2 = [0u64];
    ext_inst(op, rt, at, 1, &slices, &mut out, Some(&mut out2))
        .unwrap_or_else(|e| panic!("{}: {e}", name(op).unwrap()));
    (out[0], out2[0])
}

/// Runs float instruction `op` with all operands and the result of type `t`.
pub(crate) fn callf(op: u32, t: Scalar, xs: &[f64]) -> f64 {
    callf2(op, t, xs).0
}

/// Like [`callf`], also returning the raw pointer result.
pub(crate) fn callf2(op: u32, t: Scalar, xs: &[f64]) -> (f64, u64) {
    let at = vec![t; xs.len()];
    let args: Vec<u64> = xs.iter().map(|&x| enc(t, x)).collect();
    let (r, r2) = call(op, t, &at, &args);
    (t.to_f64(r), r2)
}

/// Runs a (float, int) instruction (`ldexp`, `pown`, `rootn`) with a 32-bit int.
pub(crate) fn callfi(op: u32, t: Scalar, x: f64, n: i32) -> f64 {
    let (r, _) = call(op, t, &[t, Scalar::I32], &[enc(t, x), u64::from(n as u32)]);
    t.to_f64(r)
}

/// Error of `got` against the reference `want`, in ULPs of float type `t`: 0 when `got` is
/// `want` rounded to `t` (so a correctly rounded result scores 0); otherwise |got - want|
/// divided by the ULP of `t` at `want` (for `F64`, the number of representable values between
/// them). ±0 count as equal; NaN only matches NaN.
pub(crate) fn ulp_err(t: Scalar, got: f64, want: f64) -> f64 {
    if want.is_nan() || got.is_nan() {
        return if want.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if got == round_to(t, want) {
        return 0.0;
    }
    if t == F64 {
        let ordered = |x: f64| {
            let b = x.to_bits() as i64;
            if b < 0 {
                -(b & i64::MAX)
            } else {
                b
            }
        };
        return ordered(got).abs_diff(ordered(want)) as f64;
    }
    if got.is_infinite() || want.is_infinite() {
        return f64::INFINITY;
    }
    let (mant_bits, min_exp) = if t == F16 { (10, -14) } else { (23, -126) };
    let e = (((want.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(min_exp);
    (got - want).abs() / 2f64.powi(e - mant_bits)
}

/// `m·2^e` for any `e` down to -1074 (one rounding).
pub(crate) fn scale(m: f64, e: i32) -> f64 {
    let half = e / 2;
    m * 2f64.powi(half) * 2f64.powi(e - half)
}

/// Whether two values are the same float, with NaNs equal and ±0 distinct.
pub(crate) fn same(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || (a == b && a.is_sign_negative() == b.is_sign_negative())
}

#[test]
fn instruction_table() {
    let mut names = std::collections::HashSet::new();
    for &op in OPCODES {
        assert!(names.insert(name(op).unwrap()), "duplicate name for {op}");
    }
    assert_eq!(OPCODES.len(), 162);
    assert_eq!(name(FMAX_COMMON), Some("fmax_common"));
    assert_eq!(name(U_MAD_HI), Some("u_mad_hi"));
    assert_eq!(name(111), None);
    assert_eq!(name(205), None);
    let unsupported: Vec<&str> = OPCODES
        .iter()
        .filter(|&&op| !supported(op))
        .map(|&op| name(op).unwrap())
        .collect();
    assert_eq!(
        unsupported,
        [
            "vloadn",
            "vstoren",
            "vload_half",
            "vload_halfn",
            "vstore_half",
            "vstore_half_r",
            "vstore_halfn",
            "vstore_halfn_r",
            "vloada_halfn",
            "vstorea_halfn",
            "vstorea_halfn_r",
            "printf",
            "prefetch"
        ]
    );
    assert!(!supported(300));
}

#[test]
fn errors() {
    let mut out = [0u64; 4];
    let x = [0u64];
    assert_eq!(
        ext_inst(VLOADN, F32, &[F32], 1, &[&x], &mut out, None),
        Err("vloadn")
    );
    assert_eq!(
        ext_inst(PRINTF, Scalar::I32, &[], 1, &[], &mut out, None),
        Err("printf")
    );
    assert!(ext_inst(999, F32, &[F32], 1, &[&x], &mut out, None).is_err());
    // Wrong operand count, lengths, missing pointer result, wrong types.
    assert!(ext_inst(SIN, F32, &[F32, F32], 1, &[&x, &x], &mut out, None).is_err());
    assert!(ext_inst(SIN, F32, &[F32], 2, &[&[0, 0, 0]], &mut out, None).is_err());
    assert!(ext_inst(SIN, F32, &[F32], 8, &[&x], &mut out, None).is_err());
    assert!(ext_inst(FREXP, F32, &[F32], 1, &[&x], &mut out, None).is_err());
    assert!(ext_inst(SIN, Scalar::I32, &[Scalar::I32], 1, &[&x], &mut out, None).is_err());
    assert!(ext_inst(S_ABS, F32, &[F32], 1, &[&x], &mut out, None).is_err());
    assert!(ext_inst(LDEXP, F32, &[F32, F32], 1, &[&x, &x], &mut out, None).is_err());
    assert!(ext_inst(
        U_UPSAMPLE,
        Scalar::I32,
        &[Scalar::I32, Scalar::I32],
        1,
        &[&x, &x],
        &mut out,
        None
    )
    .is_err());
    assert!(ext_inst(
        CROSS,
        F32,
        &[F32, F32],
        2,
        &[&[0, 0], &[0, 0]],
        &mut out,
        None
    )
    .is_err());
    // Zero lanes is a no-op.
    assert_eq!(
        ext_inst(SIN, F32, &[F32], 0, &[&[]], &mut out, None),
        Ok(())
    );
}

fn f32s(v: &[f32]) -> Vec<u64> {
    v.iter().map(|x| u64::from(x.to_bits())).collect()
}

fn as_f32s(v: &[u64]) -> Vec<f32> {
    v.iter().map(|&x| f32::from_bits(x as u32)).collect()
}

#[test]
fn vectors_and_broadcast() {
    // clamp(float4, float, float)
    let x = f32s(&[-2.0, 0.5, 3.0, f32::NAN]);
    let mut out = [0u64; 4];
    ext_inst(
        FCLAMP,
        F32,
        &[F32; 3],
        4,
        &[&x, &f32s(&[0.0]), &f32s(&[1.0])],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(as_f32s(&out)[..3], [0.0, 0.5, 1.0]);
    // ldexp(double3, int)
    let x: Vec<u64> = [1.0f64, -3.0, 0.75].iter().map(|v| v.to_bits()).collect();
    let mut out = [0u64; 3];
    ext_inst(
        LDEXP,
        F64,
        &[F64, Scalar::I32],
        3,
        &[&x, &[u64::from(-2i32 as u32)]],
        &mut out,
        None,
    )
    .unwrap();
    let got: Vec<f64> = out.iter().map(|&v| f64::from_bits(v)).collect();
    assert_eq!(got, [0.25, -0.75, 0.1875]);
    // s_clamp(short4, short, short) with a broadcast first operand too.
    let i16s = |v: &[i16]| -> Vec<u64> { v.iter().map(|&x| u64::from(x as u16)).collect() };
    let mut out = [0u64; 4];
    ext_inst(
        S_CLAMP,
        Scalar::I16,
        &[Scalar::I16; 3],
        4,
        &[&i16s(&[-7]), &i16s(&[-10, -5, 0, 5]), &i16s(&[10])],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out.to_vec(), i16s(&[-7, -5, 0, 5]));
    // frexp(float2) with its int pointer result.
    let mut out = [0u64; 2];
    let mut out2 = [0u64; 2];
    ext_inst(
        FREXP,
        F32,
        &[F32],
        2,
        &[&f32s(&[8.0, -0.375])],
        &mut out,
        Some(&mut out2),
    )
    .unwrap();
    assert_eq!(as_f32s(&out), [0.5, -0.75]);
    assert_eq!(out2, [4, u64::from(-1i32 as u32)]);
    // sincos(double2): cos through the pointer.
    let mut out = [0u64; 2];
    let mut out2 = [0u64; 2];
    let x = [0f64.to_bits(), 1f64.to_bits()];
    ext_inst(SINCOS, F64, &[F64], 2, &[&x], &mut out, Some(&mut out2)).unwrap();
    assert_eq!(out, [0f64.to_bits(), 1f64.sin().to_bits()]);
    assert_eq!(out2, [1f64.to_bits(), 1f64.cos().to_bits()]);
}

#[test]
fn shuffles() {
    let i32s = |v: &[u32]| -> Vec<u64> { v.iter().map(|&x| u64::from(x)).collect() };
    let x = i32s(&[10, 11, 12, 13]);
    let mut out = [0u64; 8];
    // shuffle(int4, uint8): 2 mask bits are used.
    let mask = i32s(&[3, 0, 5, 2, 1, 1, 0xffff_fffe, 7]);
    ext_inst(
        SHUFFLE,
        Scalar::I32,
        &[Scalar::I32; 2],
        8,
        &[&x, &mask],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out.to_vec(), i32s(&[13, 10, 11, 12, 11, 11, 12, 13]));
    // shuffle(int2, uint4) with a broadcast mask.
    let mut out = [0u64; 4];
    ext_inst(
        SHUFFLE,
        Scalar::I32,
        &[Scalar::I32; 2],
        4,
        &[&x[..2], &i32s(&[1])],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out.to_vec(), i32s(&[11; 4]));
    // shuffle(int4, uint2) with `lanes` = the widest operand: the mask sets the width.
    let mut out = [0u64; 2];
    ext_inst(
        SHUFFLE,
        Scalar::I32,
        &[Scalar::I32; 2],
        4,
        &[&x, &i32s(&[2, 1])],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out.to_vec(), i32s(&[12, 11]));
    // shuffle of a 3-element vector: index 3 wraps to 0.
    let mut out = [0u64; 4];
    ext_inst(
        SHUFFLE,
        Scalar::I32,
        &[Scalar::I32; 2],
        4,
        &[&x[..3], &i32s(&[0, 1, 2, 3])],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out.to_vec(), i32s(&[10, 11, 12, 10]));
    // shuffle2(char2, char2, uchar4): 2 mask bits.
    let a = [1u64, 2];
    let b = [3u64, 4];
    let mut out = [0u64; 4];
    ext_inst(
        SHUFFLE2,
        Scalar::I8,
        &[Scalar::I8; 3],
        4,
        &[&a, &b, &[3, 2, 4, 0xf1]],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out, [4, 3, 1, 2]);
    // shuffle2 of 4-element float vectors into 2 lanes.
    let a = f32s(&[0.0, 1.0, 2.0, 3.0]);
    let b = f32s(&[4.0, 5.0, 6.0, 7.0]);
    let mut out = [0u64; 2];
    ext_inst(
        SHUFFLE2,
        F32,
        &[F32, F32, Scalar::I32],
        2,
        &[&a, &b, &[7, 12]],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(as_f32s(&out), [7.0, 4.0]);
    // Mismatched source widths.
    assert!(ext_inst(
        SHUFFLE2,
        F32,
        &[F32, F32, Scalar::I32],
        2,
        &[&a, &b[..2], &[7, 12]],
        &mut out,
        None
    )
    .is_err());
}

#[test]
fn select_and_bitselect() {
    let i8s = [Scalar::I8; 3];
    // Scalar select: any nonzero c picks b.
    assert_eq!(call(SELECT, Scalar::I8, &i8s, &[1, 2, 0x02]).0, 2);
    assert_eq!(call(SELECT, Scalar::I8, &i8s, &[1, 2, 0]).0, 1);
    // Vector select: the most significant bit of c picks b.
    let mut out = [0u64; 3];
    ext_inst(
        SELECT,
        Scalar::I8,
        &i8s,
        3,
        &[&[1, 1, 1], &[2, 2, 2], &[0x80, 0x7f, 0xff]],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(out, [2, 1, 2]);
    // select(float2, float2, int2)
    let mut out = [0u64; 2];
    ext_inst(
        SELECT,
        F32,
        &[F32, F32, Scalar::I32],
        2,
        &[&f32s(&[1.0, 1.0]), &f32s(&[2.0]), &[0x8000_0000, 1]],
        &mut out,
        None,
    )
    .unwrap();
    assert_eq!(as_f32s(&out), [2.0, 1.0]);
    // bitselect on floats: sign from b, the rest from a.
    let (r, _) = call(
        BITSELECT,
        F32,
        &[F32, F32, Scalar::I32],
        &[
            u64::from(1.5f32.to_bits()),
            u64::from((-0.0f32).to_bits()),
            0x8000_0000,
        ],
    );
    assert_eq!(f32::from_bits(r as u32), -1.5);
    let (r, _) = call(
        BITSELECT,
        Scalar::I64,
        &[Scalar::I64; 3],
        &[0xaaaa, 0x5555, 0xff00],
    );
    assert_eq!(r, 0x55aa);
}

fn geo(op: u32, t: Scalar, a: &[f64], b: Option<&[f64]>) -> Vec<f64> {
    let ea: Vec<u64> = a.iter().map(|&x| enc(t, x)).collect();
    let eb: Vec<u64> = b.unwrap_or(&[]).iter().map(|&x| enc(t, x)).collect();
    let mut out = vec![0u64; a.len()];
    let (at, args): (Vec<Scalar>, Vec<&[u64]>) = match b {
        Some(_) => (vec![t, t], vec![&ea, &eb]),
        None => (vec![t], vec![&ea]),
    };
    ext_inst(op, t, &at, a.len(), &args, &mut out, None).unwrap();
    let n = if matches!(op, LENGTH | DISTANCE | FAST_LENGTH | FAST_DISTANCE) {
        1
    } else {
        a.len()
    };
    out[..n].iter().map(|&v| t.to_f64(v)).collect()
}

#[test]
fn geometric_exact_cases() {
    for t in FLOATS {
        for op in [LENGTH, FAST_LENGTH] {
            assert_eq!(geo(op, t, &[3.0, -4.0], None), [5.0]);
            assert_eq!(geo(op, t, &[0.0, -0.0, 0.0, 0.0], None), [0.0]);
            assert_eq!(geo(op, t, &[1.0, f64::NEG_INFINITY], None), [f64::INFINITY]);
            assert_eq!(
                geo(op, t, &[f64::NAN, f64::INFINITY], None),
                [f64::INFINITY]
            );
            assert!(geo(op, t, &[f64::NAN, 1.0], None)[0].is_nan());
            assert_eq!(geo(op, t, &[-2.0], None), [2.0]);
        }
        for op in [DISTANCE, FAST_DISTANCE] {
            assert_eq!(geo(op, t, &[1.0, 2.0, 3.0], Some(&[4.0, 6.0, 3.0])), [5.0]);
        }
        for op in [NORMALIZE, FAST_NORMALIZE] {
            assert_eq!(geo(op, t, &[0.0, -4.0], None), [0.0, -1.0]);
            let z = geo(op, t, &[0.0, -0.0, 0.0], None);
            assert!(same(z[1], -0.0) && same(z[0], 0.0));
            let v = geo(op, t, &[f64::INFINITY, 7.0, f64::NEG_INFINITY, -1.0], None);
            let h = std::f64::consts::FRAC_1_SQRT_2;
            assert!(ulp_err(t, v[0], h) <= 1.0 && ulp_err(t, -v[2], h) <= 1.0);
            assert_eq!(v[0], -v[2]);
            assert!(same(v[1], 0.0));
            assert!(same(v[3], -0.0));
            assert!(geo(op, t, &[1.0, f64::NAN], None)
                .iter()
                .all(|x| x.is_nan()));
        }
        assert_eq!(
            geo(CROSS, t, &[1.0, 0.0, 0.0], Some(&[0.0, 1.0, 0.0])),
            [0.0, 0.0, 1.0]
        );
        assert_eq!(
            geo(CROSS, t, &[1.0, 2.0, 3.0, 9.0], Some(&[4.0, 5.0, 6.0, 9.0])),
            [-3.0, 6.0, -3.0, 0.0]
        );
    }
    // No overflow or underflow in intermediate sums of squares.
    let big = geo(LENGTH, F64, &[3e300, 4e300], None)[0];
    assert!(ulp_err(F64, big, 5e300) <= 1.0);
    let q = f64::from_bits(1000); // 1000 * 2^-1074
    assert_eq!(geo(LENGTH, F64, &[3.0 * q, 4.0 * q], None), [5.0 * q]);
    assert_eq!(geo(NORMALIZE, F64, &[3.0 * q, 4.0 * q], None), [0.6, 0.8]);
    assert_eq!(geo(LENGTH, F32, &[3e38, 3e38], None), [f64::INFINITY]);
    let l = geo(LENGTH, F32, &[2e38, 2e38], None)[0];
    assert!(ulp_err(F32, l, round_to(F32, 2e38) * 2f64.sqrt()) == 0.0);
    assert_eq!(geo(LENGTH, F16, &[60000.0, 60000.0], None), [f64::INFINITY]);
    assert_eq!(geo(LENGTH, F16, &[12288.0, 16384.0], None), [20480.0]);
}

mod geometric_props {
    use super::*;
    use proptest::prelude::*;

    fn comp() -> impl Strategy<Value = f64> {
        prop_oneof![-1e6f64..1e6, -1.0f64..1.0, -1e-30f64..1e-30]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn accuracy(a in proptest::collection::vec(comp(), 2..=4),
                    b in proptest::collection::vec(comp(), 4)) {
            let n = a.len();
            let b = &b[..n];
            for t in [F32, F64] {
                let a: Vec<f64> = a.iter().map(|&x| round_to(t, x)).collect();
                let b: Vec<f64> = b.iter().map(|&x| round_to(t, x)).collect();
                let bound = if t == F64 { 2.0 } else { 0.5 + 1e-6 };
                let len: f64 = a.iter().map(|x| x * x).sum::<f64>().sqrt();
                let got = geo(LENGTH, t, &a, None)[0];
                prop_assert!(ulp_err(t, got, len) <= bound, "length {a:?}: {got} vs {len}");
                let d: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x - y).collect();
                let dist: f64 = d.iter().map(|x| x * x).sum::<f64>().sqrt();
                let got = geo(DISTANCE, t, &a, Some(&b))[0];
                prop_assert!(ulp_err(t, got, dist) <= bound + 1.0, "distance {got} vs {dist}");
                if len > 0.0 {
                    let got = geo(NORMALIZE, t, &a, None);
                    for (g, x) in got.iter().zip(&a) {
                        let want = x / len;
                        // Absolute error relative to the unit length.
                        let err = (g - want).abs() / f64::EPSILON;
                        let lim = if t == F64 { 4.0 } else { 2f64.powi(29) };
                        prop_assert!(err <= lim, "normalize {a:?}: {g} vs {want}");
                    }
                }
                if n >= 3 {
                    let got = geo(CROSS, t, &a[..3], Some(&b[..3]));
                    let want = [
                        a[1] * b[2] - a[2] * b[1],
                        a[2] * b[0] - a[0] * b[2],
                        a[0] * b[1] - a[1] * b[0],
                    ];
                    for (g, w) in got.iter().zip(want) {
                        // Cancellation makes the naive f64 reference inexact for F64.
                        let scale = a.iter().chain(&b).fold(0f64, |m, x| m.max(x.abs()));
                        let tol = if t == F64 { 4.0 * scale * scale * f64::EPSILON } else { 0.0 };
                        prop_assert!((g - w).abs() <= tol || ulp_err(t, *g, w) <= 0.5 + 1e-6,
                            "cross {a:?} {b:?}: {g} vs {w}");
                    }
                }
            }
        }
    }
}
