//! Virtual memory: reserved address ranges (`zeVirtualMemReserve`, an inaccessible anonymous
//! mapping), physical memory objects (`zePhysicalMemCreate`, a memfd charged to the device's
//! memory) and mappings of the one into the other (`zeVirtualMemMap`: the memfd mapped shared
//! and fixed over the reserved pages).
//!
//! A reservation is one device allocation in the driver's map, so pointers into it are USM to
//! every check; a command's range must lie on mapped pages whose access allows it, and a
//! kernel reaches only the mapped pages. A command pins the byte ranges it uses from its
//! submission until it has run ([`Reservation::pin`]); unmapping waits only for the commands
//! whose ranges overlap the pages unmapped (the specification leaves unmapping pages in use
//! undefined: a GPU would fault), so giving back free pages never waits for work elsewhere in
//! the reservation.

use crate::abi::*;
use crate::device::MemoryBudget;
use crate::handle::{HandleKind, Object};
use crate::sync::NOTIFIER;
use level_zero_sys::*;
use std::ffi::c_void;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::{Arc, Mutex};

/// The granularity of reservations, physical memory and mappings: 64 KiB, as Intel's driver
/// reports for most sizes.
pub const PAGE: usize = 64 << 10;

const NONE: ze_memory_access_attribute_t =
    ze_memory_access_attribute_t::ZE_MEMORY_ACCESS_ATTRIBUTE_NONE;
pub const READONLY: ze_memory_access_attribute_t =
    ze_memory_access_attribute_t::ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY;

/// A physical memory object: a memfd of `size` bytes, charged to its device.
pub struct PhysicalMem {
    fd: OwnedFd,
    pub size: usize,
    device: usize,
    budget: Arc<MemoryBudget>,
}

impl PhysicalMem {
    /// A physical memory object of `size` bytes (whole pages): a new memfd, charged to
    /// `budget` (of device `device`, a handle address) until dropped.
    pub fn create(size: usize, device: usize, budget: Arc<MemoryBudget>) -> ZeResult<Self> {
        // The memfd's length is an `off_t`.
        let len = libc::off_t::try_from(size)
            .map_err(|_| ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE)?;
        budget.reserve(size as u64)?;
        // SAFETY: a C string literal and a valid flag.
        let fd = unsafe {
            libc::memfd_create(
                c"level-zero-cpu physical memory".as_ptr(),
                libc::MFD_CLOEXEC,
            )
        };
        if fd < 0 {
            budget.release(size as u64);
            return Err(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
        }
        // SAFETY: a new descriptor this object owns from now on.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        // SAFETY: a valid descriptor of a memfd.
        if unsafe { libc::ftruncate(fd.as_raw_fd(), len) } != 0 {
            budget.release(size as u64);
            return Err(ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
        }
        Ok(PhysicalMem {
            fd,
            size,
            device,
            budget,
        })
    }
}

impl Object for PhysicalMem {
    const KIND: HandleKind = HandleKind::PhysicalMem;
}

impl Drop for PhysicalMem {
    fn drop(&mut self) {
        self.budget.release(self.size as u64);
    }
}

/// What one page of a reservation is.
#[derive(Clone)]
struct Page {
    backing: Option<Arc<PhysicalMem>>,
    /// The page's byte offset in its physical memory.
    offset: usize,
    access: ze_memory_access_attribute_t,
}

/// What an IPC export of mapped pages keeps alive in the exporting process, as long as the
/// reservation: the manifest the handle names and the physical memory it lists (their
/// descriptors stay valid for the processes opening the handle).
struct Export {
    _manifest: OwnedFd,
    _physical: Vec<Arc<PhysicalMem>>,
}

/// One part of an exported run of pages: `len` bytes at `offset` of the reservation are those
/// at `physical_offset` of the exporting process's memfd `fd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub offset: usize,
    pub len: usize,
    pub fd: i32,
    pub physical_offset: usize,
}

/// Bytes of one [`Part`] in a manifest: offset, length, descriptor (and 4 bytes of padding),
/// physical offset, little-endian.
const PART_BYTES: usize = 32;

impl Part {
    fn encode(&self) -> [u8; PART_BYTES] {
        let mut b = [0u8; PART_BYTES];
        b[..8].copy_from_slice(&(self.offset as u64).to_le_bytes());
        b[8..16].copy_from_slice(&(self.len as u64).to_le_bytes());
        b[16..20].copy_from_slice(&self.fd.to_le_bytes());
        b[24..].copy_from_slice(&(self.physical_offset as u64).to_le_bytes());
        b
    }

