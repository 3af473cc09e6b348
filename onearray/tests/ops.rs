//! Element-wise expressions against host references.

use onearray::{bf16, f16, Error, OneArray, SharedBuffer};
use proptest::prelude::*;

fn special_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        4 => -1e3f32..1e3,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(-0.0f32),
        1 => Just(0.0f32),
    ]
}

fn same(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A fused expression with scalars, max/min, select and a cast, bit-exact against the
    /// same operations on the host (no contraction: each op rounds as Rust's do).
    #[test]
    fn f32_expressions_match_the_host(
        v in proptest::collection::vec((special_f32(), special_f32()), 0..300),
        a in -10f32..10.0,
    ) {
        let (xs, ys): (Vec<f32>, Vec<f32>) = v.into_iter().unzip();
        let x = OneArray::<f32>::from_slice(&xs).unwrap();
        let mut y = OneArray::<f32, SharedBuffer>::from_slice(&ys).unwrap();
        let e = (&x * a + &y).max(&x).min(100.0) - x.expr().abs();
        let z = e.clone().eval().unwrap().to_vec().unwrap();
        let mask = x.expr().gt(&y).select(&x, 1.5).eval().unwrap().to_vec().unwrap();
        let as_int = x.expr().cast::<i32>().eval().unwrap().to_vec().unwrap();
        y.update(|y| &x * a + y).unwrap();
        for i in 0..xs.len() {
            let (xv, yv) = (xs[i], ys[i]);
            let want = (xv * a + yv).max(xv).min(100.0) - xv.abs();
            prop_assert!(same(z[i], want), "{i}: {} vs {want}", z[i]);
            let sel = if xv > yv { xv } else { 1.5 };
            prop_assert!(same(mask[i], sel));
            prop_assert_eq!(as_int[i], xv as i32);
            prop_assert!(same(y[i], xv * a + yv));
        }
    }

    #[test]
    fn integer_expressions_wrap_and_never_trap(
        v in proptest::collection::vec((any::<i32>(), prop_oneof![any::<i32>(), Just(0), Just(-1)]), 1..200),
    ) {
        let (xs, ys): (Vec<i32>, Vec<i32>) = v.into_iter().unzip();
        let x = OneArray::<i32>::from_slice(&xs).unwrap();
        let y = OneArray::<i32>::from_slice(&ys).unwrap();
        let q = (&x / &y).eval().unwrap().to_vec().unwrap();
        let r = (&x % &y).eval().unwrap().to_vec().unwrap();
        let m = ((&x * &y + 7 - (&x >> 3)) ^ &y).eval().unwrap().to_vec().unwrap();
        let u = x.expr().cast::<u8>().eval().unwrap().to_vec().unwrap();
        for i in 0..xs.len() {
            let (a, b) = (xs[i], ys[i]);
            prop_assert_eq!(q[i], if b == 0 { 0 } else { a.wrapping_div(b) });
            prop_assert_eq!(r[i], if b == 0 { 0 } else { a.wrapping_rem(b) });
            prop_assert_eq!(m[i], (a.wrapping_mul(b).wrapping_add(7).wrapping_sub(a >> 3)) ^ b);
            prop_assert_eq!(u[i], a as u8);
        }
    }

    #[test]
    fn half_types_compute_in_f32_and_round(xs in proptest::collection::vec(special_f32(), 1..100)) {
        let h: Vec<f16> = xs.iter().map(|&v| f16::from_f32(v)).collect();
        let b: Vec<bf16> = xs.iter().map(|&v| bf16::from_f32(v)).collect();
        let ha = OneArray::<f16>::from_slice(&h).unwrap();
        let ba = OneArray::<bf16>::from_slice(&b).unwrap();
        let h2 = (&ha * f16::from_f32(3.0) + f16::ONE).eval().unwrap().to_vec().unwrap();
        let b2 = (&ba * bf16::from_f32(3.0) + bf16::ONE).eval().unwrap().to_vec().unwrap();
        let fx = OneArray::<f32>::from_slice(&xs).unwrap();
        let hc = fx.expr().cast::<f16>().cast::<f32>().eval().unwrap().to_vec().unwrap();
        let bc = fx.expr().cast::<bf16>().eval().unwrap().to_vec().unwrap();
        for i in 0..xs.len() {
            let hw = f16::from_f32(h[i].to_f32() * 3.0 + 1.0);
            let bw = bf16::from_f32(b[i].to_f32() * 3.0 + 1.0);
            prop_assert!(same(h2[i].to_f32(), hw.to_f32()), "{i}: {} vs {hw}", h2[i]);
            prop_assert!(same(b2[i].to_f32(), bw.to_f32()), "{i}: {} vs {bw}", b2[i]);
            prop_assert!(same(hc[i], f16::from_f32(xs[i]).to_f32()));
            prop_assert!(same(bc[i].to_f32(), bf16::from_f32(xs[i]).to_f32()));
        }
    }
}

#[test]
fn mismatches_are_typed_errors() -> Result<(), Error> {
    let x = OneArray::<f64>::zeroed(6)?;
    let y = OneArray::<f64>::zeroed(6)?.reshape(&[2, 3])?;
    assert!(matches!((&x + &y).eval(), Err(Error::ShapeMismatch { .. })));
    let mut z = OneArray::<f64>::zeroed(5)?;
    assert!(matches!(
        z.assign(&x * 2.0),
        Err(Error::ShapeMismatch { .. })
    ));
    let big = OneArray::<f64>::zeroed(8)?;
    let (a, mut b) = (big.view_owned(0..6)?, big.view_owned(2..8)?);
    assert!(matches!(b.assign(&a), Err(Error::Overlap)));
    // A scalar-only expression has no length.
    assert!(matches!(
        onearray::IntoExpr::<f64>::into_expr(1.0).eval(),
        Err(Error::NoArray(_))
    ));
    Ok(())
}

#[test]
fn one_kernel_per_shape_and_inputs_stay_alive() -> Result<(), Error> {
    // The count is the process's: the other tests of this binary build kernels meanwhile,
    // so a round that saw a build is tried again; a cache that builds every time fails all.
    let mut want = 3u16;
    let mut y = OneArray::<u16, SharedBuffer>::zeroed(1000)?;
    y.assign(want)?;
    let mut quiet_round = false;
    for round in 0..20 {
        let before = onearray::ops::generated_kernels();
        for k in 0..5u16 {
            let x = OneArray::<u16>::filled(1000, k)?;
            y.update(|y| y * 2 + &x)?;
            drop(x); // the launch keeps it alive
            want = want.wrapping_mul(2).wrapping_add(k);
        }
        assert!(y.iter().all(|&v| v == want));
        // The first round may build the kernel, once; a later one builds nothing.
        if onearray::ops::generated_kernels() <= before + usize::from(round == 0) {
            quiet_round = true;
            break;
        }
    }
    assert!(quiet_round, "every round built a kernel");
    Ok(())
}
