//! Whether the program's own memory (not USM) may be read or written by a copy or fill: every
//! byte of the range in a mapping of the process that allows the access.
//!
//! The mappings come from `/proc/self/maps`, read into a cached snapshot that is read again
//! only when a range is not in it (memory mapped since, e.g. by `malloc`, is then found). A
//! snapshot can also be stale the other way (memory unmapped or made read-only since), so a
//! range it accepts is then asked of the kernel, which answers for the mappings as they are
//! now: `MADV_POPULATE_READ`/`WRITE` (Linux 5.14) fault the range's pages in as the access
//! would, without touching a byte, and fail where it would fault. Without them, `mincore`
//! still finds unmapped pages (not changed permissions). That costs about 100 ns a page, half
//! the time of a large copy itself; so a range of [`FRESH_MAPS_MIN`] bytes or more that lies
//! in anonymous mappings only (no file behind them, whose end could fault) is checked against
//! `/proc/self/maps` read again instead, as the kernel lists the mappings now (tens of µs).
//! USM never comes here.
//!
//! What remains: memory the program unmaps (or protects) on another thread between this check
//! and the copy still faults the process, as it would on a GPU driver; the checks turn the
//! common mistakes (wild, freed, read-only pointers) into errors, not every race.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, LazyLock, RwLock};

/// What a command does to a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

impl Access {
    fn word(self) -> &'static str {
        match self {
            Access::Read => "readable",
            Access::Write => "writable",
        }
    }
}

/// One line of `/proc/self/maps`: `[base, end)`, its permissions, and whether no file is
/// behind it (inode 0: the heap, stacks, anonymous `mmap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    pub base: usize,
    pub end: usize,
    pub read: bool,
    pub write: bool,
    pub anonymous: bool,
}

/// Ranges of at least this many bytes in anonymous memory are checked against a fresh read of
/// `/proc/self/maps` rather than page by page (see the module documentation).
pub const FRESH_MAPS_MIN: usize = 4 << 20;

impl Mapping {
    fn allows(&self, access: Access) -> bool {
        match access {
            Access::Read => self.read,
            Access::Write => self.write,
        }
    }
}

/// The mappings `/proc/self/maps` lists, in address order.
pub fn parse(maps: &str) -> Vec<Mapping> {
    let mut all: Vec<Mapping> = maps
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (range, perms) = (fields.next()?, fields.next()?.as_bytes());
            // Offset, device, then the inode.
            let inode = fields.nth(2);
            let (lo, hi) = range.split_once('-')?;
            let base = usize::from_str_radix(lo, 16).ok()?;
            let end = usize::from_str_radix(hi, 16).ok()?;
            (end > base).then_some(Mapping {
                base,
                end,
                read: perms.first() == Some(&b'r'),
                write: perms.get(1) == Some(&b'w'),
                anonymous: inode == Some("0"),
            })
        })
        .collect();
    all.sort_unstable_by_key(|m| m.base);
    all
}

/// The first byte of `[lo, hi)` that no mapping of `maps` (sorted, disjoint) allowing
/// `access` holds; `None` if every byte is in one (a range may span adjacent mappings).
pub fn first_denied(maps: &[Mapping], lo: usize, hi: usize, access: Access) -> Option<usize> {
    let mut at = lo;
    // The first mapping ending after `lo`.
    let start = maps.partition_point(|m| m.end <= lo);
    for m in &maps[start..] {
        if at >= hi {
            return None;
        }
        if m.base > at || !m.allows(access) {
            return Some(at);
        }
        at = m.end;
    }
    (at < hi).then_some(at)
}

/// Whether every mapping of `maps` (sorted, disjoint) that `[lo, hi)` overlaps is anonymous.
fn anonymous(maps: &[Mapping], lo: usize, hi: usize) -> bool {
    let start = maps.partition_point(|m| m.end <= lo);
    maps[start..]
        .iter()
        .take_while(|m| m.base < hi)
        .all(|m| m.anonymous)
}

static SNAPSHOT: LazyLock<RwLock<Arc<[Mapping]>>> = LazyLock::new(|| RwLock::new(read_maps()));

fn read_maps() -> Arc<[Mapping]> {
    std::fs::read_to_string("/proc/self/maps")
        .map(|text| parse(&text))
        .unwrap_or_default()
        .into()
}

