//! Devices: properties, sub-devices, memory budget, timestamps.

use crate::abi::*;
use crate::config::config;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Instant;

/// Device memory accounting. A sub-device's budget also charges its root device's.
#[derive(Debug)]
pub struct MemoryBudget {
    pub capacity: u64,
    used: AtomicU64,
    parent: Option<Arc<MemoryBudget>>,
}

impl MemoryBudget {
    pub fn new(capacity: u64, parent: Option<Arc<MemoryBudget>>) -> Arc<Self> {
        Arc::new(MemoryBudget {
            capacity,
            used: AtomicU64::new(0),
            parent,
        })
    }

    /// Bytes in use.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Acquire)
    }

    /// Bytes free (exact: capacity minus the sizes of live device allocations).
    pub fn free(&self) -> u64 {
        let own = self.capacity.saturating_sub(self.used());
        match &self.parent {
            Some(parent) => own.min(parent.free()),
            None => own,
        }
    }

    /// Charges `bytes`, or fails with `ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY`.
    pub fn reserve(&self, bytes: u64) -> ZeResult {
        let out = ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(bytes)
                    .filter(|&total| total <= self.capacity)
            })
            .map_err(|_| out)?;
        if let Some(parent) = &self.parent {
            if let Err(e) = parent.reserve(bytes) {
                self.used.fetch_sub(bytes, Ordering::AcqRel);
                return Err(e);
            }
        }
        Ok(())
    }

    /// Returns `bytes` charged by [`reserve`](Self::reserve).
    pub fn release(&self, bytes: u64) {
        self.used.fetch_sub(bytes, Ordering::AcqRel);
        if let Some(parent) = &self.parent {
            parent.release(bytes);
        }
    }
}

/// A simulated device (root or sub-device).
pub struct Device {
    pub sub: Option<u32>,
    pub name: String,
    pub uuid: [u8; 16],
    pub memory: Arc<MemoryBudget>,
    pub subdevices: Vec<ze_device_handle_t>,
    /// The fault that lost a context's work on this device, until a context including the
    /// device is created (see `fault`): `zeDeviceGetStatus` reports it.
    pub lost: crate::fault::Lost,
}

// SAFETY: sub-device handles are registry keys, never dereferenced outside `handle`.
unsafe impl Send for Device {}
// SAFETY: as above; immutable after creation.
unsafe impl Sync for Device {}

impl Object for Device {
    const KIND: HandleKind = HandleKind::Device;
}

/// Queue groups: ordinal 0 computes and copies, ordinal 1 only copies.
pub const QUEUE_GROUPS: [(u32, u32); 2] = [
    (
        ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE.0
            | ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY.0
            | ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COOPERATIVE_KERNELS.0,
        4,
    ),
    (ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY.0, 2),
];

/// Largest fill pattern the spec allows for any queue group.
pub const MAX_FILL_PATTERN: usize = 128;

impl Device {
    pub fn new(
        ordinal: u32,
        sub: Option<u32>,
        memory: Arc<MemoryBudget>,
        subdevices: Vec<ze_device_handle_t>,
    ) -> Device {
        let name = match sub {
            None => format!("level-zero-cpu device {ordinal}"),
            Some(s) => format!("level-zero-cpu device {ordinal}.{s}"),
        };
        let mut uuid = *b"lz-cpu-device\0\0\0";
        uuid[13] = ordinal as u8;
        uuid[14] = sub.map_or(0xff, |s| s as u8);
        Device {
            sub,
            name,
            uuid,
            memory,
            subdevices,
            lost: Default::default(),
        }
    }

    /// The largest single allocation.
    pub fn max_alloc(&self) -> u64 {
        config().max_alloc.min(self.memory.capacity)
    }
}

/// The device behind a handle (after `zeInit`).
pub fn device(handle: ze_device_handle_t) -> ZeResult<Arc<Device>> {
    crate::driver::initialised()?;
    handle::get::<Device, _>(handle)
}

/// The device and host clock: `CLOCK_MONOTONIC_RAW` in nanoseconds (1 ns per tick, 64 valid
/// bits), the host clock Intel's driver reports in `zeDeviceGetGlobalTimestamps`. It counts
/// from boot, so every timestamp is non-zero, and it never goes back or jumps with NTP.
pub fn timestamp_ns() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec to write; the clock id is a constant Linux supports.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_RAW, &mut now) };
    if rc != 0 {
        // Not on Linux, or no raw clock: the monotonic clock std uses, offset by a second so
        // that it is never zero either.
        static BASE: LazyLock<Instant> = LazyLock::new(Instant::now);
        return BASE.elapsed().as_nanos() as u64 + 1_000_000_000;
    }
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

/// The host's threads, read once (`available_parallelism` opens cgroup files: reading it at
/// every `zeDeviceGetProperties` made that call cost microseconds).
pub fn host_threads() -> u32 {
    static THREADS: LazyLock<u32> =
        LazyLock::new(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32));
    *THREADS
}

/// Whether `dev` can access `peer`'s memory: always, unless `LEVEL_ZERO_CPU_PEER_ACCESS=0`,
/// which keeps it to devices of one root (the root ordinal is the uuid's byte 13).
pub fn peers(dev: &Device, peer: &Device) -> bool {
    config().peer_access || dev.uuid[13] == peer.uuid[13]
}
