//! Raw USM allocations: host, device and shared memory with their properties.

use crate::context::Context;
use crate::device::Device;
use crate::error::{human_bytes, invalid, ze_with_message, Result, ResultExt as _};
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

/// The kind of a USM allocation.
///
/// ```
/// use level_zero::*;
/// let host = Allocation::host(&default_context()?, 64, 0)?;
/// assert_eq!(host.kind(), MemoryKind::Host);
/// assert_eq!(allocation_properties(host.context(), host.as_ptr())?.kind, Some(MemoryKind::Host));
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryKind {
    /// Host memory the device can access.
    Host,
    /// Device memory; the host cannot access it directly.
    Device,
    /// Memory that migrates between host and device.
    Shared,
}

impl MemoryKind {
    /// `"device"`, `"shared"` or `"host"`.
    pub fn name(self) -> &'static str {
        match self {
            MemoryKind::Host => "host",
            MemoryKind::Device => "device",
            MemoryKind::Shared => "shared",
        }
    }
}

/// How `free_with` releases memory (`ZE_extension_memory_free_policies`).
///
/// ```
/// use level_zero::*;
/// let buf = Allocation::device(&default_context()?, &default_device()?, 64, 0)?;
/// buf.free_with(FreePolicy::Blocking)?;
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreePolicy {
    /// Block until the device no longer uses the memory.
    Blocking,
    /// Return at once; the driver frees the memory when the device is done.
    Defer,
}

/// A USM allocation. Clones share it; the memory is freed when the last clone (including
/// those command lists hold for pending work) is dropped.
///
/// ```
/// use level_zero::{Allocation, default_context, default_device};
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::device(&ctx, &dev, 4096, 64)?;
/// assert_eq!(buf.size(), 4096);
/// assert_eq!(buf.as_ptr() as usize % 64, 0);
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Allocation(pub(crate) Arc<AllocationInner>);

pub(crate) struct AllocationInner {
    ctx: Context,
    ptr: *mut c_void,
    size: usize,
    kind: MemoryKind,
    device: Option<Device>,
    freed: std::sync::atomic::AtomicBool,
    /// Opened from another allocation's IPC handle: released with `zeMemCloseIpcHandle`.
    ipc_opened: bool,
    /// A [`sub_range`](Allocation::sub_range): the allocation it is part of, kept alive.
    parent: Option<Allocation>,
    /// A part of several allocations ([`Mapping::join`](crate::Mapping::join)), kept alive.
    parents: Box<[Allocation]>,
    /// Pages of a virtual range mapped to physical memory (`virtual_memory::MappedPages`):
    /// unmapped (when this field drops) with the last owner, never freed.
    mapped: Option<Box<dyn Send + Sync>>,
}

// SAFETY: the allocation is owned memory of the context; the pointer is an address, and the
// driver's memory functions may be called from simultaneous threads.
unsafe impl Send for AllocationInner {}
// SAFETY: as above.
unsafe impl Sync for AllocationInner {}

impl Drop for AllocationInner {
    fn drop(&mut self) {
        // A mapping (`mapped`) is unmapped when its field drops, after this.
        if self.freed.load(std::sync::atomic::Ordering::Acquire) || self.mapped.is_some() {
            return;
        }
        if self.ipc_opened {
            // SAFETY: the pointer came from `zeMemOpenIpcHandle` of this context and is closed
            // once, when no clone (user or pending command) remains.
            let closed = unsafe {
                calls::mem::close_ipc_handle(self.ctx.dispatch(), self.ctx.handle(), self.ptr)
            };
            if let Err(e) = closed {
                log::error!("{e} ({} bytes opened at {:p})", self.size, self.ptr);
            }
            return;
        }
        // SAFETY: the pointer came from this context's allocator and is freed once, when no
        // clone (user or pending command) remains.
        let freed = unsafe { calls::mem::free(self.ctx.dispatch(), self.ctx.handle(), self.ptr) };
        if let Err(e) = freed {
            log::error!("{e} ({} bytes at {:p})", self.size, self.ptr);
        }
    }
}

impl std::fmt::Debug for Allocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Allocation")
            .field("kind", &self.0.kind)
            .field("size", &self.0.size)
            .field("ptr", &self.0.ptr)
            .field("part_of", &self.0.parent.as_ref().map(Allocation::as_ptr))
            .finish()
    }
}

