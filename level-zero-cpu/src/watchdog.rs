//! The hung-kernel watchdog, like a GPU driver's hang detection: each launch is watched from
//! the moment it starts; one that runs longer than `LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS` has its
//! cancellation flag set, and the executor stops it at the next loop back-edge (or between
//! work-groups). The command then fails with `DEVICE_LOST` and the queue goes on.
//!
//! One thread serves every launch: it sleeps until the earliest deadline (for [`IDLE`] while
//! nothing runs), so a launch costs a lock and a vector push, no thread; it is woken only for
//! a deadline earlier than its own wake-up (the default timeout never is), not once per
//! launch (a wake-up is a system call for the launching thread: 4 µs, twice a small launch).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

struct Entry {
    id: u64,
    deadline: Instant,
    flag: Arc<AtomicBool>,
}

struct Watchdog {
    entries: Mutex<Entries>,
    wake: Condvar,
}

struct Entries {
    watched: Vec<Entry>,
    /// When the watchdog wakes up next by itself.
    wakes_at: Instant,
}

/// How long the watchdog sleeps while no launch is watched.
const IDLE: Duration = Duration::from_secs(30);

static NEXT_ID: AtomicU64 = AtomicU64::new(0);

fn watchdog() -> &'static Watchdog {
    static WATCHDOG: OnceLock<&'static Watchdog> = OnceLock::new();
    WATCHDOG.get_or_init(|| {
        let w: &'static Watchdog = Box::leak(Box::new(Watchdog {
            entries: Mutex::new(Entries {
                watched: Vec::new(),
                wakes_at: Instant::now() + IDLE,
            }),
            wake: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("lz-cpu-watchdog".into())
            .spawn(move || w.run())
            .expect("spawning the kernel watchdog thread");
        w
    })
}

impl Watchdog {
    fn run(&self) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            entries.watched.retain(|e| {
                let due = e.deadline <= now;
                if due {
                    e.flag.store(true, Ordering::Relaxed);
                }
                !due
            });
            let next = entries.watched.iter().map(|e| e.deadline).min();
            entries.wakes_at = next.unwrap_or(now + IDLE);
            let sleep = entries.wakes_at - now;
            entries = self
                .wake
                .wait_timeout(entries, sleep)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

/// A launch being watched: cancelled once its time is up, unwatched when dropped.
pub struct Watch {
    id: u64,
    flag: Arc<AtomicBool>,
    timeout: Duration,
}

impl Watch {
    /// Starts watching a launch that may run for `timeout`.
    pub fn start(timeout: Duration) -> Watch {
        let flag = Arc::new(AtomicBool::new(false));
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let w = watchdog();
        let mut entries = w.entries.lock().unwrap_or_else(|e| e.into_inner());
        let deadline = Instant::now() + timeout;
        let earliest = deadline < entries.wakes_at;
        entries.watched.push(Entry {
            id,
            deadline,
            flag: flag.clone(),
        });
        drop(entries);
        if earliest {
            w.wake.notify_one();
        }
        Watch { id, flag, timeout }
    }

    /// The flag the executor polls.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.flag.clone()
    }

    /// Whether the time ran out (the launch was told to stop).
    pub fn expired(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// The time the launch was given.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        if !self.expired() {
            let w = watchdog();
            let mut entries = w.entries.lock().unwrap_or_else(|e| e.into_inner());
            entries.watched.retain(|e| e.id != self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_expires_after_its_timeout_and_not_before() {
        let long = Watch::start(Duration::from_secs(3600));
        let short = Watch::start(Duration::from_millis(20));
        assert!(!short.expired());
        let start = Instant::now();
        while !short.expired() && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(short.expired());
        assert!(start.elapsed() >= Duration::from_millis(15));
        assert!(!long.expired(), "the other launch keeps running");
        drop(long);
        let entries = watchdog().entries.lock().unwrap();
        assert!(entries.watched.iter().all(|e| e.id != short.id));
    }
}
