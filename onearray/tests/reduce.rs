//! Reductions against host references.

use onearray::{f16, Error, OneArray};
use proptest::prelude::*;

/// The documented bound for an `f32` sum of `n` terms: `(m + log2 W + 1) ε Σ|x|`, with
/// `m = ⌈n / (G·W)⌉` terms per work-item (`W = 256`, `G = min(⌈n / W⌉, 1024)`) and
/// ε = 2⁻²⁴.
fn f32_sum_bound(n: usize, abs_sum: f64) -> f64 {
    let groups = n.div_ceil(256).clamp(1, 1024);
    let m = n.div_ceil(groups * 256);
    (m as f64 + 8.0 + 1.0) * f32::EPSILON as f64 / 2.0 * abs_sum + f32::MIN_POSITIVE as f64
}

fn special_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => -1e3f32..1e3,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(-0.0f32),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn f32_sums_are_within_the_documented_bound(
        xs in proptest::collection::vec(-1e3f32..1e3, 1..5000),
        ys in proptest::collection::vec(-1.0f32..1.0, 5000),
    ) {
        let n = xs.len();
        let x = OneArray::<f32>::from_slice(&xs).unwrap();
        let y = OneArray::<f32>::from_slice(&ys[..n]).unwrap();
        let exact: f64 = xs.iter().map(|&v| v as f64).sum();
        let abs: f64 = xs.iter().map(|&v| (v as f64).abs()).sum();
        let s = x.sum().unwrap() as f64;
        prop_assert!((s - exact).abs() <= f32_sum_bound(n, abs), "{s} vs {exact}");
        // dot: each product rounds to f32 first, as on the host.
        let prods: Vec<f32> = xs.iter().zip(&ys).map(|(a, b)| a * b).collect();
        let exact: f64 = prods.iter().map(|&v| v as f64).sum();
        let abs: f64 = prods.iter().map(|&v| (v as f64).abs()).sum();
        let d = x.dot(&y).unwrap() as f64;
        prop_assert!((d - exact).abs() <= f32_sum_bound(n, abs), "{d} vs {exact}");
        let m = x.mean().unwrap() as f64;
        prop_assert!((m - exact_mean(&xs)).abs() <= f32_sum_bound(n, abs_mean(&xs)) + 1e-30);
        let asum = x.asum().unwrap() as f64;
        prop_assert!((asum - abs_sum(&xs)).abs() <= f32_sum_bound(n, abs_sum(&xs)));
        let nrm = x.nrm2().unwrap() as f64;
        let sq: f64 = xs.iter().map(|&v| (v * v) as f64).sum();
        prop_assert!((nrm - sq.sqrt()).abs() <= 1e-5 * sq.sqrt() + 1e-30);
    }

    /// max/min ignore NaN (f32::max); sums propagate NaN and infinities as the host does.
    #[test]
    fn f32_specials(xs in proptest::collection::vec(special_f32(), 1..2000)) {
        let x = OneArray::<f32>::from_slice(&xs).unwrap();
        let max = xs.iter().copied().fold(f32::NAN, f32::max);
        let min = xs.iter().copied().fold(f32::NAN, f32::min);
        let (dmax, dmin) = (x.maximum().unwrap(), x.minimum().unwrap());
        prop_assert!(dmax.to_bits() == max.to_bits() || (dmax.is_nan() && max.is_nan())
            || (dmax == 0.0 && max == 0.0), "{dmax} vs {max}");
        prop_assert!(dmin.to_bits() == min.to_bits() || (dmin.is_nan() && min.is_nan())
            || (dmin == 0.0 && min == 0.0), "{dmin} vs {min}");
        let host: f64 = xs.iter().map(|&v| v as f64).sum();
        let s = x.sum().unwrap();
        if host.is_nan() {
            prop_assert!(s.is_nan());
        } else if host.is_infinite() {
            prop_assert_eq!(s as f64, host);
        }
    }

    #[test]
    fn integer_reductions_wrap_exactly(
        xs in proptest::collection::vec(any::<i32>(), 1..3000),
        us in proptest::collection::vec(any::<u8>(), 1..3000),
    ) {
        let x = OneArray::<i32>::from_slice(&xs).unwrap();
        prop_assert_eq!(x.sum().unwrap(), xs.iter().fold(0i32, |a, &b| a.wrapping_add(b)));
        prop_assert_eq!(x.product().unwrap(), xs.iter().fold(1i32, |a, &b| a.wrapping_mul(b)));
        prop_assert_eq!(x.maximum().unwrap(), *xs.iter().max().unwrap());
        prop_assert_eq!(x.minimum().unwrap(), *xs.iter().min().unwrap());
        let u = OneArray::<u8>::from_slice(&us).unwrap();
        prop_assert_eq!(u.sum().unwrap(), us.iter().fold(0u8, |a, &b| a.wrapping_add(b)));
        prop_assert_eq!(u.maximum().unwrap(), *us.iter().max().unwrap());
        prop_assert_eq!(u.minimum().unwrap(), *us.iter().min().unwrap());
        // A fused expression: wide sum of a narrowing cast.
        let wide = u.expr().cast::<u64>() * 3u64;
        prop_assert_eq!(wide.sum().unwrap(), us.iter().map(|&v| v as u64 * 3).sum::<u64>());
    }
}

