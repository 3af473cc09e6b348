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
mod api;
mod command;
mod command_list;
mod command_queue;
pub mod config;
mod context;
mod ddi;
mod device;
mod driver;
mod engine;
mod event;
mod exports;
mod fault;
mod fence;
mod graph;
mod handle;
mod ipc;
mod kernel;
pub mod leaks;
mod mapping;
mod maps;
mod memory;
mod module;
mod sampler;
mod sync;
mod system;
mod unsupported;
mod vm;
mod watchdog;
mod zes;

pub use ddi::{tools_getter, zes_device_table, zes_memory_table, GETTERS};

/// The C names of every getter Intel's loader looks up in a driver (the `ze` getters, then the
/// `zet` and `zes` ones: [`LOADER_GETTERS`](level_zero_sys::ddi::LOADER_GETTERS)); the cdylib
/// exports each of them.
pub const GETTER_NAMES: [&str; level_zero_sys::ddi::LOADER_GETTERS.len()] =
    level_zero_sys::ddi::LOADER_GETTERS;

#[doc(hidden)]
pub use level_zero_sys as __sys;
