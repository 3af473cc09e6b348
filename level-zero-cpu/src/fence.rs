//! Fences: signalled by a command queue's engine when the lists executed with them have
//! finished. A queue creates its fences (`zeFenceCreate`, in `api::command_queue`).

use crate::abi::*;
use crate::engine::{Completion, Engine};
use crate::fault::Text;
use crate::handle::{self, HandleKind, Object};
use crate::sync::NOTIFIER;
use level_zero_sys::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// A fence of one command queue.
pub struct Fence {
    /// The engine of the queue the fence belongs to (a fence keeps it running).
    pub engine: Arc<Engine>,
    state: AtomicU32,
    /// What failed in the execution that signalled the fence as failed.
    fault: Mutex<Option<Text>>,
}

const CLEAR: u32 = 0;
const SIGNALLED: u32 = 1;
const FAILED: u32 = 2;

impl Object for Fence {
    const KIND: HandleKind = HandleKind::Fence;
}

impl Completion for Fence {
    fn complete(&self, failed: Option<&Text>) {
        if let Some(text) = failed {
            *self.fault.lock().unwrap_or_else(|e| e.into_inner()) = Some(text.clone());
        }
        let state = if failed.is_some() { FAILED } else { SIGNALLED };
        self.state.store(state, Ordering::Release);
        NOTIFIER.notify();
    }
}

impl Fence {
    /// A fence of the queue running on `engine`, signalled from the start if `signalled`.
    pub fn new(engine: Arc<Engine>, signalled: bool) -> Fence {
        Fence {
            engine,
            state: AtomicU32::new(if signalled { SIGNALLED } else { CLEAR }),
            fault: Mutex::new(None),
        }
    }

    /// Whether the fence has been signalled (as done or as failed).
    pub fn is_signalled(&self) -> bool {
        self.state.load(Ordering::Acquire) != CLEAR
    }

    /// Back to not signalled (`zeFenceReset`).
    pub fn reset(&self) {
        self.state.store(CLEAR, Ordering::Release);
    }

    /// `Ok` once signalled as done; `NOT_READY` before; a failed execution's `DEVICE_LOST`
    /// (its fault reported to the calling thread).
    pub fn status(&self) -> ZeResult {
        match self.state.load(Ordering::Acquire) {
            CLEAR => Err(ze_result_t::ZE_RESULT_NOT_READY),
            FAILED => {
                let fault = self.fault.lock().unwrap_or_else(|e| e.into_inner()).clone();
                Err(crate::fault::report(
                    &fault.unwrap_or_else(|| "a command failed".into()),
                ))
            }
            _ => Ok(()),
        }
    }
}

/// The fence behind a handle.
pub fn fence(handle: ze_fence_handle_t) -> ZeResult<Arc<Fence>> {
    crate::driver::initialised()?;
    handle::get::<Fence, _>(handle)
}
