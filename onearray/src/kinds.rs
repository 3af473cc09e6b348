//! Buffer kinds as types: which memory an array lives in decides, at compile time, whether
//! the host may read and write it.

use level_zero::MemoryKind;

mod sealed {
    pub trait Sealed {}
}

/// Where an array's memory lives. Sealed: [`DeviceBuffer`], [`SharedBuffer`], [`HostBuffer`].
pub trait BufferKind: sealed::Sealed + Send + Sync + 'static {
    /// The USM kind.
    const KIND: MemoryKind;
}

/// Marker of the kinds the host can access directly: [`SharedBuffer`] and [`HostBuffer`].
/// Host reads and writes (`as_slice`, indexing, iteration) exist only for these.
pub trait HostAccessible: BufferKind {}

/// Device memory: reachable only through copies and kernels (the default kind).
#[derive(Debug, Clone, Copy)]
pub enum DeviceBuffer {}
/// Shared (migrating) memory: host and device access.
#[derive(Debug, Clone, Copy)]
pub enum SharedBuffer {}
/// Host memory the device can access.
#[derive(Debug, Clone, Copy)]
pub enum HostBuffer {}

impl sealed::Sealed for DeviceBuffer {}
impl sealed::Sealed for SharedBuffer {}
impl sealed::Sealed for HostBuffer {}
impl BufferKind for DeviceBuffer {
    const KIND: MemoryKind = MemoryKind::Device;
}
impl BufferKind for SharedBuffer {
    const KIND: MemoryKind = MemoryKind::Shared;
}
impl BufferKind for HostBuffer {
    const KIND: MemoryKind = MemoryKind::Host;
}
impl HostAccessible for SharedBuffer {}
impl HostAccessible for HostBuffer {}
