//! Unified shared memory: allocation, alignment, properties, address ranges, free policies and
//! the machine's limits.

use super::{Env, MAX_ALLOC};
use crate::common::ze::*;
use crate::{ze_err, ze_ok};
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
    // SAFETY: live context; the driver only looks the pointer up.
    unsafe {
        ze_ok!(
            env.api,
            Mem.pfnGetAllocProperties(ctx, ptr, &mut props, &mut dev)
        )
    };
    (props, dev)
}

fn free_ext(env: &Env, ctx: ze_context_handle_t, policy: u32, ptr: *mut c_void) -> ze_result_t {
    let desc = ze_memory_free_ext_desc_t {
        freePolicy: ze_driver_memory_free_policy_ext_flags_t(policy),
        ..Default::default()
    };
    // SAFETY: live context, valid descriptor; the driver looks the pointer up first.
    unsafe { ze_call!(env.api, Mem.pfnFreeExt(ctx, &desc, ptr)) }
}

const BLOCKING: u32 =
    ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE.0;
const DEFER: u32 =
    ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE.0;

pub fn usm_allocations(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    for align in [0usize, 64, 4096, 65536] {
        let size = 1000;
        let ptrs = [
            alloc_host(api, ctx, size, align),
            alloc_device(api, ctx, env.device, size, align),
            alloc_shared(api, ctx, env.device, size, align),
            alloc_shared(api, ctx, null_mut(), size, align),
            alloc_device(api, ctx, env.subdevices[1], size, align),
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
            // SAFETY: `p` is a live host-accessible allocation of `size` bytes, unused by commands.
            unsafe {
                write(p, &bytes);
                assert_eq!(read(p, size), bytes);
            }
        }
        for p in ptrs {
            free(api, ctx, p);
        }
    }
    context_destroy(api, ctx);
}

pub fn usm_properties(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 4096;
    let host = alloc_host(api, ctx, size, 0);
    let device = alloc_device(api, ctx, env.device, size, 0);
    let shared = alloc_shared(api, ctx, env.device, size, 0);
    let unbound = alloc_shared(api, ctx, null_mut(), size, 0);
    let on_sub = alloc_device(api, ctx, env.subdevices[0], size, 0);

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
        // SAFETY: 100 bytes into a 4096-byte allocation.
        let inner = unsafe { ptr.byte_add(100) };
        let (inner_props, _) = alloc_properties(env, ctx, inner);
        assert_eq!((inner_props.type_, inner_props.id), (kind, props.id));
        // The address range of an interior pointer is the whole allocation.
        let (mut base, mut len) = (null_mut(), 0usize);
        // SAFETY: live context, valid out-pointers.
        unsafe { ze_ok!(api, Mem.pfnGetAddressRange(ctx, inner, &mut base, &mut len)) };
        assert_eq!((base, len), (ptr, size));
        // SAFETY: the last byte of the allocation; the out-pointers are optional.
        let last = unsafe { ptr.byte_add(size - 1) };
        // SAFETY: as above; only the base is asked for.
        unsafe {
            ze_ok!(
                api,
                Mem.pfnGetAddressRange(ctx, last, &mut base, null_mut())
            )
        };
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
        free(api, ctx, p);
    }
    context_destroy(api, ctx);
}

/// `zeMemFreeExt`: the blocking policy returns only when the commands using the memory are
/// complete; the deferred one returns at once and releases the memory after them.
pub fn free_policies(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 4096;

    // Every policy on idle memory.
    for policy in [0, BLOCKING, DEFER] {
        let p = alloc_host(api, ctx, size, 0);
        assert_eq!(free_ext(env, ctx, policy, p), SUCCESS, "policy {policy}");
    }
    let p = alloc_host(api, ctx, size, 0);
    // Unknown policy bits, and memory that is not an allocation.
    expect(
        free_ext(env, ctx, 0x4, p),
        &[INVALID_ENUMERATION],
        "zeMemFreeExt(policy 4)",
    );
    let plain = [0u8; 64];
    expect(
        free_ext(env, ctx, BLOCKING, plain.as_ptr() as *mut c_void),
        &[INVALID_ARGUMENT],
        "zeMemFreeExt(not allocated)",
    );
    free(api, ctx, p);

    // Memory used by a command that has been submitted but is still waiting for an event.
    let pool = pool_create(api, ctx, HOST_VISIBLE, 2);
    let (gate, done) = (event_create(api, pool, 0), event_create(api, pool, 1));
    let list = immediate_create(api, ctx, env.device, ASYNC);
    let dst = alloc_host(api, ctx, size, 0);
    let bytes = pattern(size, 7);

    // Deferred: returns while the copy still waits; the copy then reads the memory intact.
    let src = alloc_host(api, ctx, size, 0);
    // SAFETY: `src` holds `size` bytes; the copy waits for `gate`; `dst` is read after `done`.
    unsafe {
        write(src, &bytes);
        append_copy(api, list, dst, src, size, done, &[gate]);
    }
    assert_eq!(free_ext(env, ctx, DEFER, src), SUCCESS);
    assert_eq!(
        event_status(api, done),
        NOT_READY,
        "the copy is still waiting"
    );
    event_signal(api, gate);
    event_wait(api, done);
    // SAFETY: the copy is complete.
    assert_eq!(unsafe { read(dst, size) }, bytes);

    // Blocking: returns only once the copy (released by another thread) is complete.
    event_reset(api, gate);
    event_reset(api, done);
    let bytes = pattern(size, 99);
    let src = alloc_host(api, ctx, size, 0);
    // SAFETY: as above.
    unsafe {
        write(src, &bytes);
        append_copy(api, list, dst, src, size, done, &[gate]);
    }
    let gate_addr = gate as usize;
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(30));
            event_signal(api, gate_addr as ze_event_handle_t);
        });
        assert_eq!(free_ext(env, ctx, BLOCKING, src), SUCCESS);
        assert_eq!(
            event_status(api, done),
            SUCCESS,
            "blocking free returned before the copy"
        );
    });
    // SAFETY: the copy is complete.
    assert_eq!(unsafe { read(dst, size) }, bytes);

    list_destroy(api, list);
    free(api, ctx, dst);
    event_destroy(api, gate);
    event_destroy(api, done);
    pool_destroy(api, pool);
    context_destroy(api, ctx);
}

