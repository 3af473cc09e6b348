//! Event pools and events: host signalling and waits with timeouts, signals, waits and resets
//! from command lists, kernel timestamps.

use super::{Env, ASYNC, HOST_VISIBLE, KERNEL_TIMESTAMP};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, command_queue, context, event, event_pool, mem};
use level_zero_sys::*;
use std::ptr::{null, null_mut};
use std::time::{Duration, Instant};

pub fn events(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 4);
        let ev = create_event(api, pool, 2);

        // Unsignalled: a poll and a short wait are not ready; the short wait does wait.
        expect(event::query_status(api, ev), NOT_READY);
        expect(event::host_synchronize(api, ev, 0), NOT_READY);
        let start = Instant::now();
        expect(event::host_synchronize(api, ev, 5_000_000), NOT_READY);
        assert!(
            start.elapsed() >= Duration::from_millis(5),
            "{:?}",
            start.elapsed()
        );

        event::host_signal(api, ev).unwrap();
        expect(event::query_status(api, ev), SUCCESS);
        event::host_synchronize(api, ev, 0).unwrap();
        event::host_synchronize(api, ev, u64::MAX).unwrap();
        event::host_reset(api, ev).unwrap();
        expect(event::query_status(api, ev), NOT_READY);

        // An unbounded wait returns when another thread signals.
        let addr = ev as usize;
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                event::host_signal(api, addr as ze_event_handle_t).unwrap();
            });
            event::host_synchronize(api, ev, u64::MAX).unwrap();
        });
        expect(event::query_status(api, ev), SUCCESS);

        // Events of a pool are independent.
        let other = create_event(api, pool, 0);
        expect(event::query_status(api, other), NOT_READY);
        event::destroy(api, other).unwrap();
        event::destroy(api, ev).unwrap();
        event_pool::destroy(api, pool).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

pub fn events_from_lists(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let (events, [gate, signalled, done]) = EventPool::host_visible(api, ctx);
        let list = immediate(api, ctx, env.device, ASYNC);
        command_list::append_wait_on_events(api, list, 1, &mut { gate }).unwrap();
        command_list::append_signal_event(api, list, signalled).unwrap();
        std::thread::sleep(Duration::from_millis(10));
        assert_eq!(
            code(event::query_status(api, signalled)),
            NOT_READY,
            "the list waits for the gate"
        );
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, signalled, u64::MAX).unwrap();

        // A reset from the list clears the event once the commands before it are done.
        command_list::append_event_reset(api, list, signalled).unwrap();
        command_list::append_signal_event(api, list, done).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        expect(event::query_status(api, signalled), NOT_READY);

        // The same on a regular list run by a queue, executed twice with host resets between.
        let queue = queue_at(api, ctx, env.device, 0, 3, ASYNC);
        let regular = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        command_list::append_wait_on_events(api, regular, 1, &mut { gate }).unwrap();
        command_list::append_signal_event(api, regular, done).unwrap();
        command_list::close(api, regular).unwrap();
        for _ in 0..2 {
            event::host_reset(api, gate).unwrap();
            event::host_reset(api, done).unwrap();
            command_queue::execute_command_lists(api, queue, 1, &mut { regular }, null_mut())
                .unwrap();
            expect(command_queue::synchronize(api, queue, 1_000_000), NOT_READY);
            event::host_signal(api, gate).unwrap();
            event::host_synchronize(api, done, u64::MAX).unwrap();
            command_queue::synchronize(api, queue, u64::MAX).unwrap();
        }
        command_list::destroy(api, regular).unwrap();
        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, list).unwrap();
        drop(events);
        context::destroy(api, ctx).unwrap();
    }
}

pub fn kernel_timestamps(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    // The allocations are read only once `done` is signalled; `results` holds two results.
    unsafe {
        let ctx = env.context();
        let flags = (HOST_VISIBLE | KERNEL_TIMESTAMP).into();
        let (events, [timed, done]) = EventPool::with_flags(api, ctx, flags);
        let size = 1 << 20;
        let (a, b) = (
            host_mem(api, ctx, size),
            device_mem(api, ctx, env.device, size),
        );
        let results = mem::alloc_host(
            api,
            ctx,
            &Default::default(),
            2 * size_of::<ze_kernel_timestamp_result_t>(),
            0,
        )
        .unwrap()
        .cast::<ze_kernel_timestamp_result_t>();
        let list = immediate(api, ctx, env.device, ASYNC);
        command_list::append_memory_copy(api, list, b, a, size, timed, 0, null_mut()).unwrap();
        command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        command_list::append_query_kernel_timestamps(
            api,
            list,
            1,
            &mut { timed },
            results.cast(),
            null(),
            done,
            0,
            null_mut(),
        )
        .unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        let queried = results.read();
        let mut direct = ze_kernel_timestamp_result_t::default();
        event::query_kernel_timestamp(api, timed, &mut direct).unwrap();
        for r in [queried, direct] {
            assert!(r.global.kernelStart <= r.global.kernelEnd, "{r:?}");
            assert!(r.context.kernelStart <= r.context.kernelEnd, "{r:?}");
        }
        assert_eq!(queried.global.kernelStart, direct.global.kernelStart);
        assert_eq!(queried.global.kernelEnd, direct.global.kernelEnd);

        command_list::destroy(api, list).unwrap();
        drop(events);
        for p in [a, b, results.cast()] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
