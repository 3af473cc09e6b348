//! Memory status: per device and kind, what the driver and the pools hold.

use crate::error::Result;
use crate::pool::{self, PoolStats};
use level_zero::MemoryKind;

/// The figures of one pool (device and kind).
#[derive(Clone, Debug)]
pub struct PoolInfo {
    /// The device's name.
    pub device: String,
    /// The device.
    pub dev: level_zero::Device,
    /// Which memory the pool holds.
    pub kind: MemoryKind,
    /// Device memory, from the driver's sysman (`None` if it does not report it).
    pub total: Option<u64>,
    /// Free device memory, likewise.
    pub free: Option<u64>,
    /// The pool's counters.
    pub stats: PoolStats,
}

/// Every pool's figures.
#[derive(Clone, Debug, Default)]
pub struct MemoryInfo {
    /// One entry per pool.
    pub pools: Vec<PoolInfo>,
}

impl MemoryInfo {
    /// The sum of the statistics of every pool.
    pub fn total(&self) -> PoolStats {
        sum(self.pools.iter())
    }

    /// The sum of the statistics of the pools of one kind (on every device).
    ///
    /// ```
    /// use onearray::{memory_info, MemoryKind, OneArray};
    /// let _a = OneArray::<u8>::zeroed(1000)?;
    /// assert!(memory_info()?.of_kind(MemoryKind::Device).live_allocations >= 1);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn of_kind(&self, kind: MemoryKind) -> PoolStats {
        sum(self.pools.iter().filter(|p| p.kind == kind))
    }

    /// The sum of the statistics of the pools of one device (every kind).
    ///
    /// ```
    /// use onearray::{memory_info, OneArray};
    /// let a = OneArray::<u8>::zeroed(1000)?;
    /// assert!(memory_info()?.of_device(a.device()).bytes_in_use >= 1000);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn of_device(&self, dev: &level_zero::Device) -> PoolStats {
        sum(self.pools.iter().filter(|p| &p.dev == dev))
    }
}

fn sum<'a>(pools: impl Iterator<Item = &'a PoolInfo>) -> PoolStats {
    let mut t = PoolStats::default();
    for p in pools {
        let s = &p.stats;
        t.allocations += s.allocations;
        t.hits += s.hits;
        t.misses += s.misses;
        t.stream_reuses += s.stream_reuses;
        t.deferred_frees += s.deferred_frees;
        t.bytes_in_use += s.bytes_in_use;
        t.bytes_pooled += s.bytes_pooled;
        t.bytes_requested += s.bytes_requested;
        t.peak_in_use += s.peak_in_use;
        t.live_allocations += s.live_allocations;
        t.released += s.released;
        t.bytes_released += s.bytes_released;
        t.oom_reclaims += s.oom_reclaims;
        t.oom_trims += s.oom_trims;
        t.oom_syncs += s.oom_syncs;
        t.oom_failures += s.oom_failures;
    }
    t
}

/// The figures of every pool used so far.
///
/// ```
/// let _a = onearray::OneArray::<u8>::zeroed(1000)?;
/// let info = onearray::memory_info()?;
/// assert!(info.total().bytes_in_use >= 1024);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn memory_info() -> Result<MemoryInfo> {
    let mut pools = Vec::new();
    for p in pool::all_pools() {
        let state = p.dev.memory_state()?;
        pools.push(PoolInfo {
            device: p.dev.properties()?.name,
            dev: p.dev.clone(),
            kind: p.kind,
            total: state.map(|s| s.total),
            free: state.map(|s| s.free),
            stats: p.stats(),
        });
    }
    Ok(MemoryInfo { pools })
}

/// A human-readable report of [`memory_info`].
pub fn memory_report() -> Result<String> {
    let info = memory_info()?;
    let mut out = String::from("onearray memory status\n");
    if info.pools.is_empty() {
        out.push_str("  (no allocation yet)\n");
    }
    for p in &info.pools {
        let s = &p.stats;
        let dev = match (p.total, p.free) {
            (Some(t), Some(f)) => {
                format!("total {}, free {}", human(t as usize), human(f as usize))
            }
            _ => "total ?, free ?".into(),
        };
        out.push_str(&format!(
            "  {} / {:<6} {dev} | in use {} ({} live), pooled {}, peak {} | hit rate {:.1}% ({} of {})\n",
            p.device,
            p.kind.name(),
            human(s.bytes_in_use),
            s.live_allocations,
            human(s.bytes_pooled),
            human(s.peak_in_use),
            100.0 * s.hit_rate(),
            s.hits,
            s.allocations,
        ));
    }
    Ok(out)
}

/// Prints [`memory_report`] to stdout.
pub fn memory_status() {
    match memory_report() {
        Ok(r) => print!("{r}"),
        Err(e) => println!("onearray memory status unavailable: {e}"),
    }
}

/// `1536` → `"1.5 KiB"`.
pub fn human(bytes: usize) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u < UNITS.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}
