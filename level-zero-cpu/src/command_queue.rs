//! Command queues: each executes the command lists submitted to it, in order, on its own
//! worker thread.

use crate::abi::*;
use crate::context::Context;
use crate::engine::Engine;
use crate::handle::{self, Kind, Object};
use level_zero_sys::*;
use std::sync::Arc;

/// A command queue.
pub struct CommandQueue {
    pub context: Arc<Context>,
    pub ordinal: u32,
    pub synchronous: bool,
    pub engine: Arc<Engine>,
}

impl Object for CommandQueue {
    const KIND: Kind = Kind::CommandQueue;
}

/// The queue behind a handle.
pub fn command_queue(handle: ze_command_queue_handle_t) -> ZeResult<Arc<CommandQueue>> {
    crate::driver::initialised()?;
    handle::get::<CommandQueue, _>(handle)
}
