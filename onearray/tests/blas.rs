//! Positions (argmax, iamax), reductions along an axis, BLAS-1 and fills against host
//! references.

use onearray::ops::blas;
use onearray::{f16, Error, OneArray, SharedBuffer};
use proptest::prelude::*;

/// Values with many ties, NaN, infinities and both zeros.
fn special_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        6 => (-20i32..20).prop_map(|v| v as f32 * 0.5),
        4 => -1e3f32..1e3,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(-0.0f32),
        1 => Just(0.0f32),
    ]
}

/// The documented rule: the better number wins, NaN loses to numbers, ties to the first.
fn host_arg(xs: &[f32], max: bool) -> usize {
    let mut best = 0;
    for (i, &b) in xs.iter().enumerate().skip(1) {
        let a = xs[best];
        if (if max { b > a } else { b < a }) || (a.is_nan() && !b.is_nan()) {
            best = i;
        }
    }
    best
}

fn same(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan()) || a == b
}

/// The sum error bound of one work-group per output: `(⌈len / W⌉ + log2 W + 1) ε Σ|x|`.
fn axis_bound(len: usize, abs: f64) -> f64 {
    let w = 1usize << (usize::BITS - 1 - len.clamp(1, 256).leading_zeros());
    let m = len.div_ceil(w);
    (m as f64 + w.trailing_zeros() as f64 + 1.0) * f32::EPSILON as f64 * abs
        + f32::MIN_POSITIVE as f64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn positions_match_the_host(xs in proptest::collection::vec(special_f32(), 1..3000)) {
        let x = OneArray::<f32>::from_slice(&xs).unwrap();
        prop_assert_eq!(x.argmax().unwrap(), host_arg(&xs, true));
        prop_assert_eq!(x.argmin().unwrap(), host_arg(&xs, false));
        let abs: Vec<f32> = xs.iter().map(|v| v.abs()).collect();
        prop_assert_eq!(x.iamax().unwrap(), host_arg(&abs, true));
        prop_assert_eq!(x.iamin().unwrap(), host_arg(&abs, false));
        // argmax points at the maximum.
        let m = x.maximum().unwrap();
        prop_assert!(same(xs[x.argmax().unwrap()], m));
        let ints: Vec<i16> = xs.iter().map(|&v| v as i16).collect();
        let i = OneArray::<i16>::from_slice(&ints).unwrap();
        let first_max = ints.iter().position(|v| v == ints.iter().max().unwrap()).unwrap();
        let first_min = ints.iter().position(|v| v == ints.iter().min().unwrap()).unwrap();
        prop_assert_eq!(i.argmax().unwrap(), first_max);
        prop_assert_eq!(i.argmin().unwrap(), first_min);
    }

    #[test]
    fn axis_reductions_match_the_host(
        rows in 0usize..12,
        cols in 0usize..300,
        seed in proptest::collection::vec(special_f32(), 3600),
    ) {
        let xs = &seed[..rows * cols];
        let m = OneArray::<f32>::from_slice(xs).unwrap().reshape(&[rows, cols]).unwrap();
        for axis in 0..2 {
            let (outputs, len) = if axis == 0 { (cols, rows) } else { (rows, cols) };
            let at = |o: usize, k: usize| if axis == 0 { xs[k * cols + o] } else { xs[o * cols + k] };
            let sums = m.sum_axis(axis).unwrap().to_vec().unwrap();
            prop_assert_eq!(sums.len(), outputs);
            for (o, &s) in sums.iter().enumerate() {
                let run: Vec<f32> = (0..len).map(|k| at(o, k)).collect();
                let exact: f64 = run.iter().map(|&v| v as f64).sum();
                let abs: f64 = run.iter().map(|&v| (v as f64).abs()).sum();
                if exact.is_finite() {
                    prop_assert!((s as f64 - exact).abs() <= axis_bound(len, abs), "{s} vs {exact}");
                } else {
                    prop_assert!(same(s, exact as f32), "{s} vs {exact}");
                }
            }
            if len == 0 {
                prop_assert!(sums.iter().all(|&s| s == 0.0));
                if outputs > 0 {
                    prop_assert!(matches!(m.maximum_axis(axis), Err(Error::Empty(_))));
                    prop_assert!(matches!(m.argmax_axis(axis), Err(Error::Empty(_))));
                }
                continue;
            }
            let maxs = m.maximum_axis(axis).unwrap().to_vec().unwrap();
            let mins = m.minimum_axis(axis).unwrap().to_vec().unwrap();
            let amax = m.argmax_axis(axis).unwrap().to_vec().unwrap();
            let amin = m.argmin_axis(axis).unwrap().to_vec().unwrap();
            for o in 0..outputs {
                let run: Vec<f32> = (0..len).map(|k| at(o, k)).collect();
                let host_max = run.iter().copied().fold(f32::NAN, f32::max);
                let host_min = run.iter().copied().fold(f32::NAN, f32::min);
                prop_assert!(same(maxs[o], host_max), "{} vs {host_max}", maxs[o]);
                prop_assert!(same(mins[o], host_min), "{} vs {host_min}", mins[o]);
                prop_assert_eq!(amax[o] as usize, host_arg(&run, true));
                prop_assert_eq!(amin[o] as usize, host_arg(&run, false));
            }
        }
    }

    #[test]
    fn integer_axis_reductions_wrap(
        rows in 1usize..9,
        cols in 1usize..70,
        seed in proptest::collection::vec(any::<i32>(), 630),
    ) {
        let xs = &seed[..rows * cols];
        let m = OneArray::<i32>::from_slice(xs).unwrap().reshape(&[rows, cols]).unwrap();
        let rows_sum = m.sum_axis(1).unwrap().to_vec().unwrap();
        let cols_prod = m.product_axis(0).unwrap().to_vec().unwrap();
        for r in 0..rows {
            let row = &xs[r * cols..][..cols];
            prop_assert_eq!(rows_sum[r], row.iter().fold(0i32, |a, &b| a.wrapping_add(b)));
        }
        for c in 0..cols {
            let p = (0..rows).fold(1i32, |a, r| a.wrapping_mul(xs[r * cols + c]));
            prop_assert_eq!(cols_prod[c], p);
        }
    }

    /// axpy and scal round each operation as the host loop does (no fused multiply-add).
    #[test]
    fn blas1_is_bit_exact(
        v in proptest::collection::vec((special_f32(), special_f32()), 0..500),
        a in special_f32(),
    ) {
        let (xs, ys): (Vec<f32>, Vec<f32>) = v.into_iter().unzip();
        let x = OneArray::<f32>::from_slice(&xs).unwrap();
        let mut y = OneArray::<f32, SharedBuffer>::from_slice(&ys).unwrap();
        y.axpy(a, &x).unwrap();
        for i in 0..xs.len() {
            prop_assert!(same(y[i], a * xs[i] + ys[i]) && (y[i] != 0.0
                || y[i].is_sign_negative() == (a * xs[i] + ys[i]).is_sign_negative()));
        }
        blas::scal(a, &mut y).unwrap();
        let mut z = OneArray::<f32>::zeroed(xs.len()).unwrap();
        blas::copy(&x, &mut z).unwrap();
        let mut w = OneArray::<f32>::from_slice(&ys).unwrap();
        blas::swap(&mut z, &mut w).unwrap();
        let (z, w) = (z.to_vec().unwrap(), w.to_vec().unwrap());
        for i in 0..xs.len() {
            let want = (a * xs[i] + ys[i]) * a;
            prop_assert!(same(y[i], want));
            prop_assert_eq!(z[i].to_bits(), ys[i].to_bits());
            prop_assert_eq!(w[i].to_bits(), xs[i].to_bits());
        }
    }

    #[test]
    fn fills_match_the_host(
        n in 0usize..2000,
        start in -1e3f32..1e3,
        stop in -1e3f32..1e3,
        istart in any::<i8>(),
        istep in any::<i8>(),
    ) {
        let mut x = OneArray::<f32>::zeroed(n).unwrap();
        x.linspace(start, stop).unwrap();
        let got = x.to_vec().unwrap();
        let step = ((stop as f64 - start as f64) / (n.max(2) - 1) as f64) as f32;
        for (i, &g) in got.iter().enumerate() {
            let want = if i + 1 == n && n > 1 { stop } else { start + i as f32 * step };
            prop_assert_eq!(g.to_bits(), want.to_bits(), "{}", i);
        }
        x.iota(start, step).unwrap();
        for (i, &g) in x.to_vec().unwrap().iter().enumerate() {
            prop_assert_eq!(g.to_bits(), (start + i as f32 * step).to_bits());
        }
        let mut b = OneArray::<i8>::zeroed(n).unwrap();
        b.iota(istart, istep).unwrap();
        for (i, &g) in b.to_vec().unwrap().iter().enumerate() {
            prop_assert_eq!(g, istart.wrapping_add((i as i8).wrapping_mul(istep)));
        }
    }
}

