//! Unified shared memory: host, device and shared allocations, all in host memory, tracked in
//! a range map that serves property queries, argument validation and leak reports.
//!
//! An [`Allocation`] is reference-counted: the map holds one reference while the allocation
//! is live, and a submitted command holds another until it has run, so a free racing with the
//! device's use never unmaps memory under it (`zeMemFreeExt`'s blocking policy waits for those
//! uses, the deferred one leaves the release to them).

use crate::abi::*;
use crate::context::{context, Context};
use crate::device::{device, Device, MemoryBudget};
use crate::mapping::{self, HostPages};
use crate::maps::{self, Access};
use crate::vm::{self, Reservation};
use level_zero_sys::*;
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, RwLock, Weak};

/// Alignment when the caller passes 0.
pub const DEFAULT_ALIGNMENT: usize = 64;
/// The largest alignment an allocation may ask for (1 GiB, the largest page of x86-64):
/// above it, `ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT`.
pub const MAX_ALIGNMENT: usize = 1 << 30;

/// One live USM allocation.
pub struct Allocation {
    pub base: usize,
    pub size: usize,
    pub kind: ze_memory_type_t,
    /// Owning context (its handle address).
    pub context: usize,
    /// Associated device handle address (0 for host allocations).
    pub device: usize,
    pub id: u64,
    /// The pages: the allocation's own mapping (never the C heap, see `mapping`), or a
    /// virtual memory reservation (`vm`).
    pages: Pages,
    /// The memfd holding the pages once they are shared between processes (`ipc`).
    shared: std::sync::Mutex<Option<Arc<std::os::fd::OwnedFd>>>,
    /// Opened from an IPC handle: released with `zeMemCloseIpcHandle`, not `zeMemFree`.
    pub opened: bool,
    /// Of memory opened from a handle of virtual memory, the runs `[base, end)` really mapped
    /// (the rest of its addresses are inaccessible); `None`: all of it.
    accessible: Option<Vec<(usize, usize)>>,
    budget: Option<Arc<MemoryBudget>>,
}

/// What backs an allocation.
enum Pages {
    Own(HostPages),
    Reserved(Reservation),
}

impl Allocation {
    /// The virtual memory reservation this allocation is, if it is one.
    pub fn reservation(&self) -> Option<&Reservation> {
        match &self.pages {
            Pages::Reserved(r) => Some(r),
            Pages::Own(_) => None,
        }
    }

    /// The memfd holding its pages, made on first use (the pages move into it): what an IPC
    /// handle names. `None` for virtual memory, which is not shared this way.
    pub fn shareable_fd(&self) -> Option<Arc<std::os::fd::OwnedFd>> {
        let Pages::Own(pages) = &self.pages else {
            return None;
        };
        let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        if shared.is_none() {
            *shared = pages.make_shareable().map(Arc::new);
        }
        shared.clone()
    }

