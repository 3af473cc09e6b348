//! Virtual memory: reserved address ranges ([`VirtualRange`]), physical memory
//! ([`PhysicalMemory`]) and mappings of the one into the other ([`Mapping`]), for allocators
//! that grow a buffer in place or give pages back without moving what stays.
//!
//! A mapping is device memory: an [`Allocation`] whose last owner (the mapping, its clones,
//! its parts, the commands that use them) unmaps the pages, so no command runs on unmapped
//! pages. The physical memory and the range live until every mapping of them is unmapped.

use crate::context::Context;
use crate::device::Device;
use crate::error::{invalid, Result, ResultExt as _};
use crate::memory::Allocation;
use level_zero_sys::*;
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex};

/// The access the device has to mapped pages (`ze_memory_access_attribute_t`).
///
/// ```
/// use level_zero::*;
/// assert_eq!(MemoryAccess::READ_WRITE.name(), "read-write");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemoryAccess(pub ze_memory_access_attribute_t);

impl MemoryAccess {
    /// No access.
    pub const NONE: Self = Self(ze_memory_access_attribute_t::ZE_MEMORY_ACCESS_ATTRIBUTE_NONE);
    /// Reads and writes.
    pub const READ_WRITE: Self =
        Self(ze_memory_access_attribute_t::ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
    /// Reads only.
    pub const READ_ONLY: Self =
        Self(ze_memory_access_attribute_t::ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY);

    /// `"none"`, `"read-write"`, `"read-only"`, or the raw value.
    pub fn name(self) -> String {
        match self {
            Self::NONE => "none".into(),
            Self::READ_WRITE => "read-write".into(),
            Self::READ_ONLY => "read-only".into(),
            Self(other) => format!("access attribute {}", other.0),
        }
    }
}

/// The page size for virtual memory of `size` bytes on `device`: reservations, physical
/// memory, offsets and mapped lengths are multiples of it.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let page = virtual_page_size(&ctx, &dev, 1 << 20)?;
/// assert!(page.is_power_of_two());
/// # Ok::<(), level_zero::Error>(())
/// ```
pub fn virtual_page_size(ctx: &Context, device: &Device, size: usize) -> Result<usize> {
    ctx.check_device(device)?;
    // SAFETY: valid context and device of it.
    let page = unsafe {
        calls::virtual_mem::query_page_size(ctx.dispatch(), ctx.handle(), device.handle, size)
    }
    .context(|| format!("{size} bytes"))?;
    Ok(page)
}

/// Whether `value` (named `what`) is a non-zero multiple of `page`.
fn check_pages(what: &str, value: usize, page: usize, zero_ok: bool) -> Result<()> {
    if (value == 0 && !zero_ok) || value % page != 0 {
        return Err(invalid(format!(
            "{what} {value} is not a{} multiple of the page size {page}",
            if zero_ok { "" } else { " non-zero" }
        )));
    }
    Ok(())
}

/// A reserved range of virtual addresses (`zeVirtualMemReserve`), for `device`'s pages:
/// nothing is accessible until [`map`](Self::map)ped. Clones share it; it is freed when the
/// last clone and the last mapping in it are gone.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let page = virtual_page_size(&ctx, &dev, 1 << 20)?;
/// let range = VirtualRange::reserve(&ctx, &dev, 16 * page)?;
/// let phys = PhysicalMemory::new(&ctx, &dev, 2 * page)?;
/// // Two pages at the start, then one more where they end: one growing buffer.
/// let a = range.map(0, page, &phys, 0, MemoryAccess::READ_WRITE)?;
/// let b = range.map(page, page, &phys, page, MemoryAccess::READ_WRITE)?;
/// assert_eq!(range.mapped(), vec![(0, page), (page, page)]);
/// let both = Mapping::join(&[&a, &b], 0, 2 * page)?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.fill(&both, 0, 2 * page, &[7], Deps::NONE)?;
/// let host = Allocation::host(&ctx, 2 * page, 0)?;
/// list.copy(&host, 0, &both, 0, 2 * page, Deps::NONE)?;
/// list.synchronize()?;
/// // SAFETY: host memory, no command pending.
/// assert_eq!(unsafe { *host.as_ptr().cast::<u8>().add(2 * page - 1) }, 7);
/// // Overlaps and pages outside the range are typed errors.
/// assert!(range.map(page, page, &phys, 0, MemoryAccess::READ_WRITE).is_err());
/// assert!(range.map(16 * page, page, &phys, 0, MemoryAccess::READ_WRITE).is_err());
/// drop((a, b, both));
/// assert!(range.mapped().is_empty());
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct VirtualRange(Arc<RangeInner>);

struct RangeInner {
    ctx: Context,
    device: Device,
    ptr: *mut c_void,
    size: usize,
    page: usize,
    /// Offset -> length of the mapped parts.
    mapped: Mutex<BTreeMap<usize, usize>>,
}

// SAFETY: the pointer is an address of the driver's reservation; the driver's virtual memory
// functions may be called from simultaneous threads, and the books are behind a mutex.
unsafe impl Send for RangeInner {}
// SAFETY: as above.
unsafe impl Sync for RangeInner {}

impl Drop for RangeInner {
    fn drop(&mut self) {
        // SAFETY: the reservation of this context, freed once; every mapping in it holds this
        // value, so none is left.
        let freed = unsafe {
            calls::virtual_mem::free(self.ctx.dispatch(), self.ctx.handle(), self.ptr, self.size)
        };
        if let Err(e) = freed {
            log::error!("{e} ({} bytes reserved at {:p})", self.size, self.ptr);
        }
    }
}

impl std::fmt::Debug for VirtualRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VirtualRange")
            .field("ptr", &self.0.ptr)
            .field("size", &self.0.size)
            .field("page", &self.0.page)
            .finish()
    }
}

