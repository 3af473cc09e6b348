//! Memory commands: copies between every kind of memory, copy regions, fills, range checks,
//! prefetch and advice, barriers, global timestamps.

use super::Env;
use crate::common::ze::*;
use crate::{ze_err, ze_ok};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

/// host Vec → host → device → shared → device (sub-device) → host Vec, each step after a
/// barrier, on one asynchronous immediate list.
pub fn copies(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 3 * 4096 + 17;
    let src = pattern(size, 11);
    let mut out = vec![0u8; size];
    let host = alloc_host(api, ctx, size, 0);
    let device = alloc_device(api, ctx, env.device, size, 0);
    let shared = alloc_shared(api, ctx, env.device, size, 0);
    let sub = alloc_device(api, ctx, env.subdevices[0], size, 0);
    let pool = pool_create(api, ctx, HOST_VISIBLE, 1);
    let done = event_create(api, pool, 0);
    let list = immediate_create(api, ctx, env.device, ASYNC);
    let chain: [(*mut c_void, *const c_void); 5] = [
        (host, src.as_ptr().cast()),
        (device, host),
        (shared, device),
        (sub, shared),
        (out.as_mut_ptr().cast(), sub),
    ];
    for (dst, from) in chain {
        // SAFETY: every buffer holds `size` bytes and outlives the wait on `done` below.
        unsafe { append_copy(api, list, dst, from, size, null_mut(), &[]) };
        append_barrier(api, list, null_mut(), &[]);
    }
    append_barrier(api, list, done, &[]);
    event_wait(api, done);
    assert!(out == src, "the bytes survived the round trip");
    // SAFETY: the copies are complete.
    assert_eq!(unsafe { read(shared, size) }, src);

    list_destroy(api, list);
    event_destroy(api, done);
    pool_destroy(api, pool);
    for p in [host, device, shared, sub] {
        free(api, ctx, p);
    }
    context_destroy(api, ctx);
}

/// A region copy's effect computed on the host: the reference the driver must match.
#[allow(clippy::too_many_arguments)]
fn reference_copy(
    dst: &mut [u8],
    d: &ze_copy_region_t,
    d_pitch: usize,
    d_slice: usize,
    src: &[u8],
    s: &ze_copy_region_t,
    s_pitch: usize,
    s_slice: usize,
) {
    for z in 0..s.depth as usize {
        for y in 0..s.height as usize {
            for x in 0..s.width as usize {
                let si = (s.originZ as usize + z) * s_slice
                    + (s.originY as usize + y) * s_pitch
                    + s.originX as usize
                    + x;
                let di = (d.originZ as usize + z) * d_slice
                    + (d.originY as usize + y) * d_pitch
                    + d.originX as usize
                    + x;
                dst[di] = src[si];
            }
        }
    }
}

fn region(origin: [u32; 3], extent: [u32; 3]) -> ze_copy_region_t {
    ze_copy_region_t {
        originX: origin[0],
        originY: origin[1],
        originZ: origin[2],
        width: extent[0],
        height: extent[1],
        depth: extent[2],
    }
}

