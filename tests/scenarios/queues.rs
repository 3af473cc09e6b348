//! Command queues, regular and immediate command lists, fences, and ordering across queues.

use super::{Env, ASYNC, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, command_queue, context, event, fence, mem};
use level_zero_sys::*;
use std::ptr::null_mut;
use std::time::Duration;

pub fn queues_and_regular_lists(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        // Every queue of both groups can be created; one past the end of a group cannot.
        let mut queues = Vec::new();
        for (ordinal, count) in [(0, 4), (1, 2)] {
            for index in 0..count {
                queues.push(
                    command_queue::create(
                        api,
                        ctx,
                        env.device,
                        &ze_command_queue_desc_t {
                            ordinal,
                            index,
                            mode: ASYNC,
                            ..Default::default()
                        },
                    )
                    .unwrap(),
                );
            }
            let desc = ze_command_queue_desc_t {
                ordinal,
                index: count,
                mode: ASYNC,
                ..Default::default()
            };
            expect(
                command_queue::create(api, ctx, env.device, &desc),
                INVALID_ARGUMENT,
            );
        }
        let desc = ze_command_queue_desc_t {
            ordinal: 2,
            mode: ASYNC,
            ..Default::default()
        };
        // There is no group 2.
        expect(
            command_queue::create(api, ctx, env.device, &desc),
            INVALID_ARGUMENT,
        );
        for q in queues.drain(..) {
            command_queue::destroy(api, q).unwrap();
        }

        // A regular list: fill, barrier, copy; closed once, executed twice. The second execution
        // copies what the source holds then.
        let size = 8192;
        let queue = async_queue(api, ctx, env.device);
        let fence = fence::create(api, queue, &Default::default()).unwrap();
        let (src, filled, copied) = (
            host_mem(api, ctx, size),
            shared_mem(api, ctx, env.device, size),
            device_mem(api, ctx, env.device, size),
        );
        let back = host_mem(api, ctx, size);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        // Every range lies in a live allocation; the host touches them only between runs.
        append_fill(api, list, filled, &[0xA5, 0x5A], size);
        command_list::append_memory_copy(api, list, copied, src, size, null_mut(), 0, null_mut())
            .unwrap();
        command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        command_list::append_memory_copy(api, list, back, copied, size, null_mut(), 0, null_mut())
            .unwrap();
        command_list::close(api, list).unwrap();
        for run in 0..2u8 {
            let bytes = pattern(size, run);
            // No command is running (the previous run's fence was waited for).
            write(src, &bytes);
            write(filled, &vec![0; size]);
            command_queue::execute_command_lists(api, queue, 1, &mut { list }, fence).unwrap();
            fence::host_synchronize(api, fence, u64::MAX).unwrap();
            // The run is complete.
            assert_eq!(read(back, size), bytes, "run {run}");
            assert!(
                read(filled, size).chunks(2).all(|c| c == [0xA5, 0x5A]),
                "run {run}"
            );
            fence::reset(api, fence).unwrap();
        }
        // Reset: the list is empty and open again; record something else.
        command_list::reset(api, list).unwrap();
        append_fill(api, list, back, &[7], size);
        command_list::close(api, list).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        // The queue is idle.
        assert!(read(back, size).iter().all(|&b| b == 7));
        command_list::destroy(api, list).unwrap();
        fence::destroy(api, fence).unwrap();
        command_queue::destroy(api, queue).unwrap();

        // A synchronous queue on a sub-device: execution returns when the lists are done.
        let sub = env.subdevices[1];
        let queue = queue_at(api, ctx, sub, 1, 1, SYNC);
        let list = regular_list(api, ctx, sub, 1);
        append_fill(api, list, back, &[1, 2, 3, 4], size);
        command_list::close(api, list).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        // A synchronous queue has finished.
        assert!(read(back, size).chunks(4).all(|c| c == [1, 2, 3, 4]));
        command_list::destroy(api, list).unwrap();
        command_queue::destroy(api, queue).unwrap();

        for p in [src, filled, copied, back] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}

