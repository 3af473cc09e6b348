//! A Level Zero driver that runs on the host CPU.
//!
//! USM allocations live in host memory, command queues execute on worker threads, events and
//! fences signal when the work is done. It is linked in-process as the embedded default of
//! the `level-zero` crate ([`GETTERS`] are its fill functions), and the `level-zero-cpu-icd`
//! crate builds it as a shared library that Intel's loader loads
//! (`ZE_ENABLE_ALT_DRIVERS=/path/to/liblevel_zero_cpu_icd.so`).
//!
//! The simulated machine is configured by environment variables: see [`config`].
//!
//! ```
//! use level_zero_sys::{ze_call, Dispatch};
//! let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS)?;
//! let mut count = 0u32;
//! // SAFETY: a null array asks for the number of drivers.
//! unsafe { ze_call!(api, Driver.pfnGet(&mut count, std::ptr::null_mut())) }.ok()?;
//! assert_eq!(count, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod abi;
mod cmdlist;
mod command;
pub mod config;
mod context;
mod ddi;
mod ddi_versions;
mod device;
mod driver;
mod engine;
mod event;
mod fence;
mod handle;
mod kernel_api;
pub mod leaks;
mod memory;
mod module;
mod queue;
mod sync;
mod unsupported;
mod zes;

pub use ddi::{tools_table, GETTERS};
pub use zes::{zes_device_table, zes_memory_table};

/// The C names of every getter Intel's loader looks up in a driver: the 23 `ze` getters,
/// then the 13 `zet` and 17 `zes` ones.
pub const GETTER_NAMES: [&str; 53] = [
    "zeGetGlobalProcAddrTable",
    "zeGetDriverProcAddrTable",
    "zeGetDeviceProcAddrTable",
    "zeGetDeviceExpProcAddrTable",
    "zeGetContextProcAddrTable",
    "zeGetCommandQueueProcAddrTable",
    "zeGetCommandListProcAddrTable",
    "zeGetImageProcAddrTable",
    "zeGetImageExpProcAddrTable",
    "zeGetFenceProcAddrTable",
    "zeGetEventPoolProcAddrTable",
    "zeGetEventProcAddrTable",
    "zeGetEventExpProcAddrTable",
    "zeGetModuleProcAddrTable",
    "zeGetModuleBuildLogProcAddrTable",
    "zeGetKernelProcAddrTable",
    "zeGetKernelExpProcAddrTable",
    "zeGetSamplerProcAddrTable",
    "zeGetPhysicalMemProcAddrTable",
    "zeGetMemProcAddrTable",
    "zeGetVirtualMemProcAddrTable",
    "zeGetFabricVertexExpProcAddrTable",
    "zeGetFabricEdgeExpProcAddrTable",
    "zetGetDeviceProcAddrTable",
    "zetGetContextProcAddrTable",
    "zetGetCommandListProcAddrTable",
    "zetGetModuleProcAddrTable",
    "zetGetKernelProcAddrTable",
    "zetGetMetricGroupProcAddrTable",
    "zetGetMetricGroupExpProcAddrTable",
    "zetGetMetricProcAddrTable",
    "zetGetMetricStreamerProcAddrTable",
    "zetGetMetricQueryPoolProcAddrTable",
    "zetGetMetricQueryProcAddrTable",
    "zetGetTracerExpProcAddrTable",
    "zetGetDebugProcAddrTable",
    "zesGetDriverProcAddrTable",
    "zesGetDeviceProcAddrTable",
    "zesGetSchedulerProcAddrTable",
    "zesGetPerformanceFactorProcAddrTable",
    "zesGetPowerProcAddrTable",
    "zesGetFrequencyProcAddrTable",
    "zesGetEngineProcAddrTable",
    "zesGetStandbyProcAddrTable",
    "zesGetFirmwareProcAddrTable",
    "zesGetMemoryProcAddrTable",
    "zesGetFabricPortProcAddrTable",
    "zesGetTemperatureProcAddrTable",
    "zesGetPsuProcAddrTable",
    "zesGetFanProcAddrTable",
    "zesGetLedProcAddrTable",
    "zesGetRasProcAddrTable",
    "zesGetDiagnosticsProcAddrTable",
];