pub fn copy_regions(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let list = immediate_create(api, ctx, env.device, SYNC);
    // (src origin, dst origin, extent, src pitch, src slice pitch, dst pitch, dst slice pitch)
    let cases = [
        // 2-D: a 10 × 5 block between differently pitched images.
        ([3, 2, 0], [1, 4, 0], [10, 5, 1], 32, 0, 20, 0),
        // 3-D: a 7 × 3 × 4 box between differently pitched volumes.
        ([2, 1, 1], [0, 2, 0], [7, 3, 4], 16, 16 * 6, 12, 12 * 8),
    ];
    for (so, dor, extent, sp, ss, dp, ds) in cases {
        let (s, d) = (region(so, extent), region(dor, extent));
        let src_len = if ss == 0 { sp * 8 } else { ss * 6 };
        let dst_len = if ds == 0 { dp * 10 } else { ds * 5 };
        let src_bytes = pattern(src_len, 5);
        let src = alloc_host(api, ctx, src_len, 0);
        let dst = alloc_shared(api, ctx, env.device, dst_len, 0);
        let mut expected = vec![0xEEu8; dst_len];
        // SAFETY: live allocations of these sizes; the list is synchronous.
        unsafe {
            write(src, &src_bytes);
            write(dst, &expected);
            ze_ok!(
                api,
                CommandList.pfnAppendMemoryCopyRegion(
                    list,
                    dst,
                    &d,
                    dp as u32,
                    ds as u32,
                    src,
                    &s,
                    sp as u32,
                    ss as u32,
                    null_mut(),
                    0,
                    null_mut()
                )
            );
        }
        reference_copy(&mut expected, &d, dp, ds, &src_bytes, &s, sp, ss);
        // SAFETY: the synchronous append has completed.
        let got = unsafe { read(dst, dst_len) };
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(g, e, "byte {i} of the {extent:?} region copy");
        }
        free(api, ctx, src);
        free(api, ctx, dst);
    }
    list_destroy(api, list);
    context_destroy(api, ctx);
}

/// Every power-of-two pattern size up to 128, on shared and device memory.
pub fn fills(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let list = immediate_create(api, ctx, env.device, SYNC);
    let size = 4096;
    let (offset, len) = (256, 2048);
    let shared = alloc_shared(api, ctx, env.device, size, 0);
    let device = alloc_device(api, ctx, env.device, size, 0);
    let mut back = vec![0u8; size];
    let mut ps = 1;
    while ps <= 128 {
        let pat = pattern(ps, ps as u8);
        let mut expected = vec![0x3Cu8; size];
        for (i, b) in expected[offset..offset + len].iter_mut().enumerate() {
            *b = pat[i % ps];
        }
        // SAFETY: the ranges lie in the allocations; the list is synchronous.
        unsafe {
            write(shared, &vec![0x3C; size]);
            append_fill(api, list, shared.byte_add(offset), &pat, len, null_mut());
            assert!(
                read(shared, size) == expected,
                "pattern size {ps} on shared memory"
            );
            append_copy(api, list, device, shared, size, null_mut(), &[]);
            append_fill(api, list, device.byte_add(offset), &pat, len, null_mut());
            append_copy(
                api,
                list,
                back.as_mut_ptr().cast(),
                device,
                size,
                null_mut(),
                &[],
            );
        }
        assert!(back == expected, "pattern size {ps} on device memory");
        ps *= 2;
    }
    list_destroy(api, list);
    free(api, ctx, shared);
    free(api, ctx, device);
    context_destroy(api, ctx);
}

/// Commands whose range leaves its allocation, and fill patterns of a size not allowed.
pub fn out_of_range(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 4096;
    let list = list_create(api, ctx, env.device, 0);
    let (a, b) = (
        alloc_host(api, ctx, size, 0),
        alloc_device(api, ctx, env.device, size, 0),
    );
    let pat = [0u8; 256];
    // SAFETY: the driver checks every range against its allocation and records nothing.
    unsafe {
        ze_err!(
            api,
            [INVALID_SIZE],
            CommandList.pfnAppendMemoryCopy(list, b, a, size + 1, null_mut(), 0, null_mut())
        );
        ze_err!(
            api,
            [INVALID_SIZE],
            CommandList.pfnAppendMemoryCopy(
                list,
                b.byte_add(1),
                a,
                size,
                null_mut(),
                0,
                null_mut()
            )
        );
        ze_err!(
            api,
            [INVALID_SIZE],
            CommandList.pfnAppendMemoryCopy(
                list,
                a,
                b.byte_add(4000),
                200,
                null_mut(),
                0,
                null_mut()
            )
        );
        ze_err!(
            api,
            [INVALID_SIZE],
            CommandList.pfnAppendMemoryFill(
                list,
                b,
                pat.as_ptr().cast(),
                4,
                size + 4,
                null_mut(),
                0,
                null_mut()
            )
        );
        ze_err!(
            api,
            [INVALID_SIZE],
            CommandList.pfnAppendMemoryFill(
                list,
                a.byte_add(size - 2),
                pat.as_ptr().cast(),
                1,
                4,
                null_mut(),
                0,
                null_mut()
            )
        );
        for bad in [3, 6, 256] {
            ze_err!(
                api,
                [INVALID_SIZE],
                CommandList.pfnAppendMemoryFill(
                    list,
                    a,
                    pat.as_ptr().cast(),
                    bad,
                    96 * 8,
                    null_mut(),
                    0,
                    null_mut()
                )
            );
        }
    }
    // Nothing was recorded: the list closes and runs empty.
    list_close(api, list);
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    execute(api, queue, &[list], null_mut());
    queue_synchronize(api, queue);
    queue_destroy(api, queue);
    list_destroy(api, list);
    free(api, ctx, a);
    free(api, ctx, b);
    context_destroy(api, ctx);
}

