//! The fill functions: the `zeGet*ProcAddrTable` getters that hand this driver's entry points
//! to a loader. They are plain Rust `extern "C"` functions, never `#[no_mangle]`: the cdylib
//! crate exports them under their C names with [`export_getters!`](crate::export_getters).

use crate::abi::accept;
use crate::api::{
    command_list, command_queue, context, device, driver, event, extensions, fence, graph, init,
    ipc, kernel, memory, module, mutable_list, sampler, vm, zes,
};
use crate::unsupported;
use level_zero_sys::ddi::since;
use level_zero_sys::*;

/// Defines a getter: validates, fills every entry that exists at the requested version with
/// a stub answering `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE`, then sets each listed entry whose
/// version ([`since`]) is not newer than the request. `$t` names the table in [`since`] and
/// [`unsupported`].
macro_rules! getter {
    ($name:ident, $table:ty, $t:ident, { $($field:ident = $f:path;)* }) => {
        #[doc = concat!("Fills a `", stringify!($table), "` with this driver's entry points.")]
        ///
        /// # Safety
        /// `table` must be null or valid for writes of the table at the requested version.
        #[allow(unused_comparisons)]
        pub unsafe extern "C" fn $name(version: ze_api_version_t, table: *mut $table) -> ze_result_t {
            let minor = match accept(version, table) {
                Ok(minor) => minor,
                Err(code) => return code,
            };
            // SAFETY: `accept` checked non-null; the caller's table has the entries of `minor`.
            unsafe { unsupported::$t(table, minor) };
            $(
                if minor >= since::$t::$field {
                    // SAFETY: this entry exists at the requested version, so it is in the table.
                    unsafe { core::ptr::addr_of_mut!((*table).$field).write(Some($f)) };
                }
            )*
            ze_result_t::ZE_RESULT_SUCCESS
        }
    };
}

getter!(global, ze_global_dditable_t, global, {
    pfnInit = init::ze_init;
    pfnInitDrivers = init::ze_init_drivers;
});

getter!(driver_table, ze_driver_dditable_t, driver, {
    pfnGet = driver::driver_get;
    pfnGetApiVersion = driver::driver_get_api_version;
    pfnGetProperties = driver::driver_get_properties;
    pfnGetIpcProperties = driver::driver_get_ipc_properties;
    pfnGetExtensionProperties = driver::driver_get_extension_properties;
    pfnGetExtensionFunctionAddress = extensions::driver_get_extension_function_address;
    pfnGetLastErrorDescription = driver::driver_get_last_error_description;
    pfnGetDefaultContext = driver::driver_get_default_context;
});

getter!(device_table, ze_device_dditable_t, device, {
    pfnGet = device::device_get;
    pfnGetSubDevices = device::device_get_sub_devices;
    pfnGetProperties = device::device_get_properties;
    pfnGetComputeProperties = device::device_get_compute_properties;
    pfnGetModuleProperties = device::device_get_module_properties;
    pfnGetCommandQueueGroupProperties = device::device_get_command_queue_group_properties;
    pfnGetMemoryProperties = device::device_get_memory_properties;
    pfnGetMemoryAccessProperties = device::device_get_memory_access_properties;
    pfnGetCacheProperties = device::device_get_cache_properties;
    pfnGetImageProperties = device::device_get_image_properties;
    pfnGetExternalMemoryProperties = device::device_get_external_memory_properties;
    pfnGetP2PProperties = device::device_get_p2p_properties;
    pfnCanAccessPeer = device::device_can_access_peer;
    pfnGetStatus = device::device_get_status;
    pfnGetGlobalTimestamps = device::device_get_global_timestamps;
    pfnGetRootDevice = device::device_get_root_device;
    pfnSynchronize = device::device_synchronize;
    pfnGetAggregatedCopyOffloadIncrementValue =
        device::device_get_aggregated_copy_offload_increment_value;
    pfnGetCounterBasedEventMaxValue = device::device_get_counter_based_event_max_value;
    pfnGetVectorWidthPropertiesExt = device::device_get_vector_width_properties;
});

getter!(context_table, ze_context_dditable_t, context, {
    pfnCreate = context::context_create;
    pfnDestroy = context::context_destroy;
    pfnGetStatus = context::context_get_status;
    pfnSystemBarrier = context::context_system_barrier;
    pfnMakeMemoryResident = memory::make_memory_resident;
    pfnEvictMemory = memory::evict_memory;
    pfnCreateEx = context::context_create_ex;
});

