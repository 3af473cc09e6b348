//! Object lifetimes as real programs and test harnesses use them (issue 28): an event pool is in
//! use only while submitted work uses its events, two events may name one slot, and memory
//! freed with either `zeMemFreeExt` policy while queued copies still use it stays theirs.

use super::{Env, ASYNC, HOST_VISIBLE, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_queue, context, event, event_pool, kernel, mem, module,
};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

const IN_USE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;

/// `zeEventPoolDestroy` refuses a pool only while a submitted command that has not run waits for
/// or signals one of its events; once an immediate list's work completed, the pool goes even
/// with its events alive (which keep working, and are destroyed after it).
pub fn event_pool_in_use(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let (src, dst) = (host_mem(api, ctx, size), host_mem(api, ctx, size));
        let bytes = pattern(size, 3);
        write(src, &bytes);
        for mode in [ASYNC, SYNC] {
            let list = immediate(api, ctx, env.device, mode);
            let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 2);
            let (done, other) = (create_event(api, pool, 0), create_event(api, pool, 1));
            command_list::append_memory_copy(api, list, dst, src, size, done, 0, null_mut())
                .unwrap();
            event::host_synchronize(api, done, u64::MAX).unwrap();
            // The work is done (the pool goes as soon as its event is seen); the events are
            // alive.
            event_pool::destroy(api, pool).unwrap();
            assert_eq!(code(event::query_status(api, done)), SUCCESS, "{mode:?}");
            event::host_reset(api, other).unwrap();
            event::host_signal(api, other).unwrap();
            event::host_synchronize(api, other, u64::MAX).unwrap();
            event::destroy(api, done).unwrap();
            event::destroy(api, other).unwrap();
            command_list::destroy(api, list).unwrap();
        }
        assert_eq!(read(dst, size), bytes);

        // Pending work holds the pool: on an immediate list and on a queue, whether the event
        // is waited for or signalled.
        let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 3);
        let [gate, signalled, by_queue] = [0, 1, 2].map(|i| create_event(api, pool, i));
        let list = immediate(api, ctx, env.device, ASYNC);
        command_list::append_memory_copy(api, list, dst, src, size, signalled, 1, &mut { gate })
            .unwrap();
        let regular = regular_list(api, ctx, env.device, 0);
        command_list::append_barrier(api, regular, by_queue, 1, &mut { gate }).unwrap();
        command_list::close(api, regular).unwrap();
        let queue = async_queue(api, ctx, env.device);
        command_queue::execute_command_lists(api, queue, 1, &mut { regular }, null_mut()).unwrap();
        expect(event_pool::destroy(api, pool), IN_USE);
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, signalled, u64::MAX).unwrap();
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        assert_eq!(code(event::query_status(api, by_queue)), SUCCESS);
        // A closed list that is not executing is no work: the pool goes though `regular`
        // still records its events (it is not executed again).
        for e in [gate, signalled, by_queue] {
            event::destroy(api, e).unwrap();
        }
        event_pool::destroy(api, pool).unwrap();

        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, regular).unwrap();
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, src).unwrap();
        mem::free(api, ctx, dst).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Two events created at one index of a pool name the same slot (Intel's driver checks only
/// the index's range): a signal through one is seen through the other.
pub fn events_sharing_a_slot(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`.
    unsafe {
        let ctx = env.context();
        let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 2);
        let a = create_event(api, pool, 1);
        let b = create_event(api, pool, 1);
        assert_ne!(a, b);
        event::host_reset(api, a).unwrap();
        assert_eq!(code(event::query_status(api, b)), NOT_READY);
        event::host_signal(api, a).unwrap();
        assert_eq!(code(event::query_status(api, b)), SUCCESS);
        event::destroy(api, a).unwrap();
        assert_eq!(code(event::query_status(api, b)), SUCCESS);
        event::destroy(api, b).unwrap();
        // Out of range stays refused.
        let desc = ze_event_desc_t {
            index: 2,
            ..Default::default()
        };
        expect(event::create(api, pool, &desc), INVALID_ARGUMENT);
        event_pool::destroy(api, pool).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// The shape of a vendor conformance test: per round a new context, device buffers filled and
/// copied (with barriers between) into `malloc`ed host memory by a regular list on a queue or
/// by an immediate list, every buffer freed with `zeMemFreeExt` (blocking, then deferred)
/// right after submission, then a synchronize; the copies land whatever the order.
pub fn free_ext_while_buffers_in_use(env: &Env) {
    let api = env.api;
    let (size, buffers, rounds) = (1_000_003, 5, 3);
    for regular in [true, false] {
        for policy in [
            ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE,
            ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE,
        ] {
            for round in 0..rounds {
                // SAFETY: the suite's convention (see `scenarios`): live handles of `api`; the
                // host buffers are read only after the synchronize.
                unsafe {
                    let ctx = env.context();
                    let (list, queue) = if regular {
                        let queue = async_queue(api, ctx, env.device);
                        (regular_list(api, ctx, env.device, 0), Some(queue))
                    } else {
                        (immediate(api, ctx, env.device, ASYNC), None)
                    };
                    let mut host: Vec<Vec<u8>> = (0..buffers).map(|_| vec![0u8; size]).collect();
                    let mut device = Vec::new();
                    for (i, out) in host.iter_mut().enumerate() {
                        // Alignment 1, as the conformance test asks.
                        let alloc = || {
                            mem::alloc_device(api, ctx, &Default::default(), size, 1, env.device)
                                .unwrap()
                        };
                        let (fill, copy) = (alloc(), alloc());
                        let value = (round * 16 + i) as u8 ^ 0x5a;
                        command_list::append_memory_fill(
                            api,
                            list,
                            fill,
                            (&raw const value).cast(),
                            1,
                            size,
                            null_mut(),
                            0,
                            null_mut(),
                        )
                        .unwrap();
                        // Each copy after a barrier, as the test does.
                        let copy_after_barrier = |dst: *mut c_void, src: *mut c_void| {
                            command_list::append_barrier(api, list, null_mut(), 0, null_mut())
                                .unwrap();
                            command_list::append_memory_copy(
                                api,
                                list,
                                dst,
                                src,
                                size,
                                null_mut(),
                                0,
                                null_mut(),
                            )
                            .unwrap();
                        };
                        copy_after_barrier(copy, fill);
                        copy_after_barrier(out.as_mut_ptr().cast(), copy);
                        command_list::append_barrier(api, list, null_mut(), 0, null_mut())
                            .unwrap();
                        device.extend([fill, copy]);
                    }
                    if let Some(queue) = queue {
                        command_list::close(api, list).unwrap();
                        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut())
                            .unwrap();
                    }
                    let desc = ze_memory_free_ext_desc_t {
                        freePolicy: policy.into(),
                        ..Default::default()
                    };
                    for &p in &device {
                        mem::free_ext(api, ctx, &desc, p).unwrap();
                    }
                    match queue {
                        Some(queue) => command_queue::synchronize(api, queue, u64::MAX).unwrap(),
                        None => {
                            // (`zeCommandListHostSynchronize` is 1.6: Debian's loader has 1.4.)
                            let (events, [idle]) = EventPool::host_visible(api, ctx);
                            command_list::append_barrier(api, list, idle, 0, null_mut()).unwrap();
                            event::host_synchronize(api, idle, u64::MAX).unwrap();
                            drop(events);
                        }
                    }
                    for (i, out) in host.iter().enumerate() {
                        let value = (round * 16 + i) as u8 ^ 0x5a;
                        assert!(
                            out.iter().all(|&b| b == value),
                            "regular {regular}, policy {policy:?}, round {round}, buffer {i}"
                        );
                    }
                    command_list::destroy(api, list).unwrap();
                    if let Some(queue) = queue {
                        command_queue::destroy(api, queue).unwrap();
                    }
                    context::destroy(api, ctx).unwrap();
                }
            }
        }
    }
}

/// Buffers a kernel uses, freed with `zeMemFreeExt` (deferred, blocking, or plain `zeMemFree`)
/// while the launch still waits for its gate, in every order of free, gate, synchronize and
/// teardown (list, queue, context destroyed before the work ran): the work runs on the memory
/// it was given, or is dropped with its list, and nothing crashes.
pub fn kernels_on_freed_buffers(env: &Env) {
    let api = env.api;
    let n = 1 << 16;
    let bytes = n * 4;
    let policies = [
        None,
        Some(ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE),
        Some(ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE),
    ];
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum End {
        /// Open the gate, wait, check the result, then tear down.
        Wait,
        /// Destroy the list (or queue) with the launch still waiting, then the rest.
        DestroyList,
    }
    for regular in [false, true] {
        for policy in policies {
            for end in [End::Wait, End::DestroyList] {
                // A blocking free of memory the waiting launch uses would wait for ever.
                let blocking = policy.is_some_and(|p| p.0 & 1 != 0);
                if blocking && end != End::Wait {
                    continue;
                }
                // SAFETY: the suite's convention (see `scenarios`): live handles of `api`; the
                // result is read from `out` (host memory not freed) after the wait.
                unsafe {
                    let ctx = env.context();
                    let (m, k) = super::saxpy(api, ctx, env.device);
                    let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 2);
                    let (gate, done) = (create_event(api, pool, 0), create_event(api, pool, 1));
                    let (x, y) = (
                        device_mem(api, ctx, env.device, bytes),
                        device_mem(api, ctx, env.device, bytes),
                    );
                    let out = host_mem(api, ctx, bytes);
                    let floats =
                        |v: f32| -> Vec<u8> { (0..n).flat_map(|_| v.to_ne_bytes()).collect() };
                    write(x, &floats(1.0));
                    write(y, &floats(2.0));
                    kernel::set_group_size(api, k, 64, 1, 1).unwrap();
                    set_arg(api, k, 0, &3.0f32);
                    set_arg(api, k, 1, &x);
                    set_arg(api, k, 2, &y);
                    let queue = regular.then(|| async_queue(api, ctx, env.device));
                    let list = match queue {
                        Some(_) => regular_list(api, ctx, env.device, 0),
                        None => immediate(api, ctx, env.device, ASYNC),
                    };
                    let count = groups((n / 64) as u32);
                    command_list::append_launch_kernel(api, list, k, &count, null_mut(), 1, &mut {
                        gate
                    })
                    .unwrap();
                    command_list::append_memory_copy(api, list, out, y, bytes, done, 0, null_mut())
                        .unwrap();
                    if let Some(queue) = queue {
                        command_list::close(api, list).unwrap();
                        command_queue::execute_command_lists(
                            api,
                            queue,
                            1,
                            &mut { list },
                            null_mut(),
                        )
                        .unwrap();
                    }
                    let gate_at = gate as usize;
                    let free = |p: *mut c_void| match policy {
                        None => mem::free(api, ctx, p).unwrap(),
                        Some(policy) => {
                            let desc = ze_memory_free_ext_desc_t {
                                freePolicy: policy.into(),
                                ..Default::default()
                            };
                            mem::free_ext(api, ctx, &desc, p).unwrap()
                        }
                    };
                    std::thread::scope(|s| {
                        if blocking {
                            // The blocking free returns once the gate opens and the work ran.
                            s.spawn(move || {
                                std::thread::sleep(std::time::Duration::from_millis(20));
                                event::host_signal(api, gate_at as ze_event_handle_t).unwrap();
                            });
                        }
                        free(x);
                        free(y);
                    });
                    let what = format!("regular {regular}, policy {policy:?}, {end:?}");
                    match end {
                        End::Wait => {
                            event::host_signal(api, gate).unwrap();
                            event::host_synchronize(api, done, u64::MAX).unwrap();
                            let got = read(out, bytes);
                            assert!(
                                got.chunks(4)
                                    .all(|c| f32::from_ne_bytes(c.try_into().unwrap()) == 5.0),
                                "{what}"
                            );
                            command_list::destroy(api, list).unwrap();
                            if let Some(queue) = queue {
                                command_queue::destroy(api, queue).unwrap();
                            }
                        }
                        End::DestroyList => {
                            // The queue (or immediate list) is torn down with its work still
                            // waiting: the work is dropped, never run on freed memory.
                            if let Some(queue) = queue {
                                command_queue::destroy(api, queue).unwrap();
                            }
                            command_list::destroy(api, list).unwrap();
                        }
                    }
                    event::destroy(api, gate).unwrap();
                    event::destroy(api, done).unwrap();
                    event_pool::destroy(api, pool).unwrap();
                    kernel::destroy(api, k).unwrap();
                    module::destroy(api, m).unwrap();
                    mem::free(api, ctx, out).unwrap();
                    context::destroy(api, ctx).unwrap();
                }
            }
        }
    }
}

/// On a synchronous immediate list the append runs the work on the calling thread: buffers
/// freed (deferred) by another thread while that append waits for its gate stay the launch's
/// until it returns.
pub fn synchronous_work_on_freed_buffers(env: &Env) {
    let api = env.api;
    let n = 1 << 16;
    let bytes = n * 4;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`; `y` is read by
    // the copy of the same append sequence, `out` after it returned.
    unsafe {
        let ctx = env.context();
        let (m, k) = super::saxpy(api, ctx, env.device);
        let (events, [gate]) = EventPool::host_visible(api, ctx);
        let (x, y) = (
            device_mem(api, ctx, env.device, bytes),
            device_mem(api, ctx, env.device, bytes),
        );
        let out = host_mem(api, ctx, bytes);
        let floats = |v: f32| -> Vec<u8> { (0..n).flat_map(|_| v.to_ne_bytes()).collect() };
        write(x, &floats(1.0));
        write(y, &floats(2.0));
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &3.0f32);
        set_arg(api, k, 1, &x);
        set_arg(api, k, 2, &y);
        let list = immediate(api, ctx, env.device, SYNC);
        let (gate_at, x_at, y_at, ctx_at) = (gate as usize, x as usize, y as usize, ctx as usize);
        std::thread::scope(|s| {
            s.spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(30));
                let desc = ze_memory_free_ext_desc_t {
                    freePolicy: ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE.into(),
                    ..Default::default()
                };
                let ctx = ctx_at as ze_context_handle_t;
                mem::free_ext(api, ctx, &desc, x_at as *mut c_void).unwrap();
                mem::free_ext(api, ctx, &desc, y_at as *mut c_void).unwrap();
                event::host_signal(api, gate_at as ze_event_handle_t).unwrap();
            });
            let count = groups((n / 64) as u32);
            command_list::append_launch_kernel(api, list, k, &count, null_mut(), 1, &mut { gate })
                .unwrap();
        });
        // `y` is freed now: the copy is refused, the launch's result was written before.
        expect(
            command_list::append_memory_copy(api, list, out, y, bytes, null_mut(), 0, null_mut()),
            INVALID_ARGUMENT,
        );
        command_list::destroy(api, list).unwrap();
        drop(events);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        mem::free(api, ctx, out).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
