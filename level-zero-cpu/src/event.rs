//! Event pools and events: host and device signalling, host waits with timeouts, kernel
//! timestamps.

use crate::abi::*;
use crate::fault::Text;
use crate::handle::{self, HandleKind, Object};
use crate::sync::{timeout_from_ns, NOTIFIER, SHARED_POOLS};
use level_zero_sys::*;
use std::collections::HashMap;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One event's state: what a handle to the event (in this process or, for an IPC pool, in
/// another) reads and writes. All-zero bytes are a clear event.
#[repr(C)]
#[derive(Default)]
pub struct Slot {
    state: AtomicU32,
    has_timestamps: AtomicU32,
    start: AtomicU64,
    end: AtomicU64,
    /// A counter-based event's own slot: the value of the last of its tracking points that
    /// completed (the address `zeEventCounterBasedGetDeviceAddress` gives).
    counter: AtomicU64,
}

/// Slots in a memfd mapped shared, so that other processes can map them too (IPC pools).
pub struct SharedSlots {
    base: usize,
    len: usize,
    pub fd: Arc<OwnedFd>,
}

// SAFETY: the mapping holds only atomics; the fd is an owned descriptor.
unsafe impl Send for SharedSlots {}
// SAFETY: as above.
unsafe impl Sync for SharedSlots {}

impl SharedSlots {
    /// `count` clear slots in a new memfd.
    pub fn create(count: u32) -> Option<SharedSlots> {
        // SAFETY: a C string literal and a valid flag.
        let fd =
            unsafe { libc::memfd_create(c"level-zero-cpu ipc events".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return None;
        }
        // SAFETY: a new descriptor, owned from now on.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        let len = count as usize * size_of::<Slot>();
        // SAFETY: a valid memfd; a new file is all zeros (clear slots).
        if unsafe { libc::ftruncate(fd.as_raw_fd(), len as libc::off_t) } != 0 {
            return None;
        }
        SharedSlots::open(Arc::new(fd), count)
    }

    /// The `count` slots of `fd`, mapped.
    pub fn open(fd: Arc<OwnedFd>, count: u32) -> Option<SharedSlots> {
        let len = count as usize * size_of::<Slot>();
        // SAFETY: a new shared mapping of the file at an address the kernel chooses.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd.as_raw_fd(),
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        SHARED_POOLS.fetch_add(1, Ordering::Relaxed);
        Some(SharedSlots {
            base: base as usize,
            len,
            fd,
        })
    }
}

impl Drop for SharedSlots {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `open`, unmapped once with the pool.
        unsafe { libc::munmap(self.base as *mut libc::c_void, self.len) };
        SHARED_POOLS.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Where a pool's slots live.
pub enum Slots {
    Local(Box<[Slot]>),
    Shared(SharedSlots),
}

/// An event pool: `count` slots, shared by the events created in it.
pub struct EventPool {
    pub context: usize,
    /// The creation flags (`zeEventPoolGetFlags`); a pool opened from an IPC handle has
    /// `ZE_EVENT_POOL_FLAG_IPC`, with `KERNEL_TIMESTAMP` if the exported pool had it.
    pub flags: ze_event_pool_flags_t,
    pub count: u32,
    pub timestamps: bool,
    pub slots: Slots,
    /// Opened from an IPC handle (`zeEventPoolOpenIpcHandle`): its slots are another pool's.
    pub opened: bool,
    /// A pool of counter-based events (`ze_event_pool_counter_based_exp_desc_t`), with the
    /// flags its events report.
    pub counter_based: Option<ze_event_counter_based_flags_t>,
    /// Submitted commands not yet run that wait for or signal one of its events
    /// ([`PoolUse`]): while there are any, the pool is in use.
    pending: AtomicUsize,
    /// The description of the failed command that signalled a slot (as failed), by slot.
    /// Kept in this process only: a pool opened from an IPC handle sees the state alone.
    faults: Mutex<HashMap<u32, Text>>,
}

impl EventPool {
    pub fn new(
        context: usize,
        count: u32,
        flags: ze_event_pool_flags_t,
        slots: Slots,
        opened: bool,
    ) -> Self {
        let timestamps = flags.0
            & (ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP.0
                | ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP.0)
            != 0;
        EventPool {
            context,
            flags,
            count,
            timestamps,
            slots,
            opened,
            counter_based: None,
            pending: AtomicUsize::new(0),
            faults: Mutex::new(HashMap::new()),
        }
    }

