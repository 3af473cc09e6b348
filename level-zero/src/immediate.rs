//! Immediate command lists: commands run as they are appended. Each list tracks completion
//! with a ring of events, so it can say cheaply which of its commands have finished (the
//! ordering tokens the array layer uses to recycle memory) and keeps what pending commands
//! use alive until then. Commands run in order: each waits for the previous one.

use crate::commands::{Commands, ListCore};
use crate::context::Context;
use crate::deps::{call_raw, Deps, RawDeps, Retained};
use crate::device::Device;
use crate::error::{Result, ResultExt as _};
use crate::event::{Event, EventPool, EventPoolFlags, EventScope};
use crate::owned::Owned;
use crate::queue_desc::{QueueDesc, QueueMode};
use level_zero_sys::*;
use std::collections::VecDeque;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

/// Events in the completion ring.
const RING: usize = 64;

/// A point in an immediate list's command stream: the command with sequence number `seq`.
/// See [`ImmediateCommandList`] for an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Token {
    /// Which list (a process-unique id).
    pub list: u64,
    /// The command's sequence number in that list.
    pub seq: u64,
}

/// An in-order immediate command list.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::shared(&ctx, Some(&dev), 1024, 0)?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.fill(&buf, 0, 1024, &[1, 2, 3, 4], Deps::NONE)?;
/// let token = list.last_token();
/// list.synchronize()?;
/// assert!(list.is_complete(token)?);
/// // SAFETY: shared memory; the fill has completed.
/// assert_eq!(unsafe { *buf.as_ptr().cast::<u8>().add(6) }, 3);
/// # Ok::<(), level_zero::Error>(())
/// ```
pub struct ImmediateCommandList {
    core: Arc<ListCore>,
    id: u64,
    events: Vec<Event>,
    /// Commands issued and not yet known complete: (seq, ring slot, what they use).
    pending: VecDeque<(u64, usize, Vec<Retained>)>,
    /// Sequence number of the last command appended (0: none yet).
    issued: u64,
    /// Every command up to this sequence number has completed.
    completed: u64,
    /// Ring slots that were signalled and need a reset before reuse.
    dirty: Vec<bool>,
    /// Emptied retain vectors, reused to avoid an allocation per command.
    spare: Vec<Vec<Retained>>,
    /// The first command seen failed, with the failure's description: it lost the context
    /// (see [`crate::recover`]), so waits for it and later commands report the loss.
    failed: Option<(u64, Option<String>)>,
    /// How the list orders its commands and tracks them.
    mode: ListOrdering,
    _pool: Option<EventPool>,
}

/// How an immediate list keeps its commands in order and tracks their completion, by the API
/// version agreed with the driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListOrdering {
    /// Before 1.7: each command waits for the previous one's ring event; ring events are
    /// regular events, reset on the host before reuse.
    Waits,
    /// 1.7 to 1.14: an in-order list (`ZE_COMMAND_QUEUE_FLAG_IN_ORDER`), so commands wait for
    /// nothing of their own; regular ring events.
    InOrder,
    /// From 1.15: an in-order list whose ring events are counter-based (never reset).
    CounterBased,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A fresh id for something that orders commands (an immediate list, a queue): never 0, never
