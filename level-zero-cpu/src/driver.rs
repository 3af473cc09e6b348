//! The driver object: its devices, whether `zeInit` has run, `zeDriverGet*`. `zeInit` itself
//! (which makes the driver and its devices) is in `init`.

use crate::abi::*;
use crate::handle::{self, Kind, Object};
use level_zero_sys::*;
use std::ffi::c_char;
use std::sync::{Arc, OnceLock};

/// Version this driver implements.
pub const DRIVER_API_VERSION: ze_api_version_t = ze_api_version_t::ZE_API_VERSION_1_4;
/// `driverVersion` reported in the properties (increases with every release).
pub const DRIVER_VERSION: u32 = 1;

/// The one driver of this library and its devices.
pub struct Driver {
    /// Root devices, in `zeDeviceGet` order.
    pub devices: Vec<ze_device_handle_t>,
    pub uuid: [u8; 16],
}

// SAFETY: device handles are registry keys (addresses), never dereferenced outside `handle`.
unsafe impl Send for Driver {}
// SAFETY: as above; the struct is immutable after creation.
unsafe impl Sync for Driver {}

impl Object for Driver {
    const KIND: Kind = Kind::Driver;
}

struct Initialised {
    handle: ze_driver_handle_t,
    driver: Arc<Driver>,
}

// SAFETY: the handle is an address used as a registry key.
unsafe impl Send for Initialised {}
// SAFETY: as above.
unsafe impl Sync for Initialised {}

static STATE: OnceLock<Initialised> = OnceLock::new();

/// Makes the driver once (`zeInit`): `build` creates it with its devices, the first time only.
pub fn initialise(build: impl FnOnce() -> Driver) {
    STATE.get_or_init(|| {
        let driver = Arc::new(build());
        let handle = handle::create(driver.clone(), 0);
        Initialised { handle, driver }
    });
}

/// The driver, or `ZE_RESULT_ERROR_UNINITIALIZED` before `zeInit`.
pub fn initialised() -> ZeResult<&'static Arc<Driver>> {
    STATE
        .get()
        .map(|s| &s.driver)
        .ok_or(ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED)
}

pub fn driver_of(handle: ze_driver_handle_t) -> ZeResult<Arc<Driver>> {
    initialised()?;
    handle::get::<Driver, _>(handle)
}

pub unsafe extern "C" fn driver_get(
    count: *mut u32,
    drivers: *mut ze_driver_handle_t,
) -> ze_result_t {
    entry("zeDriverGet", || {
        ensure(!count.is_null(), NULL_POINTER)?;
        let state = STATE
            .get()
            .ok_or(ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED)?;
        // SAFETY: count checked non-null; drivers has room for *count handles (spec contract).
        unsafe { write_array(count, drivers, &[state.handle]) }
    })
}

pub unsafe extern "C" fn driver_get_api_version(
    driver: ze_driver_handle_t,
    version: *mut ze_api_version_t,
) -> ze_result_t {
    entry("zeDriverGetApiVersion", || {
        driver_of(driver)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(version, DRIVER_API_VERSION) }
    })
}

pub unsafe extern "C" fn driver_get_properties(
    driver: ze_driver_handle_t,
    props: *mut ze_driver_properties_t,
) -> ze_result_t {
    entry("zeDriverGetProperties", || {
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
    entry("zeDriverGetIpcProperties", || {
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

/// The extensions the driver implements, with their versions (major << 16 | minor).
const EXTENSIONS: [(&str, u32); 2] = [
    ("ZE_extension_memory_free_policies", 1 << 16),
    // zeKernelSetGlobalOffsetExp.
    ("ZE_experimental_global_offset", 1 << 16),
];

pub unsafe extern "C" fn driver_get_extension_properties(
    driver: ze_driver_handle_t,
    count: *mut u32,
    props: *mut ze_driver_extension_properties_t,
) -> ze_result_t {
    entry("zeDriverGetExtensionProperties", || {
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