impl VirtualRange {
    /// Reserves `size` bytes of addresses (a multiple of [`virtual_page_size`]) for pages of
    /// `device`.
    pub fn reserve(ctx: &Context, device: &Device, size: usize) -> Result<VirtualRange> {
        let page = virtual_page_size(ctx, device, size)?;
        check_pages("reserved size", size, page, false)?;
        // The start is only a hint (the driver picks another place if that one is taken), and
        // optional in the specification, but Intel's validation layer rejects a null one: the
        // first aligned non-null address says "anywhere".
        let hint = std::ptr::without_provenance::<c_void>(page);
        // SAFETY: valid context; the hint is never dereferenced.
        let ptr = unsafe { calls::virtual_mem::reserve(ctx.dispatch(), ctx.handle(), hint, size) }
            .context(|| format!("{size} bytes"))?;
        Ok(VirtualRange(Arc::new(RangeInner {
            ctx: ctx.clone(),
            device: device.clone(),
            ptr,
            size,
            page,
            mapped: Mutex::default(),
        })))
    }

    /// The first address of the range.
    pub fn as_ptr(&self) -> *mut c_void {
        self.0.ptr
    }

    /// Its size in bytes.
    pub fn size(&self) -> usize {
        self.0.size
    }

    /// The page size offsets and lengths are multiples of.
    pub fn page_size(&self) -> usize {
        self.0.page
    }

    /// The context it belongs to.
    pub fn context(&self) -> &Context {
        &self.0.ctx
    }

    /// The device whose pages it maps.
    pub fn device(&self) -> &Device {
        &self.0.device
    }

    /// The mapped parts as (offset, length), by offset.
    pub fn mapped(&self) -> Vec<(usize, usize)> {
        let books = self.0.mapped.lock().unwrap_or_else(|e| e.into_inner());
        books.iter().map(|(&o, &l)| (o, l)).collect()
    }

