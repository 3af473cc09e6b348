//! Edge cases: ±0, ±inf, NaN, denormals, domain edges, the special values listed by the
//! OpenCL C specification. `fract`, `modf`, `remquo`, `lgamma_r` and `sincos` are in
//! `pointer_results.rs`.

use super::accuracy::{BINARY, FLOAT_INT, TERNARY, UNARY};
use super::*;

pub(crate) const INF: f64 = f64::INFINITY;
pub(crate) const NAN: f64 = f64::NAN;

/// Special inputs of float type `t`.
fn specials(t: Scalar) -> Vec<f64> {
    let (min_sub, max_sub, min_norm, max) = match t {
        Scalar::F16 => (
            2f64.powi(-24),
            2f64.powi(-14) - 2f64.powi(-24),
            2f64.powi(-14),
            65504.0,
        ),
        Scalar::F32 => (
            f64::from(f32::from_bits(1)),
            f64::from(f32::from_bits(0x7f_ffff)),
            f64::from(f32::MIN_POSITIVE),
            f64::from(f32::MAX),
        ),
        _ => (
            f64::from_bits(1),
            f64::from_bits(0xf_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
        ),
    };
    let mut v = vec![
        0.0, INF, NAN, min_sub, max_sub, min_norm, max, 1.0, 0.5, 0.25, 0.75, 1.5, 2.0, 2.5, 3.0,
        10.0, 100.0, 1e-3, 0.1, 0.3, 0.7, 0.9,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v.into_iter().map(|x| round_to(t, x)).collect()
}

/// Every table function on every special input (and pairs / triples of them), within the
/// same bounds as the random tests; zero results must also have the reference's sign for the
/// functions that forward to the libm.
#[test]
fn table_functions_on_special_inputs() {
    for t in FLOATS {
        let sp = specials(t);
        for f in UNARY {
            let (r, bound) = if t == F64 {
                (f.r64, f.b64)
            } else {
                (f.r32, f.b32)
            };
            for &x in &sp {
                let got = callf(f.op, t, &[x]);
                let want = r(x);
                let err = ulp_err(t, got, want);
                assert!(
                    err <= bound,
                    "{}({t:?} {x:e}) = {got:e}, want {want:e}",
                    name(f.op).unwrap()
                );
                if got == 0.0 && want == 0.0 && !matches!(f.op, COSPI | SINPI | TANPI) {
                    assert!(same(got, want), "{}({x:e}): zero sign", name(f.op).unwrap());
                }
            }
        }
        // powr's special cases differ from pow's: see `pown_powr_rootn_edges`.
        for f in BINARY
            .iter()
            .filter(|f| !matches!(f.op, POWR | HALF_POWR | NATIVE_POWR))
        {
            let bound = if t == F64 { f.b64 } else { f.b32 };
            for &x in &sp {
                for &y in &sp {
                    let got = callf(f.op, t, &[x, y]);
                    let want = (f.r)(x, y);
                    assert!(
                        ulp_err(t, got, want) <= bound,
                        "{}({t:?} {x:e}, {y:e}) = {got:e}, want {want:e}",
                        name(f.op).unwrap()
                    );
                }
            }
        }
        let few: Vec<f64> = sp.iter().copied().step_by(3).collect();
        for f in TERNARY {
            let bound = if t == F64 { f.b64 } else { f.b32 };
            for &x in &few {
                for &y in &few {
                    for &z in &few {
                        let got = callf(f.op, t, &[x, y, z]);
                        let want = (f.r)(x, y, z);
                        assert!(
                            ulp_err(t, got, want) <= bound,
                            "{}({t:?} {x:e}, {y:e}, {z:e}) = {got:e}, want {want:e}",
                            name(f.op).unwrap()
                        );
                    }
                }
            }
        }
        for f in FLOAT_INT {
            let bound = if t == F64 { f.b64 } else { f.b32 };
            for &x in &sp {
                for n in [-1200, -150, -3, -2, -1, 0, 1, 2, 3, 7, 150, 1200] {
                    let got = callfi(f.op, t, x, n);
                    let want = (f.r)(x, n);
                    assert!(
                        ulp_err(t, got, want) <= bound,
                        "{}({t:?} {x:e}, {n}) = {got:e}, want {want:e}",
                        name(f.op).unwrap()
                    );
                }
            }
        }
    }
}

fn check1(op: u32, cases: &[(f64, f64)]) {
    for t in FLOATS {
        for &(x, want) in cases {
            let got = callf(op, t, &[x]);
            let want = round_to(t, want);
            assert!(
                same(got, want),
                "{}({t:?} {x}) = {got}, want {want}",
                name(op).unwrap()
            );
        }
    }
}

fn check2(op: u32, cases: &[(f64, f64, f64)]) {
    for t in FLOATS {
        for &(x, y, want) in cases {
            let got = callf(op, t, &[x, y]);
            let want = round_to(t, want);
            assert!(
                same(got, want),
                "{}({t:?} {x}, {y}) = {got}, want {want}",
                name(op).unwrap()
            );
        }
    }
}

#[test]
fn pi_functions() {
    check1(ACOSPI, &[(1.0, 0.0), (-1.0, 1.0), (0.0, 0.5), (2.0, NAN)]);
    check1(
        ASINPI,
        &[(0.0, 0.0), (-0.0, -0.0), (1.0, 0.5), (-1.0, -0.5)],
    );
    check1(
        ATANPI,
        &[
            (0.0, 0.0),
            (-0.0, -0.0),
            (INF, 0.5),
            (-INF, -0.5),
            (1.0, 0.25),
            (NAN, NAN),
        ],
    );
    check2(
        ATAN2PI,
        &[
            (0.0, -0.0, 1.0),
            (-0.0, -0.0, -1.0),
            (0.0, 0.0, 0.0),
            (-0.0, 0.0, -0.0),
            (0.0, -3.0, 1.0),
            (-0.0, -3.0, -1.0),
            (0.0, 3.0, 0.0),
            (-0.0, 3.0, -0.0),
            (-2.0, 0.0, -0.5),
            (-2.0, -0.0, -0.5),
            (2.0, 0.0, 0.5),
            (2.0, -INF, 1.0),
            (-2.0, -INF, -1.0),
            (2.0, INF, 0.0),
            (-2.0, INF, -0.0),
            (INF, 5.0, 0.5),
            (-INF, -5.0, -0.5),
            (INF, -INF, 0.75),
            (-INF, -INF, -0.75),
            (INF, INF, 0.25),
            (-INF, INF, -0.25),
            (1.0, 1.0, 0.25),
            (-1.0, -1.0, -0.75),
            (NAN, 1.0, NAN),
        ],
    );
    check1(
        SINPI,
        &[
            (0.0, 0.0),
            (-0.0, -0.0),
            (1.0, 0.0),
            (2.0, 0.0),
            (7.0, 0.0),
            (-1.0, -0.0),
            (-4.0, -0.0),
            (0.5, 1.0),
            (1.5, -1.0),
            (-0.5, -1.0),
            (2.5, 1.0),
            (100.5, 1.0),
            (INF, NAN),
            (-INF, NAN),
            (NAN, NAN),
        ],
    );
    check1(
        COSPI,
        &[
            (0.0, 1.0),
            (-0.0, 1.0),
            (0.5, 0.0),
            (-0.5, 0.0),
            (1.5, 0.0),
            (-2.5, 0.0),
            (1.0, -1.0),
            (-3.0, -1.0),
            (2.0, 1.0),
            (INF, NAN),
            (NAN, NAN),
        ],
    );
    check1(
        TANPI,
        &[
            (0.0, 0.0),
            (-0.0, -0.0),
            (2.0, 0.0),
            (-2.0, -0.0),
            (1.0, -0.0),
            (3.0, -0.0),
            (-1.0, 0.0),
            (0.5, INF),
            (2.5, INF),
            (1.5, -INF),
            (-0.5, -INF),
            (-1.5, INF),
            (0.25, 1.0),
            (-0.25, -1.0),
            (0.75, -1.0),
            (INF, NAN),
            (NAN, NAN),
        ],
    );
    // Beyond 2^53 every F64 is an even integer; beyond 2^24 every F32 is an integer.
    assert!(same(callf(SINPI, F64, &[1e300]), 0.0));
    assert!(same(callf(SINPI, F64, &[-1e300]), -0.0));
    assert_eq!(callf(COSPI, F64, &[1e300]), 1.0);
    assert!(same(callf(TANPI, F64, &[-1e300]), -0.0));
    assert!(same(callf(SINPI, F32, &[-3e38]), -0.0));
    assert_eq!(callf(COSPI, F32, &[16_777_217.0 * 2.0 + 2.0]), 1.0);
    assert_eq!(callf(COSPI, F32, &[8_388_609.0]), -1.0);
    // Denormal arguments: π·x.
    let tiny = f64::from_bits(1000);
    let got = callf(SINPI, F64, &[tiny]);
    assert!(ulp_err(F64, got, std::f64::consts::PI * tiny) <= 1.0);
}

#[test]
fn exp_log_edges() {
    check1(
        EXP10,
        &[
            (-INF, 0.0),
            (INF, INF),
            (0.0, 1.0),
            (2.0, 100.0),
            (NAN, NAN),
        ],
    );
    check1(EXP, &[(-INF, 0.0), (INF, INF), (-0.0, 1.0)]);
    check1(EXPM1, &[(-0.0, -0.0), (-INF, -1.0)]);
    check1(
        LOG,
        &[
            (0.0, -INF),
            (-0.0, -INF),
            (-1.0, NAN),
            (INF, INF),
            (1.0, 0.0),
        ],
    );
    check1(LOG1P, &[(-1.0, -INF), (-0.0, -0.0), (-2.0, NAN)]);
    check1(LOG2, &[(8.0, 3.0), (0.0, -INF)]);
    check1(
        LOGB,
        &[
            (0.0, -INF),
            (-0.0, -INF),
            (INF, INF),
            (-INF, INF),
            (-10.0, 3.0),
            (NAN, NAN),
        ],
    );
    check1(
        RSQRT,
        &[
            (0.0, INF),
            (-0.0, -INF),
            (INF, 0.0),
            (4.0, 0.5),
            (-1.0, NAN),
        ],
    );
    check1(SQRT, &[(-0.0, -0.0), (-1.0, NAN)]);
    check1(CBRT, &[(-8.0, -2.0), (-0.0, -0.0)]);
    // Denormal results are kept.
    let min32 = f64::from(f32::from_bits(1));
    assert_eq!(callf(EXP2, F32, &[-149.0]), min32);
    assert_eq!(callf(EXP2, F64, &[-1074.0]), f64::from_bits(1));
    assert_eq!(callf(EXP2, F16, &[-24.0]), 2f64.powi(-24));
}

#[test]
fn rounding_and_misc_edges() {
    check1(ROUND, &[(-2.5, -3.0), (2.5, 3.0), (-0.4, -0.0), (0.5, 1.0)]);
    check1(RINT, &[(2.5, 2.0), (3.5, 4.0), (-0.5, -0.0), (-1.5, -2.0)]);
    check1(TRUNC, &[(-0.7, -0.0), (2.9, 2.0)]);
    check1(CEIL, &[(-0.5, -0.0), (0.2, 1.0)]);
    check1(FLOOR, &[(-0.5, -1.0), (-0.0, -0.0)]);
    check1(
        SIGN,
        &[
            (NAN, 0.0),
            (0.0, 0.0),
            (-0.0, -0.0),
            (-3.0, -1.0),
            (INF, 1.0),
            (1e-7, 1.0),
        ],
    );
    check1(
        DEGREES,
        &[(std::f64::consts::PI, 180.0), (-0.0, -0.0), (INF, INF)],
    );
    check1(
        RADIANS,
        &[(180.0, std::f64::consts::PI), (0.0, 0.0), (-INF, -INF)],
    );
    check2(
        FDIM,
        &[
            (3.0, 1.0, 2.0),
            (1.0, 3.0, 0.0),
            (NAN, 1.0, NAN),
            (1.0, NAN, NAN),
            (INF, INF, 0.0),
        ],
    );
    check2(FMAX, &[(NAN, 1.0, 1.0), (1.0, NAN, 1.0), (-INF, 2.0, 2.0)]);
    check2(FMIN, &[(NAN, 1.0, 1.0), (1.0, NAN, 1.0), (-INF, 2.0, -INF)]);
    check2(
        MAXMAG,
        &[
            (-3.0, 2.0, -3.0),
            (2.0, -3.0, -3.0),
            (-2.0, 2.0, 2.0),
            (NAN, 1.0, 1.0),
        ],
    );
    check2(
        MINMAG,
        &[
            (-3.0, 2.0, 2.0),
            (2.0, -3.0, 2.0),
            (-2.0, 2.0, -2.0),
            (NAN, 1.0, 1.0),
        ],
    );
    check2(
        FMOD,
        &[
            (5.5, 2.0, 1.5),
            (-5.5, 2.0, -1.5),
            (1.0, 0.0, NAN),
            (INF, 1.0, NAN),
            (1.0, INF, 1.0),
            (-0.0, 1.0, -0.0),
        ],
    );
    check2(
        REMAINDER,
        &[
            (5.0, 3.0, -1.0),
            (2.5, 1.0, 0.5),
            (3.5, 1.0, -0.5),
            (-2.0, 2.0, -0.0),
            (1.0, 0.0, NAN),
            (INF, 1.0, NAN),
            (1.0, INF, 1.0),
        ],
    );
    check2(STEP, &[(1.0, 0.5, 0.0), (1.0, 1.0, 1.0), (NAN, 1.0, 1.0)]);
    check2(COPYSIGN, &[(2.0, -0.0, -2.0), (-2.0, NAN, 2.0)]);
    check2(HYPOT, &[(INF, NAN, INF), (3.0, 4.0, 5.0)]);
    check2(
        POW,
        &[
            (-2.0, 3.0, -8.0),
            (-0.0, -1.0, -INF),
            (NAN, 0.0, 1.0),
            (1.0, NAN, 1.0),
            (-1.0, INF, 1.0),
        ],
    );
    for t in FLOATS {
        // smoothstep and mix
        assert_eq!(callf(SMOOTHSTEP, t, &[0.0, 1.0, 0.5]), 0.5);
        assert_eq!(callf(SMOOTHSTEP, t, &[0.0, 1.0, -3.0]), 0.0);
        assert_eq!(callf(SMOOTHSTEP, t, &[0.0, 1.0, 3.0]), 1.0);
        assert_eq!(callf(MIX, t, &[2.0, 4.0, 0.25]), 2.5);
        assert_eq!(callf(FCLAMP, t, &[5.0, -1.0, 1.0]), 1.0);
        // fma: exact zero sums and infinities
        assert!(same(callf(FMA, t, &[1.0, -0.0, -0.0]), -0.0));
        assert!(same(callf(FMA, t, &[INF, 0.0, 1.0]), NAN));
        assert_eq!(callf(MAD, t, &[2.0, 3.0, 4.0]), 10.0);
        // half_/native_ divide and recip
        assert_eq!(callf(HALF_DIVIDE, t, &[1.0, 0.0]), INF);
        assert_eq!(callf(NATIVE_RECIP, t, &[-0.0]), -INF);
    }
    // fma is rounded once: (1 + e)^2 - 1 = 2e + e^2 is lost without the fused product.
    for (t, e) in [(F16, -6), (F32, -12), (F64, -26)] {
        let e = 2f64.powi(e);
        assert_eq!(callf(FMA, t, &[1.0 + e, 1.0 + e, -1.0]), 2.0 * e + e * e);
    }
}

#[test]
fn pown_powr_rootn_edges() {
    let pown = |n: i32, cases: &[(f64, f64)]| {
        for t in FLOATS {
            for &(x, want) in cases {
                let got = callfi(POWN, t, x, n);
                assert!(same(got, want), "pown({t:?} {x}, {n}) = {got}, want {want}");
            }
        }
    };
    pown(0, &[(NAN, 1.0), (INF, 1.0), (0.0, 1.0), (-0.0, 1.0)]);
    pown(-3, &[(0.0, INF), (-0.0, -INF), (-2.0, -0.125)]);
    pown(-2, &[(0.0, INF), (-0.0, INF)]);
    pown(3, &[(-0.0, -0.0), (0.0, 0.0), (-2.0, -8.0), (-INF, -INF)]);
    pown(2, &[(-0.0, 0.0), (-3.0, 9.0)]);
    check2(
        POWR,
        &[
            (2.0, 0.0, 1.0),
            (2.0, -0.0, 1.0),
            (0.0, -2.0, INF),
            (-0.0, -3.0, INF),
            (0.0, -INF, INF),
            (-0.0, 3.0, 0.0),
            (0.0, 0.5, 0.0),
            (1.0, 1e3, 1.0),
            (-1.0, 2.0, NAN),
            (-0.5, 3.0, NAN),
            (0.0, 0.0, NAN),
            (-0.0, -0.0, NAN),
            (INF, 0.0, NAN),
            (1.0, INF, NAN),
            (1.0, -INF, NAN),
            (2.0, NAN, NAN),
            (NAN, 0.0, NAN),
            (INF, 2.0, INF),
            (INF, -2.0, 0.0),
            (4.0, 0.5, 2.0),
        ],
    );
    let rootn = |n: i32, cases: &[(f64, f64)]| {
        for t in FLOATS {
            for &(x, want) in cases {
                let got = callfi(ROOTN, t, x, n);
                assert!(
                    same(got, want),
                    "rootn({t:?} {x}, {n}) = {got}, want {want}"
                );
            }
        }
    };
    rootn(
        -3,
        &[
            (0.0, INF),
            (-0.0, -INF),
            (-8.0, -0.5),
            (-INF, -0.0),
            (INF, 0.0),
        ],
    );
    rootn(-2, &[(0.0, INF), (-0.0, INF), (-4.0, NAN), (4.0, 0.5)]);
    rootn(
        3,
        &[
            (0.0, 0.0),
            (-0.0, -0.0),
            (-27.0, -3.0),
            (-INF, -INF),
            (NAN, NAN),
        ],
    );
    rootn(2, &[(0.0, 0.0), (-0.0, 0.0), (-1.0, NAN), (INF, INF)]);
    rootn(0, &[(1.0, NAN), (0.0, NAN)]);
    rootn(5, &[(32.0, 2.0), (-32.0, -2.0), (1.0, 1.0)]);
    rootn(-4, &[(16.0, 0.5), (-16.0, NAN)]);
    rootn(10, &[(1024.0, 2.0)]);
    rootn(i32::MIN, &[(1.0, 1.0), (0.0, INF)]);
    // Large roots of extreme values.
    assert_eq!(callfi(ROOTN, F64, f64::MAX, 1), f64::MAX);
    let r = callfi(ROOTN, F64, f64::from_bits(1), 2);
    assert_eq!(r, f64::from_bits(1).sqrt());
    assert_eq!(callfi(ROOTN, F64, f64::from_bits(1), 2), 2f64.powi(-537));
    assert_eq!(callfi(ROOTN, F64, f64::from_bits(1), 3), 2f64.powi(-358));
    assert_eq!(callfi(ROOTN, F64, 2f64.powi(1020), -4), 2f64.powi(-255));
    assert_eq!(callfi(ROOTN, F64, f64::from_bits(1), -1), INF);
    assert_eq!(callfi(ROOTN, F64, f64::from_bits(1), -2), 2f64.powi(537));
}

#[test]
fn ldexp_frexp_ilogb_edges() {
    for t in FLOATS {
        let (max_e, min_e) = match t {
            Scalar::F16 => (15, -24),
            Scalar::F32 => (127, -149),
            _ => (1023, -1074),
        };
        assert_eq!(callfi(LDEXP, t, 1.0, max_e), 2f64.powi(max_e));
        assert_eq!(callfi(LDEXP, t, 1.0, max_e + 1), INF);
        assert_eq!(callfi(LDEXP, t, -1.0, i32::MAX), -INF);
        assert_eq!(callfi(LDEXP, t, 1.0, min_e), scale(1.0, min_e));
        assert!(same(callfi(LDEXP, t, -1.0, min_e - 2), -0.0));
        assert!(same(callfi(LDEXP, t, 1.0, i32::MIN), 0.0));
        // Ties to even at the bottom of the denormals.
        assert_eq!(callfi(LDEXP, t, 1.5, min_e - 1), scale(1.0, min_e));
        assert_eq!(callfi(LDEXP, t, 3.0, min_e - 1), scale(2.0, min_e));
        assert_eq!(callfi(LDEXP, t, scale(1.0, min_e), -min_e), 1.0);
        assert!(callfi(LDEXP, t, NAN, 3).is_nan());
        assert_eq!(callfi(LDEXP, t, -INF, -3), -INF);

        let frexp = |x: f64| {
            let (m, e) = callf2(FREXP, t, &[x]);
            (m, e as u32 as i32)
        };
        assert_eq!(frexp(8.0), (0.5, 4));
        assert_eq!(frexp(-3.0), (-0.75, 2));
        assert_eq!(frexp(scale(1.0, min_e)), (0.5, min_e + 1));
        assert!(same(frexp(-0.0).0, -0.0) && frexp(-0.0).1 == 0);
        assert_eq!(frexp(INF), (INF, 0));
        assert!(frexp(NAN).0.is_nan() && frexp(NAN).1 == 0);

        let ilogb = |x: f64| call(ILOGB, Scalar::I32, &[t], &[enc(t, x)]).0 as u32 as i32;
        assert_eq!(ilogb(0.0), i32::MIN);
        assert_eq!(ilogb(-0.0), i32::MIN);
        assert_eq!(ilogb(NAN), i32::MAX);
        assert_eq!(ilogb(INF), i32::MAX);
        assert_eq!(ilogb(-INF), i32::MAX);
        assert_eq!(ilogb(1.0), 0);
        assert_eq!(ilogb(-0.3), -2);
        assert_eq!(ilogb(scale(1.0, min_e)), min_e);
        assert_eq!(ilogb(scale(1.5, max_e)), max_e);
    }
}

#[test]
fn nan_nextafter_edges() {
    let nan = |t: Scalar, it: Scalar, code: u64| {
        call(spirv_exec::opencl_std::opcode::NAN, t, &[it], &[code]).0
    };
    assert_eq!(nan(F16, Scalar::I16, 0), 0x7e00);
    assert_eq!(nan(F16, Scalar::I16, 0x1234), 0x7e34);
    assert_eq!(nan(F32, Scalar::I32, 0), 0x7fc0_0000);
    assert_eq!(nan(F32, Scalar::I32, 0x1234_5678), 0x7ff4_5678);
    assert_eq!(nan(F64, Scalar::I64, 7), 0x7ff8_0000_0000_0007);
    for t in FLOATS {
        assert!(t.to_f64(nan(t, Scalar::I32, 99)).is_nan());
    }
    let next = |t: Scalar, x: f64, y: f64| callf(NEXTAFTER, t, &[x, y]);
    for t in FLOATS {
        let min_sub = match t {
            Scalar::F16 => 2f64.powi(-24),
            Scalar::F32 => f64::from(f32::from_bits(1)),
            _ => f64::from_bits(1),
        };
        assert_eq!(next(t, 0.0, 1.0), min_sub);
        assert_eq!(next(t, 0.0, -1.0), -min_sub);
        assert_eq!(next(t, -0.0, 1.0), min_sub);
        assert!(same(next(t, min_sub, 0.0), 0.0));
        assert!(same(next(t, -min_sub, 0.0), -0.0));
        assert!(same(next(t, -0.0, 0.0), 0.0));
        assert!(same(next(t, 0.0, -0.0), -0.0));
        assert!(next(t, NAN, 1.0).is_nan());
        assert!(next(t, 1.0, NAN).is_nan());
        assert_eq!(next(t, INF, 0.0), specials(t)[6]);
        assert_eq!(next(t, specials(t)[6], INF), INF);
        assert_eq!(next(t, 1.0, 1.0), 1.0);
        assert!(next(t, 1.0, 2.0) > 1.0 && next(t, 1.0, 0.0) < 1.0);
        assert_eq!(next(t, -1.0, -2.0), -next(t, 1.0, 2.0));
    }
    assert_eq!(next(F32, 1.0, 2.0), 1.0 + 2f64.powi(-23));
    assert_eq!(next(F16, 1.0, 0.0), 1.0 - 2f64.powi(-11));
    assert_eq!(next(F64, 1.0, 2.0), 1.0 + f64::EPSILON);
}
