//! The `extern "C"` entry points of `event` (see [`crate::event`]).

use crate::abi::*;
use crate::context::context;
use crate::device::{device, timestamp_ns};
use crate::event::*;
use crate::handle::{self};
use crate::memory::Range;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

/// Host visible, IPC, kernel timestamps, kernel mapped timestamps (kept as kernel timestamps:
/// the host and the device share one clock here).
const POOL_FLAGS: u32 = 0xf;
const SCOPE_FLAGS: u32 = 0x7;
/// Every `ze_event_counter_based_flag_t` of 1.17.
const COUNTER_FLAGS: u32 = 0x7f;

/// The counter-based mode of a pool descriptor's chain (`ze_event_pool_counter_based_exp_desc_t`,
/// `ZE_experimental_event_pool_counter_based`): `Some(flags)` for a pool of counter-based
/// events; another structure in the chain is refused as unsupported.
///
/// # Safety
/// `next` is null or a chain of structures that start with `stype` and `pNext`.
unsafe fn pool_counter_mode(next: *const c_void) -> ZeResult<Option<u32>> {
    let mut mode = None;
    let mut next = next.cast::<ze_base_desc_t>();
    // SAFETY: the caller's chain (see `# Safety`).
    while let Some(base) = unsafe { next.as_ref() } {
        ensure(
            base.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        )?;
        // SAFETY: the stype says this is the counter-based pool descriptor.
        let flags = unsafe {
            (*next.cast::<ze_event_pool_counter_based_exp_desc_t>())
                .flags
                .0
        };
        ensure(flags & !0x3 == 0, INVALID_ENUM)?;
        mode = Some(flags);
        next = base.pNext.cast();
    }
    Ok(mode)
}

pub unsafe extern "C" fn event_pool_create(
    ctx: ze_context_handle_t,
    desc: *const ze_event_pool_desc_t,
    num_devices: u32,
    devices: *mut ze_device_handle_t,
    out: *mut ze_event_pool_handle_t,
) -> ze_result_t {
    entry(names::zeEventPoolCreate, || {
        let ctx = context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(desc.flags.0 & !POOL_FLAGS == 0, INVALID_ENUM)?;
        ensure(desc.count != 0, INVALID_SIZE)?;
        // SAFETY: the descriptor's chain, from the caller.
        let counter_based = unsafe { pool_counter_mode(desc.pNext)? };
        ensure(!out.is_null(), NULL_POINTER)?;
        if num_devices > 0 {
            ensure(!devices.is_null(), INVALID_SIZE)?;
            // SAFETY: the caller passes `num_devices` handles.
            for &d in unsafe { std::slice::from_raw_parts(devices, num_devices as usize) } {
                device(d)?;
                ensure(ctx.has_device_handle(d), INVALID_ARGUMENT)?;
            }
        }
        let ipc = desc.flags.0 & ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC.0 != 0;
        let slots = if ipc {
            // Other processes may open it: the slots live in a memfd.
            Slots::Shared(
                SharedSlots::create(desc.count)
                    .ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?,
            )
        } else {
            Slots::Local((0..desc.count).map(|_| Slot::default()).collect())
        };
        let mut pool = EventPool::new(ctx.id(), desc.count, desc.flags, slots, false);
        pool.counter_based = counter_based.map(|flags| {
            // The pool extension's immediate (default) and non-immediate flags are the core
            // event's first two.
            ze_event_counter_based_flags_t(if flags == 0 { 1 } else { flags })
        });
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(pool), ctx.id())) };
        Ok(())
    })
}

pub unsafe extern "C" fn event_pool_destroy(pool: ze_event_pool_handle_t) -> ze_result_t {
    entry(names::zeEventPoolDestroy, || {
        crate::driver::initialised()?;
        event_pool_destroy_checked(pool)
    })
}

