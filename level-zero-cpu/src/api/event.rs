//! The `extern "C"` entry points of `event` (see [`crate::event`]).

use crate::abi::*;
use crate::context::context;
use crate::device::{device, timestamp_ns};
use crate::event::*;
use crate::handle::{self};
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::sync::Arc;

const POOL_FLAGS: u32 = 0x7;
const SCOPE_FLAGS: u32 = 0x7;

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
        let pool = EventPool::new(ctx.id(), desc.count, desc.flags, slots, false);
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
        ensure(desc.index < pool.count, INVALID_ARGUMENT)?;
        pool.take_slot(desc.index)?;
        let context = pool.context;
        let event = Event {
            pool,
            pool_handle: pool_handle as usize,
            index: desc.index,
            signal_scope: desc.signal,
            wait_scope: desc.wait,
        };
        // A new event is clear, unless its pool was opened from an IPC handle: then it names
        // the exporting process's event, whose state it keeps.
        if !event.pool.opened {
            event.reset();
        }
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(event), context)) };
        Ok(())
    })
}

pub unsafe extern "C" fn event_destroy(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventDestroy, || {
        crate::driver::initialised()?;
        let ev = handle::destroy::<Event, _>(ev)?;
        // The slot is free once the handle is gone, even if a finished command that signalled
        // the event has not dropped its reference yet (the pool may then be destroyed).
        ev.pool.free_slot(ev.index);
        Ok(())
    })
}

pub unsafe extern "C" fn event_host_signal(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventHostSignal, || {
        let ev = event(ev)?;
        let now = timestamp_ns();
        ev.record_timestamps(now, now);
        ev.signal();
        Ok(())
    })
}

pub unsafe extern "C" fn event_host_synchronize(
    ev: ze_event_handle_t,
    timeout: u64,
) -> ze_result_t {
    entry(names::zeEventHostSynchronize, || {
        event(ev)?.host_wait(timeout)
    })
}

pub unsafe extern "C" fn event_query_status(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventQueryStatus, || event(ev)?.status())
}

pub unsafe extern "C" fn event_host_reset(ev: ze_event_handle_t) -> ze_result_t {
    entry(names::zeEventHostReset, || {
        event(ev)?.reset();
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
