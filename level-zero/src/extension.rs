//! Extension functions of a driver (`zeDriverGetExtensionFunctionAddress`), looked up once per
//! driver and name, and the CPU driver's two that the safe layer uses when present:
//! `zexCpuDriverGetLastFault` (the description behind a `DEVICE_LOST`) and
//! `zexCpuKernelSetArgumentBuffer` (a buffer argument's real byte range, so a kernel writing
//! past the end of an array inside a pooled block faults).

use crate::driver::Driver;
use level_zero_sys::{ze_driver_handle_t, ze_kernel_handle_t, ze_result_t};
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CString};
use std::sync::Mutex;

/// `zexCpuDriverGetLastFault(hDriver, pSize, pDescription)`.
type GetLastFault =
    unsafe extern "C" fn(ze_driver_handle_t, *mut usize, *mut c_char) -> ze_result_t;
/// `zexCpuKernelSetArgumentBuffer(hKernel, argIndex, ptr, size)`.
pub(crate) type SetArgumentBuffer =
    unsafe extern "C" fn(ze_kernel_handle_t, u32, *const c_void, usize) -> ze_result_t;

/// Found addresses (0: the driver has no such function), by driver handle and name.
#[derive(Default)]
pub(crate) struct Cache(Mutex<HashMap<(usize, &'static str), usize>>);

/// The address of `driver`'s extension function `name`, if it has one.
fn address(driver: &Driver, name: &'static str) -> Option<*mut c_void> {
    let key = (driver.handle as usize, name);
    let cache = &driver.api.extensions;
    let mut map = cache.0.lock().unwrap_or_else(|e| e.into_inner());
    let found = *map.entry(key).or_insert_with(|| {
        let c_name = CString::new(name).expect("extension names have no NUL");
        // SAFETY: valid driver handle and NUL-terminated name.
        unsafe {
            level_zero_sys::calls::driver::get_extension_function_address(
                &driver.api.dispatch,
                driver.handle,
                c_name.as_ptr(),
            )
        }
        .map_or(0, |p| p as usize)
    });
    (found != 0).then_some(found as *mut c_void)
}

/// `zexCpuKernelSetArgumentBuffer` of `driver`, if it has it.
pub(crate) fn set_argument_buffer(driver: &Driver) -> Option<SetArgumentBuffer> {
    let p = address(driver, "zexCpuKernelSetArgumentBuffer")?;
    // SAFETY: the CPU driver documents this name with this signature (README).
    Some(unsafe { std::mem::transmute::<*mut c_void, SetArgumentBuffer>(p) })
}

/// The description of the last failed command of `driver` (`zexCpuDriverGetLastFault`), if
/// the driver has the function and something failed.
pub(crate) fn last_fault(driver: &Driver) -> Option<String> {
    let p = address(driver, "zexCpuDriverGetLastFault")?;
    // SAFETY: the CPU driver documents this name with this signature (README).
    let get = unsafe { std::mem::transmute::<*mut c_void, GetLastFault>(p) };
    let mut size = 0usize;
    // SAFETY: valid driver; a size query (null buffer).
    unsafe { get(driver.handle, &mut size, std::ptr::null_mut()) }
        .ok()
        .ok()?;
    let mut text = vec![0u8; size.max(1)];
    // SAFETY: `text` holds `size` bytes.
    unsafe { get(driver.handle, &mut size, text.as_mut_ptr().cast()) }
        .ok()
        .ok()?;
    let text = String::from_utf8_lossy(&text[..size.saturating_sub(1)]).into_owned();
    (!text.is_empty()).then_some(text)
}

/// The last fault of the process-wide backend's drivers, for a `DEVICE_LOST` error (nothing
/// if the backend is not loaded or no driver describes one).
pub(crate) fn backend_fault() -> Option<String> {
    let api = crate::backend::loaded()?;
    Driver::all(&api).ok()?.iter().find_map(last_fault)
}
