//! The driver scenarios: each takes an [`Env`] (a `Dispatch` and the first driver's devices),
//! creates what it needs, checks the spec's semantics and error codes, and destroys everything
//! it created.
//!
//! Scenarios call the DDI through the checked result layer (`level_zero_sys::calls`), so each
//! body is one `unsafe` block under the suite's convention: it passes only handles it created
//! from `api` and has not destroyed yet (or null and destroyed ones where the spec says the
//! driver rejects them, and the mode lets the driver see them), and pointers to locals or into
//! live allocations of the sizes used, which the host touches only while no command uses them.
//!
//! What a scenario only sets up on the way to what it checks comes from `common::raw`'s
//! helpers (memory, lists, queues, an `EventPool` with its events, which the scenario drops
//! before it destroys the context); a call a scenario checks, it makes itself.

mod copies;
mod counter_events;
mod device;
mod errors;
mod events;
mod graphs;
mod ipc;
mod launches;
mod lifetimes;
mod memory;
mod module_program;
mod modules;
mod mutable_lists;
mod newer;
mod newest;
mod queues;
mod settings;
mod system;
mod timestamps;
mod virtual_memory;
mod wild_pointers;

use crate::common::raw::array;
use level_zero_sys::*;
use std::ptr::null_mut;

/// How the suite reached the driver. Where a layer in front of the driver answers an error path
/// itself, or cannot take it at all, the scenario consults the mode and says why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `Dispatch::from_getters` on the linked-in driver.
    InProcess,
    /// `Dispatch::from_driver_library` on `liblevel_zero_cpu_icd.so`.
    DriverLibrary,
    /// Intel's loader with the CPU driver as its only driver; it hands out the driver's own
    /// tables and handles.
    Loader,
    /// Intel's loader with the validation layer and its parameter validation in front.
    Validation,
    /// Intel's loader with `ZE_ENABLE_LOADER_INTERCEPT=1`: the loader's own entry points wrap
    /// every handle.
    Intercept,
}

impl Mode {
    /// Whether handles are the loader's wrappers, which it dereferences before calling the
    /// driver: a null handle there is a SIGSEGV and a destroyed one a use-after-free in the
    /// loader, so those checks only run where the driver sees the handle itself.
    pub fn wraps_handles(self) -> bool {
        self == Mode::Intercept
    }
}

/// What every scenario works with.
pub struct Env<'a> {
    pub api: &'a Dispatch,
    pub mode: Mode,
    pub driver: ze_driver_handle_t,
    pub device: ze_device_handle_t,
    pub subdevices: Vec<ze_device_handle_t>,
}

impl Env<'_> {
    /// A new context on the driver (every scenario destroys its own).
    pub fn context(&self) -> ze_context_handle_t {
        // SAFETY: the driver handle is live; the descriptor is a local.
        unsafe { calls::context::create(self.api, self.driver, &Default::default()) }.unwrap()
    }
}

/// The suite's queue modes and event pool flags.
pub const ASYNC: ze_command_queue_mode_t =
    ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
pub const SYNC: ze_command_queue_mode_t =
    ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
pub const HOST_VISIBLE: ze_event_pool_flag_t =
    ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_HOST_VISIBLE;
pub const KERNEL_TIMESTAMP: ze_event_pool_flag_t =
    ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;

/// The simulated machine the suite configures (`LEVEL_ZERO_CPU_*`).
pub const MEMORY: u64 = 64 << 20;
pub const MAX_ALLOC: u64 = 16 << 20;
pub const SUBDEVICES: usize = 2;
/// The watchdog's limit for a kernel launch (`LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS`), in ms.
pub const KERNEL_TIMEOUT_MS: &str = "2000";
pub const MACHINE: [(&str, &str); 5] = [
    ("LEVEL_ZERO_CPU_MEMORY", "64M"),
    ("LEVEL_ZERO_CPU_MAX_ALLOC", "16M"),
    ("LEVEL_ZERO_CPU_SUBDEVICES", "2"),
    ("LEVEL_ZERO_CPU_LEAK_REPORT", "abort"),
    ("LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS", KERNEL_TIMEOUT_MS),
];

