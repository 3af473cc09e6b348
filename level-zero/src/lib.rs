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

mod api;
mod arg_type;
mod args;
mod backend;
mod command_list;
mod command_queue;
mod commands;
mod context;
mod copy_region;
mod deps;
mod device;
mod driver;
mod error;
mod event;
mod expert;
mod extension;
mod fence;
mod graph;
mod immediate;
mod ipc;
mod kernel;
mod launch;
mod memory;
mod memory_advice;
mod module;
mod owned;
mod pending;
mod queue_desc;
mod shutdown;
mod signature;
mod stream;
mod tracking;
mod virtual_memory;

pub use api::{Api, BackendChoice, BACKEND_ENV};
pub use arg_type::ArgType;
pub use args::{Arg, BufferArg, ByValue, KernelArg, Local};
pub use backend::load;
pub use command_list::CommandList;
pub use command_queue::{CommandQueue, Execution};
pub use commands::Commands;
pub use context::Context;
pub use copy_region::CopyRegion;
pub use deps::{Deps, Retained};
pub use device::{
    AccessCaps, CacheProperties, CommandFeatures, ComputeProperties, Device, DeviceKind,
    DeviceProperties, MemoryAccessProperties, MemoryProperties, MemoryState, ModuleProperties,
    QueueGroup,
};
pub use driver::{Driver, DriverProperties};
pub use error::{Error, Result};
pub use event::{Event, EventPool, EventPoolFlags, EventScope, KernelTimestamp};
pub use expert::{unsafe_copyto, unsafe_fill};
pub use fence::Fence;
pub use graph::{Graph, GraphRecorder};
pub use immediate::{Batch, ImmediateCommandList, ListOrdering, Token};
pub use ipc::IpcHandle;
pub use kernel::{Groups, IndirectAccess, Kernel, KernelProperties};
pub use launch::{Grid, KernelArgs, Launch};
pub use level_zero_sys as sys;
pub use memory::{
    address_range, allocation_properties, Allocation, AllocationProperties, FreePolicy, MemoryKind,
};
pub use memory_advice::MemoryAdvice;
pub use module::{BuildOptions, Module};
pub use pending::Pending;
pub use queue_desc::{QueueDesc, QueueMode, QueuePriority};
pub use shutdown::{at_shutdown, ShutdownStage};
pub use signature::{AddressSpace, ElemType, ParamType, Scalar};
pub use stream::{wait_token, with_stream};
pub use tracking::{LaunchUse, ListUse, Recorder};
pub use virtual_memory::{virtual_page_size, Mapping, MemoryAccess, PhysicalMemory, VirtualRange};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

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
    /// The default context: replaced by [`recover`] once lost.
    context: RwLock<Context>,
    /// Default contexts [`recover`] replaced (lost), destroyed at exit with the current one.
    retired: Mutex<Vec<Context>>,
}

static DEFAULTS: OnceLock<std::result::Result<Defaults, String>> = OnceLock::new();
/// How many times [`recover`] replaced the default context.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Destroys the default context at process exit (statics are never dropped), so a driver's
/// leak report at exit sees only what the program itself leaked; the lost default contexts
/// [`recover`] replaced too. The last step of the [shutdown](at_shutdown).
fn destroy_default_context() {
    if let Some(Ok(d)) = DEFAULTS.get() {
        let current = d
            .context
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let retired = d
            .retired
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        for ctx in retired.iter().chain([&current]) {
            // SAFETY: the process is exiting; each default context's handle is destroyed once
            // here and its Rust owners (statics, leaked pools) are never dropped.
            let r = unsafe { sys::calls::context::destroy(ctx.dispatch(), ctx.handle()) };
            if let Err(e) = r {
                log::warn!("destroying the default context at exit: {e}");
            }
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
            let context = RwLock::new(Context::new(&driver)?);
            Ok(Defaults {
                driver,
                device,
                context,
                retired: Mutex::new(Vec::new()),
            })
        };
        make().map_err(|e| e.to_string())
    });
    d.as_ref()
        .map_err(|e| Error::NoBackend { tried: e.clone() })
}

/// Replaces the default context with a new one if it is lost, and says whether it did.
///
/// A command that fails on the device (a kernel's fault, a hang: its wait returns a
/// `ZE_RESULT_ERROR_DEVICE_LOST` error) loses its context, as on a GPU: from then on
/// [`Context::status`] reports [`Error::DeviceLost`], and the context's streams
/// ([`with_stream`]), and so the arrays of the `onearray` crate in it, refuse work with that
/// error (dropping them is fine). The process goes on: after `recover`, [`default_context`] is
/// a new context, and the default allocations, pools and streams made from then on use it.
/// Arrays of the lost context stay in it (and keep failing with `DeviceLost`): make them
/// again. The lost context is destroyed at exit.
///
/// Nothing happens (`Ok(false)`) while the default context is not lost.
///
/// ```
/// // Nothing to recover from: the default context stays.
/// let before = level_zero::default_context()?;
/// assert!(!level_zero::recover()?);
/// assert!(level_zero::default_context()? == before);
/// # Ok::<(), level_zero::Error>(())
/// ```
pub fn recover() -> Result<bool> {
    let d = defaults()?;
    let mut context = d.context.write().unwrap_or_else(PoisonError::into_inner);
    if !matches!(context.status(), Err(Error::DeviceLost { .. })) {
        return Ok(false);
    }
    let fresh = Context::new(&d.driver)?;
    let lost = std::mem::replace(&mut *context, fresh);
    d.retired
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(lost);
    GENERATION.fetch_add(1, Ordering::AcqRel);
    log::warn!("the default context was lost and is replaced by a new one");
    Ok(true)
}

/// How many times [`recover`] replaced the default context: caches of objects made for the
/// default context (such as `onearray`'s default pools) compare it to know theirs are stale.
#[inline]
pub fn default_context_generation() -> u64 {
    GENERATION.load(Ordering::Acquire)
}

/// The default driver: the first of the backend.
pub fn default_driver() -> Result<Driver> {
    Ok(defaults()?.driver.clone())
}

/// The default device: the first of the default driver.
pub fn default_device() -> Result<Device> {
    Ok(defaults()?.device.clone())
}

/// The default context: every device of the default driver (a new one after [`recover`]
/// replaced a lost one).
pub fn default_context() -> Result<Context> {
    Ok(defaults()?
        .context
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone())
}