pub fn immediate_lists(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let (src, dst) = (
            host_mem(api, ctx, size),
            shared_mem(api, ctx, env.device, size),
        );

        // Synchronous: the append returns once the command is done.
        let list = immediate(api, ctx, env.device, SYNC);
        let bytes = pattern(size, 3);
        write(src, &bytes);
        command_list::append_memory_copy(api, list, dst, src, size, null_mut(), 0, null_mut())
            .unwrap();
        assert_eq!(read(dst, size), bytes);
        command_list::destroy(api, list).unwrap();

        // Asynchronous: the signal event tells when it is done.
        let (events, [done]) = EventPool::host_visible(api, ctx);
        let list = immediate(api, ctx, env.device, ASYNC);
        let bytes = pattern(size, 4);
        write(src, &bytes);
        command_list::append_memory_copy(api, list, dst, src, size, done, 0, null_mut()).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        // The copy is complete.
        assert_eq!(read(dst, size), bytes);
        // An immediate list is neither closed nor executed on a queue.
        expect(command_list::close(api, list), INVALID_ARGUMENT);
        command_list::destroy(api, list).unwrap();
        drop(events);
        mem::free(api, ctx, src).unwrap();
        mem::free(api, ctx, dst).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

pub fn execute_errors(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let queue = async_queue(api, ctx, env.device);
        let open = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        let copy_only = regular_list(api, ctx, env.device, 1);
        command_list::close(api, copy_only).unwrap();
        let mut lists = [open];
        expect(
            command_queue::execute_command_lists(api, queue, 1, lists.as_mut_ptr(), null_mut()),
            INVALID_ARGUMENT,
        );
        let mut lists = [copy_only];
        expect(
            command_queue::execute_command_lists(api, queue, 1, lists.as_mut_ptr(), null_mut()),
            ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
        );
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        command_list::destroy(api, open).unwrap();
        command_list::destroy(api, copy_only).unwrap();
        command_queue::destroy(api, queue).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

pub fn fences(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let queue = queue_at(api, ctx, env.device, 0, 1, ASYNC);
        let fence = fence::create(api, queue, &Default::default()).unwrap();
        expect(fence::query_status(api, fence), NOT_READY);
        expect(fence::host_synchronize(api, fence, 0), NOT_READY);
        expect(fence::host_synchronize(api, fence, 1_000_000), NOT_READY);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        command_list::close(api, list).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, fence).unwrap();
        fence::host_synchronize(api, fence, u64::MAX).unwrap();
        fence::query_status(api, fence).unwrap();
        fence::reset(api, fence).unwrap();
        expect(fence::query_status(api, fence), NOT_READY);
        // A fence created signalled.
        let signalled = fence::create(
            api,
            queue,
            &ze_fence_desc_t {
                flags: ze_fence_flags_t(ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0),
                ..Default::default()
            },
        )
        .unwrap();
        fence::host_synchronize(api, signalled, 0).unwrap();
        fence::destroy(api, signalled).unwrap();
        fence::destroy(api, fence).unwrap();
        command_list::destroy(api, list).unwrap();
        command_queue::destroy(api, queue).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Queue B copies once the host signals `start`, then signals `handoff`; queue A waits for
/// `handoff` before its own copy. Neither may run before the host's signal.
pub fn cross_queue_ordering(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let qa = queue_at(api, ctx, env.device, 0, 2, ASYNC);
        let qb = queue_at(api, ctx, env.device, 1, 0, ASYNC);
        let (events, [start, handoff]) = EventPool::host_visible(api, ctx);
        let src = host_mem(api, ctx, size);
        let (mid, dst) = (
            device_mem(api, ctx, env.device, size),
            host_mem(api, ctx, size),
        );
        let bytes = pattern(size, 42);
        let old = vec![0xEEu8; size];
        write(src, &bytes);
        write(dst, &old);

        let lb = regular_list(api, ctx, env.device, 1);
        let la = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        command_list::append_memory_copy(api, lb, mid, src, size, handoff, 1, &mut { start })
            .unwrap();
        command_list::append_wait_on_events(api, la, 1, &mut { handoff }).unwrap();
        command_list::append_memory_copy(api, la, dst, mid, size, null_mut(), 0, null_mut())
            .unwrap();
        command_list::close(api, lb).unwrap();
        command_list::close(api, la).unwrap();
        let (fa, fb) = (
            fence::create(api, qa, &Default::default()).unwrap(),
            fence::create(api, qb, &Default::default()).unwrap(),
        );
        command_queue::execute_command_lists(api, qa, 1, &mut { la }, fa).unwrap();
        command_queue::execute_command_lists(api, qb, 1, &mut { lb }, fb).unwrap();

        std::thread::sleep(Duration::from_millis(50));
        expect(fence::query_status(api, fa), NOT_READY);
        expect(fence::query_status(api, fb), NOT_READY);
        expect(command_queue::synchronize(api, qa, 0), NOT_READY);
        assert_eq!(
            read(dst, size),
            old,
            "queue A ran before the host signalled"
        );
        expect(event::query_status(api, handoff), NOT_READY);

        event::host_signal(api, start).unwrap();
        fence::host_synchronize(api, fa, u64::MAX).unwrap();
        fence::host_synchronize(api, fb, u64::MAX).unwrap();
        // Both queues are done.
        assert_eq!(read(dst, size), bytes);
        expect(event::query_status(api, handoff), SUCCESS);

        for f in [fa, fb] {
            fence::destroy(api, f).unwrap();
        }
        for l in [la, lb] {
            command_list::destroy(api, l).unwrap();
        }
        for q in [qa, qb] {
            command_queue::destroy(api, q).unwrap();
        }
        drop(events);
        for p in [src, mid, dst] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}

/// Destroying an asynchronous immediate list, or a queue, whose commands still wait for an
/// event never runs those commands without their wait: they are dropped (their memory may be
/// freed right after the destroy).
pub fn destroyed_with_pending_work(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the commands that would write `dst` are never run.
    unsafe {
        let ctx = env.context();
        let size = 4096;
        let (src, dst) = (host_mem(api, ctx, size), host_mem(api, ctx, size));
        write(src, &pattern(size, 3));
        write(dst, &vec![0; size]);
        let (events, [gate]) = EventPool::host_visible(api, ctx);

        let list = immediate(api, ctx, env.device, ASYNC);
        command_list::append_memory_copy(api, list, dst, src, size, null_mut(), 1, &mut { gate })
            .unwrap();
        command_list::destroy(api, list).unwrap();
        assert_eq!(
            read(dst, size),
            vec![0; size],
            "an immediate list's pending copy ran"
        );

        let queue = async_queue(api, ctx, env.device);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        command_list::append_memory_copy(api, list, dst, src, size, null_mut(), 1, &mut { gate })
            .unwrap();
        command_list::close(api, list).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::destroy(api, queue).unwrap();
        assert_eq!(read(dst, size), vec![0; size], "a queue's pending copy ran");

        event::host_signal(api, gate).unwrap();
        command_list::destroy(api, list).unwrap();
        drop(events);
        mem::free(api, ctx, src).unwrap();
        mem::free(api, ctx, dst).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