    /// Maps `len` bytes of `physical` from `physical_offset` at `offset` of the range, with
    /// `access`: offsets and length multiples of the page size, inside the range and the
    /// physical memory, over no page mapped already (typed errors otherwise). The pages are
    /// unmapped when the returned mapping's last owner is gone.
    pub fn map(
        &self,
        offset: usize,
        len: usize,
        physical: &PhysicalMemory,
        physical_offset: usize,
        access: MemoryAccess,
    ) -> Result<Mapping> {
        let r = &self.0;
        check_pages("mapped length", len, r.page, false)?;
        check_pages("offset", offset, r.page, true)?;
        check_pages("physical memory offset", physical_offset, r.page, true)?;
        if offset.checked_add(len).is_none_or(|end| end > r.size) {
            return Err(invalid(format!(
                "{len} bytes at offset {offset} leave the reserved range of {} bytes",
                r.size
            )));
        }
        let p = &physical.0;
        if physical_offset
            .checked_add(len)
            .is_none_or(|end| end > p.size)
        {
            return Err(invalid(format!(
                "{len} bytes at offset {physical_offset} leave the physical memory of {} bytes",
                p.size
            )));
        }
        if p.ctx.handle() != r.ctx.handle() || p.device != r.device {
            return Err(invalid(
                "the physical memory belongs to another context or device than the range",
            ));
        }
        if ![MemoryAccess::READ_WRITE, MemoryAccess::READ_ONLY].contains(&access) {
            return Err(invalid(format!(
                "pages are mapped read-write or read-only, not {}",
                access.name()
            )));
        }
        let mut books = r.mapped.lock().unwrap_or_else(|e| e.into_inner());
        let before = books.range(..offset + len).next_back();
        if let Some((&o, &l)) = before.filter(|(&o, &l)| o + l > offset) {
            return Err(invalid(format!(
                "{len} bytes at offset {offset} overlap the mapping of {l} bytes at offset {o}"
            )));
        }
        let ptr = r.ptr.wrapping_byte_add(offset);
        // SAFETY: whole pages of our reservation, none mapped (checked under the lock held),
        // of physical memory of the same context and device, which the mapping keeps alive.
        unsafe {
            calls::virtual_mem::map(
                r.ctx.dispatch(),
                r.ctx.handle(),
                ptr,
                len,
                p.handle,
                physical_offset,
                access.0,
            )
        }
        .context(|| format!("{len} bytes at offset {offset} of {} reserved", r.size))?;
        books.insert(offset, len);
        drop(books);
        let pages = MappedPages {
            range: self.clone(),
            _physical: physical.clone(),
            offset,
            len,
        };
        Ok(Mapping {
            memory: Allocation::wrap_mapped(
                &r.ctx,
                &r.device,
                pages.ptr(),
                pages.len(),
                Box::new(pages),
            ),
            range: self.clone(),
            physical: physical.clone(),
            offset,
        })
    }
}

/// Physical memory of a device (`zePhysicalMemCreate`), to map into [`VirtualRange`]s.
/// Clones share it; it is destroyed when the last clone and the last mapping of it are gone.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let page = virtual_page_size(&ctx, &dev, 1 << 20)?;
/// let phys = PhysicalMemory::new(&ctx, &dev, 4 * page)?;
/// assert_eq!(phys.size(), 4 * page);
/// assert!(PhysicalMemory::new(&ctx, &dev, page + 1).is_err());
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct PhysicalMemory(Arc<PhysicalInner>);

struct PhysicalInner {
    ctx: Context,
    device: Device,
    handle: ze_physical_mem_handle_t,
    size: usize,
}

// SAFETY: a driver handle, which may be used from simultaneous threads.
unsafe impl Send for PhysicalInner {}
// SAFETY: as above.
unsafe impl Sync for PhysicalInner {}

impl Drop for PhysicalInner {
    fn drop(&mut self) {
        // SAFETY: our handle, destroyed once; every mapping of it holds this value, so none
        // is left.
        let destroyed = unsafe {
            calls::physical_mem::destroy(self.ctx.dispatch(), self.ctx.handle(), self.handle)
        };
        if let Err(e) = destroyed {
            log::error!("{e} ({} bytes of physical memory)", self.size);
        }
    }
}

impl std::fmt::Debug for PhysicalMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PhysicalMemory")
            .field("size", &self.0.size)
            .finish()
    }
}

impl PhysicalMemory {
    /// `size` bytes (a multiple of [`virtual_page_size`]) of `device`'s memory.
    pub fn new(ctx: &Context, device: &Device, size: usize) -> Result<PhysicalMemory> {
        let page = virtual_page_size(ctx, device, size)?;
        check_pages("physical memory size", size, page, false)?;
        let mut desc = ze_physical_mem_desc_t {
            size,
            ..Default::default()
        };
        // SAFETY: valid context and device of it; local descriptor.
        let handle = unsafe {
            calls::physical_mem::create(ctx.dispatch(), ctx.handle(), device.handle, &mut desc)
        }
        .context(|| format!("{size} bytes"))?;
        Ok(PhysicalMemory(Arc::new(PhysicalInner {
            ctx: ctx.clone(),
            device: device.clone(),
            handle,
            size,
        })))
    }

