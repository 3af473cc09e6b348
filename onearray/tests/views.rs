//! Borrowed N-D views: slicing, transposes, strided copies and fills in every kind,
//! reinterpretation, host access, kernel-argument refusal, size overflow errors.

use onearray::{
    s, BufferKind, DeviceBuffer, Error, HostBuffer, OneArray, Result, SharedBuffer, SliceArg,
};
use proptest::prelude::*;

/// Values 0..n with `shape`.
fn iota<B: BufferKind>(shape: &[usize]) -> Result<OneArray<u32, B>> {
    let n: usize = shape.iter().product();
    OneArray::<u32, B>::from_slice(&(0..n as u32).collect::<Vec<_>>())?.reshape(shape)
}

/// Row-major strides of `shape`.
fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1] * shape[k + 1];
    }
    s
}

/// What `iota(shape)` cut by (start, len, step) per axis, then with axes in `order`, holds in
/// row-major order: computed from indices, independently of `Layout`.
fn reference(shape: &[usize], cuts: &[(usize, usize, usize)], order: &[usize]) -> Vec<u32> {
    let st = strides(shape);
    let out_shape: Vec<usize> = order.iter().map(|&a| cuts[a].1).collect();
    let n: usize = out_shape.iter().product();
    let mut v = Vec::with_capacity(n);
    let mut idx = vec![0; out_shape.len()];
    for _ in 0..n {
        let mut flat = 0;
        for (k, &a) in order.iter().enumerate() {
            flat += (cuts[a].0 + idx[k] * cuts[a].2) * st[a];
        }
        v.push(flat as u32);
        for k in (0..idx.len()).rev() {
            idx[k] += 1;
            if idx[k] < out_shape[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    v
}

#[test]
fn slices_match_ndarray_semantics() -> Result<()> {
    let a = iota::<DeviceBuffer>(&[3, 4, 5])?;
    assert_eq!(a.slice(s![1, 2, ..])?.to_vec()?, [30, 31, 32, 33, 34]);
    assert_eq!(a.slice(s![.., 0, 0])?.to_vec()?, [0, 20, 40]);
    let v = a.slice(s![0..=1, 1..;2, ..5;2])?;
    assert_eq!(v.shape(), &[2, 2, 3]);
    assert_eq!(v.to_vec()?, [5, 7, 9, 15, 17, 19, 25, 27, 29, 35, 37, 39]);
    assert_eq!(a.slice(s![2, 3, 4])?.to_vec()?, [59]);
    // Errors say which axis and argument.
    assert!(matches!(
        a.slice(s![.., 4..5]),
        Err(Error::Slice {
            axis: 1,
            len: 4,
            ..
        })
    ));
    assert!(matches!(
        a.slice(s![..;0]),
        Err(Error::Slice { axis: 0, .. })
    ));
    assert!(matches!(
        a.slice(s![0, 0, 0, 0]),
        Err(Error::Axes { given: 4, ndim: 3 })
    ));
    assert!(matches!(
        a.as_view().permuted_axes(&[0, 0, 1]),
        Err(Error::Permutation { .. })
    ));
    assert_eq!(a.as_view().permuted_axes(&[2, 0, 1])?.shape(), &[5, 3, 4]);
    assert_eq!(format!("{}", SliceArg::from(1..).step(3)), "1..;3");
    Ok(())
}

fn strided_round_trip<B: BufferKind, C: BufferKind>() -> Result<()> {
    // A transposed 2-D source into a column-strided destination, and back.
    let a = iota::<B>(&[6, 7])?;
    let mut d = OneArray::<u32, C>::zeroed(7 * 12)?.reshape(&[7, 12])?;
    d.slice_mut(s![.., 1..;2])?.copy_from(&a.t())?;
    let got = d.to_vec()?;
    for i in 0..7 {
        for j in 0..12 {
            let want = if j % 2 == 1 {
                (j / 2 * 7 + i) as u32
            } else {
                0
            };
            assert_eq!(got[i * 12 + j], want, "({i}, {j})");
        }
    }
    let mut back = OneArray::<u32, B>::zeroed(42)?.reshape(&[6, 7])?;
    back.as_view_mut().copy_from(&d.slice(s![.., 1..;2])?.t())?;
    assert_eq!(back.to_vec()?, a.to_vec()?);
    // Fills of strided views touch only their elements.
    d.slice_mut(s![1..;3, ..;4])?.fill(1000)?;
    let got = d.to_vec()?;
    for i in 0..7 {
        for j in 0..12 {
            let filled = i % 3 == 1 && j % 4 == 0;
            assert_eq!(got[i * 12 + j] == 1000, filled, "({i}, {j})");
        }
    }
    // Host slices in and out of strided views.
    let mut col = d.slice_mut(s![.., 11])?;
    col.copy_from_slice(&[1, 2, 3, 4, 5, 6, 7])?;
    assert_eq!(d.slice(s![.., 11])?.to_vec()?, [1, 2, 3, 4, 5, 6, 7]);
    assert!(matches!(
        d.slice_mut(s![.., 11])?.copy_from_slice(&[1]),
        Err(Error::LengthMismatch { dst: 7, src: 1 })
    ));
    assert!(matches!(
        d.slice_mut(s![.., 11])?.copy_from(&a.t()),
        Err(Error::ShapeMismatch { .. })
    ));
    Ok(())
}

#[test]
fn strided_copies_in_every_kind() -> Result<()> {
    strided_round_trip::<DeviceBuffer, DeviceBuffer>()?;
    strided_round_trip::<DeviceBuffer, SharedBuffer>()?;
    strided_round_trip::<HostBuffer, DeviceBuffer>()?;
    strided_round_trip::<SharedBuffer, HostBuffer>()
}

#[test]
fn strided_copy_within_one_array() -> Result<()> {
    // Interleaved spans of one allocation: copied through a temporary.
    let mut a = iota::<DeviceBuffer>(&[4, 4])?;
    let t: Vec<u32> = a.t().to_vec()?;
    let mut tmp = OneArray::<u32>::zeroed(16)?.reshape(&[4, 4])?;
    tmp.as_view_mut().copy_from(&a.t())?;
    let (mut left, right) = a.as_view_mut().split_at(1, 2)?;
    left.copy_from(&right)?;
    let got = a.to_vec()?;
    for i in 0..4 {
        assert_eq!(got[i * 4..i * 4 + 2], got[i * 4 + 2..i * 4 + 4]);
    }
    assert_eq!(tmp.to_vec()?, t);
    Ok(())
}

#[test]
fn host_access_through_views() -> Result<()> {
    let mut a = iota::<SharedBuffer>(&[3, 4])?;
    {
        let mut col = a.slice_mut(s![.., 2])?;
        assert!(!col.is_contiguous());
        col[[1]] = 100;
        for v in col.iter_mut() {
            *v += 1;
        }
        assert!(matches!(
            col.try_as_mut_slice(),
            Err(Error::NotContiguous { .. })
        ));
    }
    a[0] = 7; // no view alive: host access again
    let t = a.t();
    assert_eq!(t[[2, 1]], 101);
    assert_eq!(t.get(&[3, 0]), Some(&3));
    assert_eq!(t.get(&[4, 0]), None);
    assert_eq!(
        t.iter().copied().collect::<Vec<_>>(),
        [7, 4, 8, 1, 5, 9, 3, 101, 11, 3, 7, 11]
    );
    assert!(a.slice(s![1, ..])?.as_slice() == Some(&[4, 5, 101, 7][..]));
    assert!(t.as_slice().is_none());
    // Owned views make host writes fail (the fallible path), borrowed ones cannot coexist.
    let owned = a.view_owned(0..1)?;
    assert!(matches!(
        a.as_view_mut().try_iter_mut(),
        Err(Error::ViewsExist { views: 1 })
    ));
    assert!(a.view_mut(..)?.fill(0).is_err());
    drop(owned);
    a.view_mut(..)?.fill(0)?;
    assert!(a.iter().all(|&v| v == 0));
    Ok(())
}

#[test]
fn reinterpret_checks_size_and_alignment() -> Result<()> {
    let odd = OneArray::<u32, SharedBuffer>::zeroed(6)?.reshape(&[2, 3])?;
    let b = odd.reinterpret::<[u16; 2]>()?;
    assert_eq!(b.shape(), &[2, 3]);
    let w = odd.reinterpret::<u64>(); // rows of 12 bytes
    assert!(matches!(w, Err(Error::Reinterpret { from: 4, to: 8, .. })));
    let a =
        OneArray::<u32, SharedBuffer>::from_slice(&[1, 2, 3, 4, 5, 6, 7, 8])?.reshape(&[2, 4])?;
    let pairs = a.slice(s![.., 2..4])?.reinterpret::<u64>()?;
    assert_eq!(pairs.shape(), &[2, 1]);
    assert_eq!(
        pairs.iter().copied().collect::<Vec<_>>(),
        [3 | 4 << 32, 7 | 8 << 32]
    );
    assert!(a.slice(s![.., 1..3])?.reinterpret::<u64>().is_err()); // offset of 4 bytes
    assert!(a.t().reinterpret::<u8>().is_err()); // last axis strided
    let bytes = a.reinterpret::<u8>()?;
    assert_eq!(bytes.shape(), &[2, 16]);
    assert_eq!(bytes[[1, 0]], 5);
    let mut d = OneArray::<f32>::zeroed(4)?;
    d.reinterpret_mut::<u32>()?.fill(0x3f80_0000)?;
    assert_eq!(d.to_vec()?, [1.0; 4]);
    Ok(())
}

#[test]
fn sizes_that_overflow_are_overflow_errors() {
    let e = OneArray::<f64>::zeroed(usize::MAX / 4).unwrap_err();
    assert!(
        matches!(
            e,
            Error::SizeOverflow {
                len,
                elem_size: 8
            } if len == usize::MAX / 4
        ),
        "{e}"
    );
    assert!(e.to_string().contains("byte size overflows"), "{e}");
    let a = OneArray::<u8>::zeroed(4).unwrap();
    let e = a.reshape(&[usize::MAX, 3]).unwrap_err();
    assert!(matches!(e, Error::ShapeOverflow { .. }), "{e}");
    assert!(e.to_string().contains("overflows"));
}

/// A shape, per-axis (start, len, step) and an axis order.
type Cut = (Vec<usize>, Vec<(usize, usize, usize)>, Vec<usize>);

/// A random N-D cut.
fn cut_strategy() -> impl Strategy<Value = Cut> {
    prop::collection::vec(1usize..6, 1..5).prop_flat_map(|shape| {
        let cuts: Vec<_> = shape
            .iter()
            .map(|&n| {
                (0..n, 1usize..4)
                    .prop_flat_map(move |(s, st)| (Just(s), 0..=(n - s).div_ceil(st), Just(st)))
            })
            .collect();
        let order = Just((0..shape.len()).collect::<Vec<_>>()).prop_shuffle();
        (Just(shape), cuts, order)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn strided_views_read_and_copy_like_the_reference(
        (shape, cuts, order) in cut_strategy(),
        into_strided in any::<bool>(),
    ) {
        let a = iota::<DeviceBuffer>(&shape).unwrap();
        let args: Vec<SliceArg> = cuts
            .iter()
            .map(|&(s, n, st)| SliceArg::Range { start: s, end: Some(if n == 0 { s } else { s + (n - 1) * st + 1 }), step: st })
            .collect();
        let v = a.slice(&args).unwrap().permuted_axes(&order).unwrap();
        let want = reference(&shape, &cuts, &order);
        prop_assert_eq!(v.to_vec().unwrap(), want.clone());
        // Shared memory reads the same on the host.
        let h = iota::<SharedBuffer>(&shape).unwrap();
        let hv = h.slice(&args).unwrap().permuted_axes(&order).unwrap();
        prop_assert_eq!(hv.iter().copied().collect::<Vec<_>>(), want.clone());
        // Copied on the device into a contiguous array or into a strided window.
        let out_shape = v.shape().to_vec();
        let n = want.len();
        if into_strided && n > 0 {
            let mut big_shape = out_shape.clone();
            big_shape[0] *= 2;
            let mut big = OneArray::<u32>::zeroed(2 * n).unwrap().reshape(&big_shape).unwrap();
            let mut w = big.slice_mut(s![..;2]).unwrap();
            w.copy_from(&v).unwrap();
            prop_assert_eq!(big.slice(s![..;2]).unwrap().to_vec().unwrap(), want);
            prop_assert!(big.slice(s![1..;2]).unwrap().to_vec().unwrap().iter().all(|&x| x == 0));
        } else {
            let mut out = OneArray::<u32>::zeroed(n).unwrap().reshape(&out_shape).unwrap();
            out.as_view_mut().copy_from(&v).unwrap();
            prop_assert_eq!(out.to_vec().unwrap(), want);
        }
    }
}

#[test]
fn one_pending_handle_for_copies_fills_and_views() -> Result<()> {
    use onearray::Pending;
    let src = iota::<DeviceBuffer>(&[64, 64])?;
    let mut dst = OneArray::<u32>::zeroed(64 * 64)?.reshape(&[64, 64])?;
    let mut fill_dst = OneArray::<u32, SharedBuffer>::zeroed(1000)?;
    let copy = dst.copy_from_async(&src)?;
    // Host-visible memory is filled on the host: the handle is complete at once, whatever
    // the stream still runs (the copy above).
    let fill = fill_dst.fill_async(4)?;
    assert!(fill.is_complete()?);
    let handles: Vec<Pending> = vec![copy, fill, dst.as_view_mut().copy_from_async(&src.t())?];
    for h in &handles {
        let event = h.event()?;
        h.wait()?;
        assert!(h.is_complete()?);
        // The event is signalled by a command after the work; the handle's wait covers it
        // (no wait on the event itself: that would hide a handle that returns too early).
        assert!(event.is_signalled()?);
    }
    // Handles are tokens of this thread's stream, in order.
    assert!(handles[0].token() < handles[2].token());
    assert_eq!(dst.to_vec()?, src.t().to_vec()?);
    assert!(fill_dst.iter().all(|&v| v == 4));
    Ok(())
}