/// A failed allocation of `size` bytes of `kind` memory (of `device`, if any), said in words
/// with the figures: a size the device can never allocate (more than its memory or its largest
/// allocation) reads like running out of memory, not like a bad argument.
fn alloc_error(
    e: ZeError,
    kind: MemoryKind,
    device: Option<&Device>,
    size: usize,
    alignment: usize,
) -> crate::error::Error {
    let want = format!(
        "cannot allocate {} of {} memory",
        human_bytes(size as u64),
        kind.name()
    );
    let total = || -> Option<u64> {
        let memories = device?.memory_properties().ok()?;
        Some(memories.iter().map(|m| m.total_size).sum::<u64>()).filter(|&t| t > 0)
    };
    let largest = || Some(device?.properties().ok()?.max_mem_alloc_size).filter(|&m| m > 0);
    let message = match e.result {
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE
        | ze_result_t::ZE_RESULT_ERROR_INVALID_SIZE
            if size == 0 =>
        {
            format!("{want}: an allocation has at least one byte")
        }
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE => match (total(), largest()) {
            (Some(t), Some(m)) => format!(
                "{want}: the device has {} in all (largest single allocation {})",
                human_bytes(t),
                human_bytes(m)
            ),
            (None, Some(m)) => format!(
                "{want}: the largest single allocation of the device is {}",
                human_bytes(m)
            ),
            _ if device.is_none() => format!("{want}: more than the host can address"),
            _ => format!("{want}: more than the device allows in one allocation"),
        },
        ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY => {
            let state = device.and_then(|d| d.memory_state().ok().flatten());
            match state {
                Some(s) => format!(
                    "{want}: out of device memory ({} free of {})",
                    human_bytes(s.free),
                    human_bytes(s.total)
                ),
                None => format!("{want}: out of device memory"),
            }
        }
        ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY => {
            format!("{want}: out of host memory")
        }
        _ => format!("{want} aligned to {alignment}: {}", e.result.meaning()),
    };
    ze_with_message(e, message)
}

fn check_alignment(alignment: usize) -> Result<()> {
    if alignment != 0 && !alignment.is_power_of_two() {
        return Err(invalid(format!(
            "alignment {alignment} is not a power of two"
        )));
    }
    Ok(())
}

impl Allocation {
    /// Device memory of `size` bytes aligned to `alignment` (0: the driver's default).
    pub fn device(
        ctx: &Context,
        device: &Device,
        size: usize,
        alignment: usize,
    ) -> Result<Allocation> {
        ctx.check_device(device)?;
        check_alignment(alignment)?;
        let desc = ze_device_mem_alloc_desc_t::default();
        // SAFETY: valid context and device; local descriptor.
        let ptr = unsafe {
            calls::mem::alloc_device(
                ctx.dispatch(),
                ctx.handle(),
                &desc,
                size,
                alignment,
                device.handle,
            )
        }
        .map_err(|e| alloc_error(e, MemoryKind::Device, Some(device), size, alignment))?;
        Ok(Self::wrap(
            ctx,
            ptr,
            size,
            MemoryKind::Device,
            Some(device.clone()),
        ))
    }

    /// Host memory the context's devices can access.
    pub fn host(ctx: &Context, size: usize, alignment: usize) -> Result<Allocation> {
        check_alignment(alignment)?;
        let desc = ze_host_mem_alloc_desc_t::default();
        // SAFETY: valid context; local descriptor.
        let ptr =
            unsafe { calls::mem::alloc_host(ctx.dispatch(), ctx.handle(), &desc, size, alignment) }
                .map_err(|e| alloc_error(e, MemoryKind::Host, None, size, alignment))?;
        Ok(Self::wrap(ctx, ptr, size, MemoryKind::Host, None))
    }

    /// Shared memory, associated with `device` if given.
    pub fn shared(
        ctx: &Context,
        device: Option<&Device>,
        size: usize,
        alignment: usize,
    ) -> Result<Allocation> {
        if let Some(d) = device {
            ctx.check_device(d)?;
        }
        check_alignment(alignment)?;
        let ddesc = ze_device_mem_alloc_desc_t::default();
        let hdesc = ze_host_mem_alloc_desc_t::default();
        let dev = device.map_or(std::ptr::null_mut(), |d| d.handle);
        // SAFETY: valid context and (optional) device; local descriptors.
        let ptr = unsafe {
            calls::mem::alloc_shared(
                ctx.dispatch(),
                ctx.handle(),
                &ddesc,
                &hdesc,
                size,
                alignment,
                dev,
            )
        }
        .map_err(|e| alloc_error(e, MemoryKind::Shared, device, size, alignment))?;
        Ok(Self::wrap(
            ctx,
            ptr,
            size,
            MemoryKind::Shared,
            device.cloned(),
        ))
    }