pub unsafe extern "C" fn event_create(
    pool: ze_event_pool_handle_t,
    desc: *const ze_event_desc_t,
    out: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeEventCreate, || {
        crate::driver::initialised()?;
        let pool_handle = pool;
        let pool = handle::get::<EventPool, _>(pool)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(
            desc.signal.0 & !SCOPE_FLAGS == 0 && desc.wait.0 & !SCOPE_FLAGS == 0,
            INVALID_ENUM,
        )?;
        ensure(!out.is_null(), NULL_POINTER)?;
        // Two events of one index name the same slot, as in Intel's driver (which checks
        // only the index's range): they share its state.
        ensure(desc.index < pool.count, INVALID_ARGUMENT)?;
        let context = pool.context;
        let counter_based = pool.counter_based;
        let mut event = Event {
            pool,
            pool_handle: pool_handle as usize,
            index: desc.index,
            signal_scope: desc.signal,
            wait_scope: desc.wait,
            counter: None,
        };
        // A new event is clear, unless its pool was opened from an IPC handle: then it names
        // the exporting process's event, whose state it keeps.
        if !event.pool.opened {
            event.reset();
        }
        if let Some(flags) = counter_based {
            event.make_counter_based(flags);
        }
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(event), context)) };
        Ok(())
    })
}

pub unsafe extern "C" fn event_destroy(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<Event, _>(ev).map(drop)
    })
}

pub unsafe extern "C" fn event_host_signal(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventHostSignal, || {
        let ev = event(ev)?;
        // The host never signals a counter-based event (the spec; Intel's driver refuses it).
        ensure(!ev.is_counter_based(), INVALID_ARGUMENT)?;
        let now = timestamp_ns();
        ev.record_timestamps(now, now);
        ev.signal();
        Ok(())
    })
}

/// `zeEventHostSynchronize`. Not a cancellation point: `pthread_cancel` of a waiter has no
/// effect (a forced unwind through Rust frames would abort); wait with a finite timeout instead.
pub unsafe extern "C" fn event_host_synchronize(
    ev: ze_event_handle_t,
    timeout: u64,
) -> ze_result_t {
    entry(names::zeEventHostSynchronize, || {
        let ev = event(ev)?;
        // A command being captured signals it only when a replay runs.
        ensure(
            !crate::command_list::Capture::records_signal_of(&ev),
            ze_result_t::ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
        )?;
        if timeout == u64::MAX {
            crate::engine::help(&ev);
        }
        ev.host_wait(timeout)
    })
}

pub unsafe extern "C" fn event_query_status(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventQueryStatus, || event(ev)?.status())
}

pub unsafe extern "C" fn event_host_reset(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventHostReset, || {
        let ev = event(ev)?;
        // Nor resets one.
        ensure(!ev.is_counter_based(), INVALID_ARGUMENT)?;
        ev.reset();
        Ok(())
    })
}

pub unsafe extern "C" fn event_query_kernel_timestamp(
    ev: ze_event_handle_t,
    out: *mut ze_kernel_timestamp_result_t,
) -> ze_result_t {
    entry(names::zeEventQueryKernelTimestamp, || {
        let ev = event(ev)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        ensure(ev.pool.timestamps, INVALID_ARGUMENT)?;
        ev.status()?;
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(ev.timestamp_result()) };
        Ok(())
    })
}

pub unsafe extern "C" fn event_pool_get_context_handle(
    pool: ze_event_pool_handle_t,
    out: *mut ze_context_handle_t,
) -> ze_result_t {
    entry(names::zeEventPoolGetContextHandle, || {
        crate::driver::initialised()?;
        let pool = handle::get::<EventPool, _>(pool)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, pool.context as ze_context_handle_t) }
    })
}

pub unsafe extern "C" fn event_pool_get_flags(
    pool: ze_event_pool_handle_t,
    out: *mut ze_event_pool_flags_t,
) -> ze_result_t {
    entry(names::zeEventPoolGetFlags, || {
        crate::driver::initialised()?;
        let pool = handle::get::<EventPool, _>(pool)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, pool.flags) }
    })
}

pub unsafe extern "C" fn event_get_event_pool(
    ev: ze_event_handle_t,
    out: *mut ze_event_pool_handle_t,
) -> ze_result_t {
    entry(names::zeEventGetEventPool, || {
        let ev = event(ev)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, ev.pool_handle as ze_event_pool_handle_t) }
    })
}

