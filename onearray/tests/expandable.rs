//! Expandable segments (`pool::set_expandable`): large device blocks as pieces of one
//! virtual range, mapped in chunks and given back chunk by chunk (each test in a child
//! process: the switch and the statistics are global).

mod common;
use common::{in_child, stats};
use onearray::pool::{set_expandable, CHUNK};
use onearray::*;

const MIB: usize = 1 << 20;
/// Half a chunk.
const U: usize = CHUNK / 2;
const DEVICE: MemoryKind = MemoryKind::Device;

#[test]
fn pieces_grow_the_range_and_chunks_go_back() {
    if !in_child("pieces_grow_the_range_and_chunks_go_back", &[]) {
        return;
    }
    set_expandable(true);
    // Sizes in half chunks (U: 1 MiB of 2 MiB chunks).
    let dev = |n: usize| OneArray::<u8>::zeroed(n).unwrap();
    let a = dev(3 * U);
    let b = dev(U);
    // One range (the driver's allocation around them is the reservation): b follows a.
    assert_eq!(b.as_ptr() as usize, a.as_ptr() as usize + 3 * U);
    let ctx = level_zero::default_context().unwrap();
    let (base, size) = level_zero::address_range(&ctx, a.as_ptr().cast()).unwrap();
    assert!(
        size >= 64 << 30 && base as usize <= a.as_ptr() as usize,
        "{size}"
    );
    let st = stats(DEVICE);
    assert_eq!((st.misses, st.bytes_in_use, st.bytes_pooled), (2, 4 * U, 0));
    // Data across chunks mapped at different times.
    let data: Vec<u32> = (0..(3 * U / 4) as u32).collect();
    let big = OneArray::<u32>::from_slice(&data).unwrap();
    assert_eq!(big.to_vec().unwrap(), data);
    drop(big);
    drop(a);
    // 2 of a's 3 half chunks: a hit, nothing mapped.
    let c = dev(2 * U);
    let st = stats(DEVICE);
    assert_eq!((st.misses, st.hits), (3, 1));
    // 4 half chunks fit no free piece: over the most ever in use (7), free chunks go back
    // first (a's last chunk, the big array's), then 4 are mapped.
    let d = dev(4 * U);
    let st = stats(DEVICE);
    assert!(st.bytes_released > 0 && st.released > 0, "{st:?}");
    assert_eq!(st.bytes_in_use, 7 * U);
    assert!(st.bytes_in_use + st.bytes_pooled <= 7 * U + CHUNK, "{st:?}");
    drop((b, c, d));
    // Everything free: trim unmaps it all.
    trim();
    let st = stats(DEVICE);
    assert_eq!((st.bytes_in_use, st.bytes_pooled), (0, 0));
    // And the range comes back on the next large request.
    let e = dev(3 * U);
    assert_eq!(e.to_vec().unwrap(), vec![0; 3 * U]);
}

#[test]
fn pending_pieces_keep_their_pages() {
    if !in_child("pending_pieces_keep_their_pages", &[]) {
        return;
    }
    set_expandable(true);
    let n = 3 * MIB / 4;
    let mut a = OneArray::<u32>::zeroed(n).unwrap();
    let pending = a.fill_async(7).unwrap();
    let host = {
        let mut h = OneArray::<u32, HostBuffer>::zeroed(n).unwrap();
        h.copy_from(&a).unwrap();
        h
    };
    drop(a);
    // A trim while the copy may still run: the piece is pending, its chunks stay mapped.
    trim();
    pending.wait().unwrap();
    assert!(host.as_slice().iter().all(|&v| v == 7));
    trim();
    let st = stats(DEVICE);
    assert_eq!((st.bytes_in_use, st.bytes_pooled), (0, 0));
}

#[test]
fn random_sizes_keep_stats_exact() {
    if !in_child("random_sizes_keep_stats_exact", &[]) {
        return;
    }
    set_expandable(true);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut live = Vec::new();
    for _ in 0..300 {
        if live.len() > 12 || (next() % 3 == 0 && !live.is_empty()) {
            let i = (next() % live.len() as u64) as usize;
            drop(live.swap_remove(i));
        } else {
            let n = 65 * 1024 + (next() % (6 * MIB as u64)) as usize;
            live.push(OneArray::<u8>::zeroed(n).unwrap());
        }
        let st = stats(DEVICE);
        let held: usize = live.iter().map(|a| a.len()).sum();
        assert!(st.bytes_in_use >= held, "{st:?}");
        assert_eq!(st.live_allocations, live.len());
    }
    drop(live);
    trim();
    let st = stats(DEVICE);
    assert_eq!((st.bytes_in_use, st.bytes_pooled), (0, 0), "{st:?}");
    assert!(st.hit_rate() > 0.5, "{st:?}");
}

/// Whether a 3 MiB device array lies in the expandable range (the driver allocation around
/// it is the >= 64 GiB reservation) rather than a segment of its own size.
fn on_the_range() -> bool {
    let a = OneArray::<u8>::zeroed(3 * MIB).unwrap();
    let ctx = level_zero::default_context().unwrap();
    let (_, size) = level_zero::address_range(&ctx, a.as_ptr().cast()).unwrap();
    size >= 64 << 30
}

#[test]
fn on_by_default() {
    // Any value but 0 (here empty) leaves the default.
    if !in_child("on_by_default", &[("ONEARRAY_EXPANDABLE", "")]) {
        return;
    }
    assert!(onearray::pool::expandable());
    assert!(!pool_enabled() || on_the_range());
}

#[test]
fn off_with_the_variable_at_zero() {
    if !in_child(
        "off_with_the_variable_at_zero",
        &[("ONEARRAY_EXPANDABLE", "0")],
    ) {
        return;
    }
    assert!(!onearray::pool::expandable());
    assert!(!on_the_range());
    set_expandable(true);
    assert!(!pool_enabled() || on_the_range());
}