/// reused, so a [`Token`]'s `list` names one of them.
pub(crate) fn next_order_id() -> u64 {
    NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl ImmediateCommandList {
    /// An asynchronous, in-order immediate list on `device`'s first compute group.
    pub fn new(ctx: &Context, device: &Device) -> Result<ImmediateCommandList> {
        Self::with_desc(
            ctx,
            device,
            QueueDesc::default().mode(QueueMode::Asynchronous),
        )
    }

    /// An immediate list on `device` as `desc` says (ordinal, mode, priority).
    pub fn with_desc(
        ctx: &Context,
        device: &Device,
        desc: QueueDesc,
    ) -> Result<ImmediateCommandList> {
        ctx.check_device(device)?;
        let mut raw = desc.raw(device)?;
        let version = ctx.dispatch().api_version().0;
        let mode = if version >= ze_api_version_t::ZE_API_VERSION_1_15.0 {
            ListOrdering::CounterBased
        } else if version >= ze_api_version_t::ZE_API_VERSION_1_7.0 {
            ListOrdering::InOrder
        } else {
            ListOrdering::Waits
        };
        if mode != ListOrdering::Waits {
            raw.flags.0 |= ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_IN_ORDER.0;
        }
        // SAFETY: valid context and device; local descriptor.
        let handle = unsafe {
            calls::command_list::create_immediate(ctx.dispatch(), ctx.handle(), device.handle, &raw)
        }
        .context(|| format!("{desc:?}"))?;
        let core = Arc::new(ListCore {
            handle: Owned::new(ctx.api(), handle),
            ctx: ctx.clone(),
            device: device.clone(),
            ordinal: raw.ordinal,
        });
        let (events, pool) = if mode == ListOrdering::CounterBased {
            let events = (0..RING)
                .map(|_| Event::counter_based(ctx, device))
                .collect::<Result<Vec<_>>>()?;
            (events, None)
        } else {
            let pool = EventPool::new(ctx, EventPoolFlags::HOST_VISIBLE, RING as u32)?;
            let events = (0..RING as u32)
                .map(|i| pool.event(i, EventScope::HOST, EventScope::HOST))
                .collect::<Result<Vec<_>>>()?;
            (events, Some(pool))
        };
        Ok(ImmediateCommandList {
            core,
            id: next_order_id(),
            events,
            pending: VecDeque::new(),
            issued: 0,
            completed: 0,
            dirty: vec![false; RING],
            spare: Vec::new(),
            failed: None,
            mode,
            _pool: pool,
        })
    }

    /// How the list orders and tracks its commands (by the API version agreed).
    pub fn ordering(&self) -> ListOrdering {
        self.mode
    }

    /// The ring event of the last command, for the next one to wait for: only where the list
    /// itself does not keep its commands in order, and the last one is not known complete.
    fn previous(&self) -> Option<ze_event_handle_t> {
        (self.mode == ListOrdering::Waits && self.issued > self.completed)
            .then(|| self.events[(self.issued % RING as u64) as usize].handle())
    }

    /// The raw handle (for calls this crate does not wrap).
    pub fn handle(&self) -> ze_command_list_handle_t {
        self.core.handle.get()
    }

    /// The list's core, shared (a graph recorded on it keeps it).
    pub(crate) fn core_arc(&self) -> &Arc<ListCore> {
        &self.core
    }

    /// The token of the last command appended (complete if nothing was appended).
    pub fn last_token(&self) -> Token {
        Token {
            list: self.id,
            seq: self.issued,
        }
    }

    /// Whether the command of `token` has finished (polls the driver only for pending work).
    pub fn is_complete(&mut self, token: Token) -> Result<bool> {
        self.check_token(token)?;
        self.check_failed(token.seq)?;
        if token.seq <= self.completed {
            return Ok(true);
        }
        self.poll()?;
        Ok(token.seq <= self.completed)
    }

    /// Retires finished commands without waiting. A command that failed is retired too (it
    /// has finished), and reported once here: it lost the context.
    pub fn poll(&mut self) -> Result<()> {
        while let Some(&(seq, slot, _)) = self.pending.front() {
            match self.events[slot].is_signalled() {
                Ok(false) => break,
                Ok(true) => self.retire_through(seq),
                Err(e) => {
                    self.fail_at(seq, &e);
                    self.retire_through(seq);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Records that the command `seq` failed with `e`: a device loss loses the context.
    fn fail_at(&mut self, seq: u64, e: &crate::error::Error) {
        if let Some(fault) = crate::error::lost_fault(e) {
            self.core.ctx.mark_lost(fault.clone());
            if self.failed.as_ref().is_none_or(|(first, _)| seq < *first) {
                self.failed = Some((seq, fault));
            }
        }
    }

    /// [`Error::DeviceLost`](crate::Error::DeviceLost) for a command at or after the first
    /// one seen failed.
    fn check_failed(&self, seq: u64) -> Result<()> {
        match &self.failed {
            Some((first, fault)) if seq >= *first => Err(crate::error::Error::DeviceLost {
                fault: fault.clone(),
            }),
            _ => Ok(()),
        }
    }

    fn retire_through(&mut self, seq: u64) {
        while self.pending.front().is_some_and(|p| p.0 <= seq) {
            if let Some((_, _, mut used)) = self.pending.pop_front() {
                used.clear();
                if self.spare.len() < RING {
                    self.spare.push(used);
                }
            }
        }
        self.completed = self.completed.max(seq);
    }

    /// Waits for every command appended so far and releases what they used.
    pub fn synchronize(&mut self) -> Result<()> {
        self.wait_seq(self.issued, None).map(drop)
    }

    /// Waits up to `timeout` for the command of `token` (a token of this list, as
    /// [`is_complete`](Self::is_complete) takes); `Ok(false)` on timeout.
    pub fn wait_for(&mut self, token: Token, timeout: Option<Duration>) -> Result<bool> {
        self.check_token(token)?;
        self.wait_seq(token.seq, timeout)
    }

    fn check_token(&self, token: Token) -> Result<()> {
        if token.list != self.id {
            return Err(crate::error::invalid(format!(
                "token of list {} asked of list {}",
                token.list, self.id
            )));
        }
        Ok(())
    }

    /// An event signalled once the command of `token` has finished, for other lists to wait
    /// for (`None` if it has finished already). The list signals it after its commands so
    /// far, the token's among them, with a command of its own: [`last_token`](Self::last_token)
    /// afterwards; once that token is complete, the event is signalled.
    pub fn event_after(&mut self, token: Token) -> Result<Option<Event>> {
        if self.is_complete(token)? {
            return Ok(None);
        }
        let pool = EventPool::new(&self.core.ctx, EventPoolFlags::HOST_VISIBLE, 1)?;
        let event = pool.event(0, EventScope::HOST, EventScope::HOST)?;
        Commands::signal_event(self, &event)?;
        Ok(Some(event))
    }

    fn wait_seq(&mut self, seq: u64, timeout: Option<Duration>) -> Result<bool> {
        self.check_failed(seq)?;
        if seq <= self.completed {
            return Ok(true);
        }
        let Some(&(_, slot, _)) = self.pending.iter().find(|p| p.0 == seq) else {
            return Ok(true);
        };
        let own = match self.events[slot].wait(timeout) {
            Ok(false) => return Ok(false),
            Ok(true) => None,
            Err(e) => Some((seq, e)),
        };
        // In order: the earlier commands have finished too. One that failed (a kernel's
        // fault) reports it here, so that a wait past it does not pass in silence.
        let failed = self
            .pending
            .iter()
            .take_while(|p| p.0 < seq)
            .find_map(|p| self.events[p.1].is_signalled().err().map(|e| (p.0, e)))
            .or(own);
        self.retire_through(seq);
        match failed {
            Some((at, e)) => {
                self.fail_at(at, &e);
                Err(e)
            }
            None => Ok(true),
        }
    }

    /// The ring slot for the next command: waits for its previous user, then resets it.
    fn take_slot(&mut self) -> Result<usize> {
        let seq = self.issued + 1;
        let slot = (seq % RING as u64) as usize;
        // The command RING-1 before this one must be complete: then the slot's previous
        // command and the command that waited on it have both finished.
        let must = seq.saturating_sub(RING as u64 - 1);
        if must > self.completed {
            self.wait_seq(must, None)?;
        }
        // A counter-based event tracks its next command without a reset.
        if self.dirty[slot] && self.mode != ListOrdering::CounterBased {
            self.events[slot].reset()?;
        }
        self.dirty[slot] = false;
        Ok(slot)
    }
}

impl crate::commands::sealed::Sealed for ImmediateCommandList {}

impl Commands for ImmediateCommandList {
    fn core(&self) -> &ListCore {
        &self.core
    }

    fn record(
        &mut self,
        deps: Deps<'_>,
        mut retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
    ) -> Result<()> {
        self.core.ctx.check_lost()?;
        let slot = self.take_slot()?;
        let ring = self.events[slot].handle();
        // In order: wait for the previous command (see `previous`).
        let previous = self.previous();
        let own_signal = deps.signal.is_none();
        let signal = deps.signal.map_or(ring, |e| e.handle());
        // Reset before reuse even if the append fails: a synchronous list's failed command
        // has signalled its event (as failed) already.
        self.dirty[slot] = true;
        call_raw(self.core.ctx.dispatch(), signal, deps.wait, previous, call)?;
        if !own_signal {
            // The caller's event signals the command; the ring event follows it.
            let dispatch = &self.core.ctx.0.driver.api.dispatch;
            // SAFETY: live list and ring event.
            unsafe {
                calls::command_list::append_signal_event(dispatch, self.core.handle.get(), ring)
            }?;
        }
        self.issued += 1;
        retain.extend(deps.retained());
        self.pending.push_back((self.issued, slot, retain));
        Ok(())
    }

    fn retain_buffer(&mut self) -> Vec<Retained> {
        self.spare.pop().unwrap_or_default()
    }

    fn record_plain(
        &mut self,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch) -> Result<(), ZeError>,
    ) -> Result<()> {
        self.record_plain_impl(retain, call)
    }
}

impl ImmediateCommandList {
    fn record_plain_impl(
        &mut self,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch) -> Result<(), ZeError>,
    ) -> Result<()> {
        self.core.ctx.check_lost()?;
        // The command takes no events: order it with an event wait before and track it with
        // a signal after, as two more commands of the list.
        let api = self.core.api();
        let dispatch = &api.dispatch;
        let handle = self.core.handle.get();
        if let Some(mut previous) = self.previous() {
            // SAFETY: live list and ring event.
            unsafe {
                calls::command_list::append_wait_on_events(dispatch, handle, 1, &mut previous)
            }?;
        }
        call(dispatch)?;
        let slot = self.take_slot()?;
        let ring = self.events[slot].handle();
        // SAFETY: live list and ring event.
        unsafe { calls::command_list::append_signal_event(dispatch, handle, ring) }?;
        self.dirty[slot] = true;
        self.issued += 1;
        self.pending.push_back((self.issued, slot, retain));
        Ok(())
    }
}

impl ImmediateCommandList {
    /// Appends the commands `f` records as one unit: they start after the list's earlier
    /// commands, may run concurrently with each other (give them disjoint destinations, or
    /// put a [`barrier`](Commands::barrier) between those that must be ordered), and complete
    /// together: one ring event, signalled by a barrier after them, so the batch costs one
    /// completion whatever its size. The batch's token is [`last_token`](Self::last_token)
    /// afterwards. What `f` recorded before an error is still tracked.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let buf = Allocation::shared(&ctx, Some(&dev), 4096, 0)?;
    /// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
    /// list.batch(|b| {
    ///     for k in 0..64 {
    ///         b.fill(&buf, k * 64, 64, &[k as u8], Deps::NONE)?;
    ///     }
    ///     Ok(())
    /// })?;
    /// let token = list.last_token();
    /// assert!(list.wait_for(token, None)?);
    /// // SAFETY: shared memory; the batch has completed.
    /// assert_eq!(unsafe { *buf.as_ptr().cast::<u8>().add(63 * 64) }, 63);
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn batch<R>(&mut self, f: impl FnOnce(&mut Batch<'_>) -> Result<R>) -> Result<R> {
        self.core.ctx.check_lost()?;
        let previous = self.previous();
        let retain = self.retain_buffer();
        let mut batch = Batch {
            list: self,
            previous,
            retain,
            recorded: 0,
        };
        let r = f(&mut batch);
        let (retain, recorded) = (batch.retain, batch.recorded);
        if recorded > 0 {
            // The batch's completion: a barrier after all of it, signalling a ring event.
            let slot = self.take_slot()?;
            let ring = self.events[slot].handle();
            let dispatch = &self.core.ctx.0.driver.api.dispatch;
            // SAFETY: live list and ring event.
            unsafe {
                calls::command_list::append_barrier(
                    dispatch,
                    self.core.handle.get(),
                    ring,
                    0,
                    std::ptr::null_mut(),
                )
            }?;
            self.dirty[slot] = true;
            self.issued += 1;
            self.pending.push_back((self.issued, slot, retain));
        }
        r
    }
}

/// Commands being recorded as one unit of an immediate list ([`ImmediateCommandList::batch`]):
/// every [`Commands`] method works on it.
pub struct Batch<'l> {
    list: &'l mut ImmediateCommandList,
    /// The list's last command before the batch, if not known complete.
    previous: Option<ze_event_handle_t>,
    retain: Vec<Retained>,
    recorded: usize,
}

impl crate::commands::sealed::Sealed for Batch<'_> {}

impl Commands for Batch<'_> {
    fn core(&self) -> &ListCore {
        &self.list.core
    }

    fn record(
        &mut self,
        deps: Deps<'_>,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
    ) -> Result<()> {
        let signal = deps.signal.map_or(std::ptr::null_mut(), |e| e.handle());
        call_raw(
            self.list.core.ctx.dispatch(),
            signal,
            deps.wait,
            self.previous,
            call,
        )?;
        self.recorded += 1;
        self.retain.extend(retain);
        self.retain.extend(deps.retained());
        Ok(())
    }

    fn record_plain(
        &mut self,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch) -> Result<(), ZeError>,
    ) -> Result<()> {
        let dispatch = self.list.core.ctx.dispatch();
        if let Some(mut previous) = self.previous {
            // SAFETY: live list and ring event.
            unsafe {
                calls::command_list::append_wait_on_events(
                    dispatch,
                    self.list.core.handle.get(),
                    1,
                    &mut previous,
                )
            }?;
        }
        call(dispatch)?;
        self.recorded += 1;
        self.retain.extend(retain);
        Ok(())
    }
}

impl Drop for ImmediateCommandList {
    fn drop(&mut self) {
        // Even on a lost context, the commands still running finish before what they use goes.
        self.failed = None;
        if let Err(e) = self.synchronize() {
            if self.core.ctx.is_lost() {
                log::debug!("immediate command list of a lost context: {e}");
            } else {
                log::error!(
                    "immediate command list: waiting for pending work before destroy failed: {e}"
                );
            }
        }
    }
}
