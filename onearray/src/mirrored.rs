//! Mirrored buffers: one logical array with a host copy (pinned host memory) and a device
//! copy, and a state saying which side holds the newest contents. Accessors copy lazily, only
//! when the other side is dirty; mutable accessors mark their side dirty.
//!
//! The borrow checker enforces the protocol: [`Mirrored::host`] and [`Mirrored::device`]
//! borrow the buffer shared, [`Mirrored::host_mut`] and [`Mirrored::device_mut`] exclusively.
//! A host slice therefore cannot outlive a device write (nor a device reference a host write):
//!
//! ```compile_fail,E0502
//! use onearray::Mirrored;
//! let mut m = Mirrored::<f32>::from_slice(&[1.0, 2.0]).unwrap();
//! let h = m.host().unwrap();
//! m.device_mut().unwrap().fill(0.0).unwrap(); // a device write while `h` lives
//! println!("{}", h[0]);
//! ```
//!
//! ```
//! use onearray::{MirrorState, Mirrored};
//! let mut m = Mirrored::<u32>::from_slice(&[1, 2, 3])?; // host-dirty
//! m.device_mut()?.fill(7)?; // uploads (the device write might not cover all), then device-dirty
//! assert_eq!(m.state(), MirrorState::DeviceDirty);
//! assert_eq!(m.host()?, &[7, 7, 7]); // downloads once
//! assert_eq!(m.host()?, &[7, 7, 7]); // in sync: no transfer
//! let s = m.stats();
//! assert_eq!((s.uploads, s.downloads, s.avoided), (1, 1, 1));
//! # Ok::<(), onearray::Error>(())
//! ```

use crate::array::OneArray;
use crate::error::Result;
use crate::kinds::{DeviceBuffer, HostBuffer};
use bytemuck::Pod;
use level_zero::{Context, Device};
use std::cell::{Cell, UnsafeCell};

/// Which side of a [`Mirrored`] buffer holds the newest contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MirrorState {
    /// Both copies hold the same contents.
    InSync,
    /// The host copy was written since the device copy was last updated.
    HostDirty,
    /// The device copy was written since the host copy was last updated.
    DeviceDirty,
}

/// Transfers a [`Mirrored`] buffer made and avoided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MirrorStats {
    /// Host-to-device copies made.
    pub uploads: u64,
    /// Device-to-host copies made.
    pub downloads: u64,
    /// Bytes uploaded.
    pub bytes_uploaded: u64,
    /// Bytes downloaded.
    pub bytes_downloaded: u64,
    /// Accesses served without a copy because their side was already current (a buffer
    /// copying on every access would have made one each).
    pub avoided: u64,
    /// Copies skipped by the `*_overwrite` accessors, whose caller replaces the contents
    /// whole.
    pub discarded: u64,
}

impl MirrorStats {
    /// Copies made in either direction.
    pub fn transfers(&self) -> u64 {
        self.uploads + self.downloads
    }
}

/// A host copy and a device copy of `len` elements of `T`, synchronized lazily.
///
/// The host copy lives in host USM memory (pinned: the device copies from it at full speed),
/// the device copy in device memory from the pool. Kernels take `m.device()?` (read) or
/// `m.device_mut()?` (write) as arguments, the host reads `m.host()?` and writes
/// `m.host_mut()?`.
///
/// Not `Sync`: shared accessors may copy through `&self`.
///
/// ```
/// use level_zero::{BuildOptions, Grid, Module};
/// use onearray::Mirrored;
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
/// let (ctx, dev) = (level_zero::default_context()?, level_zero::default_device()?);
/// let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?.kernel("saxpy")?;
/// let x = Mirrored::<f32>::from_slice(&[1.0; 64])?;
/// let mut y = Mirrored::<f32>::zeroed(64)?;
/// for _ in 0..3 {
///     saxpy.launch(Grid::for_len(64)).arg(2.0f32).arg(x.device()?).arg(y.device_mut()?).run()?;
/// }
/// assert!(y.host()?.iter().all(|&v| v == 6.0));
/// assert_eq!(x.stats().uploads, 1); // x went up once, not three times
/// assert_eq!(y.stats().transfers(), 1); // y: one download, nothing uploaded
/// # Ok::<(), onearray::Error>(())
/// ```
pub struct Mirrored<T: Pod> {
    host: UnsafeCell<OneArray<T, HostBuffer>>,
    device: UnsafeCell<OneArray<T, DeviceBuffer>>,
    state: Cell<MirrorState>,
    stats: Cell<MirrorStats>,
}