    /// Wraps USM memory allocated elsewhere (another library, C code) in an `Allocation`.
    ///
    /// The driver is asked what `ptr..ptr + size` is: it must lie in one USM allocation of
    /// `ctx` (otherwise an error says what it is); its kind and device come from the driver.
    /// `owned`: the allocation is freed through `ctx` with the last clone, so `ptr` must be
    /// its base. Not owned: it is never freed here.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let theirs = Allocation::device(&ctx, &dev, 4096, 0)?;
    /// // SAFETY: `theirs` outlives `mine`, which frees nothing.
    /// let mine = unsafe { Allocation::from_raw(&ctx, theirs.as_ptr(), 4096, false)? };
    /// assert_eq!((mine.kind(), mine.associated_device()), (MemoryKind::Device, Some(&dev)));
    /// let host = [0u8; 16];
    /// // SAFETY: the call fails: the driver does not know the address.
    /// assert!(unsafe { Allocation::from_raw(&ctx, host.as_ptr().cast_mut().cast(), 16, false) }.is_err());
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    ///
    /// # Safety
    /// The memory must stay allocated while the returned value, its clones and the commands
    /// that use it live. `owned`: nothing else may free it (it is freed here, once); not
    /// owned: the caller keeps it allocated that long (and frees it after).
    pub unsafe fn from_raw(
        ctx: &Context,
        ptr: *mut c_void,
        size: usize,
        owned: bool,
    ) -> Result<Allocation> {
        let props = allocation_properties(ctx, ptr)?;
        let Some(kind) = props.kind else {
            return Err(invalid(format!(
                "{ptr:p} is not USM memory of this context"
            )));
        };
        let (base, len) = address_range(ctx, ptr)?;
        let start = (ptr as usize).checked_sub(base as usize);
        let Some(start) = start.filter(|s| s.checked_add(size).is_some_and(|end| end <= len))
        else {
            return Err(invalid(format!(
                "{size} bytes at {ptr:p} leave its allocation ({len} bytes at {base:p})"
            )));
        };
        if owned && start != 0 {
            return Err(invalid(format!(
                "an owned allocation must start at its base {base:p}, not {ptr:p}"
            )));
        }
        let device = match props.device {
            None => None,
            Some(handle) => {
                let mut all = ctx.devices().to_vec();
                for d in ctx.devices() {
                    all.extend(d.subdevices().unwrap_or_default());
                }
                let found = all.into_iter().find(|d| d.handle == handle);
                if found.is_none() {
                    return Err(invalid(format!(
                        "{ptr:p} belongs to a device outside this context"
                    )));
                }
                found
            }
        };
        let a = Self::wrap(ctx, ptr, size, kind, device);
        a.0.freed
            .store(!owned, std::sync::atomic::Ordering::Release);
        Ok(a)
    }

    /// Wraps memory `zeMemOpenIpcHandle` mapped: closed, not freed, with the last clone.
    pub(crate) fn wrap_opened(
        ctx: &Context,
        ptr: *mut c_void,
        size: usize,
        kind: MemoryKind,
        device: Option<Device>,
    ) -> Allocation {
        Self::wrap_as(ctx, ptr, size, kind, device, true)
    }

    /// Whether the memory was opened from an IPC handle ([`Context::open_ipc`]).
    pub fn is_ipc_opened(&self) -> bool {
        self.0.ipc_opened
    }

    fn wrap(
        ctx: &Context,
        ptr: *mut c_void,
        size: usize,
        kind: MemoryKind,
        device: Option<Device>,
    ) -> Allocation {
        Self::wrap_as(ctx, ptr, size, kind, device, false)
    }

    /// Wraps memory allocated (`ipc_opened` false) or opened from an IPC handle.
    fn wrap_as(
        ctx: &Context,
        ptr: *mut c_void,
        size: usize,
        kind: MemoryKind,
        device: Option<Device>,
        ipc_opened: bool,
    ) -> Allocation {
        Allocation(Arc::new(AllocationInner {
            ctx: ctx.clone(),
            ptr,
            size,
            kind,
            device,
            freed: Default::default(),
            ipc_opened,
            parent: None,
            parents: Box::new([]),
            mapped: None,
        }))
    }

    /// Device memory of mapped virtual pages, the `size` bytes at `ptr` that `mapped` unmaps
    /// when it drops: unmapped with the last owner, never freed.
    pub(crate) fn wrap_mapped(
        ctx: &Context,
        device: &Device,
        ptr: *mut c_void,
        size: usize,
        mapped: Box<dyn Send + Sync>,
    ) -> Allocation {
        Allocation(Arc::new(AllocationInner {
            ctx: ctx.clone(),
            ptr,
            size,
            kind: MemoryKind::Device,
            device: Some(device.clone()),
            freed: std::sync::atomic::AtomicBool::new(true),
            ipc_opened: false,
            parent: None,
            parents: Box::new([]),
            mapped: Some(mapped),
        }))
    }

