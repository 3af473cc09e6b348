//! Command queues, regular and immediate command lists, fences, and ordering across queues.

use super::Env;
use crate::common::ze::*;
use crate::{ze_err, ze_ok};
use level_zero_sys::*;
use std::ptr::null_mut;
use std::time::Duration;

pub fn queues_and_regular_lists(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    // Every queue of both groups can be created; one past the end of a group cannot.
    let mut queues = Vec::new();
    for (ordinal, count) in [(0, 4), (1, 2)] {
        for index in 0..count {
            queues.push(queue_create(
                api,
                ctx,
                env.device,
                queue_desc(ordinal, index, ASYNC),
            ));
        }
        let mut q = null_mut();
        let desc = queue_desc(ordinal, count, ASYNC);
        // SAFETY: live context and device, valid descriptor and out-pointer.
        unsafe {
            ze_err!(
                api,
                [INVALID_ARGUMENT],
                CommandQueue.pfnCreate(ctx, env.device, &desc, &mut q)
            )
        };
    }
    let mut q = null_mut();
    let desc = queue_desc(2, 0, ASYNC);
    // SAFETY: as above: there is no group 2.
    unsafe {
        ze_err!(
            api,
            [INVALID_ARGUMENT],
            CommandQueue.pfnCreate(ctx, env.device, &desc, &mut q)
        )
    };
    for q in queues.drain(..) {
        queue_destroy(api, q);
    }

    // A regular list: fill, barrier, copy; closed once, executed twice. The second execution
    // copies what the source holds then.
    let size = 8192;
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    let fence = fence_create(api, queue, 0);
    let (src, filled, copied) = (
        alloc_host(api, ctx, size, 0),
        alloc_shared(api, ctx, env.device, size, 0),
        alloc_device(api, ctx, env.device, size, 0),
    );
    let back = alloc_host(api, ctx, size, 0);
    let list = list_create(api, ctx, env.device, 0);
    // SAFETY: every range lies in a live allocation; the host touches them only between runs.
    unsafe {
        append_fill(api, list, filled, &[0xA5, 0x5A], size, null_mut());
        append_copy(api, list, copied, src, size, null_mut(), &[]);
        append_barrier(api, list, null_mut(), &[]);
        append_copy(api, list, back, copied, size, null_mut(), &[]);
    }
    list_close(api, list);
    for run in 0..2u8 {
        let bytes = pattern(size, run);
        // SAFETY: no command is running (the previous run's fence was waited for).
        unsafe {
            write(src, &bytes);
            write(filled, &vec![0; size]);
        }
        execute(api, queue, &[list], fence);
        fence_wait(api, fence);
        // SAFETY: the run is complete.
        unsafe {
            assert_eq!(read(back, size), bytes, "run {run}");
            assert!(
                read(filled, size).chunks(2).all(|c| c == [0xA5, 0x5A]),
                "run {run}"
            );
        }
        // SAFETY: live fence.
        unsafe { ze_ok!(api, Fence.pfnReset(fence)) };
    }
    // Reset: the list is empty and open again; record something else.
    list_reset(api, list);
    // SAFETY: as above.
    unsafe { append_fill(api, list, back, &[7], size, null_mut()) };
    list_close(api, list);
    execute(api, queue, &[list], null_mut());
    queue_synchronize(api, queue);
    // SAFETY: the queue is idle.
    assert!(unsafe { read(back, size) }.iter().all(|&b| b == 7));
    list_destroy(api, list);
    fence_destroy(api, fence);
    queue_destroy(api, queue);

    // A synchronous queue on a sub-device: execution returns when the lists are done.
    let sub = env.subdevices[1];
    let queue = queue_create(api, ctx, sub, queue_desc(1, 1, SYNC));
    let list = list_create(api, ctx, sub, 1);
    // SAFETY: as above.
    unsafe { append_fill(api, list, back, &[1, 2, 3, 4], size, null_mut()) };
    list_close(api, list);
    execute(api, queue, &[list], null_mut());
    // SAFETY: a synchronous queue has finished.
    assert!(unsafe { read(back, size) }
        .chunks(4)
        .all(|c| c == [1, 2, 3, 4]));
    list_destroy(api, list);
    queue_destroy(api, queue);

    for p in [src, filled, copied, back] {
        free(api, ctx, p);
    }
    context_destroy(api, ctx);
}

pub fn immediate_lists(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 4096;
    let (src, dst) = (
        alloc_host(api, ctx, size, 0),
        alloc_shared(api, ctx, env.device, size, 0),
    );

    // Synchronous: the append returns once the command is done.
    let list = immediate_create(api, ctx, env.device, SYNC);
    let bytes = pattern(size, 3);
    // SAFETY: live allocations; the list is synchronous, so the copy is done on return.
    unsafe {
        write(src, &bytes);
        append_copy(api, list, dst, src, size, null_mut(), &[]);
        assert_eq!(read(dst, size), bytes);
    }
    list_destroy(api, list);

    // Asynchronous: the signal event tells when it is done.
    let pool = pool_create(api, ctx, HOST_VISIBLE, 1);
    let done = event_create(api, pool, 0);
    let list = immediate_create(api, ctx, env.device, ASYNC);
    let bytes = pattern(size, 4);
    // SAFETY: live allocations, read only after the event.
    unsafe {
        write(src, &bytes);
        append_copy(api, list, dst, src, size, done, &[]);
    }
    event_wait(api, done);
    // SAFETY: the copy is complete.
    assert_eq!(unsafe { read(dst, size) }, bytes);
    // An immediate list is neither closed nor executed on a queue.
    // SAFETY: live list.
    unsafe { ze_err!(api, [INVALID_ARGUMENT], CommandList.pfnClose(list)) };
    list_destroy(api, list);
    event_destroy(api, done);
    pool_destroy(api, pool);
    free(api, ctx, src);
    free(api, ctx, dst);
    context_destroy(api, ctx);
}

