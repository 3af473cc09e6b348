//! What a kernel may reach: every load and store of a work-group is checked against its
//! buffer arguments, indirectly accessible allocations, module globals, the exact parts of
//! local memory it uses, and the work-item's own private memory.

use crate::error::Fault;
use crate::run::launch::{MemoryRange, What};
use crate::run::printed::Printed;
use std::cell::Cell;

/// Checks every load and store of one thread's work-groups.
pub struct Memory<'a> {
    global: &'a [MemoryRange],
    own: [(usize, usize); 3],
    /// The parts of local memory the kernel may use (each `__local` argument, the kernel-scope
    /// variables): the padding between them and after them faults.
    local: Vec<(usize, usize)>,
    /// Recently hit ranges (a kernel usually streams through a few buffers).
    recent: [Cell<(usize, usize)>; 4],
    next: Cell<usize>,
    /// Bytes of private memory per work-item (the arena is `own[0]`, lane after lane).
    private_stride: usize,
    /// Where the launch's `printf` output goes, if the kernel may print.
    printed: Option<&'a Printed>,
    /// Ranges of `global` the kernel may not write.
    read_only: &'a [(usize, usize)],
}

impl<'a> Memory<'a> {
    /// The checks of one thread: `global` sorted by base and disjoint; `own` = the private
    /// arena (lane after lane, `private_stride` bytes each), local memory, by-value arguments;
    /// `local` = the parts of local memory in use.
    pub fn new(
        global: &'a [MemoryRange],
        own: [(usize, usize); 3],
        local: Vec<(usize, usize)>,
        private_stride: usize,
    ) -> Memory<'a> {
        Memory {
            global,
            own,
            local,
            recent: Default::default(),
            next: Cell::new(0),
            private_stride,
            printed: None,
            read_only: &[],
        }
    }

    /// These checks with stores into `read_only` (parts of the global ranges) refused.
    pub fn with_read_only(self, read_only: &'a [(usize, usize)]) -> Memory<'a> {
        Memory { read_only, ..self }
    }

    /// `Ok` if work-item `lane` may write `[addr, addr + len)`: [`check_lane`](Self::check_lane),
    /// and no byte of it read-only.
    #[inline]
    pub fn check_write_lane(&self, addr: usize, len: usize, lane: usize) -> Result<(), Fault> {
        self.check_lane(addr, len, lane)?;
        match self.read_only_overlap(addr, len) {
            None => Ok(()),
            Some((start, end)) => Err(Fault::ReadOnly {
                address: addr,
                len,
                start,
                end,
            }),
        }
    }

    /// The read-only range `[addr, addr + len)` overlaps, if any.
    #[inline]
    fn read_only_overlap(&self, addr: usize, len: usize) -> Option<(usize, usize)> {
        let end = addr.saturating_add(len);
        self.read_only
            .iter()
            .copied()
            .find(|&(b, e)| addr < e && b < end)
    }

    /// [`covers`](Self::covers) for a write: also none of it read-only.
    #[inline]
    pub fn covers_for_write(&self, addr: usize, len: usize) -> bool {
        self.covers(addr, len) && self.read_only_overlap(addr, len).is_none()
    }

    /// [`shared_range`](Self::shared_range) for a write: the part of the range holding
    /// `[addr, addr + len)` that no read-only range cuts, if the access itself is writable.
    pub fn writable_range(&self, addr: usize, len: usize) -> Option<(usize, usize)> {
        let (mut lo, mut hi) = self.shared_range(addr, len)?;
        let end = addr.checked_add(len)?;
        for &(b, e) in self.read_only {
            if addr < e && b < end {
                return None;
            }
            if e <= addr {
                lo = lo.max(e);
            } else {
                hi = hi.min(b);
            }
        }
        Some((lo, hi))
    }

    /// These checks with `printf` output going to `printed`.
    pub fn with_printed(self, printed: &'a Printed) -> Memory<'a> {
        Memory {
            printed: Some(printed),
            ..self
        }
    }

    /// Where `printf` output goes (`None`: the launch keeps none).
    pub fn printed(&self) -> Option<&'a Printed> {
        self.printed
    }

    /// `Ok` if work-item `lane` may access `[addr, addr + len)`.
    #[inline]
    pub fn check_lane(&self, addr: usize, len: usize, lane: usize) -> Result<(), Fault> {
        // The recently hit ranges never include the private arena (see `check_slow`).
        if self.recent_hit(addr, len) {
            return Ok(());
        }
        let (base, end) = self.own[0];
        if addr >= base && addr < end {
            // Private memory: only the work-item's own part of the arena.
            let lo = base + lane * self.private_stride;
            let hi = lo + self.private_stride;
            let last = addr.wrapping_add(len);
            if addr >= lo && last <= hi && last >= addr {
                return Ok(());
            }
            return Err(Fault::OtherPrivateMemory {
                address: addr,
                len,
                lane,
                start: lo,
                end: hi,
            });
        }
        self.check_slow(addr, len)
    }

    #[inline]
    fn recent_hit(&self, addr: usize, len: usize) -> bool {
        let end = addr.wrapping_add(len);
        end >= addr
            && self.recent.iter().any(|r| {
                let (b, e) = r.get();
                addr >= b && end <= e
            })
    }

    /// Whether `addr` is in the work-group's local memory.
    pub fn is_local(&self, addr: usize) -> bool {
        let (b, e) = self.own[1];
        addr >= b && addr < e
    }

    /// Whether `addr` is in private memory (variables and by-value arguments).
    pub fn is_private(&self, addr: usize) -> bool {
        [self.own[0], self.own[2]]
            .iter()
            .any(|&(b, e)| addr >= b && addr < e)
    }

    #[cold]
    fn check_slow(&self, addr: usize, len: usize) -> Result<(), Fault> {
        if self.find_shared(addr, len) {
            Ok(())
        } else {
            Err(self.fault(addr, len))
        }
    }

    /// Whether `[addr, addr + len)` lies inside one range every work-item may reach (a buffer,
    /// an indirect allocation, a module global, a part of local memory, the by-value
    /// arguments), remembering the range. The private arena is never such a range.
    #[inline]
    pub fn covers(&self, addr: usize, len: usize) -> bool {
        self.recent_hit(addr, len) || self.find_shared(addr, len)
    }

    fn find_shared(&self, addr: usize, len: usize) -> bool {
        self.shared_range(addr, len).is_some()
    }

    /// The range every work-item may reach that holds `[addr, addr + len)`, if any
    /// (remembered as recently hit).
    pub fn shared_range(&self, addr: usize, len: usize) -> Option<(usize, usize)> {
        let end = addr.checked_add(len)?;
        let hit = [self.own[2]]
            .iter()
            .chain(&self.local)
            .copied()
            .find(|&(b, e)| addr >= b && end <= e)
            .or_else(|| {
                let i = self.global.partition_point(|r| r.base <= addr);
                let r = self.global.get(i.checked_sub(1)?)?;
                (end <= r.end).then_some((r.base, r.end))
            });
        if let Some(range) = hit {
            let slot = self.next.get();
            self.recent[slot % 4].set(range);
            self.next.set(slot + 1);
        }
        hit
    }

    fn fault(&self, addr: usize, len: usize) -> Fault {
        let distance = |(b, e): (usize, usize)| {
            if addr < b {
                b - addr
            } else {
                addr.saturating_sub(e.saturating_sub(1))
            }
        };
        let (lb, le) = self.own[1];
        let nearest = if addr >= lb && addr < le {
            let Some((base, end)) = self.local.iter().copied().min_by_key(|r| distance(*r)) else {
                return Fault::UnusedLocalMemory { address: addr, len };
            };
            Some(MemoryRange {
                base,
                end,
                what: What::named("__local memory of the work-group"),
            })
        } else {
            self.global
                .iter()
                .min_by_key(|r| distance((r.base, r.end)))
                .cloned()
        };
        Fault::OutOfBounds {
            address: addr,
            len,
            nearest,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_work_item_reaches_only_its_own_private_memory() {
        let mem = Memory {
            global: &[],
            own: [(1000, 1064), (0, 0), (0, 0)],
            local: Vec::new(),
            recent: Default::default(),
            next: Cell::new(0),
            private_stride: 16,
            printed: None,
            read_only: &[],
        };
        assert!(mem.check_lane(1016, 4, 1).is_ok());
        assert!(mem.check_lane(1028, 4, 1).is_ok());
        let err = mem.check_lane(1016, 4, 0).unwrap_err().to_string();
        assert!(
            err.contains("outside work-item 0's private memory"),
            "{err}"
        );
        assert!(mem.check_lane(1030, 4, 1).is_err(), "straddles into lane 2");
        assert!(mem.check_lane(2000, 4, 0).is_err(), "nowhere");
    }

    proptest::proptest! {
        /// A range cached for writes holds the write, lies inside the range a read would
        /// cache, and holds no read-only byte; a write is refused exactly when it touches one.
        #[test]
        fn writable_ranges_hold_no_read_only_byte(
            cuts in proptest::collection::vec((0usize..4096, 1usize..256), 0..6),
            addr in 4096usize..8192,
            len in 1usize..64,
        ) {
            let global = [MemoryRange { base: 4096, end: 8192, what: "buffer".into() }];
            let mut read_only: Vec<(usize, usize)> =
                cuts.iter().map(|&(at, n)| (4096 + at, (4096 + at + n).min(8192))).collect();
            read_only.sort_unstable();
            read_only.dedup_by(|b, a| b.0 < a.1); // keep them disjoint
            let mem = Memory::new(&global, [(0, 0); 3], Vec::new(), 0).with_read_only(&read_only);
            let end = addr + len;
            let touches = read_only.iter().any(|&(b, e)| addr < e && b < end);
            let inside = end <= 8192;
            proptest::prop_assert_eq!(
                mem.check_write_lane(addr, len, 0).is_ok(),
                inside && !touches
            );
            match mem.writable_range(addr, len) {
                Some((lo, hi)) => {
                    proptest::prop_assert!(inside && !touches);
                    proptest::prop_assert!(lo <= addr && end <= hi && 4096 <= lo && hi <= 8192);
                    proptest::prop_assert!(read_only.iter().all(|&(b, e)| e <= lo || hi <= b));
                }
                None => proptest::prop_assert!(!inside || touches),
            }
        }
    }
}