fn exact_mean(xs: &[f32]) -> f64 {
    xs.iter().map(|&v| v as f64).sum::<f64>() / xs.len() as f64
}

fn abs_mean(xs: &[f32]) -> f64 {
    abs_sum(xs) / xs.len() as f64
}

fn abs_sum(xs: &[f32]) -> f64 {
    xs.iter().map(|&v| (v as f64).abs()).sum()
}

#[test]
fn long_arrays_loop_over_many_groups() -> Result<(), Error> {
    // More elements than 1024 groups of 256 work-items: every work-item loops.
    let n = 1024 * 256 * 3 + 17;
    let xs: Vec<f64> = (0..n).map(|i| (i % 1000) as f64 - 499.5).collect();
    let x = OneArray::<f64>::from_slice(&xs)?;
    let want: f64 = xs.iter().sum();
    assert!((x.sum()? - want).abs() <= 1e-9 * xs.iter().map(|v| v.abs()).sum::<f64>());
    assert_eq!(x.maximum()?, 499.5);
    assert_eq!(x.minimum()?, -499.5);
    let i = OneArray::<i64>::from_slice(&(0..n as i64).collect::<Vec<_>>())?;
    assert_eq!(i.sum()?, (n as i64 - 1) * n as i64 / 2);
    assert_eq!(i.maximum()?, n as i64 - 1);
    Ok(())
}

#[test]
fn half_sums_accumulate_in_f32() -> Result<(), Error> {
    // 4096 ones: an f16 accumulator would stop at 2048.
    let x = OneArray::<f16>::filled(4096, f16::ONE)?;
    assert_eq!(x.sum()?, f16::from_f32(4096.0));
    assert_eq!(x.mean()?, f16::ONE);
    Ok(())
}

#[test]
fn empty_and_mismatched_reductions() -> Result<(), Error> {
    let e = OneArray::<f32>::zeroed(0)?;
    assert_eq!(e.sum()?, 0.0);
    assert_eq!(e.product()?, 1.0);
    assert!(matches!(e.maximum(), Err(Error::Empty("maximum"))));
    assert!(matches!(e.mean(), Err(Error::Empty("mean"))));
    let (a, b) = (OneArray::<f32>::zeroed(3)?, OneArray::<f32>::zeroed(4)?);
    assert!(matches!(a.dot(&b), Err(Error::ShapeMismatch { .. })));
    let all_nan = OneArray::<f32>::filled(10, f32::NAN)?;
    assert!(all_nan.maximum()?.is_nan());
    Ok(())
}
