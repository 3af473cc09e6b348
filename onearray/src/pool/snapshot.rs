//! [`Pool::stats`]: a snapshot of a pool's counters, its own and those of every thread's
//! magazine, read in an order that keeps them consistent while other threads allocate.

use super::{Pool, PoolStats};
use std::sync::atomic::Ordering;

impl Pool {
    /// A snapshot of the counters.
    pub(crate) fn stats(&self) -> PoolStats {
        let inner = self.lock();
        let mut s = inner.stats;
        // Every free is counted after its allocation: reading all frees first never counts
        // more frees than allocations.
        let returned = inner.returned + inner.magazines.iter().map(|m| m.frees()).sum::<u64>();
        let served: u64 = inner.magazines.iter().map(|m| m.allocs()).sum();
        // Likewise every byte count taken back after the one it was handed out with.
        let back = inner
            .magazines
            .iter()
            .fold(0usize, |a, m| a.wrapping_add(m.requested_out()));
        let requested = self.in_use.requested.load(Ordering::Acquire);
        let out = inner
            .magazines
            .iter()
            .fold(0usize, |a, m| a.wrapping_add(m.requested_in()));
        s.bytes_pooled += inner
            .magazines
            .iter()
            .map(|m| m.cached_bytes())
            .sum::<usize>();
        let handed_out = inner.handed_out + served;
        drop(inner);
        s.allocations += served;
        s.hits += served;
        s.live_allocations = usize::try_from(handed_out.saturating_sub(returned)).unwrap_or(0);
        s.bytes_in_use = self.in_use.bytes.load(Ordering::Relaxed);
        // Within range even while other threads allocate (see above); wrapping arithmetic.
        s.bytes_requested = requested.wrapping_add(out).wrapping_sub(back);
        if s.bytes_requested > isize::MAX as usize {
            s.bytes_requested = 0;
        }
        // A peak being recorded is at most the in-use figure just read.
        s.peak_in_use = self.in_use.peak.load(Ordering::Relaxed).max(s.bytes_in_use);
        s
    }
}
