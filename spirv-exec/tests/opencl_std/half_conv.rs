//! `f32_to_f16` / `f64_to_f16` in the four rounding modes.

use super::*;
use proptest::prelude::*;

const MODES: [Rounding; 4] = [Rounding::Rte, Rounding::Rtz, Rounding::Rtp, Rounding::Rtn];

fn h(bits: u16) -> f64 {
    F16.to_f64(u64::from(bits))
}

/// The next half toward +inf / -inf (by bit pattern; ±0 step to the smallest denormals).
fn up(bits: u16) -> f64 {
    match bits {
        0x8000 | 0 => h(1),
        b if b & 0x8000 != 0 => h(b - 1),
        b => h(b + 1),
    }
}

fn down(bits: u16) -> f64 {
    match bits {
        0x8000 | 0 => h(0x8001),
        b if b & 0x8000 != 0 => h(b + 1),
        b => h(b - 1),
    }
}

/// Checks `r = f64_to_f16(x, mode)` from the definition of the rounding mode.
fn check(x: f64, mode: Rounding, r: u16) -> Result<(), TestCaseError> {
    let v = h(r);
    if x.is_nan() {
        prop_assert!(v.is_nan() && r & 0x200 != 0, "quiet NaN expected");
        return Ok(());
    }
    if x == 0.0 {
        prop_assert!(same(v, x));
        return Ok(());
    }
    prop_assert!(!v.is_nan());
    if v == 0.0 {
        // A zero result keeps the sign of x.
        prop_assert_eq!(v.is_sign_negative(), x.is_sign_negative());
    }
    match mode {
        Rounding::Rtn => prop_assert!(v <= x && up(r) > x, "rtn {x:e} -> {v:e}"),
        Rounding::Rtp => prop_assert!(v >= x && down(r) < x, "rtp {x:e} -> {v:e}"),
        Rounding::Rtz => {
            let away = if x > 0.0 { up(r) } else { down(r) };
            prop_assert!(
                v.abs() <= x.abs() && away.abs() > x.abs(),
                "rtz {x:e} -> {v:e}"
            );
        }
        Rounding::Rte => {
            if x.abs() >= 65520.0 {
                prop_assert_eq!(v, f64::INFINITY.copysign(x));
            } else {
                for n in [up(r), down(r)] {
                    let (dv, dn) = ((v - x).abs(), (n - x).abs());
                    prop_assert!(
                        dv < dn || (dv == dn && r & 1 == 0),
                        "rte {x:e} -> {v:e}, {n:e} is closer"
                    );
                }
            }
        }
    }
    Ok(())
}

#[test]
fn every_half_and_midpoint() {
    for bits in 0..=u16::MAX {
        let x = h(bits);
        for mode in MODES {
            let r = f64_to_f16(x, mode);
            if x.is_nan() {
                assert!(h(r).is_nan());
            } else {
                assert_eq!(r, bits, "{x:e} {mode:?}");
            }
            assert_eq!(f32_to_f16(x as f32, mode), r);
        }
        // Midpoints and values just around them, in every mode.
        if x.is_finite() && bits != 0x7bff && bits != 0xfbff {
            let next = if bits & 0x8000 != 0 {
                down(bits)
            } else {
                up(bits)
            };
            let mid = (x + next) / 2.0;
            for probe in [mid, mid + mid.abs() * 1e-12, mid - mid.abs() * 1e-12] {
                for mode in MODES {
                    check(probe, mode, f64_to_f16(probe, mode)).unwrap();
                }
            }
        }
    }
}

#[test]
fn overflow_and_specials() {
    let cases = [
        (65504.0, [0x7bff, 0x7bff, 0x7bff, 0x7bff]),
        (65519.0, [0x7bff, 0x7bff, 0x7c00, 0x7bff]),
        (65520.0, [0x7c00, 0x7bff, 0x7c00, 0x7bff]),
        (1e10, [0x7c00, 0x7bff, 0x7c00, 0x7bff]),
        (-1e10, [0xfc00, 0xfbff, 0xfbff, 0xfc00]),
        (f64::INFINITY, [0x7c00; 4]),
        (f64::NEG_INFINITY, [0xfc00; 4]),
        (-0.0, [0x8000; 4]),
        (1e-30, [0, 0, 1, 0]),
        (-1e-30, [0x8000, 0x8000, 0x8000, 0x8001]),
        (2f64.powi(-25), [0, 0, 1, 0]),
        (2f64.powi(-25) * 3.0, [2, 1, 2, 1]),
        (f64::from_bits(1), [0, 0, 1, 0]),
    ];
    for (x, want) in cases {
        for (mode, w) in MODES.into_iter().zip(want) {
            assert_eq!(f64_to_f16(x, mode), w, "{x:e} {mode:?}");
        }
    }
    assert_eq!(f64_to_f16(f64::NAN, Rounding::Rtz) & 0x7e00, 0x7e00);
    assert_eq!(f32_to_f16(-f32::NAN, Rounding::Rte) & 0xfe00, 0xfe00);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn f64_modes(bits in any::<u64>(), e in -30i32..20) {
        // Mostly in the half range, sometimes anything.
        let m = f64::from_bits((bits & 0x800f_ffff_ffff_ffff) | (1023 << 52));
        for x in [scale(m, e), f64::from_bits(bits)] {
            for mode in MODES {
                check(x, mode, f64_to_f16(x, mode))?;
            }
        }
    }

    #[test]
    fn f32_rte_matches_half_crate(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        let ours = f32_to_f16(x, Rounding::Rte);
        let theirs = half::f16::from_f32(x).to_bits();
        if x.is_nan() {
            prop_assert!(h(ours).is_nan());
        } else {
            prop_assert_eq!(ours, theirs);
        }
        for mode in MODES {
            prop_assert_eq!(f32_to_f16(x, mode), f64_to_f16(f64::from(x), mode));
        }
    }
}
