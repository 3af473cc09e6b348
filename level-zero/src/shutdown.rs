//! One ordered shutdown. Rust never drops statics, so what the stack caches for the whole
//! process (pools, staging buffers, the default context) is released at exit by one at-exit
//! hook that runs every registered hook stage by stage, then destroys the default context.
//!
//! Ordering against a driver's own at-exit leak report: the hook is registered each time a
//! backend is loaded, after that backend's `zeInit` (where a driver registers its report),
//! and C runs at-exit handlers in reverse order of registration. So the newest registration
//! runs first — it alone does the work; the others find nothing left — and every driver's
//! report comes after it and sees only what the program itself leaked.

use std::sync::{Mutex, Once};

/// A stage of the shutdown; stages run in declaration order, hooks within a stage in the
/// order they were registered. The default context is destroyed after the last stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShutdownStage {
    /// Reports of what the program still holds (while everything is still alive).
    Report,
    /// Caches hand their memory back to the driver (pools, staging buffers).
    Trim,
}

/// A registered hook and its stage.
type Hook = (ShutdownStage, fn());

static HOOKS: Mutex<Vec<Hook>> = Mutex::new(Vec::new());

/// Runs `hook` at process exit, in `stage`, before the default context is destroyed. The
/// hooks run if a backend was loaded (there is nothing to release otherwise).
///
/// ```
/// fn release_my_cache() {}
/// level_zero::at_shutdown(level_zero::ShutdownStage::Trim, release_my_cache);
/// ```
pub fn at_shutdown(stage: ShutdownStage, hook: fn()) {
    HOOKS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((stage, hook));
}

extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

/// Registers the at-exit hook; called after every backend load (see the module docs).
pub(crate) fn arm() {
    // SAFETY: registers a plain `extern "C" fn` that lives for the whole process.
    if unsafe { atexit(run_at_exit) } != 0 {
        log::warn!("level-zero: could not register the shutdown hook");
    }
}

extern "C" fn run_at_exit() {
    static RAN: Once = Once::new();
    RAN.call_once(run);
}

fn run() {
    let mut hooks = std::mem::take(&mut *HOOKS.lock().unwrap_or_else(|e| e.into_inner()));
    hooks.sort_by_key(|&(stage, _)| stage); // stable: registration order within a stage
    for (_, hook) in hooks {
        hook();
    }
    crate::destroy_default_context();
}