    /// Whether its pages are already in a memfd (an IPC handle was made).
    pub fn is_shareable(&self) -> bool {
        self.shared
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// One past the last byte of its pages.
    fn end(&self) -> usize {
        match &self.pages {
            Pages::Own(m) => m.end(),
            Pages::Reserved(_) => self.base + self.size,
        }
    }

    /// The device handle it belongs to (0: none, a host allocation).
    pub fn device_handle(&self) -> usize {
        match &self.pages {
            Pages::Reserved(r) => vm::device_of(r),
            Pages::Own(_) => self.device,
        }
    }

    /// What a kernel given this allocation reaches within `[lo, hi)`: all of it, or of a
    /// reservation the mapped, accessible pages.
    pub fn reach(&self, lo: usize, hi: usize) -> Vec<(usize, usize)> {
        let runs = match (&self.pages, &self.accessible) {
            (Pages::Own(_), None) => return vec![(lo, hi)],
            (Pages::Own(_), Some(runs)) => runs.clone(),
            (Pages::Reserved(r), _) => r.mapped_runs(),
        };
        runs.into_iter()
            .map(|(b, e)| (b.max(lo), e.min(hi)))
            .filter(|(b, e)| b < e)
            .collect()
    }

    /// Whether `[ptr, ptr + len)` (inside the allocation) is in one run of mapped pages of
    /// memory opened from a handle of virtual memory; always true of other allocations
    /// (a reservation's pages are checked by [`Reservation::allows`]).
    fn accessible(&self, ptr: usize, len: usize) -> bool {
        self.accessible.as_ref().is_none_or(|runs| {
            runs.iter()
                .any(|&(b, e)| b <= ptr && ptr.checked_add(len).is_some_and(|end| end <= e))
        })
    }

    /// The parts of this allocation a kernel may read but not write: of a reservation, the
    /// pages mapped read-only.
    pub fn read_only(&self) -> Vec<(usize, usize)> {
        match &self.pages {
            Pages::Own(_) => Vec::new(),
            Pages::Reserved(r) => r.read_only_runs(),
        }
    }

    /// Whether `[ptr, ptr + len)` lies inside this allocation.
    pub fn contains(&self, ptr: usize, len: usize) -> bool {
        ptr >= self.base
            && ptr
                .checked_add(len)
                .is_some_and(|end| end <= self.base + self.size)
    }

    /// "device allocation", "shared allocation", ...: the allocation in fault reports.
    pub fn allocation_name(&self) -> &'static str {
        match self.kind {
            ze_memory_type_t::ZE_MEMORY_TYPE_HOST => "host allocation",
            ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE => "device allocation",
            ze_memory_type_t::ZE_MEMORY_TYPE_SHARED => "shared allocation",
            _ => "unknown allocation",
        }
    }

    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            ze_memory_type_t::ZE_MEMORY_TYPE_HOST => "host",
            ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE => "device",
            ze_memory_type_t::ZE_MEMORY_TYPE_SHARED => "shared",
            _ => "unknown",
        }
    }
}

impl Drop for Allocation {
    fn drop(&mut self) {
        // The pages go with `pages`, when the last reference (map or executing command) goes.
        if let Some(budget) = &self.budget {
            budget.release(self.size as u64);
        }
    }
}

static ALLOCATIONS: LazyLock<RwLock<BTreeMap<usize, Arc<Allocation>>>> =
    LazyLock::new(Default::default);
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fn map() -> std::sync::RwLockReadGuard<'static, BTreeMap<usize, Arc<Allocation>>> {
    ALLOCATIONS.read().unwrap_or_else(|e| e.into_inner())
}

fn map_mut() -> std::sync::RwLockWriteGuard<'static, BTreeMap<usize, Arc<Allocation>>> {
    ALLOCATIONS.write().unwrap_or_else(|e| e.into_inner())
}

/// The live allocation containing `ptr`, if any.
pub fn lookup(ptr: usize) -> Option<Arc<Allocation>> {
    let map = map();
    let (_, alloc) = map.range(..=ptr).next_back()?;
    (ptr < alloc.base + alloc.size.max(1)).then(|| alloc.clone())
}

/// The live allocations overlapping `[lo, hi)`, as `[base, end)` ranges of their pages.
pub fn usm_in(lo: usize, hi: usize) -> Vec<(usize, usize)> {
    let map = map();
    let first = map.range(..lo).next_back().filter(|(_, a)| a.end() > lo);
    first
        .into_iter()
        .chain(map.range(lo..hi))
        .map(|(_, a)| (a.base, a.end()))
        .collect()
}

/// A range a command will touch: the allocation it lies in (if it is USM), checked now and
/// re-checked when the command executes.
#[derive(Clone)]
pub struct Range {
    pub ptr: usize,
    pub len: usize,
    pub alloc: Option<Weak<Allocation>>,
}

impl Range {
    /// Checks `[ptr, ptr + len)` for a command that reads it: if `ptr` is in a USM allocation,
    /// the whole range must be (`ZE_RESULT_ERROR_INVALID_SIZE` if it leaves it). USM is
    /// driver-wide, as in Intel's driver: memory of any context of the driver may be used.
    /// Other pointers are shared system memory (`malloc`, the stack, ...), which commands may
    /// use, unless the range runs into a USM allocation (it overlaps that allocation only
    /// partly), into freed USM, or outside the process's readable mappings (`maps`)
    /// (`ZE_RESULT_ERROR_INVALID_ARGUMENT` for all three).
    pub fn check(ptr: *const c_void, len: usize) -> ZeResult<Range> {
        Range::check_as(ptr, len, Access::Read)
    }

