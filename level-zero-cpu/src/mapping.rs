//! Host memory behind USM: page-aligned anonymous mappings of their own, never the C heap.
//!
//! When an allocation is freed its address range becomes a *tombstone*: the pages are given
//! back but the range stays reserved (`PROT_NONE`), so nothing else — `malloc` included — can
//! be placed there while the driver remembers it. A pointer into a tombstone is therefore
//! always freed USM, never a live system allocation, and commands reject it instead of
//! reading or writing memory that is gone. The driver keeps the most recent tombstones
//! ([`MAX_TOMBSTONES`], [`MAX_TOMBSTONE_BYTES`] of address space) and releases the oldest.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{LazyLock, Mutex};

/// Tombstones kept at most (each is a reserved range, and a kernel memory map entry when it
/// does not merge with a neighbour: Linux allows about 65,000 of those per process).
pub const MAX_TOMBSTONES: usize = 4096;
/// Address space tombstones may hold at most.
pub const MAX_TOMBSTONE_BYTES: usize = 1 << 40;

/// The page size.
pub fn page_size() -> usize {
    static PAGE: LazyLock<usize> = LazyLock::new(|| {
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(page)
            .ok()
            .filter(|&p| p > 0)
            .unwrap_or(4096)
    });
    *PAGE
}

/// The transparent huge page size (`hpage_pmd_size`), if the system has them: allocations of
/// at least that size start at a multiple of it and are advised onto huge pages
/// ([`HostPages::new`]).
pub fn huge_page_size() -> Option<usize> {
    static HUGE: LazyLock<Option<usize>> = LazyLock::new(|| {
        std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size")
            .ok()?
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|h| h.is_power_of_two() && *h > page_size())
    });
    *HUGE
}

/// Anonymous read-write pages owned by one allocation. Dropping it turns the range into a
/// tombstone if it was [`bury`]-ed (freed by the program), and unmaps it otherwise.
pub struct HostPages {
    base: usize,
    len: usize,
}

impl HostPages {
    /// `size` bytes (rounded up to pages) aligned to `alignment` (a power of two), or `None`
    /// if the system has no memory for them. From [`huge_page_size`] bytes on, the range
    /// starts at a multiple of the huge page size and is advised onto transparent huge pages:
    /// a large buffer then needs far fewer address translations (saxpy over two 64 MiB
    /// buffers on one core of a KVM guest: 6.0 ms on 4 KiB pages, 4.1 ms on huge pages).
    pub fn new(size: usize, alignment: usize) -> Option<HostPages> {
        let page = page_size();
        let len = size.checked_next_multiple_of(page)?;
        let huge = huge_page_size().filter(|&h| len >= h);
        let alignment = alignment.max(huge.unwrap_or(1));
        let extra = alignment.saturating_sub(page);
        let total = len.checked_add(extra)?;
        // SAFETY: a fresh private anonymous mapping at an address the kernel chooses.
        let raw = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return None;
        }
        let raw = raw as usize;
        let base = raw.next_multiple_of(alignment.max(page));
        // The over-allocation for the alignment, before and after the aligned range.
        let (head, tail) = (base - raw, total - (base - raw) - len);
        // SAFETY: both ranges are parts of the mapping just made, outside `[base, base+len)`.
        unsafe {
            if head > 0 {
                libc::munmap(raw as *mut libc::c_void, head);
            }
            if tail > 0 {
                libc::munmap((base + len) as *mut libc::c_void, tail);
            }
        }
        if huge.is_some() {
            // SAFETY: advice on the mapping just made; it changes no byte. A kernel without
            // transparent huge pages refuses it, and the pages stay small.
            unsafe { libc::madvise(base as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
        }
        Some(HostPages { base, len })
    }

    /// `len` bytes of the file `fd` mapped shared (read-write), or `None`.
    pub fn shared(fd: std::os::fd::RawFd, len: usize) -> Option<HostPages> {
        let len = len.checked_next_multiple_of(page_size())?;
        // SAFETY: a new shared mapping of a file the caller opened, at an address the kernel
        // chooses.
        let raw = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                0,
            )
        };
        (raw != libc::MAP_FAILED).then_some(HostPages {
            base: raw as usize,
            len,
        })
    }

    /// `size` bytes of inaccessible addresses (rounded up to pages) with `parts` of them
    /// (each `(offset, len, fd, fd_offset)`, page-aligned, inside) mapped shared from their
    /// files: another process's exported virtual memory. `None` if a mapping fails.
    pub fn parts(
        size: usize,
        parts: &[(usize, usize, std::os::fd::RawFd, usize)],
    ) -> Option<HostPages> {
        let len = size.checked_next_multiple_of(page_size())?;
        // SAFETY: a fresh inaccessible mapping at an address the kernel chooses.
        let raw = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return None;
        }
        let pages = HostPages {
            base: raw as usize,
            len,
        };
        for &(offset, part_len, fd, fd_offset) in parts {
            if offset.checked_add(part_len).is_none_or(|end| end > len) {
                return None;
            }
            // SAFETY: pages inside the mapping just made (checked above), replaced by the
            // file's; `pages` unmaps them all when dropped.
            let p = unsafe {
                libc::mmap(
                    (pages.base + offset) as *mut libc::c_void,
                    part_len,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED | libc::MAP_FIXED,
                    fd,
                    fd_offset as libc::off_t,
                )
            };
            if p == libc::MAP_FAILED {
                return None;
            }
        }
        Some(pages)
    }

    /// Moves the pages into a new memfd (their bytes copied), mapped shared at the same
    /// address, and returns it: the memory can then be mapped by other processes. Bytes the
    /// host writes while this runs may be lost; the caller makes sure no command uses them.
    pub fn make_shareable(&self) -> Option<std::os::fd::OwnedFd> {
        use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
        // SAFETY: a C string literal and a valid flag.
        let fd =
            unsafe { libc::memfd_create(c"level-zero-cpu ipc memory".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return None;
        }
        // SAFETY: a new descriptor, owned from now on.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        let raw = fd.as_raw_fd();
        // SAFETY: `raw` is a valid memfd; the source is this mapping's `len` readable bytes.
        let ok = unsafe {
            libc::ftruncate(raw, self.len as libc::off_t) == 0
                && libc::pwrite(raw, self.base as *const libc::c_void, self.len, 0)
                    == self.len as isize
        };
        if !ok {
            return None;
        }
        // SAFETY: replaces this mapping's own pages with the file holding the same bytes.
        let p = unsafe {
            libc::mmap(
                self.base as *mut libc::c_void,
                self.len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED,
                raw,
                0,
            )
        };
        (p != libc::MAP_FAILED).then_some(fd)
    }

    pub fn base(&self) -> usize {
        self.base
    }

    /// One past the last mapped byte (the size rounded up to pages).
    pub fn end(&self) -> usize {
        self.base + self.len
    }
}

