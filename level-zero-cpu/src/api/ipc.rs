//! The `extern "C"` entry points of `ipc` (see [`crate::ipc`]).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::event::{event, Counter, Event, EventPool, SharedSlots, Slots};
use crate::ipc::*;
use crate::memory::{self, lookup};
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::c_void;
use std::os::fd::AsRawFd;
use std::sync::Arc;

pub unsafe extern "C" fn get_ipc_handle(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    out: *mut ze_ipc_mem_handle_t,
) -> ze_result_t {
    entry(names::zeMemGetIpcHandle, || get_handle(ctx, ptr, out))
}

/// `zeMemGetIpcHandleWithProperties` (1.15): `zeMemGetIpcHandle` with the handle's properties
/// chained on `next` ([`handle_properties`]).
pub unsafe extern "C" fn get_ipc_handle_with_properties(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    next: *mut c_void,
    out: *mut ze_ipc_mem_handle_t,
) -> ze_result_t {
    entry(names::zeMemGetIpcHandleWithProperties, || {
        context(ctx)?;
        ensure(!ptr.is_null() && !out.is_null(), NULL_POINTER)?;
        // SAFETY: the caller's chain of extension structures.
        unsafe { handle_properties(next)? };
        get_handle(ctx, ptr, out)
    })
}

/// The properties `zeMemGetIpcHandleWithProperties` takes on `pNext`: a
/// `ze_ipc_mem_handle_type_ext_desc_t` may ask for the default handle type (a local handle,
/// which is what this driver makes: a process's descriptor, for processes of this machine)
/// and nothing else: a fabric-accessible handle is `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE`, an
/// unknown flag `ZE_RESULT_ERROR_INVALID_ENUMERATION`. Any other structure is
/// `ZE_RESULT_ERROR_INVALID_ARGUMENT`, as in Intel's driver (`Context::getIpcMemHandle`).
///
/// # Safety
/// `next` is null or the start of a chain of structures that begin with `stype` and `pNext`.
unsafe fn handle_properties(next: *const c_void) -> ZeResult {
    const DEFAULT: u32 = ze_ipc_mem_handle_type_flag_t::ZE_IPC_MEM_HANDLE_TYPE_FLAG_DEFAULT.0;
    const FABRIC: u32 =
        ze_ipc_mem_handle_type_flag_t::ZE_IPC_MEM_HANDLE_TYPE_FLAG_FABRIC_ACCESSIBLE.0;
    let mut next = next.cast::<ze_base_desc_t>();
    // SAFETY: the caller's chain (see `# Safety`).
    while let Some(base) = unsafe { next.as_ref() } {
        ensure(
            base.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_IPC_MEM_HANDLE_TYPE_EXT_DESC,
            INVALID_ARGUMENT,
        )?;
        // SAFETY: the stype says this is the handle type descriptor.
        let flags = unsafe { (*next.cast::<ze_ipc_mem_handle_type_ext_desc_t>()).typeFlags }.0;
        ensure(flags & !(DEFAULT | FABRIC) == 0, INVALID_ENUM)?;
        ensure(
            flags & FABRIC == 0,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        )?;
        next = base.pNext.cast();
    }
    Ok(())
}

/// The handle of `zeMemGetIpcHandle` and `...WithProperties`.
fn get_handle(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    out: *mut ze_ipc_mem_handle_t,
) -> ZeResult {
    context(ctx)?;
    ensure(!ptr.is_null() && !out.is_null(), NULL_POINTER)?;
    let alloc = lookup(ptr as usize).ok_or(INVALID_ARGUMENT)?;
    // Memory opened from a handle of virtual memory is not exported again.
    ensure(!alloc.opened || alloc.is_shareable(), INVALID_ARGUMENT)?;
    let handle = export(&alloc, ptr as usize)?;
    // SAFETY: `out` non-null and writable by contract.
    unsafe { out.write(handle) };
    Ok(())
}

pub unsafe extern "C" fn open_ipc_handle(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    handle: ze_ipc_mem_handle_t,
    flags: ze_ipc_memory_flags_t,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeMemOpenIpcHandle, || {
        let ctx = context(ctx)?;
        device(dev)?;
        ensure(flags.0 & !0x3 == 0, INVALID_ENUM)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let base = open(&ctx, dev as usize, &handle)?;
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(base as *mut c_void) };
        Ok(())
    })
}

pub unsafe extern "C" fn close_ipc_handle(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
) -> ze_result_t {
    entry(names::zeMemCloseIpcHandle, || {
        context(ctx)?;
        drop(memory::unmap(ptr.cast_mut(), true)?);
        Ok(())
    })
}

pub unsafe extern "C" fn event_pool_get_ipc_handle(
    pool: ze_event_pool_handle_t,
    out: *mut ze_ipc_event_pool_handle_t,
) -> ze_result_t {
    entry(names::zeEventPoolGetIpcHandle, || {
        crate::driver::initialised()?;
        let pool = crate::handle::get::<EventPool, _>(pool)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        // Only a pool created with ZE_EVENT_POOL_FLAG_IPC keeps its slots in shared memory.
        let Slots::Shared(shared) = &pool.slots else {
            return Err(INVALID_ARGUMENT);
        };
        let handle = encode_pool(shared.fd.as_raw_fd(), pool.count, pool.timestamps);
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle) };
        Ok(())
    })
}

