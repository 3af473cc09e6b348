//! [`PoolStats`]: the counters of one pool, as `memory_info` reports them.

/// Counters of one pool. `bytes_*` are in class sizes (what the pool holds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Allocation requests served.
    pub allocations: u64,
    /// Served from the free lists (the pool's or the calling thread's magazine).
    pub hits: u64,
    /// Served by the driver.
    pub misses: u64,
    /// Of the hits, blocks reused on the same in-order stream while still in use.
    pub stream_reuses: u64,
    /// Blocks returned while commands still used them (deferred).
    pub deferred_frees: u64,
    /// Bytes of live arrays.
    pub bytes_in_use: usize,
    /// Bytes cached (free lists, magazines of every thread, and deferred).
    pub bytes_pooled: usize,
    /// Bytes the live arrays asked for (before rounding up to classes).
    pub bytes_requested: usize,
    /// Highest `bytes_in_use`.
    pub peak_in_use: usize,
    /// Live blocks.
    pub live_allocations: usize,
    /// Blocks handed back to the driver by `trim` or the limit.
    pub released: u64,
    /// Bytes of the blocks and segments handed back to the driver (by `trim`, the limit, or
    /// a large request that found no cached piece to fit).
    pub bytes_released: u64,
    /// OOM ladder: reclaims of completed deferred frees.
    pub oom_reclaims: u64,
    /// OOM ladder: trims of cached blocks.
    pub oom_trims: u64,
    /// OOM ladder: stream synchronizations.
    pub oom_syncs: u64,
    /// OOM ladder: allocations that failed after every step.
    pub oom_failures: u64,
}

impl PoolStats {
    /// Bytes held from the driver per byte the live arrays asked for:
    /// `(bytes_in_use + bytes_pooled) / bytes_requested` (1 is no overhead; rounding to classes,
    /// larger blocks reused and cached blocks raise it; 0 with nothing requested).
    ///
    /// ```
    /// let a = onearray::OneArray::<u8>::zeroed(1000)?; // a 1024-byte class
    /// let s = onearray::memory_info()?.total();
    /// assert!(s.bytes_requested >= 1000 && s.fragmentation() >= 1.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn fragmentation(&self) -> f64 {
        if self.bytes_requested == 0 {
            0.0
        } else {
            (self.bytes_in_use + self.bytes_pooled) as f64 / self.bytes_requested as f64
        }
    }

    /// `hits / allocations` (0 with no allocation).
    pub fn hit_rate(&self) -> f64 {
        if self.allocations == 0 {
            0.0
        } else {
            self.hits as f64 / self.allocations as f64
        }
    }
}
