//! Command queues: execute closed regular command lists, optionally with a fence.

use crate::command_list::CommandList;
use crate::context::Context;
use crate::deps::Retained;
use crate::device::Device;
use crate::error::{invalid, ready, Context as _, Result};
use crate::event::timeout_ns;
use crate::fence::Fence;
use crate::immediate::Token;
use crate::launch::ListUse;
use crate::owned::Owned;
use level_zero_sys::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Execution mode of a queue or immediate list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueueMode {
    #[default]
    /// The driver's choice.
    Default,
    /// Calls return when the work is done.
    Synchronous,
    /// Calls return at once.
    Asynchronous,
}

impl QueueMode {
    pub(crate) fn raw(self) -> ze_command_queue_mode_t {
        match self {
            QueueMode::Default => ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_DEFAULT,
            QueueMode::Synchronous => ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
            QueueMode::Asynchronous => ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
        }
    }
}

/// Priority of a queue or immediate list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueuePriority {
    #[default]
    /// The default priority.
    Normal,
    /// Runs after other work.
    Low,
    /// Runs ahead of other work.
    High,
}

/// How to create a queue (or an immediate list): engine group, index, mode, priority.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let desc = QueueDesc::default().mode(QueueMode::Synchronous).priority(QueuePriority::High);
/// let list = ImmediateCommandList::with_desc(&ctx, &dev, desc)?;
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueueDesc {
    /// Queue group ordinal (`None`: the device's first compute group).
    pub ordinal: Option<u32>,
    /// Which queue of the group.
    pub index: u32,
    /// Synchronous, asynchronous or the driver's choice.
    pub mode: QueueMode,
    /// Scheduling priority.
    pub priority: QueuePriority,
}

impl QueueDesc {
    /// Sets the queue group ordinal.
    pub fn ordinal(mut self, ordinal: u32) -> Self {
        self.ordinal = Some(ordinal);
        self
    }

    /// Sets the queue index within the group.
    pub fn index(mut self, index: u32) -> Self {
        self.index = index;
        self
    }

    /// Sets the execution mode.
    pub fn mode(mut self, mode: QueueMode) -> Self {
        self.mode = mode;
        self
    }

    /// Sets the priority.
    pub fn priority(mut self, priority: QueuePriority) -> Self {
        self.priority = priority;
        self
    }

    pub(crate) fn raw(&self, device: &Device) -> Result<ze_command_queue_desc_t> {
        let ordinal = match self.ordinal {
            Some(o) => o,
            None => device.compute_ordinal()?,
        };
        Ok(ze_command_queue_desc_t {
            ordinal,
            index: self.index,
            mode: self.mode.raw(),
            priority: ze_command_queue_priority_t(self.priority as u32),
            ..Default::default()
        })
    }
}

/// What one execution keeps alive: the lists' cores and what their commands use.
struct InFlight {
    /// The fence's address, to match it when it signals.
    fence: Option<usize>,
    _keep: Vec<Retained>,
}

/// A command queue. Clones share it.
///
/// ```
/// let queue = level_zero::CommandQueue::new(&level_zero::default_context()?, &level_zero::default_device()?)?;
/// queue.synchronize(None)?;
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct CommandQueue(Arc<QueueInner>);

struct QueueInner {
    // First: waits for the queue's work, then destroys it, before what the work used
    // (`in_flight`) and the context are released. Executions are serialised by the
    // in-flight mutex; other queue calls may come from simultaneous threads.
    handle: Owned<ze_command_queue_handle_t>,
    ctx: Context,
    device: Device,
    ordinal: u32,
    in_flight: Mutex<Vec<InFlight>>,
    /// Names the queue in [`Token`]s (the id space of immediate lists).
    id: u64,
    /// Executions submitted (each one's ticket is the count after it), and the highest
    /// ticket known complete.
    submitted: AtomicU64,
    completed: AtomicU64,
}

/// One execution of command lists on a queue, returned by [`CommandQueue::execute`]:
/// [`wait`](Execution::wait) for it. Arrays used by the lists' launches record it as their
/// last use.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::device(&ctx, &dev, 64, 0)?;
/// let mut list = CommandList::new(&ctx, &dev)?;
/// list.fill(&buf, 0, 64, &[1], Deps::NONE)?;
/// list.close()?;
/// let run = CommandQueue::new(&ctx, &dev)?.execute(&[&list], None)?;
/// assert!(run.wait(None)?);
/// assert!(run.is_complete()?);
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Execution {
    queue: CommandQueue,
    ticket: u64,
}

impl std::fmt::Debug for Execution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Execution")
            .field("queue", &self.queue.0.id)
            .field("ticket", &self.ticket)
            .finish()
    }
}

