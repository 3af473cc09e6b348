//! Views as expression operands (in a process of their own: `ops.rs` counts the kernels
//! generated in its process).

use onearray::{Error, OneArray};
use proptest::prelude::*;

// ---- views as operands --------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A contiguous view reads exactly its elements, alone or with arrays and other views of
    /// the same shape, in element-wise expressions and reductions.
    #[test]
    fn contiguous_views_are_operands(
        xs in prop::collection::vec(-100i32..100, 1..300),
        cut in any::<prop::sample::Index>(),
        len in any::<prop::sample::Index>(),
    ) {
        let start = cut.index(xs.len());
        let n = 1 + len.index(xs.len() - start);
        let a = OneArray::<i32>::from_slice(&xs).unwrap();
        let v = a.view(start..start + n).unwrap();
        let w = a.view(0..n).unwrap();
        let b = OneArray::<i32>::from_slice(&xs[..n]).unwrap();
        let got = (&v * 3 + &w - &b).eval().unwrap().to_vec().unwrap();
        let want: Vec<i32> = (0..n).map(|i| xs[start + i] * 3).collect();
        prop_assert_eq!(got, want);
        let sum: i64 = xs[start..start + n].iter().map(|&x| x as i64).sum();
        prop_assert_eq!(v.expr().cast::<i64>().sum().unwrap(), sum);
        prop_assert_eq!((2 * &v).eval().unwrap().to_vec().unwrap(),
            xs[start..start + n].iter().map(|x| 2 * x).collect::<Vec<_>>());
    }
}

/// A strided view is refused with a typed error; a view of another shape is a shape mismatch.
#[test]
fn strided_or_mismatched_views_are_typed_errors() {
    let a = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
        .unwrap()
        .reshape(&[2, 3])
        .unwrap();
    let column = a.slice(onearray::s![.., 1]).unwrap();
    let err = (&column + 1.0).eval().unwrap_err();
    assert!(matches!(err, Error::NotContiguous { .. }), "{err}");
    let row = a.slice(onearray::s![0, ..]).unwrap();
    let two = OneArray::<f32>::zeroed(2).unwrap();
    let err = (&row + &two).eval().unwrap_err();
    assert!(matches!(err, Error::ShapeMismatch { .. }), "{err}");
    assert_eq!(
        (&row + 1.0).eval().unwrap().to_vec().unwrap(),
        [2.0, 3.0, 4.0]
    );
}
