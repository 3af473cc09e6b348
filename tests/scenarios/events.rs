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
        let pool = event_pool::create(
            api,
            ctx,
            &ze_event_pool_desc_t {
                flags: HOST_VISIBLE.into(),
                count: 4,
                ..Default::default()
            },
            0,
            null_mut(),
        )
        .unwrap();
        let new_event = |index| {
            event::create(
                api,
                pool,
                &ze_event_desc_t {
                    index,
                    ..Default::default()
                },
            )
            .unwrap()
        };
        let ev = new_event(2);

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
        let other = new_event(0);
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
        let pool = event_pool::create(
            api,
            ctx,
            &ze_event_pool_desc_t {
                flags: HOST_VISIBLE.into(),
                count: 3,
                ..Default::default()
            },
            0,
            null_mut(),
        )
        .unwrap();
        let new_event = |index| {
            event::create(
                api,
                pool,
                &ze_event_desc_t {
                    index,
                    ..Default::default()
                },
            )
            .unwrap()
        };
        let (gate, signalled, done) = (new_event(0), new_event(1), new_event(2));
        let list = command_list::create_immediate(
            api,
            ctx,
            env.device,
            &ze_command_queue_desc_t {
                mode: ASYNC,
                ..Default::default()
            },
        )
        .unwrap();
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
        let queue_desc = ze_command_queue_desc_t {
            index: 3,
            mode: ASYNC,
            ..Default::default()
        };
        let queue = command_queue::create(api, ctx, env.device, &queue_desc).unwrap();
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
        for e in [gate, signalled, done] {
            event::destroy(api, e).unwrap();
        }
        event_pool::destroy(api, pool).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

pub fn kernel_timestamps(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    // The allocations are read only once `done` is signalled; `results` holds two results.
    unsafe {
        let ctx = env.context();
        let pool = event_pool::create(
            api,
            ctx,
            &ze_event_pool_desc_t {
                flags: (HOST_VISIBLE | KERNEL_TIMESTAMP).into(),
                count: 2,
                ..Default::default()
            },
            0,
            null_mut(),
        )
        .unwrap();
        let new_event = |index| {
            event::create(
                api,
                pool,
                &ze_event_desc_t {
                    index,
                    ..Default::default()
                },
            )
            .unwrap()
        };
        let (timed, done) = (new_event(0), new_event(1));
        let size = 1 << 20;
        let (a, b) = (
            mem::alloc_host(api, ctx, &Default::default(), size, 0).unwrap(),
            mem::alloc_device(api, ctx, &Default::default(), size, 0, env.device).unwrap(),
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
        let list = command_list::create_immediate(
            api,
            ctx,
            env.device,
            &ze_command_queue_desc_t {
                mode: ASYNC,
                ..Default::default()
            },
        )
        .unwrap();
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
        for e in [timed, done] {
            event::destroy(api, e).unwrap();
        }
        event_pool::destroy(api, pool).unwrap();
        for p in [a, b, results.cast()] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
