//! The `extern "C"` entry points of `memory` (see [`crate::memory`]).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::memory::*;
use crate::sync::NOTIFIER;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

const DEVICE_ALLOC_FLAGS: u32 = 0x7;
const HOST_ALLOC_FLAGS: u32 = 0xf;

pub unsafe extern "C" fn alloc_shared(
    ctx: ze_context_handle_t,
    device_desc: *const ze_device_mem_alloc_desc_t,
    host_desc: *const ze_host_mem_alloc_desc_t,
    size: usize,
    alignment: usize,
    dev: ze_device_handle_t,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeMemAllocShared, || {
        let ctx = context(ctx)?;
        // SAFETY: descriptors from the caller, null rejected.
        let (d, h) = unsafe { (input(device_desc)?, input(host_desc)?) };
        ensure(
            d.flags.0 & !DEVICE_ALLOC_FLAGS == 0 && h.flags.0 & !HOST_ALLOC_FLAGS == 0,
            INVALID_ENUM,
        )?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let dev = if dev.is_null() {
            None
        } else {
            Some((dev, device(dev)?))
        };
        let ptr = allocate(
            &ctx,
            ze_memory_type_t::ZE_MEMORY_TYPE_SHARED,
            size,
            alignment,
            dev,
        )?;
        // SAFETY: `out` is non-null and writable by contract.
        unsafe { out.write(ptr) };
        Ok(())
    })
}

pub unsafe extern "C" fn alloc_device(
    ctx: ze_context_handle_t,
    device_desc: *const ze_device_mem_alloc_desc_t,
    size: usize,
    alignment: usize,
    dev: ze_device_handle_t,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeMemAllocDevice, || {
        let ctx = context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected.
        let d = unsafe { input(device_desc)? };
        ensure(d.flags.0 & !DEVICE_ALLOC_FLAGS == 0, INVALID_ENUM)?;
        let device_obj = device(dev)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let ptr = allocate(
            &ctx,
            ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE,
            size,
            alignment,
            Some((dev, device_obj)),
        )?;
        // SAFETY: `out` is non-null and writable by contract.
        unsafe { out.write(ptr) };
        Ok(())
    })
}

pub unsafe extern "C" fn alloc_host(
    ctx: ze_context_handle_t,
    host_desc: *const ze_host_mem_alloc_desc_t,
    size: usize,
    alignment: usize,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeMemAllocHost, || {
        let ctx = context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected.
        let h = unsafe { input(host_desc)? };
        ensure(h.flags.0 & !HOST_ALLOC_FLAGS == 0, INVALID_ENUM)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let ptr = allocate(
            &ctx,
            ze_memory_type_t::ZE_MEMORY_TYPE_HOST,
            size,
            alignment,
            None,
        )?;
        // SAFETY: `out` is non-null and writable by contract.
        unsafe { out.write(ptr) };
        Ok(())
    })
}

pub unsafe extern "C" fn free(ctx: ze_context_handle_t, ptr: *mut c_void) -> ze_result_t {
    entry(names::zeMemFree, || {
        context(ctx)?;
        drop(unmap(ptr, false)?);
        Ok(())
    })
}

pub unsafe extern "C" fn free_ext(
    ctx: ze_context_handle_t,
    desc: *const ze_memory_free_ext_desc_t,
    ptr: *mut c_void,
) -> ze_result_t {
    entry(names::zeMemFreeExt, || {
        context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected. Its `stype` is not checked: Intel's
        // driver reads only the policy, and programs written for it pass other values.
        let desc = unsafe { desc.as_ref() }.ok_or(NULL_POINTER)?;
        let policy = desc.freePolicy.0;
        ensure(policy & !0x3 == 0 && policy != 0x3, INVALID_ENUM)?;
        let alloc = unmap(ptr, false)?;
        if policy == ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE.0 {
            // Wait until no executing command holds the allocation.
            NOTIFIER.wait_until(|| Arc::strong_count(&alloc) == 1, None);
        }
        // Deferred (and default): the memory is released when the last user lets go.
        drop(alloc);
        Ok(())
    })
}

pub unsafe extern "C" fn get_alloc_properties(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    props: *mut ze_memory_allocation_properties_t,
    dev_out: *mut ze_device_handle_t,
) -> ze_result_t {
    entry(names::zeMemGetAllocProperties, || {
        context(ctx)?;
        ensure(!ptr.is_null(), NULL_POINTER)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props)? };
        let found = lookup(ptr as usize);
        p.type_ = found
            .as_ref()
            .map_or(ze_memory_type_t::ZE_MEMORY_TYPE_UNKNOWN, |a| a.kind);
        p.id = found.as_ref().map_or(0, |a| a.id);
        p.pageSize = found.as_ref().map_or(0, |_| 4096);
        if !dev_out.is_null() {
            // SAFETY: non-null optional out-pointer, writable by contract.
            unsafe {
                dev_out.write(found.as_ref().map_or(std::ptr::null_mut(), |a| {
                    a.device_handle() as ze_device_handle_t
                }))
            };
        }
        Ok(())
    })
}

pub unsafe extern "C" fn get_address_range(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    base: *mut *mut c_void,
    size: *mut usize,
) -> ze_result_t {
    entry(names::zeMemGetAddressRange, || {
        context(ctx)?;
        ensure(!ptr.is_null(), NULL_POINTER)?;
        let alloc = lookup(ptr as usize).ok_or(INVALID_ARGUMENT)?;
        if !base.is_null() {
            // SAFETY: non-null optional out-pointer, writable by contract.
            unsafe { base.write(alloc.base as *mut c_void) };
        }
        if !size.is_null() {
            // SAFETY: as above.
            unsafe { size.write(alloc.size) };
        }
        Ok(())
    })
}

pub unsafe extern "C" fn make_memory_resident(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    ptr: *mut c_void,
    size: usize,
) -> ze_result_t {
    entry(names::zeContextMakeMemoryResident, || {
        residency(ctx, dev, ptr, size)
    })
}

pub unsafe extern "C" fn evict_memory(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    ptr: *mut c_void,
    size: usize,
) -> ze_result_t {
    entry(names::zeContextEvictMemory, || {
        residency(ctx, dev, ptr, size)
    })
}
