//! Counter-based events (1.15 core, and the pools of `ZE_experimental_event_pool_counter_based`):
//! each command appended to signal one becomes its tracking point, a wait appended for one
//! waits for the point current then, the host never signals or resets one.

use super::newer::at_least;
use super::{Env, ASYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, command_queue, context, event, event_pool, mem, module};
use level_zero_sys::*;
use std::ptr::null_mut;

const SIZE: usize = 4096;

/// Counter-based event flags.
fn flags(bits: &[ze_event_counter_based_flag_t]) -> ze_event_counter_based_flags_t {
    ze_event_counter_based_flags_t(bits.iter().fold(0, |a, b| a | b.0))
}

use ze_event_counter_based_flag_t as F;

/// A fill of `SIZE` bytes of `dst` with `byte` on `list`, after `waits`, signalling `signal`.
///
/// # Safety
/// Live handles of `api`; `dst` holds `SIZE` bytes.
unsafe fn fill(
    api: &Dispatch,
    list: ze_command_list_handle_t,
    dst: *mut std::ffi::c_void,
    byte: u8,
    signal: ze_event_handle_t,
    waits: &mut [ze_event_handle_t],
) {
    // SAFETY: the caller's contract; the pattern is a local read at append.
    unsafe {
        command_list::append_memory_fill(
            api,
            list,
            dst,
            (&byte as *const u8).cast(),
            1,
            SIZE,
            signal,
            waits.len() as u32,
            if waits.is_empty() {
                null_mut()
            } else {
                waits.as_mut_ptr()
            },
        )
        .unwrap()
    };
}

