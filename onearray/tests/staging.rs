//! Large uploads through the pinned staging ring: correctness around the threshold and the
//! chunk boundaries, random sizes and offsets, the switch, and buffer reuse on a slow queue.

mod common;
use common::in_child;
use onearray::*;
use proptest::prelude::*;

const MIB: usize = 1 << 20;

/// Bytes that differ from chunk to chunk and from one `seed` to another.
fn pattern(n: usize, seed: u32) -> Vec<u8> {
    (0..n)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761).wrapping_add(seed) >> 24) as u8)
        .collect()
}

#[test]
fn staged_uploads_around_threshold_and_chunks() -> Result<()> {
    // The CPU driver's device is not a GPU: force the ring on (per-device default is off).
    set_staging_enabled(Some(true));
    for n in [
        STAGING_THRESHOLD - 1,
        STAGING_THRESHOLD,
        STAGING_CHUNK - 1,
        STAGING_CHUNK,
        STAGING_CHUNK + 3,
        2 * STAGING_CHUNK,
        9 * MIB + 17,
    ] {
        let data = pattern(n, n as u32);
        let a = OneArray::<u8>::from_slice(&data)?;
        assert!(a.to_vec()? == data, "{n} bytes");
    }
    // Elements wider than a byte, and a chunk boundary inside an element run.
    let words: Vec<u32> = (0..(STAGING_CHUNK / 4 * 2 + 5) as u32).collect();
    assert_eq!(OneArray::<u32>::from_slice(&words)?.to_vec()?, words);
    Ok(())
}

#[test]
fn staged_writes_into_views_and_at_offsets() -> Result<()> {
    set_staging_enabled(Some(true));
    let n = 10 * MIB;
    let mut a = OneArray::<u8>::filled(n, 0xAB)?;
    let data = pattern(5 * MIB + 7, 1);
    a.write_at(12_345, &data)?;
    let out = a.to_vec()?;
    assert!(out[..12_345].iter().all(|&b| b == 0xAB));
    assert!(out[12_345..12_345 + data.len()] == data[..]);
    assert!(out[12_345 + data.len()..].iter().all(|&b| b == 0xAB));
    // A view starts at an offset into the block.
    let mut v = a.view_mut(3..n - 1)?;
    let data = pattern(n - 4, 2);
    v.copy_from_slice(&data)?;
    let out = a.to_vec()?;
    assert!(out[3..n - 1] == data[..]);
    assert_eq!((out[0], out[2], out[n - 1]), (0xAB, 0xAB, 0xAB));
    // Shared arrays keep their host path and get the same bytes.
    let mut s = OneArray::<u8, SharedBuffer>::zeroed(4 * MIB + 3)?;
    let data = pattern(4 * MIB + 3, 3);
    s.copy_from_slice(&data)?;
    assert!(s.as_slice() == &data[..]);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn staged_random_sizes_and_offsets(
        len in 0usize..(10 * MIB),
        offset in 0usize..(3 * MIB),
        seed in any::<u32>(),
    ) {
        set_staging_enabled(Some(true));
        let total = offset + len + 11;
        let mut a = OneArray::<u8>::filled(total, 0x5A).unwrap();
        let data = pattern(len, seed);
        a.write_at(offset, &data).unwrap();
        let mut back = vec![0u8; len];
        a.read_at(offset, &mut back).unwrap();
        prop_assert!(back == data);
        let mut edges = [0u8; 11];
        a.read_at(offset + len, &mut edges).unwrap();
        prop_assert_eq!(edges, [0x5A; 11]);
        if offset > 0 {
            let mut before = vec![0u8; offset];
            a.read_at(0, &mut before).unwrap();
            prop_assert!(before.iter().all(|&b| b == 0x5A));
        }
    }
}

#[test]
fn staging_switch_by_api() {
    if !in_child("staging_switch_by_api", &[]) {
        return;
    }
    assert_eq!(staging_enabled(), None, "per device by default");
    set_staging_enabled(Some(true));
    let data = pattern(9 * MIB + 17, 4);
    let before = staging_stats();
    assert_eq!(
        OneArray::<u8>::from_slice(&data).unwrap().to_vec().unwrap(),
        data
    );
    let st = staging_stats();
    assert_eq!(
        (st.uploads, st.chunks),
        (before.uploads + 1, before.chunks + 3)
    );
    // Below the threshold: direct.
    let small = pattern(STAGING_THRESHOLD - 1, 5);
    assert_eq!(
        OneArray::<u8>::from_slice(&small)
            .unwrap()
            .to_vec()
            .unwrap(),
        small
    );
    assert_eq!(staging_stats(), st);
    set_staging_enabled(Some(false));
    assert_eq!(
        OneArray::<u8>::from_slice(&data).unwrap().to_vec().unwrap(),
        data
    );
    assert_eq!(staging_stats(), st);
    set_staging_enabled(Some(true));
    // The ring is cached: one ring of two buffers comes back.
    assert_eq!(trim_staging(), 2 * STAGING_CHUNK);
    assert_eq!(trim_staging(), 0);
    // And is recreated on demand.
    assert_eq!(
        OneArray::<u8>::from_slice(&data).unwrap().to_vec().unwrap(),
        data
    );
    assert_eq!(staging_stats().uploads, st.uploads + 1);
}

#[test]
fn staging_off_by_env() {
    if !in_child("staging_off_by_env", &[("ONEARRAY_STAGING", "0")]) {
        return;
    }
    assert_eq!(staging_enabled(), Some(false));
    let data = pattern(9 * MIB + 17, 6);
    assert_eq!(
        OneArray::<u8>::from_slice(&data).unwrap().to_vec().unwrap(),
        data
    );
    assert_eq!(staging_stats(), StagingStats::default());
    assert_eq!(trim_staging(), 0);
}

/// With every command delayed, the host reaches chunk `k + 2` long before the device copied
/// chunk `k` out of the same staging buffer: it must wait, or the device would read the
/// newer chunk's bytes.
#[test]
fn slow_queue_does_not_overwrite_a_staging_buffer_in_use() {
    if !in_child(
        "slow_queue_does_not_overwrite_a_staging_buffer_in_use",
        &[
            ("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "30000"),
            ("ONEARRAY_STAGING", "1"),
        ],
    ) {
        return;
    }
    let n = 4 * STAGING_CHUNK + 17; // five chunks: buffers 0, 1, 0, 1, 0
    for seed in [7, 8] {
        let data = pattern(n, seed);
        let before = staging_stats();
        let a = OneArray::<u8>::from_slice(&data).unwrap();
        let st = staging_stats();
        assert_eq!(
            (st.uploads, st.chunks),
            (before.uploads + 1, before.chunks + 5)
        );
        // Chunks 2, 3 and 4 find their buffer still being read (30 ms per command).
        assert!(st.buffer_waits > before.buffer_waits);
        assert!(a.to_vec().unwrap() == data, "seed {seed}");
    }
    // A staged write into a device array another command is still reading.
    let data = pattern(n, 9);
    let mut a = OneArray::<u8>::from_slice(&data).unwrap();
    let mut copy = OneArray::<u8>::zeroed(n).unwrap();
    copy.copy_from_async(&a).unwrap().wait().unwrap();
    let next = pattern(n, 10);
    a.copy_from_slice(&next).unwrap();
    assert!(copy.to_vec().unwrap() == data);
    assert!(a.to_vec().unwrap() == next);
}