impl Drop for HostPages {
    fn drop(&mut self) {
        let mut tombs = tombstones();
        let ptr = self.base as *mut libc::c_void;
        if !tombs.ranges.contains_key(&self.base) {
            // SAFETY: the mapping's own range, unmapped once.
            unsafe { libc::munmap(ptr, self.len) };
            return;
        }
        // SAFETY: the range is this mapping's own (still mapped: nobody else can have it),
        // replaced by an inaccessible reservation that gives the pages back.
        let reserved = unsafe {
            libc::mmap(
                ptr,
                self.len,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_FIXED,
                -1,
                0,
            )
        };
        if reserved == libc::MAP_FAILED {
            // SAFETY: as above; without a reservation the range is simply unmapped.
            unsafe { libc::munmap(ptr, self.len) };
            tombs.forget(self.base);
        } else if let Some(tomb) = tombs.ranges.get_mut(&self.base) {
            tomb.reserved = true;
            tombs.trim();
        }
    }
}

/// A freed range: `reserved` once its mapping has been replaced by the `PROT_NONE`
/// reservation (before that, a command still running may use the memory).
struct Tomb {
    len: usize,
    reserved: bool,
}

#[derive(Default)]
struct Tombstones {
    ranges: BTreeMap<usize, Tomb>,
    /// Bases, oldest first.
    order: VecDeque<usize>,
    bytes: usize,
}

impl Tombstones {
    fn forget(&mut self, base: usize) {
        if let Some(tomb) = self.ranges.remove(&base) {
            self.bytes -= tomb.len;
            self.order.retain(|&b| b != base);
        }
    }

    /// Releases the oldest reserved tombstones beyond the limits.
    fn trim(&mut self) {
        let mut i = 0;
        while (self.ranges.len() > MAX_TOMBSTONES || self.bytes > MAX_TOMBSTONE_BYTES)
            && i < self.order.len()
        {
            let base = self.order[i];
            match self.ranges.get(&base) {
                Some(tomb) if tomb.reserved => {
                    let len = tomb.len;
                    self.ranges.remove(&base);
                    self.order.remove(i);
                    self.bytes -= len;
                    // SAFETY: a reservation of ours that nothing uses; forgotten first, so no
                    // pointer check treats the range as freed USM once it may be reused.
                    unsafe { libc::munmap(base as *mut libc::c_void, len) };
                }
                _ => i += 1,
            }
        }
    }
}