getter!(
    command_queue_table,
    ze_command_queue_dditable_t,
    command_queue,
    {
        pfnCreate = command_queue::queue_create;
        pfnDestroy = command_queue::queue_destroy;
        pfnExecuteCommandLists = command_queue::queue_execute_command_lists;
        pfnSynchronize = command_queue::queue_synchronize;
        pfnGetOrdinal = command_queue::queue_get_ordinal;
        pfnGetIndex = command_queue::queue_get_index;
        pfnGetFlags = command_queue::queue_get_flags;
        pfnGetMode = command_queue::queue_get_mode;
        pfnGetPriority = command_queue::queue_get_priority;
    }
);

getter!(
    command_list_table,
    ze_command_list_dditable_t,
    command_list,
    {
        pfnCreate = command_list::list_create;
        pfnCreateImmediate = command_list::list_create_immediate;
        pfnDestroy = command_list::list_destroy;
        pfnClose = command_list::list_close;
        pfnReset = command_list::list_reset;
        pfnAppendWriteGlobalTimestamp = command_list::append_write_global_timestamp;
        pfnAppendBarrier = command_list::append_barrier;
        pfnAppendMemoryRangesBarrier = command_list::append_memory_ranges_barrier;
        pfnAppendMemoryCopy = command_list::append_memory_copy;
        pfnAppendMemoryFill = command_list::append_memory_fill;
        pfnAppendMemoryCopyWithParameters = command_list::append_memory_copy_with_parameters;
        pfnAppendMemoryFillWithParameters = command_list::append_memory_fill_with_parameters;
        pfnImmediateAppendCommandListsWithParameters =
            command_list::immediate_append_command_lists_with_parameters;
        pfnAppendHostFunction = command_list::append_host_function;
        pfnAppendMemoryCopyRegion = command_list::append_memory_copy_region;
        pfnAppendMemoryCopyFromContext = command_list::append_memory_copy_from_context;
        pfnAppendMemoryPrefetch = command_list::append_memory_prefetch;
        pfnAppendMemAdvise = command_list::append_mem_advise;
        pfnAppendSignalEvent = command_list::append_signal_event;
        pfnAppendWaitOnEvents = command_list::append_wait_on_events;
        pfnAppendEventReset = command_list::append_event_reset;
        pfnAppendQueryKernelTimestamps = command_list::append_query_kernel_timestamps;
        pfnAppendLaunchKernel = kernel::append_launch_kernel;
        pfnAppendLaunchCooperativeKernel = kernel::append_launch_cooperative_kernel;
        pfnAppendLaunchKernelWithParameters = kernel::append_launch_kernel_with_parameters;
        pfnAppendLaunchKernelWithArguments = kernel::append_launch_kernel_with_arguments;
        pfnAppendLaunchKernelIndirect = kernel::append_launch_kernel_indirect;
        pfnAppendLaunchMultipleKernelsIndirect = kernel::append_launch_multiple_kernels_indirect;
        pfnHostSynchronize = command_list::list_host_synchronize;
        pfnGetDeviceHandle = command_list::list_get_device_handle;
        pfnGetContextHandle = command_list::list_get_context_handle;
        pfnGetOrdinal = command_list::list_get_ordinal;
        pfnImmediateGetIndex = command_list::list_immediate_get_index;
        pfnIsImmediate = command_list::list_is_immediate;
        pfnGetFlags = command_list::list_get_flags;
        pfnImmediateGetFlags = command_list::list_immediate_get_flags;
        pfnImmediateGetMode = command_list::list_immediate_get_mode;
        pfnImmediateGetPriority = command_list::list_immediate_get_priority;
        pfnBeginGraphCaptureExt = graph::begin_graph_capture;
        pfnBeginCaptureIntoGraphExt = graph::begin_capture_into_graph;
        pfnIsGraphCaptureEnabledExt = graph::is_graph_capture_enabled;
        pfnEndGraphCaptureExt = graph::end_graph_capture;
        pfnGetGraphExt = graph::get_graph;
        pfnAppendGraphExt = graph::append_graph;
    }
);

getter!(graph_table, ze_graph_dditable_t, graph, {
    pfnCreateExt = graph::graph_create;
    pfnGetPrimaryCommandListExt = graph::graph_get_primary_command_list;
    pfnSetDestructionCallbackExt = graph::graph_set_destruction_callback;
    pfnInstantiateExt = graph::graph_instantiate;
    pfnIsEmptyExt = graph::graph_is_empty;
    pfnDumpContentsExt = graph::graph_dump_contents;
    pfnDestroyExt = graph::graph_destroy;
});

