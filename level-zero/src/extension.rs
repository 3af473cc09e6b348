//! The CPU driver's two extension functions that the safe layer uses when a driver has them
//! (found through [`Api::extension`]): `zexCpuDriverGetLastFault` (the description behind a
//! `DEVICE_LOST`) and `zexCpuKernelSetArgumentBuffer` (a buffer argument's real byte range, so
//! a kernel writing past the end of an array inside a pooled block faults). Below `error.rs`:
//! it works on raw handles of an [`Api`], and names no object of the crate.

use crate::api::Api;
use level_zero_sys::{ze_driver_handle_t, ze_kernel_handle_t, ze_result_t};
use std::ffi::{c_char, c_void};

/// `zexCpuDriverGetLastFault(hDriver, pSize, pDescription)`.
type GetLastFault =
    unsafe extern "C" fn(ze_driver_handle_t, *mut usize, *mut c_char) -> ze_result_t;
/// `zexCpuKernelSetArgumentBuffer(hKernel, argIndex, ptr, size)`.
pub(crate) type SetArgumentBuffer =
    unsafe extern "C" fn(ze_kernel_handle_t, u32, *const c_void, usize) -> ze_result_t;

/// `zexCpuKernelSetArgumentBuffer` of `driver` (one of `api`'s drivers), if it has it.
pub(crate) fn set_argument_buffer(
    api: &Api,
    driver: ze_driver_handle_t,
) -> Option<SetArgumentBuffer> {
    let p = api.extension(driver, "zexCpuKernelSetArgumentBuffer")?;
    // SAFETY: the CPU driver documents this name with this signature (README).
    Some(unsafe { std::mem::transmute::<*mut c_void, SetArgumentBuffer>(p) })
}

/// The description of the last failed command of `driver` (one of `api`'s drivers;
/// `zexCpuDriverGetLastFault`), if the driver has the function and something failed.
fn last_fault(api: &Api, driver: ze_driver_handle_t) -> Option<String> {
    let p = api.extension(driver, "zexCpuDriverGetLastFault")?;
    // SAFETY: the CPU driver documents this name with this signature (README).
    let get = unsafe { std::mem::transmute::<*mut c_void, GetLastFault>(p) };
    let mut size = 0usize;
    // SAFETY: valid driver; a size query (null buffer).
    unsafe { get(driver, &mut size, std::ptr::null_mut()) }
        .ok()
        .ok()?;
    let mut text = vec![0u8; size.max(1)];
    // SAFETY: `text` holds `size` bytes.
    unsafe { get(driver, &mut size, text.as_mut_ptr().cast()) }
        .ok()
        .ok()?;
    let text = String::from_utf8_lossy(&text[..size.saturating_sub(1)]).into_owned();
    (!text.is_empty()).then_some(text)
}

/// The last fault of the process-wide backend's drivers, for a `DEVICE_LOST` error (nothing
/// if the backend is not loaded or no driver describes one).
pub(crate) fn backend_fault() -> Option<String> {
    let api = crate::api::loaded()?;
    let mut count = 0u32;
    // SAFETY: count is a valid out-pointer; a count query (null array).
    unsafe { level_zero_sys::calls::driver::get(&api.dispatch, &mut count, std::ptr::null_mut()) }
        .ok()?;
    let mut drivers = vec![std::ptr::null_mut(); count as usize];
    // SAFETY: `drivers` has room for `count` handles.
    unsafe { level_zero_sys::calls::driver::get(&api.dispatch, &mut count, drivers.as_mut_ptr()) }
        .ok()?;
    drivers.truncate(count as usize);
    drivers.into_iter().find_map(|d| last_fault(&api, d))
}