pub unsafe extern "C" fn event_get_signal_scope(
    ev: ze_event_handle_t,
    out: *mut ze_event_scope_flags_t,
) -> ze_result_t {
    entry(names::zeEventGetSignalScope, || {
        let ev = event(ev)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, ev.signal_scope) }
    })
}

pub unsafe extern "C" fn event_get_wait_scope(
    ev: ze_event_handle_t,
    out: *mut ze_event_scope_flags_t,
) -> ze_result_t {
    entry(names::zeEventGetWaitScope, || {
        let ev = event(ev)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, ev.wait_scope) }
    })
}

/// The application's counter of a counter-based event, from the descriptor's chain:
/// (its 8 bytes, the completion value, the increment each signal adds: 0 for a sync
/// allocation, which only the application writes). The counter must be 8-byte aligned
/// memory of the process (`INVALID_ARGUMENT` otherwise); another structure is unsupported.
///
/// # Safety
/// `next` is null or a chain of structures that start with `stype` and `pNext`.
unsafe fn external_counter(next: *const c_void) -> ZeResult<Option<(Range, u64, u64)>> {
    use ze_structure_type_t as S;
    let mut found = None;
    let mut next = next.cast::<ze_base_desc_t>();
    // SAFETY: the caller's chain (see `# Safety`).
    while let Some(base) = unsafe { next.as_ref() } {
        let (address, completion, increment) = match base.stype {
            S::ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC => {
                // SAFETY: the stype says what it is.
                let d = unsafe {
                    &*next.cast::<ze_event_counter_based_external_aggregate_storage_desc_t>()
                };
                ensure(d.incrementValue > 0, INVALID_ARGUMENT)?;
                (d.deviceAddress, d.completionValue, d.incrementValue)
            }
            S::ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC => {
                // SAFETY: as above.
                let d = unsafe {
                    &*next.cast::<ze_event_counter_based_external_sync_allocation_desc_t>()
                };
                // One memory here: the host's address if given, else the device's.
                let address = if d.hostAddress.is_null() {
                    d.deviceAddress
                } else {
                    d.hostAddress
                };
                (address, d.completionValue, 0)
            }
            _ => return Err(ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE),
        };
        ensure(!address.is_null(), NULL_POINTER)?;
        ensure(address as usize % 8 == 0, INVALID_ARGUMENT)?;
        found = Some((Range::check(address.cast(), 8)?, completion, increment));
        next = base.pNext.cast();
    }
    Ok(found)
}

/// `zeEventCounterBasedCreate` (1.15): a counter-based event of its own (no pool), its slot
/// in a memfd when it may be shared with other processes (`ZE_EVENT_COUNTER_BASED_FLAG_IPC`),
/// or the application's counter (external aggregate storage, external sync allocation).
/// Timestamps when asked for (device and host time domains are one clock here).
pub unsafe extern "C" fn event_counter_based_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_event_counter_based_desc_t,
    out: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeEventCounterBasedCreate, || {
        let ctx = context(ctx)?;
        device(dev)?;
        ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(!out.is_null(), NULL_POINTER)?;
        ensure(
            desc.flags.0 & !COUNTER_FLAGS == 0
                && desc.signal.0 & !SCOPE_FLAGS == 0
                && desc.wait.0 & !SCOPE_FLAGS == 0,
            INVALID_ENUM,
        )?;
        use ze_event_counter_based_flag_t as F;
        let both = F::ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP.0
            | F::ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP.0;
        ensure(desc.flags.0 & both != both, INVALID_ARGUMENT)?;
        // SAFETY: the descriptor's chain, from the caller.
        let external = unsafe { external_counter(desc.pNext)? };
        let ipc = desc.flags.0 & F::ZE_EVENT_COUNTER_BASED_FLAG_IPC.0 != 0;
        let slots = if ipc {
            Slots::Shared(
                SharedSlots::create(1).ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?,
            )
        } else {
            Slots::Local(Box::new([Slot::default()]))
        };
        let mut flags = 0;
        if desc.flags.0 & both != 0 {
            flags |= ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP.0;
        }
        if ipc {
            flags |= ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC.0;
        }
        let mut event = Event::alone(ctx.id(), flags, slots, false, (desc.signal, desc.wait));
        // The default mode is for immediate lists.
        let flags = if desc.flags.0 & 0x3 == 0 {
            desc.flags.0 | F::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE.0
        } else {
            desc.flags.0
        };
        let flags = ze_event_counter_based_flags_t(flags);
        match external {
            Some((counter, completion, increment)) => {
                event.counter = Some(Counter::External {
                    flags,
                    counter,
                    completion,
                    increment,
                })
            }
            None => event.make_counter_based(flags),
        }
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(event), ctx.id())) };
        Ok(())
    })
}