getter!(
    executable_graph_table,
    ze_executable_graph_dditable_t,
    executable_graph,
    {
        pfnGetSourceGraphExt = graph::executable_graph_get_source_graph;
        pfnDestroyExt = graph::executable_graph_destroy;
    }
);

getter!(module_table, ze_module_dditable_t, module, {
    pfnCreate = module::module_create;
    pfnDestroy = module::module_destroy;
    pfnDynamicLink = module::module_dynamic_link;
    pfnGetNativeBinary = module::module_get_native_binary;
    pfnGetGlobalPointer = module::module_get_global_pointer;
    pfnGetKernelNames = module::module_get_kernel_names;
    pfnGetProperties = module::module_get_properties;
    pfnGetFunctionPointer = module::module_get_function_pointer;
});

getter!(
    module_build_log_table,
    ze_module_build_log_dditable_t,
    module_build_log,
    {
        pfnDestroy = module::build_log_destroy;
        pfnGetString = module::build_log_get_string;
    }
);

getter!(kernel_table, ze_kernel_dditable_t, kernel, {
    pfnCreate = kernel::kernel_create;
    pfnDestroy = kernel::kernel_destroy;
    pfnSetCacheConfig = kernel::kernel_set_cache_config;
    pfnSetGroupSize = kernel::kernel_set_group_size;
    pfnSuggestGroupSize = kernel::kernel_suggest_group_size;
    pfnSuggestMaxCooperativeGroupCount = kernel::kernel_suggest_max_cooperative_group_count;
    pfnSetArgumentValue = kernel::kernel_set_argument_value;
    pfnSetIndirectAccess = kernel::kernel_set_indirect_access;
    pfnGetIndirectAccess = kernel::kernel_get_indirect_access;
    pfnGetSourceAttributes = kernel::kernel_get_source_attributes;
    pfnGetProperties = kernel::kernel_get_properties;
    pfnGetName = kernel::kernel_get_name;
});

getter!(
    command_list_exp_table,
    ze_command_list_exp_dditable_t,
    command_list_exp,
    {
        pfnGetNextCommandIdExp = mutable_list::get_next_command_id;
        pfnUpdateMutableCommandsExp = mutable_list::update_mutable_commands;
        pfnUpdateMutableCommandSignalEventExp = mutable_list::update_signal_event;
        pfnUpdateMutableCommandWaitEventsExp = mutable_list::update_wait_events;
        pfnGetNextCommandIdWithKernelsExp = mutable_list::get_next_command_id_with_kernels;
        pfnIsMutableExp = mutable_list::is_mutable;
        pfnImmediateAppendCommandListsExp = command_list::immediate_append_command_lists;
    }
);

getter!(kernel_exp, ze_kernel_exp_dditable_t, kernel_exp, {
    pfnSetGlobalOffsetExp = kernel::kernel_set_global_offset;
    pfnGetBinaryExp = kernel::kernel_get_binary;
});

getter!(fence_table, ze_fence_dditable_t, fence, {
    pfnCreate = command_queue::fence_create;
    pfnDestroy = fence::fence_destroy;
    pfnHostSynchronize = fence::fence_host_synchronize;
    pfnQueryStatus = fence::fence_query_status;
    pfnReset = fence::fence_reset;
});

getter!(event_pool_table, ze_event_pool_dditable_t, event_pool, {
    pfnCreate = event::event_pool_create;
    pfnDestroy = event::event_pool_destroy;
    pfnGetIpcHandle = ipc::event_pool_get_ipc_handle;
    pfnOpenIpcHandle = ipc::event_pool_open_ipc_handle;
    pfnCloseIpcHandle = ipc::event_pool_close_ipc_handle;
    pfnPutIpcHandle = ipc::event_pool_put_ipc_handle;
    pfnGetContextHandle = event::event_pool_get_context_handle;
    pfnGetFlags = event::event_pool_get_flags;
});

