//! Edge cases of the functions with pointer results: `fract`, `modf`, `remquo`, `lgamma_r`,
//! `sincos` (`frexp` is with `ldexp` and `ilogb` in `special.rs`).

use super::accuracy::{sample, Dom};
use super::special::{INF, NAN};
use super::*;
use proptest::prelude::*;

#[test]
fn fract_modf_edges() {
    for t in FLOATS {
        let fract = |x: f64| callf2(FRACT, t, &[x]);
        let modf = |x: f64| callf2(MODF, t, &[x]);
        let dec = |v: u64| t.to_f64(v);
        let pairs = |(a, b): (f64, u64), (wa, wb): (f64, f64)| {
            assert!(
                same(a, wa) && same(dec(b), wb),
                "{t:?}: ({a}, {}) vs ({wa}, {wb})",
                dec(b)
            );
        };
        pairs(fract(-0.0), (-0.0, -0.0));
        pairs(fract(0.0), (0.0, 0.0));
        pairs(fract(INF), (0.0, INF));
        pairs(fract(-INF), (-0.0, -INF));
        pairs(fract(NAN), (NAN, NAN));
        pairs(fract(2.75), (0.75, 2.0));
        pairs(fract(-2.75), (0.25, -3.0));
        pairs(fract(-3.0), (0.0, -3.0));
        // x - floor(x) rounds to 1 in the type: clamped to the largest value below 1.
        let below_one = match t {
            Scalar::F16 => 1.0 - 2f64.powi(-11),
            Scalar::F32 => 1.0 - 2f64.powi(-24),
            _ => 1.0 - 2f64.powi(-53),
        };
        let tiny = if t == F16 {
            -2f64.powi(-20)
        } else {
            -2f64.powi(-60)
        };
        pairs(fract(tiny), (below_one, -1.0));

        pairs(modf(-3.5), (-0.5, -3.0));
        pairs(modf(3.5), (0.5, 3.0));
        pairs(modf(-3.0), (-0.0, -3.0));
        pairs(modf(-0.0), (-0.0, -0.0));
        pairs(modf(INF), (0.0, INF));
        pairs(modf(-INF), (-0.0, -INF));
        pairs(modf(NAN), (NAN, NAN));
        pairs(modf(-0.25), (-0.25, -0.0));
    }
}

#[test]
fn remquo_edges() {
    for t in FLOATS {
        let rq = |x: f64, y: f64| {
            let (r, q) = callf2(REMQUO, t, &[x, y]);
            (r, q as u32 as i32)
        };
        assert_eq!(rq(5.0, 3.0), (-1.0, 2));
        assert_eq!(rq(-5.0, 3.0), (1.0, -2));
        assert_eq!(rq(5.0, -3.0), (-1.0, -2));
        assert_eq!(rq(2.5, 1.0), (0.5, 2));
        assert_eq!(rq(3.5, 1.0), (-0.5, 4));
        assert_eq!(rq(1000.0, 1.0), (0.0, 1000 & 127));
        assert_eq!(rq(-1000.0, 1.0).1, -(1000 & 127));
        assert!(same(rq(-2.0, 1.0).0, -0.0));
        assert_eq!(rq(3.0, INF), (3.0, 0));
        assert!(rq(1.0, 0.0).0.is_nan());
        assert!(rq(INF, 1.0).0.is_nan());
        assert!(rq(NAN, 1.0).0.is_nan());
        assert!(rq(1.0, NAN).0.is_nan());
    }
    // Denormal divisors and huge quotients.
    let d = f64::from_bits(3);
    let (r, q) = callf2(REMQUO, F64, &[f64::from_bits(10), d]);
    assert_eq!((r, q), (f64::from_bits(1), 3));
    let (r, q) = callf2(REMQUO, F64, &[f64::MAX, 1.0]);
    assert_eq!((r, q), (0.0, 0));
    let (r, q) = callf2(REMQUO, F64, &[f64::MAX, f64::MAX / 3.0]);
    assert_eq!(q as u32 as i32, 3);
    assert!(ulp_err(F64, r, clib::remainder(f64::MAX, f64::MAX / 3.0)) == 0.0);
}