/// Creation, the host's refusals, tracking points on an immediate list (a wait appended before
/// the event is signalled again waits for the earlier point), the device address, flags, and
/// kernel timestamps.
pub fn counter_based_events(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_15,
        "counter-based events",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let desc = ze_event_counter_based_desc_t {
            flags: flags(&[
                F::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE,
                F::ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE,
                F::ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP,
            ]),
            ..Default::default()
        };
        let cb = event::counter_based_create(api, ctx, env.device, &desc).unwrap();
        // Never signalled yet: complete. The host may not signal or reset it.
        event::query_status(api, cb).unwrap();
        expect(event::host_signal(api, cb), INVALID_ARGUMENT);
        expect(event::host_reset(api, cb), INVALID_ARGUMENT);
        if api.api_version().0 >= ze_api_version_t::ZE_API_VERSION_1_17.0 {
            assert_eq!(event::get_counter_based_flags(api, cb).unwrap(), desc.flags);
        }
        // Bad arguments.
        expect(
            event::counter_based_create(api, ctx, env.device, null_mut()),
            NULL_POINTER,
        );
        let bad = ze_event_counter_based_desc_t {
            flags: ze_event_counter_based_flags_t(1 << 20),
            ..Default::default()
        };
        expect(
            event::counter_based_create(api, ctx, env.device, &bad),
            INVALID_ENUMERATION,
        );

        // Gates the host opens, and two lists.
        let (gates, [gate1, gate2, done]) = EventPool::<3>::host_visible(api, ctx);
        let a = immediate(api, ctx, env.device, ASYNC);
        let b = immediate(api, ctx, env.device, ASYNC);
        let x = host_mem(api, ctx, SIZE);
        let y = host_mem(api, ctx, SIZE);
        let z = host_mem(api, ctx, SIZE);
        // Point 1: a fill after gate1 signals `cb`.
        fill(api, a, x, 0x11, cb, &mut [gate1]);
        expect(event::query_status(api, cb), NOT_READY);
        let (mut value, mut address) = (0u64, 0u64);
        event::counter_based_get_device_address(api, cb, &mut value, &mut address).unwrap();
        assert!(value > 0 && address != 0);
        // `b` waits for point 1, then copies x to y and signals `done`.
        command_list::append_wait_on_events(api, b, 1, &mut { cb }).unwrap();
        command_list::append_memory_copy(api, b, y, x, SIZE, done, 0, null_mut()).unwrap();
        // Point 2: a fill after gate2 signals `cb` again; `cb` tracks it from now on.
        fill(api, a, z, 0x22, cb, &mut [gate2]);
        let mut value2 = 0u64;
        event::counter_based_get_device_address(api, cb, &mut value2, &mut address).unwrap();
        assert!(
            value2 > value,
            "a new tracking point: {value2} after {value}"
        );
        event::host_signal(api, gate1).unwrap();
        // `b` ran after point 1 alone.
        event::host_synchronize(api, done, u64::MAX).unwrap();
        assert!(read(y, SIZE).iter().all(|&v| v == 0x11));
        assert!((address as *const u64).read_volatile() >= value);
        expect(event::query_status(api, cb), NOT_READY);
        expect(event::host_synchronize(api, cb, 1_000_000), NOT_READY);
        event::host_signal(api, gate2).unwrap();
        event::host_synchronize(api, cb, u64::MAX).unwrap();
        assert!(read(z, SIZE).iter().all(|&v| v == 0x22));
        assert!((address as *const u64).read_volatile() >= value2);
        let mut ts = ze_kernel_timestamp_result_t::default();
        event::query_kernel_timestamp(api, cb, &mut ts).unwrap();
        assert!(ts.global.kernelStart <= ts.global.kernelEnd);
        // Appending its reset is refused too.
        expect(
            command_list::append_event_reset(api, a, cb),
            INVALID_ARGUMENT,
        );
        // A regular event answers no counter-based flags, and no device address.
        if api.api_version().0 >= ze_api_version_t::ZE_API_VERSION_1_17.0 {
            assert_eq!(event::get_counter_based_flags(api, done).unwrap().0, 0);
        }
        expect(
            event::counter_based_get_device_address(api, done, &mut value, &mut address),
            INVALID_ARGUMENT,
        );

        command_list::host_synchronize(api, a, u64::MAX).unwrap();
        command_list::host_synchronize(api, b, u64::MAX).unwrap();
        command_list::destroy(api, a).unwrap();
        command_list::destroy(api, b).unwrap();
        event::destroy(api, cb).unwrap();
        drop(gates);
        for m in [x, y, z] {
            mem::free(api, ctx, m).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}

/// A counter-based event signalled by a regular list tracks each execution of the list; a
/// kernel launch signals one too.
pub fn counter_based_regular_lists(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_15,
        "counter-based events on regular lists",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let desc = ze_event_counter_based_desc_t {
            flags: flags(&[F::ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE]),
            ..Default::default()
        };
        let cb = event::counter_based_create(api, ctx, env.device, &desc).unwrap();
        let (gates, [gate]) = EventPool::<1>::host_visible(api, ctx);
        let x = host_mem(api, ctx, SIZE);
        let list = regular_list(api, ctx, env.device, 0);
        fill(api, list, x, 0x5A, cb, &mut [gate]);
        command_list::close(api, list).unwrap();
        let queue = async_queue(api, ctx, env.device);
        for round in 0..2 {
            command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
            expect(event::query_status(api, cb), NOT_READY);
            event::host_signal(api, gate).unwrap();
            event::host_synchronize(api, cb, u64::MAX).unwrap();
            assert!(read(x, SIZE).iter().all(|&v| v == 0x5A), "round {round}");
            command_queue::synchronize(api, queue, u64::MAX).unwrap();
            event::host_reset(api, gate).unwrap();
            write(x, &[0; SIZE]);
        }
        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, list).unwrap();

        // A launch signals it.
        let (m, k) = super::saxpy(api, ctx, env.device);
        let n = 256usize;
        let xs = shared_mem(api, ctx, env.device, n * 4);
        let ys = shared_mem(api, ctx, env.device, n * 4);
        let floats = |v: f32| (0..n).flat_map(|_| v.to_le_bytes()).collect::<Vec<u8>>();
        write(xs, &floats(1.0));
        write(ys, &floats(2.0));
        level_zero_sys::calls::kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &3.0f32);
        set_arg(api, k, 1, &xs);
        set_arg(api, k, 2, &ys);
        let imm = immediate(api, ctx, env.device, ASYNC);
        level_zero_sys::calls::command_list::append_launch_kernel(
            api,
            imm,
            k,
            &groups(n as u32 / 64),
            cb,
            0,
            null_mut(),
        )
        .unwrap();
        event::host_synchronize(api, cb, u64::MAX).unwrap();
        assert_eq!(read(ys, 4), 5.0f32.to_le_bytes());
        command_list::destroy(api, imm).unwrap();
        level_zero_sys::calls::kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();

        event::destroy(api, cb).unwrap();
        drop(gates);
        for p in [x, xs, ys] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}

