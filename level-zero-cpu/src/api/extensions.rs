//! The driver's own extension functions, found by name through
//! `zeDriverGetExtensionFunctionAddress` (see the README's "Extension functions").

use super::kernel;
use crate::abi::*;
use crate::driver::driver_of;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::{c_char, c_void, CStr, CString};

/// `ze_result_t zexCpuDriverGetLastFault(ze_driver_handle_t, size_t* pSize, char* pDescription)`.
pub const GET_LAST_FAULT: &str = "zexCpuDriverGetLastFault";

pub unsafe extern "C" fn driver_get_extension_function_address(
    driver: ze_driver_handle_t,
    name: *const c_char,
    function: *mut *mut c_void,
) -> ze_result_t {
    entry(names::zeDriverGetExtensionFunctionAddress, || {
        driver_of(driver)?;
        ensure(!name.is_null() && !function.is_null(), NULL_POINTER)?;
        // SAFETY: a NUL-terminated name, by the caller's contract.
        let name = unsafe { CStr::from_ptr(name) }.to_bytes();
        let address = if name == GET_LAST_FAULT.as_bytes() {
            driver_get_last_fault as *mut c_void
        } else if name == kernel::SET_ARGUMENT_BUFFER.as_bytes() {
            kernel::kernel_set_argument_buffer as *mut c_void
        } else {
            return Err(INVALID_ARGUMENT);
        };
        // SAFETY: non-null out-pointer, caller contract.
        unsafe { *function = address };
        Ok(())
    })
}

/// The description of the failure behind the last `ZE_RESULT_ERROR_DEVICE_LOST` the calling
/// thread was given (a kernel's fault, a hang, a lost context: see `fault`), with the string
/// protocol of `zeModuleBuildLogGetString`; an empty string if the thread was given none.
/// Per thread, like `errno`: read it right after the failed call.
pub unsafe extern "C" fn driver_get_last_fault(
    driver: ze_driver_handle_t,
    size: *mut usize,
    description: *mut c_char,
) -> ze_result_t {
    entry(GET_LAST_FAULT, || {
        driver_of(driver)?;
        let text =
            CString::new(crate::fault::last_reported().replace('\0', " ")).unwrap_or_default();
        // SAFETY: the string protocol, caller contract.
        unsafe { crate::module::write_string(size, description, &text) }
    })
}
