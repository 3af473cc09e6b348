//! oneapi-rs: the Rust stack for Intel's oneAPI Level Zero.
//!
//! This facade re-exports the workspace's crates:
//!
//! * [`sys`] (`level-zero-sys`): generated types and run-time loading of the DDI tables from
//!   Intel's loader, a driver library, or an in-process driver.
//! * [`cpu`] (`level-zero-cpu`): a Level Zero driver that runs on the host CPU, so everything
//!   works and is tested on machines without an Intel GPU.

pub use level_zero_cpu as cpu;
pub use level_zero_sys as sys;
