//! Fences: signalled by a command queue when the lists executed with them finish.

use crate::command_queue::CommandQueue;
use crate::error::{ready, Result};
use crate::event::timeout_ns;
use crate::owned::Owned;
use level_zero_sys::*;
use std::time::Duration;

/// A fence of one command queue.
///
/// ```
/// use level_zero::{CommandQueue, Fence};
/// let queue = CommandQueue::new(&level_zero::default_context()?, &level_zero::default_device()?)?;
/// let fence = Fence::new(&queue, true)?;
/// assert!(fence.wait(Some(std::time::Duration::ZERO))?);
/// # Ok::<(), level_zero::Error>(())
/// ```
pub struct Fence {
    // First: destroyed before the queue is released. Queries and waits may come from
    // simultaneous threads; reset takes `&mut`.
    pub(crate) handle: Owned<ze_fence_handle_t>,
    queue: CommandQueue,
}

impl Fence {
    /// A fence of `queue`, created signalled if `signalled`.
    pub fn new(queue: &CommandQueue, signalled: bool) -> Result<Fence> {
        let desc = ze_fence_desc_t {
            flags: ze_fence_flags_t(if signalled {
                ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0
            } else {
                0
            }),
            ..Default::default()
        };
        // SAFETY: valid queue; local descriptor.
        let handle = unsafe { calls::fence::create(queue.dispatch(), queue.handle(), &desc) }?;
        Ok(Fence {
            handle: Owned::new(queue.api(), handle),
            queue: queue.clone(),
        })
    }

    /// Waits up to `timeout` (`None`: forever). `Ok(false)` on timeout.
    pub fn wait(&self, timeout: Option<Duration>) -> Result<bool> {
        let handle = self.handle.get();
        // SAFETY: valid fence.
        let done = ready(unsafe {
            calls::fence::host_synchronize(self.queue.dispatch(), handle, timeout_ns(timeout))
        })?;
        if done {
            self.queue.release_fenced(handle);
        }
        Ok(done)
    }

    /// Whether the fence is signalled (does not wait).
    pub fn is_signalled(&self) -> Result<bool> {
        // SAFETY: valid fence.
        ready(unsafe { calls::fence::query_status(self.queue.dispatch(), self.handle.get()) })
    }

    /// Returns the fence to the unsignalled state.
    pub fn reset(&mut self) -> Result<()> {
        // SAFETY: valid fence; `&mut self` excludes concurrent use.
        Ok(unsafe { calls::fence::reset(self.queue.dispatch(), self.handle.get()) }?)
    }
}
