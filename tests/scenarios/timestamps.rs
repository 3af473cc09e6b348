//! Timestamps (issue 11, item 9): the device clock, global timestamps written by lists, and
//! kernel timestamp events, on the compute and the copy-only queue group.

use super::{Env, ASYNC, HOST_VISIBLE, KERNEL_TIMESTAMP};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, context, device, event, kernel, mem, module};
use level_zero_sys::*;
use std::ptr::{null, null_mut};
use std::time::Duration;

/// The device's clock as `zeDeviceGetGlobalTimestamps` reads it: (host, device).
///
/// # Safety
/// `dev` is a live device handle of `api`.
unsafe fn clocks(api: &Dispatch, dev: ze_device_handle_t) -> (u64, u64) {
    // SAFETY: the caller's contract.
    unsafe { device::get_global_timestamps(api, dev) }.unwrap()
}

/// The device clock's frequency (ticks per second) and valid bits, from both versions of the
/// device properties: the 1.0 structure gives the resolution in nanoseconds per tick, the 1.2
/// one in ticks per second; the two must agree.
///
/// # Safety
/// `dev` is a live device handle of `api`.
unsafe fn timer(api: &Dispatch, dev: ze_device_handle_t) -> (u64, u32, u32) {
    let mut v10 = ze_device_properties_t::default();
    let mut v12 = ze_device_properties_t {
        stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2,
        ..Default::default()
    };
    // SAFETY: the caller's contract; the structures are locals.
    unsafe {
        device::get_properties(api, dev, &mut v10).unwrap();
        device::get_properties(api, dev, &mut v12).unwrap();
    }
    assert!(v10.timerResolution > 0 && v12.timerResolution > 0);
    assert_eq!(
        v12.timerResolution * v10.timerResolution,
        1_000_000_000,
        "ns per tick (1.0) and ticks per second (1.2) describe one clock"
    );
    for bits in [v10.timestampValidBits, v10.kernelTimestampValidBits] {
        assert!((1..=64).contains(&bits), "valid bits {bits}");
    }
    assert_eq!(v10.timestampValidBits, v12.timestampValidBits);
    (
        v12.timerResolution,
        v10.timestampValidBits,
        v10.kernelTimestampValidBits,
    )
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The clock is non-zero, goes forward at the advertised rate (a 20 ms host sleep is 20 ms of
/// ticks), and lists on the compute group (ordinal 0) and the copy-only group (ordinal 1) write
/// global timestamps and kernel timestamps that are non-zero, within the valid bits, and ordered:
/// clock before the append ≤ timestamp written before a command ≤ its kernel start ≤ its end ≤
/// timestamp written after it ≤ clock after the synchronisation. A timestamp written after a
/// wait the host releases 20 ms later is at least 20 ms of ticks after the one before the wait.
pub fn timestamps(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    // Allocations are read by the host only after the event that ends the list's work.
    unsafe {
        let (hz, valid, kernel_valid) = timer(api, env.device);
        let ticks = |d: Duration| (d.as_nanos() as u64).saturating_mul(hz) / 1_000_000_000;

        let (h0, d0) = clocks(api, env.device);
        assert!(
            h0 > 0 && d0 > 0,
            "clocks are non-zero: host {h0}, device {d0}"
        );
        assert!(d0 <= mask(valid));
        std::thread::sleep(Duration::from_millis(20));
        let (h1, d1) = clocks(api, env.device);
        assert!(h1 >= h0 + 20_000_000, "host clock in ns: {h0} then {h1}");
        assert!(
            d1 - d0 >= ticks(Duration::from_millis(20)),
            "20 ms is at least {} ticks at {hz} Hz: {d0} then {d1}",
            ticks(Duration::from_millis(20))
        );
        for &sub in &env.subdevices {
            let (_, ds) = clocks(api, sub);
            assert!(ds >= d1, "sub-devices share the clock: {ds} after {d1}");
        }

        let ctx = env.context();
        let flags = (HOST_VISIBLE | KERNEL_TIMESTAMP).into();
        let (events, [copied, launched, gate, done, mid]) = EventPool::with_flags(api, ctx, flags);
        let size = 1 << 20;
        let n = size / 4;
        let (x, y) = (
            device_mem(api, ctx, env.device, size),
            shared_mem(api, ctx, env.device, size),
        );
        let stamps = mem::alloc_host(api, ctx, &Default::default(), 4 * 8, 8)
            .unwrap()
            .cast::<u64>();
        let results = mem::alloc_host(
            api,
            ctx,
            &Default::default(),
            2 * size_of::<ze_kernel_timestamp_result_t>(),
            8,
        )
        .unwrap()
        .cast::<ze_kernel_timestamp_result_t>();
        let (m, k) = super::saxpy(api, ctx, env.device);
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &1.0f32);
        set_arg(api, k, 1, &x);
        set_arg(api, k, 2, &y);

        for ordinal in [0u32, 1] {
            let list = command_list::create_immediate(
                api,
                ctx,
                env.device,
                &ze_command_queue_desc_t {
                    ordinal,
                    mode: ASYNC,
                    ..Default::default()
                },
            )
            .unwrap();
            for e in [copied, launched, gate, done, mid] {
                event::host_reset(api, e).unwrap();
            }
            let (_, before) = clocks(api, env.device);
            let wts = |i: usize, signal, waits: &mut [ze_event_handle_t]| {
                command_list::append_write_global_timestamp(
                    api,
                    list,
                    stamps.add(i),
                    signal,
                    waits.len() as u32,
                    waits.as_mut_ptr(),
                )
                .unwrap()
            };
            wts(0, null_mut(), &mut []);
            command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
            command_list::append_memory_copy(api, list, x, y, size, copied, 0, null_mut()).unwrap();
            let mut timed = vec![copied];
            if ordinal == 0 {
                let all = groups((n / 64) as u32);
                command_list::append_launch_kernel(api, list, k, &all, launched, 1, &mut {
                    copied
                })
                .unwrap();
                timed.push(launched);
            } else {
                // Kernels need a compute group.
                expect(
                    command_list::append_launch_kernel(
                        api,
                        list,
                        k,
                        &groups(1),
                        null_mut(),
                        0,
                        null_mut(),
                    ),
                    ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
                );
            }
            command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
            wts(1, mid, &mut []);
            wts(2, null_mut(), &mut [gate]);
            command_list::append_query_kernel_timestamps(
                api,
                list,
                timed.len() as u32,
                timed.as_mut_ptr(),
                results.cast(),
                null(),
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            wts(3, done, &mut []);
            // The host lets the list go on 20 ms after it wrote timestamp 1.
            event::host_synchronize(api, mid, u64::MAX).unwrap();
            std::thread::sleep(Duration::from_millis(20));
            event::host_signal(api, gate).unwrap();
            event::host_synchronize(api, done, u64::MAX).unwrap();
            let (_, after) = clocks(api, env.device);

            let s: Vec<u64> = (0..4).map(|i| stamps.add(i).read()).collect();
            let what = format!("ordinal {ordinal}: clock {before}..{after}, written {s:?}");
            assert!(s.iter().all(|&t| t > 0 && t <= mask(valid)), "{what}");
            assert!(before <= s[0] && s[3] <= after, "{what}");
            assert!(s.windows(2).all(|w| w[0] <= w[1]), "{what}");
            assert!(
                s[2] - s[1] >= ticks(Duration::from_millis(20)),
                "a 20 ms wait between two timestamps: {what}"
            );
            let mut last_end = s[0];
            for (i, &e) in timed.iter().enumerate() {
                let mut direct = ze_kernel_timestamp_result_t::default();
                event::query_kernel_timestamp(api, e, &mut direct).unwrap();
                let queried = results.add(i).read();
                for r in [direct, queried] {
                    for d in [r.global, r.context] {
                        let (start, end) = (d.kernelStart, d.kernelEnd);
                        let what = format!("{what}, command {i}: {start}..{end}");
                        assert!(start > 0 && end <= mask(kernel_valid), "{what}");
                        assert!(last_end <= start && start <= end && end <= s[1], "{what}");
                    }
                }
                assert_eq!(direct.global.kernelStart, queried.global.kernelStart);
                assert_eq!(direct.global.kernelEnd, queried.global.kernelEnd);
                last_end = direct.global.kernelEnd;
            }
            command_list::destroy(api, list).unwrap();
        }

        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        drop(events);
        for p in [x, y, stamps.cast(), results.cast()] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