    /// The parts a manifest lists, or `None` if it is not one (torn, unaligned, overlapping
    /// or outside `size` bytes).
    pub fn decode_all(bytes: &[u8], size: usize) -> Option<Vec<Part>> {
        if bytes.is_empty() || bytes.len() % PART_BYTES != 0 {
            return None;
        }
        let word = |b: &[u8], at: usize| -> Option<usize> {
            usize::try_from(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?)).ok()
        };
        let mut end = 0;
        let mut parts = Vec::new();
        for b in bytes.chunks(PART_BYTES) {
            let part = Part {
                offset: word(b, 0)?,
                len: word(b, 8)?,
                fd: i32::from_le_bytes(b[16..20].try_into().ok()?),
                physical_offset: word(b, 24)?,
            };
            let aligned = [part.offset, part.len, part.physical_offset]
                .iter()
                .all(|v| v % PAGE == 0);
            if !aligned || part.len == 0 || part.offset < end || part.fd < 0 {
                return None;
            }
            end = part.offset.checked_add(part.len).filter(|&e| e <= size)?;
            parts.push(part);
        }
        Some(parts)
    }
}

/// The pages of a reservation and the byte ranges commands have pinned, under one lock so
/// that pinning and unmapping are atomic with each other.
struct State {
    /// The first pages (up to the last one ever mapped or given an attribute: a large
    /// reservation costs nothing until used); pages past the end are unmapped.
    pages: Vec<Page>,
    /// `[start, end)` of each pin (a multiset: equal ranges appear once per pin).
    pins: Vec<(usize, usize)>,
    exports: Vec<Export>,
}

/// A reserved address range: the pages behind an allocation of kind `Reserved`.
pub struct Reservation {
    base: usize,
    size: usize,
    state: Mutex<State>,
}

const UNMAPPED: Page = Page {
    backing: None,
    offset: 0,
    access: NONE,
};

impl State {
    /// The known pages of `range` (those past the end are unmapped).
    fn known(&self, range: std::ops::Range<usize>) -> &[Page] {
        let len = self.pages.len();
        &self.pages[range.start.min(len)..range.end.min(len)]
    }

    /// Whether every page of `range` is mapped and accessible.
    fn all_mapped(&self, range: std::ops::Range<usize>) -> bool {
        range.end <= self.pages.len()
            && self.pages[range]
                .iter()
                .all(|p| p.backing.is_some() && p.access != NONE)
    }

    /// The pages of `range`, the vector grown to hold them.
    fn grown(&mut self, range: std::ops::Range<usize>) -> &mut [Page] {
        if self.pages.len() < range.end {
            self.pages.resize(range.end, UNMAPPED);
        }
        &mut self.pages[range]
    }
}

impl Reservation {
    /// Reserves `size` bytes of address space (whole pages), at `hint` if that range is free;
    /// every page unmapped. `None` if the address space is exhausted.
    pub fn reserve(hint: usize, size: usize) -> Option<Self> {
        Some(Reservation {
            base: reserve(hint, size)?,
            size,
            state: Mutex::new(State {
                pages: Vec::new(),
                pins: Vec::new(),
                exports: Vec::new(),
            }),
        })
    }

    /// The first byte of the range.
    pub fn base(&self) -> usize {
        self.base
    }

