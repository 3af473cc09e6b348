//! The `extern "C"` entry points of `driver` (see [`crate::driver`]).

use crate::abi::*;
use crate::driver::*;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::cell::RefCell;
use std::ffi::{c_char, CString};

pub unsafe extern "C" fn driver_get(
    count: *mut u32,
    drivers: *mut ze_driver_handle_t,
) -> ze_result_t {
    entry(names::zeDriverGet, || {
        ensure(!count.is_null(), NULL_POINTER)?;
        let handle = crate::driver::handle()?;
        // SAFETY: count checked non-null; drivers has room for *count handles (spec contract).
        unsafe { write_array(count, drivers, &[handle]) }
    })
}

pub unsafe extern "C" fn driver_get_api_version(
    driver: ze_driver_handle_t,
    version: *mut ze_api_version_t,
) -> ze_result_t {
    entry(names::zeDriverGetApiVersion, || {
        driver_of(driver)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(version, DRIVER_API_VERSION) }
    })
}

pub unsafe extern "C" fn driver_get_properties(
    driver: ze_driver_handle_t,
    props: *mut ze_driver_properties_t,
) -> ze_result_t {
    entry(names::zeDriverGetProperties, || {
        let driver = driver_of(driver)?;
        // SAFETY: the caller passes a valid properties structure or null (rejected).
        let props = unsafe { output(props) }?;
        props.uuid.id = driver.uuid;
        props.driverVersion = DRIVER_VERSION;
        // Extension structures chained on pNext: the free policies this driver supports.
        let mut next = props.pNext.cast::<ze_base_properties_t>();
        // SAFETY: the chain is made of structures that start with stype/pNext (spec).
        while let Some(base) = unsafe { next.as_mut() } {
            if base.stype
                == ze_structure_type_t::ZE_STRUCTURE_TYPE_DRIVER_MEMORY_FREE_EXT_PROPERTIES
            {
                let ext = (base as *mut ze_base_properties_t)
                    .cast::<ze_driver_memory_free_ext_properties_t>();
                // SAFETY: the stype says this is a memory-free extension structure.
                unsafe {
                    (*ext).freePolicies = ze_driver_memory_free_policy_ext_flags_t(
                        ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE.0
                            | ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE.0,
                    )
                };
            }
            next = base.pNext.cast();
        }
        Ok(())
    })
}

pub unsafe extern "C" fn driver_get_ipc_properties(
    driver: ze_driver_handle_t,
    props: *mut ze_driver_ipc_properties_t,
) -> ze_result_t {
    entry(names::zeDriverGetIpcProperties, || {
        driver_of(driver)?;
        // SAFETY: the caller passes a valid properties structure or null (rejected).
        let props = unsafe { output(props) }?;
        // Memory and event pools: see `ipc`.
        props.flags = ze_ipc_property_flags_t(
            ze_ipc_property_flag_t::ZE_IPC_PROPERTY_FLAG_MEMORY.0
                | ze_ipc_property_flag_t::ZE_IPC_PROPERTY_FLAG_EVENT_POOL.0,
        );
        Ok(())
    })
}

pub unsafe extern "C" fn driver_get_extension_properties(
    driver: ze_driver_handle_t,
    count: *mut u32,
    props: *mut ze_driver_extension_properties_t,
) -> ze_result_t {
    entry(names::zeDriverGetExtensionProperties, || {
        driver_of(driver)?;
        let extensions = EXTENSIONS.map(|(name, version)| {
            let mut p = ze_driver_extension_properties_t {
                name: [0 as c_char; 256],
                version,
            };
            write_str(&mut p.name, name);
            p
        });
        // SAFETY: count/props follow the spec's count-and-array protocol.
        unsafe { write_array(count, props, &extensions) }
    })
}

thread_local! {
    /// The string `zeDriverGetLastErrorDescription` last handed to this thread (the driver owns
    /// it; it stays valid until this thread's next call of that entry point).
    static DESCRIPTION: RefCell<CString> = RefCell::new(CString::default());
}

/// The description of the last error an entry point returned to this thread: the entry
/// point, the result and its meaning, and for `DEVICE_LOST` the fault behind it (see
/// `fault`); empty before any error.
fn describe_last_error() -> String {
    let Some((name, code, detail)) = last_error() else {
        return String::new();
    };
    let mut text = format!("{name}: {code}");
    if let Some(detail) = detail {
        text.push_str(": ");
        text.push_str(&detail);
    }
    if code == ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST {
        let fault = crate::fault::last_reported();
        if !fault.is_empty() {
            text.push_str(": ");
            text.push_str(&fault);
        }
    }
    text
}

pub unsafe extern "C" fn driver_get_last_error_description(
    driver: ze_driver_handle_t,
    string: *mut *const c_char,
) -> ze_result_t {
    // The description is of the error before this call: read it before `entry` may record one.
    let text = describe_last_error();
    entry(names::zeDriverGetLastErrorDescription, || {
        driver_of(driver)?;
        ensure(!string.is_null(), NULL_POINTER)?;
        let text = CString::new(text.replace('\0', " ")).unwrap_or_default();
        let ptr = DESCRIPTION.with(|d| {
            *d.borrow_mut() = text;
            d.borrow().as_ptr()
        });
        // SAFETY: non-null and writable by the caller's contract.
        unsafe { string.write(ptr) };
        Ok(())
    })
}

/// `zeDriverGetDefaultContext` (1.14): the driver's one default context, of all its devices,
/// made at the first call (see [`crate::context::default_context`]). It answers a handle, not
/// a result: null on failure, with the error for `zeDriverGetLastErrorDescription`.
pub unsafe extern "C" fn driver_get_default_context(
    driver: ze_driver_handle_t,
) -> ze_context_handle_t {
    let mut handle = std::ptr::null_mut();
    entry(names::zeDriverGetDefaultContext, || {
        handle = crate::context::default_context(driver)?;
        Ok(())
    });
    handle
}
