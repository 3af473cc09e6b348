//! A launch run by a thread that is being torn down: a destructor of one of its thread-locals
//! may wait for work, and a driver lets a waiting thread run queued work itself, so the
//! compiled code's per-thread state may already be gone.

mod common;

use common::{kernel, launch_1d, module_compiled, spirv};
use spirv_exec::Module;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU8, Ordering};

/// 0: not run; 1: the launch ran and was right; 2: it failed or panicked.
static OUTCOME: AtomicU8 = AtomicU8::new(0);

/// Runs saxpy when dropped (at its thread's exit).
struct AtExit(&'static Module);

impl Drop for AtExit {
    fn drop(&mut self) {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let x = vec![1.0f32; 128];
            let mut y = vec![0.0f32; 128];
            launch_1d(kernel(self.0, "saxpy"), 128, 64)
                .value(&2.0f32)
                .input(&x)
                .buffer(&mut y)
                .run()
                .is_ok_and(|()| y.iter().all(|&v| v == 2.0))
        }));
        let ok = matches!(run, Ok(true));
        OUTCOME.store(if ok { 1 } else { 2 }, Ordering::SeqCst);
    }
}

thread_local! {
    static AT_EXIT: RefCell<Option<AtExit>> = const { RefCell::new(None) };
}

/// The thread-local registered first goes last (destructors run in reverse order), after the
/// executor's own per-thread buffers. Catches: the compiled code's frame reading a
/// thread-local that is gone (a panic, which a driver reports as a lost device).
#[test]
fn a_launch_runs_while_its_thread_is_torn_down() {
    let m: &'static Module = Box::leak(Box::new(module_compiled(
        &spirv("saxpy-O2"),
        &spirv_exec::Compiler,
    )));
    std::thread::spawn(move || {
        AT_EXIT.with(|a| *a.borrow_mut() = Some(AtExit(m)));
        let x = vec![1.0f32; 128];
        let mut y = vec![0.0f32; 128];
        launch_1d(kernel(m, "saxpy"), 128, 64)
            .value(&2.0f32)
            .input(&x)
            .buffer(&mut y)
            .run()
            .unwrap();
    })
    .join()
    .unwrap();
    assert_eq!(OUTCOME.load(Ordering::SeqCst), 1);
}
