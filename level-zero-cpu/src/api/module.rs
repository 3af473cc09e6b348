//! The `extern "C"` entry points of `module` (see [`crate::module`]).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::handle::{self};
use crate::module::*;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::{c_char, c_void, CStr};

pub unsafe extern "C" fn module_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_module_desc_t,
    out: *mut ze_module_handle_t,
    log: *mut ze_module_build_log_handle_t,
) -> ze_result_t {
    entry(names::zeModuleCreate, || {
        let ctx = context(ctx)?;
        device(dev)?;
        ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(desc.format.0 <= 1, INVALID_ENUM)?;
        ensure(!desc.pInputModule.is_null() && !out.is_null(), NULL_POINTER)?;
        ensure(desc.inputSize != 0, INVALID_SIZE)?;
        // SAFETY: the caller's module holds inputSize bytes.
        let bytes =
            unsafe { std::slice::from_raw_parts(desc.pInputModule, desc.inputSize) }.to_vec();
        let flags = if desc.pBuildFlags.is_null() {
            String::new()
        } else {
            // SAFETY: a non-null flags string is NUL-terminated by contract.
            unsafe { CStr::from_ptr(desc.pBuildFlags) }
                .to_string_lossy()
                .into_owned()
        };
        let constants = |words: &[u32]| {
            // SAFETY: descriptor fields from the caller.
            unsafe { spec_constants(words, desc.pConstants) }
        };
        let id = ctx.id();
        match Module::build(ctx, bytes, &flags, constants) {
            Ok(module) => {
                make_log(module.built.log(), id, log);
                // SAFETY: `out` is non-null and writable by contract.
                unsafe { out.write(handle::create(module, id)) };
            }
            Err(text) => {
                make_log(&text, id, log);
                return Err(ze_result_t::ZE_RESULT_ERROR_MODULE_BUILD_FAILURE);
            }
        }
        Ok(())
    })
}

pub unsafe extern "C" fn module_destroy(m: ze_module_handle_t) -> ze_result_t {
    entry(names::zeModuleDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<Module, _>(m).map(drop)
    })
}

pub unsafe extern "C" fn module_dynamic_link(
    count: u32,
    modules: *mut ze_module_handle_t,
    log: *mut ze_module_build_log_handle_t,
) -> ze_result_t {
    entry(names::zeModuleDynamicLink, || {
        ensure(count == 0 || !modules.is_null(), NULL_POINTER)?;
        for i in 0..count as usize {
            // SAFETY: the caller passes `count` handles.
            module(unsafe { *modules.add(i) })?;
        }
        // Every module is fully resolved at build time (imports are rejected then).
        make_log("", 0, log);
        Ok(())
    })
}

pub unsafe extern "C" fn module_get_native_binary(
    m: ze_module_handle_t,
    size: *mut usize,
    out: *mut u8,
) -> ze_result_t {
    entry(names::zeModuleGetNativeBinary, || {
        let m = module(m)?;
        ensure(!size.is_null(), NULL_POINTER)?;
        if !out.is_null() {
            // SAFETY: the caller's buffer holds *size bytes.
            let n = unsafe { *size }.min(m.spirv.len());
            // SAFETY: as above.
            unsafe { std::ptr::copy_nonoverlapping(m.spirv.as_ptr(), out, n) };
        }
        // SAFETY: non-null, writable.
        unsafe { size.write(m.spirv.len()) };
        Ok(())
    })
}

pub unsafe extern "C" fn module_get_global_pointer(
    m: ze_module_handle_t,
    name: *const c_char,
    size: *mut usize,
    ptr: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeModuleGetGlobalPointer, || {
        let m = module(m)?;
        ensure(!name.is_null(), NULL_POINTER)?;
        // SAFETY: NUL-terminated by contract.
        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
        let (addr, bytes) = m
            .built
            .global(name.as_ref())
            .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_NAME)?;
        if !size.is_null() {
            // SAFETY: optional out-pointer, non-null.
            unsafe { size.write(bytes) };
        }
        if !ptr.is_null() {
            // SAFETY: optional out-pointer, non-null.
            unsafe { ptr.write(addr as *mut c_void) };
        }
        Ok(())
    })
}

pub unsafe extern "C" fn module_get_kernel_names(
    m: ze_module_handle_t,
    count: *mut u32,
    names: *mut *const c_char,
) -> ze_result_t {
    entry(names::zeModuleGetKernelNames, || {
        let m = module(m)?;
        let ptrs: Vec<*const c_char> = m.names.iter().map(|n| n.as_ptr()).collect();
        // SAFETY: count/names follow the count-and-array protocol; the strings live as long as the module.
        unsafe { write_array(count, names, &ptrs) }
    })
}

pub unsafe extern "C" fn module_get_properties(
    m: ze_module_handle_t,
    props: *mut ze_module_properties_t,
) -> ze_result_t {
    entry(names::zeModuleGetProperties, || {
        module(m)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props)? };
        p.flags = ze_module_property_flags_t(0);
        Ok(())
    })
}

pub unsafe extern "C" fn module_get_function_pointer(
    m: ze_module_handle_t,
    name: *const c_char,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeModuleGetFunctionPointer, || {
        let m = module(m)?;
        ensure(!name.is_null() && !out.is_null(), NULL_POINTER)?;
        // SAFETY: a NUL-terminated string (caller contract), non-null.
        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
        let token = m
            .built
            .function_pointer(&name)
            .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_FUNCTION_NAME)?;
        // SAFETY: non-null out-pointer (checked).
        unsafe { out.write(token as *mut c_void) };
        Ok(())
    })
}

pub unsafe extern "C" fn build_log_destroy(log: ze_module_build_log_handle_t) -> ze_result_t {
    entry(names::zeModuleBuildLogDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<BuildLog, _>(log).map(drop)
    })
}

pub unsafe extern "C" fn build_log_get_string(
    log: ze_module_build_log_handle_t,
    size: *mut usize,
    out: *mut c_char,
) -> ze_result_t {
    entry(names::zeModuleBuildLogGetString, || {
        crate::driver::initialised()?;
        let log = handle::get::<BuildLog, _>(log)?;
        // SAFETY: the string protocol: size in/out, optional buffer of *size bytes.
        unsafe { write_string(size, out, &log.text) }
    })
}
