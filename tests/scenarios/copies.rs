//! Memory commands: copies between every kind of memory, copy regions, fills, range checks,
//! prefetch and advice, barriers, global timestamps.

use super::{Env, ASYNC, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, context, event, mem};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

/// host Vec → host → device → shared → device (sub-device) → host Vec, each step after a
/// barrier, on one asynchronous immediate list.
pub fn copies(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 3 * 4096 + 17;
        let src = pattern(size, 11);
        let mut out = vec![0u8; size];
        let host = host_mem(api, ctx, size);
        let device = device_mem(api, ctx, env.device, size);
        let shared = shared_mem(api, ctx, env.device, size);
        let sub = device_mem(api, ctx, env.subdevices[0], size);
        let (events, [done]) = EventPool::host_visible(api, ctx);
        let list = immediate(api, ctx, env.device, ASYNC);
        let chain: [(*mut c_void, *const c_void); 5] = [
            (host, src.as_ptr().cast()),
            (device, host),
            (shared, device),
            (sub, shared),
            (out.as_mut_ptr().cast(), sub),
        ];
        for (dst, from) in chain {
            // Every buffer holds `size` bytes and outlives the wait on `done` below.
            command_list::append_memory_copy(api, list, dst, from, size, null_mut(), 0, null_mut())
                .unwrap();
            command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        }
        command_list::append_barrier(api, list, done, 0, null_mut()).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        assert!(out == src, "the bytes survived the round trip");
        // The copies are complete.
        assert_eq!(read(shared, size), src);

        command_list::destroy(api, list).unwrap();
        drop(events);
        for p in [host, device, shared, sub] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
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
    // A depth of 0 is one slice, as in Intel's driver.
    for z in 0..(s.depth as usize).max(1) {
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
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, env.device, SYNC);
        // (src origin, dst origin, extent, src pitch, src slice pitch, dst pitch, dst slice pitch)
        let cases = [
            // 2-D: a 10 × 5 block between differently pitched images.
            ([3, 2, 0], [1, 4, 0], [10, 5, 1], 32, 0, 20, 0),
            // The same with depth 0, which programs for Intel's driver pass for a 2-D copy.
            ([3, 2, 0], [1, 4, 0], [10, 5, 0], 32, 0, 20, 0),
            // 3-D: a 7 × 3 × 4 box between differently pitched volumes.
            ([2, 1, 1], [0, 2, 0], [7, 3, 4], 16, 16 * 6, 12, 12 * 8),
        ];
        for (so, dor, extent, sp, ss, dp, ds) in cases {
            let (s, d) = (region(so, extent), region(dor, extent));
            let src_len = if ss == 0 { sp * 8 } else { ss * 6 };
            let dst_len = if ds == 0 { dp * 10 } else { ds * 5 };
            let src_bytes = pattern(src_len, 5);
            let src = host_mem(api, ctx, src_len);
            let dst = shared_mem(api, ctx, env.device, dst_len);
            let mut expected = vec![0xEEu8; dst_len];
            write(src, &src_bytes);
            write(dst, &expected);
            command_list::append_memory_copy_region(
                api,
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
                null_mut(),
            )
            .unwrap();
            reference_copy(&mut expected, &d, dp, ds, &src_bytes, &s, sp, ss);
            // The synchronous append has completed.
            let got = read(dst, dst_len);
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                assert_eq!(g, e, "byte {i} of the {extent:?} region copy");
            }
            mem::free(api, ctx, src).unwrap();
            mem::free(api, ctx, dst).unwrap();
        }

        // An empty region (all zero, or no width) copies nothing and still signals its event,
        // on plain host memory and with null pitches.
        let (events, [done]) = EventPool::host_visible(api, ctx);
        let (mut a, b) = ([7u8; 16], [9u8; 16]);
        for extent in [[0, 0, 0], [0, 4, 1]] {
            let r = region([0, 0, 0], extent);
            event::host_reset(api, done).unwrap();
            let (dst, src) = (a.as_mut_ptr().cast(), b.as_ptr().cast());
            command_list::append_memory_copy_region(
                api,
                list,
                dst,
                &r,
                0,
                0,
                src,
                &r,
                0,
                0,
                done,
                0,
                null_mut(),
            )
            .unwrap();
            expect(event::query_status(api, done), SUCCESS);
            assert_eq!(a, [7u8; 16], "{extent:?} region");
        }
        drop(events);
        command_list::destroy(api, list).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Every power-of-two pattern size up to 128, on shared and device memory.
