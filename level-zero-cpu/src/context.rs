//! Contexts: creation and status, and the `Owner` (context and device) that a failed command
//! marks lost. Residency checks are with the memory (`memory`), and the leak report that
//! destruction makes with `leaks`.

use crate::abi::*;
use crate::device::{device, QUEUE_GROUPS};
use crate::driver::Driver;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, Weak};

/// A context: the devices it may use and an id (its handle address) that owns allocations
/// and child objects.
pub struct Context {
    id: AtomicUsize,
    /// Device handle addresses this context may use (root devices with their sub-devices).
    devices: Vec<usize>,
    /// The fault of a command of this context that failed: the context is lost for the rest
    /// of its life (`zeContextGetStatus`; see `fault`).
    pub lost: crate::fault::Lost,
}

impl Object for Context {
    const KIND: HandleKind = HandleKind::Context;
}

impl Context {
    /// The handle address, which allocations and children record as their owner.
    pub fn id(&self) -> usize {
        self.id.load(Ordering::Relaxed)
    }

    pub fn has_device_handle(&self, device: ze_device_handle_t) -> bool {
        self.devices.contains(&(device as usize))
    }

    /// Validates a queue descriptor for device `dev` of this context (command queues and
    /// immediate command lists); returns (ordinal, synchronous).
    pub fn check_queue_desc(
        &self,
        dev: ze_device_handle_t,
        desc: &ze_command_queue_desc_t,
    ) -> ZeResult<(u32, bool)> {
        device(dev)?;
        ensure(self.has_device_handle(dev), INVALID_ARGUMENT)?;
        // In order (1.7): every queue and immediate list of this driver runs its commands in
        // submission order already (one worker thread each), so the flag changes nothing.
        let flags = ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_EXPLICIT_ONLY.0
            | ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_IN_ORDER.0;
        ensure(desc.flags.0 & !flags == 0, INVALID_ENUM)?;
        ensure(desc.mode.0 <= 2 && desc.priority.0 <= 2, INVALID_ENUM)?;
        let (_, queues) = *QUEUE_GROUPS
            .get(desc.ordinal as usize)
            .ok_or(INVALID_ARGUMENT)?;
        ensure(desc.index < queues, INVALID_ARGUMENT)?;
        Ok((
            desc.ordinal,
            desc.mode == ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
        ))
    }
}

/// Where the failures of a queue's or immediate list's commands are recorded besides the
/// commands themselves: the context and the device it was created on.
#[derive(Default)]
pub struct Owner {
    pub context: Weak<Context>,
    pub device: Weak<crate::device::Device>,
}

impl Owner {
    /// Marks the owner's context and device lost by `text`.
    pub fn lose(&self, text: &crate::fault::Text) {
        if let Some(context) = self.context.upgrade() {
            context.lost.mark(text);
        }
        if let Some(device) = self.device.upgrade() {
            device.lost.mark(text);
        }
    }
}

#[cfg(test)]
impl Context {
    /// A context of no device and no handle, for unit tests of its children.
    pub fn detached() -> Arc<Context> {
        Arc::new(Context {
            id: AtomicUsize::new(0),
            devices: Vec::new(),
            lost: Default::default(),
        })
    }
}

/// The context behind a handle.
pub fn context(handle: ze_context_handle_t) -> ZeResult<Arc<Context>> {
    crate::driver::initialised()?;
    handle::get::<Context, _>(handle)
}

pub fn create(
    driver: ze_driver_handle_t,
    desc: *const ze_context_desc_t,
    devices: Option<&[ze_device_handle_t]>,
    out: *mut ze_context_handle_t,
) -> ZeResult {
    crate::driver::initialised()?;
    let driver = handle::get::<Driver, _>(driver)?;
    // SAFETY: descriptor from the caller, null rejected.
    let desc = unsafe { input(desc)? };
    ensure(
        desc.flags.0 & !ze_context_flag_t::ZE_CONTEXT_FLAG_TBD.0 == 0,
        INVALID_ENUM,
    )?;
    ensure(!out.is_null(), NULL_POINTER)?;
    let h = new_context(&driver, devices)?;
    // SAFETY: `out` non-null and writable by contract.
    unsafe { out.write(h) };
    Ok(())
}

/// The driver's default context (`zeDriverGetDefaultContext`, 1.14): a context of all its
/// devices, created at the first call and owned by the driver. Every call answers the same
/// handle; `zeContextDestroy` refuses it, and the leak reports leave the handle out.
static DEFAULT: OnceLock<usize> = OnceLock::new();

/// The default context's handle, made at the first call (as Intel's driver, which makes it
/// with the driver: `DriverHandleImp::initialize`, one context of every exposed device).
pub fn default_context(driver: ze_driver_handle_t) -> ZeResult<ze_context_handle_t> {
    crate::driver::initialised()?;
    let driver = handle::get::<Driver, _>(driver)?;
    if let Some(&h) = DEFAULT.get() {
        return Ok(h as ze_context_handle_t);
    }
    let mut failed = None;
    let h = *DEFAULT.get_or_init(|| match new_context(&driver, None) {
        Ok(h) => h as usize,
        Err(e) => {
            failed = Some(e);
            0
        }
    });
    match failed {
        Some(e) => Err(e),
        // Another thread's first call failed (it cannot, for a live driver's devices).
        None if h == 0 => Err(ze_result_t::ZE_RESULT_ERROR_UNKNOWN),
        None => Ok(h as ze_context_handle_t),
    }
}

/// The default context's handle address, if it has been made.
pub fn default_id() -> Option<usize> {
    DEFAULT.get().copied().filter(|&h| h != 0)
}

/// A new context of `devices` (all of the driver's if `None`) with their sub-devices.
fn new_context(
    driver: &Driver,
    devices: Option<&[ze_device_handle_t]>,
) -> ZeResult<ze_context_handle_t> {
    let roots: Vec<ze_device_handle_t> = match devices {
        Some(list) => {
            for &d in list {
                device(d)?;
            }
            list.to_vec()
        }
        None => driver.devices.clone(),
    };
    let mut all = Vec::new();
    let mut lost = Vec::new();
    for root in roots {
        all.push(root as usize);
        let root = device(root)?;
        all.extend(root.subdevices.iter().map(|&s| s as usize));
        lost.extend(root.subdevices.iter().filter_map(|&s| device(s).ok()));
        lost.push(root);
    }
    let ctx = Arc::new(Context {
        id: AtomicUsize::new(0),
        devices: all,
        lost: Default::default(),
    });
    // A new context on the devices is the recovery from a loss: their status is clean again
    // (the lost contexts stay lost).
    for d in lost {
        d.lost.take();
    }
    let h: ze_context_handle_t = handle::create(ctx.clone(), 0);
    ctx.id.store(h as usize, Ordering::Relaxed);
    Ok(h)
}

/// What a queue (or an immediate list) was created with and reports (1.17 getters).
#[derive(Clone, Copy)]
pub struct QueueSettings {
    pub flags: ze_command_queue_flags_t,
    pub mode: ze_command_queue_mode_t,
    pub priority: ze_command_queue_priority_t,
}

impl QueueSettings {
    pub fn of(desc: &ze_command_queue_desc_t) -> QueueSettings {
        QueueSettings {
            flags: desc.flags,
            mode: desc.mode,
            priority: desc.priority,
        }
    }
}
