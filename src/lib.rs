//! oneapi-rs: the Rust stack for Intel's oneAPI Level Zero.
//!
//! This facade re-exports the workspace's crates:
//!
//! * [`level_zero`] (`level-zero`): the safe layer — RAII objects, typed errors, builders,
//!   backend selection (Intel's loader, a driver library, or the embedded CPU driver).
//! * [`sys`] (`level-zero-sys`): generated types and run-time loading of the DDI tables.
//! * [`onearray`]: typed arrays over USM (buffer kinds as types, a caching pool, transfers).
//! * [`cpu`] (`level-zero-cpu`): a Level Zero driver that runs on the host CPU, so everything
//!   works and is tested on machines without an Intel GPU.
//! * [`spirv_exec`] (`spirv-exec`): the SPIR-V kernel executor the CPU driver runs kernels
//!   with, usable alone.
//! * [`include_spirv!`] (from `spirv-build`): embeds a kernel a build script compiled with
//!   `spirv_build::Kernel`.

pub use level_zero;
pub use level_zero_cpu as cpu;
pub use level_zero_sys as sys;
/// rsmpi (feature `mpi`): the communicators that [`onearray::mpi::ArrayComm`] extends.
#[cfg(feature = "mpi")]
pub use mpi;
pub use onearray;
pub use spirv_build::include_spirv;
pub use spirv_exec;
