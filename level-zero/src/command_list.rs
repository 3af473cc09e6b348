//! Regular command lists, which queues execute.

use crate::command_queue::{CommandQueue, Execution};
use crate::commands::{Commands, ListCore};
use crate::context::Context;
use crate::deps::{call_with_deps, Deps, RawDeps, Retained};
use crate::device::Device;
use crate::error::{invalid, Result, ResultExt as _};
use crate::fence::Fence;
use crate::owned::Owned;
use crate::tracking::ListUse;
use level_zero_sys::*;
use std::sync::Arc;

/// A regular command list: record, close, execute on a [`CommandQueue`](crate::CommandQueue)
/// (any number of times), reset.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let (a, b) = (Allocation::shared(&ctx, Some(&dev), 64, 0)?, Allocation::shared(&ctx, Some(&dev), 64, 0)?);
/// let mut list = CommandList::new(&ctx, &dev)?;
/// list.fill(&a, 0, 64, &[7], Deps::NONE)?;
/// list.barrier(Deps::NONE)?;
/// list.copy(&b, 0, &a, 0, 64, Deps::NONE)?;
/// list.close()?;
/// let mut queue = CommandQueue::new(&ctx, &dev)?;
/// queue.execute(&[&list], None)?;
/// queue.synchronize(None)?;
/// // SAFETY: shared memory, no command pending.
/// assert_eq!(unsafe { *b.as_ptr().cast::<u8>().add(63) }, 7);
/// # Ok::<(), level_zero::Error>(())
/// ```
pub struct CommandList {
    pub(crate) core: Arc<ListCore>,
    /// What the recorded commands use: kept while the list exists or until reset.
    pub(crate) retained: Arc<Vec<Retained>>,
    pending: Vec<Retained>,
    /// What launches of tracked memory recorded: hears of every execution.
    pub(crate) uses: Vec<Arc<dyn ListUse>>,
    closed: bool,
}

impl CommandList {
    /// A list for `device`'s first compute queue group.
    pub fn new(ctx: &Context, device: &Device) -> Result<CommandList> {
        Self::with_ordinal(ctx, device, device.compute_ordinal()?)
    }

    /// A list for queue group `ordinal` of `device`.
    pub fn with_ordinal(ctx: &Context, device: &Device, ordinal: u32) -> Result<CommandList> {
        ctx.check_device(device)?;
        let desc = ze_command_list_desc_t {
            commandQueueGroupOrdinal: ordinal,
            ..Default::default()
        };
        // SAFETY: valid context and device; local descriptor.
        let handle = unsafe {
            calls::command_list::create(ctx.dispatch(), ctx.handle(), device.handle, &desc)
        }
        .context(|| format!("queue group ordinal {ordinal}"))?;
        let core = Arc::new(ListCore {
            handle: Owned::new(ctx.api(), handle),
            ctx: ctx.clone(),
            device: device.clone(),
            ordinal,
        });
        Ok(CommandList {
            core,
            retained: Arc::new(Vec::new()),
            pending: Vec::new(),
            uses: Vec::new(),
            closed: false,
        })
    }

    /// The raw handle (for calls this crate does not wrap).
    pub fn handle(&self) -> ze_command_list_handle_t {
        self.core.handle.get()
    }

    /// Whether the list is closed (executable, no longer appendable).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Ends recording; the list can then be executed.
    pub fn close(&mut self) -> Result<()> {
        // SAFETY: live list; `&mut self` excludes concurrent appends.
        unsafe { calls::command_list::close(self.core.ctx.dispatch(), self.core.handle.get()) }?;
        let mut all: Vec<Retained> = self.retained.iter().cloned().collect();
        all.append(&mut self.pending);
        self.retained = Arc::new(all);
        self.closed = true;
        Ok(())
    }

    /// Clears the list for new recording. Executions in flight keep what they use alive.
    pub fn reset(&mut self) -> Result<()> {
        // SAFETY: live list; executions snapshot what they run (queues retain the core).
        unsafe { calls::command_list::reset(self.core.ctx.dispatch(), self.core.handle.get()) }?;
        self.retained = Arc::new(Vec::new());
        self.pending.clear();
        self.uses.clear();
        self.closed = false;
        Ok(())
    }
}

impl crate::commands::sealed::Sealed for CommandList {}

impl Commands for CommandList {
    fn core(&self) -> &ListCore {
        &self.core
    }

    fn record(
        &mut self,
        deps: Deps<'_>,
        mut retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
    ) -> Result<()> {
        if self.closed {
            return Err(invalid(
                "the command list is closed (reset it to record again)",
            ));
        }
        call_with_deps(self.core.ctx.dispatch(), deps, None, call)?;
        retain.extend(deps.retained());
        self.pending.append(&mut retain);
        Ok(())
    }

    fn record_plain(
        &mut self,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch) -> Result<(), ZeError>,
    ) -> Result<()> {
        self.record(Deps::NONE, retain, &mut |dispatch, _| call(dispatch))
    }
}

impl crate::tracking::Recorder for CommandList {
    fn hear_runs(&mut self, uses: Vec<Arc<dyn ListUse>>) {
        self.uses.extend(uses);
    }
}

impl CommandQueue {
    /// Executes closed `lists` in order; `fence` (of this queue) is signalled when they finish.
    /// What the lists use stays alive until [`synchronize`](Self::synchronize) or the fence's
    /// wait sees the work done.
    ///
    /// Arrays used by launches recorded in the lists ([`Launch::record`](crate::Launch::record))
    /// are ordered on the host: this first waits for their pending uses elsewhere (streams,
    /// other lists, earlier executions), then records the returned [`Execution`] as their
    /// last use, so reading, freeing or reusing them waits for it.
    pub fn execute(&self, lists: &[&CommandList], fence: Option<&Fence>) -> Result<Execution> {
        if lists.is_empty() {
            return Err(invalid("execute needs at least one command list"));
        }
        let mut keep: Vec<Retained> = Vec::new();
        for (i, list) in lists.iter().enumerate() {
            if !list.is_closed() {
                return Err(invalid(format!("command list {i} is not closed")));
            }
            if list.core.ordinal != self.ordinal() {
                return Err(invalid(format!(
                    "command list {i} is for queue group {}, this queue is group {}",
                    list.core.ordinal,
                    self.ordinal()
                )));
            }
            if list.core.ctx != *self.context() {
                return Err(invalid(format!(
                    "command list {i} belongs to another context"
                )));
            }
            keep.push(list.core.clone());
            keep.push(list.retained.clone());
        }
        let uses: Vec<&Arc<dyn ListUse>> = lists.iter().flat_map(|l| l.uses.iter()).collect();
        // Uses prepared so far hear that the execution was abandoned if it fails before it
        // is submitted.
        let abandon = |prepared: &[&Arc<dyn ListUse>]| prepared.iter().for_each(|u| u.abandoned());
        for (i, u) in uses.iter().enumerate() {
            if let Err(e) = u.before_execute() {
                abandon(&uses[..i]);
                return Err(e);
            }
        }
        let mut handles: Vec<_> = lists.iter().map(|l| l.handle()).collect();
        let fence_handle = fence.map_or(std::ptr::null_mut(), |f| f.handle.get());
        let execution = match self.submit(&mut handles, fence_handle, keep) {
            Ok(execution) => execution,
            Err(e) => {
                abandon(&uses);
                return Err(e);
            }
        };
        for u in uses {
            u.executed(&execution);
        }
        Ok(execution)
    }
}
