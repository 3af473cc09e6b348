//! Unified shared memory: allocation, alignment, properties, address ranges, free policies and
//! the machine's limits.

use super::{Env, Mode, ASYNC, MAX_ALLOC, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, context, event, kernel, mem, module};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::time::Duration;

fn alloc_properties(
    env: &Env,
    ctx: ze_context_handle_t,
    ptr: *const c_void,
) -> (ze_memory_allocation_properties_t, ze_device_handle_t) {
    let mut props = ze_memory_allocation_properties_t::default();
    let mut dev = null_mut();
    // SAFETY: live context; the driver only looks the pointer up; valid out-pointers.
    unsafe { mem::get_alloc_properties(env.api, ctx, ptr, &mut props, &mut dev) }.unwrap();
    (props, dev)
}

fn free_ext(
    env: &Env,
    ctx: ze_context_handle_t,
    policy: u32,
    ptr: *mut c_void,
) -> Result<(), ZeError> {
    let desc = ze_memory_free_ext_desc_t {
        freePolicy: ze_driver_memory_free_policy_ext_flags_t(policy),
        ..Default::default()
    };
    // SAFETY: live context, valid descriptor; the driver looks the pointer up first.
    unsafe { mem::free_ext(env.api, ctx, &desc, ptr) }
}

const BLOCKING: u32 =
    ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE.0;
const DEFER: u32 =
    ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE.0;

pub fn usm_allocations(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        for align in [0usize, 64, 4096, 65536] {
            let size = 1000;
            let ptrs = [
                mem::alloc_host(api, ctx, &Default::default(), size, align).unwrap(),
                mem::alloc_device(api, ctx, &Default::default(), size, align, env.device).unwrap(),
                mem::alloc_shared(
                    api,
                    ctx,
                    &Default::default(),
                    &Default::default(),
                    size,
                    align,
                    env.device,
                )
                .unwrap(),
                mem::alloc_shared(
                    api,
                    ctx,
                    &Default::default(),
                    &Default::default(),
                    size,
                    align,
                    null_mut(),
                )
                .unwrap(),
                mem::alloc_device(
                    api,
                    ctx,
                    &Default::default(),
                    size,
                    align,
                    env.subdevices[1],
                )
                .unwrap(),
            ];
            for (i, &p) in ptrs.iter().enumerate() {
                assert!(!p.is_null());
                assert_eq!(
                    p as usize % align.max(1),
                    0,
                    "allocation {i} with alignment {align}"
                );
            }
            // Host and shared allocations are host-accessible.
            for &p in &[ptrs[0], ptrs[2], ptrs[3]] {
                let bytes = pattern(size, align as u8);
                // `p` is a live host-accessible allocation of `size` bytes, unused by commands.
                write(p, &bytes);
                assert_eq!(read(p, size), bytes);
            }
            for p in ptrs {
                mem::free(api, ctx, p).unwrap();
            }
        }
        context::destroy(api, ctx).unwrap();
    }
}