    fn slot(&self, index: u32) -> &Slot {
        match &self.slots {
            Slots::Local(slots) => &slots[index as usize],
            // SAFETY: `index < count` (checked at event creation); the mapping holds `count`
            // slots and lives as long as the pool; all-zero or atomically written bytes are
            // valid atomics.
            Slots::Shared(shared) => unsafe { &*(shared.base as *const Slot).add(index as usize) },
        }
    }
}

impl Object for EventPool {
    const KIND: HandleKind = HandleKind::EventPool;
}

/// A submitted command's use of a pool's events, from submission until the command has run:
/// while one exists the pool is in use (`zeEventPoolDestroy` refuses it).
pub struct PoolUse(Arc<EventPool>);

impl PoolUse {
    /// The uses of the pools of `events` (one per pool).
    pub fn of<'a>(events: impl IntoIterator<Item = &'a Arc<Event>>) -> Vec<PoolUse> {
        let mut uses: Vec<PoolUse> = Vec::new();
        for event in events {
            if !uses.iter().any(|u| Arc::ptr_eq(&u.0, &event.pool)) {
                event.pool.pending.fetch_add(1, Ordering::AcqRel);
                uses.push(PoolUse(event.pool.clone()));
            }
        }
        uses
    }
}

impl Drop for PoolUse {
    fn drop(&mut self) {
        self.0.pending.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Event state values.
const CLEAR: u32 = 0;
const SIGNALLED: u32 = 1;
/// Signalled by a command that failed (device lost): waits report the error.
const FAILED: u32 = 2;

/// An event: a slot of its pool.
pub struct Event {
    pub pool: Arc<EventPool>,
    /// The pool's handle (`zeEventGetEventPool`).
    pub pool_handle: usize,
    pub index: u32,
    /// The descriptor's scopes (`zeEventGetSignalScope`, `zeEventGetWaitScope`).
    pub signal_scope: ze_event_scope_flags_t,
    pub wait_scope: ze_event_scope_flags_t,
    /// How a counter-based event is tracked (`None`: a regular event, its slot's state).
    pub counter: Option<Counter>,
}

/// How a counter-based event (1.15 `zeEventCounterBasedCreate`, or an event of a pool created
/// with `ze_event_pool_counter_based_exp_desc_t`) is tracked. It is never signalled or reset
/// from the host; a command appended to signal it makes a new tracking point its current one
/// (at append on an immediate list, at each submission of a regular list), and a wait
/// appended for it waits for the point current then.
pub enum Counter {
    /// The event itself; its own slot's `counter` holds the value of the last point completed.
    Own {
        flags: ze_event_counter_based_flags_t,
        /// Points made so far (the next one's value is this plus one).
        issued: AtomicU64,
        /// The current tracking point: at first one that is complete (value 0).
        current: Mutex<Arc<Event>>,
    },
    /// The `value`th tracking point of the counter-based event whose slot is `index` of
    /// `owner`: one command's completion, which writes `value` to that slot's counter.
    Point {
        owner: Arc<EventPool>,
        index: u32,
        value: u64,
    },
    /// A counter-based event of another process, opened from its IPC handle (its slot,
    /// mapped): complete once the slot's counter reaches `value`, its tracking point when the
    /// handle was made. It can only be waited for.
    Opened { value: u64 },
    /// A counter-based event whose counter is the application's: the 8 bytes of USM at
    /// `counter` (`ze_event_counter_based_external_aggregate_storage_desc_t`, `increment` > 0:
    /// each command that signals it adds `increment`; `..._external_sync_allocation_desc_t`,
    /// `increment` = 0: only the application writes it). Complete once the counter reaches
    /// `completion`.
    External {
        flags: ze_event_counter_based_flags_t,
        counter: crate::memory::Range,
        completion: u64,
        increment: u64,
    },
}

/// The value of an external counter (`None` once its memory is freed).
fn external_value(counter: &crate::memory::Range) -> Option<u64> {
    let _pinned = counter.pin().ok()?;
    // SAFETY: 8 aligned bytes of USM checked at creation and pinned for the read; other
    // writers use atomics (or the application writes whole values).
    Some(unsafe { &*(counter.ptr as *const AtomicU64) }.load(Ordering::Acquire))
}

impl Object for Event {
    const KIND: HandleKind = HandleKind::Event;
}

impl Event {
    fn slot(&self) -> &Slot {
        self.pool.slot(self.index)
    }

    /// A counter-based event's current tracking point, if this is one.
    fn current(&self) -> Option<Arc<Event>> {
        match &self.counter {
            Some(Counter::Own { current, .. }) => {
                Some(current.lock().unwrap_or_else(|e| e.into_inner()).clone())
            }
            _ => None,
        }
    }

    pub fn is_signalled(&self) -> bool {
        if let Some(Counter::Own { issued, .. }) = &self.counter {
            // Its current point is complete once the counter reached the last value issued:
            // each point raises it to its own value when it completes (or fails), and a point
            // is issued before its command is submitted. No lock, unlike `current`.
            return self.slot().counter.load(Ordering::Acquire) >= issued.load(Ordering::Acquire);
        }
        if let Some(Counter::External {
            counter,
            completion,
            ..
        }) = &self.counter
        {
            // Freed memory: complete (its status says what happened), so no wait hangs.
            return external_value(counter).is_none_or(|v| v >= *completion);
        }
        if let Some(Counter::Opened { value }) = &self.counter {
            return self.slot().counter.load(Ordering::Acquire) >= *value;
        }
        self.slot().state.load(Ordering::Acquire) != CLEAR
    }

    /// A counter-based event's creation flags (`zeEventGetCounterBasedFlags`); 0 for others.
    pub fn counter_flags(&self) -> ze_event_counter_based_flags_t {
        match &self.counter {
            Some(Counter::Own { flags, .. } | Counter::External { flags, .. }) => *flags,
            _ => ze_event_counter_based_flags_t(0),
        }
    }

    /// Whether this is a counter-based event (own or opened), which the host may not signal
    /// or reset.
    pub fn is_counter_based(&self) -> bool {
        matches!(
            &self.counter,
            Some(Counter::Own { .. } | Counter::Opened { .. } | Counter::External { .. })
        )
    }

    /// The value of a counter-based event's current tracking point and the address of the
    /// counter that reaches it (`zeEventCounterBasedGetDeviceAddress`).
    pub fn counter_address(&self) -> Option<(u64, usize)> {
        if let Some(Counter::External {
            counter,
            completion,
            ..
        }) = &self.counter
        {
            return Some((*completion, counter.ptr));
        }
        let point = self.current()?;
        let Some(Counter::Point { value, .. }) = &point.counter else {
            return None;
        };
        Some((*value, &self.slot().counter as *const AtomicU64 as usize))
    }

    /// The event a command signals for this one: itself, or for a counter-based event a new
    /// tracking point, which becomes its current one. Called in submission order.
    pub fn bind(self: &Arc<Self>) -> Arc<Event> {
        let Some(Counter::Own {
            issued, current, ..
        }) = &self.counter
        else {
            return self.clone();
        };
        let value = issued.fetch_add(1, Ordering::Relaxed) + 1;
        let mut current = current.lock().unwrap_or_else(|e| e.into_inner());
        // The last point, if it completed and nothing else holds it (no command signals it,
        // no wait waits for it), becomes the new one: a submission then allocates nothing.
        if let Some(last) = Arc::get_mut(&mut current) {
            let done = last.slot().state.load(Ordering::Acquire) == SIGNALLED;
            if let (true, Some(Counter::Point { value: v, .. })) = (done, &mut last.counter) {
                *v = value;
                last.slot().has_timestamps.store(0, Ordering::Relaxed);
                last.slot().state.store(CLEAR, Ordering::Release);
                return current.clone();
            }
        }
        let point = Arc::new(self.point(value));
        *current = point.clone();
        point
    }

    /// The event commands signal for this one now, as an address to compare: itself, or a
    /// counter-based event's current tracking point.
    pub fn resolve_ptr(&self) -> *const Event {
        self.current()
            .map_or(self as *const Event, |p| Arc::as_ptr(&p))
    }

    /// The event a wait appended now waits for: itself, or a counter-based event's current
    /// tracking point.
    pub fn resolve(self: &Arc<Self>) -> Arc<Event> {
        self.current().unwrap_or_else(|| self.clone())
    }

    /// An event of a one-slot pool of its own, made by the driver (no pool handle): a
    /// counter-based event, a tracking point, one opened from another process. `flags` are the
    /// pool's; `opened`: `slot` is another process's.
    pub fn alone(
        context: usize,
        flags: u32,
        slot: Slots,
        opened: bool,
        scopes: (ze_event_scope_flags_t, ze_event_scope_flags_t),
    ) -> Event {
        let pool = EventPool::new(context, 1, ze_event_pool_flags_t(flags), slot, opened);
        Event {
            pool: Arc::new(pool),
            pool_handle: 0,
            index: 0,
            signal_scope: scopes.0,
            wait_scope: scopes.1,
            counter: None,
        }
    }

    /// A new (clear) tracking point `value` of this counter-based event, in a pool of its
    /// own that keeps timestamps if this event's does.
    fn point(&self, value: u64) -> Event {
        let flags = if self.pool.timestamps {
            ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP.0
        } else {
            0
        };
        let slot = Slots::Local(Box::new([Slot::default()]));
        let scopes = (self.signal_scope, self.wait_scope);
        let mut point = Event::alone(self.pool.context, flags, slot, false, scopes);
        point.counter = Some(Counter::Point {
            owner: self.pool.clone(),
            index: self.index,
            value,
        });
        point
    }

    /// Makes this event counter-based with `flags`: its first tracking point is complete.
    pub fn make_counter_based(&mut self, flags: ze_event_counter_based_flags_t) {
        let first = self.point(0);
        first.slot().state.store(SIGNALLED, Ordering::Release);
        self.slot().counter.store(0, Ordering::Release);
        self.counter = Some(Counter::Own {
            flags,
            issued: AtomicU64::new(0),
            current: Mutex::new(Arc::new(first)),
        });
    }

    /// A point's completion reaches its counter-based event's counter (`failed`: the slot's
    /// state says so to processes that opened it); a command that signals an external
    /// aggregate counter adds its increment.
    fn reach_counter(&self, failed: bool) {
        if let Some(Counter::External {
            counter, increment, ..
        }) = &self.counter
        {
            if *increment > 0 {
                if let Ok(_pinned) = counter.pin() {
                    // SAFETY: as in `external_value`, pinned for the write.
                    unsafe { &*(counter.ptr as *const AtomicU64) }
                        .fetch_add(*increment, Ordering::AcqRel);
                }
            }
            return;
        }
        if let Some(Counter::Point {
            owner,
            index,
            value,
        }) = &self.counter
        {
            let slot = owner.slot(*index);
            if failed {
                slot.state.store(FAILED, Ordering::Release);
            }
            slot.counter.fetch_max(*value, Ordering::AcqRel);
        }
    }

    /// Signals the event (after the work it tracks has finished).
    pub fn signal(&self) {
        self.slot().state.store(SIGNALLED, Ordering::Release);
        self.reach_counter(false);
        NOTIFIER.notify();
    }

    /// Signals the event as the result of a failed command, described by `fault` (stored
    /// before the state, so a waiter that sees the failure finds its description).
    pub fn fail(&self, fault: &Text) {
        self.faults().insert(self.index, fault.clone());
        self.slot().state.store(FAILED, Ordering::Release);
        self.reach_counter(true);
        NOTIFIER.notify();
    }

    fn faults(&self) -> std::sync::MutexGuard<'_, HashMap<u32, Text>> {
        self.pool.faults.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Clears a regular event (a counter-based one is never reset: the API refuses it).
    pub fn reset(&self) {
        if self.counter.is_some() {
            return;
        }
        self.slot().has_timestamps.store(0, Ordering::Relaxed);
        self.slot().state.store(CLEAR, Ordering::Release);
    }

    /// Records the execution window of the command that signals this event.
    /// Whether the event's pool keeps kernel timestamps.
    pub fn keeps_timestamps(&self) -> bool {
        self.pool.timestamps
    }

    pub fn record_timestamps(&self, start: u64, end: u64) {
        if self.pool.timestamps {
            let slot = self.slot();
            slot.start.store(start, Ordering::Relaxed);
            slot.end.store(end, Ordering::Relaxed);
            slot.has_timestamps.store(1, Ordering::Relaxed);
        }
    }

    /// The timestamps in the spec's form (global and context clocks are the same here); a
    /// counter-based event's are its current tracking point's.
    pub fn timestamp_result(&self) -> ze_kernel_timestamp_result_t {
        if let Some(point) = self.current() {
            return point.timestamp_result();
        }
        let data = ze_kernel_timestamp_data_t {
            kernelStart: self.slot().start.load(Ordering::Relaxed),
            kernelEnd: self.slot().end.load(Ordering::Relaxed),
        };
        ze_kernel_timestamp_result_t {
            global: data,
            context: data,
        }
    }

    /// Host wait: `Ok` once signalled, `ZE_RESULT_NOT_READY` on timeout, device lost if the
    /// signalling command failed.
    pub fn host_wait(&self, timeout_ns: u64) -> ZeResult {
        if !NOTIFIER.wait_until(|| self.is_signalled(), timeout_from_ns(timeout_ns)) {
            return Err(ze_result_t::ZE_RESULT_NOT_READY);
        }
        self.status()
    }

    pub fn status(&self) -> ZeResult {
        if let Some(Counter::Own { issued, .. }) = &self.counter {
            // As `is_signalled`; the slot's state says whether any point ever failed: if none
            // did, the current one succeeded, with no lock.
            if self.slot().counter.load(Ordering::Acquire) < issued.load(Ordering::Acquire) {
                return Err(ze_result_t::ZE_RESULT_NOT_READY);
            }
            if self.slot().state.load(Ordering::Acquire) != FAILED {
                return Ok(());
            }
        }
        if let Some(point) = self.current() {
            return point.status();
        }
        if let Some(Counter::External {
            counter,
            completion,
            ..
        }) = &self.counter
        {
            return match external_value(counter) {
                None => Err(crate::fault::report(
                    &"the memory of the event's external counter was freed".into(),
                )),
                Some(v) if v < *completion => Err(ze_result_t::ZE_RESULT_NOT_READY),
                Some(_) => Ok(()),
            };
        }
        if let Some(Counter::Opened { value }) = &self.counter {
            // Its slot's state is only ever set to say a point failed.
            if self.slot().counter.load(Ordering::Acquire) < *value {
                return Err(ze_result_t::ZE_RESULT_NOT_READY);
            }
            if self.slot().state.load(Ordering::Acquire) != FAILED {
                return Ok(());
            }
        }
        match self.slot().state.load(Ordering::Acquire) {
            CLEAR => Err(ze_result_t::ZE_RESULT_NOT_READY),
            FAILED => {
                let fault = self.faults().get(&self.index).cloned();
                // A pool opened from another process's handle has no description.
                Err(crate::fault::report(&fault.unwrap_or_else(|| {
                    "the command that signals the event failed".into()
                })))
            }
            _ => Ok(()),
        }
    }
}

/// The event behind a handle.
pub fn event(handle: ze_event_handle_t) -> ZeResult<Arc<Event>> {
    crate::driver::initialised()?;
    handle::get::<Event, _>(handle)
}

/// Events behind a caller's wait list (`count` handles at `list`); a list resolves
/// counter-based ones to their tracking points as it takes the command
/// ([`CommandList::append`](crate::command_list::CommandList::append)).
///
/// # Safety
/// A non-null `list` must hold `count` handles.
pub unsafe fn wait_list(count: u32, list: *mut ze_event_handle_t) -> ZeResult<Vec<Arc<Event>>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    ensure(!list.is_null(), NULL_POINTER)?;
    // SAFETY: the caller passes `count` handles.
    let handles = unsafe { std::slice::from_raw_parts(list, count as usize) };
    handles.iter().map(|&h| event(h)).collect()
}

/// The event a command appended now signals for `handle` (none for null): the event, or a
/// counter-based event itself, to be bound to a tracking point as the command is submitted
/// ([`Event::bind`]). An event opened from another process's counter-based event cannot be
/// signalled (`INVALID_ARGUMENT`), nor one whose external counter only the application writes.
pub fn signal_event(handle: ze_event_handle_t) -> ZeResult<Option<Arc<Event>>> {
    if handle.is_null() {
        return Ok(None);
    }
    let ev = event(handle)?;
    ensure(
        !matches!(
            ev.counter,
            Some(Counter::Opened { .. } | Counter::External { increment: 0, .. })
        ),
        INVALID_ARGUMENT,
    )?;
    Ok(Some(ev))
}

/// Destroys a pool whose events no submitted command that has not run yet waits for or
/// signals (`HANDLE_OBJECT_IN_USE` otherwise), as Intel's driver does once the work is done.
/// Events still alive keep what they need of the pool: they work on and can be destroyed
/// (the spec asks the program to destroy them first; a program that does not is not harmed).
pub fn event_pool_destroy_checked(pool: ze_event_pool_handle_t) -> ZeResult {
    if handle::is_orphan::<EventPool, _>(pool) {
        return handle::destroy::<EventPool, _>(pool).map(drop);
    }
    let p = handle::get::<EventPool, _>(pool)?;
    let in_use = p.pending.load(Ordering::Acquire) > 0;
    ensure(!in_use, ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE)?;
    drop(p);
    handle::destroy::<EventPool, _>(pool).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counter_based() -> Arc<Event> {
        let slot = Slots::Local(Box::new([Slot::default()]));
        let mut e = Event::alone(0, 0, slot, false, (Default::default(), Default::default()));
        e.make_counter_based(Default::default());
        Arc::new(e)
    }

    /// A completed tracking point nobody holds is the next one (reset, its new value); one a
    /// wait still holds is left alone, complete.
    #[test]
    fn a_completed_point_nobody_holds_is_reused() {
        let e = counter_based();
        let first = e.bind();
        let at = Arc::as_ptr(&first) as usize;
        assert!(!e.is_signalled());
        first.signal();
        assert!(e.is_signalled());
        drop(first);
        let second = e.bind();
        assert_eq!(Arc::as_ptr(&second) as usize, at, "reused");
        assert!(!second.is_signalled() && !e.is_signalled());
        assert!(matches!(
            second.counter,
            Some(Counter::Point { value: 2, .. })
        ));
        second.signal();
        // A wait resolved to the current point keeps it.
        let waiter = e.resolve();
        drop(second);
        let third = e.bind();
        assert!(!Arc::ptr_eq(&third, &waiter), "a held point is not reused");
        assert!(
            waiter.is_signalled(),
            "the wait still sees its point complete"
        );
        assert!(!third.is_signalled());
        // Nor one that has not completed.
        let fourth = e.bind();
        assert!(!Arc::ptr_eq(&third, &fourth));
    }

    /// A counter-based event's status and signal follow its current point: not ready, then a
    /// failed point's fault, then (a later point bound) not ready, then that point's success.
    /// Catches: a status read from the event's own slot alone, whose failure mark stays.
    #[test]
    fn status_follows_the_current_point_after_a_failure() {
        let not_ready = Err(ze_result_t::ZE_RESULT_NOT_READY);
        let e = counter_based();
        assert!(e.is_signalled() && e.status().is_ok());
        let first = e.bind();
        assert!(!e.is_signalled());
        assert_eq!(e.status(), not_ready);
        first.fail(&"a fault".into());
        assert!(e.is_signalled());
        assert!(e.status().is_err() && e.status() != not_ready);
        drop(first);
        let second = e.bind();
        assert!(!e.is_signalled());
        assert_eq!(e.status(), not_ready);
        second.signal();
        assert!(e.is_signalled());
        assert_eq!(e.status(), Ok(()));
    }
}