#[test]
fn lgamma_r_and_sincos_edges() {
    for t in FLOATS {
        let lg = |x: f64| {
            let (v, s) = callf2(LGAMMA_R, t, &[x]);
            (v, s as u32 as i32)
        };
        assert_eq!(lg(1.0), (0.0, 1));
        assert_eq!(lg(2.0), (0.0, 1));
        assert_eq!(lg(-0.5).1, -1);
        assert_eq!(lg(-1.5).1, 1);
        assert_eq!(lg(0.5).1, 1);
        assert_eq!(lg(0.0).0, INF);
        assert_eq!(lg(-2.0).0, INF);
        assert_eq!(lg(INF).0, INF);
        assert!(ulp_err(t, lg(0.5).0, std::f64::consts::PI.sqrt().ln()) <= 1.0);
        let sc = |x: f64| {
            let (s, c) = callf2(SINCOS, t, &[x]);
            (s, t.to_f64(c))
        };
        assert!(same(sc(-0.0).0, -0.0) && sc(-0.0).1 == 1.0);
        assert!(sc(INF).0.is_nan() && sc(INF).1.is_nan());
        assert_eq!(sc(1.0), (round_to(t, 1f64.sin()), round_to(t, 1f64.cos())));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Pointer-result functions and the type-exact ones, against the C library.
    #[test]
    fn pointer_and_exact_functions(bits in any::<u64>(), by in any::<u64>()) {
        for t in FLOATS {
            let x = sample(Dom::Any, t, bits);
            let y = sample(Dom::Any, t, by);
            // frexp
            let (m, e) = callf2(FREXP, t, &[x]);
            let (cm, ce) = clib::frexp_(x);
            prop_assert!(same(m, cm) && e as u32 as i32 == ce, "frexp({x:e})");
            // ilogb / logb (glibc's FP_ILOGB0 / FP_ILOGBNAN differ from OpenCL's)
            if x.is_finite() && x != 0.0 {
                let ie = call(ILOGB, Scalar::I32, &[t], &[enc(t, x)]).0 as u32 as i32;
                prop_assert_eq!(ie, clib::ilogb(x));
            }
            prop_assert!(same(callf(LOGB, t, &[x]), clib::logb(x)));
            if !x.is_finite() {
                continue;
            }
            // modf
            let (frac, whole) = callf2(MODF, t, &[x]);
            prop_assert!(same(t.to_f64(whole), x.trunc()));
            prop_assert!(same(frac, (x - x.trunc()).copysign(x)));
            // fract
            let (fr, fl) = callf2(FRACT, t, &[x]);
            let fl = t.to_f64(fl);
            prop_assert!(same(fl, x.floor()));
            prop_assert!((0.0..1.0).contains(&fr));
            let want = round_to(t, x - x.floor());
            prop_assert!(fr == want || (want == 1.0 && fr < 1.0 && fr > 0.99), "fract({:e}) = {}", x, fr);
            // lgamma_r
            let (lv, ls) = callf2(LGAMMA_R, t, &[x]);
            let (rv, rs) = clib::lgamma_r_(x);
            prop_assert!(ulp_err(t, lv, rv) == 0.0 && ls as u32 as i32 == rs);
            // remquo against glibc (which returns 3 quotient bits) and remainder
            let (r, q) = callf2(REMQUO, t, &[x, y]);
            let (cr, cq) = clib::remquo_(x, y);
            prop_assert!(same(r, cr) || (r.is_nan() && cr.is_nan()), "remquo({x:e}, {y:e}) = {r:e}, glibc {cr:e}");
            if !r.is_nan() {
                let q = q as u32 as i32;
                prop_assert_eq!(q.abs() & 7, cq.abs() & 7, "remquo({:e}, {:e}) quotient", x, y);
                if q != 0 && cq != 0 {
                    prop_assert_eq!(q < 0, cq < 0);
                }
            }
            // nextafter
            let n = callf(NEXTAFTER, t, &[x, y]);
            match t {
                Scalar::F64 => prop_assert!(same(n, clib::nextafter(x, y))),
                Scalar::F32 => prop_assert!(same(n, f64::from(clib::nextafterf(x as f32, y as f32)))),
                _ => {
                    let ord = |v: f64| {
                        let b = enc(F16, v) as i64;
                        if b & 0x8000 != 0 { -(b & 0x7fff) } else { b }
                    };
                    if x == y {
                        prop_assert!(same(n, y));
                    } else {
                        prop_assert_eq!((ord(n) - ord(x)).abs(), 1);
                        prop_assert!((n - x).signum() == (y - x).signum());
                    }
                }
            }
        }
    }

    /// remquo's 7 quotient bits against exact integer arithmetic.
    #[test]
    fn remquo_quotient_bits(x in -1_000_000_000i64..1_000_000_000, y in 1i64..100_000, sy in any::<bool>()) {
        let y = if sy { -y } else { y };
        // Round-to-nearest-even integer quotient.
        let (q, r) = (x.div_euclid(y), x.rem_euclid(y));
        let q = if 2 * r > y.abs() || (2 * r == y.abs() && q & 1 != 0) {
            if y > 0 { q + 1 } else { q - 1 }
        } else {
            q
        };
        let rem = x - q * y;
        let (gr, gq) = callf2(REMQUO, F64, &[x as f64, y as f64]);
        prop_assert_eq!(gr, rem as f64);
        let gq = gq as u32 as i32;
        prop_assert_eq!(i64::from(gq.abs()), q.abs() & 127);
        if gq != 0 {
            prop_assert_eq!(gq < 0, q < 0);
        }
    }

    /// fma for F16 rounds the exact a·b + c once (checked with exact integer arithmetic:
    /// every half is a multiple of 2^-24).
    #[test]
    fn fma_f16_exact(a in any::<u16>(), b in any::<u16>(), c in any::<u16>()) {
        let [fa, fb, fc] = [a, b, c].map(|h| F16.to_f64(u64::from(h)));
        prop_assume!(fa.is_finite() && fb.is_finite() && fc.is_finite());
        let scaled = |v: f64| (v * 2f64.powi(24)) as i128; // exact
        let exact = scaled(fa) * scaled(fb) + scaled(fc) * (1 << 24); // times 2^48
        let got = callf(FMA, F16, &[fa, fb, fc]);
        let limit = 65520i128 << 48;
        if exact.abs() >= limit {
            prop_assert_eq!(got, if exact > 0 { INF } else { -INF });
        } else {
            prop_assert!(got.is_finite());
            let g = enc(F16, got);
            let dist = |bits: u64| (scaled(F16.to_f64(bits)) * (1 << 24) - exact).abs();
            for nb in [g.wrapping_sub(1) & 0xffff, (g + 1) & 0xffff] {
                let n = F16.to_f64(nb);
                if n.is_finite() && (n - got).abs() < 1e9 {
                    let (dg, dn) = (dist(g), dist(nb));
                    prop_assert!(dg < dn || (dg == dn && g & 1 == 0),
                        "fma({fa}, {fb}, {fc}) = {got}, neighbour {n} is closer");
                }
            }
            if exact == 0 {
                prop_assert!(got == 0.0);
            }
        }
    }
}
