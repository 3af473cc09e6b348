//! Event pools and events.

use crate::context::Context;
use crate::error::{ready, Result};
use crate::owned::Owned;
use level_zero_sys::*;
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
    // First: destroyed before the context is released; events keep the pool alive, so none
    // remains then.
    handle: Owned<ze_event_pool_handle_t>,
    ctx: Context,
    count: u32,
    flags: EventPoolFlags,
}

impl EventPool {
    /// A pool of `count` events usable by every device of the context.
    pub fn new(ctx: &Context, flags: EventPoolFlags, count: u32) -> Result<EventPool> {
        let desc = ze_event_pool_desc_t {
            flags: ze_event_pool_flags_t(flags.bits()),
            count,
            ..Default::default()
        };
        // SAFETY: valid context; local descriptor; no device list (every device).
        let handle = unsafe {
            calls::event_pool::create(ctx.dispatch(), ctx.handle(), &desc, 0, std::ptr::null_mut())
        }?;
        Ok(EventPool(Arc::new(PoolInner {
            handle: Owned::new(ctx.api(), handle),
            ctx: ctx.clone(),
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
        // SAFETY: valid pool; local descriptor.
        let handle =
            unsafe { calls::event::create(self.0.ctx.dispatch(), self.0.handle.get(), &desc) }?;
        Ok(Event(Arc::new(EventInner {
            handle: Owned::new(self.0.ctx.api(), handle),
            _pool: Some(self.clone()),
            ctx: self.0.ctx.clone(),
            counter_based: false,
        })))
    }
}

/// An event. Clones share it.
#[derive(Clone)]
pub struct Event(pub(crate) Arc<EventInner>);

pub(crate) struct EventInner {
    // First: destroyed before the pool is released. Commands that signal or wait on the event
    // hold a clone until they complete.
    pub(crate) handle: Owned<ze_event_handle_t>,
    /// Its pool, kept alive (none for a counter-based event).
    _pool: Option<EventPool>,
    ctx: Context,
    counter_based: bool,
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
        self.0.handle.get()
    }

    fn dispatch(&self) -> &Dispatch {
        self.0.ctx.dispatch()
    }

    /// A counter-based event (API 1.15) on `device`, host visible: each command appended to
    /// signal it becomes what it tracks (no reset between uses), and a wait for it waits for
    /// the command it tracked when the wait was appended. The host neither signals nor resets
    /// it. [`Error::Unsupported`](crate::Error) where the API agreed on is older.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// if dev.api_version() < (1, 15) {
    ///     return Ok(()); // not through an older loader
    /// }
    /// let done = Event::counter_based(&ctx, &dev)?;
    /// assert!(done.is_signalled()?); // tracks nothing yet
    /// let buf = Allocation::shared(&ctx, Some(&dev), 64, 0)?;
    /// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
    /// list.fill(&buf, 0, 64, &[1], Deps::signal(&done))?;
    /// done.wait(None)?;
    /// # list.synchronize()?;
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn counter_based(ctx: &Context, device: &crate::Device) -> Result<Event> {
        ctx.check_device(device)?;
        use ze_event_counter_based_flag_t as F;
        let desc = ze_event_counter_based_desc_t {
            flags: ze_event_counter_based_flags_t(
                F::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE.0
                    | F::ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE.0
                    | F::ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE.0,
            ),
            signal: ze_event_scope_flags_t(EventScope::HOST.bits()),
            wait: ze_event_scope_flags_t(EventScope::HOST.bits()),
            ..Default::default()
        };
        // SAFETY: valid context and device; local descriptor.
        let handle = unsafe {
            calls::event::counter_based_create(ctx.dispatch(), ctx.handle(), device.handle, &desc)
        }?;
        Ok(Event(Arc::new(EventInner {
            handle: Owned::new(ctx.api(), handle),
            _pool: None,
            ctx: ctx.clone(),
            counter_based: true,
        })))
    }

    /// Whether it is a counter-based event ([`Event::counter_based`]).
    pub fn is_counter_based(&self) -> bool {
        self.0.counter_based
    }

    /// Signals the event from the host.
    pub fn signal(&self) -> Result<()> {
        // SAFETY: valid event.
        Ok(unsafe { calls::event::host_signal(self.dispatch(), self.0.handle.get()) }?)
    }

    /// Waits up to `timeout` (`None`: forever). `Ok(false)` on timeout.
    pub fn wait(&self, timeout: Option<Duration>) -> Result<bool> {
        // SAFETY: valid event.
        ready(unsafe {
            calls::event::host_synchronize(self.dispatch(), self.handle(), timeout_ns(timeout))
        })
    }

    /// Whether the event is signalled (does not wait).
    pub fn is_signalled(&self) -> Result<bool> {
        // SAFETY: valid event.
        ready(unsafe { calls::event::query_status(self.dispatch(), self.handle()) })
    }

    /// Returns the event to the unsignalled state.
    pub fn reset(&self) -> Result<()> {
        // SAFETY: valid event.
        Ok(unsafe { calls::event::host_reset(self.dispatch(), self.0.handle.get()) }?)
    }

    /// The timestamps of the command that signalled the event (timestamp pools only).
    pub fn kernel_timestamp(&self) -> Result<KernelTimestamp> {
        let mut t = ze_kernel_timestamp_result_t::default();
        // SAFETY: valid event; local out-value.
        unsafe {
            calls::event::query_kernel_timestamp(self.dispatch(), self.0.handle.get(), &mut t)
        }?;
        Ok(t.into())
    }
}