#[test]
fn long_positions_and_axes() -> Result<(), Error> {
    // Beyond 1024 groups of 256: every work-item loops; the maximum appears twice, late.
    let n = 1024 * 256 * 2 + 99;
    let mut xs: Vec<f32> = (0..n).map(|i| (i % 977) as f32).collect();
    xs[n - 50] = 1e6;
    xs[n - 7] = 1e6;
    xs[3] = -1e6;
    let x = OneArray::<f32>::from_slice(&xs)?;
    assert_eq!(x.argmax()?, n - 50);
    assert_eq!(x.argmin()?, 3);
    assert_eq!(x.iamax()?, 3); // |-1e6| ties with 1e6: the first
                               // A long axis: rows of 5000 with their maxima in different places.
    let (rows, cols) = (3, 5000);
    let m: Vec<f64> = (0..rows * cols)
        .map(|i| ((i * 7919) % 10007) as f64)
        .collect();
    let a = OneArray::<f64>::from_slice(&m)?.reshape(&[rows, cols])?;
    let arg = a.argmax_axis(1)?.to_vec()?;
    let sums = a.sum_axis(1)?.to_vec()?;
    for r in 0..rows {
        let row = &m[r * cols..][..cols];
        assert_eq!(
            arg[r] as usize,
            host_arg(&row.iter().map(|&v| v as f32).collect::<Vec<_>>(), true)
        );
        assert_eq!(sums[r], row.iter().sum::<f64>());
    }
    assert_eq!(a.mean_axis(0)?.len(), cols);
    Ok(())
}