/// Exports the 53 getters under their C names. Invoke it once, in a `cdylib` crate only:
/// a library that exports these symbols and is linked ahead of Intel's loader would capture
/// the loader's own calls, so the rlib never exports them.
#[macro_export]
macro_rules! export_getters {
    () => {
        $crate::export_getters!(@ze
            zeGetGlobalProcAddrTable: global, ze_global_dditable_t;
            zeGetDriverProcAddrTable: driver, ze_driver_dditable_t;
            zeGetDeviceProcAddrTable: device, ze_device_dditable_t;
            zeGetDeviceExpProcAddrTable: device_exp, ze_device_exp_dditable_t;
            zeGetContextProcAddrTable: context, ze_context_dditable_t;
            zeGetCommandQueueProcAddrTable: command_queue, ze_command_queue_dditable_t;
            zeGetCommandListProcAddrTable: command_list, ze_command_list_dditable_t;
            zeGetImageProcAddrTable: image, ze_image_dditable_t;
            zeGetImageExpProcAddrTable: image_exp, ze_image_exp_dditable_t;
            zeGetFenceProcAddrTable: fence, ze_fence_dditable_t;
            zeGetEventPoolProcAddrTable: event_pool, ze_event_pool_dditable_t;
            zeGetEventProcAddrTable: event, ze_event_dditable_t;
            zeGetEventExpProcAddrTable: event_exp, ze_event_exp_dditable_t;
            zeGetModuleProcAddrTable: module, ze_module_dditable_t;
            zeGetModuleBuildLogProcAddrTable: module_build_log, ze_module_build_log_dditable_t;
            zeGetKernelProcAddrTable: kernel, ze_kernel_dditable_t;
            zeGetKernelExpProcAddrTable: kernel_exp, ze_kernel_exp_dditable_t;
            zeGetSamplerProcAddrTable: sampler, ze_sampler_dditable_t;
            zeGetPhysicalMemProcAddrTable: physical_mem, ze_physical_mem_dditable_t;
            zeGetMemProcAddrTable: mem, ze_mem_dditable_t;
            zeGetVirtualMemProcAddrTable: virtual_mem, ze_virtual_mem_dditable_t;
            zeGetFabricVertexExpProcAddrTable: fabric_vertex_exp, ze_fabric_vertex_exp_dditable_t;
            zeGetFabricEdgeExpProcAddrTable: fabric_edge_exp, ze_fabric_edge_exp_dditable_t;
        );
        $crate::export_getters!(@sysman
            zesGetDeviceProcAddrTable: zes_device_table, zes_device_dditable_t;
            zesGetMemoryProcAddrTable: zes_memory_table, zes_memory_dditable_t;
        );
        $crate::export_getters!(@tools
            zetGetDeviceProcAddrTable zetGetContextProcAddrTable zetGetCommandListProcAddrTable
            zetGetModuleProcAddrTable zetGetKernelProcAddrTable zetGetMetricGroupProcAddrTable
            zetGetMetricGroupExpProcAddrTable zetGetMetricProcAddrTable
            zetGetMetricStreamerProcAddrTable zetGetMetricQueryPoolProcAddrTable
            zetGetMetricQueryProcAddrTable zetGetTracerExpProcAddrTable zetGetDebugProcAddrTable
            zesGetDriverProcAddrTable zesGetSchedulerProcAddrTable
            zesGetPerformanceFactorProcAddrTable zesGetPowerProcAddrTable
            zesGetFrequencyProcAddrTable zesGetEngineProcAddrTable zesGetStandbyProcAddrTable
            zesGetFirmwareProcAddrTable zesGetFabricPortProcAddrTable
            zesGetTemperatureProcAddrTable zesGetPsuProcAddrTable zesGetFanProcAddrTable
            zesGetLedProcAddrTable zesGetRasProcAddrTable zesGetDiagnosticsProcAddrTable
        );
    };
    (@ze $($symbol:ident: $getter:ident, $table:ident;)*) => {$(
        /// Exported getter (see `level_zero_cpu::GETTERS`).
        ///
        /// # Safety
        /// `table` must be null or a writable DDI table of the requested version.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $symbol(
            version: $crate::__sys::ze_api_version_t,
            table: *mut $crate::__sys::$table,
        ) -> $crate::__sys::ze_result_t {
            // SAFETY: forwarded with the caller's guarantees.
            match $crate::GETTERS.$getter {
                Some(getter) => unsafe { getter(version, table) },
                None => $crate::__sys::ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
            }
        }
    )*};
    (@sysman $($symbol:ident: $fill:ident, $table:ident;)*) => {$(
        /// Exported sysman getter: the memory-module entries only.
        ///
        /// # Safety
        /// `table` must be null or a writable DDI table of the requested version.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $symbol(
            version: $crate::__sys::ze_api_version_t,
            table: *mut $crate::__sys::$table,
        ) -> $crate::__sys::ze_result_t {
            // SAFETY: forwarded with the caller's guarantees.
            unsafe { $crate::$fill(version, table) }
        }
    )*};
    (@tools $($symbol:ident)*) => {$(
        /// Exported tools/sysman getter: the table is left empty.
        ///
        /// # Safety
        /// `table` must be null or a writable DDI table of the requested version.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $symbol(
            version: $crate::__sys::ze_api_version_t,
            table: *mut ::core::ffi::c_void,
        ) -> $crate::__sys::ze_result_t {
            // SAFETY: forwarded with the caller's guarantees.
            unsafe { $crate::tools_table(version, table) }
        }
    )*};
}

#[doc(hidden)]
pub use level_zero_sys as __sys;