pub fn prefetch_and_advice(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 1 << 16;
    let shared = alloc_shared(api, ctx, env.device, size, 0);
    let list = list_create(api, ctx, env.device, 0);
    // SAFETY: the range lies in the shared allocation.
    unsafe {
        ze_ok!(api, CommandList.pfnAppendMemoryPrefetch(list, shared, size));
        for advice in 0..=7 {
            ze_ok!(
                api,
                CommandList.pfnAppendMemAdvise(
                    list,
                    env.device,
                    shared,
                    size,
                    ze_memory_advice_t(advice)
                )
            );
        }
        ze_err!(
            api,
            [INVALID_ENUMERATION],
            CommandList.pfnAppendMemAdvise(list, env.device, shared, size, ze_memory_advice_t(8))
        );
    }
    list_close(api, list);
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    execute(api, queue, &[list], null_mut());
    queue_synchronize(api, queue);
    queue_destroy(api, queue);
    list_destroy(api, list);
    free(api, ctx, shared);
    context_destroy(api, ctx);
}

pub fn barriers_and_timestamps(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 4096;
    let (a, b) = (
        alloc_host(api, ctx, size, 0),
        alloc_shared(api, ctx, env.device, size, 0),
    );
    let stamps = alloc_host(api, ctx, 16, 8).cast::<u64>();
    let pool = pool_create(api, ctx, HOST_VISIBLE, 2);
    let (copied, done) = (event_create(api, pool, 0), event_create(api, pool, 1));
    let list = immediate_create(api, ctx, env.device, ASYNC);
    let bytes = pattern(size, 77);
    // SAFETY: live allocations, read after `done`; the ranges array holds two live ranges.
    unsafe {
        write(a, &bytes);
        ze_ok!(
            api,
            CommandList.pfnAppendWriteGlobalTimestamp(list, stamps, null_mut(), 0, null_mut())
        );
        append_barrier(api, list, null_mut(), &[]);
        append_copy(api, list, b, a, size, copied, &[]);
        let sizes = [size, 64];
        let mut ranges = [a as *const c_void, b as *const c_void];
        let mut waits = [copied];
        ze_ok!(
            api,
            CommandList.pfnAppendMemoryRangesBarrier(
                list,
                2,
                sizes.as_ptr(),
                ranges.as_mut_ptr(),
                null_mut(),
                1,
                waits.as_mut_ptr()
            )
        );
        ze_ok!(
            api,
            CommandList.pfnAppendWriteGlobalTimestamp(list, stamps.add(1), done, 0, null_mut())
        );
    }
    event_wait(api, done);
    // SAFETY: everything before `done` is complete.
    unsafe {
        assert_eq!(read(b, size), bytes);
        let (t0, t1) = (stamps.read(), stamps.add(1).read());
        assert!(t0 <= t1, "global timestamps go forward: {t0} then {t1}");
    }
    list_destroy(api, list);
    for e in [copied, done] {
        event_destroy(api, e);
    }
    pool_destroy(api, pool);
    for p in [a, b, stamps.cast()] {
        free(api, ctx, p);
    }
    context_destroy(api, ctx);
}
