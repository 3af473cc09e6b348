//! Host-side waiting: a process-wide notifier that every completion (event signal, fence
//! signal, queue progress, allocation release) pokes, and deadline-bounded waits on it.
//!
//! Waits spin briefly before sleeping: completions on this driver take microseconds, and a
//! futex wake-up alone costs more than the 10 µs an append + synchronize is allowed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Event pools shared with other processes (IPC) alive in this one: their events are
/// signalled by processes whose completions never poke this notifier, so sleeping waiters
/// look again every millisecond instead of every 100.
pub static SHARED_POOLS: AtomicUsize = AtomicUsize::new(0);

/// How long a waiter spins before it sleeps.
pub const SPIN: Duration = Duration::from_micros(50);

/// See the module documentation.
pub struct Notifier {
    lock: Mutex<()>,
    condvar: Condvar,
    sleepers: AtomicUsize,
}

pub static NOTIFIER: Notifier = Notifier {
    lock: Mutex::new(()),
    condvar: Condvar::new(),
    sleepers: AtomicUsize::new(0),
};

impl Notifier {
    /// Wakes every sleeping waiter. Call after making a completion visible.
    pub fn notify(&self) {
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.condvar.notify_all();
        }
    }

    /// Waits until `done()` holds or `timeout` passes (`None`: forever). Returns `done()`.
    pub fn wait_until(&self, mut done: impl FnMut() -> bool, timeout: Option<Duration>) -> bool {
        if done() {
            return true;
        }
        if timeout == Some(Duration::ZERO) {
            return false;
        }
        let start = Instant::now();
        let deadline = timeout.and_then(|t| start.checked_add(t));
        let spin_until = start + SPIN.min(timeout.unwrap_or(SPIN));
        while Instant::now() < spin_until {
            std::hint::spin_loop();
            if done() {
                return true;
            }
        }
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        let mut guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let chunk = if SHARED_POOLS.load(Ordering::Relaxed) > 0 {
            Duration::from_millis(1)
        } else {
            Duration::from_millis(100)
        };
        let result = loop {
            if done() {
                break true;
            }
            let wait = match deadline {
                None => chunk,
                Some(d) => match d.checked_duration_since(Instant::now()) {
                    Some(left) if !left.is_zero() => left.min(chunk),
                    _ => break false,
                },
            };
            guard = self
                .condvar
                .wait_timeout(guard, wait)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        };
        drop(guard);
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
        result
    }
}

/// The spec's timeout in nanoseconds: `u64::MAX` waits forever, 0 polls.
pub fn timeout_from_ns(ns: u64) -> Option<Duration> {
    (ns != u64::MAX).then(|| Duration::from_nanos(ns))
}
