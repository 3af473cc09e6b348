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
    let n = 1 << 14;
    let src = OneArray::<u32>::filled(n, 3).unwrap();
    let ptr = src.as_ptr();
    let mut dst = OneArray::<u32>::zeroed(n).unwrap();
    drop(dst.copy_from_async(&src).unwrap());
    drop(src);
    // Stream-ordered: the block is handed out at once; its next use queues after the copy.
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
    drop(OneArray::<u8>::zeroed(600 << 10).unwrap()); // pooled: 640 KiB class
    assert_eq!(stats(MemoryKind::Device).bytes_pooled, 640 << 10);
    // 768 KiB class: the driver is out of memory until the pool is trimmed.
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
            assert_eq!((requested, in_use, pooled), (640 << 10, 768 << 10, 0));
            assert!(free < 640 << 10);
        }
        other => panic!("expected OutOfMemory, got {other:?}"),
    }
    let st = stats(MemoryKind::Device);
    assert_eq!((st.oom_reclaims, st.oom_syncs, st.oom_failures), (2, 1, 1));
    drop(big);
    OneArray::<u8>::zeroed(600 << 10).unwrap();
}