pub fn limits(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let (dev, sub) = (env.device, env.subdevices[0]);
    let (hd, dd) = (host_desc(), device_desc());
    let mut p = null_mut();

    // Alignment must be 0 or a power of two; size must not be 0.
    for (size, align, want) in [(64, 3, UNSUPPORTED_ALIGNMENT), (0, 0, UNSUPPORTED_SIZE)] {
        // SAFETY: live context and device, valid descriptors and out-pointer.
        unsafe {
            ze_err!(api, [want], Mem.pfnAllocHost(ctx, &hd, size, align, &mut p));
            ze_err!(
                api,
                [want],
                Mem.pfnAllocDevice(ctx, &dd, size, align, dev, &mut p)
            );
            ze_err!(
                api,
                [want],
                Mem.pfnAllocShared(ctx, &dd, &hd, size, align, dev, &mut p)
            );
        }
    }
    // Above the largest single allocation.
    let too_big = MAX_ALLOC as usize + 1;
    // SAFETY: as above.
    unsafe {
        ze_err!(
            api,
            [UNSUPPORTED_SIZE],
            Mem.pfnAllocDevice(ctx, &dd, too_big, 0, dev, &mut p)
        );
        ze_err!(
            api,
            [UNSUPPORTED_SIZE],
            Mem.pfnAllocShared(ctx, &dd, &hd, too_big, 0, dev, &mut p)
        );
    }

    // Device memory runs out: 4 × 16 MiB fill the 64 MiB root device.
    let max = MAX_ALLOC as usize;
    let mut full: Vec<_> = (0..4)
        .map(|_| alloc_device(api, ctx, dev, max, 0))
        .collect();
    // SAFETY: as above.
    unsafe {
        ze_err!(
            api,
            [OUT_OF_DEVICE_MEMORY],
            Mem.pfnAllocDevice(ctx, &dd, 64, 0, dev, &mut p)
        )
    };
    // Host memory is not device memory.
    let host = alloc_host(api, ctx, max, 0);
    free(api, ctx, host);
    // Freeing gives the memory back.
    free(api, ctx, full.pop().unwrap());
    full.push(alloc_device(api, ctx, dev, max, 0));
    for p in full.drain(..) {
        free(api, ctx, p);
    }

    // A sub-device has half; what it uses is also gone from the root device.
    let on_sub: Vec<_> = (0..2)
        .map(|_| alloc_device(api, ctx, sub, max, 0))
        .collect();
    // SAFETY: as above.
    unsafe {
        ze_err!(
            api,
            [OUT_OF_DEVICE_MEMORY],
            Mem.pfnAllocDevice(ctx, &dd, 64, 0, sub, &mut p)
        )
    };
    let on_root: Vec<_> = (0..2)
        .map(|_| alloc_device(api, ctx, dev, max, 0))
        .collect();
    // SAFETY: as above.
    unsafe {
        ze_err!(
            api,
            [OUT_OF_DEVICE_MEMORY],
            Mem.pfnAllocDevice(ctx, &dd, 64, 0, dev, &mut p)
        )
    };
    for p in on_sub.into_iter().chain(on_root) {
        free(api, ctx, p);
    }

    // Freeing what was never allocated, an interior pointer, or twice.
    let plain = [0u8; 64];
    let a = alloc_host(api, ctx, 256, 0);
    // SAFETY: the driver looks each pointer up and rejects it before releasing anything.
    unsafe {
        ze_err!(
            api,
            [INVALID_ARGUMENT],
            Mem.pfnFree(ctx, plain.as_ptr() as *mut c_void)
        );
        ze_err!(api, [INVALID_ARGUMENT], Mem.pfnFree(ctx, a.byte_add(8)));
    }
    free(api, ctx, a);
    // SAFETY: as above.
    unsafe { ze_err!(api, [INVALID_ARGUMENT], Mem.pfnFree(ctx, a)) };
    context_destroy(api, ctx);
}
