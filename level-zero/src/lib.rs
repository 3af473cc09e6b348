//! Safe Rust for oneAPI Level Zero: RAII objects that keep their parents alive, one typed
//! [`Error`], builders for descriptors, and a choice of backend (Intel's loader, a driver
//! library, or the embedded CPU driver).
//!
//! ```
//! use level_zero::*;
//! let (ctx, dev) = (default_context()?, default_device()?);
//! let a = Allocation::device(&ctx, &dev, 1 << 20, 0)?;
//! let b = Allocation::shared(&ctx, Some(&dev), 1 << 20, 0)?;
//! let mut list = ImmediateCommandList::new(&ctx, &dev)?;
//! list.fill(&a, 0, 1 << 20, &[0xAB], Deps::NONE)?;
//! list.copy(&b, 0, &a, 0, 1 << 20, Deps::NONE)?;
//! list.synchronize()?;
//! // SAFETY: shared memory, no command pending.
//! assert_eq!(unsafe { *b.as_ptr().cast::<u8>() }, 0xAB);
//! println!("backend: {}", backend()?.reason());
//! # Ok::<(), level_zero::Error>(())
//! ```
//!
//! Backend selection: [`init`] (or the first use of a default) loads the API once, as
//! [`BACKEND_ENV`] says (`auto`, `loader`, `cpu`, or a driver library path); [`init_with`]
//! overrides it from code.

mod backend;
mod command_list;
mod command_queue;
mod commands;
mod context;
mod deps;
mod device;
mod driver;
mod error;
mod event;
mod expert;
mod extension;
mod fence;
mod immediate;
mod ipc;
mod kernel;
mod launch;
mod memory;
mod memory_advice;
mod module;
mod owned;
mod pending;
mod region;
mod shutdown;
mod signature;
mod stream;
mod virtual_memory;

pub use backend::{load, Api, BackendChoice, BACKEND_ENV};
pub use command_list::CommandList;
pub use command_queue::{CommandQueue, Execution, QueueDesc, QueueMode, QueuePriority};
pub use commands::Commands;
pub use context::Context;
pub use deps::{Deps, Retained};
pub use device::{
    AccessCaps, CacheProperties, ComputeProperties, Device, DeviceKind, DeviceProperties,
    MemoryAccessProperties, MemoryProperties, MemoryState, ModuleProperties, QueueGroup,
};
pub use driver::{Driver, DriverProperties};
pub use error::{Error, Result};
pub use event::{Event, EventPool, EventPoolFlags, EventScope, KernelTimestamp};
pub use expert::{unsafe_copyto, unsafe_fill};
pub use fence::Fence;
pub use immediate::{Batch, ImmediateCommandList, Token};
pub use ipc::IpcHandle;
pub use kernel::{Groups, IndirectAccess, Kernel, KernelProperties};
pub use launch::{
    Arg, ArgType, BufferArg, Grid, KernelArg, KernelArgs, Launch, LaunchUse, ListUse, Local,
};
pub use level_zero_sys as sys;
pub use memory::{
    address_range, allocation_properties, Allocation, AllocationProperties, FreePolicy, MemoryKind,
};
pub use memory_advice::MemoryAdvice;
pub use module::{BuildOptions, Module};
pub use pending::Pending;
pub use region::Region;
pub use shutdown::{at_shutdown, ShutdownStage};
pub use signature::{AddressSpace, ElemType, ParamType, Scalar};
pub use stream::{poll_stream, wait_token, with_stream};
pub use virtual_memory::{virtual_page_size, Mapping, MemoryAccess, PhysicalMemory, VirtualRange};

use std::sync::{Arc, OnceLock};

/// Initialises the process-wide backend from [`BACKEND_ENV`] (idempotent).
pub fn init() -> Result<Arc<Api>> {
    backend::global(None)
}

/// Initialises the process-wide backend with `choice`; fails if it was already chosen
/// differently.
pub fn init_with(choice: BackendChoice) -> Result<Arc<Api>> {
    let api = backend::global(Some(choice.clone()))?;
    if api.choice() != &choice {
        return Err(error::invalid(format!(
            "backend already initialised as {:?}",
            api.choice()
        )));
    }
    Ok(api)
}

/// The process-wide backend (initialising it if needed).
pub fn backend() -> Result<Arc<Api>> {
    init()
}

/// The drivers of the process-wide backend.
pub fn drivers() -> Result<Vec<Driver>> {
    Driver::all(&init()?)
}

struct Defaults {
    driver: Driver,
    device: Device,
    context: Context,
}

static DEFAULTS: OnceLock<std::result::Result<Defaults, String>> = OnceLock::new();

/// Destroys the default context at process exit (statics are never dropped), so a driver's
/// leak report at exit sees only what the program itself leaked. The last step of the
/// [shutdown](at_shutdown).
fn destroy_default_context() {
    if let Some(Ok(d)) = DEFAULTS.get() {
        // SAFETY: the process is exiting; the default context's handle is destroyed once here
        // and its Rust owner (a static) is never dropped.
        let r = unsafe { sys::calls::context::destroy(d.context.dispatch(), d.context.handle()) };
        if let Err(e) = r {
            log::warn!("destroying the default context at exit: {e}");
        }
    }
}

fn defaults() -> Result<&'static Defaults> {
    let d = DEFAULTS.get_or_init(|| {
        let make = || -> Result<Defaults> {
            let driver = drivers()?
                .into_iter()
                .next()
                .ok_or_else(|| error::invalid("the backend reports no driver"))?;
            let device = driver
                .devices()?
                .into_iter()
                .next()
                .ok_or_else(|| error::invalid("the driver reports no device"))?;
            let context = Context::new(&driver)?;
            Ok(Defaults {
                driver,
                device,
                context,
            })
        };
        make().map_err(|e| e.to_string())
    });
    d.as_ref()
        .map_err(|e| Error::NoBackend { tried: e.clone() })
}

/// The default driver: the first of the backend.
pub fn default_driver() -> Result<Driver> {
    Ok(defaults()?.driver.clone())
}

/// The default device: the first of the default driver.
pub fn default_device() -> Result<Device> {
    Ok(defaults()?.device.clone())
}

/// The default context: every device of the default driver.
pub fn default_context() -> Result<Context> {
    Ok(defaults()?.context.clone())
}