type Scenario = fn(&Env);

/// Every scenario, in the order they run.
pub const SCENARIOS: &[(&str, Scenario)] = &[
    ("driver queries", device::driver_queries),
    ("device queries", device::device_queries),
    (
        "property versions and chains",
        device::property_versions_and_chains,
    ),
    ("contexts", device::contexts),
    ("usm allocations", memory::usm_allocations),
    ("usm properties", memory::usm_properties),
    ("free policies", memory::free_policies),
    (
        "freed while buffers are in use",
        lifetimes::free_ext_while_buffers_in_use,
    ),
    (
        "kernels on freed buffers",
        lifetimes::kernels_on_freed_buffers,
    ),
    (
        "synchronous work on freed buffers",
        lifetimes::synchronous_work_on_freed_buffers,
    ),
    ("memory across contexts", memory::across_contexts),
    ("memory limits", memory::limits),
    ("freed memory", memory::freed_memory),
    ("shared system memory", system::shared_system_memory),
    ("indirect access", system::indirect_access),
    ("virtual memory", virtual_memory::virtual_memory),
    (
        "unmap waits only for its pages",
        virtual_memory::unmap_waits_only_for_its_pages,
    ),
    ("ipc memory", ipc::ipc_memory),
    (
        "ipc of virtual memory with holes",
        ipc::ipc_virtual_memory_holes,
    ),
    ("ipc event pools", ipc::ipc_event_pools),
    ("queues and regular lists", queues::queues_and_regular_lists),
    ("immediate lists", queues::immediate_lists),
    ("execute errors", queues::execute_errors),
    ("fences", queues::fences),
    ("cross-queue ordering", queues::cross_queue_ordering),
    (
        "destroyed with pending work",
        queues::destroyed_with_pending_work,
    ),
    ("copies", copies::copies),
    ("copy regions", copies::copy_regions),
    ("fills", copies::fills),
    ("out-of-range commands", copies::out_of_range),
    ("prefetch and advice", copies::prefetch_and_advice),
    (
        "wild pointers refused at the append",
        wild_pointers::refused_at_append,
    ),
    (
        "memory unmapped before execution",
        wild_pointers::unmapped_before_execution,
    ),
    ("huge alignments", wild_pointers::huge_alignments),
    ("barriers and timestamps", copies::barriers_and_timestamps),
    ("launch limits", launches::launch_limits),
    ("hung kernels", launches::hung_kernels),
    ("last fault after a wait", launches::last_fault_after_a_wait),
    ("events", events::events),
    ("event pool in use", lifetimes::event_pool_in_use),
    ("events sharing a slot", lifetimes::events_sharing_a_slot),
    ("events from lists", events::events_from_lists),
    ("kernel timestamps", events::kernel_timestamps),
    ("timestamps", timestamps::timestamps),
    ("null handles", errors::null_handles),
    ("destroyed handles", errors::destroyed_handles),
    ("null pointers", errors::null_pointers),
    ("missing arrays", errors::missing_arrays),
    ("descriptors", errors::descriptors),
    ("zeInit flags", device::init_flags),
    ("1.6 to 1.9 getters", newer::getters),
    ("last error description", newer::last_error_description),
    ("zeInitDrivers", newer::init_drivers),
    ("put IPC handles", newer::put_ipc_handles),
    ("in-order lists", newer::in_order_lists),
    ("default context", newer::default_context),
    ("device synchronize", newer::device_synchronize),
    ("launch with arguments", newer::launch_with_arguments),
    ("launch with parameters", newer::launch_with_parameters),
    ("counter-based events", counter_events::counter_based_events),
    (
        "counter-based events on regular lists",
        counter_events::counter_based_regular_lists,
    ),
    (
        "counter-based event pools",
        counter_events::counter_based_pools,
    ),
    ("counter-based event IPC", counter_events::counter_based_ipc),
    (
        "counter-based events on external counters",
        counter_events::counter_based_external,
    ),
    ("graphs", graphs::graphs),
    ("graph forks", graphs::graph_forks),
    ("mutable command lists", mutable_lists::mutable_lists),
    ("queue and list settings", settings::queue_and_list_settings),
    (
        "copy and fill with parameters",
        newest::copy_and_fill_with_parameters,
    ),
    ("host functions", newest::host_function),
    (
        "IPC handles with properties",
        newest::ipc_handle_with_properties,
    ),
    (
        "kernel timestamps per kernel",
        newest::kernel_timestamps_ext,
    ),
    ("kernel binaries", newest::kernel_binary),
    ("vector widths", newest::vector_widths),
    (
        "closed lists on immediate lists",
        newest::immediate_append_command_lists,
    ),
    ("module program", module_program::module_program),
    ("dynamic link", module_program::dynamic_link),
    ("samplers", modules::samplers),
    ("function pointers given", modules::function_pointers),
    ("specialization constants", modules::spec_constants),
    ("build log on success", modules::build_log_on_success),
];

