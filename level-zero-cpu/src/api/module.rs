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
        ensure(!out.is_null(), NULL_POINTER)?;
        let id = ctx.id();
        // SAFETY: the caller's chain of extension structures, each starting with stype, pNext.
        let built = match unsafe { program_desc(desc.pNext)? } {
            // SAFETY: the program descriptor from the caller's chain.
            Some(program) => unsafe { build_program(ctx, desc, program)? },
            // SAFETY: the descriptor from the caller.
            None => unsafe { build_one(ctx, desc)? },
        };
        match built {
            Ok(module) => {
                make_log(module.built().log(), id, log);
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

/// A build flags string, or "" for null.
///
/// # Safety
/// A non-null `flags` is NUL-terminated.
unsafe fn flags_of(flags: *const c_char) -> String {
    if flags.is_null() {
        return String::new();
    }
    // SAFETY: NUL-terminated by contract.
    unsafe { CStr::from_ptr(flags) }
        .to_string_lossy()
        .into_owned()
}

/// Builds the one module `desc` gives (`zeModuleCreate`); the inner `Err` is the build log.
///
/// # Safety
/// `desc` is the caller's descriptor: its module holds `inputSize` bytes, its flags and
/// constants are valid.
unsafe fn build_one(
    ctx: std::sync::Arc<crate::context::Context>,
    desc: &ze_module_desc_t,
) -> ZeResult<Result<std::sync::Arc<Module>, String>> {
    ensure(!desc.pInputModule.is_null(), NULL_POINTER)?;
    ensure(desc.inputSize != 0, INVALID_SIZE)?;
    // SAFETY: the caller's module holds inputSize bytes.
    let bytes = unsafe { std::slice::from_raw_parts(desc.pInputModule, desc.inputSize) }.to_vec();
    // SAFETY: the caller's flags string.
    let flags = unsafe { flags_of(desc.pBuildFlags) };
    let constants = |words: &[u32]| {
        // SAFETY: descriptor fields from the caller.
        unsafe { spec_constants(words, desc.pConstants) }
    };
    Ok(Module::build(ctx, bytes, &flags, constants))
}

/// The `ze_module_program_exp_desc_t` on a module descriptor's `pNext` chain, if any (other
/// structures are ignored).
///
/// # Safety
/// `next` is null or the start of a chain of structures that begin with `stype` and `pNext`.
unsafe fn program_desc<'a>(
    next: *const c_void,
) -> ZeResult<Option<&'a ze_module_program_exp_desc_t>> {
    let mut next = next.cast::<ze_base_desc_t>();
    // SAFETY: the caller's chain (see `# Safety`).
    while let Some(base) = unsafe { next.as_ref() } {
        if base.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_MODULE_PROGRAM_EXP_DESC {
            // SAFETY: the stype says this is the program descriptor.
            return Ok(Some(unsafe {
                &*next.cast::<ze_module_program_exp_desc_t>()
            }));
        }
        next = base.pNext.cast();
    }
    Ok(None)
}

/// Builds the modules of `program` linked into one (`ZE_experimental_module_program`): its
/// inputs replace `desc`'s module, which must be SPIR-V; each input's flags and constants
/// are its own, and `desc`'s flags apply to all. The inner `Err` is the build log.
///
/// # Safety
/// `program` is the caller's: `count` sizes and module pointers (each module holding its
/// size in bytes), and optional arrays of `count` flags strings and constants.
unsafe fn build_program(
    ctx: std::sync::Arc<crate::context::Context>,
    desc: &ze_module_desc_t,
    program: &ze_module_program_exp_desc_t,
) -> ZeResult<Result<std::sync::Arc<Module>, String>> {
    ensure(
        desc.format == ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
        INVALID_ENUM,
    )?;
    ensure(program.count != 0, INVALID_SIZE)?;
    ensure(
        !program.inputSizes.is_null() && !program.pInputModules.is_null(),
        NULL_POINTER,
    )?;
    let count = program.count as usize;
    let mut inputs = Vec::with_capacity(count);
    // SAFETY: the caller's flags string.
    let mut flags = unsafe { flags_of(desc.pBuildFlags) };
    for i in 0..count {
        // SAFETY: both arrays hold `count` entries (caller contract).
        let (size, bytes) = unsafe { (*program.inputSizes.add(i), *program.pInputModules.add(i)) };
        ensure(!bytes.is_null(), NULL_POINTER)?;
        ensure(size != 0, INVALID_SIZE)?;
        // SAFETY: input `i` holds `size` bytes (caller contract).
        inputs.push(unsafe { std::slice::from_raw_parts(bytes, size) });
        if !program.pBuildFlags.is_null() {
            flags.push(' ');
            // SAFETY: `count` flags strings, each null or NUL-terminated (caller contract).
            flags.push_str(&unsafe { flags_of(*program.pBuildFlags.add(i)) });
        }
    }
    let constants = |i: usize, words: &[u32]| {
        if program.pConstants.is_null() {
            return Ok(Default::default());
        }
        // SAFETY: `count` constants pointers, each null or valid (caller contract).
        unsafe { spec_constants(words, *program.pConstants.add(i)) }
    };
    Ok(Module::build_program(ctx, &inputs, &flags, constants))
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
        let all = (0..count as usize)
            // SAFETY: the caller passes `count` handles.
            .map(|i| module(unsafe { *modules.add(i) }))
            .collect::<ZeResult<Vec<_>>>()?;
        // Each module's imports resolved with the others' exports (the first module exporting
        // a name is its definition).
        let mut exporters = std::collections::HashMap::new();
        for m in &all {
            for name in &m.linkage.exports {
                exporters.entry(name.as_str()).or_insert(m);
            }
        }
        let failures: Vec<String> = all
            .iter()
            .filter_map(|m| m.link_with(&exporters).err())
            .collect();
        let context = all.first().map_or(0, |m| m.context.id());
        make_log(&failures.join("\n"), context, log);
        if failures.is_empty() {
            Ok(())
        } else {
            Err(ze_result_t::ZE_RESULT_ERROR_MODULE_LINK_FAILURE)
        }
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
            .built()
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
        let ptrs: Vec<*const c_char> = m
            .names
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|n| n.as_ptr())
            .collect();
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
            .built()
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