static TOMBSTONES: LazyLock<Mutex<Tombstones>> = LazyLock::new(Default::default);

fn tombstones() -> std::sync::MutexGuard<'static, Tombstones> {
    TOMBSTONES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Marks `pages`'s range as freed USM: from now on pointers into it are rejected, and when
/// they are dropped (at once, or when the last command using them has run) its range stays
/// reserved as a tombstone.
pub fn bury(pages: &HostPages) {
    let mut tombs = tombstones();
    if tombs.ranges.contains_key(&pages.base) {
        return;
    }
    tombs.ranges.insert(
        pages.base,
        Tomb {
            len: pages.len,
            reserved: false,
        },
    );
    tombs.order.push_back(pages.base);
    tombs.bytes += pages.len;
}

/// Whether `[ptr, ptr + len)` (at least one byte) touches freed USM.
pub fn is_freed(ptr: usize, len: usize) -> bool {
    let end = ptr.saturating_add(len.max(1));
    let tombs = tombstones();
    tombs
        .ranges
        .range(..end)
        .next_back()
        .is_some_and(|(&base, tomb)| base + tomb.len > ptr)
}

/// The freed ranges overlapping `[lo, hi)`.
pub fn freed_in(lo: usize, hi: usize) -> Vec<(usize, usize)> {
    let tombs = tombstones();
    let first = tombs
        .ranges
        .range(..lo)
        .next_back()
        .filter(|(&base, tomb)| base + tomb.len > lo);
    first
        .into_iter()
        .chain(tombs.ranges.range(lo..hi))
        .map(|(&base, tomb)| (base, base + tomb.len))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mappings_are_aligned_and_freed_ranges_stay_known_until_trimmed() {
        for alignment in [1, 64, 4096, 1 << 16, 1 << 21] {
            let m = HostPages::new(10_000, alignment).unwrap();
            assert_eq!(m.base() % alignment, 0);
            assert_eq!(m.len % page_size(), 0);
            // SAFETY: the mapping's own pages are readable and writable.
            unsafe { std::ptr::write_bytes(m.base() as *mut u8, 7, 10_000) };
            let (base, len) = (m.base(), m.len);
            assert!(!is_freed(base, len));
            bury(&m);
            assert!(is_freed(base + len - 1, 1));
            assert!(is_freed(base.saturating_sub(8), 16));
            drop(m);
            assert!(is_freed(base, 1), "still known once the pages are gone");
        }
        // Past the limit, the oldest go.
        for _ in 0..MAX_TOMBSTONES + 10 {
            let m = HostPages::new(1, 1).unwrap();
            bury(&m);
        }
        assert!(tombstones().ranges.len() <= MAX_TOMBSTONES);
    }

    /// The `THPeligible` flag of the mapping starting at `base` (`/proc/self/smaps`).
    fn huge_eligible(base: usize) -> Option<bool> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let start = format!("{base:x}-");
        let mut lines = smaps.lines().skip_while(|l| !l.starts_with(&start)).skip(1);
        let flag = lines.find(|l| l.starts_with("THPeligible:"))?;
        Some(flag.trim_end().ends_with('1'))
    }

    #[test]
    fn large_mappings_start_at_a_huge_page_and_are_advised_onto_huge_pages() {
        let Some(huge) = huge_page_size() else {
            return; // No transparent huge pages on this system: nothing changes.
        };
        let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .unwrap_or_default();
        for size in [huge, 3 * huge + 5, 8 * huge] {
            let m = HostPages::new(size, 64).unwrap();
            assert_eq!(m.base() % huge, 0, "{size} bytes");
            assert_eq!(m.len, size.next_multiple_of(page_size()));
            if !thp.contains("[never]") {
                assert_eq!(huge_eligible(m.base()), Some(true), "{size} bytes");
            }
            // SAFETY: the mapping's own pages.
            unsafe { std::ptr::write_bytes(m.base() as *mut u8, 1, size) };
        }
        // Below the huge page size: page-aligned as asked, no advice.
        let m = HostPages::new(huge - page_size(), 64).unwrap();
        assert_eq!(m.len, huge - page_size());
        if !thp.contains("[always]") {
            assert_eq!(huge_eligible(m.base()), Some(false));
        }
    }
}