    /// Like [`check`](Self::check) for a range the command writes: virtual memory pages must
    /// also be writable (not `ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY`), system memory in
    /// read-write mappings.
    pub fn check_dst(ptr: *const c_void, len: usize) -> ZeResult<Range> {
        Range::check_as(ptr, len, Access::Write)
    }

    fn check_as(ptr: *const c_void, len: usize, access: Access) -> ZeResult<Range> {
        ensure(!ptr.is_null(), NULL_POINTER)?;
        let ptr = ptr as usize;
        let end = ptr.checked_add(len).ok_or(INVALID_SIZE)?;
        let alloc = match lookup(ptr) {
            Some(alloc) => return Range::check_in(&alloc, ptr, len, access),
            None => {
                ensure(map().range(ptr..end).next().is_none(), INVALID_ARGUMENT)?;
                if mapping::is_freed(ptr, len) {
                    explain(format!(
                        "[{ptr:#x}, +{len}) is in USM that was freed: rejected"
                    ));
                    return Err(INVALID_ARGUMENT);
                }
                if let Err(text) = maps::check(ptr, len, access) {
                    explain(text);
                    return Err(INVALID_ARGUMENT);
                }
                None
            }
        };
        Ok(Range { ptr, len, alloc })
    }

    /// [`check_as`](Self::check_as) for `[ptr, ptr + len)` found in USM allocation `alloc`.
    fn check_in(
        alloc: &Arc<Allocation>,
        ptr: usize,
        len: usize,
        access: Access,
    ) -> ZeResult<Range> {
        ensure(alloc.contains(ptr, len), INVALID_SIZE)?;
        // Opened virtual memory: only its mapped runs (the rest would fault).
        ensure(alloc.accessible(ptr, len), INVALID_ARGUMENT)?;
        // Virtual memory: mapped pages whose access allows the command's.
        if let Some(res) = alloc.reservation() {
            ensure(
                res.allows(ptr, len, access == Access::Write),
                INVALID_ARGUMENT,
            )?;
        }
        Ok(Range {
            ptr,
            len,
            alloc: Some(Arc::downgrade(alloc)),
        })
    }

    /// At execution, for system memory (a range not in USM): whether the process may still
    /// `access` it (it may have been unmapped since the command was recorded). USM is pinned
    /// instead ([`pin`](Self::pin)).
    pub fn recheck(&self, access: Access) -> Result<(), String> {
        match self.alloc {
            Some(_) => Ok(()),
            None => maps::check(self.ptr, self.len, access),
        }
    }

    /// Like [`check`](Self::check), but the pointer must be USM.
    pub fn check_usm(ptr: *const c_void, len: usize) -> ZeResult<Range> {
        ensure(!ptr.is_null(), NULL_POINTER)?;
        let addr = ptr as usize;
        // Not USM: refused before the program's mappings are looked at.
        let Some(alloc) = lookup(addr) else {
            if mapping::is_freed(addr, len) {
                explain(format!(
                    "[{ptr:p}, +{len}) is in USM that was freed: rejected"
                ));
            }
            return Err(INVALID_ARGUMENT);
        };
        Range::check_in(&alloc, addr, len, Access::Read)
    }

    /// At execution (and from submission): keeps the allocation alive while the command
    /// runs and, in a virtual memory reservation, its pages mapped; or reports that it was
    /// freed before the command executed.
    pub fn pin(&self) -> Result<Option<Pinned>, String> {
        self.pin_as(false)
    }

    /// Like [`pin`](Self::pin) for a copy or fill: pages of a reservation must still be
    /// mapped (a command recorded before they were unmapped is refused, not run on them).
    pub fn pin_mapped(&self) -> Result<Option<Pinned>, String> {
        self.pin_as(true)
    }

