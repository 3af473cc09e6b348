//! Typed arrays over oneAPI Level Zero USM.
//!
//! `OneArray<T, B>` holds `T: bytemuck::Pod` elements in memory of kind `B`
//! ([`DeviceBuffer`] by default, [`SharedBuffer`], [`HostBuffer`]); the kind decides at
//! compile time whether the host may touch the elements. Memory comes from a caching pool per
//! (context, device, kind) and is never released while a command still uses it.
//!
//! ```
//! use onearray::{OneArray, SharedBuffer};
//! let d = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0])?; // device memory
//! let mut s = OneArray::<f32, SharedBuffer>::zeroed(3)?;
//! s.copy_from(&d)?;
//! assert_eq!(s.iter().sum::<f32>(), 6.0);
//! # Ok::<(), onearray::Error>(())
//! ```

mod array;
mod block;
mod copy;
mod error;
mod kernel_arg;
mod kinds;
mod layout;
mod leaks;
mod magazine;
mod mirrored;
pub mod pool;
mod staging;
mod status;
mod strided;
mod timeline;
mod view;

pub use array::{OneArray, MAX_DIMS};
pub use bytemuck::{Pod, Zeroable};
pub use copy::Pending;
pub use error::{Error, Result};
pub use half::{bf16, f16};
pub use kinds::{BufferKind, DeviceBuffer, HostAccessible, HostBuffer, SharedBuffer};
pub use layout::{Layout, Offsets, SliceArg};
pub use leaks::{leak_tracking, report_leaks, set_leak_tracking, Leak};
/// The kind of a pool's memory, as Level Zero names it.
pub use level_zero::MemoryKind;
pub use mirrored::{MirrorState, MirrorStats, Mirrored};
pub use pool::{pool_enabled, set_pool_enabled, set_pool_limit, trim, PoolStats};
pub use staging::{
    set_staging_enabled, staging_enabled, staging_stats, trim_staging, StagingStats, STAGING_CHUNK,
    STAGING_THRESHOLD,
};
pub use status::{human, memory_info, memory_report, memory_status, MemoryInfo, PoolInfo};
pub use timeline::{
    memory_timeline, start_timeline, stop_timeline, timeline_mark, timeline_running,
    timeline_sample, Timeline, TimelineMark, TimelineSample, TIMELINE_MAX_ROWS,
};
pub use view::{Access, ArrayView, ArrayViewMut, AsView, Iter, IterMut, Shared, Unique, View};
