//! Dependency plumbing: the events a command signals and waits for ([`Deps`]), what a pending
//! command keeps alive ([`Retained`]), and their conversion to the raw arguments of an append.

use crate::event::Event;
use level_zero_sys::*;
use std::any::Any;
use std::sync::Arc;

/// Something a pending command uses and must keep alive until it completes.
pub type Retained = Arc<dyn Any + Send + Sync>;

/// The events a command signals and waits for.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1)?;
/// let done = pool.event(0, EventScope::HOST, EventScope::HOST)?;
/// let buf = Allocation::device(&ctx, &dev, 64, 0)?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.fill(&buf, 0, 64, &[1], Deps::signal(&done))?;
/// done.wait(None)?;
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct Deps<'a> {
    /// The event the command signals when it completes.
    pub signal: Option<&'a Event>,
    /// Events the command waits for before it starts.
    pub wait: &'a [&'a Event],
}

impl<'a> Deps<'a> {
    /// No events.
    pub const NONE: Deps<'static> = Deps {
        signal: None,
        wait: &[],
    };

    /// Signals `event` on completion; waits for nothing.
    pub fn signal(event: &'a Event) -> Deps<'a> {
        Deps {
            signal: Some(event),
            wait: &[],
        }
    }

    /// Waits for `events`; signals nothing.
    pub fn wait(events: &'a [&'a Event]) -> Deps<'a> {
        Deps {
            signal: None,
            wait: events,
        }
    }

    pub(crate) fn retained(&self) -> Vec<Retained> {
        self.signal
            .iter()
            .chain(self.wait.iter())
            .map(|e| e.0.clone() as Retained)
            .collect()
    }
}

/// The raw arguments of an append: signal event, wait count, wait list.
pub type RawDeps = (ze_event_handle_t, u32, *mut ze_event_handle_t);

/// Appends through `call` with `deps` converted to raw handles.
pub(crate) fn call_with_deps(
    dispatch: &Dispatch,
    deps: Deps<'_>,
    extra_wait: Option<ze_event_handle_t>,
    call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
) -> Result<(), ZeError> {
    let signal = deps.signal.map_or(std::ptr::null_mut(), |e| e.handle());
    call_raw(dispatch, signal, deps.wait, extra_wait, call)
}

/// Like [`call_with_deps`] with the signal event as a raw handle.
pub(crate) fn call_raw(
    dispatch: &Dispatch,
    signal: ze_event_handle_t,
    wait: &[&Event],
    extra_wait: Option<ze_event_handle_t>,
    call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
) -> Result<(), ZeError> {
    // The common cases (no wait, or only the list's own ordering event) need no allocation.
    match (wait, extra_wait) {
        ([], None) => call(dispatch, (signal, 0, std::ptr::null_mut())),
        ([], Some(mut only)) => call(dispatch, (signal, 1, &mut only)),
        (wait, extra) => {
            let mut waits: Vec<ze_event_handle_t> = wait.iter().map(|e| e.handle()).collect();
            waits.extend(extra);
            call(dispatch, (signal, waits.len() as u32, waits.as_mut_ptr()))
        }
    }
}
