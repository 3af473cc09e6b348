//! The driver's own extension functions, found by name through
//! `zeDriverGetExtensionFunctionAddress` (see the README's "Extension functions"), and the
//! experimental and newest entries Intel's runtimes look up by name there rather than in the
//! DDI tables (as Intel's driver serves them).

use super::{command_list, kernel, mutable_list};
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
        } else if let Some(f) = by_name(name) {
            f
        } else {
            return Err(INVALID_ARGUMENT);
        };
        // SAFETY: non-null out-pointer, caller contract.
        unsafe { *function = address };
        Ok(())
    })
}

/// Entries of the DDI tables that Intel's Unified Runtime also looks up by name (mutable
/// command lists, host functions), each the same function as in its table.
fn by_name(name: &[u8]) -> Option<*mut c_void> {
    Some(match name {
        b"zeCommandListGetNextCommandIdExp" => mutable_list::get_next_command_id as *mut c_void,
        b"zeCommandListGetNextCommandIdWithKernelsExp" => {
            mutable_list::get_next_command_id_with_kernels as *mut c_void
        }
        b"zeCommandListUpdateMutableCommandsExp" => {
            mutable_list::update_mutable_commands as *mut c_void
        }
        b"zeCommandListUpdateMutableCommandSignalEventExp" => {
            mutable_list::update_signal_event as *mut c_void
        }
        b"zeCommandListUpdateMutableCommandWaitEventsExp" => {
            mutable_list::update_wait_events as *mut c_void
        }
        b"zeCommandListAppendHostFunction" => command_list::append_host_function as *mut c_void,
        _ => return None,
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
