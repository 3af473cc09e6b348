//! Batched copies: many ranges or many (dst, src) pairs, one completion; overlap refusals.

use onearray::{s, CopyBatch, Error, HostBuffer, OneArray, Result, SharedBuffer};
use proptest::prelude::*;

#[test]
fn pairs_of_any_kind_and_layout() -> Result<()> {
    let a = OneArray::<u32>::from_slice(&(0..64).collect::<Vec<_>>())?.reshape(&[8, 8])?;
    let h = OneArray::<u32, HostBuffer>::filled(8, 5)?;
    let mut d1 = OneArray::<u32, SharedBuffer>::zeroed(64)?.reshape(&[8, 8])?;
    let mut d2 = OneArray::<u32>::zeroed(16)?;
    let mut batch = CopyBatch::new();
    batch.copy(d1.as_view_mut(), a.t())?;
    {
        let (lo, hi) = d2.as_view_mut().split_at(0, 8)?;
        batch.copy(lo, h.as_view())?;
        batch.copy(hi.slice(s![..;2])?, a.slice(s![0, ..4])?)?;
    }
    assert_eq!(batch.len(), 3);
    batch.run_async()?.wait()?;
    assert_eq!(d1.as_slice(), &a.t().to_vec()?[..]);
    assert_eq!(
        d2.to_vec()?,
        [5, 5, 5, 5, 5, 5, 5, 5, 0, 0, 1, 0, 2, 0, 3, 0]
    );
    Ok(())
}

#[test]
fn overlaps_in_a_batch_are_refused() -> Result<()> {
    let src = OneArray::<u8>::from_slice(&[1; 100])?;
    let mut dst = OneArray::<u8>::zeroed(100)?;
    // Destinations meeting each other.
    assert!(matches!(
        dst.copy_ranges_from(&src, &[(0..10, 0), (0..10, 5)]),
        Err(Error::BatchOverlap {
            first: 0,
            second: 1
        })
    ));
    // Sources may overlap.
    dst.copy_ranges_from(&src, &[(0..10, 0), (0..10, 10), (5..15, 50)])?;
    // Copies within one array, disjoint: fine.
    let mut both = OneArray::<u8>::from_slice(&(0..100).collect::<Vec<_>>())?;
    {
        let (lo, hi) = both.as_view_mut().split_at(0, 50)?;
        let (first, rest) = lo.split_at(0, 10)?;
        let hi = hi.into_view();
        let mut batch = CopyBatch::new();
        batch.copy(first, hi.slice(s![..10])?)?;
        batch.copy(rest.slice(s![10..20])?, hi.slice(s![5..15])?)?;
        batch.run()?;
    }
    let v = both.to_vec()?;
    assert_eq!(v[..10], (50..60).collect::<Vec<u8>>()[..]);
    assert_eq!(v[20..30], (55..65).collect::<Vec<u8>>()[..]);
    // Shape and bounds errors are reported when the copy is added.
    let a = OneArray::<u8>::zeroed(4)?;
    let mut b = OneArray::<u8>::zeroed(5)?;
    assert!(matches!(
        CopyBatch::new().copy(b.as_view_mut(), a.as_view()),
        Err(Error::ShapeMismatch { .. })
    ));
    assert!(matches!(
        b.copy_ranges_from(&a, &[(0..5, 0)]),
        Err(Error::OutOfRange { .. })
    ));
    Ok(())
}

#[test]
fn a_destination_meeting_another_source_is_refused() -> Result<()> {
    let mut a = OneArray::<u32>::zeroed(100)?;
    let b = OneArray::<u32>::zeroed(100)?;
    let (lo, hi) = a.as_view_mut().split_at(0, 50)?;
    let mut batch = CopyBatch::new();
    // Copy 0 writes a[..50]; copy 1 reads b — fine so far.
    batch.copy(lo, b.slice(s![..50])?)?;
    batch.copy(hi, b.slice(s![50..])?)?;
    batch.run()?;
    // Copy 1 reads what copy 0 writes (through an owned view of the same block).
    let mut c = OneArray::<u32>::zeroed(100)?;
    let alias = c.view_owned(0..10)?;
    let mut other = OneArray::<u32>::zeroed(10)?;
    let mut batch = CopyBatch::new();
    batch.copy(c.view_mut(..10)?, b.slice(s![..10])?)?;
    batch.copy(other.as_view_mut(), alias.as_view())?;
    assert!(matches!(
        batch.run(),
        Err(Error::BatchOverlap {
            first: 0,
            second: 1
        })
    ));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn ranges_land_where_a_loop_of_copies_puts_them(
        pieces in prop::collection::vec((0usize..200, 1usize..40), 1..30),
    ) {
        // Non-overlapping destinations: piece k goes to k * 40.
        let src_data: Vec<u32> = (0..240).collect();
        let src = OneArray::<u32>::from_slice(&src_data).unwrap();
        let ranges: Vec<_> = pieces
            .iter()
            .enumerate()
            .map(|(k, &(start, len))| (start..start + len, k * 40))
            .collect();
        let mut batched = OneArray::<u32>::zeroed(30 * 40).unwrap();
        batched.copy_ranges_from(&src, &ranges).unwrap();
        let mut want = vec![0u32; 30 * 40];
        for (r, at) in &ranges {
            want[*at..*at + r.len()].copy_from_slice(&src_data[r.clone()]);
        }
        prop_assert_eq!(batched.to_vec().unwrap(), want);
    }
}

