//! Pool invariants and statistics (global toggles run in child processes).

mod common;
use common::{in_child, stats};
use onearray::pool::{fresh_block_size, size_class, LARGE, REACH};
use onearray::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn size_classes_bound_waste(bytes in 1usize..(1 << 40)) {
        let (idx, size) = size_class(bytes);
        prop_assert!(size >= bytes && size >= 512);
        prop_assert_eq!(size % 128, 0);
        if bytes > 512 {
            // At most a quarter of the power of two below.
            prop_assert!((size - bytes) * 4 <= size);
        }
        prop_assert_eq!(size_class(size), (idx, size));
        if size > 512 {
            prop_assert_eq!(size_class(size + 1).0, idx + 1);
        }
    }

    #[test]
    fn copy_round_trips(data in proptest::collection::vec(any::<u32>(), 0..3000),
                        start in 0usize..100, n in 0usize..100) {
        let a = OneArray::<u32>::from_slice(&data).unwrap();
        prop_assert_eq!(&a.to_vec().unwrap(), &data);
        let s = OneArray::<u32, SharedBuffer>::try_from(&data[..]).unwrap();
        let mut h = OneArray::<u32, HostBuffer>::zeroed(data.len()).unwrap();
        h.copy_from(&a).unwrap();
        prop_assert_eq!(h.as_slice(), s.as_slice());
        let r = start.min(data.len())..(start + n).min(data.len());
        let mut d = OneArray::<u32>::zeroed(r.len()).unwrap();
        d.copy_range_from(0, &s, r.clone()).unwrap();
        prop_assert_eq!(&d.to_vec().unwrap()[..], &data[r]);
    }
}

#[test]
fn stats_accounting() {
    if !in_child("stats_accounting", &[]) {
        return;
    }
    let host = level_zero::MemoryKind::Host;
    let sizes = [1usize, 512, 513, 4000, 70_000, 1 << 20];
    let mut arrays = Vec::new();
    for &s in &sizes {
        arrays.push(OneArray::<u8, HostBuffer>::zeroed(s).unwrap());
    }
    let classes: usize = sizes.iter().map(|&s| fresh_block_size(s)).sum();
    let st = stats(host);
    assert_eq!(
        (st.bytes_in_use, st.live_allocations, st.misses),
        (classes, 6, 6)
    );
    assert_eq!(st.peak_in_use, classes);
    drop(arrays);
    let st = stats(host);
    assert_eq!(
        (st.bytes_in_use, st.bytes_pooled, st.live_allocations),
        (0, classes, 0)
    );
    // Same sizes again: all hits.
    let again: Vec<_> = sizes
        .iter()
        .map(|&s| OneArray::<u8, HostBuffer>::zeroed(s).unwrap())
        .collect();
    let st = stats(host);
    assert_eq!((st.hits, st.allocations), (6, 12));
    assert_eq!(st.hit_rate(), 0.5);
    assert_eq!(st.bytes_in_use + st.bytes_pooled, classes);
    drop(again);
    assert_eq!(trim(), classes);
    let st = stats(host);
    assert_eq!((st.bytes_pooled, st.bytes_in_use, st.released), (0, 0, 6));
    // A limit on pooled bytes.
    set_pool_limit(1024);
    drop(OneArray::<u8, HostBuffer>::zeroed(4096).unwrap());
    assert_eq!(stats(host).bytes_pooled, 0);
    drop(OneArray::<u8, HostBuffer>::zeroed(100).unwrap());
    assert_eq!(stats(host).bytes_pooled, 512);
    // Pool off through the API.
    set_pool_limit(usize::MAX);
    set_pool_enabled(false);
    let before = stats(host);
    drop(OneArray::<u8, HostBuffer>::zeroed(512).unwrap());
    let st = stats(host);
    assert_eq!((st.misses, st.hits), (before.misses + 1, before.hits));
    assert_eq!(st.bytes_pooled, before.bytes_pooled);
    let report = memory_report().unwrap();
    assert!(
        report.contains("hit rate") && report.contains("host"),
        "{report}"
    );
    println!("{report}");
}

#[test]
fn pool_off_by_env() {
    if !in_child("pool_off_by_env", &[("ONEARRAY_POOL", "0")]) {
        return;
    }
    assert!(!pool_enabled());
    for _ in 0..3 {
        drop(OneArray::<u32>::zeroed(1000).unwrap());
    }
    let st = stats(level_zero::MemoryKind::Device);
    assert_eq!(
        (st.hits, st.misses, st.bytes_pooled, st.bytes_in_use),
        (0, 3, 0, 0)
    );
}

#[test]
fn leaks_by_env() {
    if !in_child("leaks_by_env", &[("ONEARRAY_TRACK_LEAKS", "1")]) {
        return;
    }
    let a = OneArray::<u64, SharedBuffer>::zeroed(1000).unwrap();
    let b = OneArray::<u8>::zeroed(10).unwrap();
    let leaks = report_leaks();
    assert_eq!(leaks.len(), 2);
    assert_eq!(
        (leaks[0].size, leaks[0].kind),
        (8192, level_zero::MemoryKind::Shared)
    );
    assert!(
        leaks[1].to_string().contains("leaks_by_env"),
        "{}",
        leaks[1]
    );
    drop(a);
    assert_eq!(report_leaks().len(), 1);
    drop(b);
    assert!(report_leaks().is_empty());
}

