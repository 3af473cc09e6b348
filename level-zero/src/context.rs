//! Contexts: the owner of memory and of every other object.

use crate::device::Device;
use crate::driver::Driver;
use crate::error::{invalid, lost_fault, Error, Result};
use crate::owned::Owned;
use level_zero_sys::*;
use std::sync::{Arc, OnceLock};

/// A context. Cloning shares it; the last clone destroys it (after every object that keeps
/// it alive: allocations, queues, lists, modules…).
///
/// ```
/// let ctx = level_zero::default_context()?;
/// ctx.status()?;
/// assert!(!ctx.devices().is_empty());
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Context(pub(crate) Arc<ContextInner>);

pub(crate) struct ContextInner {
    // First: destroyed before the driver is released. Every child keeps this context alive,
    // so none is left when it is destroyed.
    pub(crate) handle: Owned<ze_context_handle_t>,
    pub(crate) driver: Driver,
    devices: Vec<Device>,
    /// Set once a command of the context is seen failed (or the driver reports the context
    /// lost): the driver's description of the failure, if it gives one.
    lost: OnceLock<Option<String>>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("handle", &self.0.handle)
            .field("devices", &self.0.devices.len())
            .finish()
    }
}

impl PartialEq for Context {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Context {
    /// A context for every device of `driver`.
    pub fn new(driver: &Driver) -> Result<Context> {
        let devices = driver.devices()?;
        Self::create(driver, devices, None)
    }

    /// A context restricted to `devices` (of `driver`).
    pub fn with_devices(driver: &Driver, devices: &[Device]) -> Result<Context> {
        if devices.is_empty() {
            return Err(invalid("a context needs at least one device"));
        }
        if let Some(d) = devices.iter().find(|d| d.driver.handle != driver.handle) {
            return Err(invalid(format!(
                "device {:?} belongs to another driver",
                d.handle
            )));
        }
        Self::create(driver, devices.to_vec(), Some(devices))
    }

    fn create(
        driver: &Driver,
        devices: Vec<Device>,
        restrict: Option<&[Device]>,
    ) -> Result<Context> {
        let desc = ze_context_desc_t::default();
        let dispatch = &driver.api.dispatch;
        let handle = match restrict {
            // SAFETY: valid driver; local descriptor.
            None => unsafe { calls::context::create(dispatch, driver.handle, &desc) }?,
            Some(list) => {
                let mut handles: Vec<_> = list.iter().map(|d| d.handle).collect();
                // SAFETY: valid driver and device handles; local descriptor.
                unsafe {
                    calls::context::create_ex(
                        dispatch,
                        driver.handle,
                        &desc,
                        handles.len() as u32,
                        handles.as_mut_ptr(),
                    )
                }?
            }
        };
        Ok(Context(Arc::new(ContextInner {
            handle: Owned::new(&driver.api, handle),
            driver: driver.clone(),
            devices,
            lost: OnceLock::new(),
        })))
    }

    /// The raw handle (for calls this crate does not wrap).
    pub fn handle(&self) -> ze_context_handle_t {
        self.0.handle.get()
    }

    /// The driver the context belongs to.
    pub fn driver(&self) -> &Driver {
        &self.0.driver
    }

    /// The devices this context may use.
    pub fn devices(&self) -> &[Device] {
        &self.0.devices
    }

    pub(crate) fn dispatch(&self) -> &Dispatch {
        &self.0.driver.api.dispatch
    }

    pub(crate) fn api(&self) -> &Arc<crate::api::Api> {
        &self.0.driver.api
    }

    /// Fails with a typed error unless `device` (or its root) belongs to this context.
    pub(crate) fn check_device(&self, device: &Device) -> Result<()> {
        let ok = self
            .0
            .devices
            .iter()
            .any(|d| d == device || d.subdevices().is_ok_and(|s| s.contains(device)));
        if ok {
            Ok(())
        } else {
            Err(invalid(format!(
                "device {:?} is not in this context",
                device.handle
            )))
        }
    }

    /// `Ok` while the context is usable; [`Error::DeviceLost`] once it is lost: a command of
    /// it failed on the device (a kernel's fault, a hang), as the driver reports
    /// (`zeContextGetStatus`) or as this process saw. A lost context stays lost; its streams
    /// and arrays refuse work, and [`recover`](crate::recover) replaces a lost default context.
    ///
    /// ```
    /// let ctx = level_zero::default_context()?;
    /// assert!(ctx.status().is_ok() && !ctx.is_lost());
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn status(&self) -> Result<()> {
        self.check_lost()?;
        // SAFETY: valid context.
        match unsafe { calls::context::get_status(self.dispatch(), self.handle()) } {
            Ok(()) => Ok(()),
            Err(e) => {
                let e = Error::from(e);
                if let Some(fault) = lost_fault(&e) {
                    self.mark_lost(fault);
                    return self.check_lost();
                }
                Err(e)
            }
        }
    }

    /// Whether the context is known lost (cheap: no driver call; [`status`](Self::status)
    /// asks the driver).
    #[inline]
    pub fn is_lost(&self) -> bool {
        self.0.lost.get().is_some()
    }

    /// [`Error::DeviceLost`] with the failure that lost the context, if it is known lost.
    pub(crate) fn check_lost(&self) -> Result<()> {
        match self.0.lost.get() {
            Some(fault) => Err(Error::DeviceLost {
                fault: fault.clone(),
            }),
            None => Ok(()),
        }
    }

    /// Records that the context is lost by the failure `fault` describes (the first one
    /// recorded stays).
    pub(crate) fn mark_lost(&self, fault: Option<String>) {
        if self.0.lost.set(fault).is_ok() {
            log::warn!(
                "context {:?} lost: {}",
                self.handle(),
                self.check_lost()
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default()
            );
        }
    }
}
