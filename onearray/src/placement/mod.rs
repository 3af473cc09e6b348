//! Automatic placement: allocate by intent. [`OneArray::auto`] takes the length and an
//! [`AccessPattern`] and chooses device, shared or host memory from the size, the pattern and
//! whether the device shares memory with the host ([`choose_kind`]). The array it returns, a
//! [`Placed`], records what its users do at its allocation site (transfers each way, host
//! accesses, kernel uses), and [`placement_report`] recommends another kind where the record
//! shows it would have moved fewer bytes.
//!
//! ```
//! use onearray::{AccessPattern, MemoryKind, OneArray};
//! let mut input = OneArray::<u32>::auto(1024, AccessPattern::HostWriteDeviceReadOnce)?;
//! input.write(&[7; 1024])?;
//! // Host memory on an integrated device: the kernel reads it where the host wrote it.
//! if onearray::DeviceTraits::of(&level_zero::default_device()?)?.integrated {
//!     assert_eq!(input.kind(), MemoryKind::Host);
//! }
//! assert_eq!(input.to_vec()?, vec![7; 1024]);
//! # Ok::<(), onearray::Error>(())
//! ```

mod model;
mod report;

pub use model::{
    choose_kind, migrated, AccessPattern, DeviceTraits, Usage, MIGRATION_GRANULE, MODEL_STEPS,
};
pub use report::{placement_report, reset_placement_records, PlacementReport, SitePlacement};

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{DeviceBuffer, HostBuffer, SharedBuffer};
use crate::pool::defaults;
use bytemuck::Pod;
use level_zero::{Arg, Context, Device, KernelArg, MemoryKind};
use report::{SiteRecord, UsageKind};
use std::panic::Location;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::Arc;

/// The array of a [`Placed`], in the kind chosen for it.
enum Memory<T: Pod> {
    Device(OneArray<T, DeviceBuffer>),
    Shared(OneArray<T, SharedBuffer>),
    Host(OneArray<T, HostBuffer>),
}

/// Which side touched a [`Placed`] last.
const NOBODY: u8 = 0;
const HOST: u8 = 1;
const DEVICE: u8 = 2;

/// An array whose kind of memory was chosen at run time ([`OneArray::auto`]), recording its
/// use at its allocation site for [`placement_report`].
///
/// The host reads and writes it with [`write`](Self::write), [`to_vec`](Self::to_vec),
/// [`with_host`](Self::with_host) and [`with_host_mut`](Self::with_host_mut) (copies when
/// the memory is device memory, in place otherwise); kernels take `&placed` (a read) or
/// `&mut placed` (a write) as arguments.
///
/// ```
/// use level_zero::{BuildOptions, Grid, Module};
/// use onearray::{AccessPattern, OneArray, Placed};
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
/// let (ctx, dev) = (level_zero::default_context()?, level_zero::default_device()?);
/// let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?.kernel("saxpy")?;
/// let x = Placed::from_slice(&[1.0f32; 256], AccessPattern::HostWriteDeviceReadOnce)?;
/// let mut y = OneArray::<f32>::auto(256, AccessPattern::ReadBackOften)?;
/// saxpy.launch(Grid::for_len(256)).arg(2.0f32).arg(&x).arg(&mut y).run()?;
/// assert!(y.with_host(|y| y.iter().all(|&v| v == 2.0))?);
/// # Ok::<(), onearray::Error>(())
/// ```
pub struct Placed<T: Pod> {
    memory: Memory<T>,
    access: AccessPattern,
    site: &'static Location<'static>,
    record: Arc<SiteRecord>,
    last_side: AtomicU8,
}

impl<T: Pod> OneArray<T, DeviceBuffer> {
    /// `len` zeroed elements in the memory [`choose_kind`] picks for `access` on the default
    /// device; the caller's source location is the allocation site its use is recorded
    /// under (see [`placement_report`]).
    #[track_caller]
    pub fn auto(len: usize, access: AccessPattern) -> Result<Placed<T>> {
        let site = Location::caller();
        let (ctx, dev) = defaults()?;
        Placed::zeroed_at(&ctx, &dev, len, access, site)
    }

    /// [`auto`](Self::auto) on `(ctx, dev)`.
    #[track_caller]
    pub fn auto_in(
        ctx: &Context,
        dev: &Device,
        len: usize,
        access: AccessPattern,
    ) -> Result<Placed<T>> {
        Placed::zeroed_at(ctx, dev, len, access, Location::caller())
    }
}

impl<T: Pod> Placed<T> {
    fn zeroed_at(
        ctx: &Context,
        dev: &Device,
        len: usize,
        access: AccessPattern,
        site: &'static Location<'static>,
    ) -> Result<Self> {
        let bytes = crate::layout::byte_size::<T>(len)? as u64;
        let traits = DeviceTraits::of(dev)?;
        let kind = choose_kind(bytes, access, traits);
        let memory = match kind {
            MemoryKind::Device => Memory::Device(OneArray::zeroed_in(ctx, dev, len)?),
            MemoryKind::Shared => Memory::Shared(OneArray::zeroed_in(ctx, dev, len)?),
            _ => Memory::Host(OneArray::zeroed_in(ctx, dev, len)?),
        };
        let record = report::record_for(site);
        record.allocated(kind, bytes, access, traits);
        Ok(Placed {
            memory,
            access,
            site,
            record,
            last_side: AtomicU8::new(NOBODY),
        })
    }

    /// A copy of `src` in the memory chosen for `access` on the default device (the
    /// caller's location is the allocation site).
    #[track_caller]
    pub fn from_slice(src: &[T], access: AccessPattern) -> Result<Self> {
        let site = Location::caller();
        let (ctx, dev) = defaults()?;
        let mut p = Self::zeroed_at(&ctx, &dev, src.len(), access, site)?;
        p.write(src)?;
        Ok(p)
    }

