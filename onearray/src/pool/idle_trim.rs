//! Idle trim: a background thread that hands a pool's cached blocks back to the driver once
//! the pool has seen no allocation or free for a whole interval, so a program that allocated
//! a lot once does not keep the memory cached for ever. Off by default;
//! [`set_idle_trim`] or `ONEARRAY_IDLE_TRIM_MS` turn it on.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Which trimming thread is current: a thread whose number is no longer this one stops.
static GENERATION: AtomicU64 = AtomicU64::new(0);
static INTERVAL: Mutex<Option<Duration>> = Mutex::new(None);

/// Trims every pool that stayed idle (no allocation, no free) for `interval`, checking once
/// per interval; `None` stops it. A pool's blocks still used by commands stay until they are
/// done (as with [`trim`](crate::trim)).
///
/// ```
/// use std::time::Duration;
/// onearray::set_idle_trim(Some(Duration::from_millis(50)));
/// assert_eq!(onearray::idle_trim(), Some(Duration::from_millis(50)));
/// onearray::set_idle_trim(None);
/// ```
pub fn set_idle_trim(interval: Option<Duration>) {
    let mut current = INTERVAL.lock().unwrap_or_else(PoisonError::into_inner);
    let generation = GENERATION.fetch_add(1, Ordering::AcqRel) + 1;
    *current = interval.filter(|d| !d.is_zero());
    if let Some(every) = *current {
        let spawned = std::thread::Builder::new()
            .name("onearray-idle-trim".into())
            .spawn(move || run(generation, every));
        if let Err(e) = spawned {
            log::warn!("onearray: no idle-trim thread: {e}");
            *current = None;
        }
    }
}

/// The idle-trim interval, if on.
pub fn idle_trim() -> Option<Duration> {
    *INTERVAL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A pool's activity: allocations served and live blocks (a free changes the latter).
fn activity(p: &super::Pool) -> (u64, usize, usize) {
    let s = p.stats();
    (s.allocations, s.live_allocations, s.bytes_pooled)
}

fn run(generation: u64, every: Duration) {
    let mut seen: Vec<(usize, (u64, usize, usize))> = Vec::new();
    loop {
        std::thread::sleep(every);
        if GENERATION.load(Ordering::Acquire) != generation {
            return;
        }
        for p in super::all_pools() {
            let key = std::ptr::from_ref(p) as usize;
            let now = activity(p);
            match seen.iter_mut().find(|(k, _)| *k == key) {
                Some((_, before)) => {
                    if *before == now && now.2 > 0 {
                        p.trim();
                        *before = activity(p);
                    } else {
                        *before = now;
                    }
                }
                None => seen.push((key, now)),
            }
        }
    }
}

/// Reads `ONEARRAY_IDLE_TRIM_MS` once (called when a pool is made).
pub(crate) fn start_from_env() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let ms = std::env::var("ONEARRAY_IDLE_TRIM_MS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok());
        if let Some(ms) = ms.filter(|&ms| ms > 0) {
            set_idle_trim(Some(Duration::from_millis(ms)));
        }
    });
}
