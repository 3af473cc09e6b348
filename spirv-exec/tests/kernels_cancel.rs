//! Cancellation: a launch whose kernel never finishes (it waits for a flag nobody sets) stops
//! when its cancellation flag is set, on both backends, with and without barriers in the
//! loop; the same kernels finish when the flag they wait for is set.

mod common;

use common::OPT;
use spirv_exec::{Compiler, Fault, Interpreter, LaunchError, Module};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn modules() -> Vec<(String, Module)> {
    let mut out = Vec::new();
    for opt in OPT {
        let bytes = common::spirv(&format!("waits-{opt}"));
        let words = spirv_exec::words(&bytes).unwrap();
        out.push((
            format!("{opt} compiler"),
            Module::build_with(&words, &Default::default(), &Compiler).unwrap(),
        ));
        out.push((
            format!("{opt} interpreter"),
            Module::build_with(&words, &Default::default(), &Interpreter).unwrap(),
        ));
    }
    out
}

/// Runs `name` over 4 groups of 16 work-items with `flag` as the value waited for; the launch
/// is cancelled after `after` if it has not finished.
fn run(module: &Module, name: &str, flag: u32, after: Duration) -> Result<Vec<u32>, LaunchError> {
    let kernel = common::kernel(module, name);
    let cancel = Arc::new(AtomicBool::new(false));
    let mut flags = [flag];
    let mut out = vec![0u32; 64];
    let result = std::thread::scope(|s| {
        let watchdog = {
            let cancel = cancel.clone();
            let done = Arc::new(AtomicBool::new(false));
            let d = done.clone();
            (
                s.spawn(move || {
                    let start = Instant::now();
                    while !d.load(Ordering::Acquire) && start.elapsed() < after {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    cancel.store(true, Ordering::Relaxed);
                }),
                done,
            )
        };
        let mut launch = kernel.launch([4, 1, 1], [16, 1, 1]).buffer(&mut flags);
        if name == "wait_flag_barrier" {
            launch = launch.local(16 * 4);
        }
        let r = launch
            .buffer(&mut out)
            .threads(2)
            .cancel(cancel.clone())
            .run();
        watchdog.1.store(true, Ordering::Release);
        watchdog.0.join().unwrap();
        r
    });
    result.map(|()| out)
}

#[test]
fn a_launch_that_never_finishes_stops_when_cancelled() {
    for (what, module) in modules() {
        for name in ["wait_flag", "wait_flag_barrier"] {
            let start = Instant::now();
            let err = run(&module, name, 0, Duration::from_millis(50)).unwrap_err();
            assert_eq!(
                err,
                LaunchError::Fault {
                    kernel: name.into(),
                    fault: Fault::Cancelled
                },
                "{what} {name}"
            );
            assert!(start.elapsed() < Duration::from_secs(20), "{what} {name}");
        }
    }
}

#[test]
fn the_waiting_kernels_finish_when_their_flag_is_set() {
    for (what, module) in modules() {
        for name in ["wait_flag", "wait_flag_barrier"] {
            let out = run(&module, name, 1, Duration::from_secs(600))
                .unwrap_or_else(|e| panic!("{what} {name}: {e}"));
            assert_eq!(out, vec![1; 64], "{what} {name}");
        }
    }
}
