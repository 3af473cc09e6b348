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

mod adopt;
mod array;
mod array_views;
mod batch;
mod copy;
mod devices;
mod error;
mod ipc;
mod kernel_arg;
mod kinds;
mod layout;
mod leaks;
mod mirrored;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod ops;
mod placement;
pub mod pool;
mod staging;
mod status;
mod stream;
mod strided;
mod switch;
mod trace;
mod view;

pub use adopt::Borrowed;
pub use array::OneArray;
pub use batch::CopyBatch;
/// bytemuck, which `Pod` and `Zeroable` come from (the derives' generated code names it here).
pub use bytemuck;
pub use devices::{
    devices, gather, peer_copy_stats, select_device, select_devices, split, DeviceSelector,
    PeerCopyStats, PEER_STAGING_CHUNK,
};
/// The traits, `Pod` (plain old data: any bytes are a valid value, no padding) and
/// `Zeroable`; the derives of the same names shadow bytemuck's (see [`derive@Pod`]).
mod pod_traits {
    pub use bytemuck::{Pod, Zeroable};
}
pub use error::{Error, Result};
pub use half::{bf16, f16};
pub use ipc::IpcArray;
pub use kinds::{BufferKind, DeviceBuffer, HostAccessible, HostBuffer, SharedBuffer};
pub use layout::{Layout, Offsets, SliceArg, MAX_DIMS};
pub use leaks::{leak_tracking, report_leaks, set_leak_tracking, Leak};
/// The kind of a pool's memory, as Level Zero names it.
pub use level_zero::MemoryKind;
/// The handle of work in flight (copies, fills, launches): `wait`, `is_complete`, `event`.
pub use level_zero::Pending;
pub use mirrored::{MirrorState, MirrorStats, Mirrored};
/// `#[derive(Pod, Zeroable)]` for element types, working with `onearray` as the only
/// dependency (bytemuck's own derives need `bytemuck` in the user's crate).
///
/// ```
/// // Shadows the extern crate: the derives must not name `::bytemuck`.
/// extern crate core as bytemuck;
/// use onearray::{OneArray, Pod, SharedBuffer, Zeroable};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
/// #[repr(C)]
/// struct Particle {
///     position: [f32; 3],
///     mass: f32,
/// }
///
/// let p = Particle { position: [1.0, 2.0, 3.0], mass: 4.0 };
/// let a = OneArray::<Particle, SharedBuffer>::filled(8, p)?;
/// assert_eq!(a[7], p);
/// assert_eq!(a.reinterpret::<f32>()?.shape(), &[32]);
/// # Ok::<(), onearray::Error>(())
/// ```
///
/// bytemuck's checks apply; padding is refused at compile time:
///
/// ```compile_fail
/// #[derive(Clone, Copy, onearray::Pod, onearray::Zeroable)]
/// #[repr(C)]
/// struct Padded { a: u8, b: u32 }
/// ```
///
/// They find `onearray` from the Cargo.toml of the crate using them: under the name it gives
/// `onearray`, or through the `oneapi` facade (`#[derive(oneapi::onearray::Pod)]` in a crate
/// depending only on `oneapi` needs nothing more). Elsewhere, name it with
/// `#[onearray(crate = "path::to::onearray")]`.
///
/// Arrays of such types are kernel arguments; the launch compares the type's size and
/// alignment with the kernel's pointee type (here `body_t` of the kernel corpus, a
/// `struct { float pos[3]; float m; }`):
///
/// ```
/// use level_zero::{Error, Grid, Module};
/// use onearray::{OneArray, Pod, Zeroable};
///
/// #[derive(Clone, Copy, Pod, Zeroable)]
/// #[repr(C)]
/// struct Body { pos: [f32; 3], m: f32 }
///
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/structs-O2.spv")).unwrap();
/// let mut step = Module::new(&spirv)?.kernel("body_step")?;
/// let mut bodies = OneArray::<Body>::zeroed(100)?;
/// let mut moments = OneArray::<f32>::zeroed(100)?;
/// step.launch(Grid::for_len(100)).args((&mut bodies, &mut moments, 0.5f32, 100u32)).run()?;
///
/// // Elements of another size are refused, naming both types.
/// let mut points = OneArray::<[f32; 2]>::zeroed(100)?;
/// let err = step.launch(Grid::for_len(100)).args((&mut points, &mut moments, 0.5f32, 100u32)).run();
/// assert!(matches!(err, Err(Error::KernelArgument { index: 0, .. })));
/// # Ok::<(), onearray::Error>(())
/// ```
pub use onearray_derive::{Pod, Zeroable};
pub use ops::{Expr, IntoExpr};
pub use placement::{
    choose_kind, migrated, placement_report, reset_placement_records, AccessPattern, DeviceTraits,
    Placed, PlacementReport, SitePlacement, Usage, MIGRATION_GRANULE, MODEL_STEPS,
};
pub use pod_traits::*;
pub use pool::idle_trim::{idle_trim, set_idle_trim};
pub use pool::timeline::{
    memory_timeline, start_timeline, stop_timeline, timeline_mark, timeline_running,
    timeline_sample, Timeline, TimelineMark, TimelineSample, TIMELINE_MAX_ROWS,
};
pub use pool::{pool_enabled, set_pool_enabled, set_pool_limit, trim, PoolStats};
pub use staging::{
    set_staging_enabled, staging_enabled, staging_stats, trim_staging, StagingStats, STAGING_CHUNK,
    STAGING_THRESHOLD,
};
pub use status::{human, memory_info, memory_report, memory_status, MemoryInfo, PoolInfo};
pub use stream::{stream_map, stream_map_in, Chunk, StreamOptions, StreamStats};
pub use view::{Access, ArrayView, ArrayViewMut, AsView, Iter, IterMut, Shared, Unique, View};
