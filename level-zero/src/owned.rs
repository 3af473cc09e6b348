//! [`Owned`]: a Level Zero handle this crate created. Drop (destroy through the right entry,
//! errors logged), `Send` and `Sync` are written here once for every object.

use crate::api::Api;
use level_zero_sys::{calls, Dispatch, ZeError, *};
use std::sync::Arc;

/// A handle type and the call that destroys it.
pub(crate) trait Handle: Copy + std::fmt::Debug {
    /// Destroys `handle`.
    ///
    /// # Safety
    /// `handle` is live, belongs to `api`, and nothing uses it afterwards.
    unsafe fn destroy(api: &Dispatch, handle: Self) -> Result<(), ZeError>;
}

macro_rules! handles {
    ($($handle:ty => $table:ident;)*) => {$(
        impl Handle for $handle {
            unsafe fn destroy(api: &Dispatch, handle: Self) -> Result<(), ZeError> {
                // SAFETY: forwarded: live, of `api`, unused afterwards.
                unsafe { calls::$table::destroy(api, handle) }
            }
        }
    )*};
}

handles! {
    ze_context_handle_t => context;
    ze_command_list_handle_t => command_list;
    ze_event_pool_handle_t => event_pool;
    ze_event_handle_t => event;
    ze_fence_handle_t => fence;
    ze_kernel_handle_t => kernel;
    ze_module_handle_t => module;
}

impl Handle for ze_graph_handle_t {
    unsafe fn destroy(api: &Dispatch, handle: Self) -> Result<(), ZeError> {
        // SAFETY: forwarded: live, of `api`, unused afterwards (its executable graphs first).
        unsafe { calls::graph::destroy_ext(api, handle) }
    }
}

impl Handle for ze_executable_graph_handle_t {
    unsafe fn destroy(api: &Dispatch, handle: Self) -> Result<(), ZeError> {
        // SAFETY: forwarded: live, of `api`, unused afterwards (no replay pending).
        unsafe { calls::executable_graph::destroy_ext(api, handle) }
    }
}

impl Handle for ze_command_queue_handle_t {
    /// Waits for the work the queue holds, then destroys it.
    unsafe fn destroy(api: &Dispatch, handle: Self) -> Result<(), ZeError> {
        // SAFETY: live queue of `api`.
        if let Err(e) = unsafe { calls::command_queue::synchronize(api, handle, u64::MAX) } {
            log::error!("before destroying a queue: {e}");
        }
        // SAFETY: forwarded: live, of `api`, unused afterwards.
        unsafe { calls::command_queue::destroy(api, handle) }
    }
}

/// A handle destroyed once, when this is dropped.
///
/// Keep it as the *first* field of the object that owns it: fields drop in declaration order,
/// so the handle is destroyed before the parents held in later fields are released.
pub(crate) struct Owned<H: Handle> {
    handle: H,
    api: Arc<Api>,
}

// SAFETY: Level Zero allows calls on one object from simultaneous threads except where the
// specification requires external synchronisation (resetting, appending, closing); the
// objects holding an `Owned` take `&mut self` or a lock for those calls. The handle is an
// opaque token valid on any thread, and it is destroyed exactly once, by `Drop`.
unsafe impl<H: Handle> Send for Owned<H> {}
// SAFETY: as above.
unsafe impl<H: Handle> Sync for Owned<H> {}

impl<H: Handle> Owned<H> {
    /// Takes ownership of a freshly created `handle` of `api`.
    pub(crate) fn new(api: &Arc<Api>, handle: H) -> Self {
        Owned {
            handle,
            api: api.clone(),
        }
    }

    /// The raw handle.
    pub(crate) fn get(&self) -> H {
        self.handle
    }
}

impl<H: Handle> std::fmt::Debug for Owned<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.handle.fmt(f)
    }
}

impl<H: Handle> Drop for Owned<H> {
    fn drop(&mut self) {
        // SAFETY: created live by `api` (see `new`), destroyed once, here; the owner holds no
        // other copy that outlives it.
        if let Err(e) = unsafe { H::destroy(&self.api.dispatch, self.handle) } {
            log::error!("{e} (handle {:?})", self.handle);
        }
    }
}