    /// `len` bytes at `ptr`, inside the consecutive allocations `parts` (checked by the
    /// caller), as an allocation that keeps them all alive and frees nothing.
    pub(crate) fn part_of_many(parts: &[&Allocation], ptr: *mut c_void, len: usize) -> Allocation {
        let first = &parts[0].0;
        Allocation(Arc::new(AllocationInner {
            ctx: first.ctx.clone(),
            ptr,
            size: len,
            kind: first.kind,
            device: first.device.clone(),
            freed: std::sync::atomic::AtomicBool::new(true),
            ipc_opened: false,
            parent: None,
            parents: parts.iter().map(|&p| p.clone()).collect(),
            mapped: None,
        }))
    }

    /// Whether this is (a part of) virtual memory pages mapped by
    /// [`VirtualRange::map`](crate::VirtualRange::map).
    pub fn is_mapped(&self) -> bool {
        let a = &self.0;
        a.mapped.is_some()
            || a.parent.as_ref().is_some_and(Allocation::is_mapped)
            || a.parents.iter().any(Allocation::is_mapped)
    }

    /// `len` bytes at `offset` of this allocation as an allocation of their own (for
    /// sub-allocators: its owners are counted apart from this one's), which frees nothing and
    /// keeps this one, and so the memory, alive while it or a clone lives. Costs no driver
    /// call.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let buf = Allocation::device(&ctx, &dev, 4096, 64)?;
    /// let part = buf.sub_range(1024, 512)?;
    /// assert_eq!((part.as_ptr() as usize - buf.as_ptr() as usize, part.size()), (1024, 512));
    /// assert_eq!((part.owners(), buf.owners()), (1, 2));
    /// assert!(buf.sub_range(4000, 100).is_err());
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn sub_range(&self, offset: usize, len: usize) -> Result<Allocation> {
        self.check_range(offset, len)?;
        let a = &self.0;
        let part = Allocation(Arc::new(AllocationInner {
            ctx: a.ctx.clone(),
            ptr: a.ptr.wrapping_byte_add(offset),
            size: len,
            kind: a.kind,
            device: a.device.clone(),
            // Never freed itself: the parent is, after its last part.
            freed: std::sync::atomic::AtomicBool::new(true),
            ipc_opened: false,
            parent: Some(self.clone()),
            parents: Box::new([]),
            mapped: None,
        }));
        Ok(part)
    }

    /// The allocation's address.
    pub fn as_ptr(&self) -> *mut c_void {
        self.0.ptr
    }

    /// Its size in bytes.
    pub fn size(&self) -> usize {
        self.0.size
    }

    /// Device, shared or host memory.
    pub fn kind(&self) -> MemoryKind {
        self.0.kind
    }

    /// The context that owns it.
    pub fn context(&self) -> &Context {
        &self.0.ctx
    }

    /// The device a device or shared allocation is associated with.
    pub fn associated_device(&self) -> Option<&Device> {
        self.0.device.as_ref()
    }

    /// A handle that keeps the memory alive, for the `retain` list of commands recorded
    /// with raw pointers ([`Commands::copy_raw`](crate::Commands::copy_raw)): it counts as an
    /// owner, like a clone, without allocating.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let buf = Allocation::device(&ctx, &dev, 64, 0)?;
    /// let keep = buf.retained();
    /// assert_eq!(buf.owners(), 2);
    /// drop(keep);
    /// assert_eq!(buf.owners(), 1);
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn retained(&self) -> crate::deps::Retained {
        self.0.clone()
    }

    /// How many owners the memory has (user clones plus pending commands).
    #[inline]
    pub fn owners(&self) -> usize {
        Arc::strong_count(&self.0)
    }

    /// Whether `[offset, offset + len)` lies inside the allocation; a typed error if not.
    pub fn check_range(&self, offset: usize, len: usize) -> Result<()> {
        match offset.checked_add(len) {
            Some(end) if end <= self.0.size => Ok(()),
            _ => Err(invalid(format!(
                "range [{offset}, {offset} + {len}) leaves the {} allocation of {} bytes",
                self.0.kind.name(),
                self.0.size
            ))),
        }
    }