pub unsafe extern "C" fn event_pool_open_ipc_handle(
    ctx: ze_context_handle_t,
    handle: ze_ipc_event_pool_handle_t,
    out: *mut ze_event_pool_handle_t,
) -> ze_result_t {
    entry(names::zeEventPoolOpenIpcHandle, || {
        let ctx = context(ctx)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let (pid, fd, count, timestamps) = decode_pool(&handle).ok_or(INVALID_ARGUMENT)?;
        ensure(count > 0 && fd >= 0, INVALID_ARGUMENT)?;
        let fd = Arc::new(open_remote(pid, fd, names::zeEventPoolOpenIpcHandle)?);
        let slots =
            SharedSlots::open(fd, count).ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
        let mut flags = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC.0;
        if timestamps {
            flags |= ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP.0;
        }
        let flags = ze_event_pool_flags_t(flags);
        let pool = EventPool::new(ctx.id(), count, flags, Slots::Shared(slots), true);
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(crate::handle::create(Arc::new(pool), ctx.id())) };
        Ok(())
    })
}

pub unsafe extern "C" fn event_pool_close_ipc_handle(pool: ze_event_pool_handle_t) -> ze_result_t {
    entry(names::zeEventPoolCloseIpcHandle, || {
        crate::driver::initialised()?;
        let p = crate::handle::get::<EventPool, _>(pool)?;
        ensure(p.opened, INVALID_ARGUMENT)?;
        crate::event::event_pool_destroy_checked(pool)
    })
}

/// `zeMemPutIpcHandle`: the handle goes back to the driver. A handle of this driver names the
/// descriptor that holds the allocation's pages (or a reservation's manifest), which the
/// allocation keeps and closes when it is freed (not the handle's to release): so only the
/// bytes are checked, as this driver's and this process's (`INVALID_ARGUMENT` otherwise).
pub unsafe extern "C" fn put_ipc_handle(
    ctx: ze_context_handle_t,
    handle: ze_ipc_mem_handle_t,
) -> ze_result_t {
    entry(names::zeMemPutIpcHandle, || {
        context(ctx)?;
        ensure(is_own_handle(&handle), INVALID_ARGUMENT)
    })
}

/// `zeEventPoolPutIpcHandle`: as `zeMemPutIpcHandle`, for an event pool's handle (its
/// descriptor is the pool's, kept until the pool is destroyed).
pub unsafe extern "C" fn event_pool_put_ipc_handle(
    ctx: ze_context_handle_t,
    handle: ze_ipc_event_pool_handle_t,
) -> ze_result_t {
    entry(names::zeEventPoolPutIpcHandle, || {
        context(ctx)?;
        let (pid, ..) = decode_pool(&handle).ok_or(INVALID_ARGUMENT)?;
        ensure(pid == std::process::id(), INVALID_ARGUMENT)
    })
}

/// `zeEventCounterBasedGetIpcHandle` (1.15): a handle naming the event's slot (a memfd: the
/// event was created with `ZE_EVENT_COUNTER_BASED_FLAG_IPC`, `INVALID_ARGUMENT` otherwise)
/// and its current tracking point. Another process that opens it waits for that point.
pub unsafe extern "C" fn event_counter_based_get_ipc_handle(
    ev: ze_event_handle_t,
    out: *mut ze_ipc_event_counter_based_handle_t,
) -> ze_result_t {
    entry(names::zeEventCounterBasedGetIpcHandle, || {
        let ev = event(ev)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        ensure(
            matches!(ev.counter, Some(Counter::Own { .. })),
            ze_result_t::ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
        )?;
        let Slots::Shared(shared) = &ev.pool.slots else {
            return Err(INVALID_ARGUMENT);
        };
        let (value, _) = ev.counter_address().ok_or(INVALID_ARGUMENT)?;
        let handle = encode_counter(shared.fd.as_raw_fd(), ev.pool.timestamps, value);
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle) };
        Ok(())
    })
}

/// `zeEventCounterBasedOpenIpcHandle` (1.15): an event of this process complete once the
/// exporting event's counter reaches the handle's point; it can be waited for, not signalled.
pub unsafe extern "C" fn event_counter_based_open_ipc_handle(
    ctx: ze_context_handle_t,
    handle: ze_ipc_event_counter_based_handle_t,
    out: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeEventCounterBasedOpenIpcHandle, || {
        let ctx = context(ctx)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let (pid, fd, timestamps, value) = decode_counter(&handle).ok_or(INVALID_ARGUMENT)?;
        ensure(fd >= 0, INVALID_ARGUMENT)?;
        let fd = Arc::new(open_remote(
            pid,
            fd,
            names::zeEventCounterBasedOpenIpcHandle,
        )?);
        let slots =
            SharedSlots::open(fd, 1).ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
        let mut flags = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC.0;
        if timestamps {
            flags |= ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP.0;
        }
        let none = ze_event_scope_flags_t(0);
        let mut event = Event::alone(ctx.id(), flags, Slots::Shared(slots), true, (none, none));
        event.counter = Some(Counter::Opened { value });
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(crate::handle::create(Arc::new(event), ctx.id())) };
        Ok(())
    })
}

/// `zeEventCounterBasedCloseIpcHandle` (1.15): destroys an event opened from a handle
/// (`INVALID_SYNCHRONIZATION_OBJECT` for any other event).
pub unsafe extern "C" fn event_counter_based_close_ipc_handle(
    ev: ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeEventCounterBasedCloseIpcHandle, || {
        let opened = event(ev)?;
        ensure(
            matches!(opened.counter, Some(Counter::Opened { .. })),
            ze_result_t::ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
        )?;
        drop(opened);
        crate::handle::destroy::<Event, _>(ev).map(drop)
    })
}
