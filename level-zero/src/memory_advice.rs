//! Memory advice, the value [`Commands::advise`](crate::Commands::advise) passes to the driver.

use level_zero_sys::ze_memory_advice_t;

/// Memory advice (`ze_memory_advice_t`): every value of the v1.4 API.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::shared(&ctx, Some(&dev), 4096, 0)?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.advise(&dev, &buf, MemoryAdvice::SetReadMostly)?;
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
}

impl MemoryAdvice {
    /// Every advice value.
    pub const ALL: [MemoryAdvice; 8] = [
        MemoryAdvice::SetReadMostly,
        MemoryAdvice::ClearReadMostly,
        MemoryAdvice::SetPreferredLocation,
        MemoryAdvice::ClearPreferredLocation,
        MemoryAdvice::SetNonAtomicMostly,
        MemoryAdvice::ClearNonAtomicMostly,
        MemoryAdvice::BiasCached,
        MemoryAdvice::BiasUncached,
    ];

    /// The C value.
    pub fn raw(self) -> ze_memory_advice_t {
        ze_memory_advice_t(self as u32)
    }
}
