//! The `extern "C"` entry points of `vm` (see [`crate::vm`]).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::handle::{self};
use crate::memory::{self};
use crate::vm::*;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

pub unsafe extern "C" fn query_page_size(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    _size: usize,
    out: *mut usize,
) -> ze_result_t {
    entry(names::zeVirtualMemQueryPageSize, || {
        context(ctx)?;
        device(dev)?;
        // SAFETY: out-pointer checked by `write`.
        unsafe { write(out, PAGE) }
    })
}

pub unsafe extern "C" fn virtual_reserve(
    ctx: ze_context_handle_t,
    start: *const c_void,
    size: usize,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeVirtualMemReserve, || {
        let ctx = context(ctx)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        ensure(
            size != 0 && size % PAGE == 0,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        )?;
        ensure(
            start as usize % PAGE == 0,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
        )?;
        let reservation = Reservation::reserve(start as usize, size)
            .ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
        let base = reservation.base();
        memory::insert_reserved(&ctx, reservation);
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(base as *mut c_void) };
        Ok(())
    })
}

pub unsafe extern "C" fn virtual_free(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    size: usize,
) -> ze_result_t {
    entry(names::zeVirtualMemFree, || {
        context(ctx)?;
        let (alloc, ptr) = memory::reservation_of(ptr, size)?;
        ensure(ptr == alloc.base && size == alloc.size, INVALID_ARGUMENT)?;
        // Out of the map first: no new command finds it. The address space goes when the last
        // command using it has run.
        memory::remove_reserved(ptr)?;
        drop(alloc);
        Ok(())
    })
}

pub unsafe extern "C" fn physical_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *mut ze_physical_mem_desc_t,
    out: *mut ze_physical_mem_handle_t,
) -> ze_result_t {
    entry(names::zePhysicalMemCreate, || {
        let ctx = context(ctx)?;
        let device_obj = device(dev)?;
        ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc.cast_const())? };
        ensure(desc.flags.0 & !1 == 0, INVALID_ENUM)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        ensure(
            desc.size != 0 && desc.size % PAGE == 0,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        )?;
        let phys = PhysicalMem::create(desc.size, dev as usize, device_obj.memory.clone())?;
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(phys), ctx.id())) };
        Ok(())
    })
}

pub unsafe extern "C" fn physical_destroy(
    ctx: ze_context_handle_t,
    phys: ze_physical_mem_handle_t,
) -> ze_result_t {
    entry(names::zePhysicalMemDestroy, || {
        context(ctx)?;
        // Pages mapped from it keep its memory until they are unmapped.
        handle::destroy::<PhysicalMem, _>(phys).map(drop)
    })
}

pub unsafe extern "C" fn virtual_map(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    size: usize,
    phys: ze_physical_mem_handle_t,
    offset: usize,
    access: ze_memory_access_attribute_t,
) -> ze_result_t {
    entry(names::zeVirtualMemMap, || {
        context(ctx)?;
        let phys = handle::get::<PhysicalMem, _>(phys)?;
        ensure(access.0 <= READONLY.0, INVALID_ENUM)?;
        let (alloc, ptr) = memory::reservation_of(ptr, size)?;
        ensure(
            offset % PAGE == 0,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
        )?;
        ensure(
            offset.checked_add(size).is_some_and(|end| end <= phys.size),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        )?;
        let res = alloc.reservation().ok_or(INVALID_ARGUMENT)?;
        res.map(ptr, size, &phys, offset, access)
    })
}

pub unsafe extern "C" fn virtual_unmap(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    size: usize,
) -> ze_result_t {
    entry(names::zeVirtualMemUnmap, || {
        context(ctx)?;
        let (alloc, ptr) = memory::reservation_of(ptr, size)?;
        // The pages go only once no command using them is pending.
        let res = alloc.reservation().ok_or(INVALID_ARGUMENT)?;
        unmap_pages(res, ptr, size)
    })
}

pub unsafe extern "C" fn set_access_attribute(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    size: usize,
    access: ze_memory_access_attribute_t,
) -> ze_result_t {
    entry(names::zeVirtualMemSetAccessAttribute, || {
        context(ctx)?;
        ensure(access.0 <= READONLY.0, INVALID_ENUM)?;
        let (alloc, ptr) = memory::reservation_of(ptr, size)?;
        let res = alloc.reservation().ok_or(INVALID_ARGUMENT)?;
        res.set_access(ptr, size, access);
        Ok(())
    })
}

pub unsafe extern "C" fn get_access_attribute(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    size: usize,
    access: *mut ze_memory_access_attribute_t,
    out_size: *mut usize,
) -> ze_result_t {
    entry(names::zeVirtualMemGetAccessAttribute, || {
        context(ctx)?;
        ensure(!access.is_null() && !out_size.is_null(), NULL_POINTER)?;
        let (alloc, ptr) = memory::reservation_of(ptr, size)?;
        let res = alloc.reservation().ok_or(INVALID_ARGUMENT)?;
        let (first, bytes) = res.access(ptr, size);
        // SAFETY: both out-pointers checked non-null; writable by contract.
        unsafe {
            access.write(first);
            out_size.write(bytes);
        }
        Ok(())
    })
}