    fn pin_as(&self, mapped: bool) -> Result<Option<Pinned>, String> {
        let Some(weak) = &self.alloc else {
            return Ok(None);
        };
        let alloc = weak.upgrade().ok_or_else(|| {
            format!(
                "memory at {:#x} was freed before the command executed",
                self.ptr
            )
        })?;
        Pinned::new(alloc, self.ptr, self.len, mapped)
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "[{:#x}, +{}) was unmapped before the command executed",
                    self.ptr, self.len
                )
            })
    }
}

/// A command's hold on an allocation: keeps it alive and, in a virtual memory reservation,
/// keeps the pages of its byte range mapped (`zeVirtualMemUnmap` of them waits until it is
/// dropped; other pages of the reservation do not).
pub struct Pinned {
    alloc: Arc<Allocation>,
    /// The pinned range of a reservation.
    span: Option<(usize, usize)>,
}

impl Pinned {
    /// Pins `[ptr, ptr + len)` of `alloc` (all of it for a plain allocation); `None` if
    /// `mapped` and some page of a reservation there is unmapped.
    pub fn new(alloc: Arc<Allocation>, ptr: usize, len: usize, mapped: bool) -> Option<Pinned> {
        let span = match alloc.reservation() {
            Some(res) => {
                if !res.pin(ptr, len, mapped) {
                    return None;
                }
                Some((ptr, len))
            }
            None => None,
        };
        Some(Pinned { alloc, span })
    }

    /// All of `alloc`: every page of a reservation (a kernel's indirect access).
    pub fn whole(alloc: Arc<Allocation>) -> Pinned {
        let (base, size) = (alloc.base, alloc.size);
        let span = alloc
            .reservation()
            .map(|res| res.pin(base, size, false))
            .filter(|&pinned| pinned)
            .map(|_| (base, size));
        Pinned { alloc, span }
    }
}

impl std::ops::Deref for Pinned {
    type Target = Allocation;

    fn deref(&self) -> &Allocation {
        &self.alloc
    }
}

impl Drop for Pinned {
    fn drop(&mut self) {
        if let (Some((ptr, len)), Some(res)) = (self.span, self.alloc.reservation()) {
            res.unpin(ptr, len);
        }
    }
}

/// Live allocations owned by `context` (0: all), as report lines.
pub fn leaked_allocations(context: usize) -> Vec<String> {
    let map = map();
    let mut lines = Vec::new();
    for kind in [
        ze_memory_type_t::ZE_MEMORY_TYPE_HOST,
        ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE,
        ze_memory_type_t::ZE_MEMORY_TYPE_SHARED,
    ] {
        let live: Vec<_> = map
            .values()
            .filter(|a| a.kind == kind && (context == 0 || a.context == context))
            .collect();
        if live.is_empty() {
            continue;
        }
        let bytes: usize = live.iter().map(|a| a.size).sum();
        let mut line = format!(
            "{} {} allocation(s), {bytes} bytes:",
            live.len(),
            live[0].kind_name()
        );
        for a in live.iter().take(8) {
            line.push_str(&format!(" [{:#x}, {} B]", a.base, a.size));
        }
        if live.len() > 8 {
            line.push_str(" …");
        }
        lines.push(line);
    }
    lines
}

/// Live allocations (of every context: USM is driver-wide) whose kind is in
/// `ze_kernel_indirect_access_flags_t` bits (host 1, device 2, shared 4), for kernels with
/// indirect access.
pub fn allocations_of(flags: u32) -> Vec<Arc<Allocation>> {
    let wanted = |k: ze_memory_type_t| match k {
        ze_memory_type_t::ZE_MEMORY_TYPE_HOST => flags & 1 != 0,
        ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE => flags & 2 != 0,
        ze_memory_type_t::ZE_MEMORY_TYPE_SHARED => flags & 4 != 0,
        _ => false,
    };
    map().values().filter(|a| wanted(a.kind)).cloned().collect()
}

/// Frees every allocation of a context being destroyed (after its leak report).
pub fn free_context(context: usize) {
    let freed: Vec<_> = {
        let mut map = map_mut();
        let bases: Vec<usize> = map
            .values()
            .filter(|a| a.context == context)
            .map(|a| a.base)
            .collect();
        let freed: Vec<_> = bases.into_iter().filter_map(|b| map.remove(&b)).collect();
        for alloc in &freed {
            if let Pages::Own(pages) = &alloc.pages {
                mapping::bury(pages);
            }
        }
        freed
    };
    drop(freed);
}