#[test]
fn half_means_and_fills() -> Result<(), Error> {
    // 4096 ones per column: the length and the sum are exact in f32, not in f16 steps.
    let m = OneArray::<f16>::filled(4096 * 2, f16::ONE)?.reshape(&[4096, 2])?;
    assert_eq!(m.mean_axis(0)?.to_vec()?, [f16::ONE; 2]);
    let mut x = OneArray::<f16>::zeroed(3)?;
    x.linspace(f16::from_f32(-1.0), f16::from_f32(1.0))?;
    assert_eq!(x.to_vec()?, [-1.0, 0.0, 1.0].map(f16::from_f32));
    Ok(())
}

#[test]
fn misuse_is_a_typed_error() -> Result<(), Error> {
    let v = OneArray::<f32>::zeroed(6)?;
    assert!(matches!(v.sum_axis(0), Err(Error::Axis { axis: 0, .. })));
    let m = OneArray::<f32>::zeroed(6)?.reshape(&[2, 3])?;
    assert!(matches!(m.sum_axis(2), Err(Error::Axis { axis: 2, .. })));
    assert!(matches!(
        OneArray::<f32>::zeroed(0)?.argmax(),
        Err(Error::Empty("argmax"))
    ));
    let empty_rows = OneArray::<f32>::zeroed(0)?.reshape(&[4, 0])?;
    assert_eq!(empty_rows.sum_axis(1)?.to_vec()?, [0.0; 4]);
    assert_eq!(empty_rows.product_axis(1)?.to_vec()?, [1.0; 4]);
    assert!(matches!(
        empty_rows.mean_axis(1),
        Err(Error::Empty("mean_axis"))
    ));
    assert_eq!(empty_rows.sum_axis(0)?.len(), 0);
    let (mut a, mut b) = (OneArray::<f32>::zeroed(3)?, OneArray::<f32>::zeroed(4)?);
    assert!(matches!(
        blas::swap(&mut a, &mut b),
        Err(Error::ShapeMismatch { .. })
    ));
    assert!(matches!(a.axpy(1.0, &b), Err(Error::ShapeMismatch { .. })));
    // Views of one allocation: the same elements swap nothing, overlapping ones refuse.
    let whole = OneArray::<u32>::from_slice(&[1, 2, 3, 4])?;
    let (mut p, mut q) = (whole.view_owned(0..2)?, whole.view_owned(1..3)?);
    assert!(matches!(blas::swap(&mut p, &mut q), Err(Error::Overlap)));
    let mut same = whole.view_owned(0..2)?;
    blas::swap(&mut p, &mut same)?;
    let mut r = whole.view_owned(2..4)?;
    blas::swap(&mut p, &mut r)?;
    drop((p, q, same, r));
    assert_eq!(whole.to_vec()?, [3, 4, 1, 2]);
    Ok(())
}
