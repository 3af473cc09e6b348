//! The placement model: what an array's use costs in each kind of memory, in bytes moved
//! between host and device memory, and the choice of kind for an access pattern.

use level_zero::{Device, MemoryKind};

/// How an array will be used, for [`OneArray::auto`](crate::OneArray::auto) to choose its
/// memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessPattern {
    /// The host writes the contents once, the device reads them once (a kernel's input).
    HostWriteDeviceReadOnce,
    /// Only the device reads and writes it (a scratch or intermediate array).
    DeviceOnly,
    /// The device writes it, the host reads it back often (a result looked at every step).
    ReadBackOften,
    /// Data passing through: the host writes, the device reads once, chunk after chunk,
    /// possibly more than the device memory holds.
    Streamed,
}

impl AccessPattern {
    /// Every pattern.
    pub const ALL: [AccessPattern; 4] = [
        AccessPattern::HostWriteDeviceReadOnce,
        AccessPattern::DeviceOnly,
        AccessPattern::ReadBackOften,
        AccessPattern::Streamed,
    ];

    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            AccessPattern::HostWriteDeviceReadOnce => "read-once",
            AccessPattern::DeviceOnly => "device-only",
            AccessPattern::ReadBackOften => "read-back",
            AccessPattern::Streamed => "streamed",
        }
    }

    pub(crate) fn code(self) -> u8 {
        match self {
            AccessPattern::HostWriteDeviceReadOnce => 0,
            AccessPattern::DeviceOnly => 1,
            AccessPattern::ReadBackOften => 2,
            AccessPattern::Streamed => 3,
        }
    }

    pub(crate) fn from_code(code: u8) -> AccessPattern {
        Self::ALL[usize::from(code).min(3)]
    }

    /// The kinds in the order preferred when they would move the same bytes: device-only
    /// data is fastest in device memory; data the host touches is best where the host
    /// reaches it without a copy command (host memory, then shared memory, whose pages
    /// migrate at a granule).
    fn preference(self) -> [MemoryKind; 3] {
        match self {
            AccessPattern::DeviceOnly => [MemoryKind::Device, MemoryKind::Shared, MemoryKind::Host],
            AccessPattern::HostWriteDeviceReadOnce | AccessPattern::Streamed => {
                [MemoryKind::Host, MemoryKind::Device, MemoryKind::Shared]
            }
            AccessPattern::ReadBackOften => {
                [MemoryKind::Host, MemoryKind::Shared, MemoryKind::Device]
            }
        }
    }

    /// The use the pattern stands for, for an array of `bytes` (steps of a loop where
    /// "often" means [`MODEL_STEPS`] times).
    pub fn expected_usage(self, bytes: u64) -> Usage {
        let steps = MODEL_STEPS;
        match self {
            AccessPattern::HostWriteDeviceReadOnce | AccessPattern::Streamed => Usage {
                host_writes: 1,
                host_write_bytes: bytes,
                device_reads: 1,
                device_read_bytes: bytes,
                handoffs: 1,
                handoff_bytes: migrated(bytes),
                ..Usage::default()
            },
            AccessPattern::DeviceOnly => Usage {
                device_reads: steps,
                device_read_bytes: steps * bytes,
                device_writes: steps,
                device_write_bytes: steps * bytes,
                ..Usage::default()
            },
            AccessPattern::ReadBackOften => Usage {
                device_writes: steps,
                device_write_bytes: steps * bytes,
                host_reads: steps,
                host_read_bytes: steps * bytes,
                // Device, host, device, ...: every access but the first changes side.
                handoffs: 2 * steps - 1,
                handoff_bytes: (2 * steps - 1) * migrated(bytes),
                ..Usage::default()
            },
        }
    }
}

impl std::fmt::Display for AccessPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

/// How many times "often" is in [`AccessPattern::expected_usage`].
pub const MODEL_STEPS: u64 = 8;

/// The granule in which shared memory migrates between host and device (a 64 KiB page):
/// an access from the other side moves at least this much.
pub const MIGRATION_GRANULE: u64 = 64 << 10;

/// Bytes migrated for an access of `bytes` to shared memory from the side that does not
/// hold it: whole granules.
pub fn migrated(bytes: u64) -> u64 {
    bytes
        .div_ceil(MIGRATION_GRANULE)
        .saturating_mul(MIGRATION_GRANULE)
}

/// What an array's users did, whatever its memory: accesses by side (a kernel argument is a
/// device read, or a device write if passed mutably) and changes of side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Host reads (of the whole array or a range).
    pub host_reads: u64,
    /// Bytes the host read.
    pub host_read_bytes: u64,
    /// Host writes.
    pub host_writes: u64,
    /// Bytes the host wrote.
    pub host_write_bytes: u64,
    /// Kernel launches reading the array.
    pub device_reads: u64,
    /// Bytes those launches could read.
    pub device_read_bytes: u64,
    /// Kernel launches that may write the array.
    pub device_writes: u64,
    /// Bytes those launches could write.
    pub device_write_bytes: u64,
    /// Accesses from the other side than the previous one.
    pub handoffs: u64,
    /// What those would migrate in shared memory ([`migrated`] per access).
    pub handoff_bytes: u64,
}

