//! Opt-in leak tracker: each live block with its size, kind and creation backtrace.
//!
//! ```
//! onearray::set_leak_tracking(true);
//! let a = onearray::OneArray::<u32>::zeroed(10)?;
//! assert!(onearray::report_leaks().iter().any(|l| l.size == 512));
//! drop(a);
//! onearray::set_leak_tracking(false);
//! # Ok::<(), onearray::Error>(())
//! ```

use crate::switch::Switch;
use level_zero::{Allocation, MemoryKind};
use std::backtrace::Backtrace;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

static TRACK: Switch = Switch::new("ONEARRAY_TRACK_LEAKS", false);
static NEXT: AtomicU64 = AtomicU64::new(1);
static LIVE: Mutex<Option<HashMap<u64, Leak>>> = Mutex::new(None);

/// A live allocation recorded by the tracker.
#[derive(Clone, Debug)]
pub struct Leak {
    /// Bytes held (the size class when pooled).
    pub size: usize,
    /// Which memory it is.
    pub kind: MemoryKind,
    /// Address of the block.
    pub address: usize,
    /// Where it was created.
    pub backtrace: Arc<Backtrace>,
}

impl std::fmt::Display for Leak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} B of {} memory at {:#x}, created at:\n{}",
            self.size,
            self.kind.name(),
            self.address,
            self.backtrace
        )
    }
}

/// Whether tracking is on (env `ONEARRAY_TRACK_LEAKS=1` turns it on at first use).
#[inline]
pub fn leak_tracking() -> bool {
    TRACK.get()
}

/// Turns tracking on or off for allocations made from now on.
pub fn set_leak_tracking(on: bool) {
    TRACK.set(on);
}

/// The live tracked allocations, oldest first.
pub fn report_leaks() -> Vec<Leak> {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    let mut v: Vec<(u64, Leak)> = live
        .iter()
        .flat_map(|m| m.iter().map(|(k, l)| (*k, l.clone())))
        .collect();
    v.sort_by_key(|e| e.0);
    v.into_iter().map(|e| e.1).collect()
}

#[inline]
pub(crate) fn record(size: usize, kind: MemoryKind, alloc: &Allocation) -> u64 {
    if !leak_tracking() {
        return 0;
    }
    record_tracked(size, kind, alloc)
}

#[cold]
fn record_tracked(size: usize, kind: MemoryKind, alloc: &Allocation) -> u64 {
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    let leak = Leak {
        size,
        kind,
        address: alloc.as_ptr() as usize,
        backtrace: Arc::new(Backtrace::force_capture()),
    };
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .insert(id, leak);
    id
}

pub(crate) fn forget(id: u64) {
    if let Some(m) = LIVE.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        m.remove(&id);
    }
}

extern "C" {
    fn _exit(status: std::ffi::c_int) -> !;
}

/// At exit, with tracking on: prints what is still alive, and with `ONEARRAY_LEAKS_FATAL=1`
/// ends the process with status 87 if anything is (CI runs the test suite that way).
pub(crate) fn report_at_exit() {
    if !leak_tracking() {
        return;
    }
    let leaks = report_leaks();
    if leaks.is_empty() {
        return;
    }
    eprintln!(
        "onearray: {} allocation(s) still alive at exit:",
        leaks.len()
    );
    for leak in &leaks {
        eprintln!("  {leak}");
    }
    if std::env::var("ONEARRAY_LEAKS_FATAL").is_ok_and(|v| v == "1") {
        // SAFETY: ends the process at once from an at-exit handler (calling `exit` again
        // there is not allowed); nothing of ours runs after it.
        unsafe { _exit(87) };
    }
}