impl Execution {
    /// The queue that runs it.
    pub fn queue(&self) -> &CommandQueue {
        &self.queue
    }

    /// Its place in the queue's order: `list` is the queue's id, `seq` counts executions.
    pub fn token(&self) -> Token {
        Token {
            list: self.queue.0.id,
            seq: self.ticket,
        }
    }

    /// Waits up to `timeout` (`None`: forever) for it to finish; `Ok(false)` on timeout.
    /// (Level Zero reports a queue's work as a whole: this waits for everything submitted to
    /// the queue before it too.)
    pub fn wait(&self, timeout: Option<Duration>) -> Result<bool> {
        if self.queue.0.completed.load(Ordering::Acquire) >= self.ticket {
            return Ok(true);
        }
        self.queue.synchronize(timeout)
    }

    /// Whether it has finished (polls the queue).
    pub fn is_complete(&self) -> Result<bool> {
        self.wait(Some(Duration::ZERO))
    }
}

impl CommandQueue {
    /// An asynchronous queue on `device`'s first compute group.
    pub fn new(ctx: &Context, device: &Device) -> Result<CommandQueue> {
        Self::with_desc(
            ctx,
            device,
            QueueDesc::default().mode(QueueMode::Asynchronous),
        )
    }

    /// A queue on `device` as `desc` says.
    pub fn with_desc(ctx: &Context, device: &Device, desc: QueueDesc) -> Result<CommandQueue> {
        ctx.check_device(device)?;
        let raw = desc.raw(device)?;
        // SAFETY: valid context and device; local descriptor.
        let handle = unsafe {
            calls::command_queue::create(ctx.dispatch(), ctx.handle(), device.handle, &raw)
        }
        .context(|| format!("{desc:?}"))?;
        Ok(CommandQueue(Arc::new(QueueInner {
            handle: Owned::new(ctx.api(), handle),
            ctx: ctx.clone(),
            device: device.clone(),
            ordinal: raw.ordinal,
            in_flight: Mutex::new(Vec::new()),
            id: crate::immediate::next_order_id(),
            submitted: AtomicU64::new(0),
            completed: AtomicU64::new(0),
        })))
    }

    /// The raw handle (for calls this crate does not wrap).
    pub fn handle(&self) -> ze_command_queue_handle_t {
        self.0.handle.get()
    }

    /// The device the queue submits to.
    pub fn device(&self) -> &Device {
        &self.0.device
    }

    pub(crate) fn dispatch(&self) -> &Dispatch {
        self.0.ctx.dispatch()
    }

    pub(crate) fn api(&self) -> &Arc<crate::Api> {
        self.0.ctx.api()
    }

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
            if list.core.ordinal != self.0.ordinal {
                return Err(invalid(format!(
                    "command list {i} is for queue group {}, this queue is group {}",
                    list.core.ordinal, self.0.ordinal
                )));
            }
            if list.core.ctx != self.0.ctx {
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
        let mut in_flight = self.0.in_flight.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: closed lists of this queue's context and group; the mutex serialises
        // executions on this queue as the spec requires.
        let submitted = unsafe {
            calls::command_queue::execute_command_lists(
                self.dispatch(),
                self.handle(),
                handles.len() as u32,
                handles.as_mut_ptr(),
                fence_handle,
            )
        };
        if let Err(e) = submitted {
            drop(in_flight);
            abandon(&uses);
            return Err(e.into());
        }
        in_flight.push(InFlight {
            fence: fence.map(|f| f.handle.get() as usize),
            _keep: keep,
        });
        let ticket = self.0.submitted.fetch_add(1, Ordering::AcqRel) + 1;
        drop(in_flight);
        let execution = Execution {
            queue: self.clone(),
            ticket,
        };
        for u in uses {
            u.executed(&execution);
        }
        Ok(execution)
    }

    /// Waits up to `timeout` (`None`: forever) for everything executed so far; `Ok(false)` on
    /// timeout. Releases what finished executions kept alive.
    pub fn synchronize(&self, timeout: Option<Duration>) -> Result<bool> {
        // Executions submitted before the wait are complete when it succeeds.
        let target = self.0.submitted.load(Ordering::Acquire);
        // SAFETY: live queue.
        let done = ready(unsafe {
            calls::command_queue::synchronize(self.dispatch(), self.handle(), timeout_ns(timeout))
        })?;
        if !done {
            return Ok(false);
        }
        self.0.completed.fetch_max(target, Ordering::AcqRel);
        self.0
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        Ok(true)
    }

    /// Releases what the execution fenced by `fence` kept alive (its fence signalled).
    pub(crate) fn release_fenced(&self, fence: ze_fence_handle_t) {
        self.0
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|f| f.fence != Some(fence as usize));
    }
}