    /// Its size in bytes.
    pub fn size(&self) -> usize {
        self.0.size
    }

    /// The device it belongs to.
    pub fn device(&self) -> &Device {
        &self.0.device
    }
}

/// What a mapping's allocation holds: its pages, unmapped when it drops (with the
/// allocation's last owner), and the range and physical memory, kept alive until then.
pub(crate) struct MappedPages {
    range: VirtualRange,
    /// Kept alive while its pages are mapped.
    _physical: PhysicalMemory,
    offset: usize,
    len: usize,
}

impl MappedPages {
    pub(crate) fn ptr(&self) -> *mut c_void {
        self.range.0.ptr.wrapping_byte_add(self.offset)
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

impl Drop for MappedPages {
    fn drop(&mut self) {
        let r = &self.range.0;
        // SAFETY: pages this value mapped, unmapped once, when the allocation's last owner
        // (users and pending commands) is gone.
        let unmapped = unsafe {
            calls::virtual_mem::unmap(r.ctx.dispatch(), r.ctx.handle(), self.ptr(), self.len)
        };
        match unmapped {
            Ok(()) => {
                let mut books = r.mapped.lock().unwrap_or_else(|e| e.into_inner());
                books.remove(&self.offset);
            }
            // The pages stay in the books: nothing maps over them.
            Err(e) => log::error!("{e} ({} bytes at {:p})", self.len, self.ptr()),
        }
    }
}

/// Mapped pages of a [`VirtualRange`]: device memory, usable as the [`Allocation`] it
/// dereferences to (commands, [`sub_range`](Allocation::sub_range)s). The pages are
/// unmapped when the last owner of that allocation is gone.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let page = virtual_page_size(&ctx, &dev, 1 << 20)?;
/// let range = VirtualRange::reserve(&ctx, &dev, 4 * page)?;
/// let phys = PhysicalMemory::new(&ctx, &dev, page)?;
/// let m = range.map(page, page, &phys, 0, MemoryAccess::READ_WRITE)?;
/// assert_eq!((m.offset(), m.size(), m.kind()), (page, page, MemoryKind::Device));
/// assert_eq!(m.access()?, MemoryAccess::READ_WRITE);
/// m.set_access(MemoryAccess::READ_ONLY)?;
/// assert_eq!(m.access()?, MemoryAccess::READ_ONLY);
/// let part = m.sub_range(0, 64)?;
/// assert!(m.set_access(MemoryAccess::READ_WRITE).is_err()); // `part` may be in use
/// drop(m);
/// assert_eq!(range.mapped(), vec![(page, page)]); // still mapped: `part` holds it
/// drop(part);
/// assert!(range.mapped().is_empty());
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Mapping {
    memory: Allocation,
    range: VirtualRange,
    physical: PhysicalMemory,
    offset: usize,
}

impl std::ops::Deref for Mapping {
    type Target = Allocation;

    fn deref(&self) -> &Allocation {
        &self.memory
    }
}

impl Mapping {
    /// The mapped memory as an allocation (clone it for an owner of its own).
    pub fn allocation(&self) -> &Allocation {
        &self.memory
    }

    /// Its offset in its range.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The range it is mapped in.
    pub fn range(&self) -> &VirtualRange {
        &self.range
    }

    /// The physical memory behind it.
    pub fn physical(&self) -> &PhysicalMemory {
        &self.physical
    }

    /// The device's access to its pages (`zeVirtualMemGetAccessAttribute`; if the pages
    /// differ, the first page's).
    pub fn access(&self) -> Result<MemoryAccess> {
        let ctx = self.memory.context();
        // SAFETY: mapped pages of a reservation of this context; locals as out-values.
        let (access, _) = unsafe {
            calls::virtual_mem::get_access_attribute(
                ctx.dispatch(),
                ctx.handle(),
                self.as_ptr(),
                self.size(),
            )
        }?;
        Ok(MemoryAccess(access))
    }

    /// Sets the device's access to its pages: only while this mapping is the only owner of
    /// its memory (no clone, part or pending command that could use it; a typed error
    /// otherwise).
    pub fn set_access(&self, access: MemoryAccess) -> Result<()> {
        let owners = self.memory.owners();
        if owners > 1 {
            return Err(invalid(format!(
                "access not changed: {} other owner(s) (clones, parts, commands) use the mapping",
                owners - 1
            )));
        }
        let ctx = self.memory.context();
        // SAFETY: mapped pages of a reservation of this context, used by nothing else.
        unsafe {
            calls::virtual_mem::set_access_attribute(
                ctx.dispatch(),
                ctx.handle(),
                self.as_ptr(),
                self.size(),
                access.0,
            )
        }
        .context(|| access.name())?;
        Ok(())
    }

    /// `len` bytes at `offset` of the consecutive mappings `parts` (each starting where the
    /// one before ends, in one range) as one allocation that keeps them all mapped and frees
    /// nothing: a buffer across pages mapped at different times.
    pub fn join(parts: &[&Mapping], offset: usize, len: usize) -> Result<Allocation> {
        let Some(first) = parts.first() else {
            return Err(invalid("no mappings to join"));
        };
        let mut end = first.offset();
        for m in parts {
            if !Arc::ptr_eq(&m.range().0, &first.range().0) || m.offset() != end {
                return Err(invalid(format!(
                    "the mapping at offset {} of its range does not follow the one before (ending at {end} of the first's range)",
                    m.offset()
                )));
            }
            end += m.size();
        }
        let total = end - first.offset();
        if offset.checked_add(len).is_none_or(|e| e > total) {
            return Err(invalid(format!(
                "range [{offset}, {offset} + {len}) leaves the {total} bytes of the mappings"
            )));
        }
        let allocations: Vec<&Allocation> = parts.iter().map(|m| &m.memory).collect();
        let ptr = first.as_ptr().wrapping_byte_add(offset);
        Ok(Allocation::part_of_many(&allocations, ptr, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{default_context, default_device, Deps, EventPool, EventPoolFlags, EventScope};
    use crate::{Commands, ImmediateCommandList, MemoryKind};
    use proptest::prelude::*;

    #[test]
    fn a_pending_command_keeps_its_pages_mapped() -> Result<()> {
        let (ctx, dev) = (default_context()?, default_device()?);
        let page = virtual_page_size(&ctx, &dev, 1 << 20)?;
        let range = VirtualRange::reserve(&ctx, &dev, 4 * page)?;
        let phys = PhysicalMemory::new(&ctx, &dev, 2 * page)?;
        let m = range.map(2 * page, 2 * page, &phys, 0, MemoryAccess::READ_WRITE)?;
        assert_eq!(allocation_kind(&m)?, Some(MemoryKind::Device));
        let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1)?;
        let go = pool.event(0, EventScope::HOST, EventScope::HOST)?;
        let host = crate::Allocation::host(&ctx, page, 0)?;
        let mut list = ImmediateCommandList::new(&ctx, &dev)?;
        list.fill(&m, page, page, &[3], Deps::wait(&[&go]))?;
        list.copy(&host, 0, &m, page, page, Deps::NONE)?;
        drop(m);
        // The commands wait for `go`: the pages stay mapped until they have run.
        assert_eq!(range.mapped(), vec![(2 * page, 2 * page)]);
        go.signal()?;
        list.synchronize()?;
        // SAFETY: host memory, no command pending.
        assert_eq!(unsafe { *host.as_ptr().cast::<u8>().add(page - 1) }, 3);
        drop(list);
        assert!(range.mapped().is_empty());
        Ok(())
    }

    fn allocation_kind(m: &Mapping) -> Result<Option<MemoryKind>> {
        Ok(crate::allocation_properties(m.context(), m.as_ptr())?.kind)
    }

    #[test]
    fn typed_errors_name_what_is_wrong() -> Result<()> {
        let (ctx, dev) = (default_context()?, default_device()?);
        let page = virtual_page_size(&ctx, &dev, 1 << 20)?;
        let range = VirtualRange::reserve(&ctx, &dev, 2 * page)?;
        let phys = PhysicalMemory::new(&ctx, &dev, page)?;
        let rw = MemoryAccess::READ_WRITE;
        let text = |r: Result<Mapping>| r.unwrap_err().to_string();
        assert!(text(range.map(0, page / 2, &phys, 0, rw)).contains("not a non-zero multiple"));
        assert!(text(range.map(page / 2, page, &phys, 0, rw)).contains("offset"));
        assert!(text(range.map(2 * page, page, &phys, 0, rw)).contains("leave the reserved"));
        assert!(text(range.map(0, page, &phys, page, rw)).contains("leave the physical"));
        assert!(text(range.map(0, page, &phys, 0, MemoryAccess::NONE)).contains("none"));
        assert!(VirtualRange::reserve(&ctx, &dev, page + 1).is_err());
        let a = range.map(page, page, &phys, 0, rw)?;
        let b_phys = PhysicalMemory::new(&ctx, &dev, page)?;
        let b = range.map(0, page, &b_phys, 0, rw)?;
        assert!(Mapping::join(&[&a, &b], 0, page).is_err()); // out of order
        let ab = Mapping::join(&[&b, &a], page / 2, page)?;
        // The joined part keeps both mappings mapped.
        assert!(ab.is_mapped() && a.owners() == 2 && b.owners() == 2);
        assert!(Mapping::join(&[&b, &a], page, 2 * page).is_err());
        // Exported, the reservation opens with the pages mapped around the joined part.
        let mut list = crate::ImmediateCommandList::new(&ctx, &dev)?;
        list.fill(&ab, 0, page, &[9], crate::Deps::NONE)?;
        list.synchronize()?;
        let opened = ctx.open_ipc(&dev, &ab.ipc_handle()?)?;
        assert_eq!(opened.size(), 2 * page);
        let host = crate::Allocation::host(&ctx, 2 * page, 0)?;
        list.copy(&host, 0, &opened, 0, 2 * page, crate::Deps::NONE)?;
        list.synchronize()?;
        // SAFETY: host memory, no command pending.
        let got = unsafe { std::slice::from_raw_parts(host.as_ptr().cast::<u8>(), 2 * page) };
        let nines = got
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == 9)
            .map(|(i, _)| i);
        assert_eq!(nines.clone().min(), Some(page / 2));
        assert_eq!(nines.count(), page);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        /// Random maps and drops of mappings in an 8-page range: a map is accepted exactly
        /// when its pages are inside the range and unmapped, the books equal a model, and
        /// the driver agrees (a fill through every accepted mapping succeeds).
        #[test]
        fn the_books_follow_maps_and_drops(
            ops in proptest::collection::vec((0usize..10, 1usize..4, any::<bool>(), 0usize..8), 1..24)
        ) {
            let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
            let page = virtual_page_size(&ctx, &dev, 1 << 20).unwrap();
            let range = VirtualRange::reserve(&ctx, &dev, 8 * page).unwrap();
            let phys = PhysicalMemory::new(&ctx, &dev, 4 * page).unwrap();
            let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
            let mut live: Vec<Mapping> = Vec::new();
            let mut model = [false; 8];
            for (first, pages, map, victim) in ops {
                if map || live.is_empty() {
                    let fits = first + pages <= 8 && model[first.min(8)..(first + pages).min(8)].iter().all(|m| !m);
                    let got = range.map(first * page, pages * page, &phys, 0, MemoryAccess::READ_WRITE);
                    prop_assert_eq!(got.is_ok(), fits, "map of {} pages at page {}", pages, first);
                    if let Ok(m) = got {
                        list.fill(&m, 0, m.size(), &[1], Deps::NONE).unwrap();
                        model[first..first + pages].iter_mut().for_each(|p| *p = true);
                        live.push(m);
                    }
                } else {
                    let m = live.swap_remove(victim % live.len());
                    let (o, l) = (m.offset() / page, m.size() / page);
                    drop(m);
                    list.synchronize().unwrap();
                    model[o..o + l].iter_mut().for_each(|p| *p = false);
                }
                list.synchronize().unwrap();
                let mut want = Vec::new();
                for m in &live {
                    want.push((m.offset(), m.size()));
                }
                want.sort();
                prop_assert_eq!(range.mapped(), want);
            }
            drop(live);
            list.synchronize().unwrap();
            prop_assert!(range.mapped().is_empty());
        }
    }
}
