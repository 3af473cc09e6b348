//! The `extern "C"` entry points of `context` (see [`crate::context`]).

use crate::abi::*;
use crate::context::*;
use crate::device::device;
use crate::handle::{self};
use crate::leaks::{leaked, report};
use level_zero_sys::ddi::names;
use level_zero_sys::*;

pub unsafe extern "C" fn context_create(
    driver: ze_driver_handle_t,
    desc: *const ze_context_desc_t,
    out: *mut ze_context_handle_t,
) -> ze_result_t {
    entry(names::zeContextCreate, || create(driver, desc, None, out))
}

pub unsafe extern "C" fn context_create_ex(
    driver: ze_driver_handle_t,
    desc: *const ze_context_desc_t,
    count: u32,
    devices: *mut ze_device_handle_t,
    out: *mut ze_context_handle_t,
) -> ze_result_t {
    entry(names::zeContextCreateEx, || {
        if count == 0 {
            return create(driver, desc, None, out);
        }
        ensure(!devices.is_null(), NULL_POINTER)?;
        // SAFETY: the caller passes `count` device handles.
        let list = unsafe { std::slice::from_raw_parts(devices, count as usize) };
        create(driver, desc, Some(list), out)
    })
}

pub unsafe extern "C" fn context_get_status(ctx: ze_context_handle_t) -> ze_result_t {
    entry(names::zeContextGetStatus, || {
        context(ctx)?.lost.check("context")
    })
}

pub unsafe extern "C" fn context_system_barrier(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
) -> ze_result_t {
    entry(names::zeContextSystemBarrier, || {
        context(ctx)?;
        device(dev)?;
        Ok(())
    })
}

pub unsafe extern "C" fn context_destroy(ctx: ze_context_handle_t) -> ze_result_t {
    entry(names::zeContextDestroy, || {
        crate::driver::initialised()?;
        let id = ctx as usize;
        handle::get::<Context, _>(ctx)?;
        // The driver's default context is the driver's, never the program's to destroy (Intel's
        // driver would delete it and fail later, at its own use of it): refused, and it stays
        // usable.
        ensure(default_id() != Some(id), INVALID_ARGUMENT)?;
        let lines = leaked(id);
        report(
            &format!("context {id:#x} at {}", names::zeContextDestroy),
            &lines,
        );
        // What the program left in the context goes with it: its handles are rejected from
        // now on (their objects go once no command uses them), and its memory is freed (a
        // command still running keeps what it uses; pointers into it are freed USM).
        let objects = handle::destroy_owned_by(id);
        for object in &objects {
            if let Some(list) = object.downcast_ref::<crate::command_list::CommandList>() {
                crate::kernel::forget_mutable_launches(list);
            }
        }
        drop(objects);
        crate::memory::free_context(id);
        handle::destroy::<Context, _>(ctx)?;
        Ok(())
    })
}
