//! Fences: signalled by a command queue when the lists executed with them finish.

use crate::command_queue::CommandQueue;
use crate::error::{check, Result};
use crate::event::timeout_ns;
use level_zero_sys::{ze_call, *};
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
    queue: CommandQueue,
    pub(crate) handle: ze_fence_handle_t,
}

// SAFETY: fence queries and waits may be called from simultaneous threads; reset takes `&mut`.
unsafe impl Send for Fence {}
// SAFETY: as above.
unsafe impl Sync for Fence {}

impl Drop for Fence {
    fn drop(&mut self) {
        // SAFETY: the queue outlives the fence (we hold it); the handle is destroyed once.
        let r = unsafe { ze_call!(self.queue.dispatch(), Fence.pfnDestroy(self.handle)) };
        if r != ze_result_t::ZE_RESULT_SUCCESS {
            log::error!("zeFenceDestroy failed: {r}");
        }
    }
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
        let mut handle = std::ptr::null_mut();
        // SAFETY: valid queue; local descriptor and out-handle.
        check(
            unsafe {
                ze_call!(
                    queue.dispatch(),
                    Fence.pfnCreate(queue.handle(), &desc, &mut handle)
                )
            },
            "zeFenceCreate",
        )?;
        Ok(Fence {
            queue: queue.clone(),
            handle,
        })
    }

    /// Waits up to `timeout` (`None`: forever). `Ok(false)` on timeout.
    pub fn wait(&self, timeout: Option<Duration>) -> Result<bool> {
        // SAFETY: valid fence.
        let r = unsafe {
            ze_call!(
                self.queue.dispatch(),
                Fence.pfnHostSynchronize(self.handle, timeout_ns(timeout))
            )
        };
        if r == ze_result_t::ZE_RESULT_NOT_READY {
            return Ok(false);
        }
        check(r, "zeFenceHostSynchronize")?;
        self.queue.release_fenced(self.handle);
        Ok(true)
    }

    /// Whether the fence is signalled (does not wait).
    pub fn is_signalled(&self) -> Result<bool> {
        // SAFETY: valid fence.
        let r = unsafe { ze_call!(self.queue.dispatch(), Fence.pfnQueryStatus(self.handle)) };
        if r == ze_result_t::ZE_RESULT_NOT_READY {
            return Ok(false);
        }
        check(r, "zeFenceQueryStatus").map(|()| true)
    }

    /// Returns the fence to the unsignalled state.
    pub fn reset(&mut self) -> Result<()> {
        // SAFETY: valid fence; `&mut self` excludes concurrent use.
        check(
            unsafe { ze_call!(self.queue.dispatch(), Fence.pfnReset(self.handle)) },
            "zeFenceReset",
        )
    }
}
