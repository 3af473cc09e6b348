//! Event pools and events.

use crate::context::Context;
use crate::error::{check, Result};
use level_zero_sys::{ze_call, *};
use std::sync::Arc;
use std::time::Duration;

bitflags::bitflags! {
    /// `ze_event_pool_flags_t`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct EventPoolFlags: u32 {
        /// The host can signal, query and wait on the events.
        const HOST_VISIBLE = 1;
        /// The pool can be shared with another process.
        const IPC = 2;
        /// Events record kernel timestamps.
        const KERNEL_TIMESTAMP = 4;
    }

    /// `ze_event_scope_flags_t`: whose caches a signal or wait covers.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct EventScope: u32 {
        /// The sub-device's caches.
        const SUBDEVICE = 1;
        /// The device's caches.
        const DEVICE = 2;
        /// Coherent with the host.
        const HOST = 4;
    }
}

/// A pool of events.
///
/// ```
/// use level_zero::{EventPool, EventPoolFlags, EventScope};
/// let pool = EventPool::new(&level_zero::default_context()?, EventPoolFlags::HOST_VISIBLE, 4)?;
/// let event = pool.event(0, EventScope::HOST, EventScope::HOST)?;
/// event.signal()?;
/// assert!(event.is_signalled()?);
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct EventPool(Arc<PoolInner>);

struct PoolInner {
    ctx: Context,
    handle: ze_event_pool_handle_t,
    count: u32,
    flags: EventPoolFlags,
}

// SAFETY: the pool handle is owned; zeEventPool* and zeEventCreate may be called from
// simultaneous threads (spec).
unsafe impl Send for PoolInner {}
// SAFETY: as above.
unsafe impl Sync for PoolInner {}

impl Drop for PoolInner {
    fn drop(&mut self) {
        // SAFETY: events keep the pool alive, so none remains.
        let r = unsafe { ze_call!(self.ctx.dispatch(), EventPool.pfnDestroy(self.handle)) };
        if r != ze_result_t::ZE_RESULT_SUCCESS {
            log::error!("zeEventPoolDestroy failed: {r}");
        }
    }
}

impl EventPool {
    /// A pool of `count` events usable by every device of the context.
    pub fn new(ctx: &Context, flags: EventPoolFlags, count: u32) -> Result<EventPool> {
        let desc = ze_event_pool_desc_t {
            flags: ze_event_pool_flags_t(flags.bits()),
            count,
            ..Default::default()
        };
        let mut handle = std::ptr::null_mut();
        // SAFETY: valid context; local descriptor and out-handle.
        check(
            unsafe {
                ze_call!(
                    ctx.dispatch(),
                    EventPool.pfnCreate(ctx.handle(), &desc, 0, std::ptr::null_mut(), &mut handle)
                )
            },
            "zeEventPoolCreate",
        )?;
        Ok(EventPool(Arc::new(PoolInner {
            ctx: ctx.clone(),
            handle,
            count,
            flags,
        })))
    }

    /// How many events the pool holds.
    pub fn count(&self) -> u32 {
        self.0.count
    }

    /// The flags the pool was created with.
    pub fn flags(&self) -> EventPoolFlags {
        self.0.flags
    }

    /// Event number `index` of the pool.
    pub fn event(&self, index: u32, signal: EventScope, wait: EventScope) -> Result<Event> {
        if index >= self.0.count {
            return Err(crate::error::invalid(format!(
                "event index {index} out of range for a pool of {}",
                self.0.count
            )));
        }
        let desc = ze_event_desc_t {
            index,
            signal: ze_event_scope_flags_t(signal.bits()),
            wait: ze_event_scope_flags_t(wait.bits()),
            ..Default::default()
        };
        let mut handle = std::ptr::null_mut();
        // SAFETY: valid pool; local descriptor and out-handle.
        check(
            unsafe {
                ze_call!(
                    self.0.ctx.dispatch(),
                    Event.pfnCreate(self.0.handle, &desc, &mut handle)
                )
            },
            "zeEventCreate",
        )?;
        Ok(Event(Arc::new(EventInner {
            pool: self.clone(),
            handle,
        })))
    }
}