/// `copy_ranges_from` with `ranges` of `src_data` into a zeroed array of `n`, against the
/// same copies done one by one on the host.
fn ranges_like_a_loop<T, B1, B2>(
    src_data: &[T],
    n: usize,
    ranges: &[(std::ops::Range<usize>, usize)],
) where
    T: bytemuck::Pod + PartialEq + std::fmt::Debug,
    B1: onearray::BufferKind,
    B2: onearray::BufferKind,
{
    let src = OneArray::<T, B2>::from_slice(src_data).unwrap();
    let mut dst = OneArray::<T, B1>::zeroed(n).unwrap();
    dst.copy_ranges_from(&src, ranges).unwrap();
    let mut want = vec![T::zeroed(); n];
    for (r, at) in ranges {
        want[*at..*at + r.len()].copy_from_slice(&src_data[r.clone()]);
    }
    assert_eq!(dst.to_vec().unwrap(), want);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Many ranges (the copy kernel's batches, from 64 on) of every unit the kernel picks
    /// (1-byte elements at odd offsets, 2-byte, 8-byte, 3-byte structs), empty ranges, one
    /// range longer than a group, between every kind of memory.
    #[test]
    fn many_ranges_of_any_size_and_kind(
        pieces in prop::collection::vec((0usize..300, 0usize..70), 64..130),
        kinds in 0usize..3,
    ) {
        let slot = 80;
        let ranges: Vec<_> = pieces
            .iter()
            .enumerate()
            .map(|(k, &(start, len))| (start..start + len, k * slot + k % 3))
            .collect();
        let n = pieces.len() * slot + 2;
        let bytes: Vec<u8> = (0..400u32).map(|i| (i * 7 + 1) as u8).collect();
        let words: Vec<u16> = (0..400u16).map(|i| i.wrapping_mul(31) + 1).collect();
        let longs: Vec<u64> = (0..400u64).map(|i| i << 33 | i).collect();
        let rgb: Vec<[u8; 3]> = (0..400u32).map(|i| [i as u8, (i >> 1) as u8, 7]).collect();
        match kinds {
            0 => {
                ranges_like_a_loop::<u8, onearray::DeviceBuffer, onearray::DeviceBuffer>(&bytes, n, &ranges);
                ranges_like_a_loop::<u16, SharedBuffer, onearray::DeviceBuffer>(&words, n, &ranges);
            }
            1 => {
                ranges_like_a_loop::<u64, onearray::DeviceBuffer, HostBuffer>(&longs, n, &ranges);
                ranges_like_a_loop::<[u8; 3], HostBuffer, SharedBuffer>(&rgb, n, &ranges);
            }
            _ => {
                ranges_like_a_loop::<u16, HostBuffer, HostBuffer>(&words, n, &ranges);
                ranges_like_a_loop::<u8, SharedBuffer, SharedBuffer>(&bytes, n, &ranges);
            }
        }
    }
}

/// Ranges of one array copied into another part of it (the kernel's source and destination
/// in one allocation), and an overlap among many ranges refused before anything runs.
#[test]
fn many_ranges_within_one_allocation() -> Result<()> {
    let data: Vec<u32> = (0..1000).collect();
    let both = OneArray::<u32>::from_slice(&data)?;
    let src = both.view_owned(0..500)?;
    let mut dst = both.view_owned(500..1000)?;
    let ranges: Vec<_> = (0..64).map(|k| (k * 7..k * 7 + 5, k * 7)).collect();
    dst.copy_ranges_from(&src, &ranges)?;
    let got = dst.to_vec()?;
    for (r, at) in &ranges {
        assert_eq!(got[*at..*at + r.len()], data[r.clone()]);
    }
    let mut bad = ranges.clone();
    bad[63] = (0..30, 0);
    assert!(matches!(
        dst.copy_ranges_from(&src, &bad),
        Err(Error::BatchOverlap {
            first: 0,
            second: 63
        })
    ));
    Ok(())
}