pub fn allocate(
    ctx: &Context,
    kind: ze_memory_type_t,
    size: usize,
    alignment: usize,
    dev: Option<(ze_device_handle_t, Arc<Device>)>,
) -> ZeResult<*mut c_void> {
    ensure(size != 0, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE)?;
    ensure(
        alignment == 0 || alignment.is_power_of_two(),
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
    )?;
    if alignment > MAX_ALIGNMENT {
        explain(format!(
            "alignment {alignment:#x} is above the largest supported, {MAX_ALIGNMENT:#x}"
        ));
        return Err(ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    }
    let alignment = alignment.max(DEFAULT_ALIGNMENT);
    if let Some((handle, device)) = &dev {
        ensure(ctx.has_device_handle(*handle), INVALID_ARGUMENT)?;
        ensure(
            size as u64 <= device.max_alloc(),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        )?;
    }
    ensure(
        size <= (isize::MAX as usize).saturating_sub(alignment),
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
    )?;
    let budget = dev.as_ref().map(|(_, d)| d.memory.clone());
    if let Some(budget) = &budget {
        budget.reserve(size as u64)?;
    }
    let Some(pages) = HostPages::new(size, alignment) else {
        if let Some(budget) = &budget {
            budget.release(size as u64);
        }
        return Err(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
    };
    let base = pages.base() as *mut u8;
    let alloc = Arc::new(Allocation {
        base: base as usize,
        size,
        kind,
        context: ctx.id(),
        device: dev.map_or(0, |(h, _)| h as usize),
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        pages: Pages::Own(pages),
        shared: Default::default(),
        opened: false,
        accessible: None,
        budget,
    });
    map_mut().insert(base as usize, alloc);
    Ok(base.cast())
}

/// Registers a virtual memory reservation of `ctx` as a device allocation.
pub fn insert_reserved(ctx: &Context, reservation: Reservation) {
    let (base, size) = vm::extent(&reservation);
    let alloc = Arc::new(Allocation {
        base,
        size,
        kind: ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE,
        context: ctx.id(),
        device: 0,
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        pages: Pages::Reserved(reservation),
        shared: Default::default(),
        opened: false,
        accessible: None,
        budget: None,
    });
    map_mut().insert(base, alloc);
}

/// Registers memory opened from an IPC handle (`ipc`): `fd`'s pages mapped at `pages`; of
/// virtual memory, only the byte runs `parts` (`(offset, len)`, in order) are mapped.
pub fn insert_opened(
    ctx: &Context,
    kind: ze_memory_type_t,
    size: usize,
    device: usize,
    pages: HostPages,
    fd: Option<Arc<std::os::fd::OwnedFd>>,
    parts: Option<&[(usize, usize)]>,
) -> usize {
    let base = pages.base();
    let accessible = parts.map(|parts| runs(base, parts));
    let alloc = Arc::new(Allocation {
        base,
        size,
        kind,
        context: ctx.id(),
        device,
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        pages: Pages::Own(pages),
        shared: std::sync::Mutex::new(fd),
        opened: true,
        accessible,
        budget: None,
    });
    map_mut().insert(base, alloc);
    base
}

/// The runs `[base + offset, base + offset + len)` of `parts` (in offset order), the
/// adjacent ones joined.
fn runs(base: usize, parts: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &(offset, len) in parts.iter().filter(|p| p.1 > 0) {
        let (b, e) = (base + offset, base + offset + len);
        match runs.last_mut() {
            Some(last) if last.1 == b => last.1 = e,
            _ => runs.push((b, e)),
        }
    }
    runs
}

/// Unregisters the reservation starting at `base`; its address space goes with the last
/// command using it.
pub fn remove_reserved(base: usize) -> ZeResult<Arc<Allocation>> {
    let mut map = map_mut();
    ensure(
        map.get(&base).is_some_and(|a| a.reservation().is_some()),
        INVALID_ARGUMENT,
    )?;
    map.remove(&base).ok_or(INVALID_ARGUMENT)
}

/// Unmaps the allocation starting exactly at `ptr`, returning it. Any context of the driver
/// may free it (Intel's driver keeps USM driver-wide); leak reports still name the context
/// that allocated it.
pub fn unmap(ptr: *mut c_void, opened: bool) -> ZeResult<Arc<Allocation>> {
    ensure(!ptr.is_null(), NULL_POINTER)?;
    let mut map = map_mut();
    match map.get(&(ptr as usize)) {
        // Not the start of an allocation; virtual memory is freed with zeVirtualMemFree, memory
        // opened from an IPC handle closed with zeMemCloseIpcHandle.
        Some(a) if matches!(a.pages, Pages::Own(_)) && a.opened == opened => {}
        _ => return Err(INVALID_ARGUMENT),
    }
    let alloc = map.remove(&(ptr as usize)).ok_or(INVALID_ARGUMENT)?;
    if let Pages::Own(pages) = &alloc.pages {
        // Buried before the map lets go: a pointer check sees it live or freed, never neither.
        mapping::bury(pages);
    }
    Ok(alloc)
}

/// `zeContextMakeMemoryResident` / `zeContextEvictMemory`: host memory is always resident,
/// so both only check the range.
pub fn residency(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    ptr: *mut c_void,
    size: usize,
) -> ZeResult {
    let ctx = context(ctx)?;
    device(dev)?;
    ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
    // Host memory is always resident: check the range, nothing to move.
    Range::check_usm(ptr, size).map(drop)
}

/// The reservation allocation containing `[ptr, ptr + size)` with `ptr` and `size` whole pages.
pub fn reservation_of(ptr: *const c_void, size: usize) -> ZeResult<(Arc<Allocation>, usize)> {
    ensure(!ptr.is_null(), NULL_POINTER)?;
    let ptr = ptr as usize;
    ensure(
        ptr % vm::PAGE == 0,
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
    )?;
    ensure(
        size != 0 && size % vm::PAGE == 0,
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
    )?;
    let alloc = lookup(ptr).ok_or(INVALID_ARGUMENT)?;
    ensure(
        alloc.reservation().is_some() && alloc.contains(ptr, size),
        INVALID_ARGUMENT,
    )?;
    Ok((alloc, ptr))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: ze_memory_type_t = ze_memory_type_t::ZE_MEMORY_TYPE_HOST;

    /// Copies between USM never look at the process's mappings (no `/proc`, no system call).
    #[test]
    fn usm_ranges_are_checked_without_the_process_mappings() {
        let ctx = Context::detached();
        let a = allocate(&ctx, HOST, 4096, 0, None).unwrap();
        let b = allocate(&ctx, HOST, 4096, 0, None).unwrap();
        let before = maps::CHECKS.with(|c| c.get());
        for _ in 0..100 {
            let src = Range::check(a, 4096).unwrap();
            let dst = Range::check_dst(b, 64).unwrap();
            assert_eq!(src.recheck(Access::Read), Ok(()));
            assert_eq!(dst.recheck(Access::Write), Ok(()));
        }
        assert_eq!(maps::CHECKS.with(|c| c.get()), before);
        // System memory is checked.
        let local = [0u8; 64];
        Range::check(local.as_ptr().cast(), 64).unwrap();
        assert_eq!(maps::CHECKS.with(|c| c.get()), before + 1);
        assert_eq!(
            Range::check(0x1000 as *const c_void, 8).err(),
            Some(INVALID_ARGUMENT)
        );
        for p in [a, b] {
            unmap(p, false).unwrap();
        }
    }

    /// Powers of two above the largest alignment are unsupported, not an overflow.
    #[test]
    fn huge_alignments_are_unsupported() {
        let ctx = Context::detached();
        let unsupported = Err(ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
        for align in [1usize << 63, 1 << 62, MAX_ALIGNMENT << 1, 3] {
            assert_eq!(
                allocate(&ctx, HOST, 64, align, None),
                unsupported,
                "{align:#x}"
            );
        }
        let p = allocate(&ctx, HOST, 64, MAX_ALIGNMENT, None).unwrap();
        assert_eq!(p as usize % MAX_ALIGNMENT, 0);
        unmap(p, false).unwrap();
    }
}