    /// The kind of memory chosen.
    pub fn kind(&self) -> MemoryKind {
        match self.memory {
            Memory::Device(_) => MemoryKind::Device,
            Memory::Shared(_) => MemoryKind::Shared,
            Memory::Host(_) => MemoryKind::Host,
        }
    }

    /// The pattern it was allocated for.
    pub fn access(&self) -> AccessPattern {
        self.access
    }

    /// Where it was allocated: its record in [`placement_report`].
    pub fn site(&self) -> &'static Location<'static> {
        self.site
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        match &self.memory {
            Memory::Device(a) => a.len(),
            Memory::Shared(a) => a.len(),
            Memory::Host(a) => a.len(),
        }
    }

    /// Whether it has no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn touch(&self, side: u8, kind: UsageKind, bytes: u64) {
        self.record.used(kind, bytes);
        let before = self.last_side.swap(side, Relaxed);
        if before != NOBODY && before != side {
            self.record.used(UsageKind::Handoff, migrated(bytes));
        }
    }

    fn host_write(&self, bytes: u64) {
        self.touch(HOST, UsageKind::HostWrite, bytes);
        match self.memory {
            Memory::Device(_) => self.record.upload(bytes),
            _ => self.record.host_access(),
        }
    }

    fn host_read(&self, bytes: u64) {
        self.touch(HOST, UsageKind::HostRead, bytes);
        match self.memory {
            Memory::Device(_) => self.record.download(bytes),
            _ => self.record.host_access(),
        }
    }

    /// Copies `src` into the elements from `start` (a host write: an upload to device memory,
    /// in place otherwise).
    pub fn write_at(&mut self, start: usize, src: &[T]) -> Result<()> {
        match &mut self.memory {
            Memory::Device(a) => a.write_at(start, src)?,
            Memory::Shared(a) => a.write_at(start, src)?,
            Memory::Host(a) => a.write_at(start, src)?,
        }
        if !src.is_empty() {
            self.host_write(size_of_val(src) as u64);
        }
        Ok(())
    }

    /// Copies `src` into the array (lengths must match).
    pub fn write(&mut self, src: &[T]) -> Result<()> {
        if src.len() != self.len() {
            return Err(Error::LengthMismatch {
                dst: self.len(),
                src: src.len(),
            });
        }
        self.write_at(0, src)
    }

    /// Copies elements `start..start + dst.len()` into `dst` (a host read).
    pub fn read_at(&self, start: usize, dst: &mut [T]) -> Result<()> {
        match &self.memory {
            Memory::Device(a) => a.read_at(start, dst)?,
            Memory::Shared(a) => a.read_at(start, dst)?,
            Memory::Host(a) => a.read_at(start, dst)?,
        }
        if !dst.is_empty() {
            self.host_read(size_of_val(dst) as u64);
        }
        Ok(())
    }

    /// The elements as a `Vec` (a host read).
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let mut v = vec![T::zeroed(); self.len()];
        self.read_at(0, &mut v)?;
        Ok(v)
    }

    /// Runs `f` on the elements: in place in host or shared memory, on a downloaded copy of
    /// device memory.
    pub fn with_host<R>(&self, f: impl FnOnce(&[T]) -> R) -> Result<R> {
        let r = match &self.memory {
            Memory::Device(a) => f(&a.to_vec()?),
            Memory::Shared(a) => f(a.as_slice()),
            Memory::Host(a) => f(a.as_slice()),
        };
        self.host_read(self.byte_len());
        Ok(r)
    }

    /// Runs `f` on the elements mutably: in place in host or shared memory; device memory
    /// is downloaded, changed and uploaded again.
    pub fn with_host_mut<R>(&mut self, f: impl FnOnce(&mut [T]) -> R) -> Result<R> {
        let r = match &mut self.memory {
            Memory::Device(a) => {
                let mut v = a.to_vec()?;
                let r = f(&mut v);
                a.copy_from_slice(&v)?;
                r
            }
            Memory::Shared(a) => f(a.try_as_mut_slice()?),
            Memory::Host(a) => f(a.try_as_mut_slice()?),
        };
        let bytes = self.byte_len();
        self.host_read(bytes);
        self.host_write(bytes);
        Ok(r)
    }

    fn byte_len(&self) -> u64 {
        (self.len() * size_of::<T>()) as u64
    }
}

impl<T: Pod> std::fmt::Debug for Placed<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placed")
            .field("len", &self.len())
            .field("kind", &self.kind().name())
            .field("access", &self.access)
            .field("site", &self.site)
            .finish()
    }
}

/// The kernel reads the array (recorded as a device read of all of it).
impl<'a, T: Pod> KernelArg<'a> for &'a Placed<T> {
    fn into_arg(self) -> Arg<'a> {
        self.touch(DEVICE, UsageKind::DeviceRead, self.byte_len());
        match &self.memory {
            Memory::Device(a) => a.into_arg(),
            Memory::Shared(a) => a.into_arg(),
            Memory::Host(a) => a.into_arg(),
        }
    }
}

/// The kernel may write the array (recorded as a device write of all of it).
impl<'a, T: Pod> KernelArg<'a> for &'a mut Placed<T> {
    fn into_arg(self) -> Arg<'a> {
        self.touch(DEVICE, UsageKind::DeviceWrite, self.byte_len());
        match &mut self.memory {
            Memory::Device(a) => a.into_arg(),
            Memory::Shared(a) => a.into_arg(),
            Memory::Host(a) => a.into_arg(),
        }
    }
}