pub fn execute_errors(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    let open = list_create(api, ctx, env.device, 0);
    let copy_only = list_create(api, ctx, env.device, 1);
    list_close(api, copy_only);
    let mut lists = [open];
    // SAFETY: live queue and list; the array holds one handle.
    unsafe {
        ze_err!(
            api,
            [INVALID_ARGUMENT],
            CommandQueue.pfnExecuteCommandLists(queue, 1, lists.as_mut_ptr(), null_mut())
        )
    };
    let mut lists = [copy_only];
    // SAFETY: as above.
    unsafe {
        ze_err!(
            api,
            [INVALID_COMMAND_LIST_TYPE],
            CommandQueue.pfnExecuteCommandLists(queue, 1, lists.as_mut_ptr(), null_mut())
        )
    };
    queue_synchronize(api, queue);
    list_destroy(api, open);
    list_destroy(api, copy_only);
    queue_destroy(api, queue);
    context_destroy(api, ctx);
}

pub fn fences(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 1, ASYNC));
    let fence = fence_create(api, queue, 0);
    // SAFETY: live fence.
    unsafe {
        ze_err!(api, [NOT_READY], Fence.pfnQueryStatus(fence));
        ze_err!(api, [NOT_READY], Fence.pfnHostSynchronize(fence, 0));
        ze_err!(api, [NOT_READY], Fence.pfnHostSynchronize(fence, 1_000_000));
    }
    let list = list_create(api, ctx, env.device, 0);
    append_barrier(api, list, null_mut(), &[]);
    list_close(api, list);
    execute(api, queue, &[list], fence);
    fence_wait(api, fence);
    // SAFETY: live fence.
    unsafe {
        ze_ok!(api, Fence.pfnQueryStatus(fence));
        ze_ok!(api, Fence.pfnReset(fence));
        ze_err!(api, [NOT_READY], Fence.pfnQueryStatus(fence));
    }
    // A fence created signalled.
    let signalled = fence_create(api, queue, ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0);
    // SAFETY: live fence.
    unsafe { ze_ok!(api, Fence.pfnHostSynchronize(signalled, 0)) };
    fence_destroy(api, signalled);
    fence_destroy(api, fence);
    list_destroy(api, list);
    queue_destroy(api, queue);
    context_destroy(api, ctx);
}

/// Queue B copies once the host signals `start`, then signals `handoff`; queue A waits for
/// `handoff` before its own copy. Neither may run before the host's signal.
pub fn cross_queue_ordering(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let size = 4096;
    let qa = queue_create(api, ctx, env.device, queue_desc(0, 2, ASYNC));
    let qb = queue_create(api, ctx, env.device, queue_desc(1, 0, ASYNC));
    let pool = pool_create(api, ctx, HOST_VISIBLE, 2);
    let (start, handoff) = (event_create(api, pool, 0), event_create(api, pool, 1));
    let src = alloc_host(api, ctx, size, 0);
    let (mid, dst) = (
        alloc_device(api, ctx, env.device, size, 0),
        alloc_host(api, ctx, size, 0),
    );
    let bytes = pattern(size, 42);
    let old = vec![0xEEu8; size];
    // SAFETY: live host allocations, unused by commands yet.
    unsafe {
        write(src, &bytes);
        write(dst, &old);
    }

    let lb = list_create(api, ctx, env.device, 1);
    let la = list_create(api, ctx, env.device, 0);
    // SAFETY: live allocations, read by the host only after the fences.
    unsafe {
        append_copy(api, lb, mid, src, size, handoff, &[start]);
        ze_ok!(
            api,
            CommandList.pfnAppendWaitOnEvents(la, 1, &mut { handoff })
        );
        append_copy(api, la, dst, mid, size, null_mut(), &[]);
    }
    list_close(api, lb);
    list_close(api, la);
    let (fa, fb) = (fence_create(api, qa, 0), fence_create(api, qb, 0));
    execute(api, qa, &[la], fa);
    execute(api, qb, &[lb], fb);

    std::thread::sleep(Duration::from_millis(50));
    // SAFETY: live fences; `dst` is only read (queue A has not run: that is the check).
    unsafe {
        ze_err!(api, [NOT_READY], Fence.pfnQueryStatus(fa));
        ze_err!(api, [NOT_READY], Fence.pfnQueryStatus(fb));
        ze_err!(api, [NOT_READY], CommandQueue.pfnSynchronize(qa, 0));
        assert_eq!(
            read(dst, size),
            old,
            "queue A ran before the host signalled"
        );
    }
    assert_eq!(event_status(api, handoff), NOT_READY);

    event_signal(api, start);
    fence_wait(api, fa);
    fence_wait(api, fb);
    // SAFETY: both queues are done.
    assert_eq!(unsafe { read(dst, size) }, bytes);
    assert_eq!(event_status(api, handoff), SUCCESS);

    for f in [fa, fb] {
        fence_destroy(api, f);
    }
    for l in [la, lb] {
        list_destroy(api, l);
    }
    for q in [qa, qb] {
        queue_destroy(api, q);
    }
    for e in [start, handoff] {
        event_destroy(api, e);
    }
    pool_destroy(api, pool);
    for p in [src, mid, dst] {
        free(api, ctx, p);
    }
    context_destroy(api, ctx);
}