/// `zeEventGetCounterBasedFlags` (1.17).
pub unsafe extern "C" fn event_get_counter_based_flags(
    ev: ze_event_handle_t,
    out: *mut ze_event_counter_based_flags_t,
) -> ze_result_t {
    entry(names::zeEventGetCounterBasedFlags, || {
        let ev = event(ev)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, ev.counter_flags()) }
    })
}

/// `zeEventCounterBasedGetDeviceAddress` (1.15): the value of the event's current tracking
/// point and the address of the 64-bit counter that reaches it once the point completes
/// (readable by the host and by kernels with indirect access to host memory).
pub unsafe extern "C" fn event_counter_based_get_device_address(
    ev: ze_event_handle_t,
    value: *mut u64,
    address: *mut u64,
) -> ze_result_t {
    entry(names::zeEventCounterBasedGetDeviceAddress, || {
        let ev = event(ev)?;
        ensure(!value.is_null() && !address.is_null(), NULL_POINTER)?;
        let (completion, counter) = ev.counter_address().ok_or(INVALID_ARGUMENT)?;
        // SAFETY: both out-pointers non-null and writable by contract.
        unsafe {
            value.write(completion);
            address.write(counter as u64);
        }
        Ok(())
    })
}

/// `zeEventQueryKernelTimestampsExt` (`ZE_extension_event_query_kernel_timestamps`): the
/// timestamps of each "kernel" the event measured: here one, the window of the command that
/// signalled it, on any device asked about (a sub-device's work is its root's too). `*count`
/// zero (or no results structure) asks for that count; otherwise up to one result is written
/// to each non-null buffer of `results`, once the event is signalled (`NOT_READY` before, as in
/// Intel's driver, which leaves the buffers alone). The synchronized results are the same
/// numbers: the device's clock is the host's (`zeDeviceGetGlobalTimestamps` answers one value
/// for both), so they are given for any pool with kernel timestamps.
pub unsafe extern "C" fn event_query_kernel_timestamps_ext(
    ev: ze_event_handle_t,
    dev: ze_device_handle_t,
    count: *mut u32,
    results: *mut ze_event_query_kernel_timestamps_results_ext_properties_t,
) -> ze_result_t {
    entry(names::zeEventQueryKernelTimestampsExt, || {
        let ev = event(ev)?;
        device(dev)?;
        ensure(!count.is_null(), NULL_POINTER)?;
        ensure(ev.pool.timestamps, INVALID_ARGUMENT)?;
        // SAFETY: non-null, valid for reads and writes by contract.
        if unsafe { *count } == 0 || results.is_null() {
            // SAFETY: as above.
            unsafe { count.write(1) };
            return Ok(());
        }
        // SAFETY: a results structure of the caller's, null handled above.
        let results = unsafe { output(results)? };
        ev.status()?;
        let kernel = ev.timestamp_result();
        if !results.pKernelTimestampsBuffer.is_null() {
            // SAFETY: the caller's buffer has room for `*count >= 1` results.
            unsafe { results.pKernelTimestampsBuffer.write(kernel) };
        }
        if !results.pSynchronizedTimestampsBuffer.is_null() {
            let host = |d: ze_kernel_timestamp_data_t| ze_synchronized_timestamp_data_ext_t {
                kernelStart: d.kernelStart,
                kernelEnd: d.kernelEnd,
            };
            let synchronized = ze_synchronized_timestamp_result_ext_t {
                global: host(kernel.global),
                context: host(kernel.context),
            };
            // SAFETY: as above.
            unsafe { results.pSynchronizedTimestampsBuffer.write(synchronized) };
        }
        // SAFETY: as above.
        unsafe { count.write(1) };
        Ok(())
    })
}