impl Usage {
    /// Bytes this use moves between host and device memory if the array is of `kind`:
    /// - device memory: every host access is a copy (also on an integrated device, where
    ///   it is a copy within the same memory);
    /// - host memory: every kernel access crosses to the host's memory on a discrete device,
    ///   nothing on an integrated one;
    /// - shared memory: pages migrate when the other side touches them ([`migrated`]) on a
    ///   discrete device, nothing on an integrated one.
    pub fn bytes_moved(&self, kind: MemoryKind, integrated: bool) -> u64 {
        match kind {
            MemoryKind::Device => self.host_read_bytes + self.host_write_bytes,
            MemoryKind::Host if !integrated => self.device_read_bytes + self.device_write_bytes,
            MemoryKind::Shared if !integrated => self.handoff_bytes,
            _ => 0,
        }
    }
}

/// What placement needs to know about a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviceTraits {
    /// Whether it shares memory with the host (integrated graphics; the CPU driver unless
    /// `LEVEL_ZERO_CPU_INTEGRATED=0`).
    pub integrated: bool,
    /// Bytes of device memory.
    pub memory: u64,
}

impl DeviceTraits {
    /// What `dev` reports.
    pub fn of(dev: &Device) -> level_zero::Result<DeviceTraits> {
        let integrated = dev.properties()?.is_integrated;
        let memory = dev.memory_properties()?.iter().map(|m| m.total_size).sum();
        Ok(DeviceTraits { integrated, memory })
    }

    /// Whether an array of `bytes` may go to device memory: at most half of it, leaving the
    /// rest to the arrays that must be there.
    pub fn fits(&self, bytes: u64) -> bool {
        bytes <= self.memory / 2
    }
}

/// The kinds `bytes` may use on `dev` ([`DeviceTraits::fits`] for device memory).
fn candidates(bytes: u64, dev: DeviceTraits) -> impl Iterator<Item = MemoryKind> {
    [MemoryKind::Device, MemoryKind::Shared, MemoryKind::Host]
        .into_iter()
        .filter(move |&k| k != MemoryKind::Device || dev.fits(bytes))
}

/// The kind among `candidates` that moves fewest bytes for `usage`, ties going to the first
/// in `preference`.
fn cheapest(
    usage: &Usage,
    integrated: bool,
    preference: [MemoryKind; 3],
    candidates: impl Iterator<Item = MemoryKind>,
) -> MemoryKind {
    let rank = |k: MemoryKind| preference.iter().position(|&p| p == k).unwrap_or(3);
    candidates
        .min_by_key(|&k| (usage.bytes_moved(k, integrated), rank(k)))
        .unwrap_or(MemoryKind::Host)
}

/// The memory for `bytes` used as `access` on `dev`: the kind that moves the fewest bytes for
/// the pattern's [expected use](AccessPattern::expected_usage), among those that fit.
///
/// ```
/// use onearray::{choose_kind, AccessPattern, DeviceTraits, MemoryKind};
/// let discrete = DeviceTraits { integrated: false, memory: 16 << 30 };
/// let integrated = DeviceTraits { integrated: true, ..discrete };
/// assert_eq!(choose_kind(1 << 20, AccessPattern::DeviceOnly, discrete), MemoryKind::Device);
/// // Larger than half the device memory: shared memory, which the driver pages.
/// assert_eq!(choose_kind(12 << 30, AccessPattern::DeviceOnly, discrete), MemoryKind::Shared);
/// // Read back every step: on a discrete device the kernel writes host memory directly
/// // (one crossing per step, like a download); a small array in shared memory would
/// // migrate a whole page twice a step.
/// assert_eq!(choose_kind(4096, AccessPattern::ReadBackOften, discrete), MemoryKind::Host);
/// assert_eq!(choose_kind(1 << 20, AccessPattern::HostWriteDeviceReadOnce, integrated), MemoryKind::Host);
/// ```
pub fn choose_kind(bytes: u64, access: AccessPattern, dev: DeviceTraits) -> MemoryKind {
    cheapest(
        &access.expected_usage(bytes),
        dev.integrated,
        access.preference(),
        candidates(bytes, dev),
    )
}

/// The kind `usage` recorded for arrays of at most `max_bytes` would have moved fewest bytes
/// in, ties going to `current`; `None` if that is `current`.
pub(crate) fn better_kind(
    usage: &Usage,
    current: MemoryKind,
    max_bytes: u64,
    dev: DeviceTraits,
) -> Option<MemoryKind> {
    // Ties as for the pattern the record looks like: data the host touched prefers memory
    // the host reaches without copies.
    let touched = usage.host_reads + usage.host_writes > 0;
    let mut preference = if touched {
        // Explicit copies before page migration when they move as much.
        [MemoryKind::Host, MemoryKind::Device, MemoryKind::Shared]
    } else {
        AccessPattern::DeviceOnly.preference()
    };
    // The current kind first: recommend a change only where it moves fewer bytes.
    let at = preference.iter().position(|&k| k == current).unwrap_or(0);
    preference[..=at].rotate_right(1);
    let best = cheapest(
        usage,
        dev.integrated,
        preference,
        candidates(max_bytes, dev).chain(std::iter::once(current)),
    );
    (best != current).then_some(best)
}