/// The experimental counter-based event pools: their events are counter-based.
pub fn counter_based_pools(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let counter = ze_event_pool_counter_based_exp_desc_t {
            flags: ze_event_pool_counter_based_exp_flags_t(
                ze_event_pool_counter_based_exp_flag_t::ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE.0,
            ),
            ..Default::default()
        };
        let desc = ze_event_pool_desc_t {
            pNext: (&counter as *const ze_event_pool_counter_based_exp_desc_t).cast(),
            flags: ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_HOST_VISIBLE.into(),
            count: 2,
            ..Default::default()
        };
        let pool = event_pool::create(api, ctx, &desc, 0, null_mut()).unwrap();
        let cb = create_event(api, pool, 0);
        event::query_status(api, cb).unwrap();
        expect(event::host_signal(api, cb), INVALID_ARGUMENT);
        let (gates, [gate]) = EventPool::<1>::host_visible(api, ctx);
        let x = host_mem(api, ctx, SIZE);
        let list = immediate(api, ctx, env.device, ASYNC);
        fill(api, list, x, 0x7E, cb, &mut [gate]);
        expect(event::query_status(api, cb), NOT_READY);
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, cb, u64::MAX).unwrap();
        assert!(read(x, SIZE).iter().all(|&v| v == 0x7E));
        command_list::destroy(api, list).unwrap();
        event::destroy(api, cb).unwrap();
        event_pool::destroy(api, pool).unwrap();
        drop(gates);
        mem::free(api, ctx, x).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// A counter-based event shared through an IPC handle (opened here in the same process): the
/// opened event completes with the exporting event's point and cannot be signalled.
pub fn counter_based_ipc(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_15,
        "counter-based event IPC",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let desc = ze_event_counter_based_desc_t {
            flags: flags(&[
                F::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE,
                F::ZE_EVENT_COUNTER_BASED_FLAG_IPC,
            ]),
            ..Default::default()
        };
        let cb = event::counter_based_create(api, ctx, env.device, &desc).unwrap();
        let (gates, [gate]) = EventPool::<1>::host_visible(api, ctx);
        let x = host_mem(api, ctx, SIZE);
        let list = immediate(api, ctx, env.device, ASYNC);
        fill(api, list, x, 0x3D, cb, &mut [gate]);
        let handle = event::counter_based_get_ipc_handle(api, cb).unwrap();
        let opened = event::counter_based_open_ipc_handle(api, ctx, handle).unwrap();
        expect(event::query_status(api, opened), NOT_READY);
        // It can only be waited for.
        expect(
            command_list::append_signal_event(api, list, opened),
            INVALID_ARGUMENT,
        );
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, opened, u64::MAX).unwrap();
        assert!(read(x, SIZE).iter().all(|&v| v == 0x3D));
        // Only an opened event is closed; an event without the IPC flag has no handle.
        expect(
            event::counter_based_close_ipc_handle(api, cb),
            ze_result_t::ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
        );
        event::counter_based_close_ipc_handle(api, opened).unwrap();
        let plain = ze_event_counter_based_desc_t::default();
        let local = event::counter_based_create(api, ctx, env.device, &plain).unwrap();
        expect(
            event::counter_based_get_ipc_handle(api, local),
            INVALID_ARGUMENT,
        );
        event::destroy(api, local).unwrap();
        command_list::destroy(api, list).unwrap();
        event::destroy(api, cb).unwrap();
        drop(gates);
        mem::free(api, ctx, x).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Counter-based events on the application's counters: external aggregate storage (each