    /// Maps `[ptr, ptr + size)` (whole pages of the reservation, all unmapped) onto the pages
    /// of `phys` from `offset` on, with `access`.
    pub fn map(
        &self,
        ptr: usize,
        size: usize,
        phys: &Arc<PhysicalMem>,
        offset: usize,
        access: ze_memory_access_attribute_t,
    ) -> ZeResult {
        let mut state = self.state();
        let range = self.page_range(ptr, size);
        ensure(
            state
                .known(range.clone())
                .iter()
                .all(|p| p.backing.is_none()),
            INVALID_ARGUMENT,
        )?;
        // SAFETY: unmapped pages of our reservation (checked under its lock), replaced by the
        // physical memory's pages.
        let p = unsafe {
            libc::mmap(
                ptr as *mut c_void,
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED,
                phys.fd.as_raw_fd(),
                // `offset + size` is at most the memfd's length, an `off_t`.
                offset as libc::off_t,
            )
        };
        ensure(
            p != libc::MAP_FAILED,
            ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY,
        )?;
        for (i, page) in state.grown(range).iter_mut().enumerate() {
            *page = Page {
                backing: Some(phys.clone()),
                offset: offset + i * PAGE,
                access,
            };
        }
        Ok(())
    }

    /// Gives the pages of `[ptr, ptr + size)` the access `access`.
    pub fn set_access(&self, ptr: usize, size: usize, access: ze_memory_access_attribute_t) {
        let range = self.page_range(ptr, size);
        for page in self.state().grown(range) {
            page.access = access;
        }
    }