/// A small request whose class is empty takes a cached block of up to four times its size
/// (the next `pool::REACH` classes), not a larger one; the fragmentation figure counts it.
#[test]
fn empty_class_reaches_up_to_four_times_the_size() {
    if !in_child("empty_class_reaches_up_to_four_times_the_size", &[]) {
        return;
    }
    assert_eq!(size_class(4000).0 - size_class(1000).0, REACH);
    drop(OneArray::<u8, HostBuffer>::zeroed(4000).unwrap()); // the 4 KiB class
    let before = stats(MemoryKind::Host);
    let a = OneArray::<u8, HostBuffer>::zeroed(1000).unwrap(); // 4096 <= 4 × 1024
    let st = stats(MemoryKind::Host);
    assert_eq!((st.hits, st.misses), (before.hits + 1, before.misses));
    assert_eq!(st.bytes_in_use, 4096);
    // The fragmentation figure: held from the driver per byte asked for.
    assert_eq!(st.bytes_requested, 1000);
    let held = (st.bytes_in_use + st.bytes_pooled) as f64;
    assert_eq!(st.fragmentation(), held / 1000.0);
    assert!(st.fragmentation() >= 4.0);
    drop(a);
    assert_eq!(stats(MemoryKind::Host).bytes_requested, 0);
    let b = OneArray::<u8, HostBuffer>::zeroed(900).unwrap(); // the same 4 KiB block
    let c = OneArray::<u8, HostBuffer>::zeroed(500).unwrap(); // 4096 > 4 × 512: the driver
    let after = stats(MemoryKind::Host);
    assert_eq!((after.hits, after.misses), (st.hits + 1, st.misses + 1));
    assert_eq!(after.bytes_in_use, 4096 + 512);
    drop((b, c));
}

/// Large requests are pieces of segments: best fit, split, merged back when freed in any
/// order; a request no free piece fits gives the empty segments back first; trim releases
/// empty segments.
#[test]
fn large_blocks_split_merge_and_trim() {
    if !in_child("large_blocks_split_merge_and_trim", &[]) {
        return;
    }
    let mib = 1 << 20;
    let host = |n| OneArray::<u8, HostBuffer>::zeroed(n).unwrap();
    drop(host(3 * mib));
    let st = stats(MemoryKind::Host);
    assert_eq!((st.misses, st.bytes_pooled), (1, 3 * mib));
    // Three pieces of the 3 MiB segment, the last one what is left.
    let a = host(mib);
    let b = host(mib + 1); // rounded to pool::PIECE_ROUND
    let c = host(mib - 512 - LARGE / 2); // less than LARGE would be left: all of it
    let st = stats(MemoryKind::Host);
    assert_eq!(
        (st.misses, st.bytes_in_use, st.bytes_pooled),
        (1, 3 * mib, 0)
    );
    assert_eq!(st.bytes_in_use - mib - (mib + 512), mib - 512);
    let base = a.as_ptr() as usize;
    assert_eq!(b.as_ptr() as usize, base + mib);
    assert_eq!(c.as_ptr() as usize, base + 2 * mib + 512);
    // Freed out of order: merged back into one piece, reused whole.
    drop(b);
    drop(a);
    drop(c);
    let again = host(3 * mib);
    assert_eq!(again.as_ptr() as usize, base);
    assert_eq!(stats(MemoryKind::Host).misses, 1);
    drop(again);
    // A larger request: the empty 3 MiB segment cannot serve it and goes back first.
    let big = host(4 * mib);
    let st = stats(MemoryKind::Host);
    assert_eq!(
        (st.misses, st.released, st.bytes_released),
        (2, 1, 3 * mib as u64)
    );
    assert_eq!((st.bytes_in_use, st.bytes_pooled), (4 * mib, 0));
    // Trim releases empty segments only.
    drop(big);
    let small = host(mib); // a piece of the 4 MiB segment
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 3 * mib);
    assert_eq!(trim(), 0);
    drop(small);
    assert_eq!(trim(), 4 * mib);
    let st = stats(MemoryKind::Host);
    assert_eq!((st.bytes_pooled, st.released), (0, 2));
    // Over a pool limit, a segment goes back as soon as its last piece does.
    set_pool_limit(mib);
    let (a, b) = (host(2 * mib), host(2 * mib));
    drop(a);
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 0);
    drop(b);
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 0);
    set_pool_limit(usize::MAX);
}

/// With an idle-trim interval, a pool left alone gives its cached blocks back; without, it
/// keeps them.
#[test]
fn idle_pools_are_trimmed() {
    if !in_child("idle_pools_are_trimmed", &[("ONEARRAY_IDLE_TRIM_MS", "20")]) {
        return;
    }
    let big = 2 << 20; // above the magazines: in the pool's lists
    drop(OneArray::<u8, HostBuffer>::zeroed(big).unwrap());
    assert_eq!(idle_trim(), Some(std::time::Duration::from_millis(20)));
    let start = std::time::Instant::now();
    while stats(MemoryKind::Host).bytes_pooled > 0 {
        assert!(start.elapsed().as_secs() < 10, "not trimmed in 10 s");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(stats(MemoryKind::Host).released >= 1);
    set_idle_trim(None);
    assert_eq!(idle_trim(), None);
    drop(OneArray::<u8, HostBuffer>::zeroed(big).unwrap());
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, size_class(big).1);
}