getter!(event_table, ze_event_dditable_t, event, {
    pfnCreate = event::event_create;
    pfnDestroy = event::event_destroy;
    pfnHostSignal = event::event_host_signal;
    pfnHostSynchronize = event::event_host_synchronize;
    pfnQueryStatus = event::event_query_status;
    pfnHostReset = event::event_host_reset;
    pfnQueryKernelTimestamp = event::event_query_kernel_timestamp;
    pfnGetEventPool = event::event_get_event_pool;
    pfnGetSignalScope = event::event_get_signal_scope;
    pfnGetWaitScope = event::event_get_wait_scope;
    pfnCounterBasedCreate = event::event_counter_based_create;
    pfnCounterBasedGetIpcHandle = ipc::event_counter_based_get_ipc_handle;
    pfnCounterBasedOpenIpcHandle = ipc::event_counter_based_open_ipc_handle;
    pfnCounterBasedCloseIpcHandle = ipc::event_counter_based_close_ipc_handle;
    pfnCounterBasedGetDeviceAddress = event::event_counter_based_get_device_address;
    pfnGetCounterBasedFlags = event::event_get_counter_based_flags;
    pfnQueryKernelTimestampsExt = event::event_query_kernel_timestamps_ext;
});

getter!(mem_table, ze_mem_dditable_t, mem, {
    pfnAllocShared = memory::alloc_shared;
    pfnAllocDevice = memory::alloc_device;
    pfnAllocHost = memory::alloc_host;
    pfnFree = memory::free;
    pfnGetAllocProperties = memory::get_alloc_properties;
    pfnGetAddressRange = memory::get_address_range;
    pfnFreeExt = memory::free_ext;
    pfnGetIpcHandle = ipc::get_ipc_handle;
    pfnOpenIpcHandle = ipc::open_ipc_handle;
    pfnCloseIpcHandle = ipc::close_ipc_handle;
    pfnPutIpcHandle = ipc::put_ipc_handle;
    pfnGetIpcHandleWithProperties = ipc::get_ipc_handle_with_properties;
});

getter!(
    physical_mem_table,
    ze_physical_mem_dditable_t,
    physical_mem,
    {
        pfnCreate = vm::physical_create;
        pfnDestroy = vm::physical_destroy;
    }
);

getter!(sampler_table, ze_sampler_dditable_t, sampler, {
    pfnCreate = sampler::sampler_create;
    pfnDestroy = sampler::sampler_destroy;
});

getter!(virtual_mem_table, ze_virtual_mem_dditable_t, virtual_mem, {
    pfnReserve = vm::virtual_reserve;
    pfnFree = vm::virtual_free;
    pfnQueryPageSize = vm::query_page_size;
    pfnMap = vm::virtual_map;
    pfnUnmap = vm::virtual_unmap;
    pfnSetAccessAttribute = vm::set_access_attribute;
    pfnGetAccessAttribute = vm::get_access_attribute;
});

/// Defines getters for tables of which this driver implements nothing (every entry a stub).
macro_rules! empty_getters {
    ($($name:ident: $table:ty = $t:ident;)*) => {$(
        #[doc = concat!("Fills a `", stringify!($table), "` with stubs: this driver has none of its entry points.")]
        ///
        /// # Safety
        /// `table` must be null or valid for writes of the table at the requested version.
        pub unsafe extern "C" fn $name(version: ze_api_version_t, table: *mut $table) -> ze_result_t {
            match accept(version, table) {
                // SAFETY: non-null; the caller's table has the entries of `minor`.
                Ok(minor) => { unsafe { unsupported::$t(table, minor) }; ze_result_t::ZE_RESULT_SUCCESS }
                Err(code) => code,
            }
        }
    )*};
}

empty_getters! {
    device_exp: ze_device_exp_dditable_t = device_exp;
    image: ze_image_dditable_t = image;
    image_exp: ze_image_exp_dditable_t = image_exp;
    event_exp: ze_event_exp_dditable_t = event_exp;
    fabric_vertex_exp: ze_fabric_vertex_exp_dditable_t = fabric_vertex_exp;
    fabric_edge_exp: ze_fabric_edge_exp_dditable_t = fabric_edge_exp;
    rtas_builder: ze_rtas_builder_dditable_t = rtas_builder;
    rtas_builder_exp: ze_rtas_builder_exp_dditable_t = rtas_builder_exp;
    rtas_parallel_operation: ze_rtas_parallel_operation_dditable_t = rtas_parallel_operation;
    rtas_parallel_operation_exp: ze_rtas_parallel_operation_exp_dditable_t = rtas_parallel_operation_exp;
    driver_exp: ze_driver_exp_dditable_t = driver_exp;
    mem_exp: ze_mem_exp_dditable_t = mem_exp;
}