    /// Frees the memory now with `policy`. If other owners exist (clones, or commands that
    /// still use it) nothing is freed now: this owner is dropped, the memory is freed with
    /// the last one, and the error says how many remain.
    pub fn free_with(self, policy: FreePolicy) -> Result<()> {
        let inner = match Arc::try_unwrap(self.0) {
            Ok(inner) if inner.ipc_opened || inner.mapped.is_some() => {
                // Opened memory is released by closing its handle, mapped pages by unmapping
                // them (in `Drop`), whatever the policy.
                drop(inner);
                return Ok(());
            }
            Ok(inner) if inner.freed.load(std::sync::atomic::Ordering::Acquire) => {
                return Err(invalid(
                    "allocation not freed: it is borrowed (from_raw without ownership)",
                ));
            }
            Ok(inner) => inner,
            Err(shared) => {
                let others = Arc::strong_count(&shared) - 1;
                return Err(invalid(format!(
                    "allocation not freed now: {others} other owner(s) still use it"
                )));
            }
        };
        let flag = match policy {
            FreePolicy::Blocking => ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE,
            FreePolicy::Defer => ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE,
        };
        let desc = ze_memory_free_ext_desc_t {
            freePolicy: ze_driver_memory_free_policy_ext_flags_t(flag.0),
            ..Default::default()
        };
        // SAFETY: we are the only owner; the pointer belongs to the context.
        let r = unsafe {
            calls::mem::free_ext(inner.ctx.dispatch(), inner.ctx.handle(), &desc, inner.ptr)
        };
        // On success the memory is gone; on failure Drop retries with zeMemFree.
        inner
            .freed
            .store(r.is_ok(), std::sync::atomic::Ordering::Release);
        drop(inner);
        Ok(r?)
    }
}

/// What the driver knows of a pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocationProperties {
    /// `None` for memory the driver did not allocate.
    pub kind: Option<MemoryKind>,
    /// The driver's unique id of the allocation.
    pub id: u64,
    /// Page size of the allocation, in bytes.
    pub page_size: u64,
    /// The device it is associated with, if any.
    pub device: Option<ze_device_handle_t>,
}

/// Properties of the memory at `ptr` (any address, USM or not).
// The driver only looks the address up in its allocation table; it never dereferences it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn allocation_properties(ctx: &Context, ptr: *const c_void) -> Result<AllocationProperties> {
    let mut p = ze_memory_allocation_properties_t::default();
    let mut dev = std::ptr::null_mut();
    // SAFETY: the driver only looks the address up; locals as out-values.
    unsafe {
        calls::mem::get_alloc_properties(ctx.dispatch(), ctx.handle(), ptr, &mut p, &mut dev)
    }?;
    let kind = match p.type_ {
        ze_memory_type_t::ZE_MEMORY_TYPE_HOST => Some(MemoryKind::Host),
        ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE => Some(MemoryKind::Device),
        ze_memory_type_t::ZE_MEMORY_TYPE_SHARED => Some(MemoryKind::Shared),
        _ => None,
    };
    Ok(AllocationProperties {
        kind,
        id: p.id,
        page_size: p.pageSize,
        device: (!dev.is_null()).then_some(dev),
    })
}

/// The base address and size of the allocation containing `ptr` (interior pointers too).
// The driver only looks the address up in its allocation table; it never dereferences it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn address_range(ctx: &Context, ptr: *const c_void) -> Result<(*mut c_void, usize)> {
    let (mut base, mut size) = (std::ptr::null_mut(), 0usize);
    // SAFETY: the driver only looks the address up; locals as out-values.
    unsafe {
        calls::mem::get_address_range(ctx.dispatch(), ctx.handle(), ptr, &mut base, &mut size)
    }
    .context(|| format!("pointer {ptr:p}"))?;
    Ok((base, size))
}

impl Context {
    /// Makes `allocation` resident on `device`.
    pub fn make_resident(&self, device: &Device, allocation: &Allocation) -> Result<()> {
        self.check_device(device)?;
        // SAFETY: the allocation is live (borrowed) and belongs to this context.
        unsafe {
            calls::context::make_memory_resident(
                self.dispatch(),
                self.handle(),
                device.handle,
                allocation.as_ptr(),
                allocation.size(),
            )
        }
        .context(|| format!("{} bytes at {:p}", allocation.size(), allocation.as_ptr()))
    }

    /// Allows `allocation` to be evicted from `device`.
    pub fn evict(&self, device: &Device, allocation: &Allocation) -> Result<()> {
        self.check_device(device)?;
        // SAFETY: as in `make_resident`.
        unsafe {
            calls::context::evict_memory(
                self.dispatch(),
                self.handle(),
                device.handle,
                allocation.as_ptr(),
                allocation.size(),
            )
        }
        .context(|| format!("{} bytes at {:p}", allocation.size(), allocation.as_ptr()))
    }
}