// The soundness argument of the `UnsafeCell`s, used by every accessor below:
// - Shared accessors (`host`, `device`) write the side they return only when that side is
//   stale, and a side is made stale only by a mutable accessor of the other side (`&mut
//   self`), which ends every borrow taken before it. After it, the first shared access of the
//   stale side updates it and marks the buffer in sync *before* handing out any reference; so
//   whenever a shared accessor writes a side, no reference into that side exists.
// - The other side is only read by that copy, and only shared references to it can exist
//   (mutable ones need `&mut self`).
// - `Mirrored` is `!Sync` (the `Cell`s), so two threads cannot run shared accessors at once.

impl<T: Pod> Mirrored<T> {
    fn new(
        host: OneArray<T, HostBuffer>,
        device: OneArray<T, DeviceBuffer>,
        s: MirrorState,
    ) -> Self {
        Mirrored {
            host: UnsafeCell::new(host),
            device: UnsafeCell::new(device),
            state: Cell::new(s),
            stats: Cell::new(MirrorStats::default()),
        }
    }

    /// A mirror of `src` on `(ctx, dev)`: the host copy holds `src`, the device copy is
    /// written at its first use.
    pub fn from_slice_in(ctx: &Context, dev: &Device, src: &[T]) -> Result<Self> {
        let host = OneArray::<T, HostBuffer>::from_slice_in(ctx, dev, src)?;
        // SAFETY: the device copy is never read before the upload that the host-dirty state
        // causes at the first device access (`device_overwrite` hands it out to be written).
        let device = unsafe { OneArray::<T, DeviceBuffer>::uninit_in(ctx, dev, src.len())? };
        Ok(Self::new(host, device, MirrorState::HostDirty))
    }

    /// A mirror of `src` on the default device (host-dirty: the device copy is written at its
    /// first use).
    pub fn from_slice(src: &[T]) -> Result<Self> {
        let (ctx, dev) = crate::pool::defaults()?;
        Self::from_slice_in(&ctx, &dev, src)
    }

    /// `len` zeroed elements on both sides of `(ctx, dev)` (in sync, nothing to copy).
    pub fn zeroed_in(ctx: &Context, dev: &Device, len: usize) -> Result<Self> {
        let host = OneArray::<T, HostBuffer>::zeroed_in(ctx, dev, len)?;
        let device = OneArray::<T, DeviceBuffer>::zeroed_in(ctx, dev, len)?;
        Ok(Self::new(host, device, MirrorState::InSync))
    }

    /// `len` zeroed elements on both sides of the default device.
    pub fn zeroed(len: usize) -> Result<Self> {
        let (ctx, dev) = crate::pool::defaults()?;
        Self::zeroed_in(&ctx, &dev, len)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.host_array().len()
    }

    /// Whether there is no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Which side is current.
    pub fn state(&self) -> MirrorState {
        self.state.get()
    }

    /// The transfers made and avoided so far.
    pub fn stats(&self) -> MirrorStats {
        self.stats.get()
    }

    /// The device the device copy lives on.
    pub fn device_of(&self) -> &Device {
        self.host_array().device()
    }

    fn host_array(&self) -> &OneArray<T, HostBuffer> {
        // SAFETY: see the soundness argument above: shared references to a side never
        // coexist with a write to it.
        unsafe { &*self.host.get() }
    }

    fn count(&self, f: impl FnOnce(&mut MirrorStats)) {
        let mut s = self.stats.get();
        f(&mut s);
        self.stats.set(s);
    }

