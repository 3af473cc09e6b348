//! Event pools and events: host signalling and waits with timeouts, signals, waits and resets
//! from command lists, kernel timestamps.

use super::Env;
use crate::common::ze::*;
use crate::{ze_err, ze_ok};
use level_zero_sys::*;
use std::ptr::null_mut;
use std::time::{Duration, Instant};

pub fn events(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let pool = pool_create(api, ctx, HOST_VISIBLE, 4);
    let ev = event_create(api, pool, 2);

    // Unsignalled: a poll and a short wait are not ready; the short wait does wait.
    assert_eq!(event_status(api, ev), NOT_READY);
    // SAFETY: live event.
    unsafe { ze_err!(api, [NOT_READY], Event.pfnHostSynchronize(ev, 0)) };
    let start = Instant::now();
    // SAFETY: live event.
    unsafe { ze_err!(api, [NOT_READY], Event.pfnHostSynchronize(ev, 5_000_000)) };
    assert!(
        start.elapsed() >= Duration::from_millis(5),
        "{:?}",
        start.elapsed()
    );

    event_signal(api, ev);
    assert_eq!(event_status(api, ev), SUCCESS);
    // SAFETY: live event.
    unsafe {
        ze_ok!(api, Event.pfnHostSynchronize(ev, 0));
        ze_ok!(api, Event.pfnHostSynchronize(ev, u64::MAX));
    }
    event_reset(api, ev);
    assert_eq!(event_status(api, ev), NOT_READY);

    // An unbounded wait returns when another thread signals.
    let addr = ev as usize;
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(20));
            event_signal(api, addr as ze_event_handle_t);
        });
        event_wait(api, ev);
    });
    assert_eq!(event_status(api, ev), SUCCESS);

    // Events of a pool are independent.
    let other = event_create(api, pool, 0);
    assert_eq!(event_status(api, other), NOT_READY);
    event_destroy(api, other);
    event_destroy(api, ev);
    pool_destroy(api, pool);
    context_destroy(api, ctx);
}

pub fn events_from_lists(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let pool = pool_create(api, ctx, HOST_VISIBLE, 3);
    let (gate, signalled, done) = (
        event_create(api, pool, 0),
        event_create(api, pool, 1),
        event_create(api, pool, 2),
    );
    let list = immediate_create(api, ctx, env.device, ASYNC);
    // SAFETY: live list and events; the wait list holds one handle.
    unsafe {
        ze_ok!(
            api,
            CommandList.pfnAppendWaitOnEvents(list, 1, &mut { gate })
        );
        ze_ok!(api, CommandList.pfnAppendSignalEvent(list, signalled));
    }
    std::thread::sleep(Duration::from_millis(10));
    assert_eq!(
        event_status(api, signalled),
        NOT_READY,
        "the list waits for the gate"
    );
    event_signal(api, gate);
    event_wait(api, signalled);

    // A reset from the list clears the event once the commands before it are done.
    // SAFETY: live list and events.
    unsafe {
        ze_ok!(api, CommandList.pfnAppendEventReset(list, signalled));
        ze_ok!(api, CommandList.pfnAppendSignalEvent(list, done));
    }
    event_wait(api, done);
    assert_eq!(event_status(api, signalled), NOT_READY);

    // The same on a regular list run by a queue, executed twice with host resets between.
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 3, ASYNC));
    let regular = list_create(api, ctx, env.device, 0);
    // SAFETY: live list and events.
    unsafe {
        ze_ok!(
            api,
            CommandList.pfnAppendWaitOnEvents(regular, 1, &mut { gate })
        );
        ze_ok!(api, CommandList.pfnAppendSignalEvent(regular, done));
    }
    list_close(api, regular);
    for _ in 0..2 {
        event_reset(api, gate);
        event_reset(api, done);
        execute(api, queue, &[regular], null_mut());
        // SAFETY: live queue.
        unsafe {
            ze_err!(
                api,
                [NOT_READY],
                CommandQueue.pfnSynchronize(queue, 1_000_000)
            )
        };
        event_signal(api, gate);
        event_wait(api, done);
        queue_synchronize(api, queue);
    }
    list_destroy(api, regular);
    queue_destroy(api, queue);
    list_destroy(api, list);
    for e in [gate, signalled, done] {
        event_destroy(api, e);
    }
    pool_destroy(api, pool);
    context_destroy(api, ctx);
}

pub fn kernel_timestamps(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let pool = pool_create(api, ctx, HOST_VISIBLE | KERNEL_TIMESTAMP, 2);
    let (timed, done) = (event_create(api, pool, 0), event_create(api, pool, 1));
    let size = 1 << 20;
    let (a, b) = (
        alloc_host(api, ctx, size, 0),
        alloc_device(api, ctx, env.device, size, 0),
    );
    let results = alloc_host(api, ctx, 2 * size_of::<ze_kernel_timestamp_result_t>(), 0)
        .cast::<ze_kernel_timestamp_result_t>();
    let list = immediate_create(api, ctx, env.device, ASYNC);
    // SAFETY: live allocations, read after `done`; `results` holds two results.
    unsafe {
        append_copy(api, list, b, a, size, timed, &[]);
        append_barrier(api, list, null_mut(), &[]);
        ze_ok!(
            api,
            CommandList.pfnAppendQueryKernelTimestamps(
                list,
                1,
                &mut { timed },
                results.cast(),
                std::ptr::null(),
                done,
                0,
                null_mut()
            )
        );
    }
    event_wait(api, done);
    // SAFETY: the query has completed.
    let queried = unsafe { results.read() };
    let mut direct = ze_kernel_timestamp_result_t::default();
    // SAFETY: live, signalled timestamp event; valid out-pointer.
    unsafe { ze_ok!(api, Event.pfnQueryKernelTimestamp(timed, &mut direct)) };
    for r in [queried, direct] {
        assert!(r.global.kernelStart <= r.global.kernelEnd, "{r:?}");
        assert!(r.context.kernelStart <= r.context.kernelEnd, "{r:?}");
    }
    assert_eq!(queried.global.kernelStart, direct.global.kernelStart);
    assert_eq!(queried.global.kernelEnd, direct.global.kernelEnd);

    list_destroy(api, list);
    for e in [timed, done] {
        event_destroy(api, e);
    }
    pool_destroy(api, pool);
    for p in [a, b, results.cast()] {
        free(api, ctx, p);
    }
    context_destroy(api, ctx);
}