pub fn fills(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, env.device, SYNC);
        let size = 4096;
        let (offset, len) = (256, 2048);
        let shared = shared_mem(api, ctx, env.device, size);
        let device = device_mem(api, ctx, env.device, size);
        let mut back = vec![0u8; size];
        let mut ps = 1;
        while ps <= 128 {
            let pat = pattern(ps, ps as u8);
            let mut expected = vec![0x3Cu8; size];
            for (i, b) in expected[offset..offset + len].iter_mut().enumerate() {
                *b = pat[i % ps];
            }
            // The ranges lie in the allocations; the list is synchronous.
            write(shared, &vec![0x3C; size]);
            command_list::append_memory_fill(
                api,
                list,
                shared.byte_add(offset),
                pat.as_ptr().cast(),
                pat.len(),
                len,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            assert!(
                read(shared, size) == expected,
                "pattern size {ps} on shared memory"
            );
            command_list::append_memory_copy(
                api,
                list,
                device,
                shared,
                size,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            command_list::append_memory_fill(
                api,
                list,
                device.byte_add(offset),
                pat.as_ptr().cast(),
                pat.len(),
                len,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            command_list::append_memory_copy(
                api,
                list,
                back.as_mut_ptr().cast(),
                device,
                size,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            assert!(back == expected, "pattern size {ps} on device memory");
            ps *= 2;
        }
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, shared).unwrap();
        mem::free(api, ctx, device).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Commands whose range leaves its allocation, and fill patterns of a size not allowed.
pub fn out_of_range(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        let (a, b) = (
            host_mem(api, ctx, size),
            device_mem(api, ctx, env.device, size),
        );
        // Host memory that runs into an allocation overlaps it only partly: refused (a copy
        // starting just before a USM block and running past its start).
        expect(
            command_list::append_memory_copy(
                api,
                list,
                b.byte_sub(16),
                a,
                64,
                null_mut(),
                0,
                null_mut(),
            ),
            // Where `a` happens to end at `b` (valgrind places mappings next to each other),
            // the copy starts inside `a` and runs past its end.
            if a.byte_add(size) == b {
                INVALID_SIZE
            } else {
                INVALID_ARGUMENT
            },
        );
        let pat = [0u8; 256];
        // The driver checks every range against its allocation and records nothing.
        expect(
            command_list::append_memory_copy(api, list, b, a, size + 1, null_mut(), 0, null_mut()),
            INVALID_SIZE,
        );
        expect(
            command_list::append_memory_copy(
                api,
                list,
                b.byte_add(1),
                a,
                size,
                null_mut(),
                0,
                null_mut(),
            ),
            INVALID_SIZE,
        );
        expect(
            command_list::append_memory_copy(
                api,
                list,
                a,
                b.byte_add(4000),
                200,
                null_mut(),
                0,
                null_mut(),
            ),
            INVALID_SIZE,
        );
        expect(
            command_list::append_memory_fill(
                api,
                list,
                b,
                pat.as_ptr().cast(),
                4,
                size + 4,
                null_mut(),
                0,
                null_mut(),
            ),
            INVALID_SIZE,
        );
        expect(
            command_list::append_memory_fill(
                api,
                list,
                a.byte_add(size - 2),
                pat.as_ptr().cast(),
                1,
                4,
                null_mut(),
                0,
                null_mut(),
            ),
            INVALID_SIZE,
        );
        for bad in [3, 6, 256] {
            expect(
                command_list::append_memory_fill(
                    api,
                    list,
                    a,
                    pat.as_ptr().cast(),
                    bad,
                    96 * 8,
                    null_mut(),
                    0,
                    null_mut(),
                ),
                INVALID_SIZE,
            );
        }
        // Nothing was recorded: the list closes and runs empty.
        close_and_run(api, ctx, env.device, list);
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, a).unwrap();
        mem::free(api, ctx, b).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

pub fn prefetch_and_advice(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 1 << 16;
        let shared = shared_mem(api, ctx, env.device, size);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        // The range lies in the shared allocation.
        command_list::append_memory_prefetch(api, list, shared, size).unwrap();
        // The system-memory advice (8, 9) is 1.7's.
        let last = if api.api_version().0 >= ze_api_version_t::ZE_API_VERSION_1_7.0 {
            9
        } else {
            7
        };
        for advice in 0..=last {
            command_list::append_mem_advise(
                api,
                list,
                env.device,
                shared,
                size,
                ze_memory_advice_t(advice),
            )
            .unwrap();
        }
        expect(
            command_list::append_mem_advise(
                api,
                list,
                env.device,
                shared,
                size,
                ze_memory_advice_t(10),
            ),
            INVALID_ENUMERATION,
        );
        close_and_run(api, ctx, env.device, list);
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, shared).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

pub fn barriers_and_timestamps(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let (a, b) = (
            host_mem(api, ctx, size),
            shared_mem(api, ctx, env.device, size),
        );
        let stamps = mem::alloc_host(api, ctx, &Default::default(), 16, 8)
            .unwrap()
            .cast::<u64>();
        let (events, [copied, done]) = EventPool::host_visible(api, ctx);
        let list = immediate(api, ctx, env.device, ASYNC);
        let bytes = pattern(size, 77);
        write(a, &bytes);
        command_list::append_write_global_timestamp(api, list, stamps, null_mut(), 0, null_mut())
            .unwrap();
        command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        command_list::append_memory_copy(api, list, b, a, size, copied, 0, null_mut()).unwrap();
        let sizes = [size, 64];
        let mut ranges = [a as *const c_void, b as *const c_void];
        let mut waits = [copied];
        command_list::append_memory_ranges_barrier(
            api,
            list,
            2,
            sizes.as_ptr(),
            ranges.as_mut_ptr(),
            null_mut(),
            1,
            waits.as_mut_ptr(),
        )
        .unwrap();
        command_list::append_write_global_timestamp(api, list, stamps.add(1), done, 0, null_mut())
            .unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        // Everything before `done` is complete.
        assert_eq!(read(b, size), bytes);
        let (t0, t1) = (stamps.read(), stamps.add(1).read());
        assert!(t0 <= t1, "global timestamps go forward: {t0} then {t1}");
        command_list::destroy(api, list).unwrap();
        drop(events);
        for p in [a, b, stamps.cast()] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
