//! Fences: signalled by a command queue when the lists executed with them have finished.

use crate::abi::*;
use crate::handle::{self, Kind, Object};
use crate::queue::CommandQueue;
use crate::sync::{timeout_from_ns, NOTIFIER};
use level_zero_sys::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// A fence of one command queue.
pub struct Fence {
    pub queue: Arc<CommandQueue>,
    state: AtomicU32,
}

const CLEAR: u32 = 0;
const SIGNALLED: u32 = 1;
const FAILED: u32 = 2;

impl Object for Fence {
    const KIND: Kind = Kind::Fence;
}

impl Fence {
    pub fn signal(&self, ok: bool) {
        self.state
            .store(if ok { SIGNALLED } else { FAILED }, Ordering::Release);
        NOTIFIER.notify();
    }

    fn status(&self) -> ZeResult {
        match self.state.load(Ordering::Acquire) {
            CLEAR => Err(ze_result_t::ZE_RESULT_NOT_READY),
            FAILED => Err(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST),
            _ => Ok(()),
        }
    }
}

/// The fence behind a handle.
pub fn fence(handle: ze_fence_handle_t) -> ZeResult<Arc<Fence>> {
    crate::driver::initialised()?;
    handle::get::<Fence, _>(handle)
}

pub unsafe extern "C" fn fence_create(
    queue: ze_command_queue_handle_t,
    desc: *const ze_fence_desc_t,
    out: *mut ze_fence_handle_t,
) -> ze_result_t {
    entry("zeFenceCreate", || {
        let queue = crate::queue::queue(queue)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(
            desc.flags.0 & !ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0 == 0,
            INVALID_ENUM,
        )?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let signalled = desc.flags.0 & ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0 != 0;
        let context = queue.context.id();
        let fence = Fence {
            queue,
            state: AtomicU32::new(if signalled { SIGNALLED } else { CLEAR }),
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(fence), context)) };
        Ok(())
    })
}

pub unsafe extern "C" fn fence_destroy(f: ze_fence_handle_t) -> ze_result_t {
    entry("zeFenceDestroy", || {
        crate::driver::initialised()?;
        handle::destroy::<Fence, _>(f).map(drop)
    })
}

pub unsafe extern "C" fn fence_host_synchronize(f: ze_fence_handle_t, timeout: u64) -> ze_result_t {
    entry("zeFenceHostSynchronize", || {
        let f = fence(f)?;
        if !NOTIFIER.wait_until(
            || f.state.load(Ordering::Acquire) != CLEAR,
            timeout_from_ns(timeout),
        ) {
            return Err(ze_result_t::ZE_RESULT_NOT_READY);
        }
        f.status()
    })
}

pub unsafe extern "C" fn fence_query_status(f: ze_fence_handle_t) -> ze_result_t {
    entry("zeFenceQueryStatus", || fence(f)?.status())
}

pub unsafe extern "C" fn fence_reset(f: ze_fence_handle_t) -> ze_result_t {
    entry("zeFenceReset", || {
        fence(f)?.state.store(CLEAR, Ordering::Release);
        Ok(())
    })
}