/// signal adds its increment), external sync allocation (only the application writes it);
/// the device's event properties and counter limits.
pub fn counter_based_external(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_17,
        "counter-based events on external counters",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let mut events = ze_device_event_properties_t::default();
        let mut props = ze_device_properties_t {
            pNext: (&mut events as *mut ze_device_event_properties_t).cast(),
            ..Default::default()
        };
        level_zero_sys::calls::device::get_properties(api, env.device, &mut props).unwrap();
        assert_eq!(events.flags.0 & 0x7, 0x7, "aggregate, IPC, sync allocation");
        let increment = level_zero_sys::calls::device::get_aggregated_copy_offload_increment_value(
            api, env.device,
        )
        .unwrap();
        assert_eq!(increment, 1);
        let max = level_zero_sys::calls::device::get_counter_based_event_max_value(api, env.device)
            .unwrap();
        assert_eq!(max, u64::MAX);

        let ctx = env.context();
        let counter = shared_mem(api, ctx, env.device, 8).cast::<u64>();
        counter.write(0);
        let aggregate = ze_event_counter_based_external_aggregate_storage_desc_t {
            deviceAddress: counter,
            incrementValue: 1,
            completionValue: 2,
            ..Default::default()
        };
        let desc = ze_event_counter_based_desc_t {
            pNext: (&aggregate as *const ze_event_counter_based_external_aggregate_storage_desc_t)
                .cast(),
            flags: flags(&[F::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE]),
            ..Default::default()
        };
        let ev = event::counter_based_create(api, ctx, env.device, &desc).unwrap();
        let (mut value, mut address) = (0u64, 0u64);
        event::counter_based_get_device_address(api, ev, &mut value, &mut address).unwrap();
        assert_eq!((value, address), (2, counter as u64));
        let (gates, [gate]) = EventPool::<1>::host_visible(api, ctx);
        let x = host_mem(api, ctx, SIZE);
        let list = immediate(api, ctx, env.device, ASYNC);
        fill(api, list, x, 1, ev, &mut [gate]);
        fill(api, list, x, 2, ev, &mut []);
        expect(event::query_status(api, ev), NOT_READY);
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, ev, u64::MAX).unwrap();
        command_list::host_synchronize(api, list, u64::MAX).unwrap();
        assert_eq!(counter.read_volatile(), 2);
        event::destroy(api, ev).unwrap();

        // A sync allocation: complete when the application says so.
        let sync = ze_event_counter_based_external_sync_allocation_desc_t {
            deviceAddress: counter,
            hostAddress: counter,
            completionValue: 5,
            ..Default::default()
        };
        let desc = ze_event_counter_based_desc_t {
            pNext: (&sync as *const ze_event_counter_based_external_sync_allocation_desc_t).cast(),
            ..Default::default()
        };
        let ev = event::counter_based_create(api, ctx, env.device, &desc).unwrap();
        expect(event::query_status(api, ev), NOT_READY);
        expect(
            command_list::append_signal_event(api, list, ev),
            INVALID_ARGUMENT,
        );
        counter.write_volatile(5);
        event::query_status(api, ev).unwrap();
        event::destroy(api, ev).unwrap();
        // A counter that is not 8-byte aligned is refused.
        let odd = ze_event_counter_based_external_sync_allocation_desc_t {
            hostAddress: counter.cast::<u8>().add(4).cast(),
            completionValue: 1,
            ..Default::default()
        };
        let desc = ze_event_counter_based_desc_t {
            pNext: (&odd as *const ze_event_counter_based_external_sync_allocation_desc_t).cast(),
            ..Default::default()
        };
        expect(
            event::counter_based_create(api, ctx, env.device, &desc),
            INVALID_ARGUMENT,
        );

        command_list::destroy(api, list).unwrap();
        drop(gates);
        mem::free(api, ctx, x).unwrap();
        mem::free(api, ctx, counter.cast()).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