fn snapshot() -> Arc<[Mapping]> {
    SNAPSHOT.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Reads `/proc/self/maps` again into the snapshot.
fn refresh() -> Arc<[Mapping]> {
    let fresh = read_maps();
    *SNAPSHOT.write().unwrap_or_else(|e| e.into_inner()) = fresh.clone();
    fresh
}

/// `Ok` if the process may `access` every byte of `[ptr, ptr + len)` now; else why not (the
/// first byte refused, for the error's description).
pub fn check(ptr: usize, len: usize, access: Access) -> Result<(), String> {
    #[cfg(test)]
    CHECKS.with(|c| c.set(c.get() + 1));
    if len == 0 {
        return Ok(());
    }
    let refused = |at: usize| {
        format!(
            "[{ptr:#x}, +{len}) is neither USM nor {} memory of the process (byte {at:#x} is not)",
            access.word()
        )
    };
    let hi = ptr.checked_add(len).ok_or_else(|| refused(ptr))?;
    if len >= FRESH_MAPS_MIN {
        // A large range: the mappings as they are now, read once (not the snapshot first);
        // in anonymous memory that is the kernel's last word.
        let fresh = refresh();
        match first_denied(&fresh, ptr, hi, access) {
            Some(at) => return Err(refused(at)),
            None if anonymous(&fresh, ptr, hi) => return Ok(()),
            None => {}
        }
    } else if first_denied(&snapshot(), ptr, hi, access).is_some() {
        if let Some(at) = first_denied(&refresh(), ptr, hi, access) {
            return Err(refused(at));
        }
    }
    // The snapshot may be stale: the kernel has the last word.
    if kernel_allows(ptr, hi, access) {
        return Ok(());
    }
    Err(match first_denied(&refresh(), ptr, hi, access) {
        Some(at) => refused(at),
        None => format!(
            "[{ptr:#x}, +{len}) is neither USM nor {} memory of the process (the kernel refuses \
             the access)",
            access.word()
        ),
    })
}

#[cfg(test)]
thread_local! {
    /// How many ranges this thread has checked (a test of the callers counts them).
    pub static CHECKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `MADV_POPULATE_READ` and `MADV_POPULATE_WRITE` (Linux 5.14, `<asm-generic/mman-common.h>`).
const POPULATE_READ: libc::c_int = 22;
const POPULATE_WRITE: libc::c_int = 23;

/// Whether the kernel has `MADV_POPULATE_*`: 0 not yet known, 1 yes, 2 no.
static POPULATE: AtomicU8 = AtomicU8::new(0);

fn has_populate() -> bool {
    match POPULATE.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            // A page certainly readable: this function's own stack.
            let probe = 0u8;
            let page = page_size();
            let lo = (&probe as *const u8 as usize) & !(page - 1);
            // SAFETY: advice on a page of this thread's stack, which it only faults in.
            let ok = unsafe { libc::madvise(lo as *mut libc::c_void, page, POPULATE_READ) } == 0;
            POPULATE.store(if ok { 1 } else { 2 }, Ordering::Relaxed);
            ok
        }
    }
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(page)
        .ok()
        .filter(|p| p.is_power_of_two())
        .unwrap_or(4096)
}

