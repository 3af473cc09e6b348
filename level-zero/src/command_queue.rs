//! Command queues: they run closed regular command lists ([`CommandQueue::execute`], defined
//! beside [`CommandList`](crate::CommandList)), optionally with a fence.

use crate::context::Context;
use crate::deps::Retained;
use crate::device::Device;
use crate::error::{ready, Result, ResultExt as _};
use crate::event::timeout_ns;
use crate::immediate::Token;
use crate::owned::Owned;
use crate::queue_desc::{QueueDesc, QueueMode};
use level_zero_sys::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

    pub(crate) fn api(&self) -> &Arc<crate::api::Api> {
        self.0.ctx.api()
    }

    /// Submits the command lists `handles` (closed, of this queue's context and group),
    /// signalling `fence` (of this queue, or null) when they finish; `keep` stays alive until
    /// the work is seen done. The execution this is, numbered in the queue's order.
    pub(crate) fn submit(
        &self,
        handles: &mut [ze_command_list_handle_t],
        fence: ze_fence_handle_t,
        keep: Vec<Retained>,
    ) -> Result<Execution> {
        let mut in_flight = self.0.in_flight.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: closed lists of this queue's context and group (the caller checked); the
        // mutex serialises executions on this queue as the spec requires.
        unsafe {
            calls::command_queue::execute_command_lists(
                self.dispatch(),
                self.handle(),
                handles.len() as u32,
                handles.as_mut_ptr(),
                fence,
            )
        }?;
        in_flight.push(InFlight {
            fence: (!fence.is_null()).then_some(fence as usize),
            _keep: keep,
        });
        let ticket = self.0.submitted.fetch_add(1, Ordering::AcqRel) + 1;
        drop(in_flight);
        Ok(Execution {
            queue: self.clone(),
            ticket,
        })
    }

    /// The queue group it submits to.
    pub(crate) fn ordinal(&self) -> u32 {
        self.0.ordinal
    }

    /// The context it belongs to.
    pub(crate) fn context(&self) -> &Context {
        &self.0.ctx
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
