//! The `extern "C"` entry points of `ipc` (see [`crate::ipc`]).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::event::{EventPool, SharedSlots, Slots};
use crate::ipc::*;
use crate::mapping::Mapping;
use crate::memory::{self, lookup};
use crate::sync::NOTIFIER;
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
    entry(names::zeMemGetIpcHandle, || {
        context(ctx)?;
        ensure(!ptr.is_null() && !out.is_null(), NULL_POINTER)?;
        let alloc = lookup(ptr as usize).ok_or(INVALID_ARGUMENT)?;
        // Memory opened from a handle of virtual memory is not exported again.
        ensure(!alloc.opened || alloc.is_shareable(), INVALID_ARGUMENT)?;
        if let Some(res) = alloc.reservation() {
            // Pages of a reservation are already memfds: the handle names a manifest of the
            // mapped run around `ptr` (see `vm::Part`), for the whole reservation's size.
            let fd = res.export(ptr as usize).ok_or(INVALID_ARGUMENT)?;
            let handle = Handle {
                pid: std::process::id(),
                fd,
                size: alloc.size as u64,
                kind: alloc.kind.0 | MANIFEST,
            };
            // SAFETY: `out` non-null and writable by contract.
            unsafe { out.write(handle.encode()) };
            return Ok(());
        }
        // The first handle moves the pages into a memfd with their bytes: no command may be
        // using them then. Commands still pending may wait for work appended later, so the
        // wait is bounded.
        if !alloc.is_shareable()
            && !NOTIFIER.wait_until(
                || Arc::strong_count(&alloc) <= 2,
                Some(std::time::Duration::from_secs(1)),
            )
        {
            eprintln!(
                "level-zero-cpu: {}: commands still use the allocation at {:#x}; \
                 get its first IPC handle before using it in commands, or once they are done",
                names::zeMemGetIpcHandle,
                alloc.base
            );
            return Err(ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
        }
        let fd = alloc.shareable_fd().ok_or(INVALID_ARGUMENT)?;
        let handle = Handle {
            pid: std::process::id(),
            fd: fd.as_raw_fd(),
            size: alloc.size as u64,
            kind: alloc.kind.0,
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle.encode()) };
        Ok(())
    })
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
        let h = Handle::decode(&handle).ok_or(INVALID_ARGUMENT)?;
        let size = usize::try_from(h.size).map_err(|_| INVALID_ARGUMENT)?;
        ensure(size > 0 && h.fd >= 0, INVALID_ARGUMENT)?;
        // Another process's descriptor (or this one's): the file behind it, opened again.
        let fd = open_remote(h.pid, h.fd, names::zeMemOpenIpcHandle)?;
        let (pages, fd, parts) = if h.kind & MANIFEST != 0 {
            let (pages, parts) = open_parts(h.pid, fd, size)?;
            (pages, None, Some(parts))
        } else {
            let pages = Mapping::shared(fd.as_raw_fd(), size)
                .ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
            (pages, Some(Arc::new(fd)), None)
        };
        let kind = ze_memory_type_t(h.kind & !MANIFEST);
        let device = if kind == ze_memory_type_t::ZE_MEMORY_TYPE_HOST {
            0
        } else {
            dev as usize
        };
        let base = memory::insert_opened(&ctx, kind, size, device, pages, fd, parts.as_deref());
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
        let data = handle.data.map(|c| c as u8);
        ensure(data[..8] == POOL_MAGIC, INVALID_ARGUMENT)?;
        let word = |at: usize| -> [u8; 4] { data[at..at + 4].try_into().unwrap_or_default() };
        let (pid, fd) = (u32::from_le_bytes(word(8)), i32::from_le_bytes(word(12)));
        let count = u32::from_le_bytes(word(16));
        ensure(count > 0 && fd >= 0, INVALID_ARGUMENT)?;
        let fd = Arc::new(open_remote(pid, fd, names::zeEventPoolOpenIpcHandle)?);
        let slots =
            SharedSlots::open(fd, count).ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
        let pool = EventPool::new(ctx.id(), count, data[20] != 0, Slots::Shared(slots), true);
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