    /// The access of the page at `ptr`, and how many bytes from `ptr` on (up to `size`) share
    /// it.
    pub fn access(&self, ptr: usize, size: usize) -> (ze_memory_access_attribute_t, usize) {
        let state = self.state();
        let range = self.page_range(ptr, size);
        let access_of = |i: usize| state.pages.get(i).map_or(NONE, |p| p.access);
        let first = access_of(range.start);
        let same = range.take_while(|&i| access_of(i) == first).count();
        (first, same * PAGE)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Pins `[ptr, ptr + len)` (inside the reservation) for a command: unmapping pages of it
    /// waits until [`unpin`](Self::unpin). With `mapped`, the pages must still be mapped
    /// and accessible (`false`, nothing pinned, if they were unmapped since the command was
    /// recorded).
    pub fn pin(&self, ptr: usize, len: usize, mapped: bool) -> bool {
        let mut state = self.state();
        if mapped && !state.all_mapped(self.page_range(ptr, len)) {
            return false;
        }
        state.pins.push((ptr, ptr + len.max(1)));
        true
    }

    /// Ends a pin [`pin`](Self::pin) made; wakes unmaps waiting for it.
    pub fn unpin(&self, ptr: usize, len: usize) {
        let span = (ptr, ptr + len.max(1));
        let mut state = self.state();
        if let Some(i) = state.pins.iter().position(|&p| p == span) {
            state.pins.swap_remove(i);
        }
        drop(state);
        NOTIFIER.notify();
    }

    /// Exports the run of mapped pages around `ptr` for other processes (`zeMemGetIpcHandle`):
    /// a memfd listing its [`Part`]s, kept open with the physical memory it lists as long as
    /// the reservation. Its descriptor, or `None` if `ptr` is not on a mapped page.
    pub fn export(&self, ptr: usize) -> Option<i32> {
        let mut state = self.state();
        let mapped = |i: usize| state.pages.get(i).is_some_and(|p| p.backing.is_some());
        let at = (ptr - self.base) / PAGE;
        if !mapped(at) {
            return None;
        }
        let (mut lo, mut hi) = (at, at + 1);
        while lo > 0 && mapped(lo - 1) {
            lo -= 1;
        }
        while mapped(hi) {
            hi += 1;
        }
        let mut parts: Vec<(Part, Arc<PhysicalMem>)> = Vec::new();
        for i in lo..hi {
            let page = &state.pages[i];
            let phys = page.backing.clone()?;
            match parts.last_mut() {
                Some((last, p))
                    if Arc::ptr_eq(p, &phys) && last.physical_offset + last.len == page.offset =>
                {
                    last.len += PAGE
                }
                _ => parts.push((
                    Part {
                        offset: i * PAGE,
                        len: PAGE,
                        fd: phys.fd.as_raw_fd(),
                        physical_offset: page.offset,
                    },
                    phys,
                )),
            }
        }
        let bytes: Vec<u8> = parts.iter().flat_map(|(p, _)| p.encode()).collect();
        // SAFETY: a C string literal and a valid flag.
        let fd = unsafe {
            libc::memfd_create(c"level-zero-cpu ipc manifest".as_ptr(), libc::MFD_CLOEXEC)
        };
        if fd < 0 {
            return None;
        }
        // SAFETY: a new descriptor, owned from now on.
        let manifest = unsafe { OwnedFd::from_raw_fd(fd) };
        // SAFETY: a valid memfd; the source is `bytes`.
        let written = unsafe { libc::pwrite(fd, bytes.as_ptr().cast(), bytes.len(), 0) };
        if written != bytes.len() as isize {
            return None;
        }
        state.exports.push(Export {
            _manifest: manifest,
            _physical: parts.into_iter().map(|(_, p)| p).collect(),
        });
        Some(fd)
    }

    /// Whether a pin overlaps `[ptr, ptr + len)`.
    fn pinned(state: &State, ptr: usize, len: usize) -> bool {
        state
            .pins
            .iter()
            .any(|&(lo, hi)| lo < ptr + len && ptr < hi)
    }

    fn page_range(&self, ptr: usize, len: usize) -> std::ops::Range<usize> {
        let first = (ptr - self.base) / PAGE;
        let last = (ptr + len.max(1) - 1 - self.base) / PAGE;
        first..last + 1
    }

    /// Whether a command may use `[ptr, ptr + len)` (inside the reservation): every page
    /// mapped and accessible, and writable if `write`.
    pub fn allows(&self, ptr: usize, len: usize, write: bool) -> bool {
        let state = self.state();
        let range = self.page_range(ptr, len);
        range.end <= state.pages.len()
            && state.pages[range].iter().all(|p| {
                p.backing.is_some() && p.access != NONE && !(write && p.access == READONLY)
            })
    }

    /// The mapped, accessible runs of pages, for a kernel's reach.
    pub fn mapped_runs(&self) -> Vec<(usize, usize)> {
        self.runs(|p| p.backing.is_some() && p.access != NONE)
    }

    /// The mapped runs of pages a kernel may read but not write.
    pub fn read_only_runs(&self) -> Vec<(usize, usize)> {
        self.runs(|p| p.backing.is_some() && p.access == READONLY)
    }

    /// The runs of consecutive pages `keep` accepts, as byte ranges.
    fn runs(&self, keep: impl Fn(&Page) -> bool) -> Vec<(usize, usize)> {
        let state = self.state();
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for (i, p) in state.pages.iter().enumerate() {
            if !keep(p) {
                continue;
            }
            let (lo, hi) = (self.base + i * PAGE, self.base + (i + 1) * PAGE);
            match runs.last_mut() {
                Some(run) if run.1 == lo => run.1 = hi,
                _ => runs.push((lo, hi)),
            }
        }
        runs
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        // SAFETY: the reservation's own range (its mappings were made inside it), unmapped
        // once, when no command uses it any more.
        unsafe { libc::munmap(self.base as *mut c_void, self.size) };
    }
}

/// An inaccessible anonymous mapping of `size` bytes aligned to [`PAGE`], at `hint` if that
/// range is free.
fn reserve(hint: usize, size: usize) -> Option<usize> {
    let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE;
    let map = |at: usize, len: usize| {
        // SAFETY: a new inaccessible mapping; `at` is only a hint (no MAP_FIXED).
        let p = unsafe { libc::mmap(at as *mut c_void, len, libc::PROT_NONE, flags, -1, 0) };
        (p != libc::MAP_FAILED).then_some(p as usize)
    };
    if hint != 0 {
        let got = map(hint, size)?;
        if got == hint {
            return Some(got);
        }
        // SAFETY: the mapping just made.
        unsafe { libc::munmap(got as *mut c_void, size) };
    }
    let total = size.checked_add(PAGE)?;
    let raw = map(0, total)?;
    let base = raw.next_multiple_of(PAGE);
    // SAFETY: the parts of the new mapping before and after the aligned range.
    unsafe {
        if base > raw {
            libc::munmap(raw as *mut c_void, base - raw);
        }
        let tail = raw + total - (base + size);
        if tail > 0 {
            libc::munmap((base + size) as *mut c_void, tail);
        }
    }
    Some(base)
}

/// Unmaps the mapped pages of `[ptr, ptr + size)` of `res` once no command has them pinned
/// (commands pinning other pages of the reservation do not count).
pub fn unmap_pages(res: &Reservation, ptr: usize, size: usize) -> ZeResult {
    let mut state = loop {
        let state = res.state();
        if !Reservation::pinned(&state, ptr, size) {
            break state;
        }
        drop(state);
        NOTIFIER.wait_until(|| !Reservation::pinned(&res.state(), ptr, size), None);
    };
    // SAFETY: pages of the reservation (ours), made inaccessible again; no command has them
    // pinned, and none can pin them before they are marked unmapped (the lock is held).
    let p = unsafe {
        libc::mmap(
            ptr as *mut c_void,
            size,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_FIXED,
            -1,
            0,
        )
    };
    ensure(
        p != libc::MAP_FAILED,
        ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY,
    )?;
    let range = res.page_range(ptr, size);
    let known = range.start.min(state.pages.len())..range.end.min(state.pages.len());
    state.pages[known].fill(UNMAPPED);
    Ok(())
}

/// The device a reservation's pages belong to (the first mapped page's), for properties.
pub fn device_of(res: &Reservation) -> usize {
    res.state()
        .pages
        .iter()
        .find_map(|p| p.backing.as_ref().map(|b| b.device))
        .unwrap_or(0)
}

/// The reservation's base and size.
pub fn extent(res: &Reservation) -> (usize, usize) {
    (res.base, res.size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A manifest lists its parts back; torn, overlapping or out-of-range ones are refused.
        #[test]
        fn manifests_round_trip(
            lens in proptest::collection::vec((0usize..3, 1usize..4, 0i32..1000, 0usize..8), 1..8),
            cut in 1usize..PART_BYTES,
        ) {
            let mut at = 0;
            let parts: Vec<Part> = lens
                .iter()
                .map(|&(gap, len, fd, phys)| {
                    let p = Part {
                        offset: (at + gap) * PAGE,
                        len: len * PAGE,
                        fd,
                        physical_offset: phys * PAGE,
                    };
                    at += gap + len;
                    p
                })
                .collect();
            let bytes: Vec<u8> = parts.iter().flat_map(Part::encode).collect();
            prop_assert_eq!(Part::decode_all(&bytes, at * PAGE), Some(parts.clone()));
            prop_assert_eq!(Part::decode_all(&bytes, at * PAGE - 1), None);
            prop_assert_eq!(Part::decode_all(&bytes[..bytes.len() - cut], at * PAGE), None);
            if parts.len() > 1 {
                let mut swapped = parts.clone();
                swapped.swap(0, 1);
                let bytes: Vec<u8> = swapped.iter().flat_map(Part::encode).collect();
                prop_assert_eq!(Part::decode_all(&bytes, at * PAGE), None);
            }
        }
    }
}
