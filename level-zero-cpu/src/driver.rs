//! The driver object: its devices and whether `zeInit` has run. Its entry points are in
//! `api::driver`, and `zeInit` (which makes the driver and its devices) in `api::init`.

use crate::abi::*;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::sync::{Arc, OnceLock};

/// Version this driver implements: every core entry point up to it (images aside, which this
/// driver does not support).
pub const DRIVER_API_VERSION: ze_api_version_t = ze_api_version_t::ZE_API_VERSION_1_15;
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
    const KIND: HandleKind = HandleKind::Driver;
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

/// The driver's handle, or `ZE_RESULT_ERROR_UNINITIALIZED` before `zeInit`.
pub fn handle() -> ZeResult<ze_driver_handle_t> {
    STATE
        .get()
        .map(|s| s.handle)
        .ok_or(ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED)
}

pub fn driver_of(handle: ze_driver_handle_t) -> ZeResult<Arc<Driver>> {
    initialised()?;
    handle::get::<Driver, _>(handle)
}

/// The extensions the driver implements, with their versions (major << 16 | minor): the
/// headers' `*_NAME` and `*_VERSION_CURRENT`. (`ZE_extension_ipc_mem_handle_type` is not
/// one: `zeMemGetIpcHandleWithProperties` takes its descriptor, but the allocations do not.)
pub const EXTENSIONS: [(&str, u32); 10] = [
    (
        "ZE_extension_memory_free_policies",
        ze_memory_free_policies_ext_version_t::ZE_MEMORY_FREE_POLICIES_EXT_VERSION_CURRENT.0,
    ),
    // zeKernelSetGlobalOffsetExp.
    (
        "ZE_experimental_global_offset",
        ze_global_offset_exp_version_t::ZE_GLOBAL_OFFSET_EXP_VERSION_CURRENT.0,
    ),
    // zeEventQueryKernelTimestampsExt.
    (
        "ZE_extension_event_query_kernel_timestamps",
        ze_event_query_kernel_timestamps_ext_version_t::ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_VERSION_CURRENT.0,
    ),
    // zeKernelGetBinaryExp.
    (
        "ZE_extension_kernel_binary_exp",
        ze_kernel_get_binary_exp_version_t::ZE_KERNEL_GET_BINARY_EXP_VERSION_CURRENT.0,
    ),
    // zeDeviceGetVectorWidthPropertiesExt.
    (
        "ZE_extension_device_vector_sizes",
        ze_device_vector_sizes_ext_version_t::ZE_DEVICE_VECTOR_SIZES_EXT_VERSION_CURRENT.0,
    ),
    // zeCommandListImmediateAppendCommandListsExp.
    (
        "ZE_experimental_immediate_command_list_append",
        ze_immediate_command_list_append_exp_version_t::ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_VERSION_CURRENT.0,
    ),
    // Pools of counter-based events (`ze_event_pool_counter_based_exp_desc_t`).
    (
        "ZE_experimental_event_pool_counter_based",
        ze_event_pool_counter_based_exp_version_t::ZE_EVENT_POOL_COUNTER_BASED_EXP_VERSION_CURRENT.0,
    ),
    // Capture of immediate lists into graphs, replays (immutable graphs: see `graph.rs`).
    (
        "ZE_extension_record_replay_graph",
        ze_record_replay_graph_ext_version_t::ZE_RECORD_REPLAY_GRAPH_EXT_VERSION_CURRENT.0,
    ),
    // Regular lists whose launches' arguments, sizes and events change between executions
    // (version 1.0: not the 1.1 kernel switch).
    (
        "ZE_experimental_mutable_command_list",
        ze_mutable_command_list_exp_version_t::ZE_MUTABLE_COMMAND_LIST_EXP_VERSION_1_0.0,
    ),
    // zeModuleCreate with a ze_module_program_exp_desc_t: SPIR-V modules linked into one.
    (
        "ZE_experimental_module_program",
        ze_module_program_exp_version_t::ZE_MODULE_PROGRAM_EXP_VERSION_CURRENT.0,
    ),
];

#[cfg(test)]
mod tests {
    use super::EXTENSIONS;
    use level_zero_sys::*;

    /// Each extension is named as its header's `*_NAME` macro says.
    #[test]
    fn extension_names_are_the_headers() {
        let names: [&[u8]; 6] = [
            ZE_MEMORY_FREE_POLICIES_EXT_NAME,
            ZE_GLOBAL_OFFSET_EXP_NAME,
            ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_NAME,
            ZE_GET_KERNEL_BINARY_EXP_NAME,
            ZE_DEVICE_VECTOR_SIZES_EXT_NAME,
            ZE_IMMEDIATE_COMMAND_LIST_APPEND_EXP_NAME,
        ];
        for ((name, _), header) in EXTENSIONS.iter().zip(names) {
            assert_eq!(name.as_bytes(), &header[..header.len() - 1]);
        }
    }
}