pub fn usm_properties(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let host = host_mem(api, ctx, size);
        let device = device_mem(api, ctx, env.device, size);
        let shared = shared_mem(api, ctx, env.device, size);
        let unbound = shared_mem(api, ctx, null_mut(), size);
        let on_sub = device_mem(api, ctx, env.subdevices[0], size);

        use ze_memory_type_t as T;
        let cases = [
            (host, T::ZE_MEMORY_TYPE_HOST, null_mut()),
            (device, T::ZE_MEMORY_TYPE_DEVICE, env.device),
            (shared, T::ZE_MEMORY_TYPE_SHARED, env.device),
            (unbound, T::ZE_MEMORY_TYPE_SHARED, null_mut()),
            (on_sub, T::ZE_MEMORY_TYPE_DEVICE, env.subdevices[0]),
        ];
        let mut ids = Vec::new();
        for (ptr, kind, dev) in cases {
            let (props, found) = alloc_properties(env, ctx, ptr);
            assert_eq!(props.type_, kind);
            assert_eq!(found, dev, "device of a {kind:?} allocation");
            assert_ne!(props.id, 0);
            ids.push(props.id);
            // An interior pointer names the same allocation.
            // 100 bytes into a 4096-byte allocation.
            let inner = ptr.byte_add(100);
            let (inner_props, _) = alloc_properties(env, ctx, inner);
            assert_eq!((inner_props.type_, inner_props.id), (kind, props.id));
            // The address range of an interior pointer is the whole allocation.
            let (mut base, mut len) = (null_mut(), 0usize);
            mem::get_address_range(api, ctx, inner, &mut base, &mut len).unwrap();
            assert_eq!((base, len), (ptr, size));
            // The last byte of the allocation; the out-pointers are optional.
            let last = ptr.byte_add(size - 1);
            // As above; only the base is asked for.
            mem::get_address_range(api, ctx, last, &mut base, null_mut()).unwrap();
            assert_eq!(base, ptr);
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), cases.len(), "allocation ids are unique");

        // Memory the driver did not allocate is of unknown type.
        let plain = [0u8; 64];
        let (props, _) = alloc_properties(env, ctx, plain.as_ptr().cast());
        assert_eq!(props.type_, ze_memory_type_t::ZE_MEMORY_TYPE_UNKNOWN);

        for p in [host, device, shared, unbound, on_sub] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeMemFreeExt`: the blocking policy returns only when the commands using the memory are
/// complete; the deferred one returns at once and releases the memory after them.
pub fn free_policies(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;

        // Every policy on idle memory.
        for policy in [0, BLOCKING, DEFER] {
            let p = host_mem(api, ctx, size);
            assert_eq!(
                code(free_ext(env, ctx, policy, p)),
                SUCCESS,
                "policy {policy}"
            );
        }
        let p = host_mem(api, ctx, size);
        // Unknown policy bits, and memory that is not an allocation.
        expect(free_ext(env, ctx, 0x4, p), INVALID_ENUMERATION);
        let plain = [0u8; 64];
        expect(
            free_ext(env, ctx, BLOCKING, plain.as_ptr() as *mut c_void),
            INVALID_ARGUMENT,
        );
        mem::free(api, ctx, p).unwrap();

        // Memory used by a command that has been submitted but is still waiting for an event.
        let (events, [gate, done]) = EventPool::host_visible(api, ctx);
        let list = immediate(api, ctx, env.device, ASYNC);
        let dst = host_mem(api, ctx, size);
        let bytes = pattern(size, 7);

        // Deferred: returns while the copy still waits; the copy then reads the memory intact.
        let src = host_mem(api, ctx, size);
        // `src` holds `size` bytes; the copy waits for `gate`; `dst` is read after `done`.
        write(src, &bytes);
        command_list::append_memory_copy(api, list, dst, src, size, done, 1, &mut { gate })
            .unwrap();
        free_ext(env, ctx, DEFER, src).unwrap();
        assert_eq!(
            code(event::query_status(api, done)),
            NOT_READY,
            "the copy is still waiting"
        );
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        // The copy is complete.
        assert_eq!(read(dst, size), bytes);

        // Blocking: returns only once the copy (released by another thread) is complete.
        event::host_reset(api, gate).unwrap();
        event::host_reset(api, done).unwrap();
        let bytes = pattern(size, 99);
        let src = host_mem(api, ctx, size);
        write(src, &bytes);
        command_list::append_memory_copy(api, list, dst, src, size, done, 1, &mut { gate })
            .unwrap();
        let gate_addr = gate as usize;
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(30));
                event::host_signal(api, gate_addr as ze_event_handle_t).unwrap();
            });
            free_ext(env, ctx, BLOCKING, src).unwrap();
            assert_eq!(
                code(event::query_status(api, done)),
                SUCCESS,
                "blocking free returned before the copy"
            );
        });
        // The copy is complete.
        assert_eq!(read(dst, size), bytes);

        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, dst).unwrap();
        drop(events);
        free_policies_under_load(env, ctx);
        context::destroy(api, ctx).unwrap();
    }
}

pub fn limits(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let (dev, sub) = (env.device, env.subdevices[0]);
        let (hd, dd) = (
            ze_host_mem_alloc_desc_t::default(),
            ze_device_mem_alloc_desc_t::default(),
        );

        // Alignment must be 0 or a power of two; size must not be 0.
        for (size, align, want) in [
            (64, 3, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT),
            (0, 0, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE),
        ] {
            expect(mem::alloc_host(api, ctx, &hd, size, align), want);
            expect(mem::alloc_device(api, ctx, &dd, size, align, dev), want);
            expect(
                mem::alloc_shared(api, ctx, &dd, &hd, size, align, dev),
                want,
            );
        }
        // Above the largest single allocation.
        let too_big = MAX_ALLOC as usize + 1;
        expect(
            mem::alloc_device(api, ctx, &dd, too_big, 0, dev),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        );
        expect(
            mem::alloc_shared(api, ctx, &dd, &hd, too_big, 0, dev),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        );

        // Device memory runs out: 4 × 16 MiB fill the 64 MiB root device.
        let max = MAX_ALLOC as usize;
        let mut full: Vec<_> = (0..4)
            .map(|_| mem::alloc_device(api, ctx, &Default::default(), max, 0, dev).unwrap())
            .collect();
        expect(
            mem::alloc_device(api, ctx, &dd, 64, 0, dev),
            OUT_OF_DEVICE_MEMORY,
        );
        // Host memory is not device memory.
        let host = mem::alloc_host(api, ctx, &Default::default(), max, 0).unwrap();
        mem::free(api, ctx, host).unwrap();
        // Freeing gives the memory back.
        mem::free(api, ctx, full.pop().unwrap()).unwrap();
        full.push(mem::alloc_device(api, ctx, &Default::default(), max, 0, dev).unwrap());
        for p in full.drain(..) {
            mem::free(api, ctx, p).unwrap();
        }

        // A sub-device has half; what it uses is also gone from the root device.
        let on_sub: Vec<_> = (0..2)
            .map(|_| mem::alloc_device(api, ctx, &Default::default(), max, 0, sub).unwrap())
            .collect();
        expect(
            mem::alloc_device(api, ctx, &dd, 64, 0, sub),
            OUT_OF_DEVICE_MEMORY,
        );
        let on_root: Vec<_> = (0..2)
            .map(|_| mem::alloc_device(api, ctx, &Default::default(), max, 0, dev).unwrap())
            .collect();
        expect(
            mem::alloc_device(api, ctx, &dd, 64, 0, dev),
            OUT_OF_DEVICE_MEMORY,
        );
        for p in on_sub.into_iter().chain(on_root) {
            mem::free(api, ctx, p).unwrap();
        }

        // Freeing what was never allocated, an interior pointer, or twice.
        let plain = [0u8; 64];
        let a = mem::alloc_host(api, ctx, &Default::default(), 256, 0).unwrap();
        // The driver looks each pointer up and rejects it before releasing anything.
        expect(
            mem::free(api, ctx, plain.as_ptr() as *mut c_void),
            INVALID_ARGUMENT,
        );
        expect(mem::free(api, ctx, a.byte_add(8)), INVALID_ARGUMENT);
        mem::free(api, ctx, a).unwrap();
        expect(mem::free(api, ctx, a), INVALID_ARGUMENT);
        context::destroy(api, ctx).unwrap();
    }
}

/// Several threads, each with its own asynchronous list, free the sources of copies still in
/// flight, alternating the policies: every copy reads its source intact.
fn free_policies_under_load(env: &Env, ctx: ze_context_handle_t) {
    let api = env.api;
    let (size, rounds) = (64 << 10, 24);
    let seed = |t: u8, r: usize| t.wrapping_mul(31).wrapping_add(r as u8);
    std::thread::scope(|s| {
        for t in 0..3u8 {
            let (ctx, dev) = (ctx as usize, env.device as usize);
            // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid
            // pointers; each thread uses its own list and memory.
            s.spawn(move || unsafe {
                let (ctx, dev) = (ctx as ze_context_handle_t, dev as ze_device_handle_t);
                let list = immediate(api, ctx, dev, ASYNC);
                let dst = host_mem(api, ctx, size * rounds);
                for r in 0..rounds {
                    let src = device_mem(api, ctx, dev, size);
                    // `src` is freed only through the policies, which keep it for the copy.
                    write(src, &pattern(size, seed(t, r)));
                    let at = dst.byte_add(r * size);
                    command_list::append_memory_copy(
                        api,
                        list,
                        at,
                        src,
                        size,
                        null_mut(),
                        0,
                        null_mut(),
                    )
                    .unwrap();
                    let desc = ze_memory_free_ext_desc_t {
                        freePolicy: ze_driver_memory_free_policy_ext_flags_t(
                            [BLOCKING, DEFER][r % 2],
                        ),
                        ..Default::default()
                    };
                    mem::free_ext(api, ctx, &desc, src).unwrap();
                }
                let (events, [idle]) = EventPool::host_visible(api, ctx);
                command_list::append_barrier(api, list, idle, 0, null_mut()).unwrap();
                event::host_synchronize(api, idle, u64::MAX).unwrap();
                for r in 0..rounds {
                    assert_eq!(
                        read(dst.byte_add(r * size), size),
                        pattern(size, seed(t, r)),
                        "round {r}"
                    );
                }
                drop(events);
                command_list::destroy(api, list).unwrap();
                mem::free(api, ctx, dst).unwrap();
            });
        }
    });
}

/// USM, modules and kernels belong to the driver, as in Intel's driver: memory allocated in one
/// context is queried, copied, launched on and freed through another; a kernel of a module built
/// in one context launches on a list of another. Leak reports stay with the allocating context.
pub fn across_contexts(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let (a, b) = (env.context(), env.context());
        let n = 256usize;
        let size = n * 4;
        let x = host_mem(api, a, size);
        let d = device_mem(api, a, env.device, size);
        let y = shared_mem(api, b, env.device, size);

        // Queries through the other context see the allocation.
        let (props, dev) = alloc_properties(env, b, d);
        assert_eq!(props.type_, ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE);
        assert_eq!(dev, env.device);
        let (mut base, mut len) = (null_mut(), 0usize);
        mem::get_address_range(api, b, x.byte_add(12), &mut base, &mut len).unwrap();
        assert_eq!((base, len), (x, size));

        // Copies on a list of `b` whose operands belong to `a`, and from `a` by name.
        let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let ys: Vec<f32> = (0..n).map(|i| 1000.0 - i as f32).collect();
        let list = immediate(api, b, env.device, SYNC);
        write(x, bytemuck::cast_slice(&xs));
        command_list::append_memory_copy(api, list, d, x, size, null_mut(), 0, null_mut()).unwrap();
        command_list::append_memory_copy_from_context(
            api,
            list,
            y,
            a,
            d,
            size,
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        assert_eq!(read(y, size), read(x, size));
        write(y, bytemuck::cast_slice(&ys));

        // A kernel of a module built in `a` launches on the list of `b`, on memory of both.
        let (m, k) = super::saxpy(api, a, env.device);
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &2.0f32);
        set_arg(api, k, 1, &x);
        set_arg(api, k, 2, &y);
        let all = groups((n / 64) as u32);
        command_list::append_launch_kernel(api, list, k, &all, null_mut(), 0, null_mut()).unwrap();
        let got: Vec<f32> = read(y, size)
            .chunks(4)
            .map(|c| f32::from_ne_bytes(c.try_into().unwrap()))
            .collect();
        let want: Vec<f32> = xs.iter().zip(&ys).map(|(x, y)| 2.0 * x + y).collect();
        assert_eq!(got, want);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        command_list::destroy(api, list).unwrap();

        // Free through the other context: plain, and with a descriptor whose `stype` is not the
        // free descriptor's (Intel's driver reads only the policy).
        mem::free(api, b, x).unwrap();
        let odd = ze_memory_free_ext_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
            freePolicy: ze_driver_memory_free_policy_ext_flags_t(BLOCKING),
            ..Default::default()
        };
        match mem::free_ext(api, b, &odd, d) {
            Ok(()) => {}
            // A current validation layer (loader 1.2x and later) checks the `stype` itself.
            Err(e)
                if env.mode == Mode::Validation
                    && e.result == ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT =>
            {
                mem::free(api, b, d).unwrap()
            }
            Err(e) => panic!("{e}"),
        }
        mem::free(api, a, y).unwrap();

        // Leaks stay with the allocating context: destroying `b` leaves `a`'s memory alone.
        let kept = mem::alloc_host(api, a, &Default::default(), 64, 0).unwrap();
        context::destroy(api, b).unwrap();
        assert_eq!(
            alloc_properties(env, a, kept).0.type_,
            ze_memory_type_t::ZE_MEMORY_TYPE_HOST
        );
        mem::free(api, a, kept).unwrap();
        context::destroy(api, a).unwrap();
    }
}

/// Freed USM is rejected, not treated as host memory (issue 11, item 19): copies from and to
/// it, fills of it and kernel arguments pointing into it are invalid arguments, as are ranges
/// that start in host memory and run into it; the host memory next to it still works.
pub fn freed_memory(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    // The freed pointers are only passed to the driver, which must reject them.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, env.device, SYNC);
        let size = 64 << 10;
        let live = host_mem(api, ctx, size);
        let freed = [
            host_mem(api, ctx, size),
            device_mem(api, ctx, env.device, size),
            shared_mem(api, ctx, env.device, size),
        ];
        for &p in &freed {
            mem::free(api, ctx, p).unwrap();
        }
        let (m, k) = super::saxpy(api, ctx, env.device);
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &1.0f32);
        set_arg(api, k, 1, &live);
        let one = groups(1);
        let copy = |dst, src, n| {
            command_list::append_memory_copy(api, list, dst, src, n, null_mut(), 0, null_mut())
        };
        for &p in &freed {
            expect(copy(live, p, 64), INVALID_ARGUMENT);
            expect(copy(p, live, 64), INVALID_ARGUMENT);
            expect(copy(p.add(size - 8), live, 8), INVALID_ARGUMENT);
            let byte = 0u8;
            expect(
                command_list::append_memory_fill(
                    api,
                    list,
                    p,
                    (&byte as *const u8).cast(),
                    1,
                    size,
                    null_mut(),
                    0,
                    null_mut(),
                ),
                INVALID_ARGUMENT,
            );
            set_arg(api, k, 2, &p);
            expect(
                command_list::append_launch_kernel(api, list, k, &one, null_mut(), 0, null_mut()),
                INVALID_ARGUMENT,
            );
            // Freed once is not freed twice.
            expect(mem::free(api, ctx, p), INVALID_ARGUMENT);
        }
        // Host memory of the program (not USM) still copies to and from USM.
        let mut host = vec![5u8; 256];
        copy(live, host.as_ptr().cast(), 256).unwrap();
        write(live, &[9; 256]);
        copy(host.as_mut_ptr().cast(), live, 256).unwrap();
        assert_eq!(host, vec![9; 256]);

        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, live).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
