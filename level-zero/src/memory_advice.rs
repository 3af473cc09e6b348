//! Memory advice, the value [`Commands::advise`](crate::Commands::advise) passes to the driver.

use level_zero_sys::ze_memory_advice_t;

/// Memory advice (`ze_memory_advice_t`): every value of the API; the system-memory ones
/// need API 1.7 ([`supported_by`](Self::supported_by) says whether a device's takes it).
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::shared(&ctx, Some(&dev), 4096, 0)?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.advise(&dev, &buf, MemoryAdvice::SetReadMostly)?;
/// if MemoryAdvice::SetSystemMemoryPreferredLocation.supported_by(&dev) {
///     list.advise(&dev, &buf, MemoryAdvice::SetSystemMemoryPreferredLocation)?;
/// }
/// list.prefetch(&buf)?;
/// list.synchronize()?;
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryAdvice {
    /// The range is mostly read (copies may be kept on several devices).
    SetReadMostly,
    /// Undoes `SetReadMostly`.
    ClearReadMostly,
    /// Prefers the device's memory for the range.
    SetPreferredLocation,
    /// Undoes `SetPreferredLocation`.
    ClearPreferredLocation,
    /// The range is mostly accessed without atomics.
    SetNonAtomicMostly,
    /// Undoes `SetNonAtomicMostly`.
    ClearNonAtomicMostly,
    /// Prefers cached accesses.
    BiasCached,
    /// Prefers uncached accesses.
    BiasUncached,
    /// Prefers host memory for the range (API 1.7).
    SetSystemMemoryPreferredLocation,
    /// Undoes `SetSystemMemoryPreferredLocation` (API 1.7).
    ClearSystemMemoryPreferredLocation,
}

impl MemoryAdvice {
    /// Every advice value.
    pub const ALL: [MemoryAdvice; 10] = [
        MemoryAdvice::SetReadMostly,
        MemoryAdvice::ClearReadMostly,
        MemoryAdvice::SetPreferredLocation,
        MemoryAdvice::ClearPreferredLocation,
        MemoryAdvice::SetNonAtomicMostly,
        MemoryAdvice::ClearNonAtomicMostly,
        MemoryAdvice::BiasCached,
        MemoryAdvice::BiasUncached,
        MemoryAdvice::SetSystemMemoryPreferredLocation,
        MemoryAdvice::ClearSystemMemoryPreferredLocation,
    ];

    /// The API version (major, minor) that has the value.
    pub fn since(self) -> (u32, u32) {
        match self {
            MemoryAdvice::SetSystemMemoryPreferredLocation
            | MemoryAdvice::ClearSystemMemoryPreferredLocation => (1, 7),
            _ => (1, 0),
        }
    }

    /// Whether the API agreed with `device`'s driver has the value.
    pub fn supported_by(self, device: &crate::Device) -> bool {
        device.api_version() >= self.since()
    }

    /// The C value.
    pub fn raw(self) -> ze_memory_advice_t {
        ze_memory_advice_t(self as u32)
    }
}