/// Runs every scenario against `api`; `after_each` runs after each one (leak checks).
pub fn run_all(api: &Dispatch, mode: Mode, after_each: &dyn Fn(&str)) {
    // SAFETY: `array` passes a valid count and a null or large-enough array; the handles
    // queried with are the ones just returned.
    let drivers = array(null_mut(), |n, a| unsafe { calls::driver::get(api, n, a) });
    assert_eq!(drivers.len(), 1, "one driver: the CPU driver");
    let driver = drivers[0];
    // SAFETY: as for the drivers.
    let devices = array(null_mut(), |n, a| unsafe {
        calls::device::get(api, driver, n, a)
    });
    assert_eq!(devices.len(), 1);
    let env = Env {
        api,
        mode,
        driver,
        device: devices[0],
        // SAFETY: as for the drivers.
        subdevices: array(null_mut(), |n, a| unsafe {
            calls::device::get_sub_devices(api, devices[0], n, a)
        }),
    };
    // `ONEAPI_SCENARIOS_SKIP`: names of scenarios to leave out, comma-separated (to run the
    // rest under a tool that changes what one of them checks: under valgrind, a range the
    // wild-pointer scenarios unmap can be mapped again by valgrind itself, and is then memory).
    let skip = std::env::var("ONEAPI_SCENARIOS_SKIP").unwrap_or_default();
    for (name, scenario) in SCENARIOS {
        if skip.split(',').any(|s| s.trim() == *name) {
            eprintln!("scenario ({mode:?}): {name}: skipped (ONEAPI_SCENARIOS_SKIP)");
            continue;
        }
        eprintln!("scenario ({mode:?}): {name}");
        scenario(&env);
        after_each(name);
    }
}

/// The kernel `name` of the committed module `kernels/spv/{spv}.spv`, built for `dev` in `ctx`:
/// its module and kernel.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn committed_kernel(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    spv: &str,
    name: &std::ffi::CStr,
) -> (ze_module_handle_t, ze_kernel_handle_t) {
    let path = format!("{}/kernels/spv/{spv}.spv", env!("CARGO_MANIFEST_DIR"));
    let spirv = std::fs::read(path).unwrap();
    let desc = ze_module_desc_t {
        format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
        inputSize: spirv.len(),
        pInputModule: spirv.as_ptr(),
        ..Default::default()
    };
    let kernel = ze_kernel_desc_t {
        pKernelName: name.as_ptr(),
        ..Default::default()
    };
    // SAFETY: the caller's contract; the descriptors point to live locals.
    unsafe {
        let m = calls::module::create(api, ctx, dev, &desc, null_mut()).unwrap();
        (m, calls::kernel::create(api, m, &kernel).unwrap())
    }
}

/// The committed `saxpy` kernel (`y[i] = a * x[i] + y[i]`) built for `dev` in `ctx`: its module
/// and kernel.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn saxpy(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
) -> (ze_module_handle_t, ze_kernel_handle_t) {
    // SAFETY: the caller's contract.
    unsafe { committed_kernel(api, ctx, dev, "saxpy-O2", c"saxpy") }
}