/// Whether the kernel lets the process `access` `[lo, hi)` as its mappings are now (without
/// `MADV_POPULATE_*`: whether every page is mapped).
fn kernel_allows(lo: usize, hi: usize, access: Access) -> bool {
    let page = page_size();
    let start = lo & !(page - 1);
    let Some(end) = hi.checked_next_multiple_of(page) else {
        return false;
    };
    let len = end - start;
    if has_populate() {
        let advice = match access {
            Access::Read => POPULATE_READ,
            Access::Write => POPULATE_WRITE,
        };
        loop {
            // SAFETY: populating page tables changes no byte of memory: it faults the pages in
            // as a read (or write) would, and fails (EINVAL, ENOMEM, EFAULT) where one would
            // fault; the copy that follows writes the destination anyway.
            let r = unsafe { libc::madvise(start as *mut libc::c_void, len, advice) };
            if r == 0 {
                return true;
            }
            if std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                return false;
            }
        }
    }
    // One status byte per page, a chunk at a time.
    let mut status = vec![0u8; 4096];
    let mut at = start;
    while at < end {
        let n = ((end - at) / page).min(status.len());
        // SAFETY: `status` holds `n` bytes; mincore only reads the page tables.
        let r = unsafe { libc::mincore(at as *mut libc::c_void, n * page, status.as_mut_ptr()) };
        if r != 0 {
            return false;
        }
        at += n * page;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn page() -> usize {
        page_size()
    }

    /// A fresh anonymous mapping of `pages` pages with `prot`.
    fn map(pages: usize, prot: libc::c_int) -> usize {
        // SAFETY: a new private anonymous mapping at an address the kernel chooses.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                pages * page(),
                prot,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        p as usize
    }

    #[test]
    fn the_process_memory_is_checked_as_it_is_now() {
        let rw = PROT_RW;
        let heap = vec![1u8; 100_000];
        assert_eq!(
            check(heap.as_ptr() as usize, heap.len(), Access::Write),
            Ok(())
        );
        assert!(check(0x1000, 8, Access::Read).is_err());
        // Read-only: read, not written.
        let ro = map(1, libc::PROT_READ);
        assert_eq!(check(ro, 8, Access::Read), Ok(()));
        assert!(check(ro, 8, Access::Write).is_err());
        // A writable page running into an inaccessible one.
        let two = map(2, rw);
        // SAFETY: the second page of the mapping just made.
        unsafe { libc::mprotect((two + page()) as *mut libc::c_void, page(), libc::PROT_NONE) };
        assert_eq!(check(two, page(), Access::Read), Ok(()));
        let e = check(two + page() - 8, 16, Access::Read).unwrap_err();
        assert!(e.contains(&format!("{:#x}", two + page())), "{e}");
        // Known to the snapshot, then unmapped: the kernel says no.
        let gone = map(1, rw);
        assert_eq!(check(gone, 8, Access::Write), Ok(()));
        // SAFETY: mappings made above, unmapped once.
        unsafe {
            libc::munmap(gone as *mut libc::c_void, page());
            libc::munmap(two as *mut libc::c_void, 2 * page());
            libc::munmap(ro as *mut libc::c_void, page());
        }
        assert!(check(gone, 8, Access::Read).is_err());
        // A static is readable, not writable.
        static TEXT: &[u8] = b"read-only data";
        assert_eq!(
            check(TEXT.as_ptr() as usize, TEXT.len(), Access::Read),
            Ok(())
        );
        assert!(check(TEXT.as_ptr() as usize, TEXT.len(), Access::Write).is_err());
        // Large ranges: anonymous memory by the fresh list of mappings, also once unmapped.
        let big = FRESH_MAPS_MIN / page() + 1;
        let large = map(big, rw);
        assert_eq!(check(large, big * page(), Access::Write), Ok(()));
        // SAFETY: the mapping just made, its last page made inaccessible, then unmapped.
        unsafe {
            libc::mprotect(
                (large + (big - 1) * page()) as *mut libc::c_void,
                page(),
                libc::PROT_NONE,
            )
        };
        let e = check(large, big * page(), Access::Read).unwrap_err();
        assert!(
            e.contains(&format!("{:#x}", large + (big - 1) * page())),
            "{e}"
        );
        // SAFETY: as above.
        unsafe { libc::munmap(large as *mut libc::c_void, big * page()) };
        assert!(check(large, big * page(), Access::Read).is_err());
        // Memory mapped after the snapshot was taken is found.
        let later = map(4, rw);
        assert_eq!(check(later, 4 * page(), Access::Write), Ok(()));
        // SAFETY: as above.
        unsafe { libc::munmap(later as *mut libc::c_void, 4 * page()) };
    }

    const PROT_RW: libc::c_int = libc::PROT_READ | libc::PROT_WRITE;

    #[test]
    fn maps_lines_are_parsed() {
        let text = "\
7f0000001000-7f0000002000 r--p 00000000 08:01 1 /lib/x.so
7f0000000000-7f0000001000 rw-p 00000000 00:00 0
7f0000002000-7f0000003000 ---p 00000000 00:00 0
garbage
";
        let maps = parse(text);
        assert_eq!(maps.len(), 3);
        assert_eq!(
            (maps[0].base, maps[0].read, maps[0].write),
            (0x7f00_0000_0000, true, true)
        );
        assert_eq!((maps[1].read, maps[1].write), (true, false));
        assert_eq!((maps[2].read, maps[2].write), (false, false));
        assert!(maps[0].anonymous && !maps[1].anonymous && maps[2].anonymous);
    }

    proptest! {
        /// A range is accepted iff every byte of it is in some mapping with the permission;
        /// the first byte refused is the first such byte.
        #[test]
        fn a_range_is_accepted_iff_every_byte_is_allowed(
            spans in proptest::collection::vec((0usize..4, 1usize..4, any::<bool>(), any::<bool>()), 0..8),
            lo in 0usize..40,
            len in 1usize..40,
            write in any::<bool>(),
        ) {
            // Disjoint mappings in order: a gap, then a length, with permissions.
            let mut maps = Vec::new();
            let mut at = 0;
            for (gap, n, read, w) in spans {
                maps.push(Mapping { base: at + gap, end: at + gap + n, read, write: w, anonymous: true });
                at += gap + n;
            }
            let access = if write { Access::Write } else { Access::Read };
            let allowed = |b: usize| maps.iter().any(|m| m.base <= b && b < m.end && m.allows(access));
            let want = (lo..lo + len).find(|&b| !allowed(b));
            prop_assert_eq!(first_denied(&maps, lo, lo + len, access), want);
        }
    }
}
