//! Deferred release behind the last use (slow queues) and the OOM ladder (small device).

mod common;
use common::{in_child, stats};
use level_zero::MemoryKind;
use onearray::*;

#[test]
fn drop_during_async_copy_defers_release() {
    if !in_child(
        "drop_during_async_copy_defers_release",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "30000")],
    ) {
        return;
    }
    let n = 1 << 16;
    let src = OneArray::<u32, SharedBuffer>::filled(n, 7).unwrap();
    let src_ptr = src.as_ptr();
    let mut dst = OneArray::<u32, SharedBuffer>::zeroed(n).unwrap();
    // Drop the handle (nothing waits), then the source while the copy is queued.
    drop(dst.copy_from_async(&src).unwrap());
    drop(src);
    assert_eq!(stats(MemoryKind::Shared).deferred_frees, 1);
    // A new array of the same class must not get the still-used block.
    let mut other = OneArray::<u32, SharedBuffer>::zeroed(n).unwrap();
    assert_ne!(other.as_ptr(), src_ptr);
    other.as_mut_slice().fill(0xDEAD);
    assert!(dst.as_slice().iter().all(|&v| v == 7));
    // Now the copy is done the deferred block is reusable.
    let again = OneArray::<u32, SharedBuffer>::zeroed(n);
    drop(again);
}

#[test]
fn device_blocks_reuse_on_the_same_stream() {
    if !in_child(
        "device_blocks_reuse_on_the_same_stream",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "20000")],
    ) {
        return;
    }
    reuse_while_a_copy_reads(1 << 14);
}

/// Gives back the source of a pending copy of `n` u32 and allocates again: stream-ordered, the
/// block is handed out at once (its next use queues after the copy), and both arrays end up
/// right.
fn reuse_while_a_copy_reads(n: usize) {
    let src = OneArray::<u32>::filled(n, 3).unwrap();
    let ptr = src.as_ptr();
    let mut dst = OneArray::<u32>::zeroed(n).unwrap();
    drop(dst.copy_from_async(&src).unwrap());
    drop(src);
    let reused = OneArray::<u32>::filled(n, 9).unwrap();
    assert_eq!(reused.as_ptr(), ptr);
    assert_eq!(stats(MemoryKind::Device).stream_reuses, 1);
    assert_eq!(dst.to_vec().unwrap(), vec![3; n]);
    assert_eq!(reused.to_vec().unwrap(), vec![9; n]);
}

#[test]
fn oom_ladder() {
    if !in_child("oom_ladder", &[("LEVEL_ZERO_CPU_MEMORY", "1M")]) {
        return;
    }
    // Pooled: 8 blocks of the 56 KiB class.
    drop(
        (0..8)
            .map(|_| OneArray::<u8>::zeroed(56 << 10).unwrap())
            .collect::<Vec<_>>(),
    );
    assert_eq!(stats(MemoryKind::Device).bytes_pooled, 448 << 10);
    // A 704 KiB segment: the driver is out of memory until the pool is trimmed.
    let big = OneArray::<u8>::zeroed(700 << 10).unwrap();
    let st = stats(MemoryKind::Device);
    assert_eq!((st.oom_reclaims, st.oom_trims, st.bytes_pooled), (1, 1, 0));
    match OneArray::<u8>::zeroed(600 << 10) {
        Err(Error::OutOfMemory {
            requested,
            in_use,
            pooled,
            free,
            ..
        }) => {
            assert_eq!((requested, in_use, pooled), (640 << 10, 704 << 10, 0));
            assert!(free < 640 << 10);
        }
        other => panic!("expected OutOfMemory, got {other:?}"),
    }
    let st = stats(MemoryKind::Device);
    assert_eq!((st.oom_reclaims, st.oom_syncs, st.oom_failures), (2, 1, 1));
    drop(big);
    OneArray::<u8>::zeroed(600 << 10).unwrap();
}

/// Large blocks are pieces of segments: a piece given back while a copy on this thread's
/// stream still uses it is reused by that stream at once; once idle it merges with its free
/// neighbours, so the whole segment serves a request of its size again.
#[test]
fn large_pieces_reuse_on_the_same_stream_and_merge_when_idle() {
    if !in_child(
        "large_pieces_reuse_on_the_same_stream_and_merge_when_idle",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "20000")],
    ) {
        return;
    }
    reuse_while_a_copy_reads(1 << 18); // 1 MiB of u32: above pool::LARGE

    let mib = 1 << 20;
    let whole = OneArray::<u8>::zeroed(3 * mib).unwrap();
    let base = whole.as_ptr();
    drop(whole);
    let a = OneArray::<u8>::filled(mib, 1).unwrap();
    let mut b = OneArray::<u8>::zeroed(mib).unwrap();
    assert_eq!(a.as_ptr(), base);
    assert_eq!(b.as_ptr(), base.wrapping_add(mib));
    drop(b.copy_from_async(&a).unwrap());
    drop(a); // pending: its copy is queued
    let before = stats(MemoryKind::Device);
    assert_eq!(b.to_vec().unwrap(), vec![1; mib]);
    drop(b);
    let again = OneArray::<u8>::zeroed(3 * mib).unwrap();
    assert_eq!(again.as_ptr(), base);
    let st = stats(MemoryKind::Device);
    assert_eq!((st.misses, st.hits), (before.misses, before.hits + 1));
    assert_eq!(st.bytes_in_use, 3 * mib);
}