/// An event. Clones share it.
#[derive(Clone)]
pub struct Event(pub(crate) Arc<EventInner>);

pub(crate) struct EventInner {
    pool: EventPool,
    pub(crate) handle: ze_event_handle_t,
}

// SAFETY: event functions may be called from simultaneous threads (spec); the handle is owned.
unsafe impl Send for EventInner {}
// SAFETY: as above.
unsafe impl Sync for EventInner {}

impl Drop for EventInner {
    fn drop(&mut self) {
        // SAFETY: commands that signal or wait on the event hold a clone until they complete.
        let r = unsafe { ze_call!(self.pool.0.ctx.dispatch(), Event.pfnDestroy(self.handle)) };
        if r != ze_result_t::ZE_RESULT_SUCCESS {
            log::error!("zeEventDestroy failed: {r}");
        }
    }
}

/// Kernel start and end timestamps of an event (device clock ticks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelTimestamp {
    /// Start and end on the device's global clock.
    pub global: (u64, u64),
    /// Start and end on the context's clock (only while the context was active).
    pub context: (u64, u64),
}

impl From<ze_kernel_timestamp_result_t> for KernelTimestamp {
    fn from(t: ze_kernel_timestamp_result_t) -> Self {
        KernelTimestamp {
            global: (t.global.kernelStart, t.global.kernelEnd),
            context: (t.context.kernelStart, t.context.kernelEnd),
        }
    }
}

/// A timeout for host waits: `None` waits forever.
pub(crate) fn timeout_ns(timeout: Option<Duration>) -> u64 {
    timeout.map_or(u64::MAX, |t| t.as_nanos().min(u64::MAX as u128 - 1) as u64)
}

impl Event {
    /// The raw handle (for calls this crate does not wrap).
    pub fn handle(&self) -> ze_event_handle_t {
        self.0.handle
    }

    fn dispatch(&self) -> &Dispatch {
        self.0.pool.0.ctx.dispatch()
    }

    /// Signals the event from the host.
    pub fn signal(&self) -> Result<()> {
        // SAFETY: valid event.
        check(
            unsafe { ze_call!(self.dispatch(), Event.pfnHostSignal(self.0.handle)) },
            "zeEventHostSignal",
        )
    }

    /// Waits up to `timeout` (`None`: forever). `Ok(false)` on timeout.
    pub fn wait(&self, timeout: Option<Duration>) -> Result<bool> {
        // SAFETY: valid event.
        let r = unsafe {
            ze_call!(
                self.dispatch(),
                Event.pfnHostSynchronize(self.0.handle, timeout_ns(timeout))
            )
        };
        if r == ze_result_t::ZE_RESULT_NOT_READY {
            return Ok(false);
        }
        check(r, "zeEventHostSynchronize").map(|()| true)
    }

    /// Whether the event is signalled (does not wait).
    pub fn is_signalled(&self) -> Result<bool> {
        // SAFETY: valid event.
        let r = unsafe { ze_call!(self.dispatch(), Event.pfnQueryStatus(self.0.handle)) };
        if r == ze_result_t::ZE_RESULT_NOT_READY {
            return Ok(false);
        }
        check(r, "zeEventQueryStatus").map(|()| true)
    }

    /// Returns the event to the unsignalled state.
    pub fn reset(&self) -> Result<()> {
        // SAFETY: valid event.
        check(
            unsafe { ze_call!(self.dispatch(), Event.pfnHostReset(self.0.handle)) },
            "zeEventHostReset",
        )
    }

    /// The timestamps of the command that signalled the event (timestamp pools only).
    pub fn kernel_timestamp(&self) -> Result<KernelTimestamp> {
        let mut t = ze_kernel_timestamp_result_t::default();
        // SAFETY: valid event; local out-value.
        check(
            unsafe {
                ze_call!(
                    self.dispatch(),
                    Event.pfnQueryKernelTimestamp(self.0.handle, &mut t)
                )
            },
            "zeEventQueryKernelTimestamp",
        )?;
        Ok(t.into())
    }
}