/// Fills the sysman device table's memory entry (when the requested version has it).
///
/// # Safety
/// `table` must be null or a writable `zes_device_dditable_t` of the requested version.
#[allow(unused_comparisons, clippy::absurd_extreme_comparisons)]
pub unsafe extern "C" fn zes_device_table(
    version: ze_api_version_t,
    table: *mut zes_device_dditable_t,
) -> ze_result_t {
    let minor = match accept(version, table) {
        Ok(minor) => minor,
        Err(code) => return code,
    };
    if minor >= since::zes::device::pfnEnumMemoryModules {
        // SAFETY: non-null (checked by `accept`); the entry exists at this version.
        unsafe {
            core::ptr::addr_of_mut!((*table).pfnEnumMemoryModules)
                .write(Some(zes::device_enum_memory_modules))
        };
    }
    ze_result_t::ZE_RESULT_SUCCESS
}

/// Fills the sysman memory table's property and state entries (when the requested version
/// has them).
///
/// # Safety
/// `table` must be null or a writable `zes_memory_dditable_t` of the requested version.
#[allow(unused_comparisons, clippy::absurd_extreme_comparisons)]
pub unsafe extern "C" fn zes_memory_table(
    version: ze_api_version_t,
    table: *mut zes_memory_dditable_t,
) -> ze_result_t {
    let minor = match accept(version, table) {
        Ok(minor) => minor,
        Err(code) => return code,
    };
    if minor >= since::zes::memory::pfnGetProperties {
        // SAFETY: non-null (checked by `accept`); the entry exists at this version.
        unsafe {
            core::ptr::addr_of_mut!((*table).pfnGetProperties)
                .write(Some(zes::memory_get_properties))
        };
    }
    if minor >= since::zes::memory::pfnGetState {
        // SAFETY: as above.
        unsafe { core::ptr::addr_of_mut!((*table).pfnGetState).write(Some(zes::memory_get_state)) };
    }
    ze_result_t::ZE_RESULT_SUCCESS
}

/// A `zet`/`zes` getter: this driver offers no tools entry points and of sysman only the
/// memory-module ones ([`zes_device_table`](zes_device_table),
/// [`zes_memory_table`](zes_memory_table)); for any other table it answers success and
/// leaves the caller's (zero-initialised) table untouched.
///
/// # Safety
/// `table` must be null or a writable DDI table of type `T` at the requested version.
pub unsafe fn tools_getter<T: 'static>(version: ze_api_version_t, table: *mut T) -> ze_result_t {
    use core::any::TypeId;
    let of = TypeId::of::<T>();
    if of == TypeId::of::<zes_device_dditable_t>() {
        // SAFETY: `T` is this table type; the caller's guarantees are forwarded.
        return unsafe { zes_device_table(version, table.cast()) };
    }
    if of == TypeId::of::<zes_memory_dditable_t>() {
        // SAFETY: as above.
        return unsafe { zes_memory_table(version, table.cast()) };
    }
    match accept(version, table) {
        Ok(_) => ze_result_t::ZE_RESULT_SUCCESS,
        Err(code) => code,
    }
}

/// The `ze` getters of this driver, for [`Dispatch::from_getters`](level_zero_sys::Dispatch::from_getters).
pub const GETTERS: ZeGetters = ZeGetters {
    global: Some(global),
    driver: Some(driver_table),
    device: Some(device_table),
    device_exp: Some(device_exp),
    context: Some(context_table),
    command_queue: Some(command_queue_table),
    command_list: Some(command_list_table),
    image: Some(image),
    image_exp: Some(image_exp),
    fence: Some(fence_table),
    event_pool: Some(event_pool_table),
    event: Some(event_table),
    event_exp: Some(event_exp),
    module: Some(module_table),
    module_build_log: Some(module_build_log_table),
    kernel: Some(kernel_table),
    kernel_exp: Some(kernel_exp),
    sampler: Some(sampler_table),
    physical_mem: Some(physical_mem_table),
    mem: Some(mem_table),
    virtual_mem: Some(virtual_mem_table),
    fabric_vertex_exp: Some(fabric_vertex_exp),
    fabric_edge_exp: Some(fabric_edge_exp),
    rtas_builder: Some(rtas_builder),
    rtas_builder_exp: Some(rtas_builder_exp),
    rtas_parallel_operation: Some(rtas_parallel_operation),
    rtas_parallel_operation_exp: Some(rtas_parallel_operation_exp),
    driver_exp: Some(driver_exp),
    command_list_exp: Some(command_list_exp_table),
    mem_exp: Some(mem_exp),
    graph: Some(graph_table),
    executable_graph: Some(executable_graph_table),
    zes_device: Some(zes_device_table),
    zes_memory: Some(zes_memory_table),
};
