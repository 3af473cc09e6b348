//! Command queues: each executes the command lists submitted to it, in order, on its own
//! worker thread.

use crate::abi::*;
use crate::command_list::CommandList;
use crate::context::{Context, Owner, QueueSettings};
use crate::engine::{Completion, Engine, Job};
use crate::fence::Fence;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::sync::Arc;

/// A command queue.
pub struct CommandQueue {
    pub context: Arc<Context>,
    pub ordinal: u32,
    /// The queue's index in its group (`ze_command_queue_desc_t::index`).
    pub index: u32,
    pub synchronous: bool,
    /// The descriptor's flags, mode and priority (`zeCommandQueueGetFlags`, ...).
    pub settings: QueueSettings,
    engine: Arc<Engine>,
}

impl Object for CommandQueue {
    const KIND: HandleKind = HandleKind::CommandQueue;
}

impl CommandQueue {
    /// A queue of `context` for queue `index` of group `ordinal`, its failures marked on
    /// `owner`, running on a worker thread of its own called `name`.
    pub fn new(
        context: Arc<Context>,
        (ordinal, index): (u32, u32),
        synchronous: bool,
        settings: QueueSettings,
        (name, owner): (String, Owner),
    ) -> CommandQueue {
        CommandQueue {
            context,
            ordinal,
            index,
            synchronous,
            settings,
            engine: Arc::new(Engine::new(name, owner)),
        }
    }

    /// A fence of this queue, signalled from the start if `signalled`.
    pub fn new_fence(&self, signalled: bool) -> Fence {
        Fence::new(self.engine.clone(), signalled)
    }

    /// `fence` if it is one of this queue's (`INVALID_ARGUMENT` otherwise).
    pub fn own_fence(&self, fence: Arc<Fence>) -> ZeResult<Arc<Fence>> {
        ensure(Arc::ptr_eq(&fence.engine, &self.engine), INVALID_ARGUMENT)?;
        Ok(fence)
    }

    /// Runs the closed regular `lists` of this queue's group, in order, then signals `fence`
    /// (one of this queue's: [`own_fence`](Self::own_fence)); a synchronous queue returns
    /// when they have run. The lists are checked in order, each as it is looked up.
    pub fn execute(
        &self,
        lists: impl ExactSizeIterator<Item = ZeResult<Arc<CommandList>>>,
        fence: Option<Arc<Fence>>,
    ) -> ZeResult {
        let mut snapshots = Vec::with_capacity(lists.len());
        for list in lists {
            snapshots.push(list?.closed_for(self.ordinal)?);
        }
        self.engine.submit(Job {
            lists: snapshots,
            done: fence.map(|f| f as Arc<dyn Completion>),
        });
        if self.synchronous {
            self.engine.synchronize(u64::MAX)?;
        }
        Ok(())
    }

    /// Waits up to `timeout` ns for everything submitted to have run.
    pub fn synchronize(&self, timeout: u64) -> ZeResult {
        self.engine.synchronize(timeout)
    }
}

/// The queue behind a handle.
pub fn command_queue(handle: ze_command_queue_handle_t) -> ZeResult<Arc<CommandQueue>> {
    crate::driver::initialised()?;
    handle::get::<CommandQueue, _>(handle)
}
