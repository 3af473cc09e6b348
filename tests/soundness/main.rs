//! The safe API is sound (issue 24): programs that try to write memory under a live borrow,
//! reach memory by raw address, or deadlock through safe code. Each section is one item of the
//! issue; each test fails on the code from before it.

#[path = "../common/mod.rs"]
mod common;

mod after_a_fault;
mod borrows;
mod graphs;
mod raw_addresses;
mod readable_errors;
mod threads;

use level_zero::{Kernel, Module};
use std::sync::mpsc;
use std::time::Duration;

fn saxpy() -> Kernel {
    Module::new(include_bytes!("../../examples/saxpy.spv"))
        .unwrap()
        .kernel("saxpy")
        .unwrap()
}

/// Runs `f` on a thread of its own and fails the test if it has not returned within `secs`
/// (a deadlock would otherwise hang the test run).
fn within<R: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> R + Send + 'static) -> R {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(r) => r,
        Err(_) => panic!("{what}: no answer after {secs} s (deadlock)"),
    }
}