    /// Makes the host copy current (downloads if the device is dirty).
    fn sync_host(&self) -> Result<()> {
        if self.state.get() != MirrorState::DeviceDirty {
            self.count(|s| s.avoided += 1);
            return Ok(());
        }
        // SAFETY: the host side is stale, so no reference into it exists (see above); the
        // device side is only read.
        let (host, device) = unsafe { (&mut *self.host.get(), &*self.device.get()) };
        host.copy_from(device)?;
        let bytes = host.byte_size() as u64;
        self.count(|s| {
            s.downloads += 1;
            s.bytes_downloaded += bytes;
        });
        self.state.set(MirrorState::InSync);
        Ok(())
    }

    /// Makes the device copy current (uploads if the host is dirty).
    fn sync_device(&self) -> Result<()> {
        if self.state.get() != MirrorState::HostDirty {
            self.count(|s| s.avoided += 1);
            return Ok(());
        }
        // SAFETY: the device side is stale, so no reference into it exists (see above); the
        // host side is only read.
        let (host, device) = unsafe { (&*self.host.get(), &mut *self.device.get()) };
        device.copy_from(host)?;
        let bytes = host.byte_size() as u64;
        self.count(|s| {
            s.uploads += 1;
            s.bytes_uploaded += bytes;
        });
        self.state.set(MirrorState::InSync);
        Ok(())
    }

    /// The host copy, current (downloaded first if the device copy was written).
    pub fn host(&self) -> Result<&[T]> {
        self.sync_host()?;
        Ok(self.host_array().as_slice())
    }

    /// The host copy, current, to modify: the buffer becomes host-dirty.
    pub fn host_mut(&mut self) -> Result<&mut [T]> {
        self.sync_host()?;
        self.state.set(MirrorState::HostDirty);
        self.host.get_mut().try_as_mut_slice()
    }

    /// The host copy, to be overwritten whole: the device's newer contents are not
    /// downloaded (the slice holds whatever the host copy held). Host-dirty after.
    pub fn host_overwrite(&mut self) -> Result<&mut [T]> {
        if self.state.get() == MirrorState::DeviceDirty {
            self.count(|s| s.discarded += 1);
        }
        self.state.set(MirrorState::HostDirty);
        self.host.get_mut().try_as_mut_slice()
    }

    /// The device copy, current (uploaded first if the host copy was written): pass it to
    /// kernels that read it, or copy from it.
    pub fn device(&self) -> Result<&OneArray<T, DeviceBuffer>> {
        self.sync_device()?;
        // SAFETY: the device side is current; writes to it need `&mut self`.
        Ok(unsafe { &*self.device.get() })
    }

    /// The device copy, current, to modify (kernels writing it, copies into it): the buffer
    /// becomes device-dirty.
    pub fn device_mut(&mut self) -> Result<&mut OneArray<T, DeviceBuffer>> {
        self.sync_device()?;
        self.state.set(MirrorState::DeviceDirty);
        Ok(self.device.get_mut())
    }

    /// The device copy, to be overwritten whole: the host's newer contents are not uploaded.
    /// Device-dirty after.
    pub fn device_overwrite(&mut self) -> Result<&mut OneArray<T, DeviceBuffer>> {
        if self.state.get() == MirrorState::HostDirty {
            self.count(|s| s.discarded += 1);
        }
        self.state.set(MirrorState::DeviceDirty);
        Ok(self.device.get_mut())
    }

    /// Makes both copies current (one transfer at most).
    pub fn sync(&self) -> Result<()> {
        match self.state.get() {
            MirrorState::InSync => Ok(()),
            MirrorState::HostDirty => self.sync_device(),
            MirrorState::DeviceDirty => self.sync_host(),
        }
    }

    /// The current contents as a `Vec`.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        Ok(self.host()?.to_vec())
    }
}

impl<T: Pod> std::fmt::Debug for Mirrored<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(&format!("Mirrored<{}>", std::any::type_name::<T>()))
            .field("len", &self.len())
            .field("state", &self.state())
            .field("stats", &self.stats())
            .finish()
    }
}
